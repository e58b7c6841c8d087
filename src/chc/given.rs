//! Given invariants checked by Spacer (`trex verify --check-witness`): a witness's C
//! expression (`crate::witness::c_expr`) read over a point's arguments as C reads it, and the
//! rules that make it the point's candidate:
//!
//! * `I(x) => P(x)`: every state the invariant allows is taken as reached there;
//! * `P(x) && !I(x) => bad`: a state reached there must satisfy it.
//!
//! The clauses are then safe exactly when the invariants (with whatever Spacer finds at the
//! points without one) are inductive and keep every target unreachable: a separate proof,
//! which trusts nothing of the run that wrote the witness.

use std::time::{Duration, Instant};
use z3::ast::{Bool, Dynamic, BV};

use super::clause::Clause;
use super::encode::{self, apply, Encoding, Layout};
use super::invariant::Named;
use super::memory::Memory;
use super::{on_own_thread, spacer, translate, Task, Unsupported};
use crate::ir::{FuncId, Module};
use crate::witness::c_expr::{Binary, Expr, IntType, Unary};

/// An invariant given from outside, for `check`.
pub struct Given {
    /// The debug info's (file, line) pairs it may stand at.
    pub places: Vec<(String, u32)>,
    pub column: Option<u32>,
    pub function: Option<String>,
    /// A loop invariant (at a loop head only), or a location invariant (at any point).
    pub loop_head: bool,
    pub expr: Expr,
}

/// What a check of given invariants found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// They are inductive (with what Spacer found where none is given) and no target is
    /// reachable where they hold.
    Confirmed,
    /// They hold at their places, but are not inductive, or do not exclude the targets.
    HoldNotInductive,
    /// One of them is false at its place in a run the translation models (whose functions'
    /// summaries take any arguments).
    Fails,
    /// Invariant `index` has no place, or cannot be read there: why.
    Unplaced(usize, String),
    Unknown(String),
    Unsupported(Unsupported),
}

/// Checks `given` as invariants of `task`'s program, within `limit` (each of at most two
/// queries: the check itself, then, if it fails, whether they hold at all).
pub fn check(task: &Task, given: &[Given], limit: Option<Duration>) -> (Checked, Duration) {
    let clock = Instant::now();
    let run = on_own_thread(|| check_here(task, given, limit, clock));
    let answer = run.unwrap_or_else(|| Checked::Unknown("the CHC engine failed".into()));
    (answer, clock.elapsed())
}

fn check_here(task: &Task, given: &[Given], limit: Option<Duration>, clock: Instant) -> Checked {
    let m = task.module;
    let Some(&main) = m.func_by_name.get(task.entry) else {
        return Checked::Unknown(format!("no entry function {}", task.entry));
    };
    let (mut enc, mem) = match translate(m, main, task.own, task.sites) {
        Ok(x) => x,
        Err(u) => return Checked::Unsupported(u),
    };
    let mut at: Vec<((FuncId, usize), Vec<&Expr>)> = Vec::new();
    for (i, g) in given.iter().enumerate() {
        let Some(p) = place(m, &enc, g) else {
            let what = if g.loop_head { "loop head" } else { "point" };
            return Checked::Unplaced(i, format!("no {what} of the translation is there"));
        };
        match at.iter_mut().find(|(q, _)| *q == p) {
            Some((_, es)) => es.push(&g.expr),
            None => at.push((p, vec![&g.expr])),
        }
    }
    let base = enc.rules.clone();
    let mut ask = |inductive: bool| -> Result<spacer::Outcome, Checked> {
        enc.rules = base.clone();
        for ((f, k), es) in &at {
            let r = rules(&enc, &mem, *f, *k, es, inductive).map_err(|why| {
                let i = given
                    .iter()
                    .position(|g| es.contains(&&g.expr))
                    .unwrap_or(0);
                Checked::Unplaced(i, why)
            })?;
            enc.rules.extend(r);
        }
        let left = limit.map(|l| l.saturating_sub(clock.elapsed()));
        Ok(spacer::solve(&enc, left, spacer::Xforms::All, None))
    };
    let unknown = |r: String| {
        if limit.is_some_and(|l| clock.elapsed() >= l) {
            Checked::Unknown("time budget".into())
        } else {
            Checked::Unknown(format!("spacer: {r}"))
        }
    };
    match ask(true) {
        Err(c) => c,
        Ok(spacer::Outcome::Safe(_)) => Checked::Confirmed,
        Ok(spacer::Outcome::Unknown(r)) => unknown(r),
        Ok(spacer::Outcome::Reachable(_)) => match ask(false) {
            Err(c) => c,
            Ok(spacer::Outcome::Safe(_)) => Checked::HoldNotInductive,
            Ok(spacer::Outcome::Reachable(_)) => Checked::Fails,
            Ok(spacer::Outcome::Unknown(r)) => unknown(r),
        },
    }
}

