//! Reaching a watched site (`Config::targets`, `trex verify`): the first hit of each target is
//! recorded with a model of the path's inputs; the path goes on. Once every target was reached
//! the run halts (`Halt::TargetsReached`): nothing is left to settle. A fork continues first on
//! the side statically nearest to a target not reached yet (`preferred_successor`): the order
//! does not change what a complete exploration finds, but a reachable target is found before a
//! loop with a symbolic bound is unrolled without end.

use std::sync::Arc;

use crate::exec::machine::{Observer, StepEvent, Worker, R};
use crate::exec::target::{TargetHit, Targets};
use crate::exec::Outcome;
use crate::ir::pcset::PcSet;
use crate::ir::{FuncId, Module};
use crate::search::distance::Distances;

/// The watched targets: which were reached, the first hit of each, the distances to the others.
pub(crate) struct TargetWatch {
    targets: Arc<Targets>,
    reached: Vec<bool>,
    hits: Vec<TargetHit>,
    dist: Distances,
}

impl TargetWatch {
    pub(crate) fn new(m: &Module, targets: Arc<Targets>) -> TargetWatch {
        let dist = Distances::to_goals(m, &|f, pc| targets.at(f, pc).is_some());
        TargetWatch {
            reached: vec![false; targets.count() as usize],
            hits: Vec::new(),
            dist,
            targets,
        }
    }
}

impl Observer for TargetWatch {
    fn step_sites(&self) -> Option<&PcSet> {
        Some(self.targets.sites())
    }

    fn on_step(&mut self, it: &mut Worker<'_, '_>, f: FuncId, pc: u32) -> R<StepEvent> {
        let Some(i) = self.targets.at(f, pc) else {
            return Ok(StepEvent::Nothing);
        };
        if std::mem::replace(&mut self.reached[i as usize], true) {
            return Ok(StepEvent::Nothing);
        }
        let objects = it.test_objects(None);
        self.hits.push(TargetHit {
            target: i,
            objects,
            elapsed: it.elapsed(),
        });
        let halt = self.targets.first_hit_halts || self.reached.iter().all(|&r| r);
        if !halt {
            let (t, reached) = (&self.targets, &self.reached);
            self.dist
                .recompute_goals(&|f, pc| t.at(f, pc).is_some_and(|i| !reached[i as usize]));
        }
        Ok(StepEvent::TargetHit { halt })
    }

    /// Of the instructions `pcs` of the current function, the one nearest to a target not
    /// reached yet.
    fn preferred_successor(&self, it: &Worker<'_, '_>, pcs: &[u32]) -> Option<usize> {
        Some(nearest(&self.dist, it, pcs))
    }

    fn finish(&mut self, _it: &Worker<'_, '_>, out: &mut Outcome) {
        out.target_hits = std::mem::take(&mut self.hits);
    }
}

/// Of the instructions `pcs` of the running path's current function, the index of the one
/// nearest to a goal of `dist` (0 on a tie with the first, or when none can reach one).
pub(crate) fn nearest(dist: &Distances, it: &Worker<'_, '_>, pcs: &[u32]) -> usize {
    let (f, stack) = call_stack(it);
    let mut best = (0, 0u64);
    for (i, &pc) in pcs.iter().enumerate() {
        let d = dist.for_state(f, pc, &stack);
        if d != 0 && (best.1 == 0 || d < best.1) {
            best = (i, d);
        }
    }
    best.0
}

/// The running path's current function and its callers (outermost first, each with the
/// instruction after its call), as `Distances::for_state` takes them.
pub(crate) fn call_stack(it: &Worker<'_, '_>) -> (FuncId, Vec<(FuncId, u32)>) {
    let frames = &it.state().frames;
    let n = frames.len();
    let stack = frames[..n - 1].iter().map(|fr| (fr.func, fr.pc)).collect();
    (frames[n - 1].func, stack)
}
