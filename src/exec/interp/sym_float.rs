//! Symbolic operands of floating-point operations, made concrete as KLEE does without its
//! floating-point extension (`Executor::toConstant(..., "floating point")`): the path takes one
//! value its condition allows (the equality joins the condition), a `silently concretizing`
//! warning names the first location (once in the run, as KLEE's), and the run no longer
//! covers every input: the count
//! (`Outcome::concretized`) makes `trex verify` answer UNKNOWN, never UNREACHABLE, and the
//! path's node gets no interpolant (its subtree only explored the chosen value).
//!
//! Floats are bit patterns, so loads, stores, `bitcast`, `select` and calls carry a symbolic
//! float as they carry an integer; only the arithmetic (`fadd`, `fcmp`, `sitofp`, ...) needs a
//! number.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// Makes the symbolic values among the register operands `ops` concrete, in their
    /// registers (the path condition now fixes them).
    pub(super) fn concretize_fp_operands(&mut self, ops: &[Operand]) -> R<()> {
        for o in ops {
            let Operand::Reg(r) = *o else { continue };
            let slot = self.st.base + r.0 as usize;
            if !has_sym(&self.st.regs.value(slot)) {
                continue;
            }
            let v = std::mem::take(self.st.regs.slot_mut(slot));
            let c = self.concretize_fp_value(v)?;
            *self.st.regs.slot_mut(slot) = c;
        }
        Ok(())
    }

    /// The floating-point arguments of a call (or intrinsic) made concrete.
    pub(super) fn concretize_fp_args(&mut self, args: &[CallArg]) -> R<()> {
        let fp: Vec<Operand> = args
            .iter()
            .filter(|a| self.is_fp(a.ty))
            .map(|a| a.op)
            .collect();
        self.concretize_fp_operands(&fp)
    }

    /// A float or a vector of floats.
    pub(super) fn is_fp(&self, ty: TypeId) -> bool {
        match self.ti(ty) {
            TI::F(_) => true,
            TI::Vec(e, _) => matches!(self.ti(e), TI::F(_)),
            _ => false,
        }
    }

    fn concretize_fp_value(&mut self, v: Value) -> R<Value> {
        match v {
            Value::Sym(e) => Ok(Value::Int(self.concretize_fp(e)?)),
            Value::Agg(es) => {
                let mut out = Vec::with_capacity(es.len());
                for x in es.into_vec() {
                    out.push(self.concretize_fp_value(x)?);
                }
                Ok(Value::Agg(out.into()))
            }
            v => Ok(v),
        }
    }

    /// One value of `e` on this path, which the path is then restricted to (interpolation
    /// blocks its node there: `why`).
    pub(crate) fn make_concrete(&mut self, e: ExprId, why: &'static str) -> R<u128> {
        let k = self.some_value(e)?;
        let w = self.pool.width(e);
        let kc = self.pool.constant(w, k);
        let eq = self.pool.eq(e, kc);
        self.add_constraint(eq);
        self.observe_fork(observe::Fork::Other(why));
        Ok(k)
    }

    /// `make_concrete` of a floating-point operand, with KLEE's warning (its `toConstant`:
    /// `klee_warning_once` keyed by the reason, so once in the run, `WARNING ONCE`).
    pub(super) fn concretize_fp(&mut self, e: ExprId) -> R<u128> {
        let k = self.make_concrete(e, "floating point concretized")?;
        self.concretized += 1;
        // (The key goes with the lines printed once.)
        if self.first_time("\0fp-concretized") {
            let func = self.st.frames.last().map_or(FuncId(0), |f| f.func);
            let loc = self
                .m
                .func(func)
                .code
                .get(self.st.pc as usize)
                .and_then(|i| self.m.loc_string(i.loc))
                .unwrap_or_else(|| "unknown location".into());
            let text = format!(
                "silently concretizing (reason: floating point) expression {} to value {k} ({loc})",
                self.pool.display(e)
            );
            self.klee_warning(&text, true);
        }
        Ok(k)
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::sym_tests::{compile_sym, NoOut};
    use crate::exec::{run, Config, End};

    #[test]
    fn fp_operand_takes_one_value_and_keeps_it() {
        // x < 0 forks; the conversion fixes x on each side, so `x == 12345` cannot fork
        // after it (the equality is in the path condition). A stored symbolic double is
        // carried through memory and concretized at its comparison.
        let src = r#"volatile double k = 0.1;
            int main(void) {
              int x = klee_int("x"); double d;
              klee_make_symbolic(&d, sizeof d, "d");
              if (x < 0) r0();
              double y = (double)x * k;
              if (y > 1.0) r1();
              if (x == 12345) r2();
              double e = d;
              if (e > 2.5) r3();
              return 0; }"#;
        for opt in ["-O0", "-O2"] {
            let m = compile_sym(src, opt);
            let o = run(&m, &Config::default(), &mut NoOut).unwrap();
            assert_eq!(o.paths.len(), 2, "{opt}");
            assert!(
                o.paths.iter().all(|p| matches!(p.end, End::Exit(0))),
                "{opt}"
            );
            assert!(o.concretized >= 4, "{opt}: {}", o.concretized);
        }
    }

    #[test]
    fn bitcast_keeps_the_bits_symbolic() {
        // The sign of a symbolic double read through its bits: no floating-point operation,
        // two paths, nothing concretized.
        let src = r#"int main(void) {
              double d; klee_make_symbolic(&d, sizeof d, "d");
              double e = d;
              unsigned long b; __builtin_memcpy(&b, &e, 8);
              if (b >> 63) r1();
              return 0; }"#;
        for opt in ["-O0", "-O2"] {
            let m = compile_sym(src, opt);
            let o = run(&m, &Config::default(), &mut NoOut).unwrap();
            assert_eq!(o.paths.len(), 2, "{opt}");
            assert_eq!(o.concretized, 0, "{opt}");
        }
    }
}
