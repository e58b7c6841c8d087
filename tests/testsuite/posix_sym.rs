//! `testsuite/posix-sym/*.c`: small coreutils-like programs run as KLEE's users run them with
//! KLEE's POSIX runtime (`trex --posix-runtime prog.bc --sym-args 0 2 4 ...`), with the exact
//! counts of paths, tests and errors written in the file, and every test replayed twice: by
//! `trex replay` and, independently, natively (the program compiled by clang against the host's
//! C library, run with the test's arguments, files and stdin as `klee-replay` would make them);
//! both must print the same stdout and end with the same status. See
//! `testsuite/posix-sym/README.md`.

use super::{compile, excerpt, run_cmd, run_cmd_stdin, split_args, Out};
use super::{Case, CaseKind, Ctx};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use trex::output::ktest::KTest;

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
    /// `NATIVE: no`: skip the native replay (the outcome depends on stat data or injected
    /// failures, which a native run does not reproduce).
    native: bool,
}

/// The directives of `testsuite/posix-sym/*.c` (its README).
const DIRECTIVES: &[&str] = &[
    "RUN",
    "EXPECT-DONE",
    "EXPECT-COUNT",
    "EXPECT-STDERR",
    "EXPECT-OBJECTS",
    "NATIVE",
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
        native: true,
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
            "NATIVE" => s.native = r != "no",
            _ => {}
        }
    }
    if s.run.is_empty() {
        return Err(format!("{}: no `RUN:` line", path.display()));
    }
    if s.done.is_empty() {
        return Err(format!("{}: no `EXPECT-DONE:` line", path.display()));
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
    for (name, n) in &spec.done {
        let prefix = format!("KLEE: done: {name} = ");
        let got = err
            .iter()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.trim().parse::<u64>().ok());
        if got != Some(*n) {
            p.push(format!("`KLEE: done: {name}` is {got:?}, expected {n}"));
        }
    }
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
    for t in tests {
        replay_one(ctx, spec, dir, &outdir, t)?;
    }
    Ok(())
}

/// The line a replay of a test with an `.err` file must print, from that file (KLEE's
/// layout: `Error: MESSAGE`, `File: FILE`, `Line: N` first): `KLEE: ERROR: FILE:N: MESSAGE`,
/// or KLEE's `(location information missing)` for line 0. A file without a message or a
/// location is wrong itself: its test would be checked against nothing.
fn error_line_of(err_text: &str) -> Result<String, String> {
    let mut lines = err_text.lines();
    let msg = lines
        .next()
        .and_then(|l| l.strip_prefix("Error: "))
        .filter(|m| !m.trim().is_empty())
        .ok_or("no message (its first line is not `Error: MESSAGE`)")?;
    let file = lines
        .next()
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
fn replay_one(ctx: &Ctx, spec: &PSpec, dir: &Path, outdir: &Path, t: &str) -> Result<(), String> {
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
            return check_error(&outdir.join(ef), &status_line).map_err(|e| format!("{t}: {e}"))
        }
        _ => return Err(format!("{t}: more than one .err file: {err_files:?}")),
    }
    let Some(code) = status_line.strip_prefix("TREX: exit status ") else {
        return Err(format!(
            "{t}: the replay did not exit:\n{}",
            excerpt(&r.stderr, 8)
        ));
    };
    if !spec.native {
        return Ok(());
    }
    let kt = read_test(&outdir.join(t))?;
    let n = native(dir, &kt, &tag, ctx)?;
    let ncode = n.status.and_then(|s| s.code()).map(|c| c.to_string());
    if ncode.as_deref() != Some(code) || n.stdout != r.stdout {
        return Err(format!(
            "{t}: trex replay (exit status {code}, stdout {:?}) differs from the native run ({}, stdout {:?})",
            r.stdout,
            n.describe_status(),
            n.stdout
        ));
    }
    Ok(())
}

/// The native program run on a test as `klee-replay` runs it: the arguments of the test's
/// command line with its symbolic ones replaced by the objects' strings, files `A`, `B`, ...
/// holding their objects' bytes (in a directory of their own, the run's working directory),
/// stdin the `stdin` object's bytes.
fn native(dir: &Path, kt: &KTest, tag: &str, ctx: &Ctx) -> Result<Out, String> {
    let mut objs = kt.objects.iter();
    let mut take = |name: &str| -> Result<Vec<u8>, String> {
        let o = objs
            .next()
            .ok_or_else(|| format!("test: no object for {name}"))?;
        if !o.name.starts_with(name) {
            return Err(format!(
                "test: object {:?} where {name} was expected",
                o.name
            ));
        }
        Ok(o.bytes.clone())
    };
    let cstr = |b: Vec<u8>| {
        let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
        std::ffi::OsString::from(String::from_utf8_lossy(&b[..end]).into_owned())
    };
    let args = kt.args.get(1..).unwrap_or_default();
    let num = |i: usize| -> Result<u32, String> {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("test: bad command line {args:?}"))
    };
    let (mut argv, mut files, mut stdin_len) = (Vec::new(), (0, 0), 0);
    let mut i = 0;
    while i < args.len() {
        match args[i].trim_start_matches('-') {
            "sym-arg" if args[i].starts_with('-') => {
                argv.push(cstr(take("arg")?));
                i += 2;
            }
            "sym-args" if args[i].starts_with('-') => {
                let (min, max) = (num(i + 1)?, num(i + 2)?);
                let n = if min == max {
                    min
                } else {
                    let b = take("n_args")?;
                    u32::from_le_bytes(b[..4].try_into().map_err(|_| "test: n_args size")?)
                };
                for _ in 0..n {
                    argv.push(cstr(take("arg")?));
                }
                i += 4;
            }
            "sym-files" if args[i].starts_with('-') => {
                files = (num(i + 1)?, num(i + 2)?);
                i += 3;
            }
            "sym-stdin" if args[i].starts_with('-') => {
                stdin_len = num(i + 1)?;
                i += 2;
            }
            _ => {
                argv.push(args[i].clone().into());
                i += 1;
            }
        }
    }
    let wd = dir.join(format!("{tag}.native-dir"));
    fs::create_dir_all(&wd).map_err(|e| e.to_string())?;
    for k in 0..files.0 {
        let name = ((b'A' + k as u8) as char).to_string();
        let data = take(&format!("{name}-data"))?;
        take(&format!("{name}-data-stat"))?;
        fs::write(wd.join(&name), data).map_err(|e| e.to_string())?;
    }
    let stdin = if stdin_len > 0 {
        let data = take("stdin")?;
        take("stdin-stat")?;
        let p = dir.join(format!("{tag}.stdin"));
        fs::write(&p, data).map_err(|e| e.to_string())?;
        Some(p)
    } else {
        None
    };
    let mut cmd = Command::new(dir.join("native"));
    cmd.args(argv).current_dir(&wd);
    run_cmd_stdin(
        cmd,
        dir,
        &format!("{tag}.native"),
        ctx.timeout,
        stdin.as_deref(),
    )
}
