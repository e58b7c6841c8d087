// Directory listing (getdents64 through opendir/readdir: ".", "..", entry types, rewinddir,
// telldir/seekdir, openat relative to the directory), readlink/readlinkat, stat of /dev
// entries, and the terminal ioctls on the standard descriptors (not terminals: ENOTTY),
// against the native run.
// EXPECT: exit 0
// (No -m32 variant: glibc's i386 struct dirent, which the test suite's headers declare, has
// 32-bit d_ino and d_off; musl's, which readdir fills, 64-bit ones.)
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void show_link(const char *path, size_t size) {
    char buf[PATH_MAX];
    errno = 0;
    ssize_t n = readlink(path, buf, size);
    if (n < 0)
        printf("readlink %s: -1 (%s)\n", path,
               errno == EINVAL ? "EINVAL" : errno == ENOENT ? "ENOENT" : "other");
    else
        printf("readlink %s (%zu): %.*s\n", path, size, (int)n, buf);
}

int main(void) {
    /* The directory of this source file (the test suite: its contents are the same for the
       native run and trex's). */
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", __FILE__);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(dir, ".");

    DIR *d = opendir(dir);
    if (!d) {
        printf("opendir failed\n");
        return 1;
    }
    int n = 0, dots = 0, setjmps = 0;
    char *names[4096];
    long pos3 = -1;
    char third_next[256] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            dots += e->d_type == DT_DIR;
        if (!strcmp(e->d_name, "README.md"))
            printf("README.md is %s\n", e->d_type == DT_REG ? "a regular file" : "not regular");
        if (!strcmp(e->d_name, "symbolic"))
            printf("symbolic is %s\n", e->d_type == DT_DIR ? "a directory" : "not a directory");
        if (!strncmp(e->d_name, "setjmp", 6))
            setjmps++;
        if (n < 4096)
            names[n] = strdup(e->d_name);
        n++;
        if (n == 3)
            pos3 = telldir(d);
        else if (n == 4)
            snprintf(third_next, sizeof third_next, "%s", e->d_name);
    }
    printf("entries > 100: %d, dot entries: %d, setjmp*: %d\n", n > 100, dots, setjmps);
    qsort(names, n < 4096 ? n : 4096, sizeof names[0], cmp);
    printf("first sorted: %s %s %s\n", names[0], names[1], names[2]);

    rewinddir(d);
    int again = 0;
    while (readdir(d) != NULL)
        again++;
    printf("after rewinddir: %s\n", again == n ? "same count" : "different count");
    seekdir(d, pos3);
    e = readdir(d);
    printf("after seekdir: %s\n", e && !strcmp(e->d_name, third_next) ? "same entry" : "other");

    int fd = openat(dirfd(d), "README.md", O_RDONLY);
    char line[32] = "";
    if (fd >= 0 && read(fd, line, 10) == 10)
        printf("README.md starts with: %.10s\n", line);
    close(fd);
    closedir(d);
    errno = 0;
    printf("opendir of a file: %s\n",
           opendir(__FILE__) == NULL && errno == ENOTDIR ? "ENOTDIR" : "other");

    show_link("/dev/stdin", sizeof line);
    show_link("/dev/stdin", 4);
    show_link("/bin", PATH_MAX);
    show_link(__FILE__, PATH_MAX);
    show_link("/nonexistent/link", PATH_MAX);
    char buf[64];
    int root = open("/", O_RDONLY | O_DIRECTORY);
    ssize_t k = readlinkat(root, "lib", buf, sizeof buf);
    printf("readlinkat(/, lib): %.*s\n", k < 0 ? 2 : (int)k, k < 0 ? "-1" : buf);
    close(root);

    struct stat st;
    printf("stat /dev: %d, a directory: %d\n", stat("/dev", &st), S_ISDIR(st.st_mode));
    printf("stat /dev/zero: %d, a character device: %d\n", stat("/dev/zero", &st),
           S_ISCHR(st.st_mode));

    printf("lstat /dev/stdin: %d, a link: %d\n", lstat("/dev/stdin", &st), S_ISLNK(st.st_mode));

    struct winsize ws;
    struct termios t;
    for (int i = 0; i < 3; i++) {
        errno = 0;
        int a = ioctl(i, TIOCGWINSZ, &ws);
        int ea = errno;
        errno = 0;
        int b = tcgetattr(i, &t);
        printf("fd %d: TIOCGWINSZ %d %s, tcgetattr %d %s, isatty %d\n", i, a,
               ea == ENOTTY ? "ENOTTY" : "?", b, errno == ENOTTY ? "ENOTTY" : "?", isatty(i));
    }
    errno = 0;
    printf("ioctl on a closed descriptor: %d %s\n", ioctl(42, TIOCGWINSZ, &ws),
           errno == EBADF ? "EBADF" : "?");
    return 0;
}
