// verify: targets reachable only after several iterations, in loops the abstraction must
// handle exactly (each case would be a wrong UNREACHABLE if it did not): an inner loop
// entered again after it was left (its mark must go when the path leaves its body), a loop in
// a function called twice (marks belong to a frame), a loop whose callee writes through a
// pointer argument (not abstractable: unknown writes), a loop writing a global array element (the
// whole array is havocked). All REACHABLE.
// VERIFY-OPTIONS: --max-time=30s
// EXPECT-VERDICT: @nested REACHABLE
// EXPECT-VERDICT: @twice REACHABLE
// EXPECT-VERDICT: @callee_ptr REACHABLE
// EXPECT-VERDICT: @global_array REACHABLE
#include <klee/klee.h>
extern void reach_error(void);
int g;
int arr[4];

void count(unsigned m) {
  unsigned c = 0;
  while (c < m)
    c++;
  g += c;
}

void inc(int *p) { *p += 1; }

int main(void) {
  unsigned k;
  klee_make_symbolic(&k, sizeof k, "k");
  int n = 0;
  int *pn = &n;
  for (int i = 0; i < 4; i++) {
    int j = 0;
    while (j < (int)(k & 3))
      j++;
    *pn += 1;
    if (n == 3 && j == 2)
      reach_error(); // @nested
  }
  count(k & 3);
  count((k >> 2) & 3);
  if (g == 5)
    reach_error(); // @twice
  int y = 0;
  while (y < (int)((k >> 4) & 7))
    inc(&y);
  if (y == 6)
    reach_error(); // @callee_ptr
  for (unsigned i = 0; i < ((k >> 7) & 3); i++)
    arr[2] = (int)i + 1;
  if (arr[2] == 3)
    reach_error(); // @global_array
  return 0;
}
