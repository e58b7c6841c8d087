//! Directories and symbolic links of the host, read-only: `getdents64` on a directory
//! descriptor (the entries as the host lists them, `.` and `..` included, in its order, with
//! its inode numbers and types) and `readlink` / `readlinkat`.
//!
//! A directory is listed again at each `getdents64` call, through the path's overlay (its
//! files added, the names it removed or replaced hidden; an overlay directory lists its own
//! names only); the descriptor's offset counts the entries returned so far (each entry's `d_off` is the offset after it, which `lseek` accepts
//! back, as `seekdir` / `rewinddir` use it).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use super::overlay::{normalize, Found, Name};
use super::write::cwd;
use super::*;

/// `d_type` of a directory.
const DT_DIR: u8 = 4;

/// One entry of a host directory.
struct Entry {
    ino: u64,
    kind: u8,
    name: Vec<u8>,
}

/// The entries of directory `p` in the host's order, or a negative errno.
fn list(p: &Path) -> Result<Vec<Entry>, i64> {
    let c = CString::new(p.as_os_str().as_bytes()).map_err(|_| -ENOENT)?;
    // SAFETY: opendir/readdir/closedir on a directory stream this function owns; each entry's
    // name is a NUL-terminated string inside the entry, copied before the next readdir.
    unsafe {
        let d = libc::opendir(c.as_ptr());
        if d.is_null() {
            return Err(-(std::io::Error::last_os_error()
                .raw_os_error()
                .unwrap_or(EACCES as i32) as i64));
        }
        let mut out = Vec::new();
        loop {
            let e = libc::readdir(d);
            if e.is_null() {
                break;
            }
            let name = std::ffi::CStr::from_ptr((*e).d_name.as_ptr());
            out.push(Entry {
                ino: (*e).d_ino,
                kind: (*e).d_type,
                name: name.to_bytes().to_vec(),
            });
        }
        libc::closedir(d);
        Ok(out)
    }
}

/// `struct linux_dirent64` records (the same on x86-64 and i386) for `entries`, numbered
/// from `first`, as many as fit in `count` bytes: the bytes and how many entries.
fn records(entries: &[Entry], first: usize, count: u64) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut n = 0;
    for (i, e) in entries.iter().enumerate().skip(first) {
        // d_ino (8), d_off (8), d_reclen (2), d_type (1), the name and its NUL; 8-aligned.
        let len = (19 + e.name.len() + 1).next_multiple_of(8);
        let start = out.len();
        if (start + len) as u64 > count {
            break;
        }
        out.extend(e.ino.to_le_bytes());
        out.extend((i as i64 + 1).to_le_bytes());
        out.extend((len as u16).to_le_bytes());
        out.push(e.kind);
        out.extend(&e.name);
        out.resize(start + len, 0);
        n += 1;
    }
    (out, n)
}

