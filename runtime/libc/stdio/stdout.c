/* trex: stdout unbuffered, as stderr is (musl's own stdout.c buffers it, fully when it is
 * not a terminal, and under trex it never is). A path that ends with an error ends without
 * musl's exit-time flush: with a buffer, what the program printed before the error would be
 * lost, where KLEE's C library shows it. No line buffering either (lbf -1): musl's search for
 * the last newline of each write would fork on symbolic bytes. The first write still asks
 * whether stdout is a terminal (__stdout_write's TIOCGWINSZ), as a C library's start-up does
 * (a symbolic stdout forks on it, as in KLEE). */
#include "stdio_impl.h"

#undef stdout

static unsigned char buf[UNGET];
hidden FILE __stdout_FILE = {
	.buf = buf+UNGET,
	.buf_size = 0,
	.fd = 1,
	.flags = F_PERM | F_NORD,
	.lbf = -1,
	.write = __stdout_write,
	.seek = __stdio_seek,
	.close = __stdio_close,
	.lock = -1,
};
FILE *const stdout = &__stdout_FILE;
FILE *volatile __stdout_used = &__stdout_FILE;
