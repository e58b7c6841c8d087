//! Witnesses: the test of a reached target, written to the output directory and replayed
//! concretely; a hit whose test does not reach the target again is UNKNOWN.

use anyhow::{bail, Context, Result};
use std::sync::Arc;

use super::results::TargetVerdict;
use super::runs::{Ctx, Discard};
use super::{Target, Verdict};
use crate::exec::target::{InputCall, TargetHit, Targets};
use crate::exec::{self, control};
use crate::output::ktest::KTest;
use crate::output::OutputDir;

/// A reached target: its test, written and replayed.
pub(super) fn reached(
    ctx: &Ctx,
    t: &Target,
    h: &TargetHit,
    out: &mut OutputDir,
) -> Result<TargetVerdict> {
    let replay = replays_to(ctx, t, &h.objects)?;
    replayed(ctx, t, &h.objects, h.elapsed.as_secs_f64(), replay, out)
}

/// The verdict of `t` from a replay on `objects` already made (`replays_to`'s answer), with
/// their test written.
pub(super) fn replayed(
    ctx: &Ctx,
    t: &Target,
    objects: &[(String, Vec<u8>)],
    time: f64,
    (confirmed, calls): (bool, Vec<InputCall>),
    out: &mut OutputDir,
) -> Result<TargetVerdict> {
    let kt = KTest::of_objects(ctx.test_args.to_vec(), objects);
    let id = out.write_test(Some(&kt), None).context("writing a test")?;
    let test = out.path.join(format!("test{id:06}.ktest"));
    let verdict = if confirmed {
        Verdict::Reachable
    } else {
        Verdict::Unknown(format!(
            "test did not replay: {} does not reach the target when re-executed",
            test.display()
        ))
    };
    Ok(TargetVerdict {
        test: Some(test),
        replay_confirmed: Some(confirmed),
        nondet_calls: crate::witness::record::pair(ctx.module, &calls, objects),
        ..TargetVerdict::new(t, verdict, time)
    })
}

/// Whether re-executing the program concretely on `objects` reaches `t`, and the input
/// calls it made (recorded for the SV-COMP witness).
pub(super) fn replays_to(
    ctx: &Ctx,
    t: &Target,
    objects: &[(String, Vec<u8>)],
) -> Result<(bool, Vec<InputCall>)> {
    let cfg = exec::Config {
        entry: ctx.base.entry.clone(),
        argv: ctx.base.argv.clone(),
        max_instructions: ctx.base.max_instructions,
        max_stack_frames: ctx.base.max_stack_frames,
        use_libc_start: ctx.base.use_libc_start,
        targets: Some(Arc::new(Targets::new(std::slice::from_ref(&t.sites)))),
        limits: control::Limits {
            replay: Some(objects.to_vec()),
            max_time: ctx.base.limits.max_time,
            ..control::Limits::default()
        },
        observers: crate::witness::record::observers,
        ..exec::Config::default()
    };
    let outcome = exec::run(ctx.module, &cfg, &mut Discard)?;
    if outcome.paths_ended != 1 {
        bail!(
            "the replay of a test forked ({} paths)",
            outcome.paths_ended
        );
    }
    let reached = outcome.target_hits.iter().any(|h| h.target == 0);
    Ok((reached, outcome.input_calls))
}
