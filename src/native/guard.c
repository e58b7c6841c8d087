/* One native call for trex's external calls (src/native/call.rs): libffi makes the call; a
 * crash in the callee (SIGSEGV, SIGBUS, SIGFPE, SIGILL) comes back here as a status instead
 * of ending trex, as KLEE's external dispatcher does with sigsetjmp. The caller holds the
 * native-call lock, so one call at a time uses the jump buffer. */
#include <ffi.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

static sigjmp_buf escape;
static volatile sig_atomic_t caught;

static void on_fault(int sig) {
  caught = sig;
  siglongjmp(escape, 1);
}

static const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NFAULTS (sizeof faults / sizeof faults[0])

/* Calls `fn` as `cif` describes; 0, or the signal that ended the call. */
int trex_guarded_call(ffi_cif *cif, void (*fn)(void), void *ret, void **args) {
  struct sigaction sa, old[NFAULTS];
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fault;
  sigemptyset(&sa.sa_mask);
  /* The alternate stack (Rust's, per thread) lets a stack overflow in the callee come back. */
  sa.sa_flags = SA_ONSTACK;
  for (unsigned i = 0; i < NFAULTS; i++)
    sigaction(faults[i], &sa, &old[i]);
  caught = 0;
  if (sigsetjmp(escape, 1) == 0)
    ffi_call(cif, fn, ret, args);
  for (unsigned i = 0; i < NFAULTS; i++)
    sigaction(faults[i], &old[i], NULL);
  return caught;
}
