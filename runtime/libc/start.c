/* trex: program start-up; replaces musl's src/env/__libc_start_main.c and
 * src/env/__init_tls.c.
 *
 * The executor calls __libc_start_main(main, argc, argv) with argv laid out
 * as argv[0..argc], NULL, envp..., NULL, then an auxiliary vector (at least
 * the terminating 0, 0 pair). There is one thread whose descriptor is the
 * static object __trex_main_thread (see runtime/include/pthread_arch.h);
 * there is no TLS beyond it, no init/fini arrays, no vDSO. */
#include <stdlib.h>
#include <elf.h>
#include "pthread_impl.h"
#include "libc.h"

extern char **__environ;

struct pthread __trex_main_thread;

static void init_main_thread(void)
{
	struct pthread *td = &__trex_main_thread;
	td->self = td;
	td->prev = td->next = td;
	td->tid = 1;
	td->detach_state = DT_JOINABLE;
	td->locale = &libc.global_locale;
	td->robust_list.head = &td->robust_list.head;
	td->sysinfo = 0;
	td->stack = 0;
	td->stack_size = 0;
	libc.can_do_threads = 0;
	libc.tls_size = sizeof(struct pthread);
	libc.tls_align = sizeof(void *);
	libc.tls_cnt = 0;
	libc.tls_head = 0;
}

int __libc_start_main(int (*main)(int, char **, char **), int argc, char **argv)
{
	char **envp = argv + argc + 1;
	size_t i, *auxv;
	char *pn;

	__environ = envp;
	for (i = 0; envp[i]; i++);
	libc.auxv = auxv = (void *)(envp + i + 1);
	libc.page_size = 4096;
	for (i = 0; auxv[i]; i += 2) {
		if (auxv[i] == AT_HWCAP) __hwcap = auxv[i+1];
		if (auxv[i] == AT_PAGESZ && auxv[i+1]) libc.page_size = auxv[i+1];
	}

	pn = argc > 0 && argv[0] ? argv[0] : "";
	__progname = __progname_full = pn;
	for (i = 0; pn[i]; i++) if (pn[i] == '/') __progname = pn + i + 1;

	init_main_thread();

	exit(main(argc, argv, envp));
	return 0;
}
