//! Run control: budgets checked while the run goes (`--max-time`, `--max-memory`, SIGINT,
//! `--max-solver-time`, `--exit-on-error-type`, `--dump-states-on-halt`), the [`Monitor`] that
//! hears of every path as it ends (the CLI writes its tests there and may stop the run, e.g.
//! `--max-tests`), and the [`Progress`] counters a progress display reads.
//!
//! Checks happen at two granularities, both off the interpreter's hot path: at the end of each
//! path segment (see `interp::run`), and every [`CHECK_EVERY`] instructions, folded into the
//! instruction-budget comparison the dispatch loop already makes (`Worker::max_insts` is the
//! next checkpoint, not only the budget). Reading the resident set size costs a system call, so
//! it is done at most every [`MEMORY_CHECK_PERIOD`].
//!
//! A run-wide halt (`max-instructions`, `max-time`, `interrupted`, `max-tests`,
//! `exit-on-error`) ends the running path early and then every pending path as the searcher
//! hands them out: with `dump_states_on_halt` each gets a model and an `.early` test, without
//! it they end silently (counted as partially completed). `max-memory` kills pending paths
//! instead (KLEE: `killing N states (over memory cap: ...)`), and a solver timeout or unknown
//! answer ends only the path that asked.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::interp::{error, Slab, Snap, Stop, Worker, R};
use super::{End, ErrorKind, Halt, PathEnd};
use crate::ir::FuncId;
use crate::search::{Searcher, StateId};
use crate::solver::SolverError;

/// Instructions between two checks inside a path.
pub const CHECK_EVERY: u64 = 4096;
/// KLEE's `--batch-instructions` and `--batch-time` defaults: a path's quantum.
pub const DEFAULT_BATCH_INSTRUCTIONS: u64 = 10_000;
pub const DEFAULT_BATCH_TIME: Duration = Duration::from_secs(5);
/// Least time between two reads of `/proc/self/statm`.
pub const MEMORY_CHECK_PERIOD: Duration = Duration::from_millis(100);

/// The run-control settings of [`super::Config`].
#[derive(Clone, Debug)]
pub struct Limits {
    /// `--max-time`: wall time of the run (from the start of execution).
    pub max_time: Option<Duration>,
    /// `--max-solver-time`: per-query Z3 timeout.
    pub max_solver_time: Option<Duration>,
    /// `--max-memory` (MB of resident memory).
    pub max_memory_mb: Option<u64>,
    /// `--exit-on-error-type`: stop the run at the first error of one of these kinds.
    pub exit_on_error_types: Vec<ErrorKind>,
    /// `--dump-states-on-halt`: paths pending at a halt get a test (`.early`).
    pub dump_states_on_halt: bool,
    /// Set (by a SIGINT handler) to halt the run at the next check.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Counters for a progress display, updated at each check.
    pub progress: Option<Arc<Progress>>,
    /// Replay: the inputs (ktest objects, in order) that `klee_make_symbolic` & co. take
    /// instead of creating symbolic values (see `replay.rs`).
    pub replay: Option<Vec<(String, Vec<u8>)>>,
    /// `--seed-file` / `--seed-dir`: the seeds the first paths follow (`seed.rs`).
    pub seeding: Option<Arc<super::seed::Seeding>>,
    /// `--batch-instructions`: a path runs at most this many instructions before the searcher
    /// chooses again (when other paths wait).
    pub batch_instructions: u64,
    /// `--batch-time`: likewise, at most this long (checked every `CHECK_EVERY` instructions).
    pub batch_time: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_time: None,
            max_solver_time: None,
            max_memory_mb: None,
            exit_on_error_types: Vec::new(),
            dump_states_on_halt: true,
            interrupt: None,
            progress: None,
            replay: None,
            seeding: None,
            batch_instructions: DEFAULT_BATCH_INSTRUCTIONS,
            batch_time: Some(DEFAULT_BATCH_TIME),
        }
    }
}

