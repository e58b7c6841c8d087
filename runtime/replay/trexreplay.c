/*===-- trexreplay.c - replay a .ktest file in a native program ------------===//
 *
 * libtrexreplay.a: link a natively compiled program with this library and it
 * reads its symbolic inputs from the .ktest file named by the environment
 * variable KTEST_FILE, like KLEE's libkleeRuntest. Semantics and messages are
 * described in runtime/replay/README.md.
 *===------------------------------------------------------------------------===*/

#include "trex.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KTEST_ENV "KTEST_FILE"
#define NON_FATAL_ENV "KLEE_RUN_TEST_ERRORS_NON_FATAL"

struct ktest_object {
  char *name;           /* NUL-terminated copy of the object's name */
  uint32_t size;        /* number of bytes */
  unsigned char *bytes; /* the bytes */
};

static const char *ktest_path;         /* KTEST_FILE, once loaded */
static struct ktest_object *objects;   /* the objects of the file */
static uint32_t num_objects;           /* how many */
static uint32_t next_object;           /* index of the next one to hand out */

/*--- messages --------------------------------------------------------------*/

static void vmessage(const char *prefix, const char *fmt, va_list ap) {
  fputs(prefix, stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
}

/* Cannot replay at all (no file, unreadable, malformed): always exit(1). */
__attribute__((noreturn, format(printf, 1, 2))) static void
fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vmessage("KLEE-RUNTIME: ", fmt, ap);
  va_end(ap);
  exit(1);
}

/* The test does not fit the program (as KLEE's report_internal_error):
 * exit(1), unless KLEE_RUN_TEST_ERRORS_NON_FATAL is set. */
__attribute__((format(printf, 1, 2))) static void run_error(const char *fmt,
                                                            ...) {
  va_list ap;
  va_start(ap, fmt);
  vmessage("KLEE_RUN_TEST_ERROR: ", fmt, ap);
  va_end(ap);
  if (getenv(NON_FATAL_ENV)) {
    fputs("KLEE_RUN_TEST_ERROR: Forcing execution to continue\n", stderr);
    fflush(stderr);
    return;
  }
  exit(1);
}

__attribute__((format(printf, 1, 2))) static void warning(const char *fmt,
                                                          ...) {
  va_list ap;
  va_start(ap, fmt);
  vmessage("KLEE-RUNTIME: WARNING: ", fmt, ap);
  va_end(ap);
}

/*--- reading the .ktest file -----------------------------------------------*/

struct reader {
  const unsigned char *data;
  size_t len;
  size_t pos;
};

static size_t remaining(const struct reader *r) { return r->len - r->pos; }

/* Reads a big-endian u32; dies on a truncated file. */
static uint32_t read_u32(struct reader *r, const char *what) {
  if (remaining(r) < 4)
    fatal("invalid .ktest file \"%s\": truncated (reading %s at offset %zu)",
          ktest_path, what, r->pos);
  const unsigned char *p = r->data + r->pos;
  r->pos += 4;
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
         (uint32_t)p[3];
}

/* Returns a pointer to the next n bytes of the file; dies if truncated. */
static const unsigned char *read_bytes(struct reader *r, uint32_t n,
                                       const char *what) {
  if (remaining(r) < n)
    fatal("invalid .ktest file \"%s\": truncated (%s of %u bytes at offset "
          "%zu, %zu bytes left)",
          ktest_path, what, n, r->pos, remaining(r));
  const unsigned char *p = r->data + r->pos;
  r->pos += n;
  return p;
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    fatal("out of memory reading \"%s\"", ktest_path);
  return p;
}

static unsigned char *read_whole_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fatal("unable to open .ktest file \"%s\" (from %s): %s", path, KTEST_ENV,
          strerror(errno));
  size_t cap = 4096, n = 0;
  unsigned char *buf = xmalloc(cap);
  for (;;) {
    if (n == cap) {
      cap *= 2;
      unsigned char *nbuf = realloc(buf, cap);
      if (!nbuf)
        fatal("out of memory reading \"%s\"", path);
      buf = nbuf;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f))
        fatal("error reading .ktest file \"%s\": %s", path, strerror(errno));
      break;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* Loads KTEST_FILE on the first request for an input. */
