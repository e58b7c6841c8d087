//! Symbolic pointers: pointer arithmetic with symbolic indices, loads and stores at symbolic
//! addresses (array theory), and their resolution to objects (KLEE's model).
//!
//! A symbolic pointer is a `Value::Sym` address expression of pointer width. Objects have
//! unique, never reused addresses, so the address alone designates at most one object; a pointer
//! derived by `getelementptr` from a pointer with provenance also remembers that object (a hint
//! per address expression, `Worker::hints`; dropped when the same expression is derived from
//! another object), and its accesses are checked against that object only (in bounds, else an
//! `out of bound pointer` error path; a freed object: the error). Without provenance (`inttoptr`,
//! a `select` between pointers, a pointer loaded from symbolic bytes) the address is resolved
//! against every live object: one path per object it may point into (constrained to be in
//! bounds of it), plus an error path if it may point into none. Each access then reads or writes
//! the object's array view (`memory/view.rs`) at the symbolic offset.
//!
//! Forks here re-execute the current instruction on the forked paths under the extra constraint
//! (which then resolves to a single object without forking again).

use super::*;
use crate::exec::memory::view::MAX_VIEW_SIZE;

/// Most objects a symbolic address may be resolved to (one path each).
const MAX_RESOLVE: usize = 64;

/// Fits an expression to `w` bits, sign-extending when narrower (GEP indices are signed).
fn sext_or_trunc(pool: &mut ExprPool, e: ExprId, w: u32) -> ExprId {
    let ew = pool.width(e);
    if ew < w {
        pool.sext(e, w)
    } else {
        pool.zext_or_trunc(e, w)
    }
}

impl<'m, 'io> Worker<'m, 'io> {
    /// Pointer width in bits.
    #[inline]
    pub(crate) fn pw(&self) -> u32 {
        self.p.ps * 8
    }

    /// Remembers that address expression `e` was derived from a pointer into `obj` (`None`:
    /// unknown). The same expression derived from two different objects has no hint.
    fn note_hint(&mut self, e: ExprId, obj: Option<ObjRef>) {
        let obj = obj.and_then(|r| Some((r, self.st.mem.get(r)?.base)));
        self.hints
            .entry(e)
            .and_modify(|h| {
                if *h != obj {
                    *h = None
                }
            })
            .or_insert(obj);
    }

    /// The object `e` was derived from. Object slots are per path, so the hint also records
    /// the object's base: a slot holding another object on this path gives no hint.
    pub(crate) fn hint(&self, e: ExprId) -> Option<ObjRef> {
        let (r, base) = self.hints.get(&e).copied().flatten()?;
        match self.st.mem.get(r) {
            Some(o) if o.base != base => None,
            _ => Some(r),
        }
    }

    /// A value of pointer type as (address expression, provenance).
    fn ptr_expr(&mut self, v: &Value) -> R<(ExprId, Option<ObjRef>)> {
        let pw = self.pw();
        Ok(match *v {
            Value::Ptr { obj, addr } => (self.pool.constant(pw, addr as u128), Some(obj)),
            Value::Int(a) | Value::Poison(a) => (self.pool.constant(pw, a & mask(pw)), None),
            Value::Sym(e) => {
                let e = self.pool.zext_or_trunc(e, pw);
                (e, self.hint(e))
            }
            Value::Agg(_) => return sym_err("a vector of pointers with a symbolic element"),
        })
    }

    /// `e` as a pointer value: a constant keeps the provenance as `Value::Ptr`.
    fn ptr_value(&mut self, e: ExprId, obj: Option<ObjRef>) -> Value {
        match (self.pool.as_const(e), obj) {
            (Some(a), Some(obj)) => Value::Ptr {
                obj,
                addr: a as u64,
            },
            (Some(a), None) => Value::Int(a),
            (None, _) => {
                self.note_hint(e, obj);
                Value::Sym(e)
            }
        }
    }

    /// `base + offset` for a symbolic base (GEP without indices).
    pub(super) fn sym_ptr_add(&mut self, base: &Value, offset: i64) -> R<Value> {
        let (e, obj) = self.ptr_expr(base)?;
        let pw = self.pw();
        let k = self.pool.constant(pw, offset as u64 as u128 & mask(pw));
        let r = self.pool.add(e, k);
        Ok(self.ptr_value(r, obj))
    }

