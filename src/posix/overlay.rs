//! The writable layer over the host's file system, per path: the files and directories a path
//! created, the host files it wrote (copied in whole at their first opening for writing), and
//! the names it removed ("gone": the host's file under that name is hidden). Nothing reaches
//! the host. Names are absolute and lexically normalized (`normalize`).
//!
//! Cheap to copy: `Posix` holds it behind an `Arc` only once a path changes a file (a path
//! that never does carries `None`), and each file's contents are shared by the forks until
//! one of them writes it (`Arc` per inode). Contents are concrete bytes with the expressions of
//! their symbolic ones (`Data`), as a program's memory holds them.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use super::Stat;
use crate::exec::memory::SymBytes;
use crate::expr::ExprId;

pub(super) const S_IFMT: u32 = 0o170000;
pub(super) const S_IFDIR: u32 = 0o040000;
pub(super) const S_IFREG: u32 = 0o100000;

/// A file's contents.
#[derive(Clone, Debug, Default)]
pub(super) struct Data {
    bytes: Vec<u8>,
    /// The symbolic bytes' expressions (the concrete byte is then meaningless); `None` while
    /// every byte is concrete.
    sym: Option<SymBytes>,
}

impl Data {
    pub(super) fn concrete(bytes: Vec<u8>) -> Data {
        Data { bytes, sym: None }
    }

    pub(super) fn len(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// Cuts or extends (with zero bytes) to `n` bytes.
    pub(super) fn resize(&mut self, n: u64) {
        let n = n as usize;
        if let Some(s) = &mut self.sym {
            if n < self.bytes.len() {
                s.clear(n, self.bytes.len());
            }
            s.resize(n);
        }
        self.bytes.resize(n, 0);
    }

    /// Up to `n` bytes at `pos`: the concrete bytes, and the entries of the symbolic ones
    /// when some are.
    pub(super) fn read(&self, pos: u64, n: u64) -> (&[u8], Option<Vec<Option<ExprId>>>) {
        let lo = (pos.min(self.len())) as usize;
        let hi = lo + (self.bytes.len() - lo).min(n.min(usize::MAX as u64) as usize);
        let sym = self
            .sym
            .as_ref()
            .filter(|s| s.any(lo, hi))
            .map(|s| s.to_vec(lo, hi));
        (&self.bytes[lo..hi], sym)
    }

    /// Writes `bytes` (with their symbolic entries, if any) at `pos`, extending the file (a
    /// hole reads as zero bytes).
    pub(super) fn write(&mut self, pos: u64, bytes: &[u8], sym: Option<&[Option<ExprId>]>) {
        let (lo, hi) = (pos as usize, pos as usize + bytes.len());
        if hi > self.bytes.len() {
            self.resize(hi as u64);
        }
        self.bytes[lo..hi].copy_from_slice(bytes);
        match sym {
            Some(v) if v.iter().any(|b| b.is_some()) => {
                let size = self.bytes.len();
                let s = self.sym.get_or_insert_with(|| SymBytes::new(size));
                for (k, &b) in v.iter().enumerate() {
                    s.set(lo + k, b);
                }
            }
            _ => {
                if let Some(s) = &mut self.sym {
                    s.clear(lo, hi);
                }
            }
        }
    }
}

/// A file or directory of the overlay.
#[derive(Clone, Debug)]
pub(super) struct Inode {
    /// Its stat data (`size` and `blocks` follow the contents: `Inode::stat`).
    pub(super) stat: Stat,
    pub(super) data: Data,
}

impl Inode {
    pub(super) fn is_dir(&self) -> bool {
        self.stat.mode & S_IFMT == S_IFDIR
    }

    /// The stat data as `fstat` gives it.
    pub(super) fn stat(&self) -> Stat {
        let mut s = self.stat.clone();
        if !self.is_dir() {
            s.size = self.data.len();
            s.blocks = s.size.div_ceil(4096) * 8;
        }
        s
    }
}

/// What a name of the overlay stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Name {
    Node(u64),
    /// Removed: the host's file of that name is hidden.
    Gone,
}

/// What the overlay says of a name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Found {
    Node(u64),
    /// The host's file, if the host has one.
    Host,
    /// No such file: `ENOENT` or `ENOTDIR` (a directory of the name is a file).
    Absent(i64),
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Overlay {
    names: BTreeMap<PathBuf, Name>,
    /// The inodes, by number; an inode whose names are gone stays while the path runs (a
    /// descriptor may still refer to it, as sort's temporary files after their unlink).
    inodes: BTreeMap<u64, Arc<Inode>>,
    next: u64,
}