/// Live counters of a run (relaxed atomics: a display reads them from another thread).
#[derive(Debug, Default)]
pub struct Progress {
    pub instructions: AtomicU64,
    /// Paths ended so far.
    pub paths: AtomicU64,
    /// Paths waiting to run.
    pub pending: AtomicU64,
    /// Instructions marked covered (`search::Coverage`).
    pub covered: AtomicU64,
    /// Solver queries so far, and the time spent in the solver chain (microseconds): the
    /// periodic rows of `run.stats`.
    pub queries: AtomicU64,
    pub solver_micros: AtomicU64,
    /// Of those: answered by the counterexample cache; time inside Z3 (microseconds).
    pub cex_hits: AtomicU64,
    pub z3_micros: AtomicU64,
}

/// Hears of the run as it goes (the CLI writes tests here).
pub trait Monitor {
    /// A path ended (in the order they end). Returns true to halt the run (`max-tests`).
    fn path_ended(&mut self, p: &PathEnd) -> bool;
    /// A `KLEE: WARNING: ...` line from the executor.
    fn warning(&mut self, line: &str);
    /// A `KLEE: ...` message from the executor (KLEE's `klee_message`: seeding's progress).
    fn message(&mut self, _line: &str) {}
}

/// A monitor that keeps every ended path (the library entry `exec::run`: replays, tests).
#[derive(Default)]
pub struct Collect(pub Vec<PathEnd>);

impl Monitor for Collect {
    fn path_ended(&mut self, p: &PathEnd) -> bool {
        self.0.push(p.clone());
        false
    }
    fn warning(&mut self, _line: &str) {}
}

/// Run-control state owned by the interpreter.
pub(super) struct Ctl {
    pub(super) lim: Limits,
    exit_on_error: bool,
    /// The instruction budget (`u64::MAX`: none).
    max_instructions: u64,
    pub(super) started: Instant,
    last_memory_check: Option<Instant>,
    /// Memory found over the cap inside a path (MB), for the end of its segment.
    over_mb: Option<u64>,
    /// Set once the run halts: the reason (an option name, or `interrupted`).
    pub(super) halt: Option<Halt>,
    /// Warnings waiting for the monitor.
    pub(super) warnings: Vec<String>,
    /// Paths ended (and given to the monitor) so far.
    pub(super) ended: u64,
    /// How the first path ended (`Outcome::end`).
    pub(super) first_end: Option<End>,
    pending: u64,
    /// Replay: objects consumed, and the names given so far (deduplicated as in a run).
    pub(super) replay_pos: usize,
    pub(super) replay_names: super::replay::ReplayNames,
}

impl Default for Ctl {
    /// No budget but an instruction budget of 0 (scratch interpreters evaluate constants only).
    fn default() -> Self {
        Ctl {
            lim: Limits::default(),
            exit_on_error: false,
            max_instructions: 0,
            started: Instant::now(),
            last_memory_check: None,
            over_mb: None,
            halt: None,
            warnings: Vec::new(),
            ended: 0,
            first_end: None,
            pending: 0,
            replay_pos: 0,
            replay_names: Default::default(),
        }
    }
}

impl Ctl {
    /// Whether an error of this kind stops the run (`--exit-on-error[-type]`).
    pub(super) fn exits_on(&self, kind: ErrorKind) -> bool {
        self.exit_on_error || self.lim.exit_on_error_types.contains(&kind)
    }

    /// The per-query solver timeout.
    pub(super) fn solver_timeout(&self) -> Option<Duration> {
        self.lim.max_solver_time
    }

    /// When the run's time is up (`--max-time`).
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.lim.max_time.map(|t| self.started + t)
    }

    /// The path's solver chain: `--max-solver-time` per query, and no query past `--max-time`
    /// but those solving the tests of the paths the halt ends, within a grace of a tenth of
    /// `--max-time` (at most 10 s).
    pub(super) fn solver_chain(&self) -> Box<dyn crate::solver::Solver + Send> {
        crate::solver::build_chain(crate::solver::ChainConfig {
            timeout: self.solver_timeout(),
            deadline: self.deadline(),
            grace: self
                .lim
                .max_time
                .map_or(Duration::ZERO, |t| (t / 10).min(Duration::from_secs(10))),
            ..crate::solver::ChainConfig::default()
        })
    }

    /// Time, interrupt and memory checks: the reason to stop, if any (`max-memory` concerns
    /// one path; the others the run).
    fn poll(&mut self) -> Option<Halt> {
        if let Some(i) = &self.lim.interrupt {
            if i.load(Ordering::Relaxed) {
                return Some(Halt::Interrupted);
            }
        }
        if let Some(t) = self.lim.max_time {
            if self.started.elapsed() >= t {
                return Some(Halt::MaxTime);
            }
        }
        None
    }

    /// The resident memory in MB when above `--max-memory` (read at most every
    /// `MEMORY_CHECK_PERIOD`).
    fn over_memory(&mut self) -> Option<u64> {
        let cap = self.lim.max_memory_mb?;
        let now = Instant::now();
        if self
            .last_memory_check
            .is_some_and(|t| now.duration_since(t) < MEMORY_CHECK_PERIOD)
        {
            return None;
        }
        self.last_memory_check = Some(now);
        let mb = resident_mb()?;
        (mb > cap).then_some(mb)
    }
}

