//! Run control on the worker (the types are `exec/control.rs`): arming the budgets, the
//! checks at each segment's end and every `CHECK_EVERY` instructions, halts, the memory cap,
//! the quantum, ending pending paths.

use super::*;
use crate::exec::control::*;
use crate::search::Searcher;
use crate::solver::SolverError;
use std::sync::atomic::Ordering;
use std::time::Instant;

impl<'m> Worker<'m, '_> {
    /// Sets up run control for `cfg` (before the first instruction).
    pub(super) fn arm(&mut self, cfg: &super::Config) {
        self.ctl = Ctl {
            lim: cfg.limits.clone(),
            exit_on_error: cfg.exit_on_error,
            max_instructions: if cfg.max_instructions == 0 {
                u64::MAX
            } else {
                cfg.max_instructions
            },
            ..Ctl::default()
        };
        self.max_insts = self.ctl.max_instructions.min(CHECK_EVERY);
    }

    /// Called by the dispatch loop when `insts` reaches `max_insts`: the instruction budget,
    /// or a periodic check (time, SIGINT, memory, progress).
    #[cold]
    pub(super) fn checkpoint(&mut self) -> R<()> {
        if self.insts >= self.ctl.max_instructions {
            return Err(Box::new(Stop::Halt(Halt::MaxInstructions)));
        }
        self.max_insts = self
            .ctl
            .max_instructions
            .min(self.insts + CHECK_EVERY)
            .min(self.quantum_end);
        if self.st.path.elsewhere {
            // Another worker's path (`fork_decision`): it stops here (`settle` drops it),
            // once out of any nested run.
            if self.st.stop_depth == 0 {
                return Err(Box::new(Stop::Preempt));
            }
            self.max_insts = self.insts + 1;
        }
        self.publish_progress();
        if let Some(w) = self.ctl.poll() {
            return Err(Box::new(Stop::Halt(w)));
        }
        if let Some(mb) = self.ctl.over_memory() {
            self.ctl.over_mb = Some(mb);
            let cap = self.ctl.lim.max_memory_mb.unwrap_or(0);
            if self.follow.is_some() && mb < 2 * cap {
                // A path of the concolic mode ends first: the analyses drop what they can do
                // without between paths (`run_inputs`); only twice the cap kills it.
                return Ok(());
            }
            if self.parks && self.ctl.pending > 0 && self.st.stop_depth == 0 {
                // Pending paths are suspended at the end of the segment; this one waits.
                self.sync_executed();
                return Err(Box::new(Stop::Preempt));
            }
            // (Memory is the run's: with several workers, the others' pending paths are
            // suspended, and the running path is killed only at twice the cap, as pending
            // ones are in `kill_states`; without that a path that never ends ran on forever.)
            let others_park = self.parks && self.ctl.wide.is_some() && mb < 2 * cap;
            if !others_park {
                return Err(self.kill_running(mb));
            }
        }
        if self.quantum_over() {
            self.sync_executed();
            return Err(Box::new(Stop::Preempt));
        }
        Ok(())
    }

    /// KLEE's kill of the running path over the memory cap.
    fn kill_running(&mut self, mb: u64) -> Box<Stop> {
        // The running path is the one state at hand here; pending ones go at the end of the
        // segment.
        self.ctl.warnings.push(format!(
            "KLEE: WARNING: killing 1 states (over memory cap: {mb}MB)"
        ));
        Box::new(Stop::Halt(Halt::MaxMemory))
    }

    /// The progress counters (`Limits::progress`): one worker stores its figures; with
    /// several each adds its changes since its last report (`pending` too, as a signed
    /// change).
    fn publish_progress(&mut self) {
        let Some(p) = &self.ctl.lim.progress else {
            return;
        };
        let st = self.solver.as_ref().map(|s| s.stats());
        let now = Shown {
            instructions: self.insts,
            paths: self.ctl.ended,
            // Forks of the running path join the pending ones at the end of its segment.
            pending: self.ctl.pending + self.worklist.len() as u64,
            queries: st.map_or(0, |s| s.queries),
            solver_micros: st.map_or(0, |s| s.time.as_micros() as u64),
            cex_hits: st.map_or(0, |s| s.cex_cache_hits),
            z3_micros: st.map_or(0, |s| s.z3_time.as_micros() as u64),
            pse_pruned: self.ctl.pse_pruned,
        };
        let adds = self.ctl.wide.is_some();
        let was = std::mem::replace(&mut self.ctl.shown, now);
        let put = |c: &std::sync::atomic::AtomicU64, new: u64, old: u64| {
            if adds {
                c.fetch_add(new.wrapping_sub(old), Ordering::Relaxed);
            } else {
                c.store(new, Ordering::Relaxed);
            }
        };
        put(&p.instructions, now.instructions, was.instructions);
        put(&p.paths, now.paths, was.paths);
        put(&p.pending, now.pending, was.pending);
        put(&p.pse_pruned, now.pse_pruned, was.pse_pruned);
        if st.is_some() {
            put(&p.queries, now.queries, was.queries);
            put(&p.solver_micros, now.solver_micros, was.solver_micros);
            put(&p.cex_hits, now.cex_hits, was.cex_hits);
            put(&p.z3_micros, now.z3_micros, was.z3_micros);
        }
        p.covered
            .store(self.coverage.covered_count(), Ordering::Relaxed);
    }

    /// A solver failure: a timeout or an unknown answer ends the path early (never a guess).
    pub(in crate::exec) fn solver_fail<T>(&self, e: SolverError) -> R<T> {
        let past_deadline = self.ctl.deadline().is_some_and(|d| Instant::now() >= d);
        let w = match e {
            // The query was cut by the run's deadline: the time budget, not the solver's.
            SolverError::Timeout if past_deadline => Halt::MaxTime,
            SolverError::Timeout => Halt::SolverTimeout,
            SolverError::Unknown(_) => Halt::SolverUnknown,
        };
        Err(Box::new(Stop::Halt(w)))
    }

    /// The running path covered new code (KLEE's `coveredNew`; `instsSinceCovNew` restarts).
    pub(super) fn covered_new_code(&mut self) {
        self.sync_executed();
        self.st.note_covered_new();
    }

    /// Adds the instructions run since the last sync to the running path's `executed`.
    /// Before a fork: the instruction count, and with `--write-cov` the coverage of the
    /// straight-line run so far (up to the forking instruction), so that the copy inherits
    /// the lines it covered first (KLEE marks each instruction as it steps).
    pub(super) fn sync_executed(&mut self) {
        self.st.executed += self.insts - self.synced_at;
        self.synced_at = self.insts;
        if self.p.write_cov {
            if let Some(fr) = self.st.frames.last() {
                let (f, pc) = (fr.func, self.st.pc);
                if pc >= self.run_from {
                    let ran = &mut self.st.path.ran;
                    let mut new = false;
                    self.coverage.cover_reporting(f, self.run_from, pc, |i| {
                        ran.insert((f.0, i, i));
                        new = true;
                    });
                    if new {
                        self.st.note_covered_new();
                    }
                }
            }
        }
    }

    /// `--replay-path`: the decision the conditional branch being executed takes (`None`:
    /// no path is replayed).
    pub(super) fn replayed_decision(&mut self) -> R<Option<bool>> {
        let Some(rp) = &self.p.replay_path else {
            return Ok(None);
        };
        match rp.get(self.st.path.replayed as usize) {
            Some(&d) => {
                self.st.path.replayed += 1;
                Ok(Some(d))
            }
            None => error(ErrorKind::Exec, "ran out of branches in replay path mode"),
        }
    }

    /// A concrete conditional branch goes to `side`: with `--replay-path`, the path file's
    /// decision must be the same.
    pub(super) fn check_replayed(&mut self, side: bool) -> R<()> {
        match self.replayed_decision()? {
            Some(d) if d != side => {
                error(ErrorKind::Exec, "hit invalid branch in replay path mode")
            }
            _ => Ok(()),
        }
    }

    /// The side taken by the conditional branch being executed (the running path's).
    pub(in crate::exec) fn visit_branch(&mut self, side: bool) {
        if let Some(log) = &mut self.st.path.branches {
            log.push(side);
        }
        if self.branch_side_is_new(side) {
            self.covered_new_code();
        }
    }

    /// Marks `side` of the conditional branch being executed taken; true if no path took it
    /// before.
    pub(super) fn branch_side_is_new(&self, side: bool) -> bool {
        let f = self.st.frames.last().map_or(FuncId(0), |fr| fr.func);
        self.coverage.mark_branch(f, self.st.pc, side)
    }

    /// The switch being executed jumps to `target` (on the running path or a path just forked
    /// from it): switch coverage for the reports (not KLEE's `coveredNew`, which counts
    /// instructions and branch sides only).
    pub(super) fn visit_switch_target(&self, target: crate::ir::BlockId) {
        let f = self.st.frames.last().map_or(FuncId(0), |fr| fr.func);
        self.coverage.mark_switch(f, self.st.pc, target);
    }

    /// A path starts or resumes running: its quantum begins (KLEE's batching: the searcher
    /// chooses again after `batch_instructions` instructions or `batch_time`).
    pub(super) fn start_quantum(&mut self) {
        self.synced_at = self.insts;
        self.quantum_end = self.insts.saturating_add(self.ctl.lim.batch_instructions);
        self.quantum_deadline = self.ctl.lim.batch_time.map(|t| Instant::now() + t);
        self.max_insts = self.max_insts.min(self.quantum_end);
    }

    /// Whether the running path's quantum is over and it can be suspended: other paths wait,
    /// and it runs in the entry function's own loop (not nested in a builtin, constructor
    /// or destructor). Otherwise its quantum is renewed.
    fn quantum_over(&mut self) -> bool {
        let over = self.insts >= self.quantum_end
            || self.quantum_deadline.is_some_and(|d| Instant::now() >= d);
        if !over {
            return false;
        }
        // While seeding the driver also gets control back from a lone path (`--seed-time`),
        // and a path that lost its seeds stops for the driver to hold it.
        let others =
            self.ctl.pending > 0 || !self.worklist.is_empty() || self.seeding || self.seedless;
        if others && self.can_fork && self.st.stop_depth == 0 {
            return true;
        }
        self.start_quantum();
        false
    }

    /// The end of a path segment: the monitor hears of the paths that ended, the halt
    /// conditions are checked, and pending paths are killed while memory is over the cap.
    pub(super) fn end_segment(
        &mut self,
        added: usize,
        searcher: &mut dyn Searcher,
        slab: &mut Slab<'m>,
        mon: &mut dyn Monitor,
    ) {
        self.ctl.pending += added as u64;
        for line in std::mem::take(&mut self.ctl.warnings) {
            mon.warning(&line);
        }
        for line in std::mem::take(&mut self.ctl.logged) {
            mon.warning_logged(&line);
        }
        // An ended path is handed to the monitor and dropped: memory stays flat however
        // many paths end.
        for mut p in std::mem::take(&mut self.paths) {
            let dump = self.ctl.lim.dump_states_on_halt;
            if matches!(p.end, End::Early(h) if h.run_wide()) && !dump {
                // The running path, stopped by the halt, is not dumped either.
                p.silent = true;
            }
            let stop = self.report(&p, mon);
            let halt = match &p.end {
                End::Early(h) if h.run_wide() => Some(*h),
                End::Error(e) if self.ctl.exits_on(e.kind) => Some(Halt::ExitOnError),
                _ if stop => Some(Halt::MaxTests),
                _ => None,
            };
            if self.ctl.halt.is_none() {
                self.ctl.halt = halt;
            }
        }
        if self.ctl.halt.is_none() {
            self.ctl.halt = self.ctl.poll();
        }
        if let (Some(h), Some(w)) = (self.ctl.halt, &self.ctl.wide) {
            // The other workers halt at their next check.
            w.halt(h);
        }
        self.publish_progress();
        let over = self.ctl.over_mb.take();
        if self.ctl.halt.is_some() || self.ctl.pending == 0 {
            return;
        }
        if let Some(mb) = over.or_else(|| self.ctl.over_memory()) {
            self.kill_states(mb, searcher, slab, mon);
        }
    }

    /// KLEE's memory cap: `max(1, n - n * cap / usage)` of the `n` pending paths (the most
    /// recently forked ones) go. KLEE kills them, each ending early with a test; here one
    /// forked and never run since is suspended instead (`parks`): kept as its fork decisions
    /// alone (bytes, not its state's kilobytes) and replayed from the start when memory
    /// allows (`unpark`). A path that ran since its fork is killed: its replay would repeat
    /// what it did.
    fn kill_states(
        &mut self,
        mb: u64,
        searcher: &mut dyn Searcher,
        slab: &mut Slab<'m>,
        mon: &mut dyn Monitor,
    ) {
        let cap = self.ctl.lim.max_memory_mb.unwrap_or(0);
        let n = self.ctl.pending;
        let keep = n * cap / mb.max(1);
        let kill = (n - keep.min(n)).max(1) as usize;
        let parkable = |s: &StateId| {
            slab.slots[s.0 as usize].0.as_ref().is_some_and(|sn| {
                let p = &sn.st.path;
                !sn.preempted && !p.diverged && !p.elsewhere && p.trail.is_some()
            })
        };
        let parks = self.parks;
        // Suspended first, the most recently forked; killed only for want of them.
        let (mut park, others): (Vec<StateId>, Vec<StateId>) = slab
            .pending()
            .into_iter()
            .rev()
            .partition(|s| parks && parkable(s));
        park.truncate(kill);
        // With several workers the memory is the run's: the others suspend theirs too, so a
        // path that ran since its fork is killed only at twice the cap.
        let kills = !(parks && self.ctl.wide.is_some()) || mb >= 2 * cap;
        let short = if kills { kill - park.len() } else { 0 };
        let kill: Vec<StateId> = others.into_iter().take(short).collect();
        let victims: Vec<StateId> = park.iter().chain(&kill).copied().collect();
        if !park.is_empty() {
            mon.warning(&format!(
                "KLEE: WARNING: suspending {} states until memory allows (over memory cap: {mb}MB)",
                park.len()
            ));
        }
        if !kill.is_empty() {
            mon.warning(&format!(
                "KLEE: WARNING: killing {} states (over memory cap: {mb}MB)",
                kill.len()
            ));
        }
        searcher.update(None, &[], &victims, slab);
        for &s in &park {
            let snap = slab.take(s);
            slab.remove(s);
            self.ctl.pending = self.ctl.pending.saturating_sub(1);
            self.parked.push(crate::exec::parallel::Prefix::of(
                &snap.st.path,
                snap.st.covered_new,
            ));
            self.parked_total += 1;
        }
        for &s in &kill {
            let snap = slab.take(s);
            slab.remove(s);
            self.end_pending(snap, Halt::MaxMemory);
        }
        if !park.is_empty() {
            self.park_mark = self.ctl.pending;
            release_freed_memory();
        }
        for p in std::mem::take(&mut self.paths) {
            self.report(&p, mon);
        }
    }

    /// A suspended path to resume (`kill_states`): when the worker is out of other work, or
    /// half the paths pending after the last suspension have ended (resident memory is no
    /// guide: the expression pool and the solver's caches keep what they grew to); none once
    /// the run halted.
    pub(in crate::exec) fn unpark(
        &mut self,
        out_of_work: bool,
    ) -> Option<crate::exec::parallel::Prefix> {
        if self.parked.is_empty() || self.ctl.halt.is_some() {
            return None;
        }
        if !out_of_work && self.ctl.pending * 2 >= self.park_mark {
            return None;
        }
        self.resumed_total += 1;
        self.parked.pop()
    }

    /// Gives an ended path to the monitor (its answer: halt the run).
    fn report(&mut self, p: &PathEnd, mon: &mut dyn Monitor) -> bool {
        self.ctl.ended += 1;
        if self.ctl.first_end.is_none() {
            self.ctl.first_end = Some(p.end.clone());
        }
        mon.path_ended(p)
    }

    /// Ends a pending path without running it: with a test (`.early`) when states are dumped,
    /// silently otherwise.
    pub(super) fn end_pending(&mut self, snap: Snap<'m>, why: Halt) {
        self.ctl.pending = self.ctl.pending.saturating_sub(1);
        if self.ctl.lim.dump_states_on_halt || why == Halt::MaxMemory {
            self.install(snap);
            self.finish_path(Err(Box::new(Stop::Halt(why))));
        } else {
            self.paths.push(PathEnd {
                end: End::Early(why),
                objects: Vec::new(),
                inputs_lost: false,
                silent: true,
                covered_new: false,
                lines: Vec::new(),
                record: None,
            });
        }
    }

    /// The suspended paths the run ends with (it halted first), said once.
    pub(in crate::exec) fn parked_left(&mut self, mon: &mut dyn Monitor) {
        if !self.parked.is_empty() {
            mon.warning(&format!(
                "KLEE: WARNING: {} states suspended over the memory cap were not resumed before the run halted",
                self.parked.len()
            ));
        }
    }

    /// A pending path was selected to run.
    pub(super) fn enter_segment(&mut self) {
        self.ctl.pending = self.ctl.pending.saturating_sub(1);
    }

    /// A pending path moved to another worker (`exec/parallel.rs`).
    pub(in crate::exec) fn moved_away(&mut self) {
        self.ctl.pending = self.ctl.pending.saturating_sub(1);
    }

    /// The running path was suspended after its quantum: it waits again.
    pub(super) fn suspended(&mut self) {
        self.ctl.pending += 1;
    }

    /// The paths waiting in the slab.
    pub(in crate::exec) fn pending_paths(&self) -> u64 {
        self.ctl.pending
    }

    /// `n` paths held aside (seeding) join the pending ones.
    pub(super) fn joined(&mut self, n: usize) {
        self.ctl.pending += n as u64;
    }
}

impl Slab<'_> {
    /// The paths waiting in the slab, oldest slot first.
    fn pending(&self) -> Vec<StateId> {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.0.is_some())
            .map(|(i, _)| StateId(i as u32))
            .collect()
    }
}

/// Gives the allocator's free pages back to the system: the memory cap reads resident
/// memory, which a free alone does not lower.
pub(super) fn release_freed_memory() {
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only returns free pages of the allocator's arenas to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
