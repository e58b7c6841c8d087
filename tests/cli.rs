//! End-to-end checks of `trex run` options and output files that the testsuite's expectation
//! format does not cover: budgets (`.early` tests), output-directory numbering, `ktest show`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn trex() -> Command {
    Command::new(env!("CARGO_BIN_EXE_trex"))
}

/// Compiles C source to bitcode in `dir` (no C library needed: `--libc=none` programs).
fn compile(dir: &Path, name: &str, src: &str) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, src).unwrap();
    let bc = dir.join(format!("{name}.bc"));
    let st = Command::new("clang-14")
        .args(["-g", "-O0", "-c", "-emit-llvm", "-o"])
        .arg(&bc)
        .arg(&c)
        .status()
        .expect("clang-14");
    assert!(st.success());
    bc
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `trex run args... --output-dir dir/out bc`, which must succeed: its stderr.
fn run_to(dir: &Path, out: &str, bc: &Path, args: &[&str]) -> String {
    let o = trex()
        .arg("run")
        .args(args)
        .arg("--output-dir")
        .arg(dir.join(out))
        .arg(bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    err
}

fn files_with_suffix(dir: &Path, suffix: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix))
        .collect();
    v.sort();
    v
}

const LOOP: &str = "int main(void) { volatile int x = 0; for (;;) x++; }";
const DEEP: &str = "int f(int n) { return n == 0 ? 0 : 1 + f(n - 1); }\n\
                    int main(void) { return f(5000) & 1; }";

#[test]
fn max_instructions_stops_the_path_early() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "loop", LOOP);
    let out = tmp.path().join("out");
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "--max-instructions=5000",
            "--output-dir",
        ])
        .arg(&out)
        .arg(&bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("KLEE: done: total instructions = 5000\n"),
        "{err}"
    );
    assert!(err.contains("KLEE: done: completed paths = 0\n"), "{err}");
    assert!(
        err.contains("KLEE: done: partially completed paths = 1\n"),
        "{err}"
    );
    assert!(!err.contains("TREX: program exited"), "{err}");
    assert_eq!(
        files_with_suffix(&out, ".early"),
        vec!["test000001.early".to_string()]
    );
    assert!(files_with_suffix(&out, ".err").is_empty());
    assert!(std::fs::read_to_string(out.join("info"))
        .unwrap()
        .contains("KLEE: done: generated tests = 1"));
}

#[test]
fn max_stack_frames_bounds_recursion() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "deep", DEEP);
    let out = tmp.path().join("out");
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "-max-stack-frames=100",
            "-output-dir",
        ])
        .arg(&out)
        .arg(&bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("KLEE: done: partially completed paths = 1\n"),
        "{err}"
    );
    assert!(
        err.contains("KLEE: WARNING: Maximum stack size reached."),
        "{err}"
    );
    let early = std::fs::read_to_string(out.join("test000001.early")).unwrap();
    assert_eq!(early, "Maximum stack size reached.\n");
    // Without the bound the same program finishes.
    let out2 = tmp.path().join("out2");
    let o = trex()
        .args(["run", "--no-interpolation", "--libc=none", "--output-dir"])
        .arg(&out2)
        .arg(&bc)
        .output()
        .unwrap();
    assert!(
        stderr(&o).contains("TREX: program exited with status 0"),
        "{}",
        stderr(&o)
    );
}

/// KLEE's invocation (no `run`), its option syntax in every order of options and of their
/// separate values: the same run each time.
#[test]
fn klee_style_options_in_any_order() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "deep", DEEP);
    // Every permutation of the four options.
    let orders: Vec<[usize; 4]> = (0..256)
        .map(|k| [k % 4, k / 4 % 4, k / 16 % 4, k / 64])
        .filter(|o| (0..4).all(|i| o.contains(&i)))
        .collect();
    assert_eq!(orders.len(), 24);
    for (n, order) in orders.iter().enumerate() {
        let out = tmp.path().join(format!("out{n}"));
        let out_s = out.to_string_lossy().into_owned();
        let opts: [Vec<&str>; 4] = [
            vec!["-output-dir", &out_s],
            vec!["-max-stack-frames", "100"],
            vec!["-libc=none"],
            vec!["--no-interpolation"],
        ];
        let mut cmd = trex();
        for &i in order {
            cmd.args(&opts[i]);
        }
        let o = cmd
            .arg(&bc)
            .args(["-max-stack-frames", "5"])
            .output()
            .unwrap();
        let err = stderr(&o);
        assert!(o.status.success(), "{order:?}: {err}");
        assert!(
            err.contains("KLEE: done: partially completed paths = 1\n"),
            "{order:?}: {err}"
        );
        assert!(!err.contains("subsumed paths"), "{order:?}: {err}");
        assert_eq!(
            files_with_suffix(&out, ".early"),
            vec!["test000001.early".to_string()],
            "{order:?}"
        );
    }
}

