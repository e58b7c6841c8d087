//! `trex run`: load, link, execute, write the output directory.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::time::{Instant, SystemTime};

use super::{Libc, RunArgs};
use crate::exec::{self, End};
use crate::ir::{self, lower};
use crate::link;
use crate::output::ktest::KTest;
use crate::output::{self, ErrFile, OutputDir};

/// Program output goes straight to trex's own stdout / stderr, flushed per write so that the
/// two interleave as the program wrote them.
struct StdIo;

impl exec::Io for StdIo {
    fn write(&mut self, fd: i32, data: &[u8]) {
        if fd == 2 {
            let mut e = std::io::stderr().lock();
            let _ = e.write_all(data);
            let _ = e.flush();
        } else {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(data);
            let _ = o.flush();
        }
    }
}

/// A `KLEE: ...` line: on stderr and in messages.txt.
fn klee_line(out: &mut OutputDir, line: &str) {
    eprintln!("{line}");
    out.message(line);
}

fn has_entry(m: &ir::Module, entry: &str) -> bool {
    m.func_by_name
        .get(entry)
        .is_some_and(|&f| !m.func(f).is_declaration)
}

pub fn run(a: &RunArgs) -> Result<()> {
    let search = crate::search::parse_search_kinds(&a.search)?;
    let started = SystemTime::now();
    let clock = Instant::now();
    let prog = &a.program;
    if !prog.exists() {
        bail!("cannot open {}: no such file", prog.display());
    }
    // Loading the program alone validates it and tells whether it needs the C library.
    let program = lower::load_module(prog)?;
    if !has_entry(&program, &a.entry_point) {
        bail!(
            "entry function '{}' not found in {}",
            a.entry_point,
            prog.display()
        );
    }
    let libc = a.libc.unwrap_or(if link::needs_libc(&program) {
        Libc::Musl
    } else {
        Libc::None
    });
    let libc_path = match libc {
        Libc::Musl => Some(link::find_libc(link::arch_of(&program))?),
        Libc::None => None,
    };

    let mut out = OutputDir::create(a.output_dir.as_deref(), prog).context("output directory")?;
    let line = format!("KLEE: output directory is \"{}\"", out.path.display());
    klee_line(&mut out, &line);

    let module = match &libc_path {
        Some(lib) => {
            let linked = out.path.join(".linked.bc");
            link::link_with_libc(prog, lib, &linked)?;
            let m = lower::load_module(&linked);
            let _ = std::fs::remove_file(&linked);
            m?
        }
        None => program,
    };

    let mut argv = vec![prog.display().to_string()];
    argv.extend(a.args.iter().cloned());
    let cfg = exec::Config {
        entry: a.entry_point.clone(),
        argv,
        env: Vec::new(),
        max_instructions: a.max_instructions,
        max_stack_frames: a.max_stack_frames,
        use_libc_start: libc_path.is_some(),
        search,
        seed: a.seed,
        exit_on_error: a.exit_on_error,
        max_forks: a.max_forks,
        max_depth: a.max_depth,
        interpolation: !a.no_interpolation,
    };
    let outcome = exec::run(&module, &cfg, &mut StdIo)?;

    // One test per path (errors deduplicated per instruction and message, as KLEE does).
    // `TREX: program exited with status N` is printed only when the run had exactly one path
    // (a concrete program) and it exited.
    let single = outcome.paths.len() == 1;
    let (mut completed, mut partial) = (0u64, 0u64);
    let mut seen_errors = std::collections::HashSet::new();
    for path in &outcome.paths {
        let test = KTest {
            args: std::env::args().collect(),
            objects: path
                .objects
                .iter()
                .map(|(n, b)| crate::output::ktest::KTestObject {
                    name: n.clone(),
                    bytes: b.clone(),
                })
                .collect(),
            ..KTest::default()
        };
        match &path.end {
            End::Exit(code) => {
                completed += 1;
                if !path.silent && !a.write_no_tests {
                    out.write_test(&test, None)?;
                }
                if single {
                    klee_line(
                        &mut out,
                        &format!("TREX: program exited with status {code}"),
                    );
                }
            }
            End::Error(e) => {
                partial += 1;
                let key = (e.site, e.message.clone());
                if seen_errors.insert(key) || a.emit_all_errors {
                    report_error(&module, &mut out, &test, e)?;
                }
            }
            End::Halted(option) => {
                // exec names the budget option that stopped the path.
                let why = if option == "exit-on-error" {
                    "run stopped at the first error (--exit-on-error), path stopped".to_string()
                } else {
                    format!("{option} limit reached, path stopped")
                };
                let line = format!("KLEE: WARNING: {why}");
                eprintln!("{line}");
                out.warning(&line);
                out.write_early_test(&test, &why)?;
                partial += 1;
            }
        }
    }

    if outcome.forks_refused > 0 {
        let line = format!(
            "KLEE: WARNING: --max-forks / --max-depth reached: {} symbolic branches followed one side",
            outcome.forks_refused
        );
        eprintln!("{line}");
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
            "{info}KLEE: done: total queries = {}\nKLEE: done: solver calls = {}\nKLEE: done: query cache hits = {}\nKLEE: done: counterexample cache hits = {}\nKLEE: done: solver time = {:.3} s\n",
            st.queries,
            st.solver_calls,
            st.cache_hits,
            st.cex_cache_hits,
            st.time.as_secs_f64()
        ),
        None => info,
    };
    out.write_info(&info)?;
    Ok(())
}

fn report_error(
    m: &ir::Module,
    out: &mut OutputDir,
    test: &KTest,
    e: &exec::ErrorReport,
) -> Result<()> {
    let (file, line) = if e.loc.0 == 0 {
        (String::new(), 0)
    } else {
        let l = m.loc(e.loc);
        (m.files[l.file as usize].clone(), l.line)
    };
    let head = if line == 0 {
        format!("KLEE: ERROR: (location information missing) {}", e.message)
    } else {
        format!("KLEE: ERROR: {file}:{line}: {}", e.message)
    };
    klee_line(out, &head);
    klee_line(out, "KLEE: NOTE: now ignoring this error at this location");
    let stack: Vec<(String, String)> = e
        .stack
        .iter()
        .map(|s| {
            (
                m.func(s.func).name.clone(),
                m.loc_string(s.loc).unwrap_or_default(),
            )
        })
        .collect();
    let err = ErrFile {
        message: &e.message,
        file: &file,
        line,
        suffix: e.kind.suffix(),
        stack: &stack,
        info: &e.info,
    };
    out.write_test(test, Some(&err))?;
    Ok(())
}
