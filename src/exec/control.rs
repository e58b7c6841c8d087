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
//! it they end silently (counted as partially completed). `max-memory` suspends pending paths
//! instead, or kills those it cannot suspend (KLEE: `killing N states (over memory cap: ...)`;
//! `interp/run_control.rs`), and a solver timeout or unknown answer ends only the path that
//! asked.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{End, ErrorKind, Halt, PathEnd};

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
    /// `--only-output-states-covering-new`: only a path that covered new code (or ended with
    /// an error) gets a test, so only its inputs are solved for (as KLEE does).
    pub only_covering_new: bool,
    /// Set (by a SIGINT handler) to halt the run at the next check.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Set by another engine that settled what the run was for (`trex verify --engine
    /// both`): the run halts at the next check, as interrupted.
    pub stop: Option<Arc<AtomicBool>>,
    /// Counters for a progress display, updated at each check.
    pub progress: Option<Arc<Progress>>,
    /// Replay: the inputs (ktest objects, in order) that `klee_make_symbolic` & co. take
    /// instead of creating symbolic values (see `replay.rs`).
    pub replay: Option<Vec<(String, Vec<u8>)>>,
    /// `--seed-file` / `--seed-dir`: the seeds the first paths follow (`seed.rs`).
    pub seeding: Option<Arc<crate::seed::Seeding>>,
    /// `--batch-instructions`: a path runs at most this many instructions before the searcher
    /// chooses again (when other paths wait).
    pub batch_instructions: u64,
    /// `--batch-time`: likewise, at most this long (checked every `CHECK_EVERY` instructions).
    pub batch_time: Option<Duration>,
    /// `--ippc`: the solver answers fork questions by IPPC (`solver/ippc.rs`).
    pub ippc: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_time: None,
            max_solver_time: None,
            max_memory_mb: None,
            exit_on_error_types: Vec::new(),
            dump_states_on_halt: true,
            only_covering_new: false,
            interrupt: None,
            stop: None,
            progress: None,
            replay: None,
            seeding: None,
            batch_instructions: DEFAULT_BATCH_INSTRUCTIONS,
            batch_time: Some(DEFAULT_BATCH_TIME),
            ippc: false,
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
    /// Paths ended by postconditioned symbolic execution (`--pse`; `Prune::Pse`).
    pub pse_pruned: AtomicU64,
}

/// Hears of the run as it goes (the CLI writes tests here).
pub trait Monitor {
    /// A path ended (in the order they end). Returns true to halt the run (`max-tests`).
    fn path_ended(&mut self, p: &PathEnd) -> bool;
    /// A `KLEE: WARNING: ...` line from the executor.
    fn warning(&mut self, line: &str);
    /// A `KLEE: ...` message from the executor (KLEE's `klee_message`: seeding's progress).
    fn message(&mut self, _line: &str) {}
    /// A `KLEE: WARNING: ...` line of the program's `klee_warning`, which the run printed on
    /// its stderr already, in order with its output: only the files' copy (KLEE writes
    /// warnings to `warnings.txt` too).
    fn warning_logged(&mut self, _line: &str) {}
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

/// Run control shared by the workers of a run (`exec/parallel.rs`): the first run-wide halt,
/// and the forks of all of them (`--max-forks` counts the run's).
#[derive(Debug, Default)]
pub(super) struct Wide {
    halt: std::sync::Mutex<Option<Halt>>,
    halted: AtomicBool,
    pub(super) forks: AtomicU64,
}

impl Wide {
    /// The run halts (the first reason stays).
    pub(super) fn halt(&self, h: Halt) {
        let mut g = self.halt.lock().unwrap_or_else(|e| e.into_inner());
        if g.is_none() {
            *g = Some(h);
        }
        self.halted.store(true, Ordering::Release);
    }

    pub(super) fn halted(&self) -> Option<Halt> {
        if !self.halted.load(Ordering::Acquire) {
            return None;
        }
        *self.halt.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a worker last reported to the run's `Progress` (several workers add their changes).
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Shown {
    pub(super) instructions: u64,
    pub(super) paths: u64,
    pub(super) pending: u64,
    pub(super) queries: u64,
    pub(super) solver_micros: u64,
    pub(super) cex_hits: u64,
    pub(super) z3_micros: u64,
    pub(super) pse_pruned: u64,
}

/// Run-control state owned by the interpreter.
pub(super) struct Ctl {
    pub(super) lim: Limits,
    pub(super) exit_on_error: bool,
    /// The instruction budget (`u64::MAX`: none).
    pub(super) max_instructions: u64,
    pub(super) started: Instant,
    pub(super) last_memory_check: Option<Instant>,
    /// Memory found over the cap inside a path (MB), for the end of its segment.
    pub(super) over_mb: Option<u64>,
    /// Set once the run halts: the reason (an option name, or `interrupted`).
    pub(super) halt: Option<Halt>,
    /// Warnings waiting for the monitor.
    pub(super) warnings: Vec<String>,
    /// The program's own warnings (`klee_warning`), already on its stderr, waiting for the
    /// monitor's files.
    pub(super) logged: Vec<String>,
    /// Paths ended (and given to the monitor) so far; of them, pruned by `--pse`.
    pub(super) ended: u64,
    pub(super) pse_pruned: u64,
    /// How the first path ended (`Outcome::end`).
    pub(super) first_end: Option<End>,
    pub(super) pending: u64,
    /// Replay: objects consumed, and the names given so far (deduplicated as in a run).
    pub(super) replay_pos: usize,
    pub(super) replay_names: super::replay::ReplayNames,
    /// With several workers: the run's shared control.
    pub(super) wide: Option<Arc<Wide>>,
    /// With several workers: what this worker last added to the `Progress` counters.
    pub(super) shown: Shown,
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
            logged: Vec::new(),
            ended: 0,
            pse_pruned: 0,
            first_end: None,
            pending: 0,
            replay_pos: 0,
            replay_names: Default::default(),
            wide: None,
            shown: Shown::default(),
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
            ippc: self.lim.ippc,
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
    pub(super) fn poll(&mut self) -> Option<Halt> {
        if let Some(h) = self.wide.as_ref().and_then(|w| w.halted()) {
            return Some(h);
        }
        for flag in [&self.lim.interrupt, &self.lim.stop].into_iter().flatten() {
            if flag.load(Ordering::Relaxed) {
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
    pub(super) fn over_memory(&mut self) -> Option<u64> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_is_read() {
        assert!(resident_mb().is_some());
    }
}