/// The point a given invariant stands at: one on its line (in its function, if named), a
/// loop head for a loop invariant; the one at its column first, then the first in the code.
fn place(m: &Module, enc: &Encoding, g: &Given) -> Option<(FuncId, usize)> {
    let mut best: Option<((bool, usize), (FuncId, usize))> = None;
    for (f, l) in &enc.layouts {
        if g.function.as_ref().is_some_and(|n| *n != l.function) {
            continue;
        }
        for (k, p) in l.points.iter().enumerate() {
            if g.loop_head && !p.loop_head {
                continue;
            }
            let at = m.loc(p.loc);
            let file = m.files.get(at.file as usize).map_or("", String::as_str);
            let here = g.places.iter().any(|(pf, pl)| {
                *pl == at.line && at.line > 0 && crate::witness::source::Source::same_file(file, pf)
            });
            if !here {
                continue;
            }
            let key = (g.column != Some(at.col), p.pc);
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, (*f, k)));
            }
        }
    }
    best.map(|b| b.1)
}

/// The rules that make `invs` (conjoined) the candidate invariant of point `k` of `f`.
fn rules(
    enc: &Encoding,
    mem: &Memory,
    f: FuncId,
    k: usize,
    invs: &[&Expr],
    inductive: bool,
) -> Result<Vec<Clause>, String> {
    let l = &enc.layouts[&f];
    let (st, args) = encode::point_vars(mem, enc, f);
    let parts: Result<Vec<Bool>, String> = invs.iter().map(|e| holds(e, l, &args)).collect();
    let inv = Bool::and(&parts?);
    let at = apply(&l.points[k].decl, &args);
    let mut out = vec![encode::close(
        &st,
        &[at.clone(), inv.not()],
        &apply(&enc.bad, &[]),
    )];
    if inductive {
        out.push(encode::close(&st, &[inv], &at));
    }
    Ok(out)
}

/// `e` as a condition (non-zero) over a point's arguments.
fn holds(e: &Expr, l: &Layout, args: &[Dynamic]) -> Result<Bool, String> {
    let scope = Scope { l, args };
    Ok(nonzero(&scope.value(e)?))
}

/// A C value: its bits and its type.
type Value = (BV, IntType);

struct Scope<'a> {
    l: &'a Layout,
    args: &'a [Dynamic],
}

fn nonzero(v: &Value) -> Bool {
    v.0.eq(BV::from_u64(0, v.1.bits)).not()
}

fn int_of(b: &Bool) -> Value {
    let t = IntType::INT;
    (b.ite(&BV::from_u64(1, 32), &BV::from_u64(0, 32)), t)
}

/// `v` converted to `to` (C11 6.3.1.3, wrapping for signed targets as gcc does).
fn convert(v: &Value, to: IntType) -> Value {
    let (bv, from) = v;
    if to.bits == 1 {
        let b = nonzero(v);
        return (b.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1)), to);
    }
    let bits = match to.bits.cmp(&from.bits) {
        std::cmp::Ordering::Less => bv.extract(to.bits - 1, 0),
        std::cmp::Ordering::Equal => bv.clone(),
        std::cmp::Ordering::Greater if from.signed => bv.sign_ext(to.bits - from.bits),
        std::cmp::Ordering::Greater => bv.zero_ext(to.bits - from.bits),
    };
    (bits, to)
}

/// The integer promotions: types narrower than `int` become `int`.
fn promote(v: Value) -> Value {
    if v.1.bits < 32 {
        convert(&v, IntType::INT)
    } else {
        v
    }
}

/// The usual arithmetic conversions of two promoted operands.
fn common(a: IntType, b: IntType) -> IntType {
    match a.bits.cmp(&b.bits) {
        std::cmp::Ordering::Equal => IntType {
            bits: a.bits,
            signed: a.signed && b.signed,
        },
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
    }
}

