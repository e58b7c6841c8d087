//! The interpreter: states, memory, instruction semantics, builtins, system calls.
//!
//! The fast concrete interpreter, extended to symbolic execution (see below).
//!
//! * `value`: [`value::Value`] = `Int(u128)` (integer / float bit pattern, zero-extended; also a
//!   pointer without provenance, e.g. null or `inttoptr`), `Ptr { obj, addr }` (provenance + the
//!   absolute address), `Agg` (struct / array / vector elements); integer semantics of any
//!   width 1..=128.
//! * `float`: f32/f64 natively, half / x86_fp80 / fp128 exactly with `rustc_apfloat`.
//! * `memory`: one object per allocation with a unique address from a bump allocator (never
//!   reused, 16-aligned, 16-byte gaps), exact bounds, generation-checked slots (use after free),
//!   copy-on-write bytes (`Arc`), a provenance side table per object (offset -> object of a
//!   stored pointer); integer addresses are resolved through a sorted address index.
//!   `memory/view.rs`: an object's contents as an array term (constant array + update list) for
//!   reads and writes at symbolic offsets.
//! * `interp`: start-up (function, global, argv objects; constants evaluated once; global
//!   initializers with relocations), the dispatch loop (one register file for all frames,
//!   per-edge parallel phi copies), calls (byval copies, varargs areas), intrinsics, builtins
//!   (malloc family, abort, `__assert_fail`, exit) and `__trex_syscall`.
//!
//! Varargs: a call to a variadic function lays its variadic arguments out in one object
//! (x86-64: 8-byte slots, 16 for 16-aligned types, byval structs copied in; i386: 4-byte
//! aligned slots). `va_start` on x86-64 writes `{gp_offset = 48, fp_offset = 304,
//! overflow_arg_area = that object, reg_save_area = NULL}` so clang's inline `va_arg` code reads
//! every argument from the overflow area; on i386 it stores a pointer to the object.
//! `llvm.stacksave` returns the number of live allocas (a small non-dereferenceable integer),
//! `llvm.stackrestore` frees the allocas made since. Static constructors (`llvm.global_ctors`)
//! run before the entry; destructors (`llvm.global_dtors`) run when the entry returns, or when
//! the program calls the builtin `__trex_run_global_dtors()` (for the C library's exit path;
//! they run at most once).
//!
//! Symbolic execution (`interp.rs`, the section after the concrete semantics): a value may be
//! `Value::Sym(ExprId)`, a symbolic integer (width <= 128) in the run's `ExprPool`; operations
//! with a symbolic operand build expressions with the pool's smart constructors (a constant
//! result becomes `Int` again). Memory objects carry an optional copy-on-write symbolic overlay
//! (one `Option<ExprId>` per byte); loads concatenate bytes little-endian.
//!
//! Symbolic memory (`interp/symmem.rs`, `interp/symcopy.rs`, `interp/symcall.rs`, KLEE's model):
//! a symbolic pointer is a `Value::Sym` address of pointer width (GEP with a symbolic index,
//! `inttoptr` of a symbolic integer, a `select` between pointers, a pointer loaded from
//! symbolic bytes). One derived by GEP from a pointer with provenance keeps that object as a
//! hint (per address expression, with the object's base), and its accesses are bounds-checked
//! against that object only: an `out of bound pointer` error path when out of bounds is
//! feasible, the path continuing in bounds. Without provenance, the address is resolved against
//! every live object (bisection over the address index, one feasibility query per range): one
//! path per object it may point into (at most 64, else an `unsupported` error), plus a `null
//! page access` / `out of bound pointer` error path when it may point into none. The access
//! then reads or writes the object's array view (`memory/view.rs`): a constant array of its
//! concrete bytes plus an update list (its symbolic bytes, then the symbolic-offset writes).
//! After such a write every byte of the object is re-expressed as a read of the new list
//! (constant where the write cannot reach), so later concrete-offset accesses see it through
//! the overlay; stored-pointer provenance of the object is dropped (pointers loaded back are
//! resolved by address, which is sound because addresses are never reused). `memcpy` /
//! `memmove` / `memset` with a symbolic pointer or fill byte move bytes as expressions (all
//! source bytes read first: overlap-safe); a symbolic length is an `unsupported` error. A call
//! through a symbolic function pointer (or an `indirectbr` to a symbolic address) forks one
//! path per feasible target, plus KLEE's `invalid function pointer` (`exec`) error path.
//! Objects accessed at a symbolic offset are limited to 1 MiB (`view::MAX_VIEW_SIZE`).
//!
//! A path owns its
//! memory, registers, frames, path constraints and symbolic objects (name, array, size, in
//! creation order); forks clone them (bytes shared until written) into pending paths.
//!
//! Path selection (`Config::search`, `Config::seed`): the pending paths live in a slab indexed
//! by [`crate::search::StateId`] and a [`crate::search::Searcher`] (`search::make_searcher`:
//! KLEE's `--search` heuristics, default random-path interleaved with nurs:covnew) picks the
//! next one. The granularity is a path segment: a selected path runs until it ends (keeping the
//! concrete fast path untouched); then the searcher hears of the children it forked
//! (`fork(parent, child)`, `added`) and of its end (`removed`), and selects the next path. The
//! fork sites are marked covered. The explored paths (and so the counts of paths, tests and
//! errors) do not depend on the heuristic, only the order in which they end does.
//! Forks: `br` / `switch` on a symbolic value (one path per feasible side / distinct target: cases
//! sharing an edge are one path, as in KLEE), a `select` of two concrete pointers (or other
//! non-integers) on a symbolic condition the path does not decide (`interp/select_decided.rs`;
//! KLEE would carry a symbolic pointer), division and
//! remainder by a symbolic divisor and shifts by a symbolic amount (an error path when the bad
//! value is feasible), symbolic pointers (see above: error paths, one path per object or
//! function). The API (`klee_make_symbolic`, `klee_assume`,
//! `klee_int`, `klee_range`, `klee_choose`, `klee_silent_exit`, `klee_abort`,
//! `klee_report_error`, `klee_is_symbolic`, `klee_warning[_once]`, `klee_get_value*`,
//! `klee_prefer_cex`, `klee_print_expr`, `klee_check_memory_access`, `klee_get_obj_size`,
//! `klee_is_replay`, the rest of KLEE 3.2's `klee.h` (`interp/klee_api.rs`),
//! `__VERIFIER_nondet_<int type>` (`__int128` too, returned as `{i64, i64}`:
//! `interp/nondet.rs`), `__VERIFIER_assume`, `reach_error` / `__VERIFIER_error`) is built in when
//! the function is only declared; bad input to it ends the path with KLEE's `user` errors
//! (`interp/api_args.rs`). Test objects keep the names given, repeated names included, as KLEE's
//! `.ktest` files do. Every path's end is a
//! [`PathEnd`] with a model of its symbolic objects. Anything symbolic not supported is an
//! `exec` error `unsupported: symbolic ...` (vector operations, symbolic pointers passed to
//! builtins (but `free`, `realloc`, `klee_get_obj_size`, `klee_mark_global`: KLEE's
//! `resolveExact`), most intrinsics
//! except the integer ones: min/max/abs, `*.with.overflow`, and
//! ctpop/ctlz/cttz/bswap/bitreverse/fshl/fshr in `interp/sym_bits.rs`;
//! system calls other than writes and exit, except those on KLEE's symbolic environment under
//! `--posix-runtime`: `crate::posix`, `sym_fs.rs`),
//! never a silent concretization; the concretizations that lose no path: an exit status,
//! bytes written to stdout/stderr and the result of `klee_get_value*` take one feasible value
//! without constraining the path. One
//! loses paths, as in KLEE: a symbolic operand of a floating-point operation takes one value
//! (`interp/sym_float.rs`; warned once per location, counted in `Outcome::concretized`, a gap
//! for `trex verify`). Aggregates and variadic arguments keep their symbolic parts
//! (`interp/sym_agg.rs`). Forks
//! are only allowed inside the entry function (not in static constructors / destructors).
//!
//! Errors follow KLEE: division by zero and shifts by >= the width are errors, except a shift
//! without a source location, which optimized code (the C library) may have speculated: it
//! yields poison (zero), as in LLVM. Budgets end paths with `End::Early(Halt)`
//! (`end.rs`): `MaxStackFrames` (one path), and the run-wide ones that end the running and every
//! pending path (`MaxInstructions`, `MaxTime`, `Interrupted`, `MaxTests`, `ExitOnError`,
//! `TargetsReached`, `InvariantFailed`), `MaxMemory` (paths killed over the memory cap),
//! `SolverTimeout` / `SolverUnknown` (the query of that path timed out / answered unknown). See `control`
//! (run control, the `Monitor` hearing of each path as it ends) and `replay.rs` (inputs taken
//! from a `.ktest`: `Config::limits.replay`).
//!
//! Interpolation (`Config::interpolation`, `crate::itp`) is an observer of the run
//! (`interp/observe.rs`) made by `crate::extensions`: it sees the worker through
//! `machine.rs`, and fills `Outcome::interpolation` ([`InterpolationStats`]).