    /// A GEP whose base or an index is symbolic: the address as an expression.
    pub(super) fn sym_gep(
        &mut self,
        base: &Operand,
        offset: i64,
        indices: &[GepIndex],
    ) -> R<Value> {
        let pw = self.pw();
        let b = self.op(base);
        let (mut e, obj) = self.ptr_expr(&b)?;
        let k = self.pool.constant(pw, offset as u64 as u128 & mask(pw));
        e = self.pool.add(e, k);
        for ix in indices {
            let v = self.op(&ix.op);
            let i = match v {
                Value::Sym(x) => sext_or_trunc(&mut self.pool, x, pw),
                Value::Int(x) => {
                    let c = self.pool.constant(ix.width, x & mask(ix.width));
                    sext_or_trunc(&mut self.pool, c, pw)
                }
                _ => return sym_err("a vector GEP with a symbolic index"),
            };
            let s = self.pool.constant(pw, ix.stride as u64 as u128 & mask(pw));
            let d = self.pool.mul(i, s);
            e = self.pool.add(e, d);
        }
        Ok(self.ptr_value(e, obj))
    }

    /// A value of `e` under the path constraints.
    pub(crate) fn some_value(&mut self, e: ExprId) -> R<u128> {
        if let Some(v) = self.follow_value(e) {
            return Ok(v);
        }
        let cs = std::mem::take(&mut self.st.path.constraints);
        let _ = self.solver();
        let mut sv = self.solver.take().unwrap();
        let r = sv.get_value(&self.pool, &cs, e);
        self.solver = Some(sv);
        self.st.path.constraints = cs;
        r.or_else(|e| self.solver_fail(e))
    }

    /// `base <= addr && addr + n <= base + size`.
    fn in_bounds(&mut self, addr: ExprId, base: u64, size: u64, n: u64) -> ExprId {
        if size < n {
            return self.pool.false_expr();
        }
        let pw = self.pw();
        let b = self.pool.constant(pw, base as u128);
        let d = self.pool.sub(addr, b);
        let last = self.pool.constant(pw, (size - n) as u128);
        self.pool.ule(d, last)
    }

    /// The 32-bit offset of `addr` in the object at `base` (exact once in bounds).
    fn offset_in(&mut self, addr: ExprId, base: u64) -> ExprId {
        let pw = self.pw();
        let b = self.pool.constant(pw, base as u128);
        let d = self.pool.sub(addr, b);
        self.pool.extract(d, 0, 32)
    }

    /// Pushes a copy of the current path that re-executes the current instruction under `c`.
    pub(crate) fn fork_reexec(&mut self, c: ExprId) {
        self.sync_executed();
        let mut st = self.st.branch(c, &|_| true);
        self.seed_fork(Some(&mut st), c);
        self.push_other_fork(
            Snap {
                st,
                edge: None,
                preempted: false,
            },
            "fork not modelled (symbolic pointer, decided select, symbolic size)",
        );
    }

    /// This path takes the first of `choices` (value, constraint), forked copies the others
    /// (re-executing the current instruction); `--max-forks` may keep only the first.
    pub(super) fn take_choices<T: Copy>(&mut self, mut choices: Vec<(T, ExprId)>) -> R<T> {
        if choices.len() > 1 {
            self.fork_check()?;
            if self.fork_allowed(choices.len() as u64 - 1) {
                for &(_, c) in choices[1..].iter().rev() {
                    self.fork_reexec(c);
                }
                self.st.path.depth += 1;
            } else {
                choices.truncate(1);
            }
        }
        let (t, c) = choices[0];
        self.add_constraint(c);
        Ok(t)
    }

