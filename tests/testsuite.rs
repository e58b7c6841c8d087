//! End-to-end test suite of `trex run` (a plain `fn main`, `harness = false`).
//!
//! For every `testsuite/*.c` and every variant (O0, O2, and O0/O2 with `-m32` when the file says
//! `// M32`), the program is compiled with clang-14 to bitcode and run with `trex run`; the result
//! is checked against the expectation written in the file (see `testsuite/README.md`):
//! - `// EXPECT: exit N`: trex's stdout and `TREX: program exited with status N` line must equal
//!   the native program's (the same bitcode linked by clang-14 against the host libc) and N.
//! - `// EXPECT: error KIND [LINE]`: one `KLEE: ERROR: <path>:<line>: <message>` line on stderr
//!   and one `testNNNNNN.KIND.err` file in the output directory.
//!
//! It also runs a few bad-input checks (missing file, empty file, text file, no `main`, bad
//! `--entry-point`), the symbolic programs of `testsuite/symbolic/`, the `trex verify`
//! programs of `testsuite/verify/` (`verify.rs` beside this file), the KLEE command lines
//! of `testsuite/klee-compat/` (`klee_compat.rs`) and the programs run with KLEE's POSIX
//! runtime of `testsuite/posix-sym/` (`posix_sym.rs`).
//!
//! Environment: `TREX_BIN` (the trex binary; default: this crate's), `TREX_TEST_FILTER` (substring
//! of the case name, also accepted as the first non-flag argument), `TREX_TEST_JOBS` (threads,
//! default 2), `TREX_TEST_TIMEOUT` (seconds per trex run, default 60), `TREX_TEST_KEEP=1` (keep the
//! temporary directories and print their paths on failure), `TREX_TEST_VERBOSE=1` (print full
//! stdout/stderr of failing cases), `TREX_TEST_NO_M32=1` (skip the -m32 variants).
//!
//! The last line printed is exactly `N passed, N failed`; the exit status is 1 if anything failed.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

#[path = "testsuite/cover.rs"]
mod cover;
#[path = "testsuite/coverage.rs"]
mod coverage;
#[path = "common/installed.rs"]
mod installed;
#[path = "testsuite/pse.rs"]
mod pse;
#[path = "testsuite/verify.rs"]
mod verify;

#[path = "testsuite/klee_compat.rs"]
mod klee_compat;
#[path = "testsuite/posix_sym.rs"]
mod posix_sym;
#[path = "testsuite/selftest.rs"]
mod selftest;

const CLANG: &str = "clang-14";
const NATIVE_TIMEOUT: Duration = Duration::from_secs(20);
const COMPILE_TIMEOUT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------------------------------------
// Expectations

#[derive(Clone, Debug, PartialEq)]
enum Expect {
    /// Normal exit with this status.
    Exit(i32),
    /// A runtime error of this kind (the `.err` suffix) at this line of the program's file.
    Error { kind: String, line: u32 },
}

#[derive(Debug)]
struct Spec {
    /// File stem, e.g. `null_deref`.
    name: String,
    path: PathBuf,
    args: Vec<String>,
    expect: Expect,
    message: Option<String>,
    m32: bool,
    libc_none: bool,
    /// Restriction of the optimization levels (`ONLY: O0`).
    only: Option<Vec<String>>,
    timeout: Option<Duration>,
    /// The program's stdin (`STDIN:` lines, one line each; default: empty).
    stdin: Option<String>,
}

/// Splits a `RUN:` line into arguments; double quotes group words (`"a b"`), `\"` is a quote.
fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut in_quotes = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
                in_word = true;
            }
            '"' => {
                in_quotes = !in_quotes;
                in_word = true;
            }
            c if c.is_whitespace() && !in_quotes => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// The key of a directive-shaped comment (`c`: the text after `//`, trimmed): an upper-case
/// word (`A-Z`, digits, `-`, at least two characters) followed by `:`, by ` (`, or alone
/// (`EXPECT-PATHS: 3`, `NO-REPLAY (reason)`, `M32`), or any word starting with `EXPECT` (a key
/// that lost its colon is still a directive). Prose has no such key.
pub(crate) fn directive_key(c: &str) -> Option<&str> {
    let end = c
        .find(|ch: char| ch == ':' || ch.is_whitespace())
        .unwrap_or(c.len());
    let (key, rest) = c.split_at(end);
    let shaped = key.len() >= 2
        && key.starts_with(|ch: char| ch.is_ascii_uppercase())
        && key
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '-');
    let ends = rest.is_empty() || rest.starts_with(':') || rest.trim_start().starts_with('(');
    (shaped && (ends || key.starts_with("EXPECT"))).then_some(key)
}

/// Refuses a directive-shaped comment whose key the parser does not know: a misspelled key
/// (`EXPECT-TEST: 9` for `EXPECT-TESTS`) would otherwise be ignored and its expectation
/// never checked.
pub(crate) fn check_directive(
    path: &Path,
    lineno: usize,
    c: &str,
    known: &[&str],
) -> Result<(), String> {
    match directive_key(c) {
        Some(k) if !known.contains(&k) => Err(format!(
            "{}:{lineno}: unknown directive {k:?} (known here: {})",
            path.display(),
            known.join(", ")
        )),
        _ => Ok(()),
    }
}

const ERROR_MARKER: &str = "ERROR-LINE";

/// `ONLY: O0 (reason...)`: the levels are the words before a parenthesized reason.
fn parse_only(r: &str) -> Result<Vec<String>, String> {
    let levels: Vec<String> = r
        .split('(')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|s| s.to_string())
        .collect();
    for l in &levels {
        if l != "O0" && l != "O2" {
            return Err(format!("bad ONLY level {l:?}"));
        }
    }
    Ok(levels)
}

/// The directives of `testsuite/*.c` (`testsuite/README.md`).
const PROG_DIRECTIVES: &[&str] = &[
    "RUN",
    "EXPECT",
    "EXPECT-MESSAGE",
    "M32",
    "LIBC",
    "ONLY",
    "STDIN",
    "TIMEOUT",
];

fn parse_spec(path: &Path) -> Result<Spec, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let mut args = Vec::new();
    let mut expect: Option<(String, Option<u32>, Option<i32>)> = None; // (kind, line, exit)
    let mut message = None;
    let mut m32 = false;
    let mut libc_none = false;
    let mut only = None;
    let mut timeout = None;
    let mut stdin: Option<String> = None;
    let mut marker_lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lineno = i as u32 + 1;
        if line.contains(ERROR_MARKER) && !line.trim_start().starts_with("//") {
            marker_lines.push(lineno);
        }
        let t = line.trim_start();
        let Some(c) = t.strip_prefix("//") else {
            continue;
        };
        let c = c.trim();
        check_directive(path, lineno as usize, c, PROG_DIRECTIVES)?;
        if let Some(r) = c.strip_prefix("RUN:") {
            args.extend(split_args(r));
        } else if let Some(r) = c.strip_prefix("EXPECT-MESSAGE:") {
            message = Some(r.trim().to_string());
        } else if let Some(r) = c.strip_prefix("EXPECT:") {
            if expect.is_some() {
                return Err(format!("{}:{lineno}: more than one EXPECT", path.display()));
            }
            let w: Vec<&str> = r.split_whitespace().collect();
            match w.as_slice() {
                ["exit", n] => {
                    let n: i32 = n.parse().map_err(|_| {
                        format!("{}:{lineno}: bad exit status {n:?}", path.display())
                    })?;
                    expect = Some((String::new(), None, Some(n)));
                }
                ["error", kind] => expect = Some((kind.to_string(), None, None)),
                ["error", kind, l] => {
                    let l: u32 = l
                        .parse()
                        .map_err(|_| format!("{}:{lineno}: bad line {l:?}", path.display()))?;
                    expect = Some((kind.to_string(), Some(l), None));
                }
                _ => return Err(format!("{}:{lineno}: bad EXPECT: {r:?}", path.display())),
            }
        } else if c == "M32" {
            m32 = true;
        } else if let Some(r) = c.strip_prefix("LIBC:") {
            match r.trim() {
                "none" => libc_none = true,
                "musl" => libc_none = false,
                o => return Err(format!("{}:{lineno}: bad LIBC: {o:?}", path.display())),
            }
        } else if let Some(r) = c.strip_prefix("ONLY:") {
            only = Some(parse_only(r).map_err(|e| format!("{}:{lineno}: {e}", path.display()))?);
        } else if let Some(r) = c.strip_prefix("STDIN:") {
            // One line of stdin per directive (the text after `STDIN: `, then a newline).
            let line = r.strip_prefix(' ').unwrap_or(r);
            let s = stdin.get_or_insert_with(String::new);
            s.push_str(line);
            s.push('\n');
        } else if let Some(r) = c.strip_prefix("TIMEOUT:") {
            let s: u64 = r
                .trim()
                .parse()
                .map_err(|_| format!("{}:{lineno}: bad TIMEOUT", path.display()))?;
            timeout = Some(Duration::from_secs(s));
        }
    }
    let expect = match expect {
        None => return Err(format!("{}: no `// EXPECT:` line", path.display())),
        Some((_, _, Some(n))) => Expect::Exit(n),
        Some((kind, Some(line), None)) => Expect::Error { kind, line },
        Some((kind, None, None)) => match marker_lines.as_slice() {
            [l] => Expect::Error { kind, line: *l },
            [] => {
                return Err(format!(
                    "{}: `EXPECT: error {kind}` without a line and no `{ERROR_MARKER}` marker",
                    path.display()
                ))
            }
            _ => {
                return Err(format!(
                    "{}: more than one `{ERROR_MARKER}` marker",
                    path.display()
                ))
            }
        },
    };
    Ok(Spec {
        name,
        path: path.to_path_buf(),
        args,
        expect,
        message,
        m32,
        libc_none,
        only,
        timeout,
        stdin,
    })
}

