//! Guessed candidates: the shapes of invariant that recursive summaries and counting loops
//! most often need, written over a predicate's bit-vector arguments without asking any
//! solver. `houdini` keeps those the bit-vector clauses preserve. They complete the integer
//! reading (`to_int`), whose Spacer run may not answer in time (a summary `r == m + n` took
//! it 7 s) and whose bounds may hold over the integers only; an equality such as
//! `r == m + n` holds over bit-vectors even where the sum wraps.

use z3::ast::{Bool, BV};
use z3::Sort;

use super::raw::{bound, bv_size};

/// Groups of more arguments of one width get no three-variable shapes (their number grows
/// as the cube).
const MAX_TRIPLE_GROUP: usize = 6;

/// The guesses for a predicate whose arguments have `sorts`: that it is empty; for two
/// arguments of one width, equal or ordered (signed and unsigned); for three, one the sum,
/// the difference or, if `products`, the product of the other two (the product also guarded
/// by either factor nonnegative); for four, two sums of two equal; for one, nonnegative
/// (signed).
pub fn templates(sorts: &[Sort], products: bool) -> Vec<Bool> {
    let mut out = vec![Bool::from_bool(false)];
    let vars: Vec<(u32, BV)> = (sorts.iter().enumerate())
        .filter_map(|(i, s)| Some((bv_size(s)?, bound(i, s).as_bv()?)))
        .collect();
    let mut widths: Vec<u32> = vars.iter().map(|(w, _)| *w).collect();
    widths.sort_unstable();
    widths.dedup();
    for w in widths {
        let group: Vec<BV> = vars
            .iter()
            .filter(|(x, _)| *x == w)
            .map(|(_, v)| v.clone())
            .collect();
        let zero = BV::from_u64(0, w);
        for x in &group {
            out.push(x.bvsge(&zero));
        }
        for (i, x) in group.iter().enumerate() {
            for y in &group[i + 1..] {
                out.extend([x.eq(y), x.bvsle(y), y.bvsle(x), x.bvule(y), y.bvule(x)]);
            }
        }
        if group.len() > MAX_TRIPLE_GROUP || w == 1 {
            continue;
        }
        for (i, x) in group.iter().enumerate() {
            for (j, y) in group.iter().enumerate() {
                for (k, z) in group.iter().enumerate() {
                    if i == j || i == k || j == k {
                        continue;
                    }
                    if j < k {
                        out.push(x.eq(y.bvadd(z)));
                    }
                    if j < k && products {
                        // A product, for nonnegative multipliers (a recursive product
                        // `mult(n, m)` that negates a negative `m` first).
                        let product = x.eq(y.bvmul(z));
                        out.push(product.clone());
                        for g in [y, z] {
                            out.push(g.bvsge(&zero).implies(&product));
                        }
                    }
                    out.push(x.eq(y.bvsub(z)));
                }
            }
        }
        // Two sums of two: a loop moving units between two variables (`x + y == x0 + y0`).
        let pairs: Vec<(usize, usize)> = (0..group.len())
            .flat_map(|i| (i + 1..group.len()).map(move |j| (i, j)))
            .collect();
        for (a, &(i, j)) in pairs.iter().enumerate() {
            for &(k, l) in &pairs[a + 1..] {
                if i != k && i != l && j != k && j != l {
                    out.push(group[i].bvadd(&group[j]).eq(group[k].bvadd(&group[l])));
                }
            }
        }
    }
    out
}

/// Summaries of at most this many arguments get cases.
const MAX_CASE_ARGS: usize = 4;

/// The largest constant a case tests and the largest offset of its value.
const MAX_CASE: i64 = 3;
const MAX_CASE_OFFSET: i64 = 16;

