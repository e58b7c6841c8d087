//! KLEE's `RandomPathSearcher`: walk the process tree (the binary tree of forks) from the root,
//! taking either child with probability 1/2, so a state at depth d is picked with probability
//! 2^-d: states in shallow, little-explored parts of the tree are favoured.
//!
//! The searcher keeps its own tree, fed by [`Searcher::fork`]. An inner node whose subtree lost
//! a leaf is spliced out (its remaining child takes its place): a node with one child is walked
//! through deterministically, so splicing changes no probability and every inner node always
//! has two live children (no walks into dead subtrees). `select` costs O(depth of the tree).

use super::rng::Rng;
use super::{Searcher, StateId, StateInfo};

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
enum Kind {
    Leaf(StateId),
    Inner(u32, u32),
    Free,
}

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    kind: Kind,
}

pub struct RandomPath {
    nodes: Vec<Node>,
    free: Vec<u32>,
    root: u32,
    /// Leaf node of each state id (`NONE` when absent).
    leaf_of: Vec<u32>,
    len: usize,
    rng: Rng,
    /// Random bits not used yet (KLEE draws 32 at a time too).
    bits: u64,
    nbits: u32,
}

impl RandomPath {
    pub fn new(seed: u64) -> RandomPath {
        RandomPath {
            nodes: Vec::new(),
            free: Vec::new(),
            root: NONE,
            leaf_of: Vec::new(),
            len: 0,
            rng: Rng::new(seed),
            bits: 0,
            nbits: 0,
        }
    }

    fn alloc(&mut self, node: Node) -> u32 {
        if let Some(i) = self.free.pop() {
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        }
    }

    fn leaf(&self, s: StateId) -> u32 {
        self.leaf_of.get(s.0 as usize).copied().unwrap_or(NONE)
    }

    fn set_leaf(&mut self, s: StateId, n: u32) {
        let i = s.0 as usize;
        if self.leaf_of.len() <= i {
            self.leaf_of.resize(i + 1, NONE);
        }
        self.leaf_of[i] = n;
    }

    /// Adds `s` as a new subtree beside everything else (a state that no fork announced).
    fn add_top(&mut self, s: StateId) {
        let leaf = self.alloc(Node {
            parent: NONE,
            kind: Kind::Leaf(s),
        });
        self.set_leaf(s, leaf);
        self.len += 1;
        if self.root == NONE {
            self.root = leaf;
        } else {
            let old = self.root;
            let inner = self.alloc(Node {
                parent: NONE,
                kind: Kind::Inner(old, leaf),
            });
            self.nodes[old as usize].parent = inner;
            self.nodes[leaf as usize].parent = inner;
            self.root = inner;
        }
    }

    fn remove(&mut self, s: StateId) {
        let n = self.leaf(s);
        if n == NONE {
            return;
        }
        self.leaf_of[s.0 as usize] = NONE;
        self.len -= 1;
        let p = self.nodes[n as usize].parent;
        self.nodes[n as usize].kind = Kind::Free;
        self.free.push(n);
        if p == NONE {
            self.root = NONE;
            return;
        }
        let Kind::Inner(a, b) = self.nodes[p as usize].kind else {
            unreachable!("parent of a leaf is an inner node")
        };
        let sibling = if a == n { b } else { a };
        let g = self.nodes[p as usize].parent;
        self.nodes[sibling as usize].parent = g;
        if g == NONE {
            self.root = sibling;
        } else if let Kind::Inner(x, y) = self.nodes[g as usize].kind {
            self.nodes[g as usize].kind = if x == p {
                Kind::Inner(sibling, y)
            } else {
                Kind::Inner(x, sibling)
            };
        }
        self.nodes[p as usize].kind = Kind::Free;
        self.free.push(p);
    }

    fn coin(&mut self) -> bool {
        if self.nbits == 0 {
            self.bits = self.rng.next_u64();
            self.nbits = 64;
        }
        let b = self.bits & 1 != 0;
        self.bits >>= 1;
        self.nbits -= 1;
        b
    }

    /// Depth of `s` in the (spliced) tree: the number of coin flips that lead to it.
    pub fn depth_of(&self, s: StateId) -> Option<u32> {
        let mut n = self.leaf(s);
        if n == NONE {
            return None;
        }
        let mut d = 0;
        while self.nodes[n as usize].parent != NONE {
            n = self.nodes[n as usize].parent;
            d += 1;
        }
        Some(d)
    }
}

impl Searcher for RandomPath {
    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        let mut n = self.root;
        if n == NONE {
            return None;
        }
        loop {
            match self.nodes[n as usize].kind {
                Kind::Leaf(s) => return Some(s),
                Kind::Inner(a, b) => n = if self.coin() { b } else { a },
                Kind::Free => unreachable!("walk reached a freed node"),
            }
        }
    }

    fn fork(&mut self, parent: StateId, child: StateId) {
        let p = self.leaf(parent);
        if p == NONE || self.leaf(child) != NONE || parent == child {
            // Unknown parent: the child becomes a top-level subtree when added.
            return;
        }
        // Node p becomes the fork: left the parent's continuation, right the child.
        let a = self.alloc(Node {
            parent: p,
            kind: Kind::Leaf(parent),
        });
        let b = self.alloc(Node {
            parent: p,
            kind: Kind::Leaf(child),
        });
        self.nodes[p as usize].kind = Kind::Inner(a, b);
        self.set_leaf(parent, a);
        self.set_leaf(child, b);
        self.len += 1;
    }

    fn add_state(&mut self, s: StateId, _info: &dyn StateInfo) {
        if self.leaf(s) == NONE {
            self.add_top(s);
        }
    }

    fn remove_state(&mut self, s: StateId) {
        self.remove(s);
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn name(&self) -> String {
        "RandomPathSearcher".into()
    }
}
