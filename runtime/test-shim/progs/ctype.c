#include <stdio.h>
#include <ctype.h>

int dump_tables(void);

int main(void)
{
	int c;
	unsigned long h = 0;
	for (c = -1; c < 256; c++) {
		int v = (!!isalpha(c)) | (!!isdigit(c)) << 1 | (!!isspace(c)) << 2 | (!!isupper(c)) << 3 |
			(!!islower(c)) << 4 | (!!isalnum(c)) << 5 | (!!ispunct(c)) << 6 | (!!isprint(c)) << 7 |
			(!!isgraph(c)) << 8 | (!!iscntrl(c)) << 9 | (!!isxdigit(c)) << 10 | (!!isblank(c)) << 11;
		if (c >= 0 && c < 128) printf("%3d %03x %3d %3d\n", c, v, tolower(c), toupper(c));
		else h = h * 31 + v * 7 + tolower(c) * 3 + toupper(c);
	}
	printf("high %lu\n", h);
	dump_tables();
	return 0;
}

/* glibc's table accessors (the names glibc's ctype.h macros use) */
const unsigned short **__ctype_b_loc(void);
const int **__ctype_tolower_loc(void);
const int **__ctype_toupper_loc(void);

int dump_tables(void)
{
	const unsigned short *b = *__ctype_b_loc();
	const int *l = *__ctype_tolower_loc(), *u = *__ctype_toupper_loc();
	for (int c = -128; c < 256; c++) printf("%d:%x:%d:%d ", c, b[c], l[c], u[c]);
	printf("\n");
	return 0;
}
