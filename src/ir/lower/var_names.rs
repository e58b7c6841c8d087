//! The source names of local variables: `llvm.dbg.declare(metadata ptr %alloca, metadata
//! !DILocalVariable(name: ...), ...)` names the variable an `alloca` holds (the calls
//! themselves are dropped from trex's IR).

use llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetMDNodeNumOperands, LLVMGetMDNodeOperands, LLVMGetMDString,
    LLVMGetOperand, LLVMGetValueName2, LLVMIsACallInst, LLVMIsAMDNode,
};
use llvm_sys::prelude::LLVMValueRef;

use super::*;
use inkwell::basic_block::BasicBlock;

impl<'ctx> Lowerer<'ctx> {
    /// Records in `Module::var_names` the variable of each `alloca` of `fid` that a
    /// `llvm.dbg.declare` in `bbs` names.
    pub(super) fn record_var_names(&mut self, fid: FuncId, bbs: &[BasicBlock<'ctx>]) {
        for bb in bbs {
            for i in bb.get_instructions() {
                let v = i.as_value_ref();
                // SAFETY: instructions of a function of the module being lowered; LLVM's
                // metadata accessors on the operands a dbg.declare call has.
                let named = unsafe { declared(v) };
                if let Some((alloca, name)) = named {
                    if let Some(&r) = self.regs.get(&alloca) {
                        self.m.var_names.insert((fid, r), name);
                    }
                }
            }
        }
    }
}

/// `(the alloca, the variable's name)` of a `llvm.dbg.declare` call.
unsafe fn declared(v: LLVMValueRef) -> Option<(LLVMValueRef, String)> {
    if LLVMIsACallInst(v).is_null() {
        return None;
    }
    let callee = LLVMGetCalledValue(v);
    let mut len = 0usize;
    let n = LLVMGetValueName2(callee, &mut len);
    if cstr_len(n, len) != "llvm.dbg.declare" {
        return None;
    }
    let alloca = first_operand(LLVMGetOperand(v, 0))?;
    let var = LLVMGetOperand(v, 1);
    if var.is_null() || LLVMIsAMDNode(var).is_null() {
        return None;
    }
    // DILocalVariable's operands: scope, name, file, type, ...
    let k = LLVMGetMDNodeNumOperands(var) as usize;
    if k < 2 {
        return None;
    }
    let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); k];
    LLVMGetMDNodeOperands(var, ops.as_mut_ptr());
    if ops[1].is_null() {
        return None;
    }
    let mut l = 0u32;
    let s = LLVMGetMDString(ops[1], &mut l);
    let name = cstr_len(s, l as usize);
    (!name.is_empty()).then_some((alloca, name))
}

/// The value a `metadata ptr %x` operand wraps (LLVM's C API reads a `ValueAsMetadata` as a
/// node of one operand).
unsafe fn first_operand(md: LLVMValueRef) -> Option<LLVMValueRef> {
    if md.is_null() || LLVMGetMDNodeNumOperands(md) != 1 {
        return None;
    }
    let mut op: LLVMValueRef = std::ptr::null_mut();
    LLVMGetMDNodeOperands(md, &mut op);
    (!op.is_null()).then_some(op)
}
