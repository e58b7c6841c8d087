/* Linked into the native replays of `trex verify` witnesses (tests/testsuite/verify.rs): when a
 * signal ends the program (abort: a failed assertion, reach_error, abort itself), it prints the
 * stack's return addresses on stderr as one line
 *     TREX-PROBE: signal N: 0x... 0x... ...
 * (innermost first; the harness symbolizes them with llvm-symbolizer, the program being linked
 * with -no-pie), writes the gcov counters (which the profile runtime otherwise writes only at
 * exit), and dies by the signal. Installed before the program's own constructors run, so that
 * a target in a constructor is seen too. */
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void __gcov_dump(void);

enum { MAX_FRAMES = 128 };

static void on_signal(int sig) {
  void *pcs[MAX_FRAMES];
  int n = backtrace(pcs, MAX_FRAMES);
  char buf[MAX_FRAMES * 20 + 64];
  int len = snprintf(buf, sizeof buf, "TREX-PROBE: signal %d:", sig);
  for (int i = 0; i < n && len < (int)sizeof buf - 24; i++)
    len += snprintf(buf + len, sizeof buf - len, " %p", pcs[i]);
  buf[len++] = '\n';
  (void)!write(2, buf, len);
  __gcov_dump();
  signal(sig, SIG_DFL);
  raise(sig);
}

__attribute__((constructor(101))) static void install(void) {
  /* The first backtrace loads the unwinder (malloc, dlopen): not in the signal handler. */
  void *warm[2];
  backtrace(warm, 2);
  static const int sigs[] = {SIGABRT, SIGSEGV, SIGFPE, SIGBUS, SIGILL};
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    sigaction(sigs[i], &sa, 0);
}
