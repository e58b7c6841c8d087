//! Coverage checks of the test suite (issue 17):
//! - every `coverage.lcov` a trex run writes is accepted by Debian's `genhtml` (with branch
//!   coverage) without a warning;
//! - cross-check with a real coverage tool: each symbolic program at -O0 is built natively with
//!   clang-14 `--coverage` (gcov instrumentation) and libtrexreplay, every test of trex's run
//!   (without interpolation) is replayed, and `llvm-cov-14 gcov` says which lines ran. The
//!   covered lines must equal those of `coverage.lcov` on the lines both tools list as
//!   executable, when every path of the run got a test; otherwise (silent ends, errors reported
//!   once per location) trex's lines must include the native ones.
//!
//! Systematic differences, by design of the tools and handled here:
//! - `llvm-cov gcov` gives a count to every line of a function from its first to its last line
//!   (blank lines, declarations without code, the closing brace), where trex lists the lines
//!   that carry instructions; so lines are compared where both list them, and trex's lines
//!   must all be among llvm-cov's.
//! - A test that ends the program by a signal (abort, crash, sanitizer report) still writes its
//!   counters: `testsuite/tools/gcov_on_signal.c` dumps them from a signal handler.
//! - Only -O0: at -O2 the instrumented native build is optimized differently from the bitcode
//!   trex ran (the counters change inlining and loop shapes), so its lines are not trex's.

use super::{compile, excerpt, run_cmd, Ctx};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const TOOL_TIMEOUT: Duration = Duration::from_secs(60);

/// `genhtml` on `<out_dir>/coverage.lcov`: it must exist, and genhtml must succeed without a
/// warning (its report goes to `<dir>/genhtml-<tag>`).
pub(crate) fn check_lcov(out_dir: &Path, dir: &Path, tag: &str) -> Result<(), String> {
    let lcov = out_dir.join("coverage.lcov");
    let text = fs::read_to_string(&lcov).map_err(|e| format!("{}: {e}", lcov.display()))?;
    if !text.contains("\nSF:") {
        return Err(format!(
            "{}: no source file\n{}",
            lcov.display(),
            excerpt(&text, 5)
        ));
    }
    let html = dir.join(format!("genhtml-{tag}"));
    let mut cmd = Command::new("genhtml");
    cmd.args(["--branch-coverage", "--quiet", "--output-directory"])
        .arg(&html)
        .arg(&lcov);
    let out = run_cmd(cmd, dir, &format!("genhtml-{tag}"), TOOL_TIMEOUT)?;
    if !out.status.is_some_and(|s| s.success()) || !out.stderr.trim().is_empty() {
        return Err(format!(
            "genhtml rejected or warned about {} ({}):\n{}",
            lcov.display(),
            out.describe_status(),
            excerpt(&out.stderr, 8)
        ));
    }
    Ok(())
}

/// Every covered line of an LCOV tracefile, with its source file.
/// A problem when the runs in `a` and `b` (output directories, named `an` and `bn`) covered
/// different source lines (`coverage.lcov`).
pub(crate) fn same_lines(a: &Path, an: &str, b: &Path, bn: &str) -> Result<Option<String>, String> {
    let lines = |d: &Path| covered_lines(&d.join("coverage.lcov"));
    let (x, y) = (lines(a)?, lines(b)?);
    if x == y {
        return Ok(None);
    }
    let only_a: Vec<_> = x.difference(&y).collect();
    let only_b: Vec<_> = y.difference(&x).collect();
    Ok(Some(format!(
        "lines covered: only {an} {only_a:?}, only {bn} {only_b:?}"
    )))
}

pub(crate) fn covered_lines(lcov: &Path) -> Result<BTreeSet<(String, u32)>, String> {
    let text = fs::read_to_string(lcov).map_err(|e| format!("{}: {e}", lcov.display()))?;
    let mut out = BTreeSet::new();
    let mut cur = "";
    for l in text.lines() {
        if let Some(f) = l.strip_prefix("SF:") {
            cur = f;
        } else if let Some(da) = l.strip_prefix("DA:") {
            let mut it = da.split(',');
            if let (Some(Ok(n)), Some(c)) = (it.next().map(str::parse::<u32>), it.next()) {
                if c != "0" {
                    out.insert((cur.to_string(), n));
                }
            }
        }
    }
    Ok(out)
}

