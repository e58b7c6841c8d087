//! `testsuite/verify/*.c`: end-to-end tests of `trex verify` (see `testsuite/verify/README.md`).
//!
//! Each program is compiled at -O0 and -O2 (`clang-14 -g -O<n> -c -emit-llvm -w -I runtime/include`,
//! from a copy named like the source in the case's temporary directory, so that locations read
//! `name.c:LINE`) and run with `trex verify --json`, with and without interpolation (and with
//! `--one-target-at-a-time` when asked); every target's verdict is checked against the
//! `EXPECT-VERDICT` lines. `--list-targets` must list the same targets as the JSON report.
//! Programs with `EXPECT-SVCOMP` are given to `trex verify --svcomp` as C (it compiles them,
//! `--opt-level 0` and `2`). Every REACHABLE target's witness is replayed natively and must
//! reach it (`confirm_all`). `verify_self_test.rs` tests this harness itself.

use super::{check_trex_ran, compile, describe, excerpt, parse_only, run_cmd, split_args, Out};
use super::{Case, CaseKind, Ctx};
use std::cell::{OnceCell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

#[path = "verify_self_test.rs"]
mod self_test;
use self_test::{SelfTest, SELF_TESTS};

/// The report, read with serde_json (a dependency of trex itself, for this very report).
type Json = serde_json::Value;

fn parse_json(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Directives

/// How an expectation names its targets.
#[derive(Clone, Debug, PartialEq)]
enum Key {
    /// Every target whose source line is this (`@marker` or a line number).
    Line(u32),
    /// Every target whose `target` field is this (a callee name, or `FILE:LINE` for `--target`).
    Target(String),
}

#[derive(Clone, Debug)]
struct VExpect {
    /// As written (for messages).
    text: String,
    key: Key,
    verdict: String,
    /// `UNKNOWN` only: the reason must start with this (placeholders expanded).
    reason: Option<String>,
}

#[derive(Clone, Debug)]
enum SubsumedExp {
    Exactly(u64),
    Positive,
}

/// Bad inputs: `trex verify` must fail cleanly (exit code 1 for load / compile errors with one
/// `trex: error:` line, 2 for usage errors), never panic.
#[derive(Clone, Copy, Debug)]
enum BadVerify {
    MissingFile,
    SvcompCompileError,
    BadDataModel,
    NoProgram,
    /// `--target foo` (no `:LINE`): a usage error.
    BadTargetSyntax,
    /// `--target FILE:LINE` naming a line without instructions: a load error (exit code 1).
    TargetNoCode,
    /// `--target-function` naming a function never called.
    TargetFunctionMissing,
}

#[derive(Debug, Default)]
pub(crate) struct VSpec {
    name: String,
    bad: Option<BadVerify>,
    /// A case testing the harness itself (`self_test` below), not a program.
    self_test: Option<SelfTest>,
    path: PathBuf,
    /// The file name (`name.c`).
    file: String,
    expects: Vec<VExpect>,
    /// `EXPECT-VERDICT-NOITP`: replaces the expectations of the same targets for the run with
    /// `--no-interpolation`.
    noitp: Vec<VExpect>,
    /// `EXPECT-DELETED-O2: TARGET (reason)`: targets -O2 deletes (the optimizer proves the call
    /// dead): at -O2 no target may match, at -O0 the `EXPECT-VERDICT` (UNREACHABLE) holds.
    deleted_o2: Vec<VExpect>,
    options: Vec<String>,
    one_at_a_time: bool,
    check_text: bool,
    /// `EXPECT-LISTED: TARGET FUNCTION CALLEE`.
    listed: Vec<(Key, String, String, String)>,
    subsumed: Option<SubsumedExp>,
    /// `EXPECT-SVCOMP: VERDICT [reason]` (the reason for UNKNOWN only, and then required;
    /// placeholders expanded).
    svcomp: Option<(String, Option<String>)>,
    libc_none: bool,
    only: Option<Vec<String>>,
    timeout: Option<Duration>,
    /// `EXPECT-WITNESS-INVARIANT: TEXT`: at -O0 the TRUE's correctness witness has a loop
    /// invariant containing TEXT (its re-check by `--check-witness` follows).
    witness_invariant: Option<String>,
}

const VERDICTS: [&str; 3] = ["REACHABLE", "UNREACHABLE", "UNKNOWN"];
const SVCOMP_VERDICTS: [&str; 3] = ["TRUE", "FALSE(unreach-call)", "UNKNOWN"];
/// The contract's prefixes of UNKNOWN reasons.
const REASON_PREFIXES: [&str; 15] = [
    "time budget",
    "memory budget",
    "instruction budget",
    "stack-frame budget",
    "solver timeout",
    "solver unknown",
    "fork budget",
    "floating point concretized",
    "interrupted",
    "unsupported construct at ",
    "unsupported construct: ",
    "undefined behaviour at ",
    "error at ",
    "test did not replay",
    "not settled: the run stopped at the first target reached",
];

/// The markers of the file: `// @name` at the end of a code line (several per comment allowed).
fn markers(text: &str) -> Result<HashMap<String, u32>, String> {
    let mut m = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let Some(pos) = line.find("//") else { continue };
        for w in line[pos + 2..].split_whitespace() {
            if let Some(name) = w.strip_prefix('@') {
                if m.insert(name.to_string(), i as u32 + 1).is_some() {
                    return Err(format!("marker @{name} on two lines"));
                }
            }
        }
    }
    Ok(m)
}

/// Expands `{file}` and `{@marker}` (its line number).
fn expand(s: &str, file: &str, marks: &HashMap<String, u32>) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('}') else {
            return Err(format!("unclosed {{ in {s:?}"));
        };
        let name = &rest[i + 1..i + j];
        if name == "file" {
            out.push_str(file);
        } else if let Some(m) = name.strip_prefix('@') {
            let l = marks
                .get(m)
                .ok_or_else(|| format!("no marker `// @{m}` in the file"))?;
            let _ = write!(out, "{l}");
        } else {
            return Err(format!("unknown placeholder {{{name}}}"));
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn parse_key(w: &str, file: &str, marks: &HashMap<String, u32>) -> Result<Key, String> {
    if let Some(m) = w.strip_prefix('@') {
        return marks
            .get(m)
            .map(|l| Key::Line(*l))
            .ok_or_else(|| format!("no marker `// @{m}` in the file"));
    }
    if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Key::Line(w.parse().unwrap()));
    }
    Ok(Key::Target(expand(w, file, marks)?))
}

fn parse_expect(r: &str, file: &str, marks: &HashMap<String, u32>) -> Result<VExpect, String> {
    let r = r.trim();
    let mut it = r.splitn(3, char::is_whitespace);
    let key = it.next().unwrap_or("");
    let verdict = it.next().unwrap_or("").trim().to_string();
    let reason = it.next().map(|s| s.trim()).filter(|s| !s.is_empty());
    if !VERDICTS.contains(&verdict.as_str()) {
        return Err(format!("bad verdict {verdict:?} in {r:?}"));
    }
    if reason.is_some() && verdict != "UNKNOWN" {
        return Err(format!("a reason for a {verdict} verdict in {r:?}"));
    }
    // An UNKNOWN says why: a budget, a construct, an error, each a different expectation.
    if reason.is_none() && verdict == "UNKNOWN" {
        return Err(format!("an UNKNOWN without its reason in {r:?}"));
    }
    Ok(VExpect {
        text: r.to_string(),
        key: parse_key(key, file, marks)?,
        verdict,
        reason: reason.map(|s| expand(s, file, marks)).transpose()?,
    })
}

/// Whether a whole-line comment is meant as a directive: its first word is upper case with a
/// dash or underscore (`EXPECT-VERDICT`, `ALSO-ONE-AT-A-TIME`) or ends with a colon (`ONLY:`).
/// Such a line that is no known directive is an error: a misspelled one (`VERIFY-OPTION:`,
/// `EXPECT-VERDICT @x ...` without its colon) would otherwise be ignored as prose.
fn looks_like_directive(c: &str) -> bool {
    let w = c.split_whitespace().next().unwrap_or("");
    let body = w.strip_suffix(':').unwrap_or(w);
    body.starts_with(|ch: char| ch.is_ascii_uppercase())
        && body
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '-' || ch == '_')
        && (w.ends_with(':') || body.contains(['-', '_']))
}

