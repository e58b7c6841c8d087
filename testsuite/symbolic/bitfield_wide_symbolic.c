// Symbolic bit-fields in a storage unit wider than 128 bits (a packed struct: one i152 load,
// fields by shifts and masks, legalized into 64-bit limbs): a branch on a 60-bit field
// spanning two limbs, on a signed field, a write back and an assertion that one input
// violates. Paths: (b == K: c > 1000 or not) + (b != K: a < 0 or not) = 4; the assertion
// fails on both sides of c > 1000 (reported once).
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 5
// EXPECT-ERRORS: assert 35
#include <klee/klee.h>

#pragma pack(push, 1)
struct S {
    unsigned long long u : 60, b : 60, c : 30;
    long long a : 60;
};
#pragma pack(pop)

static volatile int sink;
__attribute__((noinline)) static void r1(void) { sink += 1; }
__attribute__((noinline)) static void r2(void) { sink += 2; }
__attribute__((noinline)) static void r3(void) { sink += 3; }
__attribute__((noinline)) static void r4(void) { sink += 4; }

int main(void) {
    struct S s;
    klee_make_symbolic(&s, sizeof s, "s");
    if (s.b == 0x0fedcba987654321ULL) {
        if (s.c > 1000)
            r1();
        else
            r2();
        s.u = s.b + s.c;
        /* Fails when c's low byte is 5 (0x21 + 5 = 0x26). */
        klee_assert((s.u & 0xff) != 0x26);
    } else if (s.a < 0) {
        r3();
    } else {
        r4();
    }
    return 0;
}
