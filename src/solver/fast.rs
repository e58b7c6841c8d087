//! Layer 1: constants. Constant-true constraints are dropped, a constant-false one is the whole
//! (one-element) core; a constant literal is answered (false: unsat with an empty core) or
//! dropped (true); with no constraints left, values and models come from `eval` under the
//! all-zero assignment, which then satisfies everything. A constant `get_value` is answered
//! without looking at the constraints (as KLEE does).

use super::{default_bytes, solve_kept, Answer, Layer, Lit, Outcome, Req, SolverStats};
use crate::expr::{eval::Assignment, eval::Evaluator, ExprPool};

pub(crate) struct ConstantFastPath {
    inner: Box<dyn Layer>,
}

impl ConstantFastPath {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        ConstantFastPath { inner }
    }
}

impl Layer for ConstantFastPath {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        let mut kept = Vec::with_capacity(r.cs.len());
        for (i, &c) in r.cs.iter().enumerate() {
            match pool.as_const(c) {
                Some(0) => return Ok(Outcome::Unsat(Some(vec![i]))),
                Some(_) => {}
                None => kept.push(i),
            }
        }
        let mut lit: Option<Lit> = r.lit;
        if let Some(l) = lit {
            if let Some(v) = pool.as_const(l.e) {
                if (v != 0) == l.neg {
                    return Ok(Outcome::Unsat(Some(Vec::new())));
                }
                lit = None;
            }
        }
        if let Some(v) = r.want.value {
            if let Some(c) = pool.as_const(v) {
                if r.want.arrays.is_empty() && lit.is_none() {
                    return Ok(Outcome::Sat {
                        model: Vec::new(),
                        value: Some(c),
                    });
                }
            }
        }
        if kept.is_empty() && lit.is_none() {
            // Nothing to satisfy: the all-zero assignment is a model.
            let asg = Assignment::new();
            let value = r.want.value.map(|v| Evaluator::new(pool, &asg).eval(v));
            let model = r
                .want
                .arrays
                .iter()
                .map(|&a| default_bytes(pool, a))
                .collect();
            return Ok(Outcome::Sat { model, value });
        }
        solve_kept(self.inner.as_mut(), pool, r, &kept, lit, st)
    }

    fn reset(&mut self) {
        self.inner.reset()
    }
}