pub(crate) fn parse_vspec(path: &Path) -> Result<VSpec, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let ctx = |e: String| format!("{}: {e}", path.display());
    let marks = markers(&text).map_err(ctx)?;
    let mut spec = VSpec {
        name: format!("verify/{}", path.file_stem().unwrap().to_string_lossy()),
        path: path.to_path_buf(),
        file: file.clone(),
        ..VSpec::default()
    };
    for line in text.lines() {
        let Some(c) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let c = c.trim();
        if !looks_like_directive(c) {
            continue;
        }
        if let Some(r) = c.strip_prefix("EXPECT-VERDICT-NOITP:") {
            spec.noitp
                .push(parse_expect(r, &file, &marks).map_err(ctx)?);
        } else if let Some(r) = c.strip_prefix("EXPECT-VERDICT:") {
            spec.expects
                .push(parse_expect(r, &file, &marks).map_err(ctx)?);
        } else if let Some(r) = c.strip_prefix("EXPECT-DELETED-O2:") {
            let r = r.trim();
            let (k, why) = r.split_once(char::is_whitespace).unwrap_or((r, ""));
            let why = why.trim();
            if !(why.starts_with('(') && why.ends_with(')') && why.len() > 2) {
                return Err(ctx(format!(
                    "EXPECT-DELETED-O2 without a (reason) in {r:?}"
                )));
            }
            spec.deleted_o2.push(VExpect {
                text: r.to_string(),
                key: parse_key(k, &file, &marks).map_err(ctx)?,
                verdict: String::new(),
                reason: None,
            });
        } else if let Some(r) = c.strip_prefix("VERIFY-OPTIONS:") {
            for a in split_args(r) {
                spec.options.push(expand(&a, &file, &marks).map_err(ctx)?);
            }
        } else if c == "ALSO-ONE-AT-A-TIME" {
            spec.one_at_a_time = true;
        } else if c == "CHECK-TEXT" {
            spec.check_text = true;
        } else if let Some(r) = c.strip_prefix("EXPECT-LISTED:") {
            let w: Vec<&str> = r.split_whitespace().collect();
            let [k, f, t] = w.as_slice() else {
                return Err(ctx(format!("bad EXPECT-LISTED {r:?}")));
            };
            spec.listed.push((
                parse_key(k, &file, &marks).map_err(ctx)?,
                f.to_string(),
                expand(t, &file, &marks).map_err(ctx)?,
                r.trim().to_string(),
            ));
        } else if let Some(r) = c.strip_prefix("EXPECT-SUBSUMED:") {
            let r = r.trim();
            spec.subsumed = Some(if r == ">0" {
                SubsumedExp::Positive
            } else {
                SubsumedExp::Exactly(
                    r.parse()
                        .map_err(|_| ctx(format!("bad EXPECT-SUBSUMED {r:?}")))?,
                )
            });
        } else if let Some(r) = c.strip_prefix("EXPECT-SVCOMP:") {
            let r = r.trim();
            let (v, reason) = match r.split_once(char::is_whitespace) {
                Some((v, re)) => (v, Some(re.trim().to_string())),
                None => (r, None),
            };
            // One verdict: trex's answer is exact on every task here (alternatives such as
            // `FALSE(unreach-call)|UNKNOWN` let a regression from FALSE to UNKNOWN pass).
            if !SVCOMP_VERDICTS.contains(&v) {
                return Err(ctx(format!("bad EXPECT-SVCOMP verdict {v:?}")));
            }
            match (v, &reason) {
                ("UNKNOWN", None) => {
                    return Err(ctx(format!("an UNKNOWN without its reason in {r:?}")))
                }
                ("UNKNOWN", Some(_)) | (_, None) => {}
                (_, Some(_)) => return Err(ctx(format!("a reason for a {v} verdict in {r:?}"))),
            }
            let reason = reason.map(|s| expand(&s, &file, &marks)).transpose();
            spec.svcomp = Some((v.to_string(), reason.map_err(ctx)?));
        } else if let Some(r) = c.strip_prefix("LIBC:") {
            spec.libc_none = match r.trim() {
                "none" => true,
                "musl" => false,
                o => return Err(ctx(format!("bad LIBC {o:?}"))),
            };
        } else if let Some(r) = c.strip_prefix("ONLY:") {
            spec.only = Some(parse_only(r).map_err(ctx)?);
        } else if let Some(r) = c.strip_prefix("EXPECT-WITNESS-INVARIANT:") {
            spec.witness_invariant = Some(r.trim().to_string());
        } else if let Some(r) = c.strip_prefix("TIMEOUT:") {
            let s: u64 = r
                .trim()
                .parse()
                .map_err(|_| ctx(format!("bad TIMEOUT {r:?}")))?;
            spec.timeout = Some(Duration::from_secs(s));
        } else {
            return Err(ctx(format!("unknown directive {c:?}")));
        }
    }
    for d in &spec.deleted_o2 {
        // Only a call the optimizer proves dead may vanish: the target is UNREACHABLE at -O0.
        let named: Vec<&VExpect> = spec
            .expects
            .iter()
            .chain(&spec.noitp)
            .filter(|e| e.key == d.key)
            .collect();
        if named.is_empty() || named.iter().any(|e| e.verdict != "UNREACHABLE") {
            return Err(ctx(format!(
                "`EXPECT-DELETED-O2: {}` names no target expected UNREACHABLE (and nothing else)",
                d.text
            )));
        }
    }
    if spec.svcomp.is_some() {
        if !spec.expects.is_empty()
            || !spec.noitp.is_empty()
            || !spec.listed.is_empty()
            || !spec.deleted_o2.is_empty()
        {
            return Err(ctx("EXPECT-SVCOMP with per-target expectations".into()));
        }
    } else if file.ends_with(".i") {
        return Err(ctx(
            "a `.i` file must be an SV-COMP task (EXPECT-SVCOMP)".into()
        ));
    } else if spec.expects.is_empty() {
        return Err(ctx("no EXPECT-VERDICT or EXPECT-SVCOMP line".into()));
    }
    Ok(spec)
}

/// A case of its own (no program file), run once, at -O0.
fn push_o0(cases: &mut Vec<Case>, spec: VSpec) {
    cases.push(Case {
        name: spec.name.clone(),
        kind: CaseKind::Verify {
            spec: Arc::new(spec),
            opt: "O0",
        },
    });
}

