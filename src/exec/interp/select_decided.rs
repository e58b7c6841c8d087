//! A `select` of non-integer values (pointers, floats, aggregates) on a symbolic condition.
//! trex has no symbolic pointers yet, so such a select is a choice between two concrete values:
//! when the path constraints decide the condition it is a plain choice (the C library's
//! `strchr` ends with `*r == c ? r : 0` after a loop that already forked on that comparison);
//! otherwise the path forks on the condition, each side taking its value (KLEE would carry a
//! symbolic pointer instead and fork where it is used, e.g. on `p == NULL`). No path is lost.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The value of `select c, t, f` (`c` symbolic, `t` / `f` concrete) on this path; when both
    /// sides are feasible, a copy of the path re-executes the select under `!c`.
    pub(super) fn select_decided(&mut self, c: ExprId, t: Value, f: Value) -> R<Value> {
        if t == f {
            return Ok(t);
        }
        let c = self.pool.zext_or_trunc(c, 1);
        let not_c = self.pool.bool_not(c);
        match (self.may_be(c)?, self.may_be(not_c)?) {
            (true, false) => Ok(t),
            (false, true) => Ok(f),
            (true, true) => {
                self.fork_check()?;
                if self.fork_allowed(1) {
                    self.fork_reexec(not_c);
                    self.st.path.depth += 1;
                }
                self.add_constraint(c);
                Ok(t)
            }
            (false, false) => error(ErrorKind::Exec, "internal: infeasible path constraints"),
        }
    }
}
