/* trex override of musl's arch/<arch>/pthread_arch.h.
 * There is one thread; its descriptor is a static object defined and
 * initialised by runtime/libc/start.c. No %fs/%gs access. */

extern struct __pthread __trex_main_thread;

#define __get_tp() ((uintptr_t)&__trex_main_thread)

#if defined(__x86_64__)
#define MC_PC gregs[REG_RIP]
#else
#define MC_PC gregs[REG_EIP]
#endif
