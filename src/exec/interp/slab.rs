//! The pending paths of a worker: their snapshots and what the searcher may ask of them,
//! in slots a `StateId` names.

use super::{Snap, StateMeta};
use crate::ir::FuncId;
use crate::search::{StateId, StateInfo};

/// The pending paths, indexed by `StateId` (freed slots are reused). A snapshot is boxed:
/// inline, its 672 bytes were in every slot and in the vector's spare capacity (6.9 % of the
/// heap at coreutils cat's peak, massif).
#[derive(Default)]
pub(in crate::exec) struct Slab<'m> {
    pub(in crate::exec) slots: Vec<(Option<Box<Snap<'m>>>, Option<StateMeta>)>,
    free: Vec<u32>,
    /// With several workers (`keep_fresh`): the paths that may move to another worker
    /// (forked, never run since), by their number of fork decisions. A scan of every slot
    /// for the shallowest one at each move cost 12 % of a 2-thread run of benchmarks/paths
    /// N = 16 that moved 932 paths out of 8,000 to 14,000 pending ones (perf); a
    /// `BTreeSet` kept in step with every fork and selection still cost 4 %.
    fresh: Option<Fresh>,
}

/// Slots by fork decisions, `buckets[d]` those of paths with `d`, pushed at each insertion
/// and dropped lazily: an entry whose slot no longer holds a path that may move with that
/// many decisions is skipped when met (a reused slot holding another such path is a right
/// answer too).
#[derive(Default)]
struct Fresh {
    buckets: Vec<Vec<u32>>,
    entries: usize,
}

impl<'m> Slab<'m> {
    /// Keeps the index of the paths that may move (`shallowest_fresh`).
    pub(in crate::exec) fn keep_fresh(&mut self) {
        self.fresh.get_or_insert_with(Default::default);
    }

    /// The pending path with the fewest fork decisions among those forked and never run (a
    /// suspended path ran since its last fork: its replay would repeat what it did); `None`
    /// also without `keep_fresh`.
    pub(in crate::exec) fn shallowest_fresh(&mut self) -> Option<StateId> {
        let fresh = self.fresh.as_mut()?;
        for (d, b) in fresh.buckets.iter_mut().enumerate() {
            while let Some(&s) = b.last() {
                let holds = self.slots[s as usize].0.as_deref();
                if holds.and_then(Self::forks_if_fresh) == Some(d as u64) {
                    return Some(StateId(s));
                }
                b.pop();
                fresh.entries -= 1;
            }
        }
        None
    }

    /// The fork decisions of `snap`, if it may move.
    fn forks_if_fresh(snap: &Snap<'_>) -> Option<u64> {
        let t = snap.st.path.trail.as_ref()?;
        (!snap.preempted && !snap.st.path.diverged).then_some(t.log.len())
    }

    /// Slot `s` holds a new path: indexed if it may move.
    fn index(&mut self, s: u32) {
        let Some(fresh) = &mut self.fresh else {
            return;
        };
        let Some(d) = self.slots[s as usize]
            .0
            .as_deref()
            .and_then(Self::forks_if_fresh)
        else {
            return;
        };
        let d = d as usize;
        if fresh.buckets.len() <= d {
            fresh.buckets.resize_with(d + 1, Vec::new);
        }
        if fresh.entries > 2 * self.slots.len() + 64 {
            // Mostly entries of paths gone: rebuilt from the slots.
            fresh.buckets.iter_mut().for_each(Vec::clear);
            fresh.entries = 0;
            for (i, slot) in self.slots.iter().enumerate() {
                if let Some(d) = slot.0.as_deref().and_then(Self::forks_if_fresh) {
                    fresh.buckets[d as usize].push(i as u32);
                    fresh.entries += 1;
                }
            }
            // (`s` is among them.)
            return;
        }
        fresh.buckets[d].push(s);
        fresh.entries += 1;
    }

    pub(super) fn insert(&mut self, snap: Option<Snap<'m>>, meta: StateMeta) -> StateId {
        let v = (snap.map(Box::new), Some(meta));
        let s = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = v;
                i
            }
            None => {
                self.slots.push(v);
                self.slots.len() as u32 - 1
            }
        };
        self.index(s);
        StateId(s)
    }

    /// The snapshot of a selected path (its metadata stays until it is removed).
    pub(in crate::exec) fn take(&mut self, s: StateId) -> Snap<'m> {
        *self.slots[s.0 as usize]
            .0
            .take()
            .expect("selected a running path")
    }

    /// Puts a suspended path back in its slot (it stays known to the searcher).
    pub(in crate::exec) fn put_back(&mut self, s: StateId, snap: Snap<'m>) {
        let meta = StateMeta::of(&snap);
        self.slots[s.0 as usize] = (Some(Box::new(snap)), Some(meta));
        self.index(s.0);
    }

    pub(in crate::exec) fn remove(&mut self, s: StateId) {
        self.slots[s.0 as usize] = (None, None);
        self.free.push(s.0);
    }

    pub(super) fn meta(&self, s: StateId) -> &StateMeta {
        self.slots[s.0 as usize].1.as_ref().expect("unknown state")
    }
}

