//! Stat data: of a descriptor or a name, written as x86-64's `struct stat` or `struct statx`.

use std::path::Path;

use super::*;

impl Os<'_, '_, '_> {
    pub(super) fn fd_stat(&mut self, fd: i64) -> Result<Stat, i64> {
        self.fetch_stdin(fd);
        let d = self.px().desc(fd).ok_or(-EBADF)?;
        Ok(match &self.px().descs[d].as_ref().unwrap().node {
            Node::Stdin => unreachable!("stdin fetched above"),
            Node::Pipe(_, st) => (**st).clone(),
            Node::Out(k) => Stat::pipe(1 + *k as u64),
            Node::Null(st) | Node::File(_, st) | Node::Dir(_, st) => (**st).clone(),
            Node::Over(i) => self.px().overlay().expect("overlay").inode(*i).stat(),
            // A symbolic file's stat data is symbolic: `sym_fs.rs` answers the stat calls on
            // it; only `/dev/fd/N` names of it get here.
            Node::Sym(_) => return Err(-EACCES),
        })
    }

    pub(super) fn path_stat(&mut self, path: &Path, nofollow: bool) -> Result<Stat, i64> {
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
    pub(super) fn put_kstat(&mut self, p: &Value, s: &Stat) -> R<()> {
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
        debug_assert!(self.x86_64());
        self.sys_put(p, &b)
    }

    /// `struct statx` (256 bytes, the same on every arch).
    pub(super) fn put_statx(&mut self, p: &Value, s: &Stat) -> R<()> {
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
