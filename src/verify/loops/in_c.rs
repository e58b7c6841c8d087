//! Loop invariants the abstraction proved (assumed candidates of a run that settled
//! targets: checked at every entry and on every path back, hence inductive), written in C for
//! correctness witnesses. A candidate reads bytes of its header's slots; a slot is written by
//! its C name when it is a named integer variable (a local by `llvm.dbg.declare`, a global),
//! the bytes of a whole variable as the variable, others as shifts of it. Arithmetic is C's
//! unsigned arithmetic of each width (`witness::c_arith`): the same bits as trex's
//! expressions. A candidate with anything else (a register slot, a division, a shift by a
//! variable, a width C has no type for) is left out.

use crate::exec::invariant::Candidate;
use crate::expr::{BinOp, CmpOp, Expr, ExprId};
use crate::ir::loop_mod::{LoopMod, LoopMods};
use crate::ir::{FuncId, InstKind, Module, Operand};
use crate::witness::c_arith::{compare, constant, signed_type, unsigned_type, wrap};

/// The C variable of slot `s` of `lm` (in `f`) and its size in bytes, if it is a named
/// integer variable.
fn slot_var(m: &Module, f: FuncId, lm: &LoopMod, s: u32) -> Option<(String, u64)> {
    let j = (s as usize).checked_sub(lm.regs.len())?;
    if let Some(&r) = lm.allocas.get(j) {
        // An integer variable: its debug type says so (`var_signed` is kept for those only).
        m.var_signed.get(&(f, r))?;
        let def = m.func(f).code.iter().find(|i| i.dst == Some(r))?;
        let InstKind::Alloca {
            elem_size, count, ..
        } = &def.kind
        else {
            return None;
        };
        if !matches!(count, Operand::Const(_)) || ![1, 2, 4, 8].contains(elem_size) {
            return None;
        }
        let name = m.var_names.get(&(f, r))?.clone();
        return Some((name, *elem_size));
    }
    let g = m.global(*lm.globals.get(j - lm.allocas.len())?);
    m.int_width(g.ty)?;
    let ident = g
        .name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_');
    (ident && [1, 2, 4, 8].contains(&g.size)).then(|| (g.name.clone(), g.size))
}

