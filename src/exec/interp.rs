//! The interpreter's types (the running path's registers, frames and memory, pending paths,
//! run-wide tables) and shared helpers; each part of the semantics lives in a child module.

use super::control::{Ctl, Monitor};
use super::float::{self, FUn, FK};
use super::memory::{MemErr, Memory, ObjKind, ObjRef};

use super::program::{Image, Program, TI};
use super::sem::{self, Conc, Domain, Exprs, Scalar};
use super::value::{mask, sext, IntErr, Value};
use super::{
    Config, End, ErrorKind, ErrorReport, Halt, Io, Outcome, PathEnd, PathRecord, Prune, RunError,
    StackEntry,
};
use crate::expr::{self, ArrayId, ExprId, ExprPool};
use crate::ir::*;
use crate::search::{make_searcher, Coverage, StateId};
use crate::solver::{Query, Solver};
use std::sync::Arc;

/// Checks of the API's arguments (KLEE's user errors).
mod api_args;
mod branch_log;
/// `select` of concrete pointers on a symbolic condition: decided or forked.
mod select_decided;
/// ctpop / ctlz / cttz / bswap / bitreverse / fshl / fshr on symbolic integers.
mod sym_bits;

/// A reference to an operand's value (a disjoint borrow of the register file or constants).
macro_rules! opref {
    ($s:ident, $o:expr) => {
        match *$o {
            Operand::Reg(r) => $s.st.regs.reg(r.0),
            Operand::Const(c) => &$s.consts[c.0 as usize],
        }
    };
}

/// Why execution stopped early (errors and ends travel as `Err`).
#[derive(Debug)]
pub(crate) enum Stop {
    Error {
        kind: ErrorKind,
        msg: String,
        info: String,
    },
    Exit(i32),
    /// A normal end without a test (`klee_silent_exit`, a false `__VERIFIER_assume`).
    Silent,
    Halt(Halt),
    Pruned(Prune),
    /// The running path's quantum is over: it is suspended, not ended (`driver.rs`).
    Preempt,
}

pub(crate) type R<T> = Result<T, Box<Stop>>;

/// The process environment's hook (`Environment`) and a path's part of it (`EnvState`).
pub(crate) mod env;
mod layout;
pub(crate) mod observe;
mod regs;
mod seeding;
mod state;
mod sym_size;
mod symcall;
mod symcopy;
mod symmem;
pub(crate) mod syscall_names;

mod builtins;
mod calls;
mod driver;
mod fork;
mod intrinsics;
mod memops;
mod path_end;
mod pure;
mod replay_inputs;
mod run_control;
mod setjmp;
mod slab;
mod startup;
mod step;
mod sym_agg;
mod sym_float;
mod sym_ops;
mod word_scan;

use builtins::builtin_of;
pub(super) use builtins::Builtin;
pub(crate) use calls::BuiltinCall;
pub(crate) use env::{EntryArgs, EnvState, Environment, ExternalCalls};

