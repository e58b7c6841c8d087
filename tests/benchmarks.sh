#!/usr/bin/env bash
# The benchmark scripts must not report success with nothing run (issue 33): each runs here
# on a fake trex (tests/benchmarks-fake-trex.sh) that crashes, is killed, prints nothing, or
# crashes after its figures, and must say so and exit non-zero; every goal a script prints must
# be compared (met / MISSED). Positive cases (a fake that ends well) show that the failures come
# from the fake's end, not from a missing tool. Seconds in all; no real trex run. `make test`
# (`make bench-test`) runs it. Last line: "N passed, N failed"; exit status 1 on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
b=$root/benchmarks
fake=$root/tests/benchmarks-fake-trex.sh
ulimit -c 0 2>/dev/null || true
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-bench-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
# check NAME fail|ok REGEX CMD...: CMD (under `env`, so it may start with VAR=value) must exit
# non-zero (fail) or zero (ok), and its stdout + stderr must match the extended REGEX.
check() {
	local name=$1 want=$2 re=$3 rc=0
	shift 3
	timeout 300 env "$@" >"$tmp/$name.out" 2>&1 </dev/null || rc=$?
	local why=
	if [ "$want" = fail ] && [ "$rc" = 0 ]; then why="exit status 0"
	elif [ "$want" = ok ] && [ "$rc" != 0 ]; then why="exit status $rc"
	elif ! grep -qE -- "$re" "$tmp/$name.out"; then why="no line matches /$re/"; fi
	if [ -z "$why" ]; then
		pass=$((pass + 1)); echo "ok   $name"
	else
		fail=$((fail + 1)); echo "FAIL $name: $why; output:"; tail -15 "$tmp/$name.out" | sed 's/^/     /'
	fi
}

# Fakes with their behaviour fixed, for scripts that take two binaries. Not `exec`: valgrind
# (instructions/) must see the wrapper end, as it sees a real trex crash (and still count).
wrapper() { # NAME FAKE_TREX [SLEEP]
	printf '#!/bin/sh\nFAKE_TREX=%s FAKE_TREX_SLEEP=%s "%s" "$@"\n' "$2" "${3:-0}" "$fake" >"$tmp/$1"
	chmod +x "$tmp/$1"
}
wrapper fast ok
wrapper slow ok 0.5
wrapper crashing crash

# concrete/: a crashed run.
check concrete-crash fail 'fib +O0 .*trex failed \(exit 139\)' \
	TREX="$fake" FAKE_TREX=crash OPT_LEVELS=O0 ARGS_fib=10 "$b/concrete/run.sh" fib

# paths/, memory/: figures printed, then a crash.
check paths-late-crash fail 'trex failed \(exit 134\)' TREX="$fake" FAKE_TREX=late-crash "$b/paths/run.sh" 2
check paths-ok ok 'fig4' TREX="$fake" FAKE_TREX=ok "$b/paths/run.sh" 2

# parallel/: a crashed, an empty and a late-crashing run fail; a good one prints the goal.
for f in crash:139 nothing:0 late-crash:134; do
	check "parallel-${f%:*}" fail "trex --threads=1 failed \\(exit ${f#*:}\\)" \
		TREX="$fake" FAKE_TREX="${f%:*}" REPEAT=1 THREADS=1 "$b/parallel/run.sh" paths16
done
check parallel-ok ok '1\.8x: (met|MISSED)' \
	TREX="$fake" FAKE_TREX=ok REPEAT=1 THREADS="1 2" "$b/parallel/run.sh" paths16
check memory-late-crash fail 'trex failed at N = 2 \(exit 134\)' \
	TREX="$fake" FAKE_TREX=late-crash "$b/memory/run.sh" 2
check memory-ok ok '^trex +2 +4 ' TREX="$fake" FAKE_TREX=ok "$b/memory/run.sh" 2

# fig4/: SIGKILL long before the timeout is a failure, not a timeout.
check fig4-killed fail 'unrolled .* trex failed \(exit 137\)' \
	TREX="$fake" FAKE_TREX=killed FORMS=unrolled BASELINE_MAX=0 TIMEOUT=60 "$b/fig4/run.sh" 2

