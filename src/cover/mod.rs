//! `trex cover`: a test suite for a coverage goal (paper 004's abstraction-driven testing, on
//! trex's own halves). The goals (`goals`) are Test-Comp's: every branch outcome of the
//! program's own code, or every call of `reach_error`.
//!
//! 1. Testing: a forking run (trex run's options, interpolation on by default) writes a test
//!    for every path that covered something new, a pruned path included (`--subsumed-test`'s
//!    test: its inputs up to the pruning reach what it covered). A run that leaves no gap
//!    (`verify::Gaps`) settles every goal: the outcomes no path took are unreachable, as
//!    `trex verify` proves targets (a pruned path stands for a subtree whose every decision
//!    its interpolant keeps).
//! 2. Proving: otherwise, runs with loops abstracted (`verify::abstraction::refine`, with the
//!    invariants it learns) watch the branches with open outcomes; in a run without a gap or
//!    failed invariant, an outcome no abstract path took is proved unreachable (the abstract
//!    paths are more than the program's executions).
//! 3. Steered testing: with the time left, a forking run toward the goals with neither a test
//!    nor a proof: it ends every path from which no such branch can be reached (`steer`),
//!    forks toward the nearest, and writes a test for every path that reaches something this
//!    round had not.
//!
//! Which test covers which goal is settled by running every test written again, concretely,
//! after each testing round (`replay`): a goal is covered by the first test whose run reaches
//! it, never by the forking run's marks alone. The reports' coverage is the runs' and the
//! tests'.
//!
//! The time: 45% of `--max-time` for testing, 20% for proving (for testing too when the
//! program has no loop to abstract), the rest steered but a tenth, kept for running the tests
//! again (a second at most each); with `--no-prove`, all but that tenth for testing.

pub mod goals;
mod replay;
pub(crate) mod steer;

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::exec::control::Monitor;
use crate::exec::{self, Config, Outcome, PathEnd};
use crate::ir::liveness::Liveness;
use crate::ir::loop_mod::LoopMods;
use crate::ir::pcset::PcSet;
use crate::ir::Module;
use crate::search::Coverage;
use crate::verify::runs::Ctx;
use crate::verify::{abstraction, Gaps, Target};
pub use goals::{Goal, Property, Report, Status};

/// The steered testing's least time.
const MIN_STEER: Duration = Duration::from_millis(500);

/// `trex cover`'s time without `--max-time`.
pub const DEFAULT_TIME: Duration = Duration::from_secs(60);

/// The error of a program without a goal.
pub fn no_goal(p: Property) -> &'static str {
    match p {
        Property::Branches => "no branch in the program's own functions: no goal",
        Property::Error => "no call to reach_error in the program: no goal",
    }
}

/// How to cover.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub property: Property,
    /// The proving step (and the steered testing that needs it).
    pub prove: bool,
}

/// What `cover` did besides the tests: the first run's outcome (the counts of both testing
/// runs), the goals, and a `KLEE: done:` line per step.
pub struct Covered {
    pub outcome: Outcome,
    pub report: Report,
    pub lines: Vec<String>,
}

/// Hears of each path's end for the test writer and the gap check alike.
struct Tee<'a, 'm> {
    tests: &'a mut (dyn Monitor + Send),
    gaps: &'a mut Gaps<'m>,
}

impl Monitor for Tee<'_, '_> {
    fn path_ended(&mut self, p: &PathEnd) -> bool {
        self.gaps.path_ended(p);
        self.tests.path_ended(p)
    }
    fn warning(&mut self, line: &str) {
        self.tests.warning(line)
    }
    fn message(&mut self, line: &str) {
        self.tests.message(line)
    }
    fn warning_logged(&mut self, line: &str) {
        self.tests.warning_logged(line)
    }
}

