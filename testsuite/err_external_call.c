// Calling a function that is declared but defined nowhere (neither in the program nor in libc).
// EXPECT: error external
// EXPECT-MESSAGE: failed external call: trex_undefined_function
// M32
#include <stdio.h>

extern int trex_undefined_function(int);

int main(void) {
    printf("calling\n");
    int r = trex_undefined_function(3); // ERROR-LINE
    printf("%d\n", r);
    return 0;
}
