//! The process environment behind `__trex_syscall`: every system call the C library makes
//! comes here. Concrete, per path (`ExecutionState::posix`, copied by a fork):
//!
//! * file descriptors over open file descriptions (`dup` shares the offset): stdin (the bytes
//!   `Io::stdin` gives, fetched at the first call on it: a regular file with the host's stat
//!   data when trex's stdin is one, as the native program would see it, else read as a pipe
//!   whatever it is, with its stat data), stdout and stderr (the `Io`, pipes, write-only),
//!   `/dev/null`, `/dev/stdin` & co. (the descriptors themselves), and host files and
//!   directories opened by name, relative to the current directory (`--run-in-dir`), each
//!   file's contents read once when it is opened (a snapshot: later host changes are not
//!   seen); files created, written, truncated, renamed or removed are on the path's overlay
//!   (`posix/overlay.rs`: copy-on-write, symbolic bytes kept), never the host;
//! * the process's identity and limits, the clocks, `uname`, `getcwd`: the host's, as the
//!   native program would see them; the umask (per path, 022 at start);
//! * signals: actions are accepted and never delivered (no signal reaches a path).
//!
//! A system call not listed here ends the path with `unsupported syscall N (name)` (an `exec`
//! error), never a guessed answer. The numbers are x86-64's or i386's (`syscall_names`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::posix_sym::{SymFs, SymId};
use super::syscall_names;
use super::*;

/// Directory listings and symbolic links.
mod dir;
/// mkdir, unlink, rmdir, rename on the overlay.
mod names;
/// The writable layer over the host's files, per path.
mod overlay;
mod poll;
/// The calls that change the file system and are not modelled (chmod, link, ...).
mod ro;
/// Files on the overlay: open to create or write, read, write, truncate.
mod write;

const EPERM: i64 = 1;
const ENOENT: i64 = 2;
const ENXIO: i64 = 6;
const EBADF: i64 = 9;
const ENOMEM: i64 = 12;
const EACCES: i64 = 13;
const EEXIST: i64 = 17;
const ENOTDIR: i64 = 20;
const EISDIR: i64 = 21;
const EINVAL: i64 = 22;
const EMFILE: i64 = 24;
const ENOTTY: i64 = 25;
const ESPIPE: i64 = 29;
const EROFS: i64 = 30;
const EAFNOSUPPORT: i64 = 97;
const ERANGE: i64 = 34;

const O_ACCMODE: i64 = 3;
const O_WRONLY: i64 = 1;
const O_CREAT: i64 = 0o100;
const O_TRUNC: i64 = 0o1000;
const O_EXCL: i64 = 0o200;
const O_CLOEXEC: i64 = 0o2000000;
const AT_FDCWD: i64 = -100;
const AT_SYMLINK_NOFOLLOW: i64 = 0x100;
const AT_EMPTY_PATH: i64 = 0x1000;
const AT_REMOVEDIR: i64 = 0x200;
/// Descriptors a path may have open at once (`EMFILE` beyond, as `ulimit -n`).
const MAX_FDS: usize = 1024;

