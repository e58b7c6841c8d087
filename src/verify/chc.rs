//! The Horn-clause engine's run for a group of targets (`crate::chc`): a proof settles
//! every target of the group UNREACHABLE (but a target with a caveat); a counterexample
//! settles the targets its inputs reach when replayed concretely (REACHABLE, with their
//! test), and nothing else; no answer, or a construct it cannot model, settles nothing (the
//! run's `incomplete_reason` says which).

use anyhow::Result;
use std::time::Duration;

use super::results::{RunSummary, TargetVerdict};
use super::runs::Ctx;
use super::{witness, Verdict};
use crate::chc::{self, Answer};
use crate::output::OutputDir;

/// The run: its summary (listing the targets it settled) and the verdicts (target index,
/// verdict).
pub(super) fn prove(
    ctx: &Ctx,
    group: &[usize],
    own: &(dyn Fn(&str) -> bool + Sync),
    limit: Option<Duration>,
    out: &mut OutputDir,
) -> Result<(RunSummary, Vec<(usize, TargetVerdict)>)> {
    let sites: Vec<_> = group
        .iter()
        .flat_map(|&i| ctx.targets[i].sites.iter().copied())
        .collect();
    let run = chc::prove(ctx.module, &ctx.base.entry, own, &sites, limit);
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
                if witness::replays_to(ctx, t, objects)?.0 {
                    settled.push((i, witness::tested(ctx, t, objects, time, out)?));
                    if ctx.first_hit_halts {
                        break;
                    }
                }
            }
            if settled.is_empty() {
                incomplete = Some("counterexample did not replay".to_string());
            } else if ctx.first_hit_halts {
                let why = "not settled: the run stopped at the first target reached (--svcomp)";
                for &i in group {
                    if !settled.iter().any(|s| s.0 == i) {
                        let t = &ctx.targets[i];
                        settled
                            .push((i, TargetVerdict::new(t, Verdict::Unknown(why.into()), time)));
                    }
                }
            }
        }
        Answer::NoInputs => incomplete = Some("counterexample without inputs".into()),
        Answer::Unknown(r) => incomplete = Some(r.clone()),
        Answer::Unsupported(u) => incomplete = Some(format!("unsupported: {u}")),
    }
    let ids = settled.iter().map(|(i, _)| ctx.targets[*i].id).collect();
    Ok((RunSummary::chc(ids, time, run.rules, incomplete), settled))
}
