//! Start-up: function, global and argv objects, constants, global initializers, the entry call, static constructors and destructors.

use super::*;

/// The objects start-up allocates for the program's functions, globals and block addresses.
#[derive(Default)]
struct Objs {
    funcs: Vec<ObjRef>,
    globals: Vec<ObjRef>,
    blocks: hashbrown::HashMap<(FuncId, BlockId), ObjRef>,
}

impl<'m, 'io> Worker<'m, 'io> {
    pub(crate) fn oom<T>() -> R<T> {
        error(ErrorKind::Exec, "out of memory: address space exhausted")
    }

    /// The start-up image: functions and globals allocated, constants evaluated, global
    /// initializers written. The program's, when a worker has made it already; else made here
    /// and recorded in the program.
    pub(in crate::exec) fn init_globals(&mut self) -> R<()> {
        if let Some(img) = self.p.image() {
            self.consts = img.consts.clone();
            self.st.mem = img.mem.clone();
            return Ok(());
        }
        let m = self.m;
        let mut objs = Objs::default();
        for (i, _) in m.functions.iter().enumerate() {
            let r = self
                .st
                .mem
                .alloc(1, 16, ObjKind::Function(FuncId(i as u32)))
                .map_or_else(Self::oom, Ok)?;
            objs.funcs.push(r);
        }
        for g in &m.globals {
            let kind = if g.is_constant && g.init.is_some() {
                ObjKind::ConstGlobal
            } else {
                ObjKind::Global
            };
            let r = self
                .st
                .mem
                .alloc(g.size, g.align as u64, kind)
                .map_or_else(Self::oom, Ok)?;
            objs.globals.push(r);
        }
        self.consts = vec![Value::Int(0); m.consts.len()].into();
        let mut done = vec![false; m.consts.len()];
        for c in 0..m.consts.len() {
            self.eval_const(ConstId(c as u32), &mut done, &mut objs)?;
        }
        for (gi, g) in m.globals.iter().enumerate() {
            let Some(init) = &g.init else {
                let host = self.externals.and_then(|x| x.global(&g.name, g.size));
                if let Some(bytes) = host.filter(|b| b.len() as u64 == g.size) {
                    self.st.mem.write_bytes(objs.globals[gi].idx, 0, &bytes);
                }
                continue;
            };
            let slot = objs.globals[gi].idx;
            let n = init.bytes.len().min(g.size as usize);
            self.st.mem.write_bytes(slot, 0, &init.bytes[..n]);
            for rl in &init.relocs {
                if rl.offset + rl.size as u64 > g.size {
                    continue;
                }
                let v = self.consts[rl.value.0 as usize].clone();
                if rl.size == self.p.ps {
                    self.st.mem.store_ptr(slot, rl.offset, &v);
                } else {
                    self.st.mem.store_int(
                        slot,
                        rl.offset,
                        rl.size as u64,
                        v.bits() & mask(rl.size * 8),
                    );
                }
            }
        }
        self.p.set_image(Image {
            consts: self.consts.clone(),
            func_objs: objs.funcs,
            global_objs: objs.globals,
            mem: self.st.mem.clone(),
        });
        Ok(())
    }

