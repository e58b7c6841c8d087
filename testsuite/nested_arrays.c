// Multi-dimensional arrays, pointers to arrays, arrays of arrays passed to functions.
// EXPECT: exit 0
// M32
#include <stdio.h>

static int grid[5][7];
static const char words[4][8] = {"alpha", "beta", "gamma", "delta"};

static int trace(int n, int m[][n]) { int t = 0; for (int i = 0; i < n; i++) t += m[i][i]; return t; }
static void transpose(int (*m)[4]) {
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) { int t = m[i][j]; m[i][j] = m[j][i]; m[j][i] = t; }
}

int main(void) {
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 7; j++) grid[i][j] = i * 10 + j;
    int s = 0;
    for (int *p = &grid[0][0]; p < &grid[0][0] + 35; p++) s += *p;
    printf("sum %d corner %d row3 %d\n", s, grid[4][6], *(grid[3] + 2));
    int m[4][4];
    for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 4 + j;
    transpose(m);
    for (int i = 0; i < 4; i++) printf("%d %d %d %d\n", m[i][0], m[i][1], m[i][2], m[i][3]);
    printf("trace %d\n", trace(4, m));
    int cube[3][3][3];
    for (int i = 0; i < 27; i++) (&cube[0][0][0])[i] = i * i;
    printf("cube %d %d %d\n", cube[1][1][1], cube[2][0][1], cube[2][2][2]);
    for (int i = 0; i < 4; i++) printf("%s:%c ", words[i], words[i][1]);
    printf("\n");
    int (*row)[7] = grid + 2;
    printf("row %d %d\n", (*row)[0], row[1][3]);
    printf("sizes %zu %zu %zu\n", sizeof grid, sizeof grid[0], sizeof words);
    return 0;
}
