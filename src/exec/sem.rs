//! The meaning of LLVM's integer instructions, written once over a value domain: binary
//! operations with their failure conditions (zero divisor, over-wide shift), comparisons,
//! casts, `select`, and the integer intrinsics (min / max / abs, saturating and
//! with-overflow arithmetic). The concrete fast path runs it on `u128` bit patterns
//! ([`Conc`]), symbolic execution and the interpolation's weakest-precondition pass on
//! expressions ([`Exprs`]). A domain supplies only primitives (the bitvector operations of
//! SMT-LIB, whose exact semantics `expr::eval` defines); every rule above them (when an
//! operation fails, which comparison a predicate is, what a cast does at which widths, when a
//! failed shift is poison) is stated here, so the three executions cannot disagree.
//!
//! Functions are generic and `#[inline]`: each domain gets its own monomorphised copy, so the
//! concrete path compiles to the plain arithmetic it replaced.

use crate::expr::eval::{eval_bin, eval_cmp, sext_bits};
use crate::expr::{BinOp as Op, CmpOp, ExprId, ExprPool};
use crate::ir::{BinOp, CastOp, IntPred, Intrinsic};

use super::float::{self, FK};
use super::value::{mask, IntErr};

/// A scalar's kind: an integer (pointers are integers of the pointer width) or a float.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Int(u32),
    F(FK),
}

/// A result, with the condition under which the operation fails instead when that condition
/// is not known false: its kind, the condition (`bad`) and its negation (`ok`). (The value is
/// the domain's total operation's, e.g. `udiv x 0 = ~0`: what a failure that is poison yields.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked<V> {
    pub v: V,
    pub fails: Option<(IntErr, V, V)>,
}

/// What a domain provides: constants, the SMT-LIB bitvector operations (total: `udiv x 0` is
/// all ones, shifts by the width or more give 0), extensions, and `select`. Booleans are
/// 1-bit values.
pub trait Domain {
    type V: Copy;
    fn konst(&mut self, w: u32, x: u128) -> Self::V;
    /// The value, when it is a known constant.
    fn known(&self, v: Self::V) -> Option<u128>;
    fn op(&mut self, op: Op, w: u32, a: Self::V, b: Self::V) -> Self::V;
    fn cmp(&mut self, op: CmpOp, w: u32, a: Self::V, b: Self::V) -> Self::V;
    fn not(&mut self, c: Self::V) -> Self::V;
    fn zext(&mut self, from: u32, to: u32, a: Self::V) -> Self::V;
    fn sext(&mut self, from: u32, to: u32, a: Self::V) -> Self::V;
    /// The low `to` bits.
    fn trunc(&mut self, from: u32, to: u32, a: Self::V) -> Self::V;
    fn select(&mut self, c: Self::V, a: Self::V, b: Self::V) -> Self::V;
    /// Floating-point arithmetic; `None`: the domain has none.
    fn fbin(&mut self, _fk: FK, _op: BinOp, _a: Self::V, _b: Self::V) -> Option<Self::V> {
        None
    }
    /// Casts from or to floating point; `None`: the domain has none.
    fn fcast(&mut self, _op: CastOp, _from: Scalar, _to: Scalar, _a: Self::V) -> Option<Self::V> {
        None
    }
}

/// Concrete values: bit patterns, zero above their width.
pub struct Conc;

