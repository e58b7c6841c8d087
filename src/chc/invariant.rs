//! Spacer's invariants as C expressions, for SV-COMP correctness witnesses: the solution of a
//! loop head's predicate (a formula over its arguments) is split into its conjuncts, and each
//! conjunct that speaks only of named variables (a local variable's cell, by
//! `llvm.dbg.declare`; a global's) in comparisons, sums and constant multiples is written in
//! C; the others are left out (a witness may hold fewer invariants, never a wrong one in C's
//! reading: sums are computed in `long long`, and each variable is read as the signedness the
//! comparison asks for).

use z3::ast::{Ast, Dynamic};
use z3::{AstKind, DeclKind};

/// How an argument of the predicate is named in C, and its width.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub width: u32,
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

fn split(f: &Dynamic, out: &mut Vec<Dynamic>) {
    if f.kind() == AstKind::App && f.decl().kind() == DeclKind::And {
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
    let two = |op: &str, signed: bool| -> Option<String> {
        let (a, b) = (term(&k[0], args, signed)?, term(&k[1], args, signed)?);
        Some(format!("({a} {op} {b})"))
    };
    match f.decl().kind() {
        DeclKind::True => Some("1".into()),
        DeclKind::False => Some("0".into()),
        DeclKind::Not => Some(format!("!{}", boolean(&k[0], args)?)),
        DeclKind::And | DeclKind::Or => {
            let op = if f.decl().kind() == DeclKind::And {
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
        DeclKind::Eq if k[0].as_bv().is_some() => two("==", true),
        DeclKind::Distinct if k.len() == 2 && k[0].as_bv().is_some() => two("!=", true),
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

/// A bit-vector term in C, read as signed or unsigned numbers (sums in `long long`).
fn term(t: &Dynamic, args: &[Option<Named>], signed: bool) -> Option<String> {
    let bv = t.as_bv()?;
    let w = bv.get_size();
    if w > 64 {
        return None;
    }
    match t.kind() {
        AstKind::Numeral => {
            let v = bv.as_u64()?;
            Some(if signed {
                let shift = 64 - w;
                (((v << shift) as i64) >> shift).to_string()
            } else {
                format!("{v}ULL")
            })
        }
        AstKind::Var => {
            let i = var_index(t)?;
            let n = args.get(i)?.as_ref()?;
            Some(cast(&n.name, n.width, signed))
        }
        AstKind::App => {
            let k = t.children();
            let wide = if signed {
                "(long long)"
            } else {
                "(unsigned long long)"
            };
            match t.decl().kind() {
                DeclKind::Badd => {
                    let parts: Option<Vec<String>> =
                        k.iter().map(|c| term(c, args, signed)).collect();
                    Some(format!(
                        "({})",
                        parts?
                            .iter()
                            .map(|p| format!("{wide}{p}"))
                            .collect::<Vec<_>>()
                            .join(" + ")
                    ))
                }
                DeclKind::Bsub if signed => Some(format!(
                    "({wide}{} - {wide}{})",
                    term(&k[0], args, signed)?,
                    term(&k[1], args, signed)?
                )),
                DeclKind::Bneg if signed => {
                    Some(format!("(-{wide}{})", term(&k[0], args, signed)?))
                }
                DeclKind::Bmul if k.len() == 2 && k[0].kind() == AstKind::Numeral => Some(format!(
                    "({wide}{} * {wide}{})",
                    term(&k[0], args, signed)?,
                    term(&k[1], args, signed)?
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A variable of `width` bits read as a signed or unsigned number of that width.
fn cast(name: &str, width: u32, signed: bool) -> String {
    let ty = match (width, signed) {
        (8, true) => "signed char",
        (8, false) => "unsigned char",
        (16, true) => "short",
        (16, false) => "unsigned short",
        (32, true) => "int",
        (32, false) => "unsigned int",
        (64, true) => "long long",
        (_, _) => "unsigned long long",
    };
    format!("(({ty}){name})")
}

/// The index of a bound variable (the predicate's argument it stands for).
fn var_index(t: &Dynamic) -> Option<usize> {
    let ctx = z3::Context::thread_local().get_z3_context();
    // SAFETY: `t` is a live variable AST of this thread's context.
    Some(unsafe { z3_sys::Z3_get_index_value(ctx, t.get_z3_ast()) } as usize)
}
