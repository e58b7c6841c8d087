//! The executor's side of interpolation (see `crate::itp`), an observer of the run
//! (`observe.rs`): the tree of nodes (the running path's is `PathState::node`), the trace
//! each running node records (every instruction, and the facts the executor adds), finishing
//! nodes (interpolants via `wp.rs`, table entries), and the subsumption check where a path
//! resumes or a fork's continuation starts.

use std::sync::Arc;
use std::time::Instant;

use super::observe::{Fork, Observer, PathFact, Wants};
use super::wp::{Wp, WpCtx};
use super::{ErrorKind, Outcome, Prune, Stop, Worker, NO_NODE, R, TI};
use crate::exec::memory::ObjKind;
use crate::exec::value::Value;
use crate::expr::{ArrayId, ExprId};
use crate::ir::{Callee, FuncId, Inst, InstKind, Module, Operand};
use crate::itp::rename::{self, Held, Renaming};
use crate::itp::{subst, Itp, Key, Loc, LocMap, PinVal, Stats, Table};
use crate::obj::ObjRef;
use crate::solver::Query;

/// A segment longer than this is not recorded (its node is blocked).
const MAX_STEPS: usize = 4_000_000;
/// Entries tried per dequeued state (newest first).
const MAX_CHECKS: usize = 64;

/// One executed instruction of a segment.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub func: FuncId,
    pub pc: u32,
    pub base: u32,
    /// Index of its first fact.
    pub facts: u32,
}

/// What a step needs to remember beyond the code.
#[derive(Clone, Debug)]
pub(super) enum Fact {
    /// An operand's value (integers).
    Val(Value),
    /// A pointer operand: where it pointed (and the object's size).
    Ptr(PinVal, u64),
    /// A symbolic pointer operand of a memory access, a GEP or a comparison: the object it was
    /// derived from (its provenance, the only object the executor lets it access), if any,
    /// and that object's size.
    SymPtr(Option<crate::exec::memory::ObjRef>, u64),
    /// An array created by the step.
    Array(ArrayId),
    /// The step forked an error path (its check's bad side was feasible and explored).
    ErrFork,
    /// A constraint the step added.
    Constraint(ExprId),
    /// The step's result (allocations, inputs).
    Post(Value),
    /// A `byval` argument (parameter index) of a call of a defined function: where the
    /// argument pointed, as `arg_fact` records a pointer (`calls.rs` `byval_copy` copies from
    /// there; only a `Ptr` fact is modelled).
    ByvalSrc(u32, Box<Fact>),
    /// The copy of a `byval` argument (parameter index) the callee's frame got, recorded at
    /// the callee's first step.
    ByvalCopy(u32, ObjRef),
}

pub(super) struct Node {
    parent: u32,
    key: Option<Key>,
    /// Which outcome of the parent's fork this node follows.
    outcome: u32,
    pub steps: Vec<Step>,
    pub facts: Vec<Fact>,
    pending: u32,
    /// Something below ended early or could not be expressed: no entry here nor above.
    blocked: bool,
    /// The root: its interpolant is useless (no other state starts there).
    no_wp: bool,
    children: Vec<(u32, Option<Arc<Itp>>)>,
    /// The node whose entry subsumed this one.
    subsumed_by: Option<u32>,
    /// Finished (its parent heard of it).
    finished: bool,
    /// Its children (node ids, in creation order).
    kids: Vec<u32>,
    /// How it ended, for `--output-tree`: its interpolant's conjuncts, or why none.
    label: Option<String>,
    /// The pool's number of arrays when it started: arrays numbered from here on were
    /// created inside its subtree.
    first_array: u32,
}

/// Interpolation (`Config::interpolation`): the tree, the table, the running node's state.
pub(crate) struct Interpolation {
    nodes: Vec<Node>,
    table: Table,
    stats: Stats,
    /// The entry function returned (destructors may still run): steps now are not modelled.
    closed: bool,
    /// The running node records its steps (`Wants::steps`).
    tracing: bool,
    /// The running path just forked: the continuation's first block is checked against the
    /// table (`Wants::blocks`).
    forked_here: bool,
    /// `--output-tree`: keep a label per node.
    keep_tree: bool,
    /// Nodes whose parent waits for them alone (greedy confirmation runs them first).
    ready: Vec<u32>,
    /// What the weakest-precondition pass keeps (location variables, solver, debug flag).
    wp: WpCtx,
}

impl Interpolation {
    pub(crate) fn new(keep_tree: bool) -> Interpolation {
        let root = Node {
            parent: NO_NODE,
            key: None,
            outcome: 0,
            steps: Vec::new(),
            facts: Vec::new(),
            pending: 0,
            blocked: false,
            no_wp: true,
            children: Vec::new(),
            subsumed_by: None,
            finished: false,
            kids: Vec::new(),
            label: None,
            first_array: 0,
        };
        Interpolation {
            nodes: vec![root],
            table: Table::default(),
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            closed: false,
            tracing: false,
            forked_here: false,
            keep_tree,
            ready: Vec::new(),
            wp: WpCtx::new(),
        }
    }

