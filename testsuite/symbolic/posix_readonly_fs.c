// The calls that would change the file system in ways the model does not keep (chmod, chown,
// link, symlink, fchmod) fail as on a read-only file system, after Linux's own checks: ENOENT
// for a missing file or directory, EEXIST for an existing target, EBADF for descriptors, then
// EROFS. (Files created, written, truncated, renamed, removed: posix_write_files.c; here only
// their errors.)
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
  assert(fails_with(unlink("/nonexistent/file"), ENOENT));
  assert(fails_with(rmdir("/nonexistent/dir"), ENOENT));
  assert(fails_with(rename("no-such-file-here", "elsewhere"), ENOENT));
  assert(fails_with(mkdir(".", 0755), EEXIST));
  assert(fails_with(mkdir("/nonexistent/dir", 0755), ENOENT));
  assert(fails_with(symlink("target", __FILE__), EEXIST));
  assert(fails_with(link(__FILE__, "new-link"), EROFS));
  assert(fails_with(truncate("no-such-file-here", 0), ENOENT));
  assert(fails_with(fchmod(99, 0600), EBADF));
  assert(fails_with(fchmod(0, 0600), EROFS));
  assert(fails_with(ftruncate(1, 0), EINVAL));
  assert(fails_with(unlink("no-such-file-here"), ENOENT));
  assert(fails_with(unlinkat(AT_FDCWD, "no-such-file-here", 0), ENOENT));
  assert(fails_with(mkdirat(AT_FDCWD, "/", 0755), EEXIST));
  printf("read-only file system for these\n");
  return 0;
}
