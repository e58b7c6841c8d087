//! The KLEE-style output directory: `klee-out-N/` with `info`, `messages.txt`, `warnings.txt`,
//! one `testNNNNNN.ktest` per finished path and a `testNNNNNN.<kind>.err` per error, and the
//! per-test files the options ask for (`test_files.rs`).

pub mod ktest;
pub mod pathfile;
pub mod runstats;
pub mod test_files;
pub mod testcomp;

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use ktest::KTest;
use test_files::TestFiles;

pub struct OutputDir {
    pub path: PathBuf,
    messages: File,
    warnings: File,
    /// Test numbers given out: a test whose inputs could not be solved keeps its number and
    /// its other files, without a `.ktest` (KLEE's `m_numTotalTests`).
    tests_numbered: u32,
    /// `.ktest` files written (KLEE's `generated tests`).
    tests_written: u32,
    /// The optional files of the next test written.
    next_files: TestFiles,
}

/// An error as it appears in a `.err` file.
pub struct ErrFile<'a> {
    pub message: &'a str,
    pub file: &'a str,
    pub line: u32,
    /// KLEE's `.err` suffix (`ptr`, `div`, ...).
    pub suffix: &'a str,
    /// The failing instruction's line in `assembly.ll` (0: unknown).
    pub asm_line: u32,
    /// Stack lines, innermost first.
    pub stack: &'a [StackLine],
    pub info: &'a str,
}

/// One line of an `.err` file's stack (KLEE's `dumpStack`).
pub struct StackLine {
    pub func: String,
    /// The arguments as printed (`12`, `symbolic`).
    pub args: Vec<String>,
    /// The instruction's line in `assembly.ll` (0: unknown).
    pub asm_line: u32,
    /// `file:line`, or empty.
    pub at: String,
}

impl StackLine {
    /// Frame `i`'s line, without its newline: `\t#<i><assembly.ll line> in f(args) at file:line`
    /// (`.err` files and `klee_stack_trace`).
    pub fn render(&self, i: usize) -> String {
        let mut s = format!(
            "\t#{i}{:08} in {}({})",
            self.asm_line,
            self.func,
            self.args.join(", ")
        );
        if !self.at.is_empty() {
            s.push_str(&format!(" at {}", self.at));
        }
        s
    }
}

impl OutputDir {
    /// Creates `dir`, or the next free `klee-out-N` beside `input` (with a `klee-last` link)
    /// when `dir` is `None`. Like KLEE, refuses an existing `dir`.
    pub fn create(dir: Option<&Path>, input: &Path) -> io::Result<OutputDir> {
        let path = match dir {
            Some(d) => {
                fs::create_dir(d).map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("cannot create output directory {}: {e}", d.display()),
                    )
                })?;
                d.to_path_buf()
            }
            None => {
                let parent = match input.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                let path = next_free_dir(&parent)?;
                let last = parent.join("klee-last");
                let _ = fs::remove_file(&last);
                #[cfg(unix)]
                let _ = std::os::unix::fs::symlink(path.file_name().unwrap(), &last);
                path
            }
        };
        let path = fs::canonicalize(&path)?;
        Ok(OutputDir {
            messages: File::create(path.join("messages.txt"))?,
            warnings: File::create(path.join("warnings.txt"))?,
            path,
            tests_numbered: 0,
            tests_written: 0,
            next_files: TestFiles::default(),
        })
    }

    /// Records a `KLEE: ...` line in messages.txt (the caller prints it on stderr).
    pub fn message(&mut self, line: &str) {
        let _ = writeln!(self.messages, "{line}");
    }

    pub fn warning(&mut self, line: &str) {
        let _ = writeln!(self.warnings, "{line}");
        let _ = writeln!(self.messages, "{line}");
    }

    pub fn tests_written(&self) -> u32 {
        self.tests_written
    }

    /// Writes the next `testNNNNNN.ktest` (none for `None`: inputs that could not be solved)
    /// and, for an error, `testNNNNNN.<suffix>.err`, then the files set by `set_next_files`;
    /// returns the test's number.
    pub fn write_test(&mut self, kt: Option<&KTest>, err: Option<&ErrFile>) -> io::Result<u32> {
        let started = std::time::Instant::now();
        let id = self.next_test(kt)?;
        if let Some(e) = err {
            let name = format!("test{id:06}.{}.err", e.suffix);
            fs::write(self.path.join(name), render_err(e, id))?;
        }
        self.write_files(id, started)?;
        Ok(id)
    }

    /// Writes the next test for a path stopped early (a budget), with KLEE's `.early` note.
    pub fn write_early_test(&mut self, kt: Option<&KTest>, why: &str) -> io::Result<u32> {
        let started = std::time::Instant::now();
        let id = self.next_test(kt)?;
        fs::write(
            self.path.join(format!("test{id:06}.early")),
            format!("{why}\n"),
        )?;
        self.write_files(id, started)?;
        Ok(id)
    }

    fn next_test(&mut self, kt: Option<&KTest>) -> io::Result<u32> {
        self.tests_numbered += 1;
        let id = self.tests_numbered;
        if let Some(kt) = kt {
            let mut f = File::create(self.path.join(format!("test{id:06}.ktest")))?;
            kt.write_to(&mut f)?;
            self.tests_written += 1;
        }
        Ok(id)
    }

    fn write_files(&mut self, id: u32, started: std::time::Instant) -> io::Result<()> {
        std::mem::take(&mut self.next_files).write(&self.path, id, started)
    }

    /// The next test written gets these files beside it (a path that gets no test leaves
    /// none for the next: set them before each path's test).
    pub fn set_next_files(&mut self, files: TestFiles) {
        self.next_files = files;
    }

    pub fn write_info(&self, text: &str) -> io::Result<()> {
        fs::write(self.path.join("info"), text)
    }
}

