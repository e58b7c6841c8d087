//! Coverage against time: a thread samples the executor's live state (its `Coverage` bits and
//! the `Progress` counters it publishes at its checks) while the run goes, for the report's
//! plots and the periodic rows of `run.stats`. At most `MAX_SAMPLES` are kept: past that,
//! every other sample is dropped and the period doubles, so a long run costs no more than a
//! short one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::exec::control::Progress;
use crate::ir::{self, FuncId};
use crate::search::Coverage;

const MAX_SAMPLES: usize = 2000;

/// The run at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// Seconds since the run started.
    pub time: f64,
    /// The program's basic blocks covered (C library and runtime excluded).
    pub blocks: u64,
    /// The program's instructions covered.
    pub instructions_covered: u64,
    /// Instructions covered in the whole module (library included: KLEE's count).
    pub all_covered: u64,
    /// Instructions executed, all paths.
    pub instructions: u64,
    /// Paths ended.
    pub paths: u64,
    /// Paths waiting to run.
    pub pending: u64,
    /// Solver queries and the time spent in the solver so far (seconds).
    pub queries: u64,
    pub solver_time: f64,
    /// Queries answered by the counterexample cache; seconds inside Z3.
    pub cex_hits: u64,
    pub z3_time: f64,
    /// Conditional branches (whole module) with both sides taken, with one side taken.
    pub full_branches: u64,
    pub partial_branches: u64,
    /// Paths ended by postconditioned symbolic execution (`--pse`).
    pub pse_pruned: u64,
}

/// The counters of the run going on, and the totals of the runs before it (`trex verify`
/// makes several runs, each with its own counters).
pub struct ProgressSlot {
    inner: Mutex<(Arc<Progress>, [u64; 7])>,
}

impl ProgressSlot {
    pub fn new(p: Arc<Progress>) -> Arc<ProgressSlot> {
        Arc::new(ProgressSlot {
            inner: Mutex::new((p, [0; 7])),
        })
    }

    /// A new run starts with these counters; those of the previous one are added up.
    pub fn replace(&self, p: Arc<Progress>) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let now = Self::read(&g.0);
        for (b, v) in g.1.iter_mut().zip(now) {
            *b += v;
        }
        g.0 = p;
    }

    fn read(p: &Progress) -> [u64; 7] {
        [
            p.paths.load(Ordering::Relaxed),
            p.instructions.load(Ordering::Relaxed),
            p.queries.load(Ordering::Relaxed),
            p.solver_micros.load(Ordering::Relaxed),
            p.cex_hits.load(Ordering::Relaxed),
            p.z3_micros.load(Ordering::Relaxed),
            p.pse_pruned.load(Ordering::Relaxed),
        ]
    }

    /// Paths, instructions, queries, solver microseconds, counterexample cache hits, Z3
    /// microseconds, pse-pruned paths of all runs so far; pending paths.
    fn totals(&self) -> ([u64; 7], u64) {
        let g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut v = Self::read(&g.0);
        for (x, b) in v.iter_mut().zip(g.1) {
            *x += b;
        }
        (v, g.0.pending.load(Ordering::Relaxed))
    }
}

/// Which blocks and functions are the program's (what a sample counts).
#[derive(Clone)]
pub struct Probe {
    cov: Arc<Coverage>,
    progress: Arc<ProgressSlot>,
    /// (function, first instruction) of each program block.
    blocks: Vec<(FuncId, u32)>,
    /// Program functions with their instruction counts.
    functions: Vec<(FuncId, u32)>,
    /// The conditional branches of the whole module (KLEE's branch counts).
    cond_branches: Vec<(FuncId, u32)>,
}