    fn new_node(&mut self, parent: u32, outcome: u32, first_array: u32) -> u32 {
        self.nodes.push(Node {
            parent,
            key: None,
            outcome,
            steps: Vec::new(),
            facts: Vec::new(),
            pending: 0,
            blocked: false,
            no_wp: false,
            children: Vec::new(),
            subsumed_by: None,
            finished: false,
            kids: Vec::new(),
            label: None,
            first_array,
        });
        self.stats.nodes += 1;
        self.nodes.len() as u32 - 1
    }
}

impl Observer for Interpolation {
    fn wants(&self) -> Wants {
        Wants {
            steps: self.tracing,
            blocks: self.forked_here,
            returns: false,
        }
    }

    fn on_instruction(&mut self, it: &mut Worker<'_, '_>, inst: &Inst) {
        self.record(it, inst);
    }

    fn on_instruction_done(&mut self, it: &mut Worker<'_, '_>, inst: &Inst) {
        self.post(it, inst);
    }

    fn on_fact(&mut self, it: &mut Worker<'_, '_>, fact: PathFact) {
        self.fact(
            it.st.path.node,
            match fact {
                PathFact::Constraint(c) => Fact::Constraint(c),
                PathFact::Array(a) => Fact::Array(a),
                PathFact::ErrorForked => Fact::ErrFork,
            },
        );
    }

    fn on_fork(&mut self, it: &mut Worker<'_, '_>, fork: Fork<'_>) {
        match fork {
            Fork::Branch { pending, cont } => self.fork(it, pending, cont),
            Fork::Other(why) => self.block(it.st.path.node, why),
            Fork::Refused => self.block(it.st.path.node, "fork refused (--max-forks, --max-depth)"),
        }
    }

    fn on_state_abstracted(&mut self, it: &mut Worker<'_, '_>) {
        self.block(it.st.path.node, "loop abstracted");
    }

    /// The continuation of a fork, or a path resuming after one, starts a new node: try the
    /// table on it.
    fn on_block(&mut self, it: &mut Worker<'_, '_>, _f: FuncId, _pc: u32, resumed: bool) -> R<()> {
        if !resumed && !self.forked_here {
            return Ok(());
        }
        self.forked_here = false;
        // Interpolants model `write` on standard output and error as returning its length
        // (`wp_calls.rs`): a state whose descriptors are not the initial ones is never pruned.
        if it.env_unchanged() && self.check(it) {
            return Err(Box::new(Stop::Pruned(Prune::Subsumed)));
        }
        Ok(())
    }

    fn on_entry_returned(&mut self, _it: &mut Worker<'_, '_>) {
        self.closed = true;
    }

    /// A dequeued path starts running its node.
    fn on_install(&mut self, it: &mut Worker<'_, '_>) {
        let node = it.st.path.node;
        self.forked_here = false;
        self.closed = false;
        self.tracing = node != NO_NODE && node != 0;
    }

    /// A leaf: its interpolant (a path ended early or by an internal error gets none).
    fn on_path_end(&mut self, it: &mut Worker<'_, '_>, r: &R<Value>) {
        let complete = match r {
            Ok(_) => true,
            Err(e) => match &**e {
                // Its node was finished by the subsumption check.
                Stop::Pruned(Prune::Subsumed) => return,
                Stop::Exit(_) | Stop::Silent => true,
                Stop::Halt(_) | Stop::Pruned(_) | Stop::Preempt => false,
                Stop::Error { kind, .. } => *kind != ErrorKind::Exec,
            },
        };
        self.leaf(it, if complete { Some(r) } else { None });
    }

    /// Greedy confirmation (paper 000, for non-DFS searches): the pending state whose node is
    /// the last unfinished child of its parent, newest first, so that half-done nodes become
    /// full ones (table entries) before the searcher wanders off.
    fn run_first(&mut self) -> Option<u32> {
        self.ready.pop()
    }

    fn finish(&mut self, it: &Worker<'_, '_>, out: &mut Outcome) {
        let mut s = self.stats.clone();
        s.entries = self.table.len;
        out.interpolation = Some(s);
        if self.keep_tree {
            out.tree_dot = Some(self.tree_dot(it.m));
        }
    }
}

/// The key of the current point: caller frames' next instructions, then the current one.
fn key_of(it: &Worker<'_, '_>) -> Key {
    let n = it.st.frames.len();
    let mut k: Key = it.st.frames[..n.saturating_sub(1)]
        .iter()
        .map(|f| (f.func, f.pc))
        .collect();
    if let Some(top) = it.st.frames.last() {
        k.push((top.func, it.st.pc));
    }
    k
}

fn ptr_fact(it: &Worker<'_, '_>, v: &Value) -> Fact {
    match v {
        Value::Ptr { obj, addr } => {
            let o = &it.st.mem.objs[obj.idx as usize];
            if o.gen == obj.gen && o.alive {
                Fact::Ptr(PinVal::Obj(*obj, addr.wrapping_sub(o.base) as i64), o.size)
            } else {
                Fact::Ptr(PinVal::Addr(*addr as u128), 0)
            }
        }
        Value::Int(x) => Fact::Ptr(PinVal::Addr(*x), 0),
        v => Fact::Val(v.clone()),
    }
}

