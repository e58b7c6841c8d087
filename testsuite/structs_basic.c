// Structs: nested structs, pointers to structs, struct assignment (copy), arrays inside structs.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <string.h>

struct point { int x, y; };
struct rect { struct point tl, br; char label[12]; };
struct node { struct node *next; struct rect r; long id; };

static int area(const struct rect *r) { return (r->br.x - r->tl.x) * (r->br.y - r->tl.y); }

int main(void) {
    struct rect a = {{1, 2}, {11, 7}, "first"};
    struct rect b = a;
    b.br.x += 5;
    strcpy(b.label, "second");
    printf("%s %d %s %d\n", a.label, area(&a), b.label, area(&b));
    struct node n3 = {0, {{0, 0}, {2, 2}, "n3"}, 3};
    struct node n2 = {&n3, {{0, 0}, {3, 3}, "n2"}, 2};
    struct node n1 = {&n2, {{1, 1}, {5, 5}, "n1"}, 1};
    int total = 0;
    for (struct node *p = &n1; p; p = p->next) {
        total += area(&p->r) * (int)p->id;
        printf("node %ld %s\n", p->id, p->r.label);
    }
    printf("total %d\n", total);
    struct point pts[3] = {{1, 2}, {3, 4}};
    pts[2] = pts[0];
    pts[0] = pts[1];
    printf("pts %d %d %d %d %d %d\n", pts[0].x, pts[0].y, pts[1].x, pts[1].y, pts[2].x, pts[2].y);
    printf("sizes %zu %zu\n", sizeof(struct rect), sizeof(struct node) - sizeof(void *) - sizeof(long));
    struct { char c; double d; short s; } mixed = {'m', 2.5, -4};
    printf("mixed %c %.1f %d\n", mixed.c, mixed.d, mixed.s);
    return 0;
}
