//! The dispatch loop, calls and returns, start-up, and instruction semantics.

use super::control::{Ctl, Monitor};
use super::float::{self, FUn, FK};
use super::memory::{MemErr, Memory, ObjKind, ObjRef};
use super::target::{TargetHit, Targets};
use super::value::{icmp, int_bin, mask, sext, IntErr, Value};
use super::{
    Config, End, ErrorKind, ErrorReport, Io, Outcome, PathEnd, RunError, StackEntry, LOOP_COVERED,
    STATE_SEEN,
};
use crate::expr::{self, ArrayId, ExprId, ExprPool};
use crate::ir::*;
use crate::search::{make_searcher, Coverage, StateId, StateInfo};
use crate::solver::{Query, Solver};
use std::sync::Arc;

/// Checks of the API's arguments (KLEE's user errors).
mod api_args;
#[path = "itp.rs"]
mod itp;
/// `__VERIFIER_nondet_*` returned as a struct of integers (`__int128` on x86-64).
mod nondet;
/// `select` of concrete pointers on a symbolic condition: decided or forked.
mod select_decided;
/// ctpop / ctlz / cttz / bswap / bitreverse / fshl / fshr on symbolic integers.
mod sym_bits;
#[path = "wp.rs"]
mod wp;

/// A reference to an operand's value (a disjoint borrow of the register file or constants).
macro_rules! opref {
    ($s:ident, $o:expr) => {
        match *$o {
            Operand::Reg(r) => &$s.regs[$s.base + r.0 as usize],
            Operand::Const(c) => &$s.consts[c.0 as usize],
        }
    };
}

/// Why execution stopped early (errors and ends travel as `Err`).
#[derive(Debug)]
pub(super) enum Stop {
    Error {
        kind: ErrorKind,
        msg: String,
        info: String,
    },
    Exit(i32),
    Halt(String),
}

pub(super) type R<T> = Result<T, Box<Stop>>;

mod loop_abs;
mod loop_inv;
mod seen;
mod sym_size;
mod symcall;
mod symcopy;
mod symmem;
mod targets;

pub(super) fn error<T>(kind: ErrorKind, msg: impl Into<String>) -> R<T> {
    Err(Box::new(Stop::Error {
        kind,
        msg: msg.into(),
        info: String::new(),
    }))
}

pub(super) fn mem_err(e: MemErr, p: &Value) -> Box<Stop> {
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

fn sym_err<T>(what: impl std::fmt::Display) -> R<T> {
    error(
        ErrorKind::Exec,
        format!("unsupported: symbolic value in {what}"),
    )
}

fn int_err(e: IntErr) -> Box<Stop> {
    match e {
        IntErr::Div => Box::new(Stop::Error {
            kind: ErrorKind::Div,
            msg: "divide by zero".into(),
            info: String::new(),
        }),
        IntErr::Overshift => Box::new(Stop::Error {
            kind: ErrorKind::Overshift,
            msg: "overshift error".into(),
            info: String::new(),
        }),
    }
}

/// Pre-digested type information for the hot paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TI {
    Void,
    Int(u32),
    F(FK),
    Ptr,
    Vec(TypeId, u32),
    /// Struct or array.
    Agg,
    Other,
}

fn fk_bytes(fk: FK) -> u64 {
    match fk {
        FK::Half => 2,
        FK::F32 => 4,
        FK::F64 => 8,
        FK::F80 => 10,
        FK::F128 => 16,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    Defined,
    Malloc,
    Calloc,
    Realloc,
    Free,
    AlignedAlloc,
    PosixMemalign,
    Memalign,
    UsableSize,
    Abort,
    AssertFail,
    Exit,
    Syscall,
    /// `__trex_run_global_dtors()`: runs `llvm.global_dtors` (for the C library's exit path).
    RunDtors,
    MakeSymbolic,
    Assume,
    KleeInt,
    SilentExit,
    IsSymbolic,
    Warning,
    WarningOnce,
    PreferCex,
    KleeAbort,
    ReportError,
    GetValue,
    Nondet,
    VerifierAssume,
    ReachError,
    Range,
    Choose,
    External,
}

impl Builtin {
    /// KLEE's and SV-COMP's input API, handled by `sym_builtin`.
    fn is_symbolic_api(self) -> bool {
        matches!(
            self,
            Builtin::MakeSymbolic
                | Builtin::Assume
                | Builtin::KleeInt
                | Builtin::SilentExit
                | Builtin::IsSymbolic
                | Builtin::Warning
                | Builtin::WarningOnce
                | Builtin::PreferCex
                | Builtin::KleeAbort
                | Builtin::ReportError
                | Builtin::GetValue
                | Builtin::Nondet
                | Builtin::VerifierAssume
                | Builtin::ReachError
                | Builtin::Range
                | Builtin::Choose
        )
    }
}

fn builtin_of(f: &Function) -> Builtin {
    if !f.is_declaration {
        return Builtin::Defined;
    }
    match f.name.as_str() {
        "malloc" => Builtin::Malloc,
        "calloc" => Builtin::Calloc,
        "realloc" => Builtin::Realloc,
        "free" => Builtin::Free,
        "aligned_alloc" => Builtin::AlignedAlloc,
        "posix_memalign" => Builtin::PosixMemalign,
        "memalign" => Builtin::Memalign,
        "malloc_usable_size" => Builtin::UsableSize,
        "abort" => Builtin::Abort,
        "__assert_fail" => Builtin::AssertFail,
        "exit" | "_exit" | "_Exit" => Builtin::Exit,
        "__trex_syscall" => Builtin::Syscall,
        "__trex_run_global_dtors" => Builtin::RunDtors,
        "klee_make_symbolic" => Builtin::MakeSymbolic,
        "klee_assume" => Builtin::Assume,
        "klee_int" => Builtin::KleeInt,
        "klee_silent_exit" => Builtin::SilentExit,
        "klee_is_symbolic" => Builtin::IsSymbolic,
        "klee_warning" => Builtin::Warning,
        "klee_warning_once" => Builtin::WarningOnce,
        "klee_prefer_cex" => Builtin::PreferCex,
        "klee_abort" => Builtin::KleeAbort,
        "klee_report_error" => Builtin::ReportError,
        "klee_get_value_i32" | "klee_get_value_i64" | "klee_get_valuel" | "klee_get_valuell" => {
            Builtin::GetValue
        }
        "__VERIFIER_assume" => Builtin::VerifierAssume,
        "klee_range" => Builtin::Range,
        "klee_choose" => Builtin::Choose,
        "reach_error" | "__VERIFIER_error" => Builtin::ReachError,
        n if n.starts_with("__VERIFIER_nondet_") => Builtin::Nondet,
        _ => Builtin::External,
    }
}

#[derive(Clone, Debug)]
pub(super) struct Frame {
    pub(super) func: FuncId,
    /// Index of the next instruction (synced on calls; the top frame's current one is `Interp::pc`).
    pc: u32,
    /// First register slot in `Interp::regs`.
    base: u32,
    /// First entry in `Interp::allocas` owned by this frame.
    alloca_base: u32,
    varargs: Option<ObjRef>,
    ret_dst: Option<Reg>,
}

/// A path waiting to be selected (forked by the running path, then in the slab): everything
/// a path owns, and the edge it takes on resuming.
pub(super) struct Snap<'m> {
    mem: Memory,
    regs: Vec<Value>,
    pub(super) frames: Vec<Frame>,
    allocas: Vec<ObjRef>,
    stop_depth: usize,
    dtors_done: bool,
    path: PathState,
    /// The current instruction of the top frame.
    pc: u32,
    /// `Some`: take this edge on resuming; `None`: re-execute the current instruction.
    pub(super) edge: Option<(&'m Function, &'m Edge)>,
    /// Its interpolation node (`itp::NONE`: none).
    pub(super) node: u32,
}

/// What the searcher may ask about a pending path.
pub(super) struct StateMeta {
    loc: (FuncId, u32),
    stack: Vec<(FuncId, u32)>,
    depth: u32,
}

impl StateMeta {
    fn root(entry: FuncId) -> StateMeta {
        StateMeta {
            loc: (entry, 0),
            stack: Vec::new(),
            depth: 0,
        }
    }

    fn of(s: &Snap<'_>) -> StateMeta {
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
        }
    }
}

/// The pending paths, indexed by `StateId` (freed slots are reused).
#[derive(Default)]
pub(super) struct Slab<'m> {
    pub(super) slots: Vec<(Option<Snap<'m>>, Option<StateMeta>)>,
    free: Vec<u32>,
}

impl<'m> Slab<'m> {
    fn insert(&mut self, snap: Option<Snap<'m>>, meta: StateMeta) -> StateId {
        let v = (snap, Some(meta));
        match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = v;
                StateId(i)
            }
            None => {
                self.slots.push(v);
                StateId(self.slots.len() as u32 - 1)
            }
        }
    }

    /// The snapshot of a selected path (its metadata stays until it is removed).
    pub(super) fn take(&mut self, s: StateId) -> Snap<'m> {
        self.slots[s.0 as usize]
            .0
            .take()
            .expect("selected a running path")
    }

    pub(super) fn remove(&mut self, s: StateId) {
        self.slots[s.0 as usize] = (None, None);
        self.free.push(s.0);
    }

    fn meta(&self, s: StateId) -> &StateMeta {
        self.slots[s.0 as usize].1.as_ref().expect("unknown state")
    }
}

impl StateInfo for Slab<'_> {
    fn location(&self, s: StateId) -> (FuncId, u32) {
        self.meta(s).loc
    }
    fn call_stack(&self, s: StateId) -> &[(FuncId, u32)] {
        &self.meta(s).stack
    }
    fn depth(&self, s: StateId) -> u32 {
        self.meta(s).depth
    }
    fn instructions_since_new_coverage(&self, _s: StateId) -> u64 {
        0
    }
}

/// The symbolic part of a path.
#[derive(Clone, Default)]
struct PathState {
    constraints: Vec<ExprId>,
    /// Symbolic objects in creation order: (ktest name, array, size).
    symbolics: Vec<(String, ArrayId, u64)>,
    depth: u32,
    /// `depth` at the last loop-point state check (`interp/seen.rs`) and the points checked
    /// at that depth: without a fork since, the path is the deterministic continuation of the
    /// state checked then at the same point.
    seen_depth: u32,
    seen_points: Vec<(FuncId, u32)>,
    /// Loops abstracted on the path (`interp/loop_abs.rs`): (frame depth, function, header).
    loop_marks: Vec<(u32, FuncId, u32)>,
    /// The havocs of the path when learning loop invariants (`interp/loop_inv.rs`).
    havocs: Vec<loop_inv::Havoc>,
    /// Symbolic states recorded at loop headers along the path (`interp/seen.rs`).
    seen_anc: Option<Arc<seen::Ancestors>>,
}

pub(super) struct Interp<'m, 'io> {
    pub(super) m: &'m Module,
    pool: ExprPool,
    solver: Option<Box<dyn Solver + Send>>,
    path: PathState,
    /// Paths forked by the running path, not yet given to the searcher.
    pub(super) worklist: Vec<Snap<'m>>,
    pub(super) paths: Vec<PathEnd>,
    /// Set once anything symbolic exists (guards of the slow paths only run then).
    symbolic: bool,
    /// Forking is allowed (inside the entry function, not in constructors / destructors).
    can_fork: bool,
    warned_once: hashbrown::HashSet<String>,
    io: &'io mut dyn Io,
    pub(super) mem: Memory,
    regs: Vec<Value>,
    frames: Vec<Frame>,
    allocas: Vec<ObjRef>,
    consts: Vec<Value>,
    tinfo: std::sync::Arc<[TI]>,
    builtins: Vec<Builtin>,
    func_objs: Vec<ObjRef>,
    global_objs: Vec<ObjRef>,
    block_objs: hashbrown::HashMap<(FuncId, BlockId), ObjRef>,
    /// Sorted (value, case index) tables of switches with many cases, keyed by the address
    /// of their `cases` vector.
    switch_tables: std::sync::Arc<SwitchTables>,
    scratch: Vec<Value>,
    pub(super) ps: u32,
    ptr_mask: u64,
    x86_64: bool,
    /// Register base of the top frame.
    base: usize,
    /// Current instruction of the top frame.
    pc: u32,
    /// `start` returns when the frame stack is back to this depth.
    stop_depth: usize,
    dtors_done: bool,
    pub(super) insts: u64,
    /// The next check (the instruction budget or a periodic one, `control.rs`).
    pub(super) max_insts: u64,
    max_frames: usize,
    /// Run control: budgets, halts, replay inputs (`control.rs`).
    pub(super) ctl: Ctl,
    /// Forked paths so far, and the budgets (`u64::MAX` / `u32::MAX`: none).
    forks: u64,
    max_forks: u64,
    max_depth: u32,
    /// Forks refused by `max_forks` / `max_depth`.
    forks_refused: u64,
    /// Interpolation (`Config::interpolation`): the tree, the table.
    itp: Option<Box<itp::ItpState>>,
    /// The running node records its steps.
    tracing: bool,
    /// The current step forked (interpolation checks the continuation after the jump).
    forked_here: bool,
    /// Provenance of symbolic address expressions: (object, its base) (`symmem.rs`).
    hints: hashbrown::HashMap<ExprId, Option<(ObjRef, u64)>>,
    /// Watched sites (`Config::targets`) and what was reached (`interp/targets.rs`).
    targets: Option<Arc<Targets>>,
    target_reached: Vec<bool>,
    pub(super) target_hits: Vec<TargetHit>,
    /// Static distances to the targets not reached yet: a fork continues on its nearer side
    /// first (`interp/targets.rs`).
    target_dist: Option<Box<crate::search::distance::Distances>>,
    /// State matching at loop headers (`Config::state_matching`).
    seen: Option<Box<seen::Seen>>,
    /// Loop abstraction (`Config::loop_abstraction`) and the loops abstracted.
    loop_abs: Option<Arc<crate::ir::loop_mod::LoopMods>>,
    loops_abstracted: u64,
    /// Loop invariant candidates (`Config::loop_invariants`, `interp/loop_inv.rs`).
    loop_inv: Option<Box<loop_inv::LoopInv>>,
    /// `Config::path_inputs`.
    path_inputs: bool,
}

enum Flow {
    Next,
    Jump(usize),
    /// The frame stack changed (call or return).
    Frames,
    /// The outermost frame returned.
    Done(Value),
}