pub mod control;
mod end;
pub mod float;
pub(crate) mod follow;
pub(crate) mod interp;
pub mod invariant;
pub(crate) mod machine;
pub mod memory;
mod parallel;
pub(crate) mod program;
mod replay;
pub mod sem;
pub mod static_forks;
pub mod target;
pub mod value;

#[cfg(test)]
mod e2e_tests;
#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod seen_tests;
#[cfg(test)]
pub(crate) mod sym_tests;
#[cfg(test)]
mod symmem_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod wide_tests;

use crate::ir;
pub use end::{Halt, Prune};
pub use program::Program;

/// How to start a program.
#[derive(Clone, Debug)]
pub struct Config {
    /// Name of the entry function (usually `main`).
    pub entry: String,
    /// Program arguments, `argv[0]` included.
    pub argv: Vec<String>,
    /// Environment strings (`NAME=value`).
    pub env: Vec<String>,
    /// Instruction budget; 0 = unlimited.
    pub max_instructions: u64,
    /// Maximum call depth.
    pub max_stack_frames: u32,
    /// Start through `__libc_start_main(main, argc, argv, ...)` instead of calling the entry.
    pub use_libc_start: bool,
    /// State selection (`--search`; empty: KLEE's default, random-path + nurs:covnew).
    pub search: Vec<crate::search::SearchKind>,
    /// Seed of the searcher's random choices (a run is reproducible from it).
    pub seed: u64,
    /// Stop the run at the first error (`--exit-on-error`): the pending paths end early
    /// (`End::Early(Halt::ExitOnError)`).
    pub exit_on_error: bool,
    /// `--max-forks`: after this many forked paths in the run, a symbolic branch no longer
    /// forks: the path continues on one feasible side (the true side of a `br`, the first
    /// feasible case of a `switch` / index value, the error-free side of a checked operation).
    pub max_forks: Option<u64>,
    /// `--max-depth`: the same per path, after this many forks on the path.
    pub max_depth: Option<u32>,
    /// `--max-static-fork-pct` & co.: no fork where an instruction or a call path made more
    /// than its share of the run's forks (`static_forks.rs`; counted as refused forks).
    pub static_forks: static_forks::StaticForkLimits,
    /// Prune paths by interpolation (`crate::itp`); `--no-interpolation` turns it off.
    pub interpolation: bool,
    /// `--interpolation=abduction|wp`: how a fork combines its children's interpolants
    /// (`crate::itp::abduce`: TRACER-X's conjunctions by abduction; or the weakest
    /// precondition, `guard => child`).
    pub itp_mode: ItpMode,
    /// `--output-tree`: return the explored tree (`Outcome::tree_dot`).
    pub output_tree: bool,
    /// `--subsumed-test`: a test per subsumed path (`End::Pruned(Prune::Subsumed)`).
    pub subsumed_test: bool,
    /// `--greedy-confirmation`: run first the pending path that completes a half-done node.
    pub greedy_confirmation: bool,
    /// `--pse`: postconditioned symbolic execution (paper 002): a path whose state implies the
    /// summary of the path suffixes explored from its point ends (`Prune::Pse`).
    pub pse: Option<PseOptions>,
    /// Run control: time / memory / solver budgets, SIGINT, progress counters, replay inputs.
    pub limits: control::Limits,
    /// Sites to watch (`trex verify`): hits are returned in `Outcome::target_hits`.
    pub targets: Option<std::sync::Arc<target::Targets>>,
    /// Sites some path is still to reach (`trex cover`'s steered testing: the branches with an
    /// open outcome): a path that can reach none ends (`Prune::NoGoal`), a fork continues
    /// first on the side nearest to one.
    pub steer_to: Option<std::sync::Arc<crate::ir::pcset::PcSet>>,
    /// State matching at the loop headers of the analysed functions (`trex verify`): a path
    /// entering a header in a concrete state already seen there ends (`Prune::StateSeen`).
    pub state_matching: Option<std::sync::Arc<crate::ir::liveness::Liveness>>,
    /// Loop abstraction (`trex verify`'s first phase, `verify::loops`): paths enter
    /// the abstractable loops in a havocked state and end when they come back
    /// (`Prune::LoopCovered`); an over-approximation, for proofs only.
    pub loop_abstraction: Option<std::sync::Arc<crate::ir::loop_mod::LoopMods>>,
    /// With `loop_abstraction`: invariant candidates to assume at the headers (checked), and
    /// whether to learn new ones from target hits (`verify::loops::invariants`).
    pub loop_invariants: Option<std::sync::Arc<invariant::LoopInvariants>>,
    /// Compute each path's inputs when it ends (`PathEnd::objects`, a solver call per path);
    /// `trex verify` only needs those of target hits.
    pub path_inputs: bool,
    /// With `path_inputs`: also those of the paths that exit normally (`--write-no-tests`
    /// writes no test for them: their model would be computed for nothing).
    pub exit_inputs: bool,
    /// Which failing integer operations are errors.
    pub checks: sem::Checks,
    /// Each ended path lists the source lines it covered first (`PathEnd::lines`, KLEE's
    /// `--write-cov`).
    pub write_cov: bool,
    /// KLEE's other per-test files about the path (`PathEnd::record`).
    pub path_files: PathFiles,
    /// `--replay-path`: each conditional branch takes the next of these decisions (a `.path`
    /// file's), concrete or symbolic; a concrete branch going the other way, or one past the
    /// last decision, ends the path with an `exec` error (KLEE stops on an assertion there).
    pub replay_path: Option<std::sync::Arc<[bool]>>,
    /// A `klee_assume` that cannot hold ends the path silently (no test) instead of with a
    /// user error (KLEE's `--silent-klee-assume`).
    pub silent_klee_assume: bool,
    /// Record what runs into this `Coverage` (the caller samples it during the run and reports
    /// it after; build it with `Coverage::for_search`); `None`: a coverage of the run's own.
    pub coverage: Option<std::sync::Arc<crate::search::Coverage>>,
    /// The process environment behind the system calls (`exec/env.rs`); under
    /// `--posix-runtime` it makes the program's arguments as KLEE's POSIX runtime reads them
    /// (`argv[0]` stays `argv[0]`; `argv` is then unused past it). The default is
    /// `crate::extensions::environment(None)`.
    pub(crate) environment: std::sync::Arc<dyn machine::Environment>,
    /// KLEE's `--kdalloc` (default on): dangling heap pointers are `use after free` / `double
    /// free` errors (`memory::Memory::kdalloc`).
    pub kdalloc: bool,
    /// `--threads`: workers exploring in parallel (`parallel.rs`; 1: the run as on one core).
    /// Runs that follow one given path (replay, `--replay-path`) or seeds use one.
    pub threads: usize,
    /// The analyses that watch the run, made from this configuration (in hook order) for each
    /// worker; the default set is `crate::extensions::observers`.
    pub(crate) observers: machine::ObserverSet,
    /// KLEE's API functions (`crate::klee_api::call` by default).
    pub(crate) api: machine::ApiTable,
    /// External calls (`exec/interp/env.rs`): `crate::native` runs them on the host (KLEE's
    /// `--external-calls`); `None` (the default): each ends its path with `failed external
    /// call: NAME`, an error `trex verify` counts as a gap.
    pub(crate) externals: Option<std::sync::Arc<dyn machine::ExternalCalls>>,
}

