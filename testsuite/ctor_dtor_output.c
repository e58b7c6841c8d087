// Constructors run before main; destructors run at exit after the atexit handlers, and their
// output is flushed (it was lost when the C library's exit path skipped llvm.global_dtors).
// EXPECT: exit 3
// M32
#include <stdio.h>
#include <stdlib.h>

static int order;

__attribute__((constructor)) static void setup(void) { order = 1; }
__attribute__((destructor)) static void teardown(void) { printf("destructor sees order %d\n", order); }
static void handler(void) { order = 7; printf("atexit handler\n"); }

int main(void) {
  printf("main sees order %d\n", order);
  atexit(handler);
  exit(3);
}
