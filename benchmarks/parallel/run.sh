#!/usr/bin/env bash
# Speed-up of `trex run --threads N` against `--threads 1` (issue 27), on the rows the issue
# names: Fig. 4 without interpolation (stored-array form, N = 18, dfs: 2^18 paths), Fig. 4 in
# the paper's form with interpolation (N = 2000, dfs), benchmarks/paths (N = 16, without
# interpolation) and coreutils echo (`--posix-runtime --sym-args 0 2 4`, the whole space; when
# build/coreutils/bc/echo.bc exists).
#
#   benchmarks/parallel/run.sh [workload...]     (default: all; fig4-18 fig4-itp-2000 paths16 echo)
#
# For each workload and each thread count of $THREADS (default "1 2 4": on a 2-core machine 4 is
# more threads than cores, to show the overhead) prints the median wall seconds of $REPEAT runs
# (default 3), the speed-up against one thread, completed and subsumed paths, paths handed
# between threads, and the machine's core count. The path-heavy rows without interpolation
# (fig4-18, paths16, echo) carry the issue's goal, 1.8x or more at 2 threads: met / MISSED.
# Exit status 1 when a run fails (exits non-zero or prints no `KLEE: done:` line) or the completed
# paths of a run without interpolation differ from one thread's.
# Environment: TREX (binary; default target/release/trex), THREADS, REPEAT, TIMEOUT (seconds per
# run, default 600), TREX_RUNTIME_DIR (passed to trex), KEEP=1 (keep the temp dir).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/benchmarks/paths/program.sh"
trex=${TREX:-$root/target/release/trex}
[ -x "$trex" ] || { echo "trex binary not found: $trex (cargo build --release, or set TREX)" >&2; exit 1; }
read -r -a counts <<< "${THREADS:-1 2 4}"
repeat=${REPEAT:-3}
timeout_s=${TIMEOUT:-600}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-parallel.XXXXXX")
[ "${KEEP:-}" = 1 ] && echo "temp dir: $tmp" >&2 || trap 'rm -rf "$tmp"' EXIT
echo_bc=$root/build/coreutils/bc/echo.bc
ws=("$@"); [ ${#ws[@]} -gt 0 ] || ws=(fig4-18 fig4-itp-2000 paths16 echo)
cores=$(nproc)

# The program and options of a workload (`@OUT@`: the output directory); "skip: why" when it
# cannot run here. Path-heavy rows end in " heavy".
setup() {
  case $1 in
    fig4-18)
      python3 "$root/benchmarks/fig4/gen.py" 18 --form stored-array -o "$tmp/f18.c" &&
        clang-14 -g -O0 -c -emit-llvm -w -I "$root/runtime/include" "$tmp/f18.c" -o "$tmp/f18.bc" || return 1
      echo "--no-interpolation --search=dfs --write-no-tests --output-dir=@OUT@ $tmp/f18.bc heavy" ;;
    fig4-itp-2000)
      python3 "$root/benchmarks/fig4/gen.py" 2000 --form stored-array -o "$tmp/f2000.c" &&
        clang-14 -g -O0 -c -emit-llvm -w -I "$root/runtime/include" "$tmp/f2000.c" -o "$tmp/f2000.bc" || return 1
      echo "--search=dfs --write-no-tests --output-dir=@OUT@ $tmp/f2000.bc" ;;
    paths16)
      paths_program 16 "$tmp" >/dev/null || return 1
      echo "--no-interpolation --libc=none --write-no-tests --output-dir=@OUT@ $tmp/paths16.bc heavy" ;;
    echo)
      [ -f "$echo_bc" ] || { echo "skip: $echo_bc not built (benchmarks/coreutils/build.sh)"; return 0; }
      echo "--no-interpolation --posix-runtime --write-no-tests --output-dir=@OUT@ $echo_bc --sym-args 0 2 4 heavy" ;;
    *) echo "unknown workload: $1" >&2; return 1 ;;
  esac
}

# One run: "seconds completed subsumed moved", or nothing when it failed.
one() { # OUT THREADS ARGS...
  local out=$1 n=$2 rc=0 t0 t1
  shift 2
  rm -rf "$out"
  t0=$(date +%s.%N)
  timeout "$timeout_s" "$trex" run --threads="$n" "${@//@OUT@/$out}" >/dev/null 2>"$out.err" || rc=$?
  t1=$(date +%s.%N)
  local paths sub moved
  paths=$(sed -n 's/^KLEE: done: completed paths = //p' "$out.err")
  if [ "$rc" != 0 ] || [ -z "$paths" ]; then
    echo "parallel/run.sh: trex --threads=$n failed (exit $rc):" >&2
    tail -5 "$out.err" >&2
    return 1
  fi
  sub=$(sed -n 's/^KLEE: done: subsumed paths = //p' "$out.err")
  moved=$(sed -n 's/^KLEE: done: threads = .*, paths handed between them = //p' "$out.err")
  awk -v a="$t0" -v b="$t1" -v p="$paths" -v s="${sub:--}" -v m="${moved:-0}" \
    'BEGIN { printf "%.3f %s %s %s\n", b - a, p, s, m }'
}

status=0
echo "machine: $cores cores; median of $repeat runs"
printf '%-14s %7s %9s %8s %10s %9s %7s   %s\n' workload threads seconds speedup completed subsumed moved goal
for w in "${ws[@]}"; do
  a=$(setup "$w") || { status=1; continue; }
  case $a in skip:*) printf '%-14s %s\n' "$w" "$a"; continue ;; esac
  heavy=
  case $a in *" heavy") heavy=1; a=${a% heavy} ;; esac
  read -r -a args <<< "$a"
  base= base_paths=
  for n in "${counts[@]}"; do
    secs=() res=
    for r in $(seq "$repeat"); do
      res=$(one "$tmp/$w-$n-$r" "$n" "${args[@]}") || { status=1; res=; break; }
      secs+=("${res%% *}")
    done
    [ -n "$res" ] || continue
    med=$(printf '%s\n' "${secs[@]}" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    read -r _ paths sub moved <<< "$res"
    [ "$n" = 1 ] && { base=$med; base_paths=$paths; }
    speed=-
    [ -n "$base" ] && speed=$(awk -v a="$base" -v b="$med" 'BEGIN { printf "%.2fx", a / b }')
    goal=
    if [ -n "$heavy" ] && [ -n "$base_paths" ] && [ "$paths" != "$base_paths" ]; then
      goal="WRONG: $paths completed paths, $base_paths on one thread"
      status=1
    elif [ -n "$heavy" ] && [ "$n" = 2 ] && [ "$speed" != - ]; then
      goal=$(awk -v s="${speed%x}" 'BEGIN { print (s >= 1.8) ? "1.8x: met" : "1.8x: MISSED" }')
    fi
    printf '%-14s %7s %9.2f %8s %10s %9s %7s   %s\n' "$w" "$n" "$med" "$speed" "$paths" "$sub" "$moved" "$goal"
  done
done
exit $status
