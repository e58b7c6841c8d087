#!/usr/bin/env bash
# Concrete-execution benchmark of `trex run`.
#
#   benchmarks/concrete/run.sh [workload...]        (default: every *.c in this directory)
#
# Compiles each workload (benchmarks/concrete/*.c) with clang-14 -g to bitcode at each level of
# $OPT_LEVELS (default "O0 O2"), runs `trex run --output-dir <tmp> X.bc $ARGS` and prints a table:
# workload, opt level, instructions (from `KLEE: done: total instructions = N`), wall seconds,
# million instructions per second, and whether trex's stdout (the workload's checksum) matches
# the native program's.
#
# Environment: TREX (trex binary; default target/release/trex), OPT_LEVELS, ARGS_<workload>
# (program arguments overriding the built-in size, e.g. ARGS_fib=32), KEEP=1 (keep the temp dir).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex (build with cargo build --release, or set TREX)" >&2; exit 1; }
opts=${OPT_LEVELS:-O0 O2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-bench.XXXXXX")
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then names=("$@"); else names=(); for f in "$here"/*.c; do n=$(basename "$f"); names+=("${n%.c}"); done; fi

now() { date +%s.%N; }
printf '%-10s %-3s %15s %9s %9s  %s\n' workload opt instructions seconds "Minstr/s" output
status=0
for n in "${names[@]}"; do
  src="$here/$n.c"
  [ -f "$src" ] || { echo "no workload $src" >&2; status=1; continue; }
  var="ARGS_$n"; read -r -a args <<< "${!var:-}"
  for o in $opts; do
    bc="$tmp/$n-$o.bc"; exe="$tmp/$n-$o.native"; out="$tmp/out-$n-$o"
    if ! clang-14 -g "-$o" -c -emit-llvm -o "$bc" "$src" 2>"$tmp/cc.err"; then
      echo "$n: compile failed" >&2; cat "$tmp/cc.err" >&2; status=1; continue
    fi
    clang-14 "$bc" -o "$exe" -lm 2>/dev/null && "$exe" "${args[@]}" > "$tmp/$n-$o.native.out" 2>/dev/null
    t0=$(now)
    "$trex" run --output-dir "$out" "$bc" "${args[@]}" > "$tmp/$n-$o.stdout" 2> "$tmp/$n-$o.stderr"
    rc=$?
    t1=$(now)
    insts=$(sed -n 's/^KLEE: done: total instructions = \([0-9]*\).*/\1/p' "$tmp/$n-$o.stderr" | tail -1)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    if [ "$rc" != 0 ] || [ -z "$insts" ]; then
      printf '%-10s %-3s %15s %9s %9s  %s\n' "$n" "$o" "-" "$secs" "-" "trex failed (exit $rc): $(grep -m1 -E 'error|ERROR|panicked' "$tmp/$n-$o.stderr")"
      status=1; continue
    fi
    mips=$(awk -v i="$insts" -v s="$secs" 'BEGIN { if (s > 0) printf "%.2f", i / s / 1e6; else print "-" }')
    if cmp -s "$tmp/$n-$o.stdout" "$tmp/$n-$o.native.out"; then check="ok: $(head -c 60 "$tmp/$n-$o.stdout" | head -1)"
    else check="DIFFERS from native"; status=1; fi
    printf '%-10s %-3s %15s %9s %9s  %s\n' "$n" "$o" "$insts" "$secs" "$mips" "$check"
  done
done
exit $status
