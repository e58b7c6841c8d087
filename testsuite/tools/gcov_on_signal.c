/* Linked into the natively replayed programs of the coverage cross-check (tests/testsuite.rs):
 * a test that ends the program by a signal (abort, failed assertion, crash, sanitizer report)
 * still writes its gcov counters, which the profile runtime otherwise writes only at exit. */
#include <signal.h>
#include <string.h>

void __gcov_dump(void);

static void dump_and_die(int sig) {
  __gcov_dump();
  signal(sig, SIG_DFL);
  raise(sig);
}

__attribute__((constructor)) static void install(void) {
  static const int sigs[] = {SIGABRT, SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGTRAP};
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = dump_and_die;
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    sigaction(sigs[i], &sa, 0);
}
