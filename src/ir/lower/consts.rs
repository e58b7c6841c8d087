//! Constants: interning, constant expressions, global initializers.

use super::*;
use llvm_sys::target::*;
use llvm_sys::LLVMOpcode;

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
    pub(crate) unsafe fn const_int_bits(&self, v: LLVMValueRef) -> Option<u128> {
        let w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
        if w <= 64 {
            Some(LLVMConstIntGetZExtValue(v) as u128)
        } else if w <= 128 {
            let s = print_value(&OtherValue::new(v));
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
    unsafe fn const_fp_bits(&self, v: LLVMValueRef) -> u128 {
        let t = LLVMTypeOf(v);
        let mut loses = 0;
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMFloatTypeKind => {
                (LLVMConstRealGetDouble(v, &mut loses) as f32).to_bits() as u128
            }
            LLVMTypeKind::LLVMDoubleTypeKind => {
                LLVMConstRealGetDouble(v, &mut loses).to_bits() as u128
            }
            kind => {
                let s = print_value(&OtherValue::new(v));
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
    pub(crate) unsafe fn konst(&mut self, v: LLVMValueRef) -> ConstId {
        if let Some(&id) = self.const_map.get(&v) {
            return id;
        }
        let id = self.konst_uncached(v);
        self.const_map.insert(v, id);
        id
    }

    pub(crate) unsafe fn undef_of(&mut self, v: LLVMValueRef) -> ConstId {
        let ty = self.ty_raw(LLVMTypeOf(v));
        self.push_const(Const::Undef { ty })
    }

    unsafe fn konst_uncached(&mut self, v: LLVMValueRef) -> ConstId {
        use LLVMValueKind::*;
        let ty = self.ty_raw(LLVMTypeOf(v));
        let c = match LLVMGetValueKind(v) {
            LLVMConstantIntValueKind => match self.const_int_bits(v) {
                Some(bits) => Const::Int { ty, bits },
                None => Const::Undef { ty },
            },
            LLVMConstantFPValueKind => Const::Int {
                ty,
                bits: self.const_fp_bits(v),
            },
            LLVMConstantPointerNullValueKind => Const::Null { ty },
            LLVMUndefValueValueKind | LLVMPoisonValueKind | LLVMConstantTokenNoneValueKind => {
                Const::Undef { ty }
            }
            LLVMConstantAggregateZeroValueKind => Const::Zero { ty },
            LLVMConstantArrayValueKind
            | LLVMConstantStructValueKind
            | LLVMConstantVectorValueKind => {
                let n = LLVMGetNumOperands(v) as u32;
                let elems = (0..n).map(|i| self.konst(LLVMGetOperand(v, i))).collect();
                Const::Aggregate { ty, elems }
            }
            LLVMConstantDataArrayValueKind | LLVMConstantDataVectorValueKind => {
                let t = LLVMTypeOf(v);
                let n = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMArrayTypeKind {
                    LLVMGetArrayLength(t)
                } else {
                    LLVMGetVectorSize(t)
                };
                let elems = (0..n)
                    .map(|i| self.konst(LLVMGetElementAsConstant(v, i)))
                    .collect();
                Const::Aggregate { ty, elems }
            }
            LLVMGlobalVariableValueKind => match self.global_map.get(&v) {
                Some(&global) => Const::GlobalAddr { global, offset: 0 },
                None => Const::Undef { ty },
            },
            LLVMFunctionValueKind => match self.func_map.get(&v) {
                Some(&f) => Const::FuncAddr(f),
                None => Const::Undef { ty },
            },
            LLVMGlobalAliasValueKind => {
                let target = LLVMAliasGetAliasee(v);
                return self.konst(target);
            }
            LLVMBlockAddressValueKind => {
                let bb = LLVMValueAsBasicBlock(LLVMGetOperand(v, 1));
                match self.block_map.get(&bb) {
                    Some(&(func, block)) => Const::BlockAddr { func, block },
                    None => Const::Undef { ty },
                }
            }
            LLVMConstantExprValueKind => return self.const_expr(v),
            _ => Const::Expr(Box::new(InstKind::Unsupported {
                what: format!("unsupported constant {}", print_value(&OtherValue::new(v))),
            })),
        };
        self.push_const(c)
    }

    unsafe fn const_expr(&mut self, v: LLVMValueRef) -> ConstId {
        let op = LLVMGetConstOpcode(v);
        match op {
            LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {
                let src = LLVMGetOperand(v, 0);
                let from = LLVMGetTypeKind(LLVMTypeOf(src));
                let to = LLVMGetTypeKind(LLVMTypeOf(v));
                if from == LLVMTypeKind::LLVMPointerTypeKind
                    && to == LLVMTypeKind::LLVMPointerTypeKind
                {
                    return self.konst(src);
                }
            }
            LLVMOpcode::LLVMGetElementPtr => {
                if let Some(kind) = self.gep(v) {
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
        let kind = match self.lower_common(v, op) {
            Some(k) => k,
            None => InstKind::Unsupported {
                what: format!(
                    "unsupported constant expression {}",
                    print_value(&OtherValue::new(v))
                ),
            },
        };
        self.push_const(Const::Expr(Box::new(kind)))
    }

    /// Serializes a constant into a global's initial bytes at `off`.
    pub(crate) unsafe fn write_init(&mut self, c: LLVMValueRef, off: u64, gi: &mut GlobalInit) {
        use LLVMValueKind::*;
        let t = LLVMTypeOf(c);
        match LLVMGetValueKind(c) {
            LLVMConstantIntValueKind => {
                if let Some(bits) = self.const_int_bits(c) {
                    let n = LLVMStoreSizeOfType(self.td.as_mut_ptr(), t).min(16);
                    put_bytes(gi, off, bits, n);
                }
            }
            LLVMConstantFPValueKind => {
                let bits = self.const_fp_bits(c);
                let n = LLVMStoreSizeOfType(self.td.as_mut_ptr(), t).min(16);
                put_bytes(gi, off, bits, n);
            }
            LLVMConstantPointerNullValueKind
            | LLVMUndefValueValueKind
            | LLVMPoisonValueKind
            | LLVMConstantAggregateZeroValueKind => {}
            LLVMConstantDataArrayValueKind | LLVMConstantDataVectorValueKind => {
                if LLVMIsConstantString(c) != 0 {
                    let mut len = 0usize;
                    let p = LLVMGetAsString(c, &mut len);
                    let s = std::slice::from_raw_parts(p as *const u8, len);
                    let start = off as usize;
                    let end = (start + len).min(gi.bytes.len());
                    if start < end {
                        gi.bytes[start..end].copy_from_slice(&s[..end - start]);
                    }
                } else {
                    let (n, et) = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMArrayTypeKind {
                        (LLVMGetArrayLength(t), LLVMGetElementType(t))
                    } else {
                        (LLVMGetVectorSize(t), LLVMGetElementType(t))
                    };
                    let stride = LLVMABISizeOfType(self.td.as_mut_ptr(), et);
                    for i in 0..n {
                        let e = LLVMGetElementAsConstant(c, i);
                        self.write_init(e, off + i as u64 * stride, gi);
                    }
                }
            }
            LLVMConstantArrayValueKind | LLVMConstantVectorValueKind => {
                let stride = LLVMABISizeOfType(self.td.as_mut_ptr(), LLVMGetElementType(t));
                let n = LLVMGetNumOperands(c) as u32;
                for i in 0..n {
                    self.write_init(LLVMGetOperand(c, i), off + i as u64 * stride, gi);
                }
            }
            LLVMConstantStructValueKind => {
                let n = LLVMGetNumOperands(c) as u32;
                for i in 0..n {
                    let fo = LLVMOffsetOfElement(self.td.as_mut_ptr(), t, i);
                    self.write_init(LLVMGetOperand(c, i), off + fo, gi);
                }
            }
            LLVMGlobalVariableValueKind
            | LLVMFunctionValueKind
            | LLVMGlobalAliasValueKind
            | LLVMBlockAddressValueKind
            | LLVMConstantExprValueKind => {
                let id = self.konst(c);
                let size = LLVMStoreSizeOfType(self.td.as_mut_ptr(), t) as u32;
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

fn put_bytes(gi: &mut GlobalInit, off: u64, bits: u128, n: u64) {
    let le = bits.to_le_bytes();
    for i in 0..n.min(16) {
        if let Some(b) = gi.bytes.get_mut((off + i) as usize) {
            *b = le[i as usize];
        }
    }
}

impl<'ctx> Lowerer<'ctx> {
    pub(crate) unsafe fn ty_raw(&mut self, t: LLVMTypeRef) -> TypeId {
        self.ty(RawType::new(t))
    }
}
