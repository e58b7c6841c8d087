//! Function bodies: instructions, operands, phis as edge copies, calls and intrinsics.

use super::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMAtomicRMWBinOp, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};

/// What a call to an intrinsic becomes.
enum IntrinsicLowering {
    /// No instruction at all (`llvm.dbg.*`, `llvm.lifetime.*`, ...).
    Drop,
    /// `Copy` of the first argument (`llvm.expect`, `llvm.ssa.copy`, ...).
    CopyArg0,
    Intr(Intrinsic),
}

fn intrinsic_of(name: &str) -> Option<IntrinsicLowering> {
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

fn bin_op(op: LLVMOpcode) -> Option<BinOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMAdd => BinOp::Add,
        LLVMSub => BinOp::Sub,
        LLVMMul => BinOp::Mul,
        LLVMUDiv => BinOp::UDiv,
        LLVMSDiv => BinOp::SDiv,
        LLVMURem => BinOp::URem,
        LLVMSRem => BinOp::SRem,
        LLVMShl => BinOp::Shl,
        LLVMLShr => BinOp::LShr,
        LLVMAShr => BinOp::AShr,
        LLVMAnd => BinOp::And,
        LLVMOr => BinOp::Or,
        LLVMXor => BinOp::Xor,
        LLVMFAdd => BinOp::FAdd,
        LLVMFSub => BinOp::FSub,
        LLVMFMul => BinOp::FMul,
        LLVMFDiv => BinOp::FDiv,
        LLVMFRem => BinOp::FRem,
        _ => return None,
    })
}

fn cast_op(op: LLVMOpcode) -> Option<CastOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMTrunc => CastOp::Trunc,
        LLVMZExt => CastOp::ZExt,
        LLVMSExt => CastOp::SExt,
        LLVMFPTrunc => CastOp::FpTrunc,
        LLVMFPExt => CastOp::FpExt,
        LLVMFPToUI => CastOp::FpToUi,
        LLVMFPToSI => CastOp::FpToSi,
        LLVMUIToFP => CastOp::UiToFp,
        LLVMSIToFP => CastOp::SiToFp,
        LLVMPtrToInt => CastOp::PtrToInt,
        LLVMIntToPtr => CastOp::IntToPtr,
        LLVMBitCast => CastOp::BitCast,
        LLVMAddrSpaceCast => CastOp::AddrSpaceCast,
        _ => return None,
    })
}

fn int_pred(p: LLVMIntPredicate) -> IntPred {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => IntPred::Eq,
        LLVMIntNE => IntPred::Ne,
        LLVMIntUGT => IntPred::Ugt,
        LLVMIntUGE => IntPred::Uge,
        LLVMIntULT => IntPred::Ult,
        LLVMIntULE => IntPred::Ule,
        LLVMIntSGT => IntPred::Sgt,
        LLVMIntSGE => IntPred::Sge,
        LLVMIntSLT => IntPred::Slt,
        LLVMIntSLE => IntPred::Sle,
    }
}

fn float_pred(p: LLVMRealPredicate) -> FloatPred {
    use LLVMRealPredicate::*;
    match p {
        LLVMRealPredicateFalse => FloatPred::False,
        LLVMRealOEQ => FloatPred::Oeq,
        LLVMRealOGT => FloatPred::Ogt,
        LLVMRealOGE => FloatPred::Oge,
        LLVMRealOLT => FloatPred::Olt,
        LLVMRealOLE => FloatPred::Ole,
        LLVMRealONE => FloatPred::One,
        LLVMRealORD => FloatPred::Ord,
        LLVMRealUNO => FloatPred::Uno,
        LLVMRealUEQ => FloatPred::Ueq,
        LLVMRealUGT => FloatPred::Ugt,
        LLVMRealUGE => FloatPred::Uge,
        LLVMRealULT => FloatPred::Ult,
        LLVMRealULE => FloatPred::Ule,
        LLVMRealUNE => FloatPred::Une,
        LLVMRealPredicateTrue => FloatPred::True,
    }
}

fn rmw_op(op: LLVMAtomicRMWBinOp) -> RmwOp {
    use LLVMAtomicRMWBinOp::*;
    match op {
        LLVMAtomicRMWBinOpXchg => RmwOp::Xchg,
        LLVMAtomicRMWBinOpAdd => RmwOp::Add,
        LLVMAtomicRMWBinOpSub => RmwOp::Sub,
        LLVMAtomicRMWBinOpAnd => RmwOp::And,
        LLVMAtomicRMWBinOpNand => RmwOp::Nand,
        LLVMAtomicRMWBinOpOr => RmwOp::Or,
        LLVMAtomicRMWBinOpXor => RmwOp::Xor,
        LLVMAtomicRMWBinOpMax => RmwOp::Max,
        LLVMAtomicRMWBinOpMin => RmwOp::Min,
        LLVMAtomicRMWBinOpUMax => RmwOp::UMax,
        LLVMAtomicRMWBinOpUMin => RmwOp::UMin,
        LLVMAtomicRMWBinOpFAdd => RmwOp::FAdd,
        LLVMAtomicRMWBinOpFSub => RmwOp::FSub,
    }
}

