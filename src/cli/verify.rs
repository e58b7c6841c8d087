//! `trex verify`: compiles (SV-COMP) and loads the program, finds the targets, runs the
//! verification (`crate::verify::strategy`) and prints its report (`verify_report.rs`).

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::covout::CoverageOut;
use super::run::{load_program, with_libc};
use super::verify_report::{self, Report, TargetResult};
use super::{progress, svcomp, VerifyArgs};
use crate::exec::{self, control};
use crate::output::OutputDir;
use crate::verify::{self, Selection, Watcher};

pub fn verify(a: &VerifyArgs) -> Result<()> {
    let search = if a.searcher.search.is_empty() {
        vec![crate::search::SearchKind::Dfs]
    } else {
        crate::search::parse_search_kinds(&a.searcher.search)?
    };
    if a.svcomp {
        svcomp::check_property(a.property.as_deref().expect("clap requires it"))?;
    }
    let selection = selection(a);
    if a.list_targets {
        return list_targets(a, &selection);
    }
    let clock = Instant::now();
    let out_base = match (&a.out.output_dir, a.svcomp) {
        // SV-COMP tasks live in read-only collections: the default directory is here.
        (None, true) => PathBuf::from(a.program.file_name().unwrap_or_default()),
        _ => a.program.clone(),
    };
    let mut out =
        OutputDir::create(a.out.output_dir.as_deref(), &out_base).context("output directory")?;
    let prog = program_bitcode(a, &out.path)?;
    let program = load_program(&prog, &a.prog.entry_point)?;
    let own_names = verify::own_functions(&program);
    let own = |n: &str| own_names.contains(n);
    let (module, has_libc) = with_libc(program, &prog, a.prog.libc, &out.path.join(".linked.bc"))?;
    let targets = verify::collect(&module, &own, &selection).map_err(anyhow::Error::msg)?;
    if let Some(w) = &a.check_witness {
        // A check writes nothing: the default directory held only the compiled program.
        if a.out.output_dir.is_none() {
            let _ = std::fs::remove_dir_all(&out.path);
        }
        return super::check_witness::check(a, w, &module, &own, &targets);
    }
    let covout = CoverageOut::start(
        &module,
        own_names.clone(),
        &search,
        Arc::new(control::Progress::default()),
        &out.path,
        &a.stats,
        &prog,
    )?;
    let mut opts = options(a, &prog, search, has_libc);
    opts.base.coverage = Some(covout.coverage());
    let mut watcher = ProgressLine(None, &covout);
    let found = verify::verify(&module, &own, &targets, &opts, &mut out, &mut watcher)?;
    covout.finish(&module, "verify", &out.path, None, |s| s.pending = 0)?;
    super::witness::write(a, &module, &found)?;
    let results: Vec<TargetResult> = found
        .targets
        .into_iter()
        .map(|v| TargetResult::new(&module, v))
        .collect();
    let report = Report {
        program: a.program.display().to_string(),
        mode: if a.one_target_at_a_time {
            "one-at-a-time"
        } else {
            "all"
        },
        interpolation: !a.itp.no_interpolation,
        output_dir: out.path.display().to_string(),
        svcomp: a
            .svcomp
            .then(|| svcomp::result(results.iter().map(|r| &r.verdict))),
        targets: results,
        runs: found.runs,
        time: clock.elapsed().as_secs_f64(),
    };
    std::fs::write(
        out.path.join("verify.json"),
        verify_report::json_text(&report)?,
    )
    .context("writing verify.json")?;
    verify_report::print(&report, a.json, a.svcomp)
}

/// The verification's settings from the options (`prog`: the bitcode run).
fn options(
    a: &VerifyArgs,
    prog: &Path,
    search: Vec<crate::search::SearchKind>,
    has_libc: bool,
) -> verify::Options {
    let mut argv = vec![prog.display().to_string()];
    argv.extend(a.args.iter().cloned());
    let base = exec::Config {
        entry: a.prog.entry_point.clone(),
        argv,
        max_instructions: a.insts.max_instructions,
        max_stack_frames: a.stack.frames(),
        use_libc_start: has_libc,
        search,
        seed: a.searcher.seed(),
        max_forks: a.forks.max_forks,
        max_depth: a.forks.depth(),
        static_forks: a.forks.static_limits(),
        interpolation: !a.itp.no_interpolation,
        itp_mode: a.itp.mode(),
        greedy_confirmation: a.greedy.greedy_confirmation,
        // With both engines the Horn-clause engine keeps a core busy beside the workers.
        threads: a
            .threads
            .workers(usize::from(a.engine == verify::Engines::Both)),
        // Only the target hits need inputs (their own model).
        path_inputs: false,
        limits: control::Limits {
            // Paths still pending at a halt need no test: they only make the run incomplete.
            dump_states_on_halt: false,
            interrupt: Some(progress::interrupt_flag()),
            ..a.budgets.limits()
        },
        ..exec::Config::default()
    };
    verify::Options {
        base,
        state_matching: !a.no_state_matching,
        loop_abstraction: !a.no_loop_abstraction,
        one_target_at_a_time: a.one_target_at_a_time,
        first_hit_halts: a.svcomp,
        test_args: std::env::args().collect(),
        engines: a.engine,
    }
}

/// The progress line on stderr while an exact run goes (a terminal only); the coverage
/// timeline follows the exact runs' counters.
struct ProgressLine<'c>(Option<progress::Display>, &'c CoverageOut);

impl Watcher for ProgressLine<'_> {
    fn exact_run_started(&mut self, counters: &Arc<control::Progress>) {
        self.1.next_run(counters.clone());
        self.0 = progress::start(counters);
    }

    fn exact_run_ended(&mut self) {
        if let Some(d) = self.0.take() {
            d.stop();
        }
    }
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
    let program = load_program(&prog, &a.prog.entry_point);
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
