//! Constants: interning, constant expressions, global initializers.

use super::user::User;
use super::*;
use inkwell::values::{ArrayValue, InstructionOpcode, VectorValue};

/// Parses the hexadecimal digits after `0xK` / `0xL` / `0xH` / `0xR` / `0x` in LLVM's printed form
/// of a floating-point constant.
fn printed_fp_hex(s: &str) -> Option<(char, String)> {
    let i = s.rfind("0x")?;
    let rest = &s[i + 2..];
    let mut chars = rest.chars();
    let first = chars.next()?;
    let (tag, digits) = if first.is_ascii_hexdigit() {
        ('D', rest)
    } else {
        (first, chars.as_str())
    };
    let digits: String = digits
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    Some((tag, digits))
}

impl<'ctx> Lowerer<'ctx> {
    /// Integer constant bits, zero-extended (None for widths > 128).
    pub(crate) fn const_int_bits(&self, v: IntValue<'ctx>) -> Option<u128> {
        if let Some(x) = v.get_zero_extended_constant() {
            return Some(x.into());
        }
        let w = v.get_type().get_bit_width();
        if (65..=128).contains(&w) {
            // inkwell (like LLVM's C API) reads at most 64 bits: the printed form has them all.
            let s = print_value(&v);
            let num = s.rsplit(' ').next()?;
            let x: i128 = num.parse().ok()?;
            let bits = x as u128;
            Some(if w == 128 {
                bits
            } else {
                bits & ((1u128 << w) - 1)
            })
        } else {
            None
        }
    }

    /// Float constant as its IEEE bit pattern (x86_fp80 in the low 80 bits).
    fn const_fp_bits(&self, v: FloatValue<'ctx>) -> u128 {
        let value = || v.get_constant().map_or(0.0, |(x, _)| x);
        match type_kind_of(&v.get_type()) {
            LLVMTypeKind::LLVMFloatTypeKind => (value() as f32).to_bits() as u128,
            LLVMTypeKind::LLVMDoubleTypeKind => value().to_bits() as u128,
            // inkwell (like LLVM's C API) reads a double: the printed form has the exact bits.
            kind => {
                let s = print_value(&v);
                let Some((tag, digits)) = printed_fp_hex(&s) else {
                    return 0;
                };
                match (kind, tag) {
                    (LLVMTypeKind::LLVMFP128TypeKind, 'L') if digits.len() == 32 => {
                        let lo = u64::from_str_radix(&digits[..16], 16).unwrap_or(0) as u128;
                        let hi = u64::from_str_radix(&digits[16..], 16).unwrap_or(0) as u128;
                        (hi << 64) | lo
                    }
                    _ => u128::from_str_radix(&digits, 16).unwrap_or(0),
                }
            }
        }
    }

    pub(crate) fn push_const(&mut self, c: Const) -> ConstId {
        let key = match &c {
            Const::Int { ty, bits } => Some(ConstKey::Int(*ty, *bits)),
            Const::Null { ty } => Some(ConstKey::Null(*ty)),
            Const::Undef { ty } => Some(ConstKey::Undef(*ty)),
            Const::Zero { ty } => Some(ConstKey::Zero(*ty)),
            Const::GlobalAddr { global, offset } => Some(ConstKey::GlobalAddr(*global, *offset)),
            Const::FuncAddr(f) => Some(ConstKey::FuncAddr(*f)),
            Const::BlockAddr { func, block } => Some(ConstKey::BlockAddr(*func, *block)),
            Const::Aggregate { ty, elems } => Some(ConstKey::Aggregate(*ty, elems.clone())),
            Const::Expr(_) => None,
        };
        if let Some(k) = &key {
            if let Some(&id) = self.const_intern.get(k) {
                return id;
            }
        }
        let id = ConstId(self.m.consts.len() as u32);
        self.m.consts.push(c);
        if let Some(k) = key {
            self.const_intern.insert(k, id);
        }
        id
    }

    /// Interns an LLVM constant.
    pub(crate) fn konst(&mut self, v: impl AsValueRef) -> ConstId {
        let v = RawValue::of(v);
        if let Some(&id) = self.const_map.get(&v.as_value_ref()) {
            return id;
        }
        let id = self.konst_uncached(v);
        self.const_map.insert(v.as_value_ref(), id);
        id
    }

    pub(crate) fn undef_of(&mut self, v: RawValue<'ctx>) -> ConstId {
        let ty = self.ty(v.get_type());
        self.push_const(Const::Undef { ty })
    }