pub(crate) fn collect_verify_cases(root: &Path, cases: &mut Vec<Case>) {
    // First, so that a harness that cannot fail is seen before its verdicts are trusted.
    for (name, t) in SELF_TESTS {
        push_o0(
            cases,
            VSpec {
                name: format!("verify/self-test/{name}"),
                self_test: Some(t),
                ..VSpec::default()
            },
        );
    }
    for (name, b) in [
        ("missing-file", BadVerify::MissingFile),
        ("svcomp-compile-error", BadVerify::SvcompCompileError),
        ("bad-data-model", BadVerify::BadDataModel),
        ("no-program", BadVerify::NoProgram),
        ("bad-target-syntax", BadVerify::BadTargetSyntax),
        ("target-line-without-code", BadVerify::TargetNoCode),
        (
            "target-function-never-called",
            BadVerify::TargetFunctionMissing,
        ),
    ] {
        push_o0(
            cases,
            VSpec {
                name: format!("verify/bad-input/{name}"),
                bad: Some(b),
                ..VSpec::default()
            },
        );
    }
    super::collect_spec_cases(root, &["c", "i"], "verify", cases, &|f| {
        let s = Arc::new(parse_vspec(f)?);
        let (name, only) = (s.name.clone(), s.only.clone());
        let kind = move |opt| CaseKind::Verify {
            spec: s.clone(),
            opt,
        };
        Ok((
            name,
            only,
            Box::new(kind) as Box<dyn Fn(&'static str) -> CaseKind>,
        ))
    });
}

// ---------------------------------------------------------------------------------------------
// Runs

/// Replaces every `.../name.c` (a path ending with the program's file) by `name.c`.
fn normalize(s: &str, file: &str) -> String {
    let pat = format!("/{file}");
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(&pat) {
        // Back to the start of the path: the last space, quote or parenthesis before it.
        let head = &rest[..i];
        let start = head
            .rfind(|c: char| c.is_whitespace() || c == '"' || c == '(' || c == '\'')
            .map(|k| k + 1)
            .unwrap_or(0);
        out.push_str(&head[..start]);
        out.push_str(file);
        rest = &rest[i + pat.len()..];
    }
    out.push_str(rest);
    out
}

fn reason_category(r: &str) -> &str {
    REASON_PREFIXES
        .iter()
        .find(|p| r.starts_with(*p))
        .map(|p| p.trim_end())
        .unwrap_or(r)
}

/// One target of a JSON report, normalized.
#[derive(Clone, Debug)]
struct Target {
    id: u64,
    line: u64,
    location: String,
    function: String,
    target: String,
    verdict: String,
    reason: Option<String>,
}

impl Target {
    fn matches(&self, k: &Key) -> bool {
        match k {
            Key::Line(l) => self.line == *l as u64,
            Key::Target(t) => self.target == *t,
        }
    }
    fn describe(&self) -> String {
        format!(
            "target {} ({} {} in {})",
            self.id, self.location, self.target, self.function
        )
    }
}

/// The result of one `trex verify --json` run.
struct Report {
    targets: Vec<Target>,
    subsumed: u64,
    svcomp: Option<String>,
}

struct Run<'a> {
    ctx: &'a Ctx,
    spec: &'a VSpec,
    dir: &'a Path,
    /// `prog.bc`, or the copied C file for `--svcomp`.
    input: PathBuf,
    /// Options given to every run (the spec's, `--svcomp ...`, `--libc=none`).
    base: Vec<String>,
    /// The native confirmation of witnesses.
    native: Native,
}

