//! `trex verify`: finds the targets, explores (one run for all targets, or one per target),
//! writes a test per reached target and confirms it by replaying it in trex, and reports a
//! verdict per target (`verify_report.rs`). See `crate::verify` for the verdict rules.

use anyhow::{bail, Context, Result};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::run::{load_program, with_libc};
use super::verify_report::{self, Report, RunSummary, TargetResult};
use super::{progress, svcomp, VerifyArgs};
use crate::exec::invariant::{Candidate, LoopInvariants};
use crate::exec::target::{TargetHit, Targets};
use crate::exec::{self, control};
use crate::ir;
use crate::ir::liveness::Liveness;
use crate::ir::loop_mod::LoopMods;
use crate::output::ktest::{KTest, KTestObject};
use crate::output::OutputDir;
use crate::verify::{self, Gaps, Selection, Target, Verdict};

/// Program output is not part of verify's report: it is dropped.
struct Discard;

impl exec::Io for Discard {
    fn write(&mut self, _fd: i32, _data: &[u8]) {}
}

pub fn verify(a: &VerifyArgs) -> Result<()> {
    let search = if a.search.is_empty() {
        vec![crate::search::SearchKind::Dfs]
    } else {
        crate::search::parse_search_kinds(&a.search)?
    };
    if a.svcomp {
        svcomp::check_property(a.property.as_deref().expect("clap requires it"))?;
    }
    let selection = selection(a);
    if a.list_targets {
        return list_targets(a, &selection);
    }
    let clock = Instant::now();
    let out_base = match (&a.output_dir, a.svcomp) {
        // SV-COMP tasks live in read-only collections: the default directory is here.
        (None, true) => PathBuf::from(a.program.file_name().unwrap_or_default()),
        _ => a.program.clone(),
    };
    let mut out =
        OutputDir::create(a.output_dir.as_deref(), &out_base).context("output directory")?;
    let prog = program_bitcode(a, &out.path)?;
    let program = load_program(&prog, &a.entry_point)?;
    let own = own_functions(&program);
    let (module, has_libc) = with_libc(program, &prog, a.libc, &out.path.join(".linked.bc"))?;
    let targets =
        verify::collect(&module, &|n| own.contains(n), &selection).map_err(anyhow::Error::msg)?;
    let liveness = Arc::new(Liveness::new(&module, &|n| own.contains(n)));
    let loop_mods = (!a.no_loop_abstraction)
        .then(|| Arc::new(LoopMods::new(&module, &liveness, &|n| own.contains(n))))
        .filter(|l| !l.is_empty());
    let state_matching = (!a.no_state_matching).then_some(liveness);

    let mut argv = vec![prog.display().to_string()];
    argv.extend(a.args.iter().cloned());
    let base = exec::Config {
        entry: a.entry_point.clone(),
        argv,
        max_instructions: a.max_instructions,
        max_stack_frames: a.max_stack_frames,
        use_libc_start: has_libc,
        search,
        seed: a.seed,
        max_forks: a.max_forks,
        max_depth: a.max_depth,
        interpolation: !a.no_interpolation,
        greedy_confirmation: a.greedy_confirmation,
        state_matching,
        // Only the target hits need inputs (their own model).
        path_inputs: false,
        limits: control::Limits {
            max_time: a.max_time.filter(|t| !t.is_zero()),
            max_solver_time: a.max_solver_time.filter(|t| !t.is_zero()),
            max_memory_mb: (a.max_memory > 0).then_some(a.max_memory),
            // Paths still pending at a halt need no test: they only make the run incomplete.
            dump_states_on_halt: false,
            interrupt: Some(progress::interrupt_flag()),
            ..control::Limits::default()
        },
        ..exec::Config::default()
    };
    let groups: Vec<Vec<usize>> = if a.one_target_at_a_time {
        (0..targets.len()).map(|i| vec![i]).collect()
    } else if targets.is_empty() {
        Vec::new()
    } else {
        vec![(0..targets.len()).collect()]
    };
    let mut results: Vec<Option<TargetResult>> = vec![None; targets.len()];
    let mut runs = Vec::new();
    for group in groups {
        let ctx = Ctx {
            module: &module,
            base: &base,
            targets: &targets,
            first_hit_halts: a.svcomp,
        };
        let mut group = group;
        let mut rest_time = base.limits.max_time;
        if let Some(lm) = &loop_mods {
            let (summaries, proven, took) = prove_abstracted(&ctx, &group, lm)?;
            for (i, r) in proven {
                results[i] = Some(r);
                group.retain(|&g| g != i);
            }
            rest_time = rest_time.map(|t| t.saturating_sub(took).max(Duration::from_secs(1)));
            runs.extend(summaries);
        }
        if group.is_empty() {
            continue;
        }
        let (summary, res) = explore(&ctx, &group, rest_time, &mut out)?;
        for (i, r) in group.iter().zip(res) {
            results[*i] = Some(r);
        }
        runs.push(summary);
    }
    let report = Report {
        program: a.program.display().to_string(),
        mode: if a.one_target_at_a_time {
            "one-at-a-time"
        } else {
            "all"
        },
        interpolation: !a.no_interpolation,
        output_dir: out.path.display().to_string(),
        svcomp: a
            .svcomp
            .then(|| svcomp::result(results.iter().flatten().map(|r| &r.verdict))),
        targets: results.into_iter().flatten().collect(),
        runs,
        time: clock.elapsed().as_secs_f64(),
    };
    verify_report::print(&report, a.json, a.svcomp)
}

