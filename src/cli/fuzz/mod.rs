//! The fuzz harness (issue 31): every input trex parses, mutated from valid seeds, through the
//! parsers' own functions, for a fixed time; `benchmarks/fuzz/run.sh` runs it and prints the
//! table. A `#[test]` inside the crate, not a binary: several parsers are private to `cli`, and
//! a test here reaches them without widening their visibility; the test binary is also the
//! child process the bitcode reader needs (its guard ends the process on LLVM's fatal errors).
//!
//! A failure is a panic (caught per input), a crash (signal) or an input slower than
//! `FUZZ_TIMEOUT_MS`; its input is saved in `FUZZ_OUT/<parser>/`. Inputs come from a seeded
//! RNG (`FUZZ_SEED`, printed): the same seed gives the same inputs.

mod bitcode;
mod mutate;
mod targets;

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;

/// One parser's figures.
pub struct Tally {
    pub name: &'static str,
    pub tried: u64,
    pub rejected: u64,
    pub failures: u64,
    pub secs: f64,
}

impl Tally {
    pub fn new(name: &'static str) -> Tally {
        Tally {
            name,
            tried: 0,
            rejected: 0,
            failures: 0,
            secs: 0.0,
        }
    }

    fn print(&self) {
        // `run.sh` reads these lines.
        println!(
            "fuzz-result: {} {} {:.2} {} {}",
            self.name, self.tried, self.secs, self.rejected, self.failures
        );
    }
}

pub struct Config {
    pub seed: u64,
    pub out: PathBuf,
    pub timeout: Duration,
}

impl Config {
    /// Saves a failing input; returns its file.
    pub fn save(&self, parser: &str, n: u64, kind: &str, input: &[u8], why: &str) -> PathBuf {
        let dir = self.out.join(parser);
        std::fs::create_dir_all(&dir).expect("failure directory");
        let f = dir.join(format!("{n:06}-{kind}.bin"));
        std::fs::write(&f, input).expect("failure file");
        println!("fuzz-failure: {parser} {kind} {}: {why}", f.display());
        f
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
        Err(_) => default,
    }
}

/// The input being parsed in-process, for the watchdog and the crash handler (which may not
/// allocate or lock).
static CURRENT: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static CURRENT_LEN: AtomicUsize = AtomicUsize::new(0);
/// When the current input started, in ms since `EPOCH` + 1 (0: none running).
static STARTED: AtomicU64 = AtomicU64::new(0);
/// The crash handler's file and message, made before the run.
static CRASH_FD: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);
static CRASH_MSG: AtomicPtr<Vec<u8>> = AtomicPtr::new(std::ptr::null_mut());

