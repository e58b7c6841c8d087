//! Integers wider than 128 bits, legalized into 64-bit limbs at lowering (as LLVM's type
//! legalizer expands them). clang emits them for the storage unit of bit-fields that cross
//! more than 128 bits in a packed struct (`load i152`, `lshr i152 %x, 60`, `trunc i152 to
//! i64`, `shl`, `and`, `or`, `store i152`).
//!
//! A wide value lives in a register as the struct of its limbs, low first (`{ i64, i64, i24 }`
//! for i152); its constants are aggregates of limb constants. A load or store becomes one
//! access per limb, and each operation a sequence of operations on at most 128 bits
//! (temporaries, as other expansions). So the executor, symbolic execution, the solver and
//! interpolation only ever see integers of at most 128 bits, and the concrete fast path is
//! untouched. Legalized: load, store, and / or / xor, add / sub / mul, shifts by a constant,
//! icmp, trunc / zext / sext, select, freeze; anything else on a wide integer (division,
//! a shift by a variable amount, a wide call argument, ...) stays an unsupported instruction
//! naming the operation and the width.

use super::opcodes::{bin_op, cast_op, inst_name, int_pred};
use super::*;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{InstructionOpcode, InstructionValue};

/// Bits per limb.
const LIMB: u32 = 64;

/// The widths of the limbs of a `w`-bit integer, low first (all 64 but the last).
pub(crate) fn limb_widths(w: u32) -> Vec<u32> {
    (0..w.div_ceil(LIMB))
        .map(|k| (w - k * LIMB).min(LIMB))
        .collect()
}

/// The limbs of a decimal integer (LLVM's printed form of a constant: optional `-`, digits) in
/// two's complement at `w` bits, low first, each masked to its width.
pub(crate) fn parse_limbs(s: &str, w: u32) -> Option<Vec<u64>> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let widths = limb_widths(w);
    let mut x = vec![0u64; widths.len()];
    for d in digits.bytes() {
        // x = x * 10 + d, modulo 2^(64 n).
        let mut carry = (d - b'0') as u128;
        for l in x.iter_mut() {
            let t = *l as u128 * 10 + carry;
            *l = t as u64;
            carry = t >> 64;
        }
    }
    if neg {
        // -x = !x + 1.
        let mut carry = 1u128;
        for l in x.iter_mut() {
            let t = !*l as u128 + carry;
            *l = t as u64;
            carry = t >> 64;
        }
    }
    for (l, &lw) in x.iter_mut().zip(&widths) {
        if lw < LIMB {
            *l &= (1u64 << lw) - 1;
        }
    }
    Some(x)
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        !0
    } else {
        (1u128 << w) - 1
    }
}

impl<'ctx> Lowerer<'ctx> {
    /// The width of `t` when it is an integer wider than 128 bits.
    pub(crate) fn wide_width(&self, t: RawType<'ctx>) -> Option<u32> {
        match any_type(t)? {
            AnyTypeEnum::IntType(it) if it.get_bit_width() > 128 => Some(it.get_bit_width()),
            _ => None,
        }
    }

    /// The register type of a `w`-bit integer: the struct of its limbs.
    pub(crate) fn limbs_ty(&mut self, w: u32) -> TypeId {
        let fields: Vec<BasicTypeEnum> = limb_widths(w)
            .into_iter()
            .map(|lw| self.ctx.custom_width_int_type(lw).into())
            .collect();
        let st = self.ctx.struct_type(&fields, false);
        self.ty(st)
    }

