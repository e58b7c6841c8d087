#!/usr/bin/env bash
# The cost of coverage output (coverage.lcov, coverage.json, run.stats, run.istats, the
# sampling thread, switch targets) on the concrete workloads of benchmarks/concrete/.
#
#   TREX_BASE=/path/to/trex-without-coverage benchmarks/coverage/run.sh [workload...]
#
# Runs `trex run` of $TREX (default target/release/trex) and of $TREX_BASE (a build of the
# commit before coverage output, e.g. 9cc3a12) on each workload at each level of $OPT_LEVELS
# (default "O0 O2"), alternating A B A B ... $RUNS times (default 5) so that drift of the
# machine's speed hits both, and prints the median wall seconds of each, the ratio of the
# medians and whether it is under the goal ($GOAL, default 1.05). Also checks that $TREX wrote
# the coverage files. Exit status 1 when a run fails (its row says `failed`), a file is
# missing or a ratio is not under the goal.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
base=${TREX_BASE:?set TREX_BASE to a trex binary built before coverage output}
for b in "$trex" "$base"; do [ -x "$b" ] || { echo "trex binary not found: $b" >&2; exit 1; }; done
goal=${GOAL:-1.05}
runs=${RUNS:-5}
opts=${OPT_LEVELS:-O0 O2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-covbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then names=("$@"); else names=(); for f in "$root"/benchmarks/concrete/*.c; do n=$(basename "$f"); names+=("${n%.c}"); done; fi

now() { date +%s.%N; }
# One timed run: prints the wall seconds.
timed() {
  local bin=$1 bc=$2 out=$3; shift 3
  rm -rf "$out"
  local t0 t1
  t0=$(now)
  local rc=0
  "$bin" run --output-dir "$out" "$bc" "$@" >/dev/null 2>"$out.stderr" || rc=$?
  # A run that fails, or ends without its `done:` lines, is no time of a run.
  if [ "$rc" != 0 ] || ! grep -q '^KLEE: done: ' "$out.stderr"; then
    echo "failed (exit $rc): $bin run $bc: $(grep -m1 -E 'error|panicked' "$out.stderr")" >&2
    return 1
  fi
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-10s %-3s %10s %10s %8s %-12s %s\n' workload opt "trex (s)" "base (s)" ratio "< $goal" files
status=0
for n in "${names[@]}"; do
  src="$root/benchmarks/concrete/$n.c"
  [ -f "$src" ] || { echo "no workload $src" >&2; status=1; continue; }
  var="ARGS_$n"; read -r -a args <<< "${!var:-}"
  for o in $opts; do
    bc="$tmp/$n-$o.bc"
    clang-14 -g "-$o" -c -emit-llvm -o "$bc" "$src" || { status=1; continue; }
    : > "$tmp/a"; : > "$tmp/b"
    fails=0
    for _ in $(seq "$runs"); do
      timed "$trex" "$bc" "$tmp/out-a" "${args[@]}" >> "$tmp/a" || fails=$((fails + 1))
      timed "$base" "$bc" "$tmp/out-b" "${args[@]}" >> "$tmp/b" || fails=$((fails + 1))
    done
    if [ "$fails" -gt 0 ]; then
      # Medians of the runs that did not fail would compare different sets.
      printf '%-10s %-3s %10s %10s %8s %-12s %s\n' "$n" "$o" - - - failed "$fails of $((2 * runs)) runs failed"
      status=1; continue
    fi
    files=ok
    for f in coverage.lcov coverage.json run.stats run.istats; do
      [ -s "$tmp/out-a/$f" ] || { files="missing $f"; status=1; }
    done
    a=$(median < "$tmp/a"); b=$(median < "$tmp/b")
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
    if awk -v r="$ratio" -v g="$goal" 'BEGIN { exit !(r != "-" && r + 0 < g + 0) }'; then met=met
    else met=MISSED; status=1; fi
    printf '%-10s %-3s %10s %10s %8s %-12s %s\n' "$n" "$o" "$a" "$b" "$ratio" "$met" "$files"
  done
done
[ "$status" = 0 ] || echo "coverage/run.sh: a run failed, a file is missing or a ratio is not under $goal (see above)" >&2
exit $status
