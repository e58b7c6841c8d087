//! Reading an instruction or a constant expression through llvm-sys where inkwell 0.5 has no
//! accessor (or one that panics): operands, predicates, GEP source types, indices, phis,
//! parameters, allocated types, atomic operations, shuffle masks, called values, metadata.

use super::*;
use inkwell::basic_block::BasicBlock;
use inkwell::types::VectorType;
use inkwell::values::{CallSiteValue, InstructionOpcode, InstructionValue, PhiValue};
use inkwell::{AtomicRMWBinOp, FloatPredicate, IntPredicate};

/// An instruction or a constant expression: what `lower_common` and `gep` read.
#[derive(Clone, Copy)]
pub(crate) enum User<'ctx> {
    Inst(InstructionValue<'ctx>),
    Expr(RawValue<'ctx>),
}

impl<'ctx> User<'ctx> {
    pub(super) fn raw(self) -> RawValue<'ctx> {
        match self {
            User::Inst(i) => RawValue::of(i),
            User::Expr(v) => v,
        }
    }

    pub(super) fn num_operands(self) -> u32 {
        match self {
            User::Inst(i) => i.get_num_operands(),
            User::Expr(v) => v.num_operands(),
        }
    }

    pub(super) fn operand(self, k: u32) -> RawValue<'ctx> {
        self.raw().operand(k)
    }

    pub(super) fn icmp_predicate(self) -> IntPredicate {
        match self {
            User::Inst(i) => i.get_icmp_predicate().unwrap_or(IntPredicate::EQ),
            // llvm-sys: inkwell 0.5 has no predicate getter for constant expressions
            User::Expr(v) => unsafe { LLVMGetICmpPredicate(v.as_value_ref()) }.into(),
        }
    }

    pub(super) fn fcmp_predicate(self) -> FloatPredicate {
        match self {
            User::Inst(i) => i
                .get_fcmp_predicate()
                .unwrap_or(FloatPredicate::PredicateFalse),
            // llvm-sys: inkwell 0.5 has no predicate getter for constant expressions
            User::Expr(v) => unsafe { LLVMGetFCmpPredicate(v.as_value_ref()) }.into(),
        }
    }

    /// Source element type of a GEP.
    pub(super) fn gep_source_type(self) -> RawType<'ctx> {
        // llvm-sys: inkwell 0.5 has it for GEP instructions only, as a BasicTypeEnum (panics on
        // x86_mmx)
        unsafe { RawType::new(LLVMGetGEPSourceElementType(self.raw().as_value_ref())) }
    }

    /// Indices of an extractvalue / insertvalue.
    pub(super) fn indices(self) -> Vec<u32> {
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
pub(super) fn fixed_vector(t: RawType<'_>) -> Option<VectorType<'_>> {
    match (type_kind_of(&t), any_type(t)) {
        (LLVMTypeKind::LLVMVectorTypeKind, Some(AnyTypeEnum::VectorType(vt))) => Some(vt),
        _ => None,
    }
}

/// Whether an instruction produces a value (a register).
pub(super) fn has_result(i: InstructionValue<'_>) -> bool {
    type_kind_of(&RawValue::of(i).get_type()) != LLVMTypeKind::LLVMVoidTypeKind
}

/// The successors of a terminator, in LLVM's order (`getSuccessor`). inkwell 0.5 has no
/// successor accessor: they are its block operands, which a `br` stores in reverse order.
pub(super) fn successors<'ctx>(
    i: InstructionValue<'ctx>,
    op: InstructionOpcode,
) -> Vec<BasicBlock<'ctx>> {
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
pub(super) fn param<'ctx>(f: FunctionValue<'ctx>, k: u32) -> RawValue<'ctx> {
    // llvm-sys: inkwell 0.5's get_nth_param panics on x86_mmx parameters
    unsafe { RawValue::new(LLVMGetParam(f.as_value_ref(), k)) }
}

/// Incoming block `k` of a phi.
pub(super) fn incoming_block(phi: PhiValue<'_>, k: u32) -> LLVMBasicBlockRef {
    // llvm-sys: inkwell 0.5's get_incoming panics on x86_mmx phis
    unsafe { LLVMGetIncomingBlock(phi.as_value_ref(), k) }
}

/// Incoming value `k` of a phi.
pub(super) fn incoming_value<'ctx>(phi: PhiValue<'ctx>, k: u32) -> RawValue<'ctx> {
    // llvm-sys: inkwell 0.5's get_incoming panics on x86_mmx phis
    unsafe { RawValue::new(LLVMGetIncomingValue(phi.as_value_ref(), k)) }
}

/// The type an alloca allocates.
pub(super) fn allocated_type(i: InstructionValue<'_>) -> RawType<'_> {
    // llvm-sys: inkwell 0.5's get_allocated_type panics on x86_mmx allocas
    unsafe { RawType::new(LLVMGetAllocatedType(i.as_value_ref())) }
}

/// The operation of an atomicrmw.
pub(super) fn atomic_rmw_op(i: InstructionValue<'_>) -> AtomicRMWBinOp {
    // llvm-sys: inkwell 0.5 has no atomicrmw operation getter (AtomicRMWBinOp converts it)
    unsafe { LLVMGetAtomicRMWBinOp(i.as_value_ref()) }.into()
}

/// The mask of a shufflevector instruction (-1 for undefined lanes).
pub(super) fn shuffle_mask(i: InstructionValue<'_>) -> Vec<i32> {
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
pub(super) fn called_value(call: CallSiteValue<'_>) -> RawValue<'_> {
    // llvm-sys: inkwell 0.5's get_called_fn_value panics unless a function is called directly
    unsafe { RawValue::new(LLVMGetCalledValue(call.as_value_ref())) }
}

/// The string of a metadata string argument (`""` if it is not one).
pub(super) fn md_string(v: RawValue<'_>) -> String {
    let mut len = 0u32;
    // llvm-sys: inkwell 0.5's MetadataValue::new asserts a node or string (others abort)
    unsafe {
        let p = LLVMGetMDString(v.as_value_ref(), &mut len);
        cstr_len(p, len as usize)
    }
}
