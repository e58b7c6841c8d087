//! `trex run`: load, link, execute, write the output directory.

use anyhow::{bail, Context, Result};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
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

    /// trex's own stdin, read to its end once (when a path first uses fd 0: a program that
    /// never does, does not wait for it); every path reads the same bytes.
    fn stdin(&mut self) -> (Arc<[u8]>, Option<std::fs::Metadata>) {
        type Stdin = (Arc<[u8]>, Option<std::fs::Metadata>);
        static STDIN: std::sync::OnceLock<Stdin> = std::sync::OnceLock::new();
        STDIN
            .get_or_init(|| {
                use std::os::fd::AsFd;
                let meta = std::io::stdin()
                    .as_fd()
                    .try_clone_to_owned()
                    .ok()
                    .and_then(|fd| std::fs::File::from(fd).metadata().ok());
                let mut b = Vec::new();
                // An unreadable stdin (closed, a directory) reads as empty.
                let _ = std::io::stdin().lock().read_to_end(&mut b);
                (b.into(), meta)
            })
            .clone()
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
    check_entry(&program, entry)?;
    Ok(program)
}

/// KLEE's checks of `--entry-point` and their messages (`tools/klee/main.cpp`).
fn check_entry(program: &ir::Module, entry: &str) -> Result<()> {
    if entry.is_empty() {
        bail!("entry-point cannot be empty");
    }
    if !has_entry(program, entry) {
        bail!("Entry function '{entry}' not found in module.");
    }
    Ok(())
}

/// KLEE's `runFunctionAsMain` passes the entry function argc, argv and envp, and refuses one
/// with more parameters, when it calls it itself: not through the C library's start-up code
/// (uClibc's for KLEE, musl's for trex) nor the POSIX runtime's wrapper, which call it with
/// a pointer of their own type.
fn check_entry_params(program: &ir::Module, a: &RunArgs) -> Result<()> {
    let called_directly = libc_of(program, a.prog.libc) != Libc::Musl && !a.posix.posix_runtime;
    let f = program.func(program.func_by_name[&a.prog.entry_point]);
    if called_directly && f.params.len() > 3 {
        bail!("invalid main function (expect 0-3 arguments)");
    }
    Ok(())
}

/// A private temporary directory, removed with everything in it when dropped: the bitcode
/// read from stdin, the optimized and the linked modules live there, so that a run that
/// fails before it starts leaves nothing behind.
pub struct Scratch {
    pub path: PathBuf,
}

