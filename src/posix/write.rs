//! Files on the overlay (`overlay.rs`): a name looked up through it (`lookup`), `open` of a
//! file to create or write (a host file opened for writing is copied in first, and the
//! read-only descriptors of it follow the copy), `read`, `write` (`O_APPEND` included),
//! `truncate` / `ftruncate`, and the permission checks Linux makes (the host's own answer,
//! `access(2)`, for a host file or directory; the mode bits for the overlay's).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::overlay::{normalize, Data, Found, Inode, Overlay, S_IFDIR, S_IFREG};
use super::*;

const O_APPEND: i64 = 0o2000;
pub(super) const R_OK: u32 = 4;
pub(super) const W_OK: u32 = 2;
pub(super) const X_OK: u32 = 1;

/// A name, the overlay's file or the host's.
pub(super) enum Lookup {
    Over(u64),
    Host(std::fs::Metadata),
}

impl Lookup {
    pub(super) fn is_dir(&self, o: Option<&Overlay>) -> bool {
        match self {
            Lookup::Over(i) => o.expect("overlay").inode(*i).is_dir(),
            Lookup::Host(m) => m.is_dir(),
        }
    }
}

impl Posix {
    pub(super) fn overlay(&self) -> Option<&Overlay> {
        self.fs.as_deref()
    }

    /// The overlay, made on the first change (copied from the forks' shared one if shared).
    pub(super) fn overlay_mut(&mut self) -> &mut Overlay {
        Arc::make_mut(self.fs.get_or_insert_with(Default::default))
    }
}

pub(super) fn cwd() -> PathBuf {
    std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"))
}

pub(super) fn now() -> (i64, i64) {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (d.as_secs() as i64, d.subsec_nanos() as i64)
}

/// The host's `access(path, mode)`: 0 or a negative errno (`EACCES`, `EROFS`, ...), what the
/// native program is told.
pub(super) fn host_access(p: &Path, mode: u32) -> i64 {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(p.as_os_str().as_bytes()) else {
        return -ENOENT;
    };
    // SAFETY: access(2) reads the NUL-terminated name only.
    if unsafe { libc::access(c.as_ptr(), mode as i32) } == 0 {
        0
    } else {
        -errno_of(&std::io::Error::last_os_error())
    }
}

/// Whether the process may `want` (`R_OK | W_OK | X_OK` bits) an overlay file of stat `st`.
pub(super) fn may(st: &Stat, want: u32) -> bool {
    let euid = host_id(Id::Euid);
    if euid == 0 {
        return want & X_OK == 0 || st.mode & 0o111 != 0;
    }
    let bits = if st.uid == euid {
        st.mode >> 6
    } else if st.gid == host_id(Id::Egid) {
        st.mode >> 3
    } else {
        st.mode
    };
    bits & want == want
}