/// Where the program's output goes, and where its stdin comes from.
pub trait Io {
    fn write(&mut self, fd: i32, data: &[u8]);
    /// The program's whole stdin, and its metadata when it is a file (asked once per path, at
    /// its first call on fd 0; the same each time: every path reads the same stdin; a regular
    /// file is modelled as one, with its stat data, anything else as a pipe). Default: an empty
    /// pipe.
    fn stdin(&mut self) -> (std::sync::Arc<[u8]>, Option<std::fs::Metadata>) {
        (std::sync::Arc::from(&[][..]), None)
    }
}

/// The result of a run.
#[derive(Debug)]
pub struct Outcome {
    /// The end of the first path (the only one of a concrete program).
    pub end: End,
    /// Every explored path in the order they ended (the first is `end`), kept only by
    /// [`run`]; [`run_monitored`] hands each to its monitor and keeps none (memory stays flat).
    pub paths: Vec<PathEnd>,
    /// Paths ended.
    pub paths_ended: u64,
    /// Executed instructions (all paths).
    pub instructions: u64,
    /// Solver statistics when the run used the solver.
    pub solver_stats: Option<crate::solver::SolverStats>,
    /// Symbolic branches that did not fork because of `max_forks` / `max_depth` /
    /// `static_forks`.
    pub forks_refused: u64,
    /// Symbolic branches that did not fork because the path turned forking off
    /// (`klee_set_forking(0)`).
    pub forks_disabled: u64,
    /// Symbolic floating-point operands made concrete (one value kept: paths may be lost).
    pub concretized: u64,
    /// Interpolation statistics when it was on.
    pub interpolation: Option<InterpolationStats>,
    /// Postconditioned symbolic execution's statistics when it was on.
    pub pse: Option<PseStats>,
    /// The explored tree in Graphviz form (`Config::output_tree` with interpolation).
    pub tree_dot: Option<String>,
    /// The first hit of each reached target (`Config::targets`), in the order reached.
    pub target_hits: Vec<target::TargetHit>,
    /// The calls of input-making functions the path made, in order, when an observer records
    /// them (`crate::witness::record`, on a replay: one path).
    pub input_calls: Vec<target::InputCall>,
    /// Paths ended by state matching (`Config::state_matching`).
    pub states_matched: u64,
    /// Loop entries abstracted (`Config::loop_abstraction`).
    pub loops_abstracted: u64,
    /// Candidates learnt from target hits (`Config::loop_invariants`), without duplicates.
    pub invariant_candidates: Vec<invariant::Candidate>,
    /// Indices (into `LoopInvariants::assumed`) of the candidates found not to hold at an
    /// entry or not to be kept by an iteration: the run then halted (`Halt::InvariantFailed`).
    pub invariants_failed: Vec<usize>,
    /// With several workers: pending paths handed from one to another.
    pub moved: u64,
    /// Pending paths suspended over `--max-memory`, and of them those resumed
    /// (`Config::parks_over_memory`).
    pub parked: u64,
    pub resumed: u64,
}

