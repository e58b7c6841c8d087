//! Smart constructors of the bit-vector shape and of arrays: `select`, `concat`, `extract`,
//! extensions and truncations, array reads and writes (one byte, or several little-endian).

use super::super::eval::{ones, sext128};
use super::super::BinOp;
use super::super::{ArrayId, Expr, ExprId, ExprPool, UpdateId, UpdateNode, MAX_WIDTH};

impl ExprPool {
    /// `if cond then t else f`; `cond` has width 1.
    pub fn select(&mut self, cond: ExprId, t: ExprId, f: ExprId) -> ExprId {
        debug_assert_eq!(self.width(cond), 1, "select condition is not a boolean");
        self.check_same_width(t, f);
        let w = self.width(t);
        if let Some(c) = self.as_const(cond) {
            return if c != 0 { t } else { f };
        }
        if t == f {
            return t;
        }
        // select(!c, t, f) → select(c, f, t)
        if let Some(c) = self.not_of(cond) {
            return self.select(c, f, t);
        }
        if w == 1 {
            if self.is_const(t, 1) {
                return self.or(cond, f);
            }
            if self.is_const(t, 0) {
                let nc = self.not(cond);
                return self.and(nc, f);
            }
            if self.is_const(f, 1) {
                let nc = self.not(cond);
                return self.or(nc, t);
            }
            if self.is_const(f, 0) {
                return self.and(cond, t);
            }
            // select(c, c', x) with t == cond → c | x ; f == cond → c & t
            if t == cond {
                return self.or(cond, f);
            }
            if f == cond {
                return self.and(cond, t);
            }
        } else if let (Some(tv), Some(fv)) = (self.as_const(t), self.as_const(f)) {
            if tv == 1 && fv == 0 {
                return self.zext(cond, w);
            }
            if tv == ones(w) && fv == 0 {
                return self.sext(cond, w);
            }
        }
        self.intern(Expr::Select { cond, t, f }, w)
    }

    // ---------------------------------------------------------------- bit fields

    /// `hi` bits above `lo` bits. Panics if the result would be wider than `MAX_WIDTH`.
    pub fn concat(&mut self, hi: ExprId, lo: ExprId) -> ExprId {
        let (wh, wl) = (self.width(hi), self.width(lo));
        let w = wh + wl;
        assert!(
            w <= MAX_WIDTH,
            "concat: result width {w} exceeds MAX_WIDTH {MAX_WIDTH}"
        );
        if let (Some(h), Some(l)) = (self.as_const(hi), self.as_const(lo)) {
            return self.constant(w, (h << wl) | l);
        }
        // Concats nest to the right: Concat(Concat(a, b), c) → Concat(a, Concat(b, c))
        if let Expr::Concat { hi: h1, lo: h2 } = *self.get(hi) {
            let r = self.concat(h2, lo);
            return self.concat(h1, r);
        }
        // Concat(0, x) → ZExt(x)
        if self.is_const(hi, 0) {
            return self.zext(lo, w);
        }
        // Concat(Extract(x, o+k, n), Extract(x, o, k)) → Extract(x, o, n+k)
        if let Some((x, o, n)) = self.adjacent_extracts(hi, lo) {
            return self.extract(x, o, n);
        }
        if let Expr::Concat { hi: lh, lo: ll } = *self.get(lo) {
            // Concat(c1, Concat(c2, y)) → Concat(c1c2, y)
            if let (Some(c1), Some(c2)) = (self.as_const(hi), self.as_const(lh)) {
                let k = self.constant(wh + self.width(lh), (c1 << self.width(lh)) | c2);
                return self.concat(k, ll);
            }
            // Concat(Extract(x, o+k, n), Concat(Extract(x, o, k), y))
            //   → Concat(Extract(x, o, n+k), y)
            if let Some((x, o, n)) = self.adjacent_extracts(hi, lh) {
                let m = self.extract(x, o, n);
                return self.concat(m, ll);
            }
        }
        self.intern(Expr::Concat { hi, lo }, w)
    }

    /// `Some((x, o, n+k))` if `hi` is `Extract(x, o+k, n)` and `lo` is `Extract(x, o, k)`:
    /// side by side, they are `Extract(x, o, n+k)`.
    fn adjacent_extracts(&self, hi: ExprId, lo: ExprId) -> Option<(ExprId, u32, u32)> {
        match (*self.get(hi), *self.get(lo)) {
            (
                Expr::Extract {
                    e: x1,
                    offset: o1,
                    width: n,
                },
                Expr::Extract {
                    e: x2,
                    offset: o2,
                    width: k,
                },
            ) if x1 == x2 && o1 == o2 + k => Some((x1, o2, n + k)),
            _ => None,
        }
    }