    /// A constant of a wide integer type: an aggregate of limb constants (undef, poison and
    /// integers; a constant expression of such a type is unsupported).
    pub(crate) fn wide_const(&mut self, v: RawValue<'ctx>, w: u32) -> Const {
        use LLVMValueKind::*;
        let ty = self.limbs_ty(w);
        match v.kind() {
            LLVMConstantIntValueKind => match self.wide_const_limbs(v, w) {
                Some(limbs) => {
                    let elems = limbs
                        .into_iter()
                        .zip(limb_widths(w))
                        .map(|(bits, lw)| {
                            let ty = self.ty(self.ctx.custom_width_int_type(lw));
                            self.push_const(Const::Int {
                                ty,
                                bits: bits as u128,
                            })
                        })
                        .collect();
                    Const::Aggregate { ty, elems }
                }
                None => Const::Expr(Box::new(InstKind::Unsupported {
                    what: format!("unsupported constant {}", print_value(&v)),
                })),
            },
            LLVMUndefValueValueKind | LLVMPoisonValueKind => Const::Undef { ty },
            _ => Const::Expr(Box::new(InstKind::Unsupported {
                what: format!(
                    "unsupported constant expression of type i{w} (integers wider than 128 \
                     bits): {}",
                    print_value(&v)
                ),
            })),
        }
    }

    /// The limbs of a wide integer constant (from its printed form: LLVM's C API reads at
    /// most 64 bits).
    pub(crate) fn wide_const_limbs(&self, v: RawValue<'ctx>, w: u32) -> Option<Vec<u64>> {
        let s = print_value(&v);
        parse_limbs(s.rsplit(' ').next()?, w)
    }

    /// Lowers an instruction with an integer operand or result wider than 128 bits into
    /// operations on limbs; `None`: it has none (or is a call, branch or return, whose type
    /// checks are elsewhere).
    pub(crate) fn lower_wide(
        &mut self,
        i: InstructionValue<'ctx>,
        op: InstructionOpcode,
    ) -> Option<Option<InstKind>> {
        use InstructionOpcode::*;
        if matches!(op, Call | Br | Return | Unreachable | Switch) {
            return None;
        }
        let v = RawValue::of(i);
        let rw = self.wide_width(v.get_type());
        let ow = (0..i.get_num_operands())
            .filter_map(|k| v.try_operand(k))
            .find_map(|o| self.wide_width(o.get_type()));
        let w = rw.or(ow)?;
        let unsupported = |what: &str| {
            Some(Some(InstKind::Unsupported {
                what: format!("unsupported {what} (integers wider than 128 bits)"),
            }))
        };
        let mut e = Emit { lw: self };
        let r = match op {
            Load if rw.is_some() => {
                let p = e.lw.operand(v.operand(0));
                e.load(w, p, i.get_alignment().unwrap_or(0), is_volatile(i))
            }
            Store if ow.is_some() => {
                let x = e.lw.operand(v.operand(0));
                let p = e.lw.operand(v.operand(1));
                e.store(w, x, p, i.get_alignment().unwrap_or(0), is_volatile(i));
                return Some(None);
            }
            Freeze if rw.is_some() => {
                let x = e.lw.operand(v.operand(0));
                let l = e.limbs(w, x);
                e.build(w, l)
            }
            Select if rw.is_some() && e.lw.wide_width(v.operand(0).get_type()).is_none() => {
                if type_kind_of(&v.operand(0).get_type()) == LLVMTypeKind::LLVMVectorTypeKind {
                    return unsupported(&inst_name(i));
                }
                let c = e.lw.operand(v.operand(0));
                let (t, f) = (e.lw.operand(v.operand(1)), e.lw.operand(v.operand(2)));
                let (t, f) = (e.limbs(w, t), e.limbs(w, f));
                let l = limb_widths(w)
                    .into_iter()
                    .zip(t.into_iter().zip(f))
                    .map(|(lw, (t, f))| e.select(lw, c, t, f))
                    .collect();
                e.build(w, l)
            }
            ICmp => {
                let (a, b) = (e.lw.operand(v.operand(0)), e.lw.operand(v.operand(1)));
                let pred = int_pred(i.get_icmp_predicate()?);
                e.icmp(w, pred, a, b)
            }
            _ if bin_op(op).is_some() && rw.is_some() => {
                let (a, b) = (e.lw.operand(v.operand(0)), e.lw.operand(v.operand(1)));
                match e.bin(w, bin_op(op)?, a, b) {
                    Ok(r) => r,
                    Err(what) => return unsupported(&format!("{what} of i{w}")),
                }
            }
            Trunc | ZExt | SExt => {
                let src = v.operand(0);
                let from = match e.lw.wide_width(src.get_type()) {
                    Some(f) => f,
                    None => e.lw.int_width_of(src),
                };
                let to = match rw {
                    Some(t) => t,
                    None => e.lw.int_width_of(v),
                };
                let x = e.lw.operand(src);
                e.cast(cast_op(op)?, from, to, x)
            }
            _ => return unsupported(&format!("{} of i{w}", inst_name(i))),
        };
        let ty = match rw {
            Some(w) => self.limbs_ty(w),
            None => self.ty(v.get_type()),
        };
        Some(Some(self.result(ty, r)))
    }

