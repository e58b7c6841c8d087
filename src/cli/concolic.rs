//! `trex concolic`: `trex run`'s command line, output directory and summary around the
//! concolic mode (`crate::concolic`).

use anyhow::{bail, Result};
use std::path::Path;

use super::run::{run_driven, Driven, StdIo};
use super::ConcolicArgs;
use crate::concolic::{self, Options, Strategy};
use crate::exec::machine::Input;
use crate::search::SearchKind;

/// A test whose command line names another program (the first `.bc` / `.ll` of it: KLEE
/// records its own argv, trex the program's or its own) is no input for this one.
fn seed_of_this_program(seed: &Path, program: &Path) -> Result<()> {
    let kt = super::run::read_ktest(seed)?;
    let named = kt
        .args
        .iter()
        .map(Path::new)
        .find(|p| p.extension().is_some_and(|e| e == "bc" || e == "ll"));
    match named {
        Some(p) if p.file_name() != program.file_name() => bail!(
            "--seed-file {}: a test of {}, not of {}",
            seed.display(),
            p.display(),
            program.display()
        ),
        _ => Ok(()),
    }
}

pub fn concolic(a: &ConcolicArgs) -> Result<()> {
    let r = &a.run;
    let strategy = match r.searcher.search.as_slice() {
        [] => Strategy::Dfs,
        [s] => Strategy::parse(s).map_err(anyhow::Error::msg)?,
        _ => bail!(
            "--search: the concolic mode takes one search ({})",
            Strategy::NAMES
        ),
    };
    // What only a forking run does is refused rather than ignored.
    let refused = [
        (
            r.replay_ktest_file.is_some(),
            "--replay-ktest-file (use `trex replay`)",
        ),
        (r.replay_path.is_some(), "--replay-path"),
        (r.output_tree, "--output-tree"),
        (r.subsumed_test, "--subsumed-test"),
        (
            r.threads.threads.is_some_and(|n| n > 1),
            "--threads above 1 (one path at a time)",
        ),
        (
            r.forks.max_forks.is_some(),
            "--max-forks (use --max-iterations)",
        ),
        (
            r.seeds.only_replay_seeds || r.seeds.only_seed,
            "--only-replay-seeds / --only-seed",
        ),
        (
            r.pse.pse,
            "--pse (postconditioned symbolic execution summarizes the suffixes of forked paths)",
        ),
    ];
    if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
        bail!("{what}: not available in the concolic mode");
    }
    let seeds: Vec<Input> = match r.seeds.load()? {
        Some(s) => s.seeds,
        None => Vec::new(),
    };
    let mut files = r.seeds.seed_file.clone();
    for d in &r.seeds.seed_dir {
        files.extend(super::seeds::ktests_in(d)?);
    }
    for f in &files {
        seed_of_this_program(f, &r.program)?;
    }
    if a.max_iterations == Some(0) {
        bail!("--max-iterations must be at least 1");
    }
    let opts = Options {
        strategy,
        max_depth: r.forks.max_depth.filter(|&d| d > 0),
        max_iterations: a.max_iterations,
        ippc: r.ippc,
        seeds,
        random: r.searcher.seed_option,
    };
    let ippc = r.ippc;
    let confirm = !a.no_greedy_confirmation;
    run_driven(
        r,
        &[SearchKind::Dfs],
        "concolic",
        move |module, cfg, w, _| {
            let cfg = crate::exec::Config {
                greedy_confirmation: confirm && cfg.interpolation,
                limits: crate::exec::control::Limits {
                    seeding: None,
                    ..cfg.limits.clone()
                },
                ..cfg.clone()
            };
            let (out, st) = concolic::run(module, &cfg, &mut StdIo, w, opts)?;
            Ok(Driven {
                outcome: out,
                lines: st.lines(ippc),
                goals: None,
            })
        },
    )
}
