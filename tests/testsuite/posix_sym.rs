//! `testsuite/posix-sym/*.c`: small coreutils-like programs run as KLEE's users run them with
//! KLEE's POSIX runtime (`trex --posix-runtime prog.bc --sym-args 0 2 4 ...`), with the exact
//! counts of paths, tests and errors written in the file, and every test replayed twice: by
//! `trex replay` (an `.err` test must end with exactly its error) and, independently,
//! natively (the program compiled by clang against the host's C library, run with the test's
//! arguments, files, stdin and stdout as `klee-replay` would make them, stat data included);
//! both must print the same stdout and end with the same status. See
//! `testsuite/posix-sym/README.md`.

use super::{compile, excerpt, run_cmd, split_args, Out};
use super::{Case, CaseKind, Ctx};
use std::ffi::OsString;
use std::fs::{self, File, FileTimes, OpenOptions, Permissions};
use std::io::{Seek, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::{symlink, DirBuilderExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant, SystemTime};
use trex::output::ktest::{KTest, KTestObject};

#[derive(Debug)]
pub(crate) struct PSpec {
    path: PathBuf,
    /// `RUN:` the words after `trex` of the symbolic run.
    run: Vec<String>,
    /// `EXPECT-DONE: NAME = N`.
    done: Vec<(String, u64)>,
    /// `EXPECT-COUNT: SUFFIX N`: files of the output directory ending with SUFFIX.
    counts: Vec<(String, usize)>,
    /// `EXPECT-STDERR: line` (a prefix when it ends with `...`).
    stderr: Vec<String>,
    /// `EXPECT-OBJECTS: names`: some test has exactly these objects, in this order.
    objects: Vec<Vec<String>>,
    /// `NATIVE: no (reason)`: no native replay, and why (what of the test a native run cannot
    /// reproduce).
    no_native: Option<String>,
    /// `NATIVE-SKIP: OBJECT TYPE (reason)`: the tests whose stat object `OBJECT` says a file
    /// of type `TYPE` are not replayed natively.
    skips: Vec<Skip>,
}

/// A `NATIVE-SKIP:` line.
#[derive(Debug)]
struct Skip {
    /// The stat object (`A-data-stat`, `stdin-stat`, `stdout-stat`).
    object: String,
    /// `st_mode & S_IFMT`.
    kind: u32,
    line: usize,
}

/// File types as a directive names them (`st_mode & S_IFMT`).
const KINDS: &[(&str, u32)] = &[
    ("reg", 0o100000),
    ("dir", 0o040000),
    ("link", 0o120000),
    ("chr", 0o020000),
    ("blk", 0o060000),
    ("fifo", 0o010000),
    ("sock", 0o140000),
];
const S_IFMT: u32 = 0o170000;

/// `WORDS (REASON)` with a reason that says something: the words.
fn with_reason(r: &str) -> Option<&str> {
    let (words, reason) = r.split_once('(')?;
    let reason = reason.trim_end().strip_suffix(')')?;
    (!reason.trim().is_empty()).then_some(words.trim())
}

/// The directives of `testsuite/posix-sym/*.c` (its README).
const DIRECTIVES: &[&str] = &[
    "RUN",
    "EXPECT-DONE",
    "EXPECT-COUNT",
    "EXPECT-STDERR",
    "EXPECT-OBJECTS",
    "NATIVE",
    "NATIVE-SKIP",
];

pub(crate) fn parse(path: &Path) -> Result<PSpec, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut s = PSpec {
        path: path.to_path_buf(),
        run: Vec::new(),
        done: Vec::new(),
        counts: Vec::new(),
        stderr: Vec::new(),
        objects: Vec::new(),
        no_native: None,
        skips: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let Some(c) = line.trim_start().strip_prefix("//") else {
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
            "RUN" => s.run = split_args(r),
            "EXPECT-DONE" => {
                let (name, n) = r.rsplit_once(" = ").ok_or_else(|| bad("EXPECT-DONE"))?;
                let n = n.trim().parse().map_err(|_| bad("EXPECT-DONE"))?;
                s.done.push((name.trim().to_string(), n));
            }
            "EXPECT-COUNT" => {
                let (suffix, n) = r.split_once(' ').ok_or_else(|| bad("EXPECT-COUNT"))?;
                let n = n.trim().parse().map_err(|_| bad("EXPECT-COUNT"))?;
                s.counts.push((suffix.to_string(), n));
            }
            "EXPECT-STDERR" => s.stderr.push(r.to_string()),
            "EXPECT-OBJECTS" => s
                .objects
                .push(r.split_whitespace().map(String::from).collect()),
            "NATIVE" => match with_reason(r) {
                Some("no") => s.no_native = Some(r["no".len()..].trim().to_string()),
                _ => return Err(bad("NATIVE (`NATIVE: no (why)`)")),
            },
            "NATIVE-SKIP" => {
                let bad = || bad("NATIVE-SKIP (`NATIVE-SKIP: OBJECT-stat TYPE (why)`)");
                let words: Vec<&str> = with_reason(r).ok_or_else(bad)?.split(' ').collect();
                let [object, kind] = words[..] else {
                    return Err(bad());
                };
                let kind = KINDS.iter().find(|k| k.0 == kind).ok_or_else(bad)?.1;
                if !object.ends_with("-stat") {
                    return Err(bad());
                }
                s.skips.push(Skip {
                    object: object.to_string(),
                    kind,
                    line: i + 1,
                });
            }
            _ => {}
        }
    }
    if s.run.is_empty() {
        return Err(format!("{}: no `RUN:` line", path.display()));
    }
    if s.done.is_empty() {
        return Err(format!("{}: no `EXPECT-DONE:` line", path.display()));
    }
    if s.no_native.is_some() && !s.skips.is_empty() {
        return Err(format!(
            "{}: `NATIVE-SKIP:` with `NATIVE: no`",
            path.display()
        ));
    }
    Ok(s)
}

