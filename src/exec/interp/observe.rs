//! Analyses as observers (miri's machine hooks): state matching, loop abstraction with its
//! invariants, and the watched targets each own their state and implement [`Observer`]; the
//! dispatch loop knows none of them, it only calls the hooks below at their events.
//! (Interpolation is not an observer yet: it records every step of a segment and takes part in
//! every fork, through `itp.rs`.)

use super::*;
use crate::ir::pcset::PcSet;

/// What an observer's step hook saw.
pub(in crate::exec) enum StepEvent {
    Nothing,
    /// A watched target was reached for the first time; `halt`: nothing is left to watch.
    TargetHit {
        halt: bool,
    },
}

pub(in crate::exec) trait Observer: Send {
    /// The sites where `on_step` is wanted (tested at every instruction, so the hook itself
    /// costs nothing elsewhere).
    fn step_sites(&self) -> Option<&PcSet> {
        None
    }
    /// Before the instruction at `pc` of `f` runs, when it is one of `step_sites`.
    fn on_step(&mut self, _it: &mut Interp<'_, '_>, _f: FuncId, _pc: u32) -> R<StepEvent> {
        Ok(StepEvent::Nothing)
    }
    /// Some observer's step reached a target (the path goes on unless the run halts).
    fn on_target_hit(&mut self, _it: &mut Interp<'_, '_>) {}
    /// The top frame continues at the start of a block (`pc` of `f`) after a jump, or a
    /// pending path resumes at `pc` (`resumed`; not necessarily a block start). An error ends
    /// the path (pruned, or a halt).
    fn on_block(
        &mut self,
        _it: &mut Interp<'_, '_>,
        _f: FuncId,
        _pc: u32,
        _resumed: bool,
    ) -> R<()> {
        Ok(())
    }
    /// The top frame returned.
    fn on_return(&mut self, _it: &mut Interp<'_, '_>) {}
    /// Of the successors starting at `pcs` (current function), the one to continue on first.
    fn preferred_successor(&self, _it: &Interp<'_, '_>, _pcs: &[u32]) -> Option<usize> {
        None
    }
    /// The run is over: what the analysis found goes into the outcome.
    fn finish(&mut self, _out: &mut Outcome) {}
}

impl Interp<'_, '_> {
    /// Runs `hook` on every observer (taken out of the interpreter meanwhile, so that each
    /// can use the whole interpreter).
    fn each_observer<T>(
        &mut self,
        mut hook: impl FnMut(&mut Vec<Box<dyn Observer>>, &mut Self) -> R<T>,
    ) -> R<T> {
        let mut obs = std::mem::take(&mut self.observers);
        let r = hook(&mut obs, self);
        self.observers = obs;
        r
    }

    /// The sites of every observer's step hook (`None`: no observer has any).
    pub(super) fn step_sites(obs: &[Box<dyn Observer>]) -> Option<PcSet> {
        let mut all: Option<PcSet> = None;
        for s in obs.iter().filter_map(|o| o.step_sites()) {
            all.get_or_insert_with(PcSet::default).union_with(s);
        }
        all
    }

    /// The step hook (at one of the step sites).
    #[cold]
    pub(super) fn observe_step(&mut self, f: FuncId, pc: u32) -> R<()> {
        self.each_observer(|obs, it| {
            for i in 0..obs.len() {
                if let StepEvent::TargetHit { halt } = obs[i].on_step(it, f, pc)? {
                    for o in obs.iter_mut() {
                        o.on_target_hit(it);
                    }
                    if halt {
                        return Err(Box::new(Stop::Halt(Halt::TargetsReached)));
                    }
                }
            }
            Ok(())
        })
    }

    /// The block hook (a jump's target, or where a pending path resumes).
    pub(super) fn observe_block(&mut self, f: FuncId, pc: u32, resumed: bool) -> R<()> {
        if self.observers.is_empty() {
            return Ok(());
        }
        self.st.pc = pc;
        self.each_observer(|obs, it| {
            for o in obs.iter_mut() {
                o.on_block(it, f, pc, resumed)?;
            }
            Ok(())
        })
    }

    /// The return hook.
    pub(super) fn observe_return(&mut self) {
        if self.observers.is_empty() {
            return;
        }
        let _ = self.each_observer(|obs, it| {
            for o in obs.iter_mut() {
                o.on_return(it);
            }
            Ok(())
        });
    }

    /// The successor (index into `pcs`) some observer wants first, else the first.
    pub(super) fn preferred_successor(&self, pcs: &[u32]) -> usize {
        self.observers
            .iter()
            .find_map(|o| o.preferred_successor(self, pcs))
            .unwrap_or(0)
    }

    /// The observers of a run, from its configuration (in hook order: loop abstraction before
    /// state matching, whose states include the loop marks).
    pub(super) fn observers_for(m: &Module, cfg: &Config) -> Vec<Box<dyn Observer>> {
        let mut v: Vec<Box<dyn Observer>> = Vec::new();
        if let Some(la) = &cfg.loop_abstraction {
            v.push(Box::new(loop_abs::LoopAbstraction::new(
                la.clone(),
                cfg.loop_invariants.clone(),
            )));
        }
        if let Some(l) = &cfg.state_matching {
            v.push(Box::new(seen::Seen::new(l.clone())));
        }
        if let Some(t) = &cfg.targets {
            v.push(Box::new(targets::TargetWatch::new(m, t.clone())));
        }
        v
    }
}
