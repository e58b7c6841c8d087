//! Function bodies: instructions, operands, phis as edge copies, calls and intrinsics.

use super::consts::{aliasee, const_opcode, data_elements};
use super::*;
use inkwell::basic_block::BasicBlock;
use inkwell::types::{BasicTypeEnum, VectorType};
use inkwell::values::{CallSiteValue, InstructionOpcode, InstructionValue, PhiValue};
use inkwell::{AtomicRMWBinOp, FloatPredicate, IntPredicate};

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

pub(super) fn bin_op(op: InstructionOpcode) -> Option<BinOp> {
    use InstructionOpcode::*;
    Some(match op {
        Add => BinOp::Add,
        Sub => BinOp::Sub,
        Mul => BinOp::Mul,
        UDiv => BinOp::UDiv,
        SDiv => BinOp::SDiv,
        URem => BinOp::URem,
        SRem => BinOp::SRem,
        Shl => BinOp::Shl,
        LShr => BinOp::LShr,
        AShr => BinOp::AShr,
        And => BinOp::And,
        Or => BinOp::Or,
        Xor => BinOp::Xor,
        FAdd => BinOp::FAdd,
        FSub => BinOp::FSub,
        FMul => BinOp::FMul,
        FDiv => BinOp::FDiv,
        FRem => BinOp::FRem,
        _ => return None,
    })
}

pub(super) fn cast_op(op: InstructionOpcode) -> Option<CastOp> {
    use InstructionOpcode::*;
    Some(match op {
        Trunc => CastOp::Trunc,
        ZExt => CastOp::ZExt,
        SExt => CastOp::SExt,
        FPTrunc => CastOp::FpTrunc,
        FPExt => CastOp::FpExt,
        FPToUI => CastOp::FpToUi,
        FPToSI => CastOp::FpToSi,
        UIToFP => CastOp::UiToFp,
        SIToFP => CastOp::SiToFp,
        PtrToInt => CastOp::PtrToInt,
        IntToPtr => CastOp::IntToPtr,
        BitCast => CastOp::BitCast,
        AddrSpaceCast => CastOp::AddrSpaceCast,
        _ => return None,
    })
}

pub(super) fn int_pred(p: IntPredicate) -> IntPred {
    use IntPredicate::*;
    match p {
        EQ => IntPred::Eq,
        NE => IntPred::Ne,
        UGT => IntPred::Ugt,
        UGE => IntPred::Uge,
        ULT => IntPred::Ult,
        ULE => IntPred::Ule,
        SGT => IntPred::Sgt,
        SGE => IntPred::Sge,
        SLT => IntPred::Slt,
        SLE => IntPred::Sle,
    }
}

fn float_pred(p: FloatPredicate) -> FloatPred {
    use FloatPredicate::*;
    match p {
        PredicateFalse => FloatPred::False,
        OEQ => FloatPred::Oeq,
        OGT => FloatPred::Ogt,
        OGE => FloatPred::Oge,
        OLT => FloatPred::Olt,
        OLE => FloatPred::Ole,
        ONE => FloatPred::One,
        ORD => FloatPred::Ord,
        UNO => FloatPred::Uno,
        UEQ => FloatPred::Ueq,
        UGT => FloatPred::Ugt,
        UGE => FloatPred::Uge,
        ULT => FloatPred::Ult,
        ULE => FloatPred::Ule,
        UNE => FloatPred::Une,
        PredicateTrue => FloatPred::True,
    }
}

fn rmw_op(op: AtomicRMWBinOp) -> RmwOp {
    use AtomicRMWBinOp::*;
    match op {
        Xchg => RmwOp::Xchg,
        Add => RmwOp::Add,
        Sub => RmwOp::Sub,
        And => RmwOp::And,
        Nand => RmwOp::Nand,
        Or => RmwOp::Or,
        Xor => RmwOp::Xor,
        Max => RmwOp::Max,
        Min => RmwOp::Min,
        UMax => RmwOp::UMax,
        UMin => RmwOp::UMin,
        FAdd => RmwOp::FAdd,
        FSub => RmwOp::FSub,
    }
}

