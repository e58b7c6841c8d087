#!/usr/bin/env bash
# Before/after cost of a change as machine instructions executed (valgrind callgrind's `Ir`),
# two trex binaries side by side on the workloads the engine's speed goals name: concrete
# execution (benchmarks/concrete), path exploration (benchmarks/paths, N = 14, with and without
# interpolation), TRACER-X's Fig. 4 (stored-vars ok N = 1000, loop buggy N = 400, -O0, dfs) and
# KLEE's coreutils run of echo (--sym-args 0 2 4; when build/coreutils/bc/echo.bc exists).
#
#   benchmarks/instructions/run.sh NEW_TREX BASE_TREX [workload...]
#
# Wall and cpu seconds on a shared machine move by 10-50 % from run to run for the same binary;
# the instruction count of a run that makes the same decisions does not, so a ratio off 1.00 by
# more than a fraction of a percent is the change's own. (A budget in seconds -- --max-time, the
# quantum's --batch-time -- may make a run under valgrind, about 50x slower, decide otherwise:
# the workloads here end on their own.) Prints per workload: new and base counts and new/base.
# Both binaries run at once (one per core), each with --threads=1 (the default is the machine's
# cores: callgrind runs threads one at a time, and moved paths' replays are instructions of
# their own). Exit status 1 when a run fails or prints no count.
# Environment: TREX_RUNTIME_DIR (default build/runtime), KEEP=1 (keep the temp dir).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
new=$(realpath "$1") base=$(realpath "$2"); shift 2
for b in "$new" "$base"; do [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }; done
command -v valgrind >/dev/null || { echo "valgrind not found (scripts/install-deps.sh installs it)" >&2; exit 2; }
export TREX_RUNTIME_DIR=${TREX_RUNTIME_DIR:-$root/build/runtime}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trex-instr.XXXXXX")
[ "${KEEP:-}" = 1 ] && echo "temp dir: $tmp" >&2 || trap 'rm -rf "$tmp"' EXIT
# shellcheck source=/dev/null
. "$root/benchmarks/paths/program.sh"
echo_bc=$root/build/coreutils/bc/echo.bc

all=(fib sieve strings structs paths14 paths14-itp fig4-stored-vars-1000-ok fig4-loop-400-buggy)
[ -f "$echo_bc" ] && all+=(echo)
ws=("$@"); [ ${#ws[@]} -gt 0 ] || ws=("${all[@]}")

# The trex arguments of a workload (@OUT@: its output directory), compiling its input first.
args_of() {
  case $1 in
  fib|sieve|strings|structs)
    clang-14 -g -O2 -c -emit-llvm -o "$tmp/$1.bc" "$root/benchmarks/concrete/$1.c" || return 1
    echo "run --threads=1 --output-dir @OUT@ $tmp/$1.bc" ;;
  paths14|paths14-itp)
    [ -f "$tmp/paths14.bc" ] || paths_program 14 "$tmp" >/dev/null || return 1
    local off=--no-interpolation; [ "$1" = paths14-itp ] && off=
    echo "run --threads=1 --write-no-tests --libc=none $off --output-dir @OUT@ $tmp/paths14.bc" ;;
  fig4-*)
    local rest=${1#fig4-} form n variant gflag=
    variant=${rest##*-}; rest=${rest%-*}; n=${rest##*-}; form=${rest%-*}
    [ "$variant" = buggy ] && gflag=--buggy
    python3 "$root/benchmarks/fig4/gen.py" "$n" --form "$form" $gflag -o "$tmp/$1.c" || return 1
    clang-14 -g -O0 -c -emit-llvm -w -I "$root/runtime/include" -o "$tmp/$1.bc" "$tmp/$1.c" || return 1
    echo "run --threads=1 --search=dfs --write-no-tests --output-dir @OUT@ $tmp/$1.bc" ;;
  echo)
    echo "--threads=1 --posix-runtime --only-output-states-covering-new --output-dir=@OUT@ $echo_bc --sym-args 0 2 4" ;;
  *) echo "unknown workload $1 (known: ${all[*]})" >&2; return 1 ;;
  esac
}

# Instructions of one run (in an empty directory: echo's files are looked up there); nothing
# when the run fails: callgrind counts a crashed run's instructions too.
count() {
  local out=$1 bin=$2 a=$3 rc=0
  mkdir -p "$out.cwd"
  (cd "$out.cwd" && valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" ${a//@OUT@/$out} >/dev/null 2>"$out.log") || rc=$?
  if [ "$rc" != 0 ]; then
    echo "$bin ${a//@OUT@/$out}: exit $rc: $(grep -v '^==' "$out.log" | grep -m1 -E 'error|panicked')" >&2
    return 1
  fi
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log"
}

status=0
printf '%-24s %16s %16s %9s\n' workload new base new/base
for w in "${ws[@]}"; do
  a=$(args_of "$w") || { status=1; continue; }
  count "$tmp/$w-new" "$new" "$a" > "$tmp/$w.new" &
  count "$tmp/$w-base" "$base" "$a" > "$tmp/$w.base" &
  wait
  n=$(cat "$tmp/$w.new") b=$(cat "$tmp/$w.base")
  if [ -z "$n" ] || [ -z "$b" ]; then
    echo "$w: no instruction count (a run failed)" >&2
    printf '%-24s %16s %16s %9s\n' "$w" "${n:-failed}" "${b:-failed}" -
    status=1; continue
  fi
  printf '%-24s %16s %16s %9s\n' "$w" "$n" "$b" "$(python3 -c "print(f'{$n / $b:.4f}')")"
done
exit $status
