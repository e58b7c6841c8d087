//! Several workers over one program (`--threads N`): each a thread with its own expression
//! pool, solver chain (and Z3 context), searcher, pending paths and analyses, over the shared
//! [`Program`] and the run's coverage.
//!
//! Work moves as path prefixes, as in Cloud9 and ranged symbolic execution: a pending path
//! travels as its fork decisions since the start (`PathState::trail`, one bit per fork), and
//! the worker that takes it runs the program from its start again, following those decisions
//! (`Worker::fork_decision`): at each fork only the prefix's side stays, what the path does
//! before its last fork is not repeated (output, warnings, error paths), and the prefix's
//! forks' other sides are the donor's. A pending path cannot travel as it is: its
//! expressions live in its worker's pool. The prefix's replay costs the path's start again;
//! the path given is the donor's shallowest pending one (the biggest subtree, the shortest
//! replay), given only when a worker waits for work and the donor has another path left.
//! A replay that forks elsewhere than the original (a solver's different model) ends its path
//! early (`Halt::Diverged`), never explores another worker's part twice unnoticed.
//!
//! Run-wide: the monitor (tests, numbering, `--max-tests`) and the program's output behind a
//! lock, the coverage (atomics), the halts, `--max-instructions` and the progress counters
//! (`control::Wide`, each worker adding its changes), the lines printed once. Each worker's
//! searcher keeps its meaning over the worker's own pending paths.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossbeam::channel::{self, Receiver, RecvTimeoutError, Sender};

use super::control::{Monitor, Wide};
use super::interp::{self, Slab, Worker};
use super::{Config, Io, Outcome, PathEnd, Program, RunError};
use crate::search::Searcher;

/// A pending path as it moves to another worker: its fork decisions from the start, the
/// hash of their sites (`Trail::sites`), and whether it covered new code (KLEE's
/// `coveredNew`: its own fork took a side no path took before, which its donor marked
/// covered; the replay finds that side covered and would not know the path's test is due).
#[derive(Clone)]
pub(crate) struct Prefix {
    pub(super) bits: Vec<bool>,
    pub(super) sites: u64,
    pub(super) covered_new: bool,
}

impl Prefix {
    /// The prefix that leads to `path`, forked and not run since (`covered_new`: it covered
    /// new code): its fork decisions (`PathState::trail`), or, while it still replays a longer
    /// prefix, that one (its own decisions so far would lead to paths that are not its own).
    pub(super) fn of(path: &super::interp::PathState, covered_new: bool) -> Prefix {
        let t = path.trail.as_ref().expect("paths keep trails");
        match &path.prefix {
            Some(p) if (t.log.len() as usize) < p.bits.len() => (**p).clone(),
            _ => Prefix {
                bits: t.log.bits(),
                sites: t.sites,
                covered_new,
            },
        }
    }
}

/// What the workers of a run share.
pub(super) struct Share {
    tx: Sender<Prefix>,
    rx: Receiver<Prefix>,
    /// Workers running paths plus prefixes sent and not yet finished: 0 ends the run.
    busy: AtomicUsize,
    /// Workers waiting for a prefix.
    waiting: AtomicUsize,
    wide: Arc<Wide>,
    warned_once: Arc<Mutex<hashbrown::HashSet<String>>>,
    shelf: Arc<super::machine::Shelf>,
    /// Prefixes handed over (statistics).
    pub(super) moved: AtomicU64,
}

impl Share {
    fn new() -> Share {
        let (tx, rx) = channel::unbounded();
        Share {
            tx,
            rx,
            // The first worker starts with the program's start.
            busy: AtomicUsize::new(1),
            waiting: AtomicUsize::new(0),
            wide: Arc::default(),
            warned_once: Arc::default(),
            shelf: Arc::default(),
            moved: AtomicU64::new(0),
        }
    }

    /// A worker of the run starts: it records fork decisions and shares the run's control.
    pub(super) fn join(&self, it: &mut Worker<'_, '_>) {
        it.trails = true;
        it.ctl.wide = Some(self.wide.clone());
        it.warned_once = self.warned_once.clone();
        it.shelf = Some(self.shelf.clone());
    }