fn opcode_name(op: InstructionOpcode) -> &'static str {
    use InstructionOpcode::*;
    match op {
        Invoke => "invoke",
        CallBr => "callbr",
        Resume => "resume",
        LandingPad => "landingpad",
        CleanupRet => "cleanupret",
        CatchRet => "catchret",
        CatchPad => "catchpad",
        CleanupPad => "cleanuppad",
        CatchSwitch => "catchswitch",
        UserOp1 | UserOp2 => "user op",
        _ => "instruction",
    }
}

/// An instruction or a constant expression: what `lower_common` and `gep` read.
#[derive(Clone, Copy)]
pub(crate) enum User<'ctx> {
    Inst(InstructionValue<'ctx>),
    Expr(RawValue<'ctx>),
}

impl<'ctx> User<'ctx> {
    fn raw(self) -> RawValue<'ctx> {
        match self {
            User::Inst(i) => RawValue::of(i),
            User::Expr(v) => v,
        }
    }

    fn num_operands(self) -> u32 {
        match self {
            User::Inst(i) => i.get_num_operands(),
            User::Expr(v) => v.num_operands(),
        }
    }

    fn operand(self, k: u32) -> RawValue<'ctx> {
        self.raw().operand(k)
    }

    fn icmp_predicate(self) -> IntPredicate {
        match self {
            User::Inst(i) => i.get_icmp_predicate().unwrap_or(IntPredicate::EQ),
            // llvm-sys: inkwell 0.5 has no predicate getter for constant expressions
            User::Expr(v) => unsafe { LLVMGetICmpPredicate(v.as_value_ref()) }.into(),
        }
    }

    fn fcmp_predicate(self) -> FloatPredicate {
        match self {
            User::Inst(i) => i
                .get_fcmp_predicate()
                .unwrap_or(FloatPredicate::PredicateFalse),
            // llvm-sys: inkwell 0.5 has no predicate getter for constant expressions
            User::Expr(v) => unsafe { LLVMGetFCmpPredicate(v.as_value_ref()) }.into(),
        }
    }

    /// Source element type of a GEP.
    fn gep_source_type(self) -> RawType<'ctx> {
        // llvm-sys: inkwell 0.5 has it for GEP instructions only, as a BasicTypeEnum (panics on
        // x86_mmx)
        unsafe { RawType::new(LLVMGetGEPSourceElementType(self.raw().as_value_ref())) }
    }

    /// Indices of an extractvalue / insertvalue.
    fn indices(self) -> Vec<u32> {
        let v = self.raw().as_value_ref();
        // llvm-sys: inkwell 0.5 has no extractvalue/insertvalue indices
        unsafe {
            let n = LLVMGetNumIndices(v) as usize;
            let p = LLVMGetIndices(v);
            if p.is_null() || n == 0 {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }
}

/// A fixed-length vector type (not a scalable one, which inkwell also calls `VectorType`).
fn fixed_vector(t: RawType<'_>) -> Option<VectorType<'_>> {
    match (type_kind_of(&t), any_type(t)) {
        (LLVMTypeKind::LLVMVectorTypeKind, Some(AnyTypeEnum::VectorType(vt))) => Some(vt),
        _ => None,
    }
}

/// Whether an instruction produces a value (a register).
fn has_result(i: InstructionValue<'_>) -> bool {
    type_kind_of(&RawValue::of(i).get_type()) != LLVMTypeKind::LLVMVoidTypeKind
}

/// The successors of a terminator, in LLVM's order (`getSuccessor`). inkwell 0.5 has no
/// successor accessor: they are its block operands, which a `br` stores in reverse order.
fn successors<'ctx>(i: InstructionValue<'ctx>, op: InstructionOpcode) -> Vec<BasicBlock<'ctx>> {
    let mut bbs: Vec<BasicBlock<'ctx>> = i
        .get_operands()
        .filter_map(|o| o.and_then(|o| o.right()))
        .collect();
    if op == InstructionOpcode::Br {
        bbs.reverse();
    }
    bbs
}

