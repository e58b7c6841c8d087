//! The meaning of straight-line code as terms: a segment's state (registers, cells, the
//! global cells at the function's entry, the conditions met so far and the rule's variables)
//! and the step of each instruction the translation models. Integers are bit-vectors of their
//! width (an `i1` a 1-bit vector), as in trex's executor: wrap-around arithmetic, and the
//! operations the executor ends a path on (a zero divisor, an over-wide shift) over-approximated
//! by their SMT-LIB value (more paths, never fewer: a proof stays a proof).

use hashbrown::HashMap;
use z3::ast::{Array, Bool, Dynamic, BV};
use z3::Sort;

use super::memory::{Access, CellId, Memory};
use crate::ir::{BinOp, CastOp, Const, FuncId, InstKind, IntPred, Intrinsic, Module, Operand, Reg};

/// Width of array indices (element numbers).
pub const INDEX_BITS: u32 = 64;

/// The sort of a cell's value: its element, or an array of elements.
pub fn cell_sort(mem: &Memory, c: CellId) -> Sort {
    let cell = mem.cell(c);
    if cell.is_scalar() {
        Sort::bitvector(cell.width)
    } else {
        Sort::array(&Sort::bitvector(INDEX_BITS), &Sort::bitvector(cell.width))
    }
}

/// What a segment knows while it runs.
pub struct State {
    pub regs: HashMap<Reg, BV>,
    pub cells: HashMap<CellId, Dynamic>,
    /// The global cells' values at the function's entry (for its summary).
    pub gin: Vec<Dynamic>,
    pub conds: Vec<Bool>,
    /// The rule's variables (fresh constants), quantified when the rule is made.
    pub vars: Vec<Dynamic>,
    /// The nondeterministic values among the variables, with whether their C type is signed.
    pub nondets: Vec<(BV, bool)>,
}

impl State {
    /// A fresh variable of `sort`, recorded as one of the rule's.
    pub fn fresh(&mut self, sort: &Sort) -> Dynamic {
        let v = Dynamic::fresh_const("v", sort);
        self.vars.push(v.clone());
        v
    }

    pub fn fresh_bv(&mut self, w: u32) -> BV {
        self.fresh(&Sort::bitvector(w))
            .as_bv()
            .expect("a bit-vector")
    }
}

/// The name of an instruction kind, for messages.
pub fn kind_name(k: &InstKind) -> &'static str {
    use InstKind::*;
    match k {
        Bin { op, .. } if is_float(*op) => "floating-point arithmetic",
        Bin { .. } => "arithmetic",
        FNeg { .. } | FCmp { .. } => "floating-point arithmetic",
        ICmp { .. } => "a comparison",
        Select { .. } => "a select",
        Cast { .. } => "a cast",
        Copy { .. } => "a copy",
        Alloca { .. } => "an alloca of variable size",
        Load { .. } => "a load",
        Store { .. } => "a store",
        Gep { .. } => "getelementptr",
        ExtractValue { .. } | InsertValue { .. } => "an aggregate value",
        ExtractElement { .. } | InsertElement { .. } | ShuffleVector { .. } => "a vector",
        Call { .. } => "a call",
        AtomicRmw { .. } | CmpXchg { .. } => "an atomic operation",
        Fence => "a fence",
        VaArg { .. } => "va_arg",
        Unsupported { .. } => "an instruction trex does not support",
        InlineAsm => "inline assembly",
        Ret { .. } => "a return",
        Br { .. } | CondBr { .. } | Switch { .. } => "a branch",
        IndirectBr { .. } => "an indirect branch",
        Unreachable => "unreachable",
    }
}

fn is_float(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
    )
}

/// The value of an integer operand.
pub fn operand(m: &Module, st: &State, op: &Operand, w: u32) -> Result<BV, String> {
    match op {
        Operand::Reg(r) => st
            .regs
            .get(r)
            .cloned()
            .ok_or_else(|| format!("a value the translation does not have (register %{})", r.0)),
        Operand::Const(c) => match m.konst(*c) {
            Const::Int { bits, .. } => Ok(constant(*bits, w)),
            Const::Zero { .. } | Const::Undef { .. } | Const::Null { .. } => Ok(BV::from_u64(0, w)),
            other => Err(format!("a constant of kind {other:?}")),
        },
    }
}

/// A bit-vector constant of width `w`.
pub fn constant(bits: u128, w: u32) -> BV {
    if w <= 64 {
        BV::from_u64(bits as u64, w)
    } else {
        BV::from_str(w, &bits.to_string()).expect("a decimal numeral")
    }
}

/// An `i1` as a Boolean.
pub fn truth(b: &BV) -> Bool {
    if b.get_size() == 1 {
        b.eq(BV::from_u64(1, 1))
    } else {
        b.eq(BV::from_u64(0, b.get_size())).not()
    }
}