    /// The instruction giving the result `r`: the expansion's last temporary when it computed
    /// `r`, else a copy.
    fn result(&mut self, ty: TypeId, r: Operand) -> InstKind {
        let last = self.pending_base + self.pending.len() as u32;
        if !self.pending.is_empty() && r == Operand::Reg(Reg(last - 1)) {
            return self.pending.pop().expect("a temporary");
        }
        InstKind::Copy { ty, v: r }
    }
}

fn is_volatile(i: InstructionValue<'_>) -> bool {
    i.get_volatile().unwrap_or(false)
}

/// Emits the temporaries of one legalized instruction.
struct Emit<'a, 'ctx> {
    lw: &'a mut Lowerer<'ctx>,
}

impl Emit<'_, '_> {
    fn int(&mut self, w: u32) -> TypeId {
        self.lw.ty(self.lw.ctx.custom_width_int_type(w))
    }

    fn k(&mut self, w: u32, bits: u128) -> Operand {
        let ty = self.int(w);
        Operand::Const(self.lw.push_const(Const::Int {
            ty,
            bits: bits & mask(w),
        }))
    }

    fn known(&self, x: Operand) -> Option<u128> {
        match x {
            Operand::Const(c) => match &self.lw.m.consts[c.0 as usize] {
                Const::Int { bits, .. } => Some(*bits),
                _ => None,
            },
            Operand::Reg(_) => None,
        }
    }

    /// `a op b` on `w` <= 128 bits (the few identities that keep expansions short folded).
    fn op(&mut self, w: u32, op: BinOp, a: Operand, b: Operand) -> Operand {
        let (ka, kb) = (self.known(a), self.known(b));
        match (op, ka, kb) {
            (BinOp::Or | BinOp::Xor | BinOp::Add, Some(0), _) => return b,
            (BinOp::Or | BinOp::Xor | BinOp::Add | BinOp::Shl | BinOp::LShr, _, Some(0)) => {
                return a
            }
            (BinOp::And | BinOp::Shl | BinOp::LShr | BinOp::Mul, Some(0), _)
            | (BinOp::And | BinOp::Mul, _, Some(0)) => return self.k(w, 0),
            _ => {}
        }
        let ty = self.int(w);
        self.lw.tmp(InstKind::Bin { op, ty, a, b })
    }

    /// A trunc / zext / sext between widths of at most 128 bits (the identity when equal).
    fn ext(&mut self, op: CastOp, from: u32, to: u32, v: Operand) -> Operand {
        if from == to {
            return v;
        }
        if let Some(x) = self.known(v) {
            let bits = match op {
                CastOp::SExt if x >> (from - 1) & 1 != 0 => x | !mask(from),
                _ => x,
            };
            return self.k(to, bits);
        }
        let (from, to) = (self.int(from), self.int(to));
        self.lw.tmp(InstKind::Cast { op, from, to, v })
    }

    fn zext(&mut self, from: u32, to: u32, v: Operand) -> Operand {
        self.ext(CastOp::ZExt, from, to, v)
    }

