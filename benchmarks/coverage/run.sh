#!/usr/bin/env bash
# The cost of coverage output (coverage.lcov, coverage.json, run.stats, run.istats, the
# sampling thread, switch targets) on the concrete workloads of benchmarks/concrete/.
#
#   TREX_BASE=/path/to/trex-without-coverage benchmarks/coverage/run.sh [workload...]
#
# Runs `trex run` of $TREX (default target/release/trex) and of $TREX_BASE (a build of the
# commit before coverage output, e.g. 9cc3a12) on each workload at each level of $OPT_LEVELS
# (default "O0 O2"), alternating A B A B ... $RUNS times (default 5) so that drift of the
# machine's speed hits both, and prints the median wall seconds of each and the ratio of the
# medians (goal: under 1.05). Also checks that $TREX wrote the coverage files.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
base=${TREX_BASE:?set TREX_BASE to a trex binary built before coverage output}
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
  "$bin" run --output-dir "$out" "$bc" "$@" >/dev/null 2>"$out.stderr" || { echo "failed: $bin" >&2; return 1; }
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-10s %-3s %10s %10s %8s  %s\n' workload opt "trex (s)" "base (s)" ratio files
status=0
for n in "${names[@]}"; do
  src="$root/benchmarks/concrete/$n.c"
  [ -f "$src" ] || { echo "no workload $src" >&2; status=1; continue; }
  var="ARGS_$n"; read -r -a args <<< "${!var:-}"
  for o in $opts; do
    bc="$tmp/$n-$o.bc"
    clang-14 -g "-$o" -c -emit-llvm -o "$bc" "$src" || { status=1; continue; }
    : > "$tmp/a"; : > "$tmp/b"
    for _ in $(seq "$runs"); do
      timed "$trex" "$bc" "$tmp/out-a" "${args[@]}" >> "$tmp/a" || status=1
      timed "$base" "$bc" "$tmp/out-b" "${args[@]}" >> "$tmp/b" || status=1
    done
    files=ok
    for f in coverage.lcov coverage.json run.stats run.istats; do
      [ -s "$tmp/out-a/$f" ] || { files="missing $f"; status=1; }
    done
    a=$(median < "$tmp/a"); b=$(median < "$tmp/b")
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
    printf '%-10s %-3s %10s %10s %8s  %s\n' "$n" "$o" "$a" "$b" "$ratio" "$files"
  done
done
exit $status
