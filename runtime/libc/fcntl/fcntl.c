/* fcntl(2), replacing musl's src/fcntl/fcntl.c: the same calls, but the optional third argument
 * is read only for the commands that take one. musl reads it always; natively that reads a
 * stale register, under trex it reads past the call's varargs area (an out-of-bound error on
 * every fcntl(fd, F_GETFL) and fcntl(fd, F_GETFD)). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include "syscall.h"

/* The commands that take no argument (Linux's fcntl(2)). */
static int no_arg(int cmd)
{
	switch (cmd) {
	case F_GETFD:
	case F_GETFL:
	case F_GETOWN:
	case F_GETSIG:
	case F_GETLEASE:
	case F_GETPIPE_SZ:
	case F_GET_SEALS:
		return 1;
	}
	return 0;
}

int fcntl(int fd, int cmd, ...)
{
	unsigned long arg = 0;
	if (!no_arg(cmd)) {
		va_list ap;
		va_start(ap, cmd);
		arg = va_arg(ap, unsigned long);
		va_end(ap);
	}
	if (cmd == F_SETFL) arg |= O_LARGEFILE;
	if (cmd == F_SETLKW) return syscall_cp(SYS_fcntl, fd, cmd, (void *)arg);
	if (cmd == F_GETOWN) {
		struct f_owner_ex ex;
		int ret = __syscall(SYS_fcntl, fd, F_GETOWN_EX, &ex);
		if (ret == -EINVAL) return __syscall(SYS_fcntl, fd, cmd);
		if (ret) return __syscall_ret(ret);
		return ex.type == F_OWNER_PGRP ? -ex.pid : ex.pid;
	}
	if (cmd == F_DUPFD_CLOEXEC) {
		/* The kernels trex models all have F_DUPFD_CLOEXEC (musl's fallbacks for kernels
		 * before 2.6.24 are not needed). */
		return syscall(SYS_fcntl, fd, F_DUPFD_CLOEXEC, arg);
	}
	switch (cmd) {
	case F_SETLK:
	case F_GETLK:
	case F_GETOWN_EX:
	case F_SETOWN_EX:
		return syscall(SYS_fcntl, fd, cmd, (void *)arg);
	default:
		return syscall(SYS_fcntl, fd, cmd, arg);
	}
}
