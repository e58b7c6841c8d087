// Without --posix-runtime, KLEE's POSIX runtime options reach the program as they are (as in
// KLEE), with a warning suggesting --posix-runtime.
// TREX: prog.bc --sym-arg 3
// EXPECT-STDERR: trex: warning: --sym-arg is passed to the program as it is (KLEE's POSIX runtime options need --posix-runtime)
// EXPECT-STDERR: TREX: program exited with status 3
#include <string.h>
int main(int argc, char **argv) {
  return argc == 3 && strcmp(argv[1], "--sym-arg") == 0 ? 3 : 0;
}