/// `c` as a C expression (an int, 0 or 1), over the variables of its header's slots.
pub fn c_text(m: &Module, lm: &LoopMod, c: &Candidate) -> Option<String> {
    let f = c.header.0;
    let nodes = c.nodes();
    // Per node: its C text, and the (slot, first byte, bytes) it reads when it is a run of
    // consecutive bytes of one slot.
    let mut text: Vec<String> = Vec::with_capacity(nodes.len());
    let mut run: Vec<Option<(u32, u64, u64)>> = Vec::with_capacity(nodes.len());
    let width = |k: ExprId| nodes[k.0 as usize].1;
    for &(node, w) in nodes {
        let t = |k: ExprId| text[k.0 as usize].clone();
        let (s, r) = match node {
            Expr::Const { width, bits } => match width {
                1 => (u8::from(bits != 0).to_string(), None),
                _ => (constant(width, u64::try_from(bits).ok()?)?, None),
            },
            Expr::Read { array, index, .. } => {
                let Expr::Const { bits, .. } = nodes[index.0 as usize].0 else {
                    return None;
                };
                let k = u64::try_from(bits).ok()?;
                let (name, size) = slot_var(m, f, lm, array.0)?;
                let s = if size == 1 {
                    format!("((unsigned char){name})")
                } else {
                    format!("((unsigned char)((unsigned long long){name} >> {}))", 8 * k)
                };
                (s, Some((array.0, k, 1)))
            }
            Expr::Concat { hi, lo } => {
                let joined = match (run[lo.0 as usize], run[hi.0 as usize]) {
                    (Some((s, k, n)), Some((s2, k2, n2))) if s == s2 && k2 == k + n => {
                        Some((s, k, n + n2))
                    }
                    _ => None,
                };
                let of_var = joined.and_then(|(s, k, n)| {
                    let (name, size) = slot_var(m, f, lm, s)?;
                    Some(match unsigned_type(w) {
                        Some(ty) if k == 0 && n == size => format!("(({ty}){name})"),
                        Some(ty) => format!("(({ty})((unsigned long long){name} >> {}))", 8 * k),
                        // A part on the way to a whole (24 bits): only read by Concat.
                        None => format!(
                            "(((unsigned long long){name} >> {}) & {}ULL)",
                            8 * k,
                            (1u64 << w) - 1
                        ),
                    })
                });
                let s = match of_var {
                    Some(s) => s,
                    None => {
                        let ty = unsigned_type(w)?;
                        format!(
                            "(({ty})(((unsigned long long){} << {}) | (unsigned long long){}))",
                            t(hi),
                            width(lo),
                            t(lo)
                        )
                    }
                };
                (s, joined)
            }
            Expr::Extract { e, offset, width } => {
                if nodes[e.0 as usize].1 > 64 {
                    return None;
                }
                let s = match width {
                    1 => format!("((int)(((unsigned long long){} >> {offset}) & 1U))", t(e)),
                    _ => format!(
                        "(({})((unsigned long long){} >> {offset}))",
                        unsigned_type(width)?,
                        t(e)
                    ),
                };
                (s, None)
            }
            Expr::ZExt { e, width } => (format!("(({}){})", unsigned_type(width)?, t(e)), None),
            Expr::SExt { e, width: to } => {
                let from = nodes[e.0 as usize].1;
                let s = match from {
                    1 => format!(
                        "(({})(0ULL - (unsigned long long){}))",
                        unsigned_type(to)?,
                        t(e)
                    ),
                    _ => format!("(({})({}){})", unsigned_type(to)?, signed_type(from)?, t(e)),
                };
                (s, None)
            }
            Expr::Not { e } if w == 1 => (format!("!{}", t(e)), None),
            Expr::Not { e } => (wrap(w, "^", &[t(e), all_ones(w)?]), None),
            Expr::Select { cond, t: a, f: b } => {
                (format!("({} ? {} : {})", t(cond), t(a), t(b)), None)
            }
            Expr::Bin { op, a, b } => (binary(op, w, &t(a), &t(b), &nodes[b.0 as usize].0)?, None),
            Expr::Cmp { op, a, b } => {
                let (o, signed) = match op {
                    CmpOp::Eq => ("==", false),
                    CmpOp::Ult => ("<", false),
                    CmpOp::Ule => ("<=", false),
                    CmpOp::Slt => ("<", true),
                    CmpOp::Sle => ("<=", true),
                };
                let aw = width(a);
                let s = if aw == 1 {
                    format!("({} {o} {})", t(a), t(b))
                } else {
                    compare(aw, o, signed, &t(a), &t(b))?
                };
                (s, None)
            }
        };
        text.push(s);
        run.push(r);
    }
    text.pop()
}

fn all_ones(w: u32) -> Option<String> {
    constant(w, if w == 64 { u64::MAX } else { (1u64 << w) - 1 })
}

/// A binary operation of `w`-bit values; shifts only by a constant below `w`, no division
/// (C leaves a zero divisor undefined).
fn binary(op: BinOp, w: u32, a: &str, b: &str, rhs: &Expr) -> Option<String> {
    if w == 1 {
        let o = match op {
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            _ => return None,
        };
        return Some(format!("({a} {o} {b})"));
    }
    let shift = || match *rhs {
        Expr::Const { bits, .. } if bits < w as u128 => Some(bits as u32),
        _ => None,
    };
    Some(match op {
        BinOp::Add => wrap(w, "+", &[a.into(), b.into()]),
        BinOp::Sub => wrap(w, "-", &[a.into(), b.into()]),
        BinOp::Mul => wrap(w, "*", &[a.into(), b.into()]),
        BinOp::And => wrap(w, "&", &[a.into(), b.into()]),
        BinOp::Or => wrap(w, "|", &[a.into(), b.into()]),
        BinOp::Xor => wrap(w, "^", &[a.into(), b.into()]),
        BinOp::Shl => wrap(w, "<<", &[a.into(), shift()?.to_string()]),
        BinOp::LShr => format!("({a} >> {})", shift()?),
        BinOp::AShr => format!(
            "(({})(({}){a} >> {}))",
            unsigned_type(w)?,
            signed_type(w)?,
            shift()?
        ),
        BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem => return None,
    })
}

