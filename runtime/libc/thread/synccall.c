/* trex: replaces musl's src/thread/synccall.c. __synccall runs a function
 * on every thread of the process; under trex there is exactly one. */
#include "pthread_impl.h"

void __synccall(void (*func)(void *), void *ctx)
{
	func(ctx);
}
