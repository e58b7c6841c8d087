//! LLVM's ways of ending the process while it reads a program, turned into trex's one
//! `trex: error: <file>: ...` line and exit status 1.
//!
//! LLVM 14's bitcode reader does not return every error: some end in `report_fatal_error`
//! ("Invalid abbrev number", and "Broken module found" after the verifier printed why on
//! stderr), which prints `LLVM ERROR:` and aborts; on some corrupt metadata it crashes
//! (SIGSEGV), or hands out strings longer than their memory. [`reading`] runs a read (and
//! the lowering of what was read) with a fatal error handler and crash handlers installed
//! and stderr captured, so that whatever LLVM does ends with one line. Errors LLVM returns are
//! still returned (the caller's `LoadError`); these handlers are the last resort.

use std::ffi::{c_char, CStr};
use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::sync::Mutex;

use llvm_sys::error_handling::{LLVMInstallFatalErrorHandler, LLVMResetFatalErrorHandler};

/// One read at a time: the handlers, the message and stderr are the process's.
static LOCK: Mutex<()> = Mutex::new(());
/// The start of the error line (`trex: error: <file>: <what>: `), for the fatal handler.
static PREFIX: Mutex<String> = Mutex::new(String::new());
/// The whole line for a crash, made before the read (a signal handler may not allocate).
static CRASH_LINE: AtomicPtr<Vec<u8>> = AtomicPtr::new(std::ptr::null_mut());
/// stderr while it is captured (-1 when not).
static SAVED_STDERR: AtomicI32 = AtomicI32::new(-1);
/// The file stderr is captured into.
static CAPTURE: AtomicI32 = AtomicI32::new(-1);

// SIGABRT: LLVM aborts when an allocation fails (a corrupt count).
const CRASH_SIGNALS: [libc::c_int; 5] = [
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGABRT,
];

/// Memory LLVM may take to read `len` bytes beyond what the process has: a corrupt count makes
/// it allocate tens of GB, and the kernel kills the process (SIGKILL, no message) before an
/// allocation fails. Generous: reading takes a few times the file's size.
fn read_budget(len: usize) -> u64 {
    (4 << 30) + 64 * len as u64
}

/// The address-space limit set for a read (current use plus the budget), or None when the
/// limit already in force is lower; returns the limit to restore.
fn limit_address_space(len: usize) -> Option<libc::rlimit> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
    // SAFETY: sysconf, getrlimit and setrlimit on plain values.
    unsafe {
        let page = libc::sysconf(libc::_SC_PAGESIZE).max(4096) as u64;
        let want = pages * page + read_budget(len);
        let mut old: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_AS, &mut old) != 0 || old.rlim_cur <= want {
            return None;
        }
        let new = libc::rlimit {
            rlim_cur: want,
            rlim_max: old.rlim_max,
        };
        (libc::setrlimit(libc::RLIMIT_AS, &new) == 0).then_some(old)
    }
}

