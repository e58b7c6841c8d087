// Matrix multiplication (int and double), transposition, determinant by Gaussian elimination.
// EXPECT: exit 0
// M32
#include <stdio.h>

#define N 12
static int A[N][N], B[N][N], C[N][N];
static double M[N][N];

int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) { A[i][j] = (i * 3 + j * 7) % 11 - 5; B[i][j] = (i ^ j) - 6; }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    long tr = 0, tot = 0;
    for (int i = 0; i < N; i++) { tr += C[i][i]; for (int j = 0; j < N; j++) tot += C[i][j] * (i + 1); }
    printf("trace %ld weighted %ld C[3][9] %d\n", tr, tot, C[3][9]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) M[i][j] = (i == j ? 10.0 : 0.0) + 1.0 / (i + j + 1);
    double det = 1;
    for (int c = 0; c < N; c++) {
        int p = c;
        for (int r = c + 1; r < N; r++) if ((M[r][c] < 0 ? -M[r][c] : M[r][c]) > (M[p][c] < 0 ? -M[p][c] : M[p][c])) p = r;
        if (p != c) { for (int k = 0; k < N; k++) { double t = M[c][k]; M[c][k] = M[p][k]; M[p][k] = t; } det = -det; }
        det *= M[c][c];
        for (int r = c + 1; r < N; r++) {
            double f = M[r][c] / M[c][c];
            for (int k = c; k < N; k++) M[r][k] -= f * M[c][k];
        }
    }
    printf("det %.6e\n", det);
    return 0;
}
