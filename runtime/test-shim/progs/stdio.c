#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

/* Reads stdin (progs/stdio.stdin) through glibc's inline/unlocked macros,
 * which access FILE fields directly: _IO_read_ptr/_IO_read_end,
 * _IO_write_ptr/_IO_write_end, _flags (EOF/ERR bits) and call
 * __uflow/__overflow. */
int main(void)
{
	char line[64];
	int c, n = 0, lines = 0;
	if (fgets(line, sizeof line, stdin)) printf("fgets [%s]", line);
	c = getc(stdin);
	ungetc(c, stdin);
	printf("getc/ungetc %c %c\n", c, getchar());
	int a, b;
	if (scanf("%d %d", &a, &b) == 2) printf("scanf %d %d\n", a, b);
	while ((c = getc_unlocked(stdin)) != EOF) {
		n++;
		if (c == '\n') lines++;
		putc_unlocked(c >= 'a' && c <= 'z' ? c - 32 : c, stdout);
	}
	printf("n=%d lines=%d feof=%d ferror=%d feof_unlocked=%d\n", n, lines, feof(stdin) != 0,
	       ferror(stdin) != 0, feof_unlocked(stdin) != 0);
	for (c = 0; c < 5; c++) putchar_unlocked('0' + c);
	putchar('\n');
	fputc_unlocked('!', stdout);
	fputs_unlocked("\n", stdout);
	fwrite("fwrite\n", 1, 7, stdout);
	fprintf(stdout, "%s %d\n", "fprintf", fileno(stdout));
	fflush(stdout);
	dprintf(1, "dprintf after flush\n");
	setvbuf(stdout, 0, _IOFBF, 0);
	printf("buffered ");
	fprintf(stderr, "stderr unbuffered\n");
	printf("then flushed at exit\n");
	return 0;
}
