//! A pseudo-terminal standing for a symbolic file whose stat says a character device (a
//! terminal), as klee-replay makes one. The program reads the test's contents from it, then
//! end of file, as from KLEE's model: the terminal is in canonical mode without echo or
//! signals, each byte of the contents is written quoted (`VLNEXT`, so that no byte edits the
//! line or ends it) and then `VEOF`s follow, each of which ends one read with what is left
//! (0 bytes once the contents are read). klee-replay writes the contents in raw mode and hangs
//! up after half its timeout, so that a program reading to the end fails with EIO there;
//! here it reads to the end as it did in the run that wrote the test. A thread writes and then
//! drains what the program writes to the terminal until the last descriptor of its side is
//! closed.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::PathBuf;
use std::thread::JoinHandle;

use anyhow::{bail, Context, Result};

/// A terminal's line holds 4095 bytes in canonical mode.
const MAX_CONTENTS: usize = 4000;
/// End-of-file marks after the contents: one ends the read of the contents, each further one
/// is a read of 0 bytes (a program reading again after end of file).
const EOFS: usize = 16;

pub struct Pty {
    /// The program's side.
    pub slave: OwnedFd,
    /// Its name (`/dev/pts/N`).
    pub path: PathBuf,
    /// The thread writing the contents and draining the output.
    pub feeder: JoinHandle<()>,
}

fn check(r: libc::c_int, what: &str) -> Result<libc::c_int> {
    if r == -1 {
        return Err(std::io::Error::last_os_error()).context(what.to_string());
    }
    Ok(r)
}

impl Pty {
    pub fn open(contents: &[u8]) -> Result<Pty> {
        if contents.len() > MAX_CONTENTS {
            bail!(
                "a terminal's contents of {} bytes: more than a terminal line holds ({MAX_CONTENTS})",
                contents.len()
            );
        }
        let (mut m, mut s) = (-1, -1);
        // SAFETY: openpty writes the two descriptors; the name, termios and window size
        // arguments are null (not used).
        check(
            unsafe {
                libc::openpty(
                    &mut m,
                    &mut s,
                    std::ptr::null_mut(),
                    std::ptr::null(),
                    std::ptr::null(),
                )
            },
            "cannot open a pseudo-terminal",
        )?;
        // SAFETY: both descriptors were just opened and are owned by nobody else.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(m), OwnedFd::from_raw_fd(s)) };
        for fd in [&master, &slave] {
            // Not inherited by the program (its stdin gets a duplicate of the slave).
            // SAFETY: fcntl on a descriptor we own.
            check(
                unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC) },
                "fcntl",
            )?;
        }
        // SAFETY: termios is plain data; tcgetattr fills it from the slave we own.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        check(unsafe { libc::tcgetattr(s, &mut t) }, "tcgetattr")?;
        // No input or output translation, canonical lines, LNEXT quoting, no echo or signals.
        t.c_iflag = 0;
        t.c_oflag = 0;
        t.c_lflag = libc::ICANON | libc::IEXTEN;
        // SAFETY: as above.
        check(
            unsafe { libc::tcsetattr(s, libc::TCSANOW, &t) },
            "tcsetattr",
        )?;
        let (lnext, eof) = (t.c_cc[libc::VLNEXT], t.c_cc[libc::VEOF]);
        let mut input = Vec::with_capacity(2 * contents.len() + EOFS);
        for &b in contents {
            input.extend_from_slice(&[lnext, b]);
        }
        input.extend(std::iter::repeat_n(eof, EOFS));
        let mut buf = [0u8; 256];
        // SAFETY: ttyname_r writes at most buf.len() bytes, NUL-terminated on success.
        let r = unsafe { libc::ttyname_r(s, buf.as_mut_ptr().cast(), buf.len()) };
        if r != 0 {
            return Err(std::io::Error::from_raw_os_error(r)).context("ttyname_r");
        }
        let end = buf.iter().position(|&c| c == 0).unwrap_or(buf.len());
        let path = PathBuf::from(String::from_utf8_lossy(&buf[..end]).into_owned());
        let mut master = File::from(master);
        let feeder = std::thread::spawn(move || {
            if master.write_all(&input).is_ok() {
                // Until the program's side is closed everywhere (EIO).
                let mut out = [0u8; 4096];
                while matches!(master.read(&mut out), Ok(n) if n > 0) {}
            }
        });
        Ok(Pty {
            slave,
            path,
            feeder,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// A program reading the terminal to its end sees the contents, special bytes included,
    /// and that it is a terminal.
    #[test]
    fn the_program_reads_the_contents_then_end_of_file() {
        let contents = b"a\x04b\nc\x7f\x15\x03\r\xff";
        let pty = Pty::open(contents).unwrap();
        assert!(pty.path.starts_with("/dev/pts"));
        let out = Command::new("sh")
            .args(["-c", "test -t 0 && echo tty; od -An -c"])
            .stdin(Stdio::from(pty.slave))
            .output()
            .unwrap();
        pty.feeder.join().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(
            words,
            ["tty", "a", "004", "b", "\\n", "c", "177", "025", "003", "\\r", "377"],
            "{text}"
        );
    }
}
