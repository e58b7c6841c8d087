#!/usr/bin/env bash
# KLEE's coreutils experiment (issue 16): for each program, KLEE's classic runs on the bitcode
# of scripts/build-coreutils.sh, then line coverage of the program's own source file measured
# by gcov on the native --coverage build, replaying every test with `trex replay --native`.
#
#   benchmarks/coreutils/run.sh            # the table
#   benchmarks/coreutils/run.sh --check    # the table, then every test replayed by trex and
#                                          # natively: same outcome? (exit 1 on a mismatch)
#
# Runs per program (RUNS, default "args files"):
#   args   trex --posix-runtime --only-output-states-covering-new --max-time=$MAX_TIME \
#               P.bc --sym-args 0 2 4
#   files  the same with --sym-files 1 8 --sym-stdin 8 added
# Prints per run: paths (completed + partial), tests, errors (.err files), line coverage of
# src/P.c (base64: src/basenc.c) as gcov counts it (covered/total lines), wall seconds, peak
# resident memory (MiB), beside KLEE 3.2's figures from issue 16. A run that fails (trex exits
# non-zero or prints no `KLEE: done:` line) or whose coverage gcov cannot read is `failed` in
# the table, and the exit status is 1; so with --check when no test at all was replayed.
#
# Environment: PROGS (default "echo cat wc base64"), MAX_TIME (seconds, default 60), RUNS,
# TREX (binary; default target/release/trex), TREX_FLAGS (more trex options, e.g. --optimize),
# TREX_COREUTILS_DIR (default build/coreutils; needs bc/P.bc, src/src/P (native musl, for
# --check) and gcov/src: `scripts/build-coreutils.sh --gcov`), REPLAY_TIMEOUT (per test,
# default 10s), REPLAY_INSTRUCTIONS (trex replay's budget per test, default 500000000), KEEP=1 (keep the output directories; printed).
#
# The coverage build is against glibc, the bitcode against musl: the C library's code is not
# counted (only src/P.c), but a program may take another path where the two libraries differ.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
cu=${TREX_COREUTILS_DIR:-$root/build/coreutils}
progs=(${PROGS:-echo cat wc base64})
runs=(${RUNS:-args files})
max_time=${MAX_TIME:-60}
replay_timeout=${REPLAY_TIMEOUT:-10s}
# A test of a path that never ends (`tail -f` waits for its file to grow) ends neither replay:
# trex's stops at this budget, the native one at REPLAY_TIMEOUT (same_outcomes.py: "no end").
replay_insts=${REPLAY_INSTRUCTIONS:-500000000}
check=0
case "${1:-}" in
--check) check=1 ;;
"") ;;
*) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

die() { echo "coreutils/run.sh: $*" >&2; exit 1; }
[ -x "$trex" ] || die "trex binary not found: $trex"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
command -v gcov >/dev/null || die "needs gcov (gcc)"
gsrc="$cu/gcov/src"
[ -f "$gsrc/.trex-built" ] || die "no coverage build in $cu/gcov: run scripts/build-coreutils.sh --gcov"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-coreutils.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "output in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi

# KLEE 3.2's figures (issue 16): paths, tests, line coverage, wall, peak memory.
klee_ref() {
	case "$1/$2" in
	echo/args) echo "10678+0|45|83.3%(100/120)|53.5|258" ;;
	cat/args) echo "454+17061|63|55.0%|60|552" ;;
	wc/args) echo "446+52791|38|39.9%|60|1008" ;;
	base64/args) echo "258+44859|84|78.0%|60|889" ;;
	cat/files) echo "7+1488|58|68.9%|93(*)|1275" ;;
	wc/files) echo "290+52493|44|56.0%|60|1036" ;;
	base64/files) echo "85+17308|105|93.2%|60|731" ;;
	*) echo "-|-|-|-|-" ;;
	esac
}

# The program's own source file and its object's gcov notes in the coverage build: src/S.o,
# or src/P-S.o when the program has flags of its own (base64-basenc.o, sum-sum.o; ls-ls.o is
# the object of another file, ls-ls.c, hence src/S.o first).
source_of() { [ "$1" = base64 ] && echo basenc || echo "$1"; }
notes_of() {
	local s
	s=$(source_of "$1")
	for n in "$gsrc/src/$s.gcno" "$gsrc/src/$1-$s.gcno"; do
		[ -f "$n" ] && { echo "$n"; return; }
	done
}

# Line coverage of src/P.c from the .gcda the replays wrote: "covered total".
coverage() {
	local p=$1 notes src
	notes=$(notes_of "$p")
	src=$(source_of "$p")
	(cd "$gsrc" && gcov -n -o "$notes" "src/$src.c" 2>/dev/null) |
		awk -v f="File 'src/$src.c'" '
			$0 == f { want = 1; next }
			want && /^Lines executed:/ {
				split($0, a, /[:% ]+/); pct = a[3]; total = a[5]
				printf "%d %d\n", int(pct * total / 100 + 0.5), total; exit }'
}

run_args() {
	case "$1" in
	args) echo "--sym-args 0 2 4" ;;
	files) echo "--sym-args 0 2 4 --sym-files 1 8 --sym-stdin 8" ;;
	*) die "unknown run $1 (args, files)" ;;
	esac
}

