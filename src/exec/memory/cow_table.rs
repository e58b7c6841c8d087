//! A table of records, each shared copy-on-write on its own inside copy-on-write chunks: a fork
//! copies one pointer per chunk (as `CowVec`), and a path's first write to a record copies
//! that chunk's pointers and the one record, not the chunk's records.
//!
//! Why: the object table was a `CowVec<Object>`, so a path's first store into an object
//! copied the 32 object headers of its chunk with their stored-pointer maps (about 3 KB and
//! a map node per object holding pointers). Massif at the peak of coreutils cat (`--sym-args
//! 0 2 4`, 240 s under valgrind, 315 MB): those copies were 31 % of the heap, most of them
//! made by stores (`Memory::clear_ptrs`, `store_sym`, `store_int`).

use std::ops::{Index, IndexMut};
use std::sync::Arc;

use super::cow_vec::{unique_mut, CowVec};

#[derive(Clone, Debug)]
pub struct CowTable<T> {
    /// `None` only past the length (the rest of the last chunk).
    v: CowVec<Option<Arc<T>>>,
}

impl<T> Default for CowTable<T> {
    fn default() -> Self {
        CowTable { v: CowVec::new() }
    }
}

impl<T: Clone> CowTable<T> {
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.v.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.v.is_empty()
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        (i < self.len()).then(|| &self[i])
    }

    pub fn push(&mut self, x: T) {
        self.v.push(Some(Arc::new(x)));
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.v
            .iter()
            .map(|x| x.as_deref().expect("a record below the length"))
    }
}

impl<T: Clone> FromIterator<T> for CowTable<T> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        CowTable {
            v: it.into_iter().map(|x| Some(Arc::new(x))).collect(),
        }
    }
}

impl<T> Index<usize> for CowTable<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        // SAFETY: `CowVec` checks `i` against the length, and every slot below it is `Some`.
        unsafe { self.v[i].as_deref().unwrap_unchecked() }
    }
}

impl<T: Clone> IndexMut<usize> for CowTable<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        // SAFETY: as in `index`.
        unique_mut(unsafe { self.v[i].as_mut().unwrap_unchecked() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_as_a_vec() {
        let t: CowTable<Vec<u32>> = (0..70).map(|i| vec![i]).collect();
        assert_eq!(t.len(), 70);
        assert_eq!(t.get(69), Some(&vec![69]));
        assert_eq!(t.get(70), None);
        let all: Vec<u32> = t.iter().map(|v| v[0]).collect();
        assert_eq!(all, (0..70).collect::<Vec<_>>());
        assert!(CowTable::<u8>::new().is_empty());
    }

    #[test]
    fn a_write_copies_the_record_written_only() {
        let mut a: CowTable<Vec<u32>> = (0..40).map(|i| vec![i]).collect();
        let b = a.clone();
        a[33].push(7);
        assert_eq!((&a[33], &b[33]), (&vec![33, 7], &vec![33]));
        // The other records of the chunk are the same allocations in both.
        for i in (0..40).filter(|&i| i != 33) {
            assert!(std::ptr::eq(&a[i], &b[i]), "record {i} was copied");
        }
        assert!(!std::ptr::eq(&a[33], &b[33]));
        // Unshared now: a second write copies nothing.
        let at = &a[33] as *const Vec<u32>;
        a[33].push(8);
        assert!(std::ptr::eq(&a[33], at));
    }
}
