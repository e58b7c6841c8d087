//! The runs with loops abstracted (`verify::loops`): proofs only. A target no
//! abstract path reaches, in a run without a gap, is UNREACHABLE; hits prove nothing (the
//! abstraction over-approximates). With interpolation, a run whose hits went through a
//! havocked loop is followed by one assuming the loop invariant candidates learnt from them
//! (`verify::loops::invariants`, Houdini-style): a candidate that fails its checks is dropped
//! and the run repeated without it.

use anyhow::Result;
use std::collections::HashSet;
use std::hash::Hash;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::results::{RunSummary, TargetVerdict};
use super::runs::{Ctx, Discard};
use super::{Gaps, Verdict};
use crate::exec;
use crate::exec::invariant::{Candidate, LoopInvariants};
use crate::exec::target::Targets;
use crate::ir::loop_mod::LoopMods;
use crate::search::Coverage;

/// Share of `--max-time` the abstracted runs may use (and their budget without `--max-time`).
const ABSTRACTION_SHARE: u32 = 4;
const ABSTRACTION_TIME: Duration = Duration::from_secs(60);
/// Abstracted runs at most (the first, then refinements).
pub(super) const MAX_ROUNDS: usize = 8;

/// What the abstracted runs of a group found: a summary per run, the targets they prove
/// UNREACHABLE, the time they took, and the invariants of the proofs (the candidates assumed
/// by the runs that settled targets: checked there at every entry and every path back).
pub(super) type Proved = (
    Vec<RunSummary>,
    Vec<(usize, TargetVerdict)>,
    Duration,
    Vec<Candidate>,
);

/// The abstracted runs watching `group` (indices into `ctx.targets`).
pub(super) fn prove(ctx: &Ctx, group: &[usize], loops: &Arc<LoopMods>) -> Result<Proved> {
    let clock = Instant::now();
    let budget = ctx
        .base
        .limits
        .max_time
        .map_or(ABSTRACTION_TIME, |t| t / ABSTRACTION_SHARE);
    let mut proven = Vec::new();
    let (summaries, invariants) =
        refine(ctx, group, loops, budget, false, &mut |outcome, gaps, _| {
            let ids = settle(ctx, group, outcome, gaps, &clock, &mut proven);
            (ids, proven.len() == group.len())
        })?;
    Ok((summaries, proven, clock.elapsed(), invariants))
}

/// What an abstracted run settled, told its outcome, gaps and (with `record`) coverage: the
/// ids of the targets, and whether everything is.
pub(crate) type Settle<'a> =
    dyn FnMut(&exec::Outcome, &Gaps, Option<&Coverage>) -> (Vec<u32>, bool) + 'a;

/// Abstracted runs watching `group`, `budget` at most: the first, then, with interpolation,
/// runs assuming the loop invariant candidates learnt from the hits of the last (a failed
/// candidate dropped and the run repeated without it), until `settle` (told each run's
/// outcome and gaps, it returns the ids it settled and whether everything is) says all is
/// settled, a run leaves a gap or nothing new is learnt. With `record`, each run's coverage
/// (what its abstract paths ran: more than the program's executions) is recorded, a fresh
/// count per run, and handed to `settle`. A summary per run, and the candidates assumed by
/// the runs that settled something (each such run checked them: they are invariants).
pub(crate) fn refine(
    ctx: &Ctx,
    group: &[usize],
    loops: &Arc<LoopMods>,
    budget: Duration,
    record: bool,
    settle: &mut Settle,
) -> Result<(Vec<RunSummary>, Vec<Candidate>)> {
    let clock = Instant::now();
    let learn = ctx.base.interpolation;
    let mut assumed: Vec<Candidate> = Vec::new();
    let mut rejected = HashSet::new();
    let mut summaries = Vec::new();
    let mut proved: Vec<Candidate> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let Some(left) = budget.checked_sub(clock.elapsed()) else {
            break;
        };
        let invariants = LoopInvariants {
            assumed: assumed.clone(),
            learn,
        };
        let cov = record.then(|| Arc::new(Coverage::new(ctx.module)));
        let (outcome, gaps, took) = run(ctx, group, loops, invariants, left, cov.clone())?;
        let (ids, all) = settle(&outcome, &gaps, cov.as_deref());
        if !ids.is_empty() && outcome.invariants_failed.is_empty() {
            proved.extend(fresh(assumed.clone(), &proved, &HashSet::new()));
        }
        let mut summary = RunSummary::new(true, ids, took.as_secs_f64(), &outcome, &gaps);
        summary.invariants_assumed = assumed.len();
        summary.invariants_failed = outcome.invariants_failed.len();
        summaries.push(summary);
        if !outcome.invariants_failed.is_empty() {
            // Failed checks: the candidates go, the run is repeated without them.
            drop_failed(&mut assumed, &outcome.invariants_failed, &mut rejected);
            if assumed.is_empty() {
                // The first run again: its candidates were all tried.
                break;
            }
            continue;
        }
        if !learn || all || gaps.first.is_some() {
            break;
        }
        let new = fresh(outcome.invariant_candidates, &assumed, &rejected);
        if new.is_empty() {
            break;
        }
        assumed.extend(new);
    }
    Ok((summaries, proved))
}

