// qsort with comparators (ints, strings, structs with a total order), bsearch hits and misses.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
struct rec { int key; char name[8]; };
static int cmp_rec(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return strcmp(x->name, y->name);
}

int main(void) {
    int v[50];
    unsigned s = 12345;
    for (int i = 0; i < 50; i++) { s = s * 1103515245u + 12345u; v[i] = (int)(s >> 16) % 1000 - 500; }
    qsort(v, 50, sizeof v[0], cmp_int);
    for (int i = 0; i < 50; i++) printf("%d ", v[i]);
    printf("\n");
    for (int k = -500; k < 500; k += 37) {
        int *p = bsearch(&k, v, 50, sizeof v[0], cmp_int);
        if (p) printf("found %d at %td\n", k, p - v);
    }
    int key = v[17];
    int *p = bsearch(&key, v, 50, sizeof v[0], cmp_int);
    printf("bsearch v[17] %d\n", p && *p == key);
    qsort(v, 50, sizeof v[0], cmp_desc);
    printf("desc %d %d %d\n", v[0], v[25], v[49]);
    const char *names[] = {"pear", "apple", "fig", "banana", "cherry", "date", "kiwi", "grape", "lemon"};
    qsort(names, 9, sizeof names[0], cmp_str);
    for (int i = 0; i < 9; i++) printf("%s ", names[i]);
    printf("\n");
    struct rec r[12];
    for (int i = 0; i < 12; i++) { r[i].key = (i * 7) % 5; snprintf(r[i].name, sizeof r[i].name, "n%02d", 11 - i); }
    qsort(r, 12, sizeof r[0], cmp_rec);
    for (int i = 0; i < 12; i++) printf("%d:%s ", r[i].key, r[i].name);
    printf("\n");
    qsort(v, 1, sizeof v[0], cmp_int);
    qsort(v, 0, sizeof v[0], cmp_int);
    struct rec probe = {3, "n03"};
    struct rec *hit = bsearch(&probe, r, 12, sizeof r[0], cmp_rec);
    printf("rec %s\n", hit ? hit->name : "missing");
    return 0;
}
