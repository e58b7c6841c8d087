/* trex override of musl's arch/<arch>/atomic_arch.h.
 * The program runs single-threaded under trex's interpreter, so the
 * atomic primitives are plain loads and stores: no inline asm, no
 * cmpxchg/atomicrmw instructions in the bitcode. Everything not defined
 * here takes musl's generic C fallback from src/internal/atomic.h. */

#define a_cas a_cas
static inline int a_cas(volatile int *p, int t, int s)
{
	int old = *p;
	if (old == t) *p = s;
	return old;
}

#define a_cas_p a_cas_p
static inline void *a_cas_p(volatile void *p, void *t, void *s)
{
	void *volatile *q = (void *volatile *)p;
	void *old = *q;
	if (old == t) *q = s;
	return old;
}

#define a_swap a_swap
static inline int a_swap(volatile int *p, int v)
{
	int old = *p;
	*p = v;
	return old;
}

#define a_fetch_add a_fetch_add
static inline int a_fetch_add(volatile int *p, int v)
{
	int old = *p;
	*p = (int)((unsigned)old + (unsigned)v);
	return old;
}

#define a_fetch_and a_fetch_and
static inline int a_fetch_and(volatile int *p, int v)
{
	int old = *p;
	*p = old & v;
	return old;
}

#define a_fetch_or a_fetch_or
static inline int a_fetch_or(volatile int *p, int v)
{
	int old = *p;
	*p = old | v;
	return old;
}

#define a_and a_and
static inline void a_and(volatile int *p, int v) { *p &= v; }

#define a_or a_or
static inline void a_or(volatile int *p, int v) { *p |= v; }

#define a_and_64 a_and_64
static inline void a_and_64(volatile unsigned long long *p, unsigned long long v) { *p &= v; }

#define a_or_64 a_or_64
static inline void a_or_64(volatile unsigned long long *p, unsigned long long v) { *p |= v; }

#define a_inc a_inc
static inline void a_inc(volatile int *p) { *p = (int)((unsigned)*p + 1); }

#define a_dec a_dec
static inline void a_dec(volatile int *p) { *p = (int)((unsigned)*p - 1); }

#define a_store a_store
static inline void a_store(volatile int *p, int x) { *p = x; }

#define a_barrier a_barrier
static inline void a_barrier(void) { }

#define a_spin a_spin
static inline void a_spin(void) { }

/* A "can't happen" state inside libc: end the path like abort() does. */
#define a_crash a_crash
static inline void a_crash(void)
{
	extern _Noreturn void abort(void);
	abort();
}
