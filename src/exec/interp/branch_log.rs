//! The branch decisions of a path, one bit each (`--write-paths`, `--write-sym-paths`: KLEE's
//! `.path` / `.sym.path` files). Kept only when asked for. Full blocks of bits are frozen into
//! shared segments, so a fork copies at most one block (as KLEE's tree stream shares the
//! prefix of the paths it forked).

use std::sync::Arc;

/// Bits per frozen segment (and at most in the tail a fork copies).
const SEG_BITS: u64 = 4096;
const SEG_WORDS: usize = (SEG_BITS / 64) as usize;

struct Segment {
    prev: Option<Arc<Segment>>,
    words: Box<[u64]>,
}

impl Drop for Segment {
    // A long chain is freed in a loop (a recursive drop could exhaust the stack).
    fn drop(&mut self) {
        let mut p = self.prev.take();
        while let Some(a) = p {
            match Arc::try_unwrap(a) {
                Ok(mut s) => p = s.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[derive(Clone, Default)]
pub(in crate::exec) struct BranchLog {
    frozen: Option<Arc<Segment>>,
    /// The bits after the frozen segments.
    tail: Vec<u64>,
    len: u64,
}

impl BranchLog {
    pub(in crate::exec) fn push(&mut self, bit: bool) {
        let i = self.len % SEG_BITS;
        if i == 0 && self.len > 0 {
            let words = std::mem::replace(&mut self.tail, Vec::with_capacity(SEG_WORDS));
            self.frozen = Some(Arc::new(Segment {
                prev: self.frozen.take(),
                words: words.into_boxed_slice(),
            }));
        }
        if i.is_multiple_of(64) {
            self.tail.push(0);
        }
        if bit {
            *self.tail.last_mut().unwrap() |= 1 << (i % 64);
        }
        self.len += 1;
    }

    /// The number of decisions.
    pub(in crate::exec) fn len(&self) -> u64 {
        self.len
    }

    /// The decisions, oldest first.
    pub(in crate::exec) fn bits(&self) -> Vec<bool> {
        let mut segs = Vec::new();
        let mut s = self.frozen.as_deref();
        while let Some(seg) = s {
            segs.push(seg);
            s = seg.prev.as_deref();
        }
        let mut out = Vec::with_capacity(self.len as usize);
        let word_bits = |out: &mut Vec<bool>, words: &[u64], n: u64| {
            for i in 0..n {
                out.push(words[(i / 64) as usize] >> (i % 64) & 1 == 1);
            }
        };
        for seg in segs.iter().rev() {
            word_bits(&mut out, &seg.words, SEG_BITS);
        }
        let in_tail = self.len - SEG_BITS * segs.len() as u64;
        word_bits(&mut out, &self.tail, in_tail);
        out
    }
}

/// A path's fork decisions from the start of the run, with several workers or a memory cap
/// (`exec/parallel.rs`): at each fork the copy records `true`, the forking path `false`. A path
/// handed to another worker travels as these bits, replayed there from the start; the hash of
/// the fork sites along them tells whether the replay forked where the original did.
#[derive(Clone, Default)]
pub(in crate::exec) struct Trail {
    pub(in crate::exec) log: BranchLog,
    pub(in crate::exec) sites: u64,
}

impl Trail {
    /// A fork at `site` (function and instruction): this path's decision.
    pub(in crate::exec) fn push(&mut self, bit: bool, site: (u32, u32)) {
        self.log.push(bit);
        self.sites = mix(self.sites, site, bit);
    }
}

/// The site hash after one more decision (FNV-1a style over the words; equal sequences of
/// sites and decisions give equal hashes in every worker).
fn mix(h: u64, (f, pc): (u32, u32), bit: bool) -> u64 {
    let mut h = h ^ 0xcbf2_9ce4_8422_2325;
    for w in [u64::from(f), u64::from(pc), u64::from(bit)] {
        h = (h ^ w).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forks_share_the_prefix_and_diverge() {
        let mut a = BranchLog::default();
        let mut want = Vec::new();
        for i in 0..10_000u64 {
            let b = i % 3 == 0 || i % 7 == 0;
            a.push(b);
            want.push(b);
        }
        assert_eq!(a.bits(), want);
        let mut b = a.clone();
        a.push(true);
        b.push(false);
        for i in 0..5000u64 {
            b.push(i % 2 == 0);
        }
        let mut wa = want.clone();
        wa.push(true);
        assert_eq!(a.bits(), wa);
        let mut wb = want;
        wb.push(false);
        wb.extend((0..5000u64).map(|i| i % 2 == 0));
        assert_eq!(b.bits(), wb);
        assert_eq!(BranchLog::default().bits(), Vec::<bool>::new());
        // A fork copies at most one segment's worth of words.
        assert!(b.tail.len() <= SEG_WORDS);
    }

    #[test]
    fn trails_tell_sites_and_decisions_apart() {
        let mut a = Trail::default();
        a.push(false, (1, 2));
        let mut b = a.clone();
        let mut c = a.clone();
        a.push(true, (1, 7));
        b.push(false, (1, 7));
        c.push(true, (2, 7));
        assert_eq!(a.log.bits(), vec![false, true]);
        assert_eq!(a.log.len(), 2);
        assert_ne!(a.sites, b.sites);
        assert_ne!(a.sites, c.sites);
        let mut d = Trail::default();
        d.push(false, (1, 2));
        d.push(true, (1, 7));
        assert_eq!(a.sites, d.sites);
    }

    #[test]
    fn a_path_still_replaying_is_handed_on_as_the_whole_prefix() {
        use crate::exec::parallel::Prefix;
        let long = Prefix {
            bits: vec![false, true, true],
            sites: 7,
            covered_new: true,
        };
        let mut t = Trail::default();
        t.push(true, (1, 2));
        let mut path = super::super::PathState {
            trail: Some(Box::new(t)),
            prefix: Some(std::sync::Arc::new(long.clone())),
            ..Default::default()
        };
        // Its one decision so far would lead to paths that are not its own.
        assert_eq!(Prefix::of(&path, false).bits, long.bits);
        let t = path.trail.as_mut().unwrap();
        t.push(true, (1, 3));
        t.push(true, (1, 4));
        t.push(false, (1, 5));
        let sites = t.sites;
        let p = Prefix::of(&path, false);
        assert_eq!((p.bits, p.sites), (vec![true, true, true, false], sites));
        assert!(!p.covered_new);
    }

    #[test]
    fn a_long_chain_drops() {
        let mut a = BranchLog::default();
        for _ in 0..(SEG_BITS * 3000) {
            a.push(true);
        }
        assert_eq!(a.bits().len() as u64, SEG_BITS * 3000);
        drop(a);
    }
}