impl Run<'_> {
    fn trex(&self, tag: &str, extra: &[&str]) -> Result<Out, String> {
        let mut cmd = Command::new(&self.ctx.trex);
        cmd.arg("verify")
            .args(extra)
            .args(&self.base)
            .arg(&self.input)
            .current_dir(self.dir)
            // The native replays set it; trex's program never sees it (the self-tests use that
            // difference), even if the user's shell has it.
            .env_remove("KTEST_FILE");
        let out = run_cmd(
            cmd,
            self.dir,
            tag,
            self.spec.timeout.unwrap_or(self.ctx.timeout),
        )?;
        check_trex_ran(&out).map_err(|e| format!("{tag}: {e}"))?;
        // Every output directory's coverage.lcov must please genhtml (`--list-targets` makes
        // none; without `--output-dir`, the newest is `klee-last`).
        if !extra.contains(&"--list-targets") && !self.base.iter().any(|a| a == "--list-targets") {
            let out_dir = match extra.iter().position(|a| *a == "--output-dir") {
                Some(i) => PathBuf::from(extra[i + 1]),
                None => self.dir.join("klee-last"),
            };
            super::coverage::check_lcov(&out_dir, self.dir, &format!("verify-{tag}"))
                .map_err(|e| format!("{tag}: {e}"))?;
        }
        Ok(out)
    }

    fn norm(&self, s: &str) -> String {
        normalize(s, &self.spec.file)
    }

    /// Runs `trex verify --json` and checks the report's shape and its internal consistency
    /// (verdict fields, witness tests, the soundness rule against the runs).
    fn json_run(&self, tag: &str, itp: bool, one: bool) -> Result<Report, String> {
        let out_dir = self.dir.join(format!("out-{tag}"));
        let out_s = out_dir.to_string_lossy().into_owned();
        let mut extra = vec!["--json", "--output-dir", out_s.as_str()];
        if !itp {
            extra.push("--no-interpolation");
        }
        if one {
            extra.push("--one-target-at-a-time");
        }
        let out = self.trex(tag, &extra)?;
        let fail = |msg: String| -> String {
            format!(
                "{tag}: {msg}\n  stdout:\n{}  stderr (tail):\n{}",
                excerpt(&out.stdout, 40),
                excerpt(&out.stderr, 8)
            )
        };
        let j = parse_json(out.stdout.trim()).map_err(fail)?;
        let mut problems: Vec<String> = Vec::new();
        if j.get("interpolation") != Some(&Json::Bool(itp)) {
            problems.push(format!("\"interpolation\" is not {itp}"));
        }
        let want_mode = if one { "one-at-a-time" } else { "all" };
        if j.get("mode").and_then(Json::as_str) != Some(want_mode) {
            problems.push(format!("\"mode\" is not {want_mode:?}"));
        }
        let targets = j
            .get("targets")
            .and_then(Json::as_array)
            .ok_or_else(|| fail("no \"targets\" array".into()))?;
        let runs = j
            .get("runs")
            .and_then(Json::as_array)
            .ok_or_else(|| fail("no \"runs\" array".into()))?;
        // The runs: which run covers which target, and whether it was complete.
        let mut run_of: HashMap<u64, (bool, Option<String>)> = HashMap::new();
        let mut subsumed = 0u64;
        for r in runs {
            let ids: Vec<u64> = r
                .get("targets")
                .and_then(Json::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(Json::as_f64)
                        .map(|n| n as u64)
                        .collect()
                })
                .unwrap_or_default();
            let complete = r.get("complete") == Some(&Json::Bool(true));
            let why = r
                .get("incomplete_reason")
                .and_then(Json::as_str)
                .map(str::to_string);
            if complete && why.is_some() {
                problems.push(format!(
                    "a run is complete with an incomplete_reason {why:?}"
                ));
            }
            let abstracted = r.get("loop_abstraction") == Some(&Json::Bool(true));
            // The Horn-clause engine's run lists only the targets it settled.
            let chc = r.get("engine").and_then(Json::as_str) == Some("chc");
            if (abstracted || chc) && !complete && !ids.is_empty() {
                problems.push(format!(
                    "an incomplete abstracted or chc run settles {ids:?}"
                ));
            }
            if one && ids.len() != 1 && !((abstracted || chc) && ids.is_empty()) {
                problems.push(format!(
                    "one-at-a-time: a run for {} targets ({ids:?})",
                    ids.len()
                ));
            }
            for id in ids {
                if run_of.insert(id, (complete, why.clone())).is_some() {
                    problems.push(format!("target {id} in two runs"));
                }
            }
            for k in [
                "time",
                "instructions",
                "paths",
                "completed",
                "partial",
                "subsumed",
                "explored_nodes",
                "subsumption_checks",
                "subsumption_solver_calls",
                "subsumption_check_time",
                "interpolation_time",
            ] {
                if r.get(k).and_then(Json::as_f64).is_none() {
                    problems.push(format!("a run without a number {k:?}"));
                }
            }
            subsumed += r.get("subsumed").and_then(Json::as_f64).unwrap_or(0.0) as u64;
        }
        // Besides the exact runs, a run of the Horn-clause engine and a run with loops
        // abstracted may come first: they list only the targets they settled.
        let exact = runs
            .iter()
            .filter(|r| r.get("loop_abstraction") != Some(&Json::Bool(true)))
            .filter(|r| r.get("engine").and_then(Json::as_str) != Some("chc"))
            .count();
        if !one && !targets.is_empty() && exact > 1 {
            problems.push(format!("{exact} exact runs, expected one for all targets"));
        }
        if !itp && subsumed != 0 {
            problems.push(format!("{subsumed} subsumed paths without interpolation"));
        }
        let mut ts = Vec::new();
        // (index in ts, test) of the REACHABLE targets.
        let mut witnesses: Vec<(usize, PathBuf)> = Vec::new();
        for (k, t) in targets.iter().enumerate() {
            let s = |f: &str| t.get(f).and_then(Json::as_str).map(|v| self.norm(v));
            let (Some(id), Some(line), Some(location), Some(function), Some(target), Some(verdict)) = (
                t.get("id").and_then(Json::as_f64),
                t.get("line").and_then(Json::as_f64),
                s("location"),
                s("function"),
                s("target"),
                s("verdict"),
            ) else {
                problems.push(format!("target #{k}: a field is missing or mistyped"));
                continue;
            };
            let tg = Target {
                id: id as u64,
                line: line as u64,
                location,
                function,
                target,
                verdict,
                reason: s("reason"),
            };
            let d = tg.describe();
            if tg.id != k as u64 + 1 {
                problems.push(format!("{d}: ids are not 1, 2, ... in order"));
            }
            let file = s("file").unwrap_or_default();
            // A target without a source location: the entry of an only-declared function.
            let no_loc = file.is_empty() && tg.line == 0 && tg.target.ends_with("@entry");
            if !no_loc
                && (!file.ends_with(&self.spec.file)
                    || tg.location != format!("{}:{}", self.spec.file, tg.line))
            {
                problems.push(format!(
                    "{d}: file {file:?} / location {:?} is not {}:{}",
                    tg.location, self.spec.file, tg.line
                ));
            }
            if t.get("time").and_then(Json::as_f64).is_none() {
                problems.push(format!("{d}: no \"time\""));
            }
            match tg.verdict.as_str() {
                "REACHABLE" => {
                    if t.get("replay_confirmed") != Some(&Json::Bool(true)) {
                        problems.push(format!("{d}: REACHABLE without replay_confirmed: true"));
                    }
                    match t.get("test").and_then(Json::as_str) {
                        Some(p) if self.dir.join(p).is_file() => {
                            witnesses.push((ts.len(), self.dir.join(p)));
                        }
                        p => problems.push(format!("{d}: REACHABLE, its test {p:?} is no file")),
                    }
                }
                "UNREACHABLE" => match run_of.get(&tg.id) {
                    Some((true, _)) => {}
                    Some((false, why)) => problems.push(format!(
                        "{d}: UNREACHABLE, but its run is not complete ({why:?}): soundness rule"
                    )),
                    None => problems.push(format!("{d}: in no run")),
                },
                "UNKNOWN" => match &tg.reason {
                    Some(r) if REASON_PREFIXES.iter().any(|p| r.starts_with(p)) => {}
                    r => problems.push(format!(
                        "{d}: UNKNOWN with reason {r:?} (not a contract prefix)"
                    )),
                },
                v => problems.push(format!("{d}: bad verdict {v:?}")),
            }
            if tg.verdict != "UNKNOWN" && !t.get("reason").is_none_or(Json::is_null) {
                problems.push(format!("{d}: {} with a reason", tg.verdict));
            }
            if !run_of.contains_key(&tg.id) {
                problems.push(format!("{d}: in no run"));
            }
            ts.push(tg);
        }
        // trex's own replay (replay_confirmed) is trex judging itself: the native one decides.
        let items: Vec<(&Target, &Path)> = witnesses
            .iter()
            .map(|(i, p)| (&ts[*i], p.as_path()))
            .collect();
        for ((t, _), r) in items.iter().zip(self.confirm_all(&items)) {
            if let Err(e) = r {
                problems.push(format!("{}: REACHABLE, but {e}", t.describe()));
            }
        }
        let svcomp = j.get("svcomp").and_then(Json::as_str).map(str::to_string);
        if problems.is_empty() {
            Ok(Report {
                targets: ts,
                subsumed,
                svcomp,
            })
        } else {
            Err(fail(problems.join("\n  ")))
        }
    }

    /// `--list-targets`: the table must list the report's targets (id, location, function,
    /// target) in order, and the `EXPECT-LISTED` rows.
    fn check_list(&self, rep: &Report) -> Result<(), String> {
        let out = self.trex("list", &["--list-targets"])?;
        let mut lines = out.stdout.lines().filter(|l| !l.trim().is_empty());
        let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
        let mut problems = Vec::new();
        if header != ["ID", "LOCATION", "FUNCTION", "TARGET"] {
            problems.push(format!("header {header:?}"));
        }
        let rows: Vec<Vec<String>> = lines
            .map(|l| {
                self.norm(l)
                    .split_whitespace()
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        let want: Vec<Vec<String>> = rep
            .targets
            .iter()
            .map(|t| {
                vec![
                    t.id.to_string(),
                    t.location.clone(),
                    t.function.clone(),
                    t.target.clone(),
                ]
            })
            .collect();
        if rows != want {
            problems.push(format!(
                "rows {rows:?} differ from the JSON report's targets {want:?}"
            ));
        }
        for (k, f, t, text) in &self.spec.listed {
            let ok = rows.iter().any(|r| {
                r.len() == 4
                    && r[2] == *f
                    && r[3] == *t
                    && match k {
                        Key::Line(l) => r[1] == format!("{}:{l}", self.spec.file),
                        Key::Target(s) => r[3] == *s,
                    }
            });
            if !ok {
                problems.push(format!("no row for `EXPECT-LISTED: {text}`"));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "--list-targets: {}\n  stdout:\n{}",
                problems.join("; "),
                excerpt(&out.stdout, 20)
            ))
        }
    }

    /// The table output (without `--json`, with interpolation): one row per target with the
    /// JSON run's verdicts, and the summary line on stderr.
    fn check_text(&self, rep: &Report) -> Result<(), String> {
        let out_dir = self.dir.join("out-text");
        let out_s = out_dir.to_string_lossy().into_owned();
        let out = self.trex("text", &["--output-dir", out_s.as_str()])?;
        let mut lines = out.stdout.lines().filter(|l| !l.trim().is_empty());
        let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
        let mut problems = Vec::new();
        if header != ["ID", "VERDICT", "LOCATION", "TARGET", "DETAIL"] {
            problems.push(format!("header {header:?}"));
        }
        let rows: Vec<String> = lines.map(|l| self.norm(l)).collect();
        if rows.len() != rep.targets.len() {
            problems.push(format!(
                "{} rows for {} targets",
                rows.len(),
                rep.targets.len()
            ));
        }
        for (t, row) in rep.targets.iter().zip(&rows) {
            let w: Vec<&str> = row.split_whitespace().collect();
            if w.len() < 4
                || w[0] != t.id.to_string()
                || w[1] != t.verdict
                || w[2] != t.location
                || w[3] != t.target
            {
                problems.push(format!(
                    "row {row:?} does not match {}: {}",
                    t.describe(),
                    t.verdict
                ));
                continue;
            }
            let detail = w[4..].join(" ");
            match t.verdict.as_str() {
                "REACHABLE" => {
                    if !detail.ends_with("(replay confirmed)") {
                        problems.push(format!("row {row:?}: no `(replay confirmed)`"));
                    }
                    let test = detail.trim_end_matches("(replay confirmed)").trim();
                    if !self.dir.join(test).is_file() {
                        problems.push(format!("row {row:?}: the test {test:?} is no file"));
                    }
                }
                "UNKNOWN" => {
                    let cat = reason_category(t.reason.as_deref().unwrap_or(""));
                    if !detail.starts_with(cat) {
                        problems.push(format!("row {row:?}: detail does not start with {cat:?}"));
                    }
                }
                _ => {}
            }
        }
        let count = |v: &str| rep.targets.iter().filter(|t| t.verdict == v).count();
        let want = format!(
            "TREX: verify: {} targets: {} reachable, {} unreachable, {} unknown",
            rep.targets.len(),
            count("REACHABLE"),
            count("UNREACHABLE"),
            count("UNKNOWN")
        );
        if !out.stderr.lines().any(|l| l.starts_with(&want)) {
            problems.push(format!("no stderr line starting {want:?}"));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "text output: {}\n  stdout:\n{}  stderr (tail):\n{}",
                problems.join("\n  "),
                excerpt(&out.stdout, 20),
                excerpt(&out.stderr, 6)
            ))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Native confirmation of witnesses

/// The error functions whose call sites are targets by default; natively each ends the program
/// with SIGABRT (glibc's `abort` and `__assert_fail`; libtrexreplay's `reach_error`,
/// `__VERIFIER_error` and failing `klee_assert`; a task's own `reach_error` calls one of these).
const ERROR_FUNCTIONS: [&str; 5] = [
    "reach_error",
    "__VERIFIER_error",
    "__assert_fail",
    "klee_assert",
    "abort",
];

const TOOL_TIMEOUT: Duration = Duration::from_secs(60);
/// Linux's number on every architecture the suite runs on.
const SIGABRT: i32 = 6;

/// What the native replay of a target's witness must show.
#[derive(Debug)]
enum Goal<'a> {
    /// The call of an error function at this line fires: SIGABRT with this line of the
    /// program's file on the stack, within a call of `function` (at -O2 trex names the function
    /// a target was inlined into; the native build is -O0, where the call is not inlined).
    AbortAt { line: u64, function: &'a str },
    /// SIGABRT inside this function (the entry of an error function without a body here: the
    /// replay library's).
    AbortIn(&'a str),
    /// This line of the program's file runs (gcov): a returning target (`--target FILE:LINE`,
    /// `--target-function`), or the entry of a function defined here (`NAME@entry`).
    Line(u64),
}

fn goal_of(t: &Target) -> Goal<'_> {
    if let Some(f) = t.target.strip_suffix("@entry") {
        if t.line == 0 {
            Goal::AbortIn(f)
        } else {
            Goal::Line(t.line)
        }
    } else if ERROR_FUNCTIONS.contains(&t.target.as_str()) {
        Goal::AbortAt {
            line: t.line,
            function: &t.function,
        }
    } else {
        Goal::Line(t.line)
    }
}

/// The program built natively once per case: `-O0 -g` (exact lines; a witness is an input, its
/// meaning does not depend on the level trex's bitcode was built at), gcov, the probe
/// (`testsuite/tools/verify_probe.c`) and libtrexreplay, which reads the `.ktest` file.
struct NativeBuild {
    exe: PathBuf,
    /// The object (`-o` of `llvm-cov gcov`) and its counters, removed before each replay.
    obj: PathBuf,
    gcda: PathBuf,
    /// The source as given to clang (relative to the case's directory).
    src: String,
}

/// One native replay of a witness.
struct Replay {
    /// How the program ended (`exit code 0`, `killed by signal 6`).
    ended: String,
    signal: Option<i32>,
    /// The stack's return addresses when a signal ended the program, innermost first.
    addrs: Vec<u64>,
    /// The lines of the program's file that ran (gcov), when asked for.
    lines: Option<BTreeSet<u64>>,
    /// The replay library's complaint: the test does not fit the program.
    replay_error: Option<String>,
    stderr: String,
}

/// A frame of a symbolized stack: function, file, line.
type Frame = (String, String, u64);

/// Built on first use; replays cached by the test's objects (the runs of a case often find the
/// same inputs), symbolized addresses by address.
#[derive(Default)]
struct Native {
    build: OnceCell<Result<NativeBuild, String>>,
    replays: RefCell<HashMap<Vec<u8>, Rc<Replay>>>,
    frames: RefCell<HashMap<u64, Vec<Frame>>>,
}

/// `--name VALUE` or `--name=VALUE` among split options.
fn option_value<'a>(opts: &'a [String], name: &str) -> Option<&'a str> {
    opts.iter().enumerate().find_map(|(i, o)| {
        if o == name {
            opts.get(i + 1).map(String::as_str)
        } else {
            o.strip_prefix(name).and_then(|r| r.strip_prefix('='))
        }
    })
}

