//! The tree of nodes (path segments) and what the observer keeps of it.

use std::sync::Arc;

use crate::exec::machine::NO_NODE;
use crate::itp::shared::SharedTable;
use crate::itp::trace::{Fact, Step};
use crate::itp::wp::WpCtx;
use crate::itp::{Itp, Key, Stats, Table};

/// A segment longer than this is not recorded (its node is blocked).
pub(super) const MAX_STEPS: usize = 4_000_000;
/// Entries tried per dequeued state (newest first).
pub(super) const MAX_CHECKS: usize = 64;

pub(super) struct Node {
    pub(super) parent: u32,
    pub(super) key: Option<Key>,
    /// Which outcome of the parent's fork this node follows.
    pub(super) outcome: u32,
    pub(super) steps: Vec<Step>,
    pub(super) facts: Vec<Fact>,
    pub(super) pending: u32,
    /// Something below ended early or could not be expressed: no entry here nor above.
    pub(super) blocked: bool,
    /// Its own segment is not modelled (a fork that makes no node, a trace cut short): no
    /// path's weakest precondition goes through it (`--pse`; `blocked` is also set).
    pub(super) seg_blocked: bool,
    /// `--pse`: its segment's forward pass, kept for the next path through it.
    pub(super) segment: Option<crate::itp::wp::Segment>,
    /// `--interpolation=abduction`: its start state (`itp::context`), the context its
    /// children's interpolants are abduced from.
    pub(super) ctx: Option<Box<crate::itp::context::NodeCtx>>,
    /// `--pse`: an ancestor starts at the same point (a later iteration of a loop, with
    /// `PseOptions::first_instance` its summary is neither kept nor checked).
    pub(super) repeat: bool,
    /// The root: its interpolant is useless (no other state starts there).
    pub(super) no_wp: bool,
    pub(super) children: Vec<(u32, Option<Arc<Itp>>)>,
    /// The node whose entry subsumed this one.
    pub(super) subsumed_by: Option<u32>,
    /// Finished (its parent heard of it).
    pub(super) finished: bool,
    /// Its children (node ids, in creation order).
    pub(super) kids: Vec<u32>,
    /// How it ended, for `--output-tree`: its interpolant's conjuncts, or why none.
    pub(super) label: Option<String>,
    /// The pool's number of arrays when it started: arrays numbered from here on were
    /// created inside its subtree.
    pub(super) first_array: u32,
    /// A side of a decided branch no path entered yet (`Fork::Decided`: the concolic mode's).
    pub(super) ghost: bool,
    /// Paths below it so far: explored ones, and those its subsumed descendants stand for
    /// (`Stats::covered_paths`).
    pub(super) paths: u64,
}

/// Interpolation (`Config::interpolation`): the tree, the table, the running node's state.
pub(crate) struct Interpolation {
    pub(super) nodes: Vec<Node>,
    pub(super) table: Table,
    pub(super) stats: Stats,
    /// The entry function returned (destructors may still run): steps now are not modelled.
    pub(super) closed: bool,
    /// The running node records its steps (`Wants::steps`).
    pub(super) tracing: bool,
    /// The running path just forked: the continuation's first block is checked against the
    /// table (`Wants::blocks`).
    pub(super) forked_here: bool,
    /// `--output-tree`: keep a label per node.
    pub(super) keep_tree: bool,
    /// Nodes whose parent waits for them alone (greedy confirmation runs them first).
    pub(super) ready: Vec<u32>,
    /// What the weakest-precondition pass keeps (location variables, solver, debug flag).
    pub(super) wp: WpCtx,
    /// With several workers: the run's table (asked for once), this worker's number there,
    /// the entries copied from it so far, and how many of the table's are copies.
    pub(super) shared: Option<Arc<SharedTable>>,
    pub(super) shared_asked: bool,
    pub(super) me: usize,
    pub(super) pulled: usize,
    pub(super) imported: u64,
    /// This worker's log of exported expressions and its copies of the others'.
    pub(super) copies: crate::itp::shared::Copies,
    /// Paths that follow an input (the concolic mode): the node the running path records
    /// (`NO_NODE`: it goes through nodes recorded before, `decided.rs`).
    pub(super) recording: u32,
    /// The side of the branch just decided that no path took yet (checked by
    /// `on_untaken_side`).
    pub(super) untaken: Option<u32>,
    /// Greedy confirmation of untaken sides (`confirm.rs`): on, and the one running.
    pub(super) confirm: bool,
    pub(super) confirming: Option<super::confirm::Confirming>,
    /// Interpolants are stored and checked (`Config::interpolation`; off when the observer
    /// runs for `--pse` alone).
    pub(super) learn: bool,
    /// `--pse`: the summaries of explored path suffixes (`itp::summary`).
    pub(super) pse: Option<crate::itp::summary::Summaries>,
    /// `--interpolation=abduction`: nodes keep their start state, forks abduce.
    pub(super) abduction: bool,
}

impl Node {
    /// Drops what the node recorded for its interpolant (its steps, facts and children's
    /// interpolants): finished, or never to be.
    pub(super) fn forget_trace(&mut self) {
        self.steps = Vec::new();
        self.facts = Vec::new();
        self.children = Vec::new();
        self.segment = None;
        self.ctx = None;
    }
}

impl Interpolation {
    /// `confirm`: greedy confirmation of the untaken sides of paths that follow an input;
    /// `learn`: interpolants stored and checked; `pse`: postconditioned symbolic execution;
    /// `abduction`: conjunctive interpolants by abduction (`itp::abduce`).
    pub(crate) fn new(
        keep_tree: bool,
        confirm: bool,
        learn: bool,
        pse: Option<crate::exec::PseOptions>,
        abduction: bool,
    ) -> Interpolation {
        Interpolation {
            nodes: vec![Self::root_node()],
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
            shared: None,
            shared_asked: false,
            me: 0,
            pulled: 0,
            imported: 0,
            copies: Default::default(),
            recording: NO_NODE,
            untaken: None,
            confirm,
            confirming: None,
            learn,
            pse: pse.map(crate::itp::summary::Summaries::new),
            abduction: abduction && learn,
        }
    }

    /// A root: the start of the program, where no interpolant is computed.
    fn root_node() -> Node {
        Node {
            parent: NO_NODE,
            key: None,
            outcome: 0,
            steps: Vec::new(),
            facts: Vec::new(),
            pending: 0,
            blocked: false,
            seg_blocked: false,
            segment: None,
            ctx: None,
            repeat: false,
            no_wp: true,
            children: Vec::new(),
            subsumed_by: None,
            finished: false,
            kids: Vec::new(),
            label: None,
            first_array: 0,
            ghost: false,
            paths: 0,
        }
    }

    /// Another root (a worker's replay of a prefix from the start).
    pub(super) fn new_root(&mut self) -> u32 {
        self.nodes.push(Self::root_node());
        self.stats.nodes += 1;
        self.nodes.len() as u32 - 1
    }

    pub(super) fn new_node(&mut self, parent: u32, outcome: u32, first_array: u32) -> u32 {
        self.nodes.push(Node {
            parent,
            key: None,
            outcome,
            steps: Vec::new(),
            facts: Vec::new(),
            pending: 0,
            blocked: false,
            seg_blocked: false,
            segment: None,
            ctx: None,
            repeat: false,
            no_wp: false,
            children: Vec::new(),
            subsumed_by: None,
            finished: false,
            kids: Vec::new(),
            label: None,
            first_array,
            ghost: false,
            paths: 0,
        });
        self.stats.nodes += 1;
        self.nodes.len() as u32 - 1
    }
}
