#!/usr/bin/env bash
# Test suites for a coverage goal (issue 29): `trex cover`'s Test-Comp suites, judged by
# TestCov (Test-Comp's own tool: it compiles the program with gcc, runs every test of the
# zipped suite and counts the branches gcov sees), beside paper 004's figures.
#
#   benchmarks/testcomp/run.sh                    # both tables
#   TABLES=paper TIMES="300 900" benchmarks/testcomp/run.sh
#
# paper: paper 004's programs from ../shared/benchmarks/concolic: embench/nsichneu through
#   nsichneu_harness.c (the initial values of its volatile places as __VERIFIER_nondet_*
#   inputs, ITERATIONS = 2, 9 and 17 loop bodies, as the paper sets it up; preprocessed into
#   one C file), svcomp/ddv-machzwd/ddv_machzwd_all.i and
#   svcomp/ntdrivers-simplified/cdaudio_simpl1.cil-2.c (ILP32): `trex cover --max-time=T` for
#   each T of TIMES (default "300 900"): TestCov's branch coverage of the suite, and trex's own
#   goal counts (covered / proved unreachable / open; coverage of the goals not proved), beside
#   Crabs's and CREST-CFG's 1 h figures (paper 004, Table 1: Crabs's coverage is covered /
#   branches not proved unreachable; for ddv-machzwd the paper's 13 tasks' averages). Goals, at
#   the largest T, like with like: trex's coverage of the goals not proved unreachable above
#   Crabs's 1 h figure, and TestCov's coverage (of all branches) above CREST-CFG's.
# svcomp: every task of ../shared/benchmarks/svcomp/MANIFEST.csv under coverage-branches:
#   `trex cover` and `trex run --write-xml-tests` alone (with cover's test policy,
#   --only-output-states-covering-new), MAX_TIME seconds each (default 10; a run killed at
#   6 x MAX_TIME + 30 s),
#   JOBS tasks at a time (default 2): TestCov's coverage of each suite, the goals proved
#   unreachable; totals (mean coverage of each, tasks where cover is ahead / behind).
#
# Environment: TREX (default target/release/trex), SHARED (default ../shared beside the
# repo), TIMES, MAX_TIME, JOBS, FILTER (substring of the svcomp task ids), KEEP=1 (keep the
# output directories). Needs clang-14, gcc and TestCov (scripts/install-testcov.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
shared=${SHARED:-$root/../shared}
times=(${TIMES:-300 900})
max_time=${MAX_TIME:-10}
jobs=${JOBS:-2}
tables=(${TABLES:-paper svcomp})
die() { echo "testcomp/run.sh: $*" >&2; exit 1; }
[ -x "$trex" ] || die "trex binary not found: $trex"
command -v gcc >/dev/null || die "needs gcc (TestCov compiles with it)"
testcov=$("$root/scripts/install-testcov.sh") || die "cannot install TestCov"
export PATH="$(dirname "$testcov"):$PATH"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-testcomp.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "output in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
failed=0

