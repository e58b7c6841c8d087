//! Analyses as observers (miri's machine hooks): interpolation, state matching, loop
//! abstraction with its invariants, and the watched targets each own their state and
//! implement [`Observer`]; the dispatch loop knows none of them, it only raises the events
//! below. The frequent ones (every instruction, every jump, every return) are raised only
//! while some observer wants them ([`Wants`], re-read after every hook): a bool test per
//! instruction otherwise.

use super::*;
use crate::ir::pcset::PcSet;

/// What an observer's step hook saw.
pub(crate) enum StepEvent {
    Nothing,
    /// A watched target was reached for the first time; `halt`: nothing is left to watch.
    TargetHit {
        halt: bool,
    },
}

/// The frequent events an observer wants now (the interpreter re-reads them after every hook).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Wants {
    /// `on_instruction`, `on_instruction_done` and `on_fact`: every instruction of the path.
    pub(crate) steps: bool,
    /// `on_block` after every jump (a resumed path is always heard of).
    pub(crate) blocks: bool,
    /// `on_return` after every return.
    pub(crate) returns: bool,
}

impl Wants {
    fn or(self, o: Wants) -> Wants {
        Wants {
            steps: self.steps || o.steps,
            blocks: self.blocks || o.blocks,
            returns: self.returns || o.returns,
        }
    }

    /// What the observers want, together.
    pub(in crate::exec) fn all(each: &[Wants]) -> Wants {
        each.iter().fold(Wants::default(), |w, &o| w.or(o))
    }
}

/// Something the running instruction added to its path.
#[derive(Clone, Copy)]
pub(crate) enum PathFact {
    /// A path constraint.
    Constraint(ExprId),
    /// A symbolic array (an input).
    Array(ArrayId),
    /// An error path forked off (the check's bad side was feasible and explored).
    ErrorForked,
}

/// What an observer makes of a decided branch's untaken side (`Observer::on_untaken_side`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Untaken {
    /// Left to the mode (a later path may take it).
    Open,
    /// It needs no path (interpolation: subsumed).
    Settled,
    /// Left to the mode, and its state is to be kept: the observer may ask for it to be
    /// explored when the path ends (`Observer::run_first`, `on_side_explore`).
    Keep,
}

