//! TRACER-X's conjunctive interpolants (paper 003 §5, Figs. 6-7): BACKPROP's rule (5b),
//! ABDUCTION with its CORE and SEPARATE steps, over formulas of location variables.
//!
//! At a fork, a child's interpolant Ψ (mapped to the node's start) and the guard `e` of the
//! outcome leading to it give the weakest precondition `e => Ψ`, a disjunction (rule 4a).
//! Abduction replaces it by a conjunction `R` with `R && e |= Ψ`, built from the node's
//! *context* (what its start state implies, `facts`: `abduce::context`) and Ψ itself:
//!
//! - CORE: the facts needed for `facts && e |= Ψ`, from the solver's unsat core (§5.2);
//! - SEPARATE: the core split into the frame of the guard's variables and the rest; Ψ split
//!   into the part connected to that frame and the rest;
//! - the result: the frame's facts (context from the top) and Ψ's part outside the frame
//!   (propagated from the bottom).
//!
//! Soundness never rests on the paper's Theorem 5.4 alone: its proof assumes the core's
//! anti-frame separate from Ψ's frame part, which SEPARATE does not guarantee (facts
//! `y > 5`, guard `x > 0`, Ψ `x + y > 5`: the frame is `{x}`, its facts none, and Fig. 7
//! returns `true`, which with `x > 0` does not imply Ψ). The frame part is checked
//! (`frame && e |= Ψ_v`, one solver call); when it does not hold the core itself is the
//! interpolant (it implies Ψ with `e` by construction). When the facts do not imply Ψ at all
//! (a context trex cannot express over location variables), Ψ's frame part stays guarded
//! (`e => Ψ_v`, rule 4a for that part alone) and the result is counted as not conjunctive.
//! Every result `R` satisfies `R && e |= Ψ`: it implies the weakest precondition, so a state
//! it holds for is one the weakest precondition holds for.

use std::time::{Duration, Instant};

use crate::expr::{ExprId, ExprPool};
use crate::solver::footprint::{self, ElemSet};
use crate::solver::{Query, Solver};

/// How one child's conjunction was obtained (counted in [`AbduceStats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum How {
    /// No conjunct of Ψ shares a variable with the guard: Ψ as it is (no solver call).
    Separate,
    /// Rule (5b): the frame's facts and Ψ's part outside the frame.
    Abduced,
    /// The frame's facts with the guard did not imply Ψ's frame part: the core of the facts.
    Core,
    /// The facts do not imply Ψ: `e => Ψ_v` kept for the frame part (not a conjunction).
    Implication,
}

/// Counts and times of the abduction steps (`KLEE: done: abduction ...`).
#[derive(Clone, Debug, Default)]
pub struct AbduceStats {
    /// Children combined by each way ([`How`]).
    pub separate: u64,
    pub abduced: u64,
    pub core: u64,
    pub implication: u64,
    /// Rule (4b): a fork with one feasible outcome, `Ψ && e`.
    pub guard_kept: u64,
    /// Time in CORE (the unsat core and the frame check) and in SEPARATE, and building the
    /// context's facts (`itp::context`).
    pub core_time: Duration,
    pub separate_time: Duration,
    pub context_time: Duration,
}

impl AbduceStats {
    pub fn add(&mut self, o: &AbduceStats) {
        self.separate += o.separate;
        self.abduced += o.abduced;
        self.core += o.core;
        self.implication += o.implication;
        self.guard_kept += o.guard_kept;
        self.core_time += o.core_time;
        self.separate_time += o.separate_time;
        self.context_time += o.context_time;
    }

    fn count(&mut self, h: How) {
        match h {
            How::Separate => self.separate += 1,
            How::Abduced => self.abduced += 1,
            How::Core => self.core += 1,
            How::Implication => self.implication += 1,
        }
    }
}

/// The variables (array bytes, or whole arrays read at symbolic indices) of `es`.
fn vars_of(pool: &ExprPool, es: &[ExprId]) -> ElemSet {
    let mut v = ElemSet::default();
    for &e in es {
        v.add(&footprint::of(pool, e));
    }
    v
}

