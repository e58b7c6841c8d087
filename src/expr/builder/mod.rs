//! Smart constructors: the normal way to build expressions. Each folds constants (without
//! allocating) and applies local simplifications that put expressions in canonical form, so
//! that hash-consing shares more and the solver sees less. Every rule is guarded by the
//! property tests in `tests.rs` (`eval(simplified) == eval(raw)`).
//!
//! Canonical forms (KLEE-like):
//! * constants on the left of commutative operators (`Add`, `Mul`, `And`, `Or`, `Xor`, `Eq`);
//!   two non-constant operands are ordered by id;
//! * `x - c` is `(-c) + x`; constants float outwards: `c1 + (c2 + x)` → `(c1+c2) + x`,
//!   `x + (c + y)` → `c + (x + y)`; same for `Mul`, `And`, `Or`, `Xor`;
//! * comparisons use only `Eq`, `Ult`, `Ule`, `Slt`, `Sle` (`ugt` etc. swap operands),
//!   `ne(a, b)` is `Not(Eq(a, b))`; `Not` of a comparison is kept as is;
//! * width-1 arithmetic is logic (`Add`/`Sub` → `Xor`, `Mul` → `And`);
//! * `Concat(0, x)` is `ZExt(x)`.
//!
//! Widths: operand widths are checked with `debug_assert!`s. A result wider than `MAX_WIDTH`
//! (from `concat`, `zext`, `sext`, `read_bytes_le`) is a caller bug and PANICS with a message
//! in all builds; callers check widths first.

use super::eval::{eval_bin, eval_cmp, ones, sext_bits};
use super::{mask, BinOp, CmpOp, Expr, ExprId, ExprPool, MAX_WIDTH};

/// `select`, `concat`, `extract`, extensions, array reads and writes.
mod bits;

#[inline]
fn is_pow2(x: u128) -> bool {
    x != 0 && x & (x - 1) == 0
}

#[inline]
fn smin(w: u32) -> u128 {
    1u128 << (w - 1)
}

#[inline]
fn smax(w: u32) -> u128 {
    ones(w) >> 1
}

/// An operator on two constants: what `binary` folds them to.
trait Fold: Copy {
    fn fold(self, p: &mut ExprPool, width: u32, x: u128, y: u128) -> ExprId;
}

impl Fold for BinOp {
    #[inline(always)]
    fn fold(self, p: &mut ExprPool, width: u32, x: u128, y: u128) -> ExprId {
        p.constant(width, eval_bin(self, width, x, y))
    }
}

impl Fold for CmpOp {
    #[inline(always)]
    fn fold(self, p: &mut ExprPool, width: u32, x: u128, y: u128) -> ExprId {
        p.bool_const(eval_cmp(self, width, x, y))
    }
}

impl ExprPool {
    // ---------------------------------------------------------------- leaves and helpers

    /// The constant `bits` (truncated to `width`).
    #[inline]
    pub fn constant(&mut self, width: u32, bits: u128) -> ExprId {
        debug_assert!(
            (1..=MAX_WIDTH).contains(&width),
            "width {width} out of range"
        );
        self.intern(
            Expr::Const {
                width,
                bits: mask(width, bits),
            },
            width,
        )
    }

    /// The width-1 constant `b`.
    #[inline]
    pub fn bool_const(&mut self, b: bool) -> ExprId {
        self.constant(1, b as u128)
    }

    /// `true` / `false` as width-1 constants.
    pub fn true_expr(&mut self) -> ExprId {
        self.bool_const(true)
    }
    pub fn false_expr(&mut self) -> ExprId {
        self.bool_const(false)
    }

    #[inline]
    fn is_const(&self, e: ExprId, v: u128) -> bool {
        self.as_const(e) == Some(v)
    }

    #[inline]
    fn bin_raw(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        let w = self.width(a);
        self.intern(Expr::Bin { op, a, b }, w)
    }

    #[inline]
    fn cmp_raw(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        self.intern(Expr::Cmp { op, a, b }, 1)
    }