/// How the running path forked.
#[derive(Clone, Copy)]
pub(crate) enum Fork<'a> {
    /// At a conditional branch or a switch: the pending paths pushed last (their outcomes,
    /// in push order: a branch's side 0 true / 1 false, a switch's group of cases) and the
    /// outcome the running path continues on.
    Branch { pending: &'a [u32], cont: u32 },
    /// Elsewhere (symbolic pointer resolution, a decided select, a symbolic size): the
    /// pending path pushed last re-executes the instruction.
    Other(&'static str),
    /// Refused (`--max-forks`, `--max-depth`): the path goes on along one side only.
    Refused,
    /// At a conditional branch of a path that follows an input (`exec/follow.rs`): the input
    /// took outcome `cont` (0 the true side, 1 the false one); the other side is left to a
    /// later path (or found infeasible: `Observer::on_side_infeasible`).
    Decided { cont: u32 },
}

pub(crate) trait Observer: Send {
    /// The frequent events wanted now.
    fn wants(&self) -> Wants {
        Wants::default()
    }
    /// The sites where `on_step` is wanted (tested at every instruction, so the hook itself
    /// costs nothing elsewhere).
    fn step_sites(&self) -> Option<&PcSet> {
        None
    }
    /// Before the instruction at `pc` of `f` runs, when it is one of `step_sites`.
    fn on_step(&mut self, _it: &mut Worker<'_, '_>, _f: FuncId, _pc: u32) -> R<StepEvent> {
        Ok(StepEvent::Nothing)
    }
    /// Before every instruction runs (`Wants::steps`; `it.st.pc` is its index).
    fn on_instruction(&mut self, _it: &mut Worker<'_, '_>, _inst: &Inst) {}
    /// After an instruction that went on to the next one (no jump, call of defined code or
    /// return; `Wants::steps`).
    fn on_instruction_done(&mut self, _it: &mut Worker<'_, '_>, _inst: &Inst) {}
    /// The running instruction added `fact` to its path (`Wants::steps`).
    fn on_fact(&mut self, _it: &mut Worker<'_, '_>, _fact: PathFact) {}
    /// The running instruction forked the path (or was refused a fork).
    fn on_fork(&mut self, _it: &mut Worker<'_, '_>, _fork: Fork<'_>) {}
    /// Another observer replaced part of the running path's state by fresh values (loop
    /// abstraction): the path now stands for more executions than the program's.
    fn on_state_abstracted(&mut self, _it: &mut Worker<'_, '_>) {}
    /// Some observer's step reached a target (the path goes on unless the run halts).
    fn on_target_hit(&mut self, _it: &mut Worker<'_, '_>) {}
    /// The top frame continues at the start of a block (`pc` of `f`) after a jump
    /// (`Wants::blocks`), or a pending path resumes at `pc` after a fork (`resumed`; not
    /// necessarily a block start). An error ends the path (pruned, or a halt).
    fn on_block(
        &mut self,
        _it: &mut Worker<'_, '_>,
        _f: FuncId,
        _pc: u32,
        _resumed: bool,
    ) -> R<()> {
        Ok(())
    }
    /// The top frame returned (`Wants::returns`).
    fn on_return(&mut self, _it: &mut Worker<'_, '_>) {}
    /// The entry function returned (destructors may still run on the path).
    fn on_entry_returned(&mut self, _it: &mut Worker<'_, '_>) {}
    /// A pending path was installed as the running one (to resume, or to end at once when
    /// the run halted).
    fn on_install(&mut self, _it: &mut Worker<'_, '_>) {}
    /// The worker starts the program again, to replay a prefix handed over by another worker
    /// (`exec/parallel.rs`): the running path is a new root; or, when it follows an input
    /// (`Worker::follows`), to run the next one from the start.
    fn on_restart(&mut self, _it: &mut Worker<'_, '_>) {}
    /// A branch was decided by the input (`Fork::Decided`, just heard); for this hook the
    /// running state is the side the input did not take (its edge taken, its condition
    /// added).
    fn on_untaken_side(&mut self, _it: &mut Worker<'_, '_>) -> Untaken {
        Untaken::Open
    }
    /// A side kept at its decision (`Untaken::Keep`) is explored now, after the deciding path
    /// ended, by the worker itself: forking, depth first (interpolation's greedy
    /// confirmation). It is installed as the running state.
    fn on_side_explore(&mut self, _it: &mut Worker<'_, '_>) {}
    /// That exploration is over (`complete`: every path of it ran; else it was given up, a
    /// path pruned `Prune::Unconfirmed`, or the run halted). `true`: the side needs no path
    /// of the mode's any more.
    fn on_side_explored(&mut self, _it: &mut Worker<'_, '_>, _complete: bool) -> bool {
        false
    }
    /// The run is over its memory cap (`--max-memory`) between two paths of the concolic mode
    /// (no pending path to suspend or kill): drop what the analysis can do without.
    fn on_memory_cap(&mut self, _it: &mut Worker<'_, '_>) {}
    /// The side `outcome` of the branch decided at mark `node` (`Fork::Decided`, the node the
    /// deciding path had then) has no input: no path takes it (the concolic mode's negation
    /// was unsatisfiable).
    fn on_side_infeasible(&mut self, _it: &mut Worker<'_, '_>, _node: u32, _outcome: u32) {}
    /// The running path ended with `r` (`Stop::Preempt` never: a suspended path goes on
    /// later).
    fn on_path_end(&mut self, _it: &mut Worker<'_, '_>, _r: &R<Value>) {}
    /// Of the successors starting at `pcs` (current function), the one to continue on first.
    fn preferred_successor(&self, _it: &Worker<'_, '_>, _pcs: &[u32]) -> Option<usize> {
        None
    }
    /// A path mark (`PathState::node`) whose pending path should run before the searcher
    /// chooses (interpolation's greedy confirmation); asked again while the path it names
    /// no longer waits.
    fn run_first(&mut self) -> Option<u32> {
        None
    }
    /// Every path of the program was explored, or covered by one that was (interpolation:
    /// its tree's root finished with every node's interpolant). Asked between the paths of
    /// a mode that follows inputs, which then has nothing left to run.
    fn explored_whole(&self) -> bool {
        false
    }
    /// The run is over: what the analysis found goes into the outcome.
    fn finish(&mut self, _it: &Worker<'_, '_>, _out: &mut Outcome) {}
}

impl Worker<'_, '_> {
    /// Runs `hook` on every observer in order, stopping at the first error. Each observer is
    /// taken out of the interpreter while its hook runs, so that the hook can use the whole
    /// interpreter and raise events the other observers hear. Then what they want is re-read.
    fn each_observer(&mut self, hook: impl FnMut(&mut dyn Observer, &mut Self) -> R<()>) -> R<()> {
        self.some_observers(|_| true, hook)
    }

    /// `each_observer` on the observers whose last wants `pick` accepts. An observer's wants
    /// change only in its own hooks, so only theirs are re-read.
    fn some_observers(
        &mut self,
        pick: impl Fn(Wants) -> bool,
        mut hook: impl FnMut(&mut dyn Observer, &mut Self) -> R<()>,
    ) -> R<()> {
        let mut r = Ok(());
        let mut changed = false;
        for i in 0..self.observers.len() {
            if !pick(self.obs_wants[i]) {
                continue;
            }
            let Some(mut o) = self.observers[i].take() else {
                // (Its own hook is running: it raised this event.)
                continue;
            };
            r = hook(&mut *o, self);
            let w = o.wants();
            changed |= w != self.obs_wants[i];
            self.obs_wants[i] = w;
            self.observers[i] = Some(o);
            if r.is_err() {
                break;
            }
        }
        // (Hot: after every jump. A hook raising events re-reads for itself.)
        if changed {
            self.wants = Wants::all(&self.obs_wants);
        }
        r
    }

    /// What each observer wants now.
    pub(super) fn each_wants(obs: &[Option<Box<dyn Observer>>]) -> Vec<Wants> {
        obs.iter()
            .map(|o| o.as_ref().map_or(Wants::default(), |o| o.wants()))
            .collect()
    }

    /// The sites of every observer's step hook (`None`: no observer has any).
    pub(super) fn step_sites(obs: &[Option<Box<dyn Observer>>]) -> Option<PcSet> {
        let mut all: Option<PcSet> = None;
        for s in obs.iter().flatten().filter_map(|o| o.step_sites()) {
            all.get_or_insert_with(PcSet::default).union_with(s);
        }
        all
    }

    /// The step hook (at one of the step sites).
    #[cold]
    pub(super) fn observe_step(&mut self, f: FuncId, pc: u32) -> R<()> {
        self.each_observer(|o, it| {
            if let StepEvent::TargetHit { halt } = o.on_step(it, f, pc)? {
                o.on_target_hit(it);
                it.each_observer(|o, it| {
                    o.on_target_hit(it);
                    Ok(())
                })?;
                if halt {
                    return Err(Box::new(Stop::Halt(Halt::TargetsReached)));
                }
            }
            Ok(())
        })
    }

    /// Before an instruction (`Wants::steps`).
    #[inline(never)]
    pub(super) fn observe_instruction(&mut self, inst: &Inst) {
        let _ = self.each_observer(|o, it| {
            o.on_instruction(it, inst);
            Ok(())
        });
    }

    /// After an instruction that went on to the next one (`Wants::steps`).
    #[inline(never)]
    pub(super) fn observe_instruction_done(&mut self, inst: &Inst) {
        let _ = self.each_observer(|o, it| {
            o.on_instruction_done(it, inst);
            Ok(())
        });
    }

    /// The running instruction added `fact` to its path.
    pub(in crate::exec) fn observe_fact(&mut self, fact: PathFact) {
        if !self.wants.steps {
            return;
        }
        let _ = self.each_observer(|o, it| {
            o.on_fact(it, fact);
            Ok(())
        });
    }

    /// The running instruction forked (or was refused a fork).
    pub(crate) fn observe_fork(&mut self, fork: Fork<'_>) {
        let _ = self.each_observer(|o, it| {
            o.on_fork(it, fork);
            Ok(())
        });
    }

    /// An observer abstracted part of the running path's state.
    pub(crate) fn observe_state_abstracted(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_state_abstracted(it);
            Ok(())
        });
    }

    /// The block hook (a jump's target when `Wants::blocks`, or where a pending path resumes).
    pub(super) fn observe_block(&mut self, f: FuncId, pc: u32, resumed: bool) -> R<()> {
        if self.observers.is_empty() || !(resumed || self.wants.blocks) {
            return Ok(());
        }
        self.st.pc = pc;
        // After a jump, only the observers that want blocks (the others' hooks do nothing).
        self.some_observers(
            |w| resumed || w.blocks,
            |o, it| o.on_block(it, f, pc, resumed),
        )
    }

    /// The return hook.
    pub(super) fn observe_return(&mut self) {
        if !self.wants.returns {
            return;
        }
        let _ = self.each_observer(|o, it| {
            o.on_return(it);
            Ok(())
        });
    }

    /// The entry function returned.
    pub(super) fn observe_entry_returned(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_entry_returned(it);
            Ok(())
        });
    }

    /// The worker starts the program again (a prefix handed over).
    pub(super) fn observe_restart(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_restart(it);
            Ok(())
        });
    }

    /// The running state is a decided branch's untaken side (`Observer::on_untaken_side`):
    /// whether some observer settled it.
    pub(in crate::exec) fn observe_untaken_side(&mut self) -> Untaken {
        let mut side = Untaken::Open;
        let _ = self.each_observer(|o, it| {
            side = match (side, o.on_untaken_side(it)) {
                (Untaken::Settled, _) | (_, Untaken::Settled) => Untaken::Settled,
                (Untaken::Keep, _) | (_, Untaken::Keep) => Untaken::Keep,
                _ => Untaken::Open,
            };
            Ok(())
        });
        side
    }

    /// The installed state, a kept untaken side, is explored now (`Observer::on_side_explore`).
    pub(in crate::exec) fn observe_side_explore(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_side_explore(it);
            Ok(())
        });
    }

    /// Its exploration is over (`Observer::on_side_explored`): whether the side is settled.
    pub(in crate::exec) fn observe_side_explored(&mut self, complete: bool) -> bool {
        let mut settled = false;
        let _ = self.each_observer(|o, it| {
            settled |= o.on_side_explored(it, complete);
            Ok(())
        });
        settled
    }

    /// Whether an observer knows every path explored (`Observer::explored_whole`).
    pub(crate) fn explored_whole(&self) -> bool {
        (self.observers.iter().flatten()).any(|o| o.explored_whole())
    }

    /// The next path mark an observer asks to run first (`Observer::run_first`).
    pub(in crate::exec) fn observe_run_first(&mut self) -> Option<u32> {
        (self.observers.iter_mut().flatten()).find_map(|o| o.run_first())
    }

    /// Over the memory cap between paths (`Observer::on_memory_cap`).
    pub(in crate::exec) fn observe_memory_cap(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_memory_cap(it);
            Ok(())
        });
    }

    /// A decided branch's other side has no input (`Observer::on_side_infeasible`).
    pub(crate) fn observe_side_infeasible(&mut self, node: u32, outcome: u32) {
        let _ = self.each_observer(|o, it| {
            o.on_side_infeasible(it, node, outcome);
            Ok(())
        });
    }

    /// A pending path was installed.
    pub(super) fn observe_install(&mut self) {
        let _ = self.each_observer(|o, it| {
            o.on_install(it);
            Ok(())
        });
    }

    /// The running path ended with `r`.
    pub(super) fn observe_path_end(&mut self, r: &R<Value>) {
        let _ = self.each_observer(|o, it| {
            o.on_path_end(it, r);
            Ok(())
        });
    }

    /// The successor (index into `pcs`) some observer wants first, else the first.
    pub(super) fn preferred_successor(&self, pcs: &[u32]) -> usize {
        self.observers
            .iter()
            .flatten()
            .find_map(|o| o.preferred_successor(self, pcs))
            .unwrap_or(0)
    }

    /// The pending path some observer wants run before the searcher chooses: of the marks it
    /// names (`PathState::node`), the first that `node_state` maps to a path still waiting
    /// with that mark (`pending`).
    pub(super) fn run_first(
        &mut self,
        node_state: &mut hashbrown::HashMap<u32, StateId>,
        pending: impl Fn(StateId, u32) -> bool,
    ) -> Option<StateId> {
        while let Some(n) = self.observe_run_first() {
            if let Some(id) = node_state.remove(&n) {
                if pending(id, n) {
                    return Some(id);
                }
            }
        }
        None
    }

    /// The run is over: what the observers found goes into `out`.
    pub(super) fn finish_observers(&mut self, out: &mut Outcome) {
        let mut obs = std::mem::take(&mut self.observers);
        for o in obs.iter_mut().flatten() {
            o.finish(self, out);
        }
        self.observers = obs;
    }

    /// The observers of a run, from its configuration (`Config::observers`).
    pub(super) fn observers_for(m: &Module, cfg: &Config) -> Vec<Option<Box<dyn Observer>>> {
        (cfg.observers)(m, cfg).into_iter().map(Some).collect()
    }
}
