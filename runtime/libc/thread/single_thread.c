/* trex: definitions that musl keeps in files trex does not build
 * (src/thread/clone.c, src/thread/pthread_create.c, src/env/__reset_tls.c).
 * The process has one thread and cannot create more. */
#include <errno.h>
#include "pthread_impl.h"

/* Thread list lock (pthread_create.c): nothing to lock with one thread. */
volatile int __thread_list_lock;

void __tl_lock(void)
{
}

void __tl_unlock(void)
{
}

void __tl_sync(pthread_t td)
{
	(void)td;
}

/* No new threads or processes sharing memory: posix_spawn, system, popen
 * and faccessat(AT_EACCESS) fail cleanly with ENOSYS. */
int __clone(int (*func)(void *), void *stack, int flags, void *arg, ...)
{
	(void)func; (void)stack; (void)flags; (void)arg;
	return -ENOSYS;
}

/* After fork() the child keeps the static thread descriptor as it is. */
void __reset_tls(void)
{
}
