//! A set of instruction sites (function, instruction index) with a membership test cheap
//! enough to run at every executed instruction: one bit per instruction of the functions that
//! have members.

use super::FuncId;

#[derive(Debug, Clone, Default)]
pub struct PcSet {
    /// Per function index: a bit per instruction index (empty: no member).
    bits: Vec<Vec<u64>>,
}

impl PcSet {
    pub fn insert(&mut self, f: FuncId, pc: u32) {
        let fi = f.0 as usize;
        if self.bits.len() <= fi {
            self.bits.resize(fi + 1, Vec::new());
        }
        let w = pc as usize / 64;
        let v = &mut self.bits[fi];
        if v.len() <= w {
            v.resize(w + 1, 0);
        }
        v[w] |= 1 << (pc % 64);
    }

    /// Adds every member of `other`.
    pub fn union_with(&mut self, other: &PcSet) {
        if self.bits.len() < other.bits.len() {
            self.bits.resize(other.bits.len(), Vec::new());
        }
        for (v, o) in self.bits.iter_mut().zip(&other.bits) {
            if v.len() < o.len() {
                v.resize(o.len(), 0);
            }
            for (w, x) in v.iter_mut().zip(o) {
                *w |= x;
            }
        }
    }

    #[inline]
    pub fn contains(&self, f: FuncId, pc: u32) -> bool {
        self.bits
            .get(f.0 as usize)
            .and_then(|v| v.get(pc as usize / 64))
            .is_some_and(|w| w & (1 << (pc % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_only() {
        let mut s = PcSet::default();
        s.insert(FuncId(3), 130);
        s.insert(FuncId(0), 0);
        assert!(s.contains(FuncId(3), 130) && s.contains(FuncId(0), 0));
        for (f, pc) in [
            (3, 129),
            (3, 131),
            (3, 2),
            (0, 1),
            (1, 0),
            (9, 130),
            (0, 640),
        ] {
            assert!(!s.contains(FuncId(f), pc), "{f} {pc}");
        }
    }
}
