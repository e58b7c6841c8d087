//! A vector in copy-on-write chunks: cloning it (a fork) copies one pointer per chunk, and a
//! path that writes an element copies that element's chunk only, the first time.
//!
//! Why: a path's object table (every object's header and stored-pointer map) and its address
//! index were plain vectors copied whole at each fork. On coreutils (`cat --sym-args 0 2 4`,
//! 711 objects) that was about 130 KB per pending path, and 100,000 pending paths.

use std::ops::{Index, IndexMut};
use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;

/// Elements per chunk (a power of two): a first write after a fork copies this many.
const SHIFT: usize = 5;
const CHUNK: usize = 1 << SHIFT;
const MASK: usize = CHUNK - 1;

/// A chunk: its elements inline behind the `Arc` (one load less per access than a `Vec`);
/// the slots past the vector's length hold `T::default()`.
type Chunk<T> = [T; CHUNK];

#[derive(Clone, Debug)]
pub struct CowVec<T> {
    chunks: Vec<Arc<Chunk<T>>>,
    len: usize,
}

impl<T> Default for CowVec<T> {
    fn default() -> Self {
        CowVec {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Clone + Default> CowVec<T> {
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        (i < self.len).then(|| &self[i])
    }

    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).map(|i| &self[i])
    }

    pub fn push(&mut self, x: T) {
        let k = self.len & MASK;
        if k == 0 {
            self.chunks
                .push(Arc::new(std::array::from_fn(|_| T::default())));
        }
        chunk_mut(self.chunks.last_mut().unwrap())[k] = x;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<T> {
        let i = self.len.checked_sub(1)?;
        let x = std::mem::take(&mut self[i]);
        self.len = i;
        if i & MASK == 0 {
            self.chunks.pop();
        }
        Some(x)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        let n = self.len;
        self.chunks
            .iter()
            .enumerate()
            .flat_map(move |(k, c)| c[..(n - (k << SHIFT)).min(CHUNK)].iter())
    }

    /// The first index whose element fails `pred`, `pred` holding for a prefix (as
    /// `slice::partition_point`).
    pub fn partition_point(&self, mut pred: impl FnMut(&T) -> bool) -> usize {
        // The first chunk whose last element fails, then the place in it.
        let last_of = |k: usize| ((k << SHIFT) + MASK).min(self.len - 1);
        let (mut lo, mut hi) = (0, self.chunks.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if pred(&self[last_of(mid)]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo == self.chunks.len() {
            return self.len;
        }
        let n = (self.len - (lo << SHIFT)).min(CHUNK);
        (lo << SHIFT) + self.chunks[lo][..n].partition_point(pred)
    }

    /// Inserts `x` at `i` (rare: every chunk from `i` on is rebuilt).
    pub fn insert(&mut self, i: usize, x: T) {
        let mut v: Vec<T> = self.iter().cloned().collect();
        v.insert(i, x);
        *self = v.into_iter().collect();
    }

    /// Keeps the elements for which `keep` holds (rare: the whole vector is rebuilt).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let v: Vec<T> = self.iter().filter(|x| keep(x)).cloned().collect();
        *self = v.into_iter().collect();
    }
}

impl<T: Clone + Default> FromIterator<T> for CowVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut v = CowVec::new();
        for x in it {
            v.push(x);
        }
        v
    }
}

impl<T> Index<usize> for CowVec<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        assert!(i < self.len, "index {i} out of {}", self.len);
        // SAFETY: `i < len`: chunk `i >> SHIFT` exists. (Every load and store of the program
        // goes through here: the bounds check of `chunks` costs a percent of instructions on
        // memory-heavy code.)
        unsafe { &self.chunks.get_unchecked(i >> SHIFT)[i & MASK] }
    }
}

impl<T: Clone> IndexMut<usize> for CowVec<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        assert!(i < self.len, "index {i} out of {}", self.len);
        // SAFETY: as in `index`.
        unsafe { &mut chunk_mut(self.chunks.get_unchecked_mut(i >> SHIFT))[i & MASK] }
    }
}

/// The first write to a chunk (or a `CowTable` record) since a fork: out of the way of every
/// store's code.
#[cold]
#[inline(never)]
fn unshare<U: Clone>(c: &mut Arc<U>) -> &mut U {
    Arc::make_mut(c)
}

/// The chunk, for writing: copied first if another path shares it.
#[inline(always)]
fn chunk_mut<T: Clone>(c: &mut Arc<Chunk<T>>) -> &mut Chunk<T> {
    unique_mut(c)
}

/// What `c` points to, for writing: copied first if another path shares it. Only for `Arc`s
/// of which no `Weak` is ever made (kept private to this module and `CowTable`).
#[inline(always)]
pub(super) fn unique_mut<U: Clone>(c: &mut Arc<U>) -> &mut U {
    if Arc::strong_count(c) != 1 {
        return unshare(c);
    }
    // Another path's last reference may have been dropped on another thread: see its writes.
    fence(Ordering::Acquire);
    // SAFETY: the count is 1 and no `Weak` is ever made of it (the field is private), so
    // this `&mut Arc` is its only reference: `Arc::get_mut` without the atomic compare-exchange
    // that guards against `Weak` upgrades (`make_mut` pays it too, on every store).
    unsafe { &mut *(Arc::as_ptr(c) as *mut U) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_as_a_vec() {
        let mut v = CowVec::new();
        let mut w = Vec::new();
        for i in 0..100u32 {
            v.push(i * 2);
            w.push(i * 2);
        }
        assert_eq!(v.len(), 100);
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), w);
        for x in [0, 1, 63, 64, 65, 198, 199, 500] {
            assert_eq!(v.partition_point(|&e| e < x), w.partition_point(|&e| e < x));
        }
        v.insert(40, 79);
        w.insert(40, 79);
        v.retain(|e| e % 3 != 0);
        w.retain(|e| e % 3 != 0);
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), w);
        while let Some(x) = v.pop() {
            assert_eq!(Some(x), w.pop());
            assert_eq!(v.len(), w.len());
            assert_eq!(v.last(), w.last());
        }
        assert!(v.is_empty() && v.chunks.is_empty());
        assert_eq!(v.partition_point(|_| true), 0);
    }

    #[test]
    fn a_clone_shares_until_written() {
        let mut a: CowVec<u64> = (0..100).collect();
        let b = a.clone();
        assert!(a
            .chunks
            .iter()
            .zip(&b.chunks)
            .all(|(x, y)| Arc::ptr_eq(x, y)));
        a[70] = 7;
        assert_eq!((a[70], b[70]), (7, 70));
        let shared = a.chunks.iter().zip(&b.chunks);
        let copied: Vec<usize> = shared
            .enumerate()
            .filter(|(_, (x, y))| !Arc::ptr_eq(x, y))
            .map(|(k, _)| k)
            .collect();
        assert_eq!(copied, vec![70 >> SHIFT]);
        a.push(100);
        assert_eq!((a.len(), b.len(), b.last()), (101, 100, Some(&99)));
    }
}
