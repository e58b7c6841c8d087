// Reaching __builtin_unreachable() (an LLVM `unreachable` instruction): an `exec` error.
// ONLY: O0   (at -O2 LLVM uses the unreachable to delete the path that reaches it)
// EXPECT: error exec
// M32
#include <stdio.h>

static volatile int mode = 3;

static int decode(int m) {
    switch (m) {
    case 0: return 10;
    case 1: return 20;
    case 2: return 30;
    }
    __builtin_unreachable(); // ERROR-LINE
}

int main(void) {
    printf("decoding\n");
    printf("%d\n", decode(mode));
    return 0;
}