    /// The entries of `objs[lo..hi]` (sorted, disjoint `(base, end, obj)`) whose range `addr`
    /// may fall into, by bisection (one feasibility query per surviving range).
    pub(super) fn candidates(
        &mut self,
        addr: ExprId,
        objs: &[(u64, u64, ObjRef)],
        out: &mut Vec<(u64, u64, ObjRef)>,
    ) -> R<()> {
        if objs.is_empty() {
            return Ok(());
        }
        let pw = self.pw();
        let lo = self.pool.constant(pw, objs[0].0 as u128);
        let hi = self.pool.constant(pw, objs[objs.len() - 1].1 as u128);
        let a = self.pool.uge(addr, lo);
        let b = self.pool.ult(addr, hi);
        let inside = self.pool.bool_and(a, b);
        if !self.may_be(inside)? {
            return Ok(());
        }
        if objs.len() == 1 {
            if out.len() == MAX_RESOLVE {
                return error(
                    ErrorKind::Exec,
                    format!("unsupported: symbolic pointer that may point into more than {MAX_RESOLVE} objects"),
                );
            }
            out.push(objs[0]);
            return Ok(());
        }
        let mid = objs.len() / 2;
        self.candidates(addr, &objs[..mid], out)?;
        self.candidates(addr, &objs[mid..], out)
    }

    /// Resolves a symbolic address for an access of `n` bytes: (object slot, 32-bit offset
    /// expression), the path constrained to that object and in bounds. Error paths (out of
    /// bounds, no object) and one path per further object are forked.
    pub(crate) fn resolve_sym(&mut self, addr: ExprId, n: u64) -> R<(u32, ExprId)> {
        let pw = self.pw();
        let addr = self.pool.zext_or_trunc(addr, pw);
        let oob = MemErr::OutOfBound.message();
        if let Some(obj) = self.hint(addr) {
            // Provenance: only that object is allowed.
            let Some(o) = self.st.mem.get(obj) else {
                return error(ErrorKind::Ptr, oob);
            };
            let (base, size) = (o.base, o.size);
            let inb = self.in_bounds(addr, base, size, n);
            let bad = self.pool.bool_not(inb);
            self.check_bad(bad, ErrorKind::Ptr, oob)?;
            let off = self.offset_in(addr, base);
            return self.view_ok(obj.idx, off);
        }
        // KLEE's fast path: the object of one feasible address, if the address must be in it.
        // (Not on a path that follows an input: the question would name the input's object,
        // where the bisection below asks the same questions of every input.)
        let v = if self.follows() {
            u128::MAX
        } else {
            self.some_value(addr)?
        };
        if let Some(r) = u64::try_from(v).ok().and_then(|v| self.st.mem.lookup(v)) {
            let o = &self.st.mem.objs[r.idx as usize];
            let (base, size) = (o.base, o.size);
            let inb = self.in_bounds(addr, base, size, n);
            let out = self.pool.bool_not(inb);
            if !self.may_be(out)? {
                let off = self.offset_in(addr, base);
                return self.view_ok(r.idx, off);
            }
        }
        let objs = self.st.mem.live_objects();
        let mut cands = Vec::new();
        self.candidates(addr, &objs, &mut cands)?;
        let mut bad = self.pool.true_expr();
        let mut choices = Vec::new();
        for &(base, end, r) in &cands {
            let size = self.st.mem.objs[r.idx as usize].size;
            let inb = self.in_bounds(addr, base, size, n);
            let nb = self.pool.bool_not(inb);
            bad = self.pool.bool_and(bad, nb);
            if self.may_be(inb)? {
                choices.push(((r.idx, base), inb));
            }
            let _ = end;
        }
        // A bad address in the null page is a null page access, as for concrete pointers.
        let page = self.pool.constant(pw, 4096);
        let high = self.pool.uge(addr, page);
        let bad_high = self.pool.bool_and(bad, high);
        let msg = if self.may_be(bad_high)? {
            oob
        } else {
            MemErr::Null.message()
        };
        if choices.is_empty() {
            return error(ErrorKind::Ptr, msg);
        }
        self.check_bad(bad, ErrorKind::Ptr, msg)?;
        let (slot, base) = self.take_choices(choices)?;
        let off = self.offset_in(addr, base);
        self.view_ok(slot, off)
    }

    /// Objects accessed at a symbolic offset must fit the array view.
    fn view_ok(&self, slot: u32, off: ExprId) -> R<(u32, ExprId)> {
        if self.pool.as_const(off).is_none() && self.st.mem.objs[slot as usize].size > MAX_VIEW_SIZE
        {
            return sym_err(format!(
                "an access at a symbolic offset into an object larger than {MAX_VIEW_SIZE} bytes"
            ));
        }
        Ok((slot, off))
    }

