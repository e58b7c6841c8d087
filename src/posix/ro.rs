//! The calls that would change the file system in ways the overlay (`overlay.rs`) does not
//! model (chmod, chown, mknod, link, symlink, utimensat, and their `at` / descriptor forms):
//! each fails as on a read-only file system, after the checks Linux makes first (a missing
//! file or parent directory: `ENOENT`; an existing target of a creation: `EEXIST`; a
//! descriptor not open: `EBADF`), else with `EROFS`. Creating, writing, truncating, removing
//! and renaming files are modelled (`write.rs`, `names.rs`).

use std::path::Path;

use super::*;

/// What a call needs of its path before it is refused with `EROFS`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Need {
    /// The file exists (chmod, chown, rename's source, truncate, utimensat); `nofollow`: the
    /// link itself.
    Exists { nofollow: bool },
    /// The file does not exist, its directory does (mknod, link, symlink).
    Absent,
}

/// A call that would change the file system: which argument is the path (1-based, as in
/// `__trex_syscall`'s arguments), which one a directory descriptor it is relative to, and what
/// it needs; `path: 0`: the call names a descriptor (`dirfd`'s argument).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Mutation {
    pub(super) dirfd: usize,
    pub(super) path: usize,
    pub(super) need: Need,
}

const fn at(dirfd: usize, path: usize, need: Need) -> Mutation {
    Mutation { dirfd, path, need }
}

const fn plain(path: usize, need: Need) -> Mutation {
    at(0, path, need)
}

const fn on_fd(fd: usize) -> Mutation {
    at(fd, 0, FOLLOW)
}

const FOLLOW: Need = Need::Exists { nofollow: false };
const NOFOLLOW: Need = Need::Exists { nofollow: true };

/// The mutation a system call number is, if it is one.
pub(super) fn mutation(x86_64: bool, nr: i64) -> Option<Mutation> {
    use Need::Absent;
    Some(if x86_64 {
        match nr {
            90 | 92 => plain(1, FOLLOW),   // chmod, chown
            94 => plain(1, NOFOLLOW),      // lchown
            268 | 260 => at(1, 2, FOLLOW), // fchmodat, fchownat
            133 => plain(1, Absent),       // mknod
            259 => at(1, 2, Absent),       // mknodat
            86 | 88 => plain(2, Absent),   // link, symlink
            265 => at(3, 4, Absent),       // linkat
            266 => at(2, 3, Absent),       // symlinkat
            280 => at(1, 2, FOLLOW),       // utimensat
            91 | 93 => on_fd(1),           // fchmod, fchown
            _ => return None,
        }
    } else {
        match nr {
            15 | 182 | 212 => plain(1, FOLLOW), // chmod, chown, chown32
            16 | 198 => plain(1, NOFOLLOW),     // lchown, lchown32
            306 | 298 => at(1, 2, FOLLOW),      // fchmodat, fchownat
            14 => plain(1, Absent),             // mknod
            297 => at(1, 2, Absent),            // mknodat
            9 | 83 => plain(2, Absent),         // link, symlink
            303 => at(3, 4, Absent),            // linkat
            304 => at(2, 3, Absent),            // symlinkat
            320 | 412 => at(1, 2, FOLLOW),      // utimensat, utimensat_time64
            94 | 95 | 207 => on_fd(1),          // fchmod, fchown, fchown32
            _ => return None,
        }
    })
}

impl Os<'_, '_, '_> {
    /// The answer to mutation `m` (arguments `a`, as `__trex_syscall` got them): a negative
    /// errno, never success.
    pub(super) fn sys_mutation(&mut self, m: Mutation, a: &[i64; 7], args: &[CallArg]) -> R<i64> {
        // utimensat(fd, NULL, ...) names the descriptor.
        let by_fd = m.path == 0 || self.w.arg(args, m.path).bits() == 0;
        if by_fd {
            let fd = a[m.dirfd];
            self.fetch_stdin(fd);
            return Ok(match self.px().desc(fd) {
                None => -EBADF,
                Some(_) => -EROFS,
            });
        }
        let p = self.w.arg(args, m.path);
        let path = self.sys_path(&p)?;
        if path.as_os_str().is_empty() {
            return Ok(-ENOENT);
        }
        let dirfd = if m.dirfd == 0 { AT_FDCWD } else { a[m.dirfd] };
        let path = match self.at_path(dirfd, path) {
            Ok(p) => p,
            Err(e) => return Ok(e),
        };
        Ok(match m.need {
            Need::Exists { nofollow } => match self.path_stat(&path, nofollow) {
                Err(e) => e,
                Ok(_) => -EROFS,
            },
            Need::Absent => match self.path_stat(&path, true) {
                Ok(_) => -EEXIST,
                Err(e) if e != -ENOENT => e,
                Err(_) => self.parent_check(&path),
            },
        })
    }

    /// `EROFS` when `path`'s directory exists, else why it does not.
    fn parent_check(&mut self, path: &Path) -> i64 {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        match self.path_stat(&parent, false) {
            Err(e) => e,
            Ok(st) if st.mode & 0o170000 != 0o040000 => -ENOTDIR,
            Ok(_) => -EROFS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_archs_know_the_same_calls() {
        // (name, x86-64 number, i386 number): the table's entries agree across archs.
        for (name, x, i) in [
            ("chmod", 90, 15),
            ("mknod", 133, 14),
            ("fchmod", 91, 94),
            ("symlinkat", 266, 304),
            ("linkat", 265, 303),
            ("utimensat", 280, 320),
        ] {
            assert_eq!(mutation(true, x), mutation(false, i), "{name}");
            assert_eq!(super::syscall_name(true, x), Some(name));
            assert_eq!(super::syscall_name(false, i), Some(name));
        }
        assert_eq!(mutation(true, 0), None);
        // Modelled on the overlay: not refused here.
        assert_eq!(mutation(true, 87), None, "unlink");
        assert_eq!(mutation(false, 194), None, "ftruncate64");
    }
}
