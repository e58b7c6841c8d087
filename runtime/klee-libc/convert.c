/* KLEE's minimal C library (--libc=klee): number parsing, case mapping of ASCII letters, byte
 * order. Written for trex from the C standard's definitions ("C" locale; errno is not set:
 * this library has none). */
#include <limits.h>
#include <stdint.h>

int tolower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }
int toupper(int c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int digit(int c, int base) {
  int d = c >= '0' && c <= '9'   ? c - '0'
          : c >= 'a' && c <= 'z' ? c - 'a' + 10
          : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                 : 99;
  return d < base ? d : -1;
}

/* The digits of a number in `base` (0: from its prefix) after spaces and a sign: the
 * magnitude, saturated at `limit` (`*over` set), and where the number ends. */
static unsigned long scan(const char *s, char **end, int base, int *neg,
                          unsigned long limit, int *over) {
  const char *p = s;
  unsigned long v = 0;
  int any = 0;
  *neg = 0;
  *over = 0;
  while (is_space(*p))
    p++;
  if (*p == '-' || *p == '+')
    *neg = *p++ == '-';
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
      digit(p[2], 16) >= 0) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = *p == '0' ? 8 : 10;
  }
  for (int d; (d = digit(*p, base)) >= 0; p++) {
    any = 1;
    if (*over || v > (limit - d) / base) {
      *over = 1;
      v = limit;
    } else {
      v = v * base + d;
    }
  }
  if (end)
    *end = (char *)(any ? p : s);
  return v;
}

long strtol(const char *s, char **end, int base) {
  int neg, over;
  unsigned long v = scan(s, end, base, &neg, (unsigned long)LONG_MAX + 1, &over);
  if (!neg)
    return v > LONG_MAX ? LONG_MAX : (long)v;
  return v > LONG_MAX ? LONG_MIN : -(long)v;
}

unsigned long strtoul(const char *s, char **end, int base) {
  int neg, over;
  unsigned long v = scan(s, end, base, &neg, ULONG_MAX, &over);
  return over ? ULONG_MAX : neg ? -v : v;
}

int atoi(const char *s) { return (int)strtol(s, 0, 10); }
long atol(const char *s) { return strtol(s, 0, 10); }

uint32_t htonl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t htons(uint16_t x) { return __builtin_bswap16(x); }
uint32_t ntohl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t ntohs(uint16_t x) { return __builtin_bswap16(x); }