# fig1/: a crash or no output is a failure, not a timeout; the goal at N = 14 is compared.
check fig1-crash fail 'safe +none .* failed \(exit 139\)' TREX="$fake" FAKE_TREX=crash "$b/fig1/run.sh" 4
check fig1-nothing fail 'safe +none .* failed \(exit 0\)' TREX="$fake" FAKE_TREX=nothing "$b/fig1/run.sh" 4
check fig1-goal-met ok 'goal: both verdicts right at N = 14 in under 5 s each: met' \
	TREX="$fake" FAKE_TREX=ok "$b/fig1/run.sh" 14
check fig1-goal-missed fail 'goal: both verdicts right at N = 14 in under 5 s each: MISSED' \
	TREX="$fake" FAKE_TREX=crash "$b/fig1/run.sh" 14

# coverage/: the goal (trex/base wall-time ratio under 1.05) compared both ways; a crash.
cov=(RUNS=1 OPT_LEVELS=O0 "$b/coverage/run.sh" fib)
check coverage-goal-missed fail 'fib +O0 .* MISSED +ok' TREX="$tmp/slow" TREX_BASE="$tmp/fast" "${cov[@]}"
check coverage-goal-met ok 'fib +O0 .* met +ok' TREX="$tmp/fast" TREX_BASE="$tmp/slow" "${cov[@]}"
check coverage-crash fail 'fib +O0 .* failed +2 of 2 runs failed' \
	TREX="$fake" TREX_BASE="$fake" FAKE_TREX=crash "${cov[@]}"

# instructions/: callgrind counts a crashed run's instructions too.
check instructions-crash fail 'fib: no instruction count' \
	"$b/instructions/run.sh" "$tmp/crashing" "$tmp/fast" fib

# interp-ratio/: failed runs on one testsuite program.
for f in crash nothing; do
	check "interp-ratio-$f" fail '1 programs with a failed run' \
		TREX="$fake" FAKE_TREX=$f FILTER="testsuite/bst_tree [" TIMEOUT=20 "$b/interp-ratio/run.sh"
done

# paper/: a crashed verify run.
check paper-crash fail 'fig4-loop-2-ok \(on\): trex verify failed' \
	TREX="$fake" FAKE_TREX=crash PROGRAMS=fig4-loop SIZES=fig4-loop=2 MODES=on "$b/paper/run.sh"

# svcomp/: a run that ends in an error is no result (one task, svcomp/fake_trex.py).
sv=$tmp/svcomp
mkdir -p "$sv/t"
printf 'extern void reach_error(void);\nint main(void) { return 0; }\n' >"$sv/t/a.c"
printf 'task_id,category,file,expected_unreach_call,data_model\nt/a,t,t/a.c,true,LP64\n' >"$sv/MANIFEST.csv"
svrun=(SVCOMP_DIR="$sv" TREX="$b/svcomp/fake_trex.py" MODES=on LEVELS=O0 TIME_LIMIT=5 GRACE=2
	JOBS=1 CSV="$tmp/svcomp.csv" "$b/svcomp/run.sh")
check svcomp-error fail 't/a \[O0 on\]: error: exit 1' FAKE_TREX_PLAN=a.c=exit1 "${svrun[@]}"
check svcomp-ok ok 'no wrong verdict' "${svrun[@]}"

# coreutils/: a fake build tree of echo (the scripts check for these files before any run).
cu=$tmp/coreutils
mkdir -p "$cu/bc" "$cu/gcov/src/src"
: >"$cu/bc/echo.bc"
: >"$cu/gcov/src/.trex-built"
: >"$cu/gcov/src/src/echo.gcno"
printf '#!/bin/sh\nexit 0\n' >"$cu/gcov/src/src/echo"
chmod +x "$cu/gcov/src/src/echo"
curun=(TREX="$fake" TREX_COREUTILS_DIR="$cu" PROGS=echo RUNS=args MAX_TIME=5)
check coreutils-crash fail 'trex failed on echo \(args\): exit 139' FAKE_TREX=crash "${curun[@]}" "$b/coreutils/run.sh"
check coreutils-check-crash fail 'check: no run has a test to replay' FAKE_TREX=crash "${curun[@]}" \
	"$b/coreutils/run.sh" --check
check coreutils-late-crash fail 'exit 134 \(after its done: lines\)' FAKE_TREX=late-crash "${curun[@]}" \
	"$b/coreutils/run.sh"
