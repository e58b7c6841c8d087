// string.h searching: strchr strrchr strstr strpbrk strspn strcspn memchr memrchr.
// EXPECT: exit 0
// M32
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

static void pos(const char *label, const char *base, const char *p) {
    if (p) printf("%s at %td\n", label, p - base); else printf("%s none\n", label);
}

int main(void) {
    const char *s = "the quick brown fox jumps over the lazy dog";
    pos("strchr q", s, strchr(s, 'q'));
    pos("strchr z", s, strchr(s, 'z'));
    pos("strchr X", s, strchr(s, 'X'));
    pos("strchr nul", s, strchr(s, 0));
    pos("strrchr o", s, strrchr(s, 'o'));
    pos("strrchr t", s, strrchr(s, 't'));
    pos("strstr the", s, strstr(s, "the"));
    pos("strstr the2", s, strstr(s + 1, "the"));
    pos("strstr lazy", s, strstr(s, "lazy dog"));
    pos("strstr empty", s, strstr(s, ""));
    pos("strstr none", s, strstr(s, "cat"));
    pos("strpbrk", s, strpbrk(s, "xyz"));
    printf("strspn %zu strcspn %zu\n", strspn(s, "the "), strcspn(s, "kq"));
    pos("memchr", s, memchr(s, 'j', strlen(s)));
    pos("memchr lim", s, memchr(s, 'j', 10));
    pos("memrchr", s, memrchr(s, 'e', strlen(s)));
    int count = 0;
    for (const char *p = s; (p = strchr(p, 'o')); p++) count++;
    printf("o count %d\n", count);
    const char *hay = "aaaaaaaaaaaaaaaaaaaaab";
    pos("strstr aab", hay, strstr(hay, "aaab"));
    return 0;
}