/// The covered and the listed lines of `src` in an LCOV tracefile.
fn lcov_lines(text: &str, src: &str) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let (mut hit, mut all) = (BTreeSet::new(), BTreeSet::new());
    let mut cur = "";
    for l in text.lines() {
        if let Some(f) = l.strip_prefix("SF:") {
            cur = f;
        } else if let Some(da) = l.strip_prefix("DA:") {
            if cur != src {
                continue;
            }
            let mut it = da.split(',');
            let (Some(n), Some(c)) = (it.next(), it.next()) else {
                continue;
            };
            let Ok(n) = n.parse::<u32>() else { continue };
            all.insert(n);
            if c != "0" {
                hit.insert(n);
            }
        }
    }
    (hit, all)
}

/// The covered and the listed lines of `llvm-cov gcov -t` output (`count:line:source`; `-`
/// for lines without code, `#####` for lines that did not run).
fn gcov_lines(text: &str) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let (mut hit, mut all) = (BTreeSet::new(), BTreeSet::new());
    for l in text.lines() {
        let mut it = l.splitn(3, ':');
        let (Some(c), Some(n), Some(_)) = (it.next(), it.next(), it.next()) else {
            continue;
        };
        let (c, Ok(n)) = (c.trim(), n.trim().parse::<u32>()) else {
            continue;
        };
        if n == 0 || c == "-" || c.ends_with("-block") {
            continue;
        }
        all.insert(n);
        if c != "#####" && c != "=====" {
            hit.insert(n);
        }
    }
    (hit, all)
}

/// What the cross-check compares: trex's run and its tests, and how the program is built.
pub(crate) struct CrossCheck<'a> {
    /// The program's source (canonical path, as in the debug information).
    pub src: &'a str,
    /// trex's output directory (the run without interpolation).
    pub out_dir: &'a Path,
    /// Every path of the run got a test (tests = completed + partially completed paths).
    pub every_path_tested: bool,
    /// Extra native compiler flags (the sanitizers of the replay check).
    pub flags: &'a [&'a str],
    /// libtrexreplay and the include directory.
    pub replay_lib: &'a str,
    pub include: &'a str,
}