impl Scratch {
    pub fn new() -> Result<Scratch> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir().join(format!("trex-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Scratch { path }),
                // Left by an earlier process with the same id: take the next name.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot create {}", path.display()))
                }
            }
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The program of `trex run`, loaded and checked: from its file, or (`-`, KLEE's default)
/// from stdin, then optimized when asked. Also returns its file for linking (stdin's bytes
/// and the optimized module are written into `scratch`).
fn prepare_program(a: &RunArgs, scratch: &Scratch) -> Result<(ir::Module, PathBuf)> {
    let entry = &a.prog.entry_point;
    let (program, file) = if a.program == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read the program from stdin")?;
        if bytes.is_empty() {
            bail!(
                "no program given: stdin is empty (usage: trex [options] prog.bc|prog.ll|- \
                 [program args])"
            );
        }
        let program = lower::load_module_bytes(&bytes, "<stdin>")?;
        check_entry(&program, entry)?;
        // (llvm-link and opt read textual IR whatever the file's name.)
        let file = scratch.path.join("stdin.bc");
        std::fs::write(&file, &bytes).context("cannot keep stdin's bitcode")?;
        (program, file)
    } else {
        (load_program(&a.program, entry)?, a.program.clone())
    };
    check_entry_params(&program, a)?;
    if !a.optimize {
        return Ok((program, file));
    }
    let optimized = scratch.path.join("optimized.bc");
    optimize(&file, &optimized)?;
    let program = lower::load_module(&optimized)?;
    check_entry(&program, entry)?;
    Ok((program, optimized))
}

/// `--optimize`: LLVM's -O2 pipeline over the program, before the C library is linked (KLEE
/// optimizes the linked module; the library is compiled optimized already).
fn optimize(input: &Path, out: &Path) -> Result<()> {
    let tool = "opt-14";
    let res = Command::new(tool)
        .arg("-O2")
        .arg(input)
        .arg("-o")
        .arg(out)
        .output()
        .with_context(|| format!("--optimize: cannot run {tool}"))?;
    if !res.status.success() {
        let err = String::from_utf8_lossy(&res.stderr);
        bail!(
            "--optimize: {tool} -O2 failed: {}",
            err.lines().next().unwrap_or("").trim()
        );
    }
    Ok(())
}

/// `--env-file`: KLEE's format, one `NAME=value` per line (blank lines skipped, lines
/// trimmed).
/// trex's own environment as the program's `envp` (KLEE passes its own; klee-replay runs the
/// program in its own too).
pub(crate) fn host_env() -> Vec<String> {
    std::env::vars_os()
        .map(|(k, v)| format!("{}={}", k.to_string_lossy(), v.to_string_lossy()))
        .collect()
}

pub(super) fn read_env_file(f: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(f)
        .with_context(|| format!("cannot read --env-file {}", f.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// The C library to link: the one asked for, else musl when the program needs one.
fn libc_of(program: &ir::Module, libc: Option<Libc>) -> Libc {
    libc.unwrap_or(if link::needs_libc(program) {
        Libc::Musl
    } else {
        Libc::None
    })
}

/// Links `prog` with `libc` into `scratch`: whether it did (`None` links nothing).
fn link_libc(libc: Libc, arch: &'static str, prog: &Path, scratch: &Path) -> Result<bool> {
    match libc {
        Libc::Musl => link::link_with_libc(prog, &link::find_libc(arch)?, scratch)?,
        Libc::Klee => link::link_with_klee_libc(prog, &link::find_klee_libc(arch)?, scratch)?,
        Libc::None => return Ok(false),
    }
    Ok(true)
}

/// [`with_libc`], with the final module's printed form (`assembly.ll`): the module is
/// lowered again from its file (the program alone, or linked) with its instructions' lines.
fn with_libc_and_assembly(
    program: ir::Module,
    prog: &Path,
    libc: Option<Libc>,
    scratch: &Path,
) -> Result<(ir::Module, bool, String)> {
    let libc = libc_of(&program, libc);
    let arch = link::arch_of(&program);
    drop(program);
    let linked = link_libc(libc, arch, prog, scratch)?;
    let loaded = lower::load_module_with_assembly(if linked { scratch } else { prog });
    if linked {
        let _ = std::fs::remove_file(scratch);
    }
    let (m, text) = loaded?;
    Ok((m, libc == Libc::Musl, text))
}

/// The printed module with KLEE's module identifier: the program's path as given (`<stdin>`
/// for `-`), which stays the linked module's (trex reads the module from memory, under a name
/// of its own).
fn with_module_id(text: &str, program: &Path) -> String {
    let id = if program == Path::new("-") {
        "<stdin>".to_string()
    } else {
        program.display().to_string()
    };
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with("; ModuleID = ") => {
            format!("; ModuleID = '{id}'\n{rest}")
        }
        _ => text.to_string(),
    }
}

/// Links the C library in when asked or needed (through `scratch`, a path for the linked
/// bitcode, removed after loading); returns the module and whether it has musl (whose
/// start-up code runs the program).
pub fn with_libc(
    program: ir::Module,
    prog: &Path,
    libc: Option<Libc>,
    scratch: &Path,
) -> Result<(ir::Module, bool)> {
    let libc = libc_of(&program, libc);
    if !link_libc(libc, link::arch_of(&program), prog, scratch)? {
        return Ok((program, false));
    }
    let m = lower::load_module(scratch);
    let _ = std::fs::remove_file(scratch);
    Ok((m?, libc == Libc::Musl))
}

/// A `.ktest` file, for replay.
pub fn read_ktest(path: &Path) -> Result<KTest> {
    let data = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    KTest::from_bytes(&data).with_context(|| format!("cannot read {}", path.display()))
}

/// The objects of a `.ktest` file, for replay.
pub fn ktest_objects(path: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let kt = read_ktest(path)?;
    Ok(kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect())
}

pub fn run(a: &RunArgs) -> Result<()> {
    let search = crate::search::parse_search_kinds(&a.searcher.search)?;
    run_driven(a, &search, "run", |module, cfg, w, _| {
        Ok(Driven::of(exec::run_monitored(module, cfg, &mut StdIo, w)?))
    })
}

/// What a mode's exploration gives `run_driven`: its outcome, its own `KLEE: done:` lines,
/// and (`trex cover`) its goals.
pub(super) struct Driven {
    pub outcome: exec::Outcome,
    pub lines: Vec<String>,
    pub goals: Option<crate::cover::Report>,
}

impl Driven {
    pub fn of(outcome: exec::Outcome) -> Driven {
        Driven {
            outcome,
            lines: Vec::new(),
            goals: None,
        }
    }
}

/// `trex run`'s setup, output and summary around `drive`, which explores once everything
/// is set up (told the program's own functions) and gives what it found (`trex run`:
/// `exec::run_monitored`; `trex concolic`: `concolic::run`; `trex cover`: `cover::run`). `search`: the searchers the
/// coverage is recorded for; `mode`: the command, as run.istats names it.
pub(super) fn run_driven<'a>(
    a: &RunArgs,
    search: &[crate::search::SearchKind],
    mode: &str,
    drive: impl FnOnce(&ir::Module, &exec::Config, &mut TestWriter, &HashSet<String>) -> Result<Driven>
        + 'a,
) -> Result<()> {
    if a.property.is_some() && !a.write_xml_tests && mode != "cover" {
        bail!("--property: with --write-xml-tests (or in trex cover)");
    }
    let mut exit_types = Vec::new();
    for t in &a.exit_on_error_type {
        exit_types.extend(parse_error_type(t).map_err(anyhow::Error::msg)?);
    }
    let replay = match &a.replay_ktest_file {
        Some(f) => Some(ktest_objects(f)?),
        None => None,
    };
    let replay_path = match &a.replay_path {
        Some(f) => {
            let text = std::fs::read_to_string(f)
                .map_err(|e| anyhow::anyhow!("--replay-path {}: {e}", f.display()))?;
            let d = crate::output::pathfile::parse(&text)
                .map_err(|e| anyhow::anyhow!("--replay-path {}: {e}", f.display()))?;
            Some(std::sync::Arc::from(d))
        }
        None => None,
    };
    // KLEE passes its own environment to the program unless --env-file names another.
    let env = match &a.env_file {
        Some(f) => read_env_file(f)?,
        None => host_env(),
    };
    let seeding = a.seeds.load()?.map(Arc::new);
    let (posix, posix_warning) = a.posix.env(&a.args)?;
    if let Some(w) = &posix_warning {
        eprintln!("{w}");
    }
    if let Some(d) = &a.run_in_dir {
        if !d.is_dir() {
            bail!("--run-in-dir {}: no such directory", d.display());
        }
    }
    let started = SystemTime::now();
    let clock = Instant::now();
    let prog = &a.program;
    // Everything that can fail on bad input comes before the output directory is made.
    let scratch = Scratch::new()?;
    let (program, file) = prepare_program(a, &scratch)?;
    // The program's own functions (the C library linked next is reported apart).
    let own = crate::coverage::program_functions(&program);
    let linked = scratch.path.join("linked.bc");
    let (module, has_libc, assembly) = if a.output_source {
        let (m, l, text) = with_libc_and_assembly(program, &file, a.prog.libc, &linked)?;
        (m, l, Some(text))
    } else {
        let (m, l) = with_libc(program, &file, a.prog.libc, &linked)?;
        (m, l, None)
    };
    drop(scratch);
    // (A bad property or program file, or a library --load cannot load, is refused before
    // anything is written.)
    let natives = a.externals.hook()?;
    let xml_meta = match a.write_xml_tests {
        true => Some(super::testcomp::metadata(a, &module)?),
        false => None,
    };
    let mut out =
        OutputDir::create(a.out.output_dir.as_deref(), prog).context("output directory")?;
    let line = format!("KLEE: output directory is \"{}\"", out.path.display());
    klee_line(&mut out, &line);
    for w in a.warnings.iter().chain(&posix_warning) {
        out.warning(w);
    }
    // KLEE's check of the symbols nothing defines (each is an external call, or the host's
    // variable), with its C library's own exceptions.
    let mut quiet: Vec<&str> = match a.prog.libc {
        Some(Libc::Klee) => crate::native::QUIET_KLEE_LIBC.to_vec(),
        _ if has_libc => crate::native::QUIET_UCLIBC.to_vec(),
        _ => vec![],
    };
    if a.posix.posix_runtime {
        quiet.push(crate::native::QUIET_POSIX);
    }
    let all = a.externals.warn_all_external_symbols;
    for w in crate::native::undefined_references(&module, &quiet, all) {
        let line = format!("KLEE: WARNING: {w}");
        progress::eprintln(&line);
        out.warning(&line);
    }
    if let Some(s) = &seeding {
        // (KLEE's own line, its prefix twice.)
        klee_line(
            &mut out,
            &format!("KLEE: KLEE: using {} seeds", s.seeds.len()),
        );
    }
    if let Some(text) = assembly {
        let text = with_module_id(&text, &a.program);
        std::fs::write(out.path.join("assembly.ll"), text).context("writing assembly.ll")?;
    }
    if let Some(d) = &a.run_in_dir {
        // (The output directory's path is absolute.)
        std::env::set_current_dir(d)
            .with_context(|| format!("cannot change to --run-in-dir {}", d.display()))?;
    }

    let mut argv = vec![prog.display().to_string()];
    argv.extend(a.args.iter().cloned());
    let counters = Arc::new(control::Progress::default());
    let covout = CoverageOut::start(
        &module,
        own.clone(),
        search,
        counters.clone(),
        &out.path,
        &a.stats,
        prog,
    )?;
    let cfg = exec::Config {
        entry: a.prog.entry_point.clone(),
        argv,
        env,
        max_instructions: a.insts.max_instructions,
        max_stack_frames: a.stack.frames(),
        use_libc_start: has_libc,
        search: search.to_vec(),
        seed: a.searcher.seed(),
        exit_on_error: a.exit_on_error,
        max_forks: a.forks.max_forks,
        max_depth: a.forks.depth(),
        static_forks: a.forks.static_limits(),
        interpolation: !a.itp.no_interpolation,
        itp_mode: a.itp.mode(),
        output_tree: a.output_tree,
        subsumed_test: a.subsumed_test,
        greedy_confirmation: a.greedy.greedy_confirmation,
        pse: a.pse.options(),
        write_cov: a.write_cov,
        path_files: exec::PathFiles {
            kquery: a.write_kqueries,
            kquery_errors: true,
            smt2: a.write_smt2s,
            branches: a.write_paths,
            sym_branches: a.write_sym_paths,
        },
        replay_path,
        silent_klee_assume: a.silent_klee_assume,
        checks: exec::sem::Checks {
            div_zero: a.check_div_zero,
            overshift: a.check_overshift,
        },
        limits: control::Limits {
            exit_on_error_types: exit_types,
            dump_states_on_halt: a.dump_states_on_halt,
            only_covering_new: a.only_output_states_covering_new,
            interrupt: Some(progress::interrupt_flag()),
            progress: Some(counters.clone()),
            replay,
            seeding,
            ippc: a.ippc,
            ..a.budgets.limits()
        },
        targets: None,
        steer_to: None,
        state_matching: None,
        loop_abstraction: None,
        loop_invariants: None,
        path_inputs: true,
        exit_inputs: !a.write_no_tests,
        coverage: Some(covout.coverage()),
        environment: crate::extensions::environment(posix),
        kdalloc: a.kdalloc,
        // The concolic mode runs one path at a time (an explicit `--threads` above 1 is refused).
        threads: if mode == "concolic" {
            1
        } else {
            a.threads.workers(0)
        },
        observers: crate::extensions::observers,
        api: crate::klee_api::call,
        externals: Some(natives),
    };
    let mut w = TestWriter::new(&module, out);
    // KLEE's tests record the program and its arguments; `klee-replay` reads them back.
    w.test_args = cfg.environment.makes_args().then(|| cfg.argv.clone());
    w.emit_all_errors = a.emit_all_errors;
    w.write_cov = a.write_cov;
    w.write_test_info = a.write_test_info;
    if let Some(meta) = xml_meta {
        std::fs::write(w.out.path.join("metadata.xml"), meta).context("writing metadata.xml")?;
        w.write_xml = true;
    }
    w.write_no_tests = a.write_no_tests;
    w.only_covering_new = a.only_output_states_covering_new;
    w.max_tests = a.max_tests.filter(|&n| n > 0);
    let display = progress::start(&counters);
    let outcome = drive(&module, &cfg, &mut w, &own);
    if let Some(d) = display {
        d.stop();
    }
    let Driven {
        outcome,
        lines: mode_lines,
        goals,
    } = outcome?;
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
        let budgets = if a.forks.static_limits().active() {
            "--max-forks / --max-depth / --max-static-*-pct"
        } else {
            "--max-forks / --max-depth"
        };
        let line = format!(
            "KLEE: WARNING: {budgets} reached: {} symbolic branches followed one side",
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
        done.push(format!(
            "KLEE: done: paths covered by subsumption = {}",
            st.covered_paths
        ));
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
        let mean = st.conjuncts as f64 / st.entries.max(1) as f64;
        done.push(format!(
            "KLEE: done: interpolant conjuncts = {mean:.1} mean, {} largest ({} expression nodes largest)",
            st.max_conjuncts, st.max_itp_nodes
        ));
        if a.itp.mode() == exec::ItpMode::Abduction {
            let ab = &st.abduction;
            done.push(format!(
                "KLEE: done: abduction = {} abduced, {} separated, {} cores, {} implications, {} guards kept",
                ab.abduced, ab.separate, ab.core, ab.implication, ab.guard_kept
            ));
            done.push(format!(
                "KLEE: done: abduction time = {:.3} s core, {:.3} s separate, {:.3} s context",
                ab.core_time.as_secs_f64(),
                ab.separate_time.as_secs_f64(),
                ab.context_time.as_secs_f64()
            ));
        }
    }
    if let Some(st) = &outcome.pse {
        // Postconditioned symbolic execution's (paper 002).
        done.push(format!("KLEE: done: pse-pruned paths = {}", st.pruned));
        done.push(format!(
            "KLEE: done: pse summaries = {} ({} disjuncts, {} merged, {} over the bound)",
            st.summaries, st.disjuncts, st.merged, st.dropped
        ));
        done.push(format!(
            "KLEE: done: pse checks = {} ({} solver calls, {:.3} s)",
            st.checks,
            st.check_solver_calls,
            st.check_time.as_secs_f64()
        ));
        done.push(format!(
            "KLEE: done: pse summary time = {:.3} s",
            st.wp_time.as_secs_f64()
        ));
    }
    if cfg.parallel_threads() > 1 {
        done.push(format!(
            "KLEE: done: threads = {}, paths handed between them = {}",
            cfg.parallel_threads(),
            outcome.moved
        ));
    }
    if outcome.parked > 0 {
        done.push(format!(
            "KLEE: done: paths suspended over the memory cap = {}",
            outcome.parked
        ));
        done.push(format!(
            "KLEE: done: suspended paths resumed = {}",
            outcome.resumed
        ));
    }
    done.extend(mode_lines);
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
        // (KLEE's info, not its stderr, counts the explored paths.)
        std::iter::once(format!(
            "KLEE: done: explored paths = {}",
            outcome.paths_ended
        ))
        .chain(done.iter().cloned())
        .collect::<Vec<_>>()
        .join("\n"),
    );
    let info = match &outcome.solver_stats {
        Some(st) => format!(
            "{info}KLEE: done: total queries = {}\nKLEE: done: solver calls = {}{}\nKLEE: done: constraints per solver call: mean {:.1}, largest {}\nKLEE: done: query cache hits = {}\nKLEE: done: counterexample cache hits = {}\nKLEE: done: solver timeouts = {}\nKLEE: done: solver time = {:.3} s\n",
            st.queries,
            st.solver_calls,
            if a.ippc { " (ippc)" } else { "" },
            match st.solver_calls {
                0 => 0.0,
                n => st.query_constraints as f64 / n as f64,
            },
            st.largest_query,
            st.cache_hits,
            st.cex_cache_hits,
            st.timeouts,
            st.time.as_secs_f64()
        ),
        None => info,
    };
    out.write_info(&info)?;
    if out.path.join("metadata.xml").is_file() {
        crate::output::testcomp::zip_suite(&out.path).context("writing test-suite.zip")?;
    }
    covout.finish(&module, mode, &out.path, goals.as_ref(), |s| {
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
