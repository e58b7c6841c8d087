//! Guessed invariants of arrays over ranges of indices, `forall q. lo <= q < hi => fact`: the
//! shape of what a loop that fills or reads an array keeps (each element below the counter
//! holds what the loop wrote): `a[q] == c`, `a[q] >= q + c`, `a[q] + b[q] == 0`,
//! with `lo` 0 or 1, `hi` a scalar argument (a counter, a bound, a length) and `c` a constant
//! of the program. With them, the scalar facts such proofs lean on: bounds by the program's
//! constants, and a 64-bit length equal to a 32-bit count extended. `houdini` keeps those the
//! bit-vector clauses preserve (a quantified one checked at a fresh index).

use z3::ast::{Ast, Bool, BV};
use z3::{AstKind, Sort, SortKind};

use super::clause::Clause;
use super::raw::{bound, bv_size, forall_bound};
use super::segment::INDEX_BITS;

/// At most this many constants of the program are used (those of least magnitude).
const MAX_CONSTANTS: usize = 10;

/// An element is compared with its index moved by at most this much (`a[q] >= q + 2`).
const MAX_OFFSET: i64 = 16;

/// Constants of larger magnitude are masks and limits of types, not bounds of loops.
const MAX_MAGNITUDE: i64 = 1 << 24;

