//! Writes the tests of `trex run` as paths end (an `exec::control::Monitor`): one test per
//! path, errors deduplicated per (instruction, message) unless `--emit-all-errors`,
//! `--write-no-tests`, `--only-output-states-covering-new`, and `--max-tests` (the writer asks
//! the executor to halt once that many tests exist; paths still pending then are dumped as
//! `.early` tests, as KLEE does).

use std::collections::HashSet;

use super::progress;
use crate::exec::control::Monitor;
use crate::exec::{self, End, Halt, PathEnd, Prune};
use crate::ir;
use crate::output::ktest::KTest;
use crate::output::test_files::TestFiles;
use crate::output::testcomp;
use crate::output::{ErrFile, OutputDir, StackLine};

pub struct TestWriter<'a> {
    pub module: &'a ir::Module,
    pub out: OutputDir,
    /// `--write-cov`: a `.cov` file beside each test.
    pub write_cov: bool,
    /// `--write-test-info`: a `.info` file beside each test.
    pub write_test_info: bool,
    /// `--write-xml-tests`: a Test-Comp `.xml` beside each test (`output/testcomp.rs`).
    pub write_xml: bool,
    /// An object Test-Comp's format cannot give was said (once).
    xml_refused: bool,
    pub emit_all_errors: bool,
    pub write_no_tests: bool,
    pub only_covering_new: bool,
    pub max_tests: Option<u32>,
    /// The tests' command line (default: trex's own; KLEE's POSIX runtime: the program and
    /// its arguments, which `klee-replay` reads back).
    pub test_args: Option<Vec<String>>,
    pub completed: u64,
    pub partial: u64,
    seen_errors: HashSet<((ir::FuncId, u32), String)>,
    /// KLEE's `halting execution, dumping remaining states` was printed.
    halting_said: bool,
    /// The first write failure (reported when the run ends).
    pub failure: Option<std::io::Error>,
}

/// A `KLEE: ...` line: on stderr and in messages.txt.
pub fn klee_line(out: &mut OutputDir, line: &str) {
    progress::eprintln(line);
    out.message(line);
}

/// The `.early` text of a path stopped early for `reason` (KLEE's texts where it has one).
pub fn halt_text(reason: Halt) -> String {
    match reason {
        Halt::ExitOnError => {
            "run stopped at the first error (--exit-on-error), path stopped".into()
        }
        Halt::Interrupted => "run interrupted (ctrl-c), path stopped".into(),
        Halt::SolverTimeout => "Query timed out (fork).".into(),
        Halt::SolverUnknown => "Query returned unknown (fork).".into(),
        Halt::Diverged => "path handed to another thread diverged in its replay".into(),
        Halt::MaxMemory => "Memory limit exceeded.".into(),
        Halt::MaxTests => "--max-tests reached, path stopped".into(),
        Halt::MaxStackFrames => "Maximum stack size reached.".into(),
        Halt::OnlySeed => "seeding done (--only-seed), path stopped".into(),
        Halt::MaxInstructions | Halt::MaxTime | Halt::TargetsReached | Halt::InvariantFailed => {
            format!("{reason} limit reached, path stopped")
        }
    }
}

/// The `.early` text of a pruned path (`--subsumed-test`).
pub fn prune_text(reason: Prune) -> String {
    match reason {
        Prune::Subsumed => "subsumed (pruned by interpolation)".into(),
        Prune::StateSeen => "state seen (pruned by state matching)".into(),
        Prune::LoopCovered => "loop covered (pruned by loop abstraction)".into(),
        Prune::Unconfirmed => "unconfirmed (greedy confirmation gave up)".into(),
        Prune::NoGoal => "no open goal reachable (trex cover)".into(),
        Prune::Pse => "pse-pruned (its path suffixes were explored)".into(),
    }
}

impl<'a> TestWriter<'a> {
    pub fn new(module: &'a ir::Module, out: OutputDir) -> Self {
        TestWriter {
            module,
            out,
            emit_all_errors: false,
            write_cov: false,
            write_test_info: false,
            write_xml: false,
            xml_refused: false,
            write_no_tests: false,
            only_covering_new: false,
            max_tests: None,
            test_args: None,
            completed: 0,
            partial: 0,
            seen_errors: HashSet::new(),
            halting_said: false,
            failure: None,
        }
    }

    fn limit_reached(&self) -> bool {
        self.max_tests
            .is_some_and(|m| self.out.tests_written() >= m)
    }

