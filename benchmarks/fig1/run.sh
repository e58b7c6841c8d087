#!/usr/bin/env bash
# TRACER-X paper 003, Fig. 1 (shortest path through a weighted DAG, see gen.py) with `trex verify`.
#
#   benchmarks/fig1/run.sh [N...]        (default: 14 20 30 40 60 80)
#
# For each N, generates the safe variant (bound = shortest distance: UNREACHABLE) and the buggy
# one (bound + 1: REACHABLE) with seed $SEED (default 1), compiles them at -O0 and runs
# `trex verify --max-time $TIMEOUT` (default 60 s). Prints N, the DAG's path count, variant,
# verdict, seconds, explored paths, subsumed paths, and ok / WRONG (a wrong verdict) / timeout
# (UNKNOWN). Reference (issue 18): KLEE 3.2 explores the 14-node form in 7 s; the goal is both
# verdicts in under 5 s at N = 14, and to report how far N goes in 60 s.
# Exit status 1 on a wrong verdict. Environment: TREX, TIMEOUT, SEED, KEEP=1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex (cargo build --release, or set TREX)" >&2; exit 1; }
timeout_s=${TIMEOUT:-60}
seed=${SEED:-1}
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(14 20 30 40 60 80)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-fig1.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
status=0
fmt='%5s %12s %-5s %-12s %8s %8s %9s  %s\n'
printf "$fmt" N "DAG paths" var verdict seconds paths subsumed result
for n in "${ns[@]}"; do
  for v in safe bug; do
    src="$tmp/fig1_${n}_$v.c"
    dag=$(python3 "$here/gen.py" "$n" "$seed" "$v" 2>&1 >"$src" | sed -n 's/.*, \([0-9]*\) paths/\1/p')
    clang-14 -g -O0 -c -emit-llvm -o "${src%.c}.bc" "$src" || { status=1; continue; }
    start=$(date +%s.%N)
    (cd "$tmp" && "$trex" verify --max-time "$timeout_s" "${src%.c}.bc") >"$tmp/out" 2>&1
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    line=$(grep '^TREX: verify:' "$tmp/out" | tail -1)
    verdict=$(awk '$1 == 1 { print $2 }' "$tmp/out" | head -1)
    paths=$(echo "$line" | sed -n 's/.*(\([0-9]*\) paths.*/\1/p')
    sub=$(echo "$line" | sed -n 's/.* \([0-9]*\) subsumed.*/\1/p')
    want=UNREACHABLE; [ "$v" = bug ] && want=REACHABLE
    case "$verdict" in
      "$want") res=ok ;;
      UNKNOWN|"") res=timeout ;;
      *) res=WRONG; status=1 ;;
    esac
    printf "$fmt" "$n" "${dag:-?}" "$v" "${verdict:-none}" "$(printf %.2f "$secs")" "${paths:-?}" "${sub:-?}" "$res"
  done
done
exit $status