impl Probe {
    pub fn new(
        module: &ir::Module,
        program: &dyn Fn(&str) -> bool,
        cov: Arc<Coverage>,
        progress: Arc<ProgressSlot>,
    ) -> Probe {
        let mut blocks = Vec::new();
        let mut functions = Vec::new();
        let cond_branches = cond_branches(module);
        for (i, f) in module.functions.iter().enumerate() {
            if f.is_declaration || !program(&f.name) {
                continue;
            }
            let id = FuncId(i as u32);
            functions.push((id, f.code.len() as u32));
            blocks.extend(f.blocks.iter().map(|b| (id, b.start)));
        }
        Probe {
            cov,
            progress,
            blocks,
            functions,
            cond_branches,
        }
    }

    /// The state now, `time` seconds into the run.
    pub fn sample(&self, time: f64) -> Sample {
        let ([paths, instructions, queries, micros, cex_hits, z3, pse_pruned], pending) =
            self.progress.totals();
        let (mut full, mut partial) = (0, 0);
        for &(f, pc) in &self.cond_branches {
            match (
                self.cov.branch_taken(f, pc, true),
                self.cov.branch_taken(f, pc, false),
            ) {
                (true, true) => full += 1,
                (true, false) | (false, true) => partial += 1,
                (false, false) => {}
            }
        }
        Sample {
            time,
            blocks: self
                .blocks
                .iter()
                .filter(|&&(f, pc)| self.cov.is_covered(f, pc))
                .count() as u64,
            instructions_covered: self
                .functions
                .iter()
                .map(|&(f, n)| self.cov.covered_in(f, n))
                .sum(),
            all_covered: self.cov.covered_count(),
            instructions,
            paths,
            pending,
            queries,
            solver_time: micros as f64 / 1e6,
            cex_hits,
            z3_time: z3 as f64 / 1e6,
            full_branches: full,
            partial_branches: partial,
            pse_pruned,
        }
    }
}

/// (function, pc) of every conditional branch of `module`.
pub fn cond_branches(module: &ir::Module) -> Vec<(FuncId, u32)> {
    let mut v = Vec::new();
    for (i, f) in module.functions.iter().enumerate() {
        for (pc, inst) in f.code.iter().enumerate() {
            if matches!(inst.kind, ir::InstKind::CondBr { .. }) {
                v.push((FuncId(i as u32), pc as u32));
            }
        }
    }
    v
}

/// The samples of a run.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Timeline {
    pub samples: Vec<Sample>,
}

impl Timeline {
    /// Adds a sample; past `MAX_SAMPLES`, keeps every other one (the first and the newest
    /// stay). Returns true when it thinned.
    fn push(&mut self, s: Sample) -> bool {
        self.samples.push(s);
        if self.samples.len() <= MAX_SAMPLES {
            return false;
        }
        let last = self.samples.len() - 1;
        let mut i = 0;
        self.samples.retain(|_| {
            let keep = i % 2 == 0 || i == last;
            i += 1;
            keep
        });
        true
    }
}

/// Something to do with each sample as it is taken (`run.stats` rows); `true` for the final
/// one, taken after the run.
pub type OnSample = Box<dyn FnMut(&Sample, bool) + Send>;

/// The sampling thread.
pub struct Sampler {
    stop: Arc<AtomicBool>,
    timeline: Arc<Mutex<Timeline>>,
    thread: Option<JoinHandle<Option<OnSample>>>,
    probe: Probe,
    started: Instant,
}

