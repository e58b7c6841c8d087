//! The semantics agree with themselves across domains (concrete values against expressions
//! over free inputs, evaluated under the same values) and with an independent reference
//! (Rust's checked and saturating `i128` / `u128` arithmetic).

use super::*;
use crate::expr::eval::{eval, Assignment};
use crate::expr::proptests::Rng;
use crate::expr::{Array, ArrayId};

const WIDTHS: &[u32] = &[1, 2, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128];

/// Two free 16-byte inputs, and values for them.
struct Inputs {
    pool: ExprPool,
    arr: [ArrayId; 2],
    asg: Assignment,
}

impl Inputs {
    fn new() -> Self {
        let mut pool = ExprPool::new();
        let mut mk = |name: &str| {
            pool.new_array(Array {
                name: name.into(),
                size: 16,
                domain: 32,
                init: None,
            })
        };
        let arr = [mk("x"), mk("y")];
        Inputs {
            pool,
            arr,
            asg: Assignment::new(),
        }
    }

    /// Input `k` as a `w`-bit expression, assigned the value `v`.
    fn var(&mut self, k: usize, w: u32, v: u128) -> ExprId {
        self.asg
            .values
            .insert(self.arr[k], v.to_le_bytes().to_vec());
        let i = self.pool.constant(32, 0);
        let e = self.pool.read_bytes_le(self.arr[k], None, i, 16);
        self.pool.extract(e, 0, w)
    }

    fn eval(&self, e: ExprId) -> u128 {
        eval(&self.pool, e, &self.asg)
    }
}

fn value(r: &mut Rng, w: u32) -> u128 {
    let v = match r.below(6) {
        0 => 0,
        1 => 1,
        2 => !0,
        3 => 1 << (w - 1),
        4 => (1 << (w - 1)) - 1,
        _ => r.u128(),
    };
    v & mask(w)
}

fn sx(v: u128, w: u32) -> i128 {
    super::super::value::sext(v, w)
}

const BINS: &[BinOp] = &[
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::UDiv,
    BinOp::SDiv,
    BinOp::URem,
    BinOp::SRem,
    BinOp::And,
    BinOp::Or,
    BinOp::Xor,
    BinOp::Shl,
    BinOp::LShr,
    BinOp::AShr,
];

#[test]
fn binary_operations_agree() {
    let mut r = Rng::new(7);
    for _ in 0..4000 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let op = BINS[r.below(BINS.len() as u64) as usize];
        let (a, b) = (value(&mut r, w), value(&mut r, w));
        let b = if r.chance(20) { 0 } else { b };
        let b = if r.chance(20) {
            (b % (w as u128 + 2)) & mask(w)
        } else {
            b
        };
        let conc = bin(&mut Conc, op, Scalar::Int(w), a, b);
        let mut inp = Inputs::new();
        let (x, y) = (inp.var(0, w, a), inp.var(1, w, b));
        let sym = bin(&mut Exprs(&mut inp.pool), op, Scalar::Int(w), x, y).unwrap();
        let what = format!("{op:?} i{w} {a:#x} {b:#x}");
        let conc = conc.unwrap();
        // The same value (also where the operation fails: the total operation's) and the
        // same failure; `ok` is the negation of `bad`.
        assert_eq!(conc.v, inp.eval(sym.v), "{what}");
        let fails = sym
            .fails
            .map(|(e, bad, ok)| (e, inp.eval(bad), inp.eval(ok)));
        match conc.fails {
            None => assert!(
                fails.is_none_or(|(_, bad, ok)| bad == 0 && ok == 1),
                "{what}"
            ),
            Some((e, bad, ok)) => {
                assert_eq!((bad, ok), (1, 0), "{what}");
                assert_eq!(fails, Some((e, 1, 0)), "{what}");
            }
        }
        // Reference: Rust's arithmetic (where the operation is defined).
        if conc.fails.is_none() {
            let (sa, sb) = (sx(a, w), sx(b, w));
            let m = mask(w);
            let want = match op {
                BinOp::Add => a.wrapping_add(b) & m,
                BinOp::Sub => a.wrapping_sub(b) & m,
                BinOp::Mul => a.wrapping_mul(b) & m,
                BinOp::UDiv => a / b,
                BinOp::URem => a % b,
                BinOp::SDiv => sa.wrapping_div(sb) as u128 & m,
                BinOp::SRem => sa.wrapping_rem(sb) as u128 & m,
                BinOp::And => a & b,
                BinOp::Or => a | b,
                BinOp::Xor => a ^ b,
                BinOp::Shl => (a << b) & m,
                BinOp::LShr => a >> b,
                _ => (sa >> b) as u128 & m,
            };
            assert_eq!(conc.v, want, "{what}");
        } else {
            let div = matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem);
            assert!(if div { b == 0 } else { b >= w as u128 }, "{what}");
        }
    }
}

