// atexit handlers run in reverse order of registration at exit (both return from main and exit()).
// EXPECT: exit 5
// M32
#include <stdio.h>
#include <stdlib.h>

static int counter;
static void first(void) { printf("first handler, counter %d\n", counter); }
static void second(void) { counter += 10; printf("second handler\n"); }
static void third(void) { printf("third handler\n"); fflush(stdout); }

int main(void) {
    atexit(first);
    atexit(second);
    atexit(third);
    counter = 1;
    printf("main body\n");
    exit(5);
}
