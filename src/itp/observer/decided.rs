//! Interpolation on paths that follow an input (the concolic mode, paper 000): the tree
//! persists from one path to the next. A path starts at the root again and goes through the
//! nodes recorded before (`recording` is `NO_NODE`: no steps recorded, no end taken) until a
//! decided branch takes a side no path took yet (a *ghost*, made when the branch was first
//! decided): it enters it, its subsumption check runs there, and it records it. A node's
//! interpolant is computed when all its children are finished (full, in the paper's words):
//! each ghost must be entered and finished, or found infeasible (`on_side_infeasible`); a
//! ghost never explored leaves its ancestors without an entry (half), so pruning is sound
//! under any search order.

use super::Interpolation;
use crate::exec::machine::{Untaken, Worker, NO_NODE};

impl Interpolation {
    /// The running path starts at the root of the tree kept from the paths before.
    pub(super) fn follow_restart(&mut self, it: &mut Worker<'_, '_>) {
        it.state_mut().path.node = 0;
        self.recording = NO_NODE;
        self.closed = false;
        self.tracing = false;
        self.forked_here = false;
    }

    /// A branch decided by the input: outcome `cont` taken at the running path's node.
    pub(super) fn decided(&mut self, it: &mut Worker<'_, '_>, cont: u32) {
        self.untaken = None;
        let parent = it.state().path.node;
        if parent == NO_NODE {
            return;
        }
        let p = parent as usize;
        if !self.nodes[p].kids.is_empty() {
            // Decided here before: the side's node, entered now if no path took it yet.
            let Some(k) = self.kid(parent, cont) else {
                // (A side found infeasible taken after all: a solver's answer the input
                // contradicts. The node gets no interpolant.)
                self.block(parent, "a side found infeasible was taken");
                it.state_mut().path.node = NO_NODE;
                self.recording = NO_NODE;
                self.tracing = false;
                return;
            };
            it.state_mut().path.node = k;
            self.untaken = self.kid(parent, 1 - cont).filter(|&g| {
                let n = &self.nodes[g as usize];
                n.ghost && !n.finished
            });
            let nd = &mut self.nodes[k as usize];
            if nd.ghost && !nd.finished {
                nd.ghost = false;
                nd.first_array = it.pool_ref().arrays().len() as u32;
                self.enter(k);
            } else {
                self.recording = NO_NODE;
                self.tracing = false;
            }
            return;
        }
        let first_array = it.pool_ref().arrays().len() as u32;
        let c = self.new_node(parent, cont, first_array);
        let g = self.new_node(parent, 1 - cont, first_array);
        self.nodes[g as usize].ghost = true;
        self.untaken = Some(g);
        let pn = &mut self.nodes[p];
        pn.kids.extend([c, g]);
        pn.pending = 2;
        it.state_mut().path.node = c;
        self.enter(c);
    }

    /// The child of `node` that follows `outcome` of its decided branch.
    fn kid(&self, node: u32, outcome: u32) -> Option<u32> {
        (self.nodes[node as usize].kids.iter().copied())
            .find(|&k| self.nodes[k as usize].outcome == outcome)
    }

    /// The running state is the untaken side of the branch just decided (`untaken`, a ghost):
    /// checked against the table there, it is finished when subsumed (paper 000's check of a
    /// negation target, before any input is solved for it); else kept for greedy
    /// confirmation (`confirm.rs`).
    pub(super) fn untaken_side(&mut self, it: &mut Worker<'_, '_>) -> Untaken {
        let Some(g) = self.untaken.take() else {
            return Untaken::Open;
        };
        it.state_mut().path.node = g;
        let hit = it.env_unchanged() && self.check(it);
        if self.wp.debug {
            let key = super::record::key_of(it);
            tracing::debug!(target: "trex::itp", "untaken side {g} at {key:?}: subsumed {hit}");
        }
        match (hit, self.confirm) {
            (true, _) => Untaken::Settled,
            (false, true) => Untaken::Keep,
            (false, false) => Untaken::Open,
        }
    }

    /// Over the memory cap between paths: every unfinished node is blocked and drops its trace
    /// (the table's entries stay and go on pruning; the nodes' subtrees get no entries).
    pub(super) fn drop_unfinished(&mut self) {
        for nd in self.nodes.iter_mut().filter(|n| !n.finished) {
            nd.blocked = true;
            nd.seg_blocked = true;
            nd.forget_trace();
        }
        self.ready = Vec::new();
        self.recording = NO_NODE;
        self.tracing = false;
    }

    /// The running path records node `n` from here, checked against the table first.
    fn enter(&mut self, n: u32) {
        self.recording = n;
        self.tracing = true;
        self.forked_here = true;
    }

    /// A pending path of this worker resumed (after its quantum): it records what it did.
    pub(super) fn follow_install(&mut self, it: &Worker<'_, '_>) {
        let node = it.state().path.node;
        self.forked_here = false;
        self.tracing = node != NO_NODE && node == self.recording;
    }

    /// Whether the running path's end is its node's (a path that ends inside a node recorded
    /// before ends no node).
    pub(super) fn ends_its_node(&self, it: &Worker<'_, '_>) -> bool {
        let node = it.state().path.node;
        !it.follows()
            || (node != NO_NODE && node == self.recording && !self.nodes[node as usize].finished)
    }

    /// Side `outcome` of the branch decided at `node` has no input: the node waits for it no
    /// longer (and may now be finished).
    pub(super) fn side_infeasible(&mut self, it: &mut Worker<'_, '_>, node: u32, outcome: u32) {
        if node == NO_NODE {
            return;
        }
        let Some(k) = self.kid(node, outcome) else {
            return;
        };
        let nd = &mut self.nodes[k as usize];
        if !nd.ghost || nd.finished {
            return;
        }
        // (Gone from the tree: no path enters it, its parent counts it no more.)
        nd.finished = true;
        let kids = &mut self.nodes[node as usize].kids;
        kids.retain(|&x| x != k);
        self.nodes[node as usize].pending -= 1;
        if self.nodes[node as usize].pending == 0 {
            let itp = self.fork_interpolant(it, node);
            self.finish_node(it, node, itp);
        }
    }
}
