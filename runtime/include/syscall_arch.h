/* trex override of musl's arch/<arch>/syscall_arch.h: no inline asm.
 * Every system call goes through one external function that the trex
 * executor implements (see ARCHITECTURE.md, "Contract: the C library").
 * Arguments are `long` of the target (64-bit on x86_64, 32-bit on i386). */

long __trex_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

#if defined(__x86_64__)
#define __SYSCALL_LL_E(x) (x)
#define __SYSCALL_LL_O(x) (x)
#elif defined(__i386__)
#define __SYSCALL_LL_E(x) \
((union { long long ll; long l[2]; }){ .ll = x }).l[0], \
((union { long long ll; long l[2]; }){ .ll = x }).l[1]
#define __SYSCALL_LL_O(x) __SYSCALL_LL_E((x))
#else
#error "trex runtime: unsupported architecture"
#endif

static __inline long __syscall0(long n)
{
	return __trex_syscall(n, 0, 0, 0, 0, 0, 0);
}

static __inline long __syscall1(long n, long a1)
{
	return __trex_syscall(n, a1, 0, 0, 0, 0, 0);
}

static __inline long __syscall2(long n, long a1, long a2)
{
	return __trex_syscall(n, a1, a2, 0, 0, 0, 0);
}

static __inline long __syscall3(long n, long a1, long a2, long a3)
{
	return __trex_syscall(n, a1, a2, a3, 0, 0, 0);
}

static __inline long __syscall4(long n, long a1, long a2, long a3, long a4)
{
	return __trex_syscall(n, a1, a2, a3, a4, 0, 0);
}

static __inline long __syscall5(long n, long a1, long a2, long a3, long a4, long a5)
{
	return __trex_syscall(n, a1, a2, a3, a4, a5, 0);
}

static __inline long __syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	return __trex_syscall(n, a1, a2, a3, a4, a5, a6);
}

/* No vDSO: clock_gettime etc. always make the real system call. */
#if defined(__x86_64__)
#define IPC_64 0
#endif