    fn konst_uncached(&mut self, v: RawValue<'ctx>) -> ConstId {
        use LLVMValueKind::*;
        if let Some(w) = self.wide_width(v.get_type()) {
            let c = self.wide_const(v, w);
            return self.push_const(c);
        }
        let ty = self.ty(v.get_type());
        let c = match v.kind() {
            LLVMConstantIntValueKind => match v.as_const_int().and_then(|c| self.const_int_bits(c))
            {
                Some(bits) => Const::Int { ty, bits },
                None => Const::Undef { ty },
            },
            LLVMConstantFPValueKind => Const::Int {
                ty,
                bits: v.as_const_fp().map_or(0, |c| self.const_fp_bits(c)),
            },
            LLVMConstantPointerNullValueKind => Const::Null { ty },
            LLVMUndefValueValueKind | LLVMPoisonValueKind | LLVMConstantTokenNoneValueKind => {
                Const::Undef { ty }
            }
            LLVMConstantAggregateZeroValueKind => Const::Zero { ty },
            LLVMConstantArrayValueKind
            | LLVMConstantStructValueKind
            | LLVMConstantVectorValueKind => {
                let elems = (0..v.num_operands())
                    .map(|i| self.konst(v.operand(i)))
                    .collect();
                Const::Aggregate { ty, elems }
            }
            LLVMConstantDataArrayValueKind | LLVMConstantDataVectorValueKind => {
                let n = seq_type(v.get_type()).map_or(0, |(n, _)| n);
                let elems = data_elements(v, n).map(|e| self.konst(e)).collect();
                Const::Aggregate { ty, elems }
            }
            LLVMGlobalVariableValueKind => match self.global_map.get(&v.as_value_ref()) {
                Some(&global) => Const::GlobalAddr { global, offset: 0 },
                None => Const::Undef { ty },
            },
            LLVMFunctionValueKind => match self.func_map.get(&v.as_value_ref()) {
                Some(&f) => Const::FuncAddr(f),
                None => Const::Undef { ty },
            },
            LLVMGlobalAliasValueKind => return self.konst(aliasee(v)),
            LLVMBlockAddressValueKind => match self.block_map.get(&block_address_block(v)) {
                Some(&(func, block)) => Const::BlockAddr { func, block },
                None => Const::Undef { ty },
            },
            LLVMConstantExprValueKind => return self.const_expr(v),
            _ => Const::Expr(Box::new(InstKind::Unsupported {
                what: format!("unsupported constant {}", print_value(&v)),
            })),
        };
        self.push_const(c)
    }

    fn const_expr(&mut self, v: RawValue<'ctx>) -> ConstId {
        let op = const_opcode(v);
        match op {
            InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast => {
                let src = v.operand(0);
                let is_ptr = |t| matches!(any_type(t), Some(AnyTypeEnum::PointerType(_)));
                if is_ptr(src.get_type()) && is_ptr(v.get_type()) {
                    return self.konst(src);
                }
            }
            InstructionOpcode::GetElementPtr => {
                if let Some(kind) = self.gep(User::Expr(v)) {
                    if let InstKind::Gep {
                        base: Operand::Const(b),
                        offset,
                        indices,
                    } = &kind
                    {
                        if indices.is_empty() {
                            if *offset == 0 {
                                return *b;
                            }
                            if let Const::GlobalAddr { global, offset: o0 } =
                                self.m.consts[b.0 as usize]
                            {
                                return self.push_const(Const::GlobalAddr {
                                    global,
                                    offset: o0.wrapping_add(*offset),
                                });
                            }
                        }
                    }
                    return self.push_const(Const::Expr(Box::new(kind)));
                }
            }
            _ => {}
        }
        let kind = match self.lower_common(User::Expr(v), op) {
            Some(k) => k,
            None => InstKind::Unsupported {
                what: format!("unsupported constant expression {}", print_value(&v)),
            },
        };
        self.push_const(Const::Expr(Box::new(kind)))
    }