    /// `Some((c, x))` if `e` is `Bin{op, Const c, x}`.
    #[inline]
    fn const_left(&self, e: ExprId, op: BinOp) -> Option<(u128, ExprId)> {
        match *self.get(e) {
            Expr::Bin { op: o, a, b } if o == op => self.as_const(a).map(|c| (c, b)),
            _ => None,
        }
    }

    #[inline]
    fn check_same_width(&self, a: ExprId, b: ExprId) {
        debug_assert_eq!(self.width(a), self.width(b), "operand widths differ");
    }

    /// Orders a commutative pair: constant left, else lower id left.
    #[inline]
    fn order(&self, a: ExprId, b: ExprId) -> (ExprId, ExprId) {
        match (self.as_const(a).is_some(), self.as_const(b).is_some()) {
            (false, true) => (b, a),
            (true, _) => (a, b),
            (false, false) => {
                if a <= b {
                    (a, b)
                } else {
                    (b, a)
                }
            }
        }
    }

    /// Generic dispatch by operator (for callers that hold a `BinOp`).
    pub fn bin(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        match op {
            BinOp::Add => self.add(a, b),
            BinOp::Sub => self.sub(a, b),
            BinOp::Mul => self.mul(a, b),
            BinOp::UDiv => self.udiv(a, b),
            BinOp::SDiv => self.sdiv(a, b),
            BinOp::URem => self.urem(a, b),
            BinOp::SRem => self.srem(a, b),
            BinOp::And => self.and(a, b),
            BinOp::Or => self.or(a, b),
            BinOp::Xor => self.xor(a, b),
            BinOp::Shl => self.shl(a, b),
            BinOp::LShr => self.lshr(a, b),
            BinOp::AShr => self.ashr(a, b),
        }
    }

    /// Generic dispatch by comparison operator.
    pub fn cmp(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        match op {
            CmpOp::Eq => self.eq(a, b),
            CmpOp::Ult => self.ult(a, b),
            CmpOp::Ule => self.ule(a, b),
            CmpOp::Slt => self.slt(a, b),
            CmpOp::Sle => self.sle(a, b),
        }
    }

    // ---------------------------------------------------------------- arithmetic

    /// The frame of every binary operator and comparison: checks that `a` and `b` have the
    /// same width, folds them with `op` when both are constant, else gives the width to
    /// `simplify`.
    #[inline(always)]
    fn binary<O: Fold>(
        &mut self,
        op: O,
        a: ExprId,
        b: ExprId,
        simplify: impl FnOnce(&mut Self, u32) -> ExprId,
    ) -> ExprId {
        self.check_same_width(a, b);
        let w = self.width(a);
        match (self.as_const(a), self.as_const(b)) {
            (Some(x), Some(y)) => op.fold(self, w, x, y),
            _ => simplify(self, w),
        }
    }

