// setjmp/longjmp: nested jumps, a jump across several frames, longjmp(env, 0) returning 1,
// locals kept in memory (volatile) across the jump, and setjmp repeated in a loop.
// EXPECT: exit 0
// M32
#include <setjmp.h>
#include <stdio.h>

static jmp_buf outer, inner;
static int depth_reached;

static void deep(int n, int val) {
    char pad[32];
    pad[n % 32] = (char)n;
    if (n == 0) {
        depth_reached = pad[0] + 100;
        longjmp(outer, val);
    }
    deep(n - 1, val);
    printf("not reached %d\n", pad[n % 32]);
}

static int jump_inner(int k) {
    if (k > 2)
        longjmp(inner, k * 10);
    return k;
}

int main(void) {
    volatile int count = 0;
    int r = setjmp(outer);
    printf("outer setjmp returned %d (count %d)\n", r, count);
    count++;
    if (r == 0)
        deep(5, 7);
    else if (r == 7)
        deep(3, 0); /* longjmp with 0: setjmp returns 1 */
    printf("depth reached %d\n", depth_reached);

    /* Nested: an inner buffer set and jumped to while the outer one stays valid. */
    volatile int sum = 0;
    for (volatile int k = 0; k < 5; k++) {
        int v = setjmp(inner); /* the same call site each iteration */
        if (v != 0) {
            sum += v;
            continue;
        }
        sum += jump_inner(k);
    }
    printf("sum %d\n", sum);

    /* The outer buffer still designates main's live frame. */
    if (count < 4)
        longjmp(outer, 9);
    printf("count %d\n", count);
    return 0;
}
