#!/usr/bin/env bash
# Memory against paths: peak resident memory of `trex run` on a program with N independent
# symbolic branches (2^N paths), plain exploration (no interpolation, --search=dfs,
# --write-no-tests). An ended path keeps nothing but its test, written at once, so the peak
# must stay flat as the number of paths grows (issue 14: 285k ended paths used to hold 1.4 GB).
#
#   benchmarks/memory/run.sh [N...]      (default: 14 16 18 20)
#
# Prints N, completed paths, wall seconds and peak RSS (MiB, /usr/bin/time -v). Also prints the
# same for TREX_BASE (another binary, e.g. an older build) when set. Stops with exit status 1 at
# a run that fails (exits non-zero or prints no `KLEE: done:` line). Environment: TREX (binary;
# default target/release/trex), TREX_BASE, THREADS (--threads; default 1), KEEP=1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/benchmarks/paths/program.sh"
trex=${TREX:-$root/target/release/trex}
threads=${THREADS:-1}
[ -x "$trex" ] || { echo "trex binary not found: $trex" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-mem.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
ns=("$@"); [ ${#ns[@]} -gt 0 ] || ns=(14 16 18 20)
bins=("$trex"); [ -n "${TREX_BASE:-}" ] && bins+=("$TREX_BASE")
printf '%-8s %-4s %10s %9s %10s\n' binary N paths seconds "peak MiB"
for n in "${ns[@]}"; do
  paths_program "$n" "$tmp" || exit 1
  for b in "${bins[@]}"; do
    name=trex; [ "$b" != "$trex" ] && name=base
    rm -rf "$tmp/out"
    /usr/bin/time -v "$b" run --threads="$threads" --write-no-tests --libc=none --no-interpolation --search=dfs \
      --output-dir "$tmp/out" "$tmp/paths$n.bc" 2> "$tmp/err" > /dev/null
    rc=$? # trex's own (time -v passes it on; 128 + N for a signal)
    paths=$(sed -n 's/^KLEE: done: completed paths = //p' "$tmp/err")
    if [ "$rc" != 0 ] || [ -z "$paths" ]; then
      echo "memory/run.sh: $name failed at N = $n (exit $rc):" >&2; tail -5 "$tmp/err" >&2; exit 1
    fi
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/err")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/err" |
      awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    printf '%-8s %-4s %10d %9.2f %10.1f\n' "$name" "$n" "$paths" "$wall" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')"
  done
done
