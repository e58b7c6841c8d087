// Seeding under --posix-runtime: a test of a `--sym-args 0 1 3` run (n_args = 1, arg00 =
// "zq") as seed; with --only-replay-seeds only its path runs (the count it has, its argument).
// KTEST: zq.ktest | n_args=01000000 arg00=7a710000 model_version=01000000
// TREX: -posix-runtime -seed-file=zq.ktest -only-replay-seeds -no-interpolation prog.bc --sym-args 0 1 3
// EXPECT-STDERR: KLEE: seeding done (0 states remain)
// EXPECT-STDERR: TREX: program exited with status 7
// EXPECT-DONE: completed paths = 1

int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == 'z' && argv[1][1] == 'q')
    return 7;
  return 0;
}
