//! Tests of the `trex verify` harness itself (issue 33: checks that cannot fail). Each gives the
//! harness an expectation that is lax or wrong, or a witness that does not reproduce natively,
//! and requires the harness to fail on it for the right reason; each also has a control that
//! must pass, so that a failure is not the base's own. They run first in `verify/`.

use super::{check_verdicts, markers, parse_vspec, run_verify, Report, Target, VSpec};
use super::{gcov_ran, Ctx};
use std::fs;
use std::path::Path;

#[derive(Clone, Copy, Debug)]
pub(super) enum SelfTest {
    /// Parsing and verdict checks, without trex.
    Expectations,
    /// A witness that natively aborts elsewhere (trex: a call of reach_error).
    NativeAbort,
    /// A witness that natively does not run a `--target FILE:LINE` line.
    NativeLine,
    /// An SV-COMP FALSE whose witness does not reproduce natively.
    NativeSvcomp,
}

pub(super) const SELF_TESTS: [(&str, SelfTest); 4] = [
    ("expectations", SelfTest::Expectations),
    ("native-abort", SelfTest::NativeAbort),
    ("native-line", SelfTest::NativeLine),
    ("native-svcomp", SelfTest::NativeSvcomp),
];

pub(super) fn run(ctx: &Ctx, t: SelfTest, dir: &Path) -> Result<(), String> {
    match t {
        SelfTest::Expectations => expectations(dir),
        SelfTest::NativeAbort => {
            native(ctx, dir, "self_native_abort.c", NATIVE_ABORT, "reach_error")
        }
        SelfTest::NativeLine => native(ctx, dir, "self_native_line.c", NATIVE_LINE, ""),
        SelfTest::NativeSvcomp => native(
            ctx,
            dir,
            "self_native_svcomp.c",
            NATIVE_SVCOMP,
            "reach_error",
        ),
    }
}

/// A valid file: every mutation of `PARSE_MUTANTS` must make it invalid.
const BASE: &str = "\
// verify harness self-test: a valid file
// EXPECT-VERDICT: @r REACHABLE
// EXPECT-VERDICT: @u UNREACHABLE
// EXPECT-VERDICT: @k UNKNOWN fork budget
// EXPECT-VERDICT-NOITP: @k UNKNOWN time budget
// EXPECT-DELETED-O2: @u (the optimizer proves it dead)
// VERIFY-OPTIONS: --max-forks=100
// ALSO-ONE-AT-A-TIME
extern void reach_error(void);
int main(void) {
  reach_error(); // @r
  reach_error(); // @u
  reach_error(); // @k
  return 0;
}
";

/// (what, text of BASE, its replacement, a part of the error the parser must give: refused for
/// this reason, not another).
const PARSE_MUTANTS: [(&str, &str, &str, &str); 12] = [
    (
        "a misspelled directive",
        "// VERIFY-OPTIONS:",
        "// VERIFY-OPTION:",
        "unknown directive \"VERIFY-OPTION:",
    ),
    (
        "a misspelled flag",
        "// ALSO-ONE-AT-A-TIME",
        "// ALSO-ONE-AT-ATIME",
        "unknown directive \"ALSO-ONE-AT-ATIME",
    ),
    (
        "a directive without its colon",
        "// EXPECT-VERDICT: @r",
        "// EXPECT-VERDICT @r",
        "unknown directive \"EXPECT-VERDICT @r",
    ),
    (
        "a misspelled expectation",
        "// EXPECT-VERDICT: @u",
        "// EXPECT-VERDICTS: @u",
        "unknown directive \"EXPECT-VERDICTS:",
    ),
    (
        "a marker not in the file",
        "// EXPECT-VERDICT: @r",
        "// EXPECT-VERDICT: @rr",
        "no marker `// @rr`",
    ),
    (
        "a bad verdict",
        "@u UNREACHABLE",
        "@u UNREACHABEL",
        "bad verdict \"UNREACHABEL\"",
    ),
    (
        "an UNKNOWN without its reason",
        "@k UNKNOWN fork budget",
        "@k UNKNOWN",
        "an UNKNOWN without its reason",
    ),
    (
        "an UNKNOWN without its reason (NOITP)",
        "@k UNKNOWN time budget",
        "@k UNKNOWN",
        "an UNKNOWN without its reason",
    ),
    (
        "a reason for a REACHABLE verdict",
        "@r REACHABLE",
        "@r REACHABLE fork budget",
        "a reason for a REACHABLE verdict",
    ),
    (
        "a target deleted at -O2 without a reason",
        "@u (the optimizer proves it dead)",
        "@u",
        "EXPECT-DELETED-O2 without a (reason)",
    ),
    (
        "a REACHABLE target deleted at -O2",
        "DELETED-O2: @u",
        "DELETED-O2: @r",
        "names no target expected UNREACHABLE",
    ),
    (
        "a target deleted at -O2 without an expectation",
        "// EXPECT-VERDICT: @u UNREACHABLE",
        "// (none)",
        "names no target expected UNREACHABLE",
    ),
];