impl Os<'_, '_, '_> {
    /// The entries of directory `p` as the path sees it (the host's, through the overlay).
    fn entries(&self, p: &Path) -> Result<Vec<Entry>, i64> {
        let Some(o) = self.px().overlay() else {
            return list(p);
        };
        let n = normalize(p, &cwd());
        let mut out = match o.find(&n) {
            Found::Host => list(p)?,
            Found::Node(i) => {
                let up = n.parent().unwrap_or(&n).to_path_buf();
                let up_ino = self
                    .lookup(&up, false)
                    .map(|l| self.lookup_stat(&l).ino)
                    .unwrap_or_default();
                let e = |ino, name: &[u8]| Entry {
                    ino,
                    kind: 4,
                    name: name.to_vec(),
                };
                vec![e(o.inode(i).stat.ino, b"."), e(up_ino, b"..")]
            }
            // Removed while open: Linux lists nothing.
            Found::Absent(_) => return Ok(Vec::new()),
        };
        let kids: Vec<(&std::ffi::OsStr, Name)> = o.children(&n).collect();
        out.retain(|e| !kids.iter().any(|(k, _)| k.as_bytes() == e.name));
        for (k, name) in kids {
            if let Name::Node(i) = name {
                let f = o.inode(i);
                out.push(Entry {
                    ino: f.stat.ino,
                    kind: if f.is_dir() { 4 } else { 8 },
                    name: k.as_bytes().to_vec(),
                });
            }
        }
        Ok(out)
    }

    /// Directory `p` holds no name but `.` and `..` (`rmdir`, `rename` over it).
    pub(super) fn dir_is_empty(&self, p: &Path) -> bool {
        self.entries(p)
            .is_ok_and(|v| v.iter().all(|e| e.name == b"." || e.name == b".."))
    }

    /// `getdents64(fd, buf, count)`.
    pub(super) fn sys_getdents(&mut self, fd: i64, buf: &Value, count: u64) -> R<i64> {
        let Some(d) = self.px().desc(fd) else {
            return Ok(-EBADF);
        };
        let desc = self.px().descs[d].as_ref().unwrap();
        let pos = desc.pos;
        let entries = match desc.node.clone() {
            Node::Dir(path, _) => match self.entries(&path) {
                Ok(e) => e,
                Err(e) => return Ok(e),
            },
            // A symbolic file that is a directory (`sym_dir`) is empty.
            Node::Sym(id) => match self.sym_dir(id)? {
                Some(ino) => {
                    let parent = std::fs::metadata(".").map_or(1, |m| m.ino());
                    [(ino, "."), (parent, "..")]
                        .map(|(ino, name)| Entry {
                            ino,
                            kind: DT_DIR,
                            name: name.into(),
                        })
                        .into()
                }
                None => return Ok(-ENOTDIR),
            },
            _ => return Ok(-ENOTDIR),
        };
        let first = pos.min(entries.len() as u64) as usize;
        let (bytes, n) = records(&entries, first, count);
        if n == 0 && first < entries.len() {
            // The buffer cannot hold the next entry.
            return Ok(-EINVAL);
        }
        self.sys_put(buf, &bytes)?;
        self.px_mut().descs[d].as_mut().unwrap().pos = (first + n) as u64;
        Ok(bytes.len() as i64)
    }

    /// `readlinkat(dirfd, path, buf, size)` (`readlink`: `dirfd` is `AT_FDCWD`).
    pub(super) fn sys_readlink(
        &mut self,
        dirfd: i64,
        path: &Value,
        buf: &Value,
        size: i64,
    ) -> R<i64> {
        let path = self.sys_path(path)?;
        if size <= 0 {
            return Ok(-EINVAL);
        }
        if path.as_os_str().is_empty() {
            return Ok(-ENOENT);
        }
        let path = match self.at_path(dirfd, path) {
            Ok(p) => p,
            Err(e) => return Ok(e),
        };
        let target = if let Some(fd) = own_fd(&path).filter(|_| !path.starts_with("/dev/fd")) {
            // Linux's /dev/stdin & co. are links into the process's /proc directory.
            format!("/proc/self/fd/{fd}").into_bytes()
        } else if host_special(&path) {
            return Ok(-EACCES);
        } else if let Some(f) = self
            .px_mut()
            .overlay()
            .map(|o| o.find(&normalize(&path, &cwd())))
            .filter(|f| *f != Found::Host)
        {
            // The overlay has no links.
            return Ok(match f {
                Found::Absent(e) => -e,
                _ => -EINVAL,
            });
        } else {
            match std::fs::read_link(&path) {
                Ok(t) => t.as_os_str().as_bytes().to_vec(),
                Err(e) => return Ok(-errno_of(&e)),
            }
        };
        let k = target.len().min(size as usize);
        self.sys_put(buf, &target[..k])?;
        Ok(k as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_aligned_and_stop_at_the_buffer_size() {
        let e = |name: &str| Entry {
            ino: 7,
            kind: 8,
            name: name.as_bytes().to_vec(),
        };
        let entries = [e("."), e(".."), e("a_longer_name")];
        let (b, n) = records(&entries, 0, 1024);
        assert_eq!(n, 3);
        // "." 24, ".." 24, "a_longer_name" 19 + 14 = 33 -> 40.
        assert_eq!(b.len(), 24 + 24 + 40);
        assert_eq!(u16::from_le_bytes([b[16], b[17]]), 24);
        assert_eq!(i64::from_le_bytes(b[8..16].try_into().unwrap()), 1);
        assert_eq!(&b[48 + 19..48 + 33], b"a_longer_name\0");
        let (b, n) = records(&entries, 1, 50);
        assert_eq!((b.len(), n), (24, 1));
        let (b, n) = records(&entries, 2, 39);
        assert_eq!((b.len(), n), (0, 0));
    }

    #[test]
    fn lists_dot_and_dotdot_with_the_files() {
        let dir = std::env::temp_dir().join(format!("trex-dir-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("f"), b"x").unwrap();
        let mut names: Vec<Vec<u8>> = list(&dir).unwrap().into_iter().map(|e| e.name).collect();
        names.sort();
        assert_eq!(names, [b".".to_vec(), b"..".to_vec(), b"f".to_vec()]);
        assert_eq!(list(&dir.join("f")).err(), Some(-ENOTDIR));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
