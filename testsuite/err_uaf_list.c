// Writing through a dangling pointer to a freed list node.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: use after free
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

struct node { int v; struct node *next; };

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 5; i++) { struct node *n = malloc(sizeof *n); n->v = i; n->next = head; head = n; }
    struct node *second = OPAQUE(head->next);
    head->next = second->next;
    free(second);
    printf("head %d\n", head->v);
    second->v = 99; // ERROR-LINE
    printf("%d\n", head->next->v);
    return 0;
}
