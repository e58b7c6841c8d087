//! Calls of LLVM intrinsics: which IR intrinsic each becomes (or none), and the ones lowered
//! into several instructions (floating-point reductions, `load.relative`, constrained
//! floating point).

use super::consts::data_elements;

use super::user::{fixed_vector, md_string};
use super::*;
use inkwell::values::{CallSiteValue, InstructionValue};

/// What a call to an intrinsic becomes.
pub(super) enum IntrinsicLowering {
    /// No instruction at all (`llvm.dbg.*`, `llvm.lifetime.*`, ...).
    Drop,
    /// `Copy` of the first argument (`llvm.expect`, `llvm.ssa.copy`, ...).
    CopyArg0,
    Intr(Intrinsic),
}

pub(super) fn intrinsic_of(name: &str) -> Option<IntrinsicLowering> {
    use Intrinsic as I;
    use IntrinsicLowering::*;
    let base = name.strip_prefix("llvm.")?;
    let is =
        |p: &str| base == p || (base.starts_with(p) && base.as_bytes().get(p.len()) == Some(&b'.'));
    const DROP: &[&str] = &[
        "dbg",
        "lifetime",
        "experimental.noalias.scope.decl",
        "pseudoprobe",
    ];
    const COPY: &[&str] = &[
        "expect",
        "ssa.copy",
        "launder.invariant.group",
        "strip.invariant.group",
        "ptr.annotation",
        "annotation",
    ];
    const NOOP: &[&str] = &[
        "prefetch",
        "donothing",
        "sideeffect",
        "var.annotation",
        "codeview.annotation",
        "invariant.start",
        "invariant.end",
    ];
    if DROP.iter().any(|p| is(p)) {
        return Some(Drop);
    }
    if COPY.iter().any(|p| is(p)) {
        return Some(CopyArg0);
    }
    if NOOP.iter().any(|p| is(p)) {
        return Some(Intr(I::NoOp));
    }
    let table: &[(&str, Intrinsic)] = &[
        ("memcpy", I::Memcpy),
        ("memcpy.inline", I::Memcpy),
        ("memmove", I::Memmove),
        ("memset", I::Memset),
        ("memset.inline", I::Memset),
        ("stacksave", I::StackSave),
        ("stackrestore", I::StackRestore),
        ("sadd.with.overflow", I::SAddWithOverflow),
        ("uadd.with.overflow", I::UAddWithOverflow),
        ("ssub.with.overflow", I::SSubWithOverflow),
        ("usub.with.overflow", I::USubWithOverflow),
        ("smul.with.overflow", I::SMulWithOverflow),
        ("umul.with.overflow", I::UMulWithOverflow),
        ("sadd.sat", I::SAddSat),
        ("uadd.sat", I::UAddSat),
        ("ssub.sat", I::SSubSat),
        ("usub.sat", I::USubSat),
        ("abs", I::Abs),
        ("smin", I::SMin),
        ("smax", I::SMax),
        ("umin", I::UMin),
        ("umax", I::UMax),
        ("ctpop", I::Ctpop),
        ("ctlz", I::Ctlz),
        ("cttz", I::Cttz),
        ("bswap", I::Bswap),
        ("bitreverse", I::BitReverse),
        ("fshl", I::Fshl),
        ("fshr", I::Fshr),
        ("assume", I::Assume),
        ("trap", I::Trap),
        ("va_start", I::VaStart),
        ("va_end", I::VaEnd),
        ("va_copy", I::VaCopy),
        ("fabs", I::FAbs),
        ("sqrt", I::Sqrt),
        ("fma", I::Fma),
        ("fmuladd", I::FMulAdd),
        ("copysign", I::CopySign),
        ("floor", I::Floor),
        ("ceil", I::Ceil),
        ("trunc", I::Trunc),
        ("rint", I::Rint),
        ("nearbyint", I::NearbyInt),
        ("round", I::Round),
        ("roundeven", I::RoundEven),
        ("minnum", I::MinNum),
        ("maxnum", I::MaxNum),
        ("vector.reduce.add", I::VectorReduce(RmwOp::Add)),
        ("vector.reduce.mul", I::VectorReduce(RmwOp::Mul)),
        ("vector.reduce.and", I::VectorReduce(RmwOp::And)),
        ("vector.reduce.or", I::VectorReduce(RmwOp::Or)),
        ("vector.reduce.xor", I::VectorReduce(RmwOp::Xor)),
        ("vector.reduce.smax", I::VectorReduce(RmwOp::Max)),
        ("vector.reduce.smin", I::VectorReduce(RmwOp::Min)),
        ("vector.reduce.umax", I::VectorReduce(RmwOp::UMax)),
        ("vector.reduce.umin", I::VectorReduce(RmwOp::UMin)),
        ("objectsize", I::ObjectSize),
        ("is.constant", I::IsConstant),
    ];
    table.iter().find(|(p, _)| is(p)).map(|&(_, i)| Intr(i))
}

