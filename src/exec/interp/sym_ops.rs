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
        let a = if self.follows() {
            // (The array of the paths before, when they made the same object.)
            self.follow_array(&kname, size)
        } else {
            None
        };
        let a = a.unwrap_or_else(|| {
            let aname = self.pool.unique_array_name(&kname);
            self.pool.new_array(expr::Array {
                name: aname,
                size,
                domain: 32,
                init: None,
            })
        });
        Arc::make_mut(&mut self.st.path.symbolics).push((kname.clone(), a, size));
        self.symbolic = true;
        self.observe_fact(observe::PathFact::Array(a));
        self.seed_bind(&kname, a, size)?;
        Ok((kname, a))
    }

    /// A fresh symbolic integer of `bytes` bytes read as `w` bits.
    pub(crate) fn fresh_int(&mut self, name: &str, bytes: u64, w: u32) -> R<Value> {
        let (_, a) = self.fresh_array(name, bytes)?;
        let z = self.pool.constant(32, 0);
        let e = self.pool.read_bytes_le(a, None, z, bytes as u32);
        let e = self.pool.zext_or_trunc(e, w);
        Ok(self.val_of(e))
    }

    pub(crate) fn cstr_arg(&mut self, v: &Value) -> R<String> {
        self.api_string(v)
    }

    /// The name of a `klee_make_symbolic` object: an empty one is KLEE's `unnamed`, with its
    /// warning.
    pub(crate) fn symbolic_name(&mut self, v: &Value) -> R<String> {
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

    /// The symbolic-execution API (`klee_*`, `__VERIFIER_*`): under replay the input-making
    /// functions take the test's objects; the others (and those) are KLEE's API table
    /// (`Worker::api`, `crate::klee_api`).
    pub(super) fn sym_builtin(&mut self, call: BuiltinCall<'_>) -> R<Value> {
        if self.ctl.lim.replay.is_some() {
            if let Some(r) = self.replay_builtin(call.b, call.fid, call.args, call.ret) {
                return r;
            }
        }
        (self.api)(self, call)
    }
}

/// One of the operands is poison.
fn poisoned(x: &Value, y: &Value) -> bool {
    matches!(x, Value::Poison(_)) || matches!(y, Value::Poison(_))
}
