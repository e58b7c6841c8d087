//! The coverage and statistics files of an output directory (`trex run` and `trex verify`):
//! the executor records into a `Coverage` given here, a thread samples it against time while
//! the run goes and writes a `run.stats` row every `--stats-write-interval` (KLEE's SQLite
//! statistics), and at the end `coverage.lcov` (LCOV tracefile of the program's source
//! files), `run.istats` (KLEE's per-instruction statistics) and `coverage.json` (the whole
//! model and the timeline, read by `trex report`) are written.

use anyhow::{Context, Result};
use clap::Args;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::coverage::timeline::{Probe, ProgressSlot, Sample, Sampler};
use crate::coverage::{istats, lcov, Model, Saved};
use crate::exec::control::Progress;
use crate::ir;
use crate::output::runstats;
use crate::search::{Coverage, SearchKind};

/// The statistics options of `trex run` and `trex verify`.
#[derive(Args, Debug, Clone)]
pub struct StatsOptions {
    /// How often a row is added to run.stats (a time span; KLEE's default 1s; 0: only at the
    /// end)
    #[arg(long, value_parser = super::parse::parse_time_span, default_value = "1s")]
    pub stats_write_interval: Duration,
}

/// The process's user CPU time in microseconds (`getrusage`).
fn user_time_micros() -> u64 {
    // SAFETY: getrusage fills the struct it is given; a zeroed rusage is a valid value.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return 0;
    }
    ru.ru_utime.tv_sec as u64 * 1_000_000 + ru.ru_utime.tv_usec as u64
}

/// The resident set size in bytes (`/proc/self/statm`), trex's `MallocUsage`.
fn resident_bytes() -> u64 {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages * page.max(0) as u64
}

/// A `run.stats` row from a sample: KLEE's counts over the whole module (`instructions`: its
/// size; `branches`: its conditional branches); the running path counts as a state until the
/// end (`running`).
fn row(s: &Sample, instructions: u64, branches: u64, running: bool) -> runstats::Row {
    runstats::Row {
        instructions: s.instructions,
        full_branches: s.full_branches,
        partial_branches: s.partial_branches,
        num_branches: branches,
        user_time: user_time_micros(),
        num_states: s.pending + u64::from(running),
        malloc_usage: resident_bytes(),
        num_queries: s.queries,
        wall_time: (s.time * 1e6) as u64,
        covered_instructions: s.all_covered,
        uncovered_instructions: instructions.saturating_sub(s.all_covered),
        query_time: (s.z3_time * 1e6) as u64,
        solver_time: (s.solver_time * 1e6) as u64,
        query_cex_cache_hits: s.cex_hits,
        pse_pruned_paths: s.pse_pruned,
    }
}

/// Recording and sampling during a run.
pub struct CoverageOut {
    cov: Arc<Coverage>,
    sampler: Sampler,
    program: HashSet<String>,
    slot: Arc<ProgressSlot>,
    /// The bitcode run (`run.istats`' `cmd` and `ob`), and whether executions were counted.
    bitcode: String,
    counted: bool,
}

/// How often the timeline is sampled at first (it doubles as samples are thinned).
const SAMPLE_PERIOD: Duration = Duration::from_millis(50);

impl CoverageOut {
    /// Starts recording for a run of `module` whose program defines the functions `program`
    /// (the rest is the C library and runtime), with the searchers `search` and the live
    /// counters `progress`; `run.stats` goes into `dir`.
    pub fn start(
        module: &ir::Module,
        program: HashSet<String>,
        search: &[SearchKind],
        progress: Arc<Progress>,
        dir: &Path,
        opts: &StatsOptions,
        bitcode: &Path,
    ) -> Result<CoverageOut> {
        let cov = Arc::new(Coverage::for_search(module, search));
        let slot = ProgressSlot::new(progress);
        let probe = Probe::new(module, &|n| program.contains(n), cov.clone(), slot.clone());
        let stats = runstats::Writer::create(&dir.join("run.stats")).context("run.stats")?;
        let instructions: u64 = module.functions.iter().map(|f| f.code.len() as u64).sum();
        let branches = crate::coverage::timeline::cond_branches(module).len() as u64;
        let hook = move |s: &Sample, last: bool| {
            // (A failed write loses a row of statistics, not the run.)
            let _ = stats.write(&row(s, instructions, branches, !last));
        };
        let every = match opts.stats_write_interval {
            d if d.is_zero() => Duration::MAX,
            d => d,
        };
        Ok(CoverageOut {
            sampler: Sampler::start(probe, SAMPLE_PERIOD, Some((Box::new(hook), every))),
            cov,
            program,
            slot,
            bitcode: bitcode.display().to_string(),
            counted: search.contains(&SearchKind::NursICnt),
        })
    }

    /// The coverage the executor records into (`exec::Config::coverage`).
    pub fn coverage(&self) -> Arc<Coverage> {
        self.cov.clone()
    }

    /// A new run with its own counters (`trex verify`'s exact runs).
    pub fn next_run(&self, progress: Arc<Progress>) {
        self.slot.replace(progress);
    }

    /// Ends the sampling (`exact`: the final counters the run knows exactly) and writes
    /// `coverage.lcov` and `coverage.json` into `dir`; returns the model.
    pub fn finish(
        self,
        module: &ir::Module,
        command: &str,
        dir: &Path,
        goals: Option<&crate::cover::Report>,
        exact: impl FnOnce(&mut Sample),
    ) -> Result<Model> {
        let timeline = self.sampler.finish(exact);
        let proved = goals.map(|g| g.proved_arms()).unwrap_or_default();
        let model = Model::with_proved(
            module,
            &self.cov,
            &|n| self.program.contains(n),
            &|f, pc, arm| proved.contains(&(f, pc, arm)),
        );
        let istats = istats::render(
            module,
            &self.cov,
            &self.bitcode,
            std::process::id(),
            self.counted,
        );
        std::fs::write(dir.join("run.istats"), istats).context("writing run.istats")?;
        std::fs::write(dir.join("coverage.lcov"), lcov::render(&model))
            .context("writing coverage.lcov")?;
        let file = Saved {
            command: command.into(),
            model,
            timeline,
            goals: goals.map(|g| g.saved(module)).unwrap_or_default(),
        };
        let json = serde_json::to_string(&file).context("encoding coverage.json")?;
        std::fs::write(dir.join("coverage.json"), json).context("writing coverage.json")?;
        Ok(file.model)
    }
}