impl Scope<'_> {
    /// The argument the variable `name` is.
    fn var(&self, name: &str) -> Result<(usize, &Named), String> {
        let mut found = self
            .l
            .names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_ref().filter(|n| n.name == name).map(|n| (i, n)));
        let first = found.next().ok_or_else(|| {
            format!(
                "`{name}` is not a variable the translation of {} models there",
                self.l.function
            )
        })?;
        if found.next().is_some() {
            return Err(format!(
                "`{name}` names two variables of {}",
                self.l.function
            ));
        }
        Ok(first)
    }

    fn value(&self, e: &Expr) -> Result<Value, String> {
        Ok(match e {
            Expr::Const(v, t) => (BV::from_u64(*v, t.bits), *t),
            Expr::Var(name) => {
                let (i, n) = self.var(name)?;
                let signed = n.signed.ok_or_else(|| {
                    format!("the C type of `{name}` is not known (write it with a cast)")
                })?;
                let t = IntType {
                    bits: n.width,
                    signed,
                };
                (self.bits(i)?, t)
            }
            // A cast no wider than the variable does not need its signedness.
            Expr::Cast(to, inner) => match &**inner {
                Expr::Var(name) if to.bits > 1 && self.var(name)?.1.width >= to.bits => {
                    let (i, n) = self.var(name)?;
                    let t = IntType {
                        bits: n.width,
                        signed: false,
                    };
                    convert(&(self.bits(i)?, t), *to)
                }
                _ => convert(&self.value(inner)?, *to),
            },
            Expr::Unary(op, a) => {
                let v = promote(self.value(a)?);
                match op {
                    Unary::Plus => v,
                    Unary::Neg => (v.0.bvneg(), v.1),
                    Unary::BitNot => (v.0.bvnot(), v.1),
                    Unary::Not => int_of(&nonzero(&v).not()),
                }
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b)?,
            Expr::Cond(c, t, f) => {
                let c = nonzero(&self.value(c)?);
                let (t, f) = (promote(self.value(t)?), promote(self.value(f)?));
                let ty = common(t.1, f.1);
                let (t, f) = (convert(&t, ty), convert(&f, ty));
                (c.ite(&t.0, &f.0), ty)
            }
        })
    }

    fn bits(&self, i: usize) -> Result<BV, String> {
        self.args[i]
            .as_bv()
            .ok_or_else(|| "a variable that is not an integer".to_string())
    }

    fn binary(&self, op: Binary, a: &Expr, b: &Expr) -> Result<Value, String> {
        let (a, b) = (promote(self.value(a)?), promote(self.value(b)?));
        match op {
            Binary::And => return Ok(int_of(&Bool::and(&[nonzero(&a), nonzero(&b)]))),
            Binary::Or => return Ok(int_of(&Bool::or(&[nonzero(&a), nonzero(&b)]))),
            Binary::Shl | Binary::Shr => {
                let n = convert(
                    &b,
                    IntType {
                        signed: false,
                        ..a.1
                    },
                )
                .0;
                let r = match (op, a.1.signed) {
                    (Binary::Shl, _) => a.0.bvshl(&n),
                    (_, true) => a.0.bvashr(&n),
                    (_, false) => a.0.bvlshr(&n),
                };
                return Ok((r, a.1));
            }
            _ => {}
        }
        let ty = common(a.1, b.1);
        let (x, y) = (convert(&a, ty).0, convert(&b, ty).0);
        let s = ty.signed;
        let cmp = |b: Bool| Ok(int_of(&b));
        let arith = |v: BV| Ok((v, ty));
        match op {
            Binary::Add => arith(x.bvadd(&y)),
            Binary::Sub => arith(x.bvsub(&y)),
            Binary::Mul => arith(x.bvmul(&y)),
            Binary::Div if s => arith(x.bvsdiv(&y)),
            Binary::Div => arith(x.bvudiv(&y)),
            Binary::Rem if s => arith(x.bvsrem(&y)),
            Binary::Rem => arith(x.bvurem(&y)),
            Binary::BitAnd => arith(x.bvand(&y)),
            Binary::BitOr => arith(x.bvor(&y)),
            Binary::BitXor => arith(x.bvxor(&y)),
            Binary::Eq => cmp(x.eq(&y)),
            Binary::Ne => cmp(x.eq(&y).not()),
            Binary::Lt if s => cmp(x.bvslt(&y)),
            Binary::Lt => cmp(x.bvult(&y)),
            Binary::Le if s => cmp(x.bvsle(&y)),
            Binary::Le => cmp(x.bvule(&y)),
            Binary::Gt if s => cmp(x.bvsgt(&y)),
            Binary::Gt => cmp(x.bvugt(&y)),
            Binary::Ge if s => cmp(x.bvsge(&y)),
            Binary::Ge => cmp(x.bvuge(&y)),
            Binary::And | Binary::Or | Binary::Shl | Binary::Shr => unreachable!("above"),
        }
    }
}