/// The integer constants the clauses mention (read as signed), 0 and 1 always among them.
pub fn constants(clauses: &[Clause]) -> Vec<i64> {
    let mut out = vec![0, 1];
    for t in clauses.iter().flat_map(Clause::subterms) {
        if t.kind() != AstKind::Numeral {
            continue;
        }
        if let Some(v) = t.as_bv().and_then(|b| signed(&b)) {
            if v.abs() <= MAX_MAGNITUDE && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out.sort_by_key(|v| (v.abs(), *v));
    out.truncate(MAX_CONSTANTS);
    out
}

/// A bit-vector numeral's value read as signed (`None` wider than 64 bits).
fn signed(b: &BV) -> Option<i64> {
    let w = b.get_size();
    if !(2..=64).contains(&w) {
        return None;
    }
    let u = b.as_u64()?;
    Some(if w < 64 && u >> (w - 1) == 1 {
        (u as i64) - (1i64 << w)
    } else {
        u as i64
    })
}

/// `c` as a bit-vector of width `w`, if it fits (signed).
fn fit(c: i64, w: u32) -> Option<BV> {
    let fits = w >= 64 || (-(1i64 << (w - 1))..(1i64 << (w - 1))).contains(&c);
    fits.then(|| BV::from_i64(c, w))
}

/// Whether some argument is an array.
pub fn has_array(sorts: &[Sort]) -> bool {
    sorts.iter().any(|s| element_width(s).is_some())
}

/// The arguments of at least 8 bits (not a Boolean's `i1`), with their widths.
fn scalars(sorts: &[Sort]) -> Vec<(usize, u32)> {
    (sorts.iter().enumerate())
        .filter_map(|(i, s)| Some((i, bv_size(s)?)))
        .filter(|(_, w)| *w >= 8)
        .collect()
}

/// The scalar guesses for a predicate whose arguments have `sorts`: each argument bounded by
/// each of `consts` (both ways, strict or not) and different from it, and each 64-bit argument equal to a narrower
/// one extended (a length and the count it was allocated with).
pub fn bounds(sorts: &[Sort], consts: &[i64]) -> Vec<Bool> {
    let scalars = scalars(sorts);
    let mut out = Vec::new();
    for &(i, w) in &scalars {
        let x = bound(i, &sorts[i]).as_bv().expect("a bit-vector");
        for c in consts.iter().filter_map(|&c| fit(c, w)) {
            out.extend([x.bvsge(&c), x.bvsle(&c), x.bvsgt(&c), x.bvslt(&c)]);
            // What a function that returns only if its argument is true (an
            // `assume_abort_if_not`) says of it.
            out.push(x.eq(&c).not());
        }
        for &(j, v) in &scalars {
            if w == INDEX_BITS && v < w {
                let y = bound(j, &sorts[j]).as_bv().expect("a bit-vector");
                out.extend([x.eq(y.zero_ext(w - v)), x.eq(y.sign_ext(w - v))]);
            }
        }
    }
    out
}

/// The guesses over ranges of a predicate's arrays (its arguments have `sorts`), with
/// `consts`; the ranges end at the arguments `bounds` admits (the variables of the program,
/// not its temporaries: the return value's cell, 0 throughout, would end a range that is
/// empty throughout, whose every fact survives, slowing each check to the end).
pub fn templates(sorts: &[Sort], consts: &[i64], bounds: &dyn Fn(usize) -> bool) -> Vec<Bool> {
    let arrays: Vec<usize> = (0..sorts.len())
        .filter(|&i| element_width(&sorts[i]).is_some())
        .collect();
    let scalars = scalars(sorts);
    let mut out = Vec::new();
    // Inside the quantifier, `q` is bound variable 0 and argument `i` is `i + 1`.
    let index = Sort::bitvector(INDEX_BITS);
    let q = bound(0, &index).as_bv().expect("a bit-vector");
    let arg = |i: usize| bound(i + 1, &sorts[i]);
    let his: Vec<BV> = (scalars.iter())
        .filter(|(i, _)| bounds(*i))
        .filter_map(|&(i, w)| {
            let x = arg(i).as_bv()?;
            match w {
                32 => Some(x.sign_ext(INDEX_BITS - 32)),
                INDEX_BITS => Some(x),
                _ => None,
            }
        })
        .collect();
    for (k, &a) in arrays.iter().enumerate() {
        let w = element_width(&sorts[a]).expect("an array");
        let elem = |i: usize| {
            (arg(i).as_array().expect("an array").select(&q))
                .as_bv()
                .expect("bit-vector elements")
        };
        let e = elem(a);
        let qw = match w {
            w if w < INDEX_BITS => q.extract(w - 1, 0),
            w if w > INDEX_BITS => q.sign_ext(w - INDEX_BITS),
            _ => q.clone(),
        };
        let mut facts = Vec::new();
        for &c in consts {
            let Some(k) = fit(c, w) else { continue };
            facts.extend([e.eq(&k), e.bvsge(&k), e.bvsle(&k)]);
            if c.abs() <= MAX_OFFSET {
                let shifted = qw.bvadd(&k);
                facts.extend([e.eq(&shifted), e.bvsge(&shifted)]);
            }
        }
        for &b in &arrays[k + 1..] {
            if element_width(&sorts[b]) == Some(w) {
                let f = elem(b);
                facts.extend([e.eq(&f), e.bvadd(&f).eq(BV::from_u64(0, w))]);
            }
        }
        for lo in [0, 1] {
            let lo = BV::from_i64(lo, INDEX_BITS);
            for hi in &his {
                let range = Bool::and(&[lo.bvsle(&q), q.bvslt(hi)]);
                for f in &facts {
                    out.push(forall_bound(&index, &range.implies(f)));
                }
            }
        }
    }
    out
}

/// The element width of an array from indices to bit-vectors.
fn element_width(s: &Sort) -> Option<u32> {
    if s.kind() != SortKind::Array {
        return None;
    }
    bv_size(&s.array_range()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_read_signed_and_small_first() {
        let x = BV::new_const("x", 32);
        let c = Clause {
            vars: vec![],
            body: vec![
                x.bvslt(BV::from_i64(100000, 32)),
                x.bvsgt(BV::from_i64(-7, 32)),
                x.bvult(BV::from_u64(0x8000_0000, 32)),
            ],
            head: Bool::from_bool(true),
            nondets: vec![],
        };
        assert_eq!(constants(&[c]), vec![0, 1, -7, 100000]);
    }

    #[test]
    fn no_array_no_guess_and_an_array_gets_ranges() {
        let bv = Sort::bitvector(32);
        let all = |_| true;
        assert!(templates(&[bv.clone(), bv.clone()], &[0, 1], &all).is_empty());
        assert!(!has_array(std::slice::from_ref(&bv)));
        let arr = Sort::array(&Sort::bitvector(INDEX_BITS), &bv);
        let sorts = [bv.clone(), arr];
        assert!(has_array(&sorts));
        let t = templates(&sorts, &[0], &all);
        assert!(t.iter().all(|b| b.kind() == AstKind::Quantifier));
        // 1 scalar bound (hi), ranges from 0 and 1, facts: 5 per constant.
        assert_eq!(t.len(), 2 * 5);
        assert_eq!(bounds(&sorts, &[0]).len(), 5);
        // No range ends at an argument `bounds` does not admit.
        assert!(templates(&sorts, &[0], &|i| i != 0).is_empty());
    }
}
