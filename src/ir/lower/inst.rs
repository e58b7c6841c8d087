//! Function bodies: instructions, operands, phis as edge copies, calls and intrinsics.

use super::consts::{aliasee, const_opcode, data_elements};
use super::*;
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{CallSiteValue, InstructionOpcode, InstructionValue, PhiValue};

use super::intrinsics::*;
use super::opcodes::*;
use super::user::*;

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
        self.record_var_names(fid, &bbs);
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
        // Inline assembly KLEE raises to IR (`ir/raise_asm.rs`), else its execution error.
        let raised = if kind == LLVMValueKind::LLVMInlineAsmValueKind {
            use crate::ir::raise_asm::{raise, Raised, Ret};
            let r = match self.m.types[ret.0 as usize].kind {
                TypeKind::Void => Ret::Void,
                TypeKind::Int(w) => Ret::Int(w),
                _ => Ret::Other,
            };
            match raise(&print_value(&callee), r, &self.m.target_triple) {
                Some(Raised::Fence) => return Some(InstKind::Fence),
                Some(Raised::Bswap) => Some(Callee::Intrinsic(Intrinsic::Bswap)),
                None => return Some(InstKind::InlineAsm),
            }
        } else {
            None
        };
        // SAFETY: a value of function kind.
        let callee_fn = (kind == LLVMValueKind::LLVMFunctionValueKind)
            .then(|| unsafe { FunctionValue::new(callee.as_value_ref()) })
            .flatten();
        let target = if let Some(c) = raised {
            c
        } else if let Some(f) = callee_fn {
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