fn opcode_name(op: LLVMOpcode) -> &'static str {
    use LLVMOpcode::*;
    match op {
        LLVMInvoke => "invoke",
        LLVMCallBr => "callbr",
        LLVMResume => "resume",
        LLVMLandingPad => "landingpad",
        LLVMCleanupRet => "cleanupret",
        LLVMCatchRet => "catchret",
        LLVMCatchPad => "catchpad",
        LLVMCleanupPad => "cleanuppad",
        LLVMCatchSwitch => "catchswitch",
        LLVMUserOp1 | LLVMUserOp2 => "user op",
        _ => "instruction",
    }
}

fn is_terminator_opcode(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMRet
            | LLVMBr
            | LLVMSwitch
            | LLVMIndirectBr
            | LLVMInvoke
            | LLVMUnreachable
            | LLVMCallBr
            | LLVMResume
            | LLVMCleanupRet
            | LLVMCatchRet
            | LLVMCatchSwitch
    )
}

impl<'ctx> Lowerer<'ctx> {
    /// Operand for an LLVM value used in the current function (or in a constant expression).
    pub(crate) unsafe fn operand(&mut self, v: LLVMValueRef) -> Operand {
        if let Some(&r) = self.regs.get(&v) {
            return Operand::Reg(r);
        }
        match LLVMGetValueKind(v) {
            LLVMValueKind::LLVMInstructionValueKind
            | LLVMValueKind::LLVMArgumentValueKind
            | LLVMValueKind::LLVMMetadataAsValueValueKind
            | LLVMValueKind::LLVMBasicBlockValueKind
            | LLVMValueKind::LLVMInlineAsmValueKind => {
                Operand::Const(self.undef_of(RawValue::new(v)))
            }
            _ => Operand::Const(self.konst(RawValue::new(v))),
        }
    }

    unsafe fn int_width_of(&mut self, v: LLVMValueRef) -> u32 {
        let t = LLVMTypeOf(v);
        if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind {
            LLVMGetIntTypeWidth(t)
        } else {
            0
        }
    }

    /// Lowers a GEP (instruction or constant expression). `None` never; `Some(Unsupported)`
    /// for vector GEPs.
    pub(crate) unsafe fn gep(&mut self, v: LLVMValueRef) -> Option<InstKind> {
        if LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMTypeKind::LLVMVectorTypeKind {
            if !LLVMIsAInstruction(v).is_null() {
                return Some(self.vector_gep(v));
            }
            return Some(InstKind::Unsupported {
                what: "unsupported instruction getelementptr on vectors".into(),
            });
        }
        let base = self.operand(LLVMGetOperand(v, 0));
        let n = LLVMGetNumOperands(v) as u32;
        let mut cur = LLVMGetGEPSourceElementType(v);
        let mut offset: i64 = 0;
        let mut indices = Vec::new();
        for i in 1..n {
            let idx = LLVMGetOperand(v, i);
            let kind = LLVMGetTypeKind(cur);
            let stride: i64;
            if i == 1 {
                stride = LLVMABISizeOfType(self.td.as_mut_ptr(), cur) as i64;
            } else if kind == LLVMTypeKind::LLVMStructTypeKind {
                let field = LLVMConstIntGetZExtValue(idx) as u32;
                offset = offset
                    .wrapping_add(LLVMOffsetOfElement(self.td.as_mut_ptr(), cur, field) as i64);
                cur = LLVMStructGetTypeAtIndex(cur, field);
                continue;
            } else {
                cur = LLVMGetElementType(cur);
                stride = LLVMABISizeOfType(self.td.as_mut_ptr(), cur) as i64;
            }
            if LLVMGetValueKind(idx) == LLVMValueKind::LLVMConstantIntValueKind
                && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64
            {
                let k = LLVMConstIntGetSExtValue(idx);
                offset = offset.wrapping_add(k.wrapping_mul(stride));
            } else {
                let w = self.int_width_of(idx);
                if w == 0 {
                    return Some(InstKind::Unsupported {
                        what: "unsupported instruction getelementptr with vector index".into(),
                    });
                }
                let op = self.operand(idx);
                indices.push(GepIndex {
                    op,
                    width: w,
                    stride,
                });
            }
        }
        Some(InstKind::Gep {
            base,
            offset,
            indices,
        })
    }

