//! KLEE's `WeightedRandomSearcher` (the `nurs:*` heuristics): a state is picked with probability
//! proportional to its weight, kept in a sum tree (O(log n) sample and update).

use std::sync::Arc;

use super::coverage::Coverage;
use super::distance::Distances;
use super::pdf::SumTree;
use super::rng::Rng;
use super::{Searcher, StateId, StateInfo};
use crate::ir;

/// The weight functions (KLEE's `WeightedRandomSearcher::WeightType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// `nurs:depth`: weight = depth (number of forks on the path).
    Depth,
    /// `nurs:rp`: weight = 0.5^depth.
    RandomPath,
    /// `nurs:icnt`: weight = (1/max(1, executions of the state's next instruction))^2.
    InstCount,
    /// `nurs:md2u`: weight = (1/md2u)^2, md2u = 10000 when no uncovered code is reachable.
    MinDistToUncovered,
    /// `nurs:covnew`: weight = invCovNew^2 + (1/md2u)^2, with invCovNew = 0 when the state never
    /// covered new code (instsSinceCovNew = 0), else 1/max(1, instsSinceCovNew - 1000).
    CoveringNew,
}

/// Default number of updates between two recomputations of the distances to uncovered code
/// (at least the number of live states, so the reweighting of all states costs amortized
/// O(log n) per update). KLEE recomputes on a timer (`--uncovered-update-interval`, 30 s); an
/// update count keeps runs deterministic. An update is a path end or a quantum, so 256 of them
/// are at least a few million instructions: a recomputation (linear in the program) is cheap
/// next to them, and the executor's coverage reaches the weights while they still matter.
pub const RECOMPUTE_INTERVAL: u64 = 256;

pub struct Weighted {
    kind: Weight,
    tree: SumTree,
    rng: Rng,
    coverage: Arc<Coverage>,
    dist: Option<Distances>,
    updates_since: u64,
    interval: u64,
}

impl Weighted {
    pub fn new(kind: Weight, seed: u64, module: &ir::Module, coverage: Arc<Coverage>) -> Weighted {
        let dist = matches!(kind, Weight::MinDistToUncovered | Weight::CoveringNew)
            .then(|| Distances::new(module, &coverage));
        Weighted {
            kind,
            tree: SumTree::default(),
            rng: Rng::new(seed),
            coverage,
            dist,
            updates_since: 0,
            interval: RECOMPUTE_INTERVAL,
        }
    }

    /// Sets the minimum number of updates between two recomputations of the distances (1:
    /// as soon as coverage changed).
    pub fn set_recompute_interval(&mut self, n: u64) {
        self.interval = n.max(1);
    }

    /// The distances to uncovered code, if this heuristic uses them.
    pub fn distances(&self) -> Option<&Distances> {
        self.dist.as_ref()
    }

    /// The current weight of `s`, if it is held.
    pub fn weight_of(&self, s: StateId) -> Option<f64> {
        self.tree.weight(s)
    }

    fn md2u(&self, s: StateId, info: &dyn StateInfo) -> u64 {
        let Some(d) = &self.dist else { return 0 };
        let (f, pc) = info.location(s);
        d.for_state(f, pc, info.call_stack(s))
    }

    /// The weight of `s` now.
    pub fn weight(&self, s: StateId, info: &dyn StateInfo) -> f64 {
        match self.kind {
            Weight::Depth => info.depth(s) as f64,
            Weight::RandomPath => 0.5f64.powi(info.depth(s).min(i32::MAX as u32) as i32),
            Weight::InstCount => {
                let (f, pc) = info.location(s);
                let inv = 1.0 / self.coverage.count(f, pc).max(1) as f64;
                inv * inv
            }
            Weight::MinDistToUncovered | Weight::CoveringNew => {
                let md2u = self.md2u(s, info);
                let inv_md2u = 1.0 / if md2u != 0 { md2u as f64 } else { 10000.0 };
                let mut w = inv_md2u * inv_md2u;
                if self.kind == Weight::CoveringNew {
                    let since = info.instructions_since_new_coverage(s);
                    if since != 0 {
                        let inv = 1.0 / (since.saturating_sub(1000).max(1)) as f64;
                        w += inv * inv;
                    }
                }
                w
            }
        }
    }

    fn maybe_recompute(&mut self, info: &dyn StateInfo) {
        let Some(d) = &mut self.dist else { return };
        self.updates_since += 1;
        if self.updates_since < self.interval.max(self.tree.len() as u64)
            || d.version() == self.coverage.covered_count()
        {
            return;
        }
        self.updates_since = 0;
        d.recompute(&self.coverage);
        let ids: Vec<StateId> = self.tree.ids().to_vec();
        for s in ids {
            let w = self.weight(s, info);
            self.tree.update(s, w);
        }
    }
}

impl Searcher for Weighted {
    fn select(&mut self, _info: &dyn StateInfo) -> Option<StateId> {
        let u = self.rng.next_f64();
        self.tree.choose(u)
    }

    fn stepped(&mut self, live: Option<StateId>, added_any: bool, info: &dyn StateInfo) {
        self.maybe_recompute(info);
        // Depth and 0.5^depth only change at forks, which the executor reports as added
        // states; KLEE does not reweight the current state for them either.
        let reweight =
            matches!(self.kind, Weight::MinDistToUncovered | Weight::CoveringNew) || added_any;
        if let Some(c) = live {
            if reweight && self.tree.contains(c) {
                let w = self.weight(c, info);
                self.tree.update(c, w);
            }
        }
    }

    fn add_state(&mut self, s: StateId, info: &dyn StateInfo) {
        let w = self.weight(s, info);
        self.tree.insert(s, w);
    }

    fn remove_state(&mut self, s: StateId) {
        self.tree.remove(s);
    }

    fn is_empty(&self) -> bool {
        self.tree.is_empty()
    }

    fn name(&self) -> String {
        let t = match self.kind {
            Weight::Depth => "Depth",
            Weight::RandomPath => "RandomPath",
            Weight::InstCount => "InstCount",
            Weight::MinDistToUncovered => "MinDistToUncovered",
            Weight::CoveringNew => "CoveringNew",
        };
        format!("WeightedRandomSearcher::{t}")
    }
}