#[test]
fn output_dirs_are_numbered_beside_the_input_and_tests_are_readable() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(
        tmp.path(),
        "ret",
        "int main(int argc, char **argv) { return argc; }",
    );
    for _ in 0..2 {
        let o = trex()
            .args(["run", "--no-interpolation", "--libc=none"])
            .arg(&bc)
            .args(["a", "-b"])
            .output()
            .unwrap();
        assert!(
            stderr(&o).contains("TREX: program exited with status 3"),
            "{}",
            stderr(&o)
        );
    }
    assert!(tmp.path().join("klee-out-0/test000001.ktest").is_file());
    let last = tmp.path().join("klee-last");
    assert_eq!(
        std::fs::read_link(&last).unwrap(),
        PathBuf::from("klee-out-1")
    );
    for f in ["info", "messages.txt", "warnings.txt"] {
        assert!(last.join(f).is_file(), "{f}");
    }
    let messages = std::fs::read_to_string(last.join("messages.txt")).unwrap();
    assert!(
        messages.contains("KLEE: done: completed paths = 1"),
        "{messages}"
    );

    let o = trex()
        .args(["ktest", "show"])
        .arg(last.join("test000001.ktest"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(text.contains("num objects: 0\n"), "{text}");
    let o = trex().args(["ktest", "show"]).arg(&bc).output().unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).starts_with("trex: error:"), "{}", stderr(&o));
}

#[test]
fn an_existing_output_dir_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "ret", "int main(void) { return 0; }");
    let o = trex()
        .args(["run", "--no-interpolation", "--libc=none", "--output-dir"])
        .arg(tmp.path())
        .arg(&bc)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("trex: error:") && err.lines().count() == 1,
        "{err}"
    );
}

const SYMBOLIC: &str = "void klee_make_symbolic(void *, unsigned long, const char *);\n\
    int main(void) {\n\
      int a, b, r = 0;\n\
      klee_make_symbolic(&a, sizeof a, \"a\");\n\
      klee_make_symbolic(&b, sizeof b, \"b\");\n\
      if (a > 10) r++;\n\
      if (b < 5) r += 2;\n\
      if (a == b) r += 4;\n\
      if (a == 3) r += 100 / (b - 7);\n\
      return r & 1;\n\
    }\n";

/// The `KLEE: done:` path and test counts of a run.
fn counts(err: &str) -> Vec<String> {
    err.lines()
        .filter(|l| {
            l.starts_with("KLEE: done: completed paths")
                || l.starts_with("KLEE: done: partially completed paths")
                || l.starts_with("KLEE: done: generated tests")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_searcher_explores_the_same_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let mut reference: Option<(Vec<String>, usize)> = None;
    for (i, search) in [
        vec!["dfs"],
        vec!["bfs"],
        vec!["random-state"],
        vec!["random-path"],
        vec!["nurs:covnew"],
        vec!["nurs:md2u"],
        vec!["dfs", "random-path"],
        vec![],
    ]
    .iter()
    .enumerate()
    {
        let out = tmp.path().join(format!("out{i}"));
        let mut cmd = trex();
        cmd.args(["run", "--no-interpolation", "--libc=none", "--seed=7"]);
        for s in search {
            cmd.arg(format!("--search={s}"));
        }
        let o = cmd.arg("--output-dir").arg(&out).arg(&bc).output().unwrap();
        let err = stderr(&o);
        assert!(o.status.success(), "{search:?}: {err}");
        let c = counts(&err);
        assert_eq!(c.len(), 3, "{search:?}: {err}");
        let errs = files_with_suffix(&out, ".err").len();
        match &reference {
            None => {
                assert!(errs >= 1, "{err}");
                reference = Some((c, errs));
            }
            Some(r) => assert_eq!((&c, errs), (&r.0, r.1), "{search:?}"),
        }
    }
}

/// Without `--threads` a run uses the machine's cores (the ones this process may use), and
/// finds what one thread finds; `--threads=1` is KLEE's run, with no threads line.
#[test]
fn the_default_is_the_machines_cores() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let run = |extra: &[&str], out: &str| {
        let args = [&["--no-interpolation", "--libc=none"], extra].concat();
        run_to(tmp.path(), out, &bc, &args)
    };
    let line = |err: &str| {
        err.lines()
            .find(|l| l.starts_with("KLEE: done: threads = "))
            .map(|l| {
                l.split([' ', ','])
                    .nth(4)
                    .unwrap()
                    .parse::<usize>()
                    .unwrap()
            })
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let default = run(&[], "default");
    assert_eq!(line(&default), (cores > 1).then_some(cores), "{default}");
    let one = run(&["--threads=1"], "one");
    assert_eq!(line(&one), None, "{one}");
    assert_eq!(counts(&default), counts(&one), "{default}");
    let errs = |d: &str| files_with_suffix(&tmp.path().join(d), ".err").len();
    assert_eq!(errs("default"), errs("one"));
    assert_eq!(line(&run(&["-j", "3"], "three")), Some(3));
}

#[test]
fn an_unknown_search_heuristic_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "--search=nurs:foo",
            "--output-dir",
        ])
        .arg(tmp.path().join("out"))
        .arg(&bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("trex: error: "), "{err}");
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn exit_on_error_stops_the_run_at_the_first_error() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let out = tmp.path().join("out");
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "--search=dfs",
            "--exit-on-error",
            // One thread: on several, a path another worker ends before it sees the halt
            // is complete (documented: which paths --exit-on-error lets through differs).
            "--threads=1",
            "--output-dir",
        ])
        .arg(&out)
        .arg(&bc)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    let errs = files_with_suffix(&out, ".err");
    assert_eq!(errs.len(), 1, "{err}");
    let early = files_with_suffix(&out, ".early");
    assert!(!early.is_empty(), "{err}");
    // Every path that ended after the error was stopped early.
    let ktests = files_with_suffix(&out, ".ktest");
    let first_err = errs[0].split('.').next().unwrap().to_string();
    for k in ktests {
        let stem = k.trim_end_matches(".ktest");
        if stem > first_err.as_str() {
            assert!(early.contains(&format!("{stem}.early")), "{k}: {err}");
        }
    }
    assert!(
        err.contains("KLEE: WARNING: run stopped at the first error (--exit-on-error)"),
        "{err}"
    );
    // Without the option the same program explores every path to its end.
    let out2 = tmp.path().join("out2");
    let o = trex()
        .args([
            "run",
            "--no-interpolation",
            "--libc=none",
            "--search=dfs",
            "--output-dir",
        ])
        .arg(&out2)
        .arg(&bc)
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(files_with_suffix(&out2, ".early").is_empty());
}

