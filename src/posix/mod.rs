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

use crate::exec::machine::{
    error, mem_err, syscall_name, EntryArgs, EnvState, Environment, ExecutionState, Fork, Stop,
    Worker, R,
};
use crate::exec::memory::{MemErr, ObjKind, ObjRef};
use crate::exec::value::{mask, Value};
use crate::exec::{Config, ErrorKind};
use crate::expr::{ArrayId, ExprId};
use crate::ir::{CallArg, FuncId};
use sym_fs::{SymFs, SymId};
use table::{sys_of, Sys};

/// Directory listings and symbolic links.
mod dir;
/// The dispatch by the table, the calls answered in place.
mod dispatch;
/// The calls on a descriptor: read, write, open, lseek, fcntl, fstatfs.
mod files;
/// mkdir, unlink, rmdir, rename on the overlay.
mod names;
/// The options of KLEE's POSIX runtime (`--sym-args` & co.).
mod options;
/// The writable layer over the host's files, per path.
mod overlay;
mod poll;
/// The calls that change the file system and are not modelled (chmod, link, ...).
mod ro;
/// Stat data of descriptors and names.
mod stat;
/// Start-up under `--posix-runtime`: symbolic arguments and files.
mod sym_env;
/// KLEE's symbolic files, stdin and stdout, and failure injection.
mod sym_fs;
/// `readv` / `writev` with symbolic vectors.
mod sym_iov;
/// File names with symbolic characters.
mod sym_path;
/// The system calls modelled, by number.
mod table;
/// Files on the overlay: open to create or write, read, write, truncate.
mod write;

pub use options::{PosixArg, PosixEnv, FAIL_COUNTERS, MODEL_VERSION, STDOUT_SIZE};

const EPERM: i64 = 1;
const ENOENT: i64 = 2;
const EIO: i64 = 5;
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
const O_RDWR: i64 = 2;
const O_DIRECTORY: i64 = 0o200000;
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
    /// A file of KLEE's symbolic environment (`--posix-runtime`; `sym_fs.rs`).
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
pub(crate) struct Posix {
    fds: Vec<Option<Fd>>,
    descs: Vec<Option<Desc>>,
    umask: u32,
    /// The files the path created or changed; `None` while it has changed none.
    fs: Option<Arc<overlay::Overlay>>,
    /// KLEE's symbolic files, stdin and stdout, and failure injection (`--posix-runtime`).
    sym: Option<Box<SymFs>>,
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
    pub(crate) fn is_initial(&self) -> bool {
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
    fn set_symbolic(&mut self, fs: SymFs) {
        for (d, on) in [(0, fs.stdin.is_some()), (1, fs.stdout.is_some())] {
            if on {
                let id = if d == 0 { SymId::Stdin } else { SymId::Stdout };
                self.descs[d].as_mut().expect("initial description").node = Node::Sym(id);
            }
        }
        self.sym = Some(Box::new(fs));
    }

    fn sym(&self) -> &SymFs {
        self.sym.as_deref().expect("symbolic environment")
    }

    fn sym_mut(&mut self) -> &mut SymFs {
        self.sym.as_deref_mut().expect("symbolic environment")
    }

    /// The open file description behind `fd`.
    fn desc_of(&self, fd: i64) -> Option<usize> {
        self.desc(fd)
    }

    /// The symbolic file behind `fd`, if it is one.
    fn sym_node(&self, fd: i64) -> Option<SymId> {
        match self.descs[self.desc(fd)?].as_ref()?.node {
            Node::Sym(id) => Some(id),
            _ => None,
        }
    }

    fn desc_pos(&self, desc: usize) -> u64 {
        self.descs[desc].as_ref().expect("live description").pos
    }

    fn set_desc_pos(&mut self, desc: usize, pos: u64) {
        self.descs[desc].as_mut().expect("live description").pos = pos;
    }

    fn has_free_fd(&self) -> bool {
        (0..MAX_FDS).any(|i| self.fds.get(i).is_none_or(|f| f.is_none()))
    }

    fn umask(&self) -> u32 {
        self.umask
    }

    /// Opens a symbolic file (`open`'s checks done).
    fn open_sym(&mut self, id: SymId, flags: i64) -> i64 {
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

/// The environment of a run: KLEE's POSIX runtime's options when it is on (`--posix-runtime`).
#[derive(Debug, Default)]
pub(crate) struct PosixHook {
    pub(crate) runtime: Option<PosixEnv>,
}

impl EnvState for Posix {
    fn clone_box(&self) -> Box<dyn EnvState> {
        Box::new(self.clone())
    }

    fn is_initial(&self) -> bool {
        Posix::is_initial(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl Environment for PosixHook {
    fn initial(&self) -> Box<dyn EnvState> {
        Box::new(Posix::default())
    }

    fn makes_args(&self) -> bool {
        self.runtime.is_some()
    }

    fn start<'m, 'io>(
        &self,
        w: &mut Worker<'m, 'io>,
        cfg: &Config,
        f: FuncId,
        vals: &dyn Fn(&Worker<'m, 'io>, EntryArgs) -> Vec<Value>,
    ) -> R<EntryArgs> {
        let env = self.runtime.as_ref().expect("--posix-runtime");
        sym_env::posix_start(w, cfg, env, f, vals)
    }

    fn syscall(&self, w: &mut Worker<'_, '_>, a: &[i64; 7], args: &[CallArg]) -> R<i64> {
        Os { w }.syscall(a, args)
    }
}

/// One system call of the running path: the worker, seen through its interface.
pub(crate) struct Os<'a, 'm, 'io> {
    w: &'a mut Worker<'m, 'io>,
}

impl<'a, 'm, 'io> Os<'a, 'm, 'io> {
    /// The running path's environment.
    fn px(&self) -> &Posix {
        posix_of(self.w.state())
    }

    fn px_mut(&mut self) -> &mut Posix {
        posix_of_mut(self.w.state_mut())
    }

    fn x86_64(&self) -> bool {
        self.w.program().x86_64
    }

    /// `n` bytes of object `slot` at `off` as an expression, if any of them is symbolic.
    fn load_sym(&mut self, slot: u32, off: u64, n: u64) -> Option<ExprId> {
        let (st, pool) = self.w.state_and_pool();
        st.mem.load_sym(pool, slot, off, n)
    }

    /// `n` bytes of object `slot` at a symbolic offset.
    fn read_sym_off(&mut self, slot: u32, off: ExprId, n: u64) -> ExprId {
        let (st, pool) = self.w.state_and_pool();
        st.mem.read_sym_off(pool, slot, off, n)
    }

    /// Stores `e` (`n` bytes) in object `slot` at `off`.
    fn store_sym(&mut self, slot: u32, off: u64, n: u64, e: ExprId) {
        let (st, pool) = self.w.state_and_pool();
        st.mem.store_sym(pool, slot, off, n, e)
    }
}

fn posix_of(st: &ExecutionState) -> &Posix {
    st.env
        .as_any()
        .downcast_ref()
        .expect("the POSIX environment")
}

fn posix_of_mut(st: &mut ExecutionState) -> &mut Posix {
    st.env_mut()
        .as_any_mut()
        .downcast_mut()
        .expect("the POSIX environment")
}