/// A Boolean as an `i1`.
pub fn bit(b: &Bool) -> BV {
    b.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1))
}

/// The width of an integer type.
pub fn width(m: &Module, ty: crate::ir::TypeId) -> Result<u32, String> {
    m.int_width(ty)
        .ok_or_else(|| format!("a value of type {:?}", m.ty(ty).kind))
}

/// The result of an integer instruction that only computes (no memory, no control): `None`
/// for the kinds that are not such instructions.
pub fn compute(m: &Module, st: &State, k: &InstKind) -> Option<Result<BV, String>> {
    use InstKind::*;
    Some(match k {
        Bin { op, ty, a, b } if !is_float(*op) => width(m, *ty).and_then(|w| {
            let (a, b) = (operand(m, st, a, w)?, operand(m, st, b, w)?);
            Ok(binop(*op, &a, &b))
        }),
        ICmp { pred, ty, a, b } => width(m, *ty).and_then(|w| {
            let (a, b) = (operand(m, st, a, w)?, operand(m, st, b, w)?);
            Ok(bit(&icmp(*pred, &a, &b)))
        }),
        Select { ty, cond, t, f } => width(m, *ty).and_then(|w| {
            let c = operand(m, st, cond, 1)?;
            let (t, f) = (operand(m, st, t, w)?, operand(m, st, f, w)?);
            Ok(truth(&c).ite(&t, &f))
        }),
        Cast { op, from, to, v } => width(m, *from).and_then(|fw| {
            let tw = width(m, *to)?;
            let v = operand(m, st, v, fw)?;
            match op {
                CastOp::Trunc => Ok(v.extract(tw - 1, 0)),
                CastOp::ZExt => Ok(v.zero_ext(tw - fw)),
                CastOp::SExt => Ok(v.sign_ext(tw - fw)),
                CastOp::BitCast if fw == tw => Ok(v),
                other => Err(format!("a cast {other:?}")),
            }
        }),
        Copy { ty, v } => width(m, *ty).and_then(|w| operand(m, st, v, w)),
        _ => return None,
    })
}

/// The condition under which an integer operation fails as trex's executor checks it (a
/// zero divisor, a shift by the width or more); `None` when it cannot fail.
pub fn failure(m: &Module, st: &State, k: &InstKind) -> Option<Result<Bool, String>> {
    let InstKind::Bin { op, ty, b, .. } = k else {
        return None;
    };
    let divides = matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem);
    let shifts = matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr);
    if !divides && !shifts {
        return None;
    }
    Some(width(m, *ty).and_then(|w| {
        let b = operand(m, st, b, w)?;
        Ok(if divides {
            b.eq(BV::from_u64(0, w))
        } else {
            // `w` fits in `w` bits (for `w == 1`: every nonzero amount is too wide).
            b.bvuge(constant(w as u128, w))
        })
    }))
}

fn binop(op: BinOp, a: &BV, b: &BV) -> BV {
    match op {
        BinOp::Add => a.bvadd(b),
        BinOp::Sub => a.bvsub(b),
        BinOp::Mul => a.bvmul(b),
        BinOp::UDiv => a.bvudiv(b),
        BinOp::SDiv => a.bvsdiv(b),
        BinOp::URem => a.bvurem(b),
        BinOp::SRem => a.bvsrem(b),
        BinOp::Shl => a.bvshl(b),
        BinOp::LShr => a.bvlshr(b),
        BinOp::AShr => a.bvashr(b),
        BinOp::And => a.bvand(b),
        BinOp::Or => a.bvor(b),
        BinOp::Xor => a.bvxor(b),
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => {
            unreachable!("floating point is refused before")
        }
    }
}

pub fn icmp(p: IntPred, a: &BV, b: &BV) -> Bool {
    match p {
        IntPred::Eq => a.eq(b),
        IntPred::Ne => a.eq(b).not(),
        IntPred::Ugt => a.bvugt(b),
        IntPred::Uge => a.bvuge(b),
        IntPred::Ult => a.bvult(b),
        IntPred::Ule => a.bvule(b),
        IntPred::Sgt => a.bvsgt(b),
        IntPred::Sge => a.bvsge(b),
        IntPred::Slt => a.bvslt(b),
        IntPred::Sle => a.bvsle(b),
    }
}