/// Postconditioned symbolic execution's switches (`--pse`, paper 002 §4's heuristics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PseOptions {
    /// Summaries kept and checked only at the first instance of a program point on a path
    /// (paper 002 §4.1: in a loop, a later iteration of the same branch is neither).
    pub first_instance: bool,
    /// Disjuncts kept per summary (§4.1's bound, 200 in the paper; 0: no bound).
    pub max_disjuncts: usize,
    /// Disjuncts combined when they differ in one complementary condition, and a disjunct
    /// implied by another dropped (§4.2).
    pub simplify: bool,
    /// Each segment's weakest-precondition pass kept for the next path through it (§4.3).
    pub reuse: bool,
}

impl Default for PseOptions {
    fn default() -> Self {
        PseOptions {
            first_instance: true,
            max_disjuncts: 200,
            simplify: true,
            reuse: true,
        }
    }
}

/// Postconditioned symbolic execution's statistics (`KLEE: done:` block, `info`).
#[derive(Clone, Debug, Default)]
pub struct PseStats {
    /// Paths ended because their state implied a summary (the interpreter's count of such
    /// ends, `Prune::Pse`).
    pub pruned: u64,
    /// Checks made (a state at a program point with a summary), and of them those that
    /// asked the solver.
    pub checks: u64,
    pub check_solver_calls: u64,
    pub check_time: std::time::Duration,
    /// Disjuncts stored (after simplification), dropped over the bound, and merged away.
    pub disjuncts: u64,
    pub dropped: u64,
    pub merged: u64,
    /// Program points with a summary.
    pub summaries: u64,
    /// Time computing the paths' weakest preconditions.
    pub wp_time: std::time::Duration,
}

