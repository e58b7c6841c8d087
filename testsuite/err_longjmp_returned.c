// longjmp to a jmp_buf whose setjmp caller has returned: undefined in C, a clear error.
// EXPECT: error exec
// EXPECT-MESSAGE: longjmp to a jmp_buf not set by setjmp in a function still running (undefined behaviour)
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static int set(void) {
    if (setjmp(env) != 0)
        return 1;
    return 0;
}

int main(void) {
    printf("set returned %d\n", set());
    longjmp(env, 1); // ERROR-LINE
    return 0;
}
