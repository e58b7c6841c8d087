//! The dispatch of a system call by the table (`table.rs`), the calls answered in place
//! (identity, clocks, limits, signals, `uname`, ...), and the helpers the calls share:
//! buffers filled, file names and lengths read from the arguments.

use std::path::PathBuf;

use super::*;

impl Os<'_, '_, '_> {
    /// Writes `data` at `p` (a program buffer the call fills).
    pub(super) fn sys_put(&mut self, p: &Value, data: &[u8]) -> R<()> {
        if data.is_empty() {
            return Ok(());
        }
        let (s, o) = self
            .w
            .state_mut()
            .mem
            .resolve_any_mut(p, data.len() as u64)
            .map_err(|e| mem_err(e, p))?;
        self.w.state_mut().mem.write_bytes(s, o, data);
        Ok(())
    }

    pub(super) fn sys_path(&self, p: &Value) -> R<PathBuf> {
        use std::os::unix::ffi::OsStringExt;
        let b = self.w.state().mem.read_cstr(p).map_err(|e| mem_err(e, p))?;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(b)))
    }

    /// `path` relative to directory descriptor `dirfd` (`AT_FDCWD`: the current directory),
    /// or a negative errno.
    pub(super) fn at_path(&self, dirfd: i64, path: PathBuf) -> Result<PathBuf, i64> {
        if path.is_absolute() || dirfd == AT_FDCWD {
            return Ok(path);
        }
        match self.px().desc(dirfd) {
            None => Err(-EBADF),
            Some(d) => match &self.px().descs[d].as_ref().unwrap().node {
                Node::Dir(p, _) => Ok(p.join(path)),
                _ => Err(-ENOTDIR),
            },
        }
    }

    /// The file name of argument `i` relative to `dirfd` (made concrete as KLEE's runtime
    /// does under `--posix-runtime`), or the call's errno (an empty name: `ENOENT`).
    pub(super) fn path_arg(
        &mut self,
        args: &[CallArg],
        i: usize,
        dirfd: i64,
    ) -> R<Result<PathBuf, i64>> {
        let p = self.w.arg(args, i);
        let path = if self.px().sym.is_some() {
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
    pub(super) fn len_arg(&self, a: &[i64; 7], i: usize, split: bool) -> i64 {
        if split {
            (a[i] as u32 as i64) | (a[i + 1] << 32)
        } else if self.x86_64() {
            a[i]
        } else {
            a[i] as i32 as i64
        }
    }

    pub(super) fn syscall(&mut self, a: &[i64; 7], args: &[CallArg]) -> R<i64> {
        let nr = a[0];
        if let Some(m) = ro::mutation(self.x86_64(), nr) {
            return self.sys_mutation(m, a, args);
        }
        let Some(sys) = sys_of(self.x86_64(), nr) else {
            let name = syscall_name(self.x86_64(), nr).unwrap_or("unknown");
            return error(
                ErrorKind::Exec,
                format!("unsupported syscall {nr} ({name})"),
            );
        };
        if self.px().sym.is_some() {
            if let Some(r) = self.sym_syscall(sys, a, args)? {
                return Ok(r);
            }
        }
        let ps = self.w.program().ps as u64;
        Ok(match sys {
            Sys::Read => {
                let p = self.w.arg(args, 2);
                self.sys_read(a[1], &p, a[3] as u64, None)?
            }
            Sys::Pread => {
                let p = self.w.arg(args, 2);
                // i386: the offset is two registers (low, high).
                let off = self.len_arg(a, 4, !self.x86_64());
                if off < 0 {
                    return Ok(-EINVAL);
                }
                self.sys_read(a[1], &p, a[3] as u64, Some(off as u64))?
            }
            Sys::Write => {
                let p = self.w.arg(args, 2);
                self.sys_write(a[1], &p, a[3] as u64)?
            }
            Sys::Readv | Sys::Writev => {
                let (fd, iov, cnt) = (a[1], self.w.arg(args, 2), a[3]);
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
                let p = self.w.arg(args, 1);
                let path = self.sys_path(&p)?;
                self.sys_open(path, a[2], a[3])
            }
            Sys::OpenAt => {
                let p = self.w.arg(args, 2);
                let path = self.sys_path(&p)?;
                match self.at_path(a[1], path) {
                    Ok(path) => self.sys_open(path, a[3], a[4]),
                    Err(e) => e,
                }
            }
            Sys::Close => self.px_mut().close(a[1]),
            Sys::Lseek => self.sys_lseek(a[1], a[2], a[3]),
            Sys::Llseek => {
                let off = ((a[2] as u64) << 32 | a[3] as u32 as u64) as i64;
                let r = self.sys_lseek(a[1], off, a[5]);
                if r >= 0 {
                    let p = self.w.arg(args, 4);
                    self.sys_put(&p, &r.to_le_bytes())?;
                    0
                } else {
                    r
                }
            }
            Sys::Fstat => match self.fd_stat(a[1]) {
                Ok(st) => {
                    let p = self.w.arg(args, 2);
                    self.put_kstat(&p, &st)?;
                    0
                }
                Err(e) => e,
            },
            Sys::Stat | Sys::Lstat => {
                let p = self.w.arg(args, 1);
                let path = self.sys_path(&p)?;
                match self.path_stat(&path, sys == Sys::Lstat) {
                    Ok(st) => {
                        let b = self.w.arg(args, 2);
                        self.put_kstat(&b, &st)?;
                        0
                    }
                    Err(e) => e,
                }
            }
            Sys::NewFstatAt | Sys::Statx => {
                let p = self.w.arg(args, 2);
                let path = self.sys_path(&p)?;
                let (flags, buf) = if sys == Sys::Statx {
                    (a[3], self.w.arg(args, 5))
                } else {
                    (a[4], self.w.arg(args, 3))
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
            Sys::Ioctl => match self.px().desc(a[1]) {
                // No descriptor is a terminal (TCGETS, TIOCGWINSZ, ...: ENOTTY, which is also
                // what a regular file or a pipe answers to the terminal requests).
                Some(_) => -ENOTTY,
                None => -EBADF,
            },
            Sys::Sleep => 0,
            Sys::Poll => {
                let p = self.w.arg(args, 1);
                self.sys_poll(&p, a[2])?
            }
            Sys::Fstatfs => {
                let p = self.w.arg(args, 2);
                self.sys_fstatfs(a[1], &p)?
            }
            Sys::Fadvise => {
                self.fetch_stdin(a[1]);
                match self.px().desc(a[1]) {
                    Some(d) => match self.px().descs[d].as_ref().unwrap().node {
                        Node::Stdin | Node::Pipe(..) | Node::Out(_) => -ESPIPE,
                        _ => 0,
                    },
                    None => -EBADF,
                }
            }
            Sys::Dup => match self.px().desc(a[1]) {
                Some(d) => self.px_mut().install(d, 0, false),
                None => -EBADF,
            },
            Sys::Dup2 => self.px_mut().dup_to(a[1], a[2], false),
            Sys::Dup3 => {
                if a[1] == a[2] || a[3] & !O_CLOEXEC != 0 {
                    -EINVAL
                } else {
                    self.px_mut().dup_to(a[1], a[2], a[3] & O_CLOEXEC != 0)
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
                    let p = self.w.arg(args, 1);
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
                let p = self.w.arg(args, 1);
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
                let p = self.w.arg(args, 2);
                self.sys_put(&p, &b)?;
                0
            }
            Sys::Prlimit | Sys::Getrlimit => {
                let (pid, res, new, old) = if sys == Sys::Prlimit {
                    (a[1], a[2], a[3], self.w.arg(args, 4))
                } else {
                    (0, a[1], 0, self.w.arg(args, 2))
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
                let (sig, old) = (a[1], self.w.arg(args, 3));
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
                let old = self.w.arg(args, 3);
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
                let old = self.px_mut().umask;
                self.px_mut().umask = a[1] as u32 & 0o777;
                old as i64
            }
            Sys::Affinity => {
                // sched_getaffinity(pid, size, mask): the process runs on one CPU (a path has
                // one thread), whatever the host has; the kernel writes one `long` of mask.
                let (pid, size, mask) = (a[1], a[2], self.w.arg(args, 3));
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
                let p = self.w.arg(args, 1);
                self.sys_put(&p, &b)?;
                0
            }
            Sys::Access | Sys::FaccessAt => {
                let (dirfd, pi, mode) = if sys == Sys::Access {
                    (AT_FDCWD, 1, a[2])
                } else {
                    (a[1], 2, a[3])
                };
                let p = self.w.arg(args, pi);
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
                let out = self.w.arg(args, 1);
                if out.bits() != 0 {
                    let mut b = long(now.as_secs() as i64);
                    if sys == Sys::Gettimeofday {
                        b.extend(long(now.subsec_micros() as i64));
                    }
                    self.sys_put(&out, &b)?;
                }
                let tz = self.w.arg(args, 2);
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
                let (buf, n, flags) = (self.w.arg(args, 1), a[2] as u64, a[3]);
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
                let p = self.w.arg(args, 2);
                self.sys_getdents(a[1], &p, a[3] as u64)?
            }
            Sys::Readlink | Sys::ReadlinkAt => {
                let (dirfd, i) = if sys == Sys::Readlink {
                    (AT_FDCWD, 1)
                } else {
                    (a[1], 2)
                };
                let (p, b) = (self.w.arg(args, i), self.w.arg(args, i + 1));
                self.sys_readlink(dirfd, &p, &b, a[i + 2])?
            }
        })
    }
}
