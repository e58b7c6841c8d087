#include <stdio.h>
#include <string.h>

int main(void)
{
	int a, b, n;
	char word[32], rest[64];
	double d;
	long double ld;
	unsigned x;
	char c;
	n = sscanf("12 34 hello 3.5 0x1f", "%d %d %31s %lf %x", &a, &b, word, &d, &x);
	printf("n=%d a=%d b=%d word=%s d=%g x=%u\n", n, a, b, word, d, x);
	n = sscanf("key=value;rest of it", "%31[^=]=%31[^;];%63[^\n]", word, rest, rest + 32);
	printf("n=%d [%s] [%s] [%s]\n", n, word, rest, rest + 32);
	n = sscanf("  -42abc", "%d%c", &a, &c);
	printf("n=%d a=%d c=%c\n", n, a, c);
	n = sscanf("1.5e3 2.25", "%Lf %lf", &ld, &d);
	printf("n=%d ld=%Lg d=%g\n", n, ld, d);
	n = sscanf("abc", "%d", &a);
	printf("n=%d\n", n);
	n = sscanf("", "%d", &a);
	printf("n=%d\n", n);
	n = sscanf("10:20:30", "%d:%d:%n", &a, &b, &n);
	printf("a=%d b=%d\n", a, b);
	char buf[100];
	int len = snprintf(buf, sizeof buf, "%s-%05.1f-%c-%lu", "snp", 3.14159, 'Z', 123456789UL);
	printf("snprintf %d [%s]\n", len, buf);
	len = snprintf(buf, 8, "%s", "truncated string");
	printf("snprintf trunc %d [%s]\n", len, buf);
	len = snprintf(0, 0, "%d", 123456);
	printf("snprintf null %d\n", len);
	sprintf(buf, "%3$s %1$s %2$s", "a", "b", "c");
	printf("sprintf positional [%s]\n", buf);
	return 0;
}
