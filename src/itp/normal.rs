//! The normal form of an interpolant's conjuncts (each step keeps the conjunction
//! equivalent):
//! - *fixed bytes*: a conjunct `byte k of location L == c` fixes that byte, and the other
//!   conjuncts are rewritten with `c` in its place (`φ ∧ x = c` is `φ[x/c] ∧ x = c`); those
//!   that fold to true are dropped. A loop counter's `i == k`, required by the loop's address
//!   arithmetic, otherwise comes back one level up as constraints on the bytes of `i + 1`,
//!   `i + 2`, ..., a conjunct more per iteration of the loop.
//! - *ranges* (`ranges::merge`): the bounds on one term intersected into one.

use hashbrown::HashMap;

use super::masks::{byte_key, ArrayMasks, Touched};
use super::{ranges, subst, Loc, LocArrays, LocMap};
use crate::expr::{ArrayId, CmpOp, Expr, ExprId, ExprPool};

/// `(array, index, value)` when `c` fixes a byte of a location: `value == read(L, index)`.
fn fixed_byte(pool: &ExprPool, locs: &LocArrays, c: ExprId) -> Option<(ArrayId, u64, u128)> {
    let Expr::Cmp {
        op: CmpOp::Eq,
        a,
        b,
    } = *pool.get(c)
    else {
        return None;
    };
    let v = pool.as_const(a)?;
    let Expr::Read {
        array,
        updates: None,
        index,
    } = *pool.get(b)
    else {
        return None;
    };
    locs.loc(array)?;
    Some((array, pool.as_const(index)? as u64, v))
}

/// Replaces the fixed bytes by their values, every other location by itself.
struct Fixed<'a> {
    bytes: &'a HashMap<(ArrayId, u64), u128>,
    masks: &'a mut ArrayMasks,
    locs: &'a LocArrays,
    touched: Touched,
}

impl LocMap for Fixed<'_> {
    fn byte(&mut self, pool: &mut ExprPool, _l: Loc, a: ArrayId, k: u64) -> Option<ExprId> {
        Some(match self.bytes.get(&(a, k)) {
            Some(&v) => pool.constant(8, v),
            None => {
                let i = pool.constant(32, k as u128);
                pool.read(a, None, i)
            }
        })
    }

    fn keeps(&mut self, pool: &ExprPool, e: ExprId) -> bool {
        !self.touched.meets(self.masks.span(pool, self.locs, e))
    }
}

/// The conjuncts `cs` in normal form (`[false]` when they contradict each other).
pub fn normalize(
    pool: &mut ExprPool,
    locs: &LocArrays,
    masks: &mut ArrayMasks,
    cs: &[ExprId],
) -> Vec<ExprId> {
    let mut bytes: HashMap<(ArrayId, u64), u128> = HashMap::new();
    let mut touched = Touched::default();
    for &c in cs {
        if let Some((a, k, v)) = fixed_byte(pool, locs, c) {
            if bytes.insert((a, k), v).is_some_and(|old| old != v) {
                return vec![pool.false_expr()];
            }
            touched.add((byte_key(a, k), byte_key(a, k)));
        }
    }
    let mut out = Vec::with_capacity(cs.len());
    if bytes.is_empty() {
        out.extend_from_slice(cs);
    } else {
        touched.seal();
        let mut map = Fixed {
            bytes: &bytes,
            masks,
            locs,
            touched,
        };
        let mut memo = HashMap::new();
        for &c in cs {
            if fixed_byte(pool, locs, c).is_some() {
                out.push(c);
                continue;
            }
            let Some(r) = subst(pool, locs, c, &mut memo, &mut map) else {
                // (Never: every location maps.) Keeping the conjunct is exact.
                out.push(c);
                continue;
            };
            match pool.as_const(r) {
                Some(1) => {}
                Some(_) => return vec![pool.false_expr()],
                None => {
                    // The rewrite may have made new conjunctions.
                    super::conjuncts(pool, r, &mut out);
                }
            }
        }
    }
    ranges::merge(pool, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_counter_folds_its_shifted_copies() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let mut masks = ArrayMasks::default();
        let i = locs.value(&mut pool, Loc::Reg(1), 0, 32);
        let s = locs.value(&mut pool, Loc::Reg(2), 0, 32);
        let k = pool.constant(32, 7);
        // i == 7 (split into bytes by the builder), bytes of i + 2 above the first are 0,
        // and s <= i + 2.
        let fix = pool.eq(k, i);
        let mut cs = Vec::new();
        super::super::conjuncts(&pool, fix, &mut cs);
        assert_eq!(cs.len(), 4);
        let two = pool.constant(32, 2);
        let i2 = pool.add(two, i);
        let hi = pool.extract(i2, 8, 8);
        let z = pool.constant(8, 0);
        cs.push(pool.eq(z, hi));
        let le = pool.sle(s, i2);
        cs.push(le);
        let out = normalize(&mut pool, &locs, &mut masks, &cs);
        // The byte constraint on i + 2 is gone; s <= 9 stays.
        let nine = pool.constant(32, 9);
        let want = pool.sle(s, nine);
        assert_eq!(out.len(), 5, "{out:?}");
        assert!(out.contains(&want));
        // A contradiction: i == 7 and i + 2 == 10.
        let ten = pool.constant(32, 10);
        let bad = pool.eq(ten, i2);
        let mut cs2: Vec<ExprId> = cs[..4].to_vec();
        cs2.push(bad);
        assert_eq!(
            normalize(&mut pool, &locs, &mut masks, &cs2),
            vec![pool.false_expr()]
        );
    }
}