/// The proved candidates that can be written in C, one invariant per loop header (their
/// conjunction), at the header's source position.
pub fn loop_invariants(
    m: &Module,
    mods: &LoopMods,
    proved: &[Candidate],
) -> Vec<crate::witness::LoopInvariant> {
    let mut by_header: Vec<((FuncId, u32), Vec<String>)> = Vec::new();
    for c in proved {
        let Some(lm) = mods.at(c.header.0, c.header.1) else {
            continue;
        };
        let Some(text) = c_text(m, lm, c) else {
            continue;
        };
        match by_header.iter_mut().find(|(h, _)| *h == c.header) {
            Some((_, v)) if !v.contains(&text) => v.push(text),
            Some(_) => {}
            None => by_header.push((c.header, vec![text])),
        }
    }
    by_header
        .into_iter()
        .filter_map(|((f, pc), conj)| {
            let func = m.func(f);
            let at = m.loc(func.code.get(pc as usize)?.loc);
            (at.line > 0).then(|| crate::witness::LoopInvariant {
                file: m.files.get(at.file as usize).cloned().unwrap_or_default(),
                line: at.line,
                column: at.col,
                function: func.name.clone(),
                value: conj.join(" && "),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::invariant::Role;
    use crate::expr::{ArrayId, ExprPool};
    use crate::ir::liveness::Liveness;

    /// The loop of `main` in `src` (-O0 -g) and its `LoopMod`.
    fn with_loop(src: &str, check: impl FnOnce(&Module, (FuncId, u32), &LoopMod)) {
        let (_d, bc) = crate::ir::lower::tests::compile(src, &["-O0", "-g"]);
        let m = crate::ir::lower::load_module(&bc).unwrap();
        let own = |n: &str| n == "main";
        let mods = LoopMods::new(&m, &Liveness::new(&m, &own), &own);
        let main = m.func_by_name["main"];
        let pc = (0..m.func(main).code.len() as u32)
            .find(|&pc| mods.at(main, pc).is_some())
            .expect("a loop header");
        check(&m, (main, pc), mods.at(main, pc).unwrap());
    }

    /// The slot of the local variable `name` in `lm`.
    fn slot(m: &Module, f: FuncId, lm: &LoopMod, name: &str) -> u32 {
        let j = lm
            .allocas
            .iter()
            .position(|r| m.var_names.get(&(f, *r)).is_some_and(|n| n == name))
            .unwrap();
        (lm.regs.len() + j) as u32
    }

    #[test]
    fn a_candidate_over_two_variables_reads_as_c() {
        let src = "unsigned nd(void); int main(void) { unsigned x = nd(), y = x; \
                   while (x < 64) { x++; y++; } return x == y; }";
        with_loop(src, |m, header, lm| {
            let mut p = ExprPool::new();
            let (ax, x) = crate::expr::test_word(&mut p, "x");
            let (ay, y) = crate::expr::test_word(&mut p, "y");
            let (sx, sy) = (slot(m, header.0, lm, "x"), slot(m, header.0, lm, "y"));
            let role = |a: ArrayId| match a {
                a if a == ax => Role::Slot(sx),
                a if a == ay => Role::Slot(sy),
                _ => Role::Reject,
            };
            let eq = p.eq(x, y);
            let c = Candidate::detach(&p, header, eq, &role).unwrap();
            assert_eq!(
                c_text(m, lm, &c).as_deref(),
                Some("(((unsigned int)x) == ((unsigned int)y))")
            );
            // A byte of x, and x - 2 * y read as signed.
            let two = p.constant(32, 2);
            let y2 = p.mul(two, y);
            let d = p.sub(x, y2);
            let zero = p.constant(32, 0);
            let lt = p.slt(d, zero);
            let c = Candidate::detach(&p, header, lt, &role).unwrap();
            let text = c_text(m, lm, &c).unwrap();
            assert!(
                text.contains("(int)") && text.contains("2U * ((unsigned int)y)"),
                "{text}"
            );
            // A division has no C text (a zero divisor is undefined there).
            let q = p.udiv(x, y);
            let qe = p.eq(q, zero);
            let c = Candidate::detach(&p, header, qe, &role).unwrap();
            assert_eq!(c_text(m, lm, &c), None);
        });
    }
}
