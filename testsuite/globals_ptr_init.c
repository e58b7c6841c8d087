// Globals with pointer initializers: arrays of strings, structs pointing to other globals,
// a self-referential circular list, pointers into the middle of arrays, function pointers.
// EXPECT: exit 0
// M32
#include <stdio.h>

static const char *const colors[] = {"red", "green", "blue", "cyan", 0};
static char buf[] = "mutable buffer";
static char *bufp = buf + 8;
static int table[] = {10, 20, 30, 40, 50};
static int *mid = &table[2];
static int *const ends[2] = {table, table + 4};

struct item { const char *name; int *value; struct item *next; };
static int v1 = 1, v2 = 2, v3 = 3;
extern struct item i1, i2, i3;
struct item i1 = {"one", &v1, &i2};
struct item i2 = {"two", &v2, &i3};
struct item i3 = {"three", &v3, &i1}; /* circular */

static struct item *self_loop[] = {&i2, &i1};
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static struct { const char *n; int (*f)(int); } funcs[] = {{"twice", twice}, {"thrice", thrice}};
static const char msg[] = "hello";
static const char *msgp = &msg[1];
static long long addr_diff = 0;

int main(void) {
    for (const char *const *c = colors; *c; c++) printf("%s ", *c);
    printf("\n%s|%s\n", buf, bufp);
    bufp[0] = 'B';
    printf("%s\n", buf);
    printf("%d %d %d %d\n", *mid, mid[1], mid[-2], *ends[1] - *ends[0]);
    struct item *it = &i1;
    int sum = 0;
    for (int k = 0; k < 7; k++, it = it->next) { sum += *it->value; printf("%s ", it->name); }
    printf("\nsum %d loop %s %s\n", sum, self_loop[0]->next->name, self_loop[1]->next->next->next->name);
    for (int k = 0; k < 2; k++) printf("%s(7)=%d\n", funcs[k].n, funcs[k].f(7));
    printf("%s %c\n", msgp, *msgp);
    addr_diff = (char *)&table[4] - (char *)ends[0];
    printf("diff %lld\n", addr_diff);
    return 0;
}
