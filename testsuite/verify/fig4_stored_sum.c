// verify: TRACER-X Fig. 4 in the paper's form (Table 2): 60 booleans from
// __VERIFIER_nondet_bool() each store x[i] = 1 or -1, the sum is checked once at the end. The
// interpolant at level i is one range over the sum of the stored values (-60+i <= x[0] + ... +
// x[i-1] <= 60-i): every second child is subsumed (118 paths, a tree of 4N - 1 nodes). Before
// ranges over one term were merged, the exact weakest precondition kept N - i bounds per
// level, outgrew the interpolant size limits past N ~ 54 and most levels were not pruned
// (8,284 subsumed paths, over the fork budget). Without interpolation: 2^60 paths.
// ONLY: O0 (-O2 makes each if/else store a select and vectorizes the sum: no fork to prune)
// VERIFY-OPTIONS: --max-forks=2000
// EXPECT-VERDICT: @assert UNREACHABLE
// EXPECT-VERDICT-NOITP: @assert UNKNOWN fork budget
// EXPECT-SUBSUMED: 118
#include <klee/klee.h>

_Bool __VERIFIER_nondet_bool(void);

#define N 60
#define BOUND 60

int x[N];

int main(void) {
  if (__VERIFIER_nondet_bool()) x[0] = 1; else x[0] = -1;
  if (__VERIFIER_nondet_bool()) x[1] = 1; else x[1] = -1;
  if (__VERIFIER_nondet_bool()) x[2] = 1; else x[2] = -1;
  if (__VERIFIER_nondet_bool()) x[3] = 1; else x[3] = -1;
  if (__VERIFIER_nondet_bool()) x[4] = 1; else x[4] = -1;
  if (__VERIFIER_nondet_bool()) x[5] = 1; else x[5] = -1;
  if (__VERIFIER_nondet_bool()) x[6] = 1; else x[6] = -1;
  if (__VERIFIER_nondet_bool()) x[7] = 1; else x[7] = -1;
  if (__VERIFIER_nondet_bool()) x[8] = 1; else x[8] = -1;
  if (__VERIFIER_nondet_bool()) x[9] = 1; else x[9] = -1;
  if (__VERIFIER_nondet_bool()) x[10] = 1; else x[10] = -1;
  if (__VERIFIER_nondet_bool()) x[11] = 1; else x[11] = -1;
  if (__VERIFIER_nondet_bool()) x[12] = 1; else x[12] = -1;
  if (__VERIFIER_nondet_bool()) x[13] = 1; else x[13] = -1;
  if (__VERIFIER_nondet_bool()) x[14] = 1; else x[14] = -1;
  if (__VERIFIER_nondet_bool()) x[15] = 1; else x[15] = -1;
  if (__VERIFIER_nondet_bool()) x[16] = 1; else x[16] = -1;
  if (__VERIFIER_nondet_bool()) x[17] = 1; else x[17] = -1;
  if (__VERIFIER_nondet_bool()) x[18] = 1; else x[18] = -1;
  if (__VERIFIER_nondet_bool()) x[19] = 1; else x[19] = -1;
  if (__VERIFIER_nondet_bool()) x[20] = 1; else x[20] = -1;
  if (__VERIFIER_nondet_bool()) x[21] = 1; else x[21] = -1;
  if (__VERIFIER_nondet_bool()) x[22] = 1; else x[22] = -1;
  if (__VERIFIER_nondet_bool()) x[23] = 1; else x[23] = -1;
  if (__VERIFIER_nondet_bool()) x[24] = 1; else x[24] = -1;
  if (__VERIFIER_nondet_bool()) x[25] = 1; else x[25] = -1;
  if (__VERIFIER_nondet_bool()) x[26] = 1; else x[26] = -1;
  if (__VERIFIER_nondet_bool()) x[27] = 1; else x[27] = -1;
  if (__VERIFIER_nondet_bool()) x[28] = 1; else x[28] = -1;
  if (__VERIFIER_nondet_bool()) x[29] = 1; else x[29] = -1;
  if (__VERIFIER_nondet_bool()) x[30] = 1; else x[30] = -1;
  if (__VERIFIER_nondet_bool()) x[31] = 1; else x[31] = -1;
  if (__VERIFIER_nondet_bool()) x[32] = 1; else x[32] = -1;
  if (__VERIFIER_nondet_bool()) x[33] = 1; else x[33] = -1;
  if (__VERIFIER_nondet_bool()) x[34] = 1; else x[34] = -1;
  if (__VERIFIER_nondet_bool()) x[35] = 1; else x[35] = -1;
  if (__VERIFIER_nondet_bool()) x[36] = 1; else x[36] = -1;
  if (__VERIFIER_nondet_bool()) x[37] = 1; else x[37] = -1;
  if (__VERIFIER_nondet_bool()) x[38] = 1; else x[38] = -1;
  if (__VERIFIER_nondet_bool()) x[39] = 1; else x[39] = -1;
  if (__VERIFIER_nondet_bool()) x[40] = 1; else x[40] = -1;
  if (__VERIFIER_nondet_bool()) x[41] = 1; else x[41] = -1;
  if (__VERIFIER_nondet_bool()) x[42] = 1; else x[42] = -1;
  if (__VERIFIER_nondet_bool()) x[43] = 1; else x[43] = -1;
  if (__VERIFIER_nondet_bool()) x[44] = 1; else x[44] = -1;
  if (__VERIFIER_nondet_bool()) x[45] = 1; else x[45] = -1;
  if (__VERIFIER_nondet_bool()) x[46] = 1; else x[46] = -1;
  if (__VERIFIER_nondet_bool()) x[47] = 1; else x[47] = -1;
  if (__VERIFIER_nondet_bool()) x[48] = 1; else x[48] = -1;
  if (__VERIFIER_nondet_bool()) x[49] = 1; else x[49] = -1;
  if (__VERIFIER_nondet_bool()) x[50] = 1; else x[50] = -1;
  if (__VERIFIER_nondet_bool()) x[51] = 1; else x[51] = -1;
  if (__VERIFIER_nondet_bool()) x[52] = 1; else x[52] = -1;
  if (__VERIFIER_nondet_bool()) x[53] = 1; else x[53] = -1;
  if (__VERIFIER_nondet_bool()) x[54] = 1; else x[54] = -1;
  if (__VERIFIER_nondet_bool()) x[55] = 1; else x[55] = -1;
  if (__VERIFIER_nondet_bool()) x[56] = 1; else x[56] = -1;
  if (__VERIFIER_nondet_bool()) x[57] = 1; else x[57] = -1;
  if (__VERIFIER_nondet_bool()) x[58] = 1; else x[58] = -1;
  if (__VERIFIER_nondet_bool()) x[59] = 1; else x[59] = -1;
  int sum = 0;
#pragma clang loop unroll(disable)
  for (int i = 0; i < N; i++) sum += x[i];
  klee_assert(-BOUND <= sum && sum <= BOUND); // @assert
  return 0;
}
