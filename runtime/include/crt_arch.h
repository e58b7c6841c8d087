/* trex override of musl's arch/<arch>/crt_arch.h: the executor enters the
 * program through __libc_start_main (runtime/libc/start.c), so there is
 * no _start. Intentionally empty. */
