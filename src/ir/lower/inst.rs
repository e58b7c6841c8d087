//! Function bodies: instructions, operands, phis as edge copies, calls and intrinsics.

use super::*;
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

impl Lowerer {
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
            | LLVMValueKind::LLVMInlineAsmValueKind => Operand::Const(self.undef_of(v)),
            _ => Operand::Const(self.konst(v)),
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
                stride = LLVMABISizeOfType(self.td, cur) as i64;
            } else if kind == LLVMTypeKind::LLVMStructTypeKind {
                let field = LLVMConstIntGetZExtValue(idx) as u32;
                offset = offset.wrapping_add(LLVMOffsetOfElement(self.td, cur, field) as i64);
                cur = LLVMStructGetTypeAtIndex(cur, field);
                continue;
            } else {
                cur = LLVMGetElementType(cur);
                stride = LLVMABISizeOfType(self.td, cur) as i64;
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

    /// Instructions that can also be constant expressions.
    pub(crate) unsafe fn lower_common(
        &mut self,
        v: LLVMValueRef,
        op: LLVMOpcode,
    ) -> Option<InstKind> {
        use LLVMOpcode::*;
        let rty = LLVMTypeOf(v);
        if let Some(b) = bin_op(op) {
            let ty = self.ty(rty);
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
            let from = self.ty(LLVMTypeOf(src));
            let to = self.ty(rty);
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
                let ty = self.ty(rty);
                let a = self.operand(LLVMGetOperand(v, 0));
                InstKind::FNeg { ty, a }
            }
            LLVMICmp => {
                let a0 = LLVMGetOperand(v, 0);
                let ty = self.ty(LLVMTypeOf(a0));
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
                let ty = self.ty(LLVMTypeOf(a0));
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
                let ty = self.ty(rty);
                let cond = self.operand(LLVMGetOperand(v, 0));
                let t = self.operand(LLVMGetOperand(v, 1));
                let f = self.operand(LLVMGetOperand(v, 2));
                InstKind::Select { ty, cond, t, f }
            }
            LLVMGetElementPtr => return self.gep(v),
            LLVMExtractValue => {
                let a0 = LLVMGetOperand(v, 0);
                let agg_ty = self.ty(LLVMTypeOf(a0));
                let agg = self.operand(a0);
                InstKind::ExtractValue {
                    agg_ty,
                    agg,
                    indices: indices_of(v),
                }
            }
            LLVMInsertValue => {
                let a0 = LLVMGetOperand(v, 0);
                let agg_ty = self.ty(LLVMTypeOf(a0));
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
                let vec_ty = self.ty(LLVMTypeOf(a0));
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
                let vec_ty = self.ty(LLVMTypeOf(a0));
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
                let vec_ty = self.ty(LLVMTypeOf(a0));
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
        let mut loc = self.loc_of(f);
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
                    let iloc = self.loc_of(i);
                    if loc.0 == 0 {
                        loc = iloc;
                    }
                    if let Some(kind) = self.lower_inst(i, op, bb) {
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
        func.num_regs = next;
        func.code = code;
        func.blocks = blocks;
        func.loc = loc;
    }

    /// Checks the types of an instruction's result and operands.
    unsafe fn bad_types(&mut self, i: LLVMValueRef) -> Option<String> {
        let t = LLVMTypeOf(i);
        let tid = self.ty(t);
        if self.is_bad_type(tid) {
            return Some(print_type(t));
        }
        let n = LLVMGetNumOperands(i).max(0) as u32;
        for k in 0..n {
            let o = LLVMGetOperand(i, k);
            if o.is_null() {
                continue;
            }
            let ot = LLVMTypeOf(o);
            let oid = self.ty(ot);
            if self.is_bad_type(oid) {
                return Some(print_type(ot));
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
                    let bits = self.const_int_bits(val).unwrap_or(0);
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
                    LLVMABISizeOfType(self.td, et)
                } else {
                    0
                };
                let c = LLVMGetOperand(i, 0);
                let count_width = self.int_width_of(c);
                let count = self.operand(c);
                let mut align = LLVMGetAlignment(i);
                if align == 0 {
                    align = LLVMABIAlignmentOfType(self.td, et);
                }
                InstKind::Alloca {
                    elem_size,
                    count,
                    count_width,
                    align,
                }
            }
            LLVMLoad => {
                let ty = self.ty(rty);
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
                let ty = self.ty(LLVMTypeOf(v));
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
                let ty = self.ty(rty);
                let v = self.operand(LLVMGetOperand(i, 0));
                InstKind::Copy { ty, v }
            }
            LLVMAtomicRMW => {
                let v = LLVMGetOperand(i, 1);
                let ty = self.ty(LLVMTypeOf(v));
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
                let ty = self.ty(LLVMTypeOf(c));
                let ptr = self.operand(LLVMGetOperand(i, 0));
                let cmp = self.operand(c);
                let new = self.operand(LLVMGetOperand(i, 2));
                InstKind::CmpXchg { ty, ptr, cmp, new }
            }
            LLVMFence => InstKind::Fence,
            LLVMVAArg => {
                let ty = self.ty(rty);
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
        let ret = self.ty(LLVMTypeOf(i));
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
            let ty = self.ty(at);
            let op = self.operand(a);
            let mut attr = LLVMGetCallSiteEnumAttribute(i, k + 1, self.byval_kind);
            if attr.is_null() && kind == LLVMValueKind::LLVMFunctionValueKind {
                let fty = LLVMGlobalGetValueType(callee);
                if k < LLVMCountParamTypes(fty) {
                    attr = LLVMGetEnumAttributeAtIndex(callee, k + 1, self.byval_kind);
                }
            }
            let byval = self.byval_size(attr, at);
            args.push(CallArg { op, ty, byval });
        }
        Some(InstKind::Call {
            callee: target,
            args,
            ret,
        })
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
    let s = print_value(i);
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
