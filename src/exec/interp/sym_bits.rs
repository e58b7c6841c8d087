//! Bit-manipulation intrinsics on a symbolic integer: `llvm.ctpop`, `ctlz`, `cttz`, `bswap`,
//! `bitreverse`, `fshl`, `fshr` (-O2 turns rotate and byte-swap idioms into these), built from
//! extracts, concatenations, shifts and selects. Vectors and funnel shifts wider than 64 bits
//! are not handled here (the caller's `unsupported` error stays).

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The intrinsic on scalar integer arguments; `None`: not one of these, or not scalar.
    pub(super) fn sym_bits(&mut self, which: Intrinsic, args: &[CallArg]) -> R<Option<Value>> {
        use Intrinsic as I;
        let n = match which {
            I::Ctpop | I::Bswap | I::BitReverse => 1,
            I::Ctlz | I::Cttz => 1, // (the is_zero_poison flag: the width is a valid result)
            I::Fshl | I::Fshr => 3,
            _ => return Ok(None),
        };
        let mut e = Vec::with_capacity(n);
        let mut w = 0;
        for a in args.iter().take(n) {
            let TI::Int(aw) = self.ti(a.ty) else {
                return Ok(None);
            };
            w = aw;
            let v = self.op(&a.op);
            e.push(self.expr_of(&v, aw, "a bit intrinsic")?);
        }
        let p = &mut self.pool;
        let bit = |p: &mut ExprPool, i: u32| p.extract(e[0], i, 1);
        let r = match which {
            I::Ctpop => {
                let mut r = p.constant(w, 0);
                for i in 0..w {
                    let b = bit(p, i);
                    let b = p.zext(b, w);
                    r = p.add(r, b);
                }
                r
            }
            I::Ctlz | I::Cttz => {
                // The lowest (cttz) / highest (ctlz) set bit wins: later selects override.
                let mut r = p.constant(w, w as u128);
                let order: Vec<u32> = if which == I::Ctlz {
                    (0..w).collect()
                } else {
                    (0..w).rev().collect()
                };
                for i in order {
                    let b = bit(p, i);
                    let k = if which == I::Ctlz { w - 1 - i } else { i };
                    let k = p.constant(w, k as u128);
                    r = p.select(b, k, r);
                }
                r
            }
            I::Bswap | I::BitReverse => {
                let unit = if which == I::Bswap { 8 } else { 1 };
                if w % unit != 0 {
                    return Ok(None);
                }
                // Unit 0 ends up most significant.
                let mut r = p.extract(e[0], 0, unit);
                for i in 1..w / unit {
                    let u = p.extract(e[0], i * unit, unit);
                    r = p.concat(r, u);
                }
                r
            }
            _ => {
                if 2 * w > expr::MAX_WIDTH {
                    return Ok(None);
                }
                // fshl: the high half of (a:b) << (s mod w); fshr: the low half of >>.
                let c = p.concat(e[0], e[1]);
                let wk = p.constant(w, w as u128);
                let s = p.urem(e[2], wk);
                let s = p.zext(s, 2 * w);
                if which == I::Fshl {
                    let sh = p.shl(c, s);
                    p.extract(sh, w, w)
                } else {
                    let sh = p.lshr(c, s);
                    p.extract(sh, 0, w)
                }
            }
        };
        Ok(Some(self.val_of(r)))
    }
}