pub(crate) fn collect(root: &Path, cases: &mut Vec<Case>) {
    let files = super::programs(root, &["c"]);
    if files.is_empty() {
        cases.push(Case {
            name: "posix-sym".into(),
            kind: CaseKind::Broken(format!("no programs in {}", root.display())),
        });
    }
    for f in files {
        let name = format!("posix-sym/{}", f.file_stem().unwrap().to_string_lossy());
        let kind = match parse(&f) {
            Ok(s) => CaseKind::PosixSym(Arc::new(s)),
            Err(e) => CaseKind::Broken(e),
        };
        cases.push(Case { name, kind });
    }
}

/// The `EXPECT-DONE:` lines (`which` of them) that stderr (`err`, its lines) does not have.
fn done_mismatches(
    err: &[&str],
    done: &[(String, u64)],
    which: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut p = Vec::new();
    for (name, n) in done.iter().filter(|d| which(&d.0)) {
        let prefix = format!("KLEE: done: {name} = ");
        let got = err
            .iter()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.trim().parse::<u64>().ok());
        if got != Some(*n) {
            p.push(format!("`KLEE: done: {name}` is {got:?}, expected {n}"));
        }
    }
    p
}

fn line_matches(line: &str, want: &str) -> bool {
    match want.strip_suffix("...") {
        Some(prefix) => line.starts_with(prefix),
        None => line == want,
    }
}