    fn eval_const(&mut self, c: ConstId, done: &mut Vec<bool>, objs: &mut Objs) -> R<()> {
        if done[c.0 as usize] {
            return Ok(());
        }
        done[c.0 as usize] = true; // (cycles cannot occur in LLVM constants)
        let m = self.m;
        let v = match m.konst(c) {
            Const::Int { bits, .. } => Value::Int(*bits),
            Const::Null { ty } | Const::Undef { ty } | Const::Zero { ty } => self.zero(*ty),
            // An undefined weak global is null, as for functions.
            Const::GlobalAddr { global, offset } if m.globals[global.0 as usize].is_extern_weak => {
                Value::Int(*offset as u64 as u128 & self.p.ptr_mask as u128)
            }
            Const::GlobalAddr { global, offset } => {
                let r = objs.globals[global.0 as usize];
                let base = self.st.mem.objs[r.idx as usize].base;
                Value::Ptr {
                    obj: r,
                    addr: base.wrapping_add(*offset as u64) & self.p.ptr_mask,
                }
            }
            // An undefined weak function is null (`if (&f)` tests whether it exists).
            Const::FuncAddr(f)
                if m.func(*f).is_extern_weak && builtin_of(m.func(*f)) == Builtin::External =>
            {
                Value::Int(0)
            }
            Const::FuncAddr(f) => self.st.mem.ptr_to(objs.funcs[f.0 as usize]),
            Const::BlockAddr { func, block } => {
                let r = match objs.blocks.get(&(*func, *block)) {
                    Some(r) => *r,
                    None => {
                        let r = self
                            .st
                            .mem
                            .alloc(1, 16, ObjKind::Block(*func, *block))
                            .map_or_else(Self::oom, Ok)?;
                        objs.blocks.insert((*func, *block), r);
                        r
                    }
                };
                self.st.mem.ptr_to(r)
            }
            Const::Aggregate { elems, .. } => {
                for e in elems {
                    self.eval_const(*e, done, objs)?;
                }
                Value::Agg(
                    elems
                        .iter()
                        .map(|e| self.consts[e.0 as usize].clone())
                        .collect(),
                )
            }
            Const::Expr(k) => {
                for op in k.operands() {
                    if let Operand::Const(oc) = op {
                        self.eval_const(oc, done, objs)?;
                    }
                }
                match self.pure(k)? {
                    Some(v) => v,
                    None => {
                        return error(
                            ErrorKind::Exec,
                            format!("unsupported constant expression {:?}", k),
                        )
                    }
                }
            }
        };
        // (Only start-up writes constants: nothing shares them yet.)
        Arc::get_mut(&mut self.consts).expect("constants made once")[c.0 as usize] = v;
        Ok(())
    }

    /// The zero value of a type.
    pub(in crate::exec) fn zero(&self, ty: TypeId) -> Value {
        let m = self.m;
        match &m.ty(ty).kind {
            TypeKind::Vector { elem, len } => {
                Value::Agg((0..*len).map(|_| self.zero(*elem)).collect())
            }
            TypeKind::Array { elem, len } => {
                Value::Agg((0..*len).map(|_| self.zero(*elem)).collect())
            }
            TypeKind::Struct { fields, .. } => {
                Value::Agg(fields.iter().map(|f| self.zero(*f)).collect())
            }
            _ => Value::Int(0),
        }
    }

