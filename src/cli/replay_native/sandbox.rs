//! The replay directory of one test, as klee-replay's `replay_create_files` makes it: a fresh
//! temporary directory (the program runs there) holding the symbolic files `A`, `B`, ... with
//! the test's contents, permissions and access/modification times; a symbolic stdin as a
//! regular file `fd0` there (a pipe when its stat says a FIFO or no type), a symbolic stdout as
//! a regular file `fd1` holding the object's bytes, which the program's output overwrites from
//! the start. A file whose stat says a directory is a directory, a symbolic link a link to
//! `NAME.lnk` holding the contents, and one with more than one link gets a second hard link
//! `NAME.link2`. A character device is a pseudo-terminal (`pty.rs`; a named one a link to it)
//! as in klee-replay. Named FIFOs are refused (klee-replay makes none): the test is not
//! replayed.

use std::fs::{self, File, FileTimes, OpenOptions, Permissions};
use std::io::{Seek, Write};
use std::os::fd::OwnedFd;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use anyhow::{bail, Context, Result};

use super::posix_test::{PosixTest, Stat, SymFile};
use super::pty::Pty;

pub struct Sandbox {
    dir: tempfile::TempDir,
    /// The program's stdin when the test makes it symbolic (else it inherits trex's).
    pub stdin: Option<Stdio>,
    /// The program's stdout when the test makes it symbolic.
    pub stdout: Option<Stdio>,
    /// The threads feeding a pipe or a terminal.
    feeders: Vec<JoinHandle<()>>,
    /// The terminals of named files, open until the program has ended (so that their
    /// feeders end only then).
    terminals: Vec<OwnedFd>,
}