#[test]
fn comparisons_agree() {
    use IntPred::*;
    let mut r = Rng::new(11);
    for _ in 0..3000 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (value(&mut r, w), value(&mut r, w));
        let b = if r.chance(20) { a } else { b };
        for p in [Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle] {
            let (sa, sb) = (sx(a, w), sx(b, w));
            let want = match p {
                Eq => a == b,
                Ne => a != b,
                Ugt => a > b,
                Uge => a >= b,
                Ult => a < b,
                Ule => a <= b,
                Sgt => sa > sb,
                Sge => sa >= sb,
                Slt => sa < sb,
                Sle => sa <= sb,
            };
            assert_eq!(icmp(&mut Conc, p, w, a, b), want as u128, "{p:?} i{w}");
            let mut inp = Inputs::new();
            let (x, y) = (inp.var(0, w, a), inp.var(1, w, b));
            let e = icmp(&mut Exprs(&mut inp.pool), p, w, x, y);
            assert_eq!(inp.eval(e), want as u128, "{p:?} i{w} {a:#x} {b:#x}");
        }
    }
}

#[test]
fn integer_casts_agree() {
    let mut r = Rng::new(13);
    for _ in 0..3000 {
        let wf = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let wt = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let a = value(&mut r, wf);
        let ops: &[CastOp] = match wt.cmp(&wf) {
            std::cmp::Ordering::Less => &[CastOp::Trunc, CastOp::PtrToInt, CastOp::IntToPtr],
            std::cmp::Ordering::Greater => &[CastOp::ZExt, CastOp::SExt, CastOp::PtrToInt],
            std::cmp::Ordering::Equal => &[CastOp::BitCast, CastOp::IntToPtr],
        };
        for &op in ops {
            let want = match op {
                CastOp::SExt => sx(a, wf) as u128 & mask(wt),
                _ => a & mask(wt),
            };
            let (f, t) = (Scalar::Int(wf), Scalar::Int(wt));
            assert_eq!(
                cast(&mut Conc, op, f, t, a),
                Some(want),
                "{op:?} i{wf} to i{wt}"
            );
            let mut inp = Inputs::new();
            let x = inp.var(0, wf, a);
            let e = cast(&mut Exprs(&mut inp.pool), op, f, t, x).unwrap();
            assert_eq!(inp.pool.width(e), wt);
            assert_eq!(inp.eval(e), want, "{op:?} i{wf} to i{wt} {a:#x}");
        }
    }
    // Floating point: the concrete domain has it, expressions do not.
    let one = cast(
        &mut Conc,
        CastOp::SiToFp,
        Scalar::Int(32),
        Scalar::F(FK::F64),
        1,
    );
    assert_eq!(one, Some(1f64.to_bits() as u128));
    let mut inp = Inputs::new();
    let x = inp.var(0, 32, 1);
    let e = cast(
        &mut Exprs(&mut inp.pool),
        CastOp::SiToFp,
        Scalar::Int(32),
        Scalar::F(FK::F64),
        x,
    );
    assert_eq!(e, None);
}

/// Rust's reference for the intrinsics, on `w`-bit values.
fn reference(which: Intrinsic, w: u32, a: u128, b: u128) -> IntrResult<u128> {
    use IntrResult::{One, Pair};
    use Intrinsic as I;
    let m = mask(w);
    let (sa, sb) = (sx(a, w), sx(b, w));
    let (lo, hi) = if w == 128 {
        (i128::MIN, i128::MAX)
    } else {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    };
    let fits = |v: Option<i128>| v.is_some_and(|v| (lo..=hi).contains(&v));
    let ufits = |v: Option<u128>| v.is_some_and(|v| v <= m);
    match which {
        I::SMin => One(if sa <= sb { a } else { b }),
        I::SMax => One(if sa >= sb { a } else { b }),
        I::UMin => One(a.min(b)),
        I::UMax => One(a.max(b)),
        I::Abs => One(sa.wrapping_abs() as u128 & m),
        I::UAddWithOverflow => Pair(a.wrapping_add(b) & m, !ufits(a.checked_add(b)) as u128),
        I::USubWithOverflow => Pair(a.wrapping_sub(b) & m, (a < b) as u128),
        I::UMulWithOverflow => Pair(a.wrapping_mul(b) & m, !ufits(a.checked_mul(b)) as u128),
        I::SAddWithOverflow => Pair(a.wrapping_add(b) & m, !fits(sa.checked_add(sb)) as u128),
        I::SSubWithOverflow => Pair(a.wrapping_sub(b) & m, !fits(sa.checked_sub(sb)) as u128),
        I::SMulWithOverflow => Pair(a.wrapping_mul(b) & m, !fits(sa.checked_mul(sb)) as u128),
        I::UAddSat => One(a.saturating_add(b).min(m)),
        I::USubSat => One(a.saturating_sub(b)),
        I::SAddSat => One(sa.saturating_add(sb).clamp(lo, hi) as u128 & m),
        _ => One(sa.saturating_sub(sb).clamp(lo, hi) as u128 & m),
    }
}

