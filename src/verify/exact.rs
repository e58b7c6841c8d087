//! The exact run of a group of targets (no abstraction): a reached target is REACHABLE once
//! its witness replays (`witness.rs`), an unreached one UNREACHABLE only if the run left no
//! gap.

use anyhow::Result;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::results::{RunSummary, TargetVerdict};
use super::runs::{Ctx, Discard, Watcher};
use super::{witness, Gaps, Verdict};
use crate::exec::target::Targets;
use crate::exec::{self, control};
use crate::output::OutputDir;

/// One run watching the targets `group` (indices into `ctx.targets`), `max_time` at most:
/// its summary and a verdict per target of `group`, in order.
pub(super) fn explore(
    ctx: &Ctx,
    group: &[usize],
    max_time: Option<Duration>,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<(RunSummary, Vec<TargetVerdict>)> {
    let clock = Instant::now();
    let sites: Vec<Vec<_>> = group
        .iter()
        .map(|&i| ctx.targets[i].sites.clone())
        .collect();
    let counters = Arc::new(control::Progress::default());
    let mut cfg = ctx.base.clone();
    cfg.limits.max_time = max_time;
    let mut watched = Targets::new(&sites);
    watched.first_hit_halts = ctx.first_hit_halts;
    cfg.targets = Some(Arc::new(watched));
    cfg.limits.progress = Some(counters.clone());
    let mut gaps = Gaps::new(ctx.module);
    watcher.exact_run_started(&counters);
    let outcome = exec::run_monitored(ctx.module, &cfg, &mut Discard, &mut gaps);
    watcher.exact_run_ended();
    let outcome = outcome?;
    gaps.note_outcome(&outcome);
    let time = clock.elapsed().as_secs_f64();
    let mut res = Vec::new();
    for (k, &i) in group.iter().enumerate() {
        let t = &ctx.targets[i];
        let hit = outcome.target_hits.iter().find(|h| h.target == k as u32);
        res.push(match hit {
            Some(h) => witness::reached(ctx, t, h, out)?,
            None => TargetVerdict::new(t, unreached(ctx, &outcome, &gaps, t), time),
        });
    }
    let ids = group.iter().map(|&i| ctx.targets[i].id).collect();
    Ok((RunSummary::new(false, ids, time, &outcome, &gaps), res))
}

/// The verdict of a target the run did not reach.
fn unreached(ctx: &Ctx, outcome: &exec::Outcome, gaps: &Gaps, t: &super::Target) -> Verdict {
    if ctx.first_hit_halts && !outcome.target_hits.is_empty() {
        Verdict::Unknown(
            "not settled: the run stopped at the first target reached (--svcomp)".into(),
        )
    } else {
        Verdict::unreached(gaps.first.as_deref(), t.caveat.as_deref())
    }
}
