/* trex: replaces musl's src/exit/exit.c, which walks the linker-provided
 * __fini_array_start/__fini_array_end (they do not exist in bitcode).
 * Destructors registered in llvm.global_dtors are run by the executor's
 * builtin __trex_run_global_dtors (in place of musl's fini arrays);
 * atexit handlers and stdio flushing happen here as in musl. */
#include <stdlib.h>
#include "libc.h"

static void dummy(void)
{
}

/* atexit.c and __stdio_exit.c override these when they are linked in. */
weak_alias(dummy, __funcs_on_exit);
weak_alias(dummy, __stdio_exit);
void __trex_run_global_dtors(void);

_Noreturn void exit(int code)
{
	__funcs_on_exit();
	__trex_run_global_dtors();
	__stdio_exit();
	_Exit(code);
}
