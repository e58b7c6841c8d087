//! Reaching a watched site (`Config::targets`, `trex verify`): the first hit of each target is
//! recorded with a model of the path's inputs; the path goes on. Once every target was reached
//! the run halts (`Halt::TargetsReached`): nothing is left to settle. A fork continues first on
//! the side statically nearest to a target not reached yet (`Interp::nearer_to_target`): the
//! order does not change what a complete exploration finds, but a reachable target is found
//! before a loop with a symbolic bound is unrolled without end.

use super::{Interp, Stop, R};
use crate::exec::target::TargetHit;
use crate::exec::Halt;
use crate::ir::FuncId;

impl Interp<'_, '_> {
    /// The running path is about to execute a site of target `i`.
    #[cold]
    pub(super) fn reach_target(&mut self, i: u32) -> R<()> {
        let seen = &mut self.target_reached[i as usize];
        if *seen {
            return Ok(());
        }
        *seen = true;
        self.learn_invariants();
        let objects = self.test_objects(None);
        self.target_hits.push(TargetHit {
            target: i,
            objects,
            elapsed: self.ctl.started.elapsed(),
        });
        let first_halts = self.targets.as_ref().is_some_and(|t| t.first_hit_halts);
        if first_halts || self.target_reached.iter().all(|&r| r) {
            return Err(Box::new(Stop::Halt(Halt::TargetsReached)));
        }
        if let (Some(d), Some(t)) = (&mut self.target_dist, &self.targets) {
            let reached = &self.target_reached;
            d.recompute_goals(&|f, pc| t.at(f, pc).is_some_and(|i| !reached[i as usize]));
        }
        Ok(())
    }

    /// Of the instructions `pcs` of the current function, the index of the one nearest to a
    /// target not reached yet (the first one on a tie or when none can reach one).
    pub(super) fn nearer_to_target(&self, pcs: &[u32]) -> usize {
        let Some(d) = &self.target_dist else {
            return 0;
        };
        let n = self.st.frames.len();
        let f = self.st.frames[n - 1].func;
        // A caller frame's `pc` is the instruction after its call.
        let stack: Vec<(FuncId, u32)> = self.st.frames[..n - 1]
            .iter()
            .map(|fr| (fr.func, fr.pc))
            .collect();
        let mut best = (0, 0u64);
        for (i, &pc) in pcs.iter().enumerate() {
            let dist = d.for_state(f, pc, &stack);
            if dist != 0 && (best.1 == 0 || dist < best.1) {
                best = (i, dist);
            }
        }
        best.0
    }
}