impl StateInfo for Slab<'_> {
    fn location(&self, s: StateId) -> (FuncId, u32) {
        self.meta(s).loc
    }
    fn call_stack(&self, s: StateId) -> &[(FuncId, u32)] {
        &self.meta(s).stack
    }
    fn depth(&self, s: StateId) -> u32 {
        self.meta(s).depth
    }
    fn instructions_since_new_coverage(&self, s: StateId) -> u64 {
        self.meta(s).since_covnew
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::interp::branch_log::Trail;
    use crate::exec::interp::state::ExecutionState;
    use crate::exec::machine::Environment;
    use crate::exec::memory::Memory;

    /// A pending path with `forks` fork decisions; `preempted`: suspended after its quantum.
    fn snap(forks: u32, preempted: bool) -> Snap<'static> {
        let env = crate::posix::PosixHook::default().initial();
        let mut st = ExecutionState::new(Memory::new(8), env);
        let mut t = Trail::default();
        for i in 0..forks {
            t.push(i % 2 == 0, (0, i));
        }
        st.path.trail = Some(Box::new(t));
        Snap {
            st,
            edge: None,
            preempted,
        }
    }

    fn meta() -> StateMeta {
        StateMeta::root(FuncId(0))
    }

    /// The shallowest fresh path by a scan of every slot (what the index replaces).
    fn scan(slab: &Slab<'_>) -> Option<u64> {
        slab.slots
            .iter()
            .filter_map(|s| s.0.as_ref())
            .filter(|s| !s.preempted)
            .map(|s| s.st.path.trail.as_ref().unwrap().log.len())
            .min()
    }

    /// The forks of the path in slot `s`, if it holds one that may move.
    fn depth(slab: &Slab<'_>, s: StateId) -> Option<u64> {
        let snap = slab.slots[s.0 as usize].0.as_ref()?;
        (!snap.preempted).then(|| snap.st.path.trail.as_ref().unwrap().log.len())
    }

    #[test]
    fn the_shallowest_fresh_path_is_indexed_through_inserts_takes_and_removes() {
        let mut slab = Slab::default();
        assert_eq!(slab.shallowest_fresh(), None);
        slab.keep_fresh();
        let mut ids = Vec::new();
        for (i, forks) in [7u32, 3, 9, 3, 12, 1, 5].into_iter().enumerate() {
            // Every third path was suspended after its quantum: it may not move.
            ids.push(slab.insert(Some(snap(forks, i % 3 == 2)), meta()));
        }
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for step in 0..400 {
            let got = slab.shallowest_fresh().map(|s| depth(&slab, s));
            assert_eq!(got, scan(&slab).map(Some), "step {step}");
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let live: Vec<StateId> = ids
                .iter()
                .copied()
                .filter(|s| slab.slots[s.0 as usize].0.is_some())
                .collect();
            match (rng % 5, live.is_empty()) {
                // The shallowest moves to another worker.
                (4, _) => {
                    if let Some(s) = slab.shallowest_fresh() {
                        slab.take(s);
                        slab.remove(s);
                    }
                }
                // A path runs and ends, or runs and is put back suspended.
                (0 | 1, false) => {
                    let s = live[(rng >> 8) as usize % live.len()];
                    let mut sn = slab.take(s);
                    if rng.is_multiple_of(5) {
                        slab.remove(s);
                    } else {
                        sn.preempted = true;
                        slab.put_back(s, sn);
                    }
                }
                // A fork adds one.
                _ => ids.push(slab.insert(Some(snap((rng >> 16) as u32 % 20, false)), meta())),
            }
        }
    }

    #[test]
    fn entries_of_paths_gone_are_dropped() {
        let mut slab = Slab::default();
        slab.keep_fresh();
        let keep = slab.insert(Some(snap(40, false)), meta());
        for i in 0..5000u32 {
            // A path forked and run to its end (its slot is reused), deeper and deeper.
            let s = slab.insert(Some(snap(1 + i % 300, false)), meta());
            slab.take(s);
            slab.remove(s);
            let entries = slab.fresh.as_ref().unwrap().entries;
            assert!(entries <= 2 * slab.slots.len() + 65, "{entries} entries");
            if (i + 1).is_multiple_of(1000) {
                assert_eq!(slab.shallowest_fresh(), Some(keep), "{i}");
            }
        }
    }
}
