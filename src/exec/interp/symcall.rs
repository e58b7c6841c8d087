//! Symbolic addresses that must be an object's start (KLEE's `resolveExact`): a call through a
//! symbolic function pointer and an `indirectbr` to a symbolic block address fork one path per
//! feasible target (constrained to its address), plus an error path when the address may
//! designate no target (KLEE's `invalid function pointer`; for `indirectbr` the message of the
//! concrete case); a symbolic pointer given to `free` / `realloc` forks one path per object it
//! may be the start of, and one where it is null (KLEE's `executeFree`).

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// KLEE's `resolveExact`: the object start `pick` accepts at the symbolic address `e`
    /// (`pick` sees each live object), one path per feasible one, each with `e` equal to its
    /// start; with `null_ok`, also a path where `e` is null (`None`); an error path (`kind`,
    /// A pointer argument of `klee_<name>` that must be an object's start (KLEE's
    /// `resolveExact`): a symbolic one forks one path per object it may be the start of
    /// (concrete on each), and a `memory error: invalid pointer: <name>` path where it may be
    /// none.
    pub(crate) fn exact_pointer(&mut self, p: &Value, name: &str) -> R<Value> {
        let Value::Sym(e) = *p else {
            return Ok(p.clone());
        };
        let msg = format!("memory error: invalid pointer: {name}");
        let r = self.resolve_exact(e, false, |r, _| Some(r), ErrorKind::Ptr, &msg)?;
        Ok(self.st.mem.ptr_to(r.expect("not null")))
    }

    /// `msg`) where `e` may be none of these.
    pub(super) fn resolve_exact<T: Copy>(
        &mut self,
        e: ExprId,
        null_ok: bool,
        pick: impl Fn(ObjRef, ObjKind) -> Option<T>,
        kind: ErrorKind,
        msg: &str,
    ) -> R<Option<T>> {
        let pw = self.pw();
        let addr = self.pool.zext_or_trunc(e, pw);
        let targets: Vec<(u64, u64, ObjRef)> = self
            .st
            .mem
            .live_objects()
            .into_iter()
            .filter(|&(_, _, r)| pick(r, self.st.mem.objs[r.idx as usize].kind).is_some())
            .collect();
        let mut cands = Vec::new();
        self.candidates(addr, &targets, &mut cands)?;
        let mut none = self.pool.true_expr();
        let mut choices = Vec::new();
        if null_ok {
            let z = self.pool.constant(pw, 0);
            let eq = self.pool.eq(addr, z);
            let ne = self.pool.bool_not(eq);
            none = self.pool.bool_and(none, ne);
            if self.may_be(eq)? {
                choices.push((None, eq));
            }
        }
        for &(base, _, r) in &cands {
            let Some(t) = pick(r, self.st.mem.objs[r.idx as usize].kind) else {
                continue;
            };
            let b = self.pool.constant(pw, base as u128);
            let eq = self.pool.eq(addr, b);
            let ne = self.pool.bool_not(eq);
            none = self.pool.bool_and(none, ne);
            if self.may_be(eq)? {
                choices.push((Some(t), eq));
            }
        }
        if choices.is_empty() {
            return error(kind, msg);
        }
        self.check_bad(none, kind, msg)?;
        self.take_choices(choices)
    }

    /// A code address: [`Self::resolve_exact`] over the objects `pick` accepts, an `exec`
    /// error `msg` where it is none.
    fn sym_target<T: Copy>(
        &mut self,
        e: ExprId,
        pick: impl Fn(ObjKind) -> Option<T>,
        msg: &str,
    ) -> R<T> {
        let t = self.resolve_exact(e, false, |_, k| pick(k), ErrorKind::Exec, msg)?;
        Ok(t.expect("not null"))
    }

    /// The function a symbolic function pointer designates.
    pub(super) fn sym_callee(&mut self, e: ExprId) -> R<FuncId> {
        self.sym_target(
            e,
            |k| match k {
                ObjKind::Function(f) => Some(f),
                _ => None,
            },
            "invalid function pointer",
        )
    }

    /// The edge of an `indirectbr` to a symbolic block address (only `dests` are targets).
    pub(super) fn sym_indirectbr(&mut self, e: ExprId, dests: &'m [Edge]) -> R<&'m Edge> {
        let func = self.st.frames.last().unwrap().func;
        let i = self.sym_target(
            e,
            |k| match k {
                ObjKind::Block(f, b) if f == func => dests.iter().position(|d| d.target == b),
                _ => None,
            },
            "indirectbr: illegal label address",
        )?;
        Ok(&dests[i])
    }

    /// A symbolic pointer argument `i` of `free` / `realloc` (`name`): made concrete, one path
    /// per object it may be the start of (`free` then reports a local or global object as
    /// KLEE does) and one where it is null; a `ptr` error path (`memory error: invalid
    /// pointer: <name>`) where it may be neither.
    pub(super) fn concrete_freed_pointer(
        &mut self,
        args: &[CallArg],
        i: usize,
        name: &str,
    ) -> R<()> {
        let Some(CallArg {
            op: Operand::Reg(r),
            ..
        }) = args.get(i)
        else {
            return Ok(());
        };
        let slot = self.st.base + r.0 as usize;
        let Value::Sym(e) = self.st.regs.value(slot) else {
            return Ok(());
        };
        let msg = format!("memory error: invalid pointer: {name}");
        let obj = self.resolve_exact(e, true, |r, _| Some(r), ErrorKind::Ptr, &msg)?;
        *self.st.regs.slot_mut(slot) = match obj {
            Some(r) => self.st.mem.ptr_to(r),
            None => Value::Int(0),
        };
        Ok(())
    }
}
