// readlink of a name the input decides (issue 16: ls -L canonicalizes its argument): the name
// is made concrete as open's is (KLEE's __concretize_string) unless it names the symbolic
// file A, whose readlink is KLEE's: a link (its symbolic mode says so) to "A", else EINVAL.
// Paths: "A" a link (exit 0) or not (exit 1); another name forks as __concretize_string does
// at its first character (empty, "/", one other value: each exit 1): 5.
// RUN: --posix-runtime prog.bc --sym-arg 1 --sym-files 1 4
// EXPECT-DONE: completed paths = 5
// EXPECT-DONE: generated tests = 5
// EXPECT-COUNT: .err 0
// NATIVE-SKIP: A-data-stat link (KLEE's readlink of a link answers its own name, "A"; klee-replay's A is a link to A.lnk in the replay directory, a longer name)
#include <unistd.h>

int main(int argc, char **argv) {
  char buf[8];
  ssize_t r = readlink(argv[1], buf, sizeof buf);
  if (r == 1)
    return buf[0] == 'A' ? 0 : 3;
  return r < 0 ? 1 : 2;
}
