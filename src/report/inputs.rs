//! What a report is made of, read from an output directory: `coverage.json` (written by
//! `trex run` / `trex verify`), `info` (the `KLEE: done:` counts), the `.err` files with their
//! tests, `verify.json` (verdicts), and the program's source files named in the coverage.

use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::coverage::Saved;
use crate::output::ktest::KTest;

/// One reported error (`testNNNNNN.<kind>.err`).
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorEntry {
    /// `test000003`.
    pub test: String,
    pub kind: String,
    pub message: String,
    pub file: String,
    pub line: u32,
    /// `function() at file:line`, innermost first.
    pub stack: Vec<String>,
    /// The test's inputs: (name, bytes).
    pub inputs: Vec<(String, Vec<u8>)>,
}

/// One target of `trex verify`.
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictRow {
    pub id: u64,
    pub verdict: String,
    pub location: String,
    pub file: String,
    pub line: u32,
    pub target: String,
    /// The witness test or the reason.
    pub detail: String,
    pub time: f64,
}

/// The run's counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    pub completed: u64,
    pub partial: u64,
    pub tests: u64,
    /// With interpolation only.
    pub subsumed: Option<u64>,
    pub instructions: u64,
    pub queries: Option<u64>,
    /// Seconds.
    pub time: f64,
}

pub struct Inputs {
    pub dir: PathBuf,
    /// The command line (first line of `info`) or the verified program.
    pub command: String,
    pub saved: Saved,
    pub counts: Counts,
    pub errors: Vec<ErrorEntry>,
    pub verdicts: Option<Vec<VerdictRow>>,
    /// Source text per file path (`None`: unreadable).
    pub sources: HashMap<String, Option<String>>,
}

/// The `N` of a `KLEE: done: <what> = N` line.
fn done_count(info: &str, what: &str) -> Option<u64> {
    let prefix = format!("KLEE: done: {what} = ");
    info.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}

/// An `.err` file's fields.
pub fn parse_err(test: &str, kind: &str, text: &str) -> ErrorEntry {
    let field = |k: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(k))
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let stack = text
        .lines()
        .skip_while(|l| !l.starts_with("Stack:"))
        .skip(1)
        .take_while(|l| l.starts_with('\t'))
        .map(|l| {
            // `\t#000000000 in f() at file:line` -> `f() at file:line`
            let l = l.trim();
            l.split_once(" in ").map_or(l, |(_, r)| r).to_string()
        })
        .collect();
    ErrorEntry {
        test: test.into(),
        kind: kind.into(),
        message: field("Error:"),
        file: field("File:"),
        line: field("Line:").parse().unwrap_or(0),
        stack,
        inputs: Vec::new(),
    }
}