impl Domain for Conc {
    type V = u128;
    #[inline(always)]
    fn konst(&mut self, w: u32, x: u128) -> u128 {
        x & mask(w)
    }
    #[inline(always)]
    fn known(&self, v: u128) -> Option<u128> {
        Some(v)
    }
    #[inline(always)]
    fn op(&mut self, op: Op, w: u32, a: u128, b: u128) -> u128 {
        // The common operations inline; the rest (division, shifts) as the expression
        // evaluator defines them.
        match op {
            Op::Add => a.wrapping_add(b) & mask(w),
            Op::Sub => a.wrapping_sub(b) & mask(w),
            Op::Mul => a.wrapping_mul(b) & mask(w),
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            _ => eval_bin(op, w, a, b),
        }
    }
    #[inline(always)]
    fn cmp(&mut self, op: CmpOp, w: u32, a: u128, b: u128) -> u128 {
        eval_cmp(op, w, a, b) as u128
    }
    #[inline(always)]
    fn not(&mut self, c: u128) -> u128 {
        c ^ 1
    }
    #[inline(always)]
    fn zext(&mut self, _from: u32, _to: u32, a: u128) -> u128 {
        a
    }
    #[inline(always)]
    fn sext(&mut self, from: u32, to: u32, a: u128) -> u128 {
        sext_bits(from, to, a)
    }
    #[inline(always)]
    fn trunc(&mut self, _from: u32, to: u32, a: u128) -> u128 {
        a & mask(to)
    }
    #[inline(always)]
    fn select(&mut self, c: u128, a: u128, b: u128) -> u128 {
        if c & 1 != 0 {
            a
        } else {
            b
        }
    }
    fn fbin(&mut self, fk: FK, op: BinOp, a: u128, b: u128) -> Option<u128> {
        Some(float::fbin(fk, op, a, b))
    }
    fn fcast(&mut self, op: CastOp, from: Scalar, to: Scalar, x: u128) -> Option<u128> {
        let wf = scalar_bits(from);
        let wt = scalar_bits(to);
        Some(match (op, from, to) {
            (CastOp::FpTrunc | CastOp::FpExt, Scalar::F(a), Scalar::F(b)) => {
                float::convert(a, b, x)
            }
            (CastOp::FpToUi | CastOp::FpToSi, Scalar::F(a), _) => {
                float::to_int(a, x, wt, op == CastOp::FpToSi)
            }
            (CastOp::UiToFp | CastOp::SiToFp, _, Scalar::F(b)) => {
                float::from_int(b, x, wf, op == CastOp::SiToFp)
            }
            // A bitcast keeps the bits.
            _ => x,
        })
    }
}

/// Expressions in a pool (symbolic execution, weakest preconditions).
pub struct Exprs<'p>(pub &'p mut ExprPool);

impl Domain for Exprs<'_> {
    type V = ExprId;
    fn konst(&mut self, w: u32, x: u128) -> ExprId {
        self.0.constant(w, x & mask(w))
    }
    fn known(&self, v: ExprId) -> Option<u128> {
        self.0.as_const(v)
    }
    fn op(&mut self, op: Op, _w: u32, a: ExprId, b: ExprId) -> ExprId {
        self.0.bin(op, a, b)
    }
    fn cmp(&mut self, op: CmpOp, _w: u32, a: ExprId, b: ExprId) -> ExprId {
        self.0.cmp(op, a, b)
    }
    fn not(&mut self, c: ExprId) -> ExprId {
        self.0.bool_not(c)
    }
    fn zext(&mut self, _from: u32, to: u32, a: ExprId) -> ExprId {
        self.0.zext(a, to)
    }
    fn sext(&mut self, _from: u32, to: u32, a: ExprId) -> ExprId {
        self.0.sext(a, to)
    }
    fn trunc(&mut self, _from: u32, to: u32, a: ExprId) -> ExprId {
        self.0.extract(a, 0, to)
    }
    fn select(&mut self, c: ExprId, a: ExprId, b: ExprId) -> ExprId {
        self.0.select(c, a, b)
    }
}

fn scalar_bits(s: Scalar) -> u32 {
    match s {
        Scalar::Int(w) => w,
        Scalar::F(fk) => fk.bits(),
    }
}

/// The integer operation of an instruction's operator (`None`: floating point).
#[inline(always)]
pub fn int_op(op: BinOp) -> Option<Op> {
    Some(match op {
        BinOp::Add => Op::Add,
        BinOp::Sub => Op::Sub,
        BinOp::Mul => Op::Mul,
        BinOp::UDiv => Op::UDiv,
        BinOp::SDiv => Op::SDiv,
        BinOp::URem => Op::URem,
        BinOp::SRem => Op::SRem,
        BinOp::And => Op::And,
        BinOp::Or => Op::Or,
        BinOp::Xor => Op::Xor,
        BinOp::Shl => Op::Shl,
        BinOp::LShr => Op::LShr,
        BinOp::AShr => Op::AShr,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => return None,
    })
}