impl Sandbox {
    pub fn create(t: &PosixTest) -> Result<Sandbox> {
        let dir = tempfile::Builder::new()
            .prefix("trex-replay-")
            .tempdir()
            .context("cannot create the replay directory")?;
        let mut sb = Sandbox {
            dir,
            stdin: None,
            stdout: None,
            feeders: Vec::new(),
            terminals: Vec::new(),
        };
        for f in &t.files {
            sb.named_file(f, t.model_version)?;
        }
        if let Some(f) = &t.stdin {
            sb.stdin = Some(match f.stat.kind() {
                libc::S_IFIFO | 0 => sb.pipe(f)?,
                libc::S_IFCHR => Stdio::from(sb.terminal(f)?.slave),
                libc::S_IFDIR => bail!(unsupported(f, "a directory")),
                _ => Stdio::from(sb.regular(&sb.path().join("fd0"), f, t.model_version)?),
            });
        }
        if let Some(f) = &t.stdout {
            sb.stdout = Some(if f.stat.kind() == libc::S_IFCHR {
                Stdio::from(sb.terminal(f)?.slave)
            } else {
                Stdio::from(sb.regular(&sb.path().join("fd1"), f, t.model_version)?)
            });
        }
        Ok(sb)
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Waits for the feeders (the program has ended) and removes the directory.
    pub fn finish(mut self) {
        self.terminals.clear();
        for h in self.feeders.drain(..) {
            let _ = h.join();
        }
    }

    fn named_file(&mut self, f: &SymFile, version: u32) -> Result<()> {
        let path = self.path().join(&f.name);
        match f.stat.kind() {
            libc::S_IFDIR => {
                fs::DirBuilder::new()
                    .mode(f.stat.mode & 0o7777)
                    .create(&path)
                    .with_context(|| format!("cannot make directory {}", path.display()))?;
                // Exactly the test's permissions, whatever the umask (klee-replay sets it to 0).
                fs::set_permissions(&path, Permissions::from_mode(f.stat.mode & 0o7777))?;
            }
            libc::S_IFLNK => {
                let target = PathBuf::from(format!("{}.lnk", path.display()));
                self.regular(&target, f, version)?;
                std::os::unix::fs::symlink(&target, &path)
                    .with_context(|| format!("cannot make link {}", path.display()))?;
                self.second_link(f, &path)?;
            }
            libc::S_IFCHR => {
                let t = self.terminal(f)?;
                std::os::unix::fs::symlink(&t.path, &path)
                    .with_context(|| format!("cannot make link {}", path.display()))?;
                self.terminals.push(t.slave);
            }
            libc::S_IFIFO => bail!(unsupported(f, "a FIFO")),
            // Regular files, and (as klee-replay) any other type.
            _ => {
                self.regular(&path, f, version)?;
                self.second_link(f, &path)?;
            }
        }
        Ok(())
    }

    /// klee-replay only distinguishes one link from more.
    fn second_link(&self, f: &SymFile, path: &Path) -> Result<()> {
        if f.stat.nlink > 1 {
            let link2 = self.path().join(format!("{}.link2", f.name));
            fs::hard_link(path, &link2)
                .with_context(|| format!("cannot make link {}", link2.display()))?;
        }
        Ok(())
    }

    /// A regular file with the contents, times and permissions of `f`, open for reading and
    /// writing at offset 0.
    fn regular(&self, path: &Path, f: &SymFile, version: u32) -> Result<File> {
        let mut mode = f.stat.mode & 0o777;
        // klee-replay: files of tests before model version 1 had no permissions recorded.
        if version == 0 && mode == 0 {
            mode = 0o644;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        file.write_all(&f.contents)
            .with_context(|| format!("cannot write {}", path.display()))?;
        // As klee-replay's futimes: a time the file system cannot hold leaves the file's.
        let _ = file.set_times(times(&f.stat));
        file.set_permissions(Permissions::from_mode(mode))?;
        file.rewind()?;
        Ok(file)
    }

    /// A pseudo-terminal the program reads the contents of `f` from.
    fn terminal(&mut self, f: &SymFile) -> Result<Terminal> {
        let pty = Pty::open(&f.contents).with_context(|| format!("{}: terminal", f.name))?;
        self.feeders.push(pty.feeder);
        Ok(Terminal {
            slave: pty.slave,
            path: pty.path,
        })
    }

    /// A pipe whose write end a thread fills with the contents, then closes.
    fn pipe(&mut self, f: &SymFile) -> Result<Stdio> {
        let (reader, mut writer) = std::io::pipe().context("cannot make a pipe")?;
        let contents = f.contents.clone();
        // A program that stops reading early makes the write fail (EPIPE): nothing to do.
        self.feeders.push(std::thread::spawn(move || {
            let _ = writer.write_all(&contents);
        }));
        Ok(Stdio::from(reader))
    }
}

/// A terminal's side for the program and its name.
struct Terminal {
    slave: OwnedFd,
    path: PathBuf,
}

fn unsupported(f: &SymFile, what: &str) -> String {
    format!(
        "`{}-stat` makes {} {what} (mode {:o}): not replayed natively",
        if f.name.len() == 1 {
            format!("{}-data", f.name)
        } else {
            f.name.clone()
        },
        f.name,
        f.stat.mode
    )
}

fn times(st: &Stat) -> FileTimes {
    let at = |secs: i64| {
        if secs >= 0 {
            SystemTime::UNIX_EPOCH.checked_add(Duration::from_secs(secs as u64))
        } else {
            SystemTime::UNIX_EPOCH.checked_sub(Duration::from_secs(secs.unsigned_abs()))
        }
    };
    let mut t = FileTimes::new();
    if let Some(a) = at(st.atime) {
        t = t.set_accessed(a);
    }
    if let Some(m) = at(st.mtime) {
        t = t.set_modified(m);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::super::posix_test::tests::stat_bytes;
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;

    fn file(name: &str, contents: &[u8], mode: u32, nlink: u64) -> SymFile {
        SymFile {
            name: name.into(),
            contents: contents.to_vec(),
            stat: Stat::decode(&stat_bytes(mode, nlink, 1_000_000, 2_000_000)),
        }
    }

    #[test]
    fn files_get_their_contents_mode_times_and_links() {
        let t = PosixTest {
            files: vec![
                file("A", b"hello", libc::S_IFREG | 0o640, 1),
                file("B", b"", libc::S_IFDIR | 0o751, 1),
                file("C", b"lnk", libc::S_IFLNK | 0o600, 2),
            ],
            model_version: 1,
            ..PosixTest::default()
        };
        let sb = Sandbox::create(&t).unwrap();
        let a = sb.path().join("A");
        // (Before reading it, which may update the access time.)
        let m = fs::metadata(&a).unwrap();
        assert_eq!(m.mode(), libc::S_IFREG | 0o640);
        assert_eq!((m.atime(), m.mtime()), (1_000_000, 2_000_000));
        assert_eq!(fs::read(&a).unwrap(), b"hello");
        let b = fs::metadata(sb.path().join("B")).unwrap();
        assert_eq!(b.mode(), libc::S_IFDIR | 0o751);
        let c = sb.path().join("C");
        assert!(fs::symlink_metadata(&c).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&c).unwrap(), b"lnk");
        assert!(fs::symlink_metadata(sb.path().join("C.link2")).is_ok());
        assert!(sb.stdin.is_none() && sb.stdout.is_none());
        let dir = sb.path().to_path_buf();
        sb.finish();
        assert!(!dir.exists());
    }

    #[test]
    fn stdin_is_a_file_or_a_pipe_as_its_stat_says() {
        for (mode, name) in [(libc::S_IFREG | 0o644, "fd0"), (0, ""), (libc::S_IFIFO, "")] {
            let t = PosixTest {
                stdin: Some(file("stdin", b"input", mode, 1)),
                ..PosixTest::default()
            };
            let mut sb = Sandbox::create(&t).unwrap();
            assert_eq!(sb.path().join("fd0").exists(), !name.is_empty(), "{mode:o}");
            // The program's side of stdin reads the contents.
            let mut out = String::new();
            let mut child = std::process::Command::new("cat")
                .stdin(sb.stdin.take().unwrap())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdout
                .take()
                .unwrap()
                .read_to_string(&mut out)
                .unwrap();
            child.wait().unwrap();
            assert_eq!(out, "input", "{mode:o}");
            sb.finish();
        }
    }

    #[test]
    fn a_character_device_is_a_terminal_and_a_named_fifo_is_refused() {
        let t = PosixTest {
            files: vec![file("A", b"tty", libc::S_IFCHR | 0o666, 1)],
            stdin: Some(file("stdin", b"in", libc::S_IFCHR | 0o620, 1)),
            ..PosixTest::default()
        };
        let mut sb = Sandbox::create(&t).unwrap();
        let a = fs::read_link(sb.path().join("A")).unwrap();
        assert!(a.starts_with("/dev/pts"), "{}", a.display());
        let out = std::process::Command::new("sh")
            .args(["-c", "test -t 0 && head -c 3 A && cat"])
            .current_dir(sb.path())
            .stdin(sb.stdin.take().unwrap())
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), "ttyin");
        sb.finish();
        let t = PosixTest {
            files: vec![file("A", b"x", libc::S_IFIFO | 0o600, 1)],
            ..PosixTest::default()
        };
        let e = Sandbox::create(&t).err().unwrap().to_string();
        assert!(e.contains("`A-data-stat` makes A a FIFO"), "{e}");
    }
}