    /// A GEP producing a vector of pointers, expanded lane by lane into scalar GEPs
    /// (extracting vector bases and indices) and an `insertelement` chain.
    unsafe fn vector_gep(&mut self, v: LLVMValueRef) -> InstKind {
        enum Step {
            Offset(i64),
            Scalar(GepIndex),
            Lane {
                vec: Operand,
                vec_ty: TypeId,
                width: u32,
                stride: i64,
            },
            /// A constant vector index: the byte offset of each lane.
            ConstLanes(Vec<i64>),
        }
        let rty = LLVMTypeOf(v);
        let lanes = LLVMGetVectorSize(rty);
        let res_ty = self.ty_raw(rty);
        let i32_ty = self.ty(self.ctx.i32_type());
        let is_vec = |t: LLVMTypeRef| LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVectorTypeKind;
        let base_v = LLVMGetOperand(v, 0);
        let base = self.operand(base_v);
        let base_vec_ty = is_vec(LLVMTypeOf(base_v)).then(|| self.ty_raw(LLVMTypeOf(base_v)));
        let unsupported = |w: &str| InstKind::Unsupported {
            what: format!("unsupported instruction getelementptr on vectors ({w})"),
        };
        // Plan the address computation once; lanes differ only in extracted operands.
        let n = LLVMGetNumOperands(v) as u32;
        let mut cur = LLVMGetGEPSourceElementType(v);
        let mut steps = Vec::new();
        for i in 1..n {
            let idx = LLVMGetOperand(v, i);
            let it = LLVMTypeOf(idx);
            let stride: i64;
            if i == 1 {
                stride = LLVMABISizeOfType(self.td.as_mut_ptr(), cur) as i64;
            } else if LLVMGetTypeKind(cur) == LLVMTypeKind::LLVMStructTypeKind {
                // Struct field numbers are constants (splat vectors for vector indices).
                let c = if is_vec(it) {
                    match LLVMGetValueKind(idx) {
                        LLVMValueKind::LLVMConstantAggregateZeroValueKind => None,
                        LLVMValueKind::LLVMConstantDataVectorValueKind => {
                            Some(LLVMGetElementAsConstant(idx, 0))
                        }
                        LLVMValueKind::LLVMConstantVectorValueKind => Some(LLVMGetOperand(idx, 0)),
                        _ => return unsupported("variable struct index"),
                    }
                } else {
                    Some(idx)
                };
                let field = c.map(|c| LLVMConstIntGetZExtValue(c) as u32).unwrap_or(0);
                steps.push(Step::Offset(
                    LLVMOffsetOfElement(self.td.as_mut_ptr(), cur, field) as i64,
                ));
                cur = LLVMStructGetTypeAtIndex(cur, field);
                continue;
            } else {
                cur = LLVMGetElementType(cur);
                stride = LLVMABISizeOfType(self.td.as_mut_ptr(), cur) as i64;
            }
            if is_vec(it) {
                let et = LLVMGetElementType(it);
                if LLVMGetTypeKind(et) != LLVMTypeKind::LLVMIntegerTypeKind {
                    return unsupported("non-integer index");
                }
                if let Some(ks) = const_int_lanes(idx, lanes) {
                    let offs = ks.iter().map(|k| k.wrapping_mul(stride)).collect();
                    steps.push(Step::ConstLanes(offs));
                    continue;
                }
                let vec_ty = self.ty_raw(it);
                let vec = self.operand(idx);
                steps.push(Step::Lane {
                    vec,
                    vec_ty,
                    width: LLVMGetIntTypeWidth(et),
                    stride,
                });
            } else if LLVMGetValueKind(idx) == LLVMValueKind::LLVMConstantIntValueKind
                && LLVMGetIntTypeWidth(it) <= 64
            {
                steps.push(Step::Offset(
                    LLVMConstIntGetSExtValue(idx).wrapping_mul(stride),
                ));
            } else {
                let width = self.int_width_of(idx);
                let op = self.operand(idx);
                steps.push(Step::Scalar(GepIndex { op, width, stride }));
            }
        }
        self.pending_base = self.next_reg;
        let mut pending: Vec<InstKind> = Vec::new();
        let reg_of =
            |pending: &Vec<InstKind>, base: u32| Operand::Reg(Reg(base + pending.len() as u32 - 1));
        let pb = self.pending_base;
        let mut acc = Operand::Const(self.push_const(Const::Undef { ty: res_ty }));
        let mut last = None;
        for lane in 0..lanes {
            let lane_c = Operand::Const(self.push_const(Const::Int {
                ty: i32_ty,
                bits: lane as u128,
            }));
            let b = match base_vec_ty {
                Some(vec_ty) => {
                    pending.push(InstKind::ExtractElement {
                        vec_ty,
                        vec: base,
                        idx: lane_c,
                        idx_width: 32,
                    });
                    reg_of(&pending, pb)
                }
                None => base,
            };
            let mut offset = 0i64;
            let mut indices = Vec::new();
            for s in &steps {
                match s {
                    Step::Offset(o) => offset = offset.wrapping_add(*o),
                    Step::ConstLanes(offs) => offset = offset.wrapping_add(offs[lane as usize]),
                    Step::Scalar(g) => indices.push(g.clone()),
                    Step::Lane {
                        vec,
                        vec_ty,
                        width,
                        stride,
                    } => {
                        pending.push(InstKind::ExtractElement {
                            vec_ty: *vec_ty,
                            vec: *vec,
                            idx: lane_c,
                            idx_width: 32,
                        });
                        indices.push(GepIndex {
                            op: reg_of(&pending, pb),
                            width: *width,
                            stride: *stride,
                        });
                    }
                }
            }
            pending.push(InstKind::Gep {
                base: b,
                offset,
                indices,
            });
            let g = reg_of(&pending, pb);
            let ins = InstKind::InsertElement {
                vec_ty: res_ty,
                vec: acc,
                val: g,
                idx: lane_c,
                idx_width: 32,
            };
            if lane + 1 == lanes {
                last = Some(ins);
            } else {
                pending.push(ins);
                acc = reg_of(&pending, pb);
            }
        }
        self.next_reg += pending.len() as u32;
        self.pending = pending;
        last.unwrap_or(InstKind::Copy { ty: res_ty, v: acc })
    }