    fn trunc(&mut self, from: u32, to: u32, v: Operand) -> Operand {
        self.ext(CastOp::Trunc, from, to, v)
    }

    fn icmp1(&mut self, w: u32, pred: IntPred, a: Operand, b: Operand) -> Operand {
        let ty = self.int(w);
        self.lw.tmp(InstKind::ICmp { pred, ty, a, b })
    }

    fn select(&mut self, w: u32, cond: Operand, t: Operand, f: Operand) -> Operand {
        let ty = self.int(w);
        self.lw.tmp(InstKind::Select { ty, cond, t, f })
    }

    /// The limbs of a wide value (constant limbs read directly).
    fn limbs(&mut self, w: u32, x: Operand) -> Vec<Operand> {
        let widths = limb_widths(w);
        if let Operand::Const(c) = x {
            match &self.lw.m.consts[c.0 as usize] {
                Const::Aggregate { elems, .. } if elems.len() == widths.len() => {
                    return elems.iter().map(|&e| Operand::Const(e)).collect();
                }
                Const::Undef { .. } | Const::Zero { .. } => {
                    return widths.into_iter().map(|lw| self.k(lw, 0)).collect();
                }
                _ => {}
            }
        }
        let agg_ty = self.lw.limbs_ty(w);
        (0..widths.len() as u32)
            .map(|k| {
                self.lw.tmp(InstKind::ExtractValue {
                    agg_ty,
                    agg: x,
                    indices: vec![k],
                })
            })
            .collect()
    }

    /// The wide value of these limbs.
    fn build(&mut self, w: u32, limbs: Vec<Operand>) -> Operand {
        let agg_ty = self.lw.limbs_ty(w);
        let mut acc = Operand::Const(self.lw.push_const(Const::Undef { ty: agg_ty }));
        for (k, val) in limbs.into_iter().enumerate() {
            acc = self.lw.tmp(InstKind::InsertValue {
                agg_ty,
                agg: acc,
                val,
                indices: vec![k as u32],
            });
        }
        acc
    }

    /// The address of limb `k` of a wide value at `p`.
    fn limb_ptr(&mut self, p: Operand, k: usize) -> Operand {
        if k == 0 {
            return p;
        }
        self.lw.tmp(InstKind::Gep {
            base: p,
            offset: (k as u32 * LIMB / 8) as i64,
            indices: Vec::new(),
        })
    }

    fn load(&mut self, w: u32, p: Operand, align: u32, volatile: bool) -> Operand {
        let mut limbs = Vec::new();
        for (k, lw) in limb_widths(w).into_iter().enumerate() {
            let ptr = self.limb_ptr(p, k);
            let ty = self.int(lw);
            limbs.push(self.lw.tmp(InstKind::Load {
                ty,
                ptr,
                align: limb_align(align, k),
                volatile,
            }));
        }
        self.build(w, limbs)
    }

    fn store(&mut self, w: u32, x: Operand, p: Operand, align: u32, volatile: bool) {
        let limbs = self.limbs(w, x);
        for (k, (lw, val)) in limb_widths(w).into_iter().zip(limbs).enumerate() {
            let ptr = self.limb_ptr(p, k);
            let ty = self.int(lw);
            self.lw.tmp(InstKind::Store {
                ty,
                val,
                ptr,
                align: limb_align(align, k),
                volatile,
            });
        }
    }

