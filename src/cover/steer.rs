//! Testing steered to the open goals (`trex cover`, paper 004's step): a path from which no
//! branch with an open outcome can be reached (static distances through calls and returns)
//! ends, pruned (`Prune::NoGoal`): it can cover nothing new; at a fork the side nearest to one
//! goes first.

use crate::exec::machine::{Observer, Stop, Wants, Worker, R};
use crate::exec::Prune;
use crate::ir::pcset::PcSet;
use crate::ir::{FuncId, Module};
use crate::search::distance::Distances;
use crate::verify::watch::{call_stack, nearest};

pub(crate) struct GoalSteer {
    dist: Distances,
}

impl GoalSteer {
    pub(crate) fn new(m: &Module, sites: &PcSet) -> GoalSteer {
        GoalSteer {
            dist: Distances::to_goals(m, &|f, pc| sites.contains(f, pc)),
        }
    }
}

impl Observer for GoalSteer {
    fn wants(&self) -> Wants {
        Wants {
            blocks: true,
            ..Wants::default()
        }
    }

    fn on_block(&mut self, it: &mut Worker<'_, '_>, f: FuncId, pc: u32, _resumed: bool) -> R<()> {
        let (_, stack) = call_stack(it);
        if self.dist.for_state(f, pc, &stack) == 0 {
            return Err(Box::new(Stop::Pruned(Prune::NoGoal)));
        }
        Ok(())
    }

    fn preferred_successor(&self, it: &Worker<'_, '_>, pcs: &[u32]) -> Option<usize> {
        Some(nearest(&self.dist, it, pcs))
    }
}