/// A pointer operand where a symbolic one is recorded with its provenance
/// (`Fact::SymPtr`).
fn sym_ptr_fact(it: &Worker<'_, '_>, o: &Operand) -> Fact {
    match it.op(o) {
        Value::Sym(e) => match it.hint(e) {
            Some(obj) => Fact::SymPtr(Some(obj), it.st.mem.objs[obj.idx as usize].size),
            None => Fact::SymPtr(None, 0),
        },
        v => ptr_fact(it, &v),
    }
}

/// The function a call runs the code of (`None`: a builtin, an intrinsic, or a pointer
/// that is no function), given the step's facts so far (an indirect call's first is its
/// callee).
fn defined_callee(it: &Worker<'_, '_>, callee: &Callee, facts: &[Fact]) -> Option<FuncId> {
    let fid = match callee {
        Callee::Direct(f) => *f,
        Callee::Indirect(_) => match facts.first() {
            Some(Fact::Ptr(PinVal::Obj(obj, 0), _)) => {
                match it.st.mem.objs[obj.idx as usize].kind {
                    ObjKind::Function(f) => f,
                    _ => return None,
                }
            }
            _ => return None,
        },
        Callee::Intrinsic(_) => return None,
    };
    (it.p.builtins[fid.0 as usize] == super::Builtin::Defined).then_some(fid)
}

fn arg_fact(it: &Worker<'_, '_>, o: &Operand, ptr: bool) -> Fact {
    let v = it.op(o);
    if ptr {
        ptr_fact(it, &v)
    } else {
        Fact::Val(v)
    }
}

/// Entries of a `writev` the wp can summarize (`wp_syscall.rs`); more are not recorded.
pub(super) const MAX_IOV: u64 = 16;

/// For a `writev(fd, iov, cnt)` system call: where each of its `cnt` entries points and its
/// length (`Fact::Ptr`, `Fact::Val`), as the executor is about to read them. Nothing when an
/// entry is symbolic or out of bounds (the wp then does not summarize the call).
fn iov_facts(it: &Worker<'_, '_>, args: &[crate::ir::CallArg], facts: &mut Vec<Fact>) {
    let int = |k: usize| match facts.get(k) {
        Some(Fact::Val(v)) => super::wp::conc(v),
        _ => None,
    };
    let writev = if it.p.x86_64 { 20 } else { 146 };
    let (Some(nr), Some(cnt)) = (int(0), int(3)) else {
        return;
    };
    if nr != writev || cnt as u64 > MAX_IOV {
        return;
    }
    let Some(iov) = args.get(2).map(|a| it.op(&a.op)) else {
        return;
    };
    let ps = it.p.ps as u64;
    let mut out = Vec::new();
    for i in 0..cnt as u64 {
        let e = it.ptr_add(iov.clone(), (i * 2 * ps) as i64);
        let Ok((s, o)) = it.st.mem.resolve_any(&e, 2 * ps) else {
            return;
        };
        let ob = &it.st.mem.objs[s as usize];
        if ob
            .sym
            .as_ref()
            .is_some_and(|v| v.any(o as usize, (o + 2 * ps) as usize))
        {
            return;
        }
        out.push(ptr_fact(it, &it.st.mem.load_ptr(s, o)));
        out.push(Fact::Val(Value::Int(it.st.mem.load_int(s, o + ps, ps))));
    }
    facts.extend(out);
}

