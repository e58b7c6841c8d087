// getpwuid / getgrgid of ids the host's files lack: musl then asks nscd through a Unix socket,
// which the model's machine has not (socket fails with EAFNOSUPPORT; musl reads /dev/null
// instead): not found, as natively where no nscd runs. Before, the path ended with
// `unsupported syscall 41 (socket)` (`ls -l` of a file with such an owner).
// M32
// EXPECT: exit 0
#include <grp.h>
#include <pwd.h>
#include <stdio.h>

int main(void) {
  struct passwd *p = getpwuid(54321);
  struct group *g = getgrgid(54321);
  printf("user %s, group %s\n", p ? "found" : "none", g ? "found" : "none");
  struct passwd *root = getpwuid(0);
  printf("uid 0: %s\n", root ? root->pw_name : "none");
  return 0;
}
