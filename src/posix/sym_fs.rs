//! The system calls on KLEE's symbolic environment (`--posix-runtime`, made at start-up by
//! `sym_env.rs`), as KLEE's POSIX runtime (`runtime/POSIX/fd.c`) answers them:
//!
//! * a symbolic file is opened by its name (`A`, `B`, ...: one letter, relative to the current
//!   directory, or that directory's absolute path followed by the letter), whatever exists on
//!   the host; its contents and stat data are memory objects of the path (`SymFile`), so a
//!   read copies possibly symbolic bytes with the memory's own copy, `stat` / `lstat` /
//!   `fstat` / `newfstatat` copy the symbolic `struct stat`, and a write (a symbolic stdout,
//!   a file opened for writing) stores into the contents, past their end cut short (or, with
//!   `--save-all-writes`, KLEE's failed `assert(0)`);
//! * `open` checks access as KLEE's `has_permission` does (its quirks kept: only `O_RDWR`
//!   counts as reading, and it is refused when a read bit is set), then sets the permission
//!   bits of the file's mode to the `open` mode minus the umask, as KLEE does;
//! * terminal requests (`TCGETS`, `TIOCGWINSZ`, ...) on a symbolic file answer as for a
//!   character device when its symbolic mode says it is one (the path forks on the mode);
//! * `--max-fail K`: the n-th `read` (`read`, `pread64`, `readv`), `write` (`write`,
//!   `writev`), `close` and `getcwd` call fails (`EIO`; `getcwd`: `ERANGE`) on the path where
//!   that kind's counter (`read_fail`, ...) equals n, at most K times per path.
//!
//! A fork here re-executes the system call in the pending copy (with the constraint of its
//! side), so every decision is taken before the call changes anything.

use std::path::Path;

use super::*;

/// Offsets in x86-64's `struct stat64` (KLEE's `stat64`; musl's `kstat` has the same layout).
pub(super) const STAT_SIZE: u64 = 144;
pub(super) const ST_INO: u64 = 8;
pub(super) const ST_MODE: u64 = 24;

/// The symbolic files of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SymId {
    File(u8),
    Stdin,
    Stdout,
}

/// A symbolic file: its contents and stat data (objects of the path).
#[derive(Clone, Copy, Debug)]
pub(super) struct SymFile {
    pub(super) contents: ObjRef,
    pub(super) stat: ObjRef,
    pub(super) size: u64,
}

/// Kinds of calls that can be made to fail (`FAIL_COUNTERS` order).
#[derive(Clone, Copy)]
pub(super) enum Call {
    Read = 0,
    Write = 1,
    Close = 2,
    Getcwd = 4,
}

/// KLEE's symbolic file system, per path.
#[derive(Clone, Debug, Default)]
pub(super) struct SymFs {
    pub(super) files: Vec<SymFile>,
    pub(super) stdin: Option<SymFile>,
    pub(super) stdout: Option<SymFile>,
    pub(super) save_all_writes: bool,
    /// The failure counters' values (`read_fail`, ...), with `--max-fail`.
    pub(super) fail: Option<Vec<Value>>,
    /// Failures still allowed on the path.
    pub(super) max_fail: u32,
    /// Calls made so far, per kind.
    pub(super) calls: [u32; 5],
}

impl SymFs {
    pub(super) fn file(&self, id: SymId) -> SymFile {
        match id {
            SymId::File(i) => self.files[i as usize],
            SymId::Stdin => self.stdin.expect("symbolic stdin"),
            SymId::Stdout => self.stdout.expect("symbolic stdout"),
        }
    }

    /// The symbolic file a path names, as KLEE's `__get_sym_file`.
    pub(super) fn named(&self, path: &Path) -> Option<SymId> {
        use std::os::unix::ffi::OsStrExt;
        let mut p = path.as_os_str().as_bytes();
        if p.first() == Some(&b'/') {
            if let Ok(cwd) = std::env::current_dir() {
                let c = cwd.as_os_str().as_bytes();
                let c = c.strip_suffix(b"/").unwrap_or(c);
                if let Some(rest) = p.strip_prefix(c).and_then(|r| r.strip_prefix(b"/")) {
                    p = rest;
                }
            }
        }
        match p {
            [c] if c.wrapping_sub(b'A') < self.files.len() as u8 => Some(SymId::File(c - b'A')),
            _ => None,
        }
    }
}

