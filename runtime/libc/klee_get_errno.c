/* klee_get_errno() of KLEE's API: the program's errno. When the program is linked with this
 * library, errno is musl's (a field of the thread descriptor): the call runs this body. Without
 * a C library, the executor answers the declaration itself (exec/interp/klee_api.rs). */
#include <errno.h>

int klee_get_errno(void) { return errno; }