/// Interpolation statistics (the `info` file and the `KLEE: done:` block): filled by the
/// interpolation observer (`crate::itp::Stats`).
#[derive(Clone, Debug, Default)]
pub struct InterpolationStats {
    /// Nodes (path segments) started.
    pub nodes: u64,
    /// States pruned by subsumption.
    pub subsumed: u64,
    /// Table entries stored.
    pub entries: u64,
    /// Subsumption checks (state x entry).
    pub checks: u64,
    /// Solver calls made by checks.
    pub check_solver_calls: u64,
    /// Time in checks.
    pub check_time: std::time::Duration,
    /// Time computing interpolants.
    pub itp_time: std::time::Duration,
    /// Nodes whose interpolant could not be stored (blocked subtree or inexpressible).
    pub blocked: u64,
    /// Paths the subsumed states would have held: for each, the paths explored (or
    /// themselves covered) below the node whose entry subsumed it (paper 000's "paths
    /// covered by subsumption"; an upper bound, as a subsumed tree has at most the paths of
    /// the subsuming one; saturates).
    pub covered_paths: u64,
    /// The stored interpolants' conjuncts, in all and at most; the largest interpolant
    /// computed, in expression nodes.
    pub conjuncts: u64,
    pub max_conjuncts: u64,
    pub max_itp_nodes: u64,
    /// `--interpolation=abduction`: how the forks' children combined, and the time in each
    /// step.
    pub abduction: crate::itp::abduce::AbduceStats,
}