/// The `KLEE: done:` counts and the stderr of a dfs run of `SYMBOLIC` with `opts`.
fn run_symbolic(opts: &[&str]) -> (Vec<String>, String) {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(tmp.path(), "sym", SYMBOLIC);
    let base = ["--no-interpolation", "--libc=none", "--search=dfs"];
    let err = run_to(tmp.path(), "out", &bc, &[&base[..], opts].concat());
    (counts(&err), err)
}

#[test]
fn max_forks_and_max_depth_stop_forking() {
    let expect = |c: u32, p: u32| {
        vec![
            format!("KLEE: done: completed paths = {c}"),
            format!("KLEE: done: partially completed paths = {p}"),
            format!("KLEE: done: generated tests = {}", c + p),
        ]
    };
    // One thread: --max-forks counts the run's forks, and which paths they lead to is one
    // worker's order.
    let (c, err) = run_symbolic(&["--threads=1"]);
    assert_eq!(c, expect(10, 1), "{err}");
    assert!(!err.contains("--max-forks / --max-depth reached"), "{err}");
    // No fork at all: one path, on the true side of each branch.
    let (c, err) = run_symbolic(&["--max-forks=0", "--threads=1"]);
    assert_eq!(c, expect(1, 0), "{err}");
    assert!(
        err.contains("KLEE: WARNING: --max-forks / --max-depth reached: 2 symbolic branches"),
        "{err}"
    );
    let (c, err) = run_symbolic(&["--max-forks=3", "--threads=1"]);
    assert_eq!(c, expect(4, 0), "{err}");
    // At most two forks per path: the first two branches give four paths.
    let (c, err) = run_symbolic(&["--max-depth=2", "--threads=1"]);
    assert_eq!(c, expect(4, 0), "{err}");
}

/// Run control and replay.
#[path = "common/installed.rs"]
mod installed;

#[path = "cli/control.rs"]
mod control;

/// `trex concolic`.
#[path = "cli/concolic.rs"]
mod concolic;

/// Diagnostics (`--debug`, `TREX_LOG`, `TREX_ITP_DEBUG`).
#[path = "cli/diag.rs"]
mod diag;

/// Test-Comp's format (`--write-xml-tests`), judged by TestCov.
#[path = "cli/testcomp.rs"]
mod testcomp;

/// `trex cover`.
#[path = "cli/cover.rs"]
mod cover;

/// BenchExec's tool-info module (contrib/benchexec), checked by BenchExec.
#[path = "cli/benchexec.rs"]
mod benchexec;

/// SV-COMP witnesses (`trex verify --witness`), checked by execution and by the schema.
#[path = "cli/witness.rs"]
mod witness;