/// Covers the goals of `module` (`own`: the program's functions) with `cfg`'s runs, whose
/// tests `tests` writes into `dir` (`cfg.coverage` records what the runs took).
pub fn run(
    module: &Module,
    cfg: &Config,
    own: &HashSet<String>,
    io: &mut (dyn exec::Io + Send),
    tests: &mut (dyn Monitor + Send),
    dir: &Path,
    opts: Options,
) -> Result<Covered> {
    let is_own = |n: &str| own.contains(n);
    let goals = goals::collect(module, &is_own, opts.property);
    if goals.is_empty() {
        bail!("{}", no_goal(opts.property));
    }
    let clock = Instant::now();
    let total = cfg.limits.max_time.unwrap_or(DEFAULT_TIME);
    let Some(cov) = cfg.coverage.clone() else {
        bail!("trex cover records its runs' coverage");
    };
    let mut lines = Vec::new();

    // 1. Testing (the proving step's share too when it has no loop to abstract; all the time
    // but the replays' tenth without it).
    let abstracted = opts.prove.then(|| abstraction(module, own)).flatten();
    let mut test_cfg = cfg.clone();
    test_cfg.subsumed_test = true;
    test_cfg.limits.max_time = Some(match (opts.prove, &abstracted) {
        (false, _) => total - total / 10,
        (true, None) => total * 13 / 20,
        (true, Some(_)) => total * 9 / 20,
    });
    let mut gaps = Gaps::new(module);
    let mut outcome = {
        let mut tee = Tee {
            tests: &mut *tests,
            gaps: &mut gaps,
        };
        exec::run_monitored(module, &test_cfg, io, &mut tee)?
    };
    gaps.note_outcome(&outcome);
    lines.push(format!(
        "KLEE: done: cover: testing {:.1} s{}",
        clock.elapsed().as_secs_f64(),
        match &gaps.first {
            None => " (every path explored: the goals no path reached are unreachable)".into(),
            Some(g) => format!(" (not every path: {g})"),
        }
    ));
    // Which goals the tests cover (their own runs).
    let tested = Arc::new(Coverage::new(module));
    let mut by: Vec<Option<String>> = vec![None; goals.len()];
    let mut replayed = replay::attribute(module, cfg, dir, &goals, &tested, &mut by, 0)?;
    let mut proved: Vec<bool> = vec![false; goals.len()];
    let unreached = |g: &Goal| !g.reached(module, &cov);
    if gaps.first.is_none() {
        for (p, g) in proved.iter_mut().zip(&goals) {
            *p = unreached(g);
        }
    } else if opts.prove {
        // 2. Proving.
        let started = Instant::now();
        let open: Vec<usize> = (0..goals.len()).filter(|&i| unreached(&goals[i])).collect();
        let runs = match &abstracted {
            Some(a) => prove(module, cfg, a, &goals, &open, total / 5, &mut proved)?,
            None => 0,
        };
        lines.push(format!(
            "KLEE: done: cover: proving {:.1} s, {runs} runs with loops abstracted, {} goals proved unreachable",
            started.elapsed().as_secs_f64(),
            proved.iter().filter(|&&p| p).count()
        ));
        // 3. Steered testing, to the goals without a test or a proof.
        let left = (total - total / 10).saturating_sub(clock.elapsed());
        let sites = open_sites(&goals, &proved, &by);
        if let (Some(sites), true) = (sites, left >= MIN_STEER) {
            let started = Instant::now();
            let mut steer_cfg = test_cfg.clone();
            steer_cfg.limits.max_time = Some(left);
            steer_cfg.steer_to = Some(Arc::new(sites));
            // (A path is new for what this round reached: one that reaches a goal the first
            // round reached without writing a test writes one now.)
            steer_cfg.coverage = Some(Arc::new(Coverage::for_search(module, &cfg.search)));
            // (Another order of the same searches.)
            steer_cfg.seed = cfg.seed.wrapping_add(1);
            let more = exec::run_monitored(module, &steer_cfg, io, tests)?;
            outcome.instructions += more.instructions;
            outcome.paths_ended += more.paths_ended;
            lines.push(format!(
                "KLEE: done: cover: steered testing {:.1} s, {} paths",
                started.elapsed().as_secs_f64(),
                more.paths_ended
            ));
            replayed = replay::attribute(module, cfg, dir, &goals, &tested, &mut by, replayed)?;
        }
    }
    // The reports' coverage: the runs' and what their tests ran.
    cov.absorb(&tested);
    lines.push(format!("KLEE: done: cover: tests run again = {replayed}"));

    let mut report = Report {
        property: Some(opts.property),
        goals: Vec::with_capacity(goals.len()),
    };
    for ((g, test), p) in goals.into_iter().zip(by).zip(proved) {
        let status = match (test, p) {
            (Some(t), true) => {
                // (A proof and a test disagree: the test is right.)
                let line = format!(
                    "KLEE: WARNING: goal {} `{}` proved unreachable but covered by {t}",
                    g.place(module),
                    g.label
                );
                tests.warning(&line);
                Status::Covered(t)
            }
            (Some(t), false) => Status::Covered(t),
            (None, true) => Status::Proved,
            (None, false) => Status::Open,
        };
        report.goals.push((g, status));
    }
    Ok(Covered {
        outcome,
        report,
        lines,
    })
}

