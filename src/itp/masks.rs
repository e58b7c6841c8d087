//! Array signatures: for each expression, a 64-bit over-approximation of the arrays it reads
//! (a bit per array, by its number), memoized for the whole run (expressions never change).
//!
//! Why: an interpolant over a sum of N locations is a DAG of O(N) nodes, and mapping it
//! through a segment that writes one location, or asking whether it shares a variable with
//! a guard, walked all of it at every node up the tree (quadratic in N over the run). With a
//! signature, a subexpression that reads none of the written locations is kept as it is, and
//! disjoint variable sets are told apart without a walk. Location arrays and other arrays
//! (inputs, created inside a subtree) use separate halves, and the opaque location a bit of
//! its own, so the common questions (does a formula over locations share anything with a
//! guard over an input? does it depend on an opaque value?) are answered exactly by the
//! signature alone in most cases; when two signatures intersect the caller walks.

use hashbrown::HashSet;

use super::{Loc, LocArrays};
use crate::expr::walk::Node;
use crate::expr::{ArrayId, Expr, ExprId, ExprPool, UpdateId};

/// Marks a computed entry (signatures never use it).
const DONE: u64 = 1 << 63;
/// The opaque location's own bit.
pub const OPAQUE: u64 = 1 << 31;

/// The memoized signatures of the expressions and update nodes of one pool.
#[derive(Default)]
pub struct ArrayMasks {
    exprs: Vec<u64>,
    updates: Vec<u64>,
}

/// The bit of an array: bits 0..31 for location arrays (31 for the opaque one), 32..63 for
/// the others.
pub fn array_bit(locs: &LocArrays, a: ArrayId) -> u64 {
    let h = (a.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 59; // 0..32
    match locs.loc(a) {
        Some(Loc::Opaque) => OPAQUE,
        Some(_) => 1 << (h % 31),
        None => 1 << (32 + h % 31),
    }
}

impl ArrayMasks {
    fn known(&self, n: Node) -> Option<u64> {
        let v = match n {
            Node::E(e) => self.exprs.get(e.0 as usize),
            Node::U(u) => self.updates.get(u.0 as usize),
        };
        v.filter(|&&m| m & DONE != 0).map(|&m| m & !DONE)
    }

    fn store(&mut self, n: Node, m: u64) {
        let (v, i) = match n {
            Node::E(ExprId(i)) => (&mut self.exprs, i),
            Node::U(UpdateId(i)) => (&mut self.updates, i),
        };
        let i = i as usize;
        if v.len() <= i {
            v.resize(i + 1, 0);
        }
        v[i] = m | DONE;
    }

    /// The signature of `e`: every array `e` reads has its bit set.
    pub fn of(&mut self, pool: &ExprPool, locs: &LocArrays, e: ExprId) -> u64 {
        if let Some(m) = self.known(Node::E(e)) {
            return m;
        }
        // Post-order without recursion (sums of thousands of terms are that deep).
        let mut stack = vec![(Node::E(e), false)];
        let mut kids = Vec::new();
        while let Some((n, expanded)) = stack.pop() {
            if self.known(n).is_some() {
                continue;
            }
            kids.clear();
            pool.children(n, &mut kids);
            if !expanded {
                stack.push((n, true));
                for &k in &kids {
                    if self.known(k).is_none() {
                        stack.push((k, false));
                    }
                }
                continue;
            }
            let mut m = kids
                .iter()
                .map(|&k| self.known(k).unwrap_or(0))
                .fold(0, |a, b| a | b);
            if let Node::E(x) = n {
                if let Expr::Read { array, .. } = *pool.get(x) {
                    m |= array_bit(locs, array);
                }
            }
            self.store(n, m);
        }
        self.known(Node::E(e)).unwrap_or(0)
    }

    /// Whether `a` and `b` read no array in common (exact: a walk when the signatures meet).
    pub fn disjoint(&mut self, pool: &ExprPool, locs: &LocArrays, a: ExprId, b: ExprId) -> bool {
        let (ma, mb) = (self.of(pool, locs, a), self.of(pool, locs, b));
        if ma & mb == 0 {
            return true;
        }
        let mut sa = HashSet::new();
        super::arrays_in(pool, a, &mut sa);
        !self.reads_any(pool, locs, b, &sa)
    }

    /// Whether `e` reads an array of `set` (walking only below nodes whose signature meets
    /// the set's).
    pub fn reads_any(
        &mut self,
        pool: &ExprPool,
        locs: &LocArrays,
        e: ExprId,
        set: &HashSet<ArrayId>,
    ) -> bool {
        let want = set.iter().fold(0, |m, &a| m | array_bit(locs, a));
        self.of(pool, locs, e);
        let mut seen = HashSet::new();
        let mut stack = vec![Node::E(e)];
        let mut kids = Vec::new();
        while let Some(n) = stack.pop() {
            if !seen.insert(n) || self.known(n).unwrap_or(!0) & want == 0 {
                continue;
            }
            if let Node::E(x) = n {
                if let Expr::Read { array, .. } = *pool.get(x) {
                    if set.contains(&array) {
                        return true;
                    }
                }
            }
            kids.clear();
            pool.children(n, &mut kids);
            stack.extend(kids.iter().copied());
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Array;

    #[test]
    fn signatures_cover_reads_and_tell_disjoint_sets() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let r1 = locs.value(&mut pool, Loc::Reg(1), 0, 32);
        let r2 = locs.value(&mut pool, Loc::Reg(2), 0, 32);
        let x = pool.new_array(Array {
            name: "x".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let z = pool.constant(32, 0);
        let xv = pool.read_bytes_le(x, None, z, 4);
        let sum = pool.add(r1, r2);
        let g = pool.eq(xv, z);
        let mut m = ArrayMasks::default();
        let ms = m.of(&pool, &locs, sum);
        let a1 = locs.existing(Loc::Reg(1)).unwrap();
        assert_ne!(ms & array_bit(&locs, a1), 0);
        assert_eq!(ms >> 32, 0, "locations only");
        assert!(m.disjoint(&pool, &locs, sum, g));
        let mixed = pool.add(sum, xv);
        assert!(!m.disjoint(&pool, &locs, mixed, g));
        assert!(!m.disjoint(&pool, &locs, mixed, r1));
        let mut set = HashSet::new();
        set.insert(x);
        assert!(m.reads_any(&pool, &locs, mixed, &set));
        assert!(!m.reads_any(&pool, &locs, sum, &set));
        // A deep chain does not recurse.
        let mut acc = r1;
        for _ in 0..100_000 {
            acc = pool.mul(acc, r2);
        }
        assert_eq!(m.of(&pool, &locs, acc), ms);
    }
}