/// The objects of a `.ktest` file (KTEST, version, arguments, [sym-argv fields], objects): a
/// replay's cache key, the arguments naming each run's output directory.
fn ktest_objects(b: &[u8]) -> Option<&[u8]> {
    let u32_at = |i: usize| -> Option<usize> {
        Some(u32::from_be_bytes(b.get(i..i + 4)?.try_into().ok()?) as usize)
    };
    if !b.starts_with(b"KTEST") {
        return None;
    }
    let version = u32_at(5)?;
    let mut i = 13;
    for _ in 0..u32_at(9)? {
        i += 4 + u32_at(i)?;
    }
    if version >= 2 {
        i += 8;
    }
    b.get(i..)
}

/// The lines of `file` that ran, from `llvm-cov gcov -t` (sections headed `-: 0:Source:PATH`;
/// `#####` / `=====` for lines that did not run).
fn gcov_ran(text: &str, file: &str) -> BTreeSet<u64> {
    let mut ran = BTreeSet::new();
    let mut ours = false;
    for l in text.lines() {
        let mut it = l.splitn(3, ':');
        let (Some(c), Some(n), Some(rest)) = (it.next(), it.next(), it.next()) else {
            continue;
        };
        let Ok(n) = n.trim().parse::<u64>() else {
            continue;
        };
        if n == 0 {
            if let Some(src) = rest.strip_prefix("Source:") {
                ours = src == file || src.ends_with(&format!("/{file}"));
            }
            continue;
        }
        let count: String = c.trim().chars().take_while(char::is_ascii_digit).collect();
        if ours && count.parse::<u64>().is_ok_and(|k| k > 0) {
            ran.insert(n);
        }
    }
    ran
}

