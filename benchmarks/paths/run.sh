#!/usr/bin/env bash
# Path-exploration benchmark of `trex run`: a program with N independent symbolic branches
# (`if (a[i] > 0) sum++;` over a symbolic char array), 2^N paths.
#
#   benchmarks/paths/run.sh [N...]      (default: 10 14)
#
# Runs `trex run --write-no-tests --libc=none --no-interpolation` at -O0 (plain exploration, as
# KLEE's figure) and prints N, completed paths, wall seconds and microseconds per path; then the
# same run with interpolation (paths pruned by subsumption). Then the TRACER-X Fig. 4 form of
# issue 18 (`fig4`: a __VERIFIER_nondet_bool() call and a stored value per decision, the sum
# checked at the end; `--search=dfs`, without interpolation), with peak memory, against KLEE
# 3.2's figure on the same program (0.9 s for 16,384 paths at N = 14: 55 us per path, 94 MB).
# Stops with exit status 1 at a run that fails (exits non-zero or prints no `KLEE: done:` line).
# Environment: TREX (binary; default target/release/trex), KEEP=1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/benchmarks/paths/program.sh"
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-paths.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(10 14)
# A run's end: trex's exit status $1 and stderr $2 must show a finished run.
check_run() {
  local paths
  paths=$(sed -n 's/^KLEE: done: completed paths = //p' "$2")
  [ "$1" = 0 ] && [ -n "$paths" ] && return 0
  echo "paths/run.sh: trex failed (exit $1):" >&2; tail -5 "$2" >&2; exit 1
}
printf '%-4s %-7s %10s %10s %9s %12s\n' N interp paths subsumed seconds "us/path"
for n in "${ns[@]}"; do
  paths_program "$n" "$tmp" || exit 1
  for mode in off on; do
    flag=--no-interpolation; [ $mode = on ] && flag=
    t0=$(date +%s.%N)
    "$trex" run --write-no-tests --libc=none $flag --output-dir "$tmp/out$n$mode" "$tmp/paths$n.bc" 2> "$tmp/err$n"
    rc=$?
    t1=$(date +%s.%N)
    check_run "$rc" "$tmp/err$n"
    paths=$(sed -n 's/^KLEE: done: completed paths = //p' "$tmp/err$n")
    sub=$(sed -n 's/^KLEE: done: subsumed paths = //p' "$tmp/err$n")
    awk -v n="$n" -v m="$mode" -v p="$paths" -v q="${sub:-0}" -v a="$t0" -v b="$t1" \
      'BEGIN { s = b - a; printf "%-4s %-7s %10d %10d %9.3f %12.1f\n", n, m, p, q, s, (p > 0 ? s * 1e6 / p : 0) }'
  done
done
printf '\n%-4s %-7s %10s %9s %12s %9s   %s\n' N form paths seconds "us/path" "peak MB" "KLEE 3.2 (N=14)"
for n in "${ns[@]}"; do
  paths_fig4_program "$n" "$tmp" || exit 1
  t0=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$tmp/mem$n" "$trex" run --write-no-tests --search=dfs --no-interpolation \
    --output-dir "$tmp/outf$n" "$tmp/fig4$n.bc" 2> "$tmp/errf$n"
  rc=$? # trex's own (time passes it on; 128 + N for a signal)
  t1=$(date +%s.%N)
  check_run "$rc" "$tmp/errf$n"
  paths=$(sed -n 's/^KLEE: done: completed paths = //p' "$tmp/errf$n")
  awk -v n="$n" -v p="$paths" -v a="$t0" -v b="$t1" -v m="$(tail -1 "$tmp/mem$n")" \
    'BEGIN { s = b - a; printf "%-4s %-7s %10d %9.3f %12.1f %9.1f   %s\n", n, "fig4", p, s, (p > 0 ? s * 1e6 / p : 0), m / 1024, (n == 14 ? "0.9 s, 55 us/path, 94 MB" : "") }'
done
