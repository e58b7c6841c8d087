//! The strategy of `trex verify`: the targets go in groups (all in one run, or one run each
//! with `one_target_at_a_time`); each group first goes to the Horn-clause engine (`chc.rs`:
//! a proof, or a counterexample that replays) with a share of the time, then what it left is
//! tried with loops abstracted (`abstraction.rs`: proofs only), then the targets left get an
//! exact run with the time left (`exact.rs`), whose hits are written as witness tests and
//! replayed (`witness.rs`). `--engine` runs one engine alone.

use anyhow::Result;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use super::results::{RunSummary, TargetVerdict, Verification};
use super::runs::{Ctx, Engines, Options, Watcher};
use super::{abstraction, chc, exact, Target};

use crate::ir;
use crate::ir::liveness::Liveness;
use crate::ir::loop_mod::LoopMods;
use crate::output::OutputDir;

/// The functions the program defines (targets are never inside the C library).
pub fn own_functions(m: &ir::Module) -> HashSet<String> {
    m.functions
        .iter()
        .filter(|f| !f.is_declaration)
        .map(|f| f.name.clone())
        .collect()
}

/// A verdict per target of `module` (`targets` found in it, `own` its program's functions);
/// witness tests go to `out`.
pub fn verify(
    module: &ir::Module,
    own: &(dyn Fn(&str) -> bool + Sync),
    targets: &[Target],
    opts: &Options,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<Verification> {
    let liveness = Arc::new(Liveness::new(module, own));
    let loop_mods = opts
        .loop_abstraction
        .then(|| Arc::new(LoopMods::new(module, &liveness, own)))
        .filter(|l| !l.is_empty());
    let mut base = opts.base.clone();
    base.state_matching = opts.state_matching.then_some(liveness);
    let ctx = Ctx {
        module,
        base: &base,
        targets,
        first_hit_halts: opts.first_hit_halts,
        test_args: &opts.test_args,
    };
    let mut results: Vec<Option<TargetVerdict>> = vec![None; targets.len()];
    let mut runs = Vec::new();
    for group in groups(targets.len(), opts.one_target_at_a_time) {
        let (summaries, settled) = verify_group(
            &ctx,
            group,
            opts.engines,
            own,
            loop_mods.as_ref(),
            out,
            watcher,
        )?;
        for (i, r) in settled {
            results[i] = Some(r);
        }
        runs.extend(summaries);
    }
    Ok(Verification {
        targets: results.into_iter().flatten().collect(),
        runs,
        invariants: Vec::new(),
    })
}

/// The Horn-clause engine's time before symbolic execution: a sixth of the budget, 10 s
/// without one (Spacer proves what it can model in seconds, but finds a counterexample that
/// needs hundreds of loop iterations slowly; symbolic execution finds those fast and needs
/// the rest of the time to unroll).
fn chc_share(budget: Option<Duration>) -> Duration {
    budget.map_or(Duration::from_secs(10), |b| {
        (b / 6).max(Duration::from_secs(1))
    })
}

fn summary_time(runs: &[RunSummary]) -> f64 {
    runs.iter().map(|r| r.time).sum()
}

/// The groups of target indices that share a run.
fn groups(n: usize, one_at_a_time: bool) -> Vec<Vec<usize>> {
    if one_at_a_time {
        (0..n).map(|i| vec![i]).collect()
    } else if n == 0 {
        Vec::new()
    } else {
        vec![(0..n).collect()]
    }
}

/// The abstracted runs, then the exact run for what they left with the time left: the runs
/// made and the verdicts (target index, verdict).
#[allow(clippy::type_complexity)]
fn verify_group(
    ctx: &Ctx,
    mut group: Vec<usize>,
    engines: Engines,
    own: &(dyn Fn(&str) -> bool + Sync),
    loop_mods: Option<&Arc<LoopMods>>,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<(Vec<RunSummary>, Vec<(usize, TargetVerdict)>)> {
    let mut runs = Vec::new();
    let mut settled = Vec::new();
    let mut rest_time = ctx.base.limits.max_time;
    if engines != Engines::Symbolic {
        let limit = match engines {
            Engines::Chc => rest_time,
            _ => Some(chc_share(rest_time)),
        };
        let (summary, proven) = chc::prove(ctx, &group, own, limit, out)?;
        group.retain(|g| !proven.iter().any(|p| p.0 == *g));
        settled.extend(proven);
        let took = Duration::from_secs_f64(summary.time);
        rest_time = rest_time.map(|t| t.saturating_sub(took).max(Duration::from_secs(1)));
        runs.push(summary);
        if engines == Engines::Chc {
            let why = runs[0]
                .incomplete_reason
                .clone()
                .unwrap_or_else(|| "not settled by the Horn-clause engine".into());
            for g in group {
                let t = &ctx.targets[g];
                let v = super::Verdict::Unknown(format!("chc: {why}"));
                settled.push((g, TargetVerdict::new(t, v, summary_time(&runs))));
            }
            return Ok((runs, settled));
        }
    }
    if group.is_empty() {
        return Ok((runs, settled));
    }
    if let Some(lm) = loop_mods {
        let (summaries, proven, took) = abstraction::prove(ctx, &group, lm)?;
        group.retain(|g| !proven.iter().any(|p| p.0 == *g));
        settled.extend(proven);
        rest_time = rest_time.map(|t| t.saturating_sub(took).max(Duration::from_secs(1)));
        runs.extend(summaries);
    }
    if !group.is_empty() {
        let (summary, res) = exact::explore(ctx, &group, rest_time, out, watcher)?;
        settled.extend(group.into_iter().zip(res));
        runs.push(summary);
    }
    Ok((runs, settled))
}