impl<'ctx> Lowerer<'ctx> {
    /// Emits a temporary instruction before the one being lowered; returns its register.
    pub(super) fn tmp(&mut self, k: InstKind) -> Operand {
        if self.pending.is_empty() {
            self.pending_base = self.next_reg;
        }
        self.pending.push(k);
        self.next_reg += 1;
        Operand::Reg(Reg(self.pending_base + self.pending.len() as u32 - 1))
    }

    /// Floating-point vector reductions (`llvm.vector.reduce.{fadd,fmul,fmax,fmin}`, emitted
    /// with fast-math): expanded into a sequential chain over the lanes.
    pub(super) fn lower_fp_reduce(
        &mut self,
        i: InstructionValue<'ctx>,
        name: &str,
        ret: TypeId,
    ) -> Option<InstKind> {
        let op = name
            .strip_prefix("llvm.vector.reduce.")?
            .split('.')
            .next()?;
        let (has_start, how) = match op {
            "fadd" => (true, Ok(BinOp::FAdd)),
            "fmul" => (true, Ok(BinOp::FMul)),
            "fmax" => (false, Err(Intrinsic::MaxNum)),
            "fmin" => (false, Err(Intrinsic::MinNum)),
            _ => return None,
        };
        let vec_v = RawValue::of(i).operand(if has_start { 1 } else { 0 });
        let vt = fixed_vector(vec_v.get_type())?;
        let lanes = vt.get_size();
        let vec_ty = self.ty(vt);
        let vec = self.operand(vec_v);
        let i32_ty = self.ty(self.ctx.i32_type());
        let mut elems = Vec::with_capacity(lanes as usize);
        for lane in 0..lanes {
            let idx = Operand::Const(self.push_const(Const::Int {
                ty: i32_ty,
                bits: lane as u128,
            }));
            elems.push(self.tmp(InstKind::ExtractElement {
                vec_ty,
                vec,
                idx,
                idx_width: 32,
            }));
        }
        let mut acc = if has_start {
            self.operand(RawValue::of(i).operand(0))
        } else {
            elems.remove(0)
        };
        let combine = |a: Operand, b: Operand| match how {
            Ok(op) => InstKind::Bin { op, ty: ret, a, b },
            Err(x) => InstKind::Call {
                callee: Callee::Intrinsic(x),
                args: vec![
                    CallArg {
                        op: a,
                        ty: ret,
                        byval: None,
                    },
                    CallArg {
                        op: b,
                        ty: ret,
                        byval: None,
                    },
                ],
                ret,
            },
        };
        let Some(last) = elems.pop() else {
            return Some(InstKind::Copy { ty: ret, v: acc });
        };
        for e in elems {
            acc = self.tmp(combine(acc, e));
        }
        Some(combine(acc, last))
    }

    /// `llvm.load.relative(p, off)` = `p + sext(load i32 (p + off))` (relative lookup tables in
    /// position-independent code). Expanded with temporaries; the sum is formed on integers and
    /// converted back with `inttoptr` (the target lies in another object than `p`).
    pub(super) fn lower_load_relative(
        &mut self,
        i: InstructionValue<'ctx>,
        ret: TypeId,
    ) -> InstKind {
        let p = RawValue::of(i).operand(0);
        let off = RawValue::of(i).operand(1);
        let ptr_ty = self.ty(p.get_type());
        let i32_ty = self.ty(self.ctx.i32_type());
        let iptr_ty = self.ty(self.ctx.custom_width_int_type(self.m.ptr_size * 8));
        let width = self.int_width_of(off);
        let pop = self.operand(p);
        let oop = self.operand(off);
        self.pending_base = self.next_reg;
        self.next_reg += 5;
        let t = |k: u32| Operand::Reg(Reg(self.pending_base + k));
        self.pending = vec![
            InstKind::Gep {
                base: pop,
                offset: 0,
                indices: vec![GepIndex {
                    op: oop,
                    width,
                    stride: 1,
                }],
            },
            InstKind::Load {
                ty: i32_ty,
                ptr: t(0),
                align: 4,
                volatile: false,
            },
            InstKind::Cast {
                op: CastOp::SExt,
                from: i32_ty,
                to: iptr_ty,
                v: t(1),
            },
            InstKind::Cast {
                op: CastOp::PtrToInt,
                from: ptr_ty,
                to: iptr_ty,
                v: pop,
            },
            InstKind::Bin {
                op: BinOp::Add,
                ty: iptr_ty,
                a: t(3),
                b: t(2),
            },
        ];
        InstKind::Cast {
            op: CastOp::IntToPtr,
            from: iptr_ty,
            to: ret,
            v: t(4),
        }
    }

