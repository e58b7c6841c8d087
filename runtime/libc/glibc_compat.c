#define _GNU_SOURCE
/* trex: names that code compiled against glibc's headers calls and that
 * musl does not define (musl already has __isoc99_*scanf, __ctype_b_loc,
 * __ctype_tolower_loc, __ctype_toupper_loc, __errno_location,
 * __strtol_internal & co., __xstat & co., __ctype_get_mb_cur_max).
 * Also __stack_chk_fail (replaces musl's src/env/__stack_chk_fail.c). */
#include <stdlib.h>
#include <stdint.h>
#include "libc.h"

uintptr_t __stack_chk_guard;

void __stack_chk_fail(void)
{
	abort();
}

hidden void __stack_chk_fail_local(void);
weak_alias(__stack_chk_fail, __stack_chk_fail_local);

/* ------------------------------------------------------------------ fortify
 * -D_FORTIFY_SOURCE (with optimisation) makes glibc's headers call these
 * instead of the plain functions, passing the destination object size
 * (size_t)-1 when unknown. As in glibc, an overflow is fatal: message on
 * stderr, then abort() (which trex reports as an abort failure). */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/select.h>
#include <poll.h>

_Noreturn void __chk_fail(void)
{
	static const char msg[] = "*** buffer overflow detected ***: terminated\n";
	write(2, msg, sizeof msg - 1);
	abort();
}

#define CHK(cond) do { if (cond) __chk_fail(); } while (0)

void *__memcpy_chk(void *restrict d, const void *restrict s, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return memcpy(d, s, n);
}

void *__memmove_chk(void *d, const void *s, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return memmove(d, s, n);
}

void *__mempcpy_chk(void *restrict d, const void *restrict s, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return (char *)memcpy(d, s, n) + n;
}

void *__memset_chk(void *d, int c, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return memset(d, c, n);
}

void __explicit_bzero_chk(void *d, size_t n, size_t dlen)
{
	CHK(n > dlen);
	explicit_bzero(d, n);
}

char *__strcpy_chk(char *restrict d, const char *restrict s, size_t dlen)
{
	CHK(strlen(s) >= dlen);
	return strcpy(d, s);
}

char *__stpcpy_chk(char *restrict d, const char *restrict s, size_t dlen)
{
	CHK(strlen(s) >= dlen);
	return stpcpy(d, s);
}

char *__strncpy_chk(char *restrict d, const char *restrict s, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return strncpy(d, s, n);
}

char *__stpncpy_chk(char *restrict d, const char *restrict s, size_t n, size_t dlen)
{
	CHK(n > dlen);
	return stpncpy(d, s, n);
}

char *__strcat_chk(char *restrict d, const char *restrict s, size_t dlen)
{
	CHK(strlen(d) + strlen(s) >= dlen);
	return strcat(d, s);
}

char *__strncat_chk(char *restrict d, const char *restrict s, size_t n, size_t dlen)
{
	size_t ls = strnlen(s, n);
	CHK(strlen(d) + ls >= dlen);
	return strncat(d, s, n);
}

int __vsprintf_chk(char *restrict s, int flag, size_t slen, const char *restrict fmt, va_list ap)
{
	int r;
	(void)flag;
	CHK(slen == 0);
	if (slen > INT_MAX) return vsprintf(s, fmt, ap);
	r = vsnprintf(s, slen, fmt, ap);
	CHK(r >= 0 && (size_t)r >= slen);
	return r;
}

int __sprintf_chk(char *restrict s, int flag, size_t slen, const char *restrict fmt, ...)
{
	va_list ap;
	int r;
	va_start(ap, fmt);
	r = __vsprintf_chk(s, flag, slen, fmt, ap);
	va_end(ap);
	return r;
}

int __vsnprintf_chk(char *restrict s, size_t maxlen, int flag, size_t slen, const char *restrict fmt, va_list ap)
{
	(void)flag;
	CHK(maxlen > slen);
	return vsnprintf(s, maxlen, fmt, ap);
}

int __snprintf_chk(char *restrict s, size_t maxlen, int flag, size_t slen, const char *restrict fmt, ...)
{
	va_list ap;
	int r;
	va_start(ap, fmt);
	r = __vsnprintf_chk(s, maxlen, flag, slen, fmt, ap);
	va_end(ap);
	return r;
}

int __vfprintf_chk(FILE *restrict f, int flag, const char *restrict fmt, va_list ap)
{
	(void)flag;
	return vfprintf(f, fmt, ap);
}