# No test written, no coverage read: nothing measured, nothing checked.
check coreutils-check-nothing fail 'check: no run has a test to replay' FAKE_TREX=ok "${curun[@]}" \
	"$b/coreutils/run.sh" --check
check coreutils-sweep-crash fail 'trex failed on echo: exit 139' FAKE_TREX=crash "${curun[@]}" \
	"$b/coreutils/sweep.sh"
# itp/: a crashed, silent, killed or late-crashing run is a failure in each part; good ends pass.
for f in crash:139 late-crash:134 killed:137; do
	check "itp-fig4-${f%:*}" fail "failed \\(exit ${f#*:}\\)" TREX="$fake" FAKE_TREX="${f%:*}" \
		FIG4_NS=4 "$b/itp/run.sh" fig4
done
check itp-fig4-nothing fail 'failed \(no output\)' TREX="$fake" FAKE_TREX=nothing FIG4_NS=4 "$b/itp/run.sh" fig4
check itp-fig1-nothing fail 'safe \| +none failed \(no output\)' TREX="$fake" FAKE_TREX=nothing FIG1_NS=4 \
	"$b/itp/run.sh" fig1
check itp-testsuite-crash fail 'itp_fig4_buggy +\| failed \(exit 139\)' TREX="$fake" FAKE_TREX=crash \
	"$b/itp/run.sh" testsuite
check itp-ok ok 'UNREACHABLE ok' TREX="$fake" FAKE_TREX=ok FIG4_NS=4 FIG1_NS=4 "$b/itp/run.sh" fig4 fig1

# pse/: the same fake tree (echo), and the synthetic programs.
check pse-crash fail 'echo +plain failed \(exit 139\)' FAKE_TREX=crash "${curun[@]}" MODES="plain pse" \
	"$b/pse/run.sh"
check pse-late-crash fail 'echo +pse +failed \(exit 134\)' FAKE_TREX=late-crash "${curun[@]}" \
	MODES="plain pse" "$b/pse/run.sh"
# (The fake's coverage.json is no JSON: nothing to compare is a failure too.)
check pse-no-coverage fail 'echo +plain failed \(no coverage.json\)' FAKE_TREX=ok "${curun[@]}" \
	MODES="plain pse" "$b/pse/run.sh"
check pse-synthetic-crash fail 'paths +2 plain +failed \(exit 139\)' TREX="$fake" FAKE_TREX=crash \
	"$b/pse/synthetic.sh" 2
check pse-synthetic-late-crash fail 'fig4 +2 both +failed \(exit 134\)' TREX="$fake" \
	FAKE_TREX=late-crash "$b/pse/synthetic.sh" 2
check coreutils-sweep-ok ok '\| echo +\| 4\+0 ' FAKE_TREX=ok "${curun[@]}" "$b/coreutils/sweep.sh"
check coreutils-concrete-none fail 'no case of programs: nosuchprog' "${curun[@]}" \
	"$b/coreutils/concrete.sh" nosuchprog

# concolic/: a fake tree of the SIR programs (p001 compiles them; the fake trex ignores them).
sh=$tmp/shared
for p in tcas replace print_tokens schedule; do
	mkdir -p "$sh/benchmarks/concolic/sir/$p"
	printf 'int main(void) { return 0; }\n' >"$sh/benchmarks/concolic/sir/$p/$p.c"
done
corun=(TREX="$fake" SHARED="$sh" TABLES=p001 MAX_TIME=5 MAX_ITER=10 "$b/concolic/run.sh")
check concolic-crash fail 'trex failed \(tcas dfs\): exit 139' FAKE_TREX=crash "${corun[@]}"
check concolic-late-crash fail 'trex failed \(tcas dfs\): exit 134' FAKE_TREX=late-crash "${corun[@]}"
check concolic-nothing fail 'trex failed \(tcas dfs\): exit 0' FAKE_TREX=nothing "${corun[@]}"
check concolic-ok ok 'largest --ippc query at most a tenth .*: (met|MISSED)' FAKE_TREX=ok "${corun[@]}"

