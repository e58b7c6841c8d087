//! `EXPECT-PSE: [--option ...] key=N ...`: one more `trex run --pse [--option ...]` of the
//! symbolic program (with the file's `OPTIONS`; interpolation stays on unless an option turns
//! it off), at the first optimization level: its exact counts among `paths` (completed),
//! `pruned` (pse-pruned paths), `tests` and `subsumed`; and paper 002's guarantee, checked
//! against the run without pruning: the same reported error locations, the same covered
//! lines and the same branch outcomes taken (`coverage.json`, `.err` files). `run.stats`' last
//! row has the pruned count too (`PsePrunedPaths`).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use super::{check_trex_ran, run_cmd, stderr_report, Ctx, SymSpec};

/// One `EXPECT-PSE` line.
pub struct PseExpect {
    pub args: Vec<String>,
    pub counts: Vec<(String, u64)>,
}

const KEYS: &[(&str, &str)] = &[
    ("paths", "KLEE: done: completed paths = "),
    ("pruned", "KLEE: done: pse-pruned paths = "),
    ("tests", "KLEE: done: generated tests = "),
    ("subsumed", "KLEE: done: subsumed paths = "),
];

pub fn parse(r: &str) -> Result<PseExpect, String> {
    let mut e = PseExpect {
        args: Vec::new(),
        counts: Vec::new(),
    };
    for w in r.split_whitespace() {
        if w.starts_with("--") {
            e.args.push(w.to_string());
            continue;
        }
        let (k, v) = w.split_once('=').ok_or(format!("{w}: not key=N"))?;
        if !KEYS.iter().any(|x| x.0 == k) {
            return Err(format!("{k}: not one of paths, pruned, tests, subsumed"));
        }
        let n = v.parse().map_err(|_| format!("{w}: not a count"))?;
        e.counts.push((k.to_string(), n));
    }
    if e.counts.is_empty() {
        return Err("no count".into());
    }
    Ok(e)
}

/// What a run covered: lines with an instruction run, branch outcomes taken, errors
/// (`.err` file's kind, file and line), as `trex report` reads an output directory.
#[derive(Default, PartialEq, Debug)]
struct Covered {
    lines: BTreeSet<(String, u32)>,
    arms: BTreeSet<(String, u32, u32, usize)>,
    errors: BTreeSet<(String, String, u32)>,
}

fn covered(dir: &Path) -> Result<Covered, String> {
    let run = trex::report::inputs::Inputs::read(dir).map_err(|e| format!("{e:#}"))?;
    let mut c = Covered::default();
    for file in &run.saved.model.files {
        for (&n, l) in &file.lines {
            if l.hit() {
                c.lines.insert((file.path.clone(), n));
            }
            for b in &l.branches {
                for (i, a) in b.arms.iter().enumerate() {
                    if a.taken {
                        c.arms.insert((file.path.clone(), n, b.id, i));
                    }
                }
            }
        }
    }
    for e in run.errors {
        c.errors.insert((e.kind, e.file, e.line));
    }
    Ok(c)
}

/// Runs the spec's `EXPECT-PSE` lines on `prog.bc` of `dir`; `plain` is the output directory
/// of the run without interpolation.
pub fn run(ctx: &Ctx, spec: &SymSpec, dir: &Path, plain: &Path) -> Result<(), String> {
    if spec.pse.is_empty() {
        return Ok(());
    }
    let want = covered(plain)?;
    for (k, e) in spec.pse.iter().enumerate() {
        let out_dir = dir.join(format!("out-pse-{k}"));
        let mut cmd = Command::new(&ctx.trex);
        // One thread: the spec's counts are one worker's (summaries learnt in a subtree that
        // moved to another worker prune there only, as interpolants do).
        cmd.arg("run")
            .arg("--output-dir")
            .arg(&out_dir)
            .args(["--pse", "--threads=1"]);
        if spec.libc_none {
            cmd.arg("--libc=none");
        }
        cmd.args(&spec.options).args(&e.args);
        cmd.arg(dir.join("prog.bc"))
            .args(&spec.args)
            .current_dir(dir);
        let out = run_cmd(cmd, dir, "trex-pse", spec.timeout.unwrap_or(ctx.timeout))?;
        check_trex_ran(&out)?;
        let mut problems = Vec::new();
        for (key, n) in &e.counts {
            let prefix = KEYS.iter().find(|x| x.0 == key).map(|x| x.1).unwrap_or("");
            let got: Option<u64> = out
                .stderr
                .lines()
                .find_map(|l| l.strip_prefix(prefix))
                .and_then(|v| v.trim().parse().ok());
            if got != Some(*n) {
                problems.push(format!("{key}: want {n}, got {got:?}"));
            }
        }
        // run.stats' last row counts them too.
        if let Some((_, n)) = e.counts.iter().find(|(k, _)| k == "pruned") {
            let mut q = Command::new("sqlite3");
            q.arg(out_dir.join("run.stats"))
                .arg("SELECT PsePrunedPaths FROM stats ORDER BY rowid DESC LIMIT 1");
            let o = run_cmd(q, dir, "sqlite3", std::time::Duration::from_secs(30))?;
            if o.stdout.trim() != n.to_string() {
                problems.push(format!(
                    "run.stats PsePrunedPaths: want {n}, got {:?}",
                    o.stdout.trim()
                ));
            }
        }
        let got = covered(&out_dir)?;
        let diff = |what: &str, a: Vec<String>, problems: &mut Vec<String>| {
            if !a.is_empty() {
                problems.push(format!("{what}: {}", a.join(", ")));
            }
        };
        let fmt2 = |s: &BTreeSet<(String, u32)>, o: &BTreeSet<(String, u32)>| {
            s.difference(o)
                .map(|x| format!("{}:{}", x.0, x.1))
                .collect::<Vec<_>>()
        };
        diff(
            "lines covered without pruning, not with --pse",
            fmt2(&want.lines, &got.lines),
            &mut problems,
        );
        diff(
            "lines covered with --pse only",
            fmt2(&got.lines, &want.lines),
            &mut problems,
        );
        let arms: Vec<String> = want
            .arms
            .symmetric_difference(&got.arms)
            .map(|a| format!("{}:{} branch {} outcome {}", a.0, a.1, a.2, a.3))
            .collect();
        diff("branch outcomes taken by one run only", arms, &mut problems);
        let errs: Vec<String> = want
            .errors
            .symmetric_difference(&got.errors)
            .map(|a| format!("{} at {}:{}", a.0, a.1, a.2))
            .collect();
        diff("errors reported by one run only", errs, &mut problems);
        if !problems.is_empty() {
            return Err(format!(
                "trex run --pse {}: {}\n{}",
                e.args.join(" "),
                problems.join("; "),
                stderr_report(&out)
            ));
        }
    }
    Ok(())
}
