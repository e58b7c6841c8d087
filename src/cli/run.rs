//! `trex run`: load, link, execute, write the output directory.

use anyhow::{bail, Context, Result};
use std::path::Path;
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use super::covout::CoverageOut;
use super::parse::parse_error_type;
use super::writer::{klee_line, TestWriter};
use super::{progress, Libc, RunArgs};
use crate::exec::{self, control, End};
use crate::ir::{self, lower};
use crate::link;
use crate::output::ktest::KTest;
use crate::output::{self, OutputDir};

/// Program output goes straight to trex's own stdout / stderr, flushed per write so that the
/// two interleave as the program wrote them.
pub struct StdIo;

impl exec::Io for StdIo {
    fn write(&mut self, fd: i32, data: &[u8]) {
        if fd == 2 {
            progress::write_stderr(data);
        } else {
            progress::write_stdout(data);
        }
    }
}

fn has_entry(m: &ir::Module, entry: &str) -> bool {
    m.func_by_name
        .get(entry)
        .is_some_and(|&f| !m.func(f).is_declaration)
}

/// Loads `prog` alone (which validates it and tells whether it needs the C library) and
/// checks that it defines `entry`.
pub fn load_program(prog: &Path, entry: &str) -> Result<ir::Module> {
    if !prog.exists() {
        bail!("cannot open {}: no such file", prog.display());
    }
    let program = lower::load_module(prog)?;
    if !has_entry(&program, entry) {
        bail!("entry function '{entry}' not found in {}", prog.display());
    }
    Ok(program)
}

/// Links the C library in when asked or needed (through `scratch`, a path for the linked
/// bitcode, removed after loading); returns the module and whether it has libc.
pub fn with_libc(
    program: ir::Module,
    prog: &Path,
    libc: Option<Libc>,
    scratch: &Path,
) -> Result<(ir::Module, bool)> {
    let libc = libc.unwrap_or(if link::needs_libc(&program) {
        Libc::Musl
    } else {
        Libc::None
    });
    match libc {
        Libc::Musl => {
            let lib = link::find_libc(link::arch_of(&program))?;
            link::link_with_libc(prog, &lib, scratch)?;
            let m = lower::load_module(scratch);
            let _ = std::fs::remove_file(scratch);
            Ok((m?, true))
        }
        Libc::None => Ok((program, false)),
    }
}

/// The objects of a `.ktest` file, for replay.
pub fn ktest_objects(path: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let data = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let kt = KTest::from_bytes(&data).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect())
}

