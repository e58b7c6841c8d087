#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>

static void show(const char *label, const char *p, const char *base)
{
	if (p) printf("%s: offset %ld (%s)\n", label, (long)(p - base), p);
	else printf("%s: NULL\n", label);
}

int main(int argc, char **argv)
{
	char buf[64], buf2[64];
	const char *s = "The quick brown fox jumps over the lazy dog";
	printf("strlen %zu %zu\n", strlen(s), strlen(""));
	printf("strnlen %zu %zu\n", strnlen(s, 10), strnlen(s, 100));
	show("strchr o", strchr(s, 'o'), s);
	show("strchr nul", strchr(s, 0), s);
	show("strchr z?", strchr(s, 'Z'), s);
	show("strrchr o", strrchr(s, 'o'), s);
	show("strstr fox", strstr(s, "fox"), s);
	show("strstr empty", strstr(s, ""), s);
	show("strstr none", strstr(s, "cat"), s);
	show("strstr dog", strstr(s, "dog"), s);
	show("strpbrk", strpbrk(s, "xyz"), s);
	show("memchr", memchr(s, 'q', 10), s);
	show("memrchr", memrchr(s, 'o', strlen(s)), s);
	show("memmem", memmem(s, strlen(s), "lazy", 4), s);
	show("strchrnul", strchrnul(s, '#'), s);
	printf("strspn %zu strcspn %zu\n", strspn(s, "Teh "), strcspn(s, "qk"));
	printf("strcmp %d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0, strcmp("x", "x"));
	printf("strncmp %d %d\n", strncmp("abcdef", "abcxyz", 3), strncmp("abc", "abd", 3) < 0);
	printf("strcasecmp %d %d\n", strcasecmp("HeLLo", "hello"), strncasecmp("ABCx", "abcy", 3));
	printf("memcmp %d %d\n", memcmp("abc", "abc", 3), memcmp("\x01", "\xff", 1) < 0);
	strcpy(buf, "hello");
	strcat(buf, ", world");
	printf("strcpy/strcat [%s]\n", buf);
	strncpy(buf2, "abc", 6);
	printf("strncpy [%s] %d %d %d\n", buf2, buf2[3], buf2[4], buf2[5]);
	memset(buf2, 'x', 10); buf2[10] = 0;
	printf("memset [%s]\n", buf2);
	memcpy(buf2, "0123456789", 11);
	memmove(buf2 + 2, buf2, 5);
	printf("memmove fwd [%s]\n", buf2);
	memcpy(buf2, "0123456789", 11);
	memmove(buf2, buf2 + 3, 5);
	printf("memmove back [%s]\n", buf2);
	char *d = strdup(s);
	printf("strdup [%s] %d\n", d, d != s);
	char *nd = strndup(s, 9);
	printf("strndup [%s]\n", nd);
	char *tok, *save, line[] = "a,b,,c;d";
	for (tok = strtok_r(line, ",;", &save); tok; tok = strtok_r(0, ",;", &save))
		printf("tok [%s]\n", tok);
	char line2[] = "x:y::z";
	char *rest = line2;
	while ((tok = strsep(&rest, ":"))) printf("sep [%s]\n", tok);
	printf("stpcpy end %ld\n", (long)(stpcpy(buf, "abcd") - buf));
	printf("strerror %s\n", strerror(2));
	for (int i = 0; i < argc; i++) printf("argv[%d] [%s]\n", i > 0 ? i : 0, i > 0 ? argv[i] : "prog");
	return 0;
}
