//! Bitcode and `.ll` through LLVM's reader and trex's lowering (`load_module_bytes`), in
//! batches in a child process: on LLVM's fatal errors and crashes the reader's guard
//! (`ir/lower/guard.rs`) prints one `trex: error:` line and exits with status 1, which here is
//! a clean rejection of the input being read; the child is then started again after it. A
//! child killed by a signal, one that hangs, panics or exits otherwise is a failure.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;

use super::mutate::Mutator;
use super::{panic_message, Config, Tally};

pub struct Program {
    pub name: &'static str,
    pub inputs: Mutator,
}

/// A small C program compiled by clang-14 (`$TREX_CLANG`) to bitcode and to `.ll`.
const PROGRAM: &str = r#"
#include <string.h>
struct s { int a; char b[8]; double d; };
static int table[4] = {1, 2, 3, 5};
int klee_make_symbolic(void *, unsigned long, const char *);
int f(struct s *p, int n) {
    int r = 0;
    for (int i = 0; i < n && i < 8; i++)
        r += p->b[i] * table[i & 3];
    return n > 3 ? r / n : (int)p->d;
}
int main(int argc, char **argv) {
    struct s x;
    memset(&x, 0, sizeof x);
    klee_make_symbolic(&x.a, sizeof x.a, "a");
    switch (x.a) { case 1: return f(&x, argc); case 7: return 2; default: break; }
    return x.a > 100 ? f(&x, x.a) : 0;
}
"#;