    /// The scalar width of a loaded / stored type, if it is one (floats: their bits).
    fn scalar_width(&self, ty: TypeId) -> Option<u32> {
        match self.ti(ty) {
            TI::Int(w) => Some(w),
            TI::Ptr => Some(self.pw()),
            TI::F(fk) => Some(8 * fk_bytes(fk) as u32),
            _ => None,
        }
    }

    /// A load in a symbolic run that the concrete fast path does not handle: a symbolic
    /// address, or symbolic bytes loaded as a pointer.
    pub(super) fn sym_load(&mut self, p: &Value, ty: TypeId) -> R<Value> {
        let n = self.m.ty(ty).store_size;
        let (slot, off) = match *p {
            Value::Sym(a) => {
                let (slot, off) = self.resolve_sym(a, n)?;
                match self.pool.as_const(off) {
                    Some(k) => (slot, k as u64),
                    None => {
                        let Some(w) = self.scalar_width(ty).filter(|_| n <= 16) else {
                            return sym_err("a load of an aggregate through a symbolic pointer");
                        };
                        let e = self.st.mem.read_sym_off(&mut self.pool, slot, off, n);
                        let e = self.pool.zext_or_trunc(e, w);
                        return Ok(self.val_of(e));
                    }
                }
            }
            _ => self.st.mem.resolve_any(p, n).map_err(|e| mem_err(e, p))?,
        };
        if self.scalar_width(ty).is_none() {
            // Aggregates and vectors: element by element when any byte is symbolic.
            if let Some(sym) = &self.st.mem.objs[slot as usize].sym {
                if sym.any(off as usize, (off + n) as usize) {
                    return self.load_value_at(slot, off, ty);
                }
            }
            return Ok(self.load_at(slot, off, ty));
        }
        if let Some(e) = self.st.mem.load_sym(&mut self.pool, slot, off, n) {
            return match self.ti(ty) {
                TI::Int(w) => {
                    let e = self.pool.zext_or_trunc(e, w);
                    Ok(self.val_of(e))
                }
                TI::Ptr => {
                    let e = self.pool.zext_or_trunc(e, self.p.ps * 8);
                    Ok(self.val_of(e))
                }
                // A float's bits.
                TI::F(_) => Ok(self.val_of(e)),
                _ => sym_err("a load of an aggregate holding symbolic bytes"),
            };
        }
        Ok(self.load_at(slot, off, ty))
    }

    /// A store in a symbolic run that the concrete fast path does not handle: a symbolic
    /// address, a symbolic pointer value, or an aggregate.
    pub(super) fn sym_store(&mut self, p: &Value, ty: TypeId, v: &Value) -> R<()> {
        let n = self.m.ty(ty).store_size;
        let (slot, off) = match *p {
            Value::Sym(a) => {
                let (slot, off) = self.resolve_sym(a, n)?;
                if self.st.mem.objs[slot as usize].kind.read_only() {
                    return error(ErrorKind::ReadOnly, MemErr::ReadOnly.message());
                }
                match self.pool.as_const(off) {
                    Some(k) => (slot, k as u64),
                    None => {
                        let Some(w) = self.scalar_width(ty).filter(|_| n <= 16) else {
                            return sym_err("a store of an aggregate through a symbolic pointer");
                        };
                        let e = self.expr_of(v, w, "a store")?;
                        let e = self.pool.zext(e, 8 * n as u32);
                        self.st.mem.write_sym_off(&mut self.pool, slot, off, e);
                        return Ok(());
                    }
                }
            }
            _ => self
                .st
                .mem
                .resolve_any_mut(p, n)
                .map_err(|e| mem_err(e, p))?,
        };
        match v {
            Value::Sym(e) => {
                self.st.mem.store_sym(&mut self.pool, slot, off, n, *e);
            }
            v if has_sym(v) => self.store_value_at(slot, off, ty, v)?,
            v => self.store_at(slot, off, ty, v),
        }
        Ok(())
    }
}
