// Structs with a flexible array member allocated with malloc, compound literals and
// designated initializers (arrays and nested structs).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec { size_t n; int data[]; };
struct cfg { const char *name; int opts[6]; struct { int x, y; } pos; double scale; };

static struct vec *make(size_t n) {
    struct vec *v = malloc(sizeof *v + n * sizeof v->data[0]);
    v->n = n;
    for (size_t i = 0; i < n; i++) v->data[i] = (int)(i * i) - 5;
    return v;
}
static int sum(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }

int main(void) {
    struct vec *v = make(25);
    printf("n %zu last %d sum %d\n", v->n, v->data[24], sum(v->data, (int)v->n));
    v = realloc(v, sizeof *v + 50 * sizeof v->data[0]);
    memset(v->data + 25, 0, 25 * sizeof v->data[0]);
    v->n = 50;
    printf("grown sum %d\n", sum(v->data, (int)v->n));
    free(v);
    struct cfg c = {.pos = {.y = 9}, .name = "cfg", .opts = {[4] = 44, [1] = 11}, .scale = 0.5};
    printf("%s %d %d %d %d %d %.1f\n", c.name, c.opts[0], c.opts[1], c.opts[4], c.pos.x, c.pos.y, c.scale);
    printf("literal sum %d\n", sum((int[]){1, 2, 3, 4, [9] = 10}, 10));
    struct cfg *pc = &(struct cfg){.name = "tmp", .scale = 2};
    printf("%s %.1f %d\n", pc->name, pc->scale, pc->opts[5]);
    int grid[3][4] = {[1] = {[2] = 7}, [2][3] = 9};
    printf("grid %d %d %d\n", grid[1][2], grid[2][3], sum(&grid[0][0], 12));
    return 0;
}