impl Run<'_> {
    fn native_build(&self) -> Result<&NativeBuild, String> {
        self.native
            .build
            .get_or_init(|| self.build_native())
            .as_ref()
            .map_err(|e| format!("the native build failed: {e}"))
    }

    fn build_native(&self) -> Result<NativeBuild, String> {
        let spec = self.spec;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let lib64 = super::replay_lib()?;
        // An ILP32 task's inputs have ILP32 sizes: the i386 build and library.
        let m32 = option_value(&spec.options, "--data-model") == Some("ILP32");
        let lib = if m32 {
            lib64
                .parent()
                .and_then(Path::parent)
                .map(|d| d.join("native-i386/libtrexreplay.a"))
                .ok_or("no i386 replay library")?
        } else {
            lib64
        };
        let ndir = self.dir.join("native");
        fs::create_dir_all(&ndir).map_err(|e| format!("{}: {e}", ndir.display()))?;
        // `--entry-point F`: trex starts at F, so does the native program (main renamed).
        let src = match option_value(&spec.options, "--entry-point") {
            Some(entry) => {
                let w = ndir.join("entry.c");
                let text = format!(
                    "#define main trex_replaced_main\n#include \"../{}\"\n#undef main\nint main(void) {{\n  {entry}();\n  return 0;\n}}\n",
                    spec.file
                );
                fs::write(&w, text).map_err(|e| format!("{}: {e}", w.display()))?;
                "native/entry.c".to_string()
            }
            None => spec.file.clone(),
        };
        let inc = root.join("runtime/include");
        let inc_s = inc.to_string_lossy().into_owned();
        let probe = root.join("testsuite/tools/verify_probe.c");
        let probe_s = probe.to_string_lossy().into_owned();
        let lib_s = lib.to_string_lossy().into_owned();
        let m = if m32 { "-m32" } else { "-m64" };
        compile(
            &[
                "-O0",
                "-g",
                "-w",
                "-no-pie",
                "--coverage",
                m,
                "-I",
                inc_s.as_str(),
                "-c",
                src.as_str(),
                "-o",
                "native/prog.o",
            ],
            self.dir,
            "clang-native",
        )?;
        compile(
            &[
                "-no-pie",
                "--coverage",
                m,
                "-w",
                "native/prog.o",
                probe_s.as_str(),
                lib_s.as_str(),
                "-o",
                "native/prog",
            ],
            self.dir,
            "clang-native-link",
        )?;
        Ok(NativeBuild {
            exe: ndir.join("prog"),
            obj: ndir.join("prog.o"),
            gcda: ndir.join("prog.gcda"),
            src,
        })
    }

    /// Replays `test` natively (cached; `lines`: with the lines that ran).
    fn replay(&self, test: &Path, lines: bool) -> Result<Rc<Replay>, String> {
        let bytes = fs::read(test).map_err(|e| format!("{}: {e}", test.display()))?;
        let key = ktest_objects(&bytes).unwrap_or(&bytes).to_vec();
        if let Some(r) = self.native.replays.borrow().get(&key) {
            if !lines || r.lines.is_some() {
                return Ok(r.clone());
            }
        }
        let b = self.native_build()?;
        let tag = format!("native-{}", self.native.replays.borrow().len());
        // The counters add up over runs: each replay starts from none.
        let _ = fs::remove_file(&b.gcda);
        let mut cmd = Command::new(&b.exe);
        cmd.env("KTEST_FILE", test)
            .current_dir(self.dir.join("native"));
        let out = run_cmd(cmd, self.dir, &tag, self.ctx.timeout)?;
        let status = out.status.ok_or("the native replay timed out")?;
        let replay_error = out
            .stderr
            .lines()
            .find(|l| l.contains("KLEE_RUN_TEST_ERROR") || l.contains("object name mismatch"))
            .map(str::to_string);
        let addrs = out
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("TREX-PROBE: signal "))
            .map(|p| {
                p.split_whitespace()
                    .skip(1)
                    .filter_map(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok())
                    .collect()
            })
            .unwrap_or_default();
        let lines = if lines {
            let obj_s = b.obj.to_string_lossy().into_owned();
            let mut cmd = Command::new("llvm-cov-14");
            cmd.args(["gcov", "-t", "-o", obj_s.as_str(), b.src.as_str()])
                .current_dir(self.dir);
            let g = run_cmd(cmd, self.dir, &format!("{tag}-gcov"), TOOL_TIMEOUT)?;
            if !g.status.is_some_and(|s| s.success()) {
                return Err(format!(
                    "llvm-cov-14 gcov failed:\n{}",
                    excerpt(&g.stderr, 5)
                ));
            }
            Some(gcov_ran(&g.stdout, &self.spec.file))
        } else {
            None
        };
        let r = Rc::new(Replay {
            ended: describe(status),
            signal: status.signal(),
            addrs,
            lines,
            replay_error,
            stderr: excerpt(&out.stderr, 6),
        });
        self.native.replays.borrow_mut().insert(key, r.clone());
        Ok(r)
    }

    /// Symbolizes the addresses not seen yet (one llvm-symbolizer run; inlined frames
    /// included, innermost first).
    fn symbolize(&self, addrs: &BTreeSet<u64>) -> Result<(), String> {
        let missing: Vec<u64> = {
            let known = self.native.frames.borrow();
            addrs
                .iter()
                .copied()
                .filter(|a| !known.contains_key(a))
                .collect()
        };
        if missing.is_empty() {
            return Ok(());
        }
        let b = self.native_build()?;
        let mut cmd = Command::new("llvm-symbolizer-14");
        cmd.arg(format!("--obj={}", b.exe.display()))
            .args(["--inlining", "--functions=linkage", "--output-style=JSON"])
            // Return addresses: the call is the instruction before.
            .args(
                missing
                    .iter()
                    .map(|a| format!("0x{:x}", a.saturating_sub(1))),
            );
        let out = run_cmd(cmd, self.dir, "symbolizer", TOOL_TIMEOUT)?;
        let j = parse_json(out.stdout.trim())
            .map_err(|e| format!("llvm-symbolizer-14: {e}\n{}", excerpt(&out.stderr, 5)))?;
        let entries = j.as_array().cloned().unwrap_or_default();
        if entries.len() != missing.len() {
            return Err(format!(
                "llvm-symbolizer-14: {} answers for {} addresses",
                entries.len(),
                missing.len()
            ));
        }
        let mut known = self.native.frames.borrow_mut();
        for (a, e) in missing.iter().zip(entries) {
            let frames = e
                .get("Symbol")
                .and_then(Json::as_array)
                .into_iter()
                .flatten()
                .map(|f| {
                    let s = |k: &str| f.get(k).and_then(Json::as_str).unwrap_or("").to_string();
                    let line = f.get("Line").and_then(Json::as_u64).unwrap_or(0);
                    (s("FunctionName"), s("FileName"), line)
                })
                .collect();
            known.insert(*a, frames);
        }
        Ok(())
    }

    /// Whether each witness (`test` of target `t`), replayed natively, reaches its target
    /// (`goal_of`); the replays first, then one symbolizer run for all their stacks.
    fn confirm_all(&self, items: &[(&Target, &Path)]) -> Vec<Result<(), String>> {
        let replays: Vec<Result<Rc<Replay>, String>> = items
            .iter()
            .map(|(t, test)| self.replay(test, matches!(goal_of(t), Goal::Line(_))))
            .collect();
        let addrs: BTreeSet<u64> = replays
            .iter()
            .flatten()
            .flat_map(|r| r.addrs.iter().copied())
            .collect();
        let sym = self.symbolize(&addrs);
        items
            .iter()
            .zip(replays)
            .map(|((t, test), r)| {
                sym.clone()?;
                self.check_goal(t, test, &*r?)
            })
            .collect()
    }

    fn confirm(&self, t: &Target, test: &Path) -> Result<(), String> {
        self.confirm_all(&[(t, test)]).remove(0)
    }

    fn check_goal(&self, t: &Target, test: &Path, r: &Replay) -> Result<(), String> {
        let known = self.native.frames.borrow();
        let stack: Vec<&Frame> = r
            .addrs
            .iter()
            .flat_map(|a| known.get(a).into_iter().flatten())
            .collect();
        let file = &self.spec.file;
        let ours = |f: &str| f == file || f.ends_with(&format!("/{file}"));
        let fail = |what: String| {
            let shown: Vec<String> = stack
                .iter()
                .filter(|(_, f, _)| !f.is_empty())
                .map(|(func, f, l)| format!("{func} {}:{l}", f.rsplit('/').next().unwrap_or(f)))
                .collect();
            let stack = if r.signal.is_some() {
                format!("; stack at the signal: [{}]", shown.join(", "))
            } else {
                String::new()
            };
            Err(format!(
                "natively {} {what} ({}{stack})\n{}",
                test.file_name().unwrap_or_default().to_string_lossy(),
                r.ended,
                r.stderr
            ))
        };
        if let Some(e) = &r.replay_error {
            return fail(format!("does not fit the program: {e}"));
        }
        let aborted = r.signal == Some(SIGABRT);
        match goal_of(t) {
            Goal::AbortAt { line, function } => {
                let at = stack.iter().position(|(_, f, l)| ours(f) && *l == line);
                let within =
                    at.is_some_and(|i| stack[i..].iter().any(|(func, ..)| func == function));
                if !aborted || !within {
                    return fail(format!(
                        "does not abort in the call at {file}:{line} within {function}"
                    ));
                }
            }
            Goal::AbortIn(function) => {
                if !aborted || !stack.iter().any(|(func, ..)| func == function) {
                    return fail(format!("does not abort inside {function}"));
                }
            }
            Goal::Line(line) => {
                if !r.lines.as_ref().is_some_and(|s| s.contains(&line)) {
                    return fail(format!("does not run {file}:{line}"));
                }
            }
        }
        Ok(())
    }
}

/// Checks the verdicts of a report against the expectations (`noitp`: with the
/// `EXPECT-VERDICT-NOITP` overrides; at -O2 the `EXPECT-DELETED-O2` targets must be absent).
fn check_verdicts(spec: &VSpec, rep: &Report, noitp: bool, opt: &str) -> Vec<String> {
    let deleted = |k: &Key| opt == "O2" && spec.deleted_o2.iter().any(|d| d.key == *k);
    let mut expects: Vec<&VExpect> = Vec::new();
    for e in &spec.expects {
        if noitp && spec.noitp.iter().any(|o| o.key == e.key) {
            continue;
        }
        expects.push(e);
    }
    if noitp {
        expects.extend(spec.noitp.iter());
    }
    expects.retain(|e| !deleted(&e.key));
    let mut problems = Vec::new();
    for d in spec.deleted_o2.iter().filter(|d| deleted(&d.key)) {
        for t in rep.targets.iter().filter(|t| t.matches(&d.key)) {
            problems.push(format!(
                "{}: {}, but `EXPECT-DELETED-O2: {}` says -O2 deletes it",
                t.describe(),
                t.verdict,
                d.text
            ));
        }
    }
    for t in &rep.targets {
        let m: Vec<&&VExpect> = expects.iter().filter(|e| t.matches(&e.key)).collect();
        if m.is_empty()
            && !spec
                .deleted_o2
                .iter()
                .any(|d| deleted(&d.key) && t.matches(&d.key))
        {
            problems.push(format!(
                "{}: {} but no expectation names it",
                t.describe(),
                t.verdict
            ));
        }
        for e in m {
            if t.verdict != e.verdict {
                problems.push(format!(
                    "{}: {} {}, expected {} (`{}`)",
                    t.describe(),
                    t.verdict,
                    t.reason.as_deref().unwrap_or(""),
                    e.verdict,
                    e.text
                ));
            } else if let Some(want) = &e.reason {
                let got = t.reason.as_deref().unwrap_or("");
                if !got.starts_with(want.as_str()) {
                    problems.push(format!(
                        "{}: UNKNOWN reason {got:?}, expected the prefix {want:?}",
                        t.describe()
                    ));
                }
            }
        }
    }
    // Every expectation names a target: a target -O2 deletes says so (`EXPECT-DELETED-O2`),
    // else a target trex lost would pass unseen.
    for e in &expects {
        if !rep.targets.iter().any(|t| t.matches(&e.key)) {
            problems.push(format!("no target matches `{}`", e.text));
        }
    }
    problems
}

