// A file of the host written (issue 16): the harness's stdin.txt (the STDIN line, in the
// working directory) opened read-only, then for writing: the write is seen through the
// read-only descriptor too (one file), truncated, renamed (the old name gone from the
// directory listing, the new one there), removed. trex copies the file into its model at the
// first opening for writing and leaves the host's alone; the native run changes the real one.
// The program never reads its stdin.
// STDIN: a line of the host
// EXPECT: exit 0
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

static int listed(const char *name) {
  DIR *d = opendir(".");
  struct dirent *e;
  int n = 0;
  while (d && (e = readdir(d)))
    n += strcmp(e->d_name, name) == 0;
  if (d)
    closedir(d);
  return n;
}

int main(void) {
  char buf[64] = {0};
  int r = open("stdin.txt", O_RDONLY);
  show("read", read(r, buf, 6));
  printf("[%s]\n", buf);
  int w = open("stdin.txt", O_RDWR);
  show("open for writing", w >= 0);
  show("lseek", lseek(w, 7, SEEK_SET));
  show("write at 7", write(w, "OF", 2));
  memset(buf, 0, sizeof buf);
  show("read the rest through the read-only descriptor", read(r, buf, sizeof buf - 1));
  printf("[%s]\n", buf);
  show("ftruncate", ftruncate(w, 3));
  struct stat st;
  show("fstat of the read-only descriptor", fstat(r, &st));
  printf("size %ld\n", (long)st.st_size);
  show("rename", rename("stdin.txt", "moved.txt"));
  printf("listed: stdin.txt %d moved.txt %d\n", listed("stdin.txt"), listed("moved.txt"));
  show("open the old name", open("stdin.txt", O_RDONLY));
  int m = open("moved.txt", O_RDONLY);
  memset(buf, 0, sizeof buf);
  show("read moved.txt", read(m, buf, sizeof buf - 1));
  printf("[%s]\n", buf);
  show("unlink", unlink("moved.txt"));
  printf("listed: moved.txt %d\n", listed("moved.txt"));
  show("ftruncate of a read-only descriptor", ftruncate(r, 0));
  return 0;
}
