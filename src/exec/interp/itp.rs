//! The executor's side of interpolation (see `crate::itp`): the tree of nodes, the trace
//! each running node records, finishing nodes (interpolants via `wp.rs`, table entries), and
//! the subsumption check of a dequeued state.

use std::sync::Arc;
use std::time::Instant;

use super::{Interp, Stop, TI};
use crate::exec::memory::ObjKind;
use crate::exec::value::Value;
use crate::expr::{ArrayId, ExprId};
use crate::ir::{Callee, FuncId, Inst, InstKind, Operand};
use crate::itp::{subst, Itp, Key, Loc, LocArrays, LocMap, PinVal, Stats, Table};
use crate::solver::Query;

/// No node.
pub(super) const NONE: u32 = u32::MAX;
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
    /// An array created by the step.
    Array(ArrayId),
    /// The step forked an error path (its check's bad side was feasible and explored).
    ErrFork,
    /// A constraint the step added.
    Constraint(ExprId),
    /// The step's result (allocations, inputs).
    Post(Value),
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
}

pub(super) struct ItpState {
    nodes: Vec<Node>,
    pub cur: u32,
    pub table: Table,
    pub stats: Stats,
    pub locs: LocArrays,
    /// The path reached its end (destructors may still run): steps now are not modelled.
    closed: bool,
    /// `trex::itp` debug events are enabled (`TREX_LOG=trex::itp=debug`, `--debug`): say
    /// why interpolants are missing, and the table's entries.
    pub debug: bool,
    /// The solver simplifying interpolants.
    pub solver: Option<Box<dyn crate::solver::Solver + Send>>,
    /// `--output-tree`: keep a label per node.
    pub keep_tree: bool,
    /// `--subsumed-test`: a subsumed path ends with a test (`End::Pruned(Prune::Subsumed)`).
    pub subsumed_test: bool,
    /// Nodes whose parent waits for them alone (greedy confirmation runs them first).
    ready: Vec<u32>,
}

impl ItpState {
    pub fn new() -> ItpState {
        let root = Node {
            parent: NONE,
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
        };
        ItpState {
            nodes: vec![root],
            cur: 0,
            table: Table::default(),
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            locs: LocArrays::default(),
            closed: false,
            debug: tracing::enabled!(target: "trex::itp", tracing::Level::DEBUG),
            solver: None,
            keep_tree: false,
            subsumed_test: false,
            ready: Vec::new(),
        }
    }

    fn new_node(&mut self, parent: u32, outcome: u32) -> u32 {
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
        });
        self.stats.nodes += 1;
        self.nodes.len() as u32 - 1
    }
}

