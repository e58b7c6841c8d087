//! A weighted discrete distribution over states (KLEE's `DiscretePDF`): a sum tree over dense
//! slots, O(log n) insert, remove, update and sample.

use super::StateId;

const NONE: u32 = u32::MAX;

#[derive(Default)]
pub struct SumTree {
    cap: usize,
    /// `tree[cap + slot]` is a slot's weight, `tree[i]` the sum of its children (`tree[1]` total).
    tree: Vec<f64>,
    ids: Vec<StateId>,
    /// Slot of each state id (`NONE` when absent).
    pos: Vec<u32>,
}

fn sanitize(w: f64) -> f64 {
    if w.is_nan() || w <= 0.0 {
        0.0
    } else {
        w.min(1e300)
    }
}

impl SumTree {
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn contains(&self, id: StateId) -> bool {
        self.pos.get(id.0 as usize).is_some_and(|&p| p != NONE)
    }

    pub fn ids(&self) -> &[StateId] {
        &self.ids
    }

    pub fn weight(&self, id: StateId) -> Option<f64> {
        let p = *self.pos.get(id.0 as usize)?;
        (p != NONE).then(|| self.tree[self.cap + p as usize])
    }

    pub fn total(&self) -> f64 {
        self.tree.get(1).copied().unwrap_or(0.0)
    }

    fn set(&mut self, slot: usize, w: f64) {
        let mut i = self.cap + slot;
        self.tree[i] = w;
        i /= 2;
        while i >= 1 {
            self.tree[i] = self.tree[2 * i] + self.tree[2 * i + 1];
            i /= 2;
        }
    }

    fn grow(&mut self) {
        let old_cap = self.cap;
        let new_cap = (old_cap * 2).max(16);
        let mut tree = vec![0.0; 2 * new_cap];
        let n = self.ids.len();
        tree[new_cap..new_cap + n].copy_from_slice(&self.tree[old_cap..old_cap + n]);
        for i in (1..new_cap).rev() {
            tree[i] = tree[2 * i] + tree[2 * i + 1];
        }
        self.cap = new_cap;
        self.tree = tree;
    }

    /// Inserts `id` (or updates its weight if present).
    pub fn insert(&mut self, id: StateId, w: f64) {
        if self.contains(id) {
            self.update(id, w);
            return;
        }
        let slot = self.ids.len();
        if slot == self.cap {
            self.grow();
        }
        let i = id.0 as usize;
        if self.pos.len() <= i {
            self.pos.resize(i + 1, NONE);
        }
        self.pos[i] = slot as u32;
        self.ids.push(id);
        self.set(slot, sanitize(w));
    }

    pub fn update(&mut self, id: StateId, w: f64) {
        if let Some(&p) = self.pos.get(id.0 as usize) {
            if p != NONE {
                self.set(p as usize, sanitize(w));
            }
        }
    }

    /// Removes `id`; false if it was absent.
    pub fn remove(&mut self, id: StateId) -> bool {
        let Some(&p) = self.pos.get(id.0 as usize) else {
            return false;
        };
        if p == NONE {
            return false;
        }
        let slot = p as usize;
        let last = self.ids.len() - 1;
        if slot != last {
            let moved = self.ids[last];
            let w = self.tree[self.cap + last];
            self.ids[slot] = moved;
            self.pos[moved.0 as usize] = slot as u32;
            self.set(slot, w);
        }
        self.set(last, 0.0);
        self.ids.pop();
        self.pos[id.0 as usize] = NONE;
        true
    }

    /// Picks a state with probability proportional to its weight, `u` uniform in `[0, 1)`.
    /// When every weight is zero, picks uniformly.
    pub fn choose(&self, u: f64) -> Option<StateId> {
        let n = self.ids.len();
        if n == 0 {
            return None;
        }
        let total = self.total();
        if total <= 0.0 || !total.is_finite() {
            return Some(self.ids[((u * n as f64) as usize).min(n - 1)]);
        }
        let mut r = u * total;
        let mut i = 1;
        while i < self.cap {
            let l = 2 * i;
            if r < self.tree[l] || self.tree[l + 1] <= 0.0 {
                i = l;
            } else {
                r -= self.tree[l];
                i = l + 1;
            }
        }
        Some(self.ids[(i - self.cap).min(n - 1)])
    }
}
