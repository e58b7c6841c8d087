//! Range conjuncts: a conjunct that bounds one term (`-N <= T + c`, `T + c <= N`, `T == k`,
//! their negations; signed or unsigned) is the set of values of `T` in a *ring interval*
//! (an interval of w-bit values that may wrap around), and the conjuncts bounding the same
//! term are intersected into one.
//!
//! Why: the weakest precondition of a sum checked at the end of N decisions (paper 003,
//! Fig. 4) is, at level i, the conjunction of `-N <= S + c <= N` for every offset `c` the
//! remaining decisions can add: N - i pairs over the same sum `S`, which the paper's
//! interpolant states as one range `-N + i <= S <= N - i`. Intersecting the ranges keeps the
//! interpolant at a constant number of conjuncts (and its checks cheap) whatever N is. The
//! intersection is exact (same set of values), so the interpolant stays equivalent; two
//! ranges whose intersection is two pieces are left as they are.

use hashbrown::HashMap;

use crate::expr::{mask, BinOp, CmpOp, Expr, ExprId, ExprPool};

/// The values `lo, lo + 1, ..., lo + span` (mod 2^w) of a w-bit term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ring {
    pub lo: u128,
    pub span: u128,
}

/// Widest term handled (sums of spans stay within u128).
const MAX_W: u32 = 64;

fn full(w: u32) -> u128 {
    mask(w, u128::MAX)
}

impl Ring {
    /// The values not in `self` (`None` for the whole ring: no value left).
    fn complement(self, w: u32) -> Option<Ring> {
        (self.span != full(w)).then(|| Ring {
            lo: mask(w, self.lo + self.span + 1),
            span: full(w) - self.span - 1,
        })
    }

    /// The values of both, when they form one interval: `Some(None)` when none is left,
    /// `None` when the intersection is two pieces.
    fn intersect(self, o: Ring, w: u32) -> Option<Option<Ring>> {
        let m1 = full(w);
        if self.span == m1 {
            return Some(Some(o));
        }
        if o.span == m1 {
            return Some(Some(self));
        }
        // `o` seen from `self.lo`: [s, e], e may pass the end of the ring (wrap).
        let s = mask(w, o.lo.wrapping_sub(self.lo));
        let e = s + o.span;
        let ring = m1 + 1;
        let first = (s <= self.span).then(|| (s, e.min(self.span)));
        let wrapped = (e >= ring).then(|| (0, (e - ring).min(self.span)));
        let piece = match (first, wrapped) {
            (Some(_), Some(_)) => return None,
            (Some(p), None) | (None, Some(p)) => p,
            (None, None) => return Some(None),
        };
        Some(Some(Ring {
            lo: mask(w, self.lo + piece.0),
            span: piece.1 - piece.0,
        }))
    }
}

/// `(T, d)` for `d + T`, `(x, 0)` otherwise.
fn offset_of(pool: &ExprPool, x: ExprId) -> (ExprId, u128) {
    if let Expr::Bin {
        op: BinOp::Add,
        a,
        b,
    } = *pool.get(x)
    {
        if let Some(d) = pool.as_const(a) {
            return (b, d);
        }
    }
    (x, 0)
}

/// The term a conjunct bounds and the values it allows, when it is a comparison of a term
/// (plus a constant) with a constant, or the negation of one.
pub fn range_of(pool: &ExprPool, c: ExprId) -> Option<(ExprId, Ring)> {
    match *pool.get(c) {
        Expr::Not { e } if pool.width(c) == 1 => {
            let (t, r) = range_of(pool, e)?;
            let w = pool.width(t);
            Some((t, r.complement(w)?))
        }
        Expr::Cmp { op, a, b } => {
            let w = pool.width(a);
            if !(2..=MAX_W).contains(&w) {
                return None;
            }
            let (k, x, const_left) = match (pool.as_const(a), pool.as_const(b)) {
                (Some(k), None) => (k, b, true),
                (None, Some(k)) => (k, a, false),
                _ => return None,
            };
            let umax = full(w);
            let smin = 1u128 << (w - 1);
            let smax = smin - 1;
            // The values of `x` allowed, as [lo, hi].
            let (lo, hi) = match (op, const_left) {
                (CmpOp::Eq, _) => (k, k),
                (CmpOp::Ule, true) => (k, umax),
                (CmpOp::Ule, false) => (0, k),
                (CmpOp::Ult, true) if k != umax => (k + 1, umax),
                (CmpOp::Ult, false) if k != 0 => (0, k - 1),
                (CmpOp::Sle, true) => (k, smax),
                (CmpOp::Sle, false) => (smin, k),
                (CmpOp::Slt, true) if k != smax => (mask(w, k + 1), smax),
                (CmpOp::Slt, false) if k != smin => (smin, mask(w, k.wrapping_sub(1))),
                _ => return None,
            };
            let (t, d) = offset_of(pool, x);
            Some((
                t,
                Ring {
                    lo: mask(w, lo.wrapping_sub(d)),
                    span: mask(w, hi.wrapping_sub(lo)),
                },
            ))
        }
        _ => None,
    }
}

/// The conjunct `t` in `r`: `t == lo`, or `t - lo <=u span` (true for the whole ring).
pub fn range_expr(pool: &mut ExprPool, t: ExprId, r: Ring) -> ExprId {
    let w = pool.width(t);
    if r.span == full(w) {
        return pool.true_expr();
    }
    let lo = pool.constant(w, r.lo);
    if r.span == 0 {
        return pool.eq(lo, t);
    }
    let minus = pool.constant(w, mask(w, r.lo.wrapping_neg()));
    let x = pool.add(minus, t);
    let s = pool.constant(w, r.span);
    pool.ule(x, s)
}

