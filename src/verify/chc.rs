//! The Horn-clause engine's run for a group of targets (`crate::chc`): a proof settles
//! every target of the group UNREACHABLE (but a target with a caveat); a counterexample
//! settles the targets its inputs reach when replayed concretely (REACHABLE, with their
//! test), and the engine asks again about the others; no answer, or a construct it cannot
//! model, settles nothing (the run's `incomplete_reason` says which). `search` may run on a
//! thread of its own beside symbolic execution (it writes nothing); `settle` writes the tests.
//! Each counterexample is replayed once per target, when Spacer gives it: `settle` uses those
//! replays.

use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::results::{RunSummary, TargetVerdict};
use super::runs::Ctx;
use super::{witness, Verdict};
use crate::chc::{self, Answer, Run};
use crate::exec::target::InputCall;
use crate::output::OutputDir;

/// A counterexample that replayed: its inputs, and the targets (indices) its replays reach,
/// each with the input calls its replay recorded.
pub(super) struct Cex {
    pub objects: Vec<(String, Vec<u8>)>,
    pub hits: Vec<(usize, Vec<InputCall>)>,
}

/// What the engine found for a group: the counterexamples that replayed, each reaching
/// targets the ones before did not (with `first_hit_halts`, the first only); then, if it
/// asked again, its last run, on the targets they left (`rest`).
pub(super) struct Search {
    pub cexes: Vec<Cex>,
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
        let (run, cex) = once(ctx, &found.rest, own, left, cancel);
        found.rules = found.rules.max(run.rules);
        let Some(cex) = cex else {
            found.last = Some(run);
            break;
        };
        found.rest.retain(|i| !cex.hits.iter().any(|h| h.0 == *i));
        found.cexes.push(cex);
        if ctx.first_hit_halts {
            break;
        }
    }
    found.time = clock.elapsed();
    found
}

/// The targets of `group` that `objects`, replayed, reach, with the input calls of each
/// replay (a replay that fails reaches nothing).
fn hits(ctx: &Ctx, group: &[usize], objects: &chc::Inputs) -> Vec<(usize, Vec<InputCall>)> {
    group
        .iter()
        .filter_map(
            |&i| match witness::replays_to(ctx, &ctx.targets[i], objects) {
                Ok((true, calls)) => Some((i, calls)),
                _ => None,
            },
        )
        .collect()
}

/// One query on the targets `group`: its run, and a counterexample with the targets its
/// replays reach (the replays that decided it is one).
fn once(
    ctx: &Ctx,
    group: &[usize],
    own: &(dyn Fn(&str) -> bool + Sync),
    limit: Option<Duration>,
    cancel: Option<&Arc<AtomicBool>>,
) -> (Run, Option<Cex>) {
    let sites: Vec<_> = group
        .iter()
        .flat_map(|&i| ctx.targets[i].sites.iter().copied())
        .collect();
    // A candidate that does not replay (or whose replay fails) is no counterexample.
    let mut tried: Option<Cex> = None;
    let mut replays = |objects: &chc::Inputs| {
        let hits = hits(ctx, group, objects);
        let reached = !hits.is_empty();
        let objects = objects.to_vec();
        tried = Some(Cex { objects, hits });
        reached
    };
    let task = chc::Task {
        module: ctx.module,
        entry: &ctx.base.entry,
        own,
        sites: &sites,
    };
    let run = chc::prove(&task, limit, cancel, &mut replays);
    let cex = match (&run.answer, tried) {
        (Answer::Counterexample(o), Some(c)) if *o == c.objects && !c.hits.is_empty() => Some(c),
        _ => None,
    };
    (run, cex)
}

/// Whether `found` settles every target of the group (then nothing is left for another
/// engine).
pub(super) fn settles_all(ctx: &Ctx, found: &Search) -> bool {
    match found.last.as_ref().map(|r| &r.answer) {
        // Every target reached, or the run stops at its first hit.
        None => true,
        Some(Answer::Safe) => found.rest.iter().all(|&i| ctx.targets[i].caveat.is_none()),
        Some(_) => false,
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
    let mut settled: Vec<(usize, TargetVerdict)> = Vec::new();
    let mut incomplete = None;
    for cex in &found.cexes {
        // In group order, as the targets were tried.
        for (i, calls) in &cex.hits {
            if !group.contains(i) || settled.iter().any(|s| s.0 == *i) {
                continue;
            }
            let t = &ctx.targets[*i];
            let replay = (true, calls.clone());
            settled.push((
                *i,
                witness::replayed(ctx, t, &cex.objects, time, replay, out)?,
            ));
            if ctx.first_hit_halts {
                break;
            }
        }
    }
    if ctx.first_hit_halts && !found.cexes.is_empty() {
        let why = "not settled: the run stopped at the first target reached (--svcomp)";
        for &i in group {
            if !settled.iter().any(|s| s.0 == i) {
                let t = &ctx.targets[i];
                let v = Verdict::Unknown(why.into());
                settled.push((i, TargetVerdict::new(t, v, time)));
            }
        }
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
        // A counterexample whose replays reach no target of the group.
        Some(Answer::Counterexample(_) | Answer::NoInputs) => {
            incomplete = Some("counterexample that did not replay".into())
        }
        Some(Answer::Unknown(r)) => incomplete = Some(r.clone()),
        Some(Answer::Unsupported(u)) => incomplete = Some(format!("unsupported: {u}")),
    }
    let ids = settled.iter().map(|(i, _)| ctx.targets[*i].id).collect();
    Ok((RunSummary::chc(ids, time, found.rules, incomplete), settled))
}