impl<'m> Interp<'m, '_> {
    /// The key of the current point: caller frames' next instructions, then the current one.
    fn itp_key(&self) -> Key {
        let n = self.st.frames.len();
        let mut k: Key = self.st.frames[..n.saturating_sub(1)]
            .iter()
            .map(|f| (f.func, f.pc))
            .collect();
        if let Some(top) = self.st.frames.last() {
            k.push((top.func, self.st.pc));
        }
        k
    }

    fn ptr_fact(&self, v: &Value) -> Fact {
        match v {
            Value::Ptr { obj, addr } => {
                let o = &self.st.mem.objs[obj.idx as usize];
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

    fn arg_fact(&self, o: &Operand, ptr: bool) -> Fact {
        let v = self.op(o);
        if ptr {
            self.ptr_fact(&v)
        } else {
            Fact::Val(v)
        }
    }

    /// Records the step about to execute (before it runs).
    #[inline(never)]
    pub(super) fn itp_record(&mut self, inst: &'m Inst) {
        let it = self.itp.as_mut().expect("interpolation state");
        let cur = it.cur as usize;
        if it.closed || it.nodes[cur].steps.len() >= MAX_STEPS {
            if it.debug && !it.closed && !it.nodes[cur].blocked {
                tracing::debug!(target: "trex::itp", "node {cur} blocked: more than {MAX_STEPS} steps");
            }
            it.nodes[cur].blocked = true;
            self.tracing = false;
            return;
        }
        let key = if it.nodes[cur].key.is_none() {
            Some(self.itp_key())
        } else {
            None
        };
        let mut facts: Vec<Fact> = Vec::new();
        match &inst.kind {
            InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => {
                facts.push(self.arg_fact(ptr, true));
            }
            InstKind::Gep { indices, .. } => {
                for ix in indices.iter() {
                    facts.push(self.arg_fact(&ix.op, false));
                }
            }
            InstKind::ICmp { ty, a, b, .. } if self.ti(*ty) == TI::Ptr => {
                facts.push(self.arg_fact(a, true));
                facts.push(self.arg_fact(b, true));
            }
            InstKind::Select { ty, cond, .. } if self.ti(*ty) == TI::Ptr => {
                facts.push(self.arg_fact(cond, false));
            }
            InstKind::Switch { cond, .. } => facts.push(self.arg_fact(cond, false)),
            InstKind::Call { callee, args, .. } => {
                let builtin = match callee {
                    Callee::Direct(f) => self.builtins[f.0 as usize] != super::Builtin::Defined,
                    Callee::Intrinsic(_) => true,
                    Callee::Indirect(o) => {
                        let f = self.arg_fact(o, true);
                        let b = match &f {
                            Fact::Ptr(PinVal::Obj(obj, _), _) => {
                                match self.st.mem.objs[obj.idx as usize].kind {
                                    ObjKind::Function(fid) => {
                                        self.builtins[fid.0 as usize] != super::Builtin::Defined
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
                        let ptr = self.ti(a.ty) == TI::Ptr;
                        facts.push(self.arg_fact(&a.op, ptr));
                    }
                }
            }
            _ => {}
        }
        let top = self.st.frames.last().expect("a frame");
        let step = Step {
            func: top.func,
            pc: self.st.pc,
            base: self.st.base as u32,
            facts: 0,
        };
        let it = self.itp.as_mut().expect("interpolation state");
        let node = &mut it.nodes[cur];
        if let Some(k) = key {
            node.key = Some(k);
        }
        node.steps.push(Step {
            facts: node.facts.len() as u32,
            ..step
        });
        node.facts.extend(facts);
    }

    /// Records the result of a step that allocated or produced an input.
    #[inline(never)]
    pub(super) fn itp_post(&mut self, inst: &'m Inst) {
        let record = match &inst.kind {
            InstKind::Alloca { .. } => true,
            InstKind::Call { callee, .. } => match callee {
                Callee::Direct(f) => self.builtins[f.0 as usize] != super::Builtin::Defined,
                _ => true,
            },
            _ => false,
        };
        if !record {
            return;
        }
        if let Some(d) = inst.dst {
            let v = self.st.regs[self.st.base + d.0 as usize].clone();
            self.itp_fact(Fact::Post(v));
        }
    }

    /// Adds a fact to the current step.
    pub(super) fn itp_fact(&mut self, f: Fact) {
        if !self.tracing {
            return;
        }
        if let Some(it) = self.itp.as_mut() {
            let cur = it.cur as usize;
            it.nodes[cur].facts.push(f);
        }
    }

    /// Saves a pending path forked in a way interpolation does not model (symbolic pointer
    /// resolution, decided selects): the running node gets no interpolant.
    pub(super) fn push_unmodeled(&mut self, snap: super::Snap<'m>) {
        self.itp_block("fork not modelled (symbolic pointer, decided select, symbolic size)");
        self.worklist.push(snap);
    }

    /// The running path lost paths (a refused fork, a fork not modelled): its node and all
    /// ancestors get no entry (`why`: for `trex::itp` debug events).
    pub(super) fn itp_block(&mut self, why: &'static str) {
        if let Some(it) = self.itp.as_mut() {
            // A path without a node (after a fork not modelled) has nothing to block.
            if it.cur != NONE {
                let cur = it.cur;
                if it.debug && !it.nodes[cur as usize].blocked {
                    tracing::debug!(target: "trex::itp", "node {cur} blocked: {why}");
                }
                it.nodes[cur as usize].blocked = true;
            }
        }
    }

    /// The running path forked at the current step: the pending paths pushed last
    /// (`snap_outcomes.len()` of them, in push order) and the continuation (`cont`) each
    /// start a child node.
    pub(super) fn itp_fork(&mut self, snap_outcomes: &[u32], cont: u32) {
        let Some(it) = self.itp.as_mut() else {
            return;
        };
        let parent = it.cur;
        if parent == NONE {
            // Below a fork not modelled: the pending paths have no node either.
            return;
        }
        let n = self.worklist.len();
        for (k, &o) in snap_outcomes.iter().enumerate() {
            let id = it.new_node(parent, o);
            self.worklist[n - snap_outcomes.len() + k].node = id;
            it.nodes[parent as usize].kids.push(id);
        }
        let c = it.new_node(parent, cont);
        it.nodes[parent as usize].kids.push(c);
        it.nodes[parent as usize].pending = snap_outcomes.len() as u32 + 1;
        it.cur = c;
        self.tracing = true;
        self.forked_here = true;
    }

    /// A dequeued path starts running node `node`.
    pub(super) fn itp_enter(&mut self, node: u32) {
        self.forked_here = false;
        if let Some(it) = self.itp.as_mut() {
            it.cur = node;
            it.closed = false;
            self.tracing = node != NONE && it.cur != 0;
        }
    }

    /// The main function returned: later steps (destructors) are not part of the model.
    pub(super) fn itp_close(&mut self) {
        if let Some(it) = self.itp.as_mut() {
            it.closed = true;
        }
    }

    /// The running path ended (`end`: how; `None`: early, the node is blocked).
    pub(super) fn itp_leaf(&mut self, end: Option<&Result<Value, Box<Stop>>>) {
        let Some(it) = self.itp.as_mut() else {
            return;
        };
        let cur = it.cur;
        if cur == NONE {
            return;
        }
        self.tracing = false;
        let t0 = Instant::now();
        let node = &mut it.nodes[cur as usize];
        let itp = if node.blocked || node.no_wp {
            None
        } else {
            match end {
                Some(r) => {
                    let steps = std::mem::take(&mut node.steps);
                    let facts = std::mem::take(&mut node.facts);
                    self.leaf_itp(&steps, &facts, r).map(Arc::new)
                }
                None => {
                    if it.debug {
                        tracing::debug!(target: "trex::itp", "node {cur} blocked: path ended early");
                    }
                    None
                }
            }
        };
        let it = self.itp.as_mut().expect("interpolation state");
        it.stats.itp_time += t0.elapsed();
        self.itp_finish(cur, itp);
    }

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

    /// A node is finished with interpolant `itp` (`None`: blocked): store it, tell the parent.
    fn itp_finish(&mut self, node: u32, itp: Option<Arc<Itp>>) {
        let mut node = node;
        let mut itp = itp;
        loop {
            let it = self.itp.as_mut().expect("interpolation state");
            let nd = &mut it.nodes[node as usize];
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
                    if it.debug {
                        tracing::debug!(
                            target: "trex::itp",
                            "entry at {:?}: {} pins {:?} {:?}",
                            nd.key,
                            i.formula
                                .map(|f| self.pool.display(f).to_string())
                                .unwrap_or_default(),
                            i.reg_pins,
                            i.mem_pins
                        );
                    }
                    // A subsumed node's interpolant is already in the table.
                    if let (Some(k), None) = (nd.key.clone(), nd.subsumed_by) {
                        it.table.insert(k, i.clone(), node);
                        it.stats.entries += 1;
                    }
                }
                (None, false) => it.stats.blocked += 1,
                _ => {}
            }
            let (parent, outcome) = (nd.parent, nd.outcome);
            if it.keep_tree {
                it.nodes[node as usize].label = Some(match &itp {
                    Some(i) => i
                        .conjuncts
                        .iter()
                        .map(|&c| self.pool.display(c).to_string())
                        .collect::<Vec<_>>()
                        .join("\\n"),
                    None => "(no interpolant)".to_string(),
                });
            }
            if parent == NONE {
                return;
            }
            let p = &mut it.nodes[parent as usize];
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
                    .find(|&k| !it.nodes[k as usize].finished);
                it.nodes[parent as usize].kids = kids;
                it.ready.extend(last);
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
                self.fork_itp(&steps, &facts, &children).map(Arc::new)
            };
            let it = self.itp.as_mut().expect("interpolation state");
            it.stats.itp_time += t0.elapsed();
            node = parent;
            itp = r;
        }
    }

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
            extra = self.pool.implies(a, extra);
        }
        Self::sh_blame(&mut sh, &st);
        self.sh_finish(sh, Some(extra))
    }

    /// Tries the table on the just installed path at the start of `node`: `true` when it is
    /// subsumed (then the node is finished with the entry that subsumed it).
    pub(super) fn itp_check(&mut self, node: u32) -> bool {
        let Some(it) = self.itp.as_ref() else {
            return false;
        };
        if node == NONE {
            return false;
        }
        let key = self.itp_key();
        let entries: Vec<(Arc<Itp>, u32)> = match it.table.entries.get(&key) {
            Some(v) => v.iter().rev().take(MAX_CHECKS).cloned().collect(),
            None => return false,
        };
        let t0 = Instant::now();
        let mut hit = None;
        for (e, origin) in entries {
            self.itp.as_mut().unwrap().stats.checks += 1;
            if self.itp_holds(&e) {
                hit = Some((e, origin));
                break;
            }
        }
        let it = self.itp.as_mut().unwrap();
        it.stats.check_time += t0.elapsed();
        match hit {
            Some((e, origin)) => {
                it.stats.subsumed += 1;
                it.nodes[node as usize].key = Some(key);
                it.nodes[node as usize].subsumed_by = Some(origin);
                self.itp_finish(node, Some(e));
                true
            }
            None => false,
        }
    }

    fn pin_holds(&self, have: &Value, want: PinVal) -> bool {
        match (have, want) {
            (Value::Ptr { obj, addr }, PinVal::Obj(o, off)) => {
                let ob = &self.st.mem.objs[obj.idx as usize];
                *obj == o && ob.gen == o.gen && ob.alive && addr.wrapping_sub(ob.base) as i64 == off
            }
            (Value::Int(x), PinVal::Addr(a)) => *x == a,
            _ => false,
        }
    }

    /// Does the installed state satisfy `e`?
    fn itp_holds(&mut self, e: &Itp) -> bool {
        for &(o, size) in &e.objects {
            match self.st.mem.objs.get(o.idx as usize) {
                Some(ob) if ob.gen == o.gen && ob.alive && ob.size == size => {}
                _ => return false,
            }
        }
        for &(slot, v) in &e.reg_pins {
            match self.st.regs.get(slot as usize) {
                Some(have) if self.pin_holds(have, v) => {}
                _ => return false,
            }
        }
        let ps = self.ps as u64;
        for &((o, off), v) in &e.mem_pins {
            let Some(ob) = self.st.mem.objs.get(o.idx as usize) else {
                return false;
            };
            if ob.gen != o.gen || !ob.alive || off + ps > ob.size {
                return false;
            }
            if let Some(s) = &ob.sym {
                if s[off as usize..(off + ps) as usize]
                    .iter()
                    .any(|b| b.is_some())
                {
                    return false;
                }
            }
            let a = self.st.mem.load_int(o.idx, off, ps);
            let have = match ob.ptrs.get(&off) {
                Some(&obj) => Value::Ptr {
                    obj,
                    addr: a as u64,
                },
                None => Value::Int(a),
            };
            if !self.pin_holds(&have, v) {
                return false;
            }
        }
        let Some(formula) = e.formula else {
            return false;
        };
        let it = self.itp.take().expect("interpolation state");
        let mut memo = hashbrown::HashMap::new();
        let f = {
            let mut map = StateMap {
                regs: &self.st.regs,
                mem: &self.st.mem,
            };
            // Conjunct by conjunct, cheapest first: most failing checks stop at a constant
            // false early.
            let mut acc = Some(self.pool.true_expr());
            let list: Vec<ExprId> = if e.conjuncts.is_empty() {
                vec![formula]
            } else {
                e.conjuncts.clone()
            };
            for c in list {
                match subst(&mut self.pool, &it.locs, c, &mut memo, &mut map) {
                    None => {
                        acc = None;
                        break;
                    }
                    Some(x) if self.pool.as_const(x) == Some(0) => {
                        acc = Some(x);
                        break;
                    }
                    Some(x) => {
                        let a = acc.unwrap();
                        acc = Some(self.pool.bool_and(a, x));
                    }
                }
            }
            acc
        };
        self.itp = Some(it);
        let Some(f) = f else {
            return false;
        };
        match self.pool.as_const(f) {
            Some(1) => return true,
            Some(_) => return false,
            None => {}
        }
        // Location arrays must all be gone; only input arrays may remain.
        let mut arrays = hashbrown::HashSet::new();
        crate::itp::arrays_in(&self.pool, f, &mut arrays);
        let it = self.itp.as_ref().unwrap();
        if arrays.iter().any(|a| it.locs.loc(*a).is_some()) {
            return false;
        }
        self.itp.as_mut().unwrap().stats.check_solver_calls += 1;
        let cs = self.st.path.constraints.clone();
        let _ = self.solver();
        let mut sv = self.solver.take().unwrap();
        let r = sv.must_be_true(&self.pool, Query::new(&cs, f));
        self.solver = Some(sv);
        // Unknown or a timeout: not subsumed.
        matches!(r, Ok(true))
    }

    /// Greedy confirmation (paper 000, for non-DFS searches): the pending state whose node is
    /// the last unfinished child of its parent, newest first, so that half-done nodes become
    /// full ones (table entries) before the searcher wanders off; `pending(id, node)` says
    /// whether state `id` still waits at the start of `node`.
    pub(super) fn itp_confirm_next(
        &mut self,
        node_state: &mut hashbrown::HashMap<u32, crate::search::StateId>,
        pending: impl Fn(crate::search::StateId, u32) -> bool,
    ) -> Option<crate::search::StateId> {
        let it = self.itp.as_mut()?;
        while let Some(n) = it.ready.pop() {
            if let Some(id) = node_state.remove(&n) {
                if pending(id, n) {
                    return Some(id);
                }
            }
        }
        None
    }

    /// A path was pruned: with `--subsumed-test` it ends with a test of its inputs
    /// (`End::Pruned(Prune::Subsumed)`, which is neither a completed nor a partial path).
    pub(super) fn itp_subsumed_end(&mut self) {
        if !self.itp.as_ref().is_some_and(|i| i.subsumed_test) {
            return;
        }
        let objects = self.test_objects(None);
        self.paths.push(crate::exec::PathEnd {
            end: crate::exec::End::Pruned(crate::exec::Prune::Subsumed),
            objects,
            silent: false,
            covered_new: self.st.covered_new,
        });
    }

    /// The explored tree in Graphviz form (`--output-tree`): a node per path segment with its
    /// start (function, source line) and its interpolant's conjuncts; solid edges to children,
    /// dashed edges from a subsumed node to the node whose interpolant pruned it.
    pub(super) fn itp_tree_dot(&self) -> Option<String> {
        let it = self.itp.as_ref()?;
        let m = self.m;
        let mut out = String::from("digraph tree {\n  node [shape=box, fontsize=10];\n");
        for (i, nd) in it.nodes.iter().enumerate() {
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
            if nd.parent != NONE {
                out.push_str(&format!("  n{} -> n{i};\n", nd.parent));
            }
            if let Some(o) = nd.subsumed_by {
                out.push_str(&format!("  n{i} -> n{o} [style=dashed];\n"));
            }
        }
        out.push_str("}\n");
        Some(out)
    }

    pub(super) fn itp_stats(&self) -> Option<Stats> {
        self.itp.as_ref().map(|i| {
            let mut s = i.stats.clone();
            s.entries = i.table.len;
            s
        })
    }
}

/// Maps location variables to a state's values.
struct StateMap<'a> {
    regs: &'a [Value],
    mem: &'a crate::exec::memory::Memory,
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
                Value::Sym(e) => Some(super::wp::byte_of(pool, *e, k)),
                _ => None,
            },
            Loc::Mem(o) => {
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
                Value::Sym(e) => {
                    let w = pool.width(*e);
                    (w <= bits).then(|| pool.zext(*e, bits))
                }
                _ => None,
            },
            Loc::Mem(o) => {
                let ob = self.mem.objs.get(o.idx as usize)?;
                if ob.gen != o.gen || !ob.alive || k + n > ob.size || bits > 128 {
                    return None;
                }
                if let Some(s) = &ob.sym {
                    if s[k as usize..(k + n) as usize].iter().any(|b| b.is_some()) {
                        return None;
                    }
                }
                Some(pool.constant(bits, self.mem.load_int(o.idx, k, n)))
            }
            _ => None,
        }
    }
}