/// When an integer operation fails: a zero divisor, a shift amount of at least the width
/// (KLEE's `--check-div-zero` and `--check-overshift` conditions). The kind, the condition
/// (`bad`) and its negation (`ok`): symbolic execution forks the error path on `bad`, the
/// weakest precondition requires or assumes `ok`.
#[inline(always)]
pub fn failure<D: Domain>(d: &mut D, op: Op, w: u32, b: D::V) -> Option<(IntErr, D::V, D::V)> {
    let (e, k, bad, ok) = match op {
        Op::UDiv | Op::SDiv | Op::URem | Op::SRem => (IntErr::Div, 0, IntPred::Eq, IntPred::Ne),
        Op::Shl | Op::LShr | Op::AShr => (IntErr::Overshift, w as u128, IntPred::Uge, IntPred::Ult),
        _ => return None,
    };
    let k = d.konst(w, k);
    Some((e, icmp(d, bad, w, b, k), icmp(d, ok, w, b, k)))
}

/// A binary instruction on scalars; `None`: floating point in a domain without it.
#[inline(always)]
pub fn bin<D: Domain>(d: &mut D, op: BinOp, s: Scalar, a: D::V, b: D::V) -> Option<Checked<D::V>> {
    match (s, int_op(op)) {
        (Scalar::Int(w), Some(op)) => {
            let fails = failure(d, op, w, b).filter(|f| d.known(f.1) != Some(0));
            Some(Checked {
                v: d.op(op, w, a, b),
                fails,
            })
        }
        (Scalar::F(fk), None) => d.fbin(fk, op, a, b).map(|v| Checked { v, fails: None }),
        // (Lowering pairs integer operators with integer types and float ones with floats.)
        _ => None,
    }
}

/// A predicate as the canonical comparison it is: `(op, swap the operands, negate)`.
#[inline(always)]
pub fn canonical(p: IntPred) -> (CmpOp, bool, bool) {
    match p {
        IntPred::Eq => (CmpOp::Eq, false, false),
        IntPred::Ne => (CmpOp::Eq, false, true),
        IntPred::Ult => (CmpOp::Ult, false, false),
        IntPred::Ule => (CmpOp::Ule, false, false),
        IntPred::Ugt => (CmpOp::Ult, true, false),
        IntPred::Uge => (CmpOp::Ule, true, false),
        IntPred::Slt => (CmpOp::Slt, false, false),
        IntPred::Sle => (CmpOp::Sle, false, false),
        IntPred::Sgt => (CmpOp::Slt, true, false),
        IntPred::Sge => (CmpOp::Sle, true, false),
    }
}

/// `icmp pred a, b` on `w`-bit integers.
#[inline(always)]
pub fn icmp<D: Domain>(d: &mut D, p: IntPred, w: u32, a: D::V, b: D::V) -> D::V {
    let (op, swap, neg) = canonical(p);
    let c = if swap {
        d.cmp(op, w, b, a)
    } else {
        d.cmp(op, w, a, b)
    };
    if neg {
        d.not(c)
    } else {
        c
    }
}

/// A cast between scalars (pointers as integers of their width); `None`: floating point in
/// a domain without it.
#[inline]
pub fn cast<D: Domain>(d: &mut D, op: CastOp, from: Scalar, to: Scalar, x: D::V) -> Option<D::V> {
    let (Scalar::Int(wf), Scalar::Int(wt)) = (from, to) else {
        return d.fcast(op, from, to, x);
    };
    Some(match op {
        CastOp::Trunc => d.trunc(wf, wt, x),
        CastOp::ZExt => d.zext(wf, wt, x),
        CastOp::SExt => d.sext(wf, wt, x),
        // Pointer-integer conversions keep the address, zero-extended or truncated.
        CastOp::PtrToInt | CastOp::IntToPtr | CastOp::BitCast | CastOp::AddrSpaceCast => {
            resize(d, wf, wt, x)
        }
        CastOp::FpTrunc
        | CastOp::FpExt
        | CastOp::FpToUi
        | CastOp::FpToSi
        | CastOp::UiToFp
        | CastOp::SiToFp => return d.fcast(op, from, to, x),
    })
}