/// How interpolants combine a fork's children (`Config::itp_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ItpMode {
    /// The weakest precondition: `guard => child` per child (in general a disjunction).
    /// (The library's default; the command line's is `Abduction`, see README.)
    #[default]
    Wp,
    /// Paper 003's BACKPROP: a conjunction by abduction from the node's context.
    Abduction,
}

/// One explored path: how it ended, and a concrete input reaching that end: the symbolic
/// objects in creation order (name, bytes).
#[derive(Debug, Clone)]
pub struct PathEnd {
    pub end: End,
    pub objects: Vec<(String, Vec<u8>)>,
    /// No model of the inputs could be computed (the solver timed out or gave up, e.g. on a
    /// path a halt ended past `--max-time`): `objects` is empty and the test is lost, as in
    /// KLEE (its other files are written, not its `.ktest`).
    pub inputs_lost: bool,
    /// No test for this path: a silent exit, a pruned path, a pending path ended by a halt
    /// without `--dump-states-on-halt`.
    pub silent: bool,
    /// The path covered code or a branch side no earlier path had (KLEE's `coveredNew`:
    /// `--only-output-states-covering-new` writes tests only for those, and for errors).
    pub covered_new: bool,
    /// With `Config::write_cov`: the `file:line` of each source line the path covered first
    /// (no path had executed it before; a forked path inherits those of its parent), sorted
    /// (KLEE's `.cov` file).
    pub lines: Vec<String>,
    /// What `Config::path_files` asked for (`None`: nothing).
    pub record: Option<Box<PathRecord>>,
}

/// Which of KLEE's per-test files about the path to prepare (`PathEnd::record`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PathFiles {
    /// `--write-kqueries`: the path condition in KQuery, for every path.
    pub kquery: bool,
    /// The path condition in KQuery for the paths that end in an error (KLEE writes a
    /// `.kquery` beside every error test).
    pub kquery_errors: bool,
    /// `--write-smt2s`: the path condition in SMT-LIB 2.
    pub smt2: bool,
    /// `--write-paths`: every conditional branch's decision.
    pub branches: bool,
    /// `--write-sym-paths`: the decisions of the branches that forked.
    pub sym_branches: bool,
}