    /// Serializes a constant into a global's initial bytes at `off`.
    pub(crate) fn write_init(&mut self, c: RawValue<'ctx>, off: u64, gi: &mut GlobalInit) {
        use LLVMValueKind::*;
        let t = c.get_type();
        match c.kind() {
            LLVMConstantIntValueKind => {
                if let Some(limbs) = self.wide_width(t).and_then(|w| self.wide_const_limbs(c, w)) {
                    // Wider than 128 bits: little-endian limbs, the last one partial.
                    let n = self.td.get_store_size(&t);
                    for (k, l) in limbs.into_iter().enumerate() {
                        let o = 8 * k as u64;
                        put_bytes(gi, off + o, l as u128, n.saturating_sub(o).min(8));
                    }
                } else if let Some(bits) = c.as_const_int().and_then(|i| self.const_int_bits(i)) {
                    let n = self.td.get_store_size(&t).min(16);
                    put_bytes(gi, off, bits, n);
                }
            }
            LLVMConstantFPValueKind => {
                let bits = c.as_const_fp().map_or(0, |f| self.const_fp_bits(f));
                let n = self.td.get_store_size(&t).min(16);
                put_bytes(gi, off, bits, n);
            }
            LLVMConstantPointerNullValueKind
            | LLVMUndefValueValueKind
            | LLVMPoisonValueKind
            | LLVMConstantAggregateZeroValueKind => {}
            LLVMConstantDataArrayValueKind | LLVMConstantDataVectorValueKind => {
                if let Some(s) = string_bytes(c) {
                    let start = off as usize;
                    let end = (start + s.len()).min(gi.bytes.len());
                    if start < end {
                        gi.bytes[start..end].copy_from_slice(&s[..end - start]);
                    }
                } else if let Some((n, et)) = seq_type(t) {
                    let stride = self.td.get_abi_size(&et);
                    for (i, e) in data_elements(c, n).enumerate() {
                        self.write_init(e, off + i as u64 * stride, gi);
                    }
                }
            }
            LLVMConstantArrayValueKind | LLVMConstantVectorValueKind => {
                let stride = seq_type(t).map_or(0, |(_, et)| self.td.get_abi_size(&et));
                for i in 0..c.num_operands() {
                    self.write_init(c.operand(i), off + i as u64 * stride, gi);
                }
            }
            LLVMConstantStructValueKind => {
                let Some(AnyTypeEnum::StructType(st)) = any_type(t) else {
                    return;
                };
                for i in 0..c.num_operands() {
                    let fo = self.td.offset_of_element(&st, i).unwrap_or(0);
                    self.write_init(c.operand(i), off + fo, gi);
                }
            }
            LLVMGlobalVariableValueKind
            | LLVMFunctionValueKind
            | LLVMGlobalAliasValueKind
            | LLVMBlockAddressValueKind
            | LLVMConstantExprValueKind => {
                let id = self.konst(c);
                let size = self.td.get_store_size(&t) as u32;
                match self.m.consts[id.0 as usize] {
                    Const::Int { bits, .. } => put_bytes(gi, off, bits, size as u64),
                    Const::Null { .. } | Const::Undef { .. } | Const::Zero { .. } => {}
                    _ => gi.relocs.push(Reloc {
                        offset: off,
                        size,
                        value: id,
                    }),
                }
            }
            _ => {}
        }
    }
}

/// Length and element type of an array or vector type.
fn seq_type(t: RawType<'_>) -> Option<(u32, RawType<'_>)> {
    match any_type(t)? {
        AnyTypeEnum::ArrayType(at) => Some((at.len(), element_type(at))),
        AnyTypeEnum::VectorType(vt) => Some((vt.get_size(), RawType::of(vt.get_element_type()))),
        _ => None,
    }
}

/// The first `n` elements of a ConstantDataArray / ConstantDataVector.
pub(crate) fn data_elements(v: RawValue<'_>, n: u32) -> impl Iterator<Item = RawValue<'_>> {
    // SAFETY: a ConstantDataVector is a vector value.
    let vector = (v.kind() == LLVMValueKind::LLVMConstantDataVectorValueKind)
        .then(|| unsafe { VectorValue::new(v.as_value_ref()) });
    (0..n).map(move |i| match vector {
        Some(vv) => RawValue::of(vv.get_element_as_constant(i)),
        // llvm-sys: inkwell 0.5 has get_element_as_constant only for vectors
        None => unsafe { RawValue::new(LLVMGetElementAsConstant(v.as_value_ref(), i)) },
    })
}

/// The bytes of a constant string (an `i8` ConstantDataArray), NULs included.
fn string_bytes<'a>(v: RawValue<'a>) -> Option<&'a [u8]> {
    if v.kind() != LLVMValueKind::LLVMConstantDataArrayValueKind {
        return None;
    }
    // SAFETY: a ConstantDataArray is an array value.
    if !unsafe { ArrayValue::new(v.as_value_ref()) }.is_const_string() {
        return None;
    }
    let mut len = 0usize;
    // llvm-sys: inkwell 0.5's get_string_constant stops at the first NUL
    // SAFETY: LLVM's bytes of the constant, alive with the module.
    unsafe {
        let p = LLVMGetAsString(v.as_value_ref(), &mut len);
        Some(std::slice::from_raw_parts(p as *const u8, len))
    }
}

/// What a global alias stands for.
pub(crate) fn aliasee(v: RawValue<'_>) -> RawValue<'_> {
    // llvm-sys: inkwell 0.5 has no global aliases
    unsafe { RawValue::new(LLVMAliasGetAliasee(v.as_value_ref())) }
}

/// The block of a `blockaddress` constant.
fn block_address_block(v: RawValue<'_>) -> LLVMBasicBlockRef {
    // llvm-sys: inkwell 0.5 has no blockaddress constants
    unsafe { LLVMValueAsBasicBlock(v.operand(1).as_value_ref()) }
}

/// The opcode of a constant expression.
pub(crate) fn const_opcode(v: RawValue<'_>) -> InstructionOpcode {
    // llvm-sys: inkwell 0.5 has no constant-expression opcode (InstructionOpcode converts it)
    unsafe { LLVMGetConstOpcode(v.as_value_ref()) }.into()
}

fn put_bytes(gi: &mut GlobalInit, off: u64, bits: u128, n: u64) {
    let le = bits.to_le_bytes();
    for i in 0..n.min(16) {
        if let Some(b) = gi.bytes.get_mut((off + i) as usize) {
            *b = le[i as usize];
        }
    }
}
