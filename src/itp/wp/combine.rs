//! A fork's children's interpolants combined through their guards: the weakest precondition
//! (`guard => child` per child) or, with `--interpolation=abduction`, TRACER-X's BACKPROP
//! (paper 003, Fig. 6: `child && guard` for a fork with one feasible outcome, rule 4b;
//! ABDUCTION from the node's start state otherwise, rule 5b; `crate::itp::abduce`).

use super::pass::Wp;
use super::shadow::Shadow;
use crate::expr::ExprId;

impl Wp<'_, '_, '_> {
    /// The conjunction over the children (`parts`: each one's guard and interpolant over the
    /// node's start); `one_side`: the fork's other outcomes were infeasible.
    pub(super) fn combine(
        &mut self,
        sh: &Shadow,
        parts: &[(ExprId, ExprId)],
        one_side: bool,
    ) -> ExprId {
        let mut out = self.it.pool().true_expr();
        let Some(ctx) = self.cx.node_ctx.take() else {
            for &(g, psi) in parts {
                let c = self.guarded(g, psi);
                out = self.it.pool().bool_and(out, c);
            }
            return out;
        };
        if one_side {
            for &(g, psi) in parts {
                let c = self.it.pool().bool_and(psi, g);
                out = self.it.pool().bool_and(out, c);
            }
            self.cx.abduce.guard_kept += 1;
            return out;
        }
        // A child that shares no variable with its guard is kept as it is (SEPARATE's
        // answer, told by the memoized signatures without a walk of a large child); the
        // context is needed only for the others.
        let mut frame = Vec::new();
        let mut psis = Vec::new();
        for &(g, psi) in parts {
            let apart = {
                let (it, cx) = (&*self.it, &mut *self.cx);
                cx.masks.disjoint(it.pool_ref(), &cx.locs, g, psi)
            };
            if apart {
                out = self.it.pool().bool_and(out, psi);
                self.cx.abduce.separate += 1;
                continue;
            }
            let mut cs = Vec::new();
            crate::itp::conjuncts(self.it.pool_ref(), psi, &mut cs);
            frame.push(g);
            frame.extend_from_slice(&cs);
            psis.push((g, cs));
        }
        if psis.is_empty() {
            return out;
        }
        let facts = {
            let t0 = std::time::Instant::now();
            let f = ctx.facts(self.it.pool(), &self.cx.locs, &frame);
            self.cx.abduce.context_time += t0.elapsed();
            f
        };
        let mut assumed = Vec::new();
        if let Some(a) = Self::sh_ctx(sh) {
            crate::itp::conjuncts(self.it.pool_ref(), a, &mut assumed);
        }
        let deadline = self.it.deadline();
        let mut sv = self.cx.take_solver(deadline);
        for (g, cs) in &psis {
            let q = crate::itp::abduce::Problem {
                facts: &facts,
                guard: *g,
                assumed: &assumed,
                psi: cs,
            };
            let r =
                crate::itp::abduce::abduction(self.it.pool(), &mut *sv, &q, &mut self.cx.abduce);
            for c in r {
                out = self.it.pool().bool_and(out, c);
            }
        }
        self.cx.solver = Some(sv);
        out
    }
}
