//! The interface through which code outside the interpreter acts on a run (miri's `Machine`
//! and `InterpCx`, KLEE's `SpecialFunctionHandler` calling its `Executor`): the extensions
//! (the POSIX environment, interpolation, the verification analyses, seeding, the KLEE API)
//! see the [`Worker`] only through its `pub(crate)` methods, never its fields, and the
//! interpreter calls them only through the hooks defined here ([`Observer`]).
//!
//! What a worker offers (each method is documented where it is defined):
//! - the program and the running path: [`Worker::program`], [`Worker::module`],
//!   [`Worker::state`], [`Worker::state_mut`], [`Worker::pool`], [`Worker::state_and_pool`];
//! - memory: the path's `ExecutionState::mem`; [`Worker::alloc_cstr`], [`Worker::argv_object`],
//!   [`Worker::ptr_add`], [`Worker::resolve_sym`] (a symbolic address's object), [`Worker::oom`];
//!   [`mem_err`] (a memory error as a path's end);
//! - symbolic values: [`Worker::arg`] (a call's argument), [`Worker::val_of`],
//!   [`Worker::expr_of`], [`Worker::fresh_array`];
//! - solver: [`Worker::may_be`], [`Worker::some_value`], [`Worker::unique_value`], [`Worker::make_concrete`],
//!   [`Worker::enumerate_value`], [`Worker::add_constraint`], [`Worker::push_constraint`];
//! - forks: [`Worker::fork_check`], [`Worker::fork_allowed`], [`Worker::fork_reexec`],
//!   [`Worker::deepen`], [`Worker::push_entry_path`], [`Worker::enter`] (a call of the entry),
//!   [`Worker::observe_fork`], [`Worker::seed_fork`], [`Worker::seed_constraint`];
//! - replay: [`Worker::is_replay`], [`Worker::replay_take`], [`value_le`];
//! - I/O and warnings: [`Worker::write_out`] (to the `Io`), [`Worker::stdin`],
//!   [`Worker::stderr_once`]; [`syscall_name`] (a system call number's name);
//! - the process environment: the hook [`Environment`] (`Config::environment`) and the
//!   per-path [`EnvState`]; [`Worker::env_unchanged`]; external calls: the hook
//!   [`ExternalCalls`] (`Config::externals`, `crate::native`);
//! - errors and ends of a path travel as `Err(Box<Stop>)` ([`R`], [`error`]);
//! - several workers (`--threads`): [`Worker::replaying`] (the running path re-derives a
//!   prefix another worker handed over), [`Worker::run_shared`] (a value the run's workers
//!   share by name, e.g. interpolation's table).
//!
//! Used by the concolic mode (`crate::concolic`, one path at a time on an input it chooses:
//! `exec/follow.rs`): the hook [`InputMode`] and [`run_inputs`](super::run_inputs), the input
//! a path follows ([`Follow`], [`Decision`], [`Fill`], [`Input`]); [`Worker::follows`],
//! [`Worker::assumable`] (an assumption, patching the input that violates it),
//! [`Worker::coverage`], [`Worker::forget_path`] (a path repeating one run before),
//! [`Worker::solve_model`].
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

pub(crate) use super::follow::{Arrays, Decision, Fill, Follow, Input, InputMode};
pub(crate) use super::interp::observe::{Fork, Observer, PathFact, StepEvent, Untaken, Wants};
pub(crate) use super::interp::{
    error, mem_err, sym_err, BuiltinCall, ExecutionState, Regs, Stop, Worker, R,
};
pub(crate) use super::interp::{fk_bytes, switch_groups, NO_NODE};
pub(crate) use super::program::{Program, TI};
use super::value::Value;
use super::Config;
use crate::expr::{ExprId, ExprPool};
use crate::ir::Module;
use crate::solver::{Query, SolverError};
use std::sync::Arc;

/// Makes the observers of a worker from the run's configuration, in hook order.
pub(crate) type ObserverSet = fn(&Module, &Config) -> Vec<Box<dyn Observer>>;

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

    /// Writes the program's output (or trex's lines about it) to stdout (1) or stderr (2).
    pub(crate) fn print(&mut self, fd: i32, data: &[u8]) {
        if self.replaying() {
            return;
        }
        self.io.write(fd, data);
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
        self.st.env.is_initial()
    }
}

