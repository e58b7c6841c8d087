/* trex: build/runtime/<arch>/entry.bc. `llvm-link --only-needed` links from
 * libc.bc only what the program refers to, and no program refers to
 * __libc_start_main, which the executor calls. Linking this module into the
 * program first (without --only-needed) makes the start-up code "needed":
 *
 *   llvm-link-14 -o tmp.bc prog.bc entry.bc
 *   llvm-link-14 --only-needed -o linked.bc tmp.bc libc.bc
 */
int __libc_start_main(int (*)(int, char **, char **), int, char **);

int (*const __trex_entry)(int (*)(int, char **, char **), int, char **) = __libc_start_main;
