/* trex: names that code compiled against glibc's headers calls and that
 * musl does not define (musl already has __isoc99_*scanf, __ctype_b_loc,
 * __ctype_tolower_loc, __ctype_toupper_loc, __errno_location,
 * __strtol_internal & co., __xstat & co., __ctype_get_mb_cur_max).
 * Also __stack_chk_fail (replaces musl's src/env/__stack_chk_fail.c). */
#include <stdlib.h>
#include <stdint.h>
#include "libc.h"

uintptr_t __stack_chk_guard;

void __stack_chk_fail(void)
{
	abort();
}

hidden void __stack_chk_fail_local(void);
weak_alias(__stack_chk_fail, __stack_chk_fail_local);
