//! `testsuite/klee-compat/*.{c,ll}`: trex run as KLEE's users run it, `trex [options] prog.bc
//! [args]`, each command line and what it must do written in the file (see
//! `testsuite/klee-compat/README.md`).
//!
//! A C program is compiled once (`clang-14 -g -O0 -c -emit-llvm -w -I runtime/include`) to
//! `prog.bc`; a `.ll` program is `prog.ll` (and `prog.bc`, through `llvm-as-14`). Each `TREX:`
//! line is one run, in a directory of its own holding those files (its working directory, so
//! that KLEE's default output lands in `klee-out-0` / `klee-last` there), with stdin from the
//! `STDIN:` file or empty; every run must meet all the file's expectations.

use super::{compile, excerpt, split_args, Out};
use super::{Case, CaseKind, Ctx};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug)]
enum Cmp {
    Eq,
    Lt,
    Gt,
}

#[derive(Debug)]
pub(crate) struct KSpec {
    path: PathBuf,
    /// `TREX:` lines: the words after `trex` of each run.
    runs: Vec<Vec<String>>,
    /// `STDIN:` `prog.bc`, `prog.ll` or `source` (the test file itself).
    stdin: Option<String>,
    /// `CFLAGS:` more clang options for a C program.
    cflags: Vec<String>,
    /// `CREATE: path | line`: lines of files made in each run's directory first.
    creates: Vec<(String, String)>,
    /// `KTEST: path | name=hex ...`: `.ktest` files made in each run's directory first.
    ktests: Vec<(String, String)>,
    /// The program the runs run: this file, or another of the directory (`PROGRAM: file`,
    /// for expectations of their own on the same program).
    program: PathBuf,
    /// `NATIVE-LIB: name.so`: the program compiled natively with `-DTREX_NATIVE_LIB` as a
    /// shared library of that name, in each run's directory (external calls, `--load`).
    native_libs: Vec<String>,
    /// `EXPECT-STATUS:` trex's exit status (default 0).
    status: i32,
    /// `EXPECT-STDERR:` a line of stderr (each `...` stands for any text).
    stderr: Vec<String>,
    /// `EXPECT-STDERR-LINES:` the number of lines of stderr.
    stderr_lines: Option<usize>,
    /// `EXPECT-STDERR-COUNT: N | line`: exactly N stderr lines match `line` (as `EXPECT-STDERR`).
    stderr_counts: Vec<(usize, String)>,
    /// `EXPECT-NO-STDERR:` no line of stderr contains this.
    no_stderr: Vec<String>,
    /// `EXPECT-STDOUT:` a line of stdout.
    stdout: Vec<String>,
    /// `EXPECT-FILE:` / `EXPECT-NO-FILE:` paths in the run's directory.
    files: Vec<String>,
    no_files: Vec<String>,
    /// `EXPECT-IN-FILE: path | line`.
    in_files: Vec<(String, String)>,
    /// `EXPECT-FILE-IS: path | line`: the file's lines, all of them, in order.
    whole_files: Vec<(String, Vec<String>)>,
    /// `EXPECT-SMT2-SAT: DIR`: z3 finds each `test*.smt2` of DIR satisfiable, also with the
    /// arrays pinned to the bytes of the test's `.ktest` objects.
    smt2_dirs: Vec<String>,
    /// `EXPECT-COUNT: DIR SUFFIX N`: files of DIR whose names end with SUFFIX.
    counts: Vec<(String, String, usize)>,
    /// `EXPECT-DONE: NAME OP N`: the `KLEE: done: NAME = V` line, V compared with N.
    done: Vec<(String, Cmp, u64)>,
    timeout: Option<Duration>,
}

fn parse_done(r: &str) -> Option<(String, Cmp, u64)> {
    for (op, cmp) in [(" = ", Cmp::Eq), (" < ", Cmp::Lt), (" > ", Cmp::Gt)] {
        if let Some((name, n)) = r.rsplit_once(op) {
            return Some((name.trim().to_string(), cmp, n.trim().parse().ok()?));
        }
    }
    None
}

/// `A | B`: B as written after one space (it may be empty, or start with spaces).
fn pair(r: &str) -> Option<(String, String)> {
    let (a, b) = r.split_once('|')?;
    Some((
        a.trim().to_string(),
        b.strip_prefix(' ').unwrap_or(b).to_string(),
    ))
}

