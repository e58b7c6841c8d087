//! The interpolant out of a finished shadow: conditions collected, simplified, bounded.

use super::pass::Wp;
use super::shadow::*;
use crate::expr::ExprId;
use crate::itp::{arrays_in, Itp, Loc};
use hashbrown::HashSet;

/// Interpolants larger than this (distinct expression nodes) are not simplified by the solver.
const MAX_SIMPLIFIED_DAG: usize = 400;
/// Interpolants larger than this (plus `ITP_DAG_PER_READ` per location byte they read) are
/// not kept (the node is blocked).
const MAX_ITP_DAG: usize = 4000;
const ITP_DAG_PER_READ: usize = 16;

impl Wp<'_, '_, '_> {
    /// Finishes a shadow: its interpolant, or `None` when something could not be expressed.
    pub(super) fn sh_finish(&mut self, sh: Shadow, extra: Option<ExprId>) -> Option<Itp> {
        if let Some(why) = sh.fail {
            if self.cx.debug {
                let at = sh.fail_at.map(|(f, pc)| {
                    let f = self.m.func(f);
                    let loc = self.m.loc_string(f.code[pc as usize].loc);
                    format!(" at {} ({})", loc.as_deref().unwrap_or("?"), f.name)
                });
                let at = at.unwrap_or_default();
                tracing::debug!(target: "trex::itp", "not expressible{at}: {why}");
            }
            return None;
        }
        let mut f = self.it.pool().true_expr();
        for c in sh.conj.iter().copied() {
            f = self.it.pool().bool_and(f, c);
        }
        if let Some(x) = extra {
            f = self.it.pool().bool_and(f, x);
        }
        let opaque = self.cx.locs.array(self.it.pool(), Loc::Opaque, 0);
        let (it, cx) = (&*self.it, &mut *self.cx);
        let mut set = HashSet::new();
        set.insert(opaque);
        if cx.masks.reads_any(it.pool_ref(), &cx.locs, f, &set) {
            if self.cx.debug {
                tracing::debug!(target: "trex::itp", "not expressible: depends on an opaque value");
            }
            return None;
        }
        // Fixed bytes substituted, bounds on the same term (a sum, at the different offsets
        // the subtree adds to it) made one range.
        let mut cs = Vec::new();
        crate::itp::conjuncts(self.it.pool_ref(), f, &mut cs);
        let cs = {
            let (it, cx) = (&mut *self.it, &mut *self.cx);
            crate::itp::normal::normalize(it.pool(), &cx.locs, &mut cx.masks, &cs)
        };
        f = self.it.pool().true_expr();
        for &c in cs.iter().rev() {
            f = self.it.pool().bool_and(c, f);
        }
        // An interpolant this large for the locations it reads is the unrolling of a loop:
        // too costly to apply up the chain of nodes and to check, and it would only ever
        // match that same iteration. Dropping it blocks the ancestors (no pruning there,
        // always sound). A large interpolant over as many locations (a sum of N variables)
        // is kept.
        let (size, loc_reads) = {
            let (it, cx) = (&*self.it, &mut *self.cx);
            cx.masks.dag_size_reads(it.pool_ref(), &cx.locs, f)
        };
        if size > MAX_ITP_DAG + ITP_DAG_PER_READ * loc_reads {
            if self.cx.debug {
                tracing::debug!(target: "trex::itp", "interpolant of {size} nodes ({loc_reads} location reads) dropped: {}", self.it.pool().display(f));
            }
            return None;
        }
        self.cx.max_itp_nodes = self.cx.max_itp_nodes.max(size as u64);
        let conj = self.simplify_conjuncts(f, size);
        let mut f = self.it.pool().true_expr();
        for &c in conj.iter().rev() {
            f = self.it.pool().bool_and(c, f);
        }
        let mut reg_pins: Vec<_> = sh.reg_pins.into_iter().collect();
        reg_pins.sort_by_key(|x| x.0);
        let mut mem_pins: Vec<_> = sh.mem_pins.into_iter().collect();
        mem_pins.sort_by_key(|x| x.0);
        let mut objects: Vec<_> = sh.objects.into_iter().collect();
        objects.sort();
        let mut bases: Vec<_> = sh.bases.into_iter().collect();
        bases.sort();
        let mut provenance: Vec<_> = sh
            .provenance
            .into_iter()
            .map(|((l, k), o)| (l, k, o))
            .collect();
        provenance.sort();
        Some(Itp {
            formula: Some(f),
            reg_pins,
            mem_pins,
            objects,
            conjuncts: conj,
            named: Vec::new(),
            bases,
            provenance,
        })
    }

    /// The conjuncts of `f` without those the others imply (checked by the solver, over all
    /// values of the location variables: dropping an implied conjunct keeps the formula
    /// equivalent), cheapest first.
    pub(super) fn simplify_conjuncts(&mut self, f: ExprId, size: usize) -> Vec<ExprId> {
        let mut cs = Vec::new();
        crate::itp::conjuncts(self.it.pool_ref(), f, &mut cs);
        // Past the run's deadline nothing is simplified (keeping a conjunct is always sound).
        let deadline = self.it.deadline();
        let late = deadline.is_some_and(|d| std::time::Instant::now() >= d);
        // Nor a large formula (a loop's unrolled interpolant grows by an iteration per node
        // up the chain: a solver call per conjunct of it cost more than all the checks).
        // Nor one over the shadow's views of objects (array terms with symbolic writes: each
        // implication took the solver up to its timeout).
        let views = || {
            let mut v = HashSet::new();
            arrays_in(self.it.pool_ref(), f, &mut v);
            v.iter().any(|&a| self.cx.locs.is_view(a))
        };
        if self.cx.solver_simplify
            && cs.len() >= 2
            && cs.len() <= 48
            && !late
            && size <= MAX_SIMPLIFIED_DAG
            && !views()
        {
            // (An unknown answer keeps the conjunct.)
            let mut sv = self.cx.take_solver(deadline);
            // A conjunct sharing no variable with the others can only be implied by them if
            // it is valid by itself (folded away already): skip those solver calls.
            let vars: Vec<HashSet<crate::expr::ArrayId>> = cs
                .iter()
                .map(|&c| {
                    let mut v = HashSet::new();
                    arrays_in(self.it.pool_ref(), c, &mut v);
                    v
                })
                .collect();
            let mut alone: Vec<bool> = (0..cs.len())
                .map(|i| (0..cs.len()).all(|j| i == j || vars[i].is_disjoint(&vars[j])))
                .collect();
            let mut k = cs.len();
            while k > 0 {
                k -= 1;
                if alone[k] {
                    continue;
                }
                let c = cs[k];
                let others: Vec<ExprId> = cs.iter().copied().filter(|&x| x != c).collect();
                if let Ok(true) =
                    sv.must_be_true(self.it.pool_ref(), crate::solver::Query::new(&others, c))
                {
                    cs.remove(k);
                    alone.remove(k);
                }
            }
            self.cx.solver = Some(sv);
        }
        let mut sized: Vec<(usize, ExprId)> = cs
            .into_iter()
            .map(|c| {
                let (it, cx) = (&*self.it, &mut *self.cx);
                (cx.masks.dag_size_reads(it.pool_ref(), &cx.locs, c).0, c)
            })
            .collect();
        sized.sort_by_key(|x| x.0);
        sized.into_iter().map(|x| x.1).collect()
    }

    /// `a => f`, conjunct by conjunct, each under only the assumptions it depends on: an
    /// assumption over arrays created inside the subtree alone (an input's range) that
    /// shares no array with the conjunct nor with the assumptions kept is dropped. Those
    /// arrays are universally quantified and the assumptions held on the explored path (so
    /// they are satisfiable): `forall b. (d(b) => f)` is `f`. Keeps the interpolant a flat
    /// conjunction (its ranges merge, `crate::itp::ranges`) instead of one implication.
    pub(super) fn under(&mut self, a: ExprId, f: ExprId) -> ExprId {
        let mut assumed = Vec::new();
        crate::itp::conjuncts(self.it.pool_ref(), a, &mut assumed);
        let fresh_from = self.cx.fresh_from;
        let sets: Vec<(HashSet<crate::expr::ArrayId>, bool)> = assumed
            .iter()
            .map(|&x| {
                let mut v = HashSet::new();
                arrays_in(self.it.pool_ref(), x, &mut v);
                let droppable = v
                    .iter()
                    .all(|a| a.0 >= fresh_from && self.cx.locs.loc(*a).is_none());
                (v, droppable)
            })
            .collect();
        let mut parts = Vec::new();
        crate::itp::conjuncts(self.it.pool_ref(), f, &mut parts);
        let mut out = self.it.pool().true_expr();
        for c in parts {
            // The assumptions the conjunct reads arrays of (a signature test, walking the
            // conjunct only when it may share one), and those over locations.
            let mut kept: Vec<bool> = Vec::with_capacity(assumed.len());
            for (k, s) in sets.iter().enumerate() {
                let (it, cx) = (&*self.it, &mut *self.cx);
                kept.push(!s.1 || !cx.masks.disjoint(it.pool_ref(), &cx.locs, c, assumed[k]));
            }
            let mut need: HashSet<crate::expr::ArrayId> = HashSet::new();
            for (k, s) in sets.iter().enumerate() {
                if kept[k] {
                    need.extend(s.0.iter().copied());
                }
            }
            // The assumptions connected to the conjunct through shared arrays.
            loop {
                let mut grew = false;
                for (k, s) in sets.iter().enumerate() {
                    if !kept[k] && !s.0.is_disjoint(&need) {
                        kept[k] = true;
                        need.extend(s.0.iter().copied());
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            let mut ante = self.it.pool().true_expr();
            for (k, &x) in assumed.iter().enumerate() {
                if kept[k] {
                    ante = self.it.pool().bool_and(ante, x);
                }
            }
            let g = self.it.pool().implies(ante, c);
            out = self.it.pool().bool_and(out, g);
        }
        out
    }

    /// `guard => child`, or just `child` when they share no variable (paper 003's SEPARATE:
    /// the guard does not constrain what the child needs).
    pub(super) fn guarded(&mut self, guard: ExprId, child: ExprId) -> ExprId {
        let (it, cx) = (&*self.it, &mut *self.cx);
        if cx.masks.disjoint(it.pool_ref(), &cx.locs, guard, child) {
            child
        } else {
            self.it.pool().implies(guard, child)
        }
    }
}