impl Interpolation {
    /// Records the step about to execute (before it runs).
    fn record(&mut self, it: &Worker<'_, '_>, inst: &Inst) {
        let cur = it.st.path.node as usize;
        if self.closed || self.nodes[cur].steps.len() >= MAX_STEPS {
            if self.wp.debug && !self.closed && !self.nodes[cur].blocked {
                tracing::debug!(target: "trex::itp", "node {cur} blocked: more than {MAX_STEPS} steps");
            }
            self.nodes[cur].blocked = true;
            self.tracing = false;
            return;
        }
        let key = if self.nodes[cur].key.is_none() {
            Some(key_of(it))
        } else {
            None
        };
        let mut facts: Vec<Fact> = Vec::new();
        match &inst.kind {
            InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => {
                facts.push(sym_ptr_fact(it, ptr));
            }
            InstKind::Gep { base, indices, .. } => {
                for ix in indices.iter() {
                    facts.push(arg_fact(it, &ix.op, false));
                }
                // Pointer arithmetic with a symbolic index or base: where the base pointed
                // (the shadow pins it and adds the index expressions to its offset).
                let sym = |f: &Fact| matches!(f, Fact::Val(Value::Sym(_)));
                if facts.iter().any(sym) || matches!(it.op(base), Value::Sym(_)) {
                    facts.push(sym_ptr_fact(it, base));
                }
            }
            InstKind::ICmp { ty, a, b, .. } if it.ti(*ty) == TI::Ptr => {
                facts.push(sym_ptr_fact(it, a));
                facts.push(sym_ptr_fact(it, b));
            }
            InstKind::Select { ty, cond, .. } if it.ti(*ty) == TI::Ptr => {
                facts.push(arg_fact(it, cond, false));
            }
            InstKind::Switch { cond, .. } => facts.push(arg_fact(it, cond, false)),
            InstKind::Call { callee, args, .. } => {
                let builtin = match callee {
                    // Output functions: their arguments pin the summary (`wp_output.rs`).
                    Callee::Direct(f) => {
                        it.p.builtins[f.0 as usize] != super::Builtin::Defined
                            || self.wp.out_fn(it.m, *f).is_some()
                    }
                    Callee::Intrinsic(_) => true,
                    Callee::Indirect(o) => {
                        let f = arg_fact(it, o, true);
                        let b = match &f {
                            Fact::Ptr(PinVal::Obj(obj, _), _) => {
                                match it.st.mem.objs[obj.idx as usize].kind {
                                    ObjKind::Function(fid) => {
                                        it.p.builtins[fid.0 as usize] != super::Builtin::Defined
                                    }
                                    _ => false,
                                }
                            }
                            _ => false,
                        };
                        facts.push(f);
                        b
                    }
                };
                if builtin {
                    for a in args.iter() {
                        let ptr = it.ti(a.ty) == TI::Ptr;
                        facts.push(arg_fact(it, &a.op, ptr));
                    }
                    if let Callee::Direct(f) = callee {
                        if it.p.builtins[f.0 as usize] == super::Builtin::Syscall {
                            iov_facts(it, args, &mut facts);
                        }
                    }
                }
                // A defined callee's byval arguments: where each copy comes from.
                if let Some(fid) = defined_callee(it, callee, &facts) {
                    let func = it.m.func(fid);
                    for (i, a) in args.iter().enumerate().take(func.params.len()) {
                        if func.byval_size(i, a).is_some() {
                            let src = Box::new(arg_fact(it, &a.op, true));
                            facts.push(Fact::ByvalSrc(i as u32, src));
                        }
                    }
                }
                // va_start: the running frame's area of variadic arguments (`wp_varargs.rs`).
                if matches!(callee, Callee::Intrinsic(crate::ir::Intrinsic::VaStart)) {
                    if let Some(va) = it.st.frames.last().and_then(|f| f.varargs) {
                        facts.push(ptr_fact(it, &it.st.mem.ptr_to(va)));
                    }
                }
            }
            _ => {}
        }
        let top = it.st.frames.last().expect("a frame");
        let node = &mut self.nodes[cur];
        // The first step of a variadic callee: its area of variadic arguments (made by the
        // call) is a fact of the call step (`wp_varargs.rs`).
        if let (0, Some(va), Some(prev)) = (it.st.pc, top.varargs, node.steps.last()) {
            if prev.base < it.st.base as u32 {
                node.facts.push(Fact::Post(it.st.mem.ptr_to(va)));
            }
        }
        // Likewise the copies of its byval arguments (`calls.rs` `byval_copy`), which its
        // parameters point to.
        if let (0, Some(prev)) = (it.st.pc, node.steps.last()) {
            let call = &it.m.func(prev.func).code[prev.pc as usize].kind;
            if let (true, InstKind::Call { args, .. }) = (prev.base < it.st.base as u32, call) {
                let func = it.m.func(top.func);
                for (i, a) in args.iter().enumerate().take(func.params.len()) {
                    let byval = func.byval_size(i, a).is_some();
                    if let (true, Some(Value::Ptr { obj, .. })) =
                        (byval, it.st.regs.get(it.st.base + i))
                    {
                        node.facts.push(Fact::ByvalCopy(i as u32, *obj));
                    }
                }
            }
        }
        if let Some(k) = key {
            node.key = Some(k);
        }
        node.steps.push(Step {
            func: top.func,
            pc: it.st.pc,
            base: it.st.base as u32,
            facts: node.facts.len() as u32,
        });
        node.facts.extend(facts);
    }

    /// Records the result of a step that allocated or produced an input.
    fn post(&mut self, it: &Worker<'_, '_>, inst: &Inst) {
        let record = match &inst.kind {
            InstKind::Alloca { .. } => true,
            InstKind::Call { callee, .. } => match callee {
                Callee::Direct(f) => it.p.builtins[f.0 as usize] != super::Builtin::Defined,
                _ => true,
            },
            _ => false,
        };
        if !record {
            return;
        }
        if let Some(d) = inst.dst {
            let v = it.st.regs[it.st.base + d.0 as usize].clone();
            self.fact(it.st.path.node, Fact::Post(v));
        }
    }

    /// Adds a fact to the current step of `node` (the running one).
    fn fact(&mut self, node: u32, f: Fact) {
        if !self.tracing {
            return;
        }
        self.nodes[node as usize].facts.push(f);
    }

    /// The running path (at `node`) lost paths or forked in a way not modelled: its node and
    /// all ancestors get no entry (`why`: for `trex::itp` debug events).
    fn block(&mut self, node: u32, why: &'static str) {
        // A path without a node (after a fork not modelled) has nothing to block.
        if node != NO_NODE {
            if self.wp.debug && !self.nodes[node as usize].blocked {
                tracing::debug!(target: "trex::itp", "node {node} blocked: {why}");
            }
            self.nodes[node as usize].blocked = true;
        }
    }