impl Overlay {
    pub(super) fn find(&self, p: &Path) -> Found {
        match self.names.get(p) {
            Some(Name::Node(i)) => return Found::Node(*i),
            Some(Name::Gone) => return Found::Absent(super::ENOENT),
            None => {}
        }
        // The nearest directory of the name the overlay knows decides.
        for a in p.ancestors().skip(1) {
            match self.names.get(a) {
                None => continue,
                Some(Name::Gone) => return Found::Absent(super::ENOENT),
                Some(Name::Node(i)) if self.inode(*i).is_dir() => {
                    // An overlay directory holds only overlay names.
                    return Found::Absent(super::ENOENT);
                }
                Some(Name::Node(_)) => return Found::Absent(super::ENOTDIR),
            }
        }
        Found::Host
    }

    pub(super) fn inode(&self, i: u64) -> &Inode {
        &self.inodes[&i]
    }

    pub(super) fn inode_mut(&mut self, i: u64) -> &mut Inode {
        Arc::make_mut(self.inodes.get_mut(&i).expect("live inode"))
    }

    /// A new inode named `p`.
    pub(super) fn add(&mut self, p: PathBuf, inode: Inode) -> u64 {
        self.next += 1;
        let i = self.next;
        self.inodes.insert(i, Arc::new(inode));
        self.names.insert(p, Name::Node(i));
        i
    }

    /// Removes name `p` (and the names below it); `hide`: the host has a file of that name,
    /// which stays hidden.
    pub(super) fn remove(&mut self, p: &Path, hide: bool) {
        let below: Vec<PathBuf> = self.below(p).map(|(k, _)| k.clone()).collect();
        for k in below {
            self.names.remove(&k);
        }
        if hide {
            self.names.insert(p.to_path_buf(), Name::Gone);
        } else {
            self.names.remove(p);
        }
    }

    /// Moves name `from` (an overlay node, with the names below it) to `to`, replacing what
    /// `to` named; `hide`: the host has a file named `from`.
    pub(super) fn rename(&mut self, from: &Path, to: &Path, hide: bool) {
        let Some(&n) = self.names.get(from) else {
            return;
        };
        let moved: Vec<(PathBuf, Name)> = self
            .below(from)
            .map(|(k, v)| (to.join(k.strip_prefix(from).expect("below")), *v))
            .collect();
        self.remove(from, hide);
        // What `to` held below it goes (an empty directory, else the caller refused).
        self.remove(to, false);
        self.names.insert(to.to_path_buf(), n);
        self.names.extend(moved);
    }

    /// The names strictly below directory `p`.
    fn below<'a>(&'a self, p: &'a Path) -> impl Iterator<Item = (&'a PathBuf, &'a Name)> + 'a {
        self.names
            .range::<Path, _>((std::ops::Bound::Excluded(p), std::ops::Bound::Unbounded))
            .take_while(move |(k, _)| k.starts_with(p))
            .filter(move |(k, _)| k.as_path() != p)
    }

    /// The names directly in directory `p`, with what they stand for.
    pub(super) fn children<'a>(&'a self, p: &'a Path) -> impl Iterator<Item = (&'a OsStr, Name)> {
        self.below(p)
            .filter(move |(k, _)| k.parent() == Some(p))
            .filter_map(|(k, v)| Some((k.file_name()?, *v)))
    }
}

