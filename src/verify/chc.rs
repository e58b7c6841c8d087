//! The Horn-clause engine's run for a group of targets (`crate::chc`): a proof settles
//! every target of the group UNREACHABLE (but a target with a caveat); a counterexample
//! settles the targets its inputs reach when replayed concretely (REACHABLE, with their
//! test), and nothing else; no answer, or a construct it cannot model, settles nothing (the
//! run's `incomplete_reason` says which). `search` may run on a thread of its own beside
//! symbolic execution (it writes nothing); `settle` writes the tests.

use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::results::{RunSummary, TargetVerdict};
use super::runs::Ctx;
use super::{witness, Verdict};
use crate::chc::{self, Answer, Run};
use crate::output::OutputDir;

/// The engine on the targets `group` (indices into `ctx.targets`), within `limit`, until
/// `cancel` is set.
pub(super) fn search(
    ctx: &Ctx,
    group: &[usize],
    own: &(dyn Fn(&str) -> bool + Sync),
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
) -> Run {
    let sites: Vec<_> = group
        .iter()
        .flat_map(|&i| ctx.targets[i].sites.iter().copied())
        .collect();
    // A candidate that does not replay (or whose replay fails) is no counterexample.
    let mut replays = |objects: &chc::Inputs| {
        group.iter().any(|&i| {
            witness::replays_to(ctx, &ctx.targets[i], objects).is_ok_and(|(reached, _)| reached)
        })
    };
    let task = chc::Task {
        module: ctx.module,
        entry: &ctx.base.entry,
        own,
        sites: &sites,
    };
    chc::prove(&task, limit, cancel, &mut replays)
}

/// Whether `run` settles every target of `group` (then nothing is left for another engine).
pub(super) fn settles_all(ctx: &Ctx, group: &[usize], run: &Run) -> bool {
    match &run.answer {
        Answer::Safe => group.iter().all(|&i| ctx.targets[i].caveat.is_none()),
        Answer::Counterexample(_) => ctx.first_hit_halts || group.len() == 1,
        _ => false,
    }
}

/// The verdicts of `run` (target index, verdict), with the tests of reached targets written,
/// and its summary (listing the targets it settled).
pub(super) fn settle(
    ctx: &Ctx,
    group: &[usize],
    run: &Run,
    out: &mut OutputDir,
) -> Result<(RunSummary, Vec<(usize, TargetVerdict)>)> {
    let time = run.time.as_secs_f64();
    let mut settled = Vec::new();
    let mut incomplete = None;
    match &run.answer {
        Answer::Safe => {
            for &i in group {
                let t = &ctx.targets[i];
                let v = Verdict::unreached(None, t.caveat.as_deref());
                if v == Verdict::Unreachable {
                    settled.push((i, TargetVerdict::new(t, v, time)));
                }
            }
        }
        Answer::Counterexample(objects) => {
            for &i in group {
                let t = &ctx.targets[i];
                let replay = witness::replays_to(ctx, t, objects)?;
                if replay.0 {
                    settled.push((i, witness::replayed(ctx, t, objects, time, replay, out)?));
                    if ctx.first_hit_halts {
                        break;
                    }
                }
            }
            if ctx.first_hit_halts {
                let why = "not settled: the run stopped at the first target reached (--svcomp)";
                for &i in group {
                    if !settled.iter().any(|s| s.0 == i) {
                        let t = &ctx.targets[i];
                        let v = Verdict::Unknown(why.into());
                        settled.push((i, TargetVerdict::new(t, v, time)));
                    }
                }
            }
        }
        Answer::NoInputs => incomplete = Some("counterexample that did not replay".into()),
        Answer::Unknown(r) => incomplete = Some(r.clone()),
        Answer::Unsupported(u) => incomplete = Some(format!("unsupported: {u}")),
    }
    let ids = settled.iter().map(|(i, _)| ctx.targets[*i].id).collect();
    Ok((RunSummary::chc(ids, time, run.rules, incomplete), settled))
}