/// The targets asked for.
fn selection(a: &VerifyArgs) -> Selection {
    if !a.targets.is_empty() || !a.target_functions.is_empty() {
        Selection::Chosen {
            lines: a.targets.clone(),
            functions: a.target_functions.clone(),
        }
    } else if a.svcomp {
        Selection::Calls(strings(verify::targets::SVCOMP_FUNCTIONS))
    } else {
        Selection::Calls(strings(verify::targets::DEFAULT_FUNCTIONS))
    }
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

/// The functions the program defines (targets are never inside the C library).
fn own_functions(m: &ir::Module) -> HashSet<String> {
    m.functions
        .iter()
        .filter(|f| !f.is_declaration)
        .map(|f| f.name.clone())
        .collect()
}

/// The bitcode to verify: the program itself, or the SV-COMP task compiled into `dir`.
fn program_bitcode(a: &VerifyArgs, dir: &Path) -> Result<PathBuf> {
    if a.svcomp {
        svcomp::compile(&a.program, a.data_model, a.opt_level, dir)
    } else {
        Ok(a.program.clone())
    }
}

fn list_targets(a: &VerifyArgs, sel: &Selection) -> Result<()> {
    let scratch = tempfile_dir()?;
    let prog = program_bitcode(a, &scratch)?;
    let program = load_program(&prog, &a.entry_point);
    let _ = std::fs::remove_dir_all(&scratch);
    let program = program?;
    let targets = verify::collect(&program, &|_| true, sel).map_err(anyhow::Error::msg)?;
    verify_report::print_targets(&program, &targets, a.json);
    Ok(())
}

/// A private scratch directory for the compiled task of `--list-targets`.
fn tempfile_dir() -> Result<PathBuf> {
    let d = std::env::temp_dir().join(format!("trex-verify-{}", std::process::id()));
    std::fs::create_dir_all(&d).with_context(|| format!("cannot create {}", d.display()))?;
    Ok(d)
}

struct Ctx<'a> {
    module: &'a ir::Module,
    base: &'a exec::Config,
    targets: &'a [Target],
    /// SV-COMP: one target reached answers FALSE, the others are left unsettled.
    first_hit_halts: bool,
}

/// Share of `--max-time` the abstracted runs may use (and their budget without `--max-time`).
const ABSTRACTION_SHARE: u32 = 4;
const ABSTRACTION_TIME: Duration = Duration::from_secs(60);
/// Abstracted runs at most (the first, then refinements).
const MAX_ROUNDS: usize = 8;

