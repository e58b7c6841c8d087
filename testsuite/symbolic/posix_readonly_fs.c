// The calls that would change the file system fail as on a read-only file system (the model's
// host files are read-only), after Linux's own checks: ENOENT for a missing file or directory,
// EEXIST for an existing target, EBADF / EINVAL for descriptors, then EROFS.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
// NO-REPLAY (natively the file system is writable: the calls would succeed)
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails_with(int r, int e) { return r == -1 && errno == e; }

int main(void) {
  assert(fails_with(chmod(__FILE__, 0600), EROFS));
  assert(fails_with(chmod("/nonexistent/file", 0600), ENOENT));
  assert(fails_with(chown(__FILE__, 0, 0), EROFS));
  assert(fails_with(unlink("no-such-file-here"), EROFS));
  assert(fails_with(unlink("/nonexistent/file"), ENOENT));
  assert(fails_with(rmdir("/nonexistent/dir"), ENOENT));
  assert(fails_with(rename(__FILE__, "elsewhere"), EROFS));
  assert(fails_with(rename("no-such-file-here", "elsewhere"), ENOENT));
  assert(fails_with(mkdir(".", 0755), EEXIST));
  assert(fails_with(mkdir("new-dir", 0755), EROFS));
  assert(fails_with(mkdir("/nonexistent/dir", 0755), ENOENT));
  assert(fails_with(symlink("target", __FILE__), EEXIST));
  assert(fails_with(link(__FILE__, "new-link"), EROFS));
  assert(fails_with(truncate(__FILE__, 0), EROFS));
  assert(fails_with(truncate("no-such-file-here", 0), ENOENT));
  assert(fails_with(fchmod(99, 0600), EBADF));
  assert(fails_with(fchmod(0, 0600), EROFS));
  assert(fails_with(ftruncate(1, 0), EINVAL));
  assert(fails_with(unlinkat(AT_FDCWD, "no-such-file-here", 0), EROFS));
  assert(fails_with(mkdirat(AT_FDCWD, "/", 0755), EEXIST));
  assert(fails_with(open("new-file", O_WRONLY | O_CREAT, 0644), EROFS));
  printf("read-only file system\n");
  return 0;
}
