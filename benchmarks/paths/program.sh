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