/// `cs` with the conjuncts bounding the same term intersected into one (at the place of the
/// first of them); `[false]` when some term has no value left. Equivalent to `cs`.
pub fn merge(pool: &mut ExprPool, cs: &[ExprId]) -> Vec<ExprId> {
    // Per term: its range so far and the slot of its conjunct in `out`.
    let mut by_term: HashMap<ExprId, (Ring, usize, bool)> = HashMap::new();
    let mut out: Vec<Option<ExprId>> = Vec::with_capacity(cs.len());
    for &c in cs {
        let Some((t, r)) = range_of(pool, c) else {
            out.push(Some(c));
            continue;
        };
        let w = pool.width(t);
        match by_term.get_mut(&t) {
            None => {
                by_term.insert(t, (r, out.len(), false));
                out.push(Some(c));
            }
            Some((acc, _, changed)) => match acc.intersect(r, w) {
                Some(Some(x)) => {
                    *acc = x;
                    *changed = true;
                }
                Some(None) => return vec![pool.false_expr()],
                // Two pieces: this one stays a conjunct of its own.
                None => out.push(Some(c)),
            },
        }
    }
    for (t, (r, slot, changed)) in by_term {
        if changed {
            let e = range_expr(pool, t, r);
            out[slot] = (pool.as_const(e) != Some(1)).then_some(e);
        }
    }
    out.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{eval, Array, Assignment};

    fn var(pool: &mut ExprPool, name: &str, w: u32) -> ExprId {
        let a = pool.new_array(Array {
            name: name.into(),
            size: (w / 8) as u64,
            domain: 32,
            init: None,
        });
        let z = pool.constant(32, 0);
        pool.read_bytes_le(a, None, z, w / 8)
    }

    /// Every value of an 8-bit term: the merged conjunction holds exactly where the original
    /// one does.
    fn same_on_all_bytes(pool: &mut ExprPool, t: ExprId, cs: &[ExprId]) {
        let merged = merge(pool, cs);
        let conj = |pool: &mut ExprPool, v: &[ExprId]| {
            let mut f = pool.true_expr();
            for &c in v {
                f = pool.bool_and(f, c);
            }
            f
        };
        let a = conj(pool, cs);
        let b = conj(pool, &merged);
        let arr = match *pool.get(t) {
            Expr::Read { array, .. } => array,
            _ => unreachable!(),
        };
        for x in 0..=255u8 {
            let mut asg = Assignment::default();
            asg.values.insert(arr, vec![x]);
            assert_eq!(eval(pool, a, &asg), eval(pool, b, &asg), "x = {x}");
        }
    }

    #[test]
    fn sums_plus_offsets_become_one_range() {
        let mut pool = ExprPool::new();
        let t = var(&mut pool, "s", 8);
        // -10 <= t + c <= 10 for c = -4, -2, 0, 2, 4: t in [-6, 6].
        let mut cs = Vec::new();
        for c in [-4i128, -2, 0, 2, 4] {
            let k = pool.constant(8, mask(8, c as u128));
            let x = pool.add(k, t);
            let lo = pool.constant(8, mask(8, -10i128 as u128));
            let hi = pool.constant(8, 10);
            cs.push(pool.sle(lo, x));
            cs.push(pool.sle(x, hi));
        }
        let m = merge(&mut pool, &cs);
        assert_eq!(m.len(), 1);
        assert_eq!(
            range_of(&pool, m[0]),
            Some((
                t,
                Ring {
                    lo: mask(8, -6i128 as u128),
                    span: 12
                }
            ))
        );
        same_on_all_bytes(&mut pool, t, &cs);
    }

    #[test]
    fn every_pair_of_comparisons_merges_exactly() {
        let mut pool = ExprPool::new();
        let t = var(&mut pool, "t", 8);
        let mut atoms = Vec::new();
        for k in [0u128, 1, 5, 100, 127, 128, 200, 254, 255] {
            for d in [0u128, 3, 128, 250] {
                let kc = pool.constant(8, k);
                let dc = pool.constant(8, d);
                let x = pool.add(dc, t);
                for e in [
                    pool.ult(kc, x),
                    pool.ule(x, kc),
                    pool.slt(x, kc),
                    pool.sle(kc, x),
                    pool.eq(kc, x),
                ] {
                    atoms.push(e);
                    let n = pool.bool_not(e);
                    atoms.push(n);
                }
            }
        }
        // Pairs of a sample (all pairs would be slow): wrapping, empty, nested, disjoint.
        for (i, &a) in atoms.iter().enumerate().step_by(7) {
            for &b in atoms.iter().skip(i % 5).step_by(11) {
                same_on_all_bytes(&mut pool, t, &[a, b]);
            }
        }
    }

    #[test]
    fn two_pieces_and_other_terms_stay() {
        let mut pool = ExprPool::new();
        let t = var(&mut pool, "t", 8);
        let u = var(&mut pool, "u", 8);
        // t != 5 and t != 9: two pieces, nothing merged; u untouched.
        let k5 = pool.constant(8, 5);
        let k9 = pool.constant(8, 9);
        let a = pool.ne(k5, t);
        let b = pool.ne(k9, t);
        let c = pool.ult(u, k9);
        let m = merge(&mut pool, &[a, b, c]);
        assert_eq!(m, vec![a, b, c]);
        // t < 5 and t > 9 (unsigned): nothing left.
        let lt = pool.ult(t, k5);
        let gt = pool.ult(k9, t);
        assert_eq!(merge(&mut pool, &[lt, gt]), vec![pool.false_expr()]);
    }
}