    /// A binary operation on `w`-bit values; `Err`: the operation it cannot legalize.
    fn bin(&mut self, w: u32, op: BinOp, a: Operand, b: Operand) -> Result<Operand, String> {
        let widths = limb_widths(w);
        let la = self.limbs(w, a);
        let r = match op {
            BinOp::And | BinOp::Or | BinOp::Xor => {
                let lb = self.limbs(w, b);
                (0..widths.len())
                    .map(|k| self.op(widths[k], op, la[k], lb[k]))
                    .collect()
            }
            BinOp::Add | BinOp::Sub => {
                let lb = self.limbs(w, b);
                self.add(&widths, &la, &lb, op == BinOp::Sub)
            }
            BinOp::Mul => {
                let lb = self.limbs(w, b);
                self.mul(&widths, &la, &lb)
            }
            BinOp::Shl | BinOp::LShr | BinOp::AShr => {
                let lb = self.limbs(w, b);
                let amount: Option<Vec<u128>> = lb.iter().map(|&l| self.known(l)).collect();
                let Some(amount) = amount else {
                    return Err(format!("{} by a non-constant amount", bin_name(op)));
                };
                if amount[1..].iter().any(|&x| x != 0) || amount[0] >= w as u128 {
                    return Err(format!("{} by {} or more", bin_name(op), w));
                }
                self.shift(&widths, &la, op, amount[0] as u32)
            }
            _ => return Err(bin_name(op).to_string()),
        };
        Ok(self.build(w, r))
    }

    /// `a + b`, or `a - b` as `a + !b + 1`: per limb at 128 bits, the carry above.
    fn add(&mut self, widths: &[u32], a: &[Operand], b: &[Operand], sub: bool) -> Vec<Operand> {
        let mut carry = sub.then(|| self.k(128, 1));
        let mut r = Vec::new();
        for (k, &lw) in widths.iter().enumerate() {
            let mut bk = b[k];
            if sub {
                let m = self.k(lw, mask(lw));
                bk = self.op(lw, BinOp::Xor, bk, m);
            }
            let (x, y) = (self.zext(lw, 128, a[k]), self.zext(lw, 128, bk));
            let mut s = self.op(128, BinOp::Add, x, y);
            if let Some(c) = carry {
                s = self.op(128, BinOp::Add, s, c);
            }
            r.push(self.trunc(128, lw, s));
            if k + 1 < widths.len() {
                let sh = self.k(128, lw as u128);
                carry = Some(self.op(128, BinOp::LShr, s, sh));
            }
        }
        r
    }

    /// `a * b`: schoolbook over 64-bit limbs, products and carries at 128 bits.
    fn mul(&mut self, widths: &[u32], a: &[Operand], b: &[Operand]) -> Vec<Operand> {
        let n = widths.len();
        let a: Vec<Operand> = (0..n).map(|k| self.zext(widths[k], LIMB, a[k])).collect();
        let b: Vec<Operand> = (0..n).map(|k| self.zext(widths[k], LIMB, b[k])).collect();
        let sh = self.k(128, LIMB as u128);
        let mut acc: Vec<Option<Operand>> = vec![None; n];
        for i in 0..n {
            let mut carry: Option<Operand> = None;
            for j in 0..n - i {
                let (x, y) = (self.zext(LIMB, 128, a[i]), self.zext(LIMB, 128, b[j]));
                let mut t = self.op(128, BinOp::Mul, x, y);
                if let Some(r) = acc[i + j] {
                    let r = self.zext(LIMB, 128, r);
                    t = self.op(128, BinOp::Add, t, r);
                }
                if let Some(c) = carry {
                    t = self.op(128, BinOp::Add, t, c);
                }
                acc[i + j] = Some(self.trunc(128, LIMB, t));
                if i + j + 1 < n {
                    carry = Some(self.op(128, BinOp::LShr, t, sh));
                }
            }
        }
        (0..n)
            .map(|k| {
                let r = acc[k].expect("every column has a product");
                self.trunc(LIMB, widths[k], r)
            })
            .collect()
    }