fn compile(dir: &Path, args: &[&str], out: &str) -> Vec<u8> {
    let clang = std::env::var("TREX_CLANG").unwrap_or_else(|_| "clang-14".into());
    let src = dir.join("p.c");
    std::fs::write(&src, PROGRAM).unwrap();
    let o = Command::new(&clang)
        .args(args)
        .arg("-o")
        .arg(dir.join(out))
        .arg(&src)
        .output()
        .unwrap_or_else(|e| panic!("{clang} not found ({e}): the bitcode seeds need it"));
    assert!(
        o.status.success(),
        "{clang}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read(dir.join(out)).unwrap()
}

pub fn targets() -> Vec<Program> {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let bc = vec![
        compile(p, &["-c", "-emit-llvm", "-g", "-O0"], "o0.bc"),
        compile(p, &["-c", "-emit-llvm", "-O2"], "o2.bc"),
    ];
    let ll = vec![
        compile(p, &["-S", "-emit-llvm", "-g", "-O0"], "o0.ll"),
        compile(p, &["-S", "-emit-llvm", "-O2"], "o2.ll"),
    ];
    let ll_dict = [
        "define",
        "i32",
        "i64*",
        "ptr",
        "getelementptr",
        "!dbg",
        "!{",
        "call",
        "br label %",
        "phi",
        "store",
        "load",
        "alloca",
        "\n}\n",
        "@",
        "%",
        "[4 x i32]",
        "addrspace(1)",
        "x86_fp80",
        "<4 x i32>",
        "!DILocation(",
        "distinct",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    vec![
        Program {
            name: "bitcode",
            inputs: Mutator {
                seeds: bc,
                dict: vec![b"BC\xc0\xde".to_vec()],
                max_len: 1 << 16,
            },
        },
        Program {
            name: "ll",
            inputs: Mutator {
                seeds: ll,
                dict: ll_dict,
                max_len: 1 << 16,
            },
        },
    ]
}

/// How the child ended an input.
enum Event {
    Start(usize),
    /// Read: accepted or not.
    Done(bool),
    Panic(usize, String),
}

fn parse_event(line: &str) -> Option<Event> {
    // Not at the line's start: libtest's `test ... ` precedes the first line unterminated.
    let rest = &line[line.find("fuzz-child: ")? + "fuzz-child: ".len()..];
    let mut w = rest.splitn(3, ' ');
    let (what, i) = (w.next()?, w.next()?.parse().ok()?);
    Some(match what {
        "start" => Event::Start(i),
        "ok" => Event::Done(true),
        "rejected" => Event::Done(false),
        "panic" => Event::Panic(i, w.next().unwrap_or("").to_string()),
        _ => return None,
    })
}

/// Inputs per child: a child costs a process start; a fatal error ends it early anyway.
const BATCH: usize = 256;

pub fn fuzz(p: &Program, cfg: &Config, rng: &mut StdRng, secs: f64) -> Tally {
    let mut tally = Tally::new(p.name);
    let start = Instant::now();
    let budget = Duration::from_secs_f64(secs);
    let dir = tempfile::tempdir().unwrap();
    let batch_file = dir.path().join("batch");
    let stderr_file = dir.path().join("stderr");
    let mut guard_exits = 0u64;
    while start.elapsed() < budget {
        let batch: Vec<Vec<u8>> = (0..BATCH)
            .map(|_| {
                let mut v = Vec::new();
                p.inputs.next(rng, &mut v);
                v
            })
            .collect();
        let mut from = 0;
        while from < batch.len() && start.elapsed() < budget {
            let mut f = Vec::new();
            for b in &batch[from..] {
                f.extend_from_slice(&(b.len() as u32).to_le_bytes());
                f.extend_from_slice(b);
            }
            std::fs::write(&batch_file, f).unwrap();
            let end = run_child(
                p,
                cfg,
                &batch_file,
                &stderr_file,
                &batch[from..],
                &mut tally,
            );
            match end {
                // The child read the rest of the batch.
                None => break,
                Some((i, guard)) => {
                    guard_exits += guard as u64;
                    from += i + 1;
                }
            }
        }
    }
    println!(
        "fuzz-note: {}: {} inputs rejected by the reader's guard (LLVM fatal error or crash: \
         child exit 1 with its error line)",
        p.name, guard_exits
    );
    tally.secs = start.elapsed().as_secs_f64();
    tally
}

/// Runs a child on `batch`; `None` when it read all of it, else the index of the input that
/// ended it (and whether that was the guard's clean exit).
fn run_child(
    p: &Program,
    cfg: &Config,
    batch_file: &Path,
    stderr_file: &Path,
    batch: &[Vec<u8>],
    tally: &mut Tally,
) -> Option<(usize, bool)> {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new(exe)
        .args([
            "cli::fuzz::bitcode::child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("FUZZ_BATCH", batch_file)
        .env(
            "FUZZ_BATCH_NAME",
            format!("fuzz.{}", if p.name == "ll" { "ll" } else { "bc" }),
        )
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(stderr_file).unwrap())
        .spawn()
        .expect("the fuzz child");
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines() {
            let Ok(l) = l else { break };
            if let Some(e) = parse_event(&l) {
                if tx.send(e).is_err() {
                    break;
                }
            }
        }
    });
    let mut current = None;
    let fail = |tally: &mut Tally, i: usize, kind: &str, why: &str| {
        tally.failures += 1;
        if tally.failures <= 20 {
            cfg.save(p.name, tally.tried, kind, &batch[i], why);
        }
    };
    loop {
        match rx.recv_timeout(cfg.timeout) {
            Ok(Event::Start(i)) => current = Some(i),
            Ok(Event::Done(ok)) => {
                current = None;
                tally.tried += 1;
                tally.rejected += !ok as u64;
            }
            Ok(Event::Panic(i, why)) => {
                tally.tried += 1;
                fail(tally, i, "panic", &why);
                let _ = child.wait();
                return Some((i, false));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                let i = current.unwrap_or(0);
                tally.tried += 1;
                fail(
                    tally,
                    i,
                    "hang",
                    &format!("over {} ms", cfg.timeout.as_millis()),
                );
                return Some((i, false));
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    let _ = std::fs::File::open(stderr_file).and_then(|mut f| f.read_to_string(&mut stderr));
    let Some(i) = current else {
        if status.success() {
            return None;
        }
        // Died between inputs: charge the next one (it had not started: the child's own fault).
        let i = 0;
        fail(
            tally,
            i,
            "child",
            &format!("child ended with {status} between inputs"),
        );
        return Some((batch.len() - 1, false));
    };
    tally.tried += 1;
    let guard_line = stderr.lines().any(|l| l.starts_with("trex: error: fuzz."));
    if status.code() == Some(1) && guard_line {
        tally.rejected += 1;
        return Some((i, true));
    }
    let last = stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    fail(
        tally,
        i,
        "crash",
        &format!("child ended with {status}: {last}"),
    );
    Some((i, false))
}

/// The child: reads the batch of `FUZZ_BATCH` (u32 length, bytes; little-endian) and says
/// before and after each input what happened, on stdout.
#[test]
#[ignore = "the fuzz harness's child process (FUZZ_BATCH=file), started by cli::fuzz::fuzz"]
fn child() {
    let f = std::env::var("FUZZ_BATCH").expect("set FUZZ_BATCH (the harness's batch file)");
    let name = std::env::var("FUZZ_BATCH_NAME").unwrap_or_else(|_| "fuzz.bc".into());
    let data = std::fs::read(f).unwrap();
    let mut pos = 0;
    let mut i = 0;
    let say = |s: String| {
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(s.as_bytes());
        let _ = o.flush();
    };
    while pos + 4 <= data.len() {
        let n = u32::from_le_bytes(data[pos..pos + 4].try_into().unwrap()) as usize;
        let input = &data[pos + 4..pos + 4 + n];
        pos += 4 + n;
        say(format!("fuzz-child: start {i}\n"));
        let r =
            std::panic::catch_unwind(|| crate::ir::lower::load_module_bytes(input, &name).is_ok());
        match r {
            Ok(ok) => say(format!(
                "fuzz-child: {} {i}\n",
                if ok { "ok" } else { "rejected" }
            )),
            Err(e) => {
                say(format!("fuzz-child: panic {i} {}\n", panic_message(&e)));
                // The reader's handlers may still be installed: this process is done.
                std::process::exit(3);
            }
        }
        i += 1;
    }
}
