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

/// No location byte (an empty span).
const NO_SPAN: (u64, u64) = (u64::MAX, 0);

/// The memoized signatures of the expressions and update nodes of one pool, and their
/// *spans*: the least and greatest location byte they read, as `array << 32 | index`.
#[derive(Default)]
pub struct ArrayMasks {
    exprs: Vec<u64>,
    updates: Vec<u64>,
    expr_spans: Vec<(u64, u64)>,
    update_spans: Vec<(u64, u64)>,
    /// Walk marks: `seen[e] == stamp` when the current walk visited `e` (a vector, not a
    /// hash set: sizes are asked of every interpolant, thousands of nodes each).
    seen: Vec<u32>,
    stamp: u32,
}

/// The key of byte `index` of location array `a` (spans and `Touched` ranges).
pub fn byte_key(a: ArrayId, index: u64) -> u64 {
    (a.0 as u64) << 32 | index.min(u32::MAX as u64)
}

/// All the keys of location array `a`.
pub fn array_keys(a: ArrayId) -> (u64, u64) {
    (byte_key(a, 0), byte_key(a, u32::MAX as u64))
}

/// Location bytes a map changes, as sorted key ranges: an expression whose span meets none
/// is left as it is (a sum of N array elements, of which a segment writes one).
#[derive(Default)]
pub struct Touched(Vec<(u64, u64)>);

impl Touched {
    pub fn add(&mut self, r: (u64, u64)) {
        self.0.push(r);
    }

    pub fn extend(&mut self, r: Option<(u64, u64)>) {
        self.0.extend(r);
    }

    /// Sorts and joins the ranges (after the last `add`).
    pub fn seal(&mut self) {
        self.0.sort_unstable();
        let mut out: Vec<(u64, u64)> = Vec::with_capacity(self.0.len());
        for &(a, b) in &self.0 {
            match out.last_mut() {
                Some(l) if a <= l.1.saturating_add(1) => l.1 = l.1.max(b),
                _ => out.push((a, b)),
            }
        }
        self.0 = out;
    }

    /// Whether a (sealed) range meets `[lo, hi]`.
    pub fn meets(&self, (lo, hi): (u64, u64)) -> bool {
        if lo > hi {
            return false;
        }
        let i = self.0.partition_point(|r| r.1 < lo);
        self.0.get(i).is_some_and(|r| r.0 <= hi)
    }
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

    fn known_span(&self, n: Node) -> (u64, u64) {
        let v = match n {
            Node::E(e) => self.expr_spans.get(e.0 as usize),
            Node::U(u) => self.update_spans.get(u.0 as usize),
        };
        v.copied().unwrap_or((0, u64::MAX))
    }

    fn store(&mut self, n: Node, m: u64, span: (u64, u64)) {
        let (v, sp, i) = match n {
            Node::E(ExprId(i)) => (&mut self.exprs, &mut self.expr_spans, i),
            Node::U(UpdateId(i)) => (&mut self.updates, &mut self.update_spans, i),
        };
        let i = i as usize;
        if v.len() <= i {
            v.resize(i + 1, 0);
            sp.resize(i + 1, NO_SPAN);
        }
        v[i] = m | DONE;
        sp[i] = span;
    }

    /// The span of `e`: the least and greatest location byte it reads (`lo > hi`: none).
    pub fn span(&mut self, pool: &ExprPool, locs: &LocArrays, e: ExprId) -> (u64, u64) {
        self.of(pool, locs, e);
        self.known_span(Node::E(e))
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
            let mut span = kids.iter().fold(NO_SPAN, |s, &k| {
                let t = self.known_span(k);
                (s.0.min(t.0), s.1.max(t.1))
            });
            if let Node::E(x) = n {
                if let Expr::Read { array, index, .. } = *pool.get(x) {
                    m |= array_bit(locs, array);
                    if locs.loc(array).is_some() {
                        let t = match pool.as_const(index) {
                            Some(i) => {
                                let k = byte_key(array, i.min(u32::MAX as u128) as u64);
                                (k, k)
                            }
                            None => array_keys(array),
                        };
                        span = (span.0.min(t.0), span.1.max(t.1));
                    }
                }
            }
            self.store(n, m, span);
        }
        self.known(Node::E(e)).unwrap_or(0)
    }

    /// Number of distinct nodes of `e` (reads counted as leaves) and of distinct reads of
    /// location arrays among them.
    pub fn dag_size_reads(
        &mut self,
        pool: &ExprPool,
        locs: &LocArrays,
        e: ExprId,
    ) -> (usize, usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
        let (mut n, mut reads) = (0, 0);
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            let i = x.0 as usize;
            if self.seen.len() <= i {
                self.seen.resize(i + 1, 0);
            }
            if self.seen[i] == self.stamp {
                continue;
            }
            self.seen[i] = self.stamp;
            n += 1;
            match *pool.get(x) {
                Expr::Const { .. } => {}
                Expr::Read { array, .. } => {
                    if locs.loc(array).is_some() {
                        reads += 1;
                    }
                }
                Expr::Select { cond, t, f } => stack.extend([cond, t, f]),
                Expr::Concat { hi: a, lo: b } | Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => {
                    stack.extend([a, b])
                }
                Expr::Extract { e, .. }
                | Expr::ZExt { e, .. }
                | Expr::SExt { e, .. }
                | Expr::Not { e } => stack.push(e),
            }
        }
        (n, reads)
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
        // Spans: r1 and r2 are whole arrays; a Touched range over r1 meets the sum.
        let (a2, sp) = (
            locs.existing(Loc::Reg(2)).unwrap(),
            m.span(&pool, &locs, sum),
        );
        assert_eq!(sp.0, byte_key(a1.min(a2), 0));
        assert_eq!(sp.1, byte_key(a1.max(a2), 3));
        let mut t = Touched::default();
        t.add(array_keys(a1));
        t.seal();
        assert!(t.meets(sp));
        assert!(!t.meets(m.span(&pool, &locs, g)), "no location in g");
        let mut t2 = Touched::default();
        t2.add((byte_key(a1, 4), byte_key(a1, 9)));
        t2.add((byte_key(a1, 10), byte_key(a1, 12)));
        t2.seal();
        assert!(!t2.meets(m.span(&pool, &locs, r1)), "bytes 0..3 only");
        // Sizes: the sum of two 4-byte words is 2 x (4 reads + 3 concats) + 1.
        assert_eq!(m.dag_size_reads(&pool, &locs, sum), (15, 8));
        assert_eq!(
            m.dag_size_reads(&pool, &locs, g).0,
            super::super::dag_size(&pool, g)
        );
        assert_eq!(
            m.dag_size_reads(&pool, &locs, sum).0,
            super::super::dag_size(&pool, sum)
        );
        // A deep chain does not recurse.
        let mut acc = r1;
        for _ in 0..100_000 {
            acc = pool.mul(acc, r2);
        }
        assert_eq!(m.of(&pool, &locs, acc), ms);
    }
}