/// Runs `read` (LLVM reading the input `name`) so that a fatal error or a crash in LLVM prints
/// `trex: error: <name>: <what>: <reason>` and exits with status 1. Also returns what LLVM
/// printed on stderr meanwhile (on a fatal error, its first line ends the error line).
pub(super) fn reading<T>(
    name: &str,
    what: &str,
    len: usize,
    read: impl FnOnce() -> T,
) -> (T, String) {
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    *PREFIX.lock().unwrap_or_else(|e| e.into_inner()) = format!("trex: error: {name}: {what}: ");
    let crash = Box::new(
        format!(
            "trex: error: {name}: {what}: crashed or ran out of memory reading it (a corrupt \
             file)\n"
        )
        .into_bytes(),
    );
    let old_crash = CRASH_LINE.swap(Box::into_raw(crash), Ordering::SeqCst);
    if !old_crash.is_null() {
        // SAFETY: made by Box::into_raw above in an earlier read, no longer in use.
        drop(unsafe { Box::from_raw(old_crash) });
    }
    let capture = tempfile::tempfile().ok();
    // SAFETY: plain descriptor and handler calls; the handlers only use the statics above.
    let old_actions = unsafe {
        std::io::stderr().flush().ok();
        if let Some(f) = &capture {
            let saved = libc::dup(2);
            if saved >= 0 {
                SAVED_STDERR.store(saved, Ordering::SeqCst);
                CAPTURE.store(f.as_raw_fd(), Ordering::SeqCst);
                libc::dup2(f.as_raw_fd(), 2);
            }
        }
        LLVMInstallFatalErrorHandler(Some(on_fatal));
        CRASH_SIGNALS.map(|sig| {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_crash as extern "C" fn(libc::c_int) as usize;
            // SA_ONSTACK: a stack overflow in LLVM's recursion runs it on Rust's signal stack.
            act.sa_flags = libc::SA_ONSTACK | libc::SA_RESETHAND;
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, &act, &mut old);
            old
        })
    };
    let old_limit = limit_address_space(len);
    let out = read();
    // SAFETY: as above, putting back what was there.
    unsafe {
        for (sig, old) in CRASH_SIGNALS.iter().zip(old_actions.iter()) {
            libc::sigaction(*sig, old, std::ptr::null_mut());
        }
        LLVMResetFatalErrorHandler();
        if let Some(old) = old_limit {
            libc::setrlimit(libc::RLIMIT_AS, &old);
        }
        let saved = SAVED_STDERR.swap(-1, Ordering::SeqCst);
        CAPTURE.store(-1, Ordering::SeqCst);
        if saved >= 0 {
            libc::dup2(saved, 2);
            libc::close(saved);
        }
    }
    let printed = capture.map(|mut f| captured(&mut f)).unwrap_or_default();
    (out, printed)
}

fn captured(f: &mut std::fs::File) -> String {
    let mut s = String::new();
    let _ = f.rewind();
    let mut bytes = Vec::new();
    let _ = f.read_to_end(&mut bytes);
    s.push_str(&String::from_utf8_lossy(&bytes));
    s
}

/// LLVM's fatal error: it must not return (LLVM aborts when it does).
extern "C" fn on_fatal(reason: *const c_char) {
    let reason = if reason.is_null() {
        String::new()
    } else {
        // SAFETY: LLVM passes a NUL-terminated string.
        unsafe { CStr::from_ptr(reason) }
            .to_string_lossy()
            .into_owned()
    };
    let mut line = PREFIX.lock().map(|p| p.clone()).unwrap_or_default();
    line.push_str(reason.trim());
    let saved = SAVED_STDERR.load(Ordering::SeqCst);
    let capture = CAPTURE.load(Ordering::SeqCst);
    if saved >= 0 {
        // SAFETY: descriptors owned by `reading`, which never gets back control.
        unsafe { libc::dup2(saved, 2) };
        let mut printed = Vec::new();
        // SAFETY: as above; read through a borrowed descriptor (not closed here).
        unsafe {
            libc::lseek(capture, 0, libc::SEEK_SET);
            let mut buf = [0u8; 4096];
            loop {
                let n = libc::read(capture, buf.as_mut_ptr().cast(), buf.len());
                if n <= 0 {
                    break;
                }
                printed.extend_from_slice(&buf[..n as usize]);
            }
        }
        // The verifier's first complaint says why the module is broken.
        if let Some(first) = String::from_utf8_lossy(&printed)
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
        {
            line.push_str(&format!(" ({first})"));
        }
    }
    line.push('\n');
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().write_all(line.as_bytes());
    // SAFETY: ends the process without running destructors of LLVM's half-built state.
    unsafe { libc::_exit(1) }
}

/// A crash inside LLVM while it reads: only async-signal-safe calls.
extern "C" fn on_crash(_sig: libc::c_int) {
    let saved = SAVED_STDERR.load(Ordering::SeqCst);
    let line = CRASH_LINE.load(Ordering::SeqCst);
    // SAFETY: dup2, write and _exit are async-signal-safe; `line` lives until the next read.
    unsafe {
        if saved >= 0 {
            libc::dup2(saved, 2);
        }
        if !line.is_null() {
            let l = &*line;
            libc::write(2, l.as_ptr().cast(), l.len());
        }
        libc::_exit(1)
    }
}
