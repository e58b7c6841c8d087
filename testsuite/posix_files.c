// System calls on files by name (issue 16): open/openat, read, pread, lseek, fstat/stat/lstat,
// dup/dup2/fcntl sharing offsets, close, access, /dev/null, /dev/stdin, O_CREAT on an existing
// file, errors (ENOENT, EBADF, EISDIR, ENOTDIR, EEXIST, ERANGE, ENOTTY), isatty, getcwd, uname,
// clocks, limits, ids, signals.
// The program reads its own source file (__FILE__, an absolute path).
// EXPECT: exit 0
// x86-64 only: an i386 program compiled against glibc's headers has glibc's 88-byte 32-bit
// `struct stat`, which musl's time32 `fstat` does not fill (it copies its own, larger one).
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static unsigned sum(const unsigned char *b, long n) {
  unsigned h = 5381;
  for (long i = 0; i < n; i++)
    h = h * 33 + b[i];
  return h;
}

int main(void) {
  static unsigned char buf[1 << 16];
  int fd = open(__FILE__, O_RDONLY);
  if (fd < 0)
    return 1;
  struct stat st, st2, st3;
  if (fstat(fd, &st) != 0 || stat(__FILE__, &st2) != 0 || lstat(__FILE__, &st3) != 0)
    return 2;
  printf("regular %d, same inode %d %d, size matches %d\n", S_ISREG(st.st_mode) != 0,
         st.st_ino == st2.st_ino, st.st_dev == st3.st_dev, st.st_size == st2.st_size);
  long n = 0, k;
  while ((k = read(fd, buf + n, 100)) > 0)
    n += k;
  printf("read %d (size %d), sum %u, eof read %ld\n", n == (long)st.st_size, n > 1000,
         sum(buf, n), (long)read(fd, buf, 10));
  printf("lseek end %d, set %ld, cur %ld\n", lseek(fd, 0, SEEK_END) == n,
         (long)lseek(fd, 7, SEEK_SET), (long)lseek(fd, 3, SEEK_CUR));
  char small[8] = {0};
  printf("pread %ld '%.5s', offset kept %ld\n", (long)pread(fd, small, 5, 3), small,
         (long)lseek(fd, 0, SEEK_CUR));
  int d = dup(fd);
  lseek(d, 20, SEEK_SET);
  printf("dup shares offset %ld\n", (long)lseek(fd, 0, SEEK_CUR));
  int d2 = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  printf("F_DUPFD_CLOEXEC >= 10 %d, cloexec %d, getfl %d\n", d2 >= 10, fcntl(d2, F_GETFD),
         fcntl(d2, F_GETFL) & O_ACCMODE);
  if (dup2(d, 7) != 7)
    return 3;
  printf("dup2 read %ld\n", (long)read(7, small, 4));
  printf("closes %d %d %d %d, again %d errno EBADF %d\n", close(d), close(d2), close(7),
         close(fd), close(fd), errno == EBADF);
  errno = 0;
  printf("missing: %d ENOENT %d\n", open("/nonexistent/file", O_RDONLY), errno == ENOENT);
  int dir = open("/", O_RDONLY | O_DIRECTORY);
  errno = 0;
  printf("dir open %d, read %ld EISDIR %d\n", dir >= 0, (long)read(dir, buf, 4), errno == EISDIR);
  int rel = openat(dir, "nonexistent-here", O_RDONLY);
  printf("openat missing %d\n", rel);
  close(dir);
  errno = 0;
  printf("O_DIRECTORY on a file %d ENOTDIR %d\n", open(__FILE__, O_RDONLY | O_DIRECTORY),
         errno == ENOTDIR);
  int cr = open(__FILE__, O_RDONLY | O_CREAT, 0644);
  errno = 0;
  printf("O_CREAT on an existing file %d, O_EXCL %d EEXIST %d\n", cr >= 0,
         open(__FILE__, O_RDONLY | O_CREAT | O_EXCL, 0644), errno == EEXIST);
  close(cr);
  struct stat sin, fin;
  printf("stat /dev/stdin %d, as fstat(0) %d\n", stat("/dev/stdin", &sin),
         fstat(0, &fin) == 0 && sin.st_mode == fin.st_mode && sin.st_size == fin.st_size);
  int in = open("/dev/stdin", O_RDONLY);
  printf("/dev/stdin %d, read %ld\n", in >= 0, (long)read(in, buf, 10));
  close(in);
  int nul = open("/dev/null", O_RDWR);
  printf("/dev/null read %ld write %ld\n", (long)read(nul, buf, 10), (long)write(nul, "abc", 3));
  close(nul);
  printf("access R_OK %d, missing %d ENOENT %d\n", access(__FILE__, R_OK),
         access("/nonexistent", F_OK), errno == ENOENT);
  errno = 0;
  printf("isatty(1) %d ENOTTY %d\n", isatty(1), errno == ENOTTY);
  char cwd[4096];
  printf("getcwd %d, too small %d ERANGE %d\n", getcwd(cwd, sizeof cwd) == cwd && cwd[0] == '/',
         getcwd(cwd, 1) == NULL, errno == ERANGE);
  struct utsname u;
  printf("uname %d %s\n", uname(&u), u.sysname);
  struct timespec t1, t2;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  clock_gettime(CLOCK_MONOTONIC, &t2);
  printf("monotonic %d, realtime after 2020 %d\n",
         t2.tv_sec > t1.tv_sec || (t2.tv_sec == t1.tv_sec && t2.tv_nsec >= t1.tv_nsec),
         time(NULL) > 1577836800);
  struct rlimit rl;
  printf("getrlimit %d, cur <= max %d\n", getrlimit(RLIMIT_NOFILE, &rl),
         rl.rlim_max == RLIM_INFINITY || rl.rlim_cur <= rl.rlim_max);
  printf("ids %d %d\n", getuid() == geteuid(), getgid() == getegid());
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_IGN;
  printf("sigaction %d old default %d, again %d\n", sigaction(SIGPIPE, &sa, &old),
         old.sa_handler == SIG_DFL, sigaction(SIGINT, NULL, &old));
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  printf("sigprocmask %d\n", sigprocmask(SIG_BLOCK, &set, NULL));
  umask(077);
  printf("umask %o\n", (unsigned)umask(022));
  return 0;
}