    /// `width` bits of `e` from bit `offset`. Panics (debug) if out of range.
    pub fn extract(&mut self, e: ExprId, offset: u32, width: u32) -> ExprId {
        let we = self.width(e);
        debug_assert!(width >= 1 && offset + width <= we, "extract out of range");
        if offset == 0 && width == we {
            return e;
        }
        if let Some(c) = self.as_const(e) {
            return self.constant(width, c >> offset);
        }
        match *self.get(e) {
            Expr::Concat { hi, lo } => {
                let wl = self.width(lo);
                if offset + width <= wl {
                    self.extract(lo, offset, width)
                } else if offset >= wl {
                    self.extract(hi, offset - wl, width)
                } else {
                    let h = self.extract(hi, 0, offset + width - wl);
                    let l = self.extract(lo, offset, wl - offset);
                    self.concat(h, l)
                }
            }
            Expr::Extract {
                e: x, offset: o, ..
            } => self.extract(x, o + offset, width),
            Expr::ZExt { e: x, .. } => {
                let wx = self.width(x);
                if offset + width <= wx {
                    self.extract(x, offset, width)
                } else if offset >= wx {
                    self.constant(width, 0)
                } else {
                    let l = self.extract(x, offset, wx - offset);
                    self.zext(l, width)
                }
            }
            Expr::SExt { e: x, .. } => {
                let wx = self.width(x);
                if offset + width <= wx {
                    self.extract(x, offset, width)
                } else if offset >= wx - 1 {
                    let s = self.extract(x, wx - 1, 1);
                    self.sext(s, width)
                } else {
                    let l = self.extract(x, offset, wx - offset);
                    self.sext(l, width)
                }
            }
            Expr::Not { e: x } => {
                let l = self.extract(x, offset, width);
                self.not(l)
            }
            // Bitwise operators with a constant distribute over extraction.
            Expr::Bin {
                op: op @ (BinOp::And | BinOp::Or | BinOp::Xor),
                a,
                b,
            } if self.as_const(a).is_some() => {
                let ka = self.extract(a, offset, width);
                let kb = self.extract(b, offset, width);
                self.bin(op, ka, kb)
            }
            // Low bits of +, -, * depend only on low bits of the operands.
            Expr::Bin {
                op: op @ (BinOp::Add | BinOp::Sub | BinOp::Mul),
                a,
                b,
            } if offset == 0 && self.as_const(a).is_some() => {
                let ka = self.extract(a, 0, width);
                let kb = self.extract(b, 0, width);
                self.bin(op, ka, kb)
            }
            Expr::Select { cond, t, f }
                if self.as_const(t).is_some() && self.as_const(f).is_some() =>
            {
                let kt = self.extract(t, offset, width);
                let kf = self.extract(f, offset, width);
                self.select(cond, kt, kf)
            }
            _ => self.intern(Expr::Extract { e, offset, width }, width),
        }
    }

    /// `Extract` without simplification (for memory bytes that must stay recognizable as
    /// the bytes of `e`); `e` must not be constant.
    pub fn extract_unsimplified(&mut self, e: ExprId, offset: u32, width: u32) -> ExprId {
        debug_assert!(
            self.as_const(e).is_none(),
            "extract_unsimplified of a constant"
        );
        debug_assert!(
            width >= 1 && offset + width <= self.width(e),
            "extract out of range"
        );
        if offset == 0 && width == self.width(e) {
            return e;
        }
        self.intern(Expr::Extract { e, offset, width }, width)
    }

    /// Zero extension to `width` (>= the width of `e`). Panics if `width > MAX_WIDTH`.
    pub fn zext(&mut self, e: ExprId, width: u32) -> ExprId {
        self.extend(e, width, false)
    }

    /// Sign extension to `width` (>= the width of `e`). Panics if `width > MAX_WIDTH`.
    pub fn sext(&mut self, e: ExprId, width: u32) -> ExprId {
        self.extend(e, width, true)
    }

    /// Zero (`signed` false) or sign extension of `e` to `width`.
    fn extend(&mut self, e: ExprId, width: u32, signed: bool) -> ExprId {
        let what = if signed { "sext" } else { "zext" };
        assert!(
            width <= MAX_WIDTH,
            "{what}: width {width} exceeds MAX_WIDTH {MAX_WIDTH}"
        );
        let we = self.width(e);
        debug_assert!(width >= we, "{what} to a smaller width");
        if width == we {
            return e;
        }
        if let Some(c) = self.as_const(e) {
            return self.constant(width, if signed { sext128(we, c) } else { c });
        }
        match *self.get(e) {
            // An extension of an extension is one extension; the sign bit of a proper zero
            // extension is 0.
            Expr::ZExt { e: x, .. } if !signed || self.width(x) < we => self.zext(x, width),
            Expr::SExt { e: x, .. } if signed => self.sext(x, width),
            _ if signed => self.intern(Expr::SExt { e, width }, width),
            _ => self.intern(Expr::ZExt { e, width }, width),
        }
    }