pub fn run(a: &RunArgs) -> Result<()> {
    let search = crate::search::parse_search_kinds(&a.searcher.search)?;
    let mut exit_types = Vec::new();
    for t in &a.exit_on_error_type {
        exit_types.extend(parse_error_type(t).map_err(anyhow::Error::msg)?);
    }
    let replay = match &a.replay_ktest_file {
        Some(f) => Some(ktest_objects(f)?),
        None => None,
    };
    let started = SystemTime::now();
    let clock = Instant::now();
    let prog = &a.program;
    let program = load_program(prog, &a.prog.entry_point)?;
    let mut out =
        OutputDir::create(a.out.output_dir.as_deref(), prog).context("output directory")?;
    let line = format!("KLEE: output directory is \"{}\"", out.path.display());
    klee_line(&mut out, &line);
    let own = crate::coverage::program_functions(&program);
    let (module, has_libc) = with_libc(program, prog, a.prog.libc, &out.path.join(".linked.bc"))?;

    let mut argv = vec![prog.display().to_string()];
    argv.extend(a.args.iter().cloned());
    let counters = Arc::new(control::Progress::default());
    let covout = CoverageOut::start(
        &module,
        own,
        &search,
        counters.clone(),
        &out.path,
        &a.stats,
        prog,
    )?;
    let cfg = exec::Config {
        entry: a.prog.entry_point.clone(),
        argv,
        env: Vec::new(),
        max_instructions: a.insts.max_instructions,
        max_stack_frames: a.stack.max_stack_frames,
        use_libc_start: has_libc,
        search: search.clone(),
        seed: a.searcher.seed,
        exit_on_error: a.exit_on_error,
        max_forks: a.forks.max_forks,
        max_depth: a.forks.max_depth,
        interpolation: !a.itp.no_interpolation,
        output_tree: a.output_tree,
        subsumed_test: a.subsumed_test,
        greedy_confirmation: a.greedy.greedy_confirmation,
        limits: control::Limits {
            exit_on_error_types: exit_types,
            dump_states_on_halt: a.dump_states_on_halt,
            interrupt: Some(progress::interrupt_flag()),
            progress: Some(counters.clone()),
            replay,
            ..a.budgets.limits()
        },
        targets: None,
        state_matching: None,
        loop_abstraction: None,
        loop_invariants: None,
        path_inputs: true,
        coverage: Some(covout.coverage()),
    };
    let mut w = TestWriter::new(&module, out);
    w.emit_all_errors = a.emit_all_errors;
    w.write_no_tests = a.write_no_tests;
    w.only_covering_new = a.only_output_states_covering_new;
    w.max_tests = a.max_tests.filter(|&n| n > 0);
    let display = progress::start(&counters);
    let outcome = exec::run_monitored(&module, &cfg, &mut StdIo, &mut w);
    if let Some(d) = display {
        d.stop();
    }
    let outcome = outcome?;
    if let Some(e) = w.failure.take() {
        return Err(e).context("writing the tests");
    }
    let TestWriter {
        mut out,
        completed,
        partial,
        ..
    } = w;

    // Only a run with exactly one path (a concrete program) reports the exit status.
    if outcome.paths_ended == 1 {
        if let End::Exit(code) = outcome.end {
            klee_line(
                &mut out,
                &format!("TREX: program exited with status {code}"),
            );
        }
    }
    if outcome.forks_refused > 0 {
        let line = format!(
            "KLEE: WARNING: --max-forks / --max-depth reached: {} symbolic branches followed one side",
            outcome.forks_refused
        );
        progress::eprintln(&line);
        out.warning(&line);
    }
    let mut done = vec![
        format!("KLEE: done: total instructions = {}", outcome.instructions),
        format!("KLEE: done: completed paths = {completed}"),
        format!("KLEE: done: partially completed paths = {partial}"),
        format!("KLEE: done: generated tests = {}", out.tests_written()),
    ];
    if let Some(st) = &outcome.interpolation {
        // TRACER-X's statistics.
        done.push(format!("KLEE: done: subsumed paths = {}", st.subsumed));
        done.push(format!("KLEE: done: explored nodes = {}", st.nodes));
        done.push(format!(
            "KLEE: done: subsumption table entries = {}",
            st.entries
        ));
        done.push(format!(
            "KLEE: done: subsumption checks = {} ({} solver calls, {:.3} s)",
            st.checks,
            st.check_solver_calls,
            st.check_time.as_secs_f64()
        ));
        done.push(format!(
            "KLEE: done: interpolation time = {:.3} s",
            st.itp_time.as_secs_f64()
        ));
    }
    for l in &done {
        klee_line(&mut out, l);
    }
    let info = format!(
        "{}\nPID: {}\nStarted: {}\nFinished: {}\nElapsed: {}\n{}\n",
        std::env::args().collect::<Vec<_>>().join(" "),
        std::process::id(),
        output::timestamp(started),
        output::timestamp(SystemTime::now()),
        output::elapsed(clock.elapsed().as_secs_f64()),
        done.join("\n"),
    );
    let info = match &outcome.solver_stats {
        Some(st) => format!(
            "{info}KLEE: done: total queries = {}\nKLEE: done: solver calls = {}\nKLEE: done: query cache hits = {}\nKLEE: done: counterexample cache hits = {}\nKLEE: done: solver timeouts = {}\nKLEE: done: solver time = {:.3} s\n",
            st.queries,
            st.solver_calls,
            st.cache_hits,
            st.cex_cache_hits,
            st.timeouts,
            st.time.as_secs_f64()
        ),
        None => info,
    };
    out.write_info(&info)?;
    covout.finish(&module, "run", &out.path, |s| {
        s.paths = outcome.paths_ended;
        s.instructions = outcome.instructions;
        s.pending = 0;
        if let Some(st) = &outcome.solver_stats {
            s.queries = st.queries;
            s.solver_time = st.time.as_secs_f64();
        }
    })?;
    if let Some(dot) = &outcome.tree_dot {
        std::fs::write(out.path.join("tree.dot"), dot)?;
    }
    Ok(())
}
