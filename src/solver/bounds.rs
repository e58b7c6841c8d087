//! Layer: redundant bounds. A constraint comparing a term with a constant (`c <= e`,
//! `!(e < c)`, signed or unsigned) is a bound on that term; of several bounds of the same kind
//! on the same term only the tightest is passed down (the others follow from it, so the set
//! stays equivalent: same models, and a core of the kept ones is a core). A loop `i <= n` over
//! a symbolic `n` leaves one bound per iteration in the path condition: without this layer
//! each query of the next iteration hands them all to Z3.

use hashbrown::HashMap;

use super::{solve_kept, Answer, Layer, Req, SolverStats};
use crate::expr::{CmpOp, Expr, ExprId, ExprPool};

pub(crate) struct Bounds {
    inner: Box<dyn Layer>,
}

impl Bounds {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        Bounds { inner }
    }
}

/// A bound `e >= v` (`lower`) or `e <= v`, `v` in the order of `signed` (signed values
/// have their sign bit flipped so that both orders compare as unsigned numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bound {
    term: ExprId,
    signed: bool,
    lower: bool,
    v: u128,
}

/// The bound constraint `c` states, if it is one.
fn bound_of(pool: &ExprPool, c: ExprId) -> Option<Bound> {
    let (c, neg) = match *pool.get(c) {
        Expr::Not { e } => (e, true),
        _ => (c, false),
    };
    let Expr::Cmp { op, a, b } = *pool.get(c) else {
        return None;
    };
    let (signed, strict) = match op {
        CmpOp::Ult => (false, true),
        CmpOp::Ule => (false, false),
        CmpOp::Slt => (true, true),
        CmpOp::Sle => (true, false),
        CmpOp::Eq => return None,
    };
    // `k op e` bounds `e` from below, `e op k` from above; negation flips the side and the
    // strictness: !(k <= e) is e < k.
    let (k, term, mut lower) = match (pool.as_const(a), pool.as_const(b)) {
        (Some(k), None) => (k, b, true),
        (None, Some(k)) => (k, a, false),
        _ => return None,
    };
    let mut strict = strict;
    if neg {
        lower = !lower;
        strict = !strict;
    }
    let w = pool.width(term);
    // The signed order is the unsigned one with the sign bit flipped.
    let top = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    let mut v = if signed { k ^ (1u128 << (w - 1)) } else { k };
    // Strict bounds become non-strict ones (k < e is e >= k + 1); a strict bound at the end
    // of the range is unsatisfiable: left alone (the solver sees it).
    if strict {
        if lower {
            if v == top {
                return None;
            }
            v += 1;
        } else {
            if v == 0 {
                return None;
            }
            v -= 1;
        }
    }
    Some(Bound {
        term,
        signed,
        lower,
        v,
    })
}

/// The indices of `cs` to keep: all but the bounds another kept bound implies.
fn tightest(pool: &ExprPool, cs: &[ExprId]) -> Vec<usize> {
    let bounds: Vec<Option<Bound>> = cs.iter().map(|&c| bound_of(pool, c)).collect();
    if bounds.iter().filter(|b| b.is_some()).count() < 2 {
        return (0..cs.len()).collect();
    }
    // (term, signed, lower) -> index of the tightest bound (the first among equals).
    let mut best: HashMap<(ExprId, bool, bool), usize> = HashMap::new();
    for (i, b) in bounds.iter().enumerate() {
        let Some(b) = b else { continue };
        best.entry((b.term, b.signed, b.lower))
            .and_modify(|j| {
                let o = bounds[*j].unwrap();
                let tighter = if b.lower { b.v > o.v } else { b.v < o.v };
                if tighter {
                    *j = i;
                }
            })
            .or_insert(i);
    }
    (0..cs.len())
        .filter(|&i| match bounds[i] {
            None => true,
            Some(b) => best[&(b.term, b.signed, b.lower)] == i,
        })
        .collect()
}

impl Layer for Bounds {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        let kept = tightest(pool, r.cs);
        solve_kept(self.inner.as_mut(), pool, r, &kept, r.lit, st)
    }

    fn reset(&mut self) {
        self.inner.reset()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::eval::{eval, Assignment};
    use crate::expr::Array;

    fn var(p: &mut ExprPool, w: u32) -> ExprId {
        let a = p.new_array(Array {
            name: "n".into(),
            size: 16,
            domain: 32,
            init: None,
        });
        let i = p.constant(32, 0);
        let e = p.read_bytes_le(a, None, i, w.div_ceil(8));
        p.extract(e, 0, w)
    }

    #[test]
    fn a_loop_bound_chain_keeps_the_tightest() {
        let mut p = ExprPool::new();
        let n = var(&mut p, 32);
        let mut cs = Vec::new();
        let k1000 = p.constant(32, 1000);
        cs.push(p.slt(n, k1000));
        let m1000 = p.constant(32, (-1000i32) as u32 as u128);
        cs.push(p.sle(m1000, n));
        for i in 1..=50u128 {
            let k = p.constant(32, i);
            cs.push(p.sle(k, n));
        }
        let k51 = p.constant(32, 51);
        let exit = p.sle(k51, n);
        cs.push(p.bool_not(exit));
        let kept = tightest(&p, &cs);
        let kept: Vec<ExprId> = kept.iter().map(|&i| cs[i]).collect();
        // !(51 <= n) bounds it above (tighter than n < 1000), 50 <= n below.
        assert_eq!(kept.len(), 2, "{:?}", kept);
        assert!(kept.contains(&cs[cs.len() - 1]));
        assert!(kept.contains(&cs[cs.len() - 2]));
    }

    /// Exhaustively over 6-bit terms: the kept constraints hold exactly where all do.
    #[test]
    fn kept_bounds_are_equivalent_to_all() {
        let mut p = ExprPool::new();
        let x = var(&mut p, 6);
        let mut all = Vec::new();
        for k in [0u128, 1, 2, 3, 5, 31, 32, 33, 34, 62, 63] {
            let c = p.constant(6, k);
            for op in [CmpOp::Ult, CmpOp::Ule, CmpOp::Slt, CmpOp::Sle] {
                let lo = p.cmp(op, c, x);
                let hi = p.cmp(op, x, c);
                all.extend([lo, hi]);
                let (nl, nh) = (p.bool_not(lo), p.bool_not(hi));
                all.extend([nl, nh]);
            }
        }
        all.retain(|&c| p.as_const(c).is_none());
        // All pairs, and a triple per pair.
        let n = all.len();
        let mut dropped = 0;
        for i in 0..n {
            for j in 0..n {
                for cs in [
                    vec![all[i], all[j]],
                    vec![all[i], all[j], all[(i * 7 + j * 13) % n]],
                ] {
                    let kept = tightest(&p, &cs);
                    dropped += cs.len() - kept.len();
                    for v in 0..64u8 {
                        let mut a = Assignment::new();
                        a.values.insert(crate::expr::ArrayId(0), vec![v, 0, 0, 0]);
                        let want = cs.iter().all(|&c| eval(&p, c, &a) == 1);
                        let got = kept.iter().all(|&i| eval(&p, cs[i], &a) == 1);
                        assert_eq!(want, got, "x={v} cs={cs:?} kept={kept:?}");
                    }
                }
            }
        }
        assert!(dropped > n * n / 2, "only {dropped} bounds dropped");
    }
}
