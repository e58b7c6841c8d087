//! Symbolic code addresses: a call through a symbolic function pointer and an `indirectbr` to a
//! symbolic block address fork one path per feasible target (constrained to its address), plus
//! an error path when the address may designate no target (KLEE's `invalid function pointer`;
//! for `indirectbr` the message of the concrete case).

use super::*;

impl<'m, 'io> Interp<'m, 'io> {
    /// The target `pick` accepts at the symbolic address `e`: one path per feasible one, an
    /// `exec` error path with `msg` if `e` may be none of them.
    fn sym_target<T: Copy>(
        &mut self,
        e: ExprId,
        pick: impl Fn(ObjKind) -> Option<T>,
        msg: &str,
    ) -> R<T> {
        let pw = self.pw();
        let addr = self.pool.zext_or_trunc(e, pw);
        let targets: Vec<(u64, u64, ObjRef)> = self
            .st
            .mem
            .live_objects()
            .into_iter()
            .filter(|&(_, _, r)| pick(self.st.mem.objs[r.idx as usize].kind).is_some())
            .collect();
        let mut cands = Vec::new();
        self.candidates(addr, &targets, &mut cands)?;
        let mut none = self.pool.true_expr();
        let mut choices = Vec::new();
        for &(base, _, r) in &cands {
            let Some(t) = pick(self.st.mem.objs[r.idx as usize].kind) else {
                continue;
            };
            let b = self.pool.constant(pw, base as u128);
            let eq = self.pool.eq(addr, b);
            let ne = self.pool.bool_not(eq);
            none = self.pool.bool_and(none, ne);
            if self.may_be(eq)? {
                choices.push((t, eq));
            }
        }
        if choices.is_empty() {
            return error(ErrorKind::Exec, msg);
        }
        self.check_bad(none, ErrorKind::Exec, msg)?;
        self.take_choices(choices)
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
}