    pub fn add(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Add, a, b, |p, w| {
            if w == 1 {
                return p.xor(a, b);
            }
            let (a, b) = p.order(a, b);
            let r = match p.as_const(a) {
                Some(0) => return b,
                Some(c) => p.merge_constants(BinOp::Add, w, c, b),
                None => p
                    .lift_constant_right(BinOp::Add, w, a, b)
                    .or_else(|| p.lift_constant_left(BinOp::Add, w, a, b)),
            };
            r.unwrap_or_else(|| p.bin_raw(BinOp::Add, a, b))
        })
    }

    pub fn sub(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Sub, a, b, |p, w| {
            if a == b {
                return p.constant(w, 0);
            }
            if w == 1 {
                return p.xor(a, b);
            }
            // x - c → (-c) + x
            if let Some(c) = p.as_const(b) {
                let k = p.constant(w, c.wrapping_neg());
                return p.add(k, a);
            }
            let r = match p.as_const(a) {
                Some(c) => p.merge_constants(BinOp::Sub, w, c, b),
                None => p
                    .lift_constant_left(BinOp::Sub, w, a, b)
                    .or_else(|| p.lift_constant_right(BinOp::Sub, w, a, b)),
            };
            r.unwrap_or_else(|| p.bin_raw(BinOp::Sub, a, b))
        })
    }

    /// `c1 ± (c2 ± x)` → `(c1 ± c2) ± x`: `c op b` (`op` is `Add` or `Sub`) when `b` is a
    /// constant plus or minus `x`.
    fn merge_constants(&mut self, op: BinOp, w: u32, c: u128, b: ExprId) -> Option<ExprId> {
        for inner in [BinOp::Add, BinOp::Sub] {
            if let Some((c2, x)) = self.const_left(b, inner) {
                let k = self.constant(w, eval_bin(op, w, c, c2));
                // Same signs add x, opposite ones subtract it.
                return Some(if op == inner {
                    self.add(k, x)
                } else {
                    self.sub(k, x)
                });
            }
        }
        None
    }

    /// `(c + x) ± y` → `c + (x ± y)`: `a op b` (`op` is `Add` or `Sub`) when `a` is a
    /// constant plus `x`.
    fn lift_constant_left(&mut self, op: BinOp, w: u32, a: ExprId, b: ExprId) -> Option<ExprId> {
        let (c, x) = self.const_left(a, BinOp::Add)?;
        let k = self.constant(w, c);
        let r = self.bin(op, x, b);
        Some(self.add(k, r))
    }

    /// `x ± (c + y)` → `(±c) + (x ± y)`: `a op b` (`op` is `Add` or `Sub`) when `b` is a
    /// constant plus `y`.
    fn lift_constant_right(&mut self, op: BinOp, w: u32, a: ExprId, b: ExprId) -> Option<ExprId> {
        let (c, y) = self.const_left(b, BinOp::Add)?;
        let k = self.constant(w, eval_bin(op, w, 0, c));
        let r = self.bin(op, a, y);
        Some(self.add(k, r))
    }

    /// `c1 op (c2 op x)` → `(c1 op c2) op x` for an associative `op`: `c op b` when `b` is
    /// `c2 op x`.
    fn reassociate(&mut self, op: BinOp, w: u32, c: u128, b: ExprId) -> Option<ExprId> {
        let (c2, x) = self.const_left(b, op)?;
        let k = self.constant(w, eval_bin(op, w, c, c2));
        Some(self.bin(op, k, x))
    }

    /// Two's complement negation, `0 - e`.
    pub fn neg(&mut self, e: ExprId) -> ExprId {
        let z = self.constant(self.width(e), 0);
        self.sub(z, e)
    }

    pub fn mul(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::Mul, a, b, |p, w| {
            if w == 1 {
                return p.and(a, b);
            }
            let (a, b) = p.order(a, b);
            let r = match p.as_const(a) {
                Some(0) => return a,
                Some(1) => return b,
                Some(c) => p.reassociate(BinOp::Mul, w, c, b),
                None => None,
            };
            r.unwrap_or_else(|| p.bin_raw(BinOp::Mul, a, b))
        })
    }

    pub fn udiv(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::UDiv, a, b, |p, w| {
            if let Some(c) = p.as_const(b) {
                if c == 1 {
                    return a;
                }
                if is_pow2(c) {
                    let s = p.constant(w, c.trailing_zeros() as u128);
                    return p.lshr(a, s);
                }
            }
            p.bin_raw(BinOp::UDiv, a, b)
        })
    }

    pub fn sdiv(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::SDiv, a, b, |p, w| match p.as_const(b) {
            Some(1) => a,
            Some(c) if c == ones(w) => p.neg(a),
            _ => p.bin_raw(BinOp::SDiv, a, b),
        })
    }

    pub fn urem(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::URem, a, b, |p, w| {
            // 0 % x = 0 and x % x = 0 (also for x = 0: urem x 0 = x); x % 1 = 0
            if p.is_const(a, 0) || a == b || p.is_const(b, 1) {
                return p.constant(w, 0);
            }
            if let Some(c) = p.as_const(b).filter(|&c| is_pow2(c)) {
                let m = p.constant(w, c - 1);
                return p.and(m, a);
            }
            // zext x % zext y = zext (x % y) (also for y = 0: urem x 0 = x)
            if let Some((x, y, false)) = p.narrowed(a, b) {
                let r = p.urem(x, y);
                return p.zext(r, w);
            }
            p.bin_raw(BinOp::URem, a, b)
        })
    }

    pub fn srem(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(BinOp::SRem, a, b, |p, w| {
            // 0 % x = 0, x % x = 0, x % 1 = x % -1 = 0
            if p.is_const(a, 0) || a == b || p.is_const(b, 1) || p.is_const(b, ones(w)) {
                return p.constant(w, 0);
            }
            // The remainder's magnitude is below the divisor's and its sign the dividend's, so
            // sext x % sext y = sext (x % y) (srem x 0 = x at both widths); zero extensions
            // are non-negative: an unsigned remainder.
            match p.narrowed(a, b) {
                Some((x, y, true)) => {
                    let r = p.srem(x, y);
                    p.sext(r, w)
                }
                Some((x, y, false)) => {
                    let r = p.urem(x, y);
                    p.zext(r, w)
                }
                None => p.bin_raw(BinOp::SRem, a, b),
            }
        })
    }

    // ---------------------------------------------------------------- bitwise

    /// `a` and `b` as values of a narrower width under the same extension: both are
    /// `SExt`s (or `ZExt`s) of equal-width values, or one is and the other a constant in the
    /// image of that extension. `(x, y, signed)`. Operations whose result the extension
    /// commutes with are then done at the narrow width (smaller solver queries: C promotes
    /// `char` and `short` operands to `int`).
    fn narrowed(&mut self, a: ExprId, b: ExprId) -> Option<(ExprId, ExprId, bool)> {
        fn ext(p: &ExprPool, e: ExprId) -> Option<(ExprId, bool)> {
            match *p.get(e) {
                Expr::SExt { e: x, .. } => Some((x, true)),
                Expr::ZExt { e: x, .. } => Some((x, false)),
                _ => None,
            }
        }
        let w = self.width(a);
        let (ea, eb) = (ext(self, a), ext(self, b));
        let (x, signed) = match (ea, eb) {
            (Some((x, s)), Some((y, t))) => {
                let n = self.width(x);
                return (s == t && n == self.width(y)).then_some((x, y, s));
            }
            (Some(xs), None) | (None, Some(xs)) => xs,
            (None, None) => return None,
        };
        let n = self.width(x);
        // One side is an extension, the other must be a constant it can equal.
        let (c, const_is_a) = match (self.as_const(a), self.as_const(b)) {
            (Some(c), None) => (c, true),
            (None, Some(c)) => (c, false),
            _ => return None,
        };
        let low = mask(n, c);
        let fits = if signed {
            sext_bits(n, w, low) == c
        } else {
            c >> n == 0
        };
        if !fits {
            return None;
        }
        let k = self.constant(n, low);
        Some(if const_is_a {
            (k, x, signed)
        } else {
            (x, k, signed)
        })
    }

    /// `Some(x)` if `e` is `Not(x)`.
    #[inline]
    fn not_of(&self, e: ExprId) -> Option<ExprId> {
        match *self.get(e) {
            Expr::Not { e } => Some(e),
            _ => None,
        }
    }

    fn complementary(&self, a: ExprId, b: ExprId) -> bool {
        self.not_of(a) == Some(b) || self.not_of(b) == Some(a)
    }

    /// `And`, `Or` and `Xor`: one set of rules, by what `x op x`, `x op !x`, `0 op x` and
    /// `~0 op x` are for each.
    fn logic(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        self.binary(op, a, b, |p, w| {
            // x & x = x | x = x; x ^ x = 0
            if a == b {
                return if op == BinOp::Xor {
                    p.constant(w, 0)
                } else {
                    a
                };
            }
            // x & !x = 0; x | !x = x ^ !x = ~0
            if p.complementary(a, b) {
                let k = if op == BinOp::And { 0 } else { ones(w) };
                return p.constant(w, k);
            }
            let (a, b) = p.order(a, b);
            if let Some(c) = p.as_const(a) {
                // 0 & x = 0; 0 | x = 0 ^ x = x
                if c == 0 {
                    return if op == BinOp::And { a } else { b };
                }
                // ~0 & x = x; ~0 | x = ~0; ~0 ^ x = !x
                if c == ones(w) {
                    return match op {
                        BinOp::And => b,
                        BinOp::Or => a,
                        _ => p.not(b),
                    };
                }
                if let Some(r) = p.reassociate(op, w, c, b) {
                    return r;
                }
            }
            p.bin_raw(op, a, b)
        })
    }

    pub fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.logic(BinOp::And, a, b)
    }

    pub fn or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.logic(BinOp::Or, a, b)
    }

    pub fn xor(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.logic(BinOp::Xor, a, b)
    }

    /// Bitwise not (logical not for width 1). `Not(Not x)` → `x`; `Not` of a comparison is
    /// kept as is (no De Morgan).
    pub fn not(&mut self, e: ExprId) -> ExprId {
        let w = self.width(e);
        if let Some(c) = self.as_const(e) {
            return self.constant(w, !c);
        }
        if let Some(x) = self.not_of(e) {
            return x;
        }
        self.intern(Expr::Not { e }, w)
    }

    fn shift(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        self.binary(op, a, b, |p, w| {
            // x shifted by 0, 0 shifted, and all ones shifted right arithmetically are
            // themselves.
            if p.is_const(b, 0) || p.is_const(a, 0) || (op == BinOp::AShr && p.is_const(a, ones(w)))
            {
                return a;
            }
            // Logical shifts by the width or more give 0.
            if op != BinOp::AShr && p.as_const(b).is_some_and(|c| c >= w as u128) {
                return p.constant(w, 0);
            }
            p.bin_raw(op, a, b)
        })
    }

    pub fn shl(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.shift(BinOp::Shl, a, b)
    }

    pub fn lshr(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.shift(BinOp::LShr, a, b)
    }

    pub fn ashr(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.shift(BinOp::AShr, a, b)
    }

    // ---------------------------------------------------------------- booleans (width 1)

    pub fn bool_and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        debug_assert_eq!(self.width(a), 1, "bool_and of a non-boolean");
        self.and(a, b)
    }

    pub fn bool_or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        debug_assert_eq!(self.width(a), 1, "bool_or of a non-boolean");
        self.or(a, b)
    }

    pub fn bool_not(&mut self, a: ExprId) -> ExprId {
        debug_assert_eq!(self.width(a), 1, "bool_not of a non-boolean");
        self.not(a)
    }

    /// `!a | b`.
    pub fn implies(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let na = self.bool_not(a);
        self.bool_or(na, b)
    }

    // ---------------------------------------------------------------- comparisons

    pub fn eq(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.binary(CmpOp::Eq, a, b, |p, w| {
            if a == b {
                return p.bool_const(true);
            }
            let (a, b) = p.order(a, b);
            let Some(c) = p.as_const(a) else {
                if w == 1 && p.complementary(a, b) {
                    return p.bool_const(false);
                }
                // Extensions are injective.
                if let Some((x, y, _)) = p.narrowed(a, b) {
                    return p.eq(x, y);
                }
                return p.cmp_raw(CmpOp::Eq, a, b);
            };
            if w == 1 {
                // true == x → x; false == x → !x
                return if c == 1 { b } else { p.not(b) };
            }
            match *p.get(b) {
                // c == ~x → ~c == x
                Expr::Not { e } => {
                    let k = p.constant(w, !c);
                    p.eq(k, e)
                }
                Expr::ZExt { e, .. } => {
                    let we = p.width(e);
                    if c >> we != 0 {
                        p.bool_const(false)
                    } else {
                        let k = p.constant(we, c);
                        p.eq(k, e)
                    }
                }
                Expr::SExt { e, .. } => {
                    let we = p.width(e);
                    let low = mask(we, c);
                    if sext_bits(we, w, low) != c {
                        p.bool_const(false)
                    } else {
                        let k = p.constant(we, low);
                        p.eq(k, e)
                    }
                }
                Expr::Concat { hi, lo } => {
                    let wl = p.width(lo);
                    let wh = p.width(hi);
                    let kh = p.constant(wh, c >> wl);
                    let kl = p.constant(wl, c);
                    let eh = p.eq(kh, hi);
                    let el = p.eq(kl, lo);
                    p.and(eh, el)
                }
                // c == d op y → (c inverse-op d) == y
                Expr::Bin {
                    op: op @ (BinOp::Add | BinOp::Sub | BinOp::Xor),
                    a: x,
                    b: y,
                } if p.as_const(x).is_some() => {
                    let d = p.as_const(x).unwrap();
                    let k = match op {
                        BinOp::Add => c.wrapping_sub(d),
                        BinOp::Sub => d.wrapping_sub(c),
                        _ => c ^ d,
                    };
                    let k = p.constant(w, k);
                    p.eq(k, y)
                }
                Expr::Select { cond, t, f } => match (p.as_const(t), p.as_const(f)) {
                    (Some(tv), Some(fv)) => match (tv == c, fv == c) {
                        (true, true) => p.bool_const(true),
                        (true, false) => cond,
                        (false, true) => p.not(cond),
                        (false, false) => p.bool_const(false),
                    },
                    _ => p.cmp_raw(CmpOp::Eq, a, b),
                },
                _ => p.cmp_raw(CmpOp::Eq, a, b),
            }
        })
    }

    /// `Not(Eq(a, b))`.
    pub fn ne(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let e = self.eq(a, b);
        self.not(e)
    }

    /// The order comparisons (`Ult`, `Ule`, `Slt`, `Sle`): one set of rules over the least and
    /// the greatest value of the order (0 and ~0 unsigned, MIN and MAX signed). A non-strict
    /// `a <= b` is `!(b < a)`, so each rule is stated for `lo < hi`, where `(lo, hi)` is
    /// `(a, b)` for a strict comparison and `(b, a)` for a non-strict one.
    fn ordered(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        self.binary(op, a, b, |p, w| {
            let signed = matches!(op, CmpOp::Slt | CmpOp::Sle);
            let strict = matches!(op, CmpOp::Ult | CmpOp::Slt);
            let (least, greatest) = if signed {
                (smin(w), smax(w))
            } else {
                (0, ones(w))
            };
            let (lo, hi) = if strict { (a, b) } else { (b, a) };
            // x < x, x < least and greatest < x are false.
            if a == b || p.is_const(hi, least) || p.is_const(lo, greatest) {
                return p.bool_const(!strict);
            }
            if w == 1 {
                // a < b ⇔ !a & b, a <= b ⇔ !a | b; signed, 1 is -1: a < b ⇔ a & !b,
                // a <= b ⇔ a | !b.
                let (x, y) = if signed {
                    let nb = p.not(b);
                    (a, nb)
                } else {
                    let na = p.not(a);
                    (na, b)
                };
                return if strict { p.and(x, y) } else { p.or(x, y) };
            }
            // least < x ⇔ x != least; x < greatest ⇔ x != greatest (their negations: `==`).
            let edge = |p: &mut Self, x: ExprId, y: ExprId| {
                if strict {
                    p.ne(x, y)
                } else {
                    p.eq(x, y)
                }
            };
            if p.is_const(lo, least) {
                return edge(p, lo, hi);
            }
            if p.is_const(hi, greatest) {
                return edge(p, hi, lo);
            }
            // Both extensions preserve the unsigned order, sign extension the signed one;
            // zero extensions are non-negative.
            if let Some((x, y, s)) = p.narrowed(a, b) {
                let op = match op {
                    CmpOp::Slt if !s => CmpOp::Ult,
                    CmpOp::Sle if !s => CmpOp::Ule,
                    _ => op,
                };
                return p.ordered(op, x, y);
            }
            p.cmp_raw(op, a, b)
        })
    }

    pub fn ult(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ordered(CmpOp::Ult, a, b)
    }

    pub fn ule(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ordered(CmpOp::Ule, a, b)
    }

    pub fn slt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ordered(CmpOp::Slt, a, b)
    }

    pub fn sle(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ordered(CmpOp::Sle, a, b)
    }

    pub fn ugt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ult(b, a)
    }

    pub fn uge(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.ule(b, a)
    }

    pub fn sgt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.slt(b, a)
    }

    pub fn sge(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.sle(b, a)
    }

    // ---------------------------------------------------------------- select
}
