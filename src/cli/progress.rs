//! The terminal side of run control: the ctrl-c handler (first: halt at the next check,
//! second: exit at once, as KLEE) and a progress line on stderr (indicatif), drawn only when
//! stderr is a terminal, by its own thread from the executor's atomic counters (the
//! interpreter never waits for it).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::exec::control::Progress;

/// The bar while a run draws one (lines printed meanwhile go above it).
static BAR: OnceLock<ProgressBar> = OnceLock::new();

/// Prints a line on stderr without tearing the progress bar.
pub fn eprintln(line: &str) {
    write_stderr(format!("{line}\n").as_bytes());
}

/// Writes bytes on stderr (flushed), around the progress bar if there is one.
pub fn write_stderr(data: &[u8]) {
    write_around_bar(|| std::io::stderr().lock(), data)
}

/// Writes bytes on stdout (flushed), around the progress bar if there is one.
pub fn write_stdout(data: &[u8]) {
    write_around_bar(|| std::io::stdout().lock(), data)
}

fn write_around_bar<W: Write>(open: impl Fn() -> W, data: &[u8]) {
    let w = || {
        let mut o = open();
        let _ = o.write_all(data);
        let _ = o.flush();
    };
    match BAR.get() {
        Some(b) => b.suspend(w),
        None => w(),
    }
}

/// Installs the SIGINT handler (once per process); the flag it sets halts the run.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        let r = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                let _ = writeln!(std::io::stderr(), "KLEE: ctrl-c detected, exiting.");
                std::process::exit(1);
            }
            let _ = writeln!(
                std::io::stderr(),
                "KLEE: ctrl-c detected, requesting interpreter to halt."
            );
        });
        if let Err(e) = r {
            eprintln(&format!("KLEE: WARNING: cannot handle ctrl-c: {e}"));
        }
        flag
    })
    .clone()
}

/// The progress line's drawing thread.
pub struct Display {
    done: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Starts the progress line when stderr is a terminal (never in tests or CI logs).
pub fn start(p: &Arc<Progress>) -> Option<Display> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
    bar.set_style(ProgressStyle::with_template("[{elapsed_precise}] {msg}").ok()?);
    let bar = BAR.get_or_init(|| bar).clone();
    let done = Arc::new(AtomicBool::new(false));
    let (d, p) = (done.clone(), p.clone());
    let thread = std::thread::spawn(move || {
        while !d.load(Ordering::Relaxed) {
            let r = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
            bar.set_message(format!(
                "paths: {} pending, {} ended | instructions: {} | covered sites: {}",
                r(&p.pending),
                r(&p.paths),
                r(&p.instructions),
                r(&p.covered)
            ));
            bar.tick();
            std::thread::sleep(Duration::from_millis(250));
        }
        bar.finish_and_clear();
    });
    Some(Display { done, thread })
}

impl Display {
    pub fn stop(self) {
        self.done.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }
}