    /// Instructions that can also be constant expressions.
    pub(crate) unsafe fn lower_common(
        &mut self,
        v: LLVMValueRef,
        op: LLVMOpcode,
    ) -> Option<InstKind> {
        use LLVMOpcode::*;
        let rty = LLVMTypeOf(v);
        if let Some(b) = bin_op(op) {
            let ty = self.ty_raw(rty);
            let a = self.operand(LLVMGetOperand(v, 0));
            let bb = self.operand(LLVMGetOperand(v, 1));
            return Some(InstKind::Bin {
                op: b,
                ty,
                a,
                b: bb,
            });
        }
        if let Some(c) = cast_op(op) {
            let src = LLVMGetOperand(v, 0);
            let from = self.ty_raw(LLVMTypeOf(src));
            let to = self.ty_raw(rty);
            let val = self.operand(src);
            return Some(InstKind::Cast {
                op: c,
                from,
                to,
                v: val,
            });
        }
        Some(match op {
            LLVMFNeg => {
                let ty = self.ty_raw(rty);
                let a = self.operand(LLVMGetOperand(v, 0));
                InstKind::FNeg { ty, a }
            }
            LLVMICmp => {
                let a0 = LLVMGetOperand(v, 0);
                let ty = self.ty_raw(LLVMTypeOf(a0));
                let a = self.operand(a0);
                let b = self.operand(LLVMGetOperand(v, 1));
                InstKind::ICmp {
                    pred: int_pred(LLVMGetICmpPredicate(v)),
                    ty,
                    a,
                    b,
                }
            }
            LLVMFCmp => {
                let a0 = LLVMGetOperand(v, 0);
                let ty = self.ty_raw(LLVMTypeOf(a0));
                let a = self.operand(a0);
                let b = self.operand(LLVMGetOperand(v, 1));
                InstKind::FCmp {
                    pred: float_pred(LLVMGetFCmpPredicate(v)),
                    ty,
                    a,
                    b,
                }
            }
            LLVMSelect => {
                let ty = self.ty_raw(rty);
                let cond = self.operand(LLVMGetOperand(v, 0));
                let t = self.operand(LLVMGetOperand(v, 1));
                let f = self.operand(LLVMGetOperand(v, 2));
                InstKind::Select { ty, cond, t, f }
            }
            LLVMGetElementPtr => return self.gep(v),
            LLVMExtractValue => {
                let a0 = LLVMGetOperand(v, 0);
                let agg_ty = self.ty_raw(LLVMTypeOf(a0));
                let agg = self.operand(a0);
                InstKind::ExtractValue {
                    agg_ty,
                    agg,
                    indices: indices_of(v),
                }
            }
            LLVMInsertValue => {
                let a0 = LLVMGetOperand(v, 0);
                let agg_ty = self.ty_raw(LLVMTypeOf(a0));
                let agg = self.operand(a0);
                let val = self.operand(LLVMGetOperand(v, 1));
                InstKind::InsertValue {
                    agg_ty,
                    agg,
                    val,
                    indices: indices_of(v),
                }
            }
            LLVMExtractElement => {
                let a0 = LLVMGetOperand(v, 0);
                let vec_ty = self.ty_raw(LLVMTypeOf(a0));
                let vec = self.operand(a0);
                let i = LLVMGetOperand(v, 1);
                let idx_width = self.int_width_of(i);
                let idx = self.operand(i);
                InstKind::ExtractElement {
                    vec_ty,
                    vec,
                    idx,
                    idx_width,
                }
            }
            LLVMInsertElement => {
                let a0 = LLVMGetOperand(v, 0);
                let vec_ty = self.ty_raw(LLVMTypeOf(a0));
                let vec = self.operand(a0);
                let val = self.operand(LLVMGetOperand(v, 1));
                let i = LLVMGetOperand(v, 2);
                let idx_width = self.int_width_of(i);
                let idx = self.operand(i);
                InstKind::InsertElement {
                    vec_ty,
                    vec,
                    val,
                    idx,
                    idx_width,
                }
            }
            LLVMShuffleVector if !LLVMIsAInstruction(v).is_null() => {
                let a0 = LLVMGetOperand(v, 0);
                let vec_ty = self.ty_raw(LLVMTypeOf(a0));
                let a = self.operand(a0);
                let b = self.operand(LLVMGetOperand(v, 1));
                let n = LLVMGetNumMaskElements(v);
                let undef = LLVMGetUndefMaskElem();
                let mask = (0..n)
                    .map(|i| {
                        let m = LLVMGetMaskValue(v, i);
                        if m == undef {
                            -1
                        } else {
                            m
                        }
                    })
                    .collect();
                InstKind::ShuffleVector { vec_ty, a, b, mask }
            }
            _ => return None,
        })
    }