    /// Zero extension or truncation (LLVM `zext`/`trunc` to `width`).
    pub fn zext_or_trunc(&mut self, e: ExprId, width: u32) -> ExprId {
        if width <= self.width(e) {
            self.extract(e, 0, width)
        } else {
            self.zext(e, width)
        }
    }

    /// Sign extension or truncation.
    pub fn sext_or_trunc(&mut self, e: ExprId, width: u32) -> ExprId {
        if width <= self.width(e) {
            self.extract(e, 0, width)
        } else {
            self.sext(e, width)
        }
    }

    // ---------------------------------------------------------------- arrays

    /// The byte of `array` at `index` after the writes `updates`. When the index is constant,
    /// writes at other constant indices are skipped, a write at the same index gives its value,
    /// and a miss down the whole list gives the initial byte of a constant array. When the
    /// index is symbolic, a newest write at the very same index expression gives its value.
    pub fn read(&mut self, array: ArrayId, updates: Option<UpdateId>, index: ExprId) -> ExprId {
        debug_assert_eq!(
            self.width(index),
            self.array(array).domain,
            "read index width differs from the array's domain"
        );
        let mut u = updates;
        if let Some(i) = self.as_const(index) {
            while let Some(id) = u {
                let n = *self.update_node(id);
                match self.as_const(n.index) {
                    Some(j) if j == i => return n.value,
                    Some(_) => u = n.next,
                    None => break,
                }
            }
            if u.is_none() {
                if let Some(bytes) = &self.array(array).init {
                    let b = usize::try_from(i).ok().and_then(|i| bytes.get(i)).copied();
                    return self.constant(8, b.unwrap_or(0) as u128);
                }
            }
        } else if let Some(id) = u {
            let n = *self.update_node(id);
            if n.index == index {
                return n.value;
            }
        }
        self.intern(
            Expr::Read {
                array,
                updates: u,
                index,
            },
            8,
        )
    }

    /// An update list with the write `index := value` (a byte) on top of `updates`. A write
    /// that shadows the newest one (same index expression) replaces it.
    pub fn write(&mut self, updates: Option<UpdateId>, index: ExprId, value: ExprId) -> UpdateId {
        debug_assert_eq!(self.width(value), 8, "written value is not a byte");
        let mut next = updates;
        if let Some(id) = updates {
            let n = *self.update_node(id);
            debug_assert_eq!(
                self.width(n.index),
                self.width(index),
                "index widths differ"
            );
            if n.index == index {
                next = n.next;
            }
        }
        self.update(UpdateNode { index, value, next })
    }

    /// `nbytes` bytes from `index` on, little-endian (byte `index + k` is bits `8k..8k+8`).
    /// Panics if `8 * nbytes` is 0 or exceeds `MAX_WIDTH`.
    pub fn read_bytes_le(
        &mut self,
        array: ArrayId,
        updates: Option<UpdateId>,
        index: ExprId,
        nbytes: u32,
    ) -> ExprId {
        assert!(
            nbytes >= 1 && nbytes * 8 <= MAX_WIDTH,
            "read_bytes_le: {nbytes} bytes do not fit in 1..=MAX_WIDTH bits"
        );
        let iw = self.width(index);
        let mut acc = self.read(array, updates, index);
        for k in 1..nbytes {
            let off = self.constant(iw, k as u128);
            let i = self.add(off, index);
            let b = self.read(array, updates, i);
            acc = self.concat(b, acc);
        }
        acc
    }

    /// Writes `value` (a multiple of 8 bits) little-endian at `index..`.
    pub fn write_bytes_le(
        &mut self,
        updates: Option<UpdateId>,
        index: ExprId,
        value: ExprId,
    ) -> Option<UpdateId> {
        let w = self.width(value);
        debug_assert!(
            w.is_multiple_of(8),
            "write_bytes_le of a value that is not whole bytes"
        );
        let iw = self.width(index);
        let mut u = updates;
        for k in 0..w / 8 {
            let off = self.constant(iw, k as u128);
            let i = self.add(off, index);
            let b = self.extract(value, 8 * k, 8);
            u = Some(self.write(u, i, b));
        }
        u
    }
}