/// The runs with loops abstracted (`exec/interp/loop_abs.rs`) watching `group`: the targets
/// they prove unreachable (no abstract path reaches them and the run has no gap), a summary
/// per run, and the time they took. Their hits prove nothing (the abstraction
/// over-approximates). With interpolation, a run whose hits went through a havocked loop is
/// followed by one assuming the loop invariant candidates learnt from them
/// (`exec/interp/loop_inv.rs`); a candidate that fails its checks is dropped and the run
/// repeated without it.
#[allow(clippy::type_complexity)]
fn prove_abstracted(
    ctx: &Ctx,
    group: &[usize],
    loops: &Arc<LoopMods>,
) -> Result<(Vec<RunSummary>, Vec<(usize, TargetResult)>, Duration)> {
    let clock = Instant::now();
    let budget = ctx
        .base
        .limits
        .max_time
        .map_or(ABSTRACTION_TIME, |t| t / ABSTRACTION_SHARE);
    let learn = ctx.base.interpolation;
    let mut assumed: Vec<Candidate> = Vec::new();
    let mut rejected: HashSet<Candidate> = HashSet::new();
    let mut summaries = Vec::new();
    let mut proven: Vec<(usize, TargetResult)> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let Some(left) = budget.checked_sub(clock.elapsed()) else {
            break;
        };
        let invariants = LoopInvariants {
            assumed: assumed.clone(),
            learn,
        };
        let (outcome, gaps, took) = run_abstracted(ctx, group, loops, invariants, left)?;
        let mut ids = Vec::new();
        // A run halted at its first hit (--svcomp) did not settle the other targets.
        let settled = gaps.first.is_none()
            && outcome.invariants_failed.is_empty()
            && (!ctx.first_hit_halts || outcome.target_hits.is_empty());
        if settled {
            for (k, &i) in group.iter().enumerate() {
                let t = &ctx.targets[i];
                if t.caveat.is_none()
                    && !outcome.target_hits.iter().any(|h| h.target == k as u32)
                    && !proven.iter().any(|p| p.0 == i)
                {
                    let time = clock.elapsed().as_secs_f64();
                    proven.push((
                        i,
                        TargetResult::new(ctx.module, t, Verdict::Unreachable, time),
                    ));
                    ids.push(t.id);
                }
            }
        }
        let mut summary = run_summary(true, ids, took.as_secs_f64(), &outcome, &gaps);
        summary.invariants_assumed = assumed.len();
        summary.invariants_failed = outcome.invariants_failed.len();
        summaries.push(summary);
        if !outcome.invariants_failed.is_empty() {
            // Failed checks: the candidates go, the run is repeated without them.
            let failed: HashSet<usize> = outcome.invariants_failed.iter().copied().collect();
            let mut k = 0;
            assumed.retain(|c| {
                k += 1;
                let keep = !failed.contains(&(k - 1));
                if !keep {
                    rejected.insert(c.clone());
                }
                keep
            });
            if assumed.is_empty() {
                // The first run again: its candidates were all tried.
                break;
            }
            continue;
        }
        if !learn || proven.len() == group.len() || gaps.first.is_some() {
            break;
        }
        let new: Vec<Candidate> = outcome
            .invariant_candidates
            .into_iter()
            .filter(|c| !rejected.contains(c) && !assumed.contains(c))
            .collect();
        if new.is_empty() {
            break;
        }
        assumed.extend(new);
    }
    Ok((summaries, proven, clock.elapsed()))
}

/// One run with loops abstracted, `max_time` at most.
fn run_abstracted<'m>(
    ctx: &Ctx<'m>,
    group: &[usize],
    loops: &Arc<LoopMods>,
    invariants: LoopInvariants,
    max_time: Duration,
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
    cfg.limits.max_time = Some(max_time.max(Duration::from_millis(100)));
    let mut gaps = Gaps::new(ctx.module);
    let outcome = exec::run_monitored(ctx.module, &cfg, &mut Discard, &mut gaps)?;
    gaps.note_refused_forks(outcome.forks_refused);
    Ok((outcome, gaps, clock.elapsed()))
}