/// KLEE's per-test files about a path, as text (or decisions) ready to write.
#[derive(Debug, Clone, Default)]
pub struct PathRecord {
    /// `.kquery`: its path condition in KQuery (`expr::kquery`).
    pub kquery: Option<String>,
    /// `.smt2`: its path condition in SMT-LIB 2 (`expr::smt2`).
    pub smt2: Option<String>,
    /// `.path`: the decision of each conditional branch it executed (true: the true side),
    /// concrete or symbolic, in order (KLEE's path stream).
    pub branches: Option<Vec<bool>>,
    /// `.sym.path`: the decision at each branch where it forked (both sides feasible).
    pub sym_branches: Option<Vec<bool>>,
}

/// How a path ended.
#[derive(Debug, Clone)]
pub enum End {
    /// Normal termination with this exit status.
    Exit(i32),
    /// `klee_silent_exit`, a false `__VERIFIER_assume`: a normal end that gets no test.
    SilentExit,
    /// A runtime error (KLEE's user errors are `ErrorKind::User`).
    Error(ErrorReport),
    /// Stopped early: a budget, a halt of the run, a solver failure.
    Early(Halt),
    /// Pruned: its future is that of explored paths (no test unless `--subsumed-test`).
    Pruned(Prune),
}

#[derive(Debug, Clone)]
pub struct ErrorReport {
    pub kind: ErrorKind,
    pub message: String,
    /// Location of the failing instruction.
    pub loc: ir::LocId,
    /// The call stack, innermost first.
    pub stack: Vec<StackEntry>,
    /// Extra details (addresses, objects), one `key: value` per line; may be empty.
    pub info: String,
    /// The failing instruction (function, index in its code), for error deduplication.
    pub site: (ir::FuncId, u32),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackEntry {
    pub func: ir::FuncId,
    /// Current instruction (innermost frame) or call site (outer frames).
    pub loc: ir::LocId,
    /// Its line in `assembly.ll` (`ir::Function::asm_lines`; 0 when unknown).
    pub asm_line: u32,
    /// The frame's arguments as KLEE prints them: a constant in decimal (`true` / `false` for
    /// an `i1`, a pointer's address), `symbolic` for a symbolic value.
    pub args: Vec<String>,
}

impl StackEntry {
    /// Its line as KLEE's `dumpStack` prints it.
    pub fn line(&self, m: &ir::Module) -> crate::output::StackLine {
        crate::output::StackLine {
            func: m.func(self.func).name.clone(),
            args: self.args.clone(),
            asm_line: self.asm_line,
            at: m.loc_string(self.loc).unwrap_or_default(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Ptr,
    Free,
    ReadOnly,
    Div,
    Overshift,
    Abort,
    Assert,
    Exec,
    External,
    Model,
    User,
    /// A `klee_report_error` suffix of the program's own (`"my.err"` gives `.my.err` files).
    Custom(&'static str),
}

impl ErrorKind {
    /// The `.err` file suffix (KLEE's termination class).
    pub fn suffix(&self) -> &'static str {
        match self {
            ErrorKind::Ptr => "ptr",
            ErrorKind::Free => "free",
            ErrorKind::ReadOnly => "read_only",
            ErrorKind::Div => "div",
            ErrorKind::Overshift => "overshift",
            ErrorKind::Abort => "abort",
            ErrorKind::Assert => "assert",
            ErrorKind::Exec => "exec",
            ErrorKind::External => "external",
            ErrorKind::Model => "model",
            ErrorKind::User => "user",
            ErrorKind::Custom(s) => s,
        }
    }

    /// The kind of a `klee_report_error(file, line, msg, suffix)`: KLEE names the test's file
    /// `testNNNNNN.<suffix>`, the suffix conventionally ending in `.err` (`"ptr.err"`,
    /// `"my.err"`); trex's files always end in `.err`, so that ending is dropped. A known name
    /// is that kind, another plain name (letters, digits, `_`, `-`) a custom kind, anything else
    /// (empty, a path) `user`.
    pub fn from_report_suffix(suffix: &str) -> ErrorKind {
        let s = suffix.strip_suffix(".err").unwrap_or(suffix);
        match s {
            "ptr" => ErrorKind::Ptr,
            "free" => ErrorKind::Free,
            "div" => ErrorKind::Div,
            "overshift" => ErrorKind::Overshift,
            "abort" => ErrorKind::Abort,
            "assert" => ErrorKind::Assert,
            "exec" => ErrorKind::Exec,
            "external" => ErrorKind::External,
            "model" => ErrorKind::Model,
            "read_only" => ErrorKind::ReadOnly,
            // (A suffix becomes part of a file name: only plain names are kept.)
            s if !s.is_empty()
                && s.len() <= 64
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') =>
            {
                ErrorKind::Custom(intern_suffix(s))
            }
            _ => ErrorKind::User,
        }
    }
}

/// A custom error suffix with a `'static` lifetime, so that `ErrorKind` stays `Copy`: each
/// distinct suffix a run reports is stored once.
fn intern_suffix(s: &str) -> &'static str {
    static SUFFIXES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut v = SUFFIXES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(k) = v.iter().find(|k| **k == s) {
        return k;
    }
    let k: &'static str = Box::leak(s.to_string().into_boxed_str());
    v.push(k);
    k
}

/// The run could not start.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("entry function `{0}` not found")]
    EntryMissing(String),
    #[error("entry function `{0}` is only declared (no body)")]
    EntryNotDefined(String),
    #[error(
        "`__libc_start_main` is missing or has no body (program not linked with the C library?)"
    )]
    NoLibcStart,
    #[error("cannot set up the program: {0}")]
    Setup(String),
}