/// The cross-check (module comment), in `dir`.
pub(crate) fn cross_check(ctx: &Ctx, c: &CrossCheck, dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dump = root.join("testsuite/tools/gcov_on_signal.c");
    let dump_s = dump.to_string_lossy().into_owned();
    let cov_dir = dir.join("gcov");
    fs::create_dir_all(&cov_dir).map_err(|e| format!("{}: {e}", cov_dir.display()))?;
    let obj = cov_dir.join("prog.o");
    let obj_s = obj.to_string_lossy().into_owned();
    let exe = cov_dir.join("prog.gcov-native");
    let exe_s = exe.to_string_lossy().into_owned();
    let mut cargs = vec!["-O0", "-g", "-w", "--coverage", "-I", c.include];
    cargs.extend(c.flags);
    cargs.extend(["-c", c.src, "-o", obj_s.as_str()]);
    compile(&cargs, dir, "clang-gcov")?;
    let mut largs = vec!["--coverage"];
    largs.extend(c.flags);
    largs.extend([
        obj_s.as_str(),
        dump_s.as_str(),
        c.replay_lib,
        "-o",
        exe_s.as_str(),
    ]);
    compile(&largs, dir, "clang-gcov-link")?;
    let mut tests: Vec<_> = fs::read_dir(c.out_dir)
        .map_err(|e| format!("{}: {e}", c.out_dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ktest"))
        .collect();
    tests.sort();
    for t in &tests {
        let mut cmd = Command::new(&exe);
        cmd.env("KTEST_FILE", t)
            .env("ASAN_OPTIONS", "abort_on_error=1:detect_leaks=0")
            .env("UBSAN_OPTIONS", "abort_on_error=1")
            .current_dir(&cov_dir);
        let out = run_cmd(cmd, dir, "gcov-replay", ctx.timeout)?;
        if out.status.is_none() {
            return Err(format!("coverage replay of {} timed out", t.display()));
        }
    }
    let mut cmd = Command::new("llvm-cov-14");
    cmd.args(["gcov", "-t", "-o", obj_s.as_str(), c.src])
        .current_dir(&cov_dir);
    let g = run_cmd(cmd, dir, "llvm-cov-gcov", TOOL_TIMEOUT)?;
    if !g.status.is_some_and(|s| s.success()) {
        return Err(format!(
            "llvm-cov-14 gcov failed:\n{}",
            excerpt(&g.stderr, 5)
        ));
    }
    let (native_hit, native_all) = gcov_lines(&g.stdout);
    let lcov_path = c.out_dir.join("coverage.lcov");
    let lcov =
        fs::read_to_string(&lcov_path).map_err(|e| format!("{}: {e}", lcov_path.display()))?;
    let (trex_hit, trex_all) = lcov_lines(&lcov, c.src);
    compare(
        &trex_hit,
        &trex_all,
        &native_hit,
        &native_all,
        c.every_path_tested,
    )
    .map_err(|e| format!("coverage cross-check ({} tests): {e}", tests.len()))
}

/// The rule of the module comment.
fn compare(
    trex_hit: &BTreeSet<u32>,
    trex_all: &BTreeSet<u32>,
    native_hit: &BTreeSet<u32>,
    native_all: &BTreeSet<u32>,
    every_path_tested: bool,
) -> Result<(), String> {
    if trex_all.is_empty() {
        return Err("coverage.lcov lists no line of the program".into());
    }
    let outside: Vec<_> = trex_all.difference(native_all).collect();
    if !outside.is_empty() {
        return Err(format!("lines llvm-cov does not list: {outside:?}"));
    }
    let both: BTreeSet<u32> = trex_all.intersection(native_all).copied().collect();
    let t: BTreeSet<u32> = trex_hit.intersection(&both).copied().collect();
    let n: BTreeSet<u32> = native_hit.intersection(&both).copied().collect();
    let only_native: Vec<_> = n.difference(&t).collect();
    let only_trex: Vec<_> = t.difference(&n).collect();
    if !only_native.is_empty() || (every_path_tested && !only_trex.is_empty()) {
        return Err(format!(
            "covered lines differ: only natively {only_native:?}, only in coverage.lcov {only_trex:?}"
        ));
    }
    Ok(())
}

/// Self-checks of the parsers and the rule (run by the harness at start-up: `harness = false`
/// has no `#[test]`).
pub(crate) fn self_test() -> Result<(), String> {
    let lcov =
        "TN:\nSF:/a.c\nDA:3,1\nDA:4,0\nDA:6,1\nend_of_record\nSF:/b.c\nDA:9,1\nend_of_record\n";
    let (h, a) = lcov_lines(lcov, "/a.c");
    let set = |v: &[u32]| v.iter().copied().collect::<BTreeSet<u32>>();
    if h != set(&[3, 6]) || a != set(&[3, 4, 6]) {
        return Err(format!("lcov_lines: {h:?} {a:?}"));
    }
    let gcov = "        -:    0:Source:a.c\n        -:    1:#include <x.h>\n        2:    3:int main(void) {\n    #####:    4:  f();\n        1:    5:  g();\n        2:    5-block  0\n        1:    6:}\n";
    let (h, a) = gcov_lines(gcov);
    if h != set(&[3, 5, 6]) || a != set(&[3, 4, 5, 6]) {
        return Err(format!("gcov_lines: {h:?} {a:?}"));
    }
    // Equal on the shared lines: fine; a line only natively covered: never; a line only trex
    // covered: only when some path had no test; a trex line llvm-cov does not list: never.
    let cases = [
        (set(&[3, 5]), set(&[3, 4, 5]), set(&[2, 3, 5]), true, true),
        (set(&[3]), set(&[3, 4, 5]), set(&[3, 5]), false, false),
        (set(&[3, 4, 5]), set(&[3, 4, 5]), set(&[3, 5]), true, false),
        (set(&[3, 4, 5]), set(&[3, 4, 5]), set(&[3, 5]), false, true),
        (set(&[3]), set(&[3, 9]), set(&[3]), false, false),
    ];
    let native_all = set(&[2, 3, 4, 5, 6]);
    for (i, (th, ta, nh, tested, ok)) in cases.iter().enumerate() {
        if compare(th, ta, nh, &native_all, *tested).is_ok() != *ok {
            return Err(format!("compare, case {i}: want ok = {ok}"));
        }
    }
    Ok(())
}

/// The program whose report is rendered in a real browser (one is enough: the page's shape
/// does not depend on the program; a run with an uncovered branch side and an error).
pub(crate) const REPORT_PROGRAM: &str = "recursion_mutual";

/// `trex report` on `out_dir`, then `scripts/check-report.sh` (headless Chromium: no console
/// message, summary numbers equal to coverage.lcov's, a screenshot). Chromium that cannot
/// start in this sandbox is a skip, said on stdout.
pub(crate) fn check_report(ctx: &Ctx, out_dir: &Path, dir: &Path) -> Result<(), String> {
    let mut cmd = Command::new(&ctx.trex);
    cmd.arg("report").arg(out_dir);
    let out = run_cmd(cmd, dir, "trex-report", TOOL_TIMEOUT)?;
    if !out.status.is_some_and(|s| s.success()) || !out_dir.join("report.html").is_file() {
        return Err(format!("trex report failed:\n{}", excerpt(&out.stderr, 5)));
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/check-report.sh");
    let mut cmd = Command::new(script);
    cmd.arg(out_dir)
        .arg(dir.join("report.png"))
        .env("TREX_BIN", &ctx.trex);
    let out = run_cmd(cmd, dir, "check-report", TOOL_TIMEOUT * 2)?;
    match out.status.and_then(|s| s.code()) {
        Some(0) => Ok(()),
        Some(77) => {
            println!(
                "SKIP report rendering check (chromium cannot start here): {}",
                out.stderr.lines().last().unwrap_or("")
            );
            Ok(())
        }
        _ => Err(format!(
            "scripts/check-report.sh failed ({}):\n{}",
            out.describe_status(),
            excerpt(&out.stderr, 10)
        )),
    }
}

/// KLEE's `run.stats` columns, then trex's own (`src/output/runstats.rs`).
const STATS_COLUMNS: &str = "Instructions|FullBranches|PartialBranches|NumBranches|UserTime|NumStates|MallocUsage|NumQueries|NumQueryConstructs|WallTime|CoveredInstructions|UncoveredInstructions|QueryTime|SolverTime|CexCacheTime|ForkTime|ResolveTime|QueryCexCacheMisses|QueryCexCacheHits|ArrayHashTime|PsePrunedPaths";

/// `run.stats` opens with the `sqlite3` command, has KLEE's columns, and its last row's
/// instructions are the run's (`instructions`, from `KLEE: done: total instructions`), as
/// `trex stats --json` reads them; `run.istats` is read by `callgrind_annotate`.
pub(crate) fn check_run_stats(
    ctx: &Ctx,
    out_dir: &Path,
    dir: &Path,
    instructions: u64,
) -> Result<(), String> {
    let db = out_dir.join("run.stats");
    let mut cmd = Command::new("sqlite3");
    cmd.arg("-header")
        .arg(&db)
        .arg("SELECT * FROM stats ORDER BY rowid DESC LIMIT 1");
    let out = run_cmd(cmd, dir, "sqlite3", TOOL_TIMEOUT)?;
    let mut lines = out.stdout.lines();
    let (header, last) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    if !out.status.is_some_and(|s| s.success()) || header != STATS_COLUMNS {
        return Err(format!(
            "sqlite3 {}: header {header:?} ({})\n{}",
            db.display(),
            out.describe_status(),
            excerpt(&out.stderr, 5)
        ));
    }
    let fields: Vec<&str> = last.split('|').collect();
    if fields.first() != Some(&instructions.to_string().as_str()) {
        return Err(format!(
            "run.stats: last row {last:?}, want {instructions} instructions"
        ));
    }
    // run.istats: callgrind_annotate reads it without a complaint, and its total of `Icov`
    // is run.stats' CoveredInstructions.
    let mut cmd = Command::new("callgrind_annotate");
    cmd.arg(out_dir.join("run.istats"));
    let out = run_cmd(cmd, dir, "callgrind-annotate", TOOL_TIMEOUT)?;
    let total = out
        .stdout
        .lines()
        .find(|l| l.contains("PROGRAM TOTALS"))
        .and_then(|l| l.split_whitespace().next())
        .map(|v| v.replace(',', ""));
    if !out.status.is_some_and(|s| s.success())
        || !out.stderr.trim().is_empty()
        || total.as_deref() != fields.get(10).copied()
    {
        return Err(format!(
            "callgrind_annotate run.istats: Icov total {total:?}, run.stats CoveredInstructions {:?}\n{}",
            fields.get(10),
            excerpt(&out.stderr, 5)
        ));
    }
    let mut cmd = Command::new(&ctx.trex);
    cmd.args(["stats", "--json"]).arg(out_dir);
    let out = run_cmd(cmd, dir, "trex-stats", TOOL_TIMEOUT)?;
    let want = format!("\"Instrs\": {instructions},");
    if !out.status.is_some_and(|s| s.success()) || !out.stdout.contains(&want) {
        return Err(format!(
            "trex stats --json: no {want}\n{}{}",
            excerpt(&out.stdout, 12),
            excerpt(&out.stderr, 5)
        ));
    }
    Ok(())
}