/// The directives of `testsuite/klee-compat/*` (its README).
const DIRECTIVES: &[&str] = &[
    "TREX",
    "STDIN",
    "CFLAGS",
    "CREATE",
    "KTEST",
    "NATIVE-LIB",
    "PROGRAM",
    "EXPECT-STATUS",
    "EXPECT-STDERR",
    "EXPECT-STDERR-LINES",
    "EXPECT-STDERR-COUNT",
    "EXPECT-NO-STDERR",
    "EXPECT-STDOUT",
    "EXPECT-FILE",
    "EXPECT-NO-FILE",
    "EXPECT-IN-FILE",
    "EXPECT-FILE-IS",
    "EXPECT-SMT2-SAT",
    "EXPECT-COUNT",
    "EXPECT-DONE",
    "TIMEOUT",
];

pub(crate) fn parse(path: &Path) -> Result<KSpec, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut s = KSpec {
        path: path.to_path_buf(),
        runs: Vec::new(),
        stdin: None,
        cflags: Vec::new(),
        creates: Vec::new(),
        ktests: Vec::new(),
        native_libs: Vec::new(),
        program: path.to_path_buf(),
        status: 0,
        stderr: Vec::new(),
        stderr_lines: None,
        stderr_counts: Vec::new(),
        no_stderr: Vec::new(),
        stdout: Vec::new(),
        files: Vec::new(),
        no_files: Vec::new(),
        in_files: Vec::new(),
        whole_files: Vec::new(),
        smt2_dirs: Vec::new(),
        counts: Vec::new(),
        done: Vec::new(),
        timeout: None,
    };
    for (i, line) in text.lines().enumerate() {
        // `//` in C, `;` in IR.
        let t = line.trim_start();
        let Some(c) = t.strip_prefix("//").or_else(|| t.strip_prefix(';')) else {
            continue;
        };
        let c = c.trim();
        super::check_directive(path, i + 1, c, DIRECTIVES)?;
        let bad = |what: &str| format!("{}:{}: bad {what}: {c:?}", path.display(), i + 1);
        let Some((key, r)) = c.split_once(':') else {
            continue;
        };
        let r = r.trim();
        match key {
            "TREX" => s.runs.push(split_args(r)),
            "STDIN" => {
                if !["prog.bc", "prog.ll", "source"].contains(&r) {
                    return Err(bad("STDIN (prog.bc, prog.ll or source)"));
                }
                s.stdin = Some(r.to_string());
            }
            "CFLAGS" => s.cflags.extend(split_args(r)),
            "CREATE" => s.creates.push(pair(r).ok_or_else(|| bad("CREATE"))?),
            "NATIVE-LIB" => s.native_libs.push(r.trim().to_string()),
            "PROGRAM" => {
                let p = path.with_file_name(r);
                if r.contains('/') || !p.is_file() {
                    return Err(bad("PROGRAM (a file of this directory)"));
                }
                s.program = p;
            }
            "KTEST" => {
                let (path, objs) = pair(r).ok_or_else(|| bad("KTEST"))?;
                ktest_objects(&objs).ok_or_else(|| bad("KTEST (path | name=hex ...)"))?;
                s.ktests.push((path, objs));
            }
            "EXPECT-STATUS" => s.status = r.parse().map_err(|_| bad("EXPECT-STATUS"))?,
            "EXPECT-STDERR" => s.stderr.push(r.to_string()),
            "EXPECT-STDERR-LINES" => {
                s.stderr_lines = Some(r.parse().map_err(|_| bad("EXPECT-STDERR-LINES"))?)
            }
            "EXPECT-STDERR-COUNT" => {
                let (n, line) = pair(r).ok_or_else(|| bad("EXPECT-STDERR-COUNT (N | line)"))?;
                let n = n
                    .parse()
                    .map_err(|_| bad("EXPECT-STDERR-COUNT (N | line)"))?;
                s.stderr_counts.push((n, line));
            }
            "EXPECT-NO-STDERR" => s.no_stderr.push(r.to_string()),
            "EXPECT-STDOUT" => s.stdout.push(r.to_string()),
            "EXPECT-FILE" => s.files.push(r.to_string()),
            "EXPECT-NO-FILE" => s.no_files.push(r.to_string()),
            "EXPECT-IN-FILE" => s
                .in_files
                .push(pair(r).ok_or_else(|| bad("EXPECT-IN-FILE"))?),
            "EXPECT-FILE-IS" => {
                let (f, line) = pair(r).ok_or_else(|| bad("EXPECT-FILE-IS"))?;
                match s.whole_files.iter_mut().find(|(g, _)| *g == f) {
                    Some((_, lines)) => lines.push(line),
                    None => s.whole_files.push((f, vec![line])),
                }
            }
            "EXPECT-SMT2-SAT" => s.smt2_dirs.push(r.to_string()),
            "EXPECT-COUNT" => {
                let w: Vec<&str> = r.split_whitespace().collect();
                match w.as_slice() {
                    [d, suffix, n] => s.counts.push((
                        d.to_string(),
                        suffix.to_string(),
                        n.parse().map_err(|_| bad("EXPECT-COUNT"))?,
                    )),
                    _ => return Err(bad("EXPECT-COUNT (DIR SUFFIX N)")),
                }
            }
            "EXPECT-DONE" => s
                .done
                .push(parse_done(r).ok_or_else(|| bad("EXPECT-DONE"))?),
            "TIMEOUT" => {
                s.timeout = Some(Duration::from_secs(r.parse().map_err(|_| bad("TIMEOUT"))?))
            }
            _ => {}
        }
    }
    if s.runs.is_empty() {
        return Err(format!("{}: no `TREX:` line", path.display()));
    }
    let expects = s.stderr.len()
        + s.stderr_counts.len()
        + s.stdout.len()
        + s.files.len()
        + s.no_files.len()
        + s.in_files.len()
        + s.counts.len()
        + s.done.len();
    if expects == 0 {
        return Err(format!(
            "{}: no expectation besides the exit status",
            path.display()
        ));
    }
    Ok(s)
}