/// KLEE's and SV-COMP's API: the handler of every builtin `Builtin::is_symbolic_api` marks
/// (`crate::klee_api::call`, `Config::api`).
pub(crate) type ApiTable = fn(&mut Worker<'_, '_>, BuiltinCall<'_>) -> R<Value>;
pub(super) use driver::{entry_points, explore, run, run_inputs};
use layout::Layout;
pub(crate) use regs::Regs;
pub(in crate::exec) use slab::Slab;
pub(super) use state::Frame;
pub(crate) use state::NO_NODE;
pub(crate) use state::{ExecutionState, PathState};

pub(crate) fn error<T>(kind: ErrorKind, msg: impl Into<String>) -> R<T> {
    Err(Box::new(Stop::Error {
        kind,
        msg: msg.into(),
        info: String::new(),
    }))
}

pub(crate) fn mem_err(e: MemErr, p: &Value) -> Box<Stop> {
    let kind = match e {
        MemErr::ReadOnly => ErrorKind::ReadOnly,
        MemErr::Symbolic | MemErr::SymbolicPtr => ErrorKind::Exec,
        _ => ErrorKind::Ptr,
    };
    let info = match p {
        Value::Sym(_) => "address: (symbolic)\n".to_string(),
        p => format!("address: {:#x}\n", p.bits()),
    };
    Box::new(Stop::Error {
        kind,
        msg: e.message().into(),
        info,
    })
}

pub(crate) fn sym_err<T>(what: impl std::fmt::Display) -> R<T> {
    error(
        ErrorKind::Exec,
        format!("unsupported: symbolic value in {what}"),
    )
}

fn int_err(e: IntErr) -> Box<Stop> {
    let (kind, msg) = e.report();
    Box::new(Stop::Error {
        kind,
        msg: msg.into(),
        info: String::new(),
    })
}

/// A float operation in the symbolic domain, which has no floating point.
fn no_symbolic_float<T>() -> R<T> {
    error(
        ErrorKind::Exec,
        "unsupported: symbolic floating point not supported",
    )
}

pub(crate) fn fk_bytes(fk: FK) -> u64 {
    match fk {
        FK::Half => 2,
        FK::F32 => 4,
        FK::F64 => 8,
        FK::F80 => 10,
        FK::F128 => 16,
    }
}

/// A path waiting to be selected (forked by the running path, then in the slab): its state,
/// and where it resumes.
pub(super) struct Snap<'m> {
    pub(super) st: ExecutionState,
    /// `Some`: take this edge on resuming; `None`: re-execute the current instruction.
    pub(super) edge: Option<(&'m Function, &'m Edge)>,
    /// Suspended after its quantum (not a fork): it continues where it stopped.
    pub(super) preempted: bool,
}

/// What the searcher may ask about a pending path.
pub(super) struct StateMeta {
    loc: (FuncId, u32),
    stack: Vec<(FuncId, u32)>,
    depth: u32,
    since_covnew: u64,
}

impl StateMeta {
    fn root(entry: FuncId) -> StateMeta {
        StateMeta {
            loc: (entry, 0),
            stack: Vec::new(),
            depth: 0,
            since_covnew: 0,
        }
    }

    fn of(s: &Snap<'_>) -> StateMeta {
        let s = &s.st;
        let n = s.frames.len();
        let loc = s.frames.last().map_or((FuncId(0), 0), |f| (f.func, s.pc));
        // A caller frame's `pc` is the instruction after its call.
        let stack = s.frames[..n.saturating_sub(1)]
            .iter()
            .map(|f| (f.func, f.pc))
            .collect();
        StateMeta {
            loc,
            stack,
            depth: s.path.depth,
            since_covnew: s.instructions_since_new_coverage(),
        }
    }
}

