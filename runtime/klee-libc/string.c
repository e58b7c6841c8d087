/* KLEE's minimal C library (--libc=klee), string functions. Written for trex from the C
 * standard's definitions. */
#include <stddef.h>

size_t strlen(const char *s) {
  const char *p = s;
  while (*p)
    p++;
  return p - s;
}

int strcmp(const char *a, const char *b) {
  for (; *a && *a == *b; a++, b++)
    ;
  return *(const unsigned char *)a - *(const unsigned char *)b;
}

int strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b)
      return *(const unsigned char *)a - *(const unsigned char *)b;
    if (!*a)
      return 0;
  }
  return 0;
}

/* Only the "C" locale: collation is byte order. */
int strcoll(const char *a, const char *b) { return strcmp(a, b); }

char *strcpy(char *restrict dst, const char *restrict src) {
  char *d = dst;
  while ((*d++ = *src++))
    ;
  return dst;
}

char *stpcpy(char *restrict dst, const char *restrict src) {
  while ((*dst = *src++))
    dst++;
  return dst;
}

char *strncpy(char *restrict dst, const char *restrict src, size_t n) {
  char *d = dst;
  for (; n && *src; n--)
    *d++ = *src++;
  for (; n; n--)
    *d++ = 0;
  return dst;
}

char *strcat(char *restrict dst, const char *restrict src) {
  strcpy(dst + strlen(dst), src);
  return dst;
}

char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return NULL;
  }
}

char *strrchr(const char *s, int c) {
  const char *last = NULL;
  for (;; s++) {
    if (*s == (char)c)
      last = s;
    if (!*s)
      return (char *)last;
  }
}
