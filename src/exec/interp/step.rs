//! The dispatch loop and the instruction semantics of one step (operands, edges with their phi copies, returns).

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    #[inline(always)]
    pub(crate) fn op(&self, o: &Operand) -> Value {
        match *o {
            Operand::Reg(r) => self.st.regs.reg(r.0).clone(),
            Operand::Const(c) => self.consts[c.0 as usize].clone(),
        }
    }

    #[inline(always)]
    pub(super) fn opb(&self, o: &Operand) -> u128 {
        match *o {
            Operand::Reg(r) => self.st.regs.reg(r.0).bits(),
            Operand::Const(c) => self.consts[c.0 as usize].bits(),
        }
    }

    #[inline(always)]
    pub(super) fn set(&mut self, dst: Option<Reg>, v: Value) {
        if let Some(d) = dst {
            *self.st.regs.reg_mut(d.0) = v;
        }
    }

    #[inline(always)]
    pub(crate) fn ti(&self, ty: TypeId) -> TI {
        self.p.tinfo[ty.0 as usize]
    }

    /// Runs until the frame stack is back at `stop_depth`. Coverage is marked per straight-line
    /// run (`from`: where the current one began), when control leaves it or the path stops.
    pub(super) fn run_loop(&mut self) -> R<Value> {
        let m = self.m;
        loop {
            let fr = self.st.frames.last().unwrap();
            let fid = fr.func;
            let f = &m.functions[fid.0 as usize];
            let code = &f.code[..];
            let mut pc = fr.pc as usize;
            let mut from = pc as u32;
            self.run_from = from;
            // Live: a call pushed it, a return or a longjmp thawed it (`set_base`).
            self.st.base = fr.base as usize;
            self.st.regs.set_live_top(self.st.base);
            loop {
                let inst = &code[pc];
                self.st.pc = pc as u32;
                self.insts += 1;
                if self.insts > self.max_insts {
                    self.insts -= 1;
                    // (Stopped before this instruction: it did not run.)
                    self.checkpoint()
                        .inspect_err(|_| self.cover(fid, from, pc as u32, false))?;
                    self.insts += 1;
                }
                pc += 1;
                if self.wants.steps {
                    self.observe_instruction(inst);
                }
                if self
                    .step_sites
                    .as_ref()
                    .is_some_and(|s| s.contains(fid, self.st.pc))
                {
                    self.observe_step(fid, self.st.pc)
                        .inspect_err(|_| self.cover(fid, from, self.st.pc, false))?;
                }
                let flow = self
                    .step(f, inst, pc)
                    .inspect_err(|_| self.cover(fid, from, self.st.pc, true))?;
                match flow {
                    Flow::Next => {
                        if self.wants.steps {
                            self.observe_instruction_done(inst);
                        }
                    }
                    Flow::Jump(t) => {
                        self.cover(fid, from, self.st.pc, true);
                        from = t as u32;
                        self.run_from = from;
                        pc = t;
                        if self.wants.blocks {
                            self.observe_block(fid, t as u32, false)?;
                        }
                    }
                    Flow::Frames => {
                        self.cover(fid, from, self.st.pc, true);
                        break;
                    }
                    Flow::Done(v) => {
                        self.cover(fid, from, self.st.pc, true);
                        if self.st.frames.is_empty() {
                            self.observe_entry_returned();
                        }
                        return Ok(v);
                    }
                }
            }
        }
    }

    /// Marks the straight-line run `from..=to` of `f` executed (`to` itself only when `ran`);
    /// new instructions mean the path covered new code (KLEE's `coveredNew`,
    /// `instsSinceCovNew` restarting at 1).
    #[inline(always)]
    fn cover(&mut self, f: FuncId, from: u32, to: u32, ran: bool) {
        let to = if ran { to } else { to.wrapping_sub(1) };
        if self.p.write_cov {
            return self.cover_recording(f, from, to);
        }
        if to != u32::MAX && self.coverage.mark_range(f, from, to) != 0 {
            self.covered_new_code();
        }
    }

    /// `cover` with `--write-cov`: the path also records the instructions it covered first
    /// (KLEE's per-state covered lines: those no path had executed before).
    #[cold]
    fn cover_recording(&mut self, f: FuncId, from: u32, to: u32) {
        if to == u32::MAX || to < from {
            return;
        }
        let ran = &mut self.st.path.ran;
        self.coverage.uncovered_in(f, from, to, |i| {
            ran.insert((f.0, i, i));
        });
        if self.coverage.mark_range(f, from, to) != 0 {
            self.covered_new_code();
        }
    }

    #[inline(always)]
    pub(super) fn step(&mut self, f: &'m Function, inst: &'m Inst, next: usize) -> R<Flow> {
        match &inst.kind {
            InstKind::Bin { op, ty, a, b } => {
                let v = match self.ti(*ty) {
                    // (Poison goes the symbolic way: both are rare, checked together.)
                    TI::Int(w)
                        if matches!(opref!(self, a), Value::Sym(_) | Value::Poison(_))
                            || matches!(opref!(self, b), Value::Sym(_) | Value::Poison(_)) =>
                    {
                        self.sym_bin(*op, w, a, b, inst)?
                    }
                    t @ (TI::Int(_) | TI::F(_)) => {
                        if matches!(t, TI::F(_)) && self.symbolic {
                            self.concretize_fp_operands(&[*a, *b])?;
                        }
                        let s = self.scalar(t).expect("a scalar");
                        let Some(c) = sem::bin(&mut Conc, *op, s, self.opb(a), self.opb(b)) else {
                            return error(
                                ErrorKind::Exec,
                                "unsupported: binary operation on this type",
                            );
                        };
                        match c.fails {
                            Some((e, ..)) => self.int_failed(e, c.v, inst)?,
                            None => Value::Int(c.v),
                        }
                    }
                    _ => {
                        if self.symbolic {
                            self.guard_ops(&[*a, *b], "a vector operation")?;
                        }
                        let (x, y) = (self.op(a), self.op(b));
                        self.bin_vec(
                            *op,
                            *ty,
                            &x,
                            &y,
                            sem::is_poison(IntErr::Overshift, inst.loc.0),
                        )?
                    }
                };
                self.set(inst.dst, v);
            }
            InstKind::ICmp { pred, ty, a, b } => {
                let v = match self.ti(*ty) {
                    TI::Int(w)
                        if matches!(opref!(self, a), Value::Sym(_) | Value::Poison(_))
                            || matches!(opref!(self, b), Value::Sym(_) | Value::Poison(_)) =>
                    {
                        self.sym_icmp(*pred, w, a, b)?
                    }
                    TI::Ptr
                        if matches!(opref!(self, a), Value::Sym(_) | Value::Poison(_))
                            || matches!(opref!(self, b), Value::Sym(_) | Value::Poison(_)) =>
                    {
                        self.sym_icmp(*pred, self.p.ps * 8, a, b)?
                    }
                    // A vector is an `Agg` whose elements may be symbolic (a vector load of
                    // symbolic bytes at -O2).
                    TI::Vec(..)
                        if self.symbolic
                            && (has_sym(opref!(self, a)) || has_sym(opref!(self, b))) =>
                    {
                        return sym_err("a vector comparison");
                    }
                    TI::Int(w) => {
                        Value::Int(sem::icmp(&mut Conc, *pred, w, self.opb(a), self.opb(b)))
                    }
                    TI::Ptr => {
                        let w = self.p.ps * 8;
                        Value::Int(sem::icmp(&mut Conc, *pred, w, self.opb(a), self.opb(b)))
                    }
                    _ => {
                        let (x, y) = (self.op(a), self.op(b));
                        self.icmp_vec(*pred, *ty, &x, &y)
                    }
                };
                self.set(inst.dst, v);
            }
            InstKind::Load { ty, ptr, .. } => {
                let n = match self.ti(*ty) {
                    TI::Int(w) => Some(((w as u64).div_ceil(8), mask(w))),
                    TI::F(fk) => Some((fk_bytes(fk), !0)),
                    _ => None,
                };
                if let Some((n, mk)) = n {
                    // Fast path: the result is written straight into its register.
                    let p = opref!(self, ptr);
                    let (s, o) = match self.st.mem.resolve_any(p, n) {
                        Ok(x) => x,
                        Err(MemErr::SymbolicPtr) => {
                            let p = p.clone();
                            let v = self.sym_load(&p, *ty)?;
                            self.set(inst.dst, v);
                            return Ok(Flow::Next);
                        }
                        Err(e) => return Err(mem_err(e, p)),
                    };
                    if self.st.mem.objs[s as usize].sym.is_some() {
                        if let Some(e) = self.st.mem.load_sym(&mut self.pool, s, o, n) {
                            // (A float's bits: `n` whole bytes.)
                            let w = match self.ti(*ty) {
                                TI::Int(w) => w,
                                _ => 8 * n as u32,
                            };
                            let e = self.pool.zext_or_trunc(e, w);
                            let v = self.val_of(e);
                            self.set(inst.dst, v);
                            return Ok(Flow::Next);
                        }
                    }
                    let x = self.st.mem.load_int(s, o, n) & mk;
                    if let Some(d) = inst.dst {
                        *self.st.regs.reg_mut(d.0) = Value::Int(x);
                    }
                } else {
                    let p = self.op(ptr);
                    let v = if self.symbolic {
                        self.sym_load(&p, *ty)?
                    } else {
                        self.load(&p, *ty)?
                    };
                    self.set(inst.dst, v);
                }
            }
            InstKind::Store { ty, val, ptr, .. } => {
                let n = match self.ti(*ty) {
                    TI::Int(w) => Some((w as u64).div_ceil(8)),
                    TI::F(fk) => Some(fk_bytes(fk)),
                    _ => None,
                };
                if let Some(n) = n {
                    if let Value::Sym(e) = *opref!(self, val) {
                        let p = self.op(ptr);
                        let v = Value::Sym(e);
                        self.sym_store(&p, *ty, &v)?;
                        return Ok(Flow::Next);
                    }
                    let x = self.opb(val);
                    let p = opref!(self, ptr);
                    let (s, o) = match self.st.mem.resolve_any_mut(p, n) {
                        Ok(x) => x,
                        Err(MemErr::SymbolicPtr) => {
                            let (p, v) = (p.clone(), self.op(val));
                            self.sym_store(&p, *ty, &v)?;
                            return Ok(Flow::Next);
                        }
                        Err(e) => return Err(mem_err(e, p)),
                    };
                    self.st.mem.store_int(s, o, n, x);
                } else {
                    let p = self.op(ptr);
                    let v = self.op(val);
                    if self.symbolic {
                        self.sym_store(&p, *ty, &v)?;
                    } else {
                        self.store(&p, *ty, &v)?;
                    }
                }
            }
            InstKind::Gep {
                base,
                offset,
                indices,
            } if indices.is_empty() => {
                let v = match opref!(self, base) {
                    &Value::Ptr { obj, addr } => Value::Ptr {
                        obj,
                        addr: addr.wrapping_add(*offset as u64) & self.p.ptr_mask,
                    },
                    b @ Value::Sym(_) => {
                        let b = b.clone();
                        self.sym_ptr_add(&b, *offset)?
                    }
                    b @ Value::Agg(_) if self.symbolic && has_sym(b) => {
                        return sym_err("a vector GEP with a symbolic pointer")
                    }
                    b => self.ptr_add(b.clone(), *offset),
                };
                self.set(inst.dst, v);
            }
            InstKind::Gep {
                base,
                offset,
                indices,
            } => {
                if self.symbolic
                    && (has_sym(opref!(self, base))
                        || indices.iter().any(|i| has_sym(opref!(self, &i.op))))
                {
                    let v = self.sym_gep(base, *offset, indices)?;
                    self.set(inst.dst, v);
                    return Ok(Flow::Next);
                }
                let b = self.op(base);
                let v = self.gep(b, *offset, indices);
                self.set(inst.dst, v);
            }
            InstKind::Br { edge } => return Ok(Flow::Jump(self.edge(f, edge))),
            InstKind::CondBr { cond, t, f: fe } => {
                if let Value::Sym(c) = *opref!(self, cond) {
                    return Ok(Flow::Jump(self.sym_branch(f, c, t, fe)?));
                }
                let side = self.opb(cond) & 1 != 0;
                if self.p.replay_path.is_some() {
                    self.check_replayed(side)?;
                }
                self.visit_branch(side);
                let e = if side { t } else { fe };
                return Ok(Flow::Jump(self.edge(f, e)));
            }
            InstKind::Cast { op, from, to, v } => {
                match *opref!(self, v) {
                    Value::Sym(e) => {
                        let r = self.sym_cast(*op, *from, *to, e)?;
                        self.set(inst.dst, r);
                        return Ok(Flow::Next);
                    }
                    Value::Poison(x) => {
                        // Poison carried on to the select that may discard it.
                        let r = self.cast(*op, *from, *to, Value::Int(x))?;
                        self.set(inst.dst, Value::Poison(r.bits()));
                        return Ok(Flow::Next);
                    }
                    _ => {}
                }
                let x = self.op(v);
                let r = self.cast(*op, *from, *to, x)?;
                self.set(inst.dst, r);
            }
            InstKind::Copy { v, .. } => {
                let x = self.op(v);
                self.set(inst.dst, x);
            }
            InstKind::Alloca {
                elem_size,
                count,
                count_width,
                align,
            } => {
                if self.symbolic {
                    self.concrete_size(count)?;
                }
                let n = sext(self.opb(count), *count_width).max(0) as u64;
                let size = elem_size.saturating_mul(n);
                let r = match self.st.mem.alloc(size, *align as u64, ObjKind::Stack) {
                    Some(r) => r,
                    None => return error(ErrorKind::Exec, "stack allocation too large"),
                };
                self.st.allocas.push(r);
                let p = self.st.mem.ptr_to(r);
                self.set(inst.dst, p);
            }
            InstKind::Call { callee, args, ret } => {
                return self.call(inst, callee, args, *ret, next);
            }
            InstKind::Ret { val } => {
                let v = match val {
                    Some(o) => self.op(o),
                    None => Value::Int(0),
                };
                return Ok(self.ret(v));
            }
            InstKind::Switch {
                cond,
                cases,
                default,
                ..
            } => {
                if let Value::Sym(c) = *opref!(self, cond) {
                    return Ok(Flow::Jump(self.sym_switch(f, c, cases, default)?));
                }
                let c = self.opb(cond);
                let e = if cases.len() <= 8 {
                    cases
                        .iter()
                        .find(|(v, _)| *v == c)
                        .map(|(_, e)| e)
                        .unwrap_or(default)
                } else {
                    // Large switch: binary search in its sorted case table.
                    match self.p.switch_tables.get(&(cases.as_ptr() as usize)) {
                        Some(t) => match t.binary_search_by(|(v, _)| v.cmp(&c)) {
                            Ok(i) => &cases[t[i].1 as usize].1,
                            Err(_) => default,
                        },
                        None => cases
                            .iter()
                            .find(|(v, _)| *v == c)
                            .map(|(_, e)| e)
                            .unwrap_or(default),
                    }
                };
                self.visit_switch_target(e.target);
                return Ok(Flow::Jump(self.edge(f, e)));
            }
            InstKind::IndirectBr { addr, dests } => {
                if let Value::Sym(e) = *opref!(self, addr) {
                    let e = self.sym_indirectbr(e, dests)?;
                    return Ok(Flow::Jump(self.edge(f, e)));
                }
                let a = self.op(addr);
                let obj = match a {
                    Value::Ptr { obj, .. } => Some(obj),
                    Value::Int(x) if x <= u64::MAX as u128 => self.st.mem.lookup(x as u64),
                    _ => None,
                };
                let target = match obj.and_then(|o| self.st.mem.get(o)).map(|o| o.kind) {
                    Some(ObjKind::Block(_, b)) => Some(b),
                    _ => None,
                };
                let e = target.and_then(|b| dests.iter().find(|e| e.target == b));
                match e {
                    Some(e) => return Ok(Flow::Jump(self.edge(f, e))),
                    None => return error(ErrorKind::Exec, "indirectbr: illegal label address"),
                }
            }
            InstKind::Unreachable => return error(ErrorKind::Exec, "unreachable instruction"),
            InstKind::Unsupported { what } => {
                return error(ErrorKind::Exec, format!("unsupported: {}", what))
            }
            InstKind::InlineAsm => return error(ErrorKind::Exec, "inline assembly is unsupported"),
            InstKind::Fence => {}
            InstKind::AtomicRmw { op, ty, ptr, val } => {
                if self.symbolic {
                    self.guard_ops(&[*ptr, *val], "atomicrmw")?;
                }
                let p = self.op(ptr);
                let x = self.op(val);
                let old = self.load(&p, *ty)?;
                let new = self.rmw(*op, *ty, &old, &x)?;
                self.store(&p, *ty, &new)?;
                self.set(inst.dst, old);
            }
            InstKind::CmpXchg { ty, ptr, cmp, new } => {
                if self.symbolic {
                    self.guard_ops(&[*ptr, *cmp, *new], "cmpxchg")?;
                }
                let p = self.op(ptr);
                let c = self.op(cmp);
                let n = self.op(new);
                let old = self.load(&p, *ty)?;
                let ok = old.bits() == c.bits();
                if ok {
                    self.store(&p, *ty, &n)?;
                }
                self.set(inst.dst, Value::Agg(Box::new([old, Value::bool(ok)])));
            }
            InstKind::VaArg { ty, list } => {
                if self.symbolic {
                    self.guard_ops(&[*list], "va_arg")?;
                }
                let l = self.op(list);
                let v = self.va_arg(&l, *ty)?;
                self.set(inst.dst, v);
            }
            InstKind::Select { cond, t, f: fv, ty }
                if self.symbolic
                    && matches!(self.ti(*ty), TI::Int(_) | TI::Ptr | TI::F(_))
                    && (matches!(opref!(self, cond), Value::Sym(_))
                        || matches!(opref!(self, t), Value::Sym(_))
                        || matches!(opref!(self, fv), Value::Sym(_))) =>
            {
                // Pointers: a select of addresses (resolved against every object when used).
                let w = match self.ti(*ty) {
                    TI::Int(w) => w,
                    // A float's bits, as loads and stores carry them.
                    TI::F(fk) => 8 * fk_bytes(fk) as u32,
                    _ => self.p.ps * 8,
                };
                let (c, x, y) = (self.op(cond), self.op(t), self.op(fv));
                let v = match c {
                    Value::Sym(ce) => {
                        let ec = self.pool.zext_or_trunc(ce, 1);
                        let (x, y) = self.poison_arms(ec, x, y)?;
                        let ex = self.expr_of(&x, w, "select")?;
                        let ey = self.expr_of(&y, w, "select")?;
                        let e = sem::select(&mut Exprs(&mut self.pool), ec, ex, ey);
                        self.val_of(e)
                    }
                    Value::Int(c) => Self::picked(if c & 1 != 0 { x } else { y })?,
                    _ => return sym_err("select"),
                };
                self.set(inst.dst, v);
            }
            InstKind::Select { cond, t, f: fv, .. }
                if self.symbolic
                    && matches!(opref!(self, cond), Value::Sym(_))
                    && !has_sym(opref!(self, t))
                    && !has_sym(opref!(self, fv)) =>
            {
                let Value::Sym(c) = self.op(cond) else {
                    unreachable!()
                };
                let v = self.select_decided(c, self.op(t), self.op(fv))?;
                self.set(inst.dst, v);
            }
            InstKind::ExtractValue { agg, indices, .. }
                if self.symbolic && matches!(opref!(self, agg), Value::Agg(_)) =>
            {
                // A plain move of an element (e.g. of a symbolic with.overflow result).
                let mut v = self.op(agg);
                for &i in indices {
                    v = match v {
                        Value::Agg(e) => e.get(i as usize).cloned().unwrap_or_default(),
                        _ => Value::Int(0),
                    };
                }
                self.set(inst.dst, v);
            }
            k @ InstKind::InsertValue { .. } if self.symbolic => {
                // A plain move of an element (e.g. a limb of an integer wider than 128 bits,
                // `ir::lower::wide`): symbolic elements need no guard.
                let v = self.pure(k)?.expect("insertvalue has a value");
                self.set(inst.dst, v);
            }
            k => {
                if self.symbolic {
                    match k {
                        InstKind::FNeg { .. } | InstKind::FCmp { .. } => {
                            self.concretize_fp_operands(&k.operands())?
                        }
                        // A plain move of values into an aggregate.
                        InstKind::InsertValue { .. } => {}
                        _ => self.guard_ops(&k.operands(), "this instruction")?,
                    }
                }
                match self.pure(k)? {
                    Some(v) => self.set(inst.dst, v),
                    None => {
                        return error(ErrorKind::Exec, format!("unsupported: {:?}", k));
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Takes an edge: the phi copies in parallel; returns the target's first instruction.
    #[inline(always)]
    pub(in crate::exec) fn edge(&mut self, f: &Function, e: &Edge) -> usize {
        match e.copies.len() {
            0 => {}
            1 => {
                let c = &e.copies[0];
                let v = self.op(&c.src);
                *self.st.regs.reg_mut(c.dst.0) = v;
            }
            _ => {
                let mut s = std::mem::take(&mut self.scratch);
                s.clear();
                for c in &e.copies {
                    s.push(self.op(&c.src));
                }
                for (c, v) in e.copies.iter().zip(s.drain(..)) {
                    *self.st.regs.reg_mut(c.dst.0) = v;
                }
                self.scratch = s;
            }
        }
        f.blocks[e.target.0 as usize].start as usize
    }

    pub(super) fn ret(&mut self, v: Value) -> Flow {
        let fr = self.st.frames.pop().unwrap();
        self.observe_return();
        while self.st.allocas.len() > fr.alloca_base as usize {
            let r = self.st.allocas.pop().unwrap();
            self.st.mem.free(r);
        }
        self.st.regs.truncate(fr.base as usize);
        if self.st.frames.len() == self.st.stop_depth {
            if let Some(caller) = self.st.frames.last() {
                self.st.set_base(caller.base as usize);
            }
            return Flow::Done(v);
        }
        match self.st.frames.last() {
            None => Flow::Done(v),
            Some(caller) => {
                let b = caller.base as usize;
                self.st.set_base(b);
                if let Some(d) = fr.ret_dst {
                    *self.st.regs.reg_mut(d.0) = v;
                }
                Flow::Frames
            }
        }
    }
}