/// Stat data of a file (the fields both `struct stat` and `struct statx` carry).
#[derive(Clone, Debug, Default)]
struct Stat {
    dev: u64,
    ino: u64,
    mode: u32,
    nlink: u64,
    uid: u32,
    gid: u32,
    rdev: u64,
    size: u64,
    blksize: u64,
    blocks: u64,
    atime: (i64, i64),
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stat {
    fn of(m: &std::fs::Metadata) -> Stat {
        use std::os::unix::fs::MetadataExt;
        Stat {
            dev: m.dev(),
            ino: m.ino(),
            mode: m.mode(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
            rdev: m.rdev(),
            size: m.size(),
            blksize: m.blksize(),
            blocks: m.blocks(),
            atime: (m.atime(), m.atime_nsec()),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }

    /// The stdio pipes: FIFOs owned by the process's user (what a native run under a test
    /// harness or in a shell pipeline sees).
    fn pipe(ino: u64) -> Stat {
        Stat {
            dev: 0xd,
            ino,
            mode: 0o010600,
            nlink: 1,
            uid: host_id(Id::Uid),
            gid: host_id(Id::Gid),
            blksize: 4096,
            ..Stat::default()
        }
    }
}

/// What an open file description reads from or writes to.
#[derive(Clone, Debug)]
enum Node {
    /// The program's stdin, not fetched from the `Io` yet (`Worker::fetch_stdin`).
    Stdin,
    /// Bytes read from a pipe (stdin when it is not a regular file): no seeking.
    /// Its stat data: the host stdin's (a pipe, a terminal, `/dev/null`), or a pipe's.
    Pipe(Arc<[u8]>, Arc<Stat>),
    /// stdout (1) or stderr (2), through the `Io`.
    Out(i32),
    /// `/dev/null`: reads nothing, swallows writes.
    Null(Arc<Stat>),
    /// A host file: its contents when opened, and its stat data.
    File(Arc<[u8]>, Arc<Stat>),
    /// A host directory (its path, for `*at` calls relative to it).
    Dir(Arc<PathBuf>, Arc<Stat>),
    /// A file of KLEE's symbolic environment (`--posix-runtime`; `posix_sym.rs`).
    Sym(SymId),
    /// A file of the path's overlay (`posix/overlay.rs`), by inode number.
    Over(u64),
}

#[derive(Clone, Debug)]
struct Desc {
    node: Node,
    pos: u64,
    /// The open flags (`F_GETFL`).
    flags: i64,
    /// Descriptors referring to it.
    refs: u32,
}

#[derive(Clone, Copy, Debug)]
struct Fd {
    desc: usize,
    cloexec: bool,
}

/// One path's view of the process environment.
#[derive(Clone, Debug)]
pub(in crate::exec) struct Posix {
    fds: Vec<Option<Fd>>,
    descs: Vec<Option<Desc>>,
    umask: u32,
    /// The files the path created or changed; `None` while it has changed none.
    fs: Option<Arc<overlay::Overlay>>,
    /// KLEE's symbolic files, stdin and stdout, and failure injection (`--posix-runtime`).
    pub(super) sym: Option<Box<SymFs>>,
}

impl Default for Posix {
    fn default() -> Posix {
        let d = |node, flags| {
            Some(Desc {
                node,
                pos: 0,
                flags,
                refs: 1,
            })
        };
        let fd = |desc| {
            Some(Fd {
                desc,
                cloexec: false,
            })
        };
        Posix {
            fds: vec![fd(0), fd(1), fd(2)],
            descs: vec![d(Node::Stdin, 0), d(Node::Out(1), 1), d(Node::Out(2), 1)],
            umask: 0o022,
            fs: None,
            sym: None,
        }
    }
}

impl Posix {
    /// The descriptors are those the process started with (0, 1, 2 on stdin, stdout and
    /// stderr, nothing else open) and no failure can be injected: then `write(1 or 2, buf, n)`
    /// returns n, as interpolants assume.
    pub(in crate::exec) fn is_initial(&self) -> bool {
        let on = |fd: usize, node: fn(&Node) -> bool| {
            self.fds.get(fd).copied().flatten().is_some_and(|f| {
                self.descs
                    .get(f.desc)
                    .and_then(|d| d.as_ref())
                    .is_some_and(|d| node(&d.node))
            })
        };
        // Failures still to inject (`--max-fail`) depend on per-path call counts that
        // interpolants do not see.
        let no_failures = self
            .sym
            .as_deref()
            .is_none_or(|s| s.fail.is_none() || s.max_fail == 0);
        // A changed file is state interpolants do not see either.
        no_failures
            && self.fs.is_none()
            && self.fds.iter().skip(3).all(|f| f.is_none())
            && on(0, |n| matches!(n, Node::Stdin))
            && on(1, |n| matches!(n, Node::Out(1)))
            && on(2, |n| matches!(n, Node::Out(2)))
    }

    fn desc(&self, fd: i64) -> Option<usize> {
        let f = (*self.fds.get(usize::try_from(fd).ok()?)?)?;
        Some(f.desc)
    }

    /// Installs KLEE's symbolic environment: stdin and stdout become its files when it has
    /// them.
    pub(super) fn set_symbolic(&mut self, fs: SymFs) {
        for (d, on) in [(0, fs.stdin.is_some()), (1, fs.stdout.is_some())] {
            if on {
                let id = if d == 0 { SymId::Stdin } else { SymId::Stdout };
                self.descs[d].as_mut().expect("initial description").node = Node::Sym(id);
            }
        }
        self.sym = Some(Box::new(fs));
    }

    pub(super) fn sym(&self) -> &SymFs {
        self.sym.as_deref().expect("symbolic environment")
    }

    pub(super) fn sym_mut(&mut self) -> &mut SymFs {
        self.sym.as_deref_mut().expect("symbolic environment")
    }

    /// The open file description behind `fd`.
    pub(super) fn desc_of(&self, fd: i64) -> Option<usize> {
        self.desc(fd)
    }

    /// The symbolic file behind `fd`, if it is one.
    pub(super) fn sym_node(&self, fd: i64) -> Option<SymId> {
        match self.descs[self.desc(fd)?].as_ref()?.node {
            Node::Sym(id) => Some(id),
            _ => None,
        }
    }

    pub(super) fn desc_pos(&self, desc: usize) -> u64 {
        self.descs[desc].as_ref().expect("live description").pos
    }

    pub(super) fn set_desc_pos(&mut self, desc: usize, pos: u64) {
        self.descs[desc].as_mut().expect("live description").pos = pos;
    }

    pub(super) fn has_free_fd(&self) -> bool {
        (0..MAX_FDS).any(|i| self.fds.get(i).is_none_or(|f| f.is_none()))
    }

    pub(super) fn umask(&self) -> u32 {
        self.umask
    }

    /// Opens a symbolic file (`open`'s checks done).
    pub(super) fn open_sym(&mut self, id: SymId, flags: i64) -> i64 {
        self.open(Node::Sym(id), flags)
    }

    /// The lowest free descriptor at or above `min` refers to `desc`.
    fn install(&mut self, desc: usize, min: usize, cloexec: bool) -> i64 {
        let Some(fd) = (min..MAX_FDS).find(|&i| self.fds.get(i).is_none_or(|f| f.is_none())) else {
            return -EMFILE;
        };
        if fd >= self.fds.len() {
            self.fds.resize(fd + 1, None);
        }
        self.fds[fd] = Some(Fd { desc, cloexec });
        self.descs[desc].as_mut().expect("live description").refs += 1;
        fd as i64
    }

    fn open(&mut self, node: Node, flags: i64) -> i64 {
        let desc = match self.descs.iter().position(|d| d.is_none()) {
            Some(i) => i,
            None => {
                self.descs.push(None);
                self.descs.len() - 1
            }
        };
        self.descs[desc] = Some(Desc {
            node,
            pos: 0,
            flags: flags & !O_CLOEXEC,
            refs: 0,
        });
        let fd = self.install(desc, 0, flags & O_CLOEXEC != 0);
        if fd < 0 {
            self.descs[desc] = None;
        }
        fd
    }

    fn close(&mut self, fd: i64) -> i64 {
        let Some(desc) = self.desc(fd) else {
            return -EBADF;
        };
        self.fds[fd as usize] = None;
        let d = self.descs[desc].as_mut().expect("live description");
        d.refs -= 1;
        if d.refs == 0 {
            self.descs[desc] = None;
        }
        0
    }

    /// `dup2(old, new)` / `dup3`: `new` refers to `old`'s description.
    fn dup_to(&mut self, old: i64, new: i64, cloexec: bool) -> i64 {
        let Some(desc) = self.desc(old) else {
            return -EBADF;
        };
        if !(0..MAX_FDS as i64).contains(&new) {
            return -EBADF;
        }
        if old == new {
            return new;
        }
        self.close(new);
        self.install(desc, new as usize, cloexec)
    }
}

/// The system calls modelled (the numbers differ between x86-64 and i386; `sys_of`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Sys {
    Read,
    Write,
    Pread,
    Readv,
    Writev,
    Open,
    OpenAt,
    Close,
    Lseek,
    /// i386 `_llseek(fd, offset_hi, offset_lo, &result, whence)`.
    Llseek,
    /// x86-64 `struct stat` (musl's `kstat`): fstat, stat, lstat, newfstatat.
    Fstat,
    /// x86-64 `fstatfs` (`struct statfs`).
    Fstatfs,
    Poll,
    /// nanosleep, clock_nanosleep: no wait (the model has no other process to wait for).
    Sleep,
    Stat,
    Lstat,
    NewFstatAt,
    Statx,
    Fcntl,
    Ioctl,
    Fadvise,
    Dup,
    Dup2,
    Dup3,
    Getcwd,
    Uname,
    ClockGettime,
    Prlimit,
    Getrlimit,
    Sigaction,
    Sigprocmask,
    Uid,
    Euid,
    Gid,
    Egid,
    Pid,
    Ppid,
    Umask,
    Affinity,
    Sysinfo,
    Access,
    FaccessAt,
    Exit,
    NoMem,
    Munmap,
    Getdents,
    Readlink,
    ReadlinkAt,
    Time,
    Gettimeofday,
    Getrandom,
    /// `socket`: the model's machine has no network and no services (`EAFNOSUPPORT`; musl's
    /// nscd lookup then answers "not found", as natively without nscd).
    Socket,
    Unlink,
    UnlinkAt,
    Rmdir,
    Mkdir,
    MkdirAt,
    Rename,
    RenameAt,
    RenameAt2,
    Truncate,
    Ftruncate,
    /// i386: the length is two registers (low, high).
    Truncate64,
    Ftruncate64,
}

fn sys_of(x86_64: bool, nr: i64) -> Option<Sys> {
    use Sys::*;
    Some(if x86_64 {
        match nr {
            0 => Read,
            1 => Write,
            17 => Pread,
            19 => Readv,
            20 => Writev,
            2 => Open,
            257 => OpenAt,
            3 => Close,
            8 => Lseek,
            5 => Fstat,
            138 => Fstatfs,
            7 => Poll,
            35 | 230 => Sleep,
            4 => Stat,
            6 => Lstat,
            262 => NewFstatAt,
            332 => Statx,
            72 => Fcntl,
            16 => Ioctl,
            221 => Fadvise,
            32 => Dup,
            33 => Dup2,
            292 => Dup3,
            79 => Getcwd,
            63 => Uname,
            228 => ClockGettime,
            302 => Prlimit,
            97 => Getrlimit,
            13 => Sigaction,
            14 => Sigprocmask,
            102 => Uid,
            107 => Euid,
            104 => Gid,
            108 => Egid,
            39 | 186 => Pid,
            110 => Ppid,
            95 => Umask,
            204 => Affinity,
            99 => Sysinfo,
            21 => Access,
            269 | 439 => FaccessAt,
            60 | 231 => Exit,
            12 | 9 => NoMem,
            11 => Munmap,
            217 => Getdents,
            89 => Readlink,
            267 => ReadlinkAt,
            201 => Time,
            96 => Gettimeofday,
            318 => Getrandom,
            41 => Socket,
            87 => Unlink,
            263 => UnlinkAt,
            84 => Rmdir,
            83 => Mkdir,
            258 => MkdirAt,
            82 => Rename,
            264 => RenameAt,
            316 => RenameAt2,
            76 => Truncate,
            77 => Ftruncate,
            _ => return None,
        }
    } else {
        match nr {
            3 => Read,
            4 => Write,
            180 => Pread,
            145 => Readv,
            146 => Writev,
            168 => Poll,
            162 | 265 | 407 => Sleep,
            5 => Open,
            295 => OpenAt,
            6 => Close,
            140 => Llseek,
            383 => Statx,
            55 | 221 => Fcntl,
            54 => Ioctl,
            272 => Fadvise,
            41 => Dup,
            63 => Dup2,
            330 => Dup3,
            183 => Getcwd,
            122 => Uname,
            // clock_gettime64 (64-bit time_t; musl 1.2.3 tries it first).
            403 => ClockGettime,
            340 => Prlimit,
            174 => Sigaction,
            175 => Sigprocmask,
            199 => Uid,
            201 => Euid,
            200 => Gid,
            202 => Egid,
            20 | 224 => Pid,
            64 => Ppid,
            60 => Umask,
            242 => Affinity,
            116 => Sysinfo,
            33 => Access,
            307 | 439 => FaccessAt,
            1 | 252 => Exit,
            45 | 90 | 192 => NoMem,
            91 => Munmap,
            220 => Getdents,
            85 => Readlink,
            305 => ReadlinkAt,
            13 => Time,
            78 => Gettimeofday,
            355 => Getrandom,
            // socket, and socketcall's SYS_SOCKET (musl tries socket first).
            359 => Socket,
            10 => Unlink,
            301 => UnlinkAt,
            40 => Rmdir,
            39 => Mkdir,
            296 => MkdirAt,
            38 => Rename,
            302 => RenameAt,
            353 => RenameAt2,
            92 => Truncate,
            93 => Ftruncate,
            193 => Truncate64,
            194 => Ftruncate64,
            _ => return None,
        }
    })
}

#[derive(Clone, Copy)]
enum Id {
    Uid,
    Euid,
    Gid,
    Egid,
}

fn host_id(id: Id) -> u32 {
    // SAFETY: these calls only read the process's credentials.
    unsafe {
        match id {
            Id::Uid => libc::getuid(),
            Id::Euid => libc::geteuid(),
            Id::Gid => libc::getgid(),
            Id::Egid => libc::getegid(),
        }
    }
}

fn errno_of(e: &std::io::Error) -> i64 {
    e.raw_os_error().map_or(EACCES, |n| n as i64)
}

/// The descriptor a path names: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`.
fn own_fd(p: &Path) -> Option<i64> {
    match p.to_str()? {
        "/dev/stdin" => Some(0),
        "/dev/stdout" => Some(1),
        "/dev/stderr" => Some(2),
        p => p.strip_prefix("/dev/fd/")?.parse().ok(),
    }
}

/// Paths whose contents are not files' (the host process's own state, devices): refused
/// rather than answered with what trex itself would see there.
fn host_special(p: &Path) -> bool {
    p.starts_with("/proc") || p.starts_with("/sys") || p.starts_with("/dev")
}

impl<'m, 'io> Worker<'m, 'io> {
    /// Writes `data` at `p` (a program buffer the call fills).
    pub(super) fn sys_put(&mut self, p: &Value, data: &[u8]) -> R<()> {
        if data.is_empty() {
            return Ok(());
        }
        let (s, o) = self
            .st
            .mem
            .resolve_any_mut(p, data.len() as u64)
            .map_err(|e| mem_err(e, p))?;
        self.st.mem.write_bytes(s, o, data);
        Ok(())
    }

    pub(super) fn sys_path(&self, p: &Value) -> R<PathBuf> {
        use std::os::unix::ffi::OsStringExt;
        let b = self.st.mem.read_cstr(p).map_err(|e| mem_err(e, p))?;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(b)))
    }

