// A binary search tree on the heap: insert, lookup, in-order walk, height, delete, free.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>

struct t { int k; int count; struct t *l, *r; };

static struct t *insert(struct t *n, int k) {
    if (!n) { n = calloc(1, sizeof *n); n->k = k; n->count = 1; return n; }
    if (k < n->k) n->l = insert(n->l, k);
    else if (k > n->k) n->r = insert(n->r, k);
    else n->count++;
    return n;
}
static int height(const struct t *n) { if (!n) return 0; int a = height(n->l), b = height(n->r); return 1 + (a > b ? a : b); }
static void walk(const struct t *n) { if (!n) return; walk(n->l); printf("%d%s ", n->k, n->count > 1 ? "*" : ""); walk(n->r); }
static const struct t *find(const struct t *n, int k) { while (n && n->k != k) n = k < n->k ? n->l : n->r; return n; }
static struct t *del(struct t *n, int k) {
    if (!n) return NULL;
    if (k < n->k) n->l = del(n->l, k);
    else if (k > n->k) n->r = del(n->r, k);
    else {
        if (!n->l || !n->r) { struct t *c = n->l ? n->l : n->r; free(n); return c; }
        struct t *m = n->r;
        while (m->l) m = m->l;
        n->k = m->k; n->count = m->count;
        n->r = del(n->r, m->k);
    }
    return n;
}
static int destroy(struct t *n) { if (!n) return 0; int c = destroy(n->l) + destroy(n->r) + 1; free(n); return c; }

int main(void) {
    struct t *root = NULL;
    unsigned s = 99;
    for (int i = 0; i < 200; i++) { s = s * 69069u + 1; root = insert(root, (int)(s >> 20) % 150); }
    walk(root);
    printf("\nheight %d\n", height(root));
    for (int k = 0; k < 150; k += 13) printf("find %d: %d\n", k, find(root, k) ? find(root, k)->count : 0);
    for (int k = 0; k < 150; k += 2) root = del(root, k);
    walk(root);
    int h = height(root);
    printf("\nheight %d nodes %d\n", h, destroy(root));
    return 0;
}
