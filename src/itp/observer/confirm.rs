//! Greedy confirmation (paper 000, §5.2) for paths that follow an input. A node whose taken
//! side is finished waits for its untaken side alone (a ghost: `decided.rs`); instead of
//! waiting for the concolic search to go there, the worker explores that side itself, right
//! after the path ended, forking depth first from the state kept at the decision
//! (`Observer::on_side_explore`). Each program point (a node's start, with its calling
//! context) may be reached once by a state not subsumed: a second such state gives the
//! confirmation up (`Prune::Unconfirmed`), so that it costs at most one visit per point. A
//! confirmation that explores the whole side finishes its node (then the parent, and so on
//! up: the next side waiting alone is confirmed next, `run_first`); one given up leaves the
//! side a ghost again, for the search (the entries it learnt stay: each is a finished
//! subtree's).

use hashbrown::HashSet;

use super::record::key_of;
use super::Interpolation;
use crate::exec::machine::Worker;
use crate::itp::Key;

/// The confirmation running.
pub(crate) struct Confirming {
    /// The side's node.
    root: u32,
    /// The first node it made (nodes from here on are its own).
    from: usize,
    /// The program points reached by a state not subsumed.
    seen: HashSet<Key>,
}

impl Interpolation {
    /// The installed state, an untaken side kept at its decision, is explored now: its node
    /// is entered (no longer a ghost).
    pub(super) fn confirm_start(&mut self, it: &mut Worker<'_, '_>) {
        let g = it.state().path.node;
        let nd = &mut self.nodes[g as usize];
        nd.ghost = false;
        nd.first_array = it.pool_ref().arrays().len() as u32;
        self.confirming = Some(Confirming {
            root: g,
            from: self.nodes.len(),
            seen: HashSet::new(),
        });
    }

    /// Whether the running path, at a node's start and not subsumed there, is the first to
    /// reach this program point in the running confirmation (always, outside one).
    pub(super) fn first_visit(&mut self, it: &Worker<'_, '_>) -> bool {
        match &mut self.confirming {
            Some(c) => c.seen.insert(key_of(it)),
            None => true,
        }
    }

    /// The confirmation is over (`complete`: all its paths ran): whether its side is
    /// finished. Given up, its unfinished nodes are dropped and the side is a ghost again.
    pub(super) fn confirm_end(&mut self, _it: &mut Worker<'_, '_>, complete: bool) -> bool {
        let Some(c) = self.confirming.take() else {
            return false;
        };
        self.tracing = false;
        self.forked_here = false;
        let g = c.root as usize;
        if self.nodes[g].finished {
            // (Finished with all its paths run: a path given up leaves its node unfinished.)
            return complete;
        }
        for nd in self.nodes[c.from..].iter_mut().filter(|n| !n.finished) {
            // (No state of theirs is left: they never finish. Their memory goes.)
            nd.blocked = true;
            nd.seg_blocked = true;
            nd.finished = true;
            nd.forget_trace();
            nd.kids = Vec::new();
        }
        let nd = &mut self.nodes[g];
        nd.ghost = true;
        nd.kids = Vec::new();
        nd.pending = 0;
        nd.blocked = false;
        nd.key = None;
        nd.forget_trace();
        nd.paths = 0;
        false
    }
}
