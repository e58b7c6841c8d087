// An open-addressing hash table with string keys (strdup/strcmp), growth by rehashing, deletion
// with tombstones, and iteration in slot order.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slot { char *key; int value; int state; }; /* state: 0 empty, 1 used, 2 deleted */
struct table { struct slot *s; unsigned cap, used; };

static unsigned hash(const char *k) { unsigned h = 5381; while (*k) h = h * 33 ^ (unsigned char)*k++; return h; }
static void put(struct table *t, const char *k, int v);
static void grow(struct table *t) {
    struct slot *old = t->s;
    unsigned oc = t->cap;
    t->cap = oc ? oc * 2 : 8;
    t->s = calloc(t->cap, sizeof *t->s);
    t->used = 0;
    for (unsigned i = 0; i < oc; i++)
        if (old[i].state == 1) { put(t, old[i].key, old[i].value); free(old[i].key); }
    free(old);
}
static void put(struct table *t, const char *k, int v) {
    if ((t->used + 1) * 4 > t->cap * 3) grow(t);
    unsigned i = hash(k) & (t->cap - 1);
    while (t->s[i].state == 1 && strcmp(t->s[i].key, k) != 0) i = (i + 1) & (t->cap - 1);
    if (t->s[i].state == 1) { t->s[i].value = v; return; }
    t->s[i].key = strdup(k); t->s[i].value = v; t->s[i].state = 1; t->used++;
}
static struct slot *find(struct table *t, const char *k) {
    if (!t->cap) return NULL;
    unsigned i = hash(k) & (t->cap - 1);
    while (t->s[i].state != 0) {
        if (t->s[i].state == 1 && strcmp(t->s[i].key, k) == 0) return &t->s[i];
        i = (i + 1) & (t->cap - 1);
    }
    return NULL;
}

int main(void) {
    struct table t = {0};
    char key[32];
    for (int i = 0; i < 300; i++) { snprintf(key, sizeof key, "key%d", i * 7 % 211); put(&t, key, i); }
    printf("cap %u used %u\n", t.cap, t.used);
    for (int i = 0; i < 211; i += 2) {
        snprintf(key, sizeof key, "key%d", i);
        struct slot *s = find(&t, key);
        if (s) { free(s->key); s->key = NULL; s->state = 2; }
    }
    long sum = 0;
    int live = 0;
    for (unsigned i = 0; i < t.cap; i++) if (t.s[i].state == 1) { sum += t.s[i].value * (long)(i + 1); live++; }
    printf("live %d checksum %ld\n", live, sum);
    const char *probe[] = {"key1", "key2", "key99", "key210", "nokey"};
    for (int i = 0; i < 5; i++) { struct slot *s = find(&t, probe[i]); printf("%s -> %d\n", probe[i], s ? s->value : -1); }
    for (unsigned i = 0; i < t.cap; i++) if (t.s[i].state == 1) free(t.s[i].key);
    free(t.s);
    return 0;
}
