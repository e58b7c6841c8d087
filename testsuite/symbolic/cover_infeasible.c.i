# 0 "/work/main/testsuite/symbolic/cover_infeasible.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "/usr/include/stdc-predef.h" 1 3 4
# 0 "<command-line>" 2
# 1 "/work/main/testsuite/symbolic/cover_infeasible.c"
# 12 "/work/main/testsuite/symbolic/cover_infeasible.c"
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int r = 0;
  if (x > 10) {
    r = 1;
    if (x < 5)
      r = 2;
  }
  if (y < 3) {
    switch (y) {
    case 7:
      r += 10;
      break;
    case 1:
      r += 20;
      break;
    default:
      r += 30;
    }
  }
  return r;
}