    pub(crate) fn alloc_cstr(&mut self, s: &str) -> R<Value> {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        let r = self
            .st
            .mem
            .alloc(b.len() as u64, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        self.st.mem.write_bytes(r.idx, 0, &b);
        Ok(self.st.mem.ptr_to(r))
    }

    /// argv object: `argv[0..argc], NULL, envp..., NULL, 0, 0`.
    pub(super) fn setup_args(&mut self, cfg: &Config) -> R<(Value, Value, Value)> {
        let mut ptrs = Vec::new();
        for a in &cfg.argv {
            ptrs.push(self.alloc_cstr(a)?);
        }
        self.argv_object(ptrs, &cfg.env)
    }

    /// The argv object from the argument pointers `args`: `args..., NULL, env..., NULL, 0, 0`
    /// (the environment strings allocated here); `(argc, argv, envp)`.
    pub(crate) fn argv_object(
        &mut self,
        args: Vec<Value>,
        env: &[String],
    ) -> R<(Value, Value, Value)> {
        let argc = args.len() as u64;
        let mut ptrs = args;
        ptrs.push(Value::Int(0));
        for e in env {
            ptrs.push(self.alloc_cstr(e)?);
        }
        ptrs.extend([Value::Int(0), Value::Int(0), Value::Int(0)]);
        let ps = self.p.ps as u64;
        let r = self
            .st
            .mem
            .alloc(ptrs.len() as u64 * ps, 16, ObjKind::Data)
            .map_or_else(Self::oom, Ok)?;
        for (i, p) in ptrs.iter().enumerate() {
            self.st.mem.store_ptr(r.idx, i as u64 * ps, p);
        }
        let argv = self.st.mem.ptr_to(r);
        let base = self.st.mem.objs[r.idx as usize].base;
        let envp = Value::Ptr {
            obj: r,
            addr: base + (argc + 1) * ps,
        };
        Ok((Value::Int(argc as u128), argv, envp))
    }

    /// Calls `f` with the given argument values (missing ones zero) and runs until it returns.
    /// Works at start-up and nested (from a builtin), leaving the frame stack as it was.
    pub(in crate::exec) fn start(&mut self, f: FuncId, vals: Vec<Value>) -> R<Value> {
        let saved = (self.st.stop_depth, self.st.pc, self.st.base);
        self.enter(f, vals)?;
        let r = self.run_loop();
        if r.is_ok() {
            (self.st.stop_depth, self.st.pc) = (saved.0, saved.1);
            self.st.set_base(saved.2);
        }
        r
    }

    /// Pushes the frame of a call of `f` (the call `start` runs; a path that starts at the
    /// entry is one entered and not run yet).
    pub(crate) fn enter(&mut self, f: FuncId, vals: Vec<Value>) -> R<()> {
        let m = self.m;
        let func = m.func(f);
        if func.is_declaration {
            return error(
                ErrorKind::External,
                format!("failed external call: {}", func.name),
            );
        }
        if self.st.frames.len() >= self.p.max_frames {
            return Err(Box::new(Stop::Halt(Halt::MaxStackFrames)));
        }
        let base = self.st.regs.push_frame(func.num_regs as usize);
        for (i, &pty) in func.params.iter().enumerate() {
            let v = vals.get(i).cloned().unwrap_or(Value::Int(0));
            *self.st.regs.slot_mut(base + i) = match (v, self.p.tinfo[pty.0 as usize]) {
                (Value::Int(x), TI::Int(w)) => Value::Int(x & mask(w)),
                (v, _) => v,
            };
        }
        let alloca_base = self.st.allocas.len() as u32;
        let varargs = if func.is_vararg {
            Some(
                self.st
                    .mem
                    .alloc(0, 16, ObjKind::Data)
                    .map_or_else(Self::oom, Ok)?,
            )
        } else {
            None
        };
        if let Some(v) = varargs {
            self.st.allocas.push(v);
        }
        self.st.stop_depth = self.st.frames.len();
        self.st.frames.push(Frame {
            func: f,
            pc: 0,
            base: base as u32,
            alloca_base,
            varargs,
            ret_dst: None,
        });
        Ok(())
    }

    /// The functions of `llvm.global_ctors` / `llvm.global_dtors` in priority order.
    pub(crate) fn structors(&self, name: &str) -> Vec<FuncId> {
        let m = self.m;
        let Some(&g) = m.global_by_name.get(name) else {
            return Vec::new();
        };
        let g = m.global(g);
        let Some(init) = &g.init else {
            return Vec::new();
        };
        let TypeKind::Array { elem, len } = &m.ty(g.ty).kind else {
            return Vec::new();
        };
        let TypeKind::Struct { offsets, .. } = &m.ty(*elem).kind else {
            return Vec::new();
        };
        let stride = m.ty(*elem).alloc_size;
        let mut out = Vec::new();
        for i in 0..*len {
            let at = i * stride;
            let prio = init
                .bytes
                .get(at as usize..at as usize + 4)
                .map_or(65535, |b| u32::from_le_bytes(b.try_into().unwrap()));
            let fo = at + offsets.get(1).copied().unwrap_or(0);
            let f = init.relocs.iter().find(|r| r.offset == fo).and_then(|r| {
                match &self.consts[r.value.0 as usize] {
                    Value::Ptr { obj, .. } => match self.st.mem.get(*obj).map(|o| o.kind) {
                        Some(ObjKind::Function(f)) => Some(f),
                        _ => None,
                    },
                    _ => None,
                }
            });
            if let Some(f) = f {
                out.push((prio, i, f));
            }
        }
        out.sort();
        out.into_iter().map(|(_, _, f)| f).collect()
    }

    /// Runs the static constructors.
    pub(in crate::exec) fn run_ctors(&mut self) -> R<()> {
        for f in self.structors("llvm.global_ctors") {
            self.start(f, Vec::new())?;
        }
        Ok(())
    }

    /// Runs the static destructors (once; in reverse priority order).
    pub(in crate::exec) fn run_dtors(&mut self) -> R<()> {
        if std::mem::replace(&mut self.st.dtors_done, true) {
            return Ok(());
        }
        let mut d = self.structors("llvm.global_dtors");
        d.reverse();
        for f in d {
            self.start(f, Vec::new())?;
        }
        Ok(())
    }
}
