// Symbolic values passed to variadic functions (issue 16: tail's error calls): ints summed
// through va_arg, a symbolic pointer, a struct by value and a symbolic double read back by
// va_arg, and printf("%d") of a symbolic int. The values stay symbolic through the va_list:
// sum(x, y) == 150 forks; mixed(...) is arr[x & 1] + x + y (+ 0: the double is compared, made
// concrete, one warning) and equals 60 only when x + y is 40 or 50, so only where the sum is
// not 150: 3 paths; printf of z in [0, 100) takes 3 ways in musl's fmt_u (z == 0, one digit,
// two digits): 9 paths.
// EXPECT-PATHS: 9
// EXPECT-TESTS: 9
// EXPECT-ERRORS: none
// EXPECT-WARNING: 1 silently concretizing (reason: floating point)
#include <klee/klee.h>
#include <stdarg.h>
#include <stdio.h>

struct pair {
  int a, b;
};

static volatile int sink;
__attribute__((noinline)) static void hit(int k) { sink = k; }

__attribute__((noinline)) static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

__attribute__((noinline)) static int mixed(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int *p = va_arg(ap, int *);
  struct pair q = va_arg(ap, struct pair);
  double d = va_arg(ap, double);
  va_end(ap);
  return *p + q.a + q.b + (d > 0.5);
}

int main(void) {
  int x = klee_int("x"), y = klee_int("y"), z = klee_int("z");
  double d;
  klee_make_symbolic(&d, sizeof d, "d");
  klee_assume((x >= 0) & (x < 100) & (y >= 0) & (y < 100) & (z >= 0) & (z < 100));
  if (sum(2, x, y) == 150)
    hit(1);
  int arr[2] = {10, 20};
  struct pair q = {x, y};
  if (mixed(3, &arr[x & 1], q, d) == 60)
    hit(2);
  printf("%d\n", z);
  return 0;
}