rows=()
failed=0 # runs that produced no figures
for p in "${progs[@]}"; do
	bc="$cu/bc/$p.bc"
	exe="$gsrc/src/$p"
	[ -f "$bc" ] || die "no $bc: run scripts/build-coreutils.sh $p"
	[ -x "$exe" ] || die "no $exe in the coverage build"
	[ -n "$(notes_of "$p")" ] || die "no gcov notes for src/$(source_of "$p").c of $p in $gsrc/src"
	for r in "${runs[@]}"; do
		out="$tmp/$p-$r"
		mkdir -p "$tmp/cwd"
		# KLEE's invocation, in an empty directory (the model's host files), no stdin.
		# shellcheck disable=SC2046,SC2086
		(cd "$tmp/cwd" && /usr/bin/time -v "$trex" --posix-runtime \
			--only-output-states-covering-new --max-time="$max_time" ${TREX_FLAGS:-} \
			--output-dir="$out" "$bc" $(run_args "$r") </dev/null >"$out.stdout" 2>"$out.err")
		rc=$? # trex's own (time -v passes it on; 128 + N for a signal)
		completed=$(sed -n 's/^KLEE: done: completed paths = //p' "$out.err")
		partial=$(sed -n 's/^KLEE: done: partially completed paths = //p' "$out.err")
		if [ "$rc" != 0 ] || [ -z "$completed" ]; then
			echo "trex failed on $p ($r): exit $rc${completed:+ (after its done: lines)}" >&2
			grep -v '^	' "$out.err" | tail -5 >&2
			rows+=("$p|$r|failed|-|-|-|-|-")
			failed=$((failed + 1))
			continue
		fi
		tests=$(find "$out" -name '*.ktest' | wc -l)
		errors=$(find "$out" -name '*.err' | wc -l)
		wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out.err" |
			awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }')
		mib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out.err" | awk '{ printf "%.0f", $1 / 1024 }')
		# Coverage of this run alone: counts from no earlier replay.
		find "$gsrc/src" -name "$(basename "$(notes_of "$p")" .gcno).gcda" -delete
		find "$out" -name '*.ktest' | sort >"$out.tests"
		if [ -s "$out.tests" ]; then
			(cd "$tmp/cwd" && xargs -a "$out.tests" "$trex" replay --native --hide-output \
				--timeout "$replay_timeout" "$exe" </dev/null 2>"$out.native" >/dev/null) ||
				echo "$p ($r): some tests were not replayed natively (see $out.native)" >&2
		fi
		read -r covered total < <(coverage "$p")
		cov="failed"
		if [ -n "${total:-}" ] && [ "$total" -gt 0 ]; then
			cov=$(awk -v c="$covered" -v t="$total" 'BEGIN { printf "%.1f%%(%d/%d)", 100 * c / t, c, t }')
		else
			echo "$p ($r): gcov read no line coverage of src/$(source_of "$p").c" >&2
			failed=$((failed + 1))
		fi
		rows+=("$p|$r|$completed+$partial|$tests|$errors|$cov|$wall|$mib")
	done
done

fmt='%-7s %-5s | %-13s %5s %6s %-17s %6s %6s | %-11s %5s %-15s %6s %6s\n'
printf "$fmt" program run paths tests errors "line cov" wall MiB "KLEE paths" tests "line cov" wall MiB
for row in "${rows[@]}"; do
	IFS='|' read -r p r paths tests errors cov wall mib <<<"$row"
	IFS='|' read -r kp kt kc kw km <<<"$(klee_ref "$p" "$r")"
	# shellcheck disable=SC2059
	printf "$fmt" "$p" "$r" "$paths" "$tests" "$errors" "$cov" "$wall" "$mib" "$kp" "$kt" "$kc" "$kw" "$km"
done
echo "runs: args = --sym-args 0 2 4; files = args + --sym-files 1 8 --sym-stdin 8; MAX_TIME=$max_time s"
total_runs=$((${#progs[@]} * ${#runs[@]}))
[ "$failed" = 0 ] || echo "coreutils/run.sh: $failed of $total_runs runs failed (see above)" >&2

[ "$check" = 1 ] || exit $((failed > 0))
# Every test replayed by trex on the bitcode and natively on the musl executable (the same C
# library as the bitcode): the same exit status, or an error where the program crashes.
mismatches=0
checked=0
for p in "${progs[@]}"; do
	for r in "${runs[@]}"; do
		out="$tmp/$p-$r"
		[ -s "$out.tests" ] || continue
		checked=$((checked + 1))
		(cd "$tmp/cwd" && xargs -a "$out.tests" "$trex" replay \
			--max-instructions "$replay_insts" "$cu/bc/$p.bc" </dev/null >/dev/null 2>"$out.trex-replay")
		(cd "$tmp/cwd" && xargs -a "$out.tests" "$trex" replay --native --hide-output \
			--timeout "$replay_timeout" "$cu/src/src/$p" </dev/null >/dev/null 2>"$out.musl-replay")
		python3 "$here/same_outcomes.py" "$out.trex-replay" "$out.musl-replay" "$p ($r)" \
			"$out.tests" || mismatches=$((mismatches + 1))
	done
done
# Nothing replayed is no agreement: every run failed or wrote no test.
[ "$checked" -gt 0 ] || { echo "check: no run has a test to replay: nothing checked" >&2; exit 1; }
[ "$mismatches" = 0 ] || { echo "check: $mismatches runs with tests whose outcomes differ" >&2; exit 1; }
echo "check: every test of $checked runs replays natively to the outcome trex recorded"
exit $((failed > 0))