fn next_free_dir(parent: &Path) -> io::Result<PathBuf> {
    for n in 0.. {
        let p = parent.join(format!("klee-out-{n}"));
        match fs::create_dir(&p) {
            Ok(()) => return Ok(p),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(io::Error::new(
                    e.kind(),
                    format!("cannot create {}: {e}", p.display()),
                ))
            }
        }
    }
    unreachable!()
}

/// The text of a `.err` file, in KLEE's layout (an error without a source file has no
/// `File`, `Line`, `assembly.ll line` and `State` lines, as in KLEE's).
pub fn render_err(e: &ErrFile, state_id: u32) -> String {
    let mut s = format!("Error: {}\n", e.message);
    if !e.file.is_empty() {
        s.push_str(&format!(
            "File: {}\nLine: {}\nassembly.ll line: {}\nState: {}\n",
            e.file, e.line, e.asm_line, state_id
        ));
    }
    s.push_str("Stack: \n");
    for (i, l) in e.stack.iter().enumerate() {
        s.push_str(&l.render(i));
        s.push('\n');
    }
    if !e.info.is_empty() {
        s.push_str("Info: \n");
        for l in e.info.lines() {
            s.push_str(&format!("\t{l}\n"));
        }
    }
    s
}

/// `YYYY-MM-DD HH:MM:SS` (UTC) for `info`, without pulling in a date library.
pub fn timestamp(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86400, secs % 86400);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days as i64 + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// `HH:MM:SS` for an elapsed duration.
pub fn elapsed(secs: f64) -> String {
    let s = secs as u64;
    format!("{:02}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamp_formats_utc() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(timestamp(t), "2023-11-14 22:13:20");
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01 00:00:00");
    }

    #[test]
    fn numbered_dirs_and_tests() {
        let tmp = tempfile::tempdir().unwrap();
        let input = tmp.path().join("p.bc");
        let a = OutputDir::create(None, &input).unwrap();
        let mut b = OutputDir::create(None, &input).unwrap();
        assert!(a.path.ends_with("klee-out-0") && b.path.ends_with("klee-out-1"));
        let last = fs::read_link(tmp.path().join("klee-last")).unwrap();
        assert_eq!(last, PathBuf::from("klee-out-1"));
        let err = ErrFile {
            message: "divide by zero",
            file: "/t/a.c",
            line: 7,
            suffix: "div",
            asm_line: 42,
            stack: &[StackLine {
                func: "main".into(),
                args: vec!["1".into(), "symbolic".into()],
                asm_line: 42,
                at: "/t/a.c:7".into(),
            }],
            info: "",
        };
        assert_eq!(
            b.write_test(Some(&KTest::default()), Some(&err)).unwrap(),
            1
        );
        let text = fs::read_to_string(b.path.join("test000001.div.err")).unwrap();
        assert!(text.starts_with(
            "Error: divide by zero\nFile: /t/a.c\nLine: 7\nassembly.ll line: 42\nState: 1\n"
        ));
        assert!(text.contains("\t#000000042 in main(1, symbolic) at /t/a.c:7\n"));
        assert!(b.path.join("test000001.ktest").exists());
        assert!(OutputDir::create(Some(&b.path), &input).is_err());
    }

    #[test]
    fn a_lost_test_keeps_its_number_and_files_but_no_ktest() {
        let tmp = tempfile::tempdir().unwrap();
        let mut d = OutputDir::create(None, &tmp.path().join("p.bc")).unwrap();
        assert_eq!(d.write_early_test(None, "max-time").unwrap(), 1);
        assert!(d.path.join("test000001.early").exists());
        assert!(!d.path.join("test000001.ktest").exists());
        assert_eq!(d.write_test(Some(&KTest::default()), None).unwrap(), 2);
        assert!(d.path.join("test000002.ktest").exists());
        // KLEE's `generated tests` counts the .ktest files.
        assert_eq!(d.tests_written(), 1);
    }
}
