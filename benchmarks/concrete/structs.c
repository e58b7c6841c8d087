// Benchmark: struct-heavy code: an array of records, repeated update passes, a hand-written
// shell sort by a compound key (struct copies), and a final checksum.
// usage: structs [N] [ROUNDS]
#include <stdio.h>
#include <stdlib.h>

struct particle { int id; double x, y, vx, vy; int bucket; char tag[8]; };

static int before(const struct particle *a, const struct particle *b) {
    if (a->bucket != b->bucket) return a->bucket < b->bucket;
    return a->id < b->id;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    int rounds = argc > 2 ? atoi(argv[2]) : 15;
    struct particle *p = malloc(sizeof *p * (size_t)n);
    unsigned s = 7;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        p[i].id = i;
        p[i].x = (s >> 8) % 1000;
        p[i].y = (s >> 4) % 1000;
        p[i].vx = (double)((int)(s % 21) - 10) / 4;
        p[i].vy = (double)((int)((s >> 12) % 21) - 10) / 4;
        for (int k = 0; k < 7; k++) p[i].tag[k] = (char)('a' + (s >> k) % 26);
        p[i].tag[7] = 0;
    }
    unsigned long checksum = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++) {
            struct particle *q = &p[i];
            q->x += q->vx; q->y += q->vy;
            if (q->x < 0 || q->x > 1000) q->vx = -q->vx;
            if (q->y < 0 || q->y > 1000) q->vy = -q->vy;
            q->bucket = (int)(q->x / 100) * 10 + (int)(q->y / 100);
        }
        for (int gap = n / 2; gap > 0; gap /= 2)
            for (int i = gap; i < n; i++) {
                struct particle t = p[i];
                int j = i;
                while (j >= gap && before(&t, &p[j - gap])) { p[j] = p[j - gap]; j -= gap; }
                p[j] = t;
            }
        for (int i = 0; i < n; i += 97) checksum = checksum * 31 + (unsigned long)p[i].id + (unsigned long)p[i].bucket + (unsigned char)p[i].tag[r % 7];
    }
    printf("n %d rounds %d checksum %lu first %d last %d\n", n, rounds, checksum % 1000000007ul, p[0].id, p[n - 1].id);
    free(p);
    return 0;
}
