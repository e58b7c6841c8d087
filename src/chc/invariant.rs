//! Spacer's invariants as C expressions, for SV-COMP correctness witnesses: the solution of a
//! loop head's predicate (a formula over its arguments) is split into its conjuncts, and each
//! conjunct that speaks only of named variables (a local variable's cell, by
//! `llvm.dbg.declare`; a global's) in comparisons, sums, differences and products is written
//! in C; the others are left out (a witness may hold fewer invariants, never a wrong one in
//! C's reading: arithmetic is written in C's unsigned types of the terms' widths, which wrap
//! as bit-vectors do, and a signed comparison converts both sides to the signed type).

use z3::ast::{Ast, Dynamic};
use z3::{AstKind, DeclKind};

use super::raw::{decl_kind, var_index};
use crate::witness::c_arith::{compare, constant, signed_type, unsigned_type, wrap, zero};

/// How an argument of the predicate is named in C, its width, and whether its C type is
/// signed (where the debug info says).
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub width: u32,
    pub signed: Option<bool>,
}

/// The C text of each conjunct of `formula` that can be written (`args[i]`: the name of
/// the predicate's argument `i`, if it has one).
pub fn conjuncts(formula: &Dynamic, args: &[Option<Named>]) -> Vec<String> {
    let mut parts = Vec::new();
    split(formula, &mut parts);
    let mut out: Vec<String> = parts.iter().filter_map(|p| boolean(p, args)).collect();
    out.dedup();
    out
}

/// The conjuncts of `f` (nested conjunctions flattened).
pub(super) fn split(f: &Dynamic, out: &mut Vec<Dynamic>) {
    if decl_kind(f) == Some(DeclKind::And) {
        for c in f.children() {
            split(&c, out);
        }
    } else {
        out.push(f.clone());
    }
}

/// A Boolean formula in C.
fn boolean(f: &Dynamic, args: &[Option<Named>]) -> Option<String> {
    if f.kind() != AstKind::App {
        return None;
    }
    let k = f.children();
    // Signed comparisons read both sides in the signed type of their width (the conversion
    // wraps, as gcc and clang define it).
    let two = |op: &str, signed: bool| -> Option<String> {
        let (a, b) = (term(&k[0], args)?, term(&k[1], args)?);
        compare(k[0].as_bv()?.get_size(), op, signed, &a, &b)
    };
    match decl_kind(f)? {
        DeclKind::True => Some("1".into()),
        DeclKind::False => Some("0".into()),
        DeclKind::Not => Some(format!("!{}", boolean(&k[0], args)?)),
        DeclKind::And | DeclKind::Or => {
            let op = if decl_kind(f) == Some(DeclKind::And) {
                " && "
            } else {
                " || "
            };
            let parts: Option<Vec<String>> = k.iter().map(|c| boolean(c, args)).collect();
            Some(format!("({})", parts?.join(op)))
        }
        DeclKind::Implies => Some(format!(
            "(!{} || {})",
            boolean(&k[0], args)?,
            boolean(&k[1], args)?
        )),
        DeclKind::Eq if k[0].as_bv().is_some() => two("==", false),
        DeclKind::Distinct if k.len() == 2 && k[0].as_bv().is_some() => two("!=", false),
        DeclKind::Sleq => two("<=", true),
        DeclKind::Slt => two("<", true),
        DeclKind::Sgeq => two(">=", true),
        DeclKind::Sgt => two(">", true),
        DeclKind::Uleq => two("<=", false),
        DeclKind::Ult => two("<", false),
        DeclKind::Ugeq => two(">=", false),
        DeclKind::Ugt => two(">", false),
        _ => None,
    }
}

/// A bit-vector term in C: an expression whose value is the term's bits read as an
/// unsigned number. Unsigned arithmetic of the term's width is computed in C's unsigned type
/// of that width (`unsigned int`, `unsigned long long`), which wraps exactly as bit-vectors
/// do; narrower terms are computed in `unsigned int` and cut back by a cast.
fn term(t: &Dynamic, args: &[Option<Named>]) -> Option<String> {
    let bv = t.as_bv()?;
    let w = bv.get_size();
    let ty = unsigned_type(w)?;
    match t.kind() {
        AstKind::Numeral => constant(w, bv.as_u64()?),
        AstKind::Var => {
            let i = var_index(t);
            let n = args.get(i)?.as_ref()?;
            (n.width == w).then(|| format!("(({ty}){})", n.name))
        }
        AstKind::App => {
            let k = t.children();
            let op = match decl_kind(t)? {
                DeclKind::Badd => "+",
                DeclKind::Bsub => "-",
                DeclKind::Bmul => "*",
                // By a nonzero constant: C's unsigned `%` and `/` are the bit-vector ones.
                DeclKind::Burem | DeclKind::Budiv
                    if k[1]
                        .as_bv()
                        .and_then(|b| b.as_u64())
                        .is_some_and(|d| d != 0) =>
                {
                    if decl_kind(t) == Some(DeclKind::Burem) {
                        "%"
                    } else {
                        "/"
                    }
                }
                DeclKind::Bneg => return Some(wrap(w, "-", &[zero(w).into(), term(&k[0], args)?])),
                DeclKind::ZeroExt => return Some(format!("(({ty}){})", term(&k[0], args)?)),
                DeclKind::SignExt => {
                    let inner = k[0].as_bv()?.get_size();
                    let s = signed_type(inner)?;
                    return Some(format!("(({ty})({s}){})", term(&k[0], args)?));
                }
                _ => return None,
            };
            let parts: Option<Vec<String>> = k.iter().map(|c| term(c, args)).collect();
            Some(wrap(w, op, &parts?))
        }
        _ => None,
    }
}
