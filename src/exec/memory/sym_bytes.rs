//! An object's symbolic overlay: the 8-bit expression of each symbolic byte, in chunks of
//! [`CHUNK`] bytes shared copy-on-write. A program that reads 8 symbolic bytes into a 128 KiB
//! buffer (cat, wc) materializes one chunk, not 128 Ki entries, and a path that then writes
//! one byte copies that chunk and the chunk table only: kept per byte, the overlay cost 1 MiB
//! per object per diverged path. A chunk holds entries only up to its last symbolic byte so far
//! (in powers of two, 8 at least): the overlay of a 4-byte local was a whole 1 KiB chunk,
//! copied by every path that wrote it (12 % of the heap at coreutils cat's peak, heaptrack).

use crate::expr::ExprId;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Bytes per chunk.
pub const CHUNK: usize = 256;

/// A chunk's entries: an expression's number, or `CONCRETE` (4 bytes an entry: the chunks
/// were a tenth of the heap at the peak of coreutils cat with 8-byte `Option<ExprId>`s); the
/// bytes past its length are concrete.
type Chunk = Vec<u32>;

/// The length a chunk grows to to hold entry `j`.
fn grown(j: usize) -> usize {
    (j + 1).next_power_of_two().clamp(8, CHUNK)
}

/// The entry of a concrete byte (no pool holds 2^32 - 1 expressions).
const CONCRETE: u32 = u32::MAX;

#[inline(always)]
fn decode(x: u32) -> Option<ExprId> {
    (x != CONCRETE).then_some(ExprId(x))
}

#[inline(always)]
fn encode(e: Option<ExprId>) -> u32 {
    e.map_or(CONCRETE, |e| {
        debug_assert_ne!(e.0, CONCRETE);
        e.0
    })
}

#[derive(Clone, Debug, Default)]
pub struct SymBytes {
    /// `None`: every byte of that chunk is concrete.
    chunks: Vec<Option<Arc<Chunk>>>,
}