    /// A worker waits for work and none is queued for it.
    fn hungry(&self) -> bool {
        self.waiting.load(Ordering::Acquire) > self.rx.len()
    }

    /// The worker is out of paths (`had_work`: it had some): the next prefix to replay, or
    /// `None` when every worker is out of paths and none is on its way.
    pub(super) fn wait(&self, had_work: bool) -> Option<Prefix> {
        if had_work {
            self.busy.fetch_sub(1, Ordering::AcqRel);
        }
        self.waiting.fetch_add(1, Ordering::AcqRel);
        let r = loop {
            match self.rx.recv_timeout(Duration::from_millis(2)) {
                // (After a halt it is replayed too: its replay stops at the first check, and
                // ends early as the pending paths do.)
                Ok(p) => break Some(p),
                Err(RecvTimeoutError::Timeout) => {
                    if self.busy.load(Ordering::Acquire) == 0 {
                        break None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break None,
            }
        };
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        r
    }

    /// At the end of a segment: while a worker waits for work and this one has two pending
    /// paths or more, its shallowest fresh one (forked, never run) moves.
    pub(super) fn donate<'m>(
        &self,
        it: &mut Worker<'m, '_>,
        searcher: &mut dyn Searcher,
        slab: &mut Slab<'m>,
    ) {
        while it.ctl.halt.is_none() && self.hungry() {
            // Paths suspended over the memory cap go first: they cost the donor nothing.
            let p = match it.parked.pop() {
                Some(p) => {
                    it.resumed_total += 1;
                    p
                }
                None if it.pending_paths() >= 2 => {
                    let Some(id) = slab.shallowest_fresh() else {
                        return;
                    };
                    searcher.update(None, &[], &[id], slab);
                    let snap = slab.take(id);
                    slab.remove(id);
                    it.moved_away();
                    Prefix::of(&snap.st.path, snap.st.covered_new)
                }
                None => return,
            };
            self.busy.fetch_add(1, Ordering::AcqRel);
            self.moved.fetch_add(1, Ordering::Relaxed);
            if self.tx.send(p).is_err() {
                // (The receiver lives as long as the share.)
                self.busy.fetch_sub(1, Ordering::AcqRel);
            }
        }
    }
}

/// The program's output of every worker, through one lock.
struct SharedIo<'a, 'b>(&'a Mutex<&'b mut (dyn Io + Send)>);

impl Io for SharedIo<'_, '_> {
    fn write(&mut self, fd: i32, data: &[u8]) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write(fd, data);
    }
    fn stdin(&mut self) -> (Arc<[u8]>, Option<std::fs::Metadata>) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).stdin()
    }
}

/// The run's monitor, through one lock: tests are numbered in the order paths end, run-wide.
struct SharedMon<'a, 'b>(&'a Mutex<&'b mut (dyn Monitor + Send)>);

impl Monitor for SharedMon<'_, '_> {
    fn path_ended(&mut self, p: &PathEnd) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .path_ended(p)
    }
    fn warning(&mut self, line: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .warning(line)
    }
    fn message(&mut self, line: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .message(line)
    }
    fn warning_logged(&mut self, line: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .warning_logged(line)
    }
}

/// Stack of each worker thread: deep recursion in the program runs as deep in the
/// interpreter as on the main thread (Linux's default 8 MiB).
const WORKER_STACK: usize = 8 << 20;