pub(crate) fn run(ctx: &Ctx, spec: &PSpec, dir: &Path) -> Result<(), String> {
    let src = spec
        .path
        .canonicalize()
        .map_err(|e| format!("{}: {e}", spec.path.display()))?;
    let src = src.to_string_lossy().into_owned();
    let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
    let inc = inc.to_string_lossy().into_owned();
    compile(
        &[
            "-g",
            "-O0",
            "-c",
            "-emit-llvm",
            "-w",
            "-I",
            &inc,
            "-o",
            "prog.bc",
            &src,
        ],
        dir,
        "clang",
    )?;
    compile(
        &["-g", "-O0", "-w", "-o", "native", &src],
        dir,
        "clang-native",
    )?;

    let mut cmd = Command::new(&ctx.trex);
    cmd.args(&spec.run).current_dir(dir);
    let out = run_cmd(cmd, dir, "run", ctx.timeout)?;
    let mut p = Vec::new();
    if out.status.and_then(|s| s.code()) != Some(0) {
        p.push(format!("ended with {}", out.describe_status()));
    }
    if out.stderr.contains("panicked") {
        p.push("trex panicked".into());
    }
    let err: Vec<&str> = out.stderr.lines().collect();
    for want in &spec.stderr {
        if !err.iter().any(|l| line_matches(l, want)) {
            p.push(format!("no stderr line {want:?}"));
        }
    }
    p.extend(done_mismatches(&err, &spec.done, |_| true));
    let outdir = dir.join("klee-out-0");
    let mut names: Vec<String> = fs::read_dir(&outdir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    for (suffix, n) in &spec.counts {
        let got = names
            .iter()
            .filter(|f| f.ends_with(suffix.as_str()))
            .count();
        if got != *n {
            p.push(format!("{got} files *{suffix}, expected {n}"));
        }
    }
    let tests: Vec<&String> = names.iter().filter(|f| f.ends_with(".ktest")).collect();
    let mut seen_objects = Vec::new();
    for t in &tests {
        let kt = read_test(&outdir.join(t))?;
        seen_objects.push(
            kt.objects
                .iter()
                .map(|o| o.name.clone())
                .collect::<Vec<_>>(),
        );
    }
    for want in &spec.objects {
        if !seen_objects.contains(want) {
            p.push(format!("no test has the objects {want:?}"));
        }
    }
    if !p.is_empty() {
        return Err(format!(
            "`trex {}`: {}\n  stderr (tail):\n{}",
            spec.run.join(" "),
            p.join("; "),
            excerpt(&out.stderr, 12)
        ));
    }
    let mut natively = 0;
    let mut skipped = vec![0; spec.skips.len()];
    for t in tests {
        match replay_one(ctx, spec, dir, &outdir, t)? {
            Native::Replayed => natively += 1,
            Native::Skipped(k) => skipped[k] += 1,
            Native::No => {}
        }
    }
    native_counts(spec, natively, &skipped)?;
    concolic_agrees(ctx, spec, dir, &outdir, &names)
}

/// The same command line with `trex concolic` (depth-first, one path at a time on inputs
/// solved from the paths before): the paths, tests and `.err` files of the forking run, the
/// same lines covered, and every test replayed by `trex replay` as its `.err` file says.
fn concolic_agrees(
    ctx: &Ctx,
    spec: &PSpec,
    dir: &Path,
    forking: &Path,
    forking_files: &[String],
) -> Result<(), String> {
    let outdir = dir.join("klee-out-concolic");
    let mut cmd = Command::new(&ctx.trex);
    // (Without interpolation: the forking run's exact counts, KLEE's; the case's command
    // line may say so already.)
    cmd.arg("concolic");
    if !spec.run.iter().any(|a| a == "--no-interpolation") {
        cmd.arg("--no-interpolation");
    }
    cmd.arg("--output-dir").arg(&outdir);
    cmd.args(&spec.run).current_dir(dir);
    let out = run_cmd(cmd, dir, "concolic", ctx.timeout)?;
    let mut p = Vec::new();
    if out.status.and_then(|s| s.code()) != Some(0) {
        p.push(format!("ended with {}", out.describe_status()));
    }
    let err: Vec<&str> = out.stderr.lines().collect();
    let counts = [
        "completed paths",
        "partially completed paths",
        "generated tests",
    ];
    p.extend(done_mismatches(&err, &spec.done, |n| counts.contains(&n)));
    let mut names: Vec<String> = fs::read_dir(&outdir)
        .map(|rd| {
            (rd.flatten())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let count = |files: &[String], s: &str| files.iter().filter(|f| f.ends_with(s)).count();
    for suffix in [".err", ".ktest"] {
        let (a, b) = (count(forking_files, suffix), count(&names, suffix));
        if a != b {
            p.push(format!("{b} files *{suffix}, the forking run {a}"));
        }
    }
    p.extend(super::coverage::same_lines(
        forking, "forking", &outdir, "concolic",
    )?);
    if p.is_empty() {
        // (Replayed in a directory of their own: the forking run's replays keep theirs.)
        let rdir = dir.join("concolic-replay");
        fs::create_dir_all(&rdir).map_err(|e| e.to_string())?;
        for f in ["prog.bc", "native"] {
            fs::copy(dir.join(f), rdir.join(f)).map_err(|e| format!("{f}: {e}"))?;
        }
        for t in names.iter().filter(|f| f.ends_with(".ktest")) {
            if let Err(e) = replay_one(ctx, spec, &rdir, &outdir, t) {
                p.push(format!("{t}: {e}"));
                break;
            }
        }
    }
    if !p.is_empty() {
        return Err(format!(
            "`trex concolic {}`: {}\n  stderr (tail):\n{}",
            spec.run.join(" "),
            p.join("; "),
            excerpt(&out.stderr, 12)
        ));
    }
    Ok(())
}

/// Whether a test was replayed natively.
enum Native {
    Replayed,
    /// Not, by the `NATIVE-SKIP:` line of this index.
    Skipped(usize),
    /// Not: an `.err` test, or the file says `NATIVE: no`.
    No,
}

/// A file replayed natively replays some test natively, and each of its `NATIVE-SKIP:` lines
/// skips some test: one that skips none says something false of the program (or is stale).
fn native_counts(spec: &PSpec, natively: usize, skipped: &[usize]) -> Result<(), String> {
    for (k, n) in spec.skips.iter().zip(skipped) {
        if *n == 0 {
            return Err(format!(
                "{}:{}: `NATIVE-SKIP:` skips no test",
                spec.path.display(),
                k.line
            ));
        }
    }
    if spec.no_native.is_none() && natively == 0 {
        return Err(format!(
            "no test was replayed natively (skipped: {})",
            skipped.iter().sum::<usize>()
        ));
    }
    Ok(())
}

/// The line a replay of a test with an `.err` file must print, from that file (KLEE's
/// layout: `Error: MESSAGE`, `File: FILE`, `Line: N` first): `KLEE: ERROR: FILE:N: MESSAGE`,
/// or KLEE's `(location information missing)` for line 0 or no `File:` line (`Stack:` next). A file without a message or a
/// location is wrong itself: its test would be checked against nothing.
fn error_line_of(err_text: &str) -> Result<String, String> {
    let mut lines = err_text.lines();
    let msg = lines
        .next()
        .and_then(|l| l.strip_prefix("Error: "))
        .filter(|m| !m.trim().is_empty())
        .ok_or("no message (its first line is not `Error: MESSAGE`)")?;
    let second = lines.next();
    if second.is_some_and(|l| l.starts_with("Stack:")) {
        // KLEE's layout for an error without a source file: no `File:` and `Line:` lines.
        return Ok(format!("KLEE: ERROR: (location information missing) {msg}"));
    }
    let file = second
        .and_then(|l| l.strip_prefix("File:"))
        .map(|f| f.strip_prefix(' ').unwrap_or(f))
        .ok_or("no `File:` line after the message")?;
    let line: u32 = lines
        .next()
        .and_then(|l| l.strip_prefix("Line:"))
        .and_then(|l| l.trim().parse().ok())
        .ok_or("no `Line: N` line after `File:`")?;
    Ok(match line {
        0 => format!("KLEE: ERROR: (location information missing) {msg}"),
        _ if file.is_empty() => return Err(format!("line {line} of no file")),
        _ => format!("KLEE: ERROR: {file}:{line}: {msg}"),
    })
}

/// A replay of a test with an `.err` file must end with exactly that error, at that place.
fn check_error(err_path: &Path, status_line: &str) -> Result<(), String> {
    let text = fs::read_to_string(err_path).map_err(|e| format!("{}: {e}", err_path.display()))?;
    let want = error_line_of(&text).map_err(|e| format!("{}: {e}", err_path.display()))?;
    if status_line != want {
        return Err(format!(
            "the replay does not end with the test's error {want:?}: {status_line:?}"
        ));
    }
    Ok(())
}

fn read_test(path: &Path) -> Result<KTest, String> {
    let data = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    KTest::from_bytes(&data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Replays a test with `trex replay`, and natively unless the file says not to: the error of
/// an `.err` test again, or the same stdout and exit status as the native run.
fn replay_one(
    ctx: &Ctx,
    spec: &PSpec,
    dir: &Path,
    outdir: &Path,
    t: &str,
) -> Result<Native, String> {
    let stem = t.trim_end_matches(".ktest");
    let tag = format!("replay-{stem}");
    let mut cmd = Command::new(&ctx.trex);
    cmd.args(["replay", "prog.bc"])
        .arg(outdir.join(t))
        .current_dir(dir);
    let r = run_cmd(cmd, dir, &tag, ctx.timeout)?;
    let err_files: Vec<String> = fs::read_dir(outdir)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.starts_with(&format!("{stem}.")) && f.ends_with(".err"))
        .collect();
    let status_line = r
        .stderr
        .lines()
        .find(|l| l.starts_with("TREX: exit status ") || l.starts_with("KLEE: ERROR: "))
        .unwrap_or("")
        .to_string();
    match &err_files[..] {
        [] => {}
        [ef] => {
            check_error(&outdir.join(ef), &status_line).map_err(|e| format!("{t}: {e}"))?;
            return Ok(Native::No);
        }
        _ => return Err(format!("{t}: more than one .err file: {err_files:?}")),
    }
    let Some(code) = status_line.strip_prefix("TREX: exit status ") else {
        return Err(format!(
            "{t}: the replay did not exit:\n{}",
            excerpt(&r.stderr, 8)
        ));
    };
    if spec.no_native.is_some() {
        return Ok(Native::No);
    }
    let kt = read_test(&outdir.join(t))?;
    let test = Layout::of(&kt).map_err(|e| format!("{t}: {e}"))?;
    if let Some(k) = spec
        .skips
        .iter()
        .position(|k| test.kind_of(&k.object) == Some(k.kind))
    {
        return Ok(Native::Skipped(k));
    }
    let n = native(dir, &test, &tag, ctx.timeout).map_err(|e| format!("{t}: {e}"))?;
    same_outcome(code, &r.stdout, &n).map_err(|e| format!("{t}: trex replay {e}"))?;
    Ok(Native::Replayed)
}

/// trex's replay (exit status `code`, `stdout`) and the native run end alike.
fn same_outcome(code: &str, stdout: &str, n: &Out) -> Result<(), String> {
    let ncode = n.status.and_then(|s| s.code()).map(|c| c.to_string());
    if ncode.as_deref() != Some(code) || n.stdout != stdout {
        return Err(format!(
            "(exit status {code}, stdout {stdout:?}) differs from the native run ({}, stdout {:?})",
            n.describe_status(),
            n.stdout
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The native replay, as KLEE's klee-replay makes it (tools/klee-replay: `klee_init_env` reads
// the test's objects in the order KLEE's POSIX runtime made them, `replay_create_files`
// makes the files, stdin and stdout with the test's stat data, and the program runs with
// umask 0).

/// x86-64's `struct stat` as KLEE's runtime lays out a `-stat` object (144 bytes; trex's
/// `src/posix/sym_fs.rs`): the fields klee-replay gives the file it makes. (`st_size` is the
/// contents' length: KLEE's `__create_new_dfile` sets it after the object is made, so the
/// object's own value is not the file's.)
#[derive(Clone, Copy, Debug)]
struct Stat {
    nlink: u64,
    mode: u32,
    atime: i64,
    mtime: i64,
}

impl Stat {
    fn parse(b: &[u8]) -> Result<Stat, String> {
        if b.len() != 144 {
            return Err(format!("a stat object of {} bytes, not 144", b.len()));
        }
        let u = |off: usize, n: usize| {
            let mut v = [0u8; 8];
            v[..n].copy_from_slice(&b[off..off + n]);
            u64::from_le_bytes(v)
        };
        Ok(Stat {
            nlink: u(16, 8),
            mode: u(24, 4) as u32,
            atime: u(72, 8) as i64,
            mtime: u(88, 8) as i64,
        })
    }

    fn kind(&self) -> u32 {
        self.mode & S_IFMT
    }
}

/// A symbolic file of a test: its contents object's name (`A-data`, `stdin`, `stdout`), its
/// name in the replay directory, contents and stat data.
#[derive(Clone, Debug)]
struct SymFile {
    object: String,
    name: String,
    data: Vec<u8>,
    stat: Stat,
}

/// What a test gives its native run.
#[derive(Clone, Debug)]
struct Layout {
    /// The program's arguments: the command line with each symbolic argument replaced by its
    /// object's string and KLEE's options taken out.
    argv: Vec<OsString>,
    files: Vec<SymFile>,
    stdin: Option<SymFile>,
    stdout: Option<SymFile>,
    /// `model_version` (klee-replay: version 0 files had no permissions recorded).
    version: u32,
}

/// The objects of a test, read in order.
struct Objects<'a> {
    objs: &'a [KTestObject],
    next: usize,
}

impl Objects<'_> {
    fn take(&mut self, name: &str) -> Result<Vec<u8>, String> {
        let o = self
            .objs
            .get(self.next)
            .ok_or_else(|| format!("no object {name}"))?;
        if o.name != name {
            return Err(format!("object {:?} where {name} was expected", o.name));
        }
        self.next += 1;
        Ok(o.bytes.clone())
    }

    fn next_is(&self, name: &str) -> bool {
        self.objs.get(self.next).is_some_and(|o| o.name == name)
    }

    /// A symbolic file: the objects `DATA` and `DATA-stat`, made as `name`.
    fn file(&mut self, data: &str, name: &str) -> Result<SymFile, String> {
        let bytes = self.take(data)?;
        let stat = Stat::parse(&self.take(&format!("{data}-stat"))?)?;
        Ok(SymFile {
            object: data.to_string(),
            name: name.to_string(),
            data: bytes,
            stat,
        })
    }
}

/// KLEE's failure counters (`--max-fail`), in its order.
const FAIL_COUNTERS: &[&str] = &[
    "read_fail",
    "write_fail",
    "close_fail",
    "ftruncate_fail",
    "getcwd_fail",
];

impl Layout {
    /// Reads the test's objects in the order KLEE's `klee_init_env` and `klee_init_fds` make
    /// them: `n_args` and `argNN` along the command line, then `A-data`, `A-data-stat`, ...,
    /// `stdin` and `stdin-stat`, the failure counters, `stdout` and `stdout-stat`,
    /// `model_version`. An object out of place or left over is an error: the test was not
    /// read as it was made.
    fn of(kt: &KTest) -> Result<Layout, String> {
        let mut o = Objects {
            objs: &kt.objects,
            next: 0,
        };
        let cstr = |b: Vec<u8>| {
            let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
            OsString::from_vec(b[..end].to_vec())
        };
        let args = kt.args.get(1..).unwrap_or_default();
        let num = |i: usize| -> Result<u32, String> {
            args.get(i)
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("bad command line {args:?}"))
        };
        let mut argv = Vec::new();
        let (mut nfiles, mut stdin, mut stdout, mut fail) = (0, false, false, false);
        let mut arg_num = 0;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            match a.strip_prefix("--").or_else(|| a.strip_prefix('-')) {
                Some("sym-arg") => {
                    argv.push(cstr(o.take(&format!("arg{arg_num:02}"))?));
                    arg_num += 1;
                    i += 2;
                }
                Some("sym-args") => {
                    let (min, max) = (num(i + 1)?, num(i + 2)?);
                    let n = if min == max {
                        min
                    } else {
                        let b = o.take("n_args")?;
                        u32::from_le_bytes(b[..].try_into().map_err(|_| "n_args: not 4 bytes")?)
                    };
                    for _ in 0..n {
                        argv.push(cstr(o.take(&format!("arg{arg_num:02}"))?));
                        arg_num += 1;
                    }
                    i += 4;
                }
                Some("sym-files") => {
                    nfiles = num(i + 1)?;
                    i += 3;
                }
                Some("sym-stdin") => {
                    stdin = true;
                    i += 2;
                }
                Some("sym-stdout") => {
                    stdout = true;
                    i += 1;
                }
                Some("save-all-writes") => i += 1,
                Some("fd-fail") => {
                    fail = true;
                    i += 1;
                }
                Some("max-fail") => {
                    fail = num(i + 1)? > 0;
                    i += 2;
                }
                _ => {
                    argv.push(a.into());
                    i += 1;
                }
            }
        }
        let mut files = Vec::new();
        for k in 0..nfiles {
            let name = ((b'A' + k as u8) as char).to_string();
            files.push(o.file(&format!("{name}-data"), &name)?);
        }
        let stdin = match stdin {
            true => Some(o.file("stdin", "fd0")?),
            false => None,
        };
        if fail {
            for c in FAIL_COUNTERS {
                o.take(c)?;
            }
        }
        let stdout = match stdout {
            true => Some(o.file("stdout", "fd1")?),
            false => None,
        };
        // klee-replay: a test without the object is of version 0.
        let version = match o.next_is("model_version") {
            true => u32::from_le_bytes(
                o.take("model_version")?[..]
                    .try_into()
                    .map_err(|_| "model_version: not 4 bytes")?,
            ),
            false => 0,
        };
        if let Some(extra) = kt.objects.get(o.next) {
            return Err(format!("object {:?} left over", extra.name));
        }
        Ok(Layout {
            argv,
            files,
            stdin,
            stdout,
            version,
        })
    }

    /// The file type (`st_mode & S_IFMT`) of the stat object `object` of the test, if it has
    /// that object.
    fn kind_of(&self, object: &str) -> Option<u32> {
        let f = match object {
            "stdin-stat" => self.stdin.as_ref(),
            "stdout-stat" => self.stdout.as_ref(),
            _ => {
                let name = object.strip_suffix("-data-stat")?;
                self.files.iter().find(|f| f.name == name)
            }
        };
        f.map(|f| f.stat.kind())
    }
}

const S_IFDIR: u32 = 0o040000;
const S_IFLNK: u32 = 0o120000;
const S_IFCHR: u32 = 0o020000;
const S_IFIFO: u32 = 0o010000;

/// Makes the symbolic file `f` in the replay directory `wd` as klee-replay's `create_file`
/// does, by its stat data's type: a directory with its permission bits; a link to a regular
/// file `NAME.lnk`; a terminal (`NAME` a link to it); for stdin, a pipe when the type is a
/// FIFO or none; any other type a regular file. A second hard link `NAME.link2` when
/// `st_nlink` > 1. For stdin or stdout (`fd`), the descriptor the program gets. The
/// terminals' descriptors go to `held`.
fn create(
    wd: &Path,
    f: &SymFile,
    version: u32,
    fd: Option<u32>,
    held: &mut Vec<OwnedFd>,
) -> Result<Option<Stdio>, String> {
    let path = wd.join(&f.name);
    let e = |what: &str, err: std::io::Error| format!("{what} {}: {err}", path.display());
    let unsupported = |what: &str, why: &str| {
        Err(format!(
            "`{}-stat` says {what} (mode {:o}): {why}",
            f.object, f.stat.mode
        ))
    };
    let kind = f.stat.kind();
    let io = match kind {
        S_IFDIR if fd.is_none() => {
            // mkdir(name, st_mode) with umask 0: the permission and sticky bits.
            let perm = f.stat.mode & 0o1777;
            fs::DirBuilder::new()
                .mode(perm)
                .create(&path)
                .map_err(|err| e("mkdir", err))?;
            fs::set_permissions(&path, Permissions::from_mode(perm))
                .map_err(|err| e("chmod", err))?;
            None
        }
        S_IFLNK => {
            let target = wd.join(format!("{}.lnk", f.name));
            let file = regular(&target, f, version)?;
            symlink(&target, &path).map_err(|err| e("symlink", err))?;
            Some(Stdio::from(file))
        }
        S_IFCHR => {
            let t = Terminal::open(&f.data)?;
            symlink(&t.name, &path).map_err(|err| e("symlink", err))?;
            let slave = t.slave.try_clone().map_err(|err| e("dup", err))?;
            held.extend([t.master, t.slave]);
            Some(Stdio::from(slave))
        }
        S_IFIFO | 0 if fd == Some(0) => Some(pipe(&f.data)?),
        S_IFIFO if fd == Some(1) => {
            return unsupported("a FIFO", "klee-replay makes stdout a pipe's reading end")
        }
        S_IFIFO => {
            return unsupported(
                "a FIFO",
                "klee-replay makes no file for it (it closes the pipe)",
            )
        }
        S_IFDIR => {
            return unsupported(
                "a directory",
                "klee-replay cannot open the one it makes, and leaves the descriptor its own",
            )
        }
        _ => Some(Stdio::from(regular(&path, f, version)?)),
    };
    if fd.is_none() && kind != S_IFDIR && f.stat.nlink > 1 {
        let link2 = wd.join(format!("{}.link2", f.name));
        fs::hard_link(&path, &link2).map_err(|err| e("link", err))?;
    }
    Ok(io.filter(|_| fd.is_some()))
}

/// A regular file with the contents, access and modification times and permission bits of
/// `f` (klee-replay's `create_reg_file`), open for reading and writing at offset 0.
fn regular(path: &Path, f: &SymFile, version: u32) -> Result<File, String> {
    let e = |err: std::io::Error| format!("{}: {err}", path.display());
    let mut mode = f.stat.mode & 0o777;
    if version == 0 && mode == 0 {
        mode = 0o644;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(e)?;
    file.write_all(&f.data).map_err(e)?;
    let time = |secs: i64| match u64::try_from(secs) {
        Ok(s) => SystemTime::UNIX_EPOCH.checked_add(Duration::from_secs(s)),
        Err(_) => SystemTime::UNIX_EPOCH.checked_sub(Duration::from_secs(secs.unsigned_abs())),
    };
    if let (Some(a), Some(m)) = (time(f.stat.atime), time(f.stat.mtime)) {
        // klee-replay ignores futimes' failure (a time the file system cannot hold) too.
        let _ = file.set_times(FileTimes::new().set_accessed(a).set_modified(m));
    }
    file.set_permissions(Permissions::from_mode(mode))
        .map_err(e)?;
    file.rewind().map_err(e)?;
    Ok(file)
}

/// A pipe holding `contents`, its writing end closed: the program reads them, then end of
/// file (klee-replay writes them from a process of its own; a pipe holds 64 KiB).
fn pipe(contents: &[u8]) -> Result<Stdio, String> {
    if contents.len() > 65536 {
        return Err(format!("a stdin pipe of {} bytes", contents.len()));
    }
    let (r, mut w) = std::io::pipe().map_err(|e| format!("pipe: {e}"))?;
    w.write_all(contents).map_err(|e| format!("pipe: {e}"))?;
    Ok(Stdio::from(r))
}

/// A pseudo-terminal as klee-replay's `create_char_dev` makes one: 24 x 80, raw (no input
/// translation, no echo, no signals, no output post-processing), the contents written to it.
/// klee-replay's terminal then blocks a read past the contents until it hangs up, after half
/// its timeout (the read fails with EIO); here the contents are in the terminal's input
/// before the program starts and a read past them returns 0 at once (`VMIN` 0), as KLEE's
/// model answers: no replay waits, and whether the program has read them before a hang-up
/// is no race.
struct Terminal {
    master: OwnedFd,
    slave: OwnedFd,
    /// `/dev/pts/N`.
    name: PathBuf,
}

impl Terminal {
    fn open(contents: &[u8]) -> Result<Terminal, String> {
        let os = |what: &str| format!("terminal: {what}: {}", std::io::Error::last_os_error());
        if contents.len() > 4095 {
            return Err(format!(
                "a terminal's contents of {} bytes (its input holds 4095)",
                contents.len()
            ));
        }
        let (mut m, mut s) = (-1, -1);
        let ws = libc::winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes the two descriptors; no name is asked for and the termios
        // argument may be null.
        if unsafe { libc::openpty(&mut m, &mut s, std::ptr::null_mut(), std::ptr::null(), &ws) }
            != 0
        {
            return Err(os("openpty"));
        }
        // SAFETY: both descriptors were just opened, and nothing else owns them.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(m), OwnedFd::from_raw_fd(s)) };
        for fd in [m, s] {
            // Not inherited: the program gets a duplicate of the slave as stdin or stdout.
            // SAFETY: fcntl on a descriptor owned here.
            if unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) } != 0 {
                return Err(os("fcntl"));
            }
        }
        // SAFETY: termios is plain data, filled by tcgetattr from the slave owned here.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(s, &mut t) } != 0 {
            return Err(os("tcgetattr"));
        }
        t.c_iflag = libc::IGNBRK;
        t.c_oflag &= !(libc::OLCUC | libc::ONLCR | libc::OCRNL | libc::ONLRET);
        t.c_lflag = 0;
        t.c_cc[libc::VMIN] = 0;
        t.c_cc[libc::VTIME] = 0;
        // SAFETY: as above, with the termios just filled.
        if unsafe { libc::tcsetattr(s, libc::TCSANOW, &t) } != 0 {
            return Err(os("tcsetattr"));
        }
        File::from(
            master
                .try_clone()
                .map_err(|e| format!("terminal: dup: {e}"))?,
        )
        .write_all(contents)
        .map_err(|e| format!("terminal: write: {e}"))?;
        // The written bytes reach the slave's input asynchronously.
        let start = Instant::now();
        loop {
            let mut n: libc::c_int = 0;
            // SAFETY: FIONREAD writes one int.
            if unsafe { libc::ioctl(s, libc::FIONREAD, &mut n) } != 0 {
                return Err(os("FIONREAD"));
            }
            if n as usize == contents.len() {
                break;
            }
            if start.elapsed() > Duration::from_secs(10) {
                return Err(format!("terminal: {n} of {} bytes arrived", contents.len()));
            }
            thread::sleep(Duration::from_millis(1));
        }
        let name = fs::read_link(format!("/proc/self/fd/{s}"))
            .map_err(|e| format!("terminal: its name: {e}"))?;
        Ok(Terminal {
            master,
            slave,
            name,
        })
    }
}

/// The native program run on a test as klee-replay runs it: the test's arguments, its
/// symbolic files made in a replay directory of their own (the run's working directory),
/// stdin and stdout as the test's stat data say (a test without a symbolic stdin gets an
/// empty one), umask 0. Its stdout and stderr go to files of `dir` named after `tag`
/// (nothing is captured of a symbolic stdout: the program writes to the file or terminal).
fn native(dir: &Path, t: &Layout, tag: &str, timeout: Duration) -> Result<Out, String> {
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    if uid != 0 && (!t.files.is_empty() || t.stdin.is_some() || t.stdout.is_some()) {
        return Err(format!(
            "a native replay of symbolic files runs as root (as this project's machines do): \
             KLEE's model refuses no read for a file's permission bits, nor does Linux for \
             root; as uid {uid}, a file the test makes unreadable would fail natively"
        ));
    }
    let wd = dir.join(format!("{tag}.native-dir"));
    fs::create_dir_all(&wd).map_err(|e| format!("{}: {e}", wd.display()))?;
    let mut held = Vec::new();
    for f in &t.files {
        create(&wd, f, t.version, None, &mut held)?;
    }
    let stdin = match &t.stdin {
        Some(f) => create(&wd, f, t.version, Some(0), &mut held)?.expect("stdin made"),
        None => Stdio::null(),
    };
    let sym_stdout = match &t.stdout {
        Some(f) => Some(create(&wd, f, t.version, Some(1), &mut held)?.expect("stdout made")),
        None => None,
    };
    let out_path = dir.join(format!("{tag}.native.stdout"));
    let err_path = dir.join(format!("{tag}.native.stderr"));
    let file = |p: &Path| File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    let captured = sym_stdout.is_none();
    let mut cmd = Command::new(dir.join("native"));
    cmd.args(&t.argv)
        .current_dir(&wd)
        .stdin(stdin)
        .stdout(match sym_stdout {
            Some(s) => s,
            None => Stdio::from(file(&out_path)?),
        })
        .stderr(file(&err_path)?);
    // SAFETY: umask is async-signal-safe and touches only the child's own state.
    unsafe {
        cmd.pre_exec(|| {
            libc::umask(0);
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the native program: {e}"))?;
    // The descriptors given to the program are closed here (the terminals' stay in `held`).
    drop(cmd);
    let status = super::wait_timeout(&mut child, start, timeout)?;
    drop(held);
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    Ok(Out {
        status,
        stdout: if captured {
            read(&out_path)
        } else {
            String::new()
        },
        stderr: read(&err_path),
        secs: start.elapsed().as_secs_f64(),
    })
}

// ---------------------------------------------------------------------------------------------
// The harness's own checks (run by the suite's main whatever its filter).

/// A native probe of the environment a test's replay directory gives: the umask, each named
/// file's type (and a link's target's), permission bits, links, times and contents, stdin's
/// type and contents.
const PROBE: &str = r#"
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m) {
  return S_ISREG(m) ? "reg" : S_ISDIR(m) ? "dir" : S_ISLNK(m) ? "link"
       : S_ISCHR(m) ? "chr" : S_ISFIFO(m) ? "fifo" : "other";
}

static void contents(int fd) {
  char b[16];
  ssize_t n;
  printf(" \"");
  while ((n = read(fd, b, sizeof b)) > 0)
    fwrite(b, 1, n, stdout);
  printf("\"%s", n < 0 ? " (read error)" : "");
}

int main(int argc, char **argv) {
  printf("umask %o\n", (unsigned)umask(0));
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (lstat(argv[i], &st) != 0) {
      printf("%s: none\n", argv[i]);
      continue;
    }
    printf("%s: %s", argv[i], kind(st.st_mode));
    if (S_ISLNK(st.st_mode) && stat(argv[i], &st) == 0)
      printf(" to %s", kind(st.st_mode));
    if (!S_ISCHR(st.st_mode))
      printf(" %o", (unsigned)(st.st_mode & 07777));
    if (S_ISREG(st.st_mode))
      printf(" nlink %d atime %lld mtime %lld", (int)st.st_nlink,
             (long long)st.st_atime, (long long)st.st_mtime);
    if (!S_ISDIR(st.st_mode)) {
      int fd = open(argv[i], O_RDONLY);
      contents(fd);
      close(fd);
    }
    printf("\n");
  }
  struct stat st;
  fstat(0, &st);
  printf("stdin: %s", kind(st.st_mode));
  contents(0);
  printf("\n");
  return 0;
}
"#;

/// A `-stat` object as KLEE's runtime lays it out (x86-64's `struct stat`).
fn stat_object(mode: u32, nlink: u64, atime: i64, mtime: i64) -> Vec<u8> {
    let mut b = vec![0u8; 144];
    b[16..24].copy_from_slice(&nlink.to_le_bytes());
    b[24..28].copy_from_slice(&mode.to_le_bytes());
    b[72..80].copy_from_slice(&atime.to_le_bytes());
    b[88..96].copy_from_slice(&mtime.to_le_bytes());
    b
}

fn object(name: &str, bytes: &[u8]) -> KTestObject {
    KTestObject {
        name: name.into(),
        bytes: bytes.to_vec(),
    }
}

/// The error check fails on an `.err` file without a message or a place, and on a replay's
/// line that is not exactly the file's error at its place.
fn self_test_errors(dir: &Path) -> Result<(), String> {
    use trex::output::{render_err, ErrFile};
    let good = render_err(
        &ErrFile {
            message: "memory error: out of bound pointer",
            file: "/t/a.c",
            line: 7,
            suffix: "ptr",
            asm_line: 3,
            stack: &[],
            info: "",
        },
        1,
    );
    let line = "KLEE: ERROR: /t/a.c:7: memory error: out of bound pointer";
    let cases: &[(&str, &str, &str, bool)] = &[
        ("trex's own .err file", &good, line, true),
        (
            "another line",
            &good,
            "KLEE: ERROR: /t/a.c:8: memory error: out of bound pointer",
            false,
        ),
        (
            "another file",
            &good,
            "KLEE: ERROR: /t/b.c:7: memory error: out of bound pointer",
            false,
        ),
        (
            "another message",
            &good,
            "KLEE: ERROR: /t/a.c:7: memory error: null page access",
            false,
        ),
        ("an exit", &good, "TREX: exit status 0", false),
        ("no outcome", &good, "", false),
        (
            "a message that is a suffix of the replay's",
            "Error: out of bound pointer\nFile: /t/a.c\nLine: 7\n",
            line,
            false,
        ),
        (
            "an empty message",
            "Error: \nFile: /t/a.c\nLine: 7\n",
            line,
            false,
        ),
        (
            "a blank message",
            "Error:  \nFile: /t/a.c\nLine: 7\n",
            "KLEE: ERROR: /t/a.c:7:  ",
            false,
        ),
        ("no Error line", "File: /t/a.c\nLine: 7\n", line, false),
        ("an empty file", "", line, false),
        (
            "no place",
            "Error: memory error: out of bound pointer\n",
            line,
            false,
        ),
        (
            "no line",
            "Error: memory error: out of bound pointer\nFile: /t/a.c\n",
            line,
            false,
        ),
        (
            "a line of no file",
            "Error: memory error: out of bound pointer\nFile: \nLine: 7\n",
            "KLEE: ERROR: :7: memory error: out of bound pointer",
            false,
        ),
        (
            "no location",
            "Error: abort failure\nFile: \nLine: 0\n",
            "KLEE: ERROR: (location information missing) abort failure",
            true,
        ),
        (
            "no location in KLEE's layout",
            "Error: abort failure\nStack: \n",
            "KLEE: ERROR: (location information missing) abort failure",
            true,
        ),
        (
            "no location, a place printed",
            "Error: abort failure\nFile: \nLine: 0\n",
            "KLEE: ERROR: :0: abort failure",
            false,
        ),
    ];
    for (i, (what, text, status, ok)) in cases.iter().enumerate() {
        let p = dir.join(format!("test{i:06}.scratch.err"));
        fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
        if check_error(&p, status).is_ok() != *ok {
            return Err(format!(
                "the error check {} {what}: .err {text:?}, replay {status:?}",
                if *ok { "refuses" } else { "accepts" }
            ));
        }
    }
    Ok(())
}

/// The directives: `NATIVE: no` needs a reason; `NATIVE-SKIP` an object, a known type and a
/// reason; a skip that skips nothing, or a file replayed natively that replays no test
/// natively, fails.
fn self_test_directives(dir: &Path) -> Result<(), String> {
    let head = "// RUN: --posix-runtime prog.bc\n// EXPECT-DONE: completed paths = 1\n";
    let cases = [
        ("// NATIVE: no (injected failures)", true),
        ("// NATIVE: no", false),
        ("// NATIVE: no ()", false),
        ("// NATIVE: yes (why not)", false),
        ("// NATIVE-SKIP: stdout-stat chr (a terminal's size)", true),
        ("// NATIVE-SKIP: stdout-stat chr", false),
        ("// NATIVE-SKIP: stdout-stat door (no such type)", false),
        ("// NATIVE-SKIP: stdout chr (not a stat object)", false),
        (
            "// NATIVE-SKIP: A-data-stat link (a) \n// NATIVE: no (b)",
            false,
        ),
    ];
    for (i, (lines, ok)) in cases.iter().enumerate() {
        let p = dir.join(format!("scratch{i}.c"));
        fs::write(&p, format!("{head}{lines}\n")).map_err(|e| e.to_string())?;
        if parse(&p).is_ok() != *ok {
            return Err(format!(
                "the parser {} {lines:?}",
                if *ok { "refuses" } else { "accepts" }
            ));
        }
    }
    let p = dir.join("scratch0.c");
    fs::write(
        &p,
        format!("{head}// NATIVE-SKIP: stdout-stat chr (a terminal's size)\n"),
    )
    .map_err(|e| e.to_string())?;
    let spec = parse(&p)?;
    for (natively, skipped, ok) in [(1, 1, true), (1, 0, false), (0, 1, false)] {
        if native_counts(&spec, natively, &[skipped]).is_ok() != ok {
            return Err(format!(
                "native_counts: {natively} replayed natively, {skipped} skipped: want ok = {ok}"
            ));
        }
    }
    Ok(())
}

/// The native replay makes the test's environment: a probe sees the test's file types,
/// permission bits, links, times and contents, stdin's type and contents and umask 0; the
/// same test with a wrong mode or type (as the harness made every file before: a regular
/// file, mode 0644, stdin a regular file) fails the comparison with what the test says.
/// The test's objects are read in KLEE's order, none left over.
fn self_test_native(dir: &Path) -> Result<(), String> {
    let src = dir.join("probe.c");
    fs::write(&src, PROBE).map_err(|e| e.to_string())?;
    compile(
        &["-O0", "-w", "-o", "native", "probe.c"],
        dir,
        "clang-probe",
    )?;
    let args = "probe.bc A B C D --sym-files 4 3 --sym-stdin 2";
    let test = |a: u32, b: u32, stdin: u32| KTest {
        args: args.split(' ').map(String::from).collect(),
        objects: vec![
            object("A-data", b"aaa"),
            object("A-data-stat", &stat_object(a, 1, 0, 0)),
            object("B-data", b"abc"),
            object(
                "B-data-stat",
                &stat_object(b, 2, 1_000_000_001, 1_000_000_000),
            ),
            object("C-data", b"lnk"),
            object("C-data-stat", &stat_object(0o120600, 1, 5, 6)),
            object("D-data", b"xyz"),
            object("D-data-stat", &stat_object(0o020620, 1, 0, 0)),
            object("stdin", b"hi"),
            object("stdin-stat", &stat_object(stdin, 1, 0, 0)),
            object("model_version", &1u32.to_le_bytes()),
        ],
        ..KTest::default()
    };
    // High bits past the file type, as the solver leaves them, change nothing.
    let (a, b, fifo) = (0x8000_0000 | 0o040750, 0o100640, 0o010600);
    let want = "umask 0\n\
                A: dir 750\n\
                B: reg 640 nlink 2 atime 1000000001 mtime 1000000000 \"abc\"\n\
                C: link to reg 600 nlink 1 atime 5 mtime 6 \"lnk\"\n\
                D: link to chr \"xyz\"\n\
                stdin: fifo \"hi\"\n";
    let timeout = Duration::from_secs(60);
    let run = |kt: &KTest, tag: &str| -> Result<Out, String> {
        native(dir, &Layout::of(kt)?, tag, timeout)
    };
    let n = run(&test(a, b, fifo), "probe")?;
    same_outcome("0", want, &n).map_err(|e| format!("what the test makes {e}"))?;
    let wrong = [
        ("A a regular file", test(0o100750, b, fifo)),
        ("B of mode 0644", test(a, 0o100644, fifo)),
        ("stdin a regular file", test(a, b, 0o100600)),
        ("stdin a terminal", test(a, b, 0o020600)),
        ("all regular, 0644", test(0o100644, 0o100644, 0o100644)),
    ];
    for (i, (what, kt)) in wrong.iter().enumerate() {
        let n = run(kt, &format!("probe-wrong{i}"))?;
        if same_outcome("0", want, &n).is_ok() {
            return Err(format!(
                "a native run with {what} passes for the test's: {:?}",
                n.stdout
            ));
        }
    }
    // An object out of KLEE's order, a missing one, or one left over, is refused.
    let mut swapped = test(a, b, fifo);
    swapped.objects.swap(0, 2);
    let mut missing = test(a, b, fifo);
    missing.objects.remove(3);
    let mut extra = test(a, b, fifo);
    extra.objects.push(object("read_fail", &[0; 4]));
    for (what, kt) in [("swapped", swapped), ("missing", missing), ("extra", extra)] {
        if Layout::of(&kt).is_ok() {
            return Err(format!("a test with objects {what} is read"));
        }
    }
    Ok(())
}

/// The harness's own checks: the error check, the directives, the native environment.
pub(crate) fn self_test() -> Result<(), String> {
    let dir = tempfile::Builder::new()
        .prefix("trex-posix-sym-self-test-")
        .tempdir()
        .map_err(|e| format!("tempdir: {e}"))?;
    self_test_errors(dir.path())?;
    self_test_directives(dir.path())?;
    self_test_native(dir.path())
}
