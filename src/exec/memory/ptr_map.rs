//! An object's stored pointers (offset -> the object pointed into), as a sorted vector.
//!
//! A `BTreeMap` allocated a 192-byte leaf for an object's first stored pointer, and every
//! path that wrote such an object copied the leaf with it: 3.7 % of the heap at coreutils
//! cat's peak (massif), where most objects hold one to a few pointers. Sorted pairs cost 16
//! bytes each; pointers are mostly stored in increasing offsets (arrays filled in order),
//! which append.

use crate::obj::ObjRef;
use std::ops::Range;
use thin_vec::ThinVec;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PtrMap {
    /// By increasing offset, one entry per offset. A `ThinVec` (one word, the length with the
    /// entries) keeps the object record at 80 bytes, as before its contents were inline
    /// (`bytes.rs`).
    v: ThinVec<(u64, ObjRef)>,
}

impl PtrMap {
    pub fn new() -> PtrMap {
        PtrMap::default()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.v.is_empty()
    }

    pub fn clear(&mut self) {
        self.v.clear();
    }

    fn find(&self, off: u64) -> Result<usize, usize> {
        self.v.binary_search_by_key(&off, |e| e.0)
    }

    pub fn get(&self, off: &u64) -> Option<&ObjRef> {
        self.find(*off).ok().map(|i| &self.v[i].1)
    }

    pub fn insert(&mut self, off: u64, r: ObjRef) {
        if self.v.last().is_none_or(|l| l.0 < off) {
            self.v.push((off, r));
            return;
        }
        match self.find(off) {
            Ok(i) => self.v[i].1 = r,
            Err(i) => self.v.insert(i, (off, r)),
        }
    }

    /// The entries at offsets in `offs`, by increasing offset.
    pub fn range(&self, offs: Range<u64>) -> impl Iterator<Item = (&u64, &ObjRef)> + '_ {
        let (lo, hi) = self.bounds(offs);
        self.v[lo..hi].iter().map(|(k, r)| (k, r))
    }

    /// Drops the entries at offsets in `offs`.
    pub fn remove_range(&mut self, offs: Range<u64>) {
        let (lo, hi) = self.bounds(offs);
        self.v.drain(lo..hi);
    }

    fn bounds(&self, offs: Range<u64>) -> (usize, usize) {
        let lo = self.v.partition_point(|e| e.0 < offs.start);
        let hi = lo + self.v[lo..].partition_point(|e| e.0 < offs.end);
        (lo, hi)
    }

    pub fn values(&self) -> impl Iterator<Item = &ObjRef> + '_ {
        self.v.iter().map(|e| &e.1)
    }
}

impl<'a> IntoIterator for &'a PtrMap {
    type Item = (&'a u64, &'a ObjRef);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (u64, ObjRef)>,
        fn(&'a (u64, ObjRef)) -> (&'a u64, &'a ObjRef),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.v.iter().map(|(k, r)| (k, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn r(i: u32) -> ObjRef {
        ObjRef { idx: i, gen: 0 }
    }

    /// The same operations on a `BTreeMap` give the same entries (offsets from a small range
    /// so that inserts land before, between and on existing ones).
    #[test]
    fn behaves_as_a_btree_map() {
        let mut m = PtrMap::new();
        let mut b = BTreeMap::new();
        let mut x: u64 = 12345;
        for step in 0..2000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let off = (x >> 33) % 200;
            match step % 5 {
                0..=2 => {
                    m.insert(off, r(step));
                    b.insert(off, r(step));
                }
                3 => {
                    let hi = off + (x >> 20) % 24;
                    m.remove_range(off..hi);
                    b.retain(|k, _| !(off..hi).contains(k));
                }
                _ => {
                    let hi = off + (x >> 20) % 40;
                    assert!(m.range(off..hi).eq(b.range(off..hi)));
                    assert_eq!(m.get(&off), b.get(&off));
                }
            }
            assert_eq!((&m).into_iter().count(), b.len());
        }
        assert!((&m).into_iter().eq(b.iter()));
        assert!(m.values().eq(b.values()));
        m.clear();
        assert!(m.is_empty() && m.range(0..u64::MAX).next().is_none());
    }
}