static void load_ktest(void) {
  if (ktest_path)
    return;
  const char *path = getenv(KTEST_ENV);
  if (!path || !*path)
    fatal("cannot replay: the environment variable %s is not set (it must "
          "name the .ktest file whose inputs this program reads)",
          KTEST_ENV);
  ktest_path = path;

  struct reader r = {0, 0, 0};
  unsigned char *data = read_whole_file(path, &r.len);
  r.data = data;

  /* magic: "KTEST" (or "BOUT\n", the name of the format's first versions) */
  const unsigned char *magic = read_bytes(&r, 5, "magic");
  if (memcmp(magic, "KTEST", 5) != 0 && memcmp(magic, "BOUT\n", 5) != 0)
    fatal("invalid .ktest file \"%s\": bad magic (not a .ktest file)", path);
  uint32_t version = read_u32(&r, "version");
  if (version < 1 || version > 3)
    fatal("invalid .ktest file \"%s\": unsupported version %u (supported: "
          "1 to 3)",
          path, version);

  /* program arguments: not used for replay */
  uint32_t num_args = read_u32(&r, "number of arguments");
  for (uint32_t i = 0; i < num_args; i++) {
    uint32_t len = read_u32(&r, "argument length");
    read_bytes(&r, len, "argument");
  }
  if (version >= 2) {
    read_u32(&r, "symArgvs");
    read_u32(&r, "symArgvLen");
  }

  uint32_t n = read_u32(&r, "number of objects");
  /* every object takes at least 8 bytes: refuse absurd counts before
   * allocating */
  if (n > remaining(&r) / 8)
    fatal("invalid .ktest file \"%s\": truncated (%u objects announced, only "
          "%zu bytes left)",
          path, n, remaining(&r));
  objects = xmalloc((size_t)n * sizeof *objects);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t name_len = read_u32(&r, "object name length");
    const unsigned char *name = read_bytes(&r, name_len, "object name");
    objects[i].name = xmalloc((size_t)name_len + 1);
    memcpy(objects[i].name, name, name_len);
    objects[i].name[name_len] = '\0';
    objects[i].size = read_u32(&r, "object size");
    const unsigned char *bytes = read_bytes(&r, objects[i].size, "object");
    objects[i].bytes = xmalloc(objects[i].size);
    memcpy(objects[i].bytes, bytes, objects[i].size);
  }
  num_objects = n;
  free(data);
}

/* Fills the nbytes at dst with the next object of the file, requested under
 * `name`. */
static void take_object(void *dst, size_t nbytes, const char *name) {
  load_ktest();
  for (;;) {
    if (next_object >= num_objects) {
      run_error("out of inputs: object \"%s\" (%zu bytes) requested, but \"%s\" "
                "has only %u objects. Will use zero if continuing.",
                name, nbytes, ktest_path, num_objects);
      memset(dst, 0, nbytes);
      return;
    }
    struct ktest_object *o = &objects[next_object++];
    /* KLEE's POSIX runtime records "model_version" first; skip it unless it
     * is what the program asks for (as KLEE's runtest library does). */
    if (strcmp(o->name, "model_version") == 0 &&
        strcmp(name, "model_version") != 0)
      continue;
    if (strcmp(name, o->name) != 0)
      warning("object name mismatch. Requesting \"%s\" but returning \"%s\" "
              "(object %u of \"%s\")",
              name, o->name, next_object - 1, ktest_path);
    if (nbytes != o->size) {
      run_error("object sizes differ. Expected %zu but got %u (object %u "
                "\"%s\" of \"%s\")",
                nbytes, o->size, next_object - 1, o->name, ktest_path);
      memcpy(dst, o->bytes, nbytes < o->size ? nbytes : o->size);
      if (o->size < nbytes)
        memset((char *)dst + o->size, 0, nbytes - o->size);
      return;
    }
    memcpy(dst, o->bytes, nbytes);
    return;
  }
}

/*--- KLEE's API ------------------------------------------------------------*/

void klee_make_symbolic(void *addr, size_t nbytes, const char *name) {
  take_object(addr, nbytes, name ? name : "unnamed");
}

void klee_make_pse_symbolic(void *addr, size_t nbytes, const char *name,
                            float *distribution, float *probabilities) {
  (void)distribution;
  (void)probabilities;
  take_object(addr, nbytes, name ? name : "unnamed");
}

int klee_int(const char *name) {
  int x;
  klee_make_symbolic(&x, sizeof x, name);
  return x;
}

/* As KLEE's klee_range: an empty range is an error, a one-value range makes
 * no symbolic object. */
int klee_range(int begin, int end, const char *name) {
  if (begin >= end)
    klee_report_error(__FILE__, __LINE__, "invalid range", "user");
  if (begin + 1 == end)
    return begin;
  int x;
  klee_make_symbolic(&x, sizeof x, name);
  if (x < begin || x >= end)
    run_error("invalid klee_range(%d,%d,%s) value, got: %d", begin, end,
              name ? name : "unnamed", x);
  return x;
}

uintptr_t klee_choose(uintptr_t n) {
  uintptr_t x;
  klee_make_symbolic(&x, sizeof x, "klee_choose");
  if (x >= n)
    run_error("klee_choose failure. max = %ju, got = %ju", (uintmax_t)n,
              (uintmax_t)x);
  return x;
}

void klee_assume(uintptr_t condition) {
  if (!condition)
    run_error("invalid klee_assume");
}

void klee_silent_exit(int status) { exit(status); }

void klee_abort(void) { abort(); }