#[test]
fn intrinsics_agree() {
    use Intrinsic as I;
    let all = [
        I::SMin,
        I::SMax,
        I::UMin,
        I::UMax,
        I::Abs,
        I::UAddWithOverflow,
        I::USubWithOverflow,
        I::UMulWithOverflow,
        I::SAddWithOverflow,
        I::SSubWithOverflow,
        I::SMulWithOverflow,
        I::UAddSat,
        I::USubSat,
        I::SAddSat,
        I::SSubSat,
    ];
    let mut r = Rng::new(17);
    for _ in 0..1500 {
        let w = WIDTHS[r.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (value(&mut r, w), value(&mut r, w));
        for which in all {
            let what = format!("{which:?} i{w} {a:#x} {b:#x}");
            let want = reference(which, w, a, b);
            let conc = int_intrinsic(&mut Conc, which, w, &[a, b]);
            assert_eq!(conc, Some(want), "{what}");
            let mut inp = Inputs::new();
            let (x, y) = (inp.var(0, w, a), inp.var(1, w, b));
            let e = int_intrinsic(&mut Exprs(&mut inp.pool), which, w, &[x, y]).unwrap();
            let got = match e {
                IntrResult::One(v) => IntrResult::One(inp.eval(v)),
                IntrResult::Pair(v, o) => IntrResult::Pair(inp.eval(v), inp.eval(o)),
            };
            assert_eq!(got, want, "{what}");
        }
    }
}

#[test]
fn poison_is_an_unlocated_overshift_only() {
    assert!(is_poison(IntErr::Overshift, 0));
    assert!(!is_poison(IntErr::Overshift, 3));
    assert!(!is_poison(IntErr::Div, 0));
}

/// Hand-picked cases at odd widths (the concrete domain alone).
#[test]
fn odd_widths() {
    use BinOp::*;
    let b = |op, w, x, y| {
        let c = bin(&mut Conc, op, Scalar::Int(w), x, y).unwrap();
        match c.fails {
            Some((e, ..)) => Err(e),
            None => Ok(c.v),
        }
    };
    assert_eq!(b(Add, 1, 1, 1), Ok(0));
    assert_eq!(b(Add, 7, 127, 1), Ok(0));
    assert_eq!(b(Sub, 7, 0, 1), Ok(127));
    assert_eq!(b(SDiv, 7, 127, 2), Ok(0)); // -1 / 2 = 0
    assert_eq!(b(SDiv, 7, 64, 127), Ok(64)); // INT_MIN / -1 wraps
    assert_eq!(b(SRem, 7, 0x7b, 2), Ok(127)); // -5 % 2 = -1
    assert_eq!(b(AShr, 33, 1 << 32, 4), Ok(mask(33) & !mask(28)));
    assert_eq!(b(Mul, 33, 1 << 32, 2), Ok(0));
    assert_eq!(b(Add, 128, !0, 1), Ok(0));
    assert_eq!(b(SDiv, 128, 1 << 127, !0), Ok(1 << 127));
    assert_eq!(b(UDiv, 128, !0, 3), Ok(!0u128 / 3));
    assert_eq!(b(UDiv, 8, 1, 0), Err(IntErr::Div));
    assert_eq!(b(SRem, 8, 1, 0), Err(IntErr::Div));
    assert_eq!(b(Shl, 8, 1, 8), Err(IntErr::Overshift));
    assert_eq!(b(Shl, 1, 1, 1), Err(IntErr::Overshift));
    assert_eq!(b(Shl, 128, 1, 127), Ok(1 << 127));
    assert_eq!(icmp(&mut Conc, IntPred::Slt, 1, 1, 0), 1); // i1: -1 < 0
    assert_eq!(icmp(&mut Conc, IntPred::Sgt, 33, 1, 1 << 32), 1);
    assert_eq!(icmp(&mut Conc, IntPred::Slt, 128, 1 << 127, 0), 1);
}
