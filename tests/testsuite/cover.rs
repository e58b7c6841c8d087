//! `EXPECT-COVER: [--option ...] covered=N proved=N open=N [testcov=PCT]`: a `trex cover` run
//! of the symbolic program and its exact goal counts; for soundness, no goal it proved
//! unreachable is a branch outcome that the forking run without interpolation took (its
//! `coverage.json`); with `testcov=PCT`, TestCov (Test-Comp's judge) runs the zipped suite on
//! the C source and must report that branch coverage.

use std::path::Path;
use std::process::Command;

use super::{check_trex_ran, run_cmd, stderr_report, Ctx, SymSpec};

/// One `EXPECT-COVER` line.
pub struct CoverExpect {
    pub args: Vec<String>,
    pub counts: Vec<(String, u64)>,
    /// TestCov's coverage of the suite (`Coverage: PCT%`).
    pub testcov: Option<String>,
}

const KEYS: &[&str] = &["covered", "proved", "open", "goals"];

pub fn parse(r: &str) -> Result<CoverExpect, String> {
    let mut e = CoverExpect {
        args: Vec::new(),
        counts: Vec::new(),
        testcov: None,
    };
    for w in r.split_whitespace() {
        if w.starts_with("--") {
            e.args.push(w.to_string());
            continue;
        }
        let (k, v) = w.split_once('=').ok_or(format!("{w}: not key=N"))?;
        if k == "testcov" {
            e.testcov = Some(v.to_string());
            continue;
        }
        if !KEYS.contains(&k) {
            return Err(format!("{k}: not one of {KEYS:?}"));
        }
        let n = v.parse().map_err(|_| format!("{w}: not a count"))?;
        e.counts.push((k.to_string(), n));
    }
    if e.counts.is_empty() {
        return Err("no count".into());
    }
    Ok(e)
}

/// The goal counts of a cover run's `KLEE: done:` lines.
fn counts(stderr: &str) -> Vec<(&'static str, u64)> {
    let nums = |prefix: &str| -> Vec<u64> {
        let Some(l) = stderr.lines().find(|l| l.starts_with(prefix)) else {
            return Vec::new();
        };
        l[prefix.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    let mut out: Vec<(&str, u64)> = ["covered", "proved", "open"]
        .into_iter()
        .zip(nums("KLEE: done: goals covered = "))
        .collect();
    out.extend(nums("KLEE: done: goals = ").first().map(|&n| ("goals", n)));
    out
}

/// A branch outcome as `coverage.json` names it: file, line, branch, outcome index.
type ArmKey = (String, String, u64, usize);

/// The outcomes of `coverage.json` in `dir` for which `pick` (the arm's JSON) holds.
fn arms(dir: &Path, pick: &dyn Fn(&serde_json::Value) -> bool) -> Result<Vec<ArmKey>, String> {
    let f = dir.join("coverage.json");
    let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
    let j: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
    let mut out = Vec::new();
    for file in j["model"]["files"].as_array().into_iter().flatten() {
        let path = file["path"].as_str().unwrap_or("").to_string();
        for (line, l) in file["lines"].as_object().into_iter().flatten() {
            for b in l["branches"].as_array().into_iter().flatten() {
                let id = b["id"].as_u64().unwrap_or(0);
                for (i, a) in b["arms"].as_array().into_iter().flatten().enumerate() {
                    if pick(a) {
                        out.push((path.clone(), line.clone(), id, i));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Runs the spec's `EXPECT-COVER` lines on `prog.bc` of `dir`; `forking` is the output
/// directory of the run without interpolation.
pub fn run(ctx: &Ctx, spec: &SymSpec, dir: &Path, forking: &Path) -> Result<(), String> {
    let taken = arms(forking, &|a| a["taken"].as_bool() == Some(true))?;
    for (k, e) in spec.cover.iter().enumerate() {
        let out_dir = dir.join(format!("out-cover-{k}"));
        let mut cmd = Command::new(&ctx.trex);
        cmd.arg("cover").arg("--output-dir").arg(&out_dir);
        if spec.libc_none {
            cmd.arg("--libc=none");
        }
        cmd.args(&e.args);
        cmd.arg(dir.join("prog.bc"))
            .args(&spec.args)
            .current_dir(dir);
        let out = run_cmd(cmd, dir, "trex-cover", spec.timeout.unwrap_or(ctx.timeout))?;
        check_trex_ran(&out)?;
        let got = counts(&out.stderr);
        let mut problems = Vec::new();
        for (key, want) in &e.counts {
            let g = got.iter().find(|(k, _)| k == key).map(|x| x.1);
            if g != Some(*want) {
                problems.push(format!("{key}: want {want}, got {g:?}"));
            }
        }
        let proved = arms(&out_dir, &|a| a["proved"].as_bool() == Some(true))?;
        for p in proved.iter().filter(|p| taken.contains(p)) {
            problems.push(format!(
                "UNSOUND: {}:{} branch {} outcome {} proved unreachable, taken without interpolation",
                p.0, p.1, p.2, p.3
            ));
        }
        if let Some(want) = &e.testcov {
            let got = testcov(&out_dir.join("test-suite.zip"), &spec.path, dir)?;
            if got.as_deref() != Some(want.as_str()) {
                problems.push(format!("TestCov coverage: want {want}%, got {got:?}"));
            }
        }
        if !problems.is_empty() {
            return Err(format!(
                "trex cover {}: {}\n{}",
                e.args.join(" "),
                problems.join("; "),
                stderr_report(&out)
            ));
        }
    }
    Ok(())
}

/// TestCov's branch coverage (`Coverage: PCT%`) of the zipped suite `zip` on the C source `c`,
/// run in a directory below `dir` (installed once, `scripts/install-testcov.sh`).
fn testcov(zip: &Path, c: &Path, dir: &Path) -> Result<Option<String>, String> {
    let tc = crate::installed::installed("install-testcov.sh")?;
    let judge = dir.join("testcov");
    std::fs::create_dir_all(&judge).map_err(|e| format!("{}: {e}", judge.display()))?;
    // A copy of the source: TestCov writes its preprocessed `.i` beside the file it is given.
    let source = judge.join(c.file_name().unwrap_or_default());
    std::fs::copy(c, &source).map_err(|e| format!("{}: {e}", c.display()))?;
    let path = format!(
        "{}:{}",
        tc.parent()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new(&tc)
        .args([
            "--no-runexec",
            "--no-isolation",
            "--no-plots",
            "-64",
            "--test-suite",
        ])
        .arg(zip)
        .arg(&source)
        .env("PATH", path)
        .current_dir(&judge)
        .output()
        .map_err(|e| format!("testcov: {e}"))?;
    let text = String::from_utf8_lossy(&o.stdout);
    Ok(text
        .lines()
        .find_map(|l| l.strip_prefix("Coverage: "))
        .map(|p| p.trim_end_matches('%').to_string()))
}
