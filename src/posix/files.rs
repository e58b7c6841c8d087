//! The calls on a descriptor: read, write, open, lseek, fcntl, fstatfs (stdin fetched from
//! the `Io` at its first use).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::*;

impl Os<'_, '_, '_> {
    /// Replaces the unfetched stdin behind `fd` (if it is) by what the `Io` gives.
    pub(super) fn fetch_stdin(&mut self, fd: i64) {
        let Some(d) = self.px().desc(fd) else {
            return;
        };
        if !matches!(self.px().descs[d].as_ref().unwrap().node, Node::Stdin) {
            return;
        }
        let (bytes, meta) = self.w.stdin();
        let node = match meta {
            Some(m) if m.is_file() => Node::File(bytes, Arc::new(Stat::of(&m))),
            Some(m) => Node::Pipe(bytes, Arc::new(Stat::of(&m))),
            None => Node::Pipe(bytes, Arc::new(Stat::pipe(1))),
        };
        self.px_mut().descs[d].as_mut().unwrap().node = node;
    }

    pub(super) fn sys_read(&mut self, fd: i64, p: &Value, n: u64, at: Option<u64>) -> R<i64> {
        self.fetch_stdin(fd);
        let Some(d) = self.px().desc(fd) else {
            return Ok(-EBADF);
        };
        let desc = self.px().descs[d].as_ref().unwrap();
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
            self.px_mut().descs[d].as_mut().unwrap().pos = pos + k as u64;
        }
        Ok(k as i64)
    }

    pub(super) fn sys_write(&mut self, fd: i64, p: &Value, n: u64) -> R<i64> {
        if let (Value::Sym(a), true) = (p, n > 0) {
            let (q, scratch) = self.gather(*a, n)?;
            let r = self.sys_write(fd, &q, n);
            self.w.state_mut().mem.free(scratch);
            return r;
        }
        if !(fd == 1 || fd == 2) || !self.px().is_initial() {
            // Interpolants model only writes to the initial standard output and error.
            self.w.observe_fork(Fork::Other(
                "write other than to the initial standard output or error",
            ));
        }
        let Some(d) = self.px().desc(fd) else {
            return Ok(-EBADF);
        };
        let desc = self.px().descs[d].as_ref().unwrap();
        if desc.flags & O_ACCMODE == 0 {
            return Ok(-EBADF);
        }
        match desc.node {
            Node::Out(k) => self.w.write_out(k, p, n),
            Node::Sym(id) => self.sym_write(d, id, p, n),
            Node::Over(i) => self.over_write(d, i, p, n),
            Node::Null(_) => {
                if n > 0 {
                    // The bytes must exist, as the kernel reads them.
                    self.w
                        .state_mut()
                        .mem
                        .resolve_any(p, n)
                        .map_err(|e| mem_err(e, p))?;
                }
                Ok(n as i64)
            }
            // Opened read-only (a file written is on the overlay).
            _ => Ok(-EBADF),
        }
    }

    pub(super) fn sys_open(&mut self, path: PathBuf, flags: i64, mode: i64) -> i64 {
        if path == Path::new("/dev/null") {
            let st = std::fs::metadata(&path)
                .map(|m| Stat::of(&m))
                .unwrap_or_default();
            return self.px_mut().open(Node::Null(Arc::new(st)), flags);
        }
        if path == Path::new("/dev/tty") {
            // No controlling terminal.
            return -ENXIO;
        }
        // The process's own descriptors by name (Linux reopens the file; here the open file
        // description is shared, which differs only in the offset of seekable files).
        if let Some(fd) = own_fd(&path) {
            return match self.px().desc(fd) {
                Some(d) => self.px_mut().install(d, 0, flags & O_CLOEXEC != 0),
                None => -ENOENT,
            };
        }
        if host_special(&path) {
            return -EACCES;
        }
        self.open_path(path, flags, mode)
    }

    pub(super) fn sys_lseek(&mut self, fd: i64, off: i64, whence: i64) -> i64 {
        self.fetch_stdin(fd);
        let Some(d) = self.px().desc(fd) else {
            return -EBADF;
        };
        let px = self.px_mut();
        let desc = px.descs[d].as_mut().unwrap();
        let end = match &desc.node {
            Node::Stdin | Node::Pipe(..) | Node::Out(_) => return -ESPIPE,
            Node::Null(_) => return 0,
            Node::File(data, _) => data.len() as i64,
            Node::Over(i) => {
                let o = px.fs.as_deref().expect("overlay");
                o.inode(*i).data.len() as i64
            }
            // A directory's offset counts entries (`dir.rs`): set, not relative to its end.
            Node::Dir(..) if whence == 2 => return -EINVAL,
            Node::Dir(..) => 0,
            Node::Sym(id) => {
                let fs = px.sym.as_deref().expect("symbolic files");
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

    pub(super) fn sys_fcntl(&mut self, fd: i64, cmd: i64, arg: i64) -> R<i64> {
        let posix = self.px_mut();
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
    pub(super) fn sys_fstatfs(&mut self, fd: i64, buf: &Value) -> R<i64> {
        self.fetch_stdin(fd);
        let Some(d) = self.px().desc(fd) else {
            return Ok(-EBADF);
        };
        let node = self.px().descs[d].as_ref().unwrap().node.clone();
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
}