/// The integer intrinsics the translation models: their value (`Ok(None)`: no value, e.g.
/// `llvm.assume`, which adds its condition).
pub fn intrinsic(
    m: &Module,
    st: &mut State,
    i: Intrinsic,
    args: &[crate::ir::CallArg],
    ret: crate::ir::TypeId,
) -> Result<Option<BV>, String> {
    let arg = |st: &State, k: usize| -> Result<BV, String> {
        let a = args.get(k).ok_or("a missing argument")?;
        operand(m, st, &a.op, width(m, a.ty)?)
    };
    Ok(match i {
        Intrinsic::Expect => Some(arg(st, 0)?),
        Intrinsic::Assume => {
            let c = arg(st, 0)?;
            st.conds.push(truth(&c));
            None
        }
        // The stack-save token is no value of the translation (memory.rs).
        Intrinsic::NoOp | Intrinsic::StackSave | Intrinsic::StackRestore => None,
        Intrinsic::SMin | Intrinsic::SMax | Intrinsic::UMin | Intrinsic::UMax => {
            let (a, b) = (arg(st, 0)?, arg(st, 1)?);
            let a_first = match i {
                Intrinsic::SMin => a.bvsle(&b),
                Intrinsic::SMax => a.bvsge(&b),
                Intrinsic::UMin => a.bvule(&b),
                _ => a.bvuge(&b),
            };
            Some(a_first.ite(&a, &b))
        }
        Intrinsic::Abs => {
            let a = arg(st, 0)?;
            let w = width(m, ret)?;
            Some(a.bvslt(BV::from_u64(0, w)).ite(&a.bvneg(), &a))
        }
        other => return Err(format!("the intrinsic {other:?}")),
    })
}

/// The element an access reaches (a 64-bit element number) and the condition that it is
/// within its cell.
pub fn element(m: &Module, mem: &Memory, st: &State, a: &Access) -> Result<(BV, Bool), String> {
    let mut e = BV::from_i64(a.elem_offset, INDEX_BITS);
    if let Some((op, w, stride)) = &a.index {
        let i = operand(m, st, op, *w)?;
        let i = if *w < INDEX_BITS {
            i.sign_ext(INDEX_BITS - w)
        } else {
            i.extract(INDEX_BITS - 1, 0)
        };
        e = e.bvadd(i.bvmul(BV::from_i64(*stride, INDEX_BITS)));
    }
    let len = match mem.cell(a.cell).length {
        Some(l) => load(st, mem, l, &e)?,
        None => BV::from_u64(mem.cell(a.cell).len(), INDEX_BITS),
    };
    let within = e.bvult(len);
    Ok((e, within))
}

/// Reads a cell's element.
pub fn load(st: &State, mem: &Memory, c: CellId, e: &BV) -> Result<BV, String> {
    let v = st.cells.get(&c).ok_or("a cell of another frame")?;
    Ok(if mem.cell(c).is_scalar() {
        v.as_bv().expect("a scalar cell")
    } else {
        v.as_array()
            .expect("an array cell")
            .select(e)
            .as_bv()
            .expect("bit-vector elements")
    })
}

/// Writes a cell's element.
pub fn store(st: &mut State, mem: &Memory, c: CellId, e: &BV, v: BV) -> Result<(), String> {
    let new: Dynamic = if mem.cell(c).is_scalar() {
        v.into()
    } else {
        let arr: Array = st
            .cells
            .get(&c)
            .ok_or("a cell of another frame")?
            .as_array()
            .expect("an array cell");
        arr.store(e, &v).into()
    };
    st.cells.insert(c, new);
    Ok(())
}

/// The initial value of a global cell, from its initializer's bytes (little-endian).
pub fn global_init(m: &Module, mem: &Memory, c: CellId, g: crate::ir::GlobalId) -> Dynamic {
    let cell = mem.cell(c);
    let bytes = m
        .global(g)
        .init
        .as_ref()
        .map(|i| i.bytes.clone())
        .unwrap_or_default();
    let elem = |k: u64| -> BV {
        let mut v: u128 = 0;
        for b in (0..cell.elem_size).rev() {
            let byte = bytes
                .get((k * cell.elem_size + b) as usize)
                .copied()
                .unwrap_or(0);
            v = (v << 8) | byte as u128;
        }
        let mask = if cell.width >= 128 {
            u128::MAX
        } else {
            (1u128 << cell.width) - 1
        };
        constant(v & mask, cell.width)
    };
    if cell.is_scalar() {
        return elem(0).into();
    }
    let mut a = Array::const_array(&Sort::bitvector(INDEX_BITS), &BV::from_u64(0, cell.width));
    for k in 0..cell.len() {
        let v = elem(k);
        if v.as_u64() != Some(0) {
            a = a.store(&BV::from_u64(k, INDEX_BITS), &v);
        }
    }
    a.into()
}

/// `FuncId` of a direct callee.
pub fn direct(k: &InstKind) -> Option<FuncId> {
    match k {
        InstKind::Call {
            callee: crate::ir::Callee::Direct(f),
            ..
        } => Some(*f),
        _ => None,
    }
}
