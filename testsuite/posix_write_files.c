// Files created and changed (issue 16): open with O_CREAT / O_EXCL / O_TRUNC / O_APPEND,
// creat, write and read back, lseek past the end (a hole), ftruncate / truncate, fstat / stat
// sizes and modes (the umask), access W_OK, rename over a file, unlink while open, mkdir /
// rmdir, a directory listing, and Linux's errors (EEXIST, ENOENT, ENOTDIR, EISDIR, ENOTEMPTY,
// EXDEV, EINVAL, EBADF on a read-only descriptor). trex keeps the files in its model; the native run makes
// them in the test's directory.
// EXPECT: exit 0
// x86-64 only: an i386 program compiled against glibc's headers has glibc's 32-bit
// `struct stat`, which musl's time32 `fstat` does not fill.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void show(const char *what, long r) {
  printf("%s: %ld errno %s\n", what, r, r < 0 ? strerror(errno) : "-");
  errno = 0;
}

static void contents(const char *name) {
  char buf[64];
  int fd = open(name, O_RDONLY);
  long n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
  printf("%s [", name);
  for (long i = 0; i < n; i++)
    putchar(buf[i] ? buf[i] : '0');
  printf("] %ld\n", n);
  if (fd >= 0)
    close(fd);
}

static int listed(const char *dir, const char *name) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  while (d && (e = readdir(d)))
    n += strcmp(e->d_name, name) == 0;
  if (d)
    closedir(d);
  return n;
}

int main(void) {
  struct stat st;
  umask(027);
  int fd = open("f1", O_WRONLY | O_CREAT | O_EXCL, 0666);
  show("create f1", fd >= 0);
  show("write", write(fd, "hello", 5));
  show("read of a write-only descriptor", read(fd, (char[4]){0}, 4));
  show("fstat", fstat(fd, &st));
  printf("size %ld mode %o regular %d\n", (long)st.st_size, st.st_mode & 07777,
         S_ISREG(st.st_mode));
  show("lseek past the end", lseek(fd, 8, SEEK_SET));
  show("write after a hole", write(fd, "!", 1));
  close(fd);
  contents("f1");
  show("create f1 again, O_EXCL", open("f1", O_RDWR | O_CREAT | O_EXCL, 0600));
  show("open missing", open("nothere", O_RDONLY));
  show("create an empty name", open("", O_WRONLY | O_CREAT, 0600));
  show("create in a missing directory", open("nodir/x", O_WRONLY | O_CREAT, 0600));
  show("create below a file", open("f1/x", O_WRONLY | O_CREAT, 0600));

  fd = open("f1", O_RDWR | O_APPEND);
  show("append", write(fd, "++", 2));
  show("lseek to 0", lseek(fd, 0, SEEK_SET));
  char buf[16] = {0};
  show("read back", read(fd, buf, 3));
  printf("read [%s]\n", buf);
  show("append again (at the end, not at 3)", write(fd, "$", 1));
  show("ftruncate", ftruncate(fd, 4));
  close(fd);
  contents("f1");
  show("truncate longer", truncate("f1", 6));
  contents("f1");
  show("stat", stat("f1", &st));
  printf("size %ld\n", (long)st.st_size);

  fd = creat("f2", 0644);
  show("creat f2", fd >= 0);
  show("write f2", write(fd, "second", 6));
  close(fd);
  fd = open("f2", O_WRONLY | O_TRUNC);
  show("O_TRUNC", fd >= 0);
  show("write f2", write(fd, "2nd", 3));
  close(fd);
  contents("f2");
  show("access W_OK", access("f2", W_OK));
  show("chmod-less read-only file", open("f3", O_WRONLY | O_CREAT, 0444) >= 0);
  show("reopen it for writing", open("f3", O_WRONLY));
  show("access W_OK of it", access("f3", W_OK));

  show("rename f2 over f1", rename("f2", "f1"));
  contents("f1");
  show("f2 gone", access("f2", F_OK));
  show("rename missing", rename("f2", "f4"));
  show("rename to another file system", rename("f3", "/proc/f3"));

  fd = open("f1", O_RDONLY);
  show("unlink while open", unlink("f1"));
  show("read the unlinked file", read(fd, buf, 8));
  close(fd);
  show("stat unlinked", stat("f1", &st));
  show("unlink again", unlink("f1"));

  show("mkdir d", mkdir("d", 0777));
  show("stat d", stat("d", &st));
  printf("dir %d mode %o\n", S_ISDIR(st.st_mode), st.st_mode & 07777);
  show("mkdir d again", mkdir("d", 0777));
  show("open d for writing", open("d", O_WRONLY));
  show("unlink a directory", unlink("d"));
  fd = open("d/in", O_WRONLY | O_CREAT, 0600);
  show("create d/in", fd >= 0);
  close(fd);
  printf("listed: d %d, d/in %d, f3 %d, f1 %d\n", listed(".", "d"), listed("d", "in"),
         listed(".", "f3"), listed(".", "f1"));
  show("rmdir a non-empty directory", rmdir("d"));
  show("rmdir a file", rmdir("f3"));
  show("rmdir d/.", rmdir("d/."));
  show("rename d to e", rename("d", "e"));
  contents("e/in");
  show("rename e into itself", rename("e", "e/sub"));
  show("unlink e/in", unlink("e/in"));
  show("rmdir e", rmdir("e"));
  show("stat e", stat("e", &st));
  printf("listed: e %d\n", listed(".", "e"));
  unlink("f3");
  return 0;
}