    /// The running path forked at the current step: the pending paths pushed last
    /// (`snap_outcomes.len()` of them, in push order) and the continuation (`cont`) each
    /// start a child node.
    fn fork(&mut self, it: &mut Worker<'_, '_>, snap_outcomes: &[u32], cont: u32) {
        let parent = it.st.path.node;
        if parent == NO_NODE {
            // Below a fork not modelled: the pending paths have no node either.
            return;
        }
        let n = it.worklist.len();
        let first_array = it.pool.arrays().len() as u32;
        for (k, &o) in snap_outcomes.iter().enumerate() {
            let id = self.new_node(parent, o, first_array);
            it.worklist[n - snap_outcomes.len() + k].st.path.node = id;
            self.nodes[parent as usize].kids.push(id);
        }
        let c = self.new_node(parent, cont, first_array);
        self.nodes[parent as usize].kids.push(c);
        self.nodes[parent as usize].pending = snap_outcomes.len() as u32 + 1;
        it.st.path.node = c;
        self.tracing = true;
        self.forked_here = true;
    }

    /// The running path ended (`end`: how; `None`: early, the node is blocked).
    fn leaf(&mut self, it: &mut Worker<'_, '_>, end: Option<&R<Value>>) {
        let cur = it.st.path.node;
        if cur == NO_NODE {
            return;
        }
        self.tracing = false;
        let t0 = Instant::now();
        let node = &mut self.nodes[cur as usize];
        let itp = if node.blocked || node.no_wp {
            None
        } else {
            match end {
                Some(r) => {
                    let steps = std::mem::take(&mut node.steps);
                    let facts = std::mem::take(&mut node.facts);
                    self.wp.fresh_from = node.first_array;
                    let mut wp = Wp {
                        it: &mut *it,
                        cx: &mut self.wp,
                    };
                    wp.leaf_itp(&steps, &facts, r).map(Arc::new)
                }
                None => {
                    if self.wp.debug {
                        tracing::debug!(target: "trex::itp", "node {cur} blocked: path ended early");
                    }
                    None
                }
            }
        };
        self.stats.itp_time += t0.elapsed();
        self.finish_node(it, cur, itp);
    }

    /// A node is finished with interpolant `itp` (`None`: blocked): store it, tell the parent.
    fn finish_node(&mut self, it: &mut Worker<'_, '_>, node: u32, itp: Option<Arc<Itp>>) {
        let mut node = node;
        let mut itp = itp;
        loop {
            let nd = &mut self.nodes[node as usize];
            if nd.finished {
                // (Never expected: a node ends once. Ignoring a second end keeps the
                // parent's count of pending children right.)
                debug_assert!(false, "node {node} finished twice");
                return;
            }
            nd.finished = true;
            nd.steps = Vec::new();
            nd.facts = Vec::new();
            nd.children = Vec::new();
            match (&itp, nd.no_wp) {
                (Some(i), false) => {
                    if self.wp.debug {
                        tracing::debug!(
                            target: "trex::itp",
                            "entry at {:?}: {} pins {:?} {:?}",
                            nd.key,
                            i.formula
                                .map(|f| it.pool.display(f).to_string())
                                .unwrap_or_default(),
                            i.reg_pins,
                            i.mem_pins
                        );
                    }
                    // A subsumed node's interpolant is already in the table.
                    if let (Some(k), None) = (nd.key.clone(), nd.subsumed_by) {
                        let e = Self::with_named(it, &self.wp.locs, i);
                        self.table.insert(k, e, node);
                        self.stats.entries += 1;
                    }
                }
                (None, false) => self.stats.blocked += 1,
                _ => {}
            }
            let (parent, outcome) = (nd.parent, nd.outcome);
            if self.keep_tree {
                self.nodes[node as usize].label = Some(match &itp {
                    Some(i) => i
                        .conjuncts
                        .iter()
                        .map(|&c| it.pool.display(c).to_string())
                        .collect::<Vec<_>>()
                        .join("\\n"),
                    None => "(no interpolant)".to_string(),
                });
            }
            if parent == NO_NODE {
                return;
            }
            let p = &mut self.nodes[parent as usize];
            p.children.push((outcome, itp.clone()));
            if itp.is_none() {
                p.blocked = true;
            }
            p.pending -= 1;
            if p.pending == 1 && !p.blocked {
                // One child left: running it next completes the parent (an entry).
                let kids = std::mem::take(&mut p.kids);
                let last = kids
                    .iter()
                    .copied()
                    .find(|&k| !self.nodes[k as usize].finished);
                self.nodes[parent as usize].kids = kids;
                self.ready.extend(last);
                return;
            }
            if p.pending > 0 {
                return;
            }
            // All children finished: the parent's interpolant.
            let t0 = Instant::now();
            let r = if p.blocked || p.no_wp {
                None
            } else {
                let steps = std::mem::take(&mut p.steps);
                let facts = std::mem::take(&mut p.facts);
                let children = std::mem::take(&mut p.children);
                self.wp.fresh_from = p.first_array;
                let mut wp = Wp {
                    it: &mut *it,
                    cx: &mut self.wp,
                };
                wp.fork_itp(&steps, &facts, &children).map(Arc::new)
            };
            self.stats.itp_time += t0.elapsed();
            node = parent;
            itp = r;
        }
    }