    /// `path` relative to directory descriptor `dirfd` (`AT_FDCWD`: the current directory),
    /// or a negative errno.
    fn at_path(&self, dirfd: i64, path: PathBuf) -> Result<PathBuf, i64> {
        if path.is_absolute() || dirfd == AT_FDCWD {
            return Ok(path);
        }
        match self.st.posix.desc(dirfd) {
            None => Err(-EBADF),
            Some(d) => match &self.st.posix.descs[d].as_ref().unwrap().node {
                Node::Dir(p, _) => Ok(p.join(path)),
                _ => Err(-ENOTDIR),
            },
        }
    }

    /// The file name of argument `i` relative to `dirfd` (made concrete as KLEE's runtime
    /// does under `--posix-runtime`), or the call's errno (an empty name: `ENOENT`).
    fn path_arg(&mut self, args: &[CallArg], i: usize, dirfd: i64) -> R<Result<PathBuf, i64>> {
        let p = self.arg(args, i);
        let path = if self.st.posix.sym.is_some() {
            self.sym_path(&p)?.0
        } else {
            self.sys_path(&p)?
        };
        if path.as_os_str().is_empty() {
            return Ok(Err(-ENOENT));
        }
        Ok(self.at_path(dirfd, path))
    }

    /// A length or offset argument `a[i]`: on i386 a 32-bit register (signed), or two
    /// (low, high) for the `*64` calls (`split`).
    fn len_arg(&self, a: &[i64; 7], i: usize, split: bool) -> i64 {
        if split {
            (a[i] as u32 as i64) | (a[i + 1] << 32)
        } else if self.p.x86_64 {
            a[i]
        } else {
            a[i] as i32 as i64
        }
    }