/// Runs `cfg.entry` of `module`, keeping every ended path (`Outcome::paths`: replays, tests).
pub fn run(module: &ir::Module, cfg: &Config, io: &mut dyn Io) -> Result<Outcome, RunError> {
    let mut all = control::Collect::default();
    let mut o = interp::run(module, cfg, io, &mut all)?;
    o.paths = all.0;
    Ok(o)
}

/// [`run`], telling `mon` of every path as it ends (the CLI writes tests there, and may halt
/// the run).
/// With `Config::threads` above 1, the run's workers share `io` and `mon`.
pub fn run_monitored(
    module: &ir::Module,
    cfg: &Config,
    io: &mut (dyn Io + Send),
    mon: &mut (dyn control::Monitor + Send),
) -> Result<Outcome, RunError> {
    match cfg.parallel_threads() {
        1 => interp::run(module, cfg, io, mon),
        n => parallel::run(module, cfg, n, io, mon),
    }
}

/// The concolic mode's run: one path at a time from the program's start, each on an input
/// `mode` chooses (`follow.rs`), reported to `mon` as `run_monitored` reports paths.
pub(crate) fn run_inputs(
    module: &ir::Module,
    cfg: &Config,
    io: &mut (dyn Io + Send),
    mon: &mut (dyn control::Monitor + Send),
    mode: &mut dyn follow::InputMode,
) -> Result<Outcome, RunError> {
    interp::run_inputs(module, cfg, io, mon, mode)
}

impl Config {
    /// The workers the run uses: `threads`, but one for a run that follows a given path
    /// (replay, `--replay-path`), seeds (a seeding phase runs every seed on one worker), or
    /// has budgets whose exact meaning is the order of one worker's instructions and forks
    /// (`--max-instructions`, `--max-static-*-pct`).
    pub fn parallel_threads(&self) -> usize {
        if self.one_order() {
            1
        } else {
            self.threads.max(1)
        }
    }

    /// Over `--max-memory`, pending paths are suspended as their fork decisions and replayed
    /// from the start later (`Worker::park`), unless the run has one order of instructions
    /// (`one_order`: a replay would count its instructions and forks twice).
    pub fn parks_over_memory(&self) -> bool {
        self.limits.max_memory_mb.is_some() && !self.one_order()
    }

    /// The run follows a given path, seeds, or budgets whose meaning is one worker's order of
    /// instructions and forks.
    fn one_order(&self) -> bool {
        let one_path = self.limits.replay.is_some() || self.replay_path.is_some();
        let ordered = self.max_instructions != 0 || self.static_forks.active();
        one_path || ordered || self.limits.seeding.is_some()
    }
}