fn read_verdicts(text: &str) -> Result<(Vec<VerdictRow>, Counts)> {
    let j: serde_json::Value = serde_json::from_str(text).context("verify.json")?;
    let num = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_u64()).unwrap_or(0);
    let s = |v: &serde_json::Value, k: &str| {
        v.get(k)
            .and_then(|x| x.as_str())
            .unwrap_or_default()
            .to_string()
    };
    let rows = j
        .get("targets")
        .and_then(|t| t.as_array())
        .map(|ts| {
            ts.iter()
                .map(|t| {
                    let test = s(t, "test");
                    let detail = match (test.is_empty(), t.get("replay_confirmed")) {
                        (false, Some(serde_json::Value::Bool(true))) => {
                            format!("{test} (replay confirmed)")
                        }
                        (false, _) => test,
                        (true, _) => s(t, "reason"),
                    };
                    VerdictRow {
                        id: num(t, "id"),
                        verdict: s(t, "verdict"),
                        location: s(t, "location"),
                        file: s(t, "file"),
                        line: num(t, "line") as u32,
                        target: s(t, "target"),
                        detail,
                        time: t.get("time").and_then(|x| x.as_f64()).unwrap_or(0.0),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    // The exact runs explored the program (abstracted runs are proofs over havocked loops).
    let mut c = Counts::default();
    let runs = j.get("runs").and_then(|r| r.as_array()).cloned();
    let mut subsumed = 0;
    for r in runs.iter().flatten() {
        if r.get("loop_abstraction").and_then(|x| x.as_bool()) == Some(true) {
            continue;
        }
        c.completed += num(r, "completed");
        c.partial += num(r, "partial");
        c.instructions += num(r, "instructions");
        subsumed += num(r, "subsumed");
    }
    if j.get("interpolation").and_then(|x| x.as_bool()) == Some(true) {
        c.subsumed = Some(subsumed);
    }
    c.time = j.get("time").and_then(|x| x.as_f64()).unwrap_or(0.0);
    Ok((rows, c))
}

impl Inputs {
    pub fn read(dir: &Path) -> Result<Inputs> {
        let cov_path = dir.join("coverage.json");
        if !cov_path.is_file() {
            bail!(
                "{} has no coverage.json (not a trex output directory, or written by an older trex)",
                dir.display()
            );
        }
        let text = std::fs::read_to_string(&cov_path)
            .with_context(|| format!("cannot read {}", cov_path.display()))?;
        let saved: Saved = serde_json::from_str(&text)
            .with_context(|| format!("cannot read {}", cov_path.display()))?;
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read {}", dir.display()))?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let tests = names.iter().filter(|n| n.ends_with(".ktest")).count() as u64;
        let mut errors = Vec::new();
        for n in names.iter().filter(|n| n.ends_with(".err")) {
            let Some((test, rest)) = n.split_once('.') else {
                continue;
            };
            let kind = rest.trim_end_matches(".err");
            let text = std::fs::read_to_string(dir.join(n)).unwrap_or_default();
            let mut e = parse_err(test, kind, &text);
            if let Ok(bytes) = std::fs::read(dir.join(format!("{test}.ktest"))) {
                if let Ok(kt) = KTest::from_bytes(&bytes) {
                    e.inputs = kt.objects.into_iter().map(|o| (o.name, o.bytes)).collect();
                }
            }
            errors.push(e);
        }
        let last = saved.timeline.samples.last().copied().unwrap_or_default();
        let (verdicts, counts, command) = match std::fs::read_to_string(dir.join("verify.json")) {
            Ok(text) => {
                let (rows, mut c) = read_verdicts(&text)?;
                c.tests = tests;
                c.queries = Some(last.queries);
                let j: serde_json::Value = serde_json::from_str(&text)?;
                let prog = j
                    .get("program")
                    .and_then(|p| p.as_str())
                    .unwrap_or_default();
                (Some(rows), c, format!("trex verify {prog}"))
            }
            Err(_) => {
                let info = std::fs::read_to_string(dir.join("info")).unwrap_or_default();
                let c = Counts {
                    completed: done_count(&info, "completed paths").unwrap_or(last.paths),
                    partial: done_count(&info, "partially completed paths").unwrap_or(0),
                    tests,
                    subsumed: done_count(&info, "subsumed paths"),
                    instructions: done_count(&info, "total instructions")
                        .unwrap_or(last.instructions),
                    queries: done_count(&info, "total queries"),
                    time: last.time,
                };
                (None, c, info.lines().next().unwrap_or_default().to_string())
            }
        };
        let sources = saved
            .model
            .files
            .iter()
            .map(|f| (f.path.clone(), std::fs::read_to_string(&f.path).ok()))
            .collect();
        Ok(Inputs {
            dir: dir.to_path_buf(),
            command,
            saved,
            counts,
            errors,
            verdicts,
            sources,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn err_files_and_done_lines_are_read() {
        let text = "Error: memory error: null page access\nFile: /t/a.c\nLine: 21\nassembly.ll line: 0\nState: 1\nStack: \n\t#000000000 in f() at /t/a.c:21\n\t#100000000 in main() at /t/a.c:30\nInfo: \n\taddress: 0x0\n";
        let e = parse_err("test000002", "ptr", text);
        assert_eq!(e.message, "memory error: null page access");
        assert_eq!((e.file.as_str(), e.line), ("/t/a.c", 21));
        assert_eq!(e.stack, ["f() at /t/a.c:21", "main() at /t/a.c:30"]);
        let info = "KLEE: done: completed paths = 7\nKLEE: done: subsumption checks = 3 (1 solver calls, 0.000 s)\n";
        assert_eq!(done_count(info, "completed paths"), Some(7));
        assert_eq!(done_count(info, "subsumption checks"), Some(3));
        assert_eq!(done_count(info, "subsumed paths"), None);
    }

    #[test]
    fn verdicts_and_exact_runs_are_read() {
        let j = r#"{"program":"p.bc","mode":"all","interpolation":true,"output_dir":"o",
          "targets":[{"id":1,"file":"/t/p.c","line":9,"location":"p.c:9","function":"main",
            "target":"reach_error","verdict":"REACHABLE","reason":null,
            "test":"o/test000001.ktest","replay_confirmed":true,"time":0.5},
            {"id":2,"file":"/t/p.c","line":12,"location":"p.c:12","function":"main",
            "target":"__assert_fail","verdict":"UNKNOWN","reason":"time budget","test":null,
            "replay_confirmed":null,"time":1.0}],
          "runs":[{"loop_abstraction":true,"paths":50,"completed":50,"partial":0,"subsumed":9,"instructions":10},
                  {"loop_abstraction":false,"paths":4,"completed":3,"partial":1,"subsumed":2,"instructions":100}],
          "time":2.5}"#;
        let (rows, c) = read_verdicts(j).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].detail, "o/test000001.ktest (replay confirmed)");
        assert_eq!(rows[1].detail, "time budget");
        assert_eq!((rows[1].line, rows[1].verdict.as_str()), (12, "UNKNOWN"));
        assert_eq!((c.completed, c.partial, c.subsumed), (3, 1, Some(2)));
        assert_eq!((c.instructions, c.time), (100, 2.5));
    }
}
