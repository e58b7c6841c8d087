//! Symbolic allocation sizes (`alloca` counts, `malloc` / `calloc` / `realloc` /
//! `aligned_alloc` / `memalign` sizes) and system call arguments: the path takes the least
//! feasible value and a copy of it re-executes the call with a value above that one. The
//! values are enumerated in increasing order, one exact path each: no path is lost (a budget
//! still ends the enumeration, as any other), and a depth-first search tries the small values
//! first.

use super::{Worker, R};
use crate::ir::{CallArg, Operand};

impl Worker<'_, '_> {
    /// Makes the size operand `o` concrete, forking the larger sizes.
    pub(super) fn concrete_size(&mut self, o: &Operand) -> R<()> {
        let Operand::Reg(r) = o else {
            return Ok(());
        };
        let slot = self.st.base + r.0 as usize;
        let super::Value::Sym(e) = self.st.regs.value(slot) else {
            return Ok(());
        };
        let m = self.enumerate_value(e)?;
        *self.st.regs.slot_mut(slot) = super::Value::Int(m);
        Ok(())
    }

    /// The least value of `e`, which the path takes; a copy re-executes the current
    /// instruction with the values above it.
    pub(crate) fn enumerate_value(&mut self, e: crate::expr::ExprId) -> R<u128> {
        let m = self.least_value(e)?;
        let w = self.pool.width(e);
        let k = self.pool.constant(w, m);
        let above = self.pool.ugt(e, k);
        if self.may_be(above)? {
            self.fork_check()?;
            if self.fork_allowed(1) {
                self.fork_reexec(above);
                self.st.path.depth += 1;
            }
        }
        let is_m = self.pool.eq(e, k);
        self.add_constraint(is_m);
        Ok(m)
    }

    /// [`Worker::concrete_size`] on the size arguments `idx` of a call.
    pub(super) fn concrete_size_args(&mut self, args: &[CallArg], idx: &[usize]) -> R<()> {
        for &i in idx {
            if let Some(a) = args.get(i) {
                self.concrete_size(&a.op)?;
            }
        }
        Ok(())
    }

    /// The least unsigned value `e` may take on the path (bisection).
    fn least_value(&mut self, e: crate::expr::ExprId) -> R<u128> {
        let w = self.pool.width(e);
        // On a path that follows an input, the bisection runs over the whole range: the same
        // questions for every input (each a decision), down to the input's value.
        let hi = match self.follows() {
            true => crate::expr::mask(w, u128::MAX),
            false => self.some_value(e)?,
        };
        let (mut lo, mut hi) = (0u128, hi);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let k = self.pool.constant(w, mid);
            let le = self.pool.ule(e, k);
            if self.may_be(le)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Ok(lo)
    }
}
