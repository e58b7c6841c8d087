//! An object's concrete contents: up to `INLINE` bytes in the object's record itself, more in a
//! buffer shared copy-on-write.
//!
//! Why: most objects a path allocates are scalars (a 4- or 8-byte local), and a shared
//! `Arc<Vec<u8>>` cost them two allocations of their own (the `Arc` with the vector's header,
//! then the buffer: 80 bytes from the allocator for 8 bytes of contents). A path that writes
//! such an object after a fork copies its record anyway (`CowTable`), so contents inline cost
//! nothing more there. At coreutils cat's 60 s point the pending paths held 19 such buffers
//! each (748,337 in all, about a seventh of what the pending paths held).

use std::ops::Deref;
use std::sync::Arc;

/// Contents of at most this many bytes live inline (the variant then fits 16 bytes).
pub const INLINE: usize = 14;

#[derive(Clone, Debug)]
pub enum Bytes {
    Inline { len: u8, data: [u8; INLINE] },
    Shared(Arc<Vec<u8>>),
}

impl Bytes {
    /// `n` zero bytes.
    pub fn zeroed(n: usize) -> Bytes {
        if n <= INLINE {
            Bytes::Inline {
                len: n as u8,
                data: [0; INLINE],
            }
        } else {
            Bytes::Shared(Arc::new(vec![0; n]))
        }
    }

    /// `n` zero bytes in place of these, reusing the buffer when no other record shares it.
    pub fn reset(&mut self, n: usize) {
        if let Bytes::Shared(a) = self {
            if n > INLINE {
                if let Some(v) = Arc::get_mut(a) {
                    v.clear();
                    v.resize(n, 0);
                    return;
                }
            }
        }
        *self = Bytes::zeroed(n);
    }

    /// The bytes, to write: the buffer copied first if another record shares it.
    #[inline]
    pub fn make_mut(&mut self) -> &mut [u8] {
        match self {
            Bytes::Inline { len, data } => &mut data[..*len as usize],
            Bytes::Shared(a) => Arc::make_mut(a).as_mut_slice(),
        }
    }

    /// Lets go of a large buffer (a freed object's contents are never read again).
    pub fn release_large(&mut self, over: usize) {
        if matches!(self, Bytes::Shared(a) if a.capacity() > over) {
            *self = Bytes::zeroed(0);
        }
    }
}

impl Deref for Bytes {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Inline { len, data } => &data[..*len as usize],
            Bytes::Shared(a) => a,
        }
    }
}

/// Equal and hashed by contents, however they are held.
impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

impl std::hash::Hash for Bytes {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_contents_are_inline_and_large_ones_shared_until_written() {
        assert_eq!(std::mem::size_of::<Bytes>(), 16);
        for n in [0, 1, 8, INLINE, INLINE + 1, 100] {
            let mut b = Bytes::zeroed(n);
            assert_eq!(&*b, &vec![0u8; n][..]);
            assert_eq!(matches!(b, Bytes::Inline { .. }), n <= INLINE);
            let c = b.clone();
            if let Some(x) = b.make_mut().last_mut() {
                *x = 7;
            }
            assert_eq!((b.len(), c.len()), (n, n));
            assert!(c.iter().all(|&x| x == 0), "the copy keeps its contents");
            assert_eq!(b.last().copied(), (n > 0).then_some(7));
        }
    }

    #[test]
    fn reset_reuses_an_unshared_buffer_and_sizes_it() {
        let mut b = Bytes::zeroed(64);
        b.make_mut().fill(1);
        let p = b.as_ptr();
        b.reset(40);
        assert_eq!((&*b, b.as_ptr()), (&[0u8; 40][..], p));
        let keep = b.clone();
        b.reset(40);
        assert_ne!(
            b.as_ptr(),
            keep.as_ptr(),
            "a shared buffer is not reset in place"
        );
        b.reset(4);
        assert!(matches!(b, Bytes::Inline { len: 4, .. }) && b.iter().all(|&x| x == 0));
        let mut big = Bytes::zeroed(5000);
        big.release_large(4096);
        assert!(big.is_empty());
    }
}
