//! `trex cover`: a C program in, Test-Comp's suite out (judged by TestCov), each goal covered,
//! proved or open; bad input is one line and status 1.

use super::*;

/// Two goals no execution reaches (`x > 10 && x < 5`, and the error call under it), the rest
/// reachable through one 32-bit value each.
const PROG: &str = r#"extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int r = 0;
  if (x > 10) {
    r = 1;
    if (x < 5)
      reach_error();
  }
  if (y == 4242)
    r += 2;
  if (x == -7 && y < 0)
    reach_error();
  return r;
}
"#;

fn cover(dir: &Path, out: &str, args: &[&str], prog: &Path) -> Output {
    trex()
        .arg("cover")
        .arg("--output-dir")
        .arg(dir.join(out))
        .args(args)
        .arg(prog)
        .output()
        .unwrap()
}

/// The goal lines of a run: (covered, proved, open).
fn goals(err: &str) -> (u64, u64, u64) {
    let l = err
        .lines()
        .find(|l| l.starts_with("KLEE: done: goals covered = "))
        .unwrap_or_else(|| panic!("no goal line: {err}"));
    let n: Vec<u64> = l
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    (n[0], n[1], n[2])
}

/// Branch coverage: 10 outcomes (the `&&` is two branches here), 9 covered by tests, 1 proved;
/// TestCov runs the zipped suite natively and counts 8 goals (its own decision edges), all but
/// the unreachable one covered: 87.5%.
#[test]
fn covers_the_reachable_branches_and_proves_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("prog.c");
    std::fs::write(&c, PROG).unwrap();
    let o = cover(tmp.path(), "o", &["--libc=none", "--max-time=20"], &c);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(goals(&err), (9, 1, 0), "{err}");
    let out = tmp.path().join("o");
    let json = std::fs::read_to_string(out.join("coverage.json")).unwrap();
    assert_eq!(json.matches(r#""status":"proved""#).count(), 1, "{json}");
    let meta = std::fs::read_to_string(out.join("metadata.xml")).unwrap();
    assert!(meta.contains("prog.c</programfile>"), "{meta}");
    let text = super::testcomp::judge(tmp.path(), &out.join("test-suite.zip"), &c);
    assert!(text.contains("Result: DONE"), "{text}");
    assert!(text.contains("Coverage: 87.5%"), "{text}");
}

/// On two threads the suite covers what one thread's does: a path handed to the other worker
/// keeps the new coverage of its fork, whose side its donor marked covered (the replay used to
/// find that side covered and write no test: 6 of 7 goals). Runs until a path moves (5 tries).
#[test]
fn two_threads_cover_what_one_does() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("prog.c");
    // The testsuite's program: nine branch outcomes, two unreachable, six paths.
    let prog = include_str!("../../testsuite/symbolic/cover_infeasible.c");
    std::fs::write(&c, prog).unwrap();
    for k in 0..5 {
        let args = ["--libc=none", "--max-time=20", "--threads=2"];
        let o = cover(tmp.path(), &format!("t{k}"), &args, &c);
        let err = stderr(&o);
        assert!(o.status.success(), "{err}");
        assert_eq!(goals(&err), (7, 2, 0), "{err}");
        if !err.contains("paths handed between them = 0") {
            return;
        }
    }
    panic!("no path moved between the two threads in 5 runs");
}

/// `coverage-error`: the goals are the two calls of reach_error; the reachable one gets a
/// test, the other is proved unreachable.
#[test]
fn coverage_error_goals_are_the_error_calls() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("prog.c");
    std::fs::write(&c, PROG).unwrap();
    let prp = tmp.path().join("coverage-error.prp");
    std::fs::write(
        &prp,
        "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n",
    )
    .unwrap();
    let p = prp.to_string_lossy().into_owned();
    let o = cover(tmp.path(), "o", &["--libc=none", "--property", &p], &c);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("KLEE: done: goals = 2 (calls of reach_error)"),
        "{err}"
    );
    assert_eq!(goals(&err), (1, 1, 0), "{err}");
}

/// An unknown property, a program without `main`, a program without a goal: one line,
/// status 1.
#[test]
fn bad_input_is_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let prp = tmp.path().join("unreach-call.prp");
    std::fs::write(
        &prp,
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    let good = tmp.path().join("prog.c");
    std::fs::write(&good, PROG).unwrap();
    let no_main = tmp.path().join("nomain.c");
    std::fs::write(&no_main, "int f(int x) { return x > 0; }\n").unwrap();
    let no_goal = tmp.path().join("straight.c");
    std::fs::write(&no_goal, "int main(void) { return 0; }\n").unwrap();
    let p = prp.to_string_lossy().into_owned();
    for (out, args, prog) in [
        ("a", vec!["--property", p.as_str()], &good),
        ("b", vec![], &no_main),
        ("c", vec![], &no_goal),
    ] {
        let mut all = vec!["--libc=none"];
        all.extend(args);
        let o = cover(tmp.path(), out, &all, prog);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.starts_with("trex: error: ") && err.lines().count() == 1,
            "{err}"
        );
    }
}
