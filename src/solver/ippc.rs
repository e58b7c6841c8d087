//! IPPC (paper 001, incremental partial path constraints; `trex run --ippc`) for the question a
//! fork asks: is `constraints && literal` satisfiable? The literal is solved alone first; the
//! model is checked against the other constraints by evaluation (an object the query did not
//! read is all zeros, as the paper's unconstrained inputs keep their values) and the first
//! one it violates joins the query; again, until a model satisfies them all (satisfiable) or
//! the part is unsatisfiable (then so is the whole). Queries stay as small as the constraints
//! the answer needs, at the price of a solver call per round. Other requests pass through.

use super::{solve_kept, Answer, Layer, Outcome, Req, SolverStats, Want};
use crate::expr::eval::{ArraySets, Assignment, Evaluator};
use crate::expr::{ArrayId, ExprPool};

pub(crate) struct Ippc {
    inner: Box<dyn Layer>,
    sets: ArraySets,
}

impl Ippc {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        Ippc {
            inner,
            sets: ArraySets::new(),
        }
    }
}

impl Layer for Ippc {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        let Some(lit) = r.lit else {
            return self.inner.solve(pool, r, st);
        };
        if r.want.value.is_some() || !r.want.arrays.is_empty() || r.want.core || r.cs.is_empty() {
            return self.inner.solve(pool, r, st);
        }
        let mut part: Vec<usize> = Vec::new();
        let mut arrays: Vec<ArrayId> = self.sets.get(pool, lit.e).to_vec();
        loop {
            let want = Want {
                core: false,
                arrays: &arrays,
                value: None,
            };
            let q = Req { want, ..*r };
            let model = match solve_kept(self.inner.as_mut(), pool, &q, &part, Some(lit), st)? {
                Outcome::Sat { model, .. } => model,
                unsat => return Ok(unsat),
            };
            let mut asg = Assignment::new();
            asg.values.extend(arrays.iter().copied().zip(model));
            let mut ev = Evaluator::new(pool, &asg);
            let violated = (0..r.cs.len())
                .filter(|i| !part.contains(i))
                .find(|&i| ev.eval(r.cs[i]) == 0);
            let Some(i) = violated else {
                return Ok(Outcome::sat());
            };
            part.push(i);
            arrays.extend_from_slice(&self.sets.get(pool, r.cs[i]));
            arrays.sort_unstable();
            arrays.dedup();
        }
    }

    fn reset(&mut self) {
        self.sets = ArraySets::new();
        self.inner.reset()
    }
}
