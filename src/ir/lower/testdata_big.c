#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
typedef struct { int a, b; double c; char name[20]; } Rec;
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
binop ops[] = { add, sub, mul };
const char *names[] = { "add", "sub", "mul", 0 };
struct node { int v; struct node *next; } n3 = {3, 0}, n2 = {2, &n3}, n1 = {1, &n2};
Rec recs[4] = { {1, 2, 3.0, "one"}, {4, 5, 6.0, "two"} };
long double ldv[3] = { 1.0L, 2.5L, -0.0L };
float fv[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
unsigned char bytes[256];
int apply(int i, int a, int b) { return ops[i % 3](a, b); }
int vsum(int n, ...) { va_list ap, aq; va_start(ap, n); va_copy(aq, ap); long s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  for (int i = 0; i < n; i++) s += (long)va_arg(aq, double);
  va_end(aq); va_end(ap); return (int)s; }
Rec passrec(Rec r, Rec *out) { *out = r; r.a += 1; return r; }
int sumarr(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int maxarr(const int *a, int n) { int m = a[0]; for (int i = 1; i < n; i++) m = a[i] > m ? a[i] : m; return m; }
unsigned umin_arr(const unsigned *a, int n) { unsigned m = ~0u; for (int i = 0; i < n; i++) m = a[i] < m ? a[i] : m; return m; }
int xorarr(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s ^= a[i]; return s; }
long prod(const long *a, int n) { long p = 1; for (int i = 0; i < n; i++) p *= a[i]; return p; }
float fsum(const float *a, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i] * 2.0f; return s; }
double dot(const double *a, const double *b, int n) { double s = 0; for (int i = 0; i < n; i++) s += a[i] * b[i]; return s; }
void saxpy(float *y, const float *x, float a, int n) { for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }
void cnt(unsigned char *h, const unsigned char *s, int n) { for (int i = 0; i < n; i++) h[s[i]]++; }
void rev(char *s) { size_t n = strlen(s); for (size_t i = 0; i < n / 2; i++) { char t = s[i]; s[i] = s[n-1-i]; s[n-1-i] = t; } }
void widen(int64_t *d, const int8_t *s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }
void clamp(int *a, int n) { for (int i = 0; i < n; i++) a[i] = a[i] < 0 ? 0 : a[i] > 255 ? 255 : a[i]; }
void absall(int *a, int n) { for (int i = 0; i < n; i++) a[i] = a[i] < 0 ? -a[i] : a[i]; }
void cmpv(int *d, const float *a, const float *b, int n) { for (int i = 0; i < n; i++) d[i] = a[i] < b[i]; }
#ifdef __SIZEOF_INT128__
unsigned __int128 m128(unsigned __int128 a, unsigned __int128 b) { return a * b / (b | 1) % 1000000007u + (a >> 70); }
__int128 s128(__int128 a, __int128 b) { return a / (b | 1) - (a << 3) + (a > b); }
#endif
uint64_t mulhi(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned long long)a * b) >> 32); }
long double ldops(long double a, long double b) { return a * b + a / b - (a < b ? 1.0L : 2.0L); }
long double ldconv(int x, double d) { long double r = x; r += d; return r > 10 ? (long double)(long long)r : r; }
int sw(int x) { switch (x) { case 0: return 4; case 1: return apply(x, 1, 2); case 5: case 6: return vsum(2, 1, 2, 3.0, 4.0); case 100: return -7; case -5: return 99; default: return x * 3; } }
int sw2(char c) { switch (c) { case 'a': return 1; case 'b': return 2; case 'c': return 3; case 'd': return 4; case 'e': return 5; case 'f': return 6; default: return 0; } }
int bits(unsigned x) { return __builtin_popcount(x) + __builtin_ctz(x | 1) + __builtin_clz(x | 1) + __builtin_parity(x); }
unsigned rotl(unsigned x, int r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }
int ovf(int a, int b) { int r; return __builtin_mul_overflow(a, b, &r) ? -1 : r; }
unsigned uovf(unsigned a, unsigned b) { unsigned r; return __builtin_add_overflow(a, b, &r) ? 0 : r; }
double fl(double x) { return __builtin_floor(x) + __builtin_ceil(x) + __builtin_trunc(x) + __builtin_sqrt(x) + __builtin_fabs(x) + __builtin_copysign(x, -1.0) + __builtin_fmin(x, 1.0) + __builtin_fmax(x, 2.0) + __builtin_round(x) + __builtin_rint(x) + __builtin_nearbyint(x) + __builtin_fma(x, x, x); }
int atom(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST); __sync_synchronize(); int old = __sync_val_compare_and_swap(p, 5, 6); return old + __atomic_exchange_n(p, 3, __ATOMIC_SEQ_CST); }
int cgoto(int i) { static void *tbl[] = { &&l0, &&l1, &&l2 }; goto *tbl[i % 3]; l0: return 10; l1: return 20; l2: return 30; }
int vla(int n) { int a[n]; for (int i = 0; i < n; i++) a[i] = i; return a[n / 2]; }
int alloca_fn(int n) { char *p = __builtin_alloca(n); memset(p, 1, n); return p[n - 1]; }
struct big { long a[10]; };
struct big retbig(struct big b) { b.a[0]++; return b; }
int callbig(void) { struct big b = {{1}}; return (int)retbig(b).a[0]; }
int structcmp(Rec *a, Rec *b) { return memcmp(a, b, sizeof *a) == 0 && strcmp(a->name, b->name) == 0; }
double mixed(float f, long double ld, int i, unsigned u, long long ll, unsigned long long ull) { return f + (double)ld + i + u + ll + ull + (float)ull + (unsigned)f + (long long)ld; }
int bitfield(void) { struct { unsigned a : 3, b : 5; int c : 7; } s = { 1, 2, -3 }; s.b += s.a; return s.c + s.b; }
int unionpun(float f) { union { float f; int i; } u; u.f = f; return u.i; }
extern int weakfn(int) __attribute__((weak));
int callweak(int x) { return weakfn ? weakfn(x) : -1; }
int aliased(int x) { return x + 1; }
int alias2(int) __attribute__((alias("aliased")));
int use_alias(int x) { return alias2(x); }
static int counter;
int *addr_counter(void) { return &counter; }
void unr(int x) { if (x) __builtin_unreachable(); }
void trp(int x) { if (x > 100) __builtin_trap(); }
int expect(int x) { if (__builtin_expect(x > 5, 0)) return 1; return 0; }
size_t objsz(char *p) { return __builtin_object_size(p, 0); }
int main(int argc, char **argv) {
  int a[64]; unsigned ua[64]; long la[16]; float f1[64], f2[64]; double d1[32];
  for (int i = 0; i < 64; i++) { a[i] = argc * i - 7; ua[i] = i ^ argc; f1[i] = i; f2[i] = argc; }
  for (int i = 0; i < 16; i++) la[i] = i + argc; for (int i = 0; i < 32; i++) d1[i] = i * 0.5;
  Rec r2; Rec r = passrec(recs[0], &r2);
  int res = sumarr(a, 64) + maxarr(a, 64) + umin_arr(ua, 64) + xorarr(a, 64) + prod(la, 16) + fsum(f1, 64) + dot(d1, d1, 32) + sw(argc) + sw2(argv[0][0]) + bits(argc) + rotl(argc, 3) + ovf(argc, 3) + uovf(argc, 5) + fl(argc) + cgoto(argc) + vla(argc + 3) + callbig() + structcmp(&r, &r2) + mixed(1, 2, 3, 4, 5, 6) + bitfield() + unionpun(1.0f) + callweak(1) + use_alias(2) + *addr_counter() + expect(argc) + objsz(argv[0]) + (int)ldops(argc, 2) + (int)ldconv(argc, 1.5) + alloca_fn(argc + 1) + atom(&counter);
  saxpy(f1, f2, 2.0f, 64); cnt(bytes, (unsigned char *)argv[0], 4); rev(argv[0]); widen((int64_t *)la, (int8_t *)a, 16); clamp(a, 64); absall(a, 64);
  int cv[64]; cmpv(cv, f1, f2, 64);
  unr(0); trp(argc);
  return res + cv[3] + a[5] + (int)f1[3] + (int)la[2];
}