    fn write(&mut self, path: &PathEnd) -> std::io::Result<()> {
        let files = self.files_of(path);
        self.out.set_next_files(files);
        let skip_new = self.only_covering_new && !path.covered_new;
        match &path.end {
            End::Exit(_) | End::SilentExit => {
                self.completed += 1;
                if !path.silent && !self.write_no_tests && !skip_new && !self.limit_reached() {
                    let test = self.test_of(path);
                    self.out.write_test(test.as_ref(), None)?;
                }
            }
            End::Error(e) => {
                self.partial += 1;
                let key = (e.site, e.message.clone());
                if (self.seen_errors.insert(key) || self.emit_all_errors) && !self.limit_reached() {
                    let test = self.test_of(path);
                    report_error(self.module, &mut self.out, test.as_ref(), e)?;
                }
            }
            End::Pruned(reason) => {
                // `--subsumed-test`: not a completed or partial path (counted as subsumed).
                if !path.silent && !skip_new && !self.limit_reached() {
                    let why = prune_text(*reason);
                    let test = self.test_of(path);
                    self.out.write_early_test(test.as_ref(), &why)?;
                }
            }
            End::Early(reason) => {
                self.partial += 1;
                if !path.silent && !skip_new {
                    if reason.run_wide() && !self.halting_said {
                        self.halting_said = true;
                        klee_line(
                            &mut self.out,
                            "KLEE: halting execution, dumping remaining states",
                        );
                    }
                    let why = halt_text(*reason);
                    let line = format!("KLEE: WARNING: {why}");
                    progress::eprintln(&line);
                    self.out.warning(&line);
                    let test = self.test_of(path);
                    self.out.write_early_test(test.as_ref(), &why)?;
                }
            }
        }
        // (A path that got no test leaves no files for the next one.)
        self.out.set_next_files(TestFiles::default());
        Ok(())
    }

    /// The test of `path`; none, with KLEE's warning, when its inputs could not be solved
    /// (the test's number and other files are kept, as KLEE keeps them).
    fn test_of(&mut self, path: &PathEnd) -> Option<KTest> {
        if path.inputs_lost {
            let line = "KLEE: WARNING: unable to get symbolic solution, losing test case";
            progress::eprintln(line);
            self.out.warning(line);
            return None;
        }
        let args = (self.test_args.clone()).unwrap_or_else(|| std::env::args().collect());
        Some(KTest::of_objects(args, &path.objects))
    }

    /// The files KLEE writes beside the test of `path` (the executor prepared the ones about
    /// its path condition and branches, as `Config::path_files` asked).
    fn files_of(&mut self, path: &PathEnd) -> TestFiles {
        let r = path.record.as_deref();
        let error = matches!(path.end, End::Error(_));
        let xml = match self.write_xml {
            true => match testcomp::testcase_xml(&path.objects, error) {
                Ok(x) => Some(x),
                Err(name) => {
                    self.refuse_xml(&name);
                    None
                }
            },
            false => None,
        };
        TestFiles {
            path: r.and_then(|r| r.branches.clone()),
            kquery: r.and_then(|r| r.kquery.clone()),
            smt2: r.and_then(|r| r.smt2.clone()),
            sym_path: r.and_then(|r| r.sym_branches.clone()),
            cov: self.write_cov.then(|| path.lines.clone()),
            info: self.write_test_info,
            xml,
        }
    }

    /// A test with an object that is no `__VERIFIER_nondet_*` value gets no `.xml` (said
    /// once).
    fn refuse_xml(&mut self, name: &str) {
        if std::mem::replace(&mut self.xml_refused, true) {
            return;
        }
        let line = format!(
            "KLEE: WARNING: --write-xml-tests: symbolic object '{name}' is not a __VERIFIER_nondet_* value: tests with such objects get no .xml (Test-Comp's tests give the values of __VERIFIER_nondet_* calls only)"
        );
        progress::eprintln(&line);
        self.out.warning(&line);
    }
}

impl Monitor for TestWriter<'_> {
    fn path_ended(&mut self, p: &PathEnd) -> bool {
        if let Err(e) = self.write(p) {
            self.failure.get_or_insert(e);
            // The output directory is broken: no point in exploring further.
            return true;
        }
        self.limit_reached()
    }

    fn warning(&mut self, line: &str) {
        progress::eprintln(line);
        self.out.warning(line);
    }

    fn message(&mut self, line: &str) {
        klee_line(&mut self.out, line);
    }

    fn warning_logged(&mut self, line: &str) {
        self.out.warning(line);
    }
}

/// `file:line` of an error (empty, 0 without location).
pub fn error_place(m: &ir::Module, e: &exec::ErrorReport) -> (String, u32) {
    if e.loc.0 == 0 {
        (String::new(), 0)
    } else {
        let l = m.loc(e.loc);
        (m.files[l.file as usize].clone(), l.line)
    }
}

/// `KLEE: ERROR: file:line: message`, as KLEE prints it (without a file: `(location
/// information missing)`).
pub fn error_line(m: &ir::Module, e: &exec::ErrorReport) -> String {
    match error_place(m, e) {
        (file, _) if file.is_empty() => {
            format!("KLEE: ERROR: (location information missing) {}", e.message)
        }
        (file, line) => format!("KLEE: ERROR: {file}:{line}: {}", e.message),
    }
}

fn report_error(
    m: &ir::Module,
    out: &mut OutputDir,
    test: Option<&KTest>,
    e: &exec::ErrorReport,
) -> std::io::Result<()> {
    let (file, line) = error_place(m, e);
    klee_line(out, &error_line(m, e));
    klee_line(out, "KLEE: NOTE: now ignoring this error at this location");
    let stack: Vec<StackLine> = e.stack.iter().map(|s| s.line(m)).collect();
    let err = ErrFile {
        message: &e.message,
        file: &file,
        line,
        asm_line: e.stack.first().map_or(0, |s| s.asm_line),
        suffix: e.kind.suffix(),
        stack: &stack,
        info: &e.info,
    };
    out.write_test(test, Some(&err))?;
    Ok(())
}
