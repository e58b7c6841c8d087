// verify: a witness with 20 000 inputs of one name (__VERIFIER_nondet_int in a loop) is
// replayed in linear time: the replay's renaming of repeated names (x, x_1, x_2, ...) scanned
// every name given so far for every suffix it tried (cubic: the replay of SV-COMP's
// standard_copy1_ground-2, 200 000 inputs, ran out of time and the target was UNKNOWN).
// VERIFY-OPTIONS: --max-time=10s
// EXPECT-VERDICT: @err REACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int last = 0;
  for (int i = 0; i < 20000; i++)
    last = __VERIFIER_nondet_int();
  if (last == 42)
    reach_error(); // @err
  return 0;
}