// (The errno values and open flags are the parent's, `posix/mod.rs`.)
const S_IFMT: u128 = 0o170000;
const S_IFCHR: u128 = 0o020000;
const S_IFDIR: u128 = 0o040000;
const S_IFLNK: u128 = 0o120000;

impl Os<'_, '_, '_> {
    /// Whether the path continues with `c` true: when both sides are feasible, a copy of the
    /// path re-executes the current call under `!c` (`--max-forks` may keep this side only).
    pub(super) fn sym_choose(&mut self, c: ExprId) -> R<bool> {
        if let Some(b) = self.w.pool().as_const(c) {
            return Ok(b != 0);
        }
        let nc = self.w.pool().bool_not(c);
        let (may_t, may_f) = (self.w.may_be(c)?, self.w.may_be(nc)?);
        if may_t && may_f {
            self.w.fork_check()?;
            if self.w.fork_allowed(1) {
                self.w.fork_reexec(nc);
                self.w.deepen();
            }
            self.w.add_constraint(c);
            return Ok(true);
        }
        Ok(may_t)
    }

    /// Counts a call of `kind`; with `--max-fail`, whether it fails (`can_fail`: the call got
    /// past KLEE's argument checks).
    pub(super) fn injected_failure(&mut self, kind: Call, can_fail: bool) -> R<bool> {
        let Some(fs) = self.px().sym.as_deref() else {
            return Ok(false);
        };
        let n = fs.calls[kind as usize] + 1;
        let counter = match &fs.fail {
            Some(c) if can_fail && fs.max_fail > 0 => Some(c[kind as usize].clone()),
            _ => None,
        };
        let fails = match counter {
            Some(v) => {
                let e = self.w.expr_of(&v, 32, "a failure counter")?;
                let k = self.w.pool().constant(32, n as u128);
                let ne = self.w.pool().ne(e, k);
                !self.sym_choose(ne)?
            }
            None => false,
        };
        let fs = self.px_mut().sym_mut();
        fs.calls[kind as usize] = n;
        if fails {
            fs.max_fail -= 1;
        }
        Ok(fails)
    }

    /// The system calls whose answer the symbolic environment decides: `Some(result)`, or
    /// `None` when the concrete model answers (`dispatch.rs`).
    pub(super) fn sym_syscall(
        &mut self,
        sys: Sys,
        a: &[i64; 7],
        args: &[CallArg],
    ) -> R<Option<i64>> {
        let valid = |it: &Self, fd: i64| it.px().desc_of(fd).is_some();
        let failed = match sys {
            Sys::Read | Sys::Pread | Sys::Readv => {
                let ok = a[3] > 0 && valid(self, a[1]);
                self.injected_failure(Call::Read, ok)?.then_some(-EIO)
            }
            Sys::Write | Sys::Writev => {
                let ok = valid(self, a[1]);
                self.injected_failure(Call::Write, ok)?.then_some(-EIO)
            }
            Sys::Close => {
                let ok = valid(self, a[1]);
                self.injected_failure(Call::Close, ok)?.then_some(-EIO)
            }
            Sys::Getcwd => self
                .injected_failure(Call::Getcwd, true)?
                .then_some(-ERANGE),
            _ => None,
        };
        if failed.is_some() {
            return Ok(failed);
        }
        Ok(match sys {
            Sys::Open | Sys::OpenAt => {
                let (dirfd, pi) = if sys == Sys::Open {
                    (AT_FDCWD, 1)
                } else {
                    (a[1], 2)
                };
                let p = self.w.arg(args, pi);
                let Some(id) = self.sym_path(&p)?.1 else {
                    return Ok(None);
                };
                if dirfd != AT_FDCWD && !valid(self, dirfd) {
                    return Ok(Some(-EBADF));
                }
                let (flags, mode) = (a[pi + 1], a[pi + 2]);
                Some(self.sym_open(id, flags, mode)?)
            }
            Sys::Fstat => {
                let Some(id) = self.sym_desc(a[1]) else {
                    return Ok(None);
                };
                let buf = self.w.arg(args, 2);
                Some(self.sym_put_stat(id, &buf)?)
            }
            Sys::Stat | Sys::Lstat => {
                let p = self.w.arg(args, 1);
                let Some(id) = self.sym_path(&p)?.1 else {
                    return Ok(None);
                };
                let buf = self.w.arg(args, 2);
                Some(self.sym_put_stat(id, &buf)?)
            }
            Sys::NewFstatAt => {
                let p = self.w.arg(args, 2);
                let (path, named) = self.sym_path(&p)?;
                let buf = self.w.arg(args, 3);
                if path.as_os_str().is_empty() {
                    // fstat through AT_EMPTY_PATH (musl's fstat when SYS_fstat is not used).
                    match self.sym_desc(a[1]) {
                        Some(id) if a[4] & 0x1000 != 0 => Some(self.sym_put_stat(id, &buf)?),
                        _ => None,
                    }
                } else if a[1] != AT_FDCWD && self.sym_desc(a[1]).is_some() {
                    // Relative to a symbolic file: KLEE's "ignoring (ENOENT)".
                    Some(-ENOENT)
                } else {
                    match named {
                        Some(id) => Some(self.sym_put_stat(id, &buf)?),
                        None => None,
                    }
                }
            }
            Sys::Statx => {
                let p = self.w.arg(args, 2);
                let (path, named) = self.sym_path(&p)?;
                let on_fd = path.as_os_str().is_empty() && self.sym_desc(a[1]).is_some();
                if on_fd || named.is_some() {
                    return error(
                        ErrorKind::Exec,
                        "unsupported: statx of a symbolic file (KLEE's model has struct stat64 only)",
                    );
                }
                None
            }
            Sys::Readlink | Sys::ReadlinkAt => {
                // The name made concrete first (KLEE's `__concretize_string`), as for open.
                let i = if sys == Sys::Readlink { 1 } else { 2 };
                let p = self.w.arg(args, i);
                let Some(id) = self.sym_path(&p)?.1 else {
                    return Ok(None);
                };
                let (buf, n) = (self.w.arg(args, i + 1), a[i + 2]);
                Some(self.sym_readlink(id, &p, &buf, n)?)
            }
            Sys::Access | Sys::FaccessAt => {
                let p = self.w.arg(args, if sys == Sys::Access { 1 } else { 2 });
                // KLEE: a symbolic file is always accessible.
                self.sym_path(&p)?.1.map(|_| 0)
            }
            Sys::Ioctl => match self.sym_desc(a[1]) {
                Some(id) => {
                    let buf = self.w.arg(args, 3);
                    Some(self.sym_ioctl(id, a[1], a[2] as u32, &buf)?)
                }
                None => None,
            },
            _ => None,
        })
    }

    /// The symbolic file behind descriptor `fd`, if it is one.
    fn sym_desc(&self, fd: i64) -> Option<SymId> {
        self.px().sym_node(fd)
    }

    /// The file's `struct stat` (144 bytes) copied to `buf`.
    fn sym_put_stat(&mut self, id: SymId, buf: &Value) -> R<i64> {
        let f = self.px().sym().file(id);
        let (s, o) = self
            .w
            .state_mut()
            .mem
            .resolve_any_mut(buf, STAT_SIZE)
            .map_err(|e| mem_err(e, buf))?;
        self.w.state_mut().mem.copy(s, o, f.stat.idx, 0, STAT_SIZE);
        Ok(0)
    }

    /// The file's `st_mode` (32 bits) as an expression.
    fn sym_mode(&mut self, f: SymFile) -> R<ExprId> {
        let v = self.load_env_int(f.stat, ST_MODE, 4);
        self.w.expr_of(&v, 32, "st_mode")
    }

    /// `(mode & mask) == want`.
    fn mode_is(&mut self, f: SymFile, mask: u128, want: u128) -> R<ExprId> {
        let m = self.sym_mode(f)?;
        let k = self.w.pool().constant(32, mask);
        let w = self.w.pool().constant(32, want);
        let b = self.w.pool().and(m, k);
        Ok(self.w.pool().eq(b, w))
    }

    /// KLEE's `__fd_open` of a symbolic file.
    fn sym_open(&mut self, id: SymId, flags: i64, mode: i64) -> R<i64> {
        if !self.px().has_free_fd() {
            return Ok(-24); // EMFILE
        }
        if flags & O_CREAT != 0 && flags & O_EXCL != 0 {
            return Ok(-EEXIST);
        }
        if flags & O_EXCL != 0 {
            // O_EXCL without O_CREAT: undefined, refused.
            return Ok(-EACCES);
        }
        let f = self.px().sym().file(id);
        if flags & O_DIRECTORY != 0 && !self.sym_is_dir(f)? {
            // Linux's check (KLEE's runtime has none: its `opendir` then fails in `getdents`).
            return Ok(-ENOTDIR);
        }
        // KLEE's `has_permission`, quirks included (see the module's comment).
        if flags & O_RDWR != 0 {
            let unreadable = self.mode_is(f, 0o444, 0)?;
            if !self.sym_choose(unreadable)? {
                return Ok(-EACCES);
            }
        }
        if flags & (O_WRONLY | O_RDWR) != 0 {
            let unwritable = self.mode_is(f, 0o222, 0)?;
            let writable = self.w.pool().bool_not(unwritable);
            if !self.sym_choose(writable)? {
                return Ok(-EACCES);
            }
        }
        let m = self.sym_mode(f)?;
        let keep = self.w.pool().constant(32, !0o777u128 & mask(32));
        let kept = self.w.pool().and(m, keep);
        let perm = (mode as u128) & !(self.px().umask() as u128) & 0o777;
        let p = self.w.pool().constant(32, perm);
        let new = self.w.pool().or(kept, p);
        self.store_sym(f.stat.idx, ST_MODE, 4, new);
        Ok(self.px_mut().open_sym(id, flags))
    }

    /// A read of `n` bytes at the description's offset (or `at`) into `p`.
    pub(super) fn sym_read(
        &mut self,
        desc: usize,
        id: SymId,
        p: &Value,
        n: u64,
        at: Option<u64>,
    ) -> R<i64> {
        let f = self.px().sym().file(id);
        let pos = at.unwrap_or_else(|| self.px().desc_pos(desc));
        let k = f.size.saturating_sub(pos).min(n);
        if k > 0 {
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve_any_mut(p, k)
                .map_err(|e| mem_err(e, p))?;
            self.w.state_mut().mem.copy(s, o, f.contents.idx, pos, k);
        }
        if at.is_none() {
            self.px_mut().set_desc_pos(desc, pos + k);
        }
        Ok(k as i64)
    }

    /// A write of `n` bytes from `p` at the description's offset.
    pub(super) fn sym_write(&mut self, desc: usize, id: SymId, p: &Value, n: u64) -> R<i64> {
        let f = self.px().sym().file(id);
        let pos = self.px().desc_pos(desc);
        let room = f.size.saturating_sub(pos);
        if n > room && self.px().sym().save_all_writes {
            // KLEE's `assert(0)` for a write past the file with --save-all-writes.
            return error(
                ErrorKind::Assert,
                "ASSERTION FAIL: 0 (--save-all-writes: write past the end of a symbolic file)",
            );
        }
        let k = room.min(n);
        if k > 0 {
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve_any(p, k)
                .map_err(|e| mem_err(e, p))?;
            self.w.state_mut().mem.copy(f.contents.idx, pos, s, o, k);
        }
        self.px_mut().set_desc_pos(desc, pos + n);
        Ok(n as i64)
    }

    /// Whether symbolic file `id` is a directory (the path forks on its symbolic mode), and
    /// then its inode number (made concrete: the path keeps the value). Listed, it is empty,
    /// `.` and `..`, as the directory `klee-replay` makes for it lists natively; KLEE's
    /// runtime answers `getdents` on a symbolic file with `EINVAL`, which no replay gives.
    pub(super) fn sym_dir(&mut self, id: SymId) -> R<Option<u64>> {
        let f = self.px().sym().file(id);
        if !self.sym_is_dir(f)? {
            return Ok(None);
        }
        let v = self.load_env_int(f.stat, ST_INO, 8);
        let e = self.w.expr_of(&v, 64, "st_ino")?;
        let ino = self.w.make_concrete(e, "st_ino made concrete")?;
        Ok(Some(ino as u64))
    }

    /// Whether `f` is a directory (the path forks on its symbolic mode).
    fn sym_is_dir(&mut self, f: SymFile) -> R<bool> {
        let dir = self.mode_is(f, S_IFMT, S_IFDIR)?;
        self.sym_choose(dir)
    }

    /// KLEE's `ioctl` on a symbolic file: a character device (by its symbolic mode) is a
    /// terminal of 24 x 80.
    /// KLEE's `readlink` of a symbolic file: a link (its symbolic mode says so) to its own
    /// one-letter name, else `EINVAL`.
    fn sym_readlink(&mut self, id: SymId, path: &Value, buf: &Value, n: i64) -> R<i64> {
        let f = self.px().sym().file(id);
        let lnk = self.mode_is(f, S_IFMT, S_IFLNK)?;
        if !self.sym_choose(lnk)? {
            return Ok(-EINVAL);
        }
        if n <= 0 {
            return Ok(0);
        }
        let (s, o) = self
            .w
            .state_mut()
            .mem
            .resolve_any(path, 1)
            .map_err(|e| mem_err(e, path))?;
        let letter = self.w.state_mut().mem.load_int(s, o, 1) as u8;
        let out = if n > 1 { vec![letter, 0] } else { vec![letter] };
        self.sys_put(buf, &out)?;
        Ok(1)
    }

    fn sym_ioctl(&mut self, id: SymId, fd: i64, req: u32, buf: &Value) -> R<i64> {
        const TCGETS: u32 = 0x5401;
        const TCSETS: u32 = 0x5402;
        const TCSETSW: u32 = 0x5403;
        const TCSETSF: u32 = 0x5404;
        const TIOCGWINSZ: u32 = 0x5413;
        const TIOCSWINSZ: u32 = 0x5414;
        const FIONREAD: u32 = 0x541B;
        let f = self.px().sym().file(id);
        if req == TCSETSW {
            return Ok(if fd == 0 { 0 } else { -ENOTTY });
        }
        if ![TCGETS, TCSETS, TCSETSF, TIOCGWINSZ, TIOCSWINSZ, FIONREAD].contains(&req) {
            return Ok(-EINVAL);
        }
        let chr = self.mode_is(f, S_IFMT, S_IFCHR)?;
        if !self.sym_choose(chr)? {
            return Ok(-ENOTTY);
        }
        let out: Vec<u8> = match req {
            TCGETS => {
                // KLEE's values (a Linux terminal's): flags, line, control characters.
                let mut b = Vec::with_capacity(36);
                for v in [27906u32, 5, 1215, 35287] {
                    b.extend(v.to_le_bytes());
                }
                b.push(0);
                b.extend([
                    3, 0x1c, 0x7f, 0x15, 4, 0, 1, 0xff, 0x11, 0x13, 0x1a, 0xff, 0x12, 0x0f, 0x17,
                    0x16, 0xff, 0, 0,
                ]);
                b
            }
            TIOCGWINSZ => [24u16, 80, 0, 0]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
            TIOCSWINSZ => return Ok(-EINVAL),
            FIONREAD => {
                let d = self.px().desc_of(fd).expect("open descriptor");
                let left = f.size.saturating_sub(self.px().desc_pos(d));
                (left as u32).to_le_bytes().to_vec()
            }
            _ => return Ok(0), // TCSETS, TCSETSF: ignored.
        };
        self.sys_put(buf, &out)?;
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbolic_files_are_named_by_one_letter_relative_to_the_current_directory() {
        let f = SymFile {
            contents: ObjRef { idx: 0, gen: 0 },
            stat: ObjRef { idx: 1, gen: 0 },
            size: 1,
        };
        let fs = SymFs {
            files: vec![f, f],
            ..SymFs::default()
        };
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(fs.named(Path::new("A")), Some(SymId::File(0)));
        assert_eq!(fs.named(Path::new("B")), Some(SymId::File(1)));
        assert_eq!(fs.named(&cwd.join("B")), Some(SymId::File(1)));
        for other in ["C", "AB", "", "./A", "/A", "a", "@"] {
            assert_eq!(fs.named(Path::new(other)), None, "{other:?}");
        }
    }
}