/// The message expected when the file gives none: the fixed message of the kind, or a prefix.
fn default_message_ok(kind: &str, msg: &str) -> Result<(), String> {
    let fixed = match kind {
        "ptr" => {
            return if msg == "memory error: null page access"
                || msg == "memory error: out of bound pointer"
            {
                Ok(())
            } else {
                Err(
                    "`memory error: null page access` or `memory error: out of bound pointer`"
                        .into(),
                )
            }
        }
        "read_only" => "memory error: object read only",
        "free" => "memory error: invalid pointer: free",
        "div" => "divide by zero",
        "overshift" => "overshift error",
        "abort" => "abort failure",
        "assert" => {
            return if msg.starts_with("ASSERTION FAIL: ") {
                Ok(())
            } else {
                Err("`ASSERTION FAIL: ...`".into())
            }
        }
        "external" => {
            return if msg.starts_with("failed external call: ") {
                Ok(())
            } else {
                Err("`failed external call: ...`".into())
            }
        }
        _ => return Ok(()),
    };
    if msg == fixed {
        Ok(())
    } else {
        Err(format!("`{fixed}`"))
    }
}

// ---------------------------------------------------------------------------------------------
// Processes

struct Out {
    /// None when killed on timeout.
    status: Option<ExitStatus>,
    stdout: String,
    stderr: String,
    secs: f64,
}

impl Out {
    fn describe_status(&self) -> String {
        match self.status {
            None => "timed out".into(),
            Some(s) => describe(s),
        }
    }
}

fn describe(s: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit code {c}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => format!("{s}"),
    }
}

/// Runs `cmd` with stdout/stderr sent to files in `dir` (named after `tag`), with a timeout.
fn run_cmd(cmd: Command, dir: &Path, tag: &str, timeout: Duration) -> Result<Out, String> {
    run_cmd_stdin(cmd, dir, tag, timeout, None)
}