# testcomp/: a fake tree of paper 004's programs (the harness compiles against it).
ns=$sh/benchmarks/concolic/embench/nsichneu
mkdir -p "$ns/support" "$sh/benchmarks/concolic/svcomp/ddv-machzwd" "$sh/benchmarks/concolic/svcomp/ntdrivers-simplified"
printf 'volatile long P1_marking_member_0[3], P2_marking_member_0[5], P3_marking_member_0[6];\n' >"$ns/libnsichneu.c"
printf 'static int benchmark_body(unsigned a, unsigned b) { return a > b; }\n' >>"$ns/libnsichneu.c"
: >"$ns/support/support.h"
printf 'int main(void) { return 0; }\n' >"$sh/benchmarks/concolic/svcomp/ddv-machzwd/ddv_machzwd_all.i"
printf 'int main(void) { return 0; }\n' >"$sh/benchmarks/concolic/svcomp/ntdrivers-simplified/cdaudio_simpl1.cil-2.c"
tcrun=(TREX="$fake" SHARED="$sh" TABLES=paper TIMES=1 "$b/testcomp/run.sh")
check testcomp-crash fail 'trex failed \(nsichneu\(2\) cover 1 s\): exit 139' FAKE_TREX=crash "${tcrun[@]}"
check testcomp-late-crash fail 'trex failed \(nsichneu\(2\) cover 1 s\): exit 134' FAKE_TREX=late-crash "${tcrun[@]}"
check testcomp-nothing fail 'trex failed \(nsichneu\(2\) cover 1 s\): exit 0' FAKE_TREX=nothing "${tcrun[@]}"
check testcomp-ok ok 'above Crabs.s 1 h .*: (met|MISSED)' FAKE_TREX=ok "${tcrun[@]}"

# fuzz/: the harness's test binary (FUZZ_BIN) crashes, prints nothing, or reports a failing
# input; the seeds are given (no trex run).
fz=$tmp/fuzz
mkdir -p "$fz/seeds"
: >"$fz/seeds/a.ktest"
: >"$fz/seeds/a.path"
fuzzbin() { # NAME SCRIPT
	printf '#!/bin/sh\n%s\n' "$2" >"$fz/$1"
	chmod +x "$fz/$1"
}
rows='for p in ktest seed-dir path-file property env-file time-span klee-cmdline posix-args bitcode ll; do echo "fuzz-result: $p 1000 1.00 10 0"; done'
fuzzbin crash 'kill -SEGV $$'
fuzzbin nothing 'exit 0'
fuzzbin failure "$rows; echo 'fuzz-failure: ktest panic /f/000007-panic.bin: boom'; exit 101"
fuzzbin ok "$rows"
fzrun=(FUZZ_SEED_DIR="$fz/seeds" FUZZ_SECONDS=1 "$b/fuzz/run.sh")
check fuzz-crash fail 'the harness failed \(exit 139, 0 of 10 parsers' FUZZ_BIN="$fz/crash" "${fzrun[@]}"
check fuzz-nothing fail 'the harness failed \(exit 0, 0 of 10 parsers' FUZZ_BIN="$fz/nothing" "${fzrun[@]}"
check fuzz-failure fail 'FAILURE: ktest panic /f/000007-panic.bin: boom' FUZZ_BIN="$fz/failure" "${fzrun[@]}"
check fuzz-ok ok '^no failure' FUZZ_BIN="$fz/ok" "${fzrun[@]}"

# coreutils/same_outcomes.py: no test, or a test without an outcome, is no agreement.
so=$b/coreutils/same_outcomes.py
: >"$tmp/empty"
printf 'TREX: replaying /t/1.ktest\nTREX: exit status 0\n' >"$tmp/trex1"
printf 'TREX: replaying /t/1.ktest natively: /p\nTREX: exit status 0\n' >"$tmp/native1"
printf '/t/1.ktest\n/t/2.ktest\n' >"$tmp/tests12"
check same-outcomes-none fail 'no test replayed' python3 "$so" "$tmp/empty" "$tmp/empty" x
check same-outcomes-missing fail '/t/2.ktest: trex: no outcome \| native: no outcome' \
	python3 "$so" "$tmp/trex1" "$tmp/native1" x "$tmp/tests12"
check same-outcomes-ok ok 'x: 1 tests, 0 with' python3 "$so" "$tmp/trex1" "$tmp/native1" x

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