/// Summaries by cases of a small argument, for a summary whose arguments have `sorts` (at
/// most `MAX_CASE_ARGS`) over the program's constants `consts`: `x == c => y == a * z + b`
/// for three arguments of one width, `c` a constant from 0 to `MAX_CASE`, `a` 1 or 2 and `b`
/// a constant of at most `MAX_CASE_OFFSET`. Ackermann's function is `n + 1`, `n + 2` and
/// `2 * n + 3` for `m` 0, 1 and 2, exactly over bit-vectors (each recursion on `n` ends at
/// 0, wrapping or not).
pub fn cases(sorts: &[Sort], consts: &[i64]) -> Vec<Bool> {
    let mut out = Vec::new();
    if sorts.len() > MAX_CASE_ARGS {
        return out;
    }
    let vars: Vec<(u32, BV)> = (sorts.iter().enumerate())
        .filter_map(|(i, s)| Some((bv_size(s)?, bound(i, s).as_bv()?)))
        .filter(|(w, _)| *w > 1)
        .collect();
    let tests: Vec<i64> = (consts.iter().copied())
        .filter(|c| (0..=MAX_CASE).contains(c))
        .collect();
    let offsets: Vec<i64> = (consts.iter().copied())
        .filter(|c| c.abs() <= MAX_CASE_OFFSET)
        .collect();
    for (x, (w, xv)) in vars.iter().enumerate() {
        for (y, (wy, yv)) in vars.iter().enumerate() {
            for (z, (wz, zv)) in vars.iter().enumerate() {
                if x == y || y == z || x == z || w != wy || w != wz {
                    continue;
                }
                for &c in &tests {
                    let case = xv.eq(BV::from_i64(c, *w));
                    for a in [1, 2] {
                        let scaled = zv.bvmul(BV::from_i64(a, *w));
                        for &b in &offsets {
                            let value = scaled.bvadd(BV::from_i64(b, *w));
                            out.push(case.implies(yv.eq(&value)));
                        }
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Dynamic;

    use crate::chc::raw::instantiate;

    #[test]
    fn three_arguments_give_their_sums_and_differences() {
        let s = Sort::bitvector(64);
        let t = templates(&[s.clone(), s.clone(), s], true);
        let (m, n, r) = (
            BV::new_const("m", 64),
            BV::new_const("n", 64),
            BV::new_const("r", 64),
        );
        let args = [
            Dynamic::from_ast(&m),
            Dynamic::from_ast(&n),
            Dynamic::from_ast(&r),
        ];
        let at: Vec<Bool> = (t.iter())
            .map(|c| instantiate(&Dynamic::from_ast(c), &args).as_bool().unwrap())
            .collect();
        assert!(at.contains(&r.eq(m.bvadd(&n))));
        assert!(at.contains(&m.eq(r.bvsub(&n))));
        assert!(at.contains(&Bool::from_bool(false)));
        // false; 3 signs; 3 pairs of 5; 3 sums, 6 differences, 3 products of 3 (bare and
        // with each guard); no two disjoint pairs.
        assert_eq!(t.len(), 1 + 3 + 15 + 3 + 6 + 9);
        let four = templates(&vec![Sort::bitvector(8); 4], true);
        assert_eq!(
            templates(&vec![Sort::bitvector(8); 4], false).len(),
            four.len() - 36
        );
        // false; 4 signs; 6 pairs of 5; 4 * 3 sums, 4 * 6 differences, 4 * 3 products of
        // 3; 3 sums of two.
        assert_eq!(four.len(), 1 + 4 + 30 + 12 + 24 + 36 + 3);
    }

    #[test]
    fn cases_of_a_small_argument_give_ackermanns_values() {
        let s = Sort::bitvector(32);
        let t = cases(&[s.clone(), s.clone(), s.clone()], &[0, 1, 2, 3, 23]);
        let (m, n, r) = (
            BV::new_const("m", 32),
            BV::new_const("n", 32),
            BV::new_const("r", 32),
        );
        let args = [m.clone(), n.clone(), r.clone()].map(|v| Dynamic::from_ast(&v));
        let at: Vec<Bool> = (t.iter())
            .map(|c| instantiate(&Dynamic::from_ast(c), &args).as_bool().unwrap())
            .collect();
        let k = |v| BV::from_i64(v, 32);
        let two_n_3 = n.bvmul(k(2)).bvadd(k(3));
        assert!(at.contains(&m.eq(k(2)).implies(r.eq(&two_n_3))));
        // 6 ordered triples, 4 tests, 2 factors, 4 offsets (23 is too large).
        assert_eq!(t.len(), 6 * 4 * 2 * 4);
        assert!(cases(&vec![s; 5], &[0]).is_empty());
    }

    #[test]
    fn a_large_group_gets_pairs_only_and_other_sorts_nothing() {
        let s = Sort::bitvector(32);
        let mut sorts = vec![s; MAX_TRIPLE_GROUP + 1];
        sorts.push(Sort::bool());
        let n = MAX_TRIPLE_GROUP + 1;
        assert_eq!(templates(&sorts, true).len(), 1 + n + 5 * n * (n - 1) / 2);
    }
}