/// `run_cmd` with stdin read from a file (default: empty).
fn run_cmd_stdin(
    mut cmd: Command,
    dir: &Path,
    tag: &str,
    timeout: Duration,
    stdin: Option<&Path>,
) -> Result<Out, String> {
    let out_path = dir.join(format!("{tag}.stdout"));
    let err_path = dir.join(format!("{tag}.stderr"));
    let so = fs::File::create(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    let se = fs::File::create(&err_path).map_err(|e| format!("{}: {e}", err_path.display()))?;
    let si = match stdin {
        Some(p) => Stdio::from(fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => Stdio::null(),
    };
    cmd.stdin(si).stdout(so).stderr(se);
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let status = wait_timeout(&mut child, start, timeout)?;
    let secs = start.elapsed().as_secs_f64();
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    Ok(Out {
        status,
        stdout: read(&out_path),
        stderr: read(&err_path),
        secs,
    })
}

/// Waits for `child` (started at `start`) until `timeout`; `None`: killed on timeout.
fn wait_timeout(
    child: &mut std::process::Child,
    start: Instant,
    timeout: Duration,
) -> Result<Option<ExitStatus>, String> {
    let mut sleep = Duration::from_millis(2);
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Ok(Some(s)),
            Ok(None) => {}
            Err(e) => return Err(format!("wait: {e}")),
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        thread::sleep(sleep);
        sleep = (sleep * 2).min(Duration::from_millis(25));
    }
}

/// Runs a compiler command; its failure is an error carrying the compiler's stderr.
fn compile(args: &[&str], dir: &Path, tag: &str) -> Result<(), String> {
    let mut cmd = Command::new(CLANG);
    cmd.args(args).current_dir(dir);
    let out = run_cmd(cmd, dir, tag, COMPILE_TIMEOUT)?;
    if out.status.is_some_and(|s| s.success()) {
        Ok(())
    } else {
        Err(format!(
            "`{CLANG} {}` failed ({}):\n{}",
            args.join(" "),
            out.describe_status(),
            excerpt(&out.stderr, 20)
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers for the reports

/// The last `n` lines of `s`, each cut at 300 characters.
fn excerpt(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let start = lines.len().saturating_sub(n);
    let mut r = String::new();
    if start > 0 {
        let _ = writeln!(r, "    ... ({start} lines before)");
    }
    for l in &lines[start..] {
        let l: String = if l.chars().count() > 300 {
            l.chars().take(300).collect::<String>() + "..."
        } else {
            l.to_string()
        };
        let _ = writeln!(r, "    | {l}");
    }
    r
}

/// Describes where `got` first differs from `want`, with a few lines of context.
fn diff_excerpt(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.split_inclusive('\n').collect();
    let g: Vec<&str> = got.split_inclusive('\n').collect();
    let i = w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count();
    let mut r = String::new();
    let _ = writeln!(
        r,
        "  first difference at stdout line {} (native {} lines, trex {} lines)",
        i + 1,
        w.len(),
        g.len()
    );
    let from = i.saturating_sub(2);
    let show = |v: &[&str], r: &mut String, who: &str| {
        for (k, l) in v.iter().enumerate().skip(from).take(i - from + 3) {
            let mark = if k == i { ">" } else { " " };
            let _ = writeln!(r, "  {who}{mark}{:5} | {:?}", k + 1, l);
        }
        if v.len() <= i {
            let _ = writeln!(r, "  {who}> (end of output)");
        }
    };
    show(&w, &mut r, "native");
    show(&g, &mut r, "trex  ");
    r
}

fn stderr_report(out: &Out) -> String {
    format!("  trex stderr (tail):\n{}", excerpt(&out.stderr, 12))
}

// ---------------------------------------------------------------------------------------------
// Cases

#[derive(Clone, Copy, Debug)]
enum BadInput {
    MissingFile,
    EmptyFile,
    TextFile,
    NoMain,
    MissingEntryPoint,
    OtherEntryPoint,
}

enum CaseKind {
    Prog {
        spec: Arc<Spec>,
        opt: &'static str,
        m32: bool,
    },
    Bad(BadInput),
    /// A symbolic program of `testsuite/symbolic/`.
    Sym {
        spec: Arc<SymSpec>,
        opt: &'static str,
    },
    /// A program of `testsuite/verify/` (`trex verify`).
    Verify {
        spec: Arc<verify::VSpec>,
        opt: &'static str,
    },
    /// A program of `testsuite/klee-compat/`, run as KLEE users run it.
    KleeCompat(Arc<klee_compat::KSpec>),
    /// A program of `testsuite/posix-sym/`, run with KLEE's POSIX runtime.
    PosixSym(Arc<posix_sym::PSpec>),
    /// A testsuite file whose expectations could not be parsed.
    Broken(String),
    /// A test of the harness itself (`selftest.rs`): a check that must fail does.
    SelfTest(selftest::Check),
}

struct Case {
    name: String,
    kind: CaseKind,
}

struct Ctx {
    trex: PathBuf,
    timeout: Duration,
    keep: bool,
    verbose: bool,
}

fn tempdir(prefix: &str) -> Result<tempfile::TempDir, String> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(|e| format!("tempdir: {e}"))
}

fn run_case(ctx: &Ctx, case: &Case) -> Result<(), String> {
    match &case.kind {
        CaseKind::Broken(msg) => Err(msg.clone()),
        CaseKind::SelfTest(check) => {
            let dir = tempdir("trex-harness-")?;
            let r = check(ctx, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::Bad(b) => {
            let dir = tempdir("trex-bad-")?;
            let r = run_bad_input(ctx, *b, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::Sym { spec, opt } => {
            let dir = tempdir(&format!("trex-sym-{}-", spec.name.replace('/', "-")))?;
            let r = run_sym(ctx, spec, opt, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::Verify { spec, opt } => {
            let dir = tempdir("trex-verify-")?;
            let r = verify::run_verify(ctx, spec, opt, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::KleeCompat(spec) => {
            let dir = tempdir("trex-klee-compat-")?;
            let r = klee_compat::run(ctx, spec, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::PosixSym(spec) => {
            let dir = tempdir("trex-posix-sym-")?;
            let r = posix_sym::run(ctx, spec, dir.path());
            finish_dir(ctx, dir, r)
        }
        CaseKind::Prog { spec, opt, m32 } => {
            let dir = tempdir(&format!("trex-{}-", spec.name))?;
            let r = run_prog(ctx, spec, opt, *m32, dir.path());
            finish_dir(ctx, dir, r)
        }
    }
}

fn finish_dir(ctx: &Ctx, dir: tempfile::TempDir, r: Result<(), String>) -> Result<(), String> {
    if ctx.keep && r.is_err() {
        let p = dir.keep();
        r.map_err(|e| format!("{e}  (files kept in {})", p.display()))
    } else {
        r
    }
}

/// Checks common to every trex run that should work: exit code 0, no panic, no timeout.
fn check_trex_ran(out: &Out) -> Result<(), String> {
    if out.stderr.contains("panicked") {
        return Err(format!("trex panicked\n{}", stderr_report(out)));
    }
    match out.status {
        None => Err(format!(
            "trex timed out after {:.0} s\n{}",
            out.secs,
            stderr_report(out)
        )),
        Some(s) if !s.success() => Err(format!(
            "trex ended with {} (expected 0)\n{}",
            describe(s),
            stderr_report(out)
        )),
        Some(_) => Ok(()),
    }
}

const EXIT_PREFIX: &str = "TREX: program exited with status ";
const ERROR_PREFIX: &str = "KLEE: ERROR: ";

fn exit_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with(EXIT_PREFIX))
        .collect()
}

fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with(ERROR_PREFIX))
        .collect()
}

/// The location and the message of a `KLEE: ERROR: <file>:<line>: <message>` line.
fn error_parts(l: &str) -> Option<(&str, &str)> {
    l.strip_prefix(ERROR_PREFIX)?.split_once(": ")
}

/// The `.err` suffixes (kinds) of the `testNNNNNN.KIND.err` files in `dir`.
fn err_kinds(dir: &Path) -> Vec<String> {
    let mut kinds = Vec::new();
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if let Some(rest) = n.strip_prefix("test").and_then(|r| r.strip_suffix(".err")) {
                if let Some((num, kind)) = rest.split_once('.') {
                    if num.len() == 6 && num.bytes().all(|b| b.is_ascii_digit()) {
                        kinds.push(kind.to_string());
                    }
                }
            }
        }
    }
    kinds.sort();
    kinds
}

fn run_prog(ctx: &Ctx, spec: &Spec, opt: &str, m32: bool, dir: &Path) -> Result<(), String> {
    let src = spec
        .path
        .canonicalize()
        .map_err(|e| format!("{}: {e}", spec.path.display()))?;
    let src_s = src.to_string_lossy().into_owned();
    let bc = dir.join(format!("{}.bc", spec.name));
    let bc_s = bc.to_string_lossy().into_owned();
    let opt_flag = format!("-{opt}");
    let mut cargs = vec!["-g", opt_flag.as_str(), "-c", "-emit-llvm", "-w"];
    if m32 {
        cargs.push("-m32");
    }
    cargs.extend(["-o", bc_s.as_str(), src_s.as_str()]);
    compile(&cargs, dir, "clang")?;

    // trex
    let out_dir = dir.join("out");
    let mut cmd = Command::new(&ctx.trex);
    cmd.arg("run").arg("--output-dir").arg(&out_dir);
    if spec.libc_none {
        cmd.arg("--libc=none");
    }
    cmd.arg(&bc).args(&spec.args).current_dir(dir);
    let stdin = match &spec.stdin {
        Some(text) => {
            let p = dir.join("stdin.txt");
            fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
            Some(p)
        }
        None => None,
    };
    let timeout = spec.timeout.unwrap_or(ctx.timeout);
    let out = run_cmd_stdin(cmd, dir, "trex", timeout, stdin.as_deref())?;
    let verbose = |msg: String| -> String {
        if ctx.verbose {
            format!(
                "{msg}\n  full trex stdout:\n{}  full trex stderr:\n{}",
                excerpt(&out.stdout, usize::MAX),
                excerpt(&out.stderr, usize::MAX)
            )
        } else {
            msg
        }
    };
    check_trex_ran(&out).map_err(&verbose)?;
    coverage::check_lcov(&out_dir, dir, "run")?;

    match &spec.expect {
        Expect::Exit(want_status) => {
            // The native program: the same bitcode linked against the host's C library.
            let exe = dir.join(format!("{}.native", spec.name));
            let exe_s = exe.to_string_lossy().into_owned();
            // x86-64: link the very bitcode trex ran. i386: clang's default i686 code generator
            // computes float/double on the x87 stack with excess precision, which is not the
            // IR's semantics, so the native reference is compiled from the source with SSE2 math
            // (the IR is the same up to function attributes and vectorization decisions).
            let largs: Vec<&str> = if m32 {
                vec![
                    "-g",
                    opt_flag.as_str(),
                    "-w",
                    "-m32",
                    "-msse2",
                    "-mfpmath=sse",
                    "-o",
                    exe_s.as_str(),
                    src_s.as_str(),
                    "-lm",
                ]
            } else {
                vec![bc_s.as_str(), "-o", exe_s.as_str(), "-lm"]
            };
            compile(&largs, dir, "link")?;
            let mut ncmd = Command::new(&exe);
            ncmd.args(&spec.args).current_dir(dir);
            let native = run_cmd_stdin(ncmd, dir, "native", NATIVE_TIMEOUT, stdin.as_deref())?;
            let native_status = match native.status.and_then(|s| s.code()) {
                Some(c) => c,
                None => {
                    return Err(format!(
                        "the NATIVE program did not exit normally ({}) -- test program bug?",
                        native.describe_status()
                    ))
                }
            };
            if native_status != *want_status {
                return Err(format!(
                    "the NATIVE program exited with {native_status}, the file expects {want_status} -- test program bug?"
                ));
            }
            if let Some(l) = error_lines(&out.stderr).first() {
                return Err(verbose(format!(
                    "unexpected error: {l}\n{}",
                    stderr_report(&out)
                )));
            }
            let lines = exit_lines(&out.stderr);
            let status: i32 = match lines.as_slice() {
                [l] => l[EXIT_PREFIX.len()..]
                    .trim()
                    .parse()
                    .map_err(|_| format!("bad exit line {l:?}"))?,
                [] => {
                    let hint = if exit_lines(&out.stdout).is_empty() {
                        ""
                    } else {
                        " (it is on stdout instead)"
                    };
                    return Err(verbose(format!(
                        "no `{EXIT_PREFIX}N` line on stderr{hint}\n{}",
                        stderr_report(&out)
                    )));
                }
                _ => {
                    return Err(verbose(format!(
                        "{} `{EXIT_PREFIX}N` lines on stderr",
                        lines.len()
                    )))
                }
            };
            if out.stdout != native.stdout {
                return Err(verbose(format!(
                    "stdout differs from the native program's\n{}",
                    diff_excerpt(&native.stdout, &out.stdout)
                )));
            }
            if status != native_status {
                return Err(verbose(format!(
                    "exit status {status}, native (and expected) {native_status}\n{}",
                    stderr_report(&out)
                )));
            }
            if !err_kinds(&out_dir).is_empty() {
                return Err(format!(
                    "unexpected .err files in the output directory: {:?}",
                    err_kinds(&out_dir)
                ));
            }
            Ok(())
        }
        Expect::Error { kind, line } => {
            let file_name = spec
                .path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let errs = error_lines(&out.stderr);
            let l = match errs.as_slice() {
                [l] => *l,
                [] => {
                    let ex = exit_lines(&out.stderr);
                    let what = if ex.is_empty() {
                        String::new()
                    } else {
                        format!(" (instead: {:?})", ex[0])
                    };
                    return Err(verbose(format!(
                        "expected `{ERROR_PREFIX}...{file_name}:{line}: ...` ({kind}), got no error{what}\n{}",
                        stderr_report(&out)
                    )));
                }
                _ => {
                    return Err(verbose(format!(
                        "{} `{ERROR_PREFIX}` lines, expected one\n{}",
                        errs.len(),
                        stderr_report(&out)
                    )))
                }
            };
            let (loc, msg) = error_parts(l).ok_or_else(|| format!("cannot parse {l:?}"))?;
            let (path, got_line) = loc
                .rsplit_once(':')
                .ok_or_else(|| format!("cannot parse location in {l:?}"))?;
            let mut problems = Vec::new();
            if !(path == file_name || path.ends_with(&format!("/{file_name}"))) {
                problems.push(format!("error in file {path:?}, expected {file_name}"));
            }
            if got_line.parse::<u32>().ok() != Some(*line) {
                problems.push(format!("error at line {got_line}, expected {line}"));
            }
            match &spec.message {
                Some(m) if m != msg => problems.push(format!("message {msg:?}, expected {m:?}")),
                Some(_) => {}
                None => {
                    if let Err(want) = default_message_ok(kind, msg) {
                        problems.push(format!("message {msg:?}, expected {want} for kind {kind}"));
                    }
                }
            }
            let kinds = err_kinds(&out_dir);
            if kinds != [kind.clone()] {
                problems.push(format!(
                    "`.err` files of kinds {kinds:?} in the output directory, expected [{kind:?}]"
                ));
            }
            if let Some(e) = exit_lines(&out.stderr).first() {
                problems.push(format!("unexpected {e:?} after an error"));
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(verbose(format!(
                    "{}\n  got: {l}\n{}",
                    problems.join("; "),
                    stderr_report(&out)
                )))
            }
        }
    }
}

fn run_bad_input(ctx: &Ctx, b: BadInput, dir: &Path) -> Result<(), String> {
    let out_dir = dir.join("out");
    let write_bc = |name: &str, src: &str| -> Result<PathBuf, String> {
        let c = dir.join(format!("{name}.c"));
        fs::write(&c, src).map_err(|e| e.to_string())?;
        let bc = dir.join(format!("{name}.bc"));
        compile(
            &[
                "-g",
                "-c",
                "-emit-llvm",
                "-o",
                &bc.to_string_lossy(),
                &c.to_string_lossy(),
            ],
            dir,
            name,
        )?;
        Ok(bc)
    };
    let mut extra: Vec<&str> = Vec::new();
    let input: PathBuf = match b {
        BadInput::MissingFile => dir.join("does-not-exist.bc"),
        BadInput::EmptyFile => {
            let p = dir.join("empty.bc");
            fs::write(&p, b"").map_err(|e| e.to_string())?;
            p
        }
        BadInput::TextFile => {
            let p = dir.join("text.bc");
            fs::write(
                &p,
                "int main(void) { return 0; }\nthis is not LLVM bitcode\n",
            )
            .map_err(|e| e.to_string())?;
            p
        }
        BadInput::NoMain => write_bc("nomain", "int helper(int x) { return x + 1; }\n")?,
        BadInput::MissingEntryPoint => {
            extra.push("--entry-point=no_such_function");
            write_bc("entry", "int main(void) { return 0; }\n")?
        }
        BadInput::OtherEntryPoint => {
            extra.extend(["--libc=none", "--entry-point", "other_entry"]);
            write_bc(
                "entry",
                "volatile int g = 3;\nint other_entry(void) { return g + 4; }\nint main(void) { return 1; }\n",
            )?
        }
    };
    let mut cmd = Command::new(&ctx.trex);
    cmd.arg("run")
        .arg("--output-dir")
        .arg(&out_dir)
        .args(&extra)
        .arg(&input)
        .current_dir(dir);
    let out = run_cmd(cmd, dir, "trex", ctx.timeout)?;
    if out.stderr.contains("panicked") {
        return Err(format!("trex panicked\n{}", stderr_report(&out)));
    }
    if let BadInput::OtherEntryPoint = b {
        check_trex_ran(&out)?;
        let lines = exit_lines(&out.stderr);
        return match lines.as_slice() {
            [l] if l[EXIT_PREFIX.len()..].trim() == "7" => Ok(()),
            _ => Err(format!(
                "expected `{EXIT_PREFIX}7` (other_entry returns 7)\n{}",
                stderr_report(&out)
            )),
        };
    }
    let s = match out.status {
        None => return Err(format!("trex timed out\n{}", stderr_report(&out))),
        Some(s) => s,
    };
    let mut problems = Vec::new();
    match s.code() {
        Some(0) => problems.push("trex exited with 0, expected non-zero".to_string()),
        Some(_) => {}
        None => problems.push(format!("trex ended with {}", describe(s))),
    }
    let n = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("trex: error:"))
        .count();
    if n != 1 {
        problems.push(format!(
            "{n} lines starting `trex: error:` on stderr, expected exactly one"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{}", problems.join("; "), stderr_report(&out)))
    }
}

// ---------------------------------------------------------------------------------------------

/// The programs of a test directory: its files with one of the extensions `exts`, sorted (none
/// if it cannot be read: the caller reports an empty directory).
pub(crate) fn programs(root: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn collect_cases(root: &Path, no_m32: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for (name, b) in [
        ("bad-input/missing-file", BadInput::MissingFile),
        ("bad-input/empty-file", BadInput::EmptyFile),
        ("bad-input/text-file", BadInput::TextFile),
        ("bad-input/no-main", BadInput::NoMain),
        ("bad-input/missing-entry-point", BadInput::MissingEntryPoint),
        ("entry-point/other-function", BadInput::OtherEntryPoint),
    ] {
        cases.push(Case {
            name: name.to_string(),
            kind: CaseKind::Bad(b),
        });
    }
    let files = programs(root, &["c"]);
    if files.is_empty() {
        cases.push(Case {
            name: "testsuite".into(),
            kind: CaseKind::Broken(format!("no *.c files in {}", root.display())),
        });
    }
    for f in files {
        let spec = match parse_spec(&f) {
            Ok(s) => Arc::new(s),
            Err(e) => {
                let name = f.file_stem().unwrap().to_string_lossy().into_owned();
                cases.push(Case {
                    name,
                    kind: CaseKind::Broken(e),
                });
                continue;
            }
        };
        let mut variants = vec![(false, "O0"), (false, "O2")];
        if spec.m32 && !no_m32 {
            variants.extend([(true, "O0"), (true, "O2")]);
        }
        for (m32, opt) in variants {
            if let Some(only) = &spec.only {
                if !only.iter().any(|o| o == opt) {
                    continue;
                }
            }
            let name = format!("{} [{}{}]", spec.name, opt, if m32 { " m32" } else { "" });
            cases.push(Case {
                name,
                kind: CaseKind::Prog {
                    spec: spec.clone(),
                    opt,
                    m32,
                },
            });
        }
    }
    cases
}

// Symbolic programs (testsuite/symbolic/*.c)

/// A count an expectation states: `N` exactly, or `>=N` / `>N` where only a bound is certain
/// (e.g. "interpolation pruned something" is `>0`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Count {
    Exactly(u64),
    AtLeast(u64),
}

impl Count {
    fn parse(r: &str) -> Option<Count> {
        let r = r.trim();
        if let Some(n) = r.strip_prefix(">=") {
            n.trim().parse().ok().map(Count::AtLeast)
        } else if let Some(n) = r.strip_prefix('>') {
            n.trim().parse::<u64>().ok().map(|n| Count::AtLeast(n + 1))
        } else {
            r.parse().ok().map(Count::Exactly)
        }
    }

    fn holds(self, got: Option<u64>) -> bool {
        match (self, got) {
            (Count::Exactly(n), Some(g)) => g == n,
            (Count::AtLeast(n), Some(g)) => g >= n,
            (_, None) => false,
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Count::Exactly(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, ">={n}"),
        }
    }
}

/// Checks a `KLEE: done:` count of a run's stderr against an expectation.
fn check_count(stderr: &str, prefix: &str, what: &str, want: Count, problems: &mut Vec<String>) {
    let got = done_count(stderr, prefix);
    if !want.holds(got) {
        problems.push(format!("{what}: want {want}, got {got:?}"));
    }
}

/// Expectations of a symbolic program (`testsuite/symbolic/README.md`).
struct SymSpec {
    name: String,
    path: PathBuf,
    args: Vec<String>,
    libc_none: bool,
    timeout: Option<Duration>,
    /// `EXPECT-PATHS: N`: completed paths.
    paths: Option<Count>,
    /// `EXPECT-TESTS: N`: generated tests.
    tests: Option<Count>,
    /// `EXPECT-ERRORS: kind line, ...` (or `none`): the reported errors, sorted.
    errors: Option<Vec<(String, u32)>>,
    /// `EXPECT-MESSAGE: text`: some `KLEE: ERROR:` line has exactly this message.
    messages: Vec<String>,
    /// `NO-REPLAY (reason)`: skip the native replay of the tests.
    no_replay: bool,
    /// `OPTIONS: --opt ...`: extra trex options (before the bitcode).
    options: Vec<String>,
    /// `ONLY: O2 (reason)`: restriction of the optimization levels.
    only: Option<Vec<String>>,
    /// `EXPECT-SUBSUMED: N`: paths pruned by interpolation (the run with interpolation).
    subsumed: Option<Count>,
    /// `EXPECT-ITP-PATHS: N`: completed paths with interpolation.
    itp_paths: Option<Count>,
    /// `EXPECT-ABDUCTION: key=N ...`: the counts of `KLEE: done: abduction = ...` in the run
    /// with interpolation (`--interpolation=abduction` among the `OPTIONS`): `abduced`,
    /// `separated`, `cores`, `implications`.
    abduction: Vec<(String, u64)>,
    /// `EXPECT-WARNING: N text`: exactly N `KLEE: WARNING:` (or `KLEE: WARNING ONCE:`) lines on
    /// stderr contain the text.
    warnings: Vec<(usize, String)>,
    /// `ONE-THREAD (reason)`: not in the `--threads` mode (the expectations depend on the
    /// order one thread explores in, e.g. what `--max-tests` lets through).
    one_thread: bool,
    /// `NO-CONCOLIC (reason)`: not in the concolic mode (the expectations depend on pending
    /// paths, which a concolic run has none of, or on options only `trex run` takes).
    no_concolic: bool,
    /// `EXPECT-CONCOLIC: search [no-gc] key=N ...`: a `trex concolic` run with interpolation
    /// (`--search=search`, `--no-greedy-confirmation` with `no-gc`) and its exact counts.
    concolic: Vec<ConcolicExpect>,
    /// `EXPECT-COVER: [--option ...] key=N ...`: a `trex cover` run and its exact goal counts
    /// (`covered`, `proved`, `open`, `goals`).
    cover: Vec<cover::CoverExpect>,
    /// `EXPECT-PSE: [--option ...] key=N ...`: a `trex run --pse` and its exact counts, with
    /// the coverage and errors of the run without pruning.
    pse: Vec<pse::PseExpect>,
}

/// One `EXPECT-CONCOLIC` line: the run's options and the counts it must report.
struct ConcolicExpect {
    args: Vec<String>,
    counts: Vec<(String, u64)>,
}

/// The counts `EXPECT-CONCOLIC` names, from a concolic run's `KLEE: done:` lines.
const CONCOLIC_COUNTS: &[&str] = &[
    "executed",
    "completed",
    "entered",
    "untaken",
    "confirmed",
    "infeasible",
    "gaveup",
    "gcpaths",
    "whole",
];

fn parse_concolic_expect(r: &str) -> Result<ConcolicExpect, String> {
    let mut words = r.split_whitespace();
    let search = words.next().ok_or("no search")?;
    let mut e = ConcolicExpect {
        args: vec![format!("--search={search}")],
        counts: Vec::new(),
    };
    for w in words {
        if w == "no-gc" {
            e.args.push("--no-greedy-confirmation".into());
            continue;
        }
        let (k, v) = w.split_once('=').ok_or(format!("{w}: not key=N"))?;
        if !CONCOLIC_COUNTS.contains(&k) {
            return Err(format!("{k}: not one of {CONCOLIC_COUNTS:?}"));
        }
        let n = v.parse().map_err(|_| format!("{w}: not a count"))?;
        e.counts.push((k.to_string(), n));
    }
    Ok(e)
}

/// The counts of `CONCOLIC_COUNTS` a concolic run reported (`whole`: 1 when it ended with
/// every path explored or covered).
fn concolic_counts(stderr: &str) -> Vec<(&'static str, u64)> {
    let nums = |prefix: &str| -> Vec<u64> {
        let Some(l) = stderr.lines().find(|l| l.starts_with(prefix)) else {
            return Vec::new();
        };
        (l[prefix.len()..].split(|c: char| !c.is_ascii_digit()))
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    let mut out = Vec::new();
    let executed = nums("KLEE: done: executed paths = ");
    out.extend(executed.first().map(|&n| ("executed", n)));
    let whole = stderr.lines().any(|l| {
        l.starts_with("KLEE: done: executed paths = ") && l.contains("every path explored")
    });
    out.push(("whole", whole as u64));
    out.extend(
        nums("KLEE: done: completed paths = ")
            .first()
            .map(|&n| ("completed", n)),
    );
    let pruned = nums("KLEE: done: paths pruned by interpolation = ");
    out.extend(["entered", "untaken"].into_iter().zip(pruned));
    let gc = nums("KLEE: done: greedy confirmation: ");
    out.extend(
        ["confirmed", "infeasible", "gaveup", "gcpaths"]
            .into_iter()
            .zip(gc),
    );
    out
}

/// The directives of `testsuite/symbolic/*.c` (its README).
const SYM_DIRECTIVES: &[&str] = &[
    "RUN",
    "NO-REPLAY",
    "OPTIONS",
    "ONLY",
    "LIBC",
    "TIMEOUT",
    "EXPECT-PATHS",
    "EXPECT-SUBSUMED",
    "EXPECT-ITP-PATHS",
    "EXPECT-ABDUCTION",
    "EXPECT-TESTS",
    "EXPECT-WARNING",
    "EXPECT-ERRORS",
    "EXPECT-MESSAGE",
    "ONE-THREAD",
    "NO-CONCOLIC",
    "EXPECT-CONCOLIC",
    "EXPECT-COVER",
    "EXPECT-PSE",
];

fn parse_sym_spec(path: &Path) -> Result<SymSpec, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut spec = SymSpec {
        name: format!("symbolic/{}", path.file_stem().unwrap().to_string_lossy()),
        path: path.to_path_buf(),
        args: Vec::new(),
        libc_none: false,
        timeout: None,
        paths: None,
        tests: None,
        errors: None,
        messages: Vec::new(),
        no_replay: false,
        options: Vec::new(),
        only: None,
        subsumed: None,
        abduction: Vec::new(),
        itp_paths: None,
        warnings: Vec::new(),
        one_thread: false,
        no_concolic: false,
        concolic: Vec::new(),
        cover: Vec::new(),
        pse: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let Some(c) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let c = c.trim();
        check_directive(path, i + 1, c, SYM_DIRECTIVES)?;
        let Some(key) = directive_key(c) else {
            continue;
        };
        let r = c[key.len()..].strip_prefix(':').unwrap_or("").trim();
        let bad = |what: &str| format!("{}:{}: bad {what}: {r:?}", path.display(), i + 1);
        let num = |r: &str, what: &str| r.trim().parse::<u64>().map_err(|_| bad(what));
        let count = |what: &str| Count::parse(r).ok_or_else(|| bad(what));
        match key {
            "RUN" => spec.args.extend(split_args(r)),
            "NO-REPLAY" => spec.no_replay = true,
            "ONE-THREAD" => spec.one_thread = true,
            "NO-CONCOLIC" => spec.no_concolic = true,
            "EXPECT-CONCOLIC" => spec.concolic.push(
                parse_concolic_expect(r).map_err(|e| bad(&format!("EXPECT-CONCOLIC ({e})")))?,
            ),
            "EXPECT-COVER" => spec
                .cover
                .push(cover::parse(r).map_err(|e| bad(&format!("EXPECT-COVER ({e})")))?),
            "EXPECT-PSE" => spec
                .pse
                .push(pse::parse(r).map_err(|e| bad(&format!("EXPECT-PSE ({e})")))?),
            "OPTIONS" => spec.options.extend(split_args(r)),
            "ONLY" => spec.only = Some(parse_only(r).map_err(|e| bad(&e))?),
            "LIBC" => {
                spec.libc_none = match r {
                    "none" => true,
                    "musl" => false,
                    _ => return Err(bad("LIBC (none or musl)")),
                }
            }
            "TIMEOUT" => spec.timeout = Some(Duration::from_secs(num(r, "TIMEOUT")?)),
            "EXPECT-PATHS" => spec.paths = Some(count("EXPECT-PATHS")?),
            "EXPECT-SUBSUMED" => spec.subsumed = Some(count("EXPECT-SUBSUMED")?),
            "EXPECT-ITP-PATHS" => spec.itp_paths = Some(count("EXPECT-ITP-PATHS")?),
            "EXPECT-ABDUCTION" => {
                for kv in r.split_whitespace() {
                    let (k, v) = kv.split_once('=').ok_or_else(|| bad("EXPECT-ABDUCTION"))?;
                    let v = v.parse().map_err(|_| bad("EXPECT-ABDUCTION"))?;
                    spec.abduction.push((k.to_string(), v));
                }
            }
            "EXPECT-TESTS" => spec.tests = Some(count("EXPECT-TESTS")?),
            "EXPECT-WARNING" => {
                let (n, text) = r.split_once(' ').unwrap_or((r, ""));
                spec.warnings.push((
                    num(n, "EXPECT-WARNING count")? as usize,
                    text.trim().to_string(),
                ));
            }
            "EXPECT-MESSAGE" if !r.is_empty() => spec.messages.push(r.to_string()),
            "EXPECT-MESSAGE" => return Err(bad("EXPECT-MESSAGE (empty)")),
            "EXPECT-ERRORS" => {
                let mut errs = Vec::new();
                if r != "none" {
                    for item in r.split(',') {
                        let w: Vec<&str> = item.split_whitespace().collect();
                        match w.as_slice() {
                            [kind, l] => {
                                errs.push((kind.to_string(), num(l, "error line")? as u32))
                            }
                            _ => return Err(bad("EXPECT-ERRORS item")),
                        }
                    }
                }
                errs.sort();
                spec.errors = Some(errs);
            }
            _ => unreachable!("check_directive let {key} through"),
        }
    }
    if spec.paths.is_none() && spec.tests.is_none() && spec.errors.is_none() {
        return Err(format!(
            "{}: no EXPECT-PATHS / EXPECT-TESTS / EXPECT-ERRORS line",
            path.display()
        ));
    }
    if !spec.messages.is_empty() && spec.errors.as_ref().is_none_or(|e| e.is_empty()) {
        return Err(format!(
            "{}: EXPECT-MESSAGE without an expected error",
            path.display()
        ));
    }
    Ok(spec)
}

/// The number after `prefix` on the line of stderr that starts with it.
/// `KLEE: done: abduction = 4 abduced, 4 separated, ...` as (last word, count) pairs.
fn abduction_counts(stderr: &str) -> std::collections::HashMap<&str, u64> {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("KLEE: done: abduction = "));
    line.into_iter()
        .flat_map(|l| l.split(", "))
        .filter_map(|part| {
            let (n, what) = part.split_once(' ')?;
            Some((what.split_whitespace().next()?, n.parse().ok()?))
        })
        .collect()
}

fn done_count(stderr: &str, prefix: &str) -> Option<u64> {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix(prefix))
        .and_then(|r| r.trim().parse().ok())
}

fn run_sym(ctx: &Ctx, spec: &SymSpec, opt: &str, dir: &Path) -> Result<(), String> {
    run_sym_pruning(ctx, spec, opt, dir, true)
}

/// `run_sym` whose second run prunes by interpolation (`pruning`) or not: the harness's own
/// test switches it off to see a soundness twin's pruning expectation fail.
fn run_sym_pruning(
    ctx: &Ctx,
    spec: &SymSpec,
    opt: &str,
    dir: &Path,
    pruning: bool,
) -> Result<(), String> {
    let src = spec
        .path
        .canonicalize()
        .map_err(|e| format!("{}: {e}", spec.path.display()))?;
    let src_s = src.to_string_lossy().into_owned();
    let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
    let inc_s = inc.to_string_lossy().into_owned();
    let bc = dir.join("prog.bc");
    let bc_s = bc.to_string_lossy().into_owned();
    let opt_flag = format!("-{opt}");
    let cargs = vec![
        "-g",
        opt_flag.as_str(),
        "-c",
        "-emit-llvm",
        "-w",
        "-I",
        inc_s.as_str(),
        "-o",
        bc_s.as_str(),
        src_s.as_str(),
    ];
    compile(&cargs, dir, "clang")?;
    // Exploration without interpolation: KLEE's exact counts.
    let out_dir = dir.join("out");
    let (out, mut problems) = sym_run(ctx, spec, dir, &out_dir, How::Run(false, 1), spec.paths)?;
    if let Some(want) = spec.tests {
        let p = "KLEE: done: generated tests = ";
        check_count(&out.stderr, p, "generated tests", want, &mut problems);
    }
    if !problems.is_empty() {
        return Err(format!("{}\n{}", problems.join("; "), stderr_report(&out)));
    }
    if threads_mode(spec, opt) {
        run_threads(ctx, spec, dir, &out_dir)?;
    }
    if !spec.no_concolic && opt == first_level(spec) {
        run_concolic(ctx, spec, dir, &out_dir)?;
    }
    if opt == first_level(spec) {
        cover::run(ctx, spec, dir, &out_dir)?;
        pse::run(ctx, spec, dir, &out_dir)?;
    }
    // With interpolation (the default): the same errors must be found (soundness), and the
    // counts of pruned and completed paths when the program states them.
    let itp_dir = dir.join("out-itp");
    let how = How::Run(pruning, 1);
    let (out2, mut problems) = sym_run(ctx, spec, dir, &itp_dir, how, spec.itp_paths)?;
    if let Some(want) = spec.subsumed {
        let p = "KLEE: done: subsumed paths = ";
        check_count(&out2.stderr, p, "subsumed paths", want, &mut problems);
    }
    if !spec.abduction.is_empty() {
        let got = abduction_counts(&out2.stderr);
        for (k, v) in &spec.abduction {
            if got.get(k.as_str()) != Some(v) {
                problems.push(format!(
                    "abduction {k}: want {v}, got {:?}",
                    got.get(k.as_str())
                ));
            }
        }
    }
    if !problems.is_empty() {
        return Err(format!(
            "with interpolation: {}\n{}",
            problems.join("; "),
            stderr_report(&out2)
        ));
    }
    if spec.no_replay || !spec.args.is_empty() {
        return Ok(());
    }
    let count = |p| done_count(&out.stderr, p);
    let every_path_tested = count("KLEE: done: generated tests = ")
        == Some(
            count("KLEE: done: completed paths = ").unwrap_or(0)
                + count("KLEE: done: partially completed paths = ").unwrap_or(0),
        );
    replay_tests(ctx, spec, &src_s, opt, dir, &out_dir, every_path_tested)?;
    if spec
        .path
        .file_stem()
        .is_some_and(|s| s == coverage::REPORT_PROGRAM)
        && opt == "O0"
    {
        coverage::check_report(ctx, &out_dir, dir)?;
    }
    Ok(())
}

/// Threads of the `--threads` mode.
const MODE_THREADS: u32 = 4;

/// The symbolic cases the `--threads` mode runs: those of 3 completed paths or more (with
/// fewer there is little to split), at the first optimization level of each (-O0 unless
/// `ONLY: O2`), not those about interpolation (`itp_*`: pruning differs by design when the
/// subtrees are split between threads), not `ONE-THREAD` ones.
fn threads_mode(spec: &SymSpec, opt: &str) -> bool {
    let paths = match spec.paths {
        Some(Count::Exactly(n) | Count::AtLeast(n)) => n,
        None => 0,
    };
    let first = first_level(spec);
    let itp = spec
        .path
        .file_stem()
        .is_some_and(|s| s.to_string_lossy().starts_with("itp_"));
    paths >= 3 && opt == first && !itp && !spec.one_thread
}

/// The first optimization level a case runs at (-O0 unless `ONLY: O2`).
fn first_level(spec: &SymSpec) -> &str {
    spec.only
        .as_ref()
        .and_then(|o| o.first())
        .map_or("O0", |s| s.as_str())
}

/// The `--threads` mode: the spec's exact expectations (paths, tests, errors, messages,
/// warnings) hold on `MODE_THREADS` threads too, and the lines covered are those of the run on
/// one thread (`one`, its output directory).
fn run_threads(ctx: &Ctx, spec: &SymSpec, dir: &Path, one: &Path) -> Result<(), String> {
    let out_dir = dir.join("out-threads");
    let how = How::Run(false, MODE_THREADS);
    let (out, mut problems) = sym_run(ctx, spec, dir, &out_dir, how, spec.paths)?;
    if let Some(want) = spec.tests {
        let p = "KLEE: done: generated tests = ";
        check_count(&out.stderr, p, "generated tests", want, &mut problems);
    }
    let many = format!("on {MODE_THREADS}");
    problems.extend(coverage::same_lines(one, "on one thread", &out_dir, &many)?);
    if !problems.is_empty() {
        return Err(format!(
            "with --threads {MODE_THREADS}: {}\n{}",
            problems.join("; "),
            stderr_report(&out)
        ));
    }
    Ok(())
}

/// How a symbolic case is run.
#[derive(Clone, Copy, Debug)]
enum How {
    /// `trex run`, with interpolation or not, on this many threads.
    Run(bool, u32),
    /// `trex concolic` (dfs), with `--ippc` or not, with interpolation or not.
    Concolic(bool, bool),
    /// `trex concolic` with interpolation and the options of the spec's k-th
    /// `EXPECT-CONCOLIC` line.
    ConcolicWith(usize),
}

/// The concolic mode (`trex concolic`, dfs, without interpolation, then with `--ippc` for
/// cases of 4 paths or more; then, for `itp_*` cases, with interpolation, whose errors must
/// be the same): the spec's exact
/// expectations (paths, tests, errors, messages, warnings) hold for a concolic run too, which
/// executes each path of the forking run once, and the lines covered are those of the
/// forking run (`forking`, its output directory).
fn run_concolic(ctx: &Ctx, spec: &SymSpec, dir: &Path, forking: &Path) -> Result<(), String> {
    // (`--ippc` where a path has several negations to solve: 4 completed paths or more.)
    let ippc_too = matches!(spec.paths, Some(Count::Exactly(n) | Count::AtLeast(n)) if n >= 4);
    for ippc in [false, true] {
        if ippc && !ippc_too {
            continue;
        }
        let out_dir = dir.join(if ippc { "out-ippc" } else { "out-concolic" });
        let how = How::Concolic(ippc, false);
        let (out, mut problems) = sym_run(ctx, spec, dir, &out_dir, how, spec.paths)?;
        if let Some(want) = spec.tests {
            let p = "KLEE: done: generated tests = ";
            check_count(&out.stderr, p, "generated tests", want, &mut problems);
        }
        problems.extend(coverage::same_lines(
            forking, "forking", &out_dir, "concolic",
        )?);
        if !problems.is_empty() {
            let what = if ippc {
                "trex concolic --ippc"
            } else {
                "trex concolic"
            };
            return Err(format!(
                "{what}: {}\n{}",
                problems.join("; "),
                stderr_report(&out)
            ));
        }
    }
    // Each search's exact counts (`EXPECT-CONCOLIC`), and the spec's errors.
    for (k, e) in spec.concolic.iter().enumerate() {
        let out_dir = dir.join(format!("out-concolic-{k}"));
        let (out, mut problems) = sym_run(ctx, spec, dir, &out_dir, How::ConcolicWith(k), None)?;
        let got = concolic_counts(&out.stderr);
        for (key, want) in &e.counts {
            let g = got.iter().find(|(k, _)| k == key).map(|x| x.1);
            if g != Some(*want) {
                problems.push(format!("{key}: want {want}, got {g:?}"));
            }
        }
        if !problems.is_empty() {
            return Err(format!(
                "trex concolic {}: {}\n{}",
                e.args.join(" "),
                problems.join("; "),
                stderr_report(&out)
            ));
        }
    }
    // With interpolation (the concolic mode's default), for the programs about it (`itp_*`,
    // their soundness twins among them): the same errors (soundness of pruning paths where
    // they enter a node).
    let itp = spec
        .path
        .file_stem()
        .is_some_and(|s| s.to_string_lossy().starts_with("itp_"));
    if !itp {
        return Ok(());
    }
    let out_dir = dir.join("out-concolic-itp");
    let (out, problems) = sym_run(ctx, spec, dir, &out_dir, How::Concolic(false, true), None)?;
    if !problems.is_empty() {
        return Err(format!(
            "trex concolic with interpolation: {}\n{}",
            problems.join("; "),
            stderr_report(&out)
        ));
    }
    Ok(())
}

/// Runs trex on `prog.bc` (`how`) and checks the completed paths (`paths`) and the errors of
/// the spec.
fn sym_run(
    ctx: &Ctx,
    spec: &SymSpec,
    dir: &Path,
    out_dir: &Path,
    how: How,
    paths: Option<Count>,
) -> Result<(Out, Vec<String>), String> {
    let bc = dir.join("prog.bc");
    let mut cmd = Command::new(&ctx.trex);
    let (interpolation, threads) = match how {
        How::Run(i, t) => (i, t),
        How::Concolic(_, i) => (i, 1),
        How::ConcolicWith(_) => (true, 1),
    };
    match how {
        How::Run(..) => cmd.arg("run"),
        How::Concolic(ippc, _) => cmd.arg("concolic").args(ippc.then_some("--ippc")),
        How::ConcolicWith(k) => cmd.arg("concolic").args(&spec.concolic[k].args),
    };
    cmd.arg("--output-dir").arg(out_dir);
    // A forking run's thread count is always given: the default is the machine's cores,
    // and the spec's exact expectations are the one-thread run's.
    if let How::Run(..) = how {
        cmd.arg(format!("--threads={threads}"));
    }
    if !interpolation {
        cmd.arg("--no-interpolation");
    }
    if spec.libc_none {
        cmd.arg("--libc=none");
    }
    cmd.args(&spec.options);
    cmd.arg(&bc).args(&spec.args).current_dir(dir);
    let out = run_cmd(cmd, dir, "trex", spec.timeout.unwrap_or(ctx.timeout))?;
    check_trex_ran(&out)?;
    let tag = match how {
        How::Run(true, _) => "itp",
        How::Run(false, 1) => "no-itp",
        How::Run(false, _) => "threads",
        How::Concolic(false, false) => "concolic",
        How::Concolic(true, _) => "concolic-ippc",
        How::Concolic(false, true) => "concolic-itp",
        How::ConcolicWith(_) => "concolic-counts",
    };
    coverage::check_lcov(out_dir, dir, tag)?;
    if matches!(how, How::Run(false, 1)) {
        let insts = done_count(&out.stderr, "KLEE: done: total instructions = ").unwrap_or(0);
        coverage::check_run_stats(ctx, out_dir, dir, insts)?;
    }
    let mut problems = Vec::new();
    for (want, text) in &spec.warnings {
        let got = out
            .stderr
            .lines()
            .filter(|l| {
                (l.starts_with("KLEE: WARNING: ") || l.starts_with("KLEE: WARNING ONCE: "))
                    && l.contains(text.as_str())
            })
            .count();
        if got != *want {
            problems.push(format!(
                "warnings containing {text:?}: want {want}, got {got}"
            ));
        }
    }
    if let Some(want) = paths {
        let p = "KLEE: done: completed paths = ";
        check_count(&out.stderr, p, "completed paths", want, &mut problems);
    }
    for want in &spec.messages {
        let has = error_lines(&out.stderr)
            .iter()
            .any(|l| error_parts(l).is_some_and(|(_, m)| m == want));
        if !has {
            problems.push(format!("no `KLEE: ERROR:` line with the message {want:?}"));
        }
    }
    if let Some(want) = &spec.errors {
        let file = spec
            .path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let mut lines = Vec::new();
        for l in error_lines(&out.stderr) {
            let rest = &l[ERROR_PREFIX.len()..];
            let pat = format!("{file}:");
            let line = rest
                .find(&pat)
                .and_then(|i| rest[i + pat.len()..].split(':').next())
                .and_then(|n| n.parse::<u32>().ok());
            match line {
                Some(n) => lines.push(n),
                None => problems.push(format!("error outside the program: {l}")),
            }
        }
        lines.sort();
        let mut kinds = err_kinds(out_dir);
        let want_kinds: Vec<String> = want.iter().map(|e| e.0.clone()).collect();
        let mut want_lines: Vec<u32> = want.iter().map(|e| e.1).collect();
        want_lines.sort();
        let mut want_kinds_sorted = want_kinds.clone();
        want_kinds_sorted.sort();
        if interpolation {
            // Pruning may drop repeated reports (`--emit-all-errors`), never a location.
            for v in [&mut want_lines, &mut lines] {
                v.dedup();
            }
            for v in [&mut want_kinds_sorted, &mut kinds] {
                v.dedup();
            }
        }
        if kinds != want_kinds_sorted || lines != want_lines {
            problems.push(format!(
                "errors: want {want:?}, got kinds {kinds:?} at lines {lines:?}"
            ));
        }
    }
    Ok((out, problems))
}

/// `build/runtime/native-x86_64/libtrexreplay.a`, built once by `scripts/build-replay.sh`.
fn replay_lib() -> Result<PathBuf, String> {
    static LIB: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();
    LIB.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let out = Command::new(root.join("scripts/build-replay.sh"))
            .current_dir(root)
            .output()
            .map_err(|e| format!("scripts/build-replay.sh: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "scripts/build-replay.sh failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(root.join("build/runtime/native-x86_64/libtrexreplay.a"))
    })
    .clone()
}

/// Error kinds whose native replay runs under a sanitizer, with its flag: invalid accesses
/// and frees do not reliably crash a plain native build (an out-of-bounds write into a
/// neighbour, a read of freed memory), nor does a shift by the width or more; AddressSanitizer
/// and UBSan's `shift-exponent` check turn each into a report and an abort.
const SANITIZED_KINDS: [(&str, &str); 3] = [
    ("ptr", "-fsanitize=address"),
    ("free", "-fsanitize=address"),
    ("overshift", "-fsanitize=shift-exponent"),
];

fn sanitizer_of(kind: &str) -> Option<&'static str> {
    SANITIZED_KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, f)| *f)
}

/// Replays every test natively (the source compiled with libtrexreplay): the test of an error
/// must end the program by a signal (abort, crash), any other must let it exit, without a
/// replay error (object names and sizes must match trex's). A program expecting `ptr` / `free`
/// errors is built with `-fsanitize=address` (`ASAN_OPTIONS=abort_on_error=1`): the replay of
/// each such error test must then print an AddressSanitizer report whose innermost frame in
/// the program's file is at the line of the `.err` file. At -O0, the coverage cross-check
/// (`testsuite/coverage.rs`) follows, with the same sanitizers.
fn replay_tests(
    ctx: &Ctx,
    spec: &SymSpec,
    src: &str,
    opt: &str,
    dir: &Path,
    out_dir: &Path,
    every_path_tested: bool,
) -> Result<(), String> {
    let lib = replay_lib()?;
    let lib_s = lib.to_string_lossy().into_owned();
    let inc = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/include");
    let inc_s = inc.to_string_lossy().into_owned();
    let exe = dir.join("prog.native");
    let exe_s = exe.to_string_lossy().into_owned();
    let opt_flag = format!("-{opt}");
    let mut sanitizers: Vec<&str> = spec
        .errors
        .iter()
        .flatten()
        .filter_map(|(k, _)| sanitizer_of(k))
        .collect();
    sanitizers.sort();
    sanitizers.dedup();
    let mut cargs = vec![opt_flag.as_str(), "-g", "-w", "-I", inc_s.as_str()];
    cargs.extend(&sanitizers);
    if !sanitizers.is_empty() {
        cargs.push("-fno-sanitize-recover=all");
    }
    cargs.extend([src, lib_s.as_str(), "-o", exe_s.as_str()]);
    compile(&cargs, dir, "clang-native")?;
    let file_name = spec
        .path
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let names: Vec<String> = fs::read_dir(out_dir)
        .map_err(|e| format!("{}: {e}", out_dir.display()))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut tests: Vec<&String> = names.iter().filter(|n| n.ends_with(".ktest")).collect();
    tests.sort();
    for t in tests {
        let stem = t.trim_end_matches(".ktest");
        let err_file = names
            .iter()
            .find(|n| n.starts_with(&format!("{stem}.")) && n.ends_with(".err"));
        let is_err = err_file.is_some();
        let mut cmd = Command::new(&exe);
        cmd.env("KTEST_FILE", out_dir.join(t)).current_dir(dir);
        if !sanitizers.is_empty() {
            cmd.env("ASAN_OPTIONS", "abort_on_error=1:detect_leaks=0")
                .env("UBSAN_OPTIONS", "abort_on_error=1:print_stacktrace=1");
        }
        let out = run_cmd(cmd, dir, &format!("replay-{stem}"), ctx.timeout)?;
        let Some(status) = out.status else {
            return Err(format!("replay of {stem} timed out"));
        };
        // (An error test may print the replay library's own report, e.g. of `reach_error`;
        // any test may print `klee_warning`'s `KLEE-RUNTIME: WARNING:` lines.)
        if out.stderr.contains("KLEE_RUN_TEST_ERROR")
            || out.stderr.contains("object name mismatch")
            || (!is_err && out.stderr.contains("KLEE-RUNTIME: ERROR"))
        {
            return Err(format!(
                "replay of {stem}: replay error\n{}",
                excerpt(&out.stderr, 5)
            ));
        }
        let signalled = status.code().is_none();
        if is_err != signalled {
            return Err(format!(
                "replay of {stem} ({}): the native program ended with {}\n{}",
                if is_err {
                    "an error test"
                } else {
                    "a normal test"
                },
                describe(status),
                excerpt(&out.stderr, 5)
            ));
        }
        let Some(err_file) = err_file else { continue };
        let kind = err_file
            .trim_end_matches(".err")
            .rsplit('.')
            .next()
            .unwrap_or("");
        if sanitizer_of(kind).is_some() {
            let text = fs::read_to_string(out_dir.join(err_file)).unwrap_or_default();
            let want = text
                .lines()
                .find_map(|l| l.strip_prefix("Line: "))
                .and_then(|n| n.trim().parse::<u32>().ok());
            let got = sanitizer_line(&out.stderr, &file_name);
            let report = out.stderr.contains("ERROR: AddressSanitizer")
                || out.stderr.contains(": runtime error: ");
            if !report || got.is_none() || got != want {
                return Err(format!(
                    "replay of {stem} ({kind} error at line {want:?}): no sanitizer report at that line (got {got:?})\n{}",
                    excerpt(&out.stderr, 12)
                ));
            }
        }
    }
    if opt != "O0" {
        return Ok(());
    }
    let mut flags = sanitizers.clone();
    if !sanitizers.is_empty() {
        flags.push("-fno-sanitize-recover=all");
    }
    let check = coverage::CrossCheck {
        src,
        out_dir,
        every_path_tested,
        flags: &flags,
        replay_lib: &lib_s,
        include: &inc_s,
    };
    coverage::cross_check(ctx, &check, dir)
}

/// The line in `file` of a sanitizer report: UBSan's `/path/file.c:15:10: runtime error: ...`,
/// else the innermost stack frame in `file` (`    #1 0x... in main /path/file.c:15:10`).
fn sanitizer_line(stderr: &str, file: &str) -> Option<u32> {
    let pat = format!("/{file}:");
    stderr
        .lines()
        .filter(|l| l.trim_start().starts_with('#') || l.contains(": runtime error: "))
        .find_map(|l| {
            let i = l.find(&pat)?;
            l[i + pat.len()..].split(':').next()?.parse().ok()
        })
}

fn collect_sym_cases(root: &Path, cases: &mut Vec<Case>) {
    collect_spec_cases(root, &["c"], "symbolic", cases, &|f| {
        let s = Arc::new(parse_sym_spec(f)?);
        let (name, only) = (s.name.clone(), s.only.clone());
        let kind = move |opt| CaseKind::Sym {
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

/// The programs of a directory (`exts`), sorted, each at -O0 and -O2 unless its `ONLY` says
/// otherwise: `parse` gives a program's name, levels and case; a program it refuses is a
/// broken case named `<prefix>/<stem>`.
#[allow(clippy::type_complexity)]
fn collect_spec_cases(
    root: &Path,
    exts: &[&str],
    prefix: &str,
    cases: &mut Vec<Case>,
    parse: &dyn Fn(
        &Path,
    ) -> Result<
        (
            String,
            Option<Vec<String>>,
            Box<dyn Fn(&'static str) -> CaseKind>,
        ),
        String,
    >,
) {
    let mut files: Vec<PathBuf> = fs::read_dir(root)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    for f in files {
        match parse(&f) {
            Ok((name, only, kind)) => {
                for opt in ["O0", "O2"] {
                    if only.as_ref().is_some_and(|o| !o.iter().any(|l| l == opt)) {
                        continue;
                    }
                    cases.push(Case {
                        name: format!("{name} [{opt}]"),
                        kind: kind(opt),
                    });
                }
            }
            Err(e) => cases.push(Case {
                name: format!("{prefix}/{}", f.file_stem().unwrap().to_string_lossy()),
                kind: CaseKind::Broken(e),
            }),
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testsuite");
    let trex = std::env::var_os("TREX_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_trex")));
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .or_else(|| std::env::var("TREX_TEST_FILTER").ok())
        .filter(|f| !f.is_empty());
    let jobs: usize = std::env::var("TREX_TEST_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(2);
    let timeout = Duration::from_secs(
        std::env::var("TREX_TEST_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(60),
    );
    let flag = |v: &str| std::env::var(v).is_ok_and(|s| !s.is_empty() && s != "0");
    let ctx = Arc::new(Ctx {
        trex,
        timeout,
        keep: flag("TREX_TEST_KEEP"),
        verbose: flag("TREX_TEST_VERBOSE"),
    });

    let mut cases = collect_cases(&root, flag("TREX_TEST_NO_M32"));
    collect_sym_cases(&root.join("symbolic"), &mut cases);
    verify::collect_verify_cases(&root.join("verify"), &mut cases);
    klee_compat::collect(&root.join("klee-compat"), &mut cases);
    posix_sym::collect(&root.join("posix-sym"), &mut cases);
    selftest::collect(&mut cases);
    if let Some(f) = &filter {
        cases.retain(|c| c.name.contains(f.as_str()));
        if cases.is_empty() {
            // A misspelled filter must not pass as a green run of nothing.
            println!("trex testsuite: the filter {f:?} matches no case");
            std::process::exit(1);
        }
    }
    if std::env::args().any(|a| a == "--list") {
        for c in &cases {
            match &c.kind {
                CaseKind::Broken(e) => println!("{}: broken: {e}", c.name),
                _ => println!("{}", c.name),
            }
        }
        return;
    }
    println!(
        "trex testsuite: {} cases, {} threads, trex = {}",
        cases.len(),
        jobs,
        ctx.trex.display()
    );
    let total = cases.len();
    let queue = Arc::new(Mutex::new(cases.into_iter().collect::<VecDeque<Case>>()));
    let results = Arc::new(Mutex::new((
        0usize,
        Vec::<String>::new(),
        Vec::<(f64, String)>::new(),
    )));
    let start = Instant::now();
    let handles: Vec<_> = (0..jobs.min(total.max(1)))
        .map(|_| {
            let queue = queue.clone();
            let results = results.clone();
            let ctx = ctx.clone();
            thread::spawn(move || loop {
                let Some(case) = queue.lock().unwrap().pop_front() else {
                    break;
                };
                let t = Instant::now();
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_case(&ctx, &case)
                }))
                .unwrap_or_else(|_| Err("the harness panicked on this case".into()));
                let mut res = results.lock().unwrap();
                res.2.push((t.elapsed().as_secs_f64(), case.name.clone()));
                match r {
                    Ok(()) => {
                        res.0 += 1;
                        println!("ok   {} ({:.1} s)", case.name, t.elapsed().as_secs_f64());
                    }
                    Err(e) => {
                        println!("FAIL {}: {}", case.name, e.trim_end());
                        res.1.push(case.name.clone());
                    }
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let (passed, failed, mut times) = {
        let r = results.lock().unwrap();
        (r.0, r.1.clone(), r.2.clone())
    };
    times.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    if times.len() > 5 {
        let list: Vec<String> = times
            .iter()
            .take(5)
            .map(|(t, n)| format!("{n} {t:.1} s"))
            .collect();
        println!("slowest: {}", list.join(", "));
    }
    if !failed.is_empty() {
        println!("\nfailed cases ({}):", failed.len());
        for f in &failed {
            println!("  {f}");
        }
    }
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
    println!("{} passed, {} failed", passed, failed.len());
    if !failed.is_empty() {
        std::process::exit(1);
    }
}
