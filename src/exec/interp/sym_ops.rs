//! Instructions and the API on symbolic values: arithmetic, comparisons, casts, intrinsics, `klee_*` and `__VERIFIER_*`.

use super::calls::BuiltinCall;
use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// Integer binary operation with a symbolic operand.
    pub(super) fn sym_bin(
        &mut self,
        op: BinOp,
        w: u32,
        a: &Operand,
        b: &Operand,
        inst: &Inst,
    ) -> R<Value> {
        let (x, y) = (self.op(a), self.op(b));
        if poisoned(&x, &y) {
            // Poison carried on (its bits computed, a failure ignored: the result is poison).
            return match (x, y) {
                (Value::Sym(_), _) | (_, Value::Sym(_)) => sym_err("an operation on poison"),
                (x, y) => match sem::bin(&mut Conc, op, Scalar::Int(w), x.bits(), y.bits()) {
                    Some(c) => Ok(Value::Poison(c.v)),
                    None => no_symbolic_float(),
                },
            };
        }
        let ea = self.expr_of(&x, w, "an arithmetic operation")?;
        let eb = self.expr_of(&y, w, "an arithmetic operation")?;
        let Some(c) = sem::bin(&mut Exprs(&mut self.pool), op, Scalar::Int(w), ea, eb) else {
            return no_symbolic_float();
        };
        if let Some((err, bad, _)) = c.fails {
            if sem::reported(err, inst.loc.0, self.p.checks) {
                let (kind, msg) = err.report();
                self.check_bad(bad, kind, msg)?;
            }
        }
        Ok(self.val_of(c.v))
    }

    pub(super) fn sym_icmp(&mut self, pred: IntPred, w: u32, a: &Operand, b: &Operand) -> R<Value> {
        let (x, y) = (self.op(a), self.op(b));
        if poisoned(&x, &y) {
            return match (x, y) {
                (Value::Sym(_), _) | (_, Value::Sym(_)) => sym_err("a comparison with poison"),
                (x, y) => Ok(Value::Poison(sem::icmp(
                    &mut Conc,
                    pred,
                    w,
                    x.bits() & mask(w),
                    y.bits() & mask(w),
                ))),
            };
        }
        let ea = self.expr_of(&x, w, "a comparison")?;
        let eb = self.expr_of(&y, w, "a comparison")?;
        let e = sem::icmp(&mut Exprs(&mut self.pool), pred, w, ea, eb);
        Ok(self.val_of(e))
    }

    pub(super) fn sym_cast(&mut self, op: CastOp, from: TypeId, to: TypeId, e: ExprId) -> R<Value> {
        let (f, t) = match (self.scalar(self.ti(from)), self.scalar(self.ti(to))) {
            (Some(f), Some(t)) => (f, t),
            _ => return sym_err(format!("a {:?} cast (symbolic pointer)", op)),
        };
        if let Some(r) = sem::cast(&mut Exprs(&mut self.pool), op, f, t, e) {
            return Ok(self.val_of(r));
        }
        // Floating point: a bitcast keeps the bits; a conversion needs a number.
        if op == CastOp::BitCast {
            let wt = match t {
                Scalar::Int(w) => w,
                Scalar::F(fk) => 8 * fk_bytes(fk) as u32,
            };
            let r = self.pool.zext_or_trunc(e, wt);
            return Ok(self.val_of(r));
        }
        let k = self.concretize_fp(e)?;
        self.cast(op, from, to, Value::Int(k))
    }

    /// Operands that are symbolic (or aggregates holding symbolic values) where the operation
    /// does not support it.
    pub(super) fn guard_ops(&self, ops: &[Operand], what: &str) -> R<()> {
        for o in ops {
            if has_sym(opref!(self, o)) {
                return sym_err(what);
            }
        }
        Ok(())
    }

    /// Integer intrinsics with a symbolic argument; `None`: not handled here.
    pub(super) fn sym_intrinsic(
        &mut self,
        which: Intrinsic,
        args: &[CallArg],
        ret: TypeId,
    ) -> R<Option<Value>> {
        use Intrinsic as I;
        if !args
            .iter()
            .any(|a| matches!(opref!(self, &a.op), Value::Sym(_)))
        {
            return Ok(None);
        }
        if let Some(v) = self.sym_bits(which, args)? {
            return Ok(Some(v));
        }
        let w = match args.first().map(|a| self.ti(a.ty)) {
            Some(TI::Int(w)) => w,
            _ => return Ok(None),
        };
        let _ = ret;
        let mut e = Vec::new();
        for a in args.iter().take(2) {
            let v = self.op(&a.op);
            let aw = match self.ti(a.ty) {
                TI::Int(x) => x,
                _ => return Ok(None),
            };
            e.push(self.expr_of(&v, aw, "an intrinsic")?);
        }
        if which == I::Assume {
            return Ok(Some(Value::Int(0)));
        }
        Ok(
            match sem::int_intrinsic(&mut Exprs(&mut self.pool), which, w, &e) {
                Some(sem::IntrResult::One(r)) => Some(self.val_of(r)),
                Some(sem::IntrResult::Pair(r, ov)) => {
                    let (rv, ov) = (self.val_of(r), self.val_of(ov));
                    Some(Value::Agg(Box::new([rv, ov])))
                }
                None => None,
            },
        )
    }

    pub(super) fn guard_args(&self, args: &[CallArg], what: &str) -> R<()> {
        for a in args {
            if has_sym(opref!(self, &a.op)) {
                return sym_err(format!("an argument of {what}"));
            }
        }
        Ok(())
    }

    pub(crate) fn fresh_array(&mut self, name: &str, size: u64) -> R<(String, ArrayId)> {
        // The ktest name is the name given, repeated names included (KLEE writes the memory
        // object's name; native replay checks it); the array's SMT name is unique in the pool.
        let kname = name.to_string();
        let aname = self.pool.unique_array_name(&kname);
        let a = self.pool.new_array(expr::Array {
            name: aname,
            size,
            domain: 32,
            init: None,
        });
        self.st.path.symbolics.push((kname.clone(), a, size));
        self.symbolic = true;
        self.observe_fact(observe::PathFact::Array(a));
        self.seed_bind(&kname, a, size)?;
        Ok((kname, a))
    }

    /// A fresh symbolic integer of `bytes` bytes read as `w` bits.
    pub(super) fn fresh_int(&mut self, name: &str, bytes: u64, w: u32) -> R<Value> {
        let (_, a) = self.fresh_array(name, bytes)?;
        let z = self.pool.constant(32, 0);
        let e = self.pool.read_bytes_le(a, None, z, bytes as u32);
        let e = self.pool.zext_or_trunc(e, w);
        Ok(self.val_of(e))
    }

    pub(in crate::exec) fn cstr_arg(&mut self, v: &Value) -> R<String> {
        self.api_string(v)
    }

    /// The name of a `klee_make_symbolic` object: an empty one is KLEE's `unnamed`, with its
    /// warning.
    pub(in crate::exec) fn symbolic_name(&mut self, v: &Value) -> R<String> {
        let name = self.api_string(v)?;
        if !name.is_empty() {
            return Ok(name);
        }
        self.klee_warning(
            "klee_make_symbolic: renamed empty name to \"unnamed\"",
            false,
        );
        Ok("unnamed".into())
    }

    /// The symbolic-execution API (`klee_*`, `__VERIFIER_*`).
    pub(super) fn sym_builtin(&mut self, call: BuiltinCall<'_>) -> R<Value> {
        let BuiltinCall { b, fid, args, ret } = call;
        let ret_w = match self.ti(ret) {
            TI::Int(w) => w,
            _ => 0,
        };
        if self.ctl.lim.replay.is_some() {
            if let Some(r) = self.replay_builtin(b, fid, args, ret) {
                return r;
            }
        }
        match b {
            Builtin::MakeSymbolic => {
                let (p, n) = (self.arg(args, 0), self.arg(args, 1));
                let name = self.symbolic_name(&self.arg(args, 2))?;
                let (slot, n) = self.make_symbolic_target(&p, &n)?;
                let (_, a) = self.fresh_array(&name, n)?;
                let m = &mut self.st.mem;
                let o = &mut m.objs[slot as usize];
                o.ptrs.clear();
                let mut v = Vec::with_capacity(n as usize);
                for k in 0..n {
                    let i = self.pool.constant(32, k as u128);
                    v.push(Some(self.pool.read(a, None, i)));
                }
                o.sym = Some(std::sync::Arc::new(v.into()));
                Ok(Value::Int(0))
            }
            Builtin::Assume | Builtin::VerifierAssume => {
                let c = self.arg(args, 0);
                let w = match args.first().map(|a| self.ti(a.ty)) {
                    Some(TI::Int(w)) => w,
                    _ => self.p.ps * 8,
                };
                let e = self.expr_of(&c, w, "klee_assume")?;
                let z = self.pool.constant(w, 0);
                let cond = self.pool.ne(e, z);
                if !self.may_be(cond)? {
                    if b == Builtin::VerifierAssume || self.p.silent_klee_assume {
                        return Err(Box::new(Stop::Silent));
                    }
                    return error(ErrorKind::User, "invalid klee_assume call (provably false)");
                }
                self.add_constraint(cond);
                Ok(Value::Int(0))
            }
            Builtin::KleeInt => {
                let name = self.symbolic_name(&self.arg(args, 0))?;
                self.fresh_int(&name, 4, ret_w.max(1))
            }
            Builtin::Nondet => {
                let name = self.m.func(fid).name.clone();
                if ret_w == 0 {
                    if let Some(v) = self.nondet_int_struct(&name, ret)? {
                        return Ok(v);
                    }
                    return error(
                        ErrorKind::Exec,
                        format!("unsupported: {name} (only integer types are supported)"),
                    );
                }
                let bytes = self.m.ty(ret).store_size.max(1);
                if name == "__VERIFIER_nondet_bool" {
                    let (_, a) = self.fresh_array(&name, bytes)?;
                    let z = self.pool.constant(32, 0);
                    let e = self.pool.read_bytes_le(a, None, z, bytes as u32);
                    let one = self.pool.constant(8 * bytes as u32, 1);
                    let c = self.pool.ule(e, one);
                    self.add_constraint(c);
                    let e = self.pool.zext_or_trunc(e, ret_w);
                    return Ok(self.val_of(e));
                }
                self.fresh_int(&name, bytes, ret_w)
            }
            Builtin::SilentExit => Err(Box::new(Stop::Silent)),
            Builtin::IsSymbolic => {
                let v = self.arg(args, 0);
                Ok(self.ret_int(ret, matches!(v, Value::Sym(_)) as i128))
            }
            Builtin::Warning | Builtin::WarningOnce => {
                let msg = self.cstr_arg(&self.arg(args, 0))?;
                let fname = self
                    .st
                    .frames
                    .last()
                    .map(|f| self.m.func(f.func).name.clone())
                    .unwrap_or_default();
                let prefix = if b == Builtin::Warning {
                    "WARNING"
                } else {
                    "WARNING ONCE"
                };
                let line = format!("KLEE: {prefix}: {fname}: {msg}\n");
                if b == Builtin::Warning || self.warned_once.insert(line.clone()) {
                    self.io.write(2, line.as_bytes());
                }
                Ok(Value::Int(0))
            }
            Builtin::PreferCex => {
                // Only the test's values change (`test_objects`); a constant condition either
                // holds or never can.
                if let Value::Sym(e) = self.arg(args, 1) {
                    let z = self.pool.constant(self.pool.width(e), 0);
                    let c = self.pool.ne(e, z);
                    self.st.path.cex_preferences.push(c);
                }
                Ok(Value::Int(0))
            }
            Builtin::KleeAbort => error(ErrorKind::Abort, "abort failure"),
            Builtin::ReportError => {
                let msg = self.cstr_arg(&self.arg(args, 2))?;
                let suffix = self.cstr_arg(&self.arg(args, 3))?;
                error(ErrorKind::from_report_suffix(&suffix), msg)
            }
            Builtin::GetValue => {
                let v = self.arg(args, 0);
                match v {
                    Value::Sym(e) => {
                        // One possible value; the path is not constrained to it (KLEE's
                        // executeGetValue without seeds).
                        let x = self.some_value(e)?;
                        Ok(Value::Int(x & mask(ret_w.max(1))))
                    }
                    v => Ok(v),
                }
            }
            Builtin::ReachError => error(ErrorKind::Assert, "ASSERTION FAIL: reach_error"),
            Builtin::Range => {
                let (lo, hi) = match (self.arg(args, 0), self.arg(args, 1)) {
                    (Value::Int(a), Value::Int(b)) => (sext(a, 32) as i32, sext(b, 32) as i32),
                    _ => return sym_err("the bounds of klee_range"),
                };
                if lo >= hi {
                    return error(ErrorKind::User, "invalid range");
                }
                if lo as i64 + 1 == hi as i64 {
                    return Ok(Value::Int(lo as u32 as u128 & mask(ret_w.max(1))));
                }
                let name = self.symbolic_name(&self.arg(args, 2))?;
                let v = self.fresh_int(&name, 4, 32)?;
                let e = self.expr_of(&v, 32, "klee_range")?;
                let h = self.pool.constant(32, hi as u32 as u128);
                if lo == 0 {
                    let c = self.pool.ult(e, h);
                    self.add_constraint(c);
                } else {
                    let l = self.pool.constant(32, lo as u32 as u128);
                    let c1 = self.pool.sle(l, e);
                    let c2 = self.pool.slt(e, h);
                    self.add_constraint(c1);
                    self.add_constraint(c2);
                }
                let e = self.pool.zext_or_trunc(e, ret_w.max(1));
                Ok(self.val_of(e))
            }
            Builtin::Choose => {
                // KLEE's runtime: a `klee_choose` object of pointer size, and the path ends
                // silently when it is >= n; here the constraint `x < n` instead.
                let Value::Int(n) = self.arg(args, 0) else {
                    return sym_err("the argument of klee_choose");
                };
                let w = self.p.ps * 8;
                let v = self.fresh_int("klee_choose", self.p.ps as u64, w)?;
                let e = self.expr_of(&v, w, "klee_choose")?;
                let k = self.pool.constant(w, n & mask(w));
                let c = self.pool.ult(e, k);
                if !self.may_be(c)? {
                    return Err(Box::new(Stop::Silent));
                }
                self.add_constraint(c);
                let e = self.pool.zext_or_trunc(e, ret_w.max(1));
                Ok(self.val_of(e))
            }
            Builtin::PrintExpr => {
                // KLEE: `msg:expr` on stderr (a constant in decimal).
                let msg = self.cstr_arg(&self.arg(args, 0))?;
                let text = match self.arg(args, 1) {
                    Value::Sym(e) => self.pool.display(e).to_string(),
                    v => v.bits().to_string(),
                };
                self.io.write(2, format!("{msg}:{text}\n").as_bytes());
                Ok(Value::Int(0))
            }
            Builtin::CheckMemoryAccess => {
                let (p, n) = (self.arg(args, 0), self.arg(args, 1));
                if matches!(p, Value::Sym(_)) || matches!(n, Value::Sym(_)) {
                    return error(
                        ErrorKind::User,
                        "check_memory_access requires constant args",
                    );
                }
                let size = u64::try_from(n.bits()).unwrap_or(u64::MAX);
                if self.st.mem.resolve_any(&p, size).is_err() {
                    return Err(Box::new(Stop::Error {
                        kind: ErrorKind::Ptr,
                        msg: "check_memory_access: memory error".into(),
                        info: format!("address: {:#x}\n", p.bits()),
                    }));
                }
                Ok(Value::Int(0))
            }
            Builtin::GetObjSize => {
                let p = self.exact_pointer(&self.arg(args, 0), "klee_get_obj_size")?;
                let r = self.exact_object(&p, "klee_get_obj_size")?;
                let size = self.st.mem.objs[r.idx as usize].size;
                Ok(self.ret_int(ret, size as i128))
            }
            Builtin::IsReplay => Ok(self.ret_int(ret, self.ctl.lim.replay.is_some() as i128)),
            _ => self.klee_api(call),
        }
    }
}

/// One of the operands is poison.
fn poisoned(x: &Value, y: &Value) -> bool {
    matches!(x, Value::Poison(_)) || matches!(y, Value::Poison(_))
}
