//! The output of `trex verify`: a table (or JSON) of targets and verdicts, a summary line on
//! stderr, and SV-COMP's one-line result.

use anyhow::Result;
use serde::Serialize;

use crate::ir::Module;
use crate::verify::{RunSummary, Target, TargetVerdict, Verdict};

#[derive(Clone, Debug)]
pub struct TargetResult {
    pub target: Target,
    /// Source file (as in the debug info) and line, and `file:line` for display.
    pub file: String,
    pub line: u32,
    pub location: String,
    pub verdict: Verdict,
    pub test: Option<String>,
    pub replay_confirmed: Option<bool>,
    /// Seconds from the start of its run to the verdict.
    pub time: f64,
}

impl TargetResult {
    /// `v` with its location resolved in `m`.
    pub fn new(m: &Module, v: TargetVerdict) -> TargetResult {
        let (file, line) = v.target.file_line(m);
        TargetResult {
            file,
            line,
            location: location(m, &v.target),
            target: v.target,
            verdict: v.verdict,
            test: v.test.map(|p| p.display().to_string()),
            replay_confirmed: v.replay_confirmed,
            time: v.time,
        }
    }
}

pub struct Report {
    pub program: String,
    pub mode: &'static str,
    pub interpolation: bool,
    pub output_dir: String,
    pub svcomp: Option<&'static str>,
    pub targets: Vec<TargetResult>,
    pub runs: Vec<RunSummary>,
    /// Seconds, the whole command.
    pub time: f64,
}

#[derive(Serialize)]
struct JsonTarget<'a> {
    id: u32,
    file: String,
    line: u32,
    location: String,
    function: &'a str,
    target: &'a str,
    verdict: &'static str,
    reason: Option<&'a str>,
    test: Option<&'a str>,
    replay_confirmed: Option<bool>,
    time: f64,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    program: &'a str,
    mode: &'a str,
    interpolation: bool,
    output_dir: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    svcomp: Option<&'a str>,
    targets: Vec<JsonTarget<'a>>,
    runs: Vec<JsonRun<'a>>,
    time: f64,
}

#[derive(Serialize)]
struct JsonRun<'a> {
    #[serde(flatten)]
    run: &'a RunSummary,
    complete: bool,
}

fn reason(v: &Verdict) -> Option<&str> {
    match v {
        Verdict::Unknown(r) => Some(r),
        _ => None,
    }
}

/// The `--json` report, also written as `verify.json` into the output directory (for
/// `trex report`).
pub fn json_text(r: &Report) -> Result<String> {
    Ok(serde_json::to_string_pretty(&to_json(r))?)
}

/// Prints the report (and `module`-free parts only: locations were resolved in `targets`).
pub fn print(r: &Report, json: bool, svcomp: bool) -> Result<()> {
    if json {
        println!("{}", json_text(r)?);
    } else if svcomp {
        for t in &r.targets {
            match (&t.verdict, &t.test) {
                (Verdict::Reachable, Some(test)) => eprintln!("TREX: witness: {test}"),
                (Verdict::Unknown(why), _) => eprintln!("TREX: reason: {why}"),
                _ => {}
            }
        }
        println!("{}", r.svcomp.unwrap_or("UNKNOWN"));
    } else {
        let rows: Vec<[String; 5]> = r
            .targets
            .iter()
            .map(|t| {
                let detail = match (&t.verdict, &t.test) {
                    (Verdict::Reachable, Some(test)) => format!("{test} (replay confirmed)"),
                    (Verdict::Unknown(why), _) => why.clone(),
                    _ => String::new(),
                };
                [
                    t.target.id.to_string(),
                    t.verdict.name().to_string(),
                    t.location.clone(),
                    t.target.name.clone(),
                    detail,
                ]
            })
            .collect();
        print_table(&["ID", "VERDICT", "LOCATION", "TARGET", "DETAIL"], &rows);
    }
    let count = |name: &str| {
        r.targets
            .iter()
            .filter(|t| t.verdict.name() == name)
            .count()
    };
    let subsumed: u64 = r.runs.iter().map(|x| x.subsumed).sum();
    let paths: u64 = r.runs.iter().map(|x| x.paths).sum();
    eprintln!(
        "TREX: verify: {} targets: {} reachable, {} unreachable, {} unknown ({} paths, {} subsumed, {:.2} s)",
        r.targets.len(),
        count("REACHABLE"),
        count("UNREACHABLE"),
        count("UNKNOWN"),
        paths,
        subsumed,
        r.time
    );
    Ok(())
}

fn to_json(r: &Report) -> JsonReport<'_> {
    JsonReport {
        program: &r.program,
        mode: r.mode,
        interpolation: r.interpolation,
        output_dir: &r.output_dir,
        svcomp: r.svcomp,
        targets: r
            .targets
            .iter()
            .map(|t| JsonTarget {
                id: t.target.id,
                file: t.file.clone(),
                line: t.line,
                location: t.location.clone(),
                function: &t.target.function,
                target: &t.target.name,
                verdict: t.verdict.name(),
                reason: reason(&t.verdict),
                test: t.test.as_deref(),
                replay_confirmed: t.replay_confirmed,
                time: t.time,
            })
            .collect(),
        runs: r
            .runs
            .iter()
            .map(|run| JsonRun {
                run,
                complete: run.incomplete_reason.is_none(),
            })
            .collect(),
        time: r.time,
    }
}

/// `--list-targets`.
pub fn print_targets(m: &Module, targets: &[Target], json: bool) {
    if json {
        let list: Vec<_> = targets
            .iter()
            .map(|t| {
                let (file, line) = t.file_line(m);
                serde_json::json!({
                    "id": t.id, "file": file, "line": line, "location": location(m, t),
                    "function": t.function, "target": t.name,
                })
            })
            .collect();
        println!("{}", serde_json::json!({ "targets": list }));
        return;
    }
    let rows: Vec<[String; 4]> = targets
        .iter()
        .map(|t| {
            [
                t.id.to_string(),
                location(m, t),
                t.function.clone(),
                t.name.clone(),
            ]
        })
        .collect();
    print_table(&["ID", "LOCATION", "FUNCTION", "TARGET"], &rows);
}

/// Left-aligned columns, two spaces apart; the last column is not padded.
fn print_table<const N: usize>(head: &[&str; N], rows: &[[String; N]]) {
    let mut w = [0usize; N];
    for (i, h) in head.iter().enumerate() {
        w[i] = h.len();
    }
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(c.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i + 1 == N {
                s.push_str(c);
            } else {
                s.push_str(&format!("{c:<width$}  ", width = w[i]));
            }
        }
        println!("{}", s.trim_end());
    };
    line(head.to_vec());
    for r in rows {
        line(r.iter().map(String::as_str).collect());
    }
}

/// `file:line` with the file relative to the current directory when it is inside it.
pub fn location(m: &Module, t: &Target) -> String {
    let (file, line) = t.file_line(m);
    if file.is_empty() {
        return t.location(m);
    }
    let shown = std::env::current_dir()
        .ok()
        .and_then(|d| {
            std::path::Path::new(&file)
                .strip_prefix(d)
                .ok()
                .map(|p| p.display().to_string())
        })
        .unwrap_or(file);
    format!("{shown}:{line}")
}
