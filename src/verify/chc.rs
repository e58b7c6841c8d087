//! The Horn-clause engine's run for a group of targets (`crate::chc`): a proof settles
//! every target of the group UNREACHABLE (but a target with a caveat); a counterexample
//! settles the targets its inputs reach when replayed concretely (REACHABLE, with their
//! test), and the engine asks again about the others; no answer, or a construct it cannot
//! model, settles nothing (the run's `incomplete_reason` says which). `search` may run on a thread of its own beside
//! symbolic execution (it writes nothing); `settle` writes the tests.

use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::results::{RunSummary, TargetVerdict};
use super::runs::Ctx;
use super::{witness, Verdict};
use crate::chc::{self, Answer, Run};
use crate::output::OutputDir;

/// What the engine found for a group: the counterexamples that replayed, each reaching
/// targets the ones before did not, then its last run, on the targets they left (`rest`;
/// none when they reached all).
pub(super) struct Search {
    pub cexes: Vec<Vec<(String, Vec<u8>)>>,
    pub rest: Vec<usize>,
    pub last: Option<Run>,
    pub time: Duration,
    pub rules: usize,
}

impl Search {
    /// A proof's loop invariants (for a correctness witness).
    pub fn invariants(&self) -> Vec<crate::witness::LoopInvariant> {
        self.last
            .as_ref()
            .map_or_else(Vec::new, |r| r.invariants.clone())
    }
}

/// The engine on the targets `group` (indices into `ctx.targets`), within `limit`, until
/// `cancel` is set. A counterexample settles the targets its replay reaches; the engine then
/// asks again about the others (a target reached is an ordinary call in the next query),
/// unless the run stops at its first hit.
pub(super) fn search(
    ctx: &Ctx,
    group: &[usize],
    own: &(dyn Fn(&str) -> bool + Sync),
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
) -> Search {
    let clock = Instant::now();
    let mut found = Search {
        cexes: Vec::new(),
        rest: group.to_vec(),
        last: None,
        time: Duration::ZERO,
        rules: 0,
    };
    while !found.rest.is_empty() {
        let left = limit.map(|l| l.saturating_sub(clock.elapsed()));
        let run = once(ctx, &found.rest, own, left, cancel);
        found.rules = found.rules.max(run.rules);
        let hit: Vec<usize> = match &run.answer {
            Answer::Counterexample(objects) if !ctx.first_hit_halts => found
                .rest
                .iter()
                .copied()
                .filter(|&i| reaches(ctx, i, objects))
                .collect(),
            _ => Vec::new(),
        };
        if hit.is_empty() {
            found.last = Some(run);
            break;
        }
        found.rest.retain(|i| !hit.contains(i));
        if let Answer::Counterexample(objects) = run.answer {
            found.cexes.push(objects);
        }
    }
    found.time = clock.elapsed();
    found
}

/// Whether `objects`, replayed, reach target `i`.
fn reaches(ctx: &Ctx, i: usize, objects: &chc::Inputs) -> bool {
    witness::replays_to(ctx, &ctx.targets[i], objects).is_ok_and(|(reached, _)| reached)
}

/// One query on the targets `group`.
fn once(
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
    let mut replays = |objects: &chc::Inputs| group.iter().any(|&i| reaches(ctx, i, objects));
    let task = chc::Task {
        module: ctx.module,
        entry: &ctx.base.entry,
        own,
        sites: &sites,
    };
    chc::prove(&task, limit, cancel, &mut replays)
}

/// Whether `found` settles every target of `group` (then nothing is left for another
/// engine).
pub(super) fn settles_all(ctx: &Ctx, found: &Search) -> bool {
    let Some(run) = &found.last else {
        return true;
    };
    match &run.answer {
        Answer::Safe => found.rest.iter().all(|&i| ctx.targets[i].caveat.is_none()),
        Answer::Counterexample(_) => ctx.first_hit_halts || found.rest.len() == 1,
        _ => false,
    }
}

/// The verdicts of `found` for the targets of `group` (target index, verdict), with the
/// tests of reached targets written, and its summary (listing the targets it settled).
pub(super) fn settle(
    ctx: &Ctx,
    group: &[usize],
    found: &Search,
    out: &mut OutputDir,
) -> Result<(RunSummary, Vec<(usize, TargetVerdict)>)> {
    let time = found.time.as_secs_f64();
    let mut settled = Vec::new();
    let mut incomplete = None;
    for objects in &found.cexes {
        reached(ctx, group, objects, time, out, &mut settled)?;
    }
    let rest: Vec<usize> = group
        .iter()
        .copied()
        .filter(|i| found.rest.contains(i))
        .collect();
    match found.last.as_ref().map(|r| &r.answer) {
        None => {}
        Some(Answer::Safe) => {
            for &i in &rest {
                let t = &ctx.targets[i];
                let v = Verdict::unreached(None, t.caveat.as_deref());
                if v == Verdict::Unreachable {
                    settled.push((i, TargetVerdict::new(t, v, time)));
                }
            }
        }
        Some(Answer::Counterexample(objects)) => {
            reached(ctx, &rest, objects, time, out, &mut settled)?;
            if ctx.first_hit_halts {
                let why = "not settled: the run stopped at the first target reached (--svcomp)";
                for &i in &rest {
                    if !settled.iter().any(|s| s.0 == i) {
                        let t = &ctx.targets[i];
                        let v = Verdict::Unknown(why.into());
                        settled.push((i, TargetVerdict::new(t, v, time)));
                    }
                }
            }
        }
        Some(Answer::NoInputs) => incomplete = Some("counterexample that did not replay".into()),
        Some(Answer::Unknown(r)) => incomplete = Some(r.clone()),
        Some(Answer::Unsupported(u)) => incomplete = Some(format!("unsupported: {u}")),
    }
    let ids = settled.iter().map(|(i, _)| ctx.targets[*i].id).collect();
    Ok((RunSummary::chc(ids, time, found.rules, incomplete), settled))
}

/// The targets of `group` not yet in `settled` that `objects` reach when replayed, settled
/// REACHABLE with their tests (only the first with `first_hit_halts`).
fn reached(
    ctx: &Ctx,
    group: &[usize],
    objects: &chc::Inputs,
    time: f64,
    out: &mut OutputDir,
    settled: &mut Vec<(usize, TargetVerdict)>,
) -> Result<()> {
    for &i in group {
        if settled.iter().any(|s| s.0 == i) {
            continue;
        }
        let t = &ctx.targets[i];
        let replay = witness::replays_to(ctx, t, objects)?;
        if replay.0 {
            settled.push((i, witness::replayed(ctx, t, objects, time, replay, out)?));
            if ctx.first_hit_halts {
                break;
            }
        }
    }
    Ok(())
}
