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
}

/// Depth-first: always the most recently added state (KLEE's `DFSSearcher`).
pub struct Dfs {
    list: List,
}

impl Dfs {
    pub fn new() -> Dfs {
        Dfs { list: List::new() }
    }
}

impl Default for Dfs {
    fn default() -> Self {
        Self::new()
    }
}

impl Searcher for Dfs {
    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        self.list.back()
    }

    fn update(
        &mut self,
        _current: Option<StateId>,
        added: &[StateId],
        removed: &[StateId],
        _info: &dyn StateInfo,
    ) {
        for &s in added {
            self.list.push_back(s);
        }
        for &s in removed {
            self.list.remove(s);
        }
    }

    fn is_empty(&self) -> bool {
        self.list.len == 0
    }

    fn name(&self) -> String {
        "DFSSearcher".into()
    }
}

/// Breadth-first: the oldest state; a state that forked goes to the back (KLEE's
/// `BFSSearcher`: a fork means the current state evolved).
pub struct Bfs {
    list: List,
}

impl Bfs {
    pub fn new() -> Bfs {
        Bfs { list: List::new() }
    }
}

impl Default for Bfs {
    fn default() -> Self {
        Self::new()
    }
}

impl Searcher for Bfs {
    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        self.list.front()
    }

    fn update(
        &mut self,
        current: Option<StateId>,
        added: &[StateId],
        removed: &[StateId],
        _info: &dyn StateInfo,
    ) {
        if let Some(c) = current {
            if !added.is_empty() && !removed.contains(&c) && self.list.remove(c) {
                self.list.push_back(c);
            }
        }
        for &s in added {
            self.list.push_back(s);
        }
        for &s in removed {
            self.list.remove(s);
        }
    }

    fn is_empty(&self) -> bool {
        self.list.len == 0
    }

    fn name(&self) -> String {
        "BFSSearcher".into()
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

    fn update(
        &mut self,
        _current: Option<StateId>,
        added: &[StateId],
        removed: &[StateId],
        _info: &dyn StateInfo,
    ) {
        for &s in added {
            let i = s.0 as usize;
            if self.pos.len() <= i {
                self.pos.resize(i + 1, NONE);
            }
            if self.pos[i] == NONE {
                self.pos[i] = self.states.len() as u32;
                self.states.push(s);
            }
        }
        for &s in removed {
            let Some(&p) = self.pos.get(s.0 as usize) else {
                continue;
            };
            if p == NONE {
                continue;
            }
            let last = *self.states.last().unwrap();
            self.states.swap_remove(p as usize);
            if last != s {
                self.pos[last.0 as usize] = p;
            }
            self.pos[s.0 as usize] = NONE;
        }
    }

    fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    fn name(&self) -> String {
        "RandomSearcher".into()
    }
}
