//! Calls (direct, intrinsic, builtin, through pointers), byval copies and the varargs area.

use super::*;

/// A call of a function trex implements itself: the builtin, the function called, the call's
/// arguments and return type.
#[derive(Clone, Copy)]
pub(crate) struct BuiltinCall<'a> {
    pub b: Builtin,
    pub fid: FuncId,
    pub args: &'a [CallArg],
    pub ret: TypeId,
}

impl<'m, 'io> Worker<'m, 'io> {
    /// The value of argument `i` of a call (0 when the call has fewer arguments).
    pub(crate) fn arg(&self, args: &[CallArg], i: usize) -> Value {
        args.get(i).map(|a| self.op(&a.op)).unwrap_or_default()
    }

    pub(super) fn call(
        &mut self,
        inst: &'m Inst,
        callee: &'m Callee,
        args: &'m [CallArg],
        ret: TypeId,
        next: usize,
    ) -> R<Flow> {
        let fid = match callee {
            Callee::Direct(f) => *f,
            Callee::Intrinsic(i) => {
                if self.symbolic {
                    if let Some(v) = self.sym_mem_intrinsic(*i, args)? {
                        self.set(inst.dst, v);
                        return Ok(Flow::Next);
                    }
                    if let Some(v) = self.sym_intrinsic(*i, args, ret)? {
                        self.set(inst.dst, v);
                        return Ok(Flow::Next);
                    }
                    self.concretize_fp_args(args)?;
                    self.guard_args(args, &format!("intrinsic {:?}", i))?;
                }
                let v = self.intrinsic(*i, args, ret)?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
            Callee::Indirect(o) => match *opref!(self, o) {
                Value::Sym(e) => self.sym_callee(e)?,
                _ => {
                    let p = self.op(o);
                    self.func_of(&p)?
                }
            },
        };
        match self.p.builtins[fid.0 as usize] {
            Builtin::Defined => {}
            b if b.is_symbolic_api() => {
                let v = self.sym_builtin(BuiltinCall { b, fid, args, ret })?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
            b @ (Builtin::Setjmp | Builtin::Longjmp) => {
                return self.jmp_call(b, inst, args);
            }
            Builtin::External if self.externals.is_some() => {
                // The hook decides about symbolic arguments (KLEE's external call policy).
                let hook = self.externals.unwrap();
                let b = Builtin::External;
                let v = hook.call(self, BuiltinCall { b, fid, args, ret })?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
            b => {
                if self.symbolic {
                    if self.is_exit_call(b, args) {
                        // The status of an exit is only printed: any feasible value will do
                        // (no path is lost), so a symbolic one is concretized here.
                        for a in args {
                            if let Operand::Reg(r) = a.op {
                                let slot = self.st.base + r.0 as usize;
                                let v = self.st.regs.value(slot);
                                if let Value::Sym(_) = v {
                                    let c = self.exit_code(&v);
                                    *self.st.regs.slot_mut(slot) = Value::Int(c as u32 as u128);
                                }
                            }
                        }
                    }
                    let sizes: &[usize] = match b {
                        Builtin::Malloc => &[0],
                        Builtin::Calloc | Builtin::AlignedAlloc | Builtin::Memalign => &[0, 1],
                        Builtin::Realloc => &[1],
                        Builtin::PosixMemalign => &[1, 2],
                        // A symbolic system call argument (coreutils: a byte count, an
                        // offset) is enumerated as an allocation size is: one exact path per
                        // value, smallest first (KLEE's runtime concretizes it to one value).
                        Builtin::Syscall => &[0, 1, 2, 3, 4, 5, 6],
                        _ => &[],
                    };
                    if !sizes.is_empty() {
                        self.concrete_size_args(args, sizes)?;
                    }
                    self.concretize_fp_args(args)?;
                    let m = self.m;
                    let name = &m.func(fid).name;
                    if matches!(b, Builtin::Free | Builtin::Realloc) {
                        // KLEE's realloc to size 0 is its free (`executeFree`, its messages
                        // naming `free`).
                        let zero = b == Builtin::Realloc && self.arg(args, 1).bits() == 0;
                        self.concrete_freed_pointer(args, 0, if zero { "free" } else { name })?;
                    }
                    self.guard_args(args, name)?;
                }
                let v = self.builtin(BuiltinCall { b, fid, args, ret })?;
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
        }
        if Some(fid) == self.p.rawmemchr {
            if let Some(v) = self.rawmemchr_past_end(args) {
                self.set(inst.dst, v);
                return Ok(Flow::Next);
            }
        }
        if self.st.frames.len() >= self.p.max_frames {
            return Err(Box::new(Stop::Halt(Halt::MaxStackFrames)));
        }
        let m = self.m;
        let func = m.func(fid);
        let nb = self.st.regs.push_frame(func.num_regs as usize);
        let alloca_base = self.st.allocas.len() as u32;
        let np = func.params.len();
        for (i, a) in args.iter().enumerate().take(np) {
            let v = self.op(&a.op);
            let v = match func.byval_size(i, a) {
                Some(size) => self.byval_copy(&v, size)?,
                None => v,
            };
            *self.st.regs.slot_mut(nb + i) = v;
        }
        let varargs = if func.is_vararg {
            Some(self.build_varargs(&args[np.min(args.len())..])?)
        } else {
            None
        };
        self.st.frames.last_mut().unwrap().pc = next as u32;
        self.st.frames.push(Frame {
            func: fid,
            pc: 0,
            base: nb as u32,
            alloca_base,
            varargs,
            ret_dst: inst.dst,
        });
        Ok(Flow::Frames)
    }

    /// The function a pointer designates.
    pub(super) fn func_of(&self, p: &Value) -> R<FuncId> {
        let obj = match *p {
            Value::Ptr { obj, .. } => Some(obj),
            Value::Int(a) if a >= 4096 && a <= u64::MAX as u128 => self.st.mem.lookup(a as u64),
            _ => None,
        };
        if let Some(o) = obj.and_then(|o| self.st.mem.get(o)) {
            if let ObjKind::Function(f) = o.kind {
                if o.base as u128 == p.bits() {
                    return Ok(f);
                }
            }
        }
        if p.bits() < 4096 {
            return Err(mem_err(MemErr::Null, p));
        }
        Err(mem_err(MemErr::OutOfBound, p))
    }

    pub(super) fn byval_copy(&mut self, p: &Value, size: u64) -> R<Value> {
        let (ss, so) = self
            .st
            .mem
            .resolve_any(p, size)
            .map_err(|e| mem_err(e, p))?;
        let r = self
            .st
            .mem
            .alloc(size, 16, ObjKind::Stack)
            .map_or_else(Self::oom, Ok)?;
        self.st.mem.copy(r.idx, 0, ss, so, size);
        self.st.allocas.push(r);
        Ok(self.st.mem.ptr_to(r))
    }

    /// Where the variadic arguments `args` of a call go in their area (x86-64 SysV overflow
    /// area, or the i386 stack layout): each one's offset, and the area's size.
    pub(crate) fn va_layout(&self, args: &[CallArg]) -> (Vec<u64>, u64) {
        let m = self.m;
        let mut layout = Vec::with_capacity(args.len());
        let mut off = 0u64;
        for a in args {
            let t = m.ty(a.ty);
            let size = a.byval.unwrap_or(t.alloc_size.max(t.store_size));
            let (align, slot) = if self.p.x86_64 {
                if a.byval.is_none() && t.align >= 16 {
                    (16, size.div_ceil(16) * 16)
                } else {
                    (8, size.div_ceil(8) * 8)
                }
            } else {
                (4, size.div_ceil(4) * 4)
            };
            off = off.div_ceil(align) * align;
            layout.push(off);
            off += slot;
        }
        (layout, off)
    }

    /// Lays out the variadic arguments of a call in one object (`va_layout`) and registers it
    /// with the callee's allocas.
    pub(super) fn build_varargs(&mut self, args: &[CallArg]) -> R<ObjRef> {
        let (layout, off) = self.va_layout(args);
        let r = self
            .st
            .mem
            .alloc(off, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        for (a, &o) in args.iter().zip(&layout) {
            let v = self.op(&a.op);
            match (a.byval, &v) {
                (Some(size), _) => {
                    let (ss, so) = self
                        .st
                        .mem
                        .resolve_any(&v, size)
                        .map_err(|e| mem_err(e, &v))?;
                    self.st.mem.copy(r.idx, o, ss, so, size);
                }
                // Integers, floats, pointers, structs by value: symbolic parts kept.
                (None, _) => self.store_value_at(r.idx, o, a.ty, &v)?,
            }
        }
        self.st.allocas.push(r);
        Ok(r)
    }

    pub(super) fn va_start(&mut self, ap: &Value) -> R<()> {
        let Some(va) = self.st.frames.last().and_then(|f| f.varargs) else {
            return error(
                ErrorKind::Exec,
                "va_start in a function without variadic arguments",
            );
        };
        let area = self.st.mem.ptr_to(va);
        if self.p.x86_64 {
            let (s, o) = self
                .st
                .mem
                .resolve_mut(ap, 24)
                .map_err(|e| mem_err(e, ap))?;
            self.st.mem.store_int(s, o, 4, 48);
            self.st.mem.store_int(s, o + 4, 4, 304);
            self.st.mem.store_ptr(s, o + 8, &area);
            self.st.mem.store_ptr(s, o + 16, &Value::Int(0));
        } else {
            let (s, o) = self.st.mem.resolve_mut(ap, 4).map_err(|e| mem_err(e, ap))?;
            self.st.mem.store_ptr(s, o, &area);
        }
        Ok(())
    }

    /// The `va_arg` instruction, reading from the layout `va_start` set up.
    pub(super) fn va_arg(&mut self, list: &Value, ty: TypeId) -> R<Value> {
        let t = self.m.ty(ty);
        let size = t.alloc_size.max(t.store_size);
        let (ps, o) = if self.p.x86_64 {
            let (s, o) = self
                .st
                .mem
                .resolve_mut(list, 24)
                .map_err(|e| mem_err(e, list))?;
            (s, o + 8)
        } else {
            self.st
                .mem
                .resolve_mut(list, 4)
                .map_err(|e| mem_err(e, list))?
        };
        let cur = self.st.mem.load_ptr(ps, o);
        let (align, slot) = if self.p.x86_64 {
            if t.align >= 16 {
                (16u64, size.div_ceil(16) * 16)
            } else {
                (8, size.div_ceil(8) * 8)
            }
        } else {
            (4, size.div_ceil(4) * 4)
        };
        let a = cur.bits() as u64;
        let cur = self.ptr_add(cur, ((a.div_ceil(align) * align) - a) as i64);
        let v = if self.symbolic {
            self.sym_load(&cur, ty)?
        } else {
            self.load(&cur, ty)?
        };
        let next = self.ptr_add(cur, slot as i64);
        self.st.mem.store_ptr(ps, o, &next);
        Ok(v)
    }
}