const SVCOMP_BASE: &str = "\
// verify harness self-test: a valid SV-COMP task
// EXPECT-SVCOMP: UNKNOWN time budget
int main(void) { return 0; }
";

const SVCOMP_MUTANTS: [(&str, &str, &str, &str); 4] = [
    (
        "alternative verdicts",
        "UNKNOWN time budget",
        "FALSE(unreach-call)|UNKNOWN",
        "bad EXPECT-SVCOMP verdict",
    ),
    (
        "an SV-COMP UNKNOWN without its reason",
        "UNKNOWN time budget",
        "UNKNOWN",
        "an UNKNOWN without its reason",
    ),
    (
        "a reason for TRUE",
        "UNKNOWN time budget",
        "TRUE time budget",
        "a reason for a TRUE verdict",
    ),
    (
        "per-target expectations in an SV-COMP task",
        "// EXPECT-SVCOMP:",
        "// EXPECT-VERDICT: 3 UNREACHABLE\n// EXPECT-SVCOMP:",
        "EXPECT-SVCOMP with per-target expectations",
    ),
];

/// A verdict check on a report made up here: (what, spec, targets, --no-interpolation, level,
/// None: it must pass, or a part of the problem it must report).
type VerdictCase<'a> = (
    &'a str,
    &'a VSpec,
    Vec<&'a Target>,
    bool,
    &'a str,
    Option<&'a str>,
);

fn write(dir: &Path, file: &str, text: &str) -> Result<std::path::PathBuf, String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let p = dir.join(file);
    fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    Ok(p)
}

fn mutate(base: &str, from: &str, to: &str) -> String {
    assert_eq!(base.matches(from).count(), 1, "{from:?} once in the base");
    base.replacen(from, to, 1)
}

fn parse(dir: &Path, file: &str, text: &str) -> Result<VSpec, String> {
    parse_vspec(&write(dir, file, text)?)
}