extern "C" fn on_crash(sig: libc::c_int) {
    // SAFETY: only write, signal and raise (async-signal-safe) on memory made before the run.
    unsafe {
        let fd = CRASH_FD.load(Ordering::SeqCst);
        let p = CURRENT.load(Ordering::SeqCst);
        if fd >= 0 && !p.is_null() {
            libc::write(fd, p.cast(), CURRENT_LEN.load(Ordering::SeqCst));
        }
        let m = CRASH_MSG.load(Ordering::SeqCst);
        if !m.is_null() {
            libc::write(1, (*m).as_ptr().cast(), (*m).len());
        }
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Installs the crash handler for `parser`: the input is written to `FUZZ_OUT/<parser>/crash.bin`
/// and the process dies of its signal (run.sh reports it).
fn arm_crash_handler(cfg: &Config, parser: &str) {
    let dir = cfg.out.join(parser);
    let f = dir.join("crash.bin");
    let msg = format!(
        "\nfuzz-failure: {parser} crash {}: killed by a signal\n",
        f.display()
    );
    let old = CRASH_MSG.swap(Box::into_raw(Box::new(msg.into_bytes())), Ordering::SeqCst);
    if !old.is_null() {
        // SAFETY: made by Box::into_raw for the previous parser.
        drop(unsafe { Box::from_raw(old) });
    }
    // The file is opened lazily by path only on a crash would need allocation: open it now
    // (O_CREAT on a directory made now), and remove it after the parser if unused.
    std::fs::create_dir_all(&dir).expect("failure directory");
    let c = std::ffi::CString::new(f.to_str().unwrap()).unwrap();
    // SAFETY: open and sigaction with valid arguments.
    unsafe {
        let old = CRASH_FD.swap(
            libc::open(
                c.as_ptr(),
                libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC,
                0o644,
            ),
            Ordering::SeqCst,
        );
        if old >= 0 {
            libc::close(old);
        }
        for sig in [
            libc::SIGSEGV,
            libc::SIGBUS,
            libc::SIGILL,
            libc::SIGFPE,
            libc::SIGABRT,
        ] {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_crash as extern "C" fn(libc::c_int) as usize;
            // On the alternate stack: a stack overflow is a crash to report too.
            act.sa_flags = libc::SA_ONSTACK;
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}

fn disarm_crash_handler(cfg: &Config, parser: &str) {
    let fd = CRASH_FD.swap(-1, Ordering::SeqCst);
    if fd >= 0 {
        // SAFETY: the descriptor opened by arm_crash_handler.
        unsafe { libc::close(fd) };
    }
    let dir = cfg.out.join(parser);
    let _ = std::fs::remove_file(dir.join("crash.bin"));
    let _ = std::fs::remove_dir(&dir); // (only when empty: no failure saved)
}

/// Watches the in-process inputs: one slower than the limit is saved and ends the run (its
/// thread cannot be stopped).
fn watchdog(epoch: Instant, limit: Duration, out: PathBuf, name: &'static AtomicPtr<String>) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        let s = STARTED.load(Ordering::SeqCst);
        let now = epoch.elapsed().as_millis() as u64 + 1;
        if s == 0 || now.saturating_sub(s) <= limit.as_millis() as u64 {
            continue;
        }
        // SAFETY: the fuzzing thread is stuck on this input: the buffer is not changing.
        let input = unsafe {
            std::slice::from_raw_parts(
                CURRENT.load(Ordering::SeqCst),
                CURRENT_LEN.load(Ordering::SeqCst),
            )
        };
        // SAFETY: set before STARTED, never freed.
        let parser = unsafe { &*name.load(Ordering::SeqCst) };
        let dir = out.join(parser);
        let _ = std::fs::create_dir_all(&dir);
        let f = dir.join("hang.bin");
        let _ = std::fs::write(&f, input);
        println!(
            "fuzz-failure: {parser} hang {}: over {} ms",
            f.display(),
            limit.as_millis()
        );
        let _ = std::io::stdout().flush();
        std::process::exit(1);
    });
}

static PARSER_NAME: AtomicPtr<String> = AtomicPtr::new(std::ptr::null_mut());

/// Fuzzes one in-process target until `deadline`.
fn fuzz_in_process(
    t: &targets::Target,
    scratch: &targets::Scratch,
    cfg: &Config,
    rng: &mut StdRng,
    epoch: Instant,
    secs: f64,
) -> Tally {
    PARSER_NAME.store(
        Box::into_raw(Box::new(t.name.to_string())),
        Ordering::SeqCst,
    );
    arm_crash_handler(cfg, t.name);
    let mut tally = Tally::new(t.name);
    let start = Instant::now();
    let budget = Duration::from_secs_f64(secs);
    let mut input = Vec::with_capacity(1 << 16);
    while start.elapsed() < budget {
        // The clock is read once per 64 inputs (it costs as much as the cheapest parsers).
        for _ in 0..64 {
            t.inputs.next(rng, &mut input);
            CURRENT.store(input.as_mut_ptr(), Ordering::SeqCst);
            CURRENT_LEN.store(input.len(), Ordering::SeqCst);
            STARTED.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::SeqCst);
            let r = catch_unwind(AssertUnwindSafe(|| (t.run)(scratch, &input)));
            STARTED.store(0, Ordering::SeqCst);
            tally.tried += 1;
            match r {
                Ok(true) => {}
                Ok(false) => tally.rejected += 1,
                Err(e) => {
                    tally.failures += 1;
                    // (The first 20 are enough to reproduce; the count says how many.)
                    if tally.failures <= 20 {
                        cfg.save(t.name, tally.tried, "panic", &input, &panic_message(&e));
                    }
                }
            }
        }
    }
    disarm_crash_handler(cfg, t.name);
    tally.secs = start.elapsed().as_secs_f64();
    tally
}

pub fn panic_message(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
        .replace('\n', " ")
}

/// The seeds found on this machine: a real run's tests (`FUZZ_SEED_DIR`), SV-COMP's property
/// and a task file (`FUZZ_SVCOMP`, default ../shared/benchmarks/svcomp), the `TREX:` command
/// lines of testsuite/klee-compat.
fn found() -> targets::Found {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seed_dir = std::env::var_os("FUZZ_SEED_DIR").map(PathBuf::from);
    let from_seed_dir = |ext| {
        seed_dir
            .as_deref()
            .map_or_else(Vec::new, |d| targets::files_in(d, ext))
    };
    let svcomp = std::env::var_os("FUZZ_SVCOMP")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/benchmarks/svcomp"));
    let mut properties = targets::files_in(&svcomp.join("properties"), "prp");
    assert!(
        !properties.is_empty(),
        "no SV-COMP property file in {}/properties (set FUZZ_SVCOMP)",
        svcomp.display()
    );
    // A task file, as splice material: trex itself reads no .yml (benchmarks/svcomp does).
    properties.extend(
        targets::files_in(&svcomp.join("loop-simple"), "yml")
            .into_iter()
            .take(1),
    );
    let mut klee_lines = Vec::new();
    for f in std::fs::read_dir(root.join("testsuite/klee-compat")).expect("testsuite/klee-compat") {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap_or_default();
        for l in text.lines() {
            if let Some(cmd) = l.trim().strip_prefix("// TREX:") {
                let w: Vec<&str> = cmd.split_whitespace().collect();
                klee_lines.push(w.join("\n").into_bytes());
            }
        }
    }
    targets::Found {
        ktests: from_seed_dir("ktest"),
        paths: from_seed_dir("path"),
        properties,
        klee_lines,
    }
}

/// The harness: `FUZZ_SECONDS` (default 60) shared by the parsers, `FUZZ_SEED` (default 1),
/// `FUZZ_OUT` (default `fuzz-failures`), `FUZZ_TIMEOUT_MS` (per input, default 2000),
/// `FUZZ_PARSERS` (comma-separated names; default all).
#[test]
#[ignore = "a tool: benchmarks/fuzz/run.sh (cargo test --release --lib cli::fuzz::fuzz -- --ignored --exact --nocapture)"]
fn fuzz() {
    let total: f64 = env_or("FUZZ_SECONDS", 60.0);
    let cfg = Config {
        seed: env_or("FUZZ_SEED", 1),
        out: PathBuf::from(std::env::var("FUZZ_OUT").unwrap_or_else(|_| "fuzz-failures".into())),
        timeout: Duration::from_millis(env_or("FUZZ_TIMEOUT_MS", 2000)),
    };
    let only: Option<Vec<String>> = std::env::var("FUZZ_PARSERS")
        .ok()
        .map(|s| s.split(',').map(String::from).collect());
    let wanted = |n: &str| only.as_ref().is_none_or(|o| o.iter().any(|x| x == n));
    println!("fuzz-seed: {}", cfg.seed);
    let found = found();
    let in_process: Vec<_> = targets::targets(&found)
        .into_iter()
        .filter(|t| wanted(t.name))
        .collect();
    let programs: Vec<_> = bitcode::targets()
        .into_iter()
        .filter(|t| wanted(t.name))
        .collect();
    let n = in_process.len() + programs.len();
    assert!(n > 0, "FUZZ_PARSERS names no parser");
    let share = total / n as f64;
    let epoch = Instant::now();
    watchdog(epoch, cfg.timeout, cfg.out.clone(), &PARSER_NAME);
    // In memory when it can (the file parsers write one file per input).
    let shm = Path::new("/dev/shm");
    let scratch = targets::Scratch {
        dir: if shm.is_dir() {
            tempfile::tempdir_in(shm)
        } else {
            tempfile::tempdir()
        }
        .unwrap(),
    };
    let mut tallies = Vec::new();
    for (i, t) in in_process.iter().enumerate() {
        // Each parser its own stream: one parser's run repeats without the others.
        let mut rng = StdRng::seed_from_u64(cfg.seed ^ (i as u64) << 32);
        let tally = fuzz_in_process(t, &scratch, &cfg, &mut rng, epoch, share);
        tally.print();
        tallies.push(tally);
    }
    for (i, t) in programs.iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(cfg.seed ^ ((100 + i) as u64) << 32);
        let tally = bitcode::fuzz(t, &cfg, &mut rng, share);
        tally.print();
        tallies.push(tally);
    }
    let failures: u64 = tallies.iter().map(|t| t.failures).sum();
    assert_eq!(
        failures,
        0,
        "{failures} failing inputs (saved in {})",
        cfg.out.display()
    );
}