int __fprintf_chk(FILE *restrict f, int flag, const char *restrict fmt, ...)
{
	va_list ap;
	int r;
	(void)flag;
	va_start(ap, fmt);
	r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

int __vprintf_chk(int flag, const char *restrict fmt, va_list ap)
{
	(void)flag;
	return vfprintf(stdout, fmt, ap);
}

int __printf_chk(int flag, const char *restrict fmt, ...)
{
	va_list ap;
	int r;
	(void)flag;
	va_start(ap, fmt);
	r = vfprintf(stdout, fmt, ap);
	va_end(ap);
	return r;
}

int __vdprintf_chk(int fd, int flag, const char *restrict fmt, va_list ap)
{
	(void)flag;
	return vdprintf(fd, fmt, ap);
}

int __dprintf_chk(int fd, int flag, const char *restrict fmt, ...)
{
	va_list ap;
	int r;
	(void)flag;
	va_start(ap, fmt);
	r = vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

int __vasprintf_chk(char **s, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return vasprintf(s, fmt, ap);
}

int __asprintf_chk(char **s, int flag, const char *fmt, ...)
{
	va_list ap;
	int r;
	(void)flag;
	va_start(ap, fmt);
	r = vasprintf(s, fmt, ap);
	va_end(ap);
	return r;
}

char *__fgets_chk(char *restrict s, size_t size, int n, FILE *restrict f)
{
	CHK(n > 0 && (size_t)n > size);
	return fgets(s, n, f);
}

char *__fgets_unlocked_chk(char *restrict s, size_t size, int n, FILE *restrict f)
{
	CHK(n > 0 && (size_t)n > size);
	return fgets_unlocked(s, n, f);
}

size_t __fread_chk(void *restrict p, size_t plen, size_t size, size_t n, FILE *restrict f)
{
	size_t bytes = size * n;
	CHK((n && bytes / n != size) || bytes > plen);
	return fread(p, size, n, f);
}

size_t __fread_unlocked_chk(void *restrict p, size_t plen, size_t size, size_t n, FILE *restrict f)
{
	size_t bytes = size * n;
	CHK((n && bytes / n != size) || bytes > plen);
	return fread_unlocked(p, size, n, f);
}

char *__gets_chk(char *s, size_t size)
{
	size_t i = 0;
	int c;
	for (;;) {
		c = getchar();
		if (c == EOF || c == '\n') break;
		CHK(i + 1 >= size);
		s[i++] = c;
	}
	if (c == EOF && (i == 0 || ferror(stdin))) return 0;
	CHK(i >= size);
	s[i] = 0;
	return s;
}

ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen)
{
	CHK(n > buflen);
	return read(fd, buf, n);
}

ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
	CHK(n > buflen);
	return pread(fd, buf, n, off);
}

ssize_t __readlink_chk(const char *restrict path, char *restrict buf, size_t n, size_t buflen)
{
	CHK(n > buflen);
	return readlink(path, buf, n);
}

char *__getcwd_chk(char *buf, size_t size, size_t buflen)
{
	CHK(size > buflen);
	return getcwd(buf, size);
}

char *__realpath_chk(const char *restrict path, char *restrict resolved, size_t resolvedlen)
{
	CHK(resolvedlen < PATH_MAX);
	return realpath(path, resolved);
}

long __fdelt_chk(long d)
{
	CHK(d < 0 || d >= FD_SETSIZE);
	return d / (8 * sizeof(long));
}

int __poll_chk(struct pollfd *fds, nfds_t nfds, int timeout, size_t fdslen)
{
	CHK(fdslen / sizeof *fds < nfds);
	return poll(fds, nfds, timeout);
}

/* ------------------------------------------------------------------ math
 * glibc exports these classification functions; its <math.h> calls them
 * when the compiler's builtins are not used (older headers/compilers). */
#include <math.h>

int __isnan(double x) { return isnan(x); }
int __isnanf(float x) { return isnan(x); }
int __isnanl(long double x) { return isnan(x); }
int __isinf(double x) { return isinf(x) ? (signbit(x) ? -1 : 1) : 0; }
int __isinff(float x) { return isinf(x) ? (signbit(x) ? -1 : 1) : 0; }
int __isinfl(long double x) { return isinf(x) ? (signbit(x) ? -1 : 1) : 0; }
int __finite(double x) { return isfinite(x); }
int __finitef(float x) { return isfinite(x); }
int __finitel(long double x) { return isfinite(x); }