    /// Tries the table on the running path at the start of its node: `true` when it is
    /// subsumed (then the node is finished with the entry that subsumed it).
    fn check(&mut self, it: &mut Worker<'_, '_>) -> bool {
        let node = it.st.path.node;
        if node == NO_NODE {
            return false;
        }
        let key = key_of(it);
        let entries: Vec<(Arc<Itp>, u32)> = match self.table.entries.get(&key) {
            Some(v) => v.iter().rev().take(MAX_CHECKS).cloned().collect(),
            None => return false,
        };
        let t0 = Instant::now();
        let mut hit = None;
        for (e, origin) in entries {
            self.stats.checks += 1;
            if let Some(r) = self.holds(it, &e) {
                // The node's interpolant names the objects as this state does (the
                // weakest preconditions above it read this state's objects).
                let e = if r.is_identity() {
                    Some(e)
                } else {
                    rename::rename(&mut it.pool, &mut self.wp.locs, &e, &r).map(Arc::new)
                };
                if let Some(e) = e {
                    hit = Some((e, origin));
                    break;
                }
            }
        }
        self.stats.check_time += t0.elapsed();
        match hit {
            Some((e, origin)) => {
                self.stats.subsumed += 1;
                self.nodes[node as usize].key = Some(key);
                self.nodes[node as usize].subsumed_by = Some(origin);
                self.finish_node(it, node, Some(e));
                true
            }
            None => false,
        }
    }

    /// `itp` as a table entry: with the objects it names, heap ones with their sizes (read
    /// from the running state, a descendant of the node's start: an object of the same
    /// generation there is the same object), so that checks may rename them.
    fn with_named(it: &Worker<'_, '_>, locs: &crate::itp::LocArrays, itp: &Arc<Itp>) -> Arc<Itp> {
        let heap = |o: ObjRef| match it.st.mem.objs.get(o.idx as usize) {
            Some(ob) if ob.gen == o.gen && ob.kind == ObjKind::Heap => Some(ob.size),
            _ => None,
        };
        let named = rename::named(&it.pool, locs, itp, heap);
        if named.is_empty() {
            return itp.clone();
        }
        Arc::new(Itp {
            named,
            ..(**itp).clone()
        })
    }

    /// Does the installed state satisfy `e`? The renaming of its heap objects under which it
    /// does (`crate::itp::rename`; empty when the names are the same).
    fn holds(&mut self, it: &mut Worker<'_, '_>, e: &Itp) -> Option<Renaming> {
        let ren = {
            let objs = StateObjects {
                regs: &it.st.regs,
                mem: &it.st.mem,
                ps: it.p.ps as u64,
            };
            rename::matching(e, &objs)?
        };
        if !addrs_hold(it, e, &ren) {
            return None;
        }
        let formula = e.formula?;
        let mut memo = hashbrown::HashMap::new();
        let f = {
            let mut map = StateMap {
                regs: &it.st.regs,
                mem: &it.st.mem,
                ren: &ren,
            };
            // Conjunct by conjunct, cheapest first: most failing checks stop at a constant
            // false early.
            let mut acc = Some(it.pool.true_expr());
            let list: Vec<ExprId> = if e.conjuncts.is_empty() {
                vec![formula]
            } else {
                e.conjuncts.clone()
            };
            for c in list {
                match subst(&mut it.pool, &self.wp.locs, c, &mut memo, &mut map) {
                    None => {
                        acc = None;
                        break;
                    }
                    Some(x) if it.pool.as_const(x) == Some(0) => {
                        acc = Some(x);
                        break;
                    }
                    Some(x) => {
                        let a = acc.unwrap();
                        acc = Some(it.pool.bool_and(a, x));
                    }
                }
            }
            acc
        };
        let f = f?;
        match it.pool.as_const(f) {
            Some(1) => return Some(ren),
            Some(_) => return None,
            None => {}
        }
        // Location arrays must all be gone; only input arrays may remain.
        let mut arrays = hashbrown::HashSet::new();
        crate::itp::arrays_in(&it.pool, f, &mut arrays);
        if arrays.iter().any(|a| self.wp.locs.loc(*a).is_some()) {
            return None;
        }
        self.stats.check_solver_calls += 1;
        let cs = it.st.path.constraints.clone();
        let _ = it.solver();
        let mut sv = it.solver.take().unwrap();
        let r = sv.must_be_true(&it.pool, Query::new(&cs, f));
        it.solver = Some(sv);
        // Unknown or a timeout: not subsumed.
        matches!(r, Ok(true)).then_some(ren)
    }

    /// The explored tree in Graphviz form (`--output-tree`): a node per path segment with its
    /// start (function, source line) and its interpolant's conjuncts; solid edges to children,
    /// dashed edges from a subsumed node to the node whose interpolant pruned it.
    fn tree_dot(&self, m: &Module) -> String {
        let mut out = String::from("digraph tree {\n  node [shape=box, fontsize=10];\n");
        for (i, nd) in self.nodes.iter().enumerate() {
            let at = match nd.key.as_ref().and_then(|k| k.last()) {
                Some(&(f, pc)) => {
                    let func = m.func(f);
                    let loc = func
                        .code
                        .get(pc as usize)
                        .map(|x| x.loc)
                        .unwrap_or_default();
                    let line = m.locs.get(loc.0 as usize).map_or(0, |l| l.line);
                    format!("{}:{}", func.name, line)
                }
                None => "start".to_string(),
            };
            let label = nd.label.clone().unwrap_or_default().replace('"', "'");
            let sub = if nd.subsumed_by.is_some() {
                " (subsumed)"
            } else {
                ""
            };
            out.push_str(&format!("  n{i} [label=\"{i}: {at}{sub}\\n{label}\"];\n"));
            if nd.parent != NO_NODE {
                out.push_str(&format!("  n{} -> n{i};\n", nd.parent));
            }
            if let Some(o) = nd.subsumed_by {
                out.push_str(&format!("  n{i} -> n{o} [style=dashed];\n"));
            }
        }
        out.push_str("}\n");
        out
    }
}