/// SEPARATE(γ, v) (Fig. 7): the conjuncts of `gamma` connected to the variables `v` through
/// shared variables (to a fixpoint; `v` grows with them), and the rest.
pub(crate) fn separate(
    pool: &ExprPool,
    gamma: &[ExprId],
    v: &mut ElemSet,
) -> (Vec<ExprId>, Vec<ExprId>) {
    let fps: Vec<_> = gamma.iter().map(|&c| footprint::of(pool, c)).collect();
    let mut inside = vec![false; gamma.len()];
    loop {
        let mut grew = false;
        for (k, f) in fps.iter().enumerate() {
            if !inside[k] && v.meets(f) {
                inside[k] = true;
                v.add(f);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (k, &c) in gamma.iter().enumerate() {
        if inside[k] {
            a.push(c)
        } else {
            b.push(c)
        }
    }
    (a, b)
}

fn and_all(pool: &mut ExprPool, es: &[ExprId]) -> ExprId {
    let mut f = pool.true_expr();
    for &e in es {
        f = pool.bool_and(f, e);
    }
    f
}

/// One child's abduction problem: Ψ's conjuncts (`psi`) under the guard `e` of the outcome
/// leading to it, the node's context over location variables (`facts`, all true in its
/// start state), and what held of the arrays created inside the segment (`assumed`,
/// premises only).
pub(crate) struct Problem<'a> {
    pub facts: &'a [ExprId],
    pub guard: ExprId,
    pub assumed: &'a [ExprId],
    pub psi: &'a [ExprId],
}

/// ABDUCTION(φ, e, Ψ) for one child: conjuncts `R` with `R && e && assumed |= Ψ`. A solver
/// failure is treated as "not implied" (the safe side).
pub(crate) fn abduction(
    pool: &mut ExprPool,
    solver: &mut dyn Solver,
    q: &Problem,
    st: &mut AbduceStats,
) -> Vec<ExprId> {
    let (out, how) = abduce(pool, solver, q, st);
    st.count(how);
    out
}

fn abduce(
    pool: &mut ExprPool,
    solver: &mut dyn Solver,
    q: &Problem,
    st: &mut AbduceStats,
) -> (Vec<ExprId>, How) {
    let Problem {
        facts,
        guard,
        assumed,
        psi,
    } = *q;
    // Ψ's part connected to the guard alone: when empty, Ψ needs nothing of the guard.
    let t0 = Instant::now();
    let (psi_g, psi_rest) = separate(pool, psi, &mut vars_of(pool, &[guard]));
    st.separate_time += t0.elapsed();
    if psi_g.is_empty() {
        return (psi.to_vec(), How::Separate);
    }
    // CORE(φ && e, Ψ): the facts in an unsat core of `facts && e && assumed && !Ψ`.
    let t0 = Instant::now();
    let mut cs: Vec<ExprId> = facts.to_vec();
    cs.push(guard);
    cs.extend_from_slice(assumed);
    let all = and_all(pool, psi);
    let not_psi = pool.bool_not(all);
    let core = solver.unsat_core(pool, Query::new(&cs, not_psi));
    st.core_time += t0.elapsed();
    let Ok(Some(core)) = core else {
        let frame_part = and_all(pool, &psi_g);
        let implied = pool.implies(guard, frame_part);
        let mut out = psi_rest;
        out.push(implied);
        return (out, How::Implication);
    };
    let core: Vec<ExprId> = core
        .into_iter()
        .filter(|&i| i < facts.len())
        .map(|i| facts[i])
        .collect();
    // SEPARATE(core, vars(e)); SEPARATE(Ψ, vars(frame && e)).
    let t0 = Instant::now();
    let mut v = vars_of(pool, &[guard]);
    let (frame, _) = separate(pool, &core, &mut v);
    // (Never empty: it holds Ψ's part connected to the guard alone, found above.)
    let (psi_v, psi_vbar) = separate(pool, psi, &mut v);
    st.separate_time += t0.elapsed();
    // The frame with the guard must imply Ψ's frame part (Theorem 5.4's step (b'), which
    // SEPARATE does not guarantee); else the core.
    let t0 = Instant::now();
    let mut cs = frame.clone();
    cs.push(guard);
    cs.extend_from_slice(assumed);
    let want = and_all(pool, &psi_v);
    let holds = matches!(solver.must_be_true(pool, Query::new(&cs, want)), Ok(true));
    st.core_time += t0.elapsed();
    if holds {
        let mut out = frame;
        out.extend(psi_vbar);
        (out, How::Abduced)
    } else {
        (core, How::Core)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(pool: &mut ExprPool, name: &str) -> ExprId {
        crate::expr::test_word(pool, name).1
    }

    fn c(pool: &mut ExprPool, v: u128) -> ExprId {
        pool.constant(32, v)
    }

    fn valid(pool: &mut ExprPool, s: &mut dyn Solver, pre: &[ExprId], post: &[ExprId]) -> bool {
        let p = and_all(pool, post);
        s.must_be_true(pool, Query::new(pre, p)).unwrap()
    }

    /// The paper's Example 5.5 at ⟨2a⟩: context `-1 < x < 2, y = 0, z = 1`, guard `x > 0`,
    /// Ψ `-4 < x < 5 && y < z + 33`: the interpolant `-1 < x < 2 && y < z + 33` keeps the
    /// frame's context and Ψ's part outside it.
    #[test]
    fn example_5_5_combines_top_and_bottom() {
        let mut pool = ExprPool::new();
        let mut s = crate::solver::default_chain(None);
        let (x, y, z) = (
            var(&mut pool, "x"),
            var(&mut pool, "y"),
            var(&mut pool, "z"),
        );
        let (m1, m4, k0, k1, k2, k5, k33) = (
            c(&mut pool, (-1i32) as u32 as u128),
            c(&mut pool, (-4i32) as u32 as u128),
            c(&mut pool, 0),
            c(&mut pool, 1),
            c(&mut pool, 2),
            c(&mut pool, 5),
            c(&mut pool, 33),
        );
        let f1 = pool.slt(m1, x);
        let f2 = pool.slt(x, k2);
        let f3 = pool.eq(y, k0);
        let f4 = pool.eq(z, k1);
        let g = pool.slt(k0, x);
        let p1 = pool.slt(m4, x);
        let p2 = pool.slt(x, k5);
        let z33 = pool.add(z, k33);
        let p3 = pool.slt(y, z33);
        let mut st = AbduceStats::default();
        let facts = [f1, f2, f3, f4];
        let psi = [p1, p2, p3];
        let q = Problem {
            facts: &facts,
            guard: g,
            assumed: &[],
            psi: &psi,
        };
        let (r, how) = abduce(&mut pool, &mut *s, &q, &mut st);
        assert_eq!(how, How::Abduced);
        assert!(r.contains(&p3), "Ψ's part outside the frame");
        assert!(
            !r.contains(&f3) && !r.contains(&f4),
            "context outside the frame dropped"
        );
        let mut pre = r.clone();
        pre.push(g);
        assert!(valid(&mut pool, &mut *s, &pre, &psi), "R && e |= Ψ");
        assert!(
            valid(&mut pool, &mut *s, &facts, &r),
            "the context implies R"
        );
    }

    /// The gap in Theorem 5.4: context `y > 5`, guard `x > 0`, Ψ `x + y > 5` (no overflow:
    /// small ranges assumed). Fig. 7 would return `true`; the check keeps the core.
    #[test]
    fn separation_refuted_keeps_the_core() {
        let mut pool = ExprPool::new();
        let mut s = crate::solver::default_chain(None);
        let (x, y) = (var(&mut pool, "x"), var(&mut pool, "y"));
        let (k0, k5, k100) = (c(&mut pool, 0), c(&mut pool, 5), c(&mut pool, 100));
        let f1 = pool.slt(k5, y);
        let f2 = pool.slt(y, k100);
        let g = pool.slt(k0, x);
        let xs = pool.slt(x, k100);
        let sum = pool.add(x, y);
        let p = pool.slt(k5, sum);
        let mut st = AbduceStats::default();
        let q = Problem {
            facts: &[f1, f2],
            guard: g,
            assumed: &[xs],
            psi: &[p],
        };
        let (r, how) = abduce(&mut pool, &mut *s, &q, &mut st);
        assert_eq!(how, How::Core);
        let mut pre = r.clone();
        pre.extend([g, xs]);
        assert!(valid(&mut pool, &mut *s, &pre, &[p]));
        assert!(r.contains(&f1));
    }

    /// A context that does not imply Ψ: the frame part stays an implication.
    #[test]
    fn facts_too_weak_keep_the_implication() {
        let mut pool = ExprPool::new();
        let mut s = crate::solver::default_chain(None);
        let (x, y) = (var(&mut pool, "x"), var(&mut pool, "y"));
        let (k0, k3) = (c(&mut pool, 0), c(&mut pool, 3));
        let g = pool.slt(k0, x);
        let p1 = pool.slt(k3, x);
        let p2 = pool.eq(y, k0);
        let mut st = AbduceStats::default();
        let q = Problem {
            facts: &[],
            guard: g,
            assumed: &[],
            psi: &[p1, p2],
        };
        let (r, how) = abduce(&mut pool, &mut *s, &q, &mut st);
        assert_eq!(how, How::Implication);
        let imp = pool.implies(g, p1);
        assert_eq!(r, vec![p2, imp]);
    }

    /// Ψ apart from the guard: Ψ itself, no solver call.
    #[test]
    fn disjoint_child_is_kept_whole() {
        let mut pool = ExprPool::new();
        let mut s = crate::solver::default_chain(None);
        let (x, y) = (var(&mut pool, "x"), var(&mut pool, "y"));
        let k0 = c(&mut pool, 0);
        let g = pool.slt(k0, x);
        let p = pool.slt(k0, y);
        let mut st = AbduceStats::default();
        let q = Problem {
            facts: &[],
            guard: g,
            assumed: &[],
            psi: &[p],
        };
        let r = abduction(&mut pool, &mut *s, &q, &mut st);
        assert_eq!(r, vec![p]);
        assert_eq!((st.separate, s.stats().queries), (1, 0));
    }

    #[test]
    fn separate_follows_shared_variables_to_a_fixpoint() {
        let mut pool = ExprPool::new();
        let (x, y, z, w) = (
            var(&mut pool, "x"),
            var(&mut pool, "y"),
            var(&mut pool, "z"),
            var(&mut pool, "w"),
        );
        let k0 = c(&mut pool, 0);
        let a = pool.slt(z, y);
        let b = pool.slt(x, y);
        let d = pool.slt(k0, w);
        let gx = pool_gt(&mut pool, x);
        let mut v = vars_of(&pool, &[gx]);
        let (inside, outside) = separate(&pool, &[a, b, d], &mut v);
        assert_eq!((inside, outside), (vec![a, b], vec![d]));
    }

    fn pool_gt(pool: &mut ExprPool, x: ExprId) -> ExprId {
        let k0 = c(pool, 0);
        pool.slt(k0, x)
    }
}