pub(super) fn run(
    m: &Module,
    cfg: &Config,
    io: &mut dyn Io,
    mon: &mut dyn Monitor,
) -> Result<Outcome, RunError> {
    let entry = *m
        .func_by_name
        .get(&cfg.entry)
        .ok_or_else(|| RunError::EntryMissing(cfg.entry.clone()))?;
    if m.func(entry).is_declaration {
        return Err(RunError::EntryNotDefined(cfg.entry.clone()));
    }
    let start = if cfg.use_libc_start {
        match m.func_by_name.get("__libc_start_main") {
            Some(&f) if !m.func(f).is_declaration => Some(f),
            _ => return Err(RunError::NoLibcStart),
        }
    } else {
        None
    };
    let mut it = Interp::new(m, io, cfg);
    it.arm(cfg);
    // A path pruned by interpolation would skip the checks of assumed loop invariants.
    if cfg.interpolation && !it.loop_inv.as_ref().is_some_and(|l| l.assumes_any()) {
        let mut st = itp::ItpState::new();
        st.keep_tree = cfg.output_tree;
        st.subsumed_test = cfg.subsumed_test;
        it.itp = Some(Box::new(st));
    }
    if let Err(e) = it.init_globals() {
        return Err(RunError::Setup(format!("{:?}", e)));
    }
    let (argc, argv, envp) = it
        .setup_args(cfg)
        .map_err(|e| RunError::Setup(format!("{:?}", e)))?;
    let (fid, vals) = match start {
        Some(f) => {
            let main_ptr = it.mem.ptr_to(it.func_objs[entry.0 as usize]);
            (f, vec![main_ptr, argc, argv])
        }
        None => (entry, vec![argc, argv, envp]),
    };
    let r = it
        .run_ctors()
        .and_then(|_| {
            it.can_fork = true;
            it.start(fid, vals)
        })
        .and_then(|v| {
            // Returning from the entry runs the destructors (KLEE-style); with the C library
            // they run from its exit path (`__trex_run_global_dtors`).
            it.can_fork = false;
            it.run_dtors()?;
            Ok(v)
        });
    it.finish_path(r);
    // The pending paths live in a slab; the searcher picks which one runs next. A path runs
    // until it ends (its forks are recorded as pending children), then the searcher hears
    // of its children (`fork`, `added`) and of its end (`removed`).
    let coverage = Arc::new(Coverage::new(m));
    let mut searcher = make_searcher(&cfg.search, cfg.seed, m, coverage.clone());
    let mut slab = Slab::default();
    let mut cur = slab.insert(None, StateMeta::root(entry));
    searcher.update(None, &[cur], &[], &slab);
    // Greedy confirmation: pending state of each interpolation node.
    let mut node_state: hashbrown::HashMap<u32, StateId> = hashbrown::HashMap::new();
    loop {
        let mut added = Vec::new();
        for snap in std::mem::take(&mut it.worklist) {
            let meta = StateMeta::of(&snap);
            it.note_coverage(coverage.mark(meta.loc.0, meta.loc.1));
            let node = snap.node;
            let id = slab.insert(Some(snap), meta);
            if cfg.greedy_confirmation && node != itp::NONE {
                node_state.insert(node, id);
            }
            searcher.fork(cur, id);
            added.push(id);
        }
        searcher.update(Some(cur), &added, &[cur], &slab);
        slab.remove(cur);
        // Tests, halts (budgets, SIGINT, max-tests, exit-on-error), memory cap: control.rs.
        it.end_segment(added.len(), &mut *searcher, &mut slab, &coverage, mon);
        let confirm = if cfg.greedy_confirmation {
            it.itp_confirm_next(&mut node_state, |id, node| {
                slab.slots
                    .get(id.0 as usize)
                    .and_then(|s| s.0.as_ref())
                    .is_some_and(|sn| sn.node == node)
            })
        } else {
            None
        };
        let Some(next) = confirm.or_else(|| searcher.select(&slab)) else {
            break;
        };
        cur = next;
        let snap = slab.take(cur);
        let node = snap.node;
        if let Some(w) = it.ctl.halt.clone() {
            // A halted run ends the remaining paths early.
            it.itp_enter(node);
            it.end_pending(snap, &w);
            continue;
        }
        it.enter_segment(&snap, &coverage);
        it.install(snap);
        it.itp_enter(node);
        if it.itp_check(node) {
            // Subsumed: the path ends here, pruned.
            it.itp_subsumed_end();
            continue;
        }
        let r = it.resume().and_then(|v| {
            it.can_fork = false;
            it.run_dtors()?;
            Ok(v)
        });
        it.finish_path(r);
    }
    let paths = std::mem::take(&mut it.paths);
    let stats = it.solver.as_ref().map(|s| s.stats().clone());
    Ok(Outcome {
        end: paths[0].end.clone(),
        paths,
        instructions: it.insts,
        solver_stats: stats,
        forks_refused: it.forks_refused,
        interpolation: it.itp_stats(),
        target_hits: std::mem::take(&mut it.target_hits),
        states_matched: it.seen.as_ref().map_or(0, |s| s.pruned),
        loops_abstracted: it.loops_abstracted,
        invariant_candidates: it
            .loop_inv
            .as_mut()
            .map(|l| std::mem::take(&mut l.learnt))
            .unwrap_or_default(),
        invariants_failed: it
            .loop_inv
            .as_mut()
            .map(|l| std::mem::take(&mut l.failed))
            .unwrap_or_default(),
        tree_dot: if cfg.output_tree {
            it.itp_tree_dot()
        } else {
            None
        },
    })
}

impl<'m, 'io> Interp<'m, 'io> {
    pub(super) fn new(m: &'m Module, io: &'io mut dyn Io, cfg: &Config) -> Self {
        let ps = if m.ptr_size == 4 { 4 } else { 8 };
        let tinfo = m
            .types
            .iter()
            .map(|t| match &t.kind {
                TypeKind::Void => TI::Void,
                TypeKind::Int(w) => TI::Int(*w),
                TypeKind::Half => TI::F(FK::Half),
                TypeKind::Float => TI::F(FK::F32),
                TypeKind::Double => TI::F(FK::F64),
                TypeKind::X86Fp80 => TI::F(FK::F80),
                TypeKind::Fp128 => TI::F(FK::F128),
                TypeKind::Ptr => TI::Ptr,
                TypeKind::Vector { elem, len } => TI::Vec(*elem, *len),
                TypeKind::Array { .. } | TypeKind::Struct { .. } => TI::Agg,
                _ => TI::Other,
            })
            .collect();
        let mem = Memory::new(ps);
        let ptr_mask = mem.ptr_mask;
        Interp {
            m,
            pool: ExprPool::new(),
            solver: None,
            path: PathState::default(),
            worklist: Vec::new(),
            paths: Vec::new(),
            symbolic: false,
            can_fork: false,
            warned_once: hashbrown::HashSet::new(),
            io,
            mem,
            regs: Vec::with_capacity(1024),
            frames: Vec::with_capacity(64),
            allocas: Vec::with_capacity(64),
            consts: Vec::new(),
            tinfo,
            builtins: m.functions.iter().map(builtin_of).collect(),
            func_objs: Vec::new(),
            global_objs: Vec::new(),
            block_objs: hashbrown::HashMap::new(),
            switch_tables: std::sync::Arc::new(switch_tables(m)),
            scratch: Vec::new(),
            ps,
            ptr_mask,
            x86_64: ps == 8,
            base: 0,
            pc: 0,
            stop_depth: 0,
            dtors_done: false,
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
            itp: None,
            tracing: false,
            forked_here: false,
            hints: hashbrown::HashMap::new(),
            targets: cfg.targets.clone(),
            target_reached: vec![false; cfg.targets.as_ref().map_or(0, |t| t.count() as usize)],
            target_hits: Vec::new(),
            target_dist: cfg.targets.as_ref().map(|t| {
                Box::new(crate::search::distance::Distances::to_goals(m, &|f, pc| {
                    t.at(f, pc).is_some()
                }))
            }),
            seen: cfg
                .state_matching
                .as_ref()
                .map(|l| Box::new(seen::Seen::new(l.clone()))),
            loop_abs: cfg.loop_abstraction.clone(),
            loops_abstracted: 0,
            loop_inv: cfg
                .loop_invariants
                .as_ref()
                .filter(|_| cfg.loop_abstraction.is_some())
                .map(|l| Box::new(loop_inv::LoopInv::new(l.clone()))),
            path_inputs: cfg.path_inputs,
            max_frames: if cfg.max_stack_frames == 0 {
                usize::MAX
            } else {
                cfg.max_stack_frames as usize
            },
        }
    }

    fn oom<T>() -> R<T> {
        error(ErrorKind::Exec, "out of memory: address space exhausted")
    }

    // ---------------------------------------------------------------- start-up

    /// Allocates functions and globals, evaluates constants, writes global initializers.
    pub(super) fn init_globals(&mut self) -> R<()> {
        let m = self.m;
        for (i, _) in m.functions.iter().enumerate() {
            let r = self
                .mem
                .alloc(1, 16, ObjKind::Function(FuncId(i as u32)))
                .map_or_else(Self::oom, Ok)?;
            self.func_objs.push(r);
        }
        for g in &m.globals {
            let kind = if g.is_constant && g.init.is_some() {
                ObjKind::ConstGlobal
            } else {
                ObjKind::Global
            };
            let r = self
                .mem
                .alloc(g.size, g.align as u64, kind)
                .map_or_else(Self::oom, Ok)?;
            self.global_objs.push(r);
        }
        self.consts = vec![Value::Int(0); m.consts.len()];
        let mut done = vec![false; m.consts.len()];
        for c in 0..m.consts.len() {
            self.eval_const(ConstId(c as u32), &mut done)?;
        }
        for (gi, g) in m.globals.iter().enumerate() {
            let Some(init) = &g.init else { continue };
            let slot = self.global_objs[gi].idx;
            let n = init.bytes.len().min(g.size as usize);
            self.mem.write_bytes(slot, 0, &init.bytes[..n]);
            for rl in &init.relocs {
                if rl.offset + rl.size as u64 > g.size {
                    continue;
                }
                let v = self.consts[rl.value.0 as usize].clone();
                if rl.size == self.ps {
                    self.mem.store_ptr(slot, rl.offset, &v);
                } else {
                    self.mem.store_int(
                        slot,
                        rl.offset,
                        rl.size as u64,
                        v.bits() & mask(rl.size * 8),
                    );
                }
            }
        }
        Ok(())
    }

    fn eval_const(&mut self, c: ConstId, done: &mut Vec<bool>) -> R<()> {
        if done[c.0 as usize] {
            return Ok(());
        }
        done[c.0 as usize] = true; // (cycles cannot occur in LLVM constants)
        let m = self.m;
        let v = match m.konst(c) {
            Const::Int { bits, .. } => Value::Int(*bits),
            Const::Null { ty } | Const::Undef { ty } | Const::Zero { ty } => self.zero(*ty),
            Const::GlobalAddr { global, offset } => {
                let r = self.global_objs[global.0 as usize];
                let base = self.mem.objs[r.idx as usize].base;
                Value::Ptr {
                    obj: r,
                    addr: base.wrapping_add(*offset as u64) & self.ptr_mask,
                }
            }
            Const::FuncAddr(f) => self.mem.ptr_to(self.func_objs[f.0 as usize]),
            Const::BlockAddr { func, block } => {
                let r = match self.block_objs.get(&(*func, *block)) {
                    Some(r) => *r,
                    None => {
                        let r = self
                            .mem
                            .alloc(1, 16, ObjKind::Block(*func, *block))
                            .map_or_else(Self::oom, Ok)?;
                        self.block_objs.insert((*func, *block), r);
                        r
                    }
                };
                self.mem.ptr_to(r)
            }
            Const::Aggregate { elems, .. } => {
                for e in elems {
                    self.eval_const(*e, done)?;
                }
                Value::Agg(
                    elems
                        .iter()
                        .map(|e| self.consts[e.0 as usize].clone())
                        .collect(),
                )
            }
            Const::Expr(k) => {
                for op in const_operands(k) {
                    if let Operand::Const(oc) = op {
                        self.eval_const(oc, done)?;
                    }
                }
                match self.pure(k)? {
                    Some(v) => v,
                    None => {
                        return error(
                            ErrorKind::Exec,
                            format!("unsupported constant expression {:?}", k),
                        )
                    }
                }
            }
        };
        self.consts[c.0 as usize] = v;
        Ok(())
    }

    /// The zero value of a type.
    pub(super) fn zero(&self, ty: TypeId) -> Value {
        let m = self.m;
        match &m.ty(ty).kind {
            TypeKind::Vector { elem, len } => {
                Value::Agg((0..*len).map(|_| self.zero(*elem)).collect())
            }
            TypeKind::Array { elem, len } => {
                Value::Agg((0..*len).map(|_| self.zero(*elem)).collect())
            }
            TypeKind::Struct { fields, .. } => {
                Value::Agg(fields.iter().map(|f| self.zero(*f)).collect())
            }
            _ => Value::Int(0),
        }
    }