impl Wp<'_, '_, '_> {
    /// The interpolant of a leaf: its segment's weakest precondition of ending as `r` did.
    fn leaf_itp(
        &mut self,
        steps: &[Step],
        facts: &[Fact],
        r: &Result<Value, Box<Stop>>,
    ) -> Option<Itp> {
        let n = steps.len();
        if n == 0 {
            return Some(Itp {
                formula: Some(self.pool.true_expr()),
                ..Itp::default()
            });
        }
        let mut sh = self.sh_run(steps, facts, n - 1);
        let last = &steps[n - 1];
        let fs = &facts[last.facts as usize..];
        self.sh_last(&mut sh, last, fs, r);
        Self::sh_blame(&mut sh, last);
        self.sh_finish(sh, None)
    }

    /// The interpolant of a node whose children are all finished: its segment's weakest
    /// precondition of the fork's outcomes leading into the children's interpolants.
    fn fork_itp(
        &mut self,
        steps: &[Step],
        facts: &[Fact],
        children: &[(u32, Option<Arc<Itp>>)],
    ) -> Option<Itp> {
        let n = steps.len();
        if n == 0 {
            return None;
        }
        let mut sh = self.sh_run(steps, facts, n - 1);
        let st = steps[n - 1];
        let f = self.m.func(st.func);
        let inst = &f.code[st.pc as usize];
        let mut extra = self.pool.true_expr();
        let mut guards = Vec::new();
        for (outcome, itp) in children {
            let itp = itp.as_ref()?;
            let (edge, guard) = match &inst.kind {
                InstKind::CondBr { cond, t, f: fe } => {
                    let c = self.fork_cond(&sh, st.base, cond, 1)?;
                    if *outcome == 0 {
                        (t, c)
                    } else {
                        (fe, self.pool.bool_not(c))
                    }
                }
                InstKind::Switch {
                    cond,
                    width,
                    cases,
                    default,
                } => {
                    // The outcome is the index of a group of cases sharing a target (the
                    // executor forks once per target, default last unless shared).
                    let c = self.fork_cond(&sh, st.base, cond, *width)?;
                    let groups = super::switch_groups(&mut self.pool, c, *width, cases, default);
                    let (e, g) = *groups.get(*outcome as usize)?;
                    (e, g)
                }
                _ => return None,
            };
            let conj_len = Self::conj_len_of(&sh);
            let mut cs = self.sh_child(&sh, &st, edge);
            let psi = self.sh_apply(&mut cs, itp)?;
            Self::sh_merge(&mut sh, cs, conj_len);
            let g = self.guarded(guard, psi);
            extra = self.pool.bool_and(extra, g);
            guards.push((*outcome, guard));
        }
        // Outcomes that were not explored (infeasible then) must stay impossible.
        let all = match &inst.kind {
            InstKind::CondBr { .. } => 2,
            InstKind::Switch { cases, default, .. } => {
                let mut n: Vec<&crate::ir::Edge> = Vec::new();
                for e in cases.iter().map(|c| &c.1).chain(std::iter::once(default)) {
                    if !n.iter().any(|x| **x == *e) {
                        n.push(e);
                    }
                }
                n.len()
            }
            _ => 0,
        };
        let mut explored: Vec<u32> = guards.iter().map(|g| g.0).collect();
        explored.sort();
        explored.dedup();
        if explored.len() < all {
            let mut any = self.pool.false_expr();
            for (_, g) in &guards {
                any = self.pool.bool_or(any, *g);
            }
            extra = self.pool.bool_and(extra, any);
        }
        if let Some(a) = Self::sh_ctx(&sh) {
            extra = self.under(a, extra);
        }
        Self::sh_blame(&mut sh, &st);
        self.sh_finish(sh, Some(extra))
    }
}

/// The base addresses and pointer provenance `e` requires (`wp_ptraddr.rs`), in the
/// installed state with its objects renamed by `ren`.
fn addrs_hold(it: &mut Worker<'_, '_>, e: &Itp, ren: &Renaming) -> bool {
    let live = |it: &Worker<'_, '_>, o: ObjRef| {
        it.st
            .mem
            .objs
            .get(o.idx as usize)
            .filter(|ob| ob.gen == o.gen && ob.alive)
            .map(|ob| (ob.base, ob.size))
    };
    for &(o, b) in &e.bases {
        if live(it, ren.get(o)).map(|x| x.0) != Some(b) {
            return false;
        }
    }
    let pw = it.pw();
    for &(l, off, o) in &e.provenance {
        // What the executor would take the pointer's provenance to be when it loads it.
        let have = match l {
            Loc::Reg(s) => match it.st.regs.get(s as usize) {
                Some(&Value::Ptr { obj, .. }) => Some(obj),
                Some(&Value::Sym(x)) => {
                    let x = it.pool.zext_or_trunc(x, pw);
                    it.hint(x)
                }
                _ => None,
            },
            Loc::Mem(x) => {
                let x = ren.get(x);
                let ps = it.p.ps as u64;
                match live(it, x) {
                    Some((_, size)) if off + ps <= size => {}
                    _ => return false,
                }
                match it.st.mem.load_sym(&mut it.pool, x.idx, off, ps) {
                    Some(v) => {
                        let v = it.pool.zext_or_trunc(v, pw);
                        it.hint(v)
                    }
                    None => it.st.mem.objs[x.idx as usize].ptrs.get(&off).copied(),
                }
            }
            Loc::Opaque => None,
        };
        if have != Some(ren.get(o)) {
            return false;
        }
    }
    true
}

