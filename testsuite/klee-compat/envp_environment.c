// main's envp carries trex's own environment, as KLEE passes its own when no --env-file is
// given: PATH is in it (exit status 1; 2 without it, as before, when envp was empty).
// TREX: -libc=none prog.bc
// EXPECT-STDERR: TREX: program exited with status 1

int main(int argc, char **argv, char **envp) {
  (void)argc;
  (void)argv;
  for (char **e = envp; *e; e++) {
    const char *s = *e;
    if (s[0] == 'P' && s[1] == 'A' && s[2] == 'T' && s[3] == 'H' && s[4] == '=')
      return 1;
  }
  return 2;
}