pub(crate) struct Worker<'m, 'io> {
    /// The program (shared by every worker of the run).
    pub(super) p: &'m Program<'m>,
    /// The hooks to the process environment and to KLEE's API (`Config::environment`,
    /// `Config::api`).
    pub(super) env: &'m dyn Environment,
    pub(super) api: ApiTable,
    /// The hook of external calls (`Config::externals`), if the run has one.
    pub(super) externals: Option<&'m dyn ExternalCalls>,
    pub(super) m: &'m Module,
    pub(super) pool: ExprPool,
    pub(super) solver: Option<Box<dyn Solver + Send>>,
    /// The running path.
    pub(super) st: ExecutionState,
    /// Paths forked by the running path, not yet given to the searcher.
    pub(super) worklist: Vec<Snap<'m>>,
    pub(super) paths: Vec<PathEnd>,
    /// Set once anything symbolic exists (guards of the slow paths only run then).
    pub(super) symbolic: bool,
    /// Forking is allowed (inside the entry function, not in constructors / destructors).
    pub(super) can_fork: bool,
    /// The lines printed once in the run (shared by the run's workers).
    pub(super) warned_once: Arc<std::sync::Mutex<hashbrown::HashSet<String>>>,
    /// Paths record their fork decisions (`PathState::trail`): several workers run, or
    /// pending paths are suspended over the memory cap (`parks`).
    pub(super) trails: bool,
    /// Over `--max-memory`, pending paths never run since their fork are suspended as the
    /// prefix of fork decisions that leads to them (`Config::parks_over_memory`).
    pub(super) parks: bool,
    /// The suspended paths, replayed from the start when memory allows (`run_control.rs`).
    pub(in crate::exec) parked: Vec<super::parallel::Prefix>,
    /// Paths suspended and resumed so far.
    pub(super) parked_total: u64,
    /// Paths pending after the last suspension (`unpark` resumes below half of it).
    pub(super) park_mark: u64,
    pub(in crate::exec) resumed_total: u64,
    /// With several workers: what their analyses share (`machine::Worker::run_shared`).
    pub(super) shelf: Option<Arc<super::machine::Shelf>>,
    pub(super) io: &'io mut dyn Io,
    /// The start-up image's constants (`Program::objects`), read by every operand.
    pub(super) consts: Arc<[Value]>,
    pub(super) scratch: Vec<Value>,
    pub(super) insts: u64,
    /// The next check (the instruction budget or a periodic one, `control.rs`).
    pub(super) max_insts: u64,
    /// Run control: budgets, halts, replay inputs (`control.rs`).
    pub(super) ctl: Ctl,
    /// Forked paths so far, and the budgets (`u64::MAX` / `u32::MAX`: none).
    pub(super) forks: u64,
    pub(super) max_forks: u64,
    pub(super) max_depth: u32,
    /// Forks refused by `max_forks` / `max_depth` / the static shares.
    pub(super) forks_refused: u64,
    /// `Config::static_forks` when a share is below 1: forks per instruction and call path.
    pub(super) static_forks: Option<Box<crate::exec::static_forks::StaticForks>>,
    /// Forks not made because the path turned forking off (`klee_set_forking`).
    pub(super) forks_disabled: u64,
    /// Symbolic floating-point operands made concrete (`sym_float.rs`).
    pub(super) concretized: u64,
    /// Provenance of symbolic address expressions: (object, its base) (`symmem.rs`).
    pub(super) hints: hashbrown::HashMap<ExprId, Option<(ObjRef, u64)>>,
    /// The analyses watching the run (`interp/observe.rs`; `None` while its own hook runs),
    /// the frequent events they want now, and the sites where one watches steps.
    pub(super) observers: Vec<Option<Box<dyn observe::Observer>>>,
    /// What each observer wanted after its last hook (`observers` order).
    pub(super) obs_wants: Vec<observe::Wants>,
    pub(super) wants: observe::Wants,
    pub(super) step_sites: Option<crate::ir::pcset::PcSet>,
    /// Where the running straight-line run began (`--write-cov`: a fork records the run so
    /// far, which the copy inherits).
    pub(super) run_from: u32,
    /// What ran, shared with the searcher (`search::Coverage`).
    pub(super) coverage: Arc<Coverage>,
    /// The running path's quantum: it yields to the searcher after this instruction count or
    /// this time (`Config::batch_instructions`, `Config::batch_time`).
    pub(super) quantum_end: u64,
    pub(super) quantum_deadline: Option<std::time::Instant>,
    /// `insts` when the running path last synced its `executed` count.
    pub(super) synced_at: u64,
    /// The seeding phase runs: only paths with seeds run (`seeding.rs`).
    pub(super) seeding: bool,
    /// The running path lost its last seed during the seeding phase: it stops at the next
    /// instruction, to wait with the other paths without seeds.
    pub(super) seedless: bool,
    /// The running path follows this input (the concolic mode: `exec/follow.rs`).
    pub(super) follow: Option<Box<super::follow::Follow>>,
}

