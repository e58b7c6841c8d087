//! A path condition as an SMT-LIB 2 script laid out as KLEE's `ExprSMTLIBPrinter` writes a
//! test's `.smt2` file: `(set-logic QF_AUFBV )`, the arrays it reads declared in name order,
//! a constant array's bytes pinned by one assertion each (KLEE's way, which keeps the script in
//! QF_AUFBV), the constraints asserted, `(check-sat)`, `(exit)`. The script is satisfiable
//! when the path is feasible (exactly so but for reads past a constant array's size, which
//! trex reads as 0 and the script, as KLEE's, leaves free); the terms are `print.rs`'s
//! (shared subterms `let`-bound).

use std::fmt::Write;

use super::print::{smt_symbol, term_with_lets};
use super::{ArrayId, ExprId, ExprPool};

/// The `.smt2` text of the conjunction of `constraints` (each of width 1).
pub fn smt2_constraints(pool: &ExprPool, constraints: &[ExprId]) -> String {
    let mut body = String::new();
    let mut arrays: Vec<ArrayId> = Vec::new();
    for &c in constraints {
        debug_assert_eq!(pool.width(c), 1, "a constraint is not a boolean");
        body.push_str("(assert ");
        arrays.extend(term_with_lets(pool, c, &mut body));
        body.push_str(")\n");
    }
    arrays.sort_by(|a, b| pool.array(*a).name.cmp(&pool.array(*b).name).then(a.cmp(b)));
    arrays.dedup();
    let mut out = String::from("(set-logic QF_AUFBV )\n");
    for &a in &arrays {
        let arr = pool.array(a);
        let _ = writeln!(
            out,
            "(declare-fun {} () (Array (_ BitVec {}) (_ BitVec 8) ) )",
            smt_symbol(&arr.name),
            arr.domain
        );
    }
    for &a in &arrays {
        let arr = pool.array(a);
        if let Some(bytes) = &arr.init {
            let sym = smt_symbol(&arr.name);
            // Bytes past `init` read as 0 (as `eval` reads them).
            for i in 0..arr.size {
                let b = bytes.get(i as usize).copied().unwrap_or(0);
                let _ = writeln!(
                    out,
                    "(assert (= (select {sym} (_ bv{i} {})) (_ bv{b} 8)))",
                    arr.domain
                );
            }
        }
    }
    out.push_str(&body);
    out.push_str("(check-sat)\n(exit)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::proptests::{z3, Gen};
    use super::super::{eval, Array, Assignment, CmpOp, Expr};
    use super::*;

    #[test]
    fn layout_as_klee_writes_it() {
        let mut p = ExprPool::new();
        let a = p.new_array(Array {
            name: "a".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let c = p.new_array(Array {
            name: "c".into(),
            size: 2,
            domain: 32,
            init: Some(vec![5]),
        });
        let zero = p.constant(32, 0);
        let x = p.read(a, None, zero);
        // (Raw: the builder would fold a constant array's byte.)
        let y = p.intern(
            Expr::Read {
                array: c,
                updates: None,
                index: zero,
            },
            8,
        );
        let lt = p.ult(y, x);
        let s = smt2_constraints(&p, &[lt]);
        let want = "(set-logic QF_AUFBV )\n\
            (declare-fun a () (Array (_ BitVec 32) (_ BitVec 8) ) )\n\
            (declare-fun c () (Array (_ BitVec 32) (_ BitVec 8) ) )\n\
            (assert (= (select c (_ bv0 32)) (_ bv5 8)))\n\
            (assert (= (select c (_ bv1 32)) (_ bv0 8)))\n\
            (assert (bvult (select c #x00000000) (select a #x00000000)))\n\
            (check-sat)\n(exit)\n";
        assert_eq!(s, want);
        assert_eq!(
            smt2_constraints(&p, &[]),
            "(set-logic QF_AUFBV )\n(check-sat)\n(exit)\n"
        );
    }

    /// z3, an independent reader, agrees with `eval` on the scripts: random constraints of
    /// every kind that hold under an assignment make a satisfiable script, and one whose
    /// negation is added with its arrays pinned to that assignment an unsatisfiable one.
    #[test]
    fn z3_reads_the_scripts() {
        let mut p = ExprPool::new();
        let mut g = Gen::new(&mut p, 5);
        let mut expected = Vec::new();
        let mut answers = Vec::new();
        for case in 0..60 {
            let asg: Assignment = g.assignment();
            g.refs = vec![asg.clone()];
            let w = [1, 8, 32, 64, 3][case % 5];
            let (raw, simp) = g.gen(&mut p, w, 3);
            let mut cs = Vec::new();
            for e in [raw, simp] {
                let v = eval(&p, e, &asg);
                let k = p.constant(w, v);
                cs.push(p.intern(
                    Expr::Cmp {
                        op: CmpOp::Eq,
                        a: e,
                        b: k,
                    },
                    1,
                ));
            }
            // Holds under `asg`: satisfiable.
            let s = smt2_constraints(&p, &cs);
            answers.push(z3(&s));
            expected.push(("sat", s));
            // Negated, with its arrays pinned to `asg` (whole arrays: reads past the
            // assigned bytes are 0, as `eval` reads them): unsatisfiable.
            let not_c = p.not(cs[0]);
            let s = smt2_constraints(&p, &[not_c]);
            let sort = "(Array (_ BitVec 32) (_ BitVec 8))";
            let mut pins = String::new();
            for &arr in &g.arrays {
                let name = &p.array(arr).name;
                if !s.contains(&format!("(declare-fun {name} ")) {
                    continue;
                }
                // (The script leaves a constant array's bytes past its size free.)
                let bytes = match &p.array(arr).init {
                    Some(init) => init.clone(),
                    None => asg.values.get(&arr).cloned().unwrap_or_default(),
                };
                let _ = write!(pins, "(assert (= {name} ");
                for _ in &bytes {
                    pins.push_str("(store ");
                }
                let _ = write!(pins, "((as const {sort}) #x00)");
                for (i, b) in bytes.iter().enumerate() {
                    let _ = write!(pins, " (_ bv{i} 32) (_ bv{b} 8))");
                }
                pins.push_str("))\n");
            }
            // (`as const` is outside QF_AUFBV.)
            let s = s
                .replace("(set-logic QF_AUFBV )", "(set-logic ALL)")
                .replace("(check-sat)", &format!("{pins}(check-sat)"));
            answers.push(z3(&s));
            expected.push(("unsat", s));
        }
        for (got, (want, script)) in answers.iter().zip(&expected) {
            assert_eq!(got.trim(), *want, "z3 on:\n{script}");
        }
    }
}