/// Zero-extends or truncates from `wf` to `wt` bits.
#[inline(always)]
pub fn resize<D: Domain>(d: &mut D, wf: u32, wt: u32, x: D::V) -> D::V {
    match wt.cmp(&wf) {
        std::cmp::Ordering::Less => d.trunc(wf, wt, x),
        std::cmp::Ordering::Greater => d.zext(wf, wt, x),
        std::cmp::Ordering::Equal => x,
    }
}

/// `select c, a, b`, decided at once when `c` is known.
#[inline(always)]
pub fn select<D: Domain>(d: &mut D, c: D::V, a: D::V, b: D::V) -> D::V {
    match d.known(c) {
        Some(k) => {
            if k & 1 != 0 {
                a
            } else {
                b
            }
        }
        None => d.select(c, a, b),
    }
}

/// Which failures are errors (KLEE's `--check-div-zero`, `--check-overshift`; both on by
/// default). An unchecked operation yields the total operation's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    pub div_zero: bool,
    pub overshift: bool,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            div_zero: true,
            overshift: true,
        }
    }
}

impl Checks {
    pub fn wants(self, e: IntErr) -> bool {
        match e {
            IntErr::Div => self.div_zero,
            IntErr::Overshift => self.overshift,
        }
    }
}

/// Whether a failure of the instruction at `loc` is reported: it is checked and not poison.
#[inline(always)]
pub fn reported(e: IntErr, loc: u32, checks: Checks) -> bool {
    checks.wants(e) && !is_poison(e, loc)
}

/// A failed operation whose result is poison rather than an error: an over-wide shift without
/// a source location. Optimized code (the C library) evaluates shifts speculatively, e.g.
/// `bits > 30 || x >> bits == 0` becomes an unconditional `lshr` whose poison result is
/// discarded by a select, and LLVM drops the debug location of such hoisted instructions; a
/// shift written by the program always has a location (`-g`) and is reported.
#[inline(always)]
pub fn is_poison(e: IntErr, loc: u32) -> bool {
    e == IntErr::Overshift && loc == 0
}

/// The result of an integer intrinsic: one value, or a with-overflow pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntrResult<V> {
    One(V),
    Pair(V, V),
}

/// The integer intrinsics defined by arithmetic (on `w`-bit scalars; `args` as the call has
/// them). `None`: not one of these, or not expressible in this domain at this width.
pub fn int_intrinsic<D: Domain>(
    d: &mut D,
    which: Intrinsic,
    w: u32,
    args: &[D::V],
) -> Option<IntrResult<D::V>> {
    use IntrResult::One;
    use Intrinsic as I;
    let arg = |k: usize| args.get(k).copied();
    Some(match which {
        I::Expect => One(arg(0)?),
        I::SMin | I::SMax | I::UMin | I::UMax => {
            let (a, b) = (arg(0)?, arg(1)?);
            let p = match which {
                I::SMin => IntPred::Slt,
                I::SMax => IntPred::Sgt,
                I::UMin => IntPred::Ult,
                _ => IntPred::Ugt,
            };
            let c = icmp(d, p, w, a, b);
            One(select(d, c, a, b))
        }
        I::Abs => {
            // (INT_MIN stays INT_MIN: the poison flag's case, defined as wrapping.)
            let a = arg(0)?;
            let z = d.konst(w, 0);
            let neg = icmp(d, IntPred::Slt, w, a, z);
            let na = d.op(Op::Sub, w, z, a);
            One(select(d, neg, na, a))
        }
        _ if which.with_overflow() => {
            let (a, b) = (arg(0)?, arg(1)?);
            let (r, ov) = with_overflow(d, which, w, a, b)?;
            IntrResult::Pair(r, ov)
        }
        I::UAddSat | I::USubSat | I::SAddSat | I::SSubSat => {
            One(saturating(d, which, w, arg(0)?, arg(1)?))
        }
        _ => return None,
    })
}

