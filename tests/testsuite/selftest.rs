//! Tests of the harness itself (`harness/*` cases): each takes a real case, breaks its
//! expectation as a careless edit would (a misspelled key, a wrong message, pruning switched
//! off, a wrong count) and requires the harness to report the failure. A check that cannot
//! fail is a blind spot of the whole suite.

use super::{Case, CaseKind, Count, Ctx};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) type Check = fn(&Ctx, &Path) -> Result<(), String>;

const CHECKS: &[(&str, Check)] = &[
    ("unknown-directive", unknown_directive),
    ("count-bounds", count_bounds),
    ("filter-matches-nothing", filter_matches_nothing),
    ("symbolic-message", symbolic_message),
    ("twin-without-pruning", twin_without_pruning),
    ("stderr-count", stderr_count),
    ("coverage-parsers", |_, _| super::coverage::self_test()),
    // posix-sym's error check, directives and native environment (`posix_sym.rs`).
    ("posix-sym-replay", |_, _| super::posix_sym::self_test()),
];

pub(crate) fn collect(cases: &mut Vec<Case>) {
    for (name, check) in CHECKS {
        cases.push(Case {
            name: format!("harness/{name}"),
            kind: CaseKind::SelfTest(*check),
        });
    }
}

fn testsuite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testsuite")
}

/// A copy of the case `rel` in `dir`, its text edited; the file name is kept (error lines are
/// matched by it).
fn scratch(dir: &Path, rel: &str, edit: impl Fn(&str) -> String) -> Result<PathBuf, String> {
    let src = testsuite().join(rel);
    let text = fs::read_to_string(&src).map_err(|e| format!("{}: {e}", src.display()))?;
    let edited = edit(&text);
    if edited == text {
        return Err(format!(
            "{rel}: the edit changed nothing (the case changed?)"
        ));
    }
    let to = dir.join("src");
    fs::create_dir_all(&to).map_err(|e| e.to_string())?;
    let p = to.join(src.file_name().unwrap());
    fs::write(&p, edited).map_err(|e| e.to_string())?;
    Ok(p)
}

/// `text` with `from` replaced by `to`.
fn replaced(from: &'static str, to: &'static str) -> impl Fn(&str) -> String {
    move |t: &str| t.replacen(from, to, 1)
}

/// `r` must be a failure whose text contains `want`.
fn must_fail<T>(what: &str, r: Result<T, String>, want: &str) -> Result<(), String> {
    match r {
        Ok(_) => Err(format!("{what}: the harness let it pass")),
        Err(e) if e.contains(want) => Ok(()),
        Err(e) => Err(format!("{what}: failed, but not with {want:?}: {e}")),
    }
}

type Parse = fn(&Path) -> Result<(), String>;

/// Every parser refuses a misspelled key (and a key that lost its colon), naming the file and
/// line, and accepts the case unedited.
fn unknown_directive(_: &Ctx, dir: &Path) -> Result<(), String> {
    let parsers: [(&str, Parse); 4] = [
        ("err_assert.c", |p| super::parse_spec(p).map(drop)),
        ("symbolic/user_err_readonly.c", |p| {
            super::parse_sym_spec(p).map(drop)
        }),
        ("klee-compat/api_warning_once.c", |p| {
            super::klee_compat::parse(p).map(drop)
        }),
        ("posix-sym/cat_file.c", |p| {
            super::posix_sym::parse(p).map(drop)
        }),
    ];
    for (i, (rel, parse)) in parsers.iter().enumerate() {
        let d = dir.join(i.to_string());
        let same = scratch(&d, rel, |t| format!("{t}// an added line of prose\n"))?;
        parse(&same).map_err(|e| format!("{rel} unedited: {e}"))?;
        for bad in ["EXPECT-TEST: 99", "EXPECT-PATHS 3"] {
            let p = scratch(&d, rel, |t| format!("{t}// {bad}\n"))?;
            let line = fs::read_to_string(&p).unwrap().lines().count();
            // Unknown, or (a known key without its colon) bad: either way refused, with the place.
            let want = format!("{}:{line}: ", p.display());
            must_fail(&format!("{rel} with `// {bad}`"), parse(&p), &want)?;
        }
    }
    Ok(())
}

fn count_bounds(_: &Ctx, _: &Path) -> Result<(), String> {
    let cases = [
        ("3", Some(3), true),
        ("3", Some(4), false),
        (">0", Some(0), false),
        (">0", Some(1), true),
        (">=6", Some(6), true),
        (">=6", Some(5), false),
        (">=6", None, false),
    ];
    for (text, got, holds) in cases {
        let c = Count::parse(text).ok_or_else(|| format!("{text:?} refused"))?;
        if c.holds(got) != holds {
            return Err(format!("{text} holds for {got:?}: {}", c.holds(got)));
        }
    }
    match Count::parse("> x") {
        None => Ok(()),
        Some(c) => Err(format!("`> x` parsed as {c}")),
    }
}

/// A filter that matches no case is a failed run, not `0 passed, 0 failed`.
fn filter_matches_nothing(_: &Ctx, _: &Path) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new(exe)
        .arg("harness/no-case-is-named-this")
        .env_remove("TREX_TEST_FILTER")
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(1) && stdout.contains("matches no case") {
        Ok(())
    } else {
        Err(format!(
            "a filter matching nothing ended with {:?}: {stdout}",
            out.status
        ))
    }
}

/// symbolic/'s `EXPECT-MESSAGE` is read: a wrong message fails the case.
fn symbolic_message(ctx: &Ctx, dir: &Path) -> Result<(), String> {
    let p = scratch(
        dir,
        "symbolic/user_err_wrong_size.c",
        replaced(
            "EXPECT-MESSAGE: Wrong size given to klee_make_symbolic",
            "EXPECT-MESSAGE: Wrong size given to klee_make_symbolix",
        ),
    )?;
    let spec = super::parse_sym_spec(&p)?;
    let r = super::run_sym(ctx, &spec, "O0", dir);
    must_fail("a wrong EXPECT-MESSAGE", r, "with the message")
}

/// A soundness twin states that pruning happened: run without it, its case fails.
fn twin_without_pruning(ctx: &Ctx, dir: &Path) -> Result<(), String> {
    let spec = super::parse_sym_spec(&testsuite().join("symbolic/itp_ptr_to_int_err.c"))?;
    let r = super::run_sym_pruning(ctx, &spec, "O0", dir, false);
    must_fail("the twin without pruning", r, "subsumed paths")
}

/// klee-compat's `EXPECT-STDERR-COUNT` counts: a warning printed 3 times is not 2.
fn stderr_count(ctx: &Ctx, dir: &Path) -> Result<(), String> {
    let p = scratch(
        dir,
        "klee-compat/api_warning_once.c",
        replaced(
            "3 | KLEE: WARNING: main: each",
            "2 | KLEE: WARNING: main: each",
        ),
    )?;
    let spec = super::klee_compat::parse(&p)?;
    let r = super::klee_compat::run(ctx, &spec, dir);
    must_fail("a wrong EXPECT-STDERR-COUNT", r, "stderr lines")
}