/// TRACER-X's Fig. 4 with 10 bits: interpolation prunes (linear tree under dfs) and reports
/// the same errors as plain exploration, in the buggy variant too; `--no-interpolation`
/// explores all 2^10 paths and prints no interpolation statistics.
#[test]
fn interpolation_prunes_and_keeps_the_errors() {
    let src = |bound: u32| {
        format!(
            r#"#include "klee/klee.h"
__attribute__((noinline)) int up(int s) {{ return s + 1; }}
__attribute__((noinline)) int down(int s) {{ return s - 1; }}
int main(void) {{
  char b[10];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 10; i++) {{
    if (b[i]) s = up(s); else s = down(s);
  }}
  klee_assert(-{bound} <= s && s <= {bound});
  return 0;
}}
"#
        )
    };
    let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
    for (bound, errors, subsumed) in [(10, 0, 18), (9, 1, 32)] {
        let tmp = tempfile::tempdir().unwrap();
        let c = tmp.path().join("f.c");
        std::fs::write(&c, src(bound)).unwrap();
        let bc = tmp.path().join("f.bc");
        let st = Command::new("clang-14")
            .args(["-g", "-O0", "-c", "-emit-llvm", "-I"])
            .arg(&inc)
            .arg("-o")
            .arg(&bc)
            .arg(&c)
            .status()
            .unwrap();
        assert!(st.success());
        // One thread: the subsumed counts are one worker's (moved subtrees prune otherwise).
        let run = |extra: &[&str], out: &str| {
            let base = [
                "--libc=none",
                "--search=dfs",
                "--write-no-tests",
                "--threads=1",
            ];
            run_to(tmp.path(), out, &bc, &[&base[..], extra].concat())
        };
        let with = run(&["--output-tree"], "with");
        // tree.dot: one dashed edge per subsumed path.
        let dot = std::fs::read_to_string(tmp.path().join("with/tree.dot")).unwrap();
        assert!(dot.starts_with("digraph tree {"), "{dot}");
        assert_eq!(dot.matches("style=dashed").count(), subsumed, "{dot}");
        let without = run(&["--no-interpolation"], "without");
        // --subsumed-test: one test per pruned path, with its `.early` reason; the counts of
        // completed and partial paths do not change.
        let st = run(&["--subsumed-test"], "subtest");
        let early = files_with_suffix(&tmp.path().join("subtest"), ".early");
        assert_eq!(early.len(), subsumed, "{st}");
        let text = std::fs::read_to_string(tmp.path().join("subtest").join(&early[0])).unwrap();
        assert!(
            text.contains("subsumed (pruned by interpolation)"),
            "{text}"
        );
        let done = |s: &str| {
            s.lines()
                .filter(|l| l.contains("completed paths"))
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(done(&st), done(&with), "{st}");
        let errs = |s: &str| s.lines().filter(|l| l.starts_with("KLEE: ERROR:")).count();
        assert_eq!(errs(&with), errors, "{with}");
        assert_eq!(errs(&without), errors, "{without}");
        assert!(
            with.contains(&format!("KLEE: done: subsumed paths = {subsumed}")),
            "{with}"
        );
        assert!(!without.contains("subsumed paths"), "{without}");
        let paths = if errors == 0 { 1024 } else { 1022 };
        assert!(
            without.contains(&format!("KLEE: done: completed paths = {paths}")),
            "{without}"
        );
    }
}

/// `trex replay` gives the program trex's environment, as `trex run` did when it made the
/// test (and as klee-replay runs the native program): a path that depends on `envp` replays to
/// the same end (it got an empty environment before).
#[test]
fn replay_passes_the_environment_as_the_run() {
    let tmp = tempfile::tempdir().unwrap();
    let bc = compile(
        tmp.path(),
        "envp",
        "int main(int argc, char **argv, char **envp) {\n\
         int n = 0;\n\
         while (envp[n]) n++;\n\
         return n > 0 ? 7 : 3;\n\
         }",
    );
    let out = tmp.path().join("out");
    let o = trex()
        .args(["run", "--no-interpolation", "--libc=none", "--output-dir"])
        .arg(&out)
        .arg(&bc)
        .env("TREX_CLI_TEST", "1")
        .output()
        .unwrap();
    assert!(
        stderr(&o).contains("TREX: program exited with status 7"),
        "{}",
        stderr(&o)
    );
    let o = trex()
        .args(["replay", "--libc=none"])
        .arg(&bc)
        .arg(out.join("test000001.ktest"))
        .env("TREX_CLI_TEST", "1")
        .output()
        .unwrap();
    assert!(stderr(&o).contains("TREX: exit status 7"), "{}", stderr(&o));
}

#[path = "cli/bad_input.rs"]
mod bad_input;