    pub(super) fn syscall(&mut self, a: &[i64; 7], args: &[CallArg]) -> R<i64> {
        let nr = a[0];
        if let Some(m) = ro::mutation(self.p.x86_64, nr) {
            return self.sys_mutation(m, a, args);
        }
        let Some(sys) = sys_of(self.p.x86_64, nr) else {
            let name = syscall_names::name(self.p.x86_64, nr).unwrap_or("unknown");
            return error(
                ErrorKind::Exec,
                format!("unsupported syscall {nr} ({name})"),
            );
        };
        if self.st.posix.sym.is_some() {
            if let Some(r) = self.sym_syscall(sys, a, args)? {
                return Ok(r);
            }
        }
        let ps = self.p.ps as u64;
        Ok(match sys {
            Sys::Read => {
                let p = self.arg(args, 2);
                self.sys_read(a[1], &p, a[3] as u64, None)?
            }
            Sys::Pread => {
                let p = self.arg(args, 2);
                // i386: the offset is two registers (low, high).
                let off = self.len_arg(a, 4, !self.p.x86_64);
                if off < 0 {
                    return Ok(-EINVAL);
                }
                self.sys_read(a[1], &p, a[3] as u64, Some(off as u64))?
            }
            Sys::Write => {
                let p = self.arg(args, 2);
                self.sys_write(a[1], &p, a[3] as u64)?
            }
            Sys::Readv | Sys::Writev => {
                let (fd, iov, cnt) = (a[1], self.arg(args, 2), a[3]);
                if !(0..=1024).contains(&cnt) {
                    return Ok(-EINVAL);
                }
                let mut total = 0i64;
                for (base, len) in self.iov_entries(&iov, cnt as u64)? {
                    let r = if sys == Sys::Writev {
                        self.sys_write(fd, &base, len)?
                    } else {
                        self.sys_read(fd, &base, len, None)?
                    };
                    if r < 0 {
                        return Ok(if total > 0 { total } else { r });
                    }
                    total += r;
                    if (r as u64) < len {
                        break;
                    }
                }
                total
            }
            Sys::Open => {
                let p = self.arg(args, 1);
                let path = self.sys_path(&p)?;
                self.sys_open(path, a[2], a[3])
            }
            Sys::OpenAt => {
                let p = self.arg(args, 2);
                let path = self.sys_path(&p)?;
                match self.at_path(a[1], path) {
                    Ok(path) => self.sys_open(path, a[3], a[4]),
                    Err(e) => e,
                }
            }
            Sys::Close => self.st.posix.close(a[1]),
            Sys::Lseek => self.sys_lseek(a[1], a[2], a[3]),
            Sys::Llseek => {
                let off = ((a[2] as u64) << 32 | a[3] as u32 as u64) as i64;
                let r = self.sys_lseek(a[1], off, a[5]);
                if r >= 0 {
                    let p = self.arg(args, 4);
                    self.sys_put(&p, &r.to_le_bytes())?;
                    0
                } else {
                    r
                }
            }
            Sys::Fstat => match self.fd_stat(a[1]) {
                Ok(st) => {
                    let p = self.arg(args, 2);
                    self.put_kstat(&p, &st)?;
                    0
                }
                Err(e) => e,
            },
            Sys::Stat | Sys::Lstat => {
                let p = self.arg(args, 1);
                let path = self.sys_path(&p)?;
                match self.path_stat(&path, sys == Sys::Lstat) {
                    Ok(st) => {
                        let b = self.arg(args, 2);
                        self.put_kstat(&b, &st)?;
                        0
                    }
                    Err(e) => e,
                }
            }
            Sys::NewFstatAt | Sys::Statx => {
                let p = self.arg(args, 2);
                let path = self.sys_path(&p)?;
                let (flags, buf) = if sys == Sys::Statx {
                    (a[3], self.arg(args, 5))
                } else {
                    (a[4], self.arg(args, 3))
                };
                let st = if path.as_os_str().is_empty() {
                    if flags & AT_EMPTY_PATH == 0 {
                        return Ok(-ENOENT);
                    }
                    self.fd_stat(a[1])
                } else {
                    self.at_path(a[1], path)
                        .and_then(|p| self.path_stat(&p, flags & AT_SYMLINK_NOFOLLOW != 0))
                };
                match st {
                    Ok(st) if sys == Sys::Statx => {
                        self.put_statx(&buf, &st)?;
                        0
                    }
                    Ok(st) => {
                        self.put_kstat(&buf, &st)?;
                        0
                    }
                    Err(e) => e,
                }
            }
            Sys::Fcntl => self.sys_fcntl(a[1], a[2], a[3])?,
            Sys::Ioctl => match self.st.posix.desc(a[1]) {
                // No descriptor is a terminal (TCGETS, TIOCGWINSZ, ...: ENOTTY, which is also
                // what a regular file or a pipe answers to the terminal requests).
                Some(_) => -ENOTTY,
                None => -EBADF,
            },
            Sys::Sleep => 0,
            Sys::Poll => {
                let p = self.arg(args, 1);
                self.sys_poll(&p, a[2])?
            }
            Sys::Fstatfs => {
                let p = self.arg(args, 2);
                self.sys_fstatfs(a[1], &p)?
            }
            Sys::Fadvise => {
                self.fetch_stdin(a[1]);
                match self.st.posix.desc(a[1]) {
                    Some(d) => match self.st.posix.descs[d].as_ref().unwrap().node {
                        Node::Stdin | Node::Pipe(..) | Node::Out(_) => -ESPIPE,
                        _ => 0,
                    },
                    None => -EBADF,
                }
            }
            Sys::Dup => match self.st.posix.desc(a[1]) {
                Some(d) => self.st.posix.install(d, 0, false),
                None => -EBADF,
            },
            Sys::Dup2 => self.st.posix.dup_to(a[1], a[2], false),
            Sys::Dup3 => {
                if a[1] == a[2] || a[3] & !O_CLOEXEC != 0 {
                    -EINVAL
                } else {
                    self.st.posix.dup_to(a[1], a[2], a[3] & O_CLOEXEC != 0)
                }
            }
            Sys::Getcwd => {
                let cwd = match std::env::current_dir() {
                    Ok(d) => d,
                    Err(e) => return Ok(-errno_of(&e)),
                };
                use std::os::unix::ffi::OsStrExt;
                let mut b = cwd.as_os_str().as_bytes().to_vec();
                b.push(0);
                if (b.len() as u64) > a[2] as u64 {
                    -ERANGE
                } else {
                    let p = self.arg(args, 1);
                    self.sys_put(&p, &b)?;
                    b.len() as i64
                }
            }
            Sys::Uname => {
                // SAFETY: uname fills the struct it is given.
                let mut u: libc::utsname = unsafe { std::mem::zeroed() };
                if unsafe { libc::uname(&mut u) } != 0 {
                    return Ok(-EPERM);
                }
                let mut b = Vec::with_capacity(6 * 65);
                for f in [
                    &u.sysname,
                    &u.nodename,
                    &u.release,
                    &u.version,
                    &u.machine,
                    &u.domainname,
                ] {
                    b.extend(f.iter().map(|&c| c as u8));
                }
                let p = self.arg(args, 1);
                self.sys_put(&p, &b)?;
                0
            }
            Sys::ClockGettime => {
                let mut ts = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                };
                // SAFETY: clock_gettime fills the timespec; a bad clock id is EINVAL.
                if unsafe { libc::clock_gettime(a[1] as libc::clockid_t, &mut ts) } != 0 {
                    return Ok(-EINVAL);
                }
                let mut b = ts.tv_sec.to_le_bytes().to_vec();
                b.extend(ts.tv_nsec.to_le_bytes());
                let p = self.arg(args, 2);
                self.sys_put(&p, &b)?;
                0
            }
            Sys::Prlimit | Sys::Getrlimit => {
                let (pid, res, new, old) = if sys == Sys::Prlimit {
                    (a[1], a[2], a[3], self.arg(args, 4))
                } else {
                    (0, a[1], 0, self.arg(args, 2))
                };
                if pid != 0 && pid != 1 {
                    return Ok(-EPERM);
                }
                if new != 0 {
                    // Setting limits: nothing here enforces them.
                    return error(
                        ErrorKind::Exec,
                        "unsupported syscall: setting a resource limit",
                    );
                }
                let mut rl = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                // SAFETY: getrlimit fills the struct; a bad resource is EINVAL.
                if unsafe { libc::getrlimit(res as _, &mut rl) } != 0 {
                    return Ok(-EINVAL);
                }
                if old.bits() != 0 {
                    // prlimit64's struct is two u64 on both archs (RLIM_INFINITY all ones).
                    let mut b = rl.rlim_cur.to_le_bytes().to_vec();
                    b.extend(rl.rlim_max.to_le_bytes());
                    self.sys_put(&old, &b)?;
                }
                0
            }
            Sys::Sigaction => {
                let (sig, old) = (a[1], self.arg(args, 3));
                if !(1..=64).contains(&sig) || (sig == 9 || sig == 19) && a[2] != 0 {
                    return Ok(-EINVAL);
                }
                // No signal is ever delivered: every previous action reads as SIG_DFL.
                // (The kernel's struct: handler, flags, restorer, then the mask of a4 bytes.)
                if old.bits() != 0 {
                    self.sys_put(&old, &vec![0; (3 * ps + a[4] as u64) as usize])?;
                }
                0
            }
            Sys::Sigprocmask => {
                let old = self.arg(args, 3);
                if old.bits() != 0 {
                    self.sys_put(&old, &vec![0; a[4].clamp(0, 128) as usize])?;
                }
                0
            }
            Sys::Uid => host_id(Id::Uid) as i64,
            Sys::Euid => host_id(Id::Euid) as i64,
            Sys::Gid => host_id(Id::Gid) as i64,
            Sys::Egid => host_id(Id::Egid) as i64,
            // One process; its parent is "process 0" (no other process exists).
            Sys::Pid => 1,
            Sys::Ppid => 0,
            Sys::Umask => {
                let old = self.st.posix.umask;
                self.st.posix.umask = a[1] as u32 & 0o777;
                old as i64
            }
            Sys::Affinity => {
                // sched_getaffinity(pid, size, mask): the process runs on one CPU (a path has
                // one thread), whatever the host has; the kernel writes one `long` of mask.
                let (pid, size, mask) = (a[1], a[2], self.arg(args, 3));
                if pid != 0 && pid != 1 {
                    return Ok(-3); // ESRCH
                }
                if size < ps as i64 || size % ps as i64 != 0 {
                    return Ok(-EINVAL);
                }
                let mut b = vec![0u8; ps as usize];
                b[0] = 1;
                self.sys_put(&mask, &b)?;
                ps as i64
            }
            Sys::Sysinfo => {
                // The host's figures (sort sizes its buffers by the memory), in the target's
                // layout: longs, then `procs`, then `mem_unit`, the sizes counted in a unit
                // large enough for a 32-bit target's fields (as the kernel does).
                // SAFETY: sysinfo fills the struct.
                let mut si: libc::sysinfo = unsafe { std::mem::zeroed() };
                if unsafe { libc::sysinfo(&mut si) } != 0 {
                    return Ok(-EINVAL);
                }
                let unit = si.mem_unit.max(1) as u128;
                let sizes = [
                    si.totalram,
                    si.freeram,
                    si.sharedram,
                    si.bufferram,
                    si.totalswap,
                    si.freeswap,
                    si.totalhigh,
                    si.freehigh,
                ]
                .map(|v| v as u128 * unit);
                let max = if ps == 8 {
                    u64::MAX as u128
                } else {
                    u32::MAX as u128
                };
                let mut out_unit = 1u128;
                while sizes.iter().any(|&v| v / out_unit > max) {
                    out_unit <<= 1;
                }
                let long = |v: u128| v.min(max).to_le_bytes()[..ps as usize].to_vec();
                let mut b = long(si.uptime as u128);
                for l in si.loads {
                    b.extend(long(l as u128));
                }
                for v in &sizes[..6] {
                    b.extend(long(v / out_unit));
                }
                b.extend(si.procs.to_le_bytes());
                b.resize(b.len().next_multiple_of(ps as usize), 0);
                for v in &sizes[6..] {
                    b.extend(long(v / out_unit));
                }
                b.extend((out_unit as u32).to_le_bytes());
                // The kernel's struct ends with padding to 20 bytes past `procs`' fields.
                b.resize(if ps == 8 { 112 } else { 64 }, 0);
                let p = self.arg(args, 1);
                self.sys_put(&p, &b)?;
                0
            }
            Sys::Access | Sys::FaccessAt => {
                let (dirfd, pi, mode) = if sys == Sys::Access {
                    (AT_FDCWD, 1, a[2])
                } else {
                    (a[1], 2, a[3])
                };
                let p = self.arg(args, pi);
                let path = self.sys_path(&p)?;
                match self
                    .at_path(dirfd, path)
                    .and_then(|p| self.path_stat(&p, false).map(|st| (p, st)))
                {
                    Ok((p, st)) => match self.lookup(&p, false) {
                        Ok(write::Lookup::Over(_)) => {
                            if write::may(&st, mode as u32 & 7) {
                                0
                            } else {
                                -EACCES
                            }
                        }
                        // W_OK: the host's answer for its file (the overlay takes the writes).
                        _ if mode & 2 != 0 => write::host_access(&p, mode as u32 & 7),
                        _ if mode & 1 != 0 && st.mode & 0o111 == 0 => -EACCES,
                        _ => 0,
                    },
                    Err(e) => e,
                }
            }
            Sys::Exit => return Err(Box::new(Stop::Exit(a[1] as i32))),
            Sys::NoMem => -ENOMEM,
            Sys::Munmap => 0,
            Sys::Time | Sys::Gettimeofday => {
                // The host's clock, as clock_gettime gives it (the target's longs).
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                let long = |v: i64| v.to_le_bytes()[..ps as usize].to_vec();
                let out = self.arg(args, 1);
                if out.bits() != 0 {
                    let mut b = long(now.as_secs() as i64);
                    if sys == Sys::Gettimeofday {
                        b.extend(long(now.subsec_micros() as i64));
                    }
                    self.sys_put(&out, &b)?;
                }
                let tz = self.arg(args, 2);
                if sys == Sys::Gettimeofday && tz.bits() != 0 {
                    // struct timezone: UTC, no daylight saving time.
                    self.sys_put(&tz, &[0; 8])?;
                }
                if sys == Sys::Time {
                    now.as_secs() as i64
                } else {
                    0
                }
            }
            Sys::Getrandom => {
                // The host's random bytes, as the native program gets them (at most 32 MiB
                // per call, as Linux; GRND_NONBLOCK / GRND_RANDOM / GRND_INSECURE passed on).
                let (buf, n, flags) = (self.arg(args, 1), a[2] as u64, a[3]);
                if flags & !7 != 0 {
                    return Ok(-EINVAL);
                }
                let mut b = vec![0u8; n.min(1 << 25) as usize];
                // SAFETY: getrandom fills at most b.len() bytes of b.
                let r = unsafe { libc::getrandom(b.as_mut_ptr().cast(), b.len(), flags as u32) };
                if r < 0 {
                    return Ok(-(std::io::Error::last_os_error()
                        .raw_os_error()
                        .unwrap_or(EINVAL as i32) as i64));
                }
                self.sys_put(&buf, &b[..r as usize])?;
                r as i64
            }
            Sys::Socket => -EAFNOSUPPORT,
            Sys::Unlink | Sys::Rmdir => {
                let path = self.path_arg(args, 1, AT_FDCWD)?;
                path.map_or_else(|e| e, |p| self.sys_unlink(&p, sys == Sys::Rmdir))
            }
            Sys::UnlinkAt => {
                if a[3] & !AT_REMOVEDIR != 0 {
                    return Ok(-EINVAL);
                }
                let path = self.path_arg(args, 2, a[1])?;
                path.map_or_else(|e| e, |p| self.sys_unlink(&p, a[3] != 0))
            }
            Sys::Mkdir | Sys::MkdirAt => {
                let (dirfd, i) = if sys == Sys::Mkdir {
                    (AT_FDCWD, 1)
                } else {
                    (a[1], 2)
                };
                let path = self.path_arg(args, i, dirfd)?;
                path.map_or_else(|e| e, |p| self.sys_mkdir(&p, a[i + 1]))
            }
            Sys::Rename | Sys::RenameAt | Sys::RenameAt2 => {
                let (from, to, flags) = if sys == Sys::Rename {
                    (
                        self.path_arg(args, 1, AT_FDCWD)?,
                        self.path_arg(args, 2, AT_FDCWD)?,
                        0,
                    )
                } else {
                    let flags = if sys == Sys::RenameAt2 { a[5] } else { 0 };
                    (
                        self.path_arg(args, 2, a[1])?,
                        self.path_arg(args, 4, a[3])?,
                        flags,
                    )
                };
                match (from, to) {
                    (Ok(f), Ok(t)) => self.sys_rename(&f, &t, flags)?,
                    (Err(e), _) | (_, Err(e)) => e,
                }
            }
            Sys::Truncate | Sys::Truncate64 => {
                let len = self.len_arg(a, 2, sys == Sys::Truncate64);
                let path = self.path_arg(args, 1, AT_FDCWD)?;
                path.map_or_else(|e| e, |p| self.truncate_path(&p, len))
            }
            Sys::Ftruncate | Sys::Ftruncate64 => {
                let len = self.len_arg(a, 2, sys == Sys::Ftruncate64);
                self.truncate_fd(a[1], len)
            }
            Sys::Getdents => {
                let p = self.arg(args, 2);
                self.sys_getdents(a[1], &p, a[3] as u64)?
            }
            Sys::Readlink | Sys::ReadlinkAt => {
                let (dirfd, i) = if sys == Sys::Readlink {
                    (AT_FDCWD, 1)
                } else {
                    (a[1], 2)
                };
                let (p, b) = (self.arg(args, i), self.arg(args, i + 1));
                self.sys_readlink(dirfd, &p, &b, a[i + 2])?
            }
        })
    }

    /// Replaces the unfetched stdin behind `fd` (if it is) by what the `Io` gives.
    fn fetch_stdin(&mut self, fd: i64) {
        let Some(d) = self.st.posix.desc(fd) else {
            return;
        };
        if !matches!(self.st.posix.descs[d].as_ref().unwrap().node, Node::Stdin) {
            return;
        }
        let (bytes, meta) = self.io.stdin();
        let node = match meta {
            Some(m) if m.is_file() => Node::File(bytes, Arc::new(Stat::of(&m))),
            Some(m) => Node::Pipe(bytes, Arc::new(Stat::of(&m))),
            None => Node::Pipe(bytes, Arc::new(Stat::pipe(1))),
        };
        self.st.posix.descs[d].as_mut().unwrap().node = node;
    }

    fn sys_read(&mut self, fd: i64, p: &Value, n: u64, at: Option<u64>) -> R<i64> {
        self.fetch_stdin(fd);
        let Some(d) = self.st.posix.desc(fd) else {
            return Ok(-EBADF);
        };
        let desc = self.st.posix.descs[d].as_ref().unwrap();
        if desc.flags & O_ACCMODE == O_WRONLY {
            return Ok(-EBADF);
        }
        let data: Arc<[u8]> = match &desc.node {
            Node::Pipe(data, _) => {
                if at.is_some() {
                    return Ok(-ESPIPE);
                }
                data.clone()
            }
            Node::Stdin => unreachable!("stdin fetched above"),
            Node::File(data, _) => data.clone(),
            Node::Null(_) => return Ok(0),
            Node::Out(_) => return Ok(-EBADF),
            Node::Dir(..) => return Ok(-EISDIR),
            Node::Sym(id) => {
                let id = *id;
                return self.sym_read(d, id, p, n, at);
            }
            Node::Over(i) => {
                let i = *i;
                return self.over_read(d, i, p, n, at);
            }
        };
        let pos = at.unwrap_or(desc.pos);
        let start = pos.min(data.len() as u64) as usize;
        let k = (data.len() - start).min(n.min(i64::MAX as u64) as usize);
        self.sys_put(p, &data[start..start + k])?;
        if at.is_none() {
            self.st.posix.descs[d].as_mut().unwrap().pos = pos + k as u64;
        }
        Ok(k as i64)
    }

    fn sys_write(&mut self, fd: i64, p: &Value, n: u64) -> R<i64> {
        if let (Value::Sym(a), true) = (p, n > 0) {
            let (q, scratch) = self.gather(*a, n)?;
            let r = self.sys_write(fd, &q, n);
            self.st.mem.free(scratch);
            return r;
        }
        if !(fd == 1 || fd == 2) || !self.st.posix.is_initial() {
            // Interpolants model only writes to the initial standard output and error.
            self.observe_fork(super::observe::Fork::Other(
                "write other than to the initial standard output or error",
            ));
        }
        let Some(d) = self.st.posix.desc(fd) else {
            return Ok(-EBADF);
        };
        let desc = self.st.posix.descs[d].as_ref().unwrap();
        if desc.flags & O_ACCMODE == 0 {
            return Ok(-EBADF);
        }
        match desc.node {
            Node::Out(k) => self.write_out(k, p, n),
            Node::Sym(id) => self.sym_write(d, id, p, n),
            Node::Over(i) => self.over_write(d, i, p, n),
            Node::Null(_) => {
                if n > 0 {
                    // The bytes must exist, as the kernel reads them.
                    self.st.mem.resolve_any(p, n).map_err(|e| mem_err(e, p))?;
                }
                Ok(n as i64)
            }
            // Opened read-only (a file written is on the overlay).
            _ => Ok(-EBADF),
        }
    }

    fn sys_open(&mut self, path: PathBuf, flags: i64, mode: i64) -> i64 {
        if path == Path::new("/dev/null") {
            let st = std::fs::metadata(&path)
                .map(|m| Stat::of(&m))
                .unwrap_or_default();
            return self.st.posix.open(Node::Null(Arc::new(st)), flags);
        }
        if path == Path::new("/dev/tty") {
            // No controlling terminal.
            return -ENXIO;
        }
        // The process's own descriptors by name (Linux reopens the file; here the open file
        // description is shared, which differs only in the offset of seekable files).
        if let Some(fd) = own_fd(&path) {
            return match self.st.posix.desc(fd) {
                Some(d) => self.st.posix.install(d, 0, flags & O_CLOEXEC != 0),
                None => -ENOENT,
            };
        }
        if host_special(&path) {
            return -EACCES;
        }
        self.open_path(path, flags, mode)
    }

    fn sys_lseek(&mut self, fd: i64, off: i64, whence: i64) -> i64 {
        self.fetch_stdin(fd);
        let Some(d) = self.st.posix.desc(fd) else {
            return -EBADF;
        };
        let desc = self.st.posix.descs[d].as_mut().unwrap();
        let end = match &desc.node {
            Node::Stdin | Node::Pipe(..) | Node::Out(_) => return -ESPIPE,
            Node::Null(_) => return 0,
            Node::File(data, _) => data.len() as i64,
            Node::Over(i) => {
                let o = self.st.posix.fs.as_deref().expect("overlay");
                o.inode(*i).data.len() as i64
            }
            // A directory's offset counts entries (`dir.rs`): set, not relative to its end.
            Node::Dir(..) if whence == 2 => return -EINVAL,
            Node::Dir(..) => 0,
            Node::Sym(id) => {
                let fs = self.st.posix.sym.as_deref().expect("symbolic files");
                fs.file(*id).size as i64
            }
        };
        let base = match whence {
            0 => 0,
            1 => desc.pos as i64,
            2 => end,
            _ => return -EINVAL,
        };
        match base.checked_add(off) {
            Some(p) if p >= 0 => {
                desc.pos = p as u64;
                p
            }
            _ => -EINVAL,
        }
    }

    fn sys_fcntl(&mut self, fd: i64, cmd: i64, arg: i64) -> R<i64> {
        let posix = &mut self.st.posix;
        let Some(d) = posix.desc(fd) else {
            return Ok(-EBADF);
        };
        Ok(match cmd {
            // F_DUPFD, F_DUPFD_CLOEXEC
            0 | 1030 => {
                if !(0..MAX_FDS as i64).contains(&arg) {
                    -EINVAL
                } else {
                    posix.install(d, arg as usize, cmd == 1030)
                }
            }
            // F_GETFD, F_SETFD
            1 => posix.fds[fd as usize].unwrap().cloexec as i64,
            2 => {
                posix.fds[fd as usize].as_mut().unwrap().cloexec = arg & 1 != 0;
                0
            }
            // F_GETFL, F_SETFL (only O_APPEND and O_NONBLOCK change, as in Linux; neither
            // matters to a model without blocking or writable files).
            3 => posix.descs[d].as_ref().unwrap().flags,
            4 => {
                let f = &mut posix.descs[d].as_mut().unwrap().flags;
                *f = (*f & !0o4000 & !0o2000) | (arg & (0o4000 | 0o2000));
                0
            }
            _ => {
                return error(
                    ErrorKind::Exec,
                    format!("unsupported syscall: fcntl command {cmd}"),
                )
            }
        })
    }

    /// `fstatfs`: the host's answer for trex's own standard streams and directories (the
    /// program's stdout, stderr and stdin are trex's), KLEE's `ENOENT` for a symbolic file.
    fn sys_fstatfs(&mut self, fd: i64, buf: &Value) -> R<i64> {
        self.fetch_stdin(fd);
        let Some(d) = self.st.posix.desc(fd) else {
            return Ok(-EBADF);
        };
        let node = self.st.posix.descs[d].as_ref().unwrap().node.clone();
        let mut sfs: libc::statfs = unsafe { std::mem::zeroed() };
        // SAFETY: the calls only write the `statfs` given.
        let r = match &node {
            // KLEE's runtime: "symbolic file descriptor, ignoring (ENOENT)".
            Node::Sym(_) => return Ok(-ENOENT),
            Node::Out(k) => unsafe { libc::fstatfs(*k, &mut sfs) },
            Node::Stdin | Node::Pipe(..) => unsafe { libc::fstatfs(0, &mut sfs) },
            Node::Null(_) => unsafe { libc::statfs(c"/dev/null".as_ptr(), &mut sfs) },
            Node::Dir(p, _) => {
                let Ok(c) = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()) else {
                    return Ok(-ENOENT);
                };
                unsafe { libc::statfs(c.as_ptr(), &mut sfs) }
            }
            Node::File(..) | Node::Over(_) => {
                return error(
                    ErrorKind::Exec,
                    "unsupported: fstatfs of a file (its file system is not recorded)",
                )
            }
        };
        if r != 0 {
            let e = std::io::Error::last_os_error().raw_os_error();
            return Ok(-(e.unwrap_or(libc::EIO) as i64));
        }
        // SAFETY: `statfs` is plain data.
        let bytes = unsafe {
            std::slice::from_raw_parts(
                &sfs as *const libc::statfs as *const u8,
                std::mem::size_of::<libc::statfs>(),
            )
        };
        let bytes = bytes.to_vec();
        self.sys_put(buf, &bytes)?;
        Ok(0)
    }

    fn fd_stat(&mut self, fd: i64) -> Result<Stat, i64> {
        self.fetch_stdin(fd);
        let d = self.st.posix.desc(fd).ok_or(-EBADF)?;
        Ok(match &self.st.posix.descs[d].as_ref().unwrap().node {
            Node::Stdin => unreachable!("stdin fetched above"),
            Node::Pipe(_, st) => (**st).clone(),
            Node::Out(k) => Stat::pipe(1 + *k as u64),
            Node::Null(st) | Node::File(_, st) | Node::Dir(_, st) => (**st).clone(),
            Node::Over(i) => self.st.posix.overlay().expect("overlay").inode(*i).stat(),
            // A symbolic file's stat data is symbolic: `posix_sym` answers the stat calls on
            // it; only `/dev/fd/N` names of it get here.
            Node::Sym(_) => return Err(-EACCES),
        })
    }

    fn path_stat(&mut self, path: &Path, nofollow: bool) -> Result<Stat, i64> {
        if path.as_os_str().is_empty() {
            return Err(-ENOENT);
        }
        if let Some(fd) = own_fd(path) {
            // Symbolic links on Linux: lstat of /dev/stdin & co. is the host's (a link to
            // /proc/self/fd/N, as readlink says); /dev/fd/N followed even by lstat.
            if nofollow && !path.starts_with("/dev/fd") {
                if let Ok(m) = std::fs::symlink_metadata(path) {
                    return Ok(Stat::of(&m));
                }
            }
            return self.fd_stat(fd).map_err(|_| -ENOENT);
        }
        // Device nodes' and the mount points' stat data do not depend on the process (its
        // own descriptors' names are answered above); below /proc and /sys they do.
        if host_special(path) && !path.starts_with("/dev") && path.components().count() > 2 {
            return Err(-EACCES);
        }
        self.lookup(path, nofollow).map(|l| self.lookup_stat(&l))
    }

    /// x86-64's `struct stat` (musl's `kstat`, 144 bytes).
    fn put_kstat(&mut self, p: &Value, s: &Stat) -> R<()> {
        let mut b = Vec::with_capacity(144);
        b.extend(s.dev.to_le_bytes());
        b.extend(s.ino.to_le_bytes());
        b.extend(s.nlink.to_le_bytes());
        b.extend(s.mode.to_le_bytes());
        b.extend(s.uid.to_le_bytes());
        b.extend(s.gid.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(s.rdev.to_le_bytes());
        b.extend(s.size.to_le_bytes());
        b.extend(s.blksize.to_le_bytes());
        b.extend(s.blocks.to_le_bytes());
        for (sec, nsec) in [s.atime, s.mtime, s.ctime] {
            b.extend(sec.to_le_bytes());
            b.extend(nsec.to_le_bytes());
        }
        b.resize(144, 0);
        debug_assert!(self.p.x86_64);
        self.sys_put(p, &b)
    }

    /// `struct statx` (256 bytes, the same on every arch).
    fn put_statx(&mut self, p: &Value, s: &Stat) -> R<()> {
        // Linux's dev_t encoding: major in bits 8..20 and 32..44, minor in 0..8 and 20..32.
        let major = |d: u64| (((d >> 32) & 0xffff_f000) | ((d >> 8) & 0xfff)) as u32;
        let minor = |d: u64| (((d >> 12) & 0xffff_ff00) | (d & 0xff)) as u32;
        let mut b = Vec::with_capacity(256);
        b.extend(0x7ffu32.to_le_bytes()); // STATX_BASIC_STATS
        b.extend((s.blksize as u32).to_le_bytes());
        b.extend(0u64.to_le_bytes());
        b.extend((s.nlink as u32).to_le_bytes());
        b.extend(s.uid.to_le_bytes());
        b.extend(s.gid.to_le_bytes());
        b.extend((s.mode as u16).to_le_bytes());
        b.extend(0u16.to_le_bytes());
        b.extend(s.ino.to_le_bytes());
        b.extend(s.size.to_le_bytes());
        b.extend(s.blocks.to_le_bytes());
        b.extend(0u64.to_le_bytes());
        // atime, btime (not known: zero, and not in the mask's bits), ctime, mtime
        for (sec, nsec) in [s.atime, (0, 0), s.ctime, s.mtime] {
            b.extend(sec.to_le_bytes());
            b.extend((nsec as u32).to_le_bytes());
            b.extend(0u32.to_le_bytes());
        }
        for v in [major(s.rdev), minor(s.rdev), major(s.dev), minor(s.dev)] {
            b.extend(v.to_le_bytes());
        }
        b.resize(256, 0);
        self.sys_put(p, &b)
    }
}
