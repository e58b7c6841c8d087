//! `trex replay --native PROGRAM TEST.ktest...`: KLEE's klee-replay. Runs a natively built
//! program once per test of a KLEE POSIX-runtime run (`--sym-args`, `--sym-files`,
//! `--sym-stdin`, ...): the arguments, files and stdin rebuilt from the test's objects
//! (`posix_test.rs`), the files in a fresh temporary directory where the program runs
//! (`sandbox.rs`). Prints the command line, lets the program's output through (or not:
//! `--hide-output`) and ends each test with its outcome in the words of `trex replay`:
//! `TREX: exit status N`, or `TREX: killed by signal N (NAME)`, or a timeout. trex's exit
//! status is 1 when some test could not be run to its end (unreadable, of another program,
//! files that cannot be made, a timeout).
//!
//! Not replayed natively: `--max-fail` failure injection. The counters say at which call of
//! `read`, `write`, ... the model fails; natively the C library's own calls cannot be counted
//! or failed from outside (glibc's stdio calls `read` internally, not through the symbol an
//! interposer could replace; klee-replay does not inject them either). A note names the
//! counters; the system calls then succeed.

mod posix_test;
mod pty;
mod sandbox;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use super::parse::parse_time_span;
use crate::output::ktest::KTest;
use posix_test::PosixTest;
use sandbox::Sandbox;

/// The options of `trex replay --native`.
#[derive(clap::Args, Debug)]
pub struct NativeOptions {
    /// PROGRAM is a native executable: run it on each test's arguments, files and stdin (the
    /// objects of KLEE's POSIX runtime), in a temporary directory, as KLEE's klee-replay.
    #[arg(long, conflicts_with_all = ["libc", "entry_point", "max_instructions", "args", "posix_runtime"])]
    pub native: bool,
    /// With --native: stop a test's run after this time (`10`, `10s`, `1min`; default: none)
    /// and count it as not replayed.
    #[arg(long, value_name = "TIME", value_parser = parse_time_span, requires = "native")]
    pub timeout: Option<Duration>,
    /// With --native: send the program's stdout and stderr to /dev/null.
    #[arg(long, requires = "native")]
    pub hide_output: bool,
}

/// How a test's run ended.
enum Ended {
    Status(ExitStatus),
    TimedOut(Duration),
}

pub fn replay(program: &Path, tests: &[PathBuf], o: &NativeOptions) -> Result<()> {
    // The program runs in the replay directory: an absolute path (argv[0] stays as given).
    let exe = std::fs::canonicalize(program)
        .with_context(|| format!("cannot find program {}", program.display()))?;
    let meta = std::fs::metadata(&exe)?;
    if !meta.is_file() || meta.permissions().mode() & 0o111 == 0 {
        bail!("{} is not an executable file", program.display());
    }
    let mut failed = 0;
    for test in tests {
        let ok = match replay_one(program, &exe, test, o) {
            Ok(Ended::Status(st)) => {
                eprintln!("TREX: {}", outcome(st));
                true
            }
            Ok(Ended::TimedOut(t)) => {
                eprintln!("TREX: timed out after {} s: killed", t.as_secs_f64());
                false
            }
            Err(e) => {
                eprintln!("trex: error: {}: {e:#}", test.display());
                false
            }
        };
        failed += usize::from(!ok);
    }
    if failed > 0 {
        bail!(
            "{failed} of {} tests were not replayed to their end",
            tests.len()
        );
    }
    Ok(())
}

fn replay_one(program: &Path, exe: &Path, test: &Path, o: &NativeOptions) -> Result<Ended> {
    let kt = std::fs::read(test)
        .map_err(anyhow::Error::from)
        .and_then(|b| Ok(KTest::from_bytes(&b)?))
        .context("cannot read the test")?;
    let t = PosixTest::from_ktest(&kt)?;
    let mut shown = format!("{:?}", program.display().to_string());
    for a in &t.args {
        shown.push_str(&format!(" {:?}", String::from_utf8_lossy(a)));
    }
    eprintln!("TREX: replaying {} natively: {shown}", test.display());
    if t.max_fail > 0 {
        let counters: Vec<String> = t
            .fail_counters
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        eprintln!(
            "TREX: note: failure injection (--max-fail {}: {}) is not replayed natively: the \
             system calls do not fail",
            t.max_fail,
            counters.join(" ")
        );
    }
    let mut sb = Sandbox::create(&t)?;
    let quiet = || {
        if o.hide_output {
            Stdio::null()
        } else {
            Stdio::inherit()
        }
    };
    let mut cmd = Command::new(exe);
    cmd.arg0(program)
        .args(t.args.iter().map(|a| OsStr::from_bytes(a)))
        .current_dir(sb.path())
        .stdin(sb.stdin.take().unwrap_or_else(Stdio::inherit))
        .stdout(sb.stdout.take().unwrap_or_else(quiet))
        .stderr(quiet())
        // Its own process group, so that a timeout kills whatever it started too.
        .process_group(0);
    let mut child = cmd
        .spawn()
        .with_context(|| format!("cannot run {}", program.display()))?;
    // The command holds our copy of a pipe's read end: closed, the feeder sees the program
    // stop reading.
    drop(cmd);
    let ended = wait(&mut child, o.timeout);
    kill_group(&child);
    sb.finish();
    ended
}

fn wait(child: &mut Child, timeout: Option<Duration>) -> Result<Ended> {
    let Some(limit) = timeout else {
        return Ok(Ended::Status(child.wait()?));
    };
    let start = Instant::now();
    let mut nap = Duration::from_millis(1);
    loop {
        if let Some(st) = child.try_wait()? {
            return Ok(Ended::Status(st));
        }
        if start.elapsed() >= limit {
            kill_group(child);
            child.wait()?;
            return Ok(Ended::TimedOut(limit));
        }
        std::thread::sleep(nap.min(limit.saturating_sub(start.elapsed())));
        nap = (nap * 2).min(Duration::from_millis(20));
    }
}

/// Kills the program's process group (what it left running, as klee-replay does after each
/// test).
fn kill_group(child: &Child) {
    // SAFETY: kill(2) with the group the program leads; no memory is involved.
    unsafe {
        libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
    }
}

/// The outcome line after `TREX: `, in `trex replay`'s words for an exit.
fn outcome(st: ExitStatus) -> String {
    match (st.code(), st.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(sig)) => format!("killed by signal {sig} ({})", signal_name(sig)),
        (None, None) => format!("ended: {st}"),
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGINT => "SIGINT",
        libc::SIGALRM => "SIGALRM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => "other",
    }
}
