/* Test shim (NOT part of libc.bc): a native stand-in for the trex executor,
 * so that prog.bc + libc.bc can be compiled to a native executable and its
 * output compared with the same program built against glibc.
 *
 * Provides what the contract (ARCHITECTURE.md, "Contract: the C library")
 * leaves to the executor: __trex_syscall (the real system call), the malloc
 * family (bump allocator), abort, __assert_fail; and _start, which calls
 * __libc_start_main(main, argc, argv) like the executor does.
 *
 * System calls outside the executor's implemented list are still performed,
 * but reported on stderr ("shim: syscall N ..."), so a test shows when musl
 * needs more than the executor offers.
 *
 * Build: clang-14 [-m32] -O1 -ffreestanding -fno-builtin -fno-stack-protector -c shim.c
 */
typedef unsigned long size_t;
typedef unsigned long uintptr_t;

int main();
int __libc_start_main(int (*)(), int, char **);

#if defined(__x86_64__)
__asm__(
	".text\n"
	".global _start\n"
	"_start:\n"
	"	xor %rbp,%rbp\n"
	"	mov %rsp,%rdi\n"
	"	and $-16,%rsp\n"
	"	call __shim_start_c\n"
	"	hlt\n");

static long raw_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	unsigned long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	__asm__ __volatile__("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c),
			     "r"(r10), "r"(r8), "r"(r9) : "rcx", "r11", "memory");
	return ret;
}
enum { NR_write = 1, NR_writev = 20, NR_ioctl = 16, NR_exit = 60, NR_exit_group = 231,
       NR_brk = 12, NR_mmap = 9, NR_mmap2 = -1, NR_getpid = 39, NR_gettid = 186,
       NR_rt_sigprocmask = 14, NR_read = 0, NR_readv = 19 };
#elif defined(__i386__)
__asm__(
	".text\n"
	".global _start\n"
	"_start:\n"
	"	xor %ebp,%ebp\n"
	"	mov %esp,%eax\n"
	"	and $-16,%esp\n"
	"	sub $12,%esp\n"
	"	push %eax\n"
	"	call __shim_start_c\n"
	"	hlt\n");

static long raw_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	long ret;
	long args[3] = { a, f, n };
	/* ebx and ebp can't be asm operands here: load them from memory. */
	__asm__ __volatile__(
		"push %%ebx\n\t"
		"push %%ebp\n\t"
		"mov 4(%%eax),%%ebp\n\t"
		"mov 0(%%eax),%%ebx\n\t"
		"mov 8(%%eax),%%eax\n\t"
		"int $0x80\n\t"
		"pop %%ebp\n\t"
		"pop %%ebx\n\t"
		: "=a"(ret)
		: "a"(args), "c"(b), "d"(c), "S"(d), "D"(e)
		: "memory");
	return ret;
}
enum { NR_write = 4, NR_writev = 146, NR_ioctl = 54, NR_exit = 1, NR_exit_group = 252,
       NR_brk = 45, NR_mmap = 90, NR_mmap2 = 192, NR_getpid = 20, NR_gettid = 224,
       NR_rt_sigprocmask = 175, NR_read = 3, NR_readv = 145 };
#endif

static void say(const char *s)
{
	size_t n = 0;
	while (s[n]) n++;
	raw_syscall(NR_write, 2, (long)s, n, 0, 0, 0);
}

static void say_num(long v)
{
	char buf[24];
	int i = 23;
	int neg = v < 0;
	unsigned long u = neg ? -(unsigned long)v : (unsigned long)v;
	buf[i] = 0;
	do { buf[--i] = '0' + u % 10; u /= 10; } while (u);
	if (neg) buf[--i] = '-';
	say(buf + i);
}

void __shim_start_c(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	__libc_start_main(main, argc, argv);
	raw_syscall(NR_exit_group, 127, 0, 0, 0, 0, 0);
}

long __trex_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	if (n == NR_brk || n == NR_mmap || n == NR_mmap2)
		return -12; /* the executor refuses: -ENOMEM */
	if (n == NR_getpid || n == NR_gettid)
		return 42; /* constant under trex */
	/* read/readv of fd 0 are not in the executor's list yet, but any
	 * program reading stdin needs them (musl: read when the FILE has no
	 * buffer space left, readv otherwise). */
	if (!(n == NR_write || n == NR_writev || n == NR_ioctl || n == NR_exit ||
	      n == NR_exit_group || n == NR_rt_sigprocmask ||
	      ((n == NR_read || n == NR_readv) && a == 0))) {
		say("shim: syscall ");
		say_num(n);
		say(" outside the trex executor's list\n");
	}
	if (n == NR_ioctl && b == 0x5413) /* TIOCGWINSZ: the executor says -ENOTTY */
		return -25;
	return raw_syscall(n, a, b, c, d, e, f);
}

/* Bump allocator: every block has its size in a 16-byte header. */
static _Alignas(16) unsigned char arena[64 << 20];
static size_t arena_used;

static void *alloc(size_t align, size_t n)
{
	size_t start, p;
	if (align < 16) align = 16;
	start = arena_used + 16;
	p = (start + align - 1) & ~(align - 1);
	if (p + n > sizeof arena || n > sizeof arena) return 0;
	((size_t *)(arena + p))[-1] = n;
	arena_used = p + n;
	return arena + p;
}

static size_t block_size(void *p)
{
	return ((size_t *)p)[-1];
}

void *malloc(size_t n) { return alloc(16, n); }

void *calloc(size_t m, size_t n)
{
	size_t i, t = m * n;
	unsigned char *p;
	if (n && t / n != m) return 0;
	p = alloc(16, t);
	if (p) for (i = 0; i < t; i++) p[i] = 0;
	return p;
}

void free(void *p) { (void)p; }

void *realloc(void *old, size_t n)
{
	unsigned char *p;
	size_t i, m;
	if (!old) return malloc(n);
	p = alloc(16, n);
	if (!p) return 0;
	m = block_size(old);
	if (m > n) m = n;
	for (i = 0; i < m; i++) p[i] = ((unsigned char *)old)[i];
	return p;
}

void *aligned_alloc(size_t align, size_t n) { return alloc(align, n); }
void *memalign(size_t align, size_t n) { return alloc(align, n); }

int posix_memalign(void **res, size_t align, size_t n)
{
	void *p = alloc(align, n);
	if (!p) return 12;
	*res = p;
	return 0;
}

size_t malloc_usable_size(void *p) { return p ? block_size(p) : 0; }

void abort(void)
{
	say("shim: abort\n");
	raw_syscall(NR_exit_group, 134, 0, 0, 0, 0, 0);
	for (;;);
}

void __assert_fail(const char *expr, const char *file, unsigned line, const char *func)
{
	say("ASSERTION FAIL: ");
	say(expr);
	say(" at ");
	say(file);
	say(":");
	say_num(line);
	say(" in ");
	say(func);
	say("\n");
	raw_syscall(NR_exit_group, 134, 0, 0, 0, 0, 0);
	for (;;);
}
