#!/usr/bin/env bash
# Postconditioned symbolic execution (issue 30) on the synthetic path-explosion programs of
# benchmarks/paths (N independent branches in a loop, `if (a[i] > 0) sum++;`, the sum only
# returned) and TRACER-X's Fig. 4 (benchmarks/fig4/gen.py's stored-array form: N unrolled
# decisions, the sum checked at the end): `trex run --libc=none --search=dfs --write-no-tests`
# in five modes: plain (--no-interpolation), pse (--pse --no-interpolation), pse-all (the same
# with --pse-first-instance=false: summaries at every iteration of a loop too), itp (trex's
# default) and both (--pse). Prints per program, N and mode: completed and pruned paths (pse,
# subsumed), wall seconds and peak memory (MiB); then the goal the paper's Fig. 1 shape implies:
# --pse alone explores a number of paths linear in N on Fig. 4 (met / MISSED). A run that fails
# (exit status, no `KLEE: done:` line) is `failed` and the exit status is 1.
#
#   benchmarks/pse/synthetic.sh [N...]      (default: 14 18)
#
# Environment: TREX (binary; default target/release/trex), KEEP=1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/benchmarks/paths/program.sh"
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-pse-syn.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(14 18)
modes=(plain pse pse-all itp both)
flags_of() {
	case "$1" in
	plain) echo "--no-interpolation" ;;
	pse) echo "--pse --no-interpolation" ;;
	pse-all) echo "--pse --no-interpolation --pse-first-instance=false" ;;
	itp) echo "" ;;
	both) echo "--pse" ;;
	esac
}
failed=0
linear=1
printf '%-6s %4s %-7s %9s %7s %8s %7s %6s\n' program N mode completed pruned subsumed 'time s' MiB
for n in "${ns[@]}"; do
	paths_program "$n" "$tmp" >/dev/null 2>&1 || { echo "paths$n: does not compile" >&2; exit 1; }
	paths_fig4_program "$n" "$tmp" >/dev/null 2>&1 || { echo "fig4 $n: does not compile" >&2; exit 1; }
	for prog in paths fig4; do
		for m in "${modes[@]}"; do
			err="$tmp/$prog$n-$m.err"
			# shellcheck disable=SC2046
			/usr/bin/time -v "$trex" run --libc=none --search=dfs --write-no-tests $(flags_of "$m") \
				--output-dir="$tmp/$prog$n-$m" "$tmp/$prog$n.bc" >/dev/null 2>"$err"
			rc=$?
			done_of() { sed -n "s/^KLEE: done: $1 = //p" "$err" | head -1; }
			completed=$(done_of 'completed paths')
			if [ "$rc" != 0 ] || [ -z "$completed" ]; then
				printf '%-6s %4s %-7s failed (exit %s)\n' "$prog" "$n" "$m" "$rc"
				failed=$((failed + 1))
				continue
			fi
			pruned=$(done_of 'pse-pruned paths'); subsumed=$(done_of 'subsumed paths')
			wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$err" |
				awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }')
			mib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$err" | awk '{ printf "%.0f", $1 / 1024 }')
			printf '%-6s %4s %-7s %9s %7s %8s %7s %6s\n' "$prog" "$n" "$m" "$completed" \
				"${pruned:--}" "${subsumed:--}" "$wall" "$mib"
			if [ "$prog" = fig4 ] && [ "$m" = pse ] && [ "$((completed + ${pruned:-0}))" -gt "$((4 * n))" ]; then
				linear=0
			fi
		done
	done
done
echo "goal: --pse alone explores O(N) paths on Fig. 4 (completed + pruned <= 4 N): $([ "$linear" = 1 ] && echo met || echo MISSED)"
[ "$failed" = 0 ]
