/* compiled with -D_FORTIFY_SOURCE=2 by run-tests.sh (see .cflags) */
#include <stdio.h>
#include <string.h>
#include <stdarg.h>

static void vp(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

int main(int argc, char **argv)
{
	char buf[32], small[8];
	const char *src = argc > 5 ? argv[1] : "hello";
	strcpy(small, src);
	strcat(small, "!!");
	printf("%s %d\n", small, (int)strlen(small));
	memcpy(buf, src, strlen(src) + 1);
	memmove(buf + 1, buf, strlen(buf) + 1);
	memset(buf, '-', 1);
	sprintf(buf + 6, "%d", argc);
	snprintf(small, sizeof small, "%s-%s", src, src);
	printf("[%s] [%s]\n", buf, small);
	fprintf(stdout, "%5.1f\n", 2.25);
	vp("%s %x\n", "vp", 255);
	strncpy(small, src, sizeof small);
	small[7] = 0;
	printf("%s\n", small);
	return 0;
}