impl Os<'_, '_, '_> {
    /// What `path` names, through the overlay (`nofollow`: a host link itself); a path that
    /// never changed a file asks the host only.
    pub(super) fn lookup(&self, path: &Path, nofollow: bool) -> Result<Lookup, i64> {
        if path.as_os_str().is_empty() {
            return Err(-ENOENT);
        }
        if let Some(o) = self.px().overlay() {
            match o.find(&normalize(path, &cwd())) {
                Found::Node(i) => return Ok(Lookup::Over(i)),
                Found::Absent(e) => return Err(-e),
                Found::Host => {}
            }
        }
        let m = if nofollow {
            std::fs::symlink_metadata(path)
        } else {
            std::fs::metadata(path)
        };
        m.map(Lookup::Host).map_err(|e| -errno_of(&e))
    }

    /// Stat data of what `lookup` found.
    pub(super) fn lookup_stat(&self, l: &Lookup) -> Stat {
        match l {
            Lookup::Over(i) => self.px().overlay().expect("overlay").inode(*i).stat(),
            Lookup::Host(m) => Stat::of(m),
        }
    }

    /// 0 when the directory of `path` exists and the process may add or remove names in it,
    /// else Linux's errno (`ENOENT`, `ENOTDIR`, `EACCES`, `EROFS`).
    pub(super) fn dir_writable(&self, path: &Path) -> i64 {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        match self.lookup(&parent, false) {
            Err(e) => e,
            Ok(l) if !l.is_dir(self.px().overlay()) => -ENOTDIR,
            Ok(Lookup::Over(i)) => {
                let st = &self.px().overlay().expect("overlay").inode(i).stat;
                if may(st, W_OK | X_OK) {
                    0
                } else {
                    -EACCES
                }
            }
            Ok(Lookup::Host(_)) => host_access(&parent, W_OK | X_OK),
        }
    }

    /// A new overlay file or directory (`mode`: type and permission bits) named `path`,
    /// owned by the process, on its directory's device.
    pub(super) fn create(&mut self, path: &Path, mode: u32) -> u64 {
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dev = self
            .lookup(dir.unwrap_or(Path::new(".")), false)
            .map(|l| self.lookup_stat(&l).dev)
            .unwrap_or_default();
        let t = now();
        let is_dir = mode & overlay::S_IFMT == S_IFDIR;
        let stat = Stat {
            dev,
            mode,
            nlink: if is_dir { 2 } else { 1 },
            uid: host_id(Id::Euid),
            gid: host_id(Id::Egid),
            size: if is_dir { 4096 } else { 0 },
            blksize: 4096,
            blocks: if is_dir { 8 } else { 0 },
            atime: t,
            mtime: t,
            ctime: t,
            ..Stat::default()
        };
        let p = normalize(path, &cwd());
        self.px_mut().overlay_mut().add(
            p,
            Inode {
                stat,
                data: Data::default(),
            },
        )
    }

    /// The host file `path` (of stat `m`) copied into the overlay; the descriptors reading
    /// its snapshot read the copy from now on, as they would the one file on Linux.
    pub(super) fn copy_up(&mut self, path: &Path, m: &std::fs::Metadata) -> Result<u64, i64> {
        let bytes = std::fs::read(path).map_err(|e| -errno_of(&e))?;
        let stat = Stat::of(m);
        let (dev, ino) = (stat.dev, stat.ino);
        let p = normalize(path, &cwd());
        let i = self.px_mut().overlay_mut().add(
            p,
            Inode {
                stat,
                data: Data::concrete(bytes),
            },
        );
        for d in self.px_mut().descs.iter_mut().flatten() {
            if let Node::File(_, st) = &d.node {
                if st.dev == dev && st.ino == ino {
                    d.node = Node::Over(i);
                }
            }
        }
        Ok(i)
    }

    /// `open` of a name that is not one of the special files (`sys_open`): the overlay's
    /// file, a host file read-only (a snapshot), or one created or written (on the overlay).
    pub(super) fn open_path(&mut self, path: PathBuf, flags: i64, mode: i64) -> i64 {
        // O_CREAT alone writes nothing when the file exists (it is opened as it is).
        let write = flags & O_ACCMODE != 0 || flags & O_TRUNC != 0;
        let creat = flags & O_CREAT != 0;
        if path.as_os_str().is_empty() {
            return -ENOENT;
        }
        let found = match self.lookup(&path, false) {
            Ok(f) => f,
            Err(e) if e == -ENOENT && creat => {
                if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
                    return -EISDIR;
                }
                let e = self.dir_writable(&path);
                if e != 0 {
                    return e;
                }
                let perm = mode as u32 & 0o7777 & !self.px_mut().umask;
                let i = self.create(&path, S_IFREG | perm);
                return self.px_mut().open(Node::Over(i), flags);
            }
            Err(e) => return e,
        };
        if creat && flags & O_EXCL != 0 {
            return -EEXIST;
        }
        if found.is_dir(self.px().overlay()) {
            if write || creat {
                return -EISDIR;
            }
            let st = Arc::new(self.lookup_stat(&found));
            return self
                .px_mut()
                .open(Node::Dir(Arc::new(normalize(&path, &cwd())), st), flags);
        }
        if flags & O_DIRECTORY != 0 {
            return -ENOTDIR;
        }
        let want = match flags & O_ACCMODE {
            0 => R_OK,
            O_WRONLY => W_OK,
            _ => R_OK | W_OK,
        } | if flags & O_TRUNC != 0 { W_OK } else { 0 };
        let i = match found {
            Lookup::Over(i) => {
                if !may(&self.px().overlay().expect("overlay").inode(i).stat, want) {
                    return -EACCES;
                }
                i
            }
            Lookup::Host(m) if !m.is_file() => return -EACCES,
            Lookup::Host(m) if !write => {
                return match std::fs::read(&path) {
                    Ok(data) => self
                        .px_mut()
                        .open(Node::File(data.into(), Arc::new(Stat::of(&m))), flags),
                    Err(e) => -errno_of(&e),
                };
            }
            Lookup::Host(m) => {
                let e = host_access(&path, want);
                if e != 0 {
                    return e;
                }
                match self.copy_up(&path, &m) {
                    Ok(i) => i,
                    Err(e) => return e,
                }
            }
        };
        if flags & O_TRUNC != 0 {
            self.resize(i, 0);
        }
        self.px_mut().open(Node::Over(i), flags)
    }

    /// Cuts or extends overlay file `i` (its change times set).
    fn resize(&mut self, i: u64, n: u64) {
        let f = self.px_mut().overlay_mut().inode_mut(i);
        if f.data.len() != n {
            f.data.resize(n);
            let t = now();
            (f.stat.mtime, f.stat.ctime) = (t, t);
        }
    }

    /// `read` / `pread` (`at`) of overlay file `i` on description `d`.
    pub(super) fn over_read(
        &mut self,
        d: usize,
        i: u64,
        p: &Value,
        n: u64,
        at: Option<u64>,
    ) -> R<i64> {
        let pos = at.unwrap_or_else(|| self.px().desc_pos(d));
        let (bytes, sym) = {
            let f = self.px().overlay().expect("overlay").inode(i);
            let (b, s) = f.data.read(pos, n);
            (b.to_vec(), s)
        };
        if !bytes.is_empty() {
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve_any_mut(p, bytes.len() as u64)
                .map_err(|e| mem_err(e, p))?;
            self.w
                .state_mut()
                .mem
                .write_mixed(s, o, &bytes, sym.as_deref());
        }
        if at.is_none() {
            self.px_mut().set_desc_pos(d, pos + bytes.len() as u64);
        }
        Ok(bytes.len() as i64)
    }

    /// `write` of `n` bytes at `p` (its symbolic bytes kept) to overlay file `i` on
    /// description `d`: at its offset, or at the end with `O_APPEND`.
    pub(super) fn over_write(&mut self, d: usize, i: u64, p: &Value, n: u64) -> R<i64> {
        if n == 0 {
            return Ok(0);
        }
        let (s, o) = self
            .w
            .state_mut()
            .mem
            .resolve_any(p, n)
            .map_err(|e| mem_err(e, p))?;
        let (bytes, sym) = {
            let (b, s) = self.w.state_mut().mem.read_mixed(s, o, n);
            (b.to_vec(), s)
        };
        let append = self.px().descs[d].as_ref().expect("live").flags & O_APPEND != 0;
        let pos = if append {
            self.px().overlay().expect("overlay").inode(i).data.len()
        } else {
            self.px().desc_pos(d)
        };
        let f = self.px_mut().overlay_mut().inode_mut(i);
        f.data.write(pos, &bytes, sym.as_deref());
        let t = now();
        (f.stat.mtime, f.stat.ctime) = (t, t);
        self.px_mut().set_desc_pos(d, pos + n);
        Ok(n as i64)
    }

    /// `truncate(path, len)`.
    pub(super) fn truncate_path(&mut self, path: &Path, len: i64) -> i64 {
        if len < 0 {
            return -EINVAL;
        }
        let i = match self.lookup(path, false) {
            Err(e) => return e,
            Ok(l) if l.is_dir(self.px().overlay()) => return -EISDIR,
            Ok(Lookup::Over(i)) => {
                if !may(&self.px().overlay().expect("overlay").inode(i).stat, W_OK) {
                    return -EACCES;
                }
                i
            }
            Ok(Lookup::Host(m)) if !m.is_file() => return -EINVAL,
            Ok(Lookup::Host(m)) => {
                let e = host_access(path, W_OK);
                if e != 0 {
                    return e;
                }
                match self.copy_up(path, &m) {
                    Ok(i) => i,
                    Err(e) => return e,
                }
            }
        };
        self.resize(i, len as u64);
        0
    }

    /// `ftruncate(fd, len)`: an overlay file open for writing; any other descriptor is
    /// refused with `EINVAL` (Linux's answer for one not open for writing, a pipe, ...).
    pub(super) fn truncate_fd(&mut self, fd: i64, len: i64) -> i64 {
        self.fetch_stdin(fd);
        let Some(d) = self.px().desc(fd) else {
            return -EBADF;
        };
        let desc = self.px().descs[d].as_ref().expect("live");
        match desc.node {
            Node::Over(i) if desc.flags & O_ACCMODE != 0 && len >= 0 => {
                self.resize(i, len as u64);
                0
            }
            _ => -EINVAL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_bits_decide_for_the_owner() {
        let st = Stat {
            mode: S_IFREG | 0o400,
            uid: host_id(Id::Euid),
            gid: host_id(Id::Egid),
            ..Stat::default()
        };
        assert!(may(&st, R_OK));
        // root may write anything and execute what some execute bit allows.
        let root = host_id(Id::Euid) == 0;
        assert_eq!(may(&st, W_OK), root);
        assert!(!may(&st, X_OK));
    }
}