/// Parameter `k` of a function.
fn param<'ctx>(f: FunctionValue<'ctx>, k: u32) -> RawValue<'ctx> {
    // llvm-sys: inkwell 0.5's get_nth_param panics on x86_mmx parameters
    unsafe { RawValue::new(LLVMGetParam(f.as_value_ref(), k)) }
}

/// Incoming block `k` of a phi.
fn incoming_block(phi: PhiValue<'_>, k: u32) -> LLVMBasicBlockRef {
    // llvm-sys: inkwell 0.5's get_incoming panics on x86_mmx phis
    unsafe { LLVMGetIncomingBlock(phi.as_value_ref(), k) }
}

/// Incoming value `k` of a phi.
fn incoming_value<'ctx>(phi: PhiValue<'ctx>, k: u32) -> RawValue<'ctx> {
    // llvm-sys: inkwell 0.5's get_incoming panics on x86_mmx phis
    unsafe { RawValue::new(LLVMGetIncomingValue(phi.as_value_ref(), k)) }
}

/// The type an alloca allocates.
fn allocated_type(i: InstructionValue<'_>) -> RawType<'_> {
    // llvm-sys: inkwell 0.5's get_allocated_type panics on x86_mmx allocas
    unsafe { RawType::new(LLVMGetAllocatedType(i.as_value_ref())) }
}

/// The operation of an atomicrmw.
fn atomic_rmw_op(i: InstructionValue<'_>) -> AtomicRMWBinOp {
    // llvm-sys: inkwell 0.5 has no atomicrmw operation getter (AtomicRMWBinOp converts it)
    unsafe { LLVMGetAtomicRMWBinOp(i.as_value_ref()) }.into()
}

/// The mask of a shufflevector instruction (-1 for undefined lanes).
fn shuffle_mask(i: InstructionValue<'_>) -> Vec<i32> {
    let v = i.as_value_ref();
    // llvm-sys: inkwell 0.5 has no shufflevector mask
    unsafe {
        let n = LLVMGetNumMaskElements(v);
        let undef = LLVMGetUndefMaskElem();
        (0..n)
            .map(|k| {
                let m = LLVMGetMaskValue(v, k);
                if m == undef {
                    -1
                } else {
                    m
                }
            })
            .collect()
    }
}

/// The called value of a call.
fn called_value(call: CallSiteValue<'_>) -> RawValue<'_> {
    // llvm-sys: inkwell 0.5's get_called_fn_value panics unless a function is called directly
    unsafe { RawValue::new(LLVMGetCalledValue(call.as_value_ref())) }
}

/// The string of a metadata string argument (`""` if it is not one).
fn md_string(v: RawValue<'_>) -> String {
    let mut len = 0u32;
    // llvm-sys: inkwell 0.5's MetadataValue::new asserts a node or string (others abort)
    unsafe {
        let p = LLVMGetMDString(v.as_value_ref(), &mut len);
        cstr_len(p, len as usize)
    }
}

impl<'ctx> Lowerer<'ctx> {
    /// The type of `u`'s first operand, and that operand.
    fn typed_first(&mut self, u: User<'ctx>) -> (TypeId, Operand) {
        let a0 = u.operand(0);
        (self.ty(a0.get_type()), self.operand(a0))
    }

    /// The type of `u`'s first operand, and its first two operands.
    fn typed_pair(&mut self, u: User<'ctx>) -> (TypeId, Operand, Operand) {
        let (ty, a) = self.typed_first(u);
        (ty, a, self.operand(u.operand(1)))
    }

    /// Operand for an LLVM value used in the current function (or in a constant expression).
    pub(crate) fn operand(&mut self, v: impl AsValueRef) -> Operand {
        let v = RawValue::of(v);
        if let Some(&r) = self.regs.get(&v.as_value_ref()) {
            return Operand::Reg(r);
        }
        match v.kind() {
            LLVMValueKind::LLVMInstructionValueKind
            | LLVMValueKind::LLVMArgumentValueKind
            | LLVMValueKind::LLVMMetadataAsValueValueKind
            | LLVMValueKind::LLVMBasicBlockValueKind
            | LLVMValueKind::LLVMInlineAsmValueKind => Operand::Const(self.undef_of(v)),
            _ => Operand::Const(self.konst(v)),
        }
    }

    pub(super) fn int_width_of(&mut self, v: RawValue<'ctx>) -> u32 {
        match any_type(v.get_type()) {
            Some(AnyTypeEnum::IntType(it)) => it.get_bit_width(),
            _ => 0,
        }
    }

    /// Lowers a GEP (instruction or constant expression). `None` never; `Some(Unsupported)`
    /// for vector GEPs.
    pub(crate) fn gep(&mut self, u: User<'ctx>) -> Option<InstKind> {
        if type_kind_of(&u.raw().get_type()) == LLVMTypeKind::LLVMVectorTypeKind {
            if let User::Inst(i) = u {
                return Some(self.vector_gep(i));
            }
            return Some(InstKind::Unsupported {
                what: "unsupported instruction getelementptr on vectors".into(),
            });
        }
        let base = self.operand(u.operand(0));
        let n = u.num_operands();
        let mut cur = u.gep_source_type();
        let mut offset: i64 = 0;
        let mut indices = Vec::new();
        for i in 1..n {
            let idx = u.operand(i);
            let stride: i64;
            if i == 1 {
                stride = self.td.get_abi_size(&cur) as i64;
            } else if let Some(AnyTypeEnum::StructType(st)) = any_type(cur) {
                let field = idx
                    .as_const_int()
                    .and_then(|c| c.get_zero_extended_constant())
                    .unwrap_or(0) as u32;
                let fo = self.td.offset_of_element(&st, field).unwrap_or(0);
                offset = offset.wrapping_add(fo as i64);
                cur = field_type(st, field);
                continue;
            } else {
                cur = element_type(cur);
                stride = self.td.get_abi_size(&cur) as i64;
            }
            if let Some(k) = idx
                .as_const_int()
                .and_then(|c| c.get_sign_extended_constant())
            {
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
    fn vector_gep(&mut self, v: InstructionValue<'ctx>) -> InstKind {
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
        let u = User::Inst(v);
        let rty = u.raw().get_type();
        let lanes = fixed_vector(rty).map_or(0, |vt| vt.get_size());
        let res_ty = self.ty(rty);
        let i32_ty = self.ty(self.ctx.i32_type());
        let base_v = u.operand(0);
        let base = self.operand(base_v);
        let base_vec_ty = fixed_vector(base_v.get_type()).map(|vt| self.ty(vt));
        let unsupported = |w: &str| InstKind::Unsupported {
            what: format!("unsupported instruction getelementptr on vectors ({w})"),
        };
        // Plan the address computation once; lanes differ only in extracted operands.
        let n = u.num_operands();
        let mut cur = u.gep_source_type();
        let mut steps = Vec::new();
        for i in 1..n {
            let idx = u.operand(i);
            let it = fixed_vector(idx.get_type());
            let stride: i64;
            if i == 1 {
                stride = self.td.get_abi_size(&cur) as i64;
            } else if let Some(AnyTypeEnum::StructType(st)) = any_type(cur) {
                // Struct field numbers are constants (splat vectors for vector indices).
                let c = if it.is_some() {
                    match idx.kind() {
                        LLVMValueKind::LLVMConstantAggregateZeroValueKind => None,
                        LLVMValueKind::LLVMConstantDataVectorValueKind => {
                            data_elements(idx, 1).next()
                        }
                        LLVMValueKind::LLVMConstantVectorValueKind => Some(idx.operand(0)),
                        _ => return unsupported("variable struct index"),
                    }
                } else {
                    Some(idx)
                };
                let field = c
                    .and_then(|c| c.as_const_int())
                    .and_then(|c| c.get_zero_extended_constant())
                    .unwrap_or(0) as u32;
                let fo = self.td.offset_of_element(&st, field).unwrap_or(0);
                steps.push(Step::Offset(fo as i64));
                cur = field_type(st, field);
                continue;
            } else {
                cur = element_type(cur);
                stride = self.td.get_abi_size(&cur) as i64;
            }
            if let Some(vt) = it {
                let BasicTypeEnum::IntType(et) = vt.get_element_type() else {
                    return unsupported("non-integer index");
                };
                if let Some(ks) = const_int_lanes(idx, lanes) {
                    let offs = ks.iter().map(|k| k.wrapping_mul(stride)).collect();
                    steps.push(Step::ConstLanes(offs));
                    continue;
                }
                let vec_ty = self.ty(vt);
                let vec = self.operand(idx);
                steps.push(Step::Lane {
                    vec,
                    vec_ty,
                    width: et.get_bit_width(),
                    stride,
                });
            } else if let Some(k) = idx
                .as_const_int()
                .and_then(|c| c.get_sign_extended_constant())
            {
                steps.push(Step::Offset(k.wrapping_mul(stride)));
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
    pub(crate) fn lower_common(
        &mut self,
        u: User<'ctx>,
        op: InstructionOpcode,
    ) -> Option<InstKind> {
        use InstructionOpcode::*;
        let rty = u.raw().get_type();
        if let Some(b) = bin_op(op) {
            let ty = self.ty(rty);
            let a = self.operand(u.operand(0));
            let bb = self.operand(u.operand(1));
            return Some(InstKind::Bin {
                op: b,
                ty,
                a,
                b: bb,
            });
        }
        if let Some(c) = cast_op(op) {
            let src = u.operand(0);
            let from = self.ty(src.get_type());
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
            FNeg => {
                let ty = self.ty(rty);
                let a = self.operand(u.operand(0));
                InstKind::FNeg { ty, a }
            }
            ICmp => {
                let (ty, a, b) = self.typed_pair(u);
                InstKind::ICmp {
                    pred: int_pred(u.icmp_predicate()),
                    ty,
                    a,
                    b,
                }
            }
            FCmp => {
                let (ty, a, b) = self.typed_pair(u);
                InstKind::FCmp {
                    pred: float_pred(u.fcmp_predicate()),
                    ty,
                    a,
                    b,
                }
            }
            Select => {
                let ty = self.ty(rty);
                let cond = self.operand(u.operand(0));
                let t = self.operand(u.operand(1));
                let f = self.operand(u.operand(2));
                InstKind::Select { ty, cond, t, f }
            }
            GetElementPtr => return self.gep(u),
            ExtractValue => {
                let (agg_ty, agg) = self.typed_first(u);
                InstKind::ExtractValue {
                    agg_ty,
                    agg,
                    indices: u.indices(),
                }
            }
            InsertValue => {
                let (agg_ty, agg, val) = self.typed_pair(u);
                InstKind::InsertValue {
                    agg_ty,
                    agg,
                    val,
                    indices: u.indices(),
                }
            }
            ExtractElement => {
                let (vec_ty, vec) = self.typed_first(u);
                let i = u.operand(1);
                let idx_width = self.int_width_of(i);
                let idx = self.operand(i);
                InstKind::ExtractElement {
                    vec_ty,
                    vec,
                    idx,
                    idx_width,
                }
            }
            InsertElement => {
                let (vec_ty, vec, val) = self.typed_pair(u);
                let i = u.operand(2);
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
            ShuffleVector => {
                let User::Inst(i) = u else {
                    return None;
                };
                let (vec_ty, a, b) = self.typed_pair(u);
                let mask = shuffle_mask(i);
                InstKind::ShuffleVector { vec_ty, a, b, mask }
            }
            _ => return None,
        })
    }

    /// An edge from `from` to `to` with the copies of `to`'s phis.
    fn edge(&mut self, from: BasicBlock<'ctx>, to: BasicBlock<'ctx>) -> Edge {
        let target = self
            .block_map
            .get(&to.as_mut_ptr())
            .map(|x| x.1)
            .unwrap_or(BlockId(0));
        let mut copies = Vec::new();
        for phi in to
            .get_instructions()
            .map_while(|i| PhiValue::try_from(i).ok())
        {
            for k in 0..phi.count_incoming() {
                if incoming_block(phi, k) == from.as_mut_ptr() {
                    let src = self.operand(incoming_value(phi, k));
                    if let Some(&dst) = self.regs.get(&phi.as_value_ref()) {
                        copies.push(PhiCopy { dst, src });
                    }
                    break;
                }
            }
        }
        Edge { target, copies }
    }

    pub(crate) fn lower_function(&mut self, f: FunctionValue<'ctx>) {
        let fid = self.func_map[&f.as_value_ref()];
        let mut loc = self.loc_of(f);
        if f.as_global_value().is_declaration() {
            self.m.functions[fid.0 as usize].loc = loc;
            return;
        }
        self.regs.clear();
        let nparams = f.count_params();
        for i in 0..nparams {
            self.regs.insert(param(f, i).as_value_ref(), Reg(i));
        }
        let mut next = nparams;
        let bbs = f.get_basic_blocks();
        for bb in &bbs {
            for i in bb.get_instructions() {
                if has_result(i) {
                    self.regs.insert(i.as_value_ref(), Reg(next));
                    next += 1;
                }
            }
        }
        self.next_reg = next;
        // (Taken, not cloned: each defined function is lowered once, in module order.)
        let asm = self
            .asm
            .get_mut(self.asm_next)
            .map(std::mem::take)
            .unwrap_or_default();
        self.asm_next += 1;
        let mut asm_lines = Vec::new();
        let mut llvm_index = 0usize;
        let mut code = Vec::new();
        let mut blocks = Vec::with_capacity(bbs.len());
        for &bb in &bbs {
            blocks.push(Block {
                start: code.len() as u32,
                name: bb.get_name().to_string_lossy().into_owned(),
            });
            let mut terminated = false;
            for i in bb.get_instructions() {
                let asm_line = asm.get(llvm_index).copied().unwrap_or(0);
                llvm_index += 1;
                let op = i.get_opcode();
                if op == InstructionOpcode::Phi {
                    continue;
                }
                let iloc = self.inst_loc(i);
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
                    asm_lines.push(asm_line);
                }
                if let Some(kind) = lowered {
                    let dst = self.regs.get(&i.as_value_ref()).copied();
                    let is_term = i.is_terminator();
                    let unsupported_term = is_term && matches!(kind, InstKind::Unsupported { .. });
                    code.push(Inst {
                        dst,
                        kind,
                        loc: iloc,
                    });
                    asm_lines.push(asm_line);
                    if unsupported_term {
                        code.push(Inst {
                            dst: None,
                            kind: InstKind::Unreachable,
                            loc: iloc,
                        });
                        asm_lines.push(asm_line);
                    }
                    terminated = is_term;
                }
            }
            if !terminated {
                code.push(Inst {
                    dst: None,
                    kind: InstKind::Unreachable,
                    loc: LocId(0),
                });
                asm_lines.push(0);
            }
        }
        let func = &mut self.m.functions[fid.0 as usize];
        func.num_regs = self.next_reg;
        func.code = code;
        if !asm.is_empty() {
            func.asm_lines = asm_lines;
        }
        func.blocks = blocks;
        func.loc = loc;
    }

    /// Checks the types of an instruction's result and operands.
    fn bad_types(&mut self, i: InstructionValue<'ctx>) -> Option<String> {
        let v = RawValue::of(i);
        let t = v.get_type();
        let tid = self.ty(t);
        if self.is_bad_type(tid) {
            return Some(print_type(&t));
        }
        for k in 0..i.get_num_operands() {
            let Some(o) = v.try_operand(k) else {
                continue;
            };
            let ot = o.get_type();
            let oid = self.ty(ot);
            if self.is_bad_type(oid) {
                return Some(print_type(&ot));
            }
        }
        None
    }

    /// Lowers one (non-phi) instruction; `None` if it is dropped.
    fn lower_inst(
        &mut self,
        i: InstructionValue<'ctx>,
        op: InstructionOpcode,
        bb: BasicBlock<'ctx>,
    ) -> Option<InstKind> {
        use InstructionOpcode::*;
        if let Some(k) = self.lower_wide(i, op) {
            return k;
        }
        if !matches!(op, Call | Br | Return | Unreachable) {
            if let Some(t) = self.bad_types(i) {
                return Some(InstKind::Unsupported {
                    what: format!("unsupported type {t} in {}", inst_name(i)),
                });
            }
        }
        let u = User::Inst(i);
        if let Some(k) = self.lower_common(u, op) {
            return Some(k);
        }
        let rty = u.raw().get_type();
        Some(match op {
            Return => {
                if i.get_num_operands() == 0 {
                    InstKind::Ret { val: None }
                } else {
                    InstKind::Ret {
                        val: Some(self.operand(u.operand(0))),
                    }
                }
            }
            Br => {
                let succ = successors(i, op);
                if i.is_conditional() {
                    let cond = self.operand(u.operand(0));
                    let t = self.edge(bb, succ[0]);
                    let f = self.edge(bb, succ[1]);
                    InstKind::CondBr { cond, t, f }
                } else {
                    let edge = self.edge(bb, succ[0]);
                    InstKind::Br { edge }
                }
            }
            Switch => {
                let c = u.operand(0);
                let width = self.int_width_of(c);
                let cond = self.operand(c);
                let succ = successors(i, op);
                let default = self.edge(bb, succ[0]);
                let mut cases = Vec::with_capacity(succ.len());
                for (k, &to) in succ.iter().enumerate().skip(1) {
                    // Operands: condition, default, then (value, block) per case.
                    let bits = u
                        .operand(2 * k as u32)
                        .as_const_int()
                        .and_then(|c| self.const_int_bits(c))
                        .unwrap_or(0);
                    let e = self.edge(bb, to);
                    cases.push((bits, e));
                }
                InstKind::Switch {
                    cond,
                    width,
                    cases,
                    default,
                }
            }
            IndirectBr => {
                let addr = self.operand(u.operand(0));
                let dests = successors(i, op)
                    .into_iter()
                    .map(|to| self.edge(bb, to))
                    .collect();
                InstKind::IndirectBr { addr, dests }
            }
            Unreachable => InstKind::Unreachable,
            Alloca => {
                let et = allocated_type(i);
                let elem_size = if is_sized(et) {
                    self.td.get_abi_size(&et)
                } else {
                    0
                };
                let c = u.operand(0);
                let count_width = self.int_width_of(c);
                let count = self.operand(c);
                let mut align = i.get_alignment().unwrap_or(0);
                if align == 0 {
                    align = self.td.get_abi_alignment(&et);
                }
                InstKind::Alloca {
                    elem_size,
                    count,
                    count_width,
                    align,
                }
            }
            Load => {
                let ty = self.ty(rty);
                let ptr = self.operand(u.operand(0));
                InstKind::Load {
                    ty,
                    ptr,
                    align: i.get_alignment().unwrap_or(0),
                    volatile: i.get_volatile().unwrap_or(false),
                }
            }
            Store => {
                let v = u.operand(0);
                let ty = self.ty(v.get_type());
                let val = self.operand(v);
                let ptr = self.operand(u.operand(1));
                InstKind::Store {
                    ty,
                    val,
                    ptr,
                    align: i.get_alignment().unwrap_or(0),
                    volatile: i.get_volatile().unwrap_or(false),
                }
            }
            Freeze => {
                let ty = self.ty(rty);
                let v = self.operand(u.operand(0));
                InstKind::Copy { ty, v }
            }
            AtomicRMW => {
                let v = u.operand(1);
                let ty = self.ty(v.get_type());
                let ptr = self.operand(u.operand(0));
                let val = self.operand(v);
                InstKind::AtomicRmw {
                    op: rmw_op(atomic_rmw_op(i)),
                    ty,
                    ptr,
                    val,
                }
            }
            AtomicCmpXchg => {
                let c = u.operand(1);
                let ty = self.ty(c.get_type());
                let ptr = self.operand(u.operand(0));
                let cmp = self.operand(c);
                let new = self.operand(u.operand(2));
                InstKind::CmpXchg { ty, ptr, cmp, new }
            }
            Fence => InstKind::Fence,
            VAArg => {
                let ty = self.ty(rty);
                let list = self.operand(u.operand(0));
                InstKind::VaArg { ty, list }
            }
            Call => return self.lower_call(i),
            ShuffleVector => InstKind::Unsupported {
                what: "unsupported instruction shufflevector".into(),
            },
            other => InstKind::Unsupported {
                what: format!("unsupported instruction {}", opcode_name(other)),
            },
        })
    }

    fn lower_call(&mut self, i: InstructionValue<'ctx>) -> Option<InstKind> {
        let Ok(call) = CallSiteValue::try_from(i) else {
            return Some(InstKind::Unsupported {
                what: "unsupported instruction call".into(),
            });
        };
        let mut callee = called_value(call);
        // Look through pointer casts and aliases of the callee.
        for _ in 0..16 {
            match callee.kind() {
                LLVMValueKind::LLVMConstantExprValueKind
                    if matches!(
                        const_opcode(callee),
                        InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast
                    ) =>
                {
                    callee = callee.operand(0)
                }
                LLVMValueKind::LLVMGlobalAliasValueKind => callee = aliasee(callee),
                _ => break,
            }
        }
        let ret = self.ty(RawValue::of(i).get_type());
        let nargs = call.count_arguments();
        let kind = callee.kind();
        if kind == LLVMValueKind::LLVMInlineAsmValueKind {
            return Some(InstKind::InlineAsm);
        }
        // SAFETY: a value of function kind.
        let callee_fn = (kind == LLVMValueKind::LLVMFunctionValueKind)
            .then(|| unsafe { FunctionValue::new(callee.as_value_ref()) })
            .flatten();
        let target = if let Some(f) = callee_fn {
            // The name as declared (not empty: intrinsics have names).
            let fid = self.func_map.get(&callee.as_value_ref()).copied();
            let name = |lw: &Self| match fid {
                Some(id) => lw.m.functions[id.0 as usize].name.clone(),
                None => f.get_name().to_string_lossy().into_owned(),
            };
            let llvm_named = match fid {
                Some(id) => self.m.functions[id.0 as usize].name.starts_with("llvm."),
                None => f.get_name().to_bytes().starts_with(b"llvm."),
            };
            if f.get_intrinsic_id() != 0 || llvm_named {
                let name = name(self);
                if name.starts_with("llvm.load.relative.") {
                    return Some(self.lower_load_relative(i, ret));
                }
                if let Some(k) = self.lower_fp_reduce(i, &name, ret) {
                    return Some(k);
                }
                if let Some(rest) = name.strip_prefix("llvm.experimental.constrained.") {
                    return Some(self.lower_constrained(call, rest, &name, ret));
                }
                match intrinsic_of(&name) {
                    None => {
                        return Some(InstKind::Unsupported {
                            what: format!("unsupported intrinsic {name}"),
                        })
                    }
                    Some(IntrinsicLowering::Drop) => return None,
                    Some(IntrinsicLowering::CopyArg0) => {
                        let v = self.operand(RawValue::of(i).operand(0));
                        return Some(InstKind::Copy { ty: ret, v });
                    }
                    Some(IntrinsicLowering::Intr(x)) => Callee::Intrinsic(x),
                }
            } else {
                match fid {
                    Some(fid) => Callee::Direct(fid),
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
            let a = RawValue::of(i).operand(k);
            let ty = self.ty(a.get_type());
            let op = self.operand(a);
            let mut attr = call.get_enum_attribute(AttributeLoc::Param(k), self.byval_kind);
            if let (None, Some(f)) = (attr, callee_fn) {
                if k < f.get_type().count_param_types() {
                    attr = f.get_enum_attribute(AttributeLoc::Param(k), self.byval_kind);
                }
            }
            let byval = self.byval_size(attr);
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
    fn lower_fp_reduce(
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
    fn lower_load_relative(&mut self, i: InstructionValue<'ctx>, ret: TypeId) -> InstKind {
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
    fn lower_constrained(
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
fn const_int_lanes(v: RawValue<'_>, lanes: u32) -> Option<Vec<i64>> {
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

pub(super) fn inst_name(i: InstructionValue<'_>) -> String {
    let s = print_value(&i);
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