/// The resident set size in MB (`/proc/self/statm`: pages; the second field is resident).
pub fn resident_mb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size() / (1 << 20))
}

fn page_size() -> u64 {
    // The kernel's page size on x86-64 / i386 Linux (the only hosts trex supports).
    4096
}

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
        self.publish_progress();
        if let Some(w) = self.ctl.poll() {
            return Err(Box::new(Stop::Halt(w)));
        }
        if let Some(mb) = self.ctl.over_memory() {
            // The running path is the one state at hand here; pending ones are killed at the
            // end of the segment.
            self.ctl.warnings.push(format!(
                "KLEE: WARNING: killing 1 states (over memory cap: {mb}MB)"
            ));
            self.ctl.over_mb = Some(mb);
            return Err(Box::new(Stop::Halt(Halt::MaxMemory)));
        }
        if self.quantum_over() {
            self.sync_executed();
            return Err(Box::new(Stop::Preempt));
        }
        Ok(())
    }

    fn publish_progress(&self) {
        if let Some(p) = &self.ctl.lim.progress {
            p.instructions.store(self.insts, Ordering::Relaxed);
            p.paths.store(self.ctl.ended, Ordering::Relaxed);
            // Forks of the running path join the pending ones at the end of its segment.
            let pending = self.ctl.pending + self.worklist.len() as u64;
            p.pending.store(pending, Ordering::Relaxed);
            p.covered
                .store(self.coverage.covered_count(), Ordering::Relaxed);
            if let Some(s) = &self.solver {
                let st = s.stats();
                p.queries.store(st.queries, Ordering::Relaxed);
                p.solver_micros
                    .store(st.time.as_micros() as u64, Ordering::Relaxed);
                p.cex_hits.store(st.cex_cache_hits, Ordering::Relaxed);
                p.z3_micros
                    .store(st.z3_time.as_micros() as u64, Ordering::Relaxed);
            }
        }
    }

    /// A solver failure: a timeout or an unknown answer ends the path early (never a guess).
    pub(super) fn solver_fail<T>(&self, e: SolverError) -> R<T> {
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
    pub(super) fn visit_branch(&mut self, side: bool) {
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
        self.publish_progress();
        let over = self.ctl.over_mb.take();
        if self.ctl.halt.is_some() || self.ctl.pending == 0 {
            return;
        }
        if let Some(mb) = over.or_else(|| self.ctl.over_memory()) {
            self.kill_states(mb, searcher, slab, mon);
        }
    }

    /// KLEE's memory cap: kills `max(1, n - n * cap / usage)` of the `n` pending paths (the
    /// most recently forked ones), each ending early with a test.
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
        mon.warning(&format!(
            "KLEE: WARNING: killing {kill} states (over memory cap: {mb}MB)"
        ));
        let victims: Vec<StateId> = slab.pending().into_iter().rev().take(kill).collect();
        searcher.update(None, &[], &victims, slab);
        for &s in &victims {
            let snap = slab.take(s);
            slab.remove(s);
            self.end_pending(snap, Halt::MaxMemory);
        }
        for p in std::mem::take(&mut self.paths) {
            self.report(&p, mon);
        }
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

    /// A pending path was selected to run.
    pub(super) fn enter_segment(&mut self) {
        self.ctl.pending = self.ctl.pending.saturating_sub(1);
    }

    /// The running path was suspended after its quantum: it waits again.
    pub(super) fn suspended(&mut self) {
        self.ctl.pending += 1;
    }

    /// The paths waiting in the slab.
    pub(super) fn pending_paths(&self) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_is_read() {
        assert!(resident_mb().is_some());
    }
}