    /// An edge from `from` to `to` with the copies of `to`'s phis.
    unsafe fn edge(&mut self, from: LLVMBasicBlockRef, to: LLVMBasicBlockRef) -> Edge {
        let target = self.block_map.get(&to).map(|x| x.1).unwrap_or(BlockId(0));
        let mut copies = Vec::new();
        let mut i = LLVMGetFirstInstruction(to);
        while !i.is_null() && LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI {
            let n = LLVMCountIncoming(i);
            for k in 0..n {
                if LLVMGetIncomingBlock(i, k) == from {
                    let src = self.operand(LLVMGetIncomingValue(i, k));
                    if let Some(&dst) = self.regs.get(&i) {
                        copies.push(PhiCopy { dst, src });
                    }
                    break;
                }
            }
            i = LLVMGetNextInstruction(i);
        }
        Edge { target, copies }
    }

    pub(crate) unsafe fn lower_function(&mut self, f: LLVMValueRef) {
        let fid = self.func_map[&f];
        let mut loc = self.loc_of(RawValue::new(f));
        if LLVMIsDeclaration(f) != 0 {
            self.m.functions[fid.0 as usize].loc = loc;
            return;
        }
        self.regs.clear();
        let nparams = LLVMCountParams(f);
        for i in 0..nparams {
            self.regs.insert(LLVMGetParam(f, i), Reg(i));
        }
        let mut next = nparams;
        let mut bbs = Vec::new();
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            bbs.push(bb);
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                if LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMTypeKind::LLVMVoidTypeKind {
                    self.regs.insert(i, Reg(next));
                    next += 1;
                }
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        self.next_reg = next;
        let mut code = Vec::new();
        let mut blocks = Vec::with_capacity(bbs.len());
        for &bb in &bbs {
            let name_p = LLVMGetBasicBlockName(bb);
            let name = if name_p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(name_p).to_string_lossy().into_owned()
            };
            blocks.push(Block {
                start: code.len() as u32,
                name,
            });
            let mut i = LLVMGetFirstInstruction(bb);
            let mut terminated = false;
            while !i.is_null() {
                let op = LLVMGetInstructionOpcode(i);
                if op != LLVMOpcode::LLVMPHI {
                    let iloc = self.inst_loc(RawValue::new(i));
                    if loc.0 == 0 {
                        loc = iloc;
                    }
                    let lowered = self.lower_inst(i, op, bb);
                    for (k, kind) in std::mem::take(&mut self.pending).into_iter().enumerate() {
                        // Temporaries of an expansion: `pending[k]` writes the k-th reserved reg.
                        let dst = Reg(self.pending_base + k as u32);
                        code.push(Inst {
                            dst: Some(dst),
                            kind,
                            loc: iloc,
                        });
                    }
                    if let Some(kind) = lowered {
                        let dst = self.regs.get(&i).copied();
                        let is_term = is_terminator_opcode(op);
                        let unsupported_term =
                            is_term && matches!(kind, InstKind::Unsupported { .. });
                        code.push(Inst {
                            dst,
                            kind,
                            loc: iloc,
                        });
                        if unsupported_term {
                            code.push(Inst {
                                dst: None,
                                kind: InstKind::Unreachable,
                                loc: iloc,
                            });
                        }
                        terminated = is_term;
                    }
                }
                i = LLVMGetNextInstruction(i);
            }
            if !terminated {
                code.push(Inst {
                    dst: None,
                    kind: InstKind::Unreachable,
                    loc: LocId(0),
                });
            }
        }
        let func = &mut self.m.functions[fid.0 as usize];
        func.num_regs = self.next_reg;
        func.code = code;
        func.blocks = blocks;
        func.loc = loc;
    }

    /// Checks the types of an instruction's result and operands.
    unsafe fn bad_types(&mut self, i: LLVMValueRef) -> Option<String> {
        let t = LLVMTypeOf(i);
        let tid = self.ty_raw(t);
        if self.is_bad_type(tid) {
            return Some(print_type(&RawType::new(t)));
        }
        let n = LLVMGetNumOperands(i).max(0) as u32;
        for k in 0..n {
            let o = LLVMGetOperand(i, k);
            if o.is_null() {
                continue;
            }
            let ot = LLVMTypeOf(o);
            let oid = self.ty_raw(ot);
            if self.is_bad_type(oid) {
                return Some(print_type(&RawType::new(ot)));
            }
        }
        None
    }

    /// Lowers one (non-phi) instruction; `None` if it is dropped.
    unsafe fn lower_inst(
        &mut self,
        i: LLVMValueRef,
        op: LLVMOpcode,
        bb: LLVMBasicBlockRef,
    ) -> Option<InstKind> {
        use LLVMOpcode::*;
        if !matches!(op, LLVMCall | LLVMBr | LLVMRet | LLVMUnreachable) {
            if let Some(t) = self.bad_types(i) {
                return Some(InstKind::Unsupported {
                    what: format!("unsupported type {t} in {}", inst_name(i)),
                });
            }
        }
        if let Some(k) = self.lower_common(i, op) {
            return Some(k);
        }
        let rty = LLVMTypeOf(i);
        Some(match op {
            LLVMRet => {
                if LLVMGetNumOperands(i) == 0 {
                    InstKind::Ret { val: None }
                } else {
                    InstKind::Ret {
                        val: Some(self.operand(LLVMGetOperand(i, 0))),
                    }
                }
            }
            LLVMBr => {
                if LLVMIsConditional(i) != 0 {
                    let cond = self.operand(LLVMGetCondition(i));
                    let t = self.edge(bb, LLVMGetSuccessor(i, 0));
                    let f = self.edge(bb, LLVMGetSuccessor(i, 1));
                    InstKind::CondBr { cond, t, f }
                } else {
                    let edge = self.edge(bb, LLVMGetSuccessor(i, 0));
                    InstKind::Br { edge }
                }
            }
            LLVMSwitch => {
                let c = LLVMGetOperand(i, 0);
                let width = self.int_width_of(c);
                let cond = self.operand(c);
                let default = self.edge(bb, LLVMGetSuccessor(i, 0));
                let n = LLVMGetNumSuccessors(i);
                let mut cases = Vec::with_capacity(n as usize);
                for k in 1..n {
                    let val = LLVMGetOperand(i, 2 * k);
                    let bits = RawValue::new(val)
                        .as_const_int()
                        .and_then(|c| self.const_int_bits(c))
                        .unwrap_or(0);
                    let e = self.edge(bb, LLVMGetSuccessor(i, k));
                    cases.push((bits, e));
                }
                InstKind::Switch {
                    cond,
                    width,
                    cases,
                    default,
                }
            }
            LLVMIndirectBr => {
                let addr = self.operand(LLVMGetOperand(i, 0));
                let n = LLVMGetNumSuccessors(i);
                let dests = (0..n)
                    .map(|k| self.edge(bb, LLVMGetSuccessor(i, k)))
                    .collect();
                InstKind::IndirectBr { addr, dests }
            }
            LLVMUnreachable => InstKind::Unreachable,
            LLVMAlloca => {
                let et = LLVMGetAllocatedType(i);
                let elem_size = if LLVMTypeIsSized(et) != 0 {
                    LLVMABISizeOfType(self.td.as_mut_ptr(), et)
                } else {
                    0
                };
                let c = LLVMGetOperand(i, 0);
                let count_width = self.int_width_of(c);
                let count = self.operand(c);
                let mut align = LLVMGetAlignment(i);
                if align == 0 {
                    align = LLVMABIAlignmentOfType(self.td.as_mut_ptr(), et);
                }
                InstKind::Alloca {
                    elem_size,
                    count,
                    count_width,
                    align,
                }
            }
            LLVMLoad => {
                let ty = self.ty_raw(rty);
                let ptr = self.operand(LLVMGetOperand(i, 0));
                InstKind::Load {
                    ty,
                    ptr,
                    align: LLVMGetAlignment(i),
                    volatile: LLVMGetVolatile(i) != 0,
                }
            }
            LLVMStore => {
                let v = LLVMGetOperand(i, 0);
                let ty = self.ty_raw(LLVMTypeOf(v));
                let val = self.operand(v);
                let ptr = self.operand(LLVMGetOperand(i, 1));
                InstKind::Store {
                    ty,
                    val,
                    ptr,
                    align: LLVMGetAlignment(i),
                    volatile: LLVMGetVolatile(i) != 0,
                }
            }
            LLVMFreeze => {
                let ty = self.ty_raw(rty);
                let v = self.operand(LLVMGetOperand(i, 0));
                InstKind::Copy { ty, v }
            }
            LLVMAtomicRMW => {
                let v = LLVMGetOperand(i, 1);
                let ty = self.ty_raw(LLVMTypeOf(v));
                let ptr = self.operand(LLVMGetOperand(i, 0));
                let val = self.operand(v);
                InstKind::AtomicRmw {
                    op: rmw_op(LLVMGetAtomicRMWBinOp(i)),
                    ty,
                    ptr,
                    val,
                }
            }
            LLVMAtomicCmpXchg => {
                let c = LLVMGetOperand(i, 1);
                let ty = self.ty_raw(LLVMTypeOf(c));
                let ptr = self.operand(LLVMGetOperand(i, 0));
                let cmp = self.operand(c);
                let new = self.operand(LLVMGetOperand(i, 2));
                InstKind::CmpXchg { ty, ptr, cmp, new }
            }
            LLVMFence => InstKind::Fence,
            LLVMVAArg => {
                let ty = self.ty_raw(rty);
                let list = self.operand(LLVMGetOperand(i, 0));
                InstKind::VaArg { ty, list }
            }
            LLVMCall => return self.lower_call(i),
            LLVMShuffleVector => InstKind::Unsupported {
                what: "unsupported instruction shufflevector".into(),
            },
            other => InstKind::Unsupported {
                what: format!("unsupported instruction {}", opcode_name(other)),
            },
        })
    }

    unsafe fn lower_call(&mut self, i: LLVMValueRef) -> Option<InstKind> {
        let mut callee = LLVMGetCalledValue(i);
        // Look through pointer casts and aliases of the callee.
        for _ in 0..16 {
            match LLVMGetValueKind(callee) {
                LLVMValueKind::LLVMConstantExprValueKind
                    if matches!(
                        LLVMGetConstOpcode(callee),
                        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast
                    ) =>
                {
                    callee = LLVMGetOperand(callee, 0)
                }
                LLVMValueKind::LLVMGlobalAliasValueKind => callee = LLVMAliasGetAliasee(callee),
                _ => break,
            }
        }
        let ret = self.ty_raw(LLVMTypeOf(i));
        let nargs = LLVMGetNumArgOperands(i);
        let kind = LLVMGetValueKind(callee);
        if kind == LLVMValueKind::LLVMInlineAsmValueKind {
            return Some(InstKind::Unsupported {
                what: "unsupported inline assembly".into(),
            });
        }
        let target = if kind == LLVMValueKind::LLVMFunctionValueKind {
            if LLVMGetIntrinsicID(callee) != 0 || value_name(callee).starts_with("llvm.") {
                let name = value_name(callee);
                if name.starts_with("llvm.load.relative.") {
                    return Some(self.lower_load_relative(i, ret));
                }
                if let Some(k) = self.lower_fp_reduce(i, &name, ret) {
                    return Some(k);
                }
                if let Some(rest) = name.strip_prefix("llvm.experimental.constrained.") {
                    return Some(self.lower_constrained(i, rest, &name, ret));
                }
                match intrinsic_of(&name) {
                    None => {
                        return Some(InstKind::Unsupported {
                            what: format!("unsupported intrinsic {name}"),
                        })
                    }
                    Some(IntrinsicLowering::Drop) => return None,
                    Some(IntrinsicLowering::CopyArg0) => {
                        let v = self.operand(LLVMGetOperand(i, 0));
                        return Some(InstKind::Copy { ty: ret, v });
                    }
                    Some(IntrinsicLowering::Intr(x)) => Callee::Intrinsic(x),
                }
            } else {
                match self.func_map.get(&callee) {
                    Some(&fid) => Callee::Direct(fid),
                    None => Callee::Indirect(self.operand(callee)),
                }
            }
        } else {
            Callee::Indirect(self.operand(callee))
        };
        if let Some(t) = self.bad_types(i) {
            return Some(InstKind::Unsupported {
                what: format!("unsupported type {t} in call"),
            });
        }
        let mut args = Vec::with_capacity(nargs as usize);
        for k in 0..nargs {
            let a = LLVMGetOperand(i, k);
            let at = LLVMTypeOf(a);
            let ty = self.ty_raw(at);
            let op = self.operand(a);
            let mut attr = LLVMGetCallSiteEnumAttribute(i, k + 1, self.byval_kind);
            if attr.is_null() && kind == LLVMValueKind::LLVMFunctionValueKind {
                let fty = LLVMGlobalGetValueType(callee);
                if k < LLVMCountParamTypes(fty) {
                    attr = LLVMGetEnumAttributeAtIndex(callee, k + 1, self.byval_kind);
                }
            }
            let byval = self.byval_size((!attr.is_null()).then(|| Attribute::new(attr)));
            args.push(CallArg { op, ty, byval });
        }
        Some(InstKind::Call {
            callee: target,
            args,
            ret,
        })
    }
}

