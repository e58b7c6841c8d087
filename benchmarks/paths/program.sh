# Sourced by benchmarks/paths/run.sh and benchmarks/memory/run.sh: the program with N
# independent symbolic branches (`if (a[i] > 0) sum++;` over a symbolic char array, 2^N paths).
#
#   paths_program N DIR      writes DIR/pathsN.c and compiles it to DIR/pathsN.bc (-g -O0)
paths_program() {
  local n=$1 dir=$2
  cat > "$dir/paths$n.c" <<C
#include <klee/klee.h>
#define N $n
int main(void) {
  signed char a[N];
  klee_make_symbolic(a, sizeof a, "a");
  int sum = 0;
  for (int i = 0; i < N; i++)
    if (a[i] > 0) sum++;
  return sum;
}
C
  clang-14 -g -O0 -c -emit-llvm -I "$root/runtime/include" "$dir/paths$n.c" -o "$dir/paths$n.bc"
}

# The TRACER-X paper's Fig. 4 form (issue 18): N booleans from __VERIFIER_nondet_bool() each
# store x[i] = 1 or -1, the sum is checked at the end (2^N paths, a nondet call per decision).
#
#   paths_fig4_program N DIR   writes DIR/fig4N.c and compiles it to DIR/fig4N.bc (-g -O0)
paths_fig4_program() {
  python3 "$root/benchmarks/fig4/gen.py" "$1" --form stored-array -o "$2/fig4$1.c" &&
    clang-14 -g -O0 -c -emit-llvm -w -I "$root/runtime/include" "$2/fig4$1.c" -o "$2/fig4$1.bc"
}
