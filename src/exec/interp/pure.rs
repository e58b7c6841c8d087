//! Side-effect-free semantics: arithmetic, comparisons and casts of scalars and vectors, aggregates, atomic read-modify-write values.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The scalar kind of a type's values (pointers are integers of the pointer width).
    #[inline(always)]
    pub(super) fn scalar(&self, ti: TI) -> Option<Scalar> {
        match ti {
            TI::Int(w) => Some(Scalar::Int(w)),
            TI::Ptr => Some(Scalar::Int(self.p.ps * 8)),
            TI::F(fk) => Some(Scalar::F(fk)),
            _ => None,
        }
    }

    /// A binary operation on concrete scalars (a failure is an error).
    pub(super) fn scalar_bin(&self, op: BinOp, ti: TI, x: u128, y: u128) -> R<u128> {
        self.checked_bin(op, ti, x, y, false)
    }

    /// A binary operation on concrete scalars: a checked failure is an error, except an
    /// over-wide shift with `poison_overshift` (its value is then the total operation's).
    fn checked_bin(&self, op: BinOp, ti: TI, x: u128, y: u128, poison_overshift: bool) -> R<u128> {
        match self
            .scalar(ti)
            .and_then(|s| sem::bin(&mut Conc, op, s, x, y))
        {
            Some(c) => match c.fails {
                Some((IntErr::Overshift, ..)) if poison_overshift => Ok(c.v),
                Some((e, ..)) if self.p.checks.wants(e) => Err(int_err(e)),
                _ => Ok(c.v),
            },
            None => error(
                ErrorKind::Exec,
                "unsupported: binary operation on this type",
            ),
        }
    }

    /// The value of a failed integer operation of the running instruction: the total
    /// operation's value when the failure is not reported (unchecked or poison,
    /// `sem::reported`), poison a select may still discard (`ir::speculation`), else the error.
    #[cold]
    pub(super) fn int_failed(&self, e: IntErr, v: u128, inst: &Inst) -> R<Value> {
        if !sem::reported(e, inst.loc.0, self.p.checks) {
            return Ok(Value::Int(v));
        }
        if e == IntErr::Overshift && self.select_only(self.st.pc) {
            return Ok(Value::Poison(v));
        }
        Err(int_err(e))
    }

    /// The result of the instruction at `pc` of the running function only a select can
    /// choose: computed for a function the first time one of its operations fails.
    fn select_only(&self, pc: u32) -> bool {
        let f = self.st.frames.last().expect("a frame").func;
        self.p.select_only(f, pc)
    }

    /// What a select picked: poison is the error of the operation that made it.
    #[inline(always)]
    pub(super) fn picked(v: Value) -> R<Value> {
        match v {
            Value::Poison(_) => Err(int_err(IntErr::Overshift)),
            v => Ok(v),
        }
    }

    /// A select's arms on a symbolic condition `c`: an arm that is poison is an error on the
    /// side where `c` picks it (forked like a checked operation), and its bits elsewhere.
    pub(super) fn poison_arms(&mut self, c: ExprId, x: Value, y: Value) -> R<(Value, Value)> {
        let arm = |it: &mut Self, v: Value, picks: ExprId| -> R<Value> {
            match v {
                Value::Poison(bits) => {
                    let (kind, msg) = IntErr::Overshift.report();
                    it.check_bad(picks, kind, msg)?;
                    Ok(Value::Int(bits))
                }
                v => Ok(v),
            }
        };
        let x = arm(self, x, c)?;
        let nc = self.pool.bool_not(c);
        let y = arm(self, y, nc)?;
        Ok((x, y))
    }

    /// Element-wise binary operation; with `poison_overshift`, over-wide shifts give poison
    /// lanes (the total operation's value) instead of an error (the caller applies `sem::is_poison`).
    pub(super) fn bin_vec(
        &self,
        op: BinOp,
        ty: TypeId,
        x: &Value,
        y: &Value,
        poison_overshift: bool,
    ) -> R<Value> {
        let TI::Vec(e, _) = self.ti(ty) else {
            return error(
                ErrorKind::Exec,
                "unsupported: binary operation on this type",
            );
        };
        let et = self.ti(e);
        let mut out = Vec::with_capacity(x.elems().len());
        for (a, b) in x.elems().iter().zip(y.elems()) {
            let r = self.checked_bin(op, et, a.bits(), b.bits(), poison_overshift)?;
            out.push(Value::Int(r));
        }
        Ok(Value::Agg(out.into_boxed_slice()))
    }

    pub(super) fn icmp_vec(&self, pred: IntPred, ty: TypeId, x: &Value, y: &Value) -> Value {
        let w = match self.ti(ty) {
            TI::Vec(e, _) => match self.ti(e) {
                TI::Int(w) => w,
                _ => self.p.ps * 8,
            },
            _ => self.p.ps * 8,
        };
        Value::Agg(
            x.elems()
                .iter()
                .zip(y.elems())
                .map(|(a, b)| Value::Int(sem::icmp(&mut Conc, pred, w, a.bits(), b.bits())))
                .collect(),
        )
    }

    pub(super) fn elem_fk(&self, ty: TypeId) -> FK {
        match self.ti(ty) {
            TI::F(fk) => fk,
            TI::Vec(e, _) => match self.ti(e) {
                TI::F(fk) => fk,
                _ => FK::F64,
            },
            _ => FK::F64,
        }
    }

    pub(super) fn map1(v: &Value, f: impl Fn(u128) -> u128) -> Value {
        match v {
            Value::Agg(e) => Value::Agg(e.iter().map(|x| Value::Int(f(x.bits()))).collect()),
            x => Value::Int(f(x.bits())),
        }
    }

    pub(super) fn map2(a: &Value, b: &Value, f: impl Fn(u128, u128) -> u128) -> Value {
        match a {
            Value::Agg(e) => Value::Agg(
                e.iter()
                    .zip(b.elems())
                    .map(|(x, y)| Value::Int(f(x.bits(), y.bits())))
                    .collect(),
            ),
            x => Value::Int(f(x.bits(), b.bits())),
        }
    }

    /// `f` on the first three arguments of a call (lane by lane for vectors).
    pub(super) fn map_args3(
        &self,
        args: &[CallArg],
        f: impl Fn(u128, u128, u128) -> u128,
    ) -> Value {
        let (a, b, c) = (self.arg(args, 0), self.arg(args, 1), self.arg(args, 2));
        match a {
            Value::Agg(e) => Value::Agg(
                e.iter()
                    .zip(b.elems())
                    .zip(c.elems())
                    .map(|((x, y), z)| Value::Int(f(x.bits(), y.bits(), z.bits())))
                    .collect(),
            ),
            x => Value::Int(f(x.bits(), b.bits(), c.bits())),
        }
    }

    /// Scalar type of a (possibly vector) type.
    pub(super) fn scalar_ti(&self, ty: TypeId) -> (TI, TypeId) {
        match self.ti(ty) {
            TI::Vec(e, _) => (self.ti(e), e),
            t => (t, ty),
        }
    }

    pub(super) fn cast_scalar(&self, op: CastOp, from: TI, to: TI, x: Value) -> Value {
        // Casts to a pointer keep a pointer's object.
        if matches!(x, Value::Ptr { .. })
            && matches!(
                op,
                CastOp::IntToPtr | CastOp::BitCast | CastOp::AddrSpaceCast
            )
        {
            return x;
        }
        match (self.scalar(from), self.scalar(to)) {
            (Some(f), Some(t)) => sem::cast(&mut Conc, op, f, t, x.bits()).map_or(x, Value::Int),
            _ => x,
        }
    }

    pub(super) fn cast(&self, op: CastOp, from: TypeId, to: TypeId, x: Value) -> R<Value> {
        let (tf, tt) = (self.ti(from), self.ti(to));
        match (tf, tt) {
            (TI::Vec(..), _) | (_, TI::Vec(..)) => {
                if op == CastOp::BitCast {
                    if from == to {
                        return Ok(x);
                    }
                    let bytes = self.value_bytes(&x, from);
                    return Ok(self.value_of_bytes(&bytes, to));
                }
                let (ef, _) = self.scalar_ti(from);
                let (et, _) = self.scalar_ti(to);
                Ok(Value::Agg(
                    x.elems()
                        .iter()
                        .map(|e| self.cast_scalar(op, ef, et, e.clone()))
                        .collect(),
                ))
            }
            _ => Ok(self.cast_scalar(op, tf, tt, x)),
        }
    }

    /// In-memory byte image of a value (for bitcasts involving vectors).
    pub(super) fn value_bytes(&self, v: &Value, ty: TypeId) -> Vec<u8> {
        let n = self.m.ty(ty).store_size.max(self.m.ty(ty).alloc_size);
        let mut mem = Memory::new(self.p.ps);
        let r = mem.alloc(n, 16, ObjKind::Data).unwrap();
        self.layout().store(&mut mem, r.idx, 0, ty, v);
        mem.objs[r.idx as usize].bytes.to_vec()
    }

    pub(super) fn value_of_bytes(&self, b: &[u8], ty: TypeId) -> Value {
        let n = self
            .m
            .ty(ty)
            .store_size
            .max(self.m.ty(ty).alloc_size)
            .max(b.len() as u64);
        let mut mem = Memory::new(self.p.ps);
        let r = mem.alloc(n, 16, ObjKind::Data).unwrap();
        mem.write_bytes(r.idx, 0, b);
        self.layout().load(&mem, r.idx, 0, ty)
    }

    /// Instructions without side effects (also used for constant expressions).
    pub(super) fn pure(&mut self, k: &InstKind) -> R<Option<Value>> {
        Ok(Some(match k {
            InstKind::Bin { op, ty, a, b } => {
                let (x, y) = (self.op(a), self.op(b));
                match self.ti(*ty) {
                    TI::Vec(..) => self.bin_vec(*op, *ty, &x, &y, false)?,
                    t => Value::Int(self.scalar_bin(*op, t, x.bits(), y.bits())?),
                }
            }
            InstKind::FNeg { ty, a } => {
                let fk = self.elem_fk(*ty);
                Self::map1(&self.op(a), |x| float::fneg(fk, x))
            }
            InstKind::ICmp { pred, ty, a, b } => {
                let (x, y) = (self.op(a), self.op(b));
                match self.ti(*ty) {
                    TI::Vec(..) => self.icmp_vec(*pred, *ty, &x, &y),
                    TI::Int(w) => Value::Int(sem::icmp(&mut Conc, *pred, w, x.bits(), y.bits())),
                    _ => Value::Int(sem::icmp(
                        &mut Conc,
                        *pred,
                        self.p.ps * 8,
                        x.bits(),
                        y.bits(),
                    )),
                }
            }
            InstKind::FCmp { pred, ty, a, b } => {
                let fk = self.elem_fk(*ty);
                Self::map2(&self.op(a), &self.op(b), |x, y| {
                    float::fcmp(fk, *pred, x, y) as u128
                })
            }
            InstKind::Select { cond, t, f, .. } => {
                let c = self.op(cond);
                match c {
                    Value::Agg(cs) => {
                        let (tv, fv) = (self.op(t), self.op(f));
                        Value::Agg(
                            cs.iter()
                                .enumerate()
                                .map(|(i, c)| {
                                    if c.is_true() {
                                        tv.elems()[i].clone()
                                    } else {
                                        fv.elems()[i].clone()
                                    }
                                })
                                .collect(),
                        )
                    }
                    c => Self::picked(if c.is_true() { self.op(t) } else { self.op(f) })?,
                }
            }
            InstKind::Cast { op, from, to, v } => {
                let x = self.op(v);
                self.cast(*op, *from, *to, x)?
            }
            InstKind::Copy { v, .. } => self.op(v),
            InstKind::Gep {
                base,
                offset,
                indices,
            } => {
                let b = self.op(base);
                self.gep(b, *offset, indices)
            }
            InstKind::ExtractValue { agg, indices, .. } => {
                let mut v = self.op(agg);
                for &i in indices {
                    v = match v {
                        Value::Agg(e) => e.get(i as usize).cloned().unwrap_or_default(),
                        _ => Value::Int(0),
                    };
                }
                v
            }
            InstKind::InsertValue {
                agg, val, indices, ..
            } => {
                let mut a = self.op(agg);
                let x = self.op(val);
                fn put(a: &mut Value, path: &[u32], x: Value) {
                    if path.is_empty() {
                        *a = x;
                        return;
                    }
                    if let Value::Agg(e) = a {
                        if let Some(slot) = e.get_mut(path[0] as usize) {
                            put(slot, &path[1..], x);
                        }
                    }
                }
                put(&mut a, indices, x);
                a
            }
            InstKind::ExtractElement {
                vec,
                idx,
                idx_width,
                ..
            } => {
                let v = self.op(vec);
                let i = self.opb(idx) & mask(*idx_width);
                v.elems().get(i as usize).cloned().unwrap_or_default()
            }
            InstKind::InsertElement {
                vec,
                val,
                idx,
                idx_width,
                ..
            } => {
                let mut v = self.op(vec);
                let x = self.op(val);
                let i = (self.opb(idx) & mask(*idx_width)) as usize;
                if let Value::Agg(e) = &mut v {
                    if i < e.len() {
                        e[i] = x;
                    }
                }
                v
            }
            InstKind::ShuffleVector { a, b, mask: mk, .. } => {
                let (x, y) = (self.op(a), self.op(b));
                let (xe, ye) = (x.elems(), y.elems());
                Value::Agg(
                    mk.iter()
                        .map(|&i| {
                            if i < 0 {
                                Value::Int(0)
                            } else if (i as usize) < xe.len() {
                                xe[i as usize].clone()
                            } else {
                                ye.get(i as usize - xe.len()).cloned().unwrap_or_default()
                            }
                        })
                        .collect(),
                )
            }
            _ => return Ok(None),
        }))
    }

    pub(super) fn rmw(&self, op: RmwOp, ty: TypeId, old: &Value, x: &Value) -> R<Value> {
        use crate::expr::BinOp as B;
        let ti = self.ti(ty);
        let w = match ti {
            TI::Int(w) => w,
            _ => self.p.ps * 8,
        };
        let (a, b) = (old.bits(), x.bits());
        let int = |op| Value::Int(Conc.op(op, w, a, b));
        let pick = |which| match sem::int_intrinsic(&mut Conc, which, w, &[a, b]) {
            Some(sem::IntrResult::One(v)) => Value::Int(v),
            _ => unreachable!("min / max are single values"),
        };
        Ok(match op {
            RmwOp::Xchg => x.clone(),
            RmwOp::Add => int(B::Add),
            RmwOp::Sub => int(B::Sub),
            RmwOp::And => int(B::And),
            RmwOp::Nand => Value::Int(!(a & b) & mask(w)),
            RmwOp::Or => int(B::Or),
            RmwOp::Xor => int(B::Xor),
            RmwOp::Mul => int(B::Mul),
            RmwOp::Max => pick(Intrinsic::SMax),
            RmwOp::Min => pick(Intrinsic::SMin),
            RmwOp::UMax => pick(Intrinsic::UMax),
            RmwOp::UMin => pick(Intrinsic::UMin),
            RmwOp::FAdd => Value::Int(self.scalar_bin(BinOp::FAdd, ti, a, b)?),
            RmwOp::FSub => Value::Int(self.scalar_bin(BinOp::FSub, ti, a, b)?),
        })
    }
}
