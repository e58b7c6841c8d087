//! Candidates back from the integer abstraction (`to_int`): a predicate's solution over
//! integers, conjunct by conjunct, read over its bit-vector arguments. A comparison has no
//! single bit-vector reading (`x < y` is signed or unsigned), so each conjunct gives two
//! candidates, one reading its comparisons signed and one unsigned; numerals wrap to the
//! width of the variables they meet, and a conjunct over variables of several widths, arrays,
//! or operations without a bit-vector counterpart gives none. `houdini` decides which hold.

use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{AstKind, DeclKind, Sort, SortKind};

use super::invariant::split;
use super::raw::{args, bound, bv_size, decl_kind, var_index};

/// The bit-vector candidates of `solution` (over bound variables, the integer predicate's
/// arguments), for a predicate whose arguments have `sorts`.
pub fn candidates(solution: &Dynamic, sorts: &[Sort]) -> Vec<Bool> {
    let mut parts = Vec::new();
    split(solution, &mut parts);
    let mut out: Vec<Bool> = Vec::new();
    for p in parts {
        for signed in [true, false] {
            if let Some(c) = formula(&p, sorts, signed) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

fn formula(f: &Dynamic, sorts: &[Sort], signed: bool) -> Option<Bool> {
    let k = args(f);
    if f.kind() == AstKind::Var {
        return bound(var_index(f), sorts.get(var_index(f))?).as_bool();
    }
    if f.kind() != AstKind::App {
        return None;
    }
    let sub = |i: usize| formula(&k[i], sorts, signed);
    let d = decl_kind(f)?;
    Some(match d {
        DeclKind::True => Bool::from_bool(true),
        DeclKind::False => Bool::from_bool(false),
        DeclKind::And | DeclKind::Or => {
            let xs: Option<Vec<Bool>> = (0..k.len()).map(sub).collect();
            if d == DeclKind::And {
                Bool::and(&xs?)
            } else {
                Bool::or(&xs?)
            }
        }
        DeclKind::Not => sub(0)?.not(),
        DeclKind::Implies => sub(0)?.implies(sub(1)?),
        DeclKind::Eq if k[0].sort_kind() == SortKind::Bool => sub(0)?.eq(sub(1)?),
        DeclKind::Eq | DeclKind::Le | DeclKind::Ge | DeclKind::Lt | DeclKind::Gt => {
            let w = width(f, sorts)?;
            let (x, y) = (
                term(&k[0], sorts, w, signed)?,
                term(&k[1], sorts, w, signed)?,
            );
            match (d, signed) {
                (DeclKind::Eq, _) => x.eq(&y),
                (DeclKind::Le, true) => x.bvsle(&y),
                (DeclKind::Le, false) => x.bvule(&y),
                (DeclKind::Ge, true) => x.bvsge(&y),
                (DeclKind::Ge, false) => x.bvuge(&y),
                (DeclKind::Lt, true) => x.bvslt(&y),
                (DeclKind::Lt, false) => x.bvult(&y),
                (DeclKind::Gt, true) => x.bvsgt(&y),
                _ => x.bvugt(&y),
            }
        }
        _ => return None,
    })
}

/// The one width of the bit-vector variables in `f`.
fn width(f: &Dynamic, sorts: &[Sort]) -> Option<u32> {
    fn go(t: &Dynamic, sorts: &[Sort], w: &mut Option<u32>) -> Option<()> {
        if t.kind() == AstKind::Var {
            let s = sorts.get(var_index(t))?;
            let sw = bv_size(s)?;
            if w.is_some_and(|w| w != sw) {
                return None;
            }
            *w = Some(sw);
        }
        for c in args(t) {
            go(&c, sorts, w)?;
        }
        Some(())
    }
    let mut w = None;
    go(f, sorts, &mut w)?;
    w
}

fn term(t: &Dynamic, sorts: &[Sort], w: u32, signed: bool) -> Option<BV> {
    let k = args(t);
    match t.kind() {
        AstKind::Numeral => {
            let v = t.as_int()?.as_i128()?;
            let m = if w >= 128 {
                v
            } else {
                v.rem_euclid(1i128 << w)
            };
            BV::from_str(w, &m.to_string())
        }
        AstKind::Var => bound(var_index(t), sorts.get(var_index(t))?).as_bv(),
        AstKind::App => {
            let sub = |i: usize| term(&k[i], sorts, w, signed);
            let all = || -> Option<Vec<BV>> { (0..k.len()).map(sub).collect() };
            let fold = |xs: Vec<BV>, f: fn(&BV, &BV) -> BV| {
                let mut it = xs.into_iter();
                let first = it.next()?;
                Some(it.fold(first, |a, b| f(&a, &b)))
            };
            match decl_kind(t)? {
                DeclKind::Add => fold(all()?, |a, b| a.bvadd(b)),
                DeclKind::Sub => fold(all()?, |a, b| a.bvsub(b)),
                DeclKind::Mul => fold(all()?, |a, b| a.bvmul(b)),
                DeclKind::Uminus => Some(sub(0)?.bvneg()),
                DeclKind::Mod | DeclKind::Rem if k[1].kind() == AstKind::Numeral => {
                    let (x, m) = (sub(0)?, sub(1)?);
                    Some(if signed { x.bvsmod(&m) } else { x.bvurem(&m) })
                }
                DeclKind::Idiv | DeclKind::Div if k[1].kind() == AstKind::Numeral => {
                    let (x, m) = (sub(0)?, sub(1)?);
                    Some(if signed { x.bvsdiv(&m) } else { x.bvudiv(&m) })
                }
                DeclKind::ToInt | DeclKind::ToReal => sub(0),
                DeclKind::Ite => {
                    let c = formula(&k[0], sorts, signed)?;
                    Some(c.ite(&sub(1)?, &sub(2)?))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn a_sum_and_a_bound_read_both_ways_a_mixed_width_conjunct_not_at_all() {
        let sorts = [Sort::bitvector(32), Sort::bitvector(32), Sort::bitvector(8)];
        let (x, y, z) = (
            bound(0, &Sort::int()).as_int().unwrap(),
            bound(1, &Sort::int()).as_int().unwrap(),
            bound(2, &Sort::int()).as_int().unwrap(),
        );
        let sol = Bool::and(&[
            Int::add(&[&x, &y]).eq(Int::from_i64(-1)),
            x.ge(Int::from_i64(0)),
            x.le(&z),
        ]);
        let c = candidates(&Dynamic::from_ast(&sol), &sorts);
        let text: Vec<String> = c.iter().map(|b| b.to_string()).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].contains("bvadd (:var 0) (:var 1)"), "{text:?}");
        assert!(text[0].contains("#xffffffff"), "{text:?}");
        assert!(
            text[1].contains("bvsge") || text[1].contains("bvsle"),
            "{text:?}"
        );
        assert!(
            text[2].contains("bvuge") || text[2].contains("bvule"),
            "{text:?}"
        );
    }
}
