//! The executor's side of interpolation (see `crate::itp`), an observer of the run
//! (`exec::machine::Observer`, made by `crate::extensions`; it sees the worker through
//! `exec::machine` only): the tree of nodes (`nodes.rs`; the running path's is
//! `PathState::node`), the trace each running node records (`record.rs`: every instruction,
//! and the facts the executor adds), finishing nodes (here: interpolants via `wp`, table
//! entries), and the subsumption check where a path resumes or a fork's continuation starts
//! (`check.rs`).

use std::sync::Arc;
use std::time::Instant;

mod check;
mod confirm;
mod decided;
mod nodes;
mod pse;
mod record;

pub(crate) use nodes::Interpolation;

use super::shared::SharedTable;
use super::trace::Fact;
use super::wp::Wp;
use crate::exec::machine::{Fork, Observer, PathFact, Stop, Untaken, Wants, Worker, NO_NODE, R};
use crate::exec::value::Value;
use crate::exec::{ErrorKind, Outcome, Prune};
use crate::ir::{FuncId, Inst, Module};
use crate::itp::Itp;

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
            it.state().path.node,
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
            Fork::Other(why) => self.block(it.state().path.node, why),
            Fork::Refused => self.block(
                it.state().path.node,
                "fork refused (--max-forks, --max-depth)",
            ),
            Fork::Decided { cont } => self.decided(it, cont),
        }
    }

    fn on_state_abstracted(&mut self, it: &mut Worker<'_, '_>) {
        self.block(it.state().path.node, "loop abstracted");
    }

    /// The continuation of a fork, or a path resuming after one, starts a new node: try the
    /// table on it.
    fn on_block(&mut self, it: &mut Worker<'_, '_>, _f: FuncId, _pc: u32, resumed: bool) -> R<()> {
        if !resumed && !self.forked_here {
            return Ok(());
        }
        self.forked_here = false;
        // Interpolants model `write` on standard output and error as returning its length
        // (`wp/calls.rs`): a state whose descriptors are not the initial ones is never pruned.
        if it.env_unchanged() {
            if self.learn && self.check(it) {
                return Err(Box::new(Stop::Pruned(Prune::Subsumed)));
            }
            if self.pse.is_some() && self.pse_check(it) {
                return Err(Box::new(Stop::Pruned(Prune::Pse)));
            }
        }
        if !self.first_visit(it) {
            return Err(Box::new(Stop::Pruned(Prune::Unconfirmed)));
        }
        let node = it.state().path.node;
        if self.abduction && node != NO_NODE {
            let nd = &mut self.nodes[node as usize];
            if nd.ctx.is_none() && !nd.blocked && !nd.no_wp {
                nd.ctx = Some(Box::new(crate::itp::context::NodeCtx::of(it.state_mut())));
            }
        }
        Ok(())
    }

    fn on_entry_returned(&mut self, _it: &mut Worker<'_, '_>) {
        self.closed = true;
    }

    /// A dequeued path starts running its node.
    fn on_install(&mut self, it: &mut Worker<'_, '_>) {
        if it.follows() {
            return self.follow_install(it);
        }
        let node = it.state().path.node;
        self.forked_here = false;
        self.closed = false;
        // (A root records nothing: no interpolant is computed there.)
        self.tracing = node != NO_NODE && !self.nodes[node as usize].no_wp;
    }

    /// A replay from the start (another worker's prefix): a tree of its own under a new
    /// root; the prefix's nodes never finish (their other sides are explored elsewhere), so
    /// only the subtree handed over gets interpolants.
    fn on_restart(&mut self, it: &mut Worker<'_, '_>) {
        if it.follows() {
            return self.follow_restart(it);
        }
        let root = self.new_root();
        it.state_mut().path.node = root;
        self.closed = false;
        self.tracing = false;
        self.forked_here = false;
    }

    fn on_memory_cap(&mut self, _it: &mut Worker<'_, '_>) {
        self.drop_unfinished();
    }

    fn on_untaken_side(&mut self, it: &mut Worker<'_, '_>) -> Untaken {
        self.untaken_side(it)
    }

    fn on_side_explore(&mut self, it: &mut Worker<'_, '_>) {
        self.confirm_start(it);
    }

    fn on_side_explored(&mut self, it: &mut Worker<'_, '_>, complete: bool) -> bool {
        self.confirm_end(it, complete)
    }

    fn on_side_infeasible(&mut self, it: &mut Worker<'_, '_>, node: u32, outcome: u32) {
        self.side_infeasible(it, node, outcome);
    }

    /// A leaf: its interpolant (a path ended early or by an internal error gets none).
    fn on_path_end(&mut self, it: &mut Worker<'_, '_>, r: &R<Value>) {
        if !self.ends_its_node(it) {
            return;
        }
        let complete = match r {
            Ok(_) => true,
            Err(e) => match &**e {
                // Its node was finished by the subsumption check; or greedy confirmation
                // gave up (its nodes are dropped: `confirm.rs`).
                // (Or by postconditioned symbolic execution's.)
                Stop::Pruned(Prune::Subsumed | Prune::Unconfirmed | Prune::Pse) => return,
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

    /// The root finished, and no node lost paths (a blocked one may have, at a fork it does
    /// not model).
    fn explored_whole(&self) -> bool {
        self.nodes[0].finished && !self.nodes[0].blocked
    }

    fn finish(&mut self, it: &Worker<'_, '_>, out: &mut Outcome) {
        let mut s = self.stats.clone();
        // (This worker's own entries: the copies are counted where they were learnt.)
        s.entries = self.table.len - self.imported;
        s.abduction = self.wp.abduce.clone();
        s.max_itp_nodes = self.wp.max_itp_nodes;
        if self.learn {
            out.interpolation = Some(s);
        }
        out.pse = self.pse.as_ref().map(|p| p.stats.clone());
        if self.keep_tree {
            out.tree_dot = Some(self.tree_dot(it.module()));
        }
    }
}

impl Interpolation {
    /// With several workers: the run's table (`itp/shared.rs`).
    fn shared_table(&mut self, it: &Worker<'_, '_>) -> Option<Arc<SharedTable>> {
        if !self.shared_asked {
            self.shared_asked = true;
            self.shared = it.run_shared::<SharedTable>("itp.table");
            if let Some(t) = &self.shared {
                self.me = t.join();
            }
        }
        self.shared.clone()
    }

    /// Copies the entries the other workers published since the last time into the table
    /// (their origin: no node of this tree).
    pub(super) fn pull(&mut self, it: &mut Worker<'_, '_>) {
        let Some(t) = self.shared_table(it) else {
            return;
        };
        for p in t.since(self.pulled) {
            self.pulled += 1;
            if p.is_from(self.me) {
                continue;
            }
            let itp = t.import(&p, it.pool(), &mut self.wp.locs, &mut self.copies);
            self.table.insert(p.key.clone(), Arc::new(itp), NO_NODE);
            self.imported += 1;
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
            self.nodes[node as usize].seg_blocked = true;
        }
    }

    /// The running path forked at the current step: the pending paths pushed last
    /// (`snap_outcomes.len()` of them, in push order) and the continuation (`cont`) each
    /// start a child node.
    fn fork(&mut self, it: &mut Worker<'_, '_>, snap_outcomes: &[u32], cont: u32) {
        let parent = it.state().path.node;
        if parent == NO_NODE {
            // Below a fork not modelled: the pending paths have no node either.
            return;
        }
        let first_array = it.pool_ref().arrays().len() as u32;
        let forked = it.forked_states(snap_outcomes.len());
        for (st, &o) in forked.zip(snap_outcomes) {
            let id = self.new_node(parent, o, first_array);
            st.path.node = id;
            self.nodes[parent as usize].kids.push(id);
        }
        let c = self.new_node(parent, cont, first_array);
        self.nodes[parent as usize].kids.push(c);
        self.nodes[parent as usize].pending = snap_outcomes.len() as u32 + 1;
        it.state_mut().path.node = c;
        self.tracing = true;
        self.forked_here = true;
    }

    /// The running path ended (`end`: how; `None`: early, the node is blocked).
    fn leaf(&mut self, it: &mut Worker<'_, '_>, end: Option<&R<Value>>) {
        let cur = it.state().path.node;
        if cur == NO_NODE {
            return;
        }
        self.tracing = false;
        let t0 = Instant::now();
        let node = &mut self.nodes[cur as usize];
        node.paths = 1;
        let itp = if node.blocked || node.no_wp {
            None
        } else {
            match end {
                Some(r) => {
                    let steps = std::mem::take(&mut node.steps);
                    let facts = std::mem::take(&mut node.facts);
                    self.wp.fresh_from = node.first_array;
                    // (For `--pse` alone: no solver simplification of the per-path ones.)
                    self.wp.solver_simplify = self.learn;
                    let mut wp = Wp::new(&mut *it, &mut self.wp);
                    let itp = wp.leaf_itp(&steps, &facts, r).map(Arc::new);
                    self.wp.solver_simplify = true;
                    itp
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
        if let Some(d) = &itp {
            if self.pse.is_some() {
                self.pse_path(it, cur, d.clone(), true);
            }
        }
        self.finish_node(it, cur, itp);
    }

    /// A node is finished with interpolant `itp` (`None`: blocked): store it, tell the parent.
    fn finish_node(&mut self, it: &mut Worker<'_, '_>, node: u32, itp: Option<Arc<Itp>>) {
        let mut node = node;
        let mut itp = itp;
        let (shared, me) = (self.shared_table(it), self.me);
        loop {
            let nd = &mut self.nodes[node as usize];
            if nd.finished {
                // (Never expected: a node ends once. Ignoring a second end keeps the
                // parent's count of pending children right.)
                debug_assert!(false, "node {node} finished twice");
                return;
            }
            nd.finished = true;
            nd.forget_trace();
            match (&itp, nd.no_wp) {
                (Some(i), false) => {
                    if self.wp.debug {
                        tracing::debug!(
                            target: "trex::itp",
                            "entry at {:?}: {} pins {:?} {:?}",
                            nd.key,
                            i.formula
                                .map(|f| it.pool_ref().display(f).to_string())
                                .unwrap_or_default(),
                            i.reg_pins,
                            i.mem_pins
                        );
                    }
                    // A subsumed node's interpolant is already in the table.
                    if let (Some(k), None, true) = (nd.key.clone(), nd.subsumed_by, self.learn) {
                        let e = Self::with_named(it, &self.wp.locs, i);
                        if let Some(t) = &shared {
                            let at = (it.pool_ref(), &self.wp.locs, &mut self.copies);
                            t.publish(me, k.clone(), &e, at);
                        }
                        let st = &mut self.stats;
                        st.conjuncts += i.conjuncts.len() as u64;
                        st.max_conjuncts = st.max_conjuncts.max(i.conjuncts.len() as u64);
                        self.table.insert(k, e, node);
                        self.stats.entries += 1;
                    }
                }
                (None, false) => self.stats.blocked += 1,
                _ => {}
            }
            let (parent, outcome, paths) = (nd.parent, nd.outcome, nd.paths);
            if self.keep_tree {
                self.nodes[node as usize].label = Some(match &itp {
                    Some(i) => i
                        .conjuncts
                        .iter()
                        .map(|&c| it.pool_ref().display(c).to_string())
                        .collect::<Vec<_>>()
                        .join("\\n"),
                    None => "(no interpolant)".to_string(),
                });
            }
            if parent == NO_NODE {
                return;
            }
            let p = &mut self.nodes[parent as usize];
            p.paths = p.paths.saturating_add(paths);
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
            itp = self.fork_interpolant(it, parent);
            node = parent;
        }
    }

    /// The interpolant of `node`, all of whose children are finished (`None`: blocked).
    fn fork_interpolant(&mut self, it: &mut Worker<'_, '_>, node: u32) -> Option<Arc<Itp>> {
        let t0 = Instant::now();
        let p = &mut self.nodes[node as usize];
        let r = if p.blocked || p.no_wp || !self.learn {
            None
        } else {
            let steps = std::mem::take(&mut p.steps);
            let facts = std::mem::take(&mut p.facts);
            let children = std::mem::take(&mut p.children);
            self.wp.fresh_from = p.first_array;
            self.wp.node_ctx = p.ctx.take();
            let mut wp = Wp::new(&mut *it, &mut self.wp);
            let r = wp.fork_itp(&steps, &facts, &children).map(Arc::new);
            self.wp.node_ctx = None;
            r
        };
        self.stats.itp_time += t0.elapsed();
        r
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
            if let Some(o) = nd.subsumed_by.filter(|&o| o != NO_NODE) {
                out.push_str(&format!("  n{i} -> n{o} [style=dashed];\n"));
            }
        }
        out.push_str("}\n");
        out
    }
}