/// The objects of a `KTEST:` line: `name=hex` words (bytes in hex, `name=` for none).
fn ktest_objects(words: &str) -> Option<Vec<(String, Vec<u8>)>> {
    words
        .split_whitespace()
        .map(|w| {
            let (name, hex) = w.split_once('=')?;
            if hex.len() % 2 != 0 {
                return None;
            }
            let bytes = (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
                .collect::<Option<Vec<u8>>>()?;
            Some((name.to_string(), bytes))
        })
        .collect()
}

pub(crate) fn collect(root: &Path, cases: &mut Vec<Case>) {
    let files = super::programs(root, &["c", "ll"]);
    if files.is_empty() {
        cases.push(Case {
            name: "klee-compat".into(),
            kind: CaseKind::Broken(format!("no programs in {}", root.display())),
        });
    }
    for f in files {
        let name = format!("klee-compat/{}", f.file_stem().unwrap().to_string_lossy());
        let kind = match parse(&f) {
            Ok(s) => CaseKind::KleeCompat(Arc::new(s)),
            Err(e) => CaseKind::Broken(e),
        };
        cases.push(Case { name, kind });
    }
}

/// `prog.bc` (and `prog.ll`) in `dir` from the test's program.
fn build(spec: &KSpec, dir: &Path) -> Result<(), String> {
    let src = spec
        .program
        .canonicalize()
        .map_err(|e| format!("{}: {e}", spec.program.display()))?;
    let src_s = src.to_string_lossy().into_owned();
    if spec.program.extension().is_some_and(|x| x == "ll") {
        fs::copy(&src, dir.join("prog.ll")).map_err(|e| e.to_string())?;
        let out = Command::new("llvm-as-14")
            .args(["-o", "prog.bc", "prog.ll"])
            .current_dir(dir)
            .output()
            .map_err(|e| format!("llvm-as-14: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "llvm-as-14 failed:\n{}",
                excerpt(&String::from_utf8_lossy(&out.stderr), 10)
            ));
        }
        return Ok(());
    }
    let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
    let inc_s = inc.to_string_lossy().into_owned();
    let mut args = vec!["-g", "-O0", "-c", "-emit-llvm", "-w", "-I", &inc_s];
    args.extend(spec.cflags.iter().map(String::as_str));
    args.extend(["-o", "prog.bc", &src_s]);
    compile(&args, dir, "clang")?;
    for lib in &spec.native_libs {
        let args = [
            "-shared",
            "-fPIC",
            "-O1",
            "-w",
            "-DTREX_NATIVE_LIB",
            "-o",
            lib,
            &src_s,
        ];
        compile(&args, dir, "clang (native library)")?;
    }
    Ok(())
}