    /// A shift by the constant `s` (< the width): each result limb is a window of the
    /// operand's bits.
    fn shift(&mut self, widths: &[u32], a: &[Operand], op: BinOp, s: u32) -> Vec<Operand> {
        let n = widths.len();
        // The operand as 64-bit limbs, extended past its top as the shift fills.
        let top = n - 1;
        let ext = if op == BinOp::AShr {
            CastOp::SExt
        } else {
            CastOp::ZExt
        };
        let mut a64: Vec<Operand> = (0..n)
            .map(|k| self.ext(ext, widths[k], LIMB, a[k]))
            .collect();
        let fill = if op == BinOp::AShr {
            let k63 = self.k(LIMB, 63);
            self.op(LIMB, BinOp::AShr, a64[top], k63)
        } else {
            self.k(LIMB, 0)
        };
        a64.push(fill);
        let zero = self.k(LIMB, 0);
        let limb = |j: i64| -> Operand {
            if j < 0 {
                zero
            } else {
                a64[(j as usize).min(n)]
            }
        };
        let mut r = Vec::new();
        for (k, &lw) in widths.iter().enumerate() {
            let lo = (k as u32 * LIMB) as i64
                + if op == BinOp::Shl {
                    -(s as i64)
                } else {
                    s as i64
                };
            // Bits [lo, lo + lw) from the limbs j and j + 1 that hold them.
            let j = lo.div_euclid(LIMB as i64);
            let off = lo.rem_euclid(LIMB as i64) as u128;
            let (x, y) = (limb(j), limb(j + 1));
            let v = if off == 0 {
                x
            } else {
                let x = self.zext(LIMB, 128, x);
                let y = self.zext(LIMB, 128, y);
                let k64 = self.k(128, LIMB as u128);
                let hi = self.op(128, BinOp::Shl, y, k64);
                let both = self.op(128, BinOp::Or, x, hi);
                let koff = self.k(128, off);
                let sh = self.op(128, BinOp::LShr, both, koff);
                self.trunc(128, LIMB, sh)
            };
            r.push(self.trunc(LIMB, lw, v));
        }
        r
    }

    /// `icmp pred a, b` on `w`-bit values: equality limb by limb, orders lexicographically
    /// from the top limb (signed there only).
    fn icmp(&mut self, w: u32, pred: IntPred, a: Operand, b: Operand) -> Operand {
        let widths = limb_widths(w);
        let (mut la, mut lb) = (self.limbs(w, a), self.limbs(w, b));
        let (strict, weak, signed, swap) = match pred {
            IntPred::Eq | IntPred::Ne => {
                let mut all = self.icmp1(widths[0], IntPred::Eq, la[0], lb[0]);
                for k in 1..widths.len() {
                    let e = self.icmp1(widths[k], IntPred::Eq, la[k], lb[k]);
                    all = self.op(1, BinOp::And, all, e);
                }
                if pred == IntPred::Ne {
                    let one = self.k(1, 1);
                    return self.op(1, BinOp::Xor, all, one);
                }
                return all;
            }
            IntPred::Ult => (IntPred::Ult, IntPred::Ult, false, false),
            IntPred::Ule => (IntPred::Ult, IntPred::Ule, false, false),
            IntPred::Ugt => (IntPred::Ult, IntPred::Ult, false, true),
            IntPred::Uge => (IntPred::Ult, IntPred::Ule, false, true),
            IntPred::Slt => (IntPred::Ult, IntPred::Ult, true, false),
            IntPred::Sle => (IntPred::Ult, IntPred::Ule, true, false),
            IntPred::Sgt => (IntPred::Ult, IntPred::Ult, true, true),
            IntPred::Sge => (IntPred::Ult, IntPred::Ule, true, true),
        };
        if swap {
            std::mem::swap(&mut la, &mut lb);
        }
        let top = widths.len() - 1;
        // r: the predicate on the limbs up to k; the lowest limb decides a tie.
        let mut r = self.icmp1(widths[0], weak, la[0], lb[0]);
        for k in 1..=top {
            let lt = if k == top && signed {
                IntPred::Slt
            } else {
                strict
            };
            let less = self.icmp1(widths[k], lt, la[k], lb[k]);
            let eq = self.icmp1(widths[k], IntPred::Eq, la[k], lb[k]);
            let tie = self.op(1, BinOp::And, eq, r);
            r = self.op(1, BinOp::Or, less, tie);
        }
        r
    }

