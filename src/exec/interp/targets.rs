//! Reaching a watched site (`Config::targets`, `trex verify`): the first hit of each target is
//! recorded with a model of the path's inputs; the path goes on. Once every target was reached
//! the run halts (`TARGETS_REACHED`): nothing is left to settle.

use super::{Interp, Stop, R};
use crate::exec::target::{TargetHit, TARGETS_REACHED};

impl Interp<'_, '_> {
    /// The running path is about to execute a site of target `i`.
    #[cold]
    pub(super) fn reach_target(&mut self, i: u32) -> R<()> {
        let seen = &mut self.target_reached[i as usize];
        if *seen {
            return Ok(());
        }
        *seen = true;
        let objects = self.test_objects(None);
        self.target_hits.push(TargetHit {
            target: i,
            objects,
            elapsed: self.ctl.started.elapsed(),
        });
        if self.target_reached.iter().all(|&r| r) {
            return Err(Box::new(Stop::Halt(TARGETS_REACHED.into())));
        }
        Ok(())
    }
}
