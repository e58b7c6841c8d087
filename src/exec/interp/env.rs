//! The hook through which the interpreter reaches the process environment the program runs
//! in (the system calls, KLEE's POSIX runtime: `crate::posix`), without knowing it: the run's
//! [`Environment`] (`Config::environment`) answers the system calls and makes the entry's
//! arguments under `--posix-runtime`; each path carries its own [`EnvState`], opaque here,
//! copied by a fork.

use std::any::Any;
use std::fmt::Debug;

use super::*;

/// `(argc, argv, envp)` of the entry.
pub(crate) type EntryArgs = (Value, Value, Value);

/// The process environment of a run (shared by its workers).
pub(crate) trait Environment: Send + Sync + Debug {
    /// The state of the first path (before the constructors run).
    fn initial(&self) -> Box<dyn EnvState>;

    /// KLEE's POSIX runtime: the entry's arguments are made by [`Environment::start`] after
    /// the constructors (and may fork); otherwise the interpreter makes them before.
    fn makes_args(&self) -> bool;

    /// With [`Environment::makes_args`]: the entry's `(argc, argv, envp)` of the running path;
    /// other paths it forks start at the entry `f` called with `vals(argc, argv, envp)`.
    fn start<'m, 'io>(
        &self,
        w: &mut Worker<'m, 'io>,
        cfg: &Config,
        f: FuncId,
        vals: &dyn Fn(&Worker<'m, 'io>, EntryArgs) -> Vec<Value>,
    ) -> R<EntryArgs>;

    /// System call `a[0]` with arguments `a[1..]` (sign-extended registers; `args`: the
    /// call's operands, for pointers): its result (a negative errno on failure).
    fn syscall(&self, w: &mut Worker<'_, '_>, a: &[i64; 7], args: &[CallArg]) -> R<i64>;
}

/// One path's state of the environment (its descriptors, files, ...), behind
/// `ExecutionState::env`; a fork copies it (keep copies cheap: share what does not change).
pub(crate) trait EnvState: Any + Send + Sync + Debug {
    fn clone_box(&self) -> Box<dyn EnvState>;
    /// As the process started: descriptors 0, 1 and 2 on stdin, stdout and stderr, nothing
    /// else open, no file changed, no failure left to inject (`Worker::env_unchanged`).
    fn is_initial(&self) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl Clone for Box<dyn EnvState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Calls of functions the program only declares and trex does not implement (KLEE's
/// external calls): the run's hook (`Config::externals`, `crate::native`: the host's code
/// run natively). Without one, each such call ends its path with `failed external call`.
pub(crate) trait ExternalCalls: Send + Sync + Debug {
    /// Calls the declaration `call.fid` on the call's arguments (symbolic ones included: the
    /// hook decides what to do with them); the call's value.
    fn call(&self, w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value>;

    /// The initial bytes of the global variable `name` the program declares and nothing
    /// defines (`size` bytes), when the hook has one of that name (KLEE binds the host's
    /// `stdout` & co.); `None`: zeros.
    fn global(&self, name: &str, size: u64) -> Option<Vec<u8>>;
}