/// What a check sees of the installed state (pins are compared with it).
struct StateObjects<'a> {
    regs: &'a [Value],
    mem: &'a crate::exec::memory::Memory,
    ps: u64,
}

impl StateObjects<'_> {
    fn held(&self, v: &Value) -> Held {
        match v {
            Value::Ptr { obj, addr } => match self.mem.get(*obj) {
                Some(ob) => Held::Obj(*obj, addr.wrapping_sub(ob.base) as i64),
                None => Held::Other,
            },
            Value::Int(x) => Held::Addr(*x),
            _ => Held::Other,
        }
    }
}

impl rename::Objects for StateObjects<'_> {
    fn live(&self, o: ObjRef) -> Option<(u64, bool)> {
        let ob = self.mem.objs.get(o.idx as usize)?;
        (ob.gen == o.gen && ob.alive).then_some((ob.size, ob.kind == ObjKind::Heap))
    }

    fn reg(&self, slot: u32) -> Option<Held> {
        self.regs.get(slot as usize).map(|v| self.held(v))
    }

    fn mem(&self, o: ObjRef, off: u64) -> Option<Held> {
        let ob = self.mem.objs.get(o.idx as usize)?;
        let ps = self.ps;
        if ob.gen != o.gen || !ob.alive || off + ps > ob.size {
            return None;
        }
        if let Some(s) = &ob.sym {
            if s.any(off as usize, (off + ps) as usize) {
                return None;
            }
        }
        let a = self.mem.load_int(o.idx, off, ps);
        Some(match ob.ptrs.get(&off) {
            Some(&obj) => self.held(&Value::Ptr {
                obj,
                addr: a as u64,
            }),
            None => Held::Addr(a),
        })
    }
}

/// Maps location variables to a state's values (an object's through the check's renaming).
struct StateMap<'a> {
    regs: &'a [Value],
    mem: &'a crate::exec::memory::Memory,
    ren: &'a Renaming,
}

impl LocMap for StateMap<'_> {
    fn byte(
        &mut self,
        pool: &mut crate::expr::ExprPool,
        l: Loc,
        _a: ArrayId,
        k: u64,
    ) -> Option<ExprId> {
        match l {
            Loc::Reg(slot) => match self.regs.get(slot as usize)? {
                Value::Int(x) => Some(pool.constant(8, (x >> (8 * k.min(15))) & 0xff)),
                // A pointer as its address (`wp_ptraddr.rs`).
                Value::Ptr { addr, .. } => {
                    Some(pool.constant(8, (*addr as u128 >> (8 * k.min(15))) & 0xff))
                }
                Value::Sym(e) => Some(super::wp::byte_of(pool, *e, k)),
                _ => None,
            },
            Loc::Mem(o) => {
                let o = self.ren.get(o);
                let ob = self.mem.objs.get(o.idx as usize)?;
                if ob.gen != o.gen || !ob.alive || k >= ob.size {
                    return None;
                }
                if let Some(s) = &ob.sym {
                    if let Some(b) = s[k as usize] {
                        return Some(b);
                    }
                }
                Some(pool.constant(8, ob.bytes[k as usize] as u128))
            }
            Loc::Opaque => None,
        }
    }

    fn word(&mut self, pool: &mut crate::expr::ExprPool, l: Loc, k: u64, n: u64) -> Option<ExprId> {
        let bits = (n * 8) as u32;
        match l {
            Loc::Reg(slot) if k == 0 => match self.regs.get(slot as usize)? {
                Value::Int(x) => Some(pool.constant(bits, crate::expr::mask(bits, *x))),
                Value::Ptr { addr, .. } => {
                    Some(pool.constant(bits, crate::expr::mask(bits, *addr as u128)))
                }
                Value::Sym(e) => {
                    let w = pool.width(*e);
                    (w <= bits).then(|| pool.zext(*e, bits))
                }
                _ => None,
            },
            Loc::Mem(o) => {
                let o = self.ren.get(o);
                let ob = self.mem.objs.get(o.idx as usize)?;
                if ob.gen != o.gen || !ob.alive || k + n > ob.size || bits > 128 {
                    return None;
                }
                if let Some(s) = &ob.sym {
                    if s.any(k as usize, (k + n) as usize) {
                        return None;
                    }
                }
                Some(pool.constant(bits, self.mem.load_int(o.idx, k, n)))
            }
            _ => None,
        }
    }
}