impl SymBytes {
    /// An overlay of `size` concrete bytes.
    pub fn new(size: usize) -> SymBytes {
        SymBytes {
            chunks: vec![None; size.div_ceil(CHUNK)],
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<ExprId> {
        self.chunks[i / CHUNK]
            .as_ref()
            .and_then(|c| c.get(i % CHUNK).copied().and_then(decode))
    }

    #[inline]
    pub fn set(&mut self, i: usize, e: Option<ExprId>) {
        let (slot, j) = (&mut self.chunks[i / CHUNK], i % CHUNK);
        match slot {
            Some(c) if j < c.len() => Arc::make_mut(c)[j] = encode(e),
            _ if e.is_none() => {}
            Some(c) => {
                let c = Arc::make_mut(c);
                c.resize(grown(j), CONCRETE);
                c[j] = encode(e);
            }
            None => {
                let mut c = vec![CONCRETE; grown(j)];
                c[j] = encode(e);
                *slot = Some(Arc::new(c));
            }
        }
    }

    /// Some byte of `lo..hi` is symbolic.
    pub fn any(&self, lo: usize, hi: usize) -> bool {
        let mut i = lo;
        while i < hi {
            let end = ((i / CHUNK + 1) * CHUNK).min(hi);
            if let Some(c) = &self.chunks[i / CHUNK] {
                let a = (i % CHUNK).min(c.len());
                let b = (i % CHUNK + (end - i)).min(c.len());
                if c[a..b].iter().any(|&b| b != CONCRETE) {
                    return true;
                }
            }
            i = end;
        }
        false
    }

    /// The entries of `lo..hi`.
    pub fn to_vec(&self, lo: usize, hi: usize) -> Vec<Option<ExprId>> {
        (lo..hi).map(|i| self.get(i)).collect()
    }

    /// Makes `lo..hi` concrete.
    pub fn clear(&mut self, lo: usize, hi: usize) {
        for i in lo..hi {
            if self.chunks[i / CHUNK].is_some() {
                self.set(i, None);
            }
        }
    }

    /// Holds `size` bytes: the new ones concrete, those cut off forgotten (the caller makes
    /// them concrete first: a chunk cut in part keeps its entries past `size`).
    pub fn resize(&mut self, size: usize) {
        self.chunks.resize(size.div_ceil(CHUNK), None);
    }

    /// Every byte is concrete.
    pub fn is_concrete(&self) -> bool {
        self.chunks
            .iter()
            .flatten()
            .all(|c| c.iter().all(|&b| b == CONCRETE))
    }

    /// The symbolic bytes: (offset, expression).
    pub fn symbolic(&self) -> impl Iterator<Item = (usize, ExprId)> + '_ {
        self.chunks.iter().enumerate().flat_map(|(k, c)| {
            c.iter()
                .flat_map(move |c| c.iter().enumerate())
                .filter_map(move |(j, &b)| decode(b).map(|e| (k * CHUNK + j, e)))
        })
    }
}

impl FromIterator<Option<ExprId>> for SymBytes {
    fn from_iter<I: IntoIterator<Item = Option<ExprId>>>(it: I) -> SymBytes {
        let mut s = SymBytes::default();
        for (i, e) in it.into_iter().enumerate() {
            if i % CHUNK == 0 {
                s.chunks.push(None);
            }
            s.set(i, e);
        }
        s
    }
}

impl From<Vec<Option<ExprId>>> for SymBytes {
    fn from(v: Vec<Option<ExprId>>) -> SymBytes {
        v.into_iter().collect()
    }
}

/// Equal contents are equal, however the chunks were materialized.
impl PartialEq for SymBytes {
    fn eq(&self, o: &SymBytes) -> bool {
        self.chunks.len() == o.chunks.len() && self.symbolic().eq(o.symbolic())
    }
}

impl Eq for SymBytes {}

impl Hash for SymBytes {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.chunks.len().hash(h);
        for b in self.symbolic() {
            b.hash(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_materialize_only_where_symbolic() {
        let mut s = SymBytes::new(128 * 1024);
        assert!(s.is_concrete());
        s.set(1000, Some(ExprId(7)));
        assert_eq!(s.chunks.iter().flatten().count(), 1);
        assert_eq!(s.get(1000), Some(ExprId(7)));
        assert_eq!(s.get(999), None);
        assert!(s.any(990, 1001) && !s.any(0, 1000) && !s.any(1001, 128 * 1024));
        assert_eq!(s.symbolic().collect::<Vec<_>>(), vec![(1000, ExprId(7))]);
        s.clear(0, 2000);
        assert!(s.is_concrete());
        // Cleared but materialized: equal (and hashed equal) to never written.
        assert_eq!(s, SymBytes::new(128 * 1024));
    }

    #[test]
    fn a_copy_shares_chunks_until_written() {
        let mut a: SymBytes = (0..600).map(|i| Some(ExprId(i))).collect();
        let b = a.clone();
        a.set(5, None);
        assert_eq!(b.get(5), Some(ExprId(5)));
        assert_eq!(a.get(5), None);
        assert!(Arc::ptr_eq(
            a.chunks[1].as_ref().unwrap(),
            b.chunks[1].as_ref().unwrap()
        ));
        assert_eq!(a.to_vec(4, 7), vec![Some(ExprId(4)), None, Some(ExprId(6))]);
    }

    /// A chunk holds entries up to its last symbolic byte; the bytes past it are concrete
    /// to every reader, and a write past it grows it.
    #[test]
    fn a_chunk_holds_entries_up_to_its_last_symbolic_byte() {
        let mut s = SymBytes::new(4);
        s.set(1, Some(ExprId(3)));
        assert_eq!(s.chunks[0].as_ref().unwrap().len(), 8);
        let mut big = SymBytes::new(1000);
        big.set(300, Some(ExprId(9)));
        assert_eq!(big.chunks[1].as_ref().unwrap().len(), 64);
        let before = big.clone();
        big.set(500, Some(ExprId(4)));
        assert_eq!(big.chunks[1].as_ref().unwrap().len(), CHUNK);
        assert_eq!(before.get(500), None);
        assert!(!before.any(310, 1000) && before.any(250, 1000));
        assert_eq!(
            big.symbolic().collect::<Vec<_>>(),
            vec![(300, ExprId(9)), (500, ExprId(4))]
        );
        big.clear(0, 1000);
        assert_eq!(big, SymBytes::new(1000));
        // Past a short chunk: concrete, and clearing there leaves it as it is.
        assert_eq!(s.get(3), None);
        s.clear(2, 4);
        assert_eq!(s.to_vec(0, 4), vec![None, Some(ExprId(3)), None, None]);
    }
}
