#!/usr/bin/env bash
# What a pending path costs (issue 27): trex on KLEE's coreutils command line
# (`--posix-runtime cat.bc --sym-args 0 2 4`, --max-time S), then the resident memory against the
# number of live paths from run.stats (one row every few seconds): the least-squares slope while
# the paths grow is the bytes one more pending path holds. Also the peak resident memory of the
# run (/usr/bin/time -v) beside KLEE 3.2's on the same command line at 60 s (552 MiB, issue 27).
#
#   benchmarks/memory/per_path.sh            (MAX_TIME=30, PROG=cat)
#
# Needs build/coreutils/bc/$PROG.bc (scripts/build-coreutils.sh $PROG). Environment: TREX
# (default target/release/trex), TREX_BASE (another binary, printed below it), MAX_TIME, PROG,
# TREX_COREUTILS_DIR, THREADS (--threads; default 1: KLEE's one core, and the figure per
# pending path of one worker), KEEP=1. Exit status 1 when a run fails or gives fewer than 3 rows of growth.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
prog=${PROG:-cat}
bc=${TREX_COREUTILS_DIR:-$root/build/coreutils}/bc/$prog.bc
max_time=${MAX_TIME:-30}
threads=${THREADS:-1}
[ -x "$trex" ] || { echo "trex binary not found: $trex" >&2; exit 1; }
[ -f "$bc" ] || { echo "no $bc (scripts/build-coreutils.sh $prog)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "needs sqlite3 (scripts/install-deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-perpath.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
bins=("$trex"); [ -n "${TREX_BASE:-}" ] && bins+=("$TREX_BASE")
status=0
printf '%-6s %-5s %9s %11s %9s %16s %14s\n' binary prog "max paths" "instructions" "peak MiB" "KiB/pending path" "KLEE 3.2 MiB"
for b in "${bins[@]}"; do
  name=trex; [ "$b" != "$trex" ] && name=base
  out=$tmp/$name; mkdir -p "$out.cwd"
  (cd "$out.cwd" && /usr/bin/time -v "$b" --threads="$threads" --posix-runtime --output-dir="$out" \
    --max-time="$max_time" "$bc" --sym-args 0 2 4 < /dev/null > /dev/null 2> "$out.err")
  rc=$?
  if [ "$rc" != 0 ] || ! grep -q '^KLEE: done: ' "$out.err"; then
    echo "per_path.sh: $name failed (exit $rc):" >&2; tail -5 "$out.err" >&2; status=1; continue
  fi
  kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out.err")
  insts=$(sed -n 's/^KLEE: done: total instructions = //p' "$out.err")
  # Rows up to the most live paths (after it, paths end faster than they fork).
  rows=$(sqlite3 -separator ' ' "$out/run.stats" \
    "SELECT NumStates, MallocUsage FROM stats WHERE rowid <= (SELECT rowid FROM stats ORDER BY NumStates DESC, rowid LIMIT 1) ORDER BY rowid")
  fit=$(awk '{ n++; x += $1; y += $2; xx += $1 * $1; xy += $1 * $2; if ($1 > m) m = $1 }
    END { d = n * xx - x * x; if (n < 3 || d == 0) { print "none"; exit }
          printf "%d %.1f\n", m, (n * xy - x * y) / d / 1024 }' <<< "$rows")
  if [ "$fit" = none ]; then
    echo "per_path.sh: $name: fewer than 3 rows of growth in run.stats (MAX_TIME too short?)" >&2
    status=1; continue
  fi
  read -r maxp per <<< "$fit"
  klee=-; [ "$prog" = cat ] && klee=552
  printf '%-6s %-5s %9d %11d %9.1f %16s %14s\n' "$name" "$prog" "$maxp" "$insts" \
    "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$per" "$klee"
done
exit $status