/// The verdicts of two runs must agree (and an UNKNOWN's reason category), except for the
/// targets an `EXPECT-VERDICT-NOITP` line names when `skip_noitp`.
fn compare(a: &Report, b: &Report, what: &str, spec: &VSpec, skip_noitp: bool) -> Vec<String> {
    let mut problems = Vec::new();
    if a.targets.len() != b.targets.len() {
        return vec![format!(
            "{what}: {} targets vs {}",
            a.targets.len(),
            b.targets.len()
        )];
    }
    for (x, y) in a.targets.iter().zip(&b.targets) {
        if skip_noitp && spec.noitp.iter().any(|e| x.matches(&e.key)) {
            continue;
        }
        let cx = x.reason.as_deref().map(reason_category);
        let cy = y.reason.as_deref().map(reason_category);
        if x.location != y.location || x.target != y.target {
            problems.push(format!("{what}: {} vs {}", x.describe(), y.describe()));
        } else if x.verdict != y.verdict || cx != cy {
            problems.push(format!(
                "{what} disagree on {}: {} {:?} vs {} {:?}",
                x.describe(),
                x.verdict,
                x.reason,
                y.verdict,
                y.reason
            ));
        }
    }
    problems
}

fn check_subsumed(spec: &VSpec, rep: &Report) -> Option<String> {
    match spec.subsumed {
        Some(SubsumedExp::Exactly(n)) if rep.subsumed != n => Some(format!(
            "with interpolation: {} subsumed paths, expected {n}",
            rep.subsumed
        )),
        Some(SubsumedExp::Positive) if rep.subsumed == 0 => {
            Some("with interpolation: no subsumed path, expected some".into())
        }
        _ => None,
    }
}