    /// `llvm.experimental.constrained.*` (emitted under `#pragma STDC FENV_ACCESS ON` or
    /// `-frounding-math`): trex has one rounding mode and no FP exceptions, so these become the
    /// plain operations.
    pub(super) fn lower_constrained(
        &mut self,
        call: CallSiteValue<'ctx>,
        rest: &str,
        name: &str,
        ret: TypeId,
    ) -> InstKind {
        let op = rest.split('.').next().unwrap_or("");
        let nargs = call.count_arguments();
        let mut vals = Vec::new();
        let mut meta = Vec::new();
        for k in 0..nargs {
            let a = RawValue::of(call).operand(k);
            if type_kind_of(&a.get_type()) == LLVMTypeKind::LLVMMetadataTypeKind {
                meta.push(a);
            } else {
                vals.push(a);
            }
        }
        let unsupported = || InstKind::Unsupported {
            what: format!("unsupported intrinsic {name}"),
        };
        let bin = match op {
            "fadd" => Some(BinOp::FAdd),
            "fsub" => Some(BinOp::FSub),
            "fmul" => Some(BinOp::FMul),
            "fdiv" => Some(BinOp::FDiv),
            "frem" => Some(BinOp::FRem),
            _ => None,
        };
        if let Some(b) = bin {
            if vals.len() != 2 {
                return unsupported();
            }
            let a = self.operand(vals[0]);
            let bb = self.operand(vals[1]);
            return InstKind::Bin {
                op: b,
                ty: ret,
                a,
                b: bb,
            };
        }
        let cast = match op {
            "fptrunc" => Some(CastOp::FpTrunc),
            "fpext" => Some(CastOp::FpExt),
            "fptosi" => Some(CastOp::FpToSi),
            "fptoui" => Some(CastOp::FpToUi),
            "sitofp" => Some(CastOp::SiToFp),
            "uitofp" => Some(CastOp::UiToFp),
            _ => None,
        };
        if let Some(c) = cast {
            if vals.len() != 1 {
                return unsupported();
            }
            let from = self.ty(vals[0].get_type());
            let v = self.operand(vals[0]);
            return InstKind::Cast {
                op: c,
                from,
                to: ret,
                v,
            };
        }
        if op == "fcmp" || op == "fcmps" {
            if vals.len() != 2 || meta.is_empty() {
                return unsupported();
            }
            let pred = match md_string(meta[0]).as_str() {
                "oeq" => FloatPred::Oeq,
                "ogt" => FloatPred::Ogt,
                "oge" => FloatPred::Oge,
                "olt" => FloatPred::Olt,
                "ole" => FloatPred::Ole,
                "one" => FloatPred::One,
                "ord" => FloatPred::Ord,
                "ueq" => FloatPred::Ueq,
                "ugt" => FloatPred::Ugt,
                "uge" => FloatPred::Uge,
                "ult" => FloatPred::Ult,
                "ule" => FloatPred::Ule,
                "une" => FloatPred::Une,
                "uno" => FloatPred::Uno,
                _ => return unsupported(),
            };
            let ty = self.ty(vals[0].get_type());
            let a = self.operand(vals[0]);
            let b = self.operand(vals[1]);
            return InstKind::FCmp { pred, ty, a, b };
        }
        let intr = match op {
            "fma" => Intrinsic::Fma,
            "fmuladd" => Intrinsic::FMulAdd,
            "sqrt" => Intrinsic::Sqrt,
            "floor" => Intrinsic::Floor,
            "ceil" => Intrinsic::Ceil,
            "trunc" => Intrinsic::Trunc,
            "rint" => Intrinsic::Rint,
            "nearbyint" => Intrinsic::NearbyInt,
            "round" => Intrinsic::Round,
            "roundeven" => Intrinsic::RoundEven,
            "minnum" => Intrinsic::MinNum,
            "maxnum" => Intrinsic::MaxNum,
            _ => return unsupported(),
        };
        let mut args = Vec::with_capacity(vals.len());
        for v in vals {
            let ty = self.ty(v.get_type());
            let op = self.operand(v);
            args.push(CallArg {
                op,
                ty,
                byval: None,
            });
        }
        InstKind::Call {
            callee: Callee::Intrinsic(intr),
            args,
            ret,
        }
    }
}

/// Lane values of a constant integer vector (sign-extended), if it is one.
pub(super) fn const_int_lanes(v: RawValue<'_>, lanes: u32) -> Option<Vec<i64>> {
    let lane = |c: RawValue<'_>| c.as_const_int()?.get_sign_extended_constant();
    match v.kind() {
        LLVMValueKind::LLVMConstantAggregateZeroValueKind => Some(vec![0; lanes as usize]),
        LLVMValueKind::LLVMConstantDataVectorValueKind => {
            data_elements(v, lanes).map(lane).collect()
        }
        LLVMValueKind::LLVMConstantVectorValueKind => {
            (0..lanes).map(|i| lane(v.operand(i))).collect()
        }
        _ => None,
    }
}
