//! The calls that add, remove and move names, on the overlay (`overlay.rs`): `mkdir` /
//! `mkdirat`, `unlink` / `unlinkat` (`AT_REMOVEDIR`: `rmdir`), `rmdir`, `rename` /
//! `renameat` / `renameat2` (`RENAME_NOREPLACE`), with Linux's checks in its order: the
//! names' directories, the names themselves, then permission, then the kinds (`EISDIR`,
//! `ENOTDIR`, `ENOTEMPTY`, `EINVAL` for a directory moved below itself; `EXDEV` to another
//! device). A host file renamed
//! is copied into the overlay; a host directory renamed is not modelled (an error says so).

use std::path::Path;

use super::overlay::{normalize, S_IFDIR};
use super::write::{cwd, Lookup};
use super::*;

const EXDEV: i64 = 18;
const ENOTEMPTY: i64 = 39;
const RENAME_NOREPLACE: i64 = 1;
const RENAME_EXCHANGE: i64 = 2;

impl Os<'_, '_, '_> {
    /// `mkdir(path, mode)`.
    pub(super) fn sys_mkdir(&mut self, path: &Path, mode: i64) -> i64 {
        match self.lookup(path, true) {
            Ok(_) => return -EEXIST,
            Err(e) if e != -ENOENT => return e,
            Err(_) => {}
        }
        let e = self.dir_writable(path);
        if e != 0 {
            return e;
        }
        let perm = mode as u32 & 0o7777 & !self.px_mut().umask;
        self.create(path, S_IFDIR | perm);
        0
    }

    /// `unlink(path)` (`dir`: `rmdir(path)`).
    pub(super) fn sys_unlink(&mut self, path: &Path, dir: bool) -> i64 {
        let b = path.as_os_str().as_encoded_bytes();
        if dir && (b == b"." || b.ends_with(b"/.")) {
            // Linux refuses a last component "." (and ".." as not empty).
            return -EINVAL;
        }
        if dir && (b == b".." || b.ends_with(b"/..")) {
            return -ENOTEMPTY;
        }
        let found = match self.lookup(path, true) {
            Ok(f) => f,
            Err(e) => return e,
        };
        let e = self.dir_writable(path);
        if e != 0 {
            return e;
        }
        let is_dir = found.is_dir(self.px().overlay());
        if dir && !is_dir {
            return -ENOTDIR;
        }
        if !dir && is_dir {
            return -EISDIR;
        }
        if dir && !self.dir_is_empty(path) {
            return -ENOTEMPTY;
        }
        let p = normalize(path, &cwd());
        let hide = std::fs::symlink_metadata(&p).is_ok();
        self.px_mut().overlay_mut().remove(&p, hide);
        0
    }

    /// `renameat2(from, to, flags)`.
    pub(super) fn sys_rename(&mut self, from: &Path, to: &Path, flags: i64) -> R<i64> {
        if flags & RENAME_EXCHANGE != 0 {
            return error(
                ErrorKind::Exec,
                "unsupported: renameat2 with RENAME_EXCHANGE",
            );
        }
        if flags & !RENAME_NOREPLACE != 0 {
            return Ok(-EINVAL);
        }
        let src = match self.lookup(from, true) {
            Ok(f) => f,
            Err(e) => return Ok(e),
        };
        let dst = match self.lookup(to, true) {
            Ok(f) => Some(f),
            Err(e) if e == -ENOENT => None,
            Err(e) => return Ok(e),
        };
        // Another file system (Linux compares mounts; devices here).
        let to_dir = to.parent().filter(|p| !p.as_os_str().is_empty());
        let to_dev = self
            .lookup(to_dir.unwrap_or(Path::new(".")), false)
            .map(|l| self.lookup_stat(&l).dev);
        if to_dev.is_ok_and(|d| d != self.lookup_stat(&src).dev) {
            return Ok(-EXDEV);
        }
        for p in [from, to] {
            let e = self.dir_writable(p);
            if e != 0 {
                return Ok(e);
            }
        }
        if dst.is_some() && flags & RENAME_NOREPLACE != 0 {
            return Ok(-EEXIST);
        }
        let (nf, nt) = (normalize(from, &cwd()), normalize(to, &cwd()));
        let src_dir = src.is_dir(self.px().overlay());
        if let Some(d) = &dst {
            let same = match (&src, d) {
                (Lookup::Over(a), Lookup::Over(b)) => a == b,
                (Lookup::Host(a), Lookup::Host(b)) => {
                    let (a, b) = (Stat::of(a), Stat::of(b));
                    (a.dev, a.ino) == (b.dev, b.ino)
                }
                _ => false,
            };
            if same {
                return Ok(0);
            }
            let dst_dir = d.is_dir(self.px().overlay());
            if src_dir && !dst_dir {
                return Ok(-ENOTDIR);
            }
            if !src_dir && dst_dir {
                return Ok(-EISDIR);
            }
            if dst_dir && !self.dir_is_empty(to) {
                return Ok(-ENOTEMPTY);
            }
        }
        if src_dir && nt.starts_with(&nf) {
            return Ok(-EINVAL);
        }
        if let Lookup::Host(m) = &src {
            if !m.is_file() {
                let what = if m.is_dir() {
                    "a host directory"
                } else {
                    "a host file that is not a regular file"
                };
                return error(
                    ErrorKind::Exec,
                    format!("unsupported: rename of {what} (only the overlay's and regular files are modelled)"),
                );
            }
            if let Err(e) = self.copy_up(from, m) {
                return Ok(e);
            }
        }
        let hide = std::fs::symlink_metadata(&nf).is_ok();
        self.px_mut().overlay_mut().rename(&nf, &nt, hide);
        Ok(0)
    }
}
