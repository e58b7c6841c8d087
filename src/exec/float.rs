//! Floating-point semantics over bit patterns: f32/f64 natively, half, x86_fp80 and fp128
//! exactly through `rustc_apfloat`.

use crate::ir::{BinOp, FloatPred};
use rustc_apfloat::ieee::{Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert, Round};
use std::cmp::Ordering;
use std::ops::{Add, Div, Mul, Rem, Sub};

/// A floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FK {
    Half,
    F32,
    F64,
    F80,
    F128,
}

impl FK {
    pub fn bits(self) -> u32 {
        match self {
            FK::Half => 16,
            FK::F32 => 32,
            FK::F64 => 64,
            FK::F80 => 80,
            FK::F128 => 128,
        }
    }
    fn sign_bit(self) -> u128 {
        1u128 << (self.bits() - 1)
    }
}

/// Unary rounding-style float operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUn {
    Abs,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// rint / nearbyint / roundeven: ties to even.
    RoundEven,
    /// round: ties away from zero.
    Round,
}

#[inline]
fn f32b(v: u128) -> f32 {
    f32::from_bits(v as u32)
}
#[inline]
fn f64b(v: u128) -> f64 {
    f64::from_bits(v as u64)
}

macro_rules! dispatch {
    ($fk:expr, $f:ident ( $($a:expr),* )) => {
        match $fk {
            FK::Half => $f::<Half>($($a),*),
            FK::F80 => $f::<X87DoubleExtended>($($a),*),
            FK::F128 => $f::<Quad>($($a),*),
            FK::F32 => $f::<Single>($($a),*),
            FK::F64 => $f::<Double>($($a),*),
        }
    };
}

fn ap_bin<F: Float>(op: BinOp, a: u128, b: u128) -> u128 {
    let (x, y) = (F::from_bits(a), F::from_bits(b));
    let r = match op {
        BinOp::FAdd => (x + y).value,
        BinOp::FSub => (x - y).value,
        BinOp::FMul => (x * y).value,
        BinOp::FDiv => (x / y).value,
        _ => x.c_fmod(y).value,
    };
    r.to_bits()
}

/// fadd, fsub, fmul, fdiv, frem on a native float (`f32` or `f64`).
fn native_bin<F>(op: BinOp, x: F, y: F) -> F
where
    F: Add<Output = F> + Sub<Output = F> + Mul<Output = F> + Div<Output = F> + Rem<Output = F>,
{
    match op {
        BinOp::FAdd => x + y,
        BinOp::FSub => x - y,
        BinOp::FMul => x * y,
        BinOp::FDiv => x / y,
        _ => x % y,
    }
}

/// fadd, fsub, fmul, fdiv, frem.
pub fn fbin(fk: FK, op: BinOp, a: u128, b: u128) -> u128 {
    match fk {
        FK::F64 => native_bin(op, f64b(a), f64b(b)).to_bits() as u128,
        FK::F32 => native_bin(op, f32b(a), f32b(b)).to_bits() as u128,
        _ => dispatch!(fk, ap_bin(op, a, b)),
    }
}

pub fn fneg(fk: FK, a: u128) -> u128 {
    a ^ fk.sign_bit()
}

fn ap_cmp<F: Float>(a: u128, b: u128) -> Option<Ordering> {
    F::from_bits(a).partial_cmp(&F::from_bits(b))
}

pub fn fcmp(fk: FK, pred: FloatPred, a: u128, b: u128) -> bool {
    let ord = match fk {
        FK::F64 => f64b(a).partial_cmp(&f64b(b)),
        FK::F32 => f32b(a).partial_cmp(&f32b(b)),
        _ => dispatch!(fk, ap_cmp(a, b)),
    };
    use FloatPred::*;
    use Ordering::*;
    match (pred, ord) {
        (False, _) => false,
        (True, _) => true,
        (Ord, o) => o.is_some(),
        (Uno, o) => o.is_none(),
        (_, None) => matches!(pred, Ueq | Ugt | Uge | Ult | Ule | Une),
        (Oeq | Ueq, Some(o)) => o == Equal,
        (Ogt | Ugt, Some(o)) => o == Greater,
        (Oge | Uge, Some(o)) => o != Less,
        (Olt | Ult, Some(o)) => o == Less,
        (Ole | Ule, Some(o)) => o != Greater,
        (One | Une, Some(o)) => o != Equal,
    }
}

fn ap_to_int<F: Float>(a: u128, _w: u32, signed: bool) -> u128 {
    // Converted at full width, then truncated by the caller (out-of-range results are poison).
    let x = F::from_bits(a);
    if signed {
        x.to_i128(128).value as u128
    } else {
        x.to_u128(128).value
    }
}