/// `p` absolute (relative to `cwd`) with `.` and `..` resolved by name (a `..` after a
/// symbolic link is taken lexically: the overlay has no links of its own).
pub(super) fn normalize(p: &Path, cwd: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in cwd.join(p).components() {
        match c {
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> Inode {
        Inode {
            stat: Stat {
                mode: S_IFREG | 0o644,
                ..Stat::default()
            },
            data: Data::default(),
        }
    }

    fn dir() -> Inode {
        Inode {
            stat: Stat {
                mode: S_IFDIR | 0o755,
                ..Stat::default()
            },
            data: Data::default(),
        }
    }

    #[test]
    fn normalizes_relative_names_and_dots() {
        let cwd = Path::new("/w/d");
        assert_eq!(normalize(Path::new("f"), cwd), Path::new("/w/d/f"));
        assert_eq!(normalize(Path::new("./a/../f"), cwd), Path::new("/w/d/f"));
        assert_eq!(normalize(Path::new("/x//y/."), cwd), Path::new("/x/y"));
        assert_eq!(normalize(Path::new("../../.."), cwd), Path::new("/"));
    }

    #[test]
    fn data_reads_back_writes_with_holes_and_symbolic_bytes() {
        let mut d = Data::default();
        d.write(2, b"ab", None);
        assert_eq!(d.read(0, 10), (&b"\0\0ab"[..], None));
        let e = ExprId(7);
        d.write(3, b"?c", Some(&[Some(e), None]));
        let (b, s) = d.read(1, 10);
        assert_eq!(b, b"\0a?c");
        assert_eq!(s, Some(vec![None, None, Some(e), None]));
        // Cut past the symbolic byte, then extended again: zeros, not the old expression.
        d.resize(3);
        d.resize(5);
        assert_eq!(d.read(0, 10), (&b"\0\0a\0\0"[..], None));
        // A concrete write over a symbolic byte makes it concrete.
        d.write(0, b"x", Some(&[Some(e)]));
        d.write(0, b"y", None);
        assert_eq!(d.read(0, 1), (&b"y"[..], None));
        assert_eq!(d.read(9, 3).0.len(), 0);
    }

    #[test]
    fn names_hide_the_host_and_directories_hold_their_own() {
        let mut o = Overlay::default();
        assert_eq!(o.find(Path::new("/h/f")), Found::Host);
        let d = o.add(PathBuf::from("/h/d"), dir());
        let f = o.add(PathBuf::from("/h/d/f"), file());
        assert_eq!(o.find(Path::new("/h/d")), Found::Node(d));
        assert_eq!(o.find(Path::new("/h/d/f")), Found::Node(f));
        assert_eq!(
            o.find(Path::new("/h/d/g")),
            Found::Absent(super::super::ENOENT)
        );
        assert_eq!(
            o.find(Path::new("/h/d/f/x")),
            Found::Absent(super::super::ENOTDIR)
        );
        o.remove(Path::new("/h/x"), true);
        assert_eq!(
            o.find(Path::new("/h/x")),
            Found::Absent(super::super::ENOENT)
        );
        assert_eq!(
            o.find(Path::new("/h/x/y")),
            Found::Absent(super::super::ENOENT)
        );
        let names: Vec<_> = o.children(Path::new("/h")).collect();
        assert_eq!(
            names,
            [
                (OsStr::new("d"), Name::Node(d)),
                (OsStr::new("x"), Name::Gone)
            ]
        );
    }

    #[test]
    fn rename_moves_a_directory_with_its_names_and_keeps_inodes() {
        let mut o = Overlay::default();
        let d = o.add(PathBuf::from("/h/d"), dir());
        let f = o.add(PathBuf::from("/h/d/f"), file());
        // A sibling whose name starts with the directory's is not below it.
        let g = o.add(PathBuf::from("/h/d2"), file());
        o.rename(Path::new("/h/d"), Path::new("/h/e"), false);
        assert_eq!(o.find(Path::new("/h/e/f")), Found::Node(f));
        assert_eq!(o.find(Path::new("/h/e")), Found::Node(d));
        assert_eq!(o.find(Path::new("/h/d")), Found::Host);
        assert_eq!(o.find(Path::new("/h/d2")), Found::Node(g));
        // Over an existing name, hiding the host's file of the old name.
        o.rename(Path::new("/h/d2"), Path::new("/h/e/f"), true);
        assert_eq!(o.find(Path::new("/h/e/f")), Found::Node(g));
        assert_eq!(
            o.find(Path::new("/h/d2")),
            Found::Absent(super::super::ENOENT)
        );
        // The replaced file's inode stays for its descriptors.
        assert!(!o.inode(f).is_dir());
    }

    #[test]
    fn a_copy_shares_contents_until_written() {
        let mut o = Overlay::default();
        let f = o.add(PathBuf::from("/f"), file());
        o.inode_mut(f).data.write(0, b"one", None);
        let mut c = o.clone();
        c.inode_mut(f).data.write(0, b"two", None);
        assert_eq!(o.inode(f).data.read(0, 3).0, b"one");
        assert_eq!(c.inode(f).data.read(0, 3).0, b"two");
        assert_eq!(c.inode(f).stat().size, 3);
    }
}