done_of() { sed -n "s/^KLEE: done: $2 = \([0-9]*\).*/\1/p" "$1.err" | head -1; }
# `trex COMMAND ARGS` into output directory $1, no stdin; "$1.err" its stderr, "$1.rc" its
# status.
run_trex() {
	local out=$1 cmd=$2
	shift 2
	mkdir -p "$out.cwd"
	# (Killed when far past its budget: a halt's dump of many pending paths can solve long.)
	(cd "$out.cwd" && timeout -s KILL "${KILL_AFTER:-3600}" "$trex" "$cmd" --output-dir="$out" "$@" \
		</dev/null >"$out.stdout" 2>"$out.err")
	echo $? >"$out.rc"
}
# A run that ended well (exit 0, its done lines and its zipped suite), else reported, counted.
check_ran() {
	local rc
	rc=$(cat "$1.rc")
	if [ "$rc" != 0 ] || [ -z "$(done_of "$1" "total instructions")" ] ||
		[ ! -f "$1/test-suite.zip" ]; then
		echo "trex failed ($2): exit $rc" >&2
		tail -3 "$1.err" >&2
		failed=$((failed + 1))
		return 1
	fi
}
# TestCov's coverage (a number, percent) of the suite of output directory $1 for program $2
# (data model $3: -32 or -64); "n/a" when TestCov cannot build the program itself (its
# harness lacks a __VERIFIER_* function the program calls: __VERIFIER_error, some
# __VERIFIER_nondet_*); empty when it gave none.
judge() {
	local d="$1.judge"
	mkdir -p "$d"
	(cd "$d" && timeout 3600 "$testcov" --no-runexec --no-isolation --no-plots --use-gcov \
		--reduction NONE "$3" --test-suite "$1/test-suite.zip" "$2" </dev/null >log 2>&1)
	if grep -q "undefined reference to \`__VERIFIER_" "$d/log"; then
		echo n/a
		return
	fi
	sed -n 's/^Coverage: \([0-9.]*\)%.*/\1/p' "$d/log" | tail -1
}
# "covered proved open" of a cover run.
goals_of() {
	sed -n 's/^KLEE: done: goals covered = \([0-9]*\), proved unreachable = \([0-9]*\), open = \([0-9]*\)$/\1 \2 \3/p' "$1.err"
}
goal() { if "$@"; then echo met; else echo MISSED; fi; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

paper() {
	local ns="$shared/benchmarks/concolic/embench/nsichneu"
	local conc="$shared/benchmarks/concolic/svcomp"
	[ -d "$ns" ] || die "no $ns (SHARED=...)"
	# name|program|data model|Crabs 1 h|CREST-CFG 1 h
	local progs=()
	for n in 2 9 17; do
		gcc -E -P -DITERATIONS=$n -I"$ns" -I"$ns/support" "$here/nsichneu_harness.c" \
			-o "$tmp/nsichneu$n.c" || die "cannot preprocess the nsichneu harness"
	done
	progs+=("nsichneu(2)|$tmp/nsichneu2.c|LP64|66.8|53.5")
	progs+=("nsichneu(9)|$tmp/nsichneu9.c|LP64|64.6|49.1")
	progs+=("nsichneu(17)|$tmp/nsichneu17.c|LP64|63.0|47.7")
	progs+=("ddv_machzwd_all|$conc/ddv-machzwd/ddv_machzwd_all.i|ILP32|71|66")
	progs+=("cdaudio_simpl1.cil-2|$conc/ntdrivers-simplified/cdaudio_simpl1.cil-2.c|ILP32|99.6|73.5")
	local fmt='%-20s %6s | %8s | %7s %6s %6s %9s | %6s %6s\n'
	printf "$fmt" program time TestCov covered proved open "of-not-pr" Crabs CREST
	local last=${times[$((${#times[@]} - 1))]}
	for row in "${progs[@]}"; do
		IFS='|' read -r name src model crabs crest <<<"$row"
		[ -f "$src" ] || { echo "no $src" >&2; failed=$((failed + 1)); continue; }
		local m=-64
		[ "$model" = ILP32 ] && m=-32
		for t in "${times[@]}"; do
			out="$tmp/paper-${name//[()]/_}-$t"
			run_trex "$out" cover --data-model="$model" --max-time="$t" "$src"
			check_ran "$out" "$name cover $t s" || continue
			read -r c p o <<<"$(goals_of "$out")"
			cov=$(judge "$out" "$src" "$m")
			[ -n "$cov" ] || { echo "TestCov gave no coverage ($name $t s)" >&2; failed=$((failed + 1)); }
			[ "$cov" = n/a ] && echo "  (TestCov cannot build $name: its harness lacks a __VERIFIER_* function the program calls)"
			own=$(awk -v c="$c" -v o="$o" 'BEGIN { printf "%.1f", 100 * c / (c + o) }')
			printf "$fmt" "$name" "${t}s" "${cov:-?}%" "$c" "$p" "$o" "$own%" "$crabs%" "$crest%"
			if [ "$t" = "$last" ]; then
				# Like with like: Crabs counts covered / branches not proved unreachable; CREST
				# (and TestCov) covered / all branches.
				echo "  goal: covered of the goals not proved unreachable at ${t} s above Crabs's 1 h ($own% vs $crabs%): $(goal gt "$own" "$crabs")"
				case $cov in
				'' | n/a) ;;
				*) echo "  goal: TestCov's coverage at ${t} s above CREST-CFG's 1 h ($cov% vs $crest%): $(goal gt "$cov" "$crest")" ;;
				esac
			fi
		done
	done
}

# One SV-COMP task: "id|cover%|run%|proved" (empty coverage: TestCov gave none).
svcomp_task() {
	local id=$1 file=$2 model=$3
	local src="$shared/benchmarks/svcomp/$file" m=-64
	[ "$model" = ILP32 ] && m=-32
	local name=${id//\//_}
	local c="$tmp/sv-$name-cover" r="$tmp/sv-$name-run"
	run_trex "$c" cover --data-model="$model" --max-time="$max_time" "$src"
	local bc="$tmp/sv-$name.bc" extra=()
	[ "$model" = ILP32 ] && extra=(-m32)
	clang-14 "${extra[@]}" -g -O0 -c -emit-llvm -w -x c "$src" -o "$bc" 2>/dev/null
	# (The same tests as cover writes: those of paths that covered new code.)
	run_trex "$r" run --write-xml-tests --only-output-states-covering-new \
		--xml-metadata-programfile="$src" --max-time="$max_time" "$bc"
	local cc="" rc="" proved=""
	[ -f "$c/test-suite.zip" ] && cc=$(judge "$c" "$src" "$m")
	[ -f "$r/test-suite.zip" ] && rc=$(judge "$r" "$src" "$m")
	proved=$(goals_of "$c" | awk '{ print $2 }')
	echo "$id|$cc|$rc|$proved|$(cat "$c.rc")|$(cat "$r.rc")"
}

svcomp() {
	local manifest="$shared/benchmarks/svcomp/MANIFEST.csv"
	export KILL_AFTER=$((max_time * 6 + 30))
	[ -f "$manifest" ] || die "no $manifest (SHARED=...)"
	export -f svcomp_task run_trex judge goals_of done_of
	export tmp trex shared max_time testcov
	tail -n +2 "$manifest" | cut -d, -f1,3,5 | grep -F -- "${FILTER:-}" |
		xargs -P "$jobs" -I{} bash -c 'IFS=, read -r id file model <<<"{}"; svcomp_task "$id" "$file" "$model"' \
		>"$tmp/svcomp.rows"
	local fmt='%-55s | %8s %8s | %6s\n'
	printf "$fmt" task cover run proved
	sort "$tmp/svcomp.rows" | while IFS='|' read -r id cc rc p crc rrc; do
		printf "$fmt" "$id" "${cc:-?}%" "${rc:-?}%" "${p:-?}"
	done
	awk -F'|' '
		$4 == "" || $5 != 0 { bad++ }
		$2 ~ /^[0-9]/ && $3 ~ /^[0-9]/ { n++; c += $2; r += $3; if ($2 > $3 + 0.05) ahead++; else if ($3 > $2 + 0.05) behind++; p += $4 }
		$2 == "n/a" { na++ }
		END { printf "svcomp: %d tasks judged (%d TestCov cannot build; %d without a cover suite or failed): mean TestCov coverage cover %.1f%%, run alone %.1f%%; cover ahead on %d, behind on %d; %d goals proved unreachable\n", n, na, bad, n ? c / n : 0, n ? r / n : 0, ahead, behind, p }' "$tmp/svcomp.rows"
	local bad
	bad=$(awk -F'|' '$5 != 0 || $2 == ""' "$tmp/svcomp.rows" | wc -l)
	[ "$bad" = 0 ] || { echo "$bad tasks where trex cover failed or TestCov gave no coverage" >&2; failed=$((failed + 1)); }
}

for t in "${tables[@]}"; do
	case $t in
	paper) paper ;;
	svcomp) svcomp ;;
	*) die "unknown table $t (paper, svcomp)" ;;
	esac
done
[ "$failed" = 0 ] || die "$failed runs failed"