pub(crate) fn run(ctx: &Ctx, spec: &KSpec, dir: &Path) -> Result<(), String> {
    let build_dir = dir.join("build");
    fs::create_dir(&build_dir).map_err(|e| e.to_string())?;
    build(spec, &build_dir)?;
    for (i, words) in spec.runs.iter().enumerate() {
        let rd = dir.join(format!("run{i}"));
        fs::create_dir(&rd).map_err(|e| e.to_string())?;
        let built = ["prog.bc", "prog.ll"].iter().copied();
        for f in built.chain(spec.native_libs.iter().map(String::as_str)) {
            if build_dir.join(f).exists() {
                fs::copy(build_dir.join(f), rd.join(f)).map_err(|e| e.to_string())?;
            }
        }
        for (path, line) in &spec.creates {
            let p = rd.join(path);
            if let Some(parent) = p.parent() {
                fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            let mut text = fs::read_to_string(&p).unwrap_or_default();
            text.push_str(line);
            text.push('\n');
            fs::write(&p, text).map_err(|e| e.to_string())?;
        }
        for (path, objs) in &spec.ktests {
            let objs = ktest_objects(objs).expect("checked when parsed");
            let kt = trex::output::ktest::KTest::of_objects(vec!["prog.bc".into()], &objs);
            let p = rd.join(path);
            if let Some(parent) = p.parent() {
                fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            fs::write(&p, kt.to_bytes()).map_err(|e| e.to_string())?;
        }
        let stdin = spec.stdin.as_ref().map(|s| match s.as_str() {
            "source" => spec.path.clone(),
            f => rd.join(f),
        });
        let mut cmd = Command::new(&ctx.trex);
        cmd.args(words).current_dir(&rd);
        let timeout = spec.timeout.unwrap_or(ctx.timeout);
        let out = super::run_cmd_stdin(cmd, dir, &format!("run{i}"), timeout, stdin.as_deref())?;
        let problems = check(spec, &rd, &out);
        if !problems.is_empty() {
            return Err(format!(
                "`trex {}`: {}\n  stderr (tail):\n{}",
                words.join(" "),
                problems.join("; "),
                excerpt(&out.stderr, 12)
            ));
        }
    }
    Ok(())
}

/// `want` with each `...` standing for any text (at the end: a prefix).
fn line_matches(line: &str, want: &str) -> bool {
    let mut parts = want.split("...");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for m in middle {
        match rest.find(m) {
            Some(i) => rest = &rest[i + m.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

fn check(spec: &KSpec, rd: &Path, out: &Out) -> Vec<String> {
    let mut p = Vec::new();
    match out.status.and_then(|s| s.code()) {
        Some(c) if c == spec.status => {}
        _ => p.push(format!(
            "ended with {}, expected exit code {}",
            out.describe_status(),
            spec.status
        )),
    }
    if out.stderr.contains("panicked") || out.stdout.contains("panicked") {
        p.push("trex panicked".into());
    }
    let err: Vec<&str> = out.stderr.lines().collect();
    for want in &spec.stderr {
        if !err.iter().any(|l| line_matches(l, want)) {
            p.push(format!("no stderr line {want:?}"));
        }
    }
    for (n, want) in &spec.stderr_counts {
        let got = err.iter().filter(|l| line_matches(l, want)).count();
        if got != *n {
            p.push(format!("{got} stderr lines {want:?}, expected {n}"));
        }
    }
    if let Some(n) = spec.stderr_lines {
        if err.len() != n {
            p.push(format!("{} stderr lines, expected {n}", err.len()));
        }
    }
    for no in &spec.no_stderr {
        if let Some(l) = err.iter().find(|l| l.contains(no.as_str())) {
            p.push(format!("unexpected stderr line {l:?}"));
        }
    }
    for want in &spec.stdout {
        if !out.stdout.lines().any(|l| line_matches(l, want)) {
            p.push(format!("no stdout line {want:?}"));
        }
    }
    for f in &spec.files {
        if !rd.join(f).exists() {
            p.push(format!("no file {f}"));
        }
    }
    for f in &spec.no_files {
        if rd.join(f).exists() {
            p.push(format!("unexpected file {f}"));
        }
    }
    for (f, want) in &spec.in_files {
        let text = fs::read_to_string(rd.join(f)).unwrap_or_default();
        if !text.lines().any(|l| line_matches(l, want)) {
            p.push(format!("no line {want:?} in {f}"));
        }
    }
    for (f, want) in &spec.whole_files {
        let text = fs::read_to_string(rd.join(f)).unwrap_or_default();
        // (A directive line has no trailing blanks: a file line is compared without its, e.g.
        // KLEE's `Stack: `.)
        let got: Vec<&str> = text.lines().map(str::trim_end).collect();
        if got != *want {
            p.push(format!("{f} is {got:?}, expected {want:?}"));
        }
    }
    for d in &spec.smt2_dirs {
        p.extend(smt2_problems(&rd.join(d)));
    }
    for (d, suffix, n) in &spec.counts {
        let got = fs::read_dir(rd.join(d))
            .map(|rd| {
                rd.flatten()
                    .filter(|e| e.file_name().to_string_lossy().ends_with(suffix.as_str()))
                    .count()
            })
            .unwrap_or(0);
        if got != *n {
            p.push(format!("{got} files *{suffix} in {d}, expected {n}"));
        }
    }
    for (name, cmp, n) in &spec.done {
        let prefix = format!("KLEE: done: {name} = ");
        let got = err
            .iter()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.trim().parse::<u64>().ok());
        let ok = match (got, cmp) {
            (Some(v), Cmp::Eq) => v == *n,
            (Some(v), Cmp::Lt) => v < *n,
            (Some(v), Cmp::Gt) => v > *n,
            (None, _) => false,
        };
        if !ok {
            let op = match cmp {
                Cmp::Eq => "=",
                Cmp::Lt => "<",
                Cmp::Gt => ">",
            };
            p.push(format!(
                "`KLEE: done: {name}` is {got:?}, expected {op} {n}"
            ));
        }
    }
    p
}

/// z3's answer to a script (`check-sat` once).
fn z3(script: &str) -> Result<String, String> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new("z3")
        .arg("-in")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run z3 (scripts/install-deps.sh installs it): {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    drop(stdin);
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `EXPECT-SMT2-SAT`: each `.smt2` of `dir` alone, and with the test's bytes asserted for
/// the arrays of the same names (before its `(check-sat)`), is satisfiable for z3: the file
/// is a path condition that the test's input meets.
fn smt2_problems(dir: &Path) -> Vec<String> {
    let mut p = Vec::new();
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|f| f.extension().is_some_and(|e| e == "smt2"));
    files.sort();
    if files.is_empty() {
        p.push(format!("no .smt2 file in {}", dir.display()));
    }
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let script = fs::read_to_string(&f).unwrap_or_default();
        let bytes = fs::read(f.with_extension("ktest")).unwrap_or_default();
        let test = match trex::output::ktest::KTest::from_bytes(&bytes) {
            Ok(t) => t,
            Err(e) => {
                p.push(format!("{name}: its .ktest: {e}"));
                continue;
            }
        };
        let mut pins = String::new();
        for o in &test.objects {
            if !script.contains(&format!("(declare-fun {} ", o.name)) {
                continue;
            }
            for (i, b) in o.bytes.iter().enumerate() {
                pins.push_str(&format!(
                    "(assert (= (select {} (_ bv{i} 32)) (_ bv{b} 8)))\n",
                    o.name
                ));
            }
        }
        let pinned = script.replace("(check-sat)", &format!("{pins}(check-sat)"));
        for (what, s) in [("alone", &script), ("with its test's bytes", &pinned)] {
            match z3(s) {
                Ok(a) if a == "sat" => {}
                Ok(a) => p.push(format!("z3 says {a:?} for {name} {what}")),
                Err(e) => p.push(e),
            }
        }
    }
    p
}