fn run_bad(ctx: &Ctx, b: BadVerify, dir: &Path) -> Result<(), String> {
    let prp = dir.join("unreach-call.prp");
    fs::write(
        &prp,
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .map_err(|e| e.to_string())?;
    let prp_s = prp.to_string_lossy().into_owned();
    let c = dir.join("task.c");
    let c_s = c.to_string_lossy().into_owned();
    let bc = dir.join("prog.bc");
    let bc_s = bc.to_string_lossy().into_owned();
    if matches!(
        b,
        BadVerify::BadTargetSyntax | BadVerify::TargetNoCode | BadVerify::TargetFunctionMissing
    ) {
        fs::write(
            &c,
            "// line 1\nextern void reach_error(void);\nint main(void) {\n  reach_error();\n  return 0;\n}\n",
        )
        .map_err(|e| e.to_string())?;
        compile(&["-g", "-c", "-emit-llvm", "-o", &bc_s, &c_s], dir, "clang")?;
    }
    let (args, want): (Vec<&str>, i32) = match b {
        BadVerify::MissingFile => (vec!["--json", "does-not-exist.bc"], 1),
        BadVerify::SvcompCompileError => {
            fs::write(&c, "int main(void) { this is not C; }\n").map_err(|e| e.to_string())?;
            (vec!["--svcomp", "--property", &prp_s, &c_s], 1)
        }
        BadVerify::BadDataModel => {
            fs::write(&c, "int main(void) { return 0; }\n").map_err(|e| e.to_string())?;
            (
                vec![
                    "--svcomp",
                    "--property",
                    &prp_s,
                    "--data-model",
                    "LP128",
                    &c_s,
                ],
                2,
            )
        }
        BadVerify::NoProgram => (vec!["--json"], 2),
        BadVerify::BadTargetSyntax => (vec!["--target", "task.c", &bc_s], 2),
        BadVerify::TargetNoCode => (vec!["--target", "task.c:1", &bc_s], 1),
        BadVerify::TargetFunctionMissing => (vec!["--target-function", "nowhere", &bc_s], 1),
    };
    let mut cmd = Command::new(&ctx.trex);
    cmd.arg("verify").args(&args).current_dir(dir);
    let out = run_cmd(cmd, dir, "trex", ctx.timeout)?;
    let mut problems = Vec::new();
    if out.stderr.contains("panicked") {
        problems.push("trex panicked".to_string());
    }
    match out.status.map(|s| s.code()) {
        None => problems.push("trex timed out".into()),
        Some(Some(c)) if c == want => {}
        Some(c) => problems.push(format!("exit code {c:?}, expected {want}")),
    }
    if want == 1 {
        let n = out
            .stderr
            .lines()
            .filter(|l| l.starts_with("trex: error:"))
            .count();
        if n != 1 {
            problems.push(format!("{n} lines starting `trex: error:`, expected one"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "trex verify {}: {}\n  stderr (tail):\n{}",
            args.join(" "),
            problems.join("; "),
            excerpt(&out.stderr, 8)
        ))
    }
}

pub(crate) fn run_verify(ctx: &Ctx, spec: &VSpec, opt: &str, dir: &Path) -> Result<(), String> {
    if let Some(b) = spec.bad {
        return run_bad(ctx, b, dir);
    }
    if let Some(t) = spec.self_test {
        return self_test::run(ctx, t, dir);
    }
    // A copy beside the outputs, compiled by its bare name: locations read `name.c:LINE`.
    let src = dir.join(&spec.file);
    fs::copy(&spec.path, &src).map_err(|e| format!("{}: {e}", spec.path.display()))?;
    let mut base: Vec<String> = Vec::new();
    if spec.libc_none {
        base.push("--libc=none".into());
    }
    let input = if spec.svcomp.is_some() {
        let prp = dir.join("unreach-call.prp");
        fs::write(
            &prp,
            "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
        )
        .map_err(|e| e.to_string())?;
        base.extend([
            "--svcomp".to_string(),
            "--property".to_string(),
            prp.to_string_lossy().into_owned(),
            "--opt-level".to_string(),
            opt.trim_start_matches('O').to_string(),
        ]);
        src.clone()
    } else {
        let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
        let inc_s = inc.to_string_lossy().into_owned();
        let opt_flag = format!("-{opt}");
        compile(
            &[
                "-g",
                opt_flag.as_str(),
                "-c",
                "-emit-llvm",
                "-w",
                "-I",
                inc_s.as_str(),
                "-o",
                "prog.bc",
                spec.file.as_str(),
            ],
            dir,
            "clang",
        )?;
        dir.join("prog.bc")
    };
    base.extend(spec.options.iter().cloned());
    let run = Run {
        ctx,
        spec,
        dir,
        input,
        base,
        native: Native::default(),
    };
    if let Some((want, reason)) = &spec.svcomp {
        return run_svcomp(&run, want, reason.as_deref());
    }
    let itp = run.json_run("itp", true, false)?;
    let mut problems: Vec<String> = check_verdicts(spec, &itp, false, opt)
        .into_iter()
        .map(|p| format!("with interpolation: {p}"))
        .collect();
    problems.extend(check_subsumed(spec, &itp));
    let noitp = run.json_run("noitp", false, false)?;
    problems.extend(
        check_verdicts(spec, &noitp, true, opt)
            .into_iter()
            .map(|p| format!("--no-interpolation: {p}")),
    );
    problems.extend(compare(
        &itp,
        &noitp,
        "interpolation / --no-interpolation",
        spec,
        true,
    ));
    if spec.one_at_a_time {
        let one = run.json_run("one-itp", true, true)?;
        problems.extend(
            check_verdicts(spec, &one, false, opt)
                .into_iter()
                .map(|p| format!("--one-target-at-a-time: {p}")),
        );
        problems.extend(compare(
            &itp,
            &one,
            "all / --one-target-at-a-time",
            spec,
            false,
        ));
        let one_n = run.json_run("one-noitp", false, true)?;
        problems.extend(
            check_verdicts(spec, &one_n, true, opt)
                .into_iter()
                .map(|p| format!("--one-target-at-a-time --no-interpolation: {p}")),
        );
        problems.extend(compare(
            &noitp,
            &one_n,
            "all / --one-target-at-a-time (--no-interpolation)",
            spec,
            false,
        ));
    }
    if let Err(e) = run.check_list(&itp) {
        problems.push(e);
    }
    if spec.check_text {
        if let Err(e) = run.check_text(&itp) {
            problems.push(e);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}

/// The python of `scripts/install-witness-tools.sh` (jsonschema, PyYAML), installed once, or
/// why there is none.
fn witness_tools() -> Result<PathBuf, String> {
    crate::installed::installed("install-witness-tools.sh")
}

/// The SV-COMP witness the text run wrote beside the task (`witness.yml`), checked by tools
/// other than trex: FALSE's by execution (`contrib/witnesses/witness2test.py`, gcc), TRUE's
/// by the format's schema (`check_schema.py`); UNKNOWN writes none. Skipped with a message
/// when gcc or the Python packages are missing.
fn check_sv_witness(run: &Run, verdict: &str) -> Result<(), String> {
    let w = run.dir.join("witness.yml");
    if verdict != "FALSE(unreach-call)" && verdict != "TRUE" {
        return match w.exists() {
            true => Err(format!("{verdict}: a witness {} was written", w.display())),
            false => Ok(()),
        };
    }
    if !w.is_file() {
        return Err(format!("{verdict}: no witness.yml"));
    }
    let py = match witness_tools() {
        Ok(p) => p,
        Err(why) => {
            eprintln!(
                "{}: witness not checked: no jsonschema / PyYAML ({why})",
                run.spec.name
            );
            return Ok(());
        }
    };
    let contrib = Path::new(env!("CARGO_MANIFEST_DIR")).join("contrib/witnesses");
    let mut cmd = Command::new(&py);
    if verdict == "TRUE" {
        cmd.arg(contrib.join("check_schema.py")).arg(&w);
    } else {
        if Command::new("gcc").arg("--version").output().is_err() {
            eprintln!("{}: witness not executed: no gcc", run.spec.name);
            return Ok(());
        }
        let model = option_value(&run.spec.options, "--data-model").unwrap_or("LP64");
        cmd.arg(contrib.join("witness2test.py"))
            .args(["--data-model", model])
            .arg(&run.input)
            .arg(&w);
    }
    let o = cmd.output().map_err(|e| format!("{}: {e}", py.display()))?;
    if !o.status.success() {
        return Err(format!(
            "{verdict}: the witness fails its check: {}",
            String::from_utf8_lossy(&o.stdout).trim()
        ));
    }
    if verdict == "TRUE" {
        recheck_invariants(run, &w)?;
    }
    Ok(())
}

/// A correctness witness's invariants, re-checked by a separate run that knows only the task
/// and the witness (`trex verify --check-witness`: a proof that assumes them): they must be
/// confirmed inductive and enough to keep the targets unreachable.
fn recheck_invariants(run: &Run, w: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(w).map_err(|e| format!("{}: {e}", w.display()))?;
    let o0 = run
        .base
        .windows(2)
        .any(|a| a[0] == "--opt-level" && a[1] == "0");
    if let Some(want) = run.spec.witness_invariant.as_deref().filter(|_| o0) {
        let has = text
            .lines()
            .any(|l| l.trim_start().starts_with("value:") && l.contains(want));
        if !has {
            return Err(format!(
                "TRUE: no invariant with {want:?} in the witness:\n{text}"
            ));
        }
    }
    if !text.contains("- invariant:") {
        return Ok(());
    }
    let mut cmd = Command::new(&run.ctx.trex);
    cmd.arg("verify")
        .arg("--check-witness")
        .arg(w)
        .args(&run.base)
        .arg(&run.input)
        .current_dir(run.dir);
    let timeout = run.spec.timeout.unwrap_or(run.ctx.timeout);
    let out = run_cmd(cmd, run.dir, "check-witness", timeout)?;
    match out.stdout.trim() {
        "TRUE" => Ok(()),
        other => Err(format!(
            "TRUE: the witness's invariants are not confirmed by --check-witness ({other}): {}",
            excerpt(&out.stderr, 4)
        )),
    }
}

/// `--svcomp`: stdout is exactly the verdict line (witness / reason on stderr), and the JSON
/// report's `svcomp` field (with and without interpolation) says the same; a FALSE's witness,
/// replayed natively, reaches a target the report found REACHABLE.
fn run_svcomp(run: &Run, want: &str, reason: Option<&str>) -> Result<(), String> {
    let out_dir = run.dir.join("out-text");
    let out_s = out_dir.to_string_lossy().into_owned();
    let out = run.trex("svcomp", &["--output-dir", out_s.as_str()])?;
    let mut problems = Vec::new();
    let lines: Vec<&str> = out.stdout.lines().collect();
    if lines != [want] {
        problems.push(format!(
            "stdout {lines:?}, expected exactly one line, {want}"
        ));
    }
    let witness = out
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("TREX: witness: "))
        .map(|p| run.dir.join(p.trim()));
    let why = out
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("TREX: reason: "));
    match lines.first().copied() {
        Some("FALSE(unreach-call)") => match &witness {
            Some(p) if p.is_file() => {}
            p => problems.push(format!("FALSE: witness {p:?} is no file")),
        },
        Some("UNKNOWN") => match (why, reason) {
            (None, _) => problems.push("UNKNOWN without a `TREX: reason:` line".into()),
            (Some(r), Some(w)) if !run.norm(r).starts_with(w) => {
                problems.push(format!("reason {r:?}, expected the prefix {w:?}"))
            }
            _ => {}
        },
        _ => {}
    }
    if let Err(e) = check_sv_witness(run, lines.first().copied().unwrap_or("")) {
        problems.push(e);
    }
    if !problems.is_empty() {
        return Err(format!(
            "svcomp text output: {}\n  stderr (tail):\n{}",
            problems.join("; "),
            excerpt(&out.stderr, 8)
        ));
    }
    let mut reps = Vec::new();
    for (tag, itp) in [("itp", true), ("noitp", false)] {
        let rep = run.json_run(tag, itp, false)?;
        let mode = if itp {
            "with interpolation"
        } else {
            "--no-interpolation"
        };
        if rep.svcomp.as_deref() != Some(want) {
            problems.push(format!(
                "{mode}: \"svcomp\" {:?}, expected {want}",
                rep.svcomp
            ));
        }
        let n = |v: &str| rep.targets.iter().filter(|t| t.verdict == v).count();
        let derived = if n("REACHABLE") > 0 {
            "FALSE(unreach-call)"
        } else if n("UNREACHABLE") == rep.targets.len() {
            "TRUE"
        } else {
            "UNKNOWN"
        };
        if rep.svcomp.as_deref() != Some(derived) {
            problems.push(format!(
                "{mode}: \"svcomp\" {:?} does not follow from the target verdicts ({derived})",
                rep.svcomp
            ));
        }
        for t in &rep.targets {
            let error_fn = t.target.strip_suffix("@entry").unwrap_or(&t.target);
            if error_fn != "reach_error" && error_fn != "__VERIFIER_error" {
                problems.push(format!("{mode}: {} is no reach_error call", t.describe()));
            }
        }
        reps.push(rep);
    }
    // The text run's witness: one of the targets the same run with --json reached.
    if let Some(w) = witness.filter(|_| want == "FALSE(unreach-call)") {
        let reached: Vec<&Target> = reps[0]
            .targets
            .iter()
            .filter(|t| t.verdict == "REACHABLE")
            .collect();
        let tries: Vec<Result<(), String>> = reached.iter().map(|t| run.confirm(t, &w)).collect();
        if !tries.iter().any(Result::is_ok) {
            let why: Vec<String> = tries.into_iter().filter_map(Result::err).collect();
            problems.push(format!(
                "the witness reaches no REACHABLE target of the report: {}",
                why.join("; ")
            ));
        }
    }
    problems.extend(compare(
        &reps[0],
        &reps[1],
        "interpolation / --no-interpolation",
        run.spec,
        false,
    ));
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}
