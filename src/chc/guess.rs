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
    fn a_large_group_gets_pairs_only_and_other_sorts_nothing() {
        let s = Sort::bitvector(32);
        let mut sorts = vec![s; MAX_TRIPLE_GROUP + 1];
        sorts.push(Sort::bool());
        let n = MAX_TRIPLE_GROUP + 1;
        assert_eq!(templates(&sorts, true).len(), 1 + n + 5 * n * (n - 1) / 2);
    }
}