impl<'ctx> Lowerer<'ctx> {
    /// Emits a temporary instruction before the one being lowered; returns its register.
    fn tmp(&mut self, k: InstKind) -> Operand {
        if self.pending.is_empty() {
            self.pending_base = self.next_reg;
        }
        self.pending.push(k);
        self.next_reg += 1;
        Operand::Reg(Reg(self.pending_base + self.pending.len() as u32 - 1))
    }

    /// Floating-point vector reductions (`llvm.vector.reduce.{fadd,fmul,fmax,fmin}`, emitted
    /// with fast-math): expanded into a sequential chain over the lanes.
    unsafe fn lower_fp_reduce(
        &mut self,
        i: LLVMValueRef,
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
        let vec_v = LLVMGetOperand(i, if has_start { 1 } else { 0 });
        let vt = LLVMTypeOf(vec_v);
        if LLVMGetTypeKind(vt) != LLVMTypeKind::LLVMVectorTypeKind {
            return None;
        }
        let lanes = LLVMGetVectorSize(vt);
        let vec_ty = self.ty_raw(vt);
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
            self.operand(LLVMGetOperand(i, 0))
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
    unsafe fn lower_load_relative(&mut self, i: LLVMValueRef, ret: TypeId) -> InstKind {
        let p = LLVMGetOperand(i, 0);
        let off = LLVMGetOperand(i, 1);
        let ptr_ty = self.ty_raw(LLVMTypeOf(p));
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
    unsafe fn lower_constrained(
        &mut self,
        i: LLVMValueRef,
        rest: &str,
        name: &str,
        ret: TypeId,
    ) -> InstKind {
        let op = rest.split('.').next().unwrap_or("");
        let nargs = LLVMGetNumArgOperands(i);
        let mut vals = Vec::new();
        let mut meta = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(i, k);
            if LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMTypeKind::LLVMMetadataTypeKind {
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
            let from = self.ty_raw(LLVMTypeOf(vals[0]));
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
            let mut len = 0u32;
            let p = LLVMGetMDString(meta[0], &mut len);
            let pred = match cstr_len(p, len as usize).as_str() {
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
            let ty = self.ty_raw(LLVMTypeOf(vals[0]));
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
            let ty = self.ty_raw(LLVMTypeOf(v));
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
unsafe fn const_int_lanes(v: LLVMValueRef, lanes: u32) -> Option<Vec<i64>> {
    let lane = |c: LLVMValueRef| -> Option<i64> {
        (LLVMGetValueKind(c) == LLVMValueKind::LLVMConstantIntValueKind
            && LLVMGetIntTypeWidth(LLVMTypeOf(c)) <= 64)
            .then(|| LLVMConstIntGetSExtValue(c))
    };
    match LLVMGetValueKind(v) {
        LLVMValueKind::LLVMConstantAggregateZeroValueKind => Some(vec![0; lanes as usize]),
        LLVMValueKind::LLVMConstantDataVectorValueKind => (0..lanes)
            .map(|i| lane(LLVMGetElementAsConstant(v, i)))
            .collect(),
        LLVMValueKind::LLVMConstantVectorValueKind => {
            (0..lanes).map(|i| lane(LLVMGetOperand(v, i))).collect()
        }
        _ => None,
    }
}

unsafe fn indices_of(v: LLVMValueRef) -> Vec<u32> {
    let n = LLVMGetNumIndices(v) as usize;
    let p = LLVMGetIndices(v);
    if p.is_null() || n == 0 {
        return Vec::new();
    }
    std::slice::from_raw_parts(p, n).to_vec()
}

unsafe fn inst_name(i: LLVMValueRef) -> String {
    let s = print_value(&RawValue::new(i));
    let s = s.trim();
    let s = match s.split_once(" = ") {
        Some((_, r)) => r,
        None => s,
    };
    s.split_whitespace()
        .next()
        .unwrap_or("instruction")
        .to_string()
}

unsafe fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    cstr_len(p, len)
}

impl<'ctx> Lowerer<'ctx> {
    pub(crate) unsafe fn ty_raw(&mut self, t: LLVMTypeRef) -> TypeId {
        self.ty(RawType::new(t))
    }
}