impl Sampler {
    /// Starts sampling every `period` (doubling as samples are thinned); `on_sample` also
    /// hears of every sample, at most every `write_every` (the `run.stats` interval).
    pub fn start(
        probe: Probe,
        period: Duration,
        on_sample: Option<(OnSample, Duration)>,
    ) -> Sampler {
        let stop = Arc::new(AtomicBool::new(false));
        let timeline = Arc::new(Mutex::new(Timeline::default()));
        let started = Instant::now();
        let thread = {
            let (stop, timeline, probe) = (stop.clone(), timeline.clone(), probe.clone());
            std::thread::Builder::new()
                .name("trex-coverage-sampler".into())
                .spawn(move || {
                    let mut period = period;
                    let (mut hook, write_every) = match on_sample {
                        Some((h, w)) => (Some(h), w),
                        None => (None, Duration::MAX),
                    };
                    let mut last_write: Option<Instant> = None;
                    let mut next = started;
                    loop {
                        let now = Instant::now();
                        let s = probe.sample(now.duration_since(started).as_secs_f64());
                        if timeline.lock().unwrap_or_else(|e| e.into_inner()).push(s) {
                            period *= 2;
                        }
                        if let Some(h) = hook.as_mut() {
                            if last_write.is_none_or(|w| now.duration_since(w) >= write_every) {
                                h(&s, false);
                                last_write = Some(now);
                            }
                        }
                        next += period;
                        // Parked until the next sample; `finish` unparks it, so the end of
                        // the run waits for no sleep (spurious wake-ups just loop).
                        while Instant::now() < next {
                            if stop.load(Ordering::Relaxed) {
                                return hook;
                            }
                            std::thread::park_timeout(
                                next.saturating_duration_since(Instant::now()),
                            );
                        }
                        if stop.load(Ordering::Relaxed) {
                            return hook;
                        }
                    }
                })
                .ok()
        };
        Sampler {
            stop,
            timeline,
            thread,
            probe,
            started,
        }
    }

    /// Stops the thread and takes the final sample, `exact` setting the counters the run
    /// knows exactly at its end (the executor publishes them only at its checks); the sample
    /// goes to `on_sample` too. Returns the timeline.
    pub fn finish(mut self, exact: impl FnOnce(&mut Sample)) -> Timeline {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
        let hook = self.thread.take().and_then(|t| t.join().ok()).flatten();
        let mut last = self.probe.sample(self.started.elapsed().as_secs_f64());
        exact(&mut last);
        if let Some(mut h) = hook {
            h(&last, true);
        }
        let mut t = std::mem::take(&mut *self.timeline.lock().unwrap_or_else(|e| e.into_inner()));
        t.push(last);
        t
    }
}

impl Drop for Sampler {
    // (A run that failed drops its sampler: the thread stops at once.)
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinning_keeps_the_first_and_the_newest() {
        let mut t = Timeline::default();
        let mut thinned = 0;
        for i in 0..=MAX_SAMPLES {
            let s = Sample {
                time: i as f64,
                ..Sample::default()
            };
            thinned += usize::from(t.push(s));
        }
        assert_eq!(thinned, 1);
        assert_eq!(t.samples.len(), MAX_SAMPLES / 2 + 1);
        assert_eq!(t.samples[0].time, 0.0);
        assert_eq!(t.samples[1].time, 2.0);
        assert_eq!(t.samples.last().unwrap().time, MAX_SAMPLES as f64);
    }

    #[test]
    fn samples_count_program_blocks_and_add_up_runs() {
        let m = crate::exec::sym_tests::compile_sym(
            "int main(void) { return klee_int(\"x\") > 0 ? r1() : r2(); }",
            "-O0",
        );
        let cov = Arc::new(Coverage::new(&m));
        let first = Arc::new(Progress::default());
        first.paths.store(3, Ordering::Relaxed);
        first.solver_micros.store(1_500_000, Ordering::Relaxed);
        let slot = ProgressSlot::new(first);
        let probe = Probe::new(&m, &|n| n == "main", cov.clone(), slot.clone());
        assert_eq!(probe.sample(0.0).blocks, 0);
        let main = m.func_by_name["main"];
        cov.mark_range(main, 0, 0);
        let second = Arc::new(Progress::default());
        second.paths.store(2, Ordering::Relaxed);
        second.pending.store(4, Ordering::Relaxed);
        slot.replace(second);
        let s = probe.sample(1.0);
        assert_eq!((s.blocks, s.instructions_covered, s.all_covered), (1, 1, 1));
        assert_eq!((s.paths, s.pending, s.solver_time), (5, 4, 1.5));
        // Instructions of other functions are not the program's.
        let r1 = m.func_by_name["r1"];
        cov.mark_range(r1, 0, 1);
        let s = probe.sample(2.0);
        assert_eq!((s.instructions_covered, s.all_covered), (1, 3));
    }
}
