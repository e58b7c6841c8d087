//! The interface through which code outside the interpreter acts on a run (miri's `Machine`
//! and `InterpCx`, KLEE's `SpecialFunctionHandler` calling its `Executor`): the extensions
//! (the POSIX environment, interpolation, the verification analyses, seeding, the KLEE API)
//! see the [`Worker`] only through its `pub(crate)` methods, never its fields, and the
//! interpreter calls them only through the hooks defined here ([`Observer`]).
//!
//! What a worker offers (each method is documented where it is defined):
//! - the program and the running path: [`Worker::program`], [`Worker::module`],
//!   [`Worker::state`], [`Worker::state_mut`], [`Worker::pool`], [`Worker::state_and_pool`];
//! - errors and ends of a path travel as `Err(Box<Stop>)` ([`R`], [`error`]).

#[allow(unused_imports)] // (the extensions moving out of `exec` import these from here)
pub(crate) use super::interp::observe::{Fork, Observer, PathFact, StepEvent, Wants};
#[allow(unused_imports)]
pub(crate) use super::interp::{
    error, mem_err, sym_err, BuiltinCall, ExecutionState, Stop, Worker, R,
};
use super::program::Program;
use super::Config;
use crate::expr::ExprPool;
use crate::ir::Module;

/// KLEE's and SV-COMP's API: the handler of every builtin `Builtin::is_symbolic_api` marks
/// (`crate::klee_api::call`).
pub(crate) type ApiTable = fn(&mut Worker<'_, '_>, BuiltinCall<'_>) -> R<crate::exec::value::Value>;

/// Makes the observers of a worker from the run's configuration, in hook order.
pub(crate) type ObserverSet = fn(&Module, &Config) -> Vec<Box<dyn Observer>>;

#[allow(dead_code)] // (used by the extensions as they move out of `exec`)
impl<'m> Worker<'m, '_> {
    /// The program the worker runs (shared by every worker of the run).
    pub(crate) fn program(&self) -> &'m Program<'m> {
        self.p
    }

    pub(crate) fn module(&self) -> &'m Module {
        self.m
    }

    /// The running path.
    pub(crate) fn state(&self) -> &ExecutionState {
        &self.st
    }

    pub(crate) fn state_mut(&mut self) -> &mut ExecutionState {
        &mut self.st
    }

    /// The worker's expression pool (every expression of its paths).
    pub(crate) fn pool(&mut self) -> &mut ExprPool {
        &mut self.pool
    }

    /// The running path and the pool at once.
    pub(crate) fn state_and_pool(&mut self) -> (&mut ExecutionState, &mut ExprPool) {
        (&mut self.st, &mut self.pool)
    }

    /// Writes the program's output (or trex's lines about it) to stdout (1) or stderr (2).
    pub(crate) fn print(&mut self, fd: i32, data: &[u8]) {
        self.io.write(fd, data);
    }

    /// Whether `line` is met for the first time in the run (lines printed once).
    pub(crate) fn first_time(&mut self, line: &str) -> bool {
        self.warned_once.insert(line.to_string())
    }

    /// The run replays a test (`trex replay`, `--replay-ktest-file`).
    pub(crate) fn is_replay(&self) -> bool {
        self.ctl.lim.replay.is_some()
    }

    /// Time since the run started.
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        self.ctl.started.elapsed()
    }

    /// Something symbolic now exists (the interpreter's symbolic slow paths run from now on).
    pub(crate) fn note_symbolic(&mut self) {
        self.symbolic = true;
    }

    /// The running path's process environment is as it started: descriptors 0, 1 and 2 on
    /// stdin, stdout and stderr, nothing else open, no file changed, no failure left to
    /// inject (what interpolants assume of the environment).
    pub(crate) fn env_unchanged(&self) -> bool {
        self.st.posix.is_initial()
    }
}
