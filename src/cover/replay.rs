//! Which test covers which goal: each `.ktest` of the output directory, in the order they
//! were written, is run again on its inputs (KLEE's replay: concrete, no fork), its coverage
//! recorded; a goal is covered by the first test whose run reaches it. (A forking run marks a
//! branch outcome when a path forks onto it; only a test's own run shows what it covers.)

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};

use super::Goal;
use crate::exec::control::{Collect, Limits};
use crate::exec::{self, Config};
use crate::ir::Module;
use crate::output::ktest::KTest;
use crate::search::Coverage;
use crate::verify::runs::Discard;

/// A test's run at most (one written from a path stopped early may loop long when run on:
/// what it covers up to then counts).
const REPLAY_TIME: Duration = Duration::from_secs(1);

/// The `.ktest` files of `dir`, in name (= writing) order.
fn tests_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ktest")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("test"))
        })
        .collect();
    v.sort();
    Ok(v)
}

/// Runs the tests of `dir` after the first `done` ones (in name order), recording their
/// coverage in `cov`; each goal of `goals` without a test in `by` gets the first of them that
/// reaches it. Returns the number of tests run so far (`done` included).
pub(super) fn attribute(
    module: &Module,
    cfg: &Config,
    dir: &Path,
    goals: &[Goal],
    cov: &Arc<Coverage>,
    by: &mut [Option<String>],
    done: usize,
) -> Result<usize> {
    let tests = tests_in(dir)?;
    for t in tests.iter().skip(done) {
        let data = std::fs::read(t).with_context(|| format!("cannot read {}", t.display()))?;
        let kt =
            KTest::from_bytes(&data).with_context(|| format!("cannot read {}", t.display()))?;
        let objects = kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect();
        // The run's program and environment, no analysis, no test of its own.
        let c = Config {
            entry: cfg.entry.clone(),
            argv: cfg.argv.clone(),
            env: cfg.env.clone(),
            environment: cfg.environment.clone(),
            externals: cfg.externals.clone(),
            use_libc_start: cfg.use_libc_start,
            max_instructions: cfg.max_instructions,
            max_stack_frames: cfg.max_stack_frames,
            checks: cfg.checks,
            kdalloc: cfg.kdalloc,
            silent_klee_assume: cfg.silent_klee_assume,
            path_inputs: false,
            exit_inputs: false,
            coverage: Some(cov.clone()),
            limits: Limits {
                replay: Some(objects),
                max_time: Some(REPLAY_TIME),
                max_memory_mb: cfg.limits.max_memory_mb,
                interrupt: cfg.limits.interrupt.clone(),
                ..Limits::default()
            },
            ..Config::default()
        };
        exec::run_monitored(module, &c, &mut Discard, &mut Collect::default())?;
        let name = t.file_name().map(|n| n.to_string_lossy().into_owned());
        for (b, g) in by.iter_mut().zip(goals) {
            if b.is_none() && g.reached(module, cov) {
                b.clone_from(&name);
            }
        }
    }
    Ok(tests.len())
}
