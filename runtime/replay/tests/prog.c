/* Test program for libtrexreplay: argv[1] picks the scenario; the inputs come
 * from KTEST_FILE. Prints what it got on stdout. */
#include <klee/klee.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hex(const char *label, const void *p, size_t n) {
  const unsigned char *b = p;
  printf("%s=", label);
  for (size_t i = 0; i < n; i++)
    printf("%02x", b[i]);
  printf(" ");
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";

  if (!strcmp(mode, "order")) {
    int a;
    char buf[5];
    short s;
    long long ll;
    double d;
    klee_make_symbolic(&a, sizeof a, "a");
    klee_make_symbolic(buf, sizeof buf, "buf");
    klee_make_symbolic(&s, sizeof s, "s");
    klee_make_symbolic(&ll, sizeof ll, "ll");
    klee_make_symbolic(&d, sizeof d, "d");
    int k = klee_int("k");
    int r = klee_range(-5, 10, "r");
    int one = klee_range(3, 4, "one"); /* one value: no object */
    uintptr_t c = klee_choose(5);
    printf("a=%d ", a);
    hex("buf", buf, sizeof buf);
    printf("s=%d ll=%lld d=%g k=%d r=%d one=%d c=%" PRIuPTR "\n", s, ll, d, k,
           r, one, c);
    return 0;
  }
  if (!strcmp(mode, "one")) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    printf("x=%d\n", x);
    return 0;
  }
  if (!strcmp(mode, "two")) {
    int x, y;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    printf("x=%d y=%d\n", x, y);
    return 0;
  }
  if (!strcmp(mode, "unnamed")) {
    int x;
    klee_make_symbolic(&x, sizeof x, NULL);
    printf("x=%d\n", x);
    return 0;
  }
  if (!strcmp(mode, "assume")) {
    int x = klee_int("x");
    klee_assume(x > 10);
    printf("x=%d\n", x);
    return 0;
  }
  if (!strcmp(mode, "vassume")) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 10);
    printf("x=%d\n", x);
    return 0;
  }
  if (!strcmp(mode, "assert")) {
    int x = klee_int("x");
    klee_assert(x != 42);
    printf("x=%d\n", x);
    return 0;
  }
  if (!strcmp(mode, "svcomp")) {
    int i = __VERIFIER_nondet_int();
    char c = __VERIFIER_nondet_char();
    void *p = __VERIFIER_nondet_pointer();
    _Bool b = __VERIFIER_nondet_bool();
    unsigned u = __VERIFIER_nondet_uint();
    long l = __VERIFIER_nondet_long();
    unsigned char uc = __VERIFIER_nondet_uchar();
    printf("i=%d c=%d p=%#" PRIxPTR " b=%d u=%u l=%ld uc=%u\n", i, c,
           (uintptr_t)p, b, u, l, uc);
    if (i == 7)
      reach_error(); /* the library's: prints and aborts */
    return 0;
  }
  if (!strcmp(mode, "range")) {
    int r = klee_range(0, 10, "r");
    printf("r=%d\n", r);
    return 0;
  }
  if (!strcmp(mode, "choose")) {
    uintptr_t c = klee_choose(3);
    printf("c=%" PRIuPTR "\n", c);
    return 0;
  }
  if (!strcmp(mode, "silent")) {
    klee_silent_exit(7);
  }
  if (!strcmp(mode, "report")) {
    klee_report_error("prog.c", 99, "user says no", "user");
  }
  if (!strcmp(mode, "misc")) {
    int x = 5;
    klee_warning_once("once");
    klee_warning_once("once");
    klee_warning("twice");
    klee_warning("twice");
    klee_prefer_cex(&x, x > 3);
    printf("sym=%u replay=%u gv=%d %ld %lld %g %g %" PRId64 "\n",
           klee_is_symbolic((uintptr_t)x), klee_is_replay(),
           klee_get_value_i32(x), klee_get_valuel(6L), klee_get_valuell(7LL),
           klee_get_valuef(1.5f), klee_get_valued(2.5),
           klee_get_value_i64(8));
    return 0;
  }
  fprintf(stderr, "prog: unknown mode \"%s\"\n", mode);
  return 2;
}