// ---- used by the POSIX environment

pub(crate) use super::interp::syscall_names::name as syscall_name;
pub(crate) use super::interp::{ApiTable, EntryArgs, EnvState, Environment, ExternalCalls};
pub(crate) use super::replay::value_le;

impl<'m> Worker<'m, '_> {
    /// Replaying a test (`Config::limits.replay`): inputs come from it (`Worker::replay_take`).
    pub(crate) fn is_replay(&self) -> bool {
        self.ctl.lim.replay.is_some()
    }

    /// The program's stdin and its metadata (`Io::stdin`).
    pub(crate) fn stdin(&mut self) -> (std::sync::Arc<[u8]>, Option<std::fs::Metadata>) {
        self.io.stdin()
    }

    /// Writes `line` to the program's stderr, the first time in the run only.
    pub(crate) fn stderr_once(&mut self, line: &str) {
        if !self.replaying() && self.first_time(line) {
            self.io.write(2, line.as_bytes());
        }
    }

    /// The running path is one fork deeper (it forked outside a branch).
    pub(crate) fn deepen(&mut self) {
        self.st.path.depth += 1;
    }

    /// Adds `c` to the path condition without telling the observers (an assumption on an
    /// input made at start-up).
    pub(crate) fn push_constraint(&mut self, c: ExprId) {
        self.st.path.constraints.push(c);
    }

    /// `st`, just entered at the entry function (`Worker::enter`), becomes a pending path
    /// as a forked one (`ExecutionState::branch`): one fork deeper, in no interpolation node
    /// yet, without new coverage (`why`: where it was forked).
    pub(crate) fn push_entry_path(&mut self, mut st: ExecutionState, why: &'static str) {
        st.pc = 0;
        st.path.depth += 1;
        st.path.node = super::interp::NO_NODE;
        st.covered_new = false;
        let snap = super::interp::Snap {
            st,
            edge: None,
            preempted: false,
        };
        self.push_other_fork(snap, why);
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
        // (Always the solver: on a path that follows an input too, a subsumption check must
        // hold of every input that makes the path's decisions.)
        let ctl = &self.ctl;
        let sv = self.solver.get_or_insert_with(|| ctl.solver_chain());
        sv.must_be_true(&self.pool, Query::new(&self.st.path.constraints, f))
    }

    /// What ran so far in the run (instructions and branch outcomes).
    pub(crate) fn coverage(&self) -> &Arc<crate::search::coverage::Coverage> {
        &self.coverage
    }

    /// The path that ended last is not reported (the concolic mode: it repeats a path run
    /// before).
    pub(crate) fn forget_path(&mut self) {
        self.paths.pop();
    }

    /// A model of `constraints` (bytes of each of `arrays`; `None`: unsatisfiable) from the
    /// worker's solver.
    pub(crate) fn solve_model(
        &mut self,
        constraints: &[ExprId],
        arrays: &[crate::expr::ArrayId],
    ) -> Result<Option<Vec<Vec<u8>>>, SolverError> {
        let ctl = &self.ctl;
        let sv = self.solver.get_or_insert_with(|| ctl.solver_chain());
        sv.get_initial_values(&self.pool, constraints, arrays)
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

/// Values the workers of one run share (`--threads`), by name: the analyses' run-wide tables
/// (an analysis is an extension: `exec` keeps its values without knowing their types).
#[derive(Default)]
pub(crate) struct Shelf(
    std::sync::Mutex<
        hashbrown::HashMap<&'static str, std::sync::Arc<dyn std::any::Any + Send + Sync>>,
    >,
);

impl Worker<'_, '_> {
    /// With several workers: the run's value named `name` (made by the first worker that
    /// asks); `None` on one worker, or when `name` holds another type.
    pub(crate) fn run_shared<T: std::any::Any + Send + Sync + Default>(
        &self,
        name: &'static str,
    ) -> Option<std::sync::Arc<T>> {
        let shelf = self.shelf.as_ref()?;
        let mut m = shelf.0.lock().unwrap_or_else(|e| e.into_inner());
        let v = m
            .entry(name)
            .or_insert_with(|| std::sync::Arc::new(T::default()));
        v.clone().downcast::<T>().ok()
    }
}