/// fptosi / fptoui to an integer of width `w` (result masked to `w` bits).
pub fn to_int(fk: FK, a: u128, w: u32, signed: bool) -> u128 {
    let m = super::value::mask(w);
    let r = match (fk, signed) {
        (FK::F64, true) => f64b(a) as i128 as u128,
        (FK::F64, false) => f64b(a) as u128,
        (FK::F32, true) => f32b(a) as i128 as u128,
        (FK::F32, false) => f32b(a) as u128,
        _ => dispatch!(fk, ap_to_int(a, w, signed)),
    };
    r & m
}

fn ap_from_int<F: Float>(v: u128, w: u32, signed: bool) -> u128 {
    if signed {
        F::from_i128(super::value::sext(v, w)).value.to_bits()
    } else {
        F::from_u128(v).value.to_bits()
    }
}

/// sitofp / uitofp from an integer of width `w`.
pub fn from_int(fk: FK, v: u128, w: u32, signed: bool) -> u128 {
    match (fk, signed) {
        (FK::F64, true) => (super::value::sext(v, w) as f64).to_bits() as u128,
        (FK::F64, false) => (v as f64).to_bits() as u128,
        (FK::F32, true) => (super::value::sext(v, w) as f32).to_bits() as u128,
        (FK::F32, false) => (v as f32).to_bits() as u128,
        _ => dispatch!(fk, ap_from_int(v, w, signed)),
    }
}

fn conv_from<F>(a: u128, to: FK) -> u128
where
    F: Float
        + FloatConvert<Half>
        + FloatConvert<Single>
        + FloatConvert<Double>
        + FloatConvert<X87DoubleExtended>
        + FloatConvert<Quad>,
{
    let x = F::from_bits(a);
    let mut l = false;
    match to {
        FK::Half => FloatConvert::<Half>::convert(x, &mut l).value.to_bits(),
        FK::F32 => FloatConvert::<Single>::convert(x, &mut l).value.to_bits(),
        FK::F64 => FloatConvert::<Double>::convert(x, &mut l).value.to_bits(),
        FK::F80 => FloatConvert::<X87DoubleExtended>::convert(x, &mut l)
            .value
            .to_bits(),
        FK::F128 => FloatConvert::<Quad>::convert(x, &mut l).value.to_bits(),
    }
}

/// fpext / fptrunc between any two formats.
pub fn convert(from: FK, to: FK, a: u128) -> u128 {
    match (from, to) {
        _ if from == to => a,
        (FK::F32, FK::F64) => (f32b(a) as f64).to_bits() as u128,
        (FK::F64, FK::F32) => (f64b(a) as f32).to_bits() as u128,
        _ => match from {
            FK::Half => conv_from::<Half>(a, to),
            FK::F32 => conv_from::<Single>(a, to),
            FK::F64 => conv_from::<Double>(a, to),
            FK::F80 => conv_from::<X87DoubleExtended>(a, to),
            FK::F128 => conv_from::<Quad>(a, to),
        },
    }
}

fn ap_unary<F: Float>(op: FUn, a: u128) -> u128 {
    let x = F::from_bits(a);
    let r = match op {
        FUn::Abs => x.abs(),
        FUn::Sqrt => unreachable!(),
        FUn::Floor => x.round_to_integral(Round::TowardNegative).value,
        FUn::Ceil => x.round_to_integral(Round::TowardPositive).value,
        FUn::Trunc => x.round_to_integral(Round::TowardZero).value,
        FUn::RoundEven => x.round_to_integral(Round::NearestTiesToEven).value,
        FUn::Round => x.round_to_integral(Round::NearestTiesToAway).value,
    };
    r.to_bits()
}

/// `op` on a native float: `f32` and `f64` have the same methods, but no trait of them.
macro_rules! native_unary {
    ($op:expr, $x:expr) => {{
        let x = $x;
        match $op {
            FUn::Abs => x.abs(),
            FUn::Sqrt => x.sqrt(),
            FUn::Floor => x.floor(),
            FUn::Ceil => x.ceil(),
            FUn::Trunc => x.trunc(),
            FUn::RoundEven => x.round_ties_even(),
            FUn::Round => x.round(),
        }
    }};
}

pub fn unary(fk: FK, op: FUn, a: u128) -> u128 {
    match fk {
        FK::F64 => native_unary!(op, f64b(a)).to_bits() as u128,
        FK::F32 => native_unary!(op, f32b(a)).to_bits() as u128,
        _ if op == FUn::Sqrt => {
            // Not provided by rustc_apfloat: computed in double precision.
            let d = convert(fk, FK::F64, a);
            convert(FK::F64, fk, (f64b(d).sqrt()).to_bits() as u128)
        }
        _ => dispatch!(fk, ap_unary(op, a)),
    }
}

fn ap_fma<F: Float>(a: u128, b: u128, c: u128) -> u128 {
    F::from_bits(a)
        .mul_add(F::from_bits(b), F::from_bits(c))
        .value
        .to_bits()
}