/// The targets of `group` an abstracted run proves UNREACHABLE (added to `proven`, their ids
/// returned): not hit, in a run without a gap or failed candidate. A run halted at its first
/// hit (SV-COMP) did not settle the other targets.
fn settle(
    ctx: &Ctx,
    group: &[usize],
    outcome: &exec::Outcome,
    gaps: &Gaps,
    clock: &Instant,
    proven: &mut Vec<(usize, TargetVerdict)>,
) -> Vec<u32> {
    let mut ids = Vec::new();
    let settled = gaps.first.is_none()
        && outcome.invariants_failed.is_empty()
        && (!ctx.first_hit_halts || outcome.target_hits.is_empty());
    if !settled {
        return ids;
    }
    for (k, &i) in group.iter().enumerate() {
        let t = &ctx.targets[i];
        if t.caveat.is_none()
            && !outcome.target_hits.iter().any(|h| h.target == k as u32)
            && !proven.iter().any(|p| p.0 == i)
        {
            let time = clock.elapsed().as_secs_f64();
            proven.push((i, TargetVerdict::new(t, Verdict::Unreachable, time)));
            ids.push(t.id);
        }
    }
    ids
}

/// Removes the candidates at the indices `failed` from `assumed`, remembering them as
/// `rejected` (they are not learnt again).
pub(super) fn drop_failed<T: Clone + Eq + Hash>(
    assumed: &mut Vec<T>,
    failed: &[usize],
    rejected: &mut HashSet<T>,
) {
    let failed: HashSet<usize> = failed.iter().copied().collect();
    let mut k = 0;
    assumed.retain(|c| {
        k += 1;
        let keep = !failed.contains(&(k - 1));
        if !keep {
            rejected.insert(c.clone());
        }
        keep
    });
}

/// The learnt candidates neither assumed nor rejected already.
pub(super) fn fresh<T: Eq + Hash>(learnt: Vec<T>, assumed: &[T], rejected: &HashSet<T>) -> Vec<T> {
    learnt
        .into_iter()
        .filter(|c| !rejected.contains(c) && !assumed.contains(c))
        .collect()
}

/// One run with loops abstracted, `max_time` at most, its coverage recorded in `cov`.
fn run<'m>(
    ctx: &Ctx<'m>,
    group: &[usize],
    loops: &Arc<LoopMods>,
    invariants: LoopInvariants,
    max_time: Duration,
    cov: Option<Arc<Coverage>>,
) -> Result<(exec::Outcome, Gaps<'m>, Duration)> {
    let clock = Instant::now();
    let sites: Vec<Vec<_>> = group
        .iter()
        .map(|&i| ctx.targets[i].sites.clone())
        .collect();
    let mut cfg = ctx.base.clone();
    let mut watched = Targets::new(&sites);
    watched.first_hit_halts = ctx.first_hit_halts;
    cfg.targets = Some(Arc::new(watched));
    cfg.loop_abstraction = Some(loops.clone());
    cfg.loop_invariants = Some(Arc::new(invariants));
    // Abstract paths start loops in havocked states: what they run is no coverage of the
    // program's executions (the reports count the exact runs only; `cov`, for its caller's
    // proofs, is its own).
    cfg.coverage = cov;
    cfg.limits.max_time = Some(max_time.max(Duration::from_millis(100)));
    let mut gaps = Gaps::new(ctx.module);
    let outcome = exec::run_monitored(ctx.module, &cfg, &mut Discard, &mut gaps)?;
    gaps.note_outcome(&outcome);
    Ok((outcome, gaps, clock.elapsed()))
}