fn expectations(dir: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    // The parser.
    let base = parse(dir, "base.c", BASE).map_err(|e| format!("the base: {e}"))?;
    if base.expects.len() != 3
        || base.noitp.len() != 1
        || base.deleted_o2.len() != 1
        || base.options != ["--max-forks=100"]
        || !base.one_at_a_time
    {
        problems.push(format!("the base is not read as written: {base:?}"));
    }
    let sv = parse(dir, "svcomp.c", SVCOMP_BASE).map_err(|e| format!("the base: {e}"))?;
    if sv.svcomp != Some(("UNKNOWN".into(), Some("time budget".into()))) {
        problems.push(format!("the SV-COMP base is not read as written: {sv:?}"));
    }
    let mutants = PARSE_MUTANTS
        .iter()
        .map(|m| (m, BASE))
        .chain(SVCOMP_MUTANTS.iter().map(|m| (m, SVCOMP_BASE)));
    for ((what, from, to, why), base_text) in mutants {
        match parse(dir, "mutant.c", &mutate(base_text, from, to)) {
            Ok(s) => problems.push(format!("{what} is accepted: {s:?}")),
            Err(e) if !e.contains(why) => {
                problems.push(format!("{what} is refused for another reason: {e}"))
            }
            Err(_) => {}
        }
    }

    // The verdict checks, on reports made here (the base's targets at lines 11, 12, 13).
    let t = |line: u64, verdict: &str, reason: Option<&str>| Target {
        id: line - 10,
        line,
        location: format!("base.c:{line}"),
        function: "main".into(),
        target: "reach_error".into(),
        verdict: verdict.into(),
        reason: reason.map(str::to_string),
    };
    let rep = |targets: Vec<Target>| Report {
        targets,
        subsumed: 0,
        svcomp: None,
    };
    let fork = Some("fork budget (--max-forks / --max-depth): 3 symbolic branches");
    let time = Some("time budget (--max-time)");
    let no_deletion = parse(
        dir,
        "base.c",
        // (a comment in its place: the markers keep their lines)
        &mutate(
            BASE,
            "// EXPECT-DELETED-O2: @u (the optimizer proves it dead)",
            "// (no deletion)",
        ),
    )
    .map_err(|e| format!("the base without its deletion: {e}"))?;
    let (r, u, k) = (
        t(11, "REACHABLE", None),
        t(12, "UNREACHABLE", None),
        t(13, "UNKNOWN", fork),
    );
    let (r_no, k_time, extra) = (
        t(11, "UNREACHABLE", None),
        t(13, "UNKNOWN", time),
        t(14, "UNREACHABLE", None),
    );
    let cases: Vec<VerdictCase> = vec![
        ("as expected", &base, vec![&r, &u, &k], false, "O0", None),
        (
            "as expected, the deleted target absent at -O2",
            &base,
            vec![&r, &k],
            false,
            "O2",
            None,
        ),
        (
            "as expected without interpolation",
            &base,
            vec![&r, &u, &k_time],
            true,
            "O0",
            None,
        ),
        (
            "as expected, without a deletion, at -O2",
            &no_deletion,
            vec![&r, &u, &k],
            false,
            "O2",
            None,
        ),
        (
            "a verdict changed",
            &base,
            vec![&r_no, &u, &k],
            false,
            "O0",
            Some("expected REACHABLE (`@r REACHABLE`)"),
        ),
        (
            "another UNKNOWN reason",
            &base,
            vec![&r, &u, &k_time],
            false,
            "O0",
            Some("expected the prefix \"fork budget\""),
        ),
        (
            "another UNKNOWN reason without interpolation",
            &base,
            vec![&r, &u, &k],
            true,
            "O0",
            Some("expected the prefix \"time budget\""),
        ),
        (
            "a target missing at -O2 that no EXPECT-DELETED-O2 names",
            &no_deletion,
            vec![&r, &k],
            false,
            "O2",
            Some("no target matches `@u UNREACHABLE`"),
        ),
        (
            "an UNREACHABLE target missing at -O0",
            &base,
            vec![&r, &k],
            false,
            "O0",
            Some("no target matches `@u UNREACHABLE`"),
        ),
        (
            "a target EXPECT-DELETED-O2 names present at -O2",
            &base,
            vec![&r, &u, &k],
            false,
            "O2",
            Some("says -O2 deletes it"),
        ),
        (
            "a target no expectation names",
            &base,
            vec![&r, &u, &k, &extra],
            false,
            "O0",
            Some("but no expectation names it"),
        ),
    ];
    for (what, spec, targets, noitp, opt, want) in cases {
        let report = rep(targets.into_iter().cloned().collect());
        let p = check_verdicts(spec, &report, noitp, opt);
        let ok = match want {
            None => p.is_empty(),
            Some(w) => p.iter().any(|m| m.contains(w)),
        };
        if !ok {
            problems.push(format!(
                "verdict check, {what} [{opt}{}]: expected {}, got {p:?}",
                if noitp { " --no-interpolation" } else { "" },
                want.map_or("no problem".to_string(), |w| format!(
                    "a problem with `{w}`"
                ))
            ));
        }
    }

    // gcov's listing: lines of the program's file only, run or not.
    let gcov = "        -:    0:Source:other.c\n        3:    4:x();\n        -:    0:Source:/d/base.c\n    #####:    4:a();\n        2:    5:b();\n       1*:    6:c();\n        1:    6-block  0\n        -:    7:}\n";
    let ran = gcov_ran(gcov, "base.c");
    if ran.iter().copied().collect::<Vec<u64>>() != [5, 6] {
        problems.push(format!("gcov_ran: {ran:?}, expected [5, 6]"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("the harness accepts:\n  {}", problems.join("\n  ")))
    }
}

/// trex runs the program without an environment, its native replay has `KTEST_FILE` set: a
/// witness of `@trex_only` is confirmed by trex's own replay but natively aborts at `@native`.
/// `@r` is the control: natively confirmed.
const NATIVE_ABORT: &str = "\
// verify harness self-test: witnesses replayed natively (see verify_self_test.rs)
// EXPECT-VERDICT: @r REACHABLE
// EXPECT-VERDICT: @trex_only REACHABLE
// EXPECT-VERDICT: @native UNREACHABLE
#include <stdlib.h>
#include <klee/klee.h>
extern void reach_error(void);

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, \"x\");
  if (x == 5)
    reach_error(); // @r
  if (x == 7) {
    if (!getenv(\"KTEST_FILE\"))
      reach_error(); // @trex_only
    else
      abort(); // @native
  }
  return 0;
}
";

/// The same with line targets: `@trex_only` does not run natively; `@ok` is the control.
const NATIVE_LINE: &str = "\
// verify harness self-test: witnesses of line targets replayed natively
// VERIFY-OPTIONS: --target {file}:{@ok} --target {file}:{@trex_only}
// EXPECT-VERDICT: @ok REACHABLE
// EXPECT-VERDICT: @trex_only REACHABLE
#include <stdlib.h>
#include <klee/klee.h>
volatile int sink;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, \"x\");
  if (x == 5)
    sink = 1; // @ok
  if (x == 7 && !getenv(\"KTEST_FILE\"))
    sink = 2; // @trex_only
  return 0;
}
";

const NATIVE_SVCOMP: &str = "\
// verify harness self-test: an SV-COMP FALSE whose witness does not reproduce natively
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern char *getenv(const char *);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5 && !getenv(\"KTEST_FILE\"))
    reach_error(); // @trex_only
  return 0;
}
";

/// Runs the case `text` at -O0: it must fail on `@trex_only`'s witness, natively, and not on
/// the control's (`@r` / `@ok`, if any). `callee`: the target column of the targets'
/// descriptions (empty: a line target, `FILE:LINE`).
fn native(ctx: &Ctx, dir: &Path, file: &str, text: &str, callee: &str) -> Result<(), String> {
    let marks = markers(text)?;
    let spec = parse(&dir.join("src"), file, text)?;
    let run_dir = dir.join("run");
    fs::create_dir_all(&run_dir).map_err(|e| e.to_string())?;
    let err = match run_verify(ctx, &spec, "O0", &run_dir) {
        Ok(()) => return Err("a witness that does not reproduce natively is accepted".into()),
        Err(e) => e,
    };
    let desc = |m: &str| {
        let l = marks[m];
        let callee = match callee {
            "" => format!("{file}:{l}"),
            c => c.to_string(),
        };
        format!("({file}:{l} {callee} in main): REACHABLE, but natively")
    };
    let bad = desc("trex_only");
    let control = marks
        .keys()
        .find(|m| *m == "r" || *m == "ok")
        .map(|m| desc(m));
    if !err.contains(&bad) || control.as_ref().is_some_and(|c| err.contains(c)) {
        return Err(format!("expected a failure on `{bad}` only, got:\n{err}"));
    }
    Ok(())
}