    fn alloc_cstr(&mut self, s: &str) -> R<Value> {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        let r = self
            .mem
            .alloc(b.len() as u64, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        self.mem.write_bytes(r.idx, 0, &b);
        Ok(self.mem.ptr_to(r))
    }

    /// argv object: `argv[0..argc], NULL, envp..., NULL, 0, 0`.
    fn setup_args(&mut self, cfg: &Config) -> R<(Value, Value, Value)> {
        let mut ptrs = Vec::new();
        for a in &cfg.argv {
            ptrs.push(self.alloc_cstr(a)?);
        }
        ptrs.push(Value::Int(0));
        for e in &cfg.env {
            ptrs.push(self.alloc_cstr(e)?);
        }
        ptrs.push(Value::Int(0));
        ptrs.push(Value::Int(0));
        ptrs.push(Value::Int(0));
        let ps = self.ps as u64;
        let r = self
            .mem
            .alloc(ptrs.len() as u64 * ps, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        for (i, p) in ptrs.iter().enumerate() {
            self.mem.store_ptr(r.idx, i as u64 * ps, p);
        }
        let argv = self.mem.ptr_to(r);
        let base = self.mem.objs[r.idx as usize].base;
        let envp = Value::Ptr {
            obj: r,
            addr: base + (cfg.argv.len() as u64 + 1) * ps,
        };
        Ok((Value::Int(cfg.argv.len() as u128), argv, envp))
    }

    /// Calls `f` with the given argument values (missing ones zero) and runs until it returns.
    /// Works at start-up and nested (from a builtin), leaving the frame stack as it was.
    pub(super) fn start(&mut self, f: FuncId, vals: Vec<Value>) -> R<Value> {
        let m = self.m;
        let func = m.func(f);
        if func.is_declaration {
            return error(
                ErrorKind::External,
                format!("failed external call: {}", func.name),
            );
        }
        if self.frames.len() >= self.max_frames {
            return Err(Box::new(Stop::Halt("max-stack-frames".into())));
        }
        let base = self.regs.len();
        self.regs
            .resize(base + func.num_regs as usize, Value::Int(0));
        for (i, &pty) in func.params.iter().enumerate() {
            let v = vals.get(i).cloned().unwrap_or(Value::Int(0));
            self.regs[base + i] = match (v, self.tinfo[pty.0 as usize]) {
                (Value::Int(x), TI::Int(w)) => Value::Int(x & mask(w)),
                (v, _) => v,
            };
        }
        let alloca_base = self.allocas.len() as u32;
        let varargs = if func.is_vararg {
            Some(
                self.mem
                    .alloc(0, 16, ObjKind::Data)
                    .map_or_else(Self::oom, Ok)?,
            )
        } else {
            None
        };
        if let Some(v) = varargs {
            self.allocas.push(v);
        }
        let saved = (self.stop_depth, self.pc, self.base);
        self.stop_depth = self.frames.len();
        self.frames.push(Frame {
            func: f,
            pc: 0,
            base: base as u32,
            alloca_base,
            varargs,
            ret_dst: None,
        });
        let r = self.run_loop();
        if r.is_ok() {
            (self.stop_depth, self.pc, self.base) = saved;
        }
        r
    }

    /// The functions of `llvm.global_ctors` / `llvm.global_dtors` in priority order.
    fn structors(&self, name: &str) -> Vec<FuncId> {
        let m = self.m;
        let Some(&g) = m.global_by_name.get(name) else {
            return Vec::new();
        };
        let g = m.global(g);
        let Some(init) = &g.init else {
            return Vec::new();
        };
        let TypeKind::Array { elem, len } = &m.ty(g.ty).kind else {
            return Vec::new();
        };
        let TypeKind::Struct { offsets, .. } = &m.ty(*elem).kind else {
            return Vec::new();
        };
        let stride = m.ty(*elem).alloc_size;
        let mut out = Vec::new();
        for i in 0..*len {
            let at = i * stride;
            let prio = init
                .bytes
                .get(at as usize..at as usize + 4)
                .map_or(65535, |b| u32::from_le_bytes(b.try_into().unwrap()));
            let fo = at + offsets.get(1).copied().unwrap_or(0);
            let f = init.relocs.iter().find(|r| r.offset == fo).and_then(|r| {
                match &self.consts[r.value.0 as usize] {
                    Value::Ptr { obj, .. } => match self.mem.get(*obj).map(|o| o.kind) {
                        Some(ObjKind::Function(f)) => Some(f),
                        _ => None,
                    },
                    _ => None,
                }
            });
            if let Some(f) = f {
                out.push((prio, i, f));
            }
        }
        out.sort();
        out.into_iter().map(|(_, _, f)| f).collect()
    }

    /// Runs the static constructors.
    pub(super) fn run_ctors(&mut self) -> R<()> {
        for f in self.structors("llvm.global_ctors") {
            self.start(f, Vec::new())?;
        }
        Ok(())
    }

    /// Runs the static destructors (once; in reverse priority order).
    pub(super) fn run_dtors(&mut self) -> R<()> {
        if std::mem::replace(&mut self.dtors_done, true) {
            return Ok(());
        }
        let mut d = self.structors("llvm.global_dtors");
        d.reverse();
        for f in d {
            self.start(f, Vec::new())?;
        }
        Ok(())
    }

    /// Converts a stop into the run's end, with the call stack.
    fn end_of(&self, s: Stop) -> End {
        match s {
            Stop::Exit(c) => End::Exit(c),
            Stop::Halt(w) => End::Halted(w),
            Stop::Error { kind, msg, info } => {
                let m = self.m;
                let mut stack = Vec::new();
                for (i, fr) in self.frames.iter().enumerate().rev() {
                    let code = &m.func(fr.func).code;
                    let pc = if i + 1 == self.frames.len() {
                        self.pc as usize
                    } else {
                        (fr.pc as usize).saturating_sub(1)
                    };
                    let loc = code.get(pc).map(|i| i.loc).unwrap_or_default();
                    stack.push(StackEntry { func: fr.func, loc });
                }
                let site = (self.frames.last().map_or(FuncId(0), |f| f.func), self.pc);
                End::Error(ErrorReport {
                    kind,
                    message: msg,
                    loc: stack.first().map(|s| s.loc).unwrap_or_default(),
                    stack,
                    info,
                    site,
                })
            }
        }
    }

    // ---------------------------------------------------------------- the loop

    #[inline(always)]
    pub(super) fn op(&self, o: &Operand) -> Value {
        match *o {
            Operand::Reg(r) => self.regs[self.base + r.0 as usize].clone(),
            Operand::Const(c) => self.consts[c.0 as usize].clone(),
        }
    }

    #[inline(always)]
    fn opb(&self, o: &Operand) -> u128 {
        match *o {
            Operand::Reg(r) => self.regs[self.base + r.0 as usize].bits(),
            Operand::Const(c) => self.consts[c.0 as usize].bits(),
        }
    }

    #[inline(always)]
    fn set(&mut self, dst: Option<Reg>, v: Value) {
        if let Some(d) = dst {
            self.regs[self.base + d.0 as usize] = v;
        }
    }

    #[inline(always)]
    pub(super) fn ti(&self, ty: TypeId) -> TI {
        self.tinfo[ty.0 as usize]
    }

    fn run_loop(&mut self) -> R<Value> {
        let m = self.m;
        loop {
            let fr = self.frames.last().unwrap();
            let fid = fr.func;
            let f = &m.functions[fid.0 as usize];
            let code = &f.code[..];
            let mut pc = fr.pc as usize;
            self.base = fr.base as usize;
            loop {
                let inst = &code[pc];
                self.pc = pc as u32;
                self.insts += 1;
                if self.insts > self.max_insts {
                    self.insts -= 1;
                    self.checkpoint()?;
                    self.insts += 1;
                }
                pc += 1;
                if self.tracing {
                    self.itp_record(inst);
                }
                if let Some(t) = &self.targets {
                    if let Some(i) = t.at(fid, self.pc) {
                        self.reach_target(i)?;
                    }
                }
                match self.step(f, inst, pc)? {
                    Flow::Next => {
                        if self.tracing {
                            self.itp_post(inst);
                        }
                    }
                    Flow::Jump(t) => {
                        pc = t;
                        if self.forked_here {
                            // The continuation starts a new node: try the table on it.
                            self.forked_here = false;
                            self.pc = t as u32;
                            let cur = self.itp.as_ref().map_or(itp::NONE, |i| i.cur);
                            if self.itp_check(cur) {
                                return Err(Box::new(Stop::Halt(SUBSUMED.into())));
                            }
                        }
                        if self.loop_abs.is_some() {
                            self.pc = t as u32;
                            self.at_loop_abstraction(fid, t as u32)?;
                        }
                        if self.seen.is_some() {
                            self.pc = t as u32;
                            self.at_loop_header(fid, t as u32)?;
                        }
                    }
                    Flow::Frames => break,
                    Flow::Done(v) => {
                        if self.itp.is_some() && self.frames.is_empty() {
                            self.itp_close();
                        }
                        return Ok(v);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn step(&mut self, f: &'m Function, inst: &'m Inst, next: usize) -> R<Flow> {
        match &inst.kind {
            InstKind::Bin { op, ty, a, b } => {
                let v = match self.ti(*ty) {
                    TI::Int(w)
                        if matches!(opref!(self, a), Value::Sym(_))
                            || matches!(opref!(self, b), Value::Sym(_)) =>
                    {
                        self.sym_bin(*op, w, a, b, inst)?
                    }
                    TI::Int(w) => match int_bin(*op, w, self.opb(a), self.opb(b)) {
                        Ok(x) => Value::Int(x),
                        Err(e) => Value::Int(self.int_failure(e, inst)?),
                    },
                    TI::F(_) if self.symbolic && self.guard_ops(&[*a, *b], "").is_err() => {
                        return error(
                            ErrorKind::Exec,
                            "unsupported: symbolic floating point not supported",
                        );
                    }
                    TI::F(fk) => Value::Int(float::fbin(fk, *op, self.opb(a), self.opb(b))),
                    _ => {
                        if self.symbolic {
                            self.guard_ops(&[*a, *b], "a vector operation")?;
                        }
                        let (x, y) = (self.op(a), self.op(b));
                        self.bin_vec(*op, *ty, &x, &y, inst.loc.0 == 0)?
                    }
                };
                self.set(inst.dst, v);
            }
            InstKind::ICmp { pred, ty, a, b } => {
                let v = match self.ti(*ty) {
                    TI::Int(w)
                        if matches!(opref!(self, a), Value::Sym(_))
                            || matches!(opref!(self, b), Value::Sym(_)) =>
                    {
                        self.sym_icmp(*pred, w, a, b)?
                    }
                    TI::Ptr
                        if matches!(opref!(self, a), Value::Sym(_))
                            || matches!(opref!(self, b), Value::Sym(_)) =>
                    {
                        self.sym_icmp(*pred, self.ps * 8, a, b)?
                    }
                    TI::Vec(..)
                        if matches!(opref!(self, a), Value::Sym(_))
                            || matches!(opref!(self, b), Value::Sym(_)) =>
                    {
                        return sym_err("a vector comparison");
                    }
                    TI::Int(w) => Value::bool(icmp(*pred, w, self.opb(a), self.opb(b))),
                    TI::Ptr => Value::bool(icmp(*pred, self.ps * 8, self.opb(a), self.opb(b))),
                    _ => {
                        let (x, y) = (self.op(a), self.op(b));
                        self.icmp_vec(*pred, *ty, &x, &y)
                    }
                };
                self.set(inst.dst, v);
            }
            InstKind::Load { ty, ptr, .. } => {
                let n = match self.ti(*ty) {
                    TI::Int(w) => Some(((w as u64).div_ceil(8), mask(w))),
                    TI::F(fk) => Some((fk_bytes(fk), !0)),
                    _ => None,
                };
                if let Some((n, mk)) = n {
                    // Fast path: the result is written straight into its register.
                    let p = opref!(self, ptr);
                    let (s, o) = match self.mem.resolve_any(p, n) {
                        Ok(x) => x,
                        Err(MemErr::SymbolicPtr) => {
                            let p = p.clone();
                            let v = self.sym_load(&p, *ty)?;
                            self.set(inst.dst, v);
                            return Ok(Flow::Next);
                        }
                        Err(e) => return Err(mem_err(e, p)),
                    };
                    if self.mem.objs[s as usize].sym.is_some() {
                        if let Some(e) = self.mem.load_sym(&mut self.pool, s, o, n) {
                            let TI::Int(w) = self.ti(*ty) else {
                                return error(
                                    ErrorKind::Exec,
                                    "unsupported: symbolic floating point not supported",
                                );
                            };
                            let e = self.pool.zext_or_trunc(e, w);
                            let v = self.val_of(e);
                            self.set(inst.dst, v);
                            return Ok(Flow::Next);
                        }
                    }
                    let x = self.mem.load_int(s, o, n) & mk;
                    if let Some(d) = inst.dst {
                        self.regs[self.base + d.0 as usize] = Value::Int(x);
                    }
                } else {
                    let p = self.op(ptr);
                    let v = if self.symbolic {
                        self.sym_load(&p, *ty)?
                    } else {
                        self.load(&p, *ty)?
                    };
                    self.set(inst.dst, v);
                }
            }
            InstKind::Store { ty, val, ptr, .. } => {
                let n = match self.ti(*ty) {
                    TI::Int(w) => Some((w as u64).div_ceil(8)),
                    TI::F(fk) => Some(fk_bytes(fk)),
                    _ => None,
                };
                if let Some(n) = n {
                    if let Value::Sym(e) = *opref!(self, val) {
                        if !matches!(self.ti(*ty), TI::Int(_)) {
                            return error(
                                ErrorKind::Exec,
                                "unsupported: symbolic floating point not supported",
                            );
                        }
                        let p = self.op(ptr);
                        let v = Value::Sym(e);
                        self.sym_store(&p, *ty, &v)?;
                        return Ok(Flow::Next);
                    }
                    let x = self.opb(val);
                    let p = opref!(self, ptr);
                    let (s, o) = match self.mem.resolve_any_mut(p, n) {
                        Ok(x) => x,
                        Err(MemErr::SymbolicPtr) => {
                            let (p, v) = (p.clone(), self.op(val));
                            self.sym_store(&p, *ty, &v)?;
                            return Ok(Flow::Next);
                        }
                        Err(e) => return Err(mem_err(e, p)),
                    };
                    self.mem.store_int(s, o, n, x);
                } else {
                    let p = self.op(ptr);
                    let v = self.op(val);
                    if self.symbolic {
                        self.sym_store(&p, *ty, &v)?;
                    } else {
                        self.store(&p, *ty, &v)?;
                    }
                }
            }
            InstKind::Gep {
                base,
                offset,
                indices,
            } if indices.is_empty() => {
                let v = match opref!(self, base) {
                    &Value::Ptr { obj, addr } => Value::Ptr {
                        obj,
                        addr: addr.wrapping_add(*offset as u64) & self.ptr_mask,
                    },
                    b @ Value::Sym(_) => {
                        let b = b.clone();
                        self.sym_ptr_add(&b, *offset)?
                    }
                    b @ Value::Agg(_) if self.symbolic && has_sym(b) => {
                        return sym_err("a vector GEP with a symbolic pointer")
                    }
                    b => self.ptr_add(b.clone(), *offset),
                };
                self.set(inst.dst, v);
            }
            InstKind::Gep {
                base,
                offset,
                indices,
            } => {
                if self.symbolic
                    && (has_sym(opref!(self, base))
                        || indices.iter().any(|i| has_sym(opref!(self, &i.op))))
                {
                    let v = self.sym_gep(base, *offset, indices)?;
                    self.set(inst.dst, v);
                    return Ok(Flow::Next);
                }
                let b = self.op(base);
                let v = self.gep(b, *offset, indices);
                self.set(inst.dst, v);
            }
            InstKind::Br { edge } => return Ok(Flow::Jump(self.edge(f, edge))),
            InstKind::CondBr { cond, t, f: fe } => {
                if let Value::Sym(c) = *opref!(self, cond) {
                    return Ok(Flow::Jump(self.sym_branch(f, c, t, fe)?));
                }
                let e = if self.opb(cond) & 1 != 0 { t } else { fe };
                return Ok(Flow::Jump(self.edge(f, e)));
            }
            InstKind::Cast { op, from, to, v } => {
                if let Value::Sym(e) = *opref!(self, v) {
                    let r = self.sym_cast(*op, *from, *to, e)?;
                    self.set(inst.dst, r);
                    return Ok(Flow::Next);
                }
                let x = self.op(v);
                let r = self.cast(*op, *from, *to, x)?;
                self.set(inst.dst, r);
            }
            InstKind::Copy { v, .. } => {
                let x = self.op(v);
                self.set(inst.dst, x);
            }
            InstKind::Alloca {
                elem_size,
                count,
                count_width,
                align,
            } => {
                if self.symbolic {
                    self.concrete_size(count)?;
                }
                let n = sext(self.opb(count), *count_width).max(0) as u64;
                let size = elem_size.saturating_mul(n);
                let r = match self.mem.alloc(size, *align as u64, ObjKind::Stack) {
                    Some(r) => r,
                    None => return error(ErrorKind::Exec, "stack allocation too large"),
                };
                self.allocas.push(r);
                let p = self.mem.ptr_to(r);
                self.set(inst.dst, p);
            }
            InstKind::Call { callee, args, ret } => {
                return self.call(inst, callee, args, *ret, next);
            }
            InstKind::Ret { val } => {
                let v = match val {
                    Some(o) => self.op(o),
                    None => Value::Int(0),
                };
                return Ok(self.ret(v));
            }
            InstKind::Switch {
                cond,
                cases,
                default,
                ..
            } => {
                if let Value::Sym(c) = *opref!(self, cond) {
                    return Ok(Flow::Jump(self.sym_switch(f, c, cases, default)?));
                }
                let c = self.opb(cond);
                let e = if cases.len() <= 8 {
                    cases
                        .iter()
                        .find(|(v, _)| *v == c)
                        .map(|(_, e)| e)
                        .unwrap_or(default)
                } else {
                    // Large switch: binary search in its sorted case table.
                    match self.switch_tables.get(&(cases.as_ptr() as usize)) {
                        Some(t) => match t.binary_search_by(|(v, _)| v.cmp(&c)) {
                            Ok(i) => &cases[t[i].1 as usize].1,
                            Err(_) => default,
                        },
                        None => cases
                            .iter()
                            .find(|(v, _)| *v == c)
                            .map(|(_, e)| e)
                            .unwrap_or(default),
                    }
                };
                return Ok(Flow::Jump(self.edge(f, e)));
            }
            InstKind::IndirectBr { addr, dests } => {
                if let Value::Sym(e) = *opref!(self, addr) {
                    let e = self.sym_indirectbr(e, dests)?;
                    return Ok(Flow::Jump(self.edge(f, e)));
                }
                let a = self.op(addr);
                let obj = match a {
                    Value::Ptr { obj, .. } => Some(obj),
                    Value::Int(x) if x <= u64::MAX as u128 => self.mem.lookup(x as u64),
                    _ => None,
                };
                let target = match obj.and_then(|o| self.mem.get(o)).map(|o| o.kind) {
                    Some(ObjKind::Block(_, b)) => Some(b),
                    _ => None,
                };
                let e = target.and_then(|b| dests.iter().find(|e| e.target == b));
                match e {
                    Some(e) => return Ok(Flow::Jump(self.edge(f, e))),
                    None => return error(ErrorKind::Exec, "indirectbr to an invalid address"),
                }
            }
            InstKind::Unreachable => return error(ErrorKind::Exec, "unreachable instruction"),
            InstKind::Unsupported { what } => {
                return error(ErrorKind::Exec, format!("unsupported: {}", what))
            }
            InstKind::Fence => {}
            InstKind::AtomicRmw { op, ty, ptr, val } => {
                if self.symbolic {
                    self.guard_ops(&[*ptr, *val], "atomicrmw")?;
                }
                let p = self.op(ptr);
                let x = self.op(val);
                let old = self.load(&p, *ty)?;
                let new = self.rmw(*op, *ty, &old, &x)?;
                self.store(&p, *ty, &new)?;
                self.set(inst.dst, old);
            }
            InstKind::CmpXchg { ty, ptr, cmp, new } => {
                if self.symbolic {
                    self.guard_ops(&[*ptr, *cmp, *new], "cmpxchg")?;
                }
                let p = self.op(ptr);
                let c = self.op(cmp);
                let n = self.op(new);
                let old = self.load(&p, *ty)?;
                let ok = old.bits() == c.bits();
                if ok {
                    self.store(&p, *ty, &n)?;
                }
                self.set(inst.dst, Value::Agg(Box::new([old, Value::bool(ok)])));
            }
            InstKind::VaArg { ty, list } => {
                if self.symbolic {
                    self.guard_ops(&[*list], "va_arg")?;
                }
                let l = self.op(list);
                let v = self.va_arg(&l, *ty)?;
                self.set(inst.dst, v);
            }
            InstKind::Select { cond, t, f: fv, ty }
                if self.symbolic
                    && matches!(self.ti(*ty), TI::Int(_) | TI::Ptr)
                    && (matches!(opref!(self, cond), Value::Sym(_))
                        || matches!(opref!(self, t), Value::Sym(_))
                        || matches!(opref!(self, fv), Value::Sym(_))) =>
            {
                // Pointers: a select of addresses (resolved against every object when used).
                let w = match self.ti(*ty) {
                    TI::Int(w) => w,
                    _ => self.ps * 8,
                };
                let (c, x, y) = (self.op(cond), self.op(t), self.op(fv));
                let v = match c {
                    Value::Sym(ce) => {
                        let ec = self.pool.zext_or_trunc(ce, 1);
                        let ex = self.expr_of(&x, w, "select")?;
                        let ey = self.expr_of(&y, w, "select")?;
                        let e = self.pool.select(ec, ex, ey);
                        self.val_of(e)
                    }
                    Value::Int(c) => {
                        if c & 1 != 0 {
                            x
                        } else {
                            y
                        }
                    }
                    _ => return sym_err("select"),
                };
                self.set(inst.dst, v);
            }
            InstKind::Select { cond, t, f: fv, .. }
                if self.symbolic
                    && matches!(opref!(self, cond), Value::Sym(_))
                    && !has_sym(opref!(self, t))
                    && !has_sym(opref!(self, fv)) =>
            {
                let Value::Sym(c) = self.op(cond) else {
                    unreachable!()
                };
                let v = self.select_decided(c, self.op(t), self.op(fv))?;
                self.set(inst.dst, v);
            }
            InstKind::ExtractValue { agg, indices, .. }
                if self.symbolic && matches!(opref!(self, agg), Value::Agg(_)) =>
            {
                // A plain move of an element (e.g. of a symbolic with.overflow result).
                let mut v = self.op(agg);
                for &i in indices {
                    v = match v {
                        Value::Agg(e) => e.get(i as usize).cloned().unwrap_or_default(),
                        _ => Value::Int(0),
                    };
                }
                self.set(inst.dst, v);
            }
            k => {
                if self.symbolic {
                    self.guard_ops(&const_operands(k), "this instruction")?;
                }
                match self.pure(k)? {
                    Some(v) => self.set(inst.dst, v),
                    None => {
                        return error(ErrorKind::Exec, format!("unsupported: {:?}", k));
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Takes an edge: the phi copies in parallel; returns the target's first instruction.
    #[inline(always)]
    fn edge(&mut self, f: &Function, e: &Edge) -> usize {
        match e.copies.len() {
            0 => {}
            1 => {
                let c = &e.copies[0];
                let v = self.op(&c.src);
                self.regs[self.base + c.dst.0 as usize] = v;
            }
            _ => {
                let mut s = std::mem::take(&mut self.scratch);
                s.clear();
                for c in &e.copies {
                    s.push(self.op(&c.src));
                }
                for (c, v) in e.copies.iter().zip(s.drain(..)) {
                    self.regs[self.base + c.dst.0 as usize] = v;
                }
                self.scratch = s;
            }
        }
        f.blocks[e.target.0 as usize].start as usize
    }

    fn ret(&mut self, v: Value) -> Flow {
        let fr = self.frames.pop().unwrap();
        if self.loop_abs.is_some() {
            self.drop_loop_marks();
        }
        while self.allocas.len() > fr.alloca_base as usize {
            let r = self.allocas.pop().unwrap();
            self.mem.free(r);
        }
        self.regs.truncate(fr.base as usize);
        if self.frames.len() == self.stop_depth {
            if let Some(caller) = self.frames.last() {
                self.base = caller.base as usize;
            }
            return Flow::Done(v);
        }
        match self.frames.last() {
            None => Flow::Done(v),
            Some(caller) => {
                self.base = caller.base as usize;
                if let Some(d) = fr.ret_dst {
                    self.regs[self.base + d.0 as usize] = v;
                }
                Flow::Frames
            }
        }
    }

    fn call(
        &mut self,
        inst: &'m Inst,
        callee: &'m Callee,
        args: &'m [CallArg],
        ret: TypeId,
        next: usize,
    ) -> R<Flow> {
        let fid = match callee {
            Callee::Direct(f) => *f,
            Callee::Intrinsic(i) => {
                if self.symbolic {
                    if let Some(v) = self.sym_mem_intrinsic(*i, args)? {
                        self.set(inst.dst, v);
                        return Ok(Flow::Next);
                    }
                    if let Some(v) = self.sym_intrinsic(*i, args, ret)? {
                        self.set(inst.dst, v);
                        return Ok(Flow::Next);
                    }
                    self.guard_args(args, &format!("intrinsic {:?}", i))?;
                }
                let v = self.intrinsic(*i, args, ret)?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
            Callee::Indirect(o) => match *opref!(self, o) {
                Value::Sym(e) => self.sym_callee(e)?,
                _ => {
                    let p = self.op(o);
                    self.func_of(&p)?
                }
            },
        };
        match self.builtins[fid.0 as usize] {
            Builtin::Defined => {}
            b if b.is_symbolic_api() => {
                let v = self.sym_builtin(b, fid, args, ret)?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
            b => {
                if self.symbolic {
                    if self.is_exit_call(b, args) {
                        // The status of an exit is only printed: any feasible value will do
                        // (no path is lost), so a symbolic one is concretized here.
                        for a in args {
                            if let Operand::Reg(r) = a.op {
                                let slot = self.base + r.0 as usize;
                                if let Value::Sym(_) = self.regs[slot] {
                                    let v = self.regs[slot].clone();
                                    let c = self.exit_code(&v);
                                    self.regs[slot] = Value::Int(c as u32 as u128);
                                }
                            }
                        }
                    }
                    let sizes: &[usize] = match b {
                        Builtin::Malloc => &[0],
                        Builtin::Calloc | Builtin::AlignedAlloc | Builtin::Memalign => &[0, 1],
                        Builtin::Realloc => &[1],
                        Builtin::PosixMemalign => &[1, 2],
                        _ => &[],
                    };
                    if !sizes.is_empty() {
                        self.concrete_size_args(args, sizes)?;
                    }
                    let name = &self.m.func(fid).name;
                    self.guard_args(args, name)?;
                }
                let v = self.builtin(b, fid, args, ret)?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
        }
        if self.frames.len() >= self.max_frames {
            return Err(Box::new(Stop::Halt("max-stack-frames".into())));
        }
        let m = self.m;
        let func = m.func(fid);
        let nb = self.regs.len();
        self.regs.resize(nb + func.num_regs as usize, Value::Int(0));
        let alloca_base = self.allocas.len() as u32;
        let np = func.params.len();
        for (i, a) in args.iter().enumerate().take(np) {
            let v = self.op(&a.op);
            let v = match a.byval.or(func.byval.get(i).copied().flatten()) {
                Some(size) => self.byval_copy(&v, size)?,
                None => v,
            };
            self.regs[nb + i] = v;
        }
        let varargs = if func.is_vararg {
            Some(self.build_varargs(&args[np.min(args.len())..])?)
        } else {
            None
        };
        self.frames.last_mut().unwrap().pc = next as u32;
        self.frames.push(Frame {
            func: fid,
            pc: 0,
            base: nb as u32,
            alloca_base,
            varargs,
            ret_dst: inst.dst,
        });
        Ok(Flow::Frames)
    }

    /// The function a pointer designates.
    fn func_of(&self, p: &Value) -> R<FuncId> {
        let obj = match *p {
            Value::Ptr { obj, .. } => Some(obj),
            Value::Int(a) if a >= 4096 && a <= u64::MAX as u128 => self.mem.lookup(a as u64),
            _ => None,
        };
        if let Some(o) = obj.and_then(|o| self.mem.get(o)) {
            if let ObjKind::Function(f) = o.kind {
                if o.base as u128 == p.bits() {
                    return Ok(f);
                }
            }
        }
        if p.bits() < 4096 {
            return Err(mem_err(MemErr::Null, p));
        }
        Err(mem_err(MemErr::OutOfBound, p))
    }

    fn byval_copy(&mut self, p: &Value, size: u64) -> R<Value> {
        let (ss, so) = self.mem.resolve_any(p, size).map_err(|e| mem_err(e, p))?;
        let r = self
            .mem
            .alloc(size, 16, ObjKind::Stack)
            .map_or_else(Self::oom, Ok)?;
        self.mem.copy(r.idx, 0, ss, so, size);
        self.allocas.push(r);
        Ok(self.mem.ptr_to(r))
    }

    // ---------------------------------------------------------------- memory access

    #[inline(always)]
    fn load(&mut self, p: &Value, ty: TypeId) -> R<Value> {
        match self.ti(ty) {
            TI::Int(w) => {
                let n = (w as u64).div_ceil(8);
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(Value::Int(self.mem.load_int(s, o, n) & mask(w)))
            }
            TI::Ptr => {
                let (s, o) = self
                    .mem
                    .resolve(p, self.ps as u64)
                    .map_err(|e| mem_err(e, p))?;
                Ok(self.mem.load_ptr(s, o))
            }
            TI::F(fk) => {
                let n = fk_bytes(fk);
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(Value::Int(self.mem.load_int(s, o, n)))
            }
            _ => {
                let n = self.m.ty(ty).store_size;
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(self.load_at(s, o, ty))
            }
        }
    }

    #[inline(always)]
    fn store(&mut self, p: &Value, ty: TypeId, v: &Value) -> R<()> {
        match self.ti(ty) {
            TI::Int(w) => {
                let n = (w as u64).div_ceil(8);
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.mem.store_int(s, o, n, v.bits());
            }
            TI::Ptr => {
                let (s, o) = self
                    .mem
                    .resolve_mut(p, self.ps as u64)
                    .map_err(|e| mem_err(e, p))?;
                self.mem.store_ptr(s, o, v);
            }
            TI::F(fk) => {
                let n = fk_bytes(fk);
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.mem.store_int(s, o, n, v.bits());
            }
            _ => {
                let n = self.m.ty(ty).store_size;
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.store_at(s, o, ty, v);
            }
        }
        Ok(())
    }

    /// Vector of integers whose width is not a whole number of bytes: bit-packed in memory.
    fn packed_vec(&self, ty: TypeId) -> Option<(u32, u32)> {
        if let TI::Vec(e, n) = self.ti(ty) {
            if let TI::Int(w) = self.ti(e) {
                if w % 8 != 0 {
                    return Some((w, n));
                }
            }
        }
        None
    }

    /// Reads a value of type `ty` at an already bounds-checked place.
    fn load_at(&self, s: u32, o: u64, ty: TypeId) -> Value {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => Value::Int(self.mem.load_int(s, o, (w as u64).div_ceil(8)) & mask(w)),
            TI::F(fk) => Value::Int(self.mem.load_int(s, o, fk_bytes(fk))),
            TI::Ptr => self.mem.load_ptr(s, o),
            TI::Vec(e, n) => {
                if let Some((w, n)) = self.packed_vec(ty) {
                    let nb = (w as u64 * n as u64).div_ceil(8);
                    let bytes = self.mem.bytes(s, o, nb);
                    let bit = |k: u64| (bytes[(k / 8) as usize] >> (k % 8)) as u128 & 1;
                    return Value::Agg(
                        (0..n as u64)
                            .map(|i| {
                                let mut x = 0u128;
                                for j in 0..w as u64 {
                                    x |= bit(i * w as u64 + j) << j;
                                }
                                Value::Int(x)
                            })
                            .collect(),
                    );
                }
                let stride = m.ty(e).store_size;
                Value::Agg(
                    (0..n as u64)
                        .map(|i| self.load_at(s, o + i * stride, e))
                        .collect(),
                )
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => Value::Agg(
                    fields
                        .iter()
                        .zip(offsets)
                        .map(|(f, off)| self.load_at(s, o + off, *f))
                        .collect(),
                ),
                TypeKind::Array { elem, len } => {
                    let stride = m.ty(*elem).alloc_size;
                    Value::Agg(
                        (0..*len)
                            .map(|i| self.load_at(s, o + i * stride, *elem))
                            .collect(),
                    )
                }
                _ => Value::Int(0),
            },
            _ => Value::Int(0),
        }
    }

    fn store_at(&mut self, s: u32, o: u64, ty: TypeId, v: &Value) {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => self.mem.store_int(s, o, (w as u64).div_ceil(8), v.bits()),
            TI::F(fk) => self.mem.store_int(s, o, fk_bytes(fk), v.bits()),
            TI::Ptr => self.mem.store_ptr(s, o, v),
            TI::Vec(e, n) => {
                if let Some((w, n)) = self.packed_vec(ty) {
                    let nb = (w as u64 * n as u64).div_ceil(8);
                    let mut bytes = vec![0u8; nb as usize];
                    for (i, x) in v.elems().iter().enumerate().take(n as usize) {
                        let x = x.bits();
                        for j in 0..w as usize {
                            let k = i * w as usize + j;
                            bytes[k / 8] |= (((x >> j) & 1) as u8) << (k % 8);
                        }
                    }
                    self.mem.write_bytes(s, o, &bytes);
                    return;
                }
                let stride = m.ty(e).store_size;
                for (i, x) in v.elems().iter().enumerate().take(n as usize) {
                    self.store_at(s, o + i as u64 * stride, e, x);
                }
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => {
                    for ((f, off), x) in fields.iter().zip(offsets).zip(v.elems()) {
                        self.store_at(s, o + off, *f, x);
                    }
                }
                TypeKind::Array { elem, .. } => {
                    let stride = m.ty(*elem).alloc_size;
                    for (i, x) in v.elems().iter().enumerate() {
                        self.store_at(s, o + i as u64 * stride, *elem, x);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }

    #[inline(always)]
    fn ptr_add(&self, b: Value, delta: i64) -> Value {
        match b {
            Value::Ptr { obj, addr } => Value::Ptr {
                obj,
                addr: addr.wrapping_add(delta as u64) & self.ptr_mask,
            },
            Value::Int(a) => {
                Value::Int(((a as u64).wrapping_add(delta as u64) & self.ptr_mask) as u128)
            }
            Value::Agg(v) => Value::Agg(v.iter().map(|x| self.ptr_add(x.clone(), delta)).collect()),
            // Callers reject symbolic pointers before.
            Value::Sym(_) => panic!("internal error: pointer arithmetic on a symbolic value"),
        }
    }

    fn gep(&self, b: Value, offset: i64, indices: &[GepIndex]) -> Value {
        let mut lanes: Option<usize> = match &b {
            Value::Agg(v) => Some(v.len()),
            _ => None,
        };
        let mut delta = offset;
        for ix in indices {
            match self.op(&ix.op) {
                Value::Agg(v) => lanes = Some(v.len()),
                x => {
                    delta = delta
                        .wrapping_add((sext(x.bits(), ix.width) as i64).wrapping_mul(ix.stride))
                }
            }
        }
        let Some(n) = lanes else {
            return self.ptr_add(b, delta);
        };
        // Vector GEP: per lane.
        let lane = |v: &Value, i: usize| -> Value {
            match v {
                Value::Agg(e) => e[i].clone(),
                x => x.clone(),
            }
        };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut d = offset;
            for ix in indices {
                let x = lane(&self.op(&ix.op), i);
                d = d.wrapping_add((sext(x.bits(), ix.width) as i64).wrapping_mul(ix.stride));
            }
            out.push(self.ptr_add(lane(&b, i), d));
        }
        Value::Agg(out.into_boxed_slice())
    }

    // ---------------------------------------------------------------- pure semantics

    fn scalar_bin(&self, op: BinOp, ti: TI, x: u128, y: u128) -> R<u128> {
        match ti {
            TI::Int(w) => int_bin(op, w, x, y).map_err(int_err),
            TI::F(fk) => Ok(float::fbin(fk, op, x, y)),
            TI::Ptr => int_bin(op, self.ps * 8, x, y).map_err(int_err),
            _ => error(
                ErrorKind::Exec,
                "unsupported: binary operation on this type",
            ),
        }
    }

    /// A failed integer operation: an error, except an over-wide shift without a source
    /// location. Optimized code (the C library) evaluates shifts speculatively, e.g.
    /// `bits > 30 || x >> bits == 0` becomes an unconditional `lshr` whose poison result is
    /// discarded by a select; LLVM drops the debug location of such hoisted instructions. A
    /// shift written by the program always has a location (`-g`), and is reported.
    #[cold]
    fn int_failure(&self, e: IntErr, inst: &Inst) -> R<u128> {
        if e == IntErr::Overshift && inst.loc.0 == 0 {
            return Ok(0); // poison
        }
        Err(int_err(e))
    }

    /// Element-wise binary operation; with `poison_overshift`, over-wide shifts give poison
    /// (zero) lanes instead of an error (see `is_overshift` at the call site).
    fn bin_vec(
        &self,
        op: BinOp,
        ty: TypeId,
        x: &Value,
        y: &Value,
        poison_overshift: bool,
    ) -> R<Value> {
        let TI::Vec(e, _) = self.ti(ty) else {
            return error(
                ErrorKind::Exec,
                "unsupported: binary operation on this type",
            );
        };
        let et = self.ti(e);
        let mut out = Vec::with_capacity(x.elems().len());
        for (a, b) in x.elems().iter().zip(y.elems()) {
            let r = match self.scalar_bin(op, et, a.bits(), b.bits()) {
                Ok(r) => r,
                Err(e) if poison_overshift && is_overshift(&e) => 0,
                Err(e) => return Err(e),
            };
            out.push(Value::Int(r));
        }
        Ok(Value::Agg(out.into_boxed_slice()))
    }

    fn icmp_vec(&self, pred: IntPred, ty: TypeId, x: &Value, y: &Value) -> Value {
        let w = match self.ti(ty) {
            TI::Vec(e, _) => match self.ti(e) {
                TI::Int(w) => w,
                _ => self.ps * 8,
            },
            _ => self.ps * 8,
        };
        Value::Agg(
            x.elems()
                .iter()
                .zip(y.elems())
                .map(|(a, b)| Value::bool(icmp(pred, w, a.bits(), b.bits())))
                .collect(),
        )
    }

    fn elem_fk(&self, ty: TypeId) -> FK {
        match self.ti(ty) {
            TI::F(fk) => fk,
            TI::Vec(e, _) => match self.ti(e) {
                TI::F(fk) => fk,
                _ => FK::F64,
            },
            _ => FK::F64,
        }
    }

    fn map1(v: &Value, f: impl Fn(u128) -> u128) -> Value {
        match v {
            Value::Agg(e) => Value::Agg(e.iter().map(|x| Value::Int(f(x.bits()))).collect()),
            x => Value::Int(f(x.bits())),
        }
    }

    fn map2(a: &Value, b: &Value, f: impl Fn(u128, u128) -> u128) -> Value {
        match a {
            Value::Agg(e) => Value::Agg(
                e.iter()
                    .zip(b.elems())
                    .map(|(x, y)| Value::Int(f(x.bits(), y.bits())))
                    .collect(),
            ),
            x => Value::Int(f(x.bits(), b.bits())),
        }
    }

    fn map3(a: &Value, b: &Value, c: &Value, f: impl Fn(u128, u128, u128) -> u128) -> Value {
        match a {
            Value::Agg(e) => Value::Agg(
                e.iter()
                    .zip(b.elems())
                    .zip(c.elems())
                    .map(|((x, y), z)| Value::Int(f(x.bits(), y.bits(), z.bits())))
                    .collect(),
            ),
            x => Value::Int(f(x.bits(), b.bits(), c.bits())),
        }
    }

    /// Scalar type of a (possibly vector) type.
    fn scalar_ti(&self, ty: TypeId) -> (TI, TypeId) {
        match self.ti(ty) {
            TI::Vec(e, _) => (self.ti(e), e),
            t => (t, ty),
        }
    }

    fn cast_scalar(&self, op: CastOp, from: TI, to: TI, x: Value) -> Value {
        let wf = match from {
            TI::Int(w) => w,
            TI::Ptr => self.ps * 8,
            _ => 128,
        };
        let wt = match to {
            TI::Int(w) => w,
            TI::Ptr => self.ps * 8,
            _ => 128,
        };
        match op {
            CastOp::Trunc => Value::Int(x.bits() & mask(wt)),
            CastOp::ZExt => Value::Int(x.bits()),
            CastOp::SExt => Value::Int(sext(x.bits(), wf) as u128 & mask(wt)),
            CastOp::FpTrunc | CastOp::FpExt => match (from, to) {
                (TI::F(a), TI::F(b)) => Value::Int(float::convert(a, b, x.bits())),
                _ => x,
            },
            CastOp::FpToUi | CastOp::FpToSi => match from {
                TI::F(a) => Value::Int(float::to_int(a, x.bits(), wt, op == CastOp::FpToSi)),
                _ => x,
            },
            CastOp::UiToFp | CastOp::SiToFp => match to {
                TI::F(b) => Value::Int(float::from_int(b, x.bits(), wf, op == CastOp::SiToFp)),
                _ => x,
            },
            CastOp::PtrToInt => Value::Int(x.bits() & mask(wt)),
            CastOp::IntToPtr => match x {
                Value::Ptr { .. } => x,
                x => Value::Int(x.bits() & mask(wt)),
            },
            CastOp::BitCast | CastOp::AddrSpaceCast => x,
        }
    }

    fn cast(&self, op: CastOp, from: TypeId, to: TypeId, x: Value) -> R<Value> {
        let (tf, tt) = (self.ti(from), self.ti(to));
        match (tf, tt) {
            (TI::Vec(..), _) | (_, TI::Vec(..)) => {
                if op == CastOp::BitCast {
                    if from == to {
                        return Ok(x);
                    }
                    let bytes = self.value_bytes(&x, from);
                    return Ok(self.value_of_bytes(&bytes, to));
                }
                let (ef, _) = self.scalar_ti(from);
                let (et, _) = self.scalar_ti(to);
                Ok(Value::Agg(
                    x.elems()
                        .iter()
                        .map(|e| self.cast_scalar(op, ef, et, e.clone()))
                        .collect(),
                ))
            }
            _ => Ok(self.cast_scalar(op, tf, tt, x)),
        }
    }

    /// A throw-away interpreter over a private memory (layout conversions).
    fn scratch_interp(&self, mem: Memory) -> Interp<'m, 'static> {
        Interp {
            m: self.m,
            pool: ExprPool::new(),
            solver: None,
            path: PathState::default(),
            worklist: Vec::new(),
            paths: Vec::new(),
            symbolic: false,
            can_fork: false,
            warned_once: hashbrown::HashSet::new(),

            io: Box::leak(Box::new(NoIo)), // zero-sized: no allocation
            mem,
            regs: Vec::new(),
            frames: Vec::new(),
            allocas: Vec::new(),
            consts: Vec::new(),
            tinfo: self.tinfo.clone(),
            builtins: Vec::new(),
            func_objs: Vec::new(),
            global_objs: Vec::new(),
            block_objs: hashbrown::HashMap::new(),
            switch_tables: self.switch_tables.clone(),
            scratch: Vec::new(),
            ps: self.ps,
            ptr_mask: self.ptr_mask,
            x86_64: self.x86_64,
            base: 0,
            pc: 0,
            stop_depth: 0,
            dtors_done: false,
            insts: 0,
            max_insts: 0,
            max_frames: 0,
            ctl: Ctl::default(),
            forks: 0,
            max_forks: 0,
            max_depth: 0,
            forks_refused: 0,
            itp: None,
            tracing: false,
            forked_here: false,
            hints: hashbrown::HashMap::new(),
            targets: None,
            target_reached: Vec::new(),
            target_hits: Vec::new(),
            target_dist: None,
            seen: None,
            loop_abs: None,
            loops_abstracted: 0,
            loop_inv: None,
            path_inputs: false,
        }
    }

    /// In-memory byte image of a value (for bitcasts involving vectors).
    fn value_bytes(&self, v: &Value, ty: TypeId) -> Vec<u8> {
        let n = self.m.ty(ty).store_size.max(self.m.ty(ty).alloc_size);
        let mut mem = Memory::new(self.ps);
        let r = mem.alloc(n, 16, ObjKind::Data).unwrap();
        let mut tmp = self.scratch_interp(mem);
        tmp.store_at(r.idx, 0, ty, v);
        tmp.mem.objs[r.idx as usize].bytes.to_vec()
    }

    fn value_of_bytes(&self, b: &[u8], ty: TypeId) -> Value {
        let n = self
            .m
            .ty(ty)
            .store_size
            .max(self.m.ty(ty).alloc_size)
            .max(b.len() as u64);
        let mut mem = Memory::new(self.ps);
        let r = mem.alloc(n, 16, ObjKind::Data).unwrap();
        mem.write_bytes(r.idx, 0, b);
        let tmp = self.scratch_interp(mem);
        tmp.load_at(r.idx, 0, ty)
    }

    /// Instructions without side effects (also used for constant expressions).
    fn pure(&mut self, k: &InstKind) -> R<Option<Value>> {
        Ok(Some(match k {
            InstKind::Bin { op, ty, a, b } => {
                let (x, y) = (self.op(a), self.op(b));
                match self.ti(*ty) {
                    TI::Vec(..) => self.bin_vec(*op, *ty, &x, &y, false)?,
                    t => Value::Int(self.scalar_bin(*op, t, x.bits(), y.bits())?),
                }
            }
            InstKind::FNeg { ty, a } => {
                let fk = self.elem_fk(*ty);
                Self::map1(&self.op(a), |x| float::fneg(fk, x))
            }
            InstKind::ICmp { pred, ty, a, b } => {
                let (x, y) = (self.op(a), self.op(b));
                match self.ti(*ty) {
                    TI::Vec(..) => self.icmp_vec(*pred, *ty, &x, &y),
                    TI::Int(w) => Value::bool(icmp(*pred, w, x.bits(), y.bits())),
                    _ => Value::bool(icmp(*pred, self.ps * 8, x.bits(), y.bits())),
                }
            }
            InstKind::FCmp { pred, ty, a, b } => {
                let fk = self.elem_fk(*ty);
                Self::map2(&self.op(a), &self.op(b), |x, y| {
                    float::fcmp(fk, *pred, x, y) as u128
                })
            }
            InstKind::Select { cond, t, f, .. } => {
                let c = self.op(cond);
                match c {
                    Value::Agg(cs) => {
                        let (tv, fv) = (self.op(t), self.op(f));
                        Value::Agg(
                            cs.iter()
                                .enumerate()
                                .map(|(i, c)| {
                                    if c.is_true() {
                                        tv.elems()[i].clone()
                                    } else {
                                        fv.elems()[i].clone()
                                    }
                                })
                                .collect(),
                        )
                    }
                    c => {
                        if c.is_true() {
                            self.op(t)
                        } else {
                            self.op(f)
                        }
                    }
                }
            }
            InstKind::Cast { op, from, to, v } => {
                let x = self.op(v);
                self.cast(*op, *from, *to, x)?
            }
            InstKind::Copy { v, .. } => self.op(v),
            InstKind::Gep {
                base,
                offset,
                indices,
            } => {
                let b = self.op(base);
                self.gep(b, *offset, indices)
            }
            InstKind::ExtractValue { agg, indices, .. } => {
                let mut v = self.op(agg);
                for &i in indices {
                    v = match v {
                        Value::Agg(e) => e.get(i as usize).cloned().unwrap_or_default(),
                        _ => Value::Int(0),
                    };
                }
                v
            }
            InstKind::InsertValue {
                agg, val, indices, ..
            } => {
                let mut a = self.op(agg);
                let x = self.op(val);
                fn put(a: &mut Value, path: &[u32], x: Value) {
                    if path.is_empty() {
                        *a = x;
                        return;
                    }
                    if let Value::Agg(e) = a {
                        if let Some(slot) = e.get_mut(path[0] as usize) {
                            put(slot, &path[1..], x);
                        }
                    }
                }
                put(&mut a, indices, x);
                a
            }
            InstKind::ExtractElement {
                vec,
                idx,
                idx_width,
                ..
            } => {
                let v = self.op(vec);
                let i = self.opb(idx) & mask(*idx_width);
                v.elems().get(i as usize).cloned().unwrap_or_default()
            }
            InstKind::InsertElement {
                vec,
                val,
                idx,
                idx_width,
                ..
            } => {
                let mut v = self.op(vec);
                let x = self.op(val);
                let i = (self.opb(idx) & mask(*idx_width)) as usize;
                if let Value::Agg(e) = &mut v {
                    if i < e.len() {
                        e[i] = x;
                    }
                }
                v
            }
            InstKind::ShuffleVector { a, b, mask: mk, .. } => {
                let (x, y) = (self.op(a), self.op(b));
                let (xe, ye) = (x.elems(), y.elems());
                Value::Agg(
                    mk.iter()
                        .map(|&i| {
                            if i < 0 {
                                Value::Int(0)
                            } else if (i as usize) < xe.len() {
                                xe[i as usize].clone()
                            } else {
                                ye.get(i as usize - xe.len()).cloned().unwrap_or_default()
                            }
                        })
                        .collect(),
                )
            }
            _ => return Ok(None),
        }))
    }

    fn rmw(&self, op: RmwOp, ty: TypeId, old: &Value, x: &Value) -> R<Value> {
        let ti = self.ti(ty);
        let w = match ti {
            TI::Int(w) => w,
            _ => self.ps * 8,
        };
        let (a, b) = (old.bits(), x.bits());
        let m = mask(w);
        Ok(match op {
            RmwOp::Xchg => x.clone(),
            RmwOp::Add => Value::Int(a.wrapping_add(b) & m),
            RmwOp::Sub => Value::Int(a.wrapping_sub(b) & m),
            RmwOp::And => Value::Int(a & b),
            RmwOp::Nand => Value::Int(!(a & b) & m),
            RmwOp::Or => Value::Int(a | b),
            RmwOp::Xor => Value::Int(a ^ b),
            RmwOp::Max => Value::Int(if sext(a, w) >= sext(b, w) { a } else { b }),
            RmwOp::Min => Value::Int(if sext(a, w) <= sext(b, w) { a } else { b }),
            RmwOp::UMax => Value::Int(a.max(b)),
            RmwOp::UMin => Value::Int(a.min(b)),
            RmwOp::Mul => Value::Int(a.wrapping_mul(b) & m),
            RmwOp::FAdd => Value::Int(self.scalar_bin(BinOp::FAdd, ti, a, b)?),
            RmwOp::FSub => Value::Int(self.scalar_bin(BinOp::FSub, ti, a, b)?),
        })
    }

    // ---------------------------------------------------------------- varargs

    /// Lays out the variadic arguments of a call in one object (x86-64 SysV overflow area, or
    /// the i386 stack layout) and registers it with the callee's allocas.
    fn build_varargs(&mut self, args: &[CallArg]) -> R<ObjRef> {
        let m = self.m;
        let mut layout = Vec::with_capacity(args.len());
        let mut off = 0u64;
        for a in args {
            let t = m.ty(a.ty);
            let size = a.byval.unwrap_or(t.alloc_size.max(t.store_size));
            let (align, slot) = if self.x86_64 {
                if a.byval.is_none() && t.align >= 16 {
                    (16, size.div_ceil(16) * 16)
                } else {
                    (8, size.div_ceil(8) * 8)
                }
            } else {
                (4, size.div_ceil(4) * 4)
            };
            off = off.div_ceil(align) * align;
            layout.push(off);
            off += slot;
        }
        let r = self
            .mem
            .alloc(off, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        for (a, &o) in args.iter().zip(&layout) {
            let v = self.op(&a.op);
            match (a.byval, &v) {
                (Some(size), _) => {
                    let (ss, so) = self.mem.resolve_any(&v, size).map_err(|e| mem_err(e, &v))?;
                    self.mem.copy(r.idx, o, ss, so, size);
                }
                (None, Value::Sym(e)) => {
                    let TI::Int(w) = self.ti(a.ty) else {
                        return sym_err("a variadic argument that is not an integer");
                    };
                    self.mem
                        .store_sym(&mut self.pool, r.idx, o, (w as u64).div_ceil(8), *e);
                }
                (None, _) => self.store_at(r.idx, o, a.ty, &v),
            }
        }
        self.allocas.push(r);
        Ok(r)
    }

    fn va_start(&mut self, ap: &Value) -> R<()> {
        let Some(va) = self.frames.last().and_then(|f| f.varargs) else {
            return error(
                ErrorKind::Exec,
                "va_start in a function without variadic arguments",
            );
        };
        let area = self.mem.ptr_to(va);
        if self.x86_64 {
            let (s, o) = self.mem.resolve_mut(ap, 24).map_err(|e| mem_err(e, ap))?;
            self.mem.store_int(s, o, 4, 48);
            self.mem.store_int(s, o + 4, 4, 304);
            self.mem.store_ptr(s, o + 8, &area);
            self.mem.store_ptr(s, o + 16, &Value::Int(0));
        } else {
            let (s, o) = self.mem.resolve_mut(ap, 4).map_err(|e| mem_err(e, ap))?;
            self.mem.store_ptr(s, o, &area);
        }
        Ok(())
    }

    /// The `va_arg` instruction, reading from the layout `va_start` set up.
    fn va_arg(&mut self, list: &Value, ty: TypeId) -> R<Value> {
        let t = self.m.ty(ty);
        let size = t.alloc_size.max(t.store_size);
        let (ps, o) = if self.x86_64 {
            let (s, o) = self
                .mem
                .resolve_mut(list, 24)
                .map_err(|e| mem_err(e, list))?;
            (s, o + 8)
        } else {
            self.mem
                .resolve_mut(list, 4)
                .map_err(|e| mem_err(e, list))?
        };
        let cur = self.mem.load_ptr(ps, o);
        let (align, slot) = if self.x86_64 {
            if t.align >= 16 {
                (16u64, size.div_ceil(16) * 16)
            } else {
                (8, size.div_ceil(8) * 8)
            }
        } else {
            (4, size.div_ceil(4) * 4)
        };
        let a = cur.bits() as u64;
        let cur = self.ptr_add(cur, ((a.div_ceil(align) * align) - a) as i64);
        let v = self.load(&cur, ty)?;
        let next = self.ptr_add(cur, slot as i64);
        self.mem.store_ptr(ps, o, &next);
        Ok(v)
    }

    // ---------------------------------------------------------------- intrinsics

    fn intrinsic(&mut self, which: Intrinsic, args: &[CallArg], ret: TypeId) -> R<Value> {
        use Intrinsic as I;
        let arg =
            |s: &Self, i: usize| -> Value { args.get(i).map(|a| s.op(&a.op)).unwrap_or_default() };
        let (rti, _) = self.scalar_ti(ret);
        let w = match rti {
            TI::Int(w) => w,
            _ => match args.first().map(|a| self.scalar_ti(a.ty).0) {
                Some(TI::Int(w)) => w,
                _ => 64,
            },
        };
        let m = mask(w);
        Ok(match which {
            I::Memcpy | I::Memmove => {
                let (d, s) = (arg(self, 0), arg(self, 1));
                let n = arg(self, 2).bits() as u64;
                if n > 0 {
                    let (ss, so) = self.mem.resolve_any(&s, n).map_err(|e| mem_err(e, &s))?;
                    let (ds, doff) = self
                        .mem
                        .resolve_any_mut(&d, n)
                        .map_err(|e| mem_err(e, &d))?;
                    self.mem.copy(ds, doff, ss, so, n);
                }
                Value::Int(0)
            }
            I::Memset => {
                let d = arg(self, 0);
                let b = arg(self, 1).bits() as u8;
                let n = arg(self, 2).bits() as u64;
                if n > 0 {
                    let (ds, doff) = self
                        .mem
                        .resolve_any_mut(&d, n)
                        .map_err(|e| mem_err(e, &d))?;
                    self.mem.fill(ds, doff, b, n);
                }
                Value::Int(0)
            }
            // The "stack pointer" is the number of live allocas (small: never dereferenceable).
            I::StackSave => Value::Int(self.allocas.len() as u128),
            I::StackRestore => {
                let mark = arg(self, 0).bits() as usize;
                let floor = self.frames.last().map_or(0, |f| f.alloca_base as usize);
                while self.allocas.len() > mark.max(floor) {
                    let r = self.allocas.pop().unwrap();
                    self.mem.free(r);
                }
                Value::Int(0)
            }
            I::Assume | I::VaEnd | I::NoOp => Value::Int(0),
            I::SAddWithOverflow
            | I::UAddWithOverflow
            | I::SSubWithOverflow
            | I::USubWithOverflow
            | I::SMulWithOverflow
            | I::UMulWithOverflow => {
                let (a, b) = (arg(self, 0), arg(self, 1));
                let w = match args.first().map(|a| self.scalar_ti(a.ty).0) {
                    Some(TI::Int(w)) => w,
                    _ => 64,
                };
                let one = |x: u128, y: u128| -> (u128, bool) { overflow_op(which, w, x, y) };
                match a {
                    Value::Agg(ae) => {
                        let (vals, flags): (Vec<Value>, Vec<Value>) = ae
                            .iter()
                            .zip(b.elems())
                            .map(|(x, y)| {
                                let (r, o) = one(x.bits(), y.bits());
                                (Value::Int(r), Value::bool(o))
                            })
                            .unzip();
                        Value::Agg(Box::new([
                            Value::Agg(vals.into_boxed_slice()),
                            Value::Agg(flags.into_boxed_slice()),
                        ]))
                    }
                    a => {
                        let (r, o) = one(a.bits(), b.bits());
                        Value::Agg(Box::new([Value::Int(r), Value::bool(o)]))
                    }
                }
            }
            I::SAddSat | I::SSubSat => {
                let sub = which == I::SSubSat;
                Self::map2(&arg(self, 0), &arg(self, 1), |x, y| {
                    let (x, y) = (sext(x, w), sext(y, w));
                    let r = if sub {
                        x.saturating_sub(y)
                    } else {
                        x.saturating_add(y)
                    };
                    let (lo, hi) = if w == 128 {
                        (i128::MIN, i128::MAX)
                    } else {
                        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
                    };
                    (r.clamp(lo, hi) as u128) & m
                })
            }
            I::UAddSat => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| {
                x.saturating_add(y).min(m)
            }),
            I::USubSat => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| x.saturating_sub(y)),
            I::Abs => Self::map1(&arg(self, 0), |x| (sext(x, w).wrapping_abs() as u128) & m),
            I::SMin => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| {
                if sext(x, w) <= sext(y, w) {
                    x
                } else {
                    y
                }
            }),
            I::SMax => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| {
                if sext(x, w) >= sext(y, w) {
                    x
                } else {
                    y
                }
            }),
            I::UMin => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| x.min(y)),
            I::UMax => Self::map2(&arg(self, 0), &arg(self, 1), |x, y| x.max(y)),
            I::Ctpop => Self::map1(&arg(self, 0), |x| x.count_ones() as u128),
            I::Ctlz => Self::map1(&arg(self, 0), |x| {
                let x = x & m;
                if x == 0 {
                    w as u128
                } else {
                    (x.leading_zeros() - (128 - w)) as u128
                }
            }),
            I::Cttz => Self::map1(&arg(self, 0), |x| {
                let x = x & m;
                if x == 0 {
                    w as u128
                } else {
                    x.trailing_zeros() as u128
                }
            }),
            I::Bswap => Self::map1(&arg(self, 0), |x| (x & m).swap_bytes() >> (128 - w)),
            I::BitReverse => Self::map1(&arg(self, 0), |x| (x & m).reverse_bits() >> (128 - w)),
            I::Fshl | I::Fshr => {
                let left = which == I::Fshl;
                Self::map3(&arg(self, 0), &arg(self, 1), &arg(self, 2), |a, b, c| {
                    let c = (c % w as u128) as u32;
                    if c == 0 {
                        return if left { a } else { b };
                    }
                    // concatenate a:b (2w bits) and shift
                    if left {
                        ((a << c) | (b >> (w - c))) & m
                    } else {
                        ((b >> c) | (a << (w - c))) & m
                    }
                })
            }
            I::Expect => arg(self, 0),
            I::Trap => return error(ErrorKind::Exec, "llvm.trap"),
            I::VaStart => {
                let ap = arg(self, 0);
                self.va_start(&ap)?;
                Value::Int(0)
            }
            I::VaCopy => {
                let (d, s) = (arg(self, 0), arg(self, 1));
                let n = if self.x86_64 { 24 } else { self.ps as u64 };
                let (ss, so) = self.mem.resolve(&s, n).map_err(|e| mem_err(e, &s))?;
                let (ds, doff) = self.mem.resolve_mut(&d, n).map_err(|e| mem_err(e, &d))?;
                self.mem.copy(ds, doff, ss, so, n);
                Value::Int(0)
            }
            I::FAbs
            | I::Sqrt
            | I::Floor
            | I::Ceil
            | I::Trunc
            | I::Rint
            | I::NearbyInt
            | I::Round
            | I::RoundEven => {
                let fk = self.elem_fk(ret);
                let u = match which {
                    I::FAbs => FUn::Abs,
                    I::Sqrt => FUn::Sqrt,
                    I::Floor => FUn::Floor,
                    I::Ceil => FUn::Ceil,
                    I::Trunc => FUn::Trunc,
                    I::Round => FUn::Round,
                    _ => FUn::RoundEven,
                };
                Self::map1(&arg(self, 0), |x| float::unary(fk, u, x))
            }
            I::Fma => {
                let fk = self.elem_fk(ret);
                Self::map3(&arg(self, 0), &arg(self, 1), &arg(self, 2), |a, b, c| {
                    float::fma(fk, a, b, c)
                })
            }
            I::FMulAdd => {
                // Not fused, as x86 code generation without FMA (and KLEE) does it.
                let fk = self.elem_fk(ret);
                Self::map3(&arg(self, 0), &arg(self, 1), &arg(self, 2), |a, b, c| {
                    let p = float::fbin(fk, BinOp::FMul, a, b);
                    float::fbin(fk, BinOp::FAdd, p, c)
                })
            }
            I::CopySign => {
                let fk = self.elem_fk(ret);
                Self::map2(&arg(self, 0), &arg(self, 1), |a, b| {
                    float::copysign(fk, a, b)
                })
            }
            I::MinNum | I::MaxNum => {
                let fk = self.elem_fk(ret);
                let max = which == I::MaxNum;
                Self::map2(&arg(self, 0), &arg(self, 1), |a, b| {
                    float::minmax(fk, max, a, b)
                })
            }
            I::VectorReduce(op) => {
                let (start, v) = if args.len() >= 2 {
                    (Some(arg(self, 0)), arg(self, 1))
                } else {
                    (None, arg(self, 0))
                };
                let Some(last) = args.last() else {
                    return error(ErrorKind::Exec, "malformed vector reduction");
                };
                let ety = match self.ti(last.ty) {
                    TI::Vec(e, _) => e,
                    _ => ret,
                };
                let mut acc: Option<Value> = start;
                for e in v.elems() {
                    acc = Some(match acc {
                        None => e.clone(),
                        Some(a) => match op {
                            RmwOp::FAdd | RmwOp::FSub => Value::Int(self.scalar_bin(
                                BinOp::FAdd,
                                self.ti(ety),
                                a.bits(),
                                e.bits(),
                            )?),
                            _ => self.rmw(op, ety, &a, e)?,
                        },
                    });
                }
                acc.unwrap_or_default()
            }
            I::ObjectSize => {
                let min = arg(self, 1).is_true();
                Value::Int(if min { 0 } else { m })
            }
            I::IsConstant => Value::Int(0),
        })
    }

    // ---------------------------------------------------------------- builtins

    fn ret_int(&self, ret: TypeId, v: i128) -> Value {
        let w = match self.ti(ret) {
            TI::Int(w) => w,
            _ => self.ps * 8,
        };
        Value::Int(v as u128 & mask(w))
    }

    fn heap_alloc(&mut self, size: u128, align: u64) -> Value {
        if size > (1u128 << 32) {
            return Value::Int(0);
        }
        match self.mem.alloc(size as u64, align, ObjKind::Heap) {
            Some(r) => self.mem.ptr_to(r),
            None => Value::Int(0),
        }
    }

    /// The heap object a pointer passed to `free`/`realloc` designates (its start), or an error.
    fn heap_obj(&self, p: &Value) -> R<ObjRef> {
        let r = match *p {
            Value::Ptr { obj, .. } => Some(obj),
            _ => {
                let a = p.bits();
                if a <= u64::MAX as u128 {
                    self.mem.lookup(a as u64)
                } else {
                    None
                }
            }
        };
        if let Some(r) = r {
            if let Some(o) = self.mem.get(r) {
                if o.kind == ObjKind::Heap && o.base as u128 == p.bits() {
                    return Ok(r);
                }
            }
        }
        Err(Box::new(Stop::Error {
            kind: ErrorKind::Free,
            msg: "memory error: invalid pointer: free".into(),
            info: format!("address: {:#x}\n", p.bits()),
        }))
    }

    fn builtin(&mut self, b: Builtin, fid: FuncId, args: &[CallArg], ret: TypeId) -> R<Value> {
        let arg =
            |s: &Self, i: usize| -> Value { args.get(i).map(|a| s.op(&a.op)).unwrap_or_default() };
        let argw = |s: &Self, i: usize| -> u32 {
            match args.get(i).map(|a| s.ti(a.ty)) {
                Some(TI::Int(w)) => w,
                _ => s.ps * 8,
            }
        };
        Ok(match b {
            Builtin::Malloc => {
                let n = arg(self, 0).bits();
                self.heap_alloc(n, 16)
            }
            Builtin::Calloc => {
                let (n, s) = (arg(self, 0).bits(), arg(self, 1).bits());
                match n.checked_mul(s) {
                    Some(t) => self.heap_alloc(t, 16),
                    None => Value::Int(0),
                }
            }
            Builtin::AlignedAlloc | Builtin::Memalign => {
                let (a, n) = (arg(self, 0).bits(), arg(self, 1).bits());
                self.heap_alloc(n, (a as u64).clamp(1, 1 << 20))
            }
            Builtin::PosixMemalign => {
                let (pp, a, n) = (arg(self, 0), arg(self, 1).bits(), arg(self, 2).bits());
                let p = self.heap_alloc(n, (a as u64).clamp(1, 1 << 20));
                if p.bits() == 0 {
                    return Ok(self.ret_int(ret, 12));
                }
                let (s, o) = self
                    .mem
                    .resolve_mut(&pp, self.ps as u64)
                    .map_err(|e| mem_err(e, &pp))?;
                self.mem.store_ptr(s, o, &p);
                self.ret_int(ret, 0)
            }
            Builtin::UsableSize => {
                let p = arg(self, 0);
                if p.bits() == 0 {
                    self.ret_int(ret, 0)
                } else {
                    let r = self.heap_obj(&p)?;
                    let n = self.mem.objs[r.idx as usize].size;
                    self.ret_int(ret, n as i128)
                }
            }
            Builtin::Free => {
                let p = arg(self, 0);
                if p.bits() != 0 {
                    let r = self.heap_obj(&p)?;
                    self.mem.free(r);
                }
                Value::Int(0)
            }
            Builtin::Realloc => {
                let (p, n) = (arg(self, 0), arg(self, 1).bits());
                if p.bits() == 0 {
                    return Ok(self.heap_alloc(n, 16));
                }
                let r = self.heap_obj(&p)?;
                if n == 0 {
                    self.mem.free(r);
                    return Ok(Value::Int(0));
                }
                let np = self.heap_alloc(n, 16);
                let Value::Ptr { obj: nr, .. } = np else {
                    return Ok(Value::Int(0));
                };
                let old = self.mem.objs[r.idx as usize].size;
                self.mem.copy(nr.idx, 0, r.idx, 0, old.min(n as u64));
                self.mem.free(r);
                np
            }
            Builtin::Abort => return error(ErrorKind::Abort, "abort failure"),
            Builtin::AssertFail => {
                let e = arg(self, 0);
                let s = self.mem.read_cstr(&e).map_err(|er| mem_err(er, &e))?;
                return error(
                    ErrorKind::Assert,
                    format!("ASSERTION FAIL: {}", String::from_utf8_lossy(&s)),
                );
            }
            Builtin::Exit => {
                return Err(Box::new(Stop::Exit(arg(self, 0).bits() as u32 as i32)));
            }
            Builtin::Syscall => {
                let mut a = [0i64; 7];
                for (i, x) in a.iter_mut().enumerate() {
                    *x = sext(arg(self, i).bits(), argw(self, i)) as i64;
                }
                let r = self.syscall(&a, args)?;
                self.ret_int(ret, r as i128)
            }
            Builtin::RunDtors => {
                let pc = self.pc;
                self.run_dtors()?;
                self.pc = pc;
                Value::Int(0)
            }
            Builtin::External => {
                return error(
                    ErrorKind::External,
                    format!("failed external call: {}", self.m.func(fid).name),
                )
            }
            // `Defined` and the symbolic API (`is_symbolic_api`) never get here.
            _ => unreachable!("builtin {b:?} is dispatched elsewhere"),
        })
    }

    fn syscall(&mut self, a: &[i64; 7], args: &[CallArg]) -> R<i64> {
        let arg =
            |s: &Self, i: usize| -> Value { args.get(i).map(|a| s.op(&a.op)).unwrap_or_default() };
        let nr = a[0];
        #[derive(PartialEq)]
        enum S {
            Write,
            Writev,
            Ioctl,
            Exit,
            NoMem,
            Pid,
            Zero,
            Other,
        }
        let s = if self.x86_64 {
            match nr {
                1 => S::Write,
                20 => S::Writev,
                16 => S::Ioctl,
                60 | 231 => S::Exit,
                12 | 9 => S::NoMem,
                39 | 186 => S::Pid,
                13 | 14 | 11 => S::Zero,
                _ => S::Other,
            }
        } else {
            match nr {
                4 => S::Write,
                146 => S::Writev,
                54 => S::Ioctl,
                1 | 252 => S::Exit,
                45 | 90 | 192 => S::NoMem,
                20 | 224 => S::Pid,
                174 | 175 | 91 => S::Zero,
                _ => S::Other,
            }
        };
        Ok(match s {
            S::Write => {
                let (fd, p, n) = (a[1] as i32, arg(self, 2), a[3] as u64);
                self.write_out(fd, &p, n)?
            }
            S::Writev => {
                let (fd, iov, cnt) = (a[1] as i32, arg(self, 2), a[3]);
                let ps = self.ps as u64;
                let mut total = 0i64;
                for i in 0..cnt.max(0) as u64 {
                    let e = self.ptr_add(iov.clone(), (i * 2 * ps) as i64);
                    let (s, o) = self.mem.resolve(&e, 2 * ps).map_err(|er| mem_err(er, &e))?;
                    let base = self.mem.load_ptr(s, o);
                    let len = self.mem.load_int(s, o + ps, ps) as u64;
                    let r = self.write_out(fd, &base, len)?;
                    if r < 0 {
                        return Ok(r);
                    }
                    total += r;
                }
                total
            }
            S::Ioctl => -25,
            S::Exit => return Err(Box::new(Stop::Exit(a[1] as i32))),
            S::NoMem => -12,
            S::Pid => 1,
            S::Zero => 0,
            S::Other => {
                return error(ErrorKind::Exec, format!("unsupported syscall {}", nr));
            }
        })
    }

    fn write_out(&mut self, fd: i32, p: &Value, n: u64) -> R<i64> {
        if fd != 1 && fd != 2 {
            return Ok(-9); // EBADF
        }
        if n == 0 {
            return Ok(0);
        }
        let (s, o) = self.mem.resolve_any(p, n).map_err(|e| mem_err(e, p))?;
        let sym: Option<Vec<Option<ExprId>>> = self.mem.objs[s as usize]
            .sym
            .as_ref()
            .map(|v| v[o as usize..(o + n) as usize].to_vec())
            .filter(|v| v.iter().any(|b| b.is_some()));
        match sym {
            None => {
                let data = self.mem.bytes(s, o, n);
                self.io.write(fd, data);
            }
            Some(sym) => {
                // Output of symbolic bytes: one feasible value, without constraining the path
                // (printing loses no path).
                let objs = self.test_objects(None);
                let mut asg = expr::Assignment::new();
                for ((_, a, _), (_, bytes)) in self.path.symbolics.iter().zip(objs) {
                    asg.values.insert(*a, bytes);
                }
                let mut data = self.mem.bytes(s, o, n).to_vec();
                for (d, b) in data.iter_mut().zip(sym) {
                    if let Some(e) = b {
                        *d = expr::eval(&self.pool, e, &asg) as u8;
                    }
                }
                self.io.write(fd, &data);
            }
        }
        Ok(n as i64)
    }
}

/// with.overflow arithmetic: (wrapped result, overflowed).
fn overflow_op(which: Intrinsic, w: u32, x: u128, y: u128) -> (u128, bool) {
    use Intrinsic as I;
    let m = mask(w);
    let fits = |v: i128| sext(v as u128 & m, w) == v;
    match which {
        I::UAddWithOverflow => {
            let r = x.wrapping_add(y);
            (r & m, x.checked_add(y).is_none_or(|s| s > m))
        }
        I::USubWithOverflow => (x.wrapping_sub(y) & m, x < y),
        I::UMulWithOverflow => (
            x.wrapping_mul(y) & m,
            x.checked_mul(y).is_none_or(|s| s > m),
        ),
        I::SAddWithOverflow => {
            let (a, b) = (sext(x, w), sext(y, w));
            (
                x.wrapping_add(y) & m,
                a.checked_add(b).is_none_or(|s| !fits(s)),
            )
        }
        I::SSubWithOverflow => {
            let (a, b) = (sext(x, w), sext(y, w));
            (
                x.wrapping_sub(y) & m,
                a.checked_sub(b).is_none_or(|s| !fits(s)),
            )
        }
        _ => {
            let (a, b) = (sext(x, w), sext(y, w));
            (
                x.wrapping_mul(y) & m,
                a.checked_mul(b).is_none_or(|s| !fits(s)),
            )
        }
    }
}

/// Per large switch (keyed by the address of its `cases`): sorted (value, case index).
type SwitchTables = hashbrown::HashMap<usize, Box<[(u128, u32)]>>;

fn switch_tables(m: &Module) -> SwitchTables {
    let mut t = hashbrown::HashMap::new();
    for f in &m.functions {
        for inst in &f.code {
            if let InstKind::Switch { cases, .. } = &inst.kind {
                if cases.len() > 8 {
                    let mut v: Vec<(u128, u32)> = cases
                        .iter()
                        .enumerate()
                        .map(|(i, (c, _))| (*c, i as u32))
                        .collect();
                    v.sort();
                    v.dedup_by_key(|e| e.0);
                    t.insert(cases.as_ptr() as usize, v.into_boxed_slice());
                }
            }
        }
    }
    t
}

fn is_overshift(e: &Stop) -> bool {
    matches!(
        e,
        Stop::Error {
            kind: ErrorKind::Overshift,
            ..
        }
    )
}

struct NoIo;
impl Io for NoIo {
    fn write(&mut self, _fd: i32, _data: &[u8]) {}
}

/// Operands of a constant expression.
fn const_operands(k: &InstKind) -> Vec<Operand> {
    match k {
        InstKind::Bin { a, b, .. } | InstKind::ICmp { a, b, .. } | InstKind::FCmp { a, b, .. } => {
            vec![*a, *b]
        }
        InstKind::FNeg { a, .. } => vec![*a],
        InstKind::Select { cond, t, f, .. } => vec![*cond, *t, *f],
        InstKind::Cast { v, .. } | InstKind::Copy { v, .. } => vec![*v],
        InstKind::Gep { base, indices, .. } => {
            let mut v = vec![*base];
            v.extend(indices.iter().map(|i| i.op));
            v
        }
        InstKind::ExtractValue { agg, .. } => vec![*agg],
        InstKind::InsertValue { agg, val, .. } => vec![*agg, *val],
        InstKind::ExtractElement { vec, idx, .. } => vec![*vec, *idx],
        InstKind::InsertElement { vec, val, idx, .. } => vec![*vec, *val, *idx],
        InstKind::ShuffleVector { a, b, .. } => vec![*a, *b],
        _ => Vec::new(),
    }
}

// ---------------------------------------------------------------- symbolic execution

/// A symbolic value, or an aggregate holding one.
/// The targets of a switch on `c` (`w` bits), each with its condition: cases sharing an edge
/// are one disjunction, the default (none of the cases) joins its edge's group or comes last.
/// The executor forks once per group, and interpolation names a path by its group's index.
pub(super) fn switch_groups<'e>(
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

/// A silent end of a path (no test): `klee_silent_exit`, a false `__VERIFIER_assume`.
const SILENT: &str = "\u{0}silent";
/// The path was pruned by subsumption (no test, not a path end).
const SUBSUMED: &str = "\u{0}subsumed";

fn expr_bin(pool: &mut ExprPool, op: BinOp, a: ExprId, b: ExprId) -> Option<ExprId> {
    use BinOp::*;
    Some(match op {
        Add => pool.add(a, b),
        Sub => pool.sub(a, b),
        Mul => pool.mul(a, b),
        UDiv => pool.udiv(a, b),
        SDiv => pool.sdiv(a, b),
        URem => pool.urem(a, b),
        SRem => pool.srem(a, b),
        And => pool.and(a, b),
        Or => pool.or(a, b),
        Xor => pool.xor(a, b),
        Shl => pool.shl(a, b),
        LShr => pool.lshr(a, b),
        AShr => pool.ashr(a, b),
        _ => return None,
    })
}

fn expr_cmp(pool: &mut ExprPool, pred: IntPred, a: ExprId, b: ExprId) -> ExprId {
    use IntPred::*;
    match pred {
        Eq => pool.eq(a, b),
        Ne => pool.ne(a, b),
        Ugt => pool.ugt(a, b),
        Uge => pool.uge(a, b),
        Ult => pool.ult(a, b),
        Ule => pool.ule(a, b),
        Sgt => pool.sgt(a, b),
        Sge => pool.sge(a, b),
        Slt => pool.slt(a, b),
        Sle => pool.sle(a, b),
    }
}

impl<'m, 'io> Interp<'m, 'io> {
    /// An expression as a value (constants become concrete again).
    fn val_of(&self, e: ExprId) -> Value {
        match self.pool.as_const(e) {
            Some(c) => Value::Int(c),
            None => Value::Sym(e),
        }
    }

    /// A scalar integer value of width `w` as an expression.
    fn expr_of(&mut self, v: &Value, w: u32, what: &str) -> R<ExprId> {
        match v {
            Value::Sym(e) => {
                let e = *e;
                let ew = self.pool.width(e);
                Ok(if ew == w {
                    e
                } else {
                    self.pool.zext_or_trunc(e, w)
                })
            }
            Value::Int(x) => Ok(self.pool.constant(w, x & mask(w))),
            // A pointer's address (resolved by address when it is used as a pointer again).
            Value::Ptr { addr, .. } => Ok(self.pool.constant(w, *addr as u128 & mask(w))),
            _ => sym_err(format!("{what} (with an aggregate operand)")),
        }
    }

    fn solver(&mut self) -> &mut (dyn Solver + Send) {
        self.solver
            .get_or_insert_with(|| self.ctl.solver_chain())
            .as_mut()
    }

    /// May `c` (width 1) be true under the path constraints?
    fn may_be(&mut self, c: ExprId) -> R<bool> {
        if let Some(b) = self.pool.as_const(c) {
            return Ok(b != 0);
        }
        let cs = std::mem::take(&mut self.path.constraints);
        let mut sv = self
            .solver
            .take()
            .unwrap_or_else(|| self.ctl.solver_chain());
        let r = sv.may_be_true(&self.pool, Query::new(&cs, c));
        self.solver = Some(sv);
        self.path.constraints = cs;
        r.or_else(|e| self.solver_fail(e))
    }

    fn add_constraint(&mut self, c: ExprId) {
        self.itp_fact(itp::Fact::Constraint(c));
        if self.pool.as_const(c).is_none() {
            self.path.constraints.push(c);
        }
    }

    /// Concrete input of the current path (plus `extra` constraints).
    fn test_objects(&mut self, extra: Option<ExprId>) -> Vec<(String, Vec<u8>)> {
        if self.path.symbolics.is_empty() {
            return Vec::new();
        }
        let mut cs = self.path.constraints.clone();
        if let Some(e) = extra {
            cs.push(e);
        }
        let arrays: Vec<ArrayId> = self.path.symbolics.iter().map(|s| s.1).collect();
        let _ = self.solver();
        let mut sv = self.solver.take().unwrap();
        let r = sv.get_initial_values(&self.pool, &cs, &arrays);
        self.solver = Some(sv);
        let vals = match r {
            Ok(Some(v)) => v,
            _ => self
                .path
                .symbolics
                .iter()
                .map(|s| vec![0u8; s.2 as usize])
                .collect(),
        };
        self.path
            .symbolics
            .iter()
            .zip(vals)
            .map(|(s, v)| (s.0.clone(), v))
            .collect()
    }

    /// Records the end of the current path.
    pub(super) fn finish_path(&mut self, r: R<Value>) {
        if let Err(e) = &r {
            if matches!(&**e, Stop::Halt(w) if w == SUBSUMED) {
                // Pruned: its node was finished by the subsumption check.
                self.itp_subsumed_end();
                return;
            }
        }
        if self.itp.is_some() {
            let complete = match &r {
                Ok(_) => true,
                Err(e) => match &**e {
                    Stop::Exit(_) => true,
                    Stop::Halt(w) => w == SILENT,
                    Stop::Error { kind, .. } => *kind != ErrorKind::Exec,
                },
            };
            self.itp_leaf(if complete { Some(&r) } else { None });
        }
        let (end, silent) = match r {
            Ok(v) => (End::Exit(self.exit_code(&v)), false),
            Err(e) => match *e {
                Stop::Halt(w) if w == SILENT => (End::Exit(0), true),
                // Pruned by state matching: no test (its future is that of a state run).
                Stop::Halt(w) if w == STATE_SEEN || w == LOOP_COVERED => (End::Halted(w), true),
                e => (self.end_of(e), false),
            },
        };
        let objects = if silent || !self.path_inputs {
            Vec::new()
        } else {
            self.test_objects(None)
        };
        self.paths.push(PathEnd {
            end,
            objects,
            silent,
        });
    }

    /// An exit status (a symbolic one takes any feasible value: it only gets printed).
    fn exit_code(&mut self, v: &Value) -> i32 {
        match v {
            Value::Sym(e) => {
                let e = *e;
                let cs = self.path.constraints.clone();
                let _ = self.solver();
                let mut sv = self.solver.take().unwrap();
                let r = sv.get_value(&self.pool, &cs, e).unwrap_or(0);
                self.solver = Some(sv);
                r as u32 as i32
            }
            v => v.bits() as u32 as i32,
        }
    }

    /// Ends a copy of the current path right here with an error, under the extra
    /// constraint `bad` (the current path continues).
    fn fork_error(&mut self, bad: ExprId, kind: ErrorKind, msg: &str) {
        let stop = Stop::Error {
            kind,
            msg: msg.into(),
            info: String::new(),
        };
        let end = self.end_of(stop);
        let objects = if self.path_inputs {
            self.test_objects(Some(bad))
        } else {
            Vec::new()
        };
        self.paths.push(PathEnd {
            end,
            objects,
            silent: false,
        });
    }

    /// If `bad` may hold: the error when it must, else an error path and the current path
    /// continues with `!bad`.
    fn check_bad(&mut self, bad: ExprId, kind: ErrorKind, msg: &str) -> R<()> {
        if !self.may_be(bad)? {
            return Ok(());
        }
        let good = self.pool.bool_not(bad);
        if !self.may_be(good)? {
            return error(kind, msg);
        }
        self.fork_check()?;
        if !self.fork_allowed(1) {
            // No more forks: the path continues on the error-free side.
            self.add_constraint(good);
            return Ok(());
        }
        self.fork_error(bad, kind, msg);
        self.itp_fact(itp::Fact::ErrFork);
        self.add_constraint(good);
        if self.ctl.exits_on(kind) {
            // The run stops at this error: the current path ends early too.
            return Err(Box::new(Stop::Halt("exit-on-error".into())));
        }
        Ok(())
    }

    /// Whether `n` more paths may be forked here (`--max-forks`: forks in the run,
    /// `--max-depth`: forks on the path); when not, the fork is refused and counted, and the
    /// path continues on one feasible side.
    fn fork_allowed(&mut self, n: u64) -> bool {
        if self.forks >= self.max_forks || self.path.depth >= self.max_depth {
            self.forks_refused += 1;
            self.itp_block();
            return false;
        }
        self.forks += n;
        true
    }

    fn fork_check(&self) -> R<()> {
        if !self.can_fork || self.stop_depth != 0 {
            return error(
                ErrorKind::Exec,
                "unsupported: symbolic branch outside the entry function (in a constructor or destructor)",
            );
        }
        Ok(())
    }

    /// Saves a copy of the current path that will take `edge` under the extra constraint `c`.
    fn fork_to(&mut self, f: &'m Function, edge: &'m Edge, c: ExprId) {
        let mut path = self.path.clone();
        path.constraints.push(c);
        path.depth += 1;
        self.path.depth += 1;
        self.worklist.push(Snap {
            mem: self.mem.clone(),
            regs: self.regs.clone(),
            frames: self.frames.clone(),
            allocas: self.allocas.clone(),
            stop_depth: self.stop_depth,
            dtors_done: self.dtors_done,
            path,
            edge: Some((f, edge)),
            pc: self.pc,
            node: itp::NONE,
        });
    }

    pub(super) fn install(&mut self, s: Snap<'m>) {
        self.mem = s.mem;
        self.regs = s.regs;
        self.frames = s.frames;
        self.allocas = s.allocas;
        self.stop_depth = s.stop_depth;
        self.dtors_done = s.dtors_done;
        self.path = s.path;
        self.can_fork = true;
        if let Some(fr) = self.frames.last() {
            self.base = fr.base as usize;
            self.pc = fr.pc;
        }
        if let Some(fr) = self.frames.last_mut() {
            // Re-executes the current instruction (forks of symbolic pointer resolution).
            fr.pc = s.pc;
            self.pc = s.pc;
        }
        if let Some((f, e)) = s.edge {
            let t = self.edge(f, e);
            self.frames.last_mut().unwrap().pc = t as u32;
            self.pc = t as u32;
        }
    }

    /// `exit(status)` or the `exit` / `exit_group` system call.
    fn is_exit_call(&self, b: Builtin, args: &[CallArg]) -> bool {
        match b {
            Builtin::Exit => true,
            Builtin::Syscall => {
                let nr = match args.first().map(|a| opref!(self, &a.op)) {
                    Some(Value::Int(n)) => *n,
                    _ => return false,
                };
                if self.x86_64 {
                    nr == 60 || nr == 231
                } else {
                    nr == 1 || nr == 252
                }
            }
            _ => false,
        }
    }

    /// Continues an installed path.
    fn resume(&mut self) -> R<Value> {
        if self.loop_abs.is_some() {
            if let Some(fr) = self.frames.last() {
                let f = fr.func;
                // A forked branch resumes at a block start (a re-executed instruction
                // inside a block stays where it was).
                let blocks = &self.m.func(f).blocks;
                if blocks.binary_search_by_key(&self.pc, |b| b.start).is_ok() {
                    self.at_loop_abstraction(f, self.pc)?;
                }
            }
        }
        if self.seen.is_some() {
            if let Some(fr) = self.frames.last() {
                let f = fr.func;
                self.at_loop_header(f, self.pc)?;
            }
        }
        self.run_loop()
    }

    /// A conditional branch on a symbolic condition: the feasible sides.
    fn sym_branch(&mut self, f: &'m Function, c: ExprId, t: &'m Edge, fe: &'m Edge) -> R<usize> {
        let may_t = self.may_be(c)?;
        let nc = self.pool.bool_not(c);
        let may_f = self.may_be(nc)?;
        match (may_t, may_f) {
            (true, true) => {
                self.fork_check()?;
                // Towards a target first (`trex verify`), else the true side.
                let false_first = self.target_dist.is_some()
                    && self.nearer_to_target(&[
                        f.blocks[t.target.0 as usize].start,
                        f.blocks[fe.target.0 as usize].start,
                    ]) == 1;
                let (stay, sc, other, oc, outcome) = if false_first {
                    (fe, nc, t, c, 1)
                } else {
                    (t, c, fe, nc, 0)
                };
                if self.fork_allowed(1) {
                    self.fork_to(f, other, oc);
                    self.itp_fork(&[1 - outcome], outcome);
                }
                self.add_constraint(sc);
                Ok(self.edge(f, stay))
            }
            (true, false) => Ok(self.edge(f, t)),
            (false, true) => Ok(self.edge(f, fe)),
            (false, false) => error(ErrorKind::Exec, "internal: infeasible path constraints"),
        }
    }

    /// A switch on a symbolic value: one path per feasible case and the default.
    fn sym_switch(
        &mut self,
        f: &'m Function,
        c: ExprId,
        cases: &'m [(u128, Edge)],
        default: &'m Edge,
    ) -> R<usize> {
        let w = self.pool.width(c);
        // As KLEE: one path per distinct target (cases sharing an edge are one disjunction).
        let groups = switch_groups(&mut self.pool, c, w, cases, default);
        // (The outcome of a path, for interpolation: its group's index.)
        let mut feasible: Vec<(&'m Edge, ExprId)> = Vec::new();
        let mut outcomes: Vec<u32> = Vec::new();
        for (gi, (e, k)) in groups.into_iter().enumerate() {
            if self.may_be(k)? {
                feasible.push((e, k));
                outcomes.push(gi as u32);
            }
        }
        if feasible.is_empty() {
            return error(ErrorKind::Exec, "internal: infeasible path constraints");
        }
        if feasible.len() > 1 && self.target_dist.is_some() {
            // Towards a target first (`trex verify`).
            let starts: Vec<u32> = feasible
                .iter()
                .map(|(e, _)| f.blocks[e.target.0 as usize].start)
                .collect();
            let i = self.nearer_to_target(&starts);
            feasible[..=i].rotate_right(1);
            outcomes[..=i].rotate_right(1);
        }
        if feasible.len() > 1 {
            self.fork_check()?;
            if !self.fork_allowed(feasible.len() as u64 - 1) {
                feasible.truncate(1);
                let k = feasible[0].1;
                self.add_constraint(k);
            }
        }
        // The first feasible target stays with this path; the others are forked in reverse so
        // that `--search=dfs` takes them in case order.
        for &(e, k) in feasible[1..].iter().rev() {
            self.fork_to(f, e, k);
        }
        if feasible.len() > 1 {
            let snaps: Vec<u32> = outcomes[1..].iter().rev().copied().collect();
            self.itp_fork(&snaps, outcomes[0]);
        }
        let (e, k) = feasible[0];
        if feasible.len() > 1 {
            self.add_constraint(k);
        }
        Ok(self.edge(f, e))
    }

    /// Integer binary operation with a symbolic operand.
    fn sym_bin(&mut self, op: BinOp, w: u32, a: &Operand, b: &Operand, inst: &Inst) -> R<Value> {
        let (x, y) = (self.op(a), self.op(b));
        let ea = self.expr_of(&x, w, "an arithmetic operation")?;
        let eb = self.expr_of(&y, w, "an arithmetic operation")?;
        match op {
            BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem => {
                let z = self.pool.constant(w, 0);
                let bad = self.pool.eq(eb, z);
                self.check_bad(bad, ErrorKind::Div, "divide by zero")?;
            }
            BinOp::Shl | BinOp::LShr | BinOp::AShr if inst.loc.0 != 0 => {
                let k = self.pool.constant(w, w as u128);
                let bad = self.pool.uge(eb, k);
                self.check_bad(bad, ErrorKind::Overshift, "overshift error")?;
            }
            _ => {}
        }
        match expr_bin(&mut self.pool, op, ea, eb) {
            Some(e) => Ok(self.val_of(e)),
            None => error(
                ErrorKind::Exec,
                "unsupported: symbolic floating point not supported",
            ),
        }
    }

    fn sym_icmp(&mut self, pred: IntPred, w: u32, a: &Operand, b: &Operand) -> R<Value> {
        let (x, y) = (self.op(a), self.op(b));
        let ea = self.expr_of(&x, w, "a comparison")?;
        let eb = self.expr_of(&y, w, "a comparison")?;
        let e = expr_cmp(&mut self.pool, pred, ea, eb);
        Ok(self.val_of(e))
    }

    fn sym_cast(&mut self, op: CastOp, from: TypeId, to: TypeId, e: ExprId) -> R<Value> {
        let pw = self.ps * 8;
        let (wf, wt) = match (self.ti(from), self.ti(to)) {
            (TI::Int(a), TI::Int(b)) => (a, b),
            (TI::Ptr, TI::Int(b)) => (pw, b),
            (TI::Int(a), TI::Ptr) => (a, pw),
            (TI::Ptr, TI::Ptr) => (pw, pw),
            (TI::F(_), _) | (_, TI::F(_)) => {
                return error(
                    ErrorKind::Exec,
                    "unsupported: symbolic floating point not supported",
                )
            }
            _ => return sym_err(format!("a {:?} cast (symbolic pointer)", op)),
        };
        let r = match op {
            CastOp::Trunc => self.pool.extract(e, 0, wt),
            CastOp::ZExt => self.pool.zext(e, wt),
            CastOp::SExt => self.pool.sext(e, wt),
            CastOp::BitCast | CastOp::AddrSpaceCast if wf == wt => e,
            CastOp::PtrToInt | CastOp::IntToPtr => self.pool.zext_or_trunc(e, wt),
            _ => return sym_err(format!("a {:?} cast", op)),
        };
        Ok(self.val_of(r))
    }

    /// Operands that are symbolic (or aggregates holding symbolic values) where the operation
    /// does not support it.
    fn guard_ops(&self, ops: &[Operand], what: &str) -> R<()> {
        for o in ops {
            if has_sym(opref!(self, o)) {
                return sym_err(what);
            }
        }
        Ok(())
    }

    /// Integer intrinsics with a symbolic argument; `None`: not handled here.
    fn sym_intrinsic(
        &mut self,
        which: Intrinsic,
        args: &[CallArg],
        ret: TypeId,
    ) -> R<Option<Value>> {
        use Intrinsic as I;
        if !args
            .iter()
            .any(|a| matches!(opref!(self, &a.op), Value::Sym(_)))
        {
            return Ok(None);
        }
        if let Some(v) = self.sym_bits(which, args)? {
            return Ok(Some(v));
        }
        let w = match args.first().map(|a| self.ti(a.ty)) {
            Some(TI::Int(w)) => w,
            _ => return Ok(None),
        };
        let _ = ret;
        let mut e = Vec::new();
        for a in args.iter().take(2) {
            let v = self.op(&a.op);
            let aw = match self.ti(a.ty) {
                TI::Int(x) => x,
                _ => return Ok(None),
            };
            e.push(self.expr_of(&v, aw, "an intrinsic")?);
        }
        let p = &mut self.pool;
        let r = match which {
            I::Expect => e[0],
            I::SMin | I::SMax | I::UMin | I::UMax => {
                let (a, b) = (e[0], e[1]);
                let c = match which {
                    I::SMin => p.slt(a, b),
                    I::SMax => p.sgt(a, b),
                    I::UMin => p.ult(a, b),
                    _ => p.ugt(a, b),
                };
                p.select(c, a, b)
            }
            I::Abs => {
                let a = e[0];
                let z = p.constant(w, 0);
                let neg = p.slt(a, z);
                let na = p.neg(a);
                p.select(neg, na, a)
            }
            I::Assume => return Ok(Some(Value::Int(0))),
            I::SAddWithOverflow
            | I::UAddWithOverflow
            | I::SSubWithOverflow
            | I::USubWithOverflow
            | I::SMulWithOverflow
            | I::UMulWithOverflow => {
                let (a, b) = (e[0], e[1]);
                let z = p.constant(w, 0);
                let (r, ov) = match which {
                    I::UAddWithOverflow => {
                        let r = p.add(a, b);
                        (r, p.ult(r, a))
                    }
                    I::SAddWithOverflow => {
                        let r = p.add(a, b);
                        let x1 = p.xor(r, a);
                        let x2 = p.xor(r, b);
                        let x = p.and(x1, x2);
                        (r, p.slt(x, z))
                    }
                    I::USubWithOverflow => {
                        let r = p.sub(a, b);
                        (r, p.ult(a, b))
                    }
                    I::SSubWithOverflow => {
                        let r = p.sub(a, b);
                        let x1 = p.xor(a, b);
                        let x2 = p.xor(a, r);
                        let x = p.and(x1, x2);
                        (r, p.slt(x, z))
                    }
                    _ if 2 * w > expr::MAX_WIDTH => return Ok(None),
                    I::UMulWithOverflow => {
                        let (a2, b2) = (p.zext(a, 2 * w), p.zext(b, 2 * w));
                        let m = p.mul(a2, b2);
                        let hi = p.extract(m, w, w);
                        (p.extract(m, 0, w), p.ne(hi, z))
                    }
                    _ => {
                        let (a2, b2) = (p.sext(a, 2 * w), p.sext(b, 2 * w));
                        let m = p.mul(a2, b2);
                        let lo = p.extract(m, 0, w);
                        let back = p.sext(lo, 2 * w);
                        (lo, p.ne(m, back))
                    }
                };
                let (rv, ov) = (self.val_of(r), self.val_of(ov));
                return Ok(Some(Value::Agg(Box::new([rv, ov]))));
            }
            _ => return Ok(None),
        };
        Ok(Some(self.val_of(r)))
    }

    fn guard_args(&self, args: &[CallArg], what: &str) -> R<()> {
        for a in args {
            if has_sym(opref!(self, &a.op)) {
                return sym_err(format!("an argument of {what}"));
            }
        }
        Ok(())
    }

    fn fresh_array(&mut self, name: &str, size: u64) -> (String, ArrayId) {
        // The ktest name is the name given, repeated names included (KLEE writes the memory
        // object's name; native replay checks it); the array's SMT name is unique in the pool.
        let kname = name.to_string();
        let aname = self.pool.unique_array_name(&kname);
        let a = self.pool.new_array(expr::Array {
            name: aname,
            size,
            domain: 32,
            init: None,
        });
        self.path.symbolics.push((kname.clone(), a, size));
        self.symbolic = true;
        self.itp_fact(itp::Fact::Array(a));
        (kname, a)
    }

    /// A fresh symbolic integer of `bytes` bytes read as `w` bits.
    fn fresh_int(&mut self, name: &str, bytes: u64, w: u32) -> Value {
        let (_, a) = self.fresh_array(name, bytes);
        let z = self.pool.constant(32, 0);
        let e = self.pool.read_bytes_le(a, None, z, bytes as u32);
        let e = self.pool.zext_or_trunc(e, w);
        self.val_of(e)
    }

    pub(super) fn cstr_arg(&self, v: &Value) -> R<String> {
        self.api_string(v)
    }

    /// The symbolic-execution API (`klee_*`, `__VERIFIER_*`).
    fn sym_builtin(&mut self, b: Builtin, fid: FuncId, args: &[CallArg], ret: TypeId) -> R<Value> {
        let arg =
            |s: &Self, i: usize| -> Value { args.get(i).map(|a| s.op(&a.op)).unwrap_or_default() };
        let ret_w = match self.ti(ret) {
            TI::Int(w) => w,
            _ => 0,
        };
        if self.ctl.lim.replay.is_some() {
            if let Some(r) = self.replay_builtin(b, fid, args, ret) {
                return r;
            }
        }
        match b {
            Builtin::MakeSymbolic => {
                let (p, n) = (arg(self, 0), arg(self, 1));
                let name = match self.cstr_arg(&arg(self, 2))? {
                    s if s.is_empty() => "unnamed".to_string(),
                    s => s,
                };
                let (slot, n) = self.make_symbolic_target(&p, &n)?;
                let (_, a) = self.fresh_array(&name, n);
                let m = &mut self.mem;
                let o = &mut m.objs[slot as usize];
                o.ptrs.clear();
                let mut v = Vec::with_capacity(n as usize);
                for k in 0..n {
                    let i = self.pool.constant(32, k as u128);
                    v.push(Some(self.pool.read(a, None, i)));
                }
                o.sym = Some(std::sync::Arc::new(v));
                Ok(Value::Int(0))
            }
            Builtin::Assume | Builtin::VerifierAssume => {
                let c = arg(self, 0);
                let w = match args.first().map(|a| self.ti(a.ty)) {
                    Some(TI::Int(w)) => w,
                    _ => self.ps * 8,
                };
                let e = self.expr_of(&c, w, "klee_assume")?;
                let z = self.pool.constant(w, 0);
                let cond = self.pool.ne(e, z);
                if !self.may_be(cond)? {
                    if b == Builtin::VerifierAssume {
                        return Err(Box::new(Stop::Halt(SILENT.into())));
                    }
                    return error(ErrorKind::User, "invalid klee_assume call (provably false)");
                }
                self.add_constraint(cond);
                Ok(Value::Int(0))
            }
            Builtin::KleeInt => {
                let name = self.cstr_arg(&arg(self, 0))?;
                Ok(self.fresh_int(&name, 4, ret_w.max(1)))
            }
            Builtin::Nondet => {
                let name = self.m.func(fid).name.clone();
                if ret_w == 0 {
                    if let Some(v) = self.nondet_int_struct(&name, ret) {
                        return Ok(v);
                    }
                    return error(
                        ErrorKind::Exec,
                        format!("unsupported: {name} (only integer types are supported)"),
                    );
                }
                let bytes = self.m.ty(ret).store_size.max(1);
                if name == "__VERIFIER_nondet_bool" {
                    let (_, a) = self.fresh_array(&name, bytes);
                    let z = self.pool.constant(32, 0);
                    let e = self.pool.read_bytes_le(a, None, z, bytes as u32);
                    let one = self.pool.constant(8 * bytes as u32, 1);
                    let c = self.pool.ule(e, one);
                    self.add_constraint(c);
                    let e = self.pool.zext_or_trunc(e, ret_w);
                    return Ok(self.val_of(e));
                }
                Ok(self.fresh_int(&name, bytes, ret_w))
            }
            Builtin::SilentExit => Err(Box::new(Stop::Halt(SILENT.into()))),
            Builtin::IsSymbolic => {
                let v = arg(self, 0);
                Ok(self.ret_int(ret, matches!(v, Value::Sym(_)) as i128))
            }
            Builtin::Warning | Builtin::WarningOnce => {
                let msg = self.cstr_arg(&arg(self, 0))?;
                let fname = self
                    .frames
                    .last()
                    .map(|f| self.m.func(f.func).name.clone())
                    .unwrap_or_default();
                let line = format!("KLEE: WARNING: {fname}: {msg}\n");
                if b == Builtin::Warning || self.warned_once.insert(line.clone()) {
                    self.io.write(2, line.as_bytes());
                }
                Ok(Value::Int(0))
            }
            Builtin::PreferCex => Ok(Value::Int(0)),
            Builtin::KleeAbort => error(ErrorKind::Abort, "abort failure"),
            Builtin::ReportError => {
                let msg = self.cstr_arg(&arg(self, 2))?;
                let suffix = self.cstr_arg(&arg(self, 3))?;
                error(ErrorKind::from_report_suffix(&suffix), msg)
            }
            Builtin::GetValue => {
                let v = arg(self, 0);
                match v {
                    Value::Sym(e) => {
                        let cs = self.path.constraints.clone();
                        let _ = self.solver();
                        let mut sv = self.solver.take().unwrap();
                        let r = sv.get_value(&self.pool, &cs, e);
                        self.solver = Some(sv);
                        let x = r.or_else(|e| self.solver_fail(e))?;
                        let w = self.pool.width(e);
                        let k = self.pool.constant(w, x);
                        let eq = self.pool.eq(e, k);
                        self.add_constraint(eq);
                        Ok(Value::Int(x & mask(ret_w.max(1))))
                    }
                    v => Ok(v),
                }
            }
            Builtin::ReachError => error(ErrorKind::Assert, "ASSERTION FAIL: reach_error"),
            Builtin::Range => {
                let (lo, hi) = match (arg(self, 0), arg(self, 1)) {
                    (Value::Int(a), Value::Int(b)) => (sext(a, 32) as i32, sext(b, 32) as i32),
                    _ => return sym_err("the bounds of klee_range"),
                };
                if lo >= hi {
                    return error(ErrorKind::User, "invalid range");
                }
                if lo as i64 + 1 == hi as i64 {
                    return Ok(Value::Int(lo as u32 as u128 & mask(ret_w.max(1))));
                }
                let name = self.cstr_arg(&arg(self, 2))?;
                let v = self.fresh_int(&name, 4, 32);
                let e = self.expr_of(&v, 32, "klee_range")?;
                let h = self.pool.constant(32, hi as u32 as u128);
                if lo == 0 {
                    let c = self.pool.ult(e, h);
                    self.add_constraint(c);
                } else {
                    let l = self.pool.constant(32, lo as u32 as u128);
                    let c1 = self.pool.sle(l, e);
                    let c2 = self.pool.slt(e, h);
                    self.add_constraint(c1);
                    self.add_constraint(c2);
                }
                let e = self.pool.zext_or_trunc(e, ret_w.max(1));
                Ok(self.val_of(e))
            }
            Builtin::Choose => {
                // KLEE's runtime: a `klee_choose` object of pointer size, and the path ends
                // silently when it is >= n; here the constraint `x < n` instead.
                let Value::Int(n) = arg(self, 0) else {
                    return sym_err("the argument of klee_choose");
                };
                let w = self.ps * 8;
                let v = self.fresh_int("klee_choose", self.ps as u64, w);
                let e = self.expr_of(&v, w, "klee_choose")?;
                let k = self.pool.constant(w, n & mask(w));
                let c = self.pool.ult(e, k);
                if !self.may_be(c)? {
                    return Err(Box::new(Stop::Halt(SILENT.into())));
                }
                self.add_constraint(c);
                let e = self.pool.zext_or_trunc(e, ret_w.max(1));
                Ok(self.val_of(e))
            }
            _ => unreachable!(),
        }
    }
}
