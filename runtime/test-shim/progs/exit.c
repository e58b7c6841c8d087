#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

static void h1(void) { printf("atexit 1\n"); }
static void h2(void) { printf("atexit 2 (runs first)\n"); }

static void deep(int n)
{
	if (n == 0) {
		printf("exiting from depth, buffered output is flushed\n");
		exit(7);
	}
	deep(n - 1);
}

int main(int argc, char **argv, char **envp)
{
	int n = 0;
	atexit(h1);
	atexit(h2);
	for (; envp[n]; n++);
	printf("argc=%d envc=%d env0=%s\n", argc, n, envp[0]);
	errno = 0;
	printf("strtoul errno %d\n", (strtoul("99999999999999999999999", 0, 10), errno));
	errno = ENOENT;
	perror("perror");
	printf("strerror(EINVAL)=%s strerror(0)=%s\n", strerror(EINVAL), strerror(0));
	printf("getpid works %d\n", getpid() > 0);
	deep(10);
	return 0;
}