/// A run on `threads` workers (see the module's head). The first explores from the start of
/// the program; the others wait for prefixes. Their outcomes are summed.
pub(super) fn run(
    m: &crate::ir::Module,
    cfg: &Config,
    threads: usize,
    io: &mut (dyn Io + Send),
    mon: &mut (dyn Monitor + Send),
) -> Result<Outcome, RunError> {
    let points = interp::entry_points(m, cfg)?;
    // One coverage for the run: the searchers and reports see what every worker ran.
    let mut cfg = cfg.clone();
    if cfg.coverage.is_none() {
        cfg.coverage = Some(Arc::new(crate::search::Coverage::for_search(
            m,
            &cfg.search,
        )));
    }
    let cfg = &cfg;
    let prog = Program::new(m, cfg);
    let share = Share::new();
    let io = Mutex::new(io);
    let mon = Mutex::new(mon);
    let results: Vec<Result<Outcome, RunError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let (prog, share, io, mon) = (&prog, &share, &io, &mon);
                std::thread::Builder::new()
                    .name(format!("trex-worker-{i}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, move || {
                        let mut io = SharedIo(io);
                        let mut mon = SharedMon(mon);
                        interp::explore(prog, cfg, points, &mut io, &mut mon, Some((share, i == 0)))
                    })
                    .expect("a worker thread starts")
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut outs = results.into_iter();
    let mut out = outs.next().expect("one worker or more")?;
    for o in outs {
        add(&mut out, o?);
    }
    out.moved = share.moved.load(Ordering::Relaxed);
    Ok(out)
}

/// Statistics one worker may lack: summed by `sum` when both have them.
fn add_some<T>(a: &mut Option<T>, b: Option<T>, sum: impl FnOnce(&mut T, T)) {
    match (a, b) {
        (Some(a), Some(b)) => sum(a, b),
        (a @ None, b) => *a = b,
        (Some(_), None) => {}
    }
}

/// Sums another worker's outcome into the first's (whose `end` is the first path's).
fn add(out: &mut Outcome, o: Outcome) {
    out.paths.extend(o.paths);
    out.paths_ended += o.paths_ended;
    out.instructions += o.instructions;
    out.forks_refused += o.forks_refused;
    out.parked += o.parked;
    out.resumed += o.resumed;
    out.forks_disabled += o.forks_disabled;
    out.concretized += o.concretized;
    add_some(&mut out.solver_stats, o.solver_stats, |a, b| {
        a.queries += b.queries;
        a.solver_calls += b.solver_calls;
        a.query_constraints += b.query_constraints;
        a.largest_query = a.largest_query.max(b.largest_query);
        a.cache_hits += b.cache_hits;
        a.cex_cache_hits += b.cex_cache_hits;
        a.time += b.time;
        a.z3_time += b.z3_time;
        a.timeouts += b.timeouts;
    });
    add_some(&mut out.interpolation, o.interpolation, |a, b| {
        a.nodes += b.nodes;
        a.subsumed += b.subsumed;
        a.entries += b.entries;
        a.checks += b.checks;
        a.check_solver_calls += b.check_solver_calls;
        a.check_time += b.check_time;
        a.itp_time += b.itp_time;
        a.blocked += b.blocked;
        a.covered_paths = a.covered_paths.saturating_add(b.covered_paths);
        a.conjuncts += b.conjuncts;
        a.max_conjuncts = a.max_conjuncts.max(b.max_conjuncts);
        a.max_itp_nodes = a.max_itp_nodes.max(b.max_itp_nodes);
        a.abduction.add(&b.abduction);
    });
    add_some(&mut out.pse, o.pse, |a, b| {
        a.pruned += b.pruned;
        a.checks += b.checks;
        a.check_solver_calls += b.check_solver_calls;
        a.check_time += b.check_time;
        a.disjuncts += b.disjuncts;
        a.dropped += b.dropped;
        a.merged += b.merged;
        a.summaries += b.summaries;
        a.wp_time += b.wp_time;
    });
    // The first hit of each target, candidates and failures once each.
    for h in o.target_hits {
        if !out.target_hits.iter().any(|x| x.target == h.target) {
            out.target_hits.push(h);
        }
    }
    out.states_matched += o.states_matched;
    out.loops_abstracted += o.loops_abstracted;
    for c in o.invariant_candidates {
        if !out.invariant_candidates.contains(&c) {
            out.invariant_candidates.push(c);
        }
    }
    for i in o.invariants_failed {
        if !out.invariants_failed.contains(&i) {
            out.invariants_failed.push(i);
        }
    }
}
