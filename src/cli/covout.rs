//! The coverage files of an output directory (`trex run` and `trex verify`): the executor
//! records into a `Coverage` given here, a thread samples it against time while the run goes,
//! and at the end `coverage.lcov` (LCOV tracefile of the program's source files) and
//! `coverage.json` (the whole model and the timeline, read by `trex report`) are written.

use anyhow::{Context, Result};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::coverage::timeline::{Probe, ProgressSlot, Sample, Sampler};
use crate::coverage::{lcov, Model, Saved};
use crate::exec::control::Progress;
use crate::ir;
use crate::search::{Coverage, SearchKind};

/// Recording and sampling during a run.
pub struct CoverageOut {
    cov: Arc<Coverage>,
    sampler: Sampler,
    program: HashSet<String>,
    slot: Arc<ProgressSlot>,
}

/// How often the timeline is sampled at first (it doubles as samples are thinned).
const SAMPLE_PERIOD: Duration = Duration::from_millis(50);

impl CoverageOut {
    /// Starts recording for a run of `module` whose program defines the functions `program`
    /// (the rest is the C library and runtime), with the searchers `search` and the live
    /// counters `progress`.
    pub fn start(
        module: &ir::Module,
        program: HashSet<String>,
        search: &[SearchKind],
        progress: Arc<Progress>,
    ) -> CoverageOut {
        let cov = Arc::new(Coverage::for_search(module, search));
        let slot = ProgressSlot::new(progress);
        let probe = Probe::new(module, &|n| program.contains(n), cov.clone(), slot.clone());
        CoverageOut {
            sampler: Sampler::start(probe, SAMPLE_PERIOD, None),
            cov,
            program,
            slot,
        }
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
        exact: impl FnOnce(&mut Sample),
    ) -> Result<Model> {
        let timeline = self.sampler.finish(exact);
        let model = Model::new(module, &self.cov, &|n| self.program.contains(n));
        std::fs::write(dir.join("coverage.lcov"), lcov::render(&model))
            .context("writing coverage.lcov")?;
        let file = Saved {
            command: command.into(),
            model,
            timeline,
        };
        let json = serde_json::to_string(&file).context("encoding coverage.json")?;
        std::fs::write(dir.join("coverage.json"), json).context("writing coverage.json")?;
        Ok(file.model)
    }
}