void klee_report_error(const char *file, int line, const char *message,
                       const char *suffix) {
  fprintf(stderr, "KLEE-RUNTIME: ERROR: %s:%d: %s (%s)\n", file ? file : "?",
          line, message ? message : "", suffix ? suffix : "");
  fflush(stderr);
  abort();
}

unsigned klee_is_symbolic(uintptr_t n) {
  (void)n;
  return 0;
}

unsigned klee_is_replay(void) { return 1; }

#define TREX_GET_VALUE(suffix, type)                                           \
  type klee_get_value##suffix(type expr) { return expr; }
TREX_GET_VALUE(f, float)
TREX_GET_VALUE(d, double)
TREX_GET_VALUE(l, long)
TREX_GET_VALUE(ll, long long)
TREX_GET_VALUE(_i32, int32_t)
TREX_GET_VALUE(_i64, int64_t)
#undef TREX_GET_VALUE

void klee_warning(const char *message) {
  warning("%s", message ? message : "");
}

void klee_warning_once(const char *message) {
  /* once per distinct text (KLEE: once per call site); after 256 distinct
   * texts, every further one is printed each time */
  static const char *seen[256];
  static unsigned num_seen;
  const char *m = message ? message : "";
  for (unsigned i = 0; i < num_seen; i++)
    if (seen[i] == m || strcmp(seen[i], m) == 0)
      return;
  if (num_seen < sizeof seen / sizeof seen[0])
    seen[num_seen++] = m;
  warning("%s", m);
}

void klee_prefer_cex(void *object, uintptr_t condition) {
  (void)object;
  (void)condition;
}

void klee_posix_prefer_cex(void *object, uintptr_t condition) {
  (void)object;
  (void)condition;
}

void klee_mark_global(void *object) { (void)object; }

void klee_define_fixed_object(void *addr, size_t nbytes) {
  (void)addr;
  (void)nbytes;
}

void klee_check_memory_access(const void *address, size_t size) {
  (void)address;
  (void)size;
}

void klee_print_expr(const char *msg, ...) { (void)msg; }

void klee_print_range(const char *name, int arg) {
  (void)name;
  (void)arg;
}

void klee_set_forking(unsigned enable) { (void)enable; }

void klee_stack_trace(void) {}

void klee_open_merge(void) {}

void klee_close_merge(void) {}

void klee_dump_kquery_var(void) {}

int klee_get_errno(void) { return errno; }

/*--- SV-COMP ---------------------------------------------------------------*/

#define TREX_NONDET(suffix, type)                                              \
  type __VERIFIER_nondet_##suffix(void) {                                      \
    type x;                                                                    \
    take_object(&x, sizeof x, "__VERIFIER_nondet_" #suffix);                   \
    return x;                                                                  \
  }

/* bool: one byte; any nonzero byte is true */
_Bool __VERIFIER_nondet_bool(void) {
  unsigned char b[sizeof(_Bool)];
  take_object(b, sizeof b, "__VERIFIER_nondet_bool");
  for (size_t i = 0; i < sizeof b; i++)
    if (b[i])
      return 1;
  return 0;
}
TREX_NONDET(char, char)
TREX_NONDET(uchar, unsigned char)
TREX_NONDET(short, short)
TREX_NONDET(ushort, unsigned short)
TREX_NONDET(int, int)
TREX_NONDET(uint, unsigned int)
TREX_NONDET(unsigned, unsigned int)
TREX_NONDET(long, long)
TREX_NONDET(ulong, unsigned long)
TREX_NONDET(longlong, long long)
TREX_NONDET(ulonglong, unsigned long long)
TREX_NONDET(float, float)
TREX_NONDET(double, double)
TREX_NONDET(pointer, void *)
TREX_NONDET(pchar, char *)
TREX_NONDET(size_t, size_t)
TREX_NONDET(u32, unsigned int)
TREX_NONDET(u16, unsigned short)
TREX_NONDET(u8, unsigned char)
#if defined(__GLIBC__)
TREX_NONDET(loff_t, __loff_t)
#else
TREX_NONDET(loff_t, long long)
#endif
#ifdef __SIZEOF_INT128__
TREX_NONDET(int128, __int128)
TREX_NONDET(uint128, unsigned __int128)
#endif
#undef TREX_NONDET

/* The program may define these itself (SV-COMP tasks usually define
 * reach_error): ours are weak, the program's win. */

__attribute__((weak)) void __VERIFIER_assume(int cond) {
  if (!cond)
    run_error("invalid klee_assume (__VERIFIER_assume)");
}

__attribute__((weak)) void reach_error(void) {
  fputs("KLEE-RUNTIME: ERROR: reach_error called\n", stderr);
  fflush(stderr);
  abort();
}

__attribute__((weak)) void __VERIFIER_error(void) {
  fputs("KLEE-RUNTIME: ERROR: __VERIFIER_error called (reach_error)\n",
        stderr);
  fflush(stderr);
  abort();
}

__attribute__((weak)) void __VERIFIER_assert(int cond) {
  if (!cond) {
    reach_error();
    abort();
  }
}
