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
//!
//! Used by interpolation (`crate::itp`: the observer and the weakest-precondition pass):
//! - the program and the path, read: [`Worker::consts`], [`Worker::pool_ref`],
//!   [`Worker::op`] (an operand's value), [`Worker::ti`] (type info), [`Worker::pw`] (pointer
//!   bits), [`Worker::hint`] (the object a symbolic address was derived from),
//!   [`Worker::env_unchanged`];
//! - the layout the semantics gives: [`Worker::ptr_add`], [`Worker::va_layout`] (a call's
//!   variadic area), [`Worker::structors`] (`llvm.global_ctors` / `dtors`), and the free
//!   functions [`switch_groups`] (a switch's outcomes), [`fk_bytes`], [`syscall_name`];
//! - acting on the run: [`Worker::must_be_true`] (a query under the path constraints, the
//!   worker's solver), [`Worker::forked_states`] (the paths just forked, to name their
//!   nodes), [`Worker::deadline`] (`--max-time`);
//! - data types: [`ExecutionState`] (its `mem`, `regs`, `frames`, `base`, `pc`, `path`),
//!   [`Program`] (its `ps`, `x86_64`, `builtins`, `checks`, `objects()`), [`TI`], [`NO_NODE`]
//!   (a path without a node), `crate::exec::{sem, value, memory}`.

#[allow(unused_imports)] // (the extensions moving out of `exec` import these from here)
pub(crate) use super::interp::observe::{Fork, Observer, PathFact, StepEvent, Wants};
#[allow(unused_imports)]
pub(crate) use super::interp::{error, ExecutionState, Stop, Worker, R};
pub(crate) use super::interp::{fk_bytes, switch_groups, syscall_name, NO_NODE};
pub(crate) use super::program::{Program, TI};
use super::value::Value;
use super::Config;
use crate::expr::{ExprId, ExprPool};
use crate::ir::Module;
use crate::solver::{Query, SolverError};

/// Makes the observers of a worker from the run's configuration, in hook order.
pub(crate) type ObserverSet = fn(&Module, &Config) -> Vec<Box<dyn Observer>>;

#[allow(dead_code)] // (used by the extensions as they move out of `exec`)
impl<'m> Worker<'m, '_> {
    /// The program the worker runs (shared by every worker of the run).
    #[inline]
    pub(crate) fn program(&self) -> &'m Program<'m> {
        self.p
    }

    #[inline]
    pub(crate) fn module(&self) -> &'m Module {
        self.m
    }

    /// The running path.
    #[inline]
    pub(crate) fn state(&self) -> &ExecutionState {
        &self.st
    }

    #[inline]
    pub(crate) fn state_mut(&mut self) -> &mut ExecutionState {
        &mut self.st
    }

    /// The worker's expression pool (every expression of its paths).
    #[inline]
    pub(crate) fn pool(&mut self) -> &mut ExprPool {
        &mut self.pool
    }

    /// The running path and the pool at once.
    #[inline]
    pub(crate) fn state_and_pool(&mut self) -> (&mut ExecutionState, &mut ExprPool) {
        (&mut self.st, &mut self.pool)
    }

    /// The running path's process environment is as it started: descriptors 0, 1 and 2 on
    /// stdin, stdout and stderr, nothing else open, no file changed, no failure left to
    /// inject (what interpolants assume of the environment).
    pub(crate) fn env_unchanged(&self) -> bool {
        self.st.posix.is_initial()
    }
}

// ---- used by interpolation
impl<'m> Worker<'m, '_> {
    /// The values of the module's constants (the start-up image's, shared by every worker).
    #[inline]
    pub(crate) fn consts(&self) -> &'m [Value] {
        &self.p.objects().consts
    }

    /// The worker's expression pool, to read.
    #[inline]
    pub(crate) fn pool_ref(&self) -> &ExprPool {
        &self.pool
    }

    /// When the run's time is up (`--max-time`).
    pub(crate) fn deadline(&self) -> Option<std::time::Instant> {
        self.ctl.deadline()
    }

    /// Is `f` (width 1) true in every state of the running path (under its constraints)? Asks
    /// the worker's solver.
    pub(crate) fn must_be_true(&mut self, f: ExprId) -> Result<bool, SolverError> {
        let ctl = &self.ctl;
        let sv = self.solver.get_or_insert_with(|| ctl.solver_chain());
        sv.must_be_true(&self.pool, Query::new(&self.st.path.constraints, f))
    }

    /// The states of the last `n` paths the running path forked (not yet given to the
    /// searcher), in the order they were forked.
    pub(crate) fn forked_states(
        &mut self,
        n: usize,
    ) -> impl Iterator<Item = &mut ExecutionState> + use<'_, 'm> {
        let k = self.worklist.len() - n;
        self.worklist[k..].iter_mut().map(|s| &mut s.st)
    }
}
