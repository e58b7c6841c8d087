// A singly linked list on the heap: push, append, reverse, remove, insertion sort, free all.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

static struct node *push(struct node *h, int v) { struct node *n = malloc(sizeof *n); n->v = v; n->next = h; return n; }
static void print(const char *t, const struct node *h) {
    printf("%s:", t);
    for (; h; h = h->next) printf(" %d", h->v);
    printf("\n");
}
static struct node *reverse(struct node *h) {
    struct node *prev = NULL;
    while (h) { struct node *n = h->next; h->next = prev; prev = h; h = n; }
    return prev;
}
static struct node *remove_if(struct node *h, int (*pred)(int)) {
    struct node **pp = &h;
    while (*pp) {
        if (pred((*pp)->v)) { struct node *d = *pp; *pp = d->next; free(d); }
        else pp = &(*pp)->next;
    }
    return h;
}
static int is_mult3(int v) { return v % 3 == 0; }
static struct node *sort(struct node *h) {
    struct node *sorted = NULL;
    while (h) {
        struct node *n = h; h = h->next;
        struct node **pp = &sorted;
        while (*pp && (*pp)->v < n->v) pp = &(*pp)->next;
        n->next = *pp; *pp = n;
    }
    return sorted;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 20; i++) h = push(h, (i * 37) % 23);
    print("built", h);
    h = reverse(h);
    print("reversed", h);
    h = remove_if(h, is_mult3);
    print("filtered", h);
    h = sort(h);
    print("sorted", h);
    int n = 0;
    while (h) { struct node *d = h; h = h->next; free(d); n++; }
    printf("freed %d\n", n);
    return 0;
}