pub fn fma(fk: FK, a: u128, b: u128, c: u128) -> u128 {
    match fk {
        FK::F64 => f64b(a).mul_add(f64b(b), f64b(c)).to_bits() as u128,
        FK::F32 => f32b(a).mul_add(f32b(b), f32b(c)).to_bits() as u128,
        _ => dispatch!(fk, ap_fma(a, b, c)),
    }
}

pub fn copysign(fk: FK, a: u128, b: u128) -> u128 {
    let s = fk.sign_bit();
    (a & !s) | (b & s)
}

fn is_nan(fk: FK, a: u128) -> bool {
    !fcmp(fk, FloatPred::Ord, a, a)
}

/// minnum (max = false) / maxnum (max = true): a NaN operand yields the other operand.
pub fn minmax(fk: FK, max: bool, a: u128, b: u128) -> u128 {
    if is_nan(fk, a) {
        return b;
    }
    if is_nan(fk, b) {
        return a;
    }
    let a_less = fcmp(fk, FloatPred::Olt, a, b);
    if a_less != max {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(x: f64) -> u128 {
        convert(FK::F64, FK::F80, x.to_bits() as u128)
    }

    #[test]
    fn fp80_exact() {
        // 1 + 2^-60 is exact in x87 extended precision (64-bit mantissa), not in double.
        let one = ld(1.0);
        let tiny = ld(2f64.powi(-60));
        let s = fbin(FK::F80, BinOp::FAdd, one, tiny);
        let back = fbin(FK::F80, BinOp::FSub, s, one);
        assert_eq!(back, tiny);
        assert_ne!(s, one);
        // 3 * 1/3 product differs from 1 but is exact per extended rounding.
        let three = ld(3.0);
        let p = fbin(FK::F80, BinOp::FMul, three, ld(0.5));
        assert_eq!(convert(FK::F80, FK::F64, p), 1.5f64.to_bits() as u128);
        // bit layout: 1.0 = exponent 0x3fff, explicit integer bit.
        assert_eq!(one, (0x3fffu128 << 64) | (1u128 << 63));
        assert_eq!(to_int(FK::F80, ld(-7.9), 32, true), (-7i32) as u32 as u128);
        assert_eq!(from_int(FK::F80, 5, 32, false), ld(5.0));
    }

    #[test]
    fn fcmp_nan() {
        let nan = f64::NAN.to_bits() as u128;
        let one = 1f64.to_bits() as u128;
        assert!(!fcmp(FK::F64, FloatPred::Oeq, nan, nan));
        assert!(fcmp(FK::F64, FloatPred::Une, nan, one));
        assert!(fcmp(FK::F64, FloatPred::Uno, nan, one));
        assert!(!fcmp(FK::F64, FloatPred::One, nan, one));
        assert!(fcmp(FK::F64, FloatPred::Ole, one, one));
        assert_eq!(minmax(FK::F64, false, nan, one), one);
    }
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    #[test]
    fn conversions_never_panic() {
        let vals = [
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            1e300,
            -1e300,
            -0.0,
            0.5,
            -1.5,
            3.0,
        ];
        for fk in [FK::Half, FK::F32, FK::F64, FK::F80, FK::F128] {
            for v in vals {
                let x = convert(FK::F64, fk, v.to_bits() as u128);
                for w in [1, 7, 8, 32, 33, 64, 127, 128] {
                    for s in [false, true] {
                        let r = to_int(fk, x, w, s);
                        assert!(r <= super::super::value::mask(w));
                        let _ = from_int(fk, r, w, s);
                    }
                }
                for u in [
                    FUn::Abs,
                    FUn::Sqrt,
                    FUn::Floor,
                    FUn::Ceil,
                    FUn::Trunc,
                    FUn::RoundEven,
                    FUn::Round,
                ] {
                    let _ = unary(fk, u, x);
                }
                for to in [FK::Half, FK::F32, FK::F64, FK::F80, FK::F128] {
                    let _ = convert(fk, to, x);
                }
                let _ = fbin(fk, BinOp::FRem, x, x);
            }
        }
        let x = convert(FK::F64, FK::F80, (-2.5f64).to_bits() as u128);
        assert_eq!(to_int(FK::F80, x, 8, true), 0xfe);
        let r = unary(FK::F80, FUn::RoundEven, x);
        assert_eq!(convert(FK::F80, FK::F64, r), (-2.0f64).to_bits() as u128);
        let r = unary(FK::F80, FUn::Round, x);
        assert_eq!(convert(FK::F80, FK::F64, r), (-3.0f64).to_bits() as u128);
        assert_eq!(
            from_int(FK::F64, u128::MAX, 128, false),
            (u128::MAX as f64).to_bits() as u128
        );
        assert_eq!(
            from_int(FK::F32, 0xff, 8, true),
            (-1.0f32).to_bits() as u128
        );
    }
}
