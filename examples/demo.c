/* The program of `make demo` (scripts/demo.sh): a packet checker with a real bug and a safe
 * assertion. trex run finds the bug with a test; trex verify proves the safe assertion by
 * interpolation and reports the bug's assertion REACHABLE. */
#include <assert.h>
#include <klee/klee.h>

#define N 8

/* Each flag byte costs 1 or 3 units: at most 3 * N. */
static int cost(const unsigned char *flags) {
  int units = 0;
  for (int i = 0; i < N; i++) {
    if (flags[i] & 1)
      units += 3;
    else
      units += 1;
  }
  return units;
}

/* The length field counts the payload bytes after the 2-byte header... but the check
 * forgets the header: a length of 7 passes and then overruns the 8-byte packet. */
static int payload_fits(unsigned char len) { return len <= N - 1; /* bug: should be N - 2 */ }

int main(void) {
  unsigned char packet[N];
  klee_make_symbolic(packet, sizeof packet, "packet");
  int units = cost(packet);
  assert(units <= 3 * N); /* safe: proved for every packet */
  unsigned char len = packet[1];
  if (packet[0] == 'D' && payload_fits(len))
    assert(2 + len <= N); /* the bug: fails for len == 7 */
  return 0;
}
