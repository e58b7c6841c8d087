//! The source names of local variables: `llvm.dbg.declare(metadata ptr %alloca, metadata
//! !DILocalVariable(name: ...), ...)` names the variable an `alloca` holds (the calls
//! themselves are dropped from trex's IR), and whether its integer type is signed.

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
                if let Some((alloca, name, signed)) = named {
                    if let Some(&r) = self.regs.get(&alloca) {
                        self.m.var_names.insert((fid, r), name);
                        if let Some(s) = signed {
                            self.m.var_signed.insert((fid, r), s);
                        }
                    }
                }
            }
        }
    }
}

/// `(the alloca, the variable's name, whether its type is signed)` of a `llvm.dbg.declare`
/// call.
unsafe fn declared(v: LLVMValueRef) -> Option<(LLVMValueRef, String, Option<bool>)> {
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
    // DILocalVariable's operands: scope, name, file, type, ...
    let ops = md_operands(LLVMGetOperand(v, 1))?;
    let name = md_string(*ops.get(1)?)?;
    let signed = ops.get(3).and_then(|t| signedness(*t));
    (!name.is_empty()).then_some((alloca, name, signed))
}

/// Whether a debug type is a signed or an unsigned integer type: a basic type by its name,
/// a typedef through the type it names (operand 3 of a derived type). Unnamed derived types
/// (pointers, qualifiers: their tag is not in LLVM's C API) are not followed.
unsafe fn signedness(mut ty: LLVMValueRef) -> Option<bool> {
    for _ in 0..16 {
        let ops = md_operands(ty)?;
        let k = ops.len();
        let name = md_string(*ops.get(2)?)?;
        let words: Vec<&str> = name.split_whitespace().collect();
        let int_words = ["signed", "unsigned", "char", "short", "int", "long"];
        if name == "_Bool" || (words.contains(&"unsigned") && k == 3) {
            return Some(false);
        }
        if k == 3 && !words.is_empty() && words.iter().all(|w| int_words.contains(w)) {
            return Some(true);
        }
        // A typedef (a derived type with a name): the type it names.
        ty = *ops.get(3)?;
    }
    None
}

/// The operands of a metadata node (as values), if `v` is one.
unsafe fn md_operands(v: LLVMValueRef) -> Option<Vec<LLVMValueRef>> {
    if v.is_null() || LLVMIsAMDNode(v).is_null() {
        return None;
    }
    let k = LLVMGetMDNodeNumOperands(v) as usize;
    let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); k];
    LLVMGetMDNodeOperands(v, ops.as_mut_ptr());
    Some(ops)
}

/// The text of an `MDString` operand.
unsafe fn md_string(v: LLVMValueRef) -> Option<String> {
    if v.is_null() {
        return None;
    }
    let mut l = 0u32;
    let s = LLVMGetMDString(v, &mut l);
    (!s.is_null()).then(|| cstr_len(s, l as usize))
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
