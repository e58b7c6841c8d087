// --env-file: the program's environment, one NAME=value per line (KLEE's format).
// CREATE: env.txt | GREETING=hello
// CREATE: env.txt |
// CREATE: env.txt |   COUNT=3
// TREX: -env-file=env.txt prog.bc
// TREX: -env-file env.txt prog.bc
// EXPECT-STDOUT: GREETING=hello
// EXPECT-STDOUT: COUNT=3
// EXPECT-STDERR: TREX: program exited with status 0
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *g = getenv("GREETING"), *c = getenv("COUNT");
  printf("GREETING=%s\n", g ? g : "(none)");
  printf("COUNT=%s\n", c ? c : "(none)");
  return 0;
}
