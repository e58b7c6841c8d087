//! KLEE's DFS, BFS and random-state searchers.

use super::rng::Rng;
use super::{Searcher, StateId, StateInfo};

const NONE: u32 = u32::MAX;

/// A doubly-linked list of states indexed by `StateId`: O(1) push at the back, removal
/// anywhere and move to the back.
#[derive(Default)]
struct List {
    /// `(prev, next, present)` per state id.
    links: Vec<(u32, u32, bool)>,
    head: u32,
    tail: u32,
    len: usize,
}

impl List {
    fn new() -> List {
        List {
            links: Vec::new(),
            head: NONE,
            tail: NONE,
            len: 0,
        }
    }

    fn contains(&self, s: StateId) -> bool {
        self.links.get(s.0 as usize).is_some_and(|l| l.2)
    }

    fn push_back(&mut self, s: StateId) {
        if self.contains(s) {
            return;
        }
        let i = s.0 as usize;
        if self.links.len() <= i {
            self.links.resize(i + 1, (NONE, NONE, false));
        }
        self.links[i] = (self.tail, NONE, true);
        if self.tail == NONE {
            self.head = s.0;
        } else {
            self.links[self.tail as usize].1 = s.0;
        }
        self.tail = s.0;
        self.len += 1;
    }

    fn remove(&mut self, s: StateId) -> bool {
        if !self.contains(s) {
            return false;
        }
        let (prev, next, _) = self.links[s.0 as usize];
        if prev == NONE {
            self.head = next;
        } else {
            self.links[prev as usize].1 = next;
        }
        if next == NONE {
            self.tail = prev;
        } else {
            self.links[next as usize].0 = prev;
        }
        self.links[s.0 as usize] = (NONE, NONE, false);
        self.len -= 1;
        true
    }

    fn front(&self) -> Option<StateId> {
        (self.head != NONE).then_some(StateId(self.head))
    }

    fn back(&self) -> Option<StateId> {
        (self.tail != NONE).then_some(StateId(self.tail))
    }

    /// Moves `s` (present) to just before the back: second from the back.
    fn move_below_back(&mut self, s: StateId) {
        if self.back() == Some(s) || self.len < 2 {
            return;
        }
        self.remove(s);
        let back = self.tail;
        let prev = self.links[back as usize].0;
        self.links[s.0 as usize] = (prev, back, true);
        self.links[back as usize].0 = s.0;
        if prev == NONE {
            self.head = s.0;
        } else {
            self.links[prev as usize].1 = s.0;
        }
        self.len += 1;
    }
}

/// KLEE's list searchers: depth-first (`Dfs`, KLEE's `DFSSearcher`) always picks the most
/// recently added state; breadth-first (`Bfs`, KLEE's `BFSSearcher`) the oldest one, and a state
/// that forked goes to the back (a fork means the current state evolved).
///
/// Depth-first, a state still live after its update was suspended after its quantum (the
/// executor's only way for a running path to stop alive): it goes second from the back, so it
/// yields to the newest state only (the other side of its latest fork, and that side's own
/// forks), then resumes before the older paths it forked. Where it stayed (KLEE's order), a
/// path suspended halfway down a deep tree waited for every subtree it had forked: under
/// interpolation they all ran before its leaf gave them an interpolant (the loop form of
/// Fig. 4 at N = 2000: over 100 s, against 10 s without the quantum). It still yields to one
/// path each quantum, so a path spinning without end cannot starve the side it forked.
pub struct ListSearcher<const BREADTH_FIRST: bool> {
    list: List,
}

/// Depth-first: always the most recently added state (KLEE's `DFSSearcher`).
pub type Dfs = ListSearcher<false>;

/// Breadth-first: the oldest state; a state that forked goes to the back (KLEE's
/// `BFSSearcher`).
pub type Bfs = ListSearcher<true>;

impl<const BREADTH_FIRST: bool> ListSearcher<BREADTH_FIRST> {
    pub fn new() -> Self {
        ListSearcher { list: List::new() }
    }
}

impl<const BREADTH_FIRST: bool> Default for ListSearcher<BREADTH_FIRST> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BREADTH_FIRST: bool> Searcher for ListSearcher<BREADTH_FIRST> {
    fn update(
        &mut self,
        current: Option<StateId>,
        added: &[StateId],
        removed: &[StateId],
        info: &dyn StateInfo,
    ) {
        let live = current.filter(|c| !removed.contains(c));
        self.stepped(live, !added.is_empty(), info);
        for &s in added {
            self.add_state(s, info);
        }
        for &s in removed {
            self.remove_state(s);
        }
        if let Some(c) = live.filter(|&c| !BREADTH_FIRST && self.list.contains(c)) {
            self.list.move_below_back(c);
        }
    }

    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        if BREADTH_FIRST {
            self.list.front()
        } else {
            self.list.back()
        }
    }

    fn stepped(&mut self, live: Option<StateId>, added_any: bool, _info: &dyn StateInfo) {
        // Breadth-first, a state that forked goes to the back.
        if let Some(c) = live.filter(|_| BREADTH_FIRST && added_any) {
            if self.list.remove(c) {
                self.list.push_back(c);
            }
        }
    }

    fn add_state(&mut self, s: StateId, _info: &dyn StateInfo) {
        self.list.push_back(s);
    }

    fn remove_state(&mut self, s: StateId) {
        self.list.remove(s);
    }

    fn is_empty(&self) -> bool {
        self.list.len == 0
    }

    fn name(&self) -> String {
        if BREADTH_FIRST {
            "BFSSearcher"
        } else {
            "DFSSearcher"
        }
        .into()
    }
}

/// Uniformly random state (KLEE's `RandomSearcher`, `--search=random-state`).
pub struct RandomState {
    states: Vec<StateId>,
    pos: Vec<u32>,
    rng: Rng,
}

impl RandomState {
    pub fn new(seed: u64) -> RandomState {
        RandomState {
            states: Vec::new(),
            pos: Vec::new(),
            rng: Rng::new(seed),
        }
    }
}

impl Searcher for RandomState {
    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        if self.states.is_empty() {
            return None;
        }
        let i = self.rng.below(self.states.len() as u64) as usize;
        Some(self.states[i])
    }

    fn add_state(&mut self, s: StateId, _info: &dyn StateInfo) {
        let i = s.0 as usize;
        if self.pos.len() <= i {
            self.pos.resize(i + 1, NONE);
        }
        if self.pos[i] == NONE {
            self.pos[i] = self.states.len() as u32;
            self.states.push(s);
        }
    }

    fn remove_state(&mut self, s: StateId) {
        let Some(&p) = self.pos.get(s.0 as usize) else {
            return;
        };
        if p == NONE {
            return;
        }
        let last = *self.states.last().unwrap();
        self.states.swap_remove(p as usize);
        if last != s {
            self.pos[last.0 as usize] = p;
        }
        self.pos[s.0 as usize] = NONE;
    }

    fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    fn name(&self) -> String {
        "RandomSearcher".into()
    }
}