    /// trunc / zext / sext with a wide source or result.
    fn cast(&mut self, op: CastOp, from: u32, to: u32, x: Operand) -> Operand {
        if from > 128 && op == CastOp::Trunc {
            let l = self.limbs(from, x);
            if to > 128 {
                let tw = limb_widths(to);
                let fw = limb_widths(from);
                let r = (0..tw.len())
                    .map(|k| self.trunc(fw[k], tw[k], l[k]))
                    .collect();
                return self.build(to, r);
            }
            let lo = self.zext(LIMB, 128, l[0]);
            let v = if to > LIMB {
                let hi = self.zext(LIMB, 128, l[1]);
                let k64 = self.k(128, LIMB as u128);
                let hi = self.op(128, BinOp::Shl, hi, k64);
                self.op(128, BinOp::Or, lo, hi)
            } else {
                lo
            };
            return self.trunc(128, to, v);
        }
        // An extension to a wide result: the source's limbs (at most two when it is narrow),
        // its top limb extended to 64 bits, then the fill.
        let mut src: Vec<(u32, Operand)> = if from > 128 {
            limb_widths(from)
                .into_iter()
                .zip(self.limbs(from, x))
                .collect()
        } else {
            let x = self.ext(op, from, 128, x);
            let lo = self.trunc(128, LIMB, x);
            let k64 = self.k(128, LIMB as u128);
            let hi = self.op(
                128,
                if op == CastOp::SExt {
                    BinOp::AShr
                } else {
                    BinOp::LShr
                },
                x,
                k64,
            );
            let hi = self.trunc(128, LIMB, hi);
            vec![(LIMB, lo), (LIMB, hi)]
        };
        let (tw, tv) = src.pop().expect("a limb");
        let top = self.ext(op, tw, LIMB, tv);
        src.push((LIMB, top));
        let fill = if op == CastOp::SExt {
            let k63 = self.k(LIMB, 63);
            self.op(LIMB, BinOp::AShr, top, k63)
        } else {
            self.k(LIMB, 0)
        };
        let r = limb_widths(to)
            .into_iter()
            .enumerate()
            .map(|(k, lw)| {
                let (w, v) = src.get(k).copied().unwrap_or((LIMB, fill));
                self.trunc(w, lw, v)
            })
            .collect();
        self.build(to, r)
    }
}

/// The alignment of limb `k` of an access aligned to `align`.
fn limb_align(align: u32, k: usize) -> u32 {
    if k == 0 || align == 0 {
        align
    } else {
        align.min(LIMB / 8)
    }
}

fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::UDiv => "udiv",
        BinOp::SDiv => "sdiv",
        BinOp::URem => "urem",
        BinOp::SRem => "srem",
        BinOp::Shl => "shl",
        BinOp::LShr => "lshr",
        BinOp::AShr => "ashr",
        BinOp::And => "and",
        BinOp::Or => "or",
        BinOp::Xor => "xor",
        _ => "floating-point operation",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limbs_of_widths_and_decimal_constants() {
        assert_eq!(limb_widths(152), [64, 64, 24]);
        assert_eq!(limb_widths(256), [64, 64, 64, 64]);
        assert_eq!(limb_widths(129), [64, 64, 1]);
        // 2^128 + 5, -1 and -2^151 (the sign bit) at 152 bits.
        assert_eq!(
            parse_limbs("340282366920938463463374607431768211461", 152),
            Some(vec![5, 0, 1])
        );
        assert_eq!(
            parse_limbs("-1", 152),
            Some(vec![u64::MAX, u64::MAX, 0xff_ffff])
        );
        assert_eq!(
            parse_limbs("-2854495385411919762116571938898990272765493248", 152),
            Some(vec![0, 0, 0x80_0000])
        );
        assert_eq!(parse_limbs("12x", 152), None);
        assert_eq!(parse_limbs("-", 152), None);
    }
}