/// The branches (or calls) of the goals with neither a proof nor a test; `None` if there is
/// none.
fn open_sites(goals: &[Goal], proved: &[bool], by: &[Option<String>]) -> Option<PcSet> {
    let mut sites = PcSet::default();
    let mut any = false;
    for ((g, &p), t) in goals.iter().zip(proved).zip(by) {
        if !p && t.is_none() {
            sites.insert(g.func, g.pc);
            any = true;
        }
    }
    any.then_some(sites)
}

/// What the proving step's runs share: the program's loop points and its abstractable loops.
type Abstraction = (Arc<Liveness>, Arc<LoopMods>);

/// The abstractable loops of the program's functions; `None` without one (the proving step
/// then has nothing to run).
fn abstraction(module: &Module, own: &HashSet<String>) -> Option<Abstraction> {
    let is_own = |n: &str| own.contains(n);
    let liveness = Arc::new(Liveness::new(module, &is_own));
    let loops = Arc::new(LoopMods::new(module, &liveness, &is_own));
    (!loops.is_empty()).then_some((liveness, loops))
}

/// The proving step on the goals `open` (indices into `goals`), `budget` at most: marks the
/// ones proved in `proved`; returns the runs made.
fn prove(
    module: &Module,
    cfg: &Config,
    (liveness, loops): &Abstraction,
    goals: &[Goal],
    open: &[usize],
    budget: Duration,
    proved: &mut [bool],
) -> Result<usize> {
    if open.is_empty() {
        return Ok(0);
    }
    // The branches of the open goals are the targets whose hits teach invariants.
    let targets: Vec<Target> = open
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let g = &goals[i];
            Target {
                id: k as u32 + 1,
                sites: vec![(g.func, g.pc)],
                loc: g.loc,
                function: module.func(g.func).name.clone(),
                name: g.label.clone(),
                caveat: None,
            }
        })
        .collect();
    let mut base = cfg.clone();
    base.coverage = None;
    base.subsumed_test = false;
    base.path_inputs = false;
    base.exit_inputs = false;
    base.limits.progress = None;
    base.state_matching = Some(liveness.clone());
    let ctx = Ctx {
        module,
        base: &base,
        targets: &targets,
        first_hit_halts: false,
        test_args: &[],
    };
    let group: Vec<usize> = (0..targets.len()).collect();
    let (summaries, _) = abstraction::refine(
        &ctx,
        &group,
        loops,
        budget,
        true,
        &mut |outcome, gaps, cov| {
            let settled = gaps.first.is_none() && outcome.invariants_failed.is_empty();
            if let (true, Some(cov)) = (settled, cov) {
                for &i in open {
                    if !goals[i].reached(module, cov) {
                        proved[i] = true;
                    }
                }
            }
            (Vec::new(), open.iter().all(|&i| proved[i]))
        },
    )?;
    Ok(summaries.len())
}
