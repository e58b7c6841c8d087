// Benchmark: string processing: builds a text, tokenizes it by hand, counts words with a small
// hash table of strdup'ed keys (strcmp), and calls strlen/strchr/memcpy repeatedly.
// usage: strings [WORDS] [REPS]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *vocab[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
                              "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau",
                              "upsilon", "phi", "chi", "psi", "omega"};
#define NV (sizeof vocab / sizeof vocab[0])
#define NB 64

struct entry { char *word; int count; struct entry *next; };

static unsigned hash(const char *s) { unsigned h = 2166136261u; while (*s) h = (h ^ (unsigned char)*s++) * 16777619u; return h; }

int main(int argc, char **argv) {
    int words = argc > 1 ? atoi(argv[1]) : 50000;
    int reps = argc > 2 ? atoi(argv[2]) : 4;
    size_t cap = (size_t)words * 9 + 1, len = 0;
    char *text = malloc(cap);
    unsigned s = 1;
    for (int i = 0; i < words; i++) {
        s = s * 1103515245u + 12345u;
        const char *w = vocab[(s >> 16) % NV];
        size_t l = strlen(w);
        memcpy(text + len, w, l);
        len += l;
        text[len++] = (s & 0x100) ? ',' : ' ';
    }
    text[len] = 0;
    unsigned long checksum = 0;
    struct entry *table[NB];
    for (int r = 0; r < reps; r++) {
        memset(table, 0, sizeof table);
        char tok[32];
        const char *p = text;
        while (*p) {
            while (*p == ' ' || *p == ',') p++;
            int n = 0;
            while (*p && *p != ' ' && *p != ',' && n < 31) tok[n++] = *p++;
            tok[n] = 0;
            if (!n) continue;
            unsigned b = hash(tok) % NB;
            struct entry *e = table[b];
            while (e && strcmp(e->word, tok) != 0) e = e->next;
            if (!e) { e = malloc(sizeof *e); e->word = strdup(tok); e->count = 0; e->next = table[b]; table[b] = e; }
            e->count++;
            checksum += strlen(tok) + (strchr(tok, 'a') ? 1 : 0);
        }
        for (int b = 0; b < NB; b++)
            for (struct entry *e = table[b], *nx; e; e = nx) {
                nx = e->next;
                checksum = checksum * 7 + (unsigned long)e->count * hash(e->word) % 1000;
                free(e->word);
                free(e);
            }
    }
    printf("text %zu bytes, checksum %lu\n", len, checksum % 1000000007ul);
    free(text);
    return 0;
}