/// `llvm.*.with.overflow`: the wrapped result and whether it overflowed.
fn with_overflow<D: Domain>(
    d: &mut D,
    which: Intrinsic,
    w: u32,
    a: D::V,
    b: D::V,
) -> Option<(D::V, D::V)> {
    use Intrinsic as I;
    let z = d.konst(w, 0);
    Some(match which {
        I::UAddWithOverflow | I::SAddWithOverflow | I::USubWithOverflow | I::SSubWithOverflow => {
            let add = matches!(which, I::UAddWithOverflow | I::SAddWithOverflow);
            let r = d.op(if add { Op::Add } else { Op::Sub }, w, a, b);
            let ov = match which {
                // A carry: the sum wrapped below a; a borrow: a < b.
                I::UAddWithOverflow => icmp(d, IntPred::Ult, w, r, a),
                I::USubWithOverflow => icmp(d, IntPred::Ult, w, a, b),
                // Signed: the sign of r differs from those of both addends, or the operands'
                // signs differ and r's is not a's.
                _ => {
                    let (x1, x2) = if add {
                        (d.op(Op::Xor, w, r, a), d.op(Op::Xor, w, r, b))
                    } else {
                        (d.op(Op::Xor, w, a, b), d.op(Op::Xor, w, a, r))
                    };
                    let x = d.op(Op::And, w, x1, x2);
                    icmp(d, IntPred::Slt, w, x, z)
                }
            };
            (r, ov)
        }
        I::UMulWithOverflow | I::SMulWithOverflow => {
            let signed = which == I::SMulWithOverflow;
            let r = d.op(Op::Mul, w, a, b);
            if 2 * w <= 128 {
                // The product at twice the width does not fit back.
                let (a2, b2) = if signed {
                    (d.sext(w, 2 * w, a), d.sext(w, 2 * w, b))
                } else {
                    (d.zext(w, 2 * w, a), d.zext(w, 2 * w, b))
                };
                let m = d.op(Op::Mul, 2 * w, a2, b2);
                let back = if signed {
                    d.sext(w, 2 * w, r)
                } else {
                    d.zext(w, 2 * w, r)
                };
                let eq = d.cmp(CmpOp::Eq, 2 * w, m, back);
                (r, d.not(eq))
            } else {
                // Wider: the product overflowed when dividing it back by a nonzero `a` does
                // not give `b` (signed: or it is MIN * -1).
                let a_nz = icmp(d, IntPred::Ne, w, a, z);
                let q = d.op(if signed { Op::SDiv } else { Op::UDiv }, w, r, a);
                let wrong = icmp(d, IntPred::Ne, w, q, b);
                let mut ov = d.op(Op::And, 1, a_nz, wrong);
                if signed {
                    let m1 = d.konst(w, mask(w));
                    let mn = d.konst(w, 1u128 << (w - 1));
                    let x = icmp(d, IntPred::Eq, w, a, m1);
                    let y = icmp(d, IntPred::Eq, w, b, mn);
                    let both = d.op(Op::And, 1, x, y);
                    ov = d.op(Op::Or, 1, ov, both);
                }
                (r, ov)
            }
        }
        _ => return None,
    })
}

/// `llvm.[us]{add,sub}.sat`: the result clamped to the range instead of wrapping.
fn saturating<D: Domain>(d: &mut D, which: Intrinsic, w: u32, a: D::V, b: D::V) -> D::V {
    use Intrinsic as I;
    let (ow, add, signed) = match which {
        I::UAddSat => (I::UAddWithOverflow, true, false),
        I::USubSat => (I::USubWithOverflow, false, false),
        I::SAddSat => (I::SAddWithOverflow, true, true),
        _ => (I::SSubWithOverflow, false, true),
    };
    let (r, ov) = with_overflow(d, ow, w, a, b).expect("add / sub with overflow");
    let limit = if !signed {
        d.konst(w, if add { mask(w) } else { 0 })
    } else {
        // Signed overflow goes towards a's sign: MIN when a < 0, else MAX.
        let z = d.konst(w, 0);
        let a_neg = icmp(d, IntPred::Slt, w, a, z);
        let mn = d.konst(w, 1u128 << (w - 1));
        let mx = d.konst(w, mask(w) >> 1);
        select(d, a_neg, mn, mx)
    };
    select(d, ov, limit, r)
}

#[cfg(test)]
#[path = "sem_tests.rs"]
mod tests;