/// What a run did, for the report.
fn run_summary(
    loop_abstraction: bool,
    targets: Vec<u32>,
    time: f64,
    outcome: &exec::Outcome,
    gaps: &Gaps,
) -> RunSummary {
    let st = outcome.interpolation.as_ref();
    RunSummary {
        loop_abstraction,
        targets,
        time,
        instructions: outcome.instructions,
        paths: gaps.completed + gaps.partial,
        completed: gaps.completed,
        partial: gaps.partial,
        subsumed: st.map_or(0, |s| s.subsumed),
        explored_nodes: st.map_or(0, |s| s.nodes),
        subsumption_checks: st.map_or(0, |s| s.checks),
        subsumption_solver_calls: st.map_or(0, |s| s.check_solver_calls),
        subsumption_check_time: st.map_or(0.0, |s| s.check_time.as_secs_f64()),
        interpolation_time: st.map_or(0.0, |s| s.itp_time.as_secs_f64()),
        states_matched: outcome.states_matched,
        invariants_assumed: 0,
        invariants_failed: 0,
        incomplete_reason: gaps.first.clone(),
    }
}

/// One run watching the targets `group` (indices into `ctx.targets`), `max_time` at most.
fn explore(
    ctx: &Ctx,
    group: &[usize],
    max_time: Option<Duration>,
    out: &mut OutputDir,
) -> Result<(RunSummary, Vec<TargetResult>)> {
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
    let display = progress::start(&counters);
    let outcome = exec::run_monitored(ctx.module, &cfg, &mut Discard, &mut gaps);
    if let Some(d) = display {
        d.stop();
    }
    let outcome = outcome?;
    gaps.note_refused_forks(outcome.forks_refused);
    let time = clock.elapsed().as_secs_f64();
    let mut res = Vec::new();
    for (k, &i) in group.iter().enumerate() {
        let t = &ctx.targets[i];
        let hit = outcome.target_hits.iter().find(|h| h.target == k as u32);
        res.push(match hit {
            Some(h) => reached(ctx, t, h, out)?,
            None if ctx.first_hit_halts && !outcome.target_hits.is_empty() => TargetResult::new(
                ctx.module,
                t,
                Verdict::Unknown(
                    "not settled: the run stopped at the first target reached (--svcomp)".into(),
                ),
                time,
            ),
            None => TargetResult::new(
                ctx.module,
                t,
                Verdict::unreached(gaps.first.as_deref(), t.caveat.as_deref()),
                time,
            ),
        });
    }
    let ids = group.iter().map(|&i| ctx.targets[i].id).collect();
    Ok((run_summary(false, ids, time, &outcome, &gaps), res))
}

/// A reached target: its test, written and replayed.
fn reached(ctx: &Ctx, t: &Target, h: &TargetHit, out: &mut OutputDir) -> Result<TargetResult> {
    let kt = KTest {
        args: std::env::args().collect(),
        objects: h
            .objects
            .iter()
            .map(|(n, b)| KTestObject {
                name: n.clone(),
                bytes: b.clone(),
            })
            .collect(),
        sym_argvs: 0,
        sym_argv_len: 0,
    };
    let id = out.write_test(&kt, None).context("writing a test")?;
    let test = out.path.join(format!("test{id:06}.ktest"));
    let confirmed = replays_to(ctx, t, &h.objects)?;
    let verdict = if confirmed {
        Verdict::Reachable
    } else {
        Verdict::Unknown(format!(
            "test did not replay: {} does not reach the target when re-executed",
            test.display()
        ))
    };
    Ok(TargetResult {
        test: Some(test.display().to_string()),
        replay_confirmed: Some(confirmed),
        ..TargetResult::new(ctx.module, t, verdict, h.elapsed.as_secs_f64())
    })
}

/// Whether re-executing the program concretely on `objects` reaches `t`.
fn replays_to(ctx: &Ctx, t: &Target, objects: &[(String, Vec<u8>)]) -> Result<bool> {
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
        ..exec::Config::default()
    };
    let outcome = exec::run(ctx.module, &cfg, &mut Discard)?;
    if outcome.paths.len() != 1 {
        bail!(
            "the replay of a test forked ({} paths)",
            outcome.paths.len()
        );
    }
    Ok(outcome.target_hits.iter().any(|h| h.target == 0))
}
