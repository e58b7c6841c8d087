//! The strategy of `trex verify`: the targets go in groups (all in one run, or one run each
//! with `one_target_at_a_time`); each group goes to the Horn-clause engine (`chc.rs`:
//! a proof, or a counterexample that replays) on a thread of its own, beside symbolic
//! execution: the targets tried with loops abstracted (`abstraction.rs`: proofs only), then
//! an exact run with the time left (`exact.rs`), whose hits are written as witness tests and
//! replayed (`witness.rs`). `--engine` runs one engine alone.

use anyhow::Result;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
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
    let mut invariants = Vec::new();
    for group in groups(targets.len(), opts.one_target_at_a_time) {
        let (summaries, settled, proved) = verify_group(
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
        invariants.extend(proved);
    }
    Ok(Verification {
        targets: results.into_iter().flatten().collect(),
        runs,
        invariants,
    })
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

/// What the runs of one group found: the runs made, the verdicts (target index, verdict)
/// and the loop invariants of a proof of the Horn-clause engine (in C).
type Found = (
    Vec<RunSummary>,
    Vec<(usize, TargetVerdict)>,
    Vec<crate::witness::LoopInvariant>,
);

/// The runs of the engines asked for on one group.
#[allow(clippy::type_complexity)]
fn verify_group(
    ctx: &Ctx,
    group: Vec<usize>,
    engines: Engines,
    own: &(dyn Fn(&str) -> bool + Sync),
    loop_mods: Option<&Arc<LoopMods>>,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<Found> {
    match engines {
        Engines::Symbolic => symbolic(ctx, group, loop_mods, out, watcher),
        Engines::Chc => chc_alone(ctx, group, own, out),
        Engines::Both => both(ctx, group, own, loop_mods, out, watcher),
    }
}

/// The Horn-clause engine alone: what it does not settle is UNKNOWN, with its reason.
#[allow(clippy::type_complexity)]
fn chc_alone(
    ctx: &Ctx,
    group: Vec<usize>,
    own: &(dyn Fn(&str) -> bool + Sync),
    out: &mut OutputDir,
) -> Result<Found> {
    let found = chc::search(ctx, &group, own, ctx.base.limits.max_time, None);
    let (summary, mut settled) = chc::settle(ctx, &group, &found, out)?;
    let why = summary
        .incomplete_reason
        .clone()
        .unwrap_or_else(|| "not settled by the Horn-clause engine".into());
    for g in group {
        if !settled.iter().any(|s| s.0 == g) {
            let t = &ctx.targets[g];
            let v = super::Verdict::Unknown(format!("chc: {why}"));
            settled.push((g, TargetVerdict::new(t, v, summary.time)));
        }
    }
    Ok((vec![summary], settled, found.invariants()))
}

/// How long symbolic execution runs alone before the Horn-clause engine starts: most runs
/// that settle everything at once are done by then, and pay neither the translation nor a
/// second Z3 context (measured in the commit that added it). Not in SV-COMP mode, whose
/// correctness witnesses carry the engine's invariants.
const CHC_START_DELAY: Duration = Duration::from_millis(200);

/// Both engines at once, each with the whole time: the Horn-clause engine on a thread of
/// its own beside symbolic execution (from `CHC_START_DELAY` on; at once with `--svcomp`).
/// The first to settle every target stops the other; a verdict of the Horn-clause engine
/// replaces an UNKNOWN of symbolic execution (a REACHABLE with its replayed test stands
/// whatever the other says).
#[allow(clippy::type_complexity)]
fn both(
    ctx: &Ctx,
    group: Vec<usize>,
    own: &(dyn Fn(&str) -> bool + Sync),
    loop_mods: Option<&Arc<LoopMods>>,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<Found> {
    let stop = Arc::new(AtomicBool::new(false));
    let cancel = Arc::new(AtomicBool::new(false));
    let mut base = ctx.base.clone();
    base.limits.stop = Some(stop.clone());
    let se_ctx = Ctx {
        base: &base,
        ..*ctx
    };
    let (run, se) = std::thread::scope(|s| {
        let chc_thread = s.spawn(|| {
            let clock = std::time::Instant::now();
            let delay = if ctx.first_hit_halts {
                Duration::ZERO
            } else {
                CHC_START_DELAY
            };
            while clock.elapsed() < delay {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            let limit = ctx
                .base
                .limits
                .max_time
                .map(|t| t.saturating_sub(clock.elapsed()));
            let found = chc::search(ctx, &group, own, limit, Some(&cancel));
            if chc::settles_all(ctx, &found) {
                stop.store(true, Ordering::Relaxed);
            }
            Some(found)
        });
        let se = symbolic(&se_ctx, group.clone(), loop_mods, out, watcher);
        cancel.store(true, Ordering::Relaxed);
        (chc_thread.join(), se)
    });
    let found = run.map_err(|_| anyhow::anyhow!("the Horn-clause engine's thread failed"))?;
    let (mut runs, mut settled, se_invariants) = se?;
    let Some(found) = found else {
        // Symbolic execution was done before the engine started.
        return Ok((runs, settled, se_invariants));
    };
    // A target symbolic execution reached keeps its test; the others may take the engine's.
    let reached = |i: &usize| {
        settled
            .iter()
            .any(|(k, v): &(usize, TargetVerdict)| k == i && v.verdict == super::Verdict::Reachable)
    };
    let open: Vec<usize> = group.iter().copied().filter(|i| !reached(i)).collect();
    let (mut summary, from_chc) = chc::settle(ctx, &open, &found, out)?;
    let mut used = Vec::new();
    for (i, v) in from_chc {
        let Some(k) = settled.iter().position(|s| s.0 == i) else {
            continue;
        };
        if settled[k].1.verdict == super::Verdict::Reachable {
            continue;
        }
        used.push(ctx.targets[i].id);
        settled[k] = (i, v);
    }
    summary.targets.retain(|id| used.contains(id));
    for r in &mut runs {
        r.targets.retain(|id| !used.contains(id));
    }
    runs.insert(0, summary);
    // A proof's invariants: the Horn-clause engine's, else the loop abstraction's.
    let mut invariants = found.invariants();
    if invariants.is_empty() {
        invariants = se_invariants;
    }
    Ok((runs, settled, invariants))
}

/// Symbolic execution: the abstracted runs, then the exact run for what they left with the
/// time left; the loop invariants the abstracted runs proved, in C.
fn symbolic(
    ctx: &Ctx,
    mut group: Vec<usize>,
    loop_mods: Option<&Arc<LoopMods>>,
    out: &mut OutputDir,
    watcher: &mut dyn Watcher,
) -> Result<Found> {
    let mut runs = Vec::new();
    let mut settled = Vec::new();
    let mut invariants = Vec::new();
    let mut rest_time = ctx.base.limits.max_time;
    if let Some(lm) = loop_mods {
        let (summaries, proven, took, proved) = abstraction::prove(ctx, &group, lm)?;
        invariants = super::loops::in_c::loop_invariants(ctx.module, lm, &proved);
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
    Ok((runs, settled, invariants))
}