enum Flow {
    Next,
    Jump(usize),
    /// The frame stack changed (call or return).
    Frames,
    /// The outermost frame returned.
    Done(Value),
}

impl<'m, 'io> Worker<'m, 'io> {
    pub(super) fn new(p: &'m Program<'m>, io: &'io mut dyn Io, cfg: &'m Config) -> Self {
        let m = p.m;
        let mut mem = Memory::new(p.ps);
        mem.kdalloc = cfg.kdalloc;
        let observers = Self::observers_for(m, cfg);
        let step_sites = Self::step_sites(&observers);
        let obs_wants = Self::each_wants(&observers);
        let wants = observe::Wants::all(&obs_wants);
        let st = ExecutionState::new(mem, cfg.environment.initial());
        Worker {
            p,
            env: &*cfg.environment,
            api: cfg.api,
            externals: cfg.externals.as_deref(),
            m,
            pool: ExprPool::new(),
            solver: None,
            st,
            worklist: Vec::new(),
            paths: Vec::new(),
            symbolic: false,
            can_fork: false,
            warned_once: Arc::default(),
            trails: false,
            parks: false,
            parked: Vec::new(),
            parked_total: 0,
            park_mark: 0,
            resumed_total: 0,
            shelf: None,
            io,
            consts: Arc::from(Vec::new()),
            scratch: Vec::new(),
            insts: 0,
            max_insts: if cfg.max_instructions == 0 {
                u64::MAX
            } else {
                cfg.max_instructions
            },
            ctl: Ctl::default(),
            forks: 0,
            max_forks: cfg.max_forks.unwrap_or(u64::MAX),
            max_depth: cfg.max_depth.unwrap_or(u32::MAX),
            forks_refused: 0,
            static_forks: cfg.static_forks.active().then(|| {
                Box::new(crate::exec::static_forks::StaticForks::new(
                    cfg.static_forks,
                ))
            }),
            forks_disabled: 0,
            concretized: 0,
            hints: hashbrown::HashMap::new(),
            observers,
            obs_wants,
            wants,
            step_sites,
            run_from: 0,
            coverage: cfg
                .coverage
                .clone()
                .unwrap_or_else(|| Arc::new(Coverage::for_search(m, &cfg.search))),
            quantum_end: u64::MAX,
            quantum_deadline: None,
            synced_at: 0,
            seeding: false,
            seedless: false,
            follow: None,
        }
    }
}

// ---------------------------------------------------------------- symbolic execution

/// A symbolic value, or an aggregate holding one.
/// The targets of a switch on `c` (`w` bits), each with its condition: cases sharing an edge
/// are one disjunction, the default (none of the cases) joins its edge's group or comes last.
/// The executor forks once per group, and interpolation names a path by its group's index.
pub(crate) fn switch_groups<'e>(
    pool: &mut ExprPool,
    c: ExprId,
    w: u32,
    cases: &'e [(u128, Edge)],
    default: &'e Edge,
) -> Vec<(&'e Edge, ExprId)> {
    let mut groups: Vec<(&'e Edge, ExprId)> = Vec::new();
    let mut none = pool.true_expr();
    for (v, e) in cases.iter() {
        let k = pool.constant(w, *v);
        let eq = pool.eq(c, k);
        let ne = pool.bool_not(eq);
        none = pool.bool_and(none, ne);
        match groups.iter_mut().find(|g| *g.0 == *e) {
            Some(g) => g.1 = pool.bool_or(g.1, eq),
            None => groups.push((e, eq)),
        }
    }
    match groups.iter_mut().find(|g| *g.0 == *default) {
        Some(g) => g.1 = pool.bool_or(g.1, none),
        None => groups.push((default, none)),
    }
    groups
}

fn has_sym(v: &Value) -> bool {
    match v {
        Value::Sym(_) => true,
        Value::Agg(e) => e.iter().any(has_sym),
        _ => false,
    }
}
