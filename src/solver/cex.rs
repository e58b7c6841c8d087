//! Layer 4: the counterexample cache (KLEE's CexCachingSolver). A query is the set of literals
//! `Q = constraints + lit` (a `Not` is folded into the literal's sign, so the executor's
//! `not c` meets a `must_be_true` on `c`).
//!
//! * Unsat: any stored unsat set (an unsat core when one was computed, else a whole query) that
//!   is a subset of `Q` answers unsat, with that set as the core. `Q` holding a literal and its
//!   negation is unsat at once.
//! * Sat: stored models are tried (the one of the same set, the one of the constraints without
//!   the literal — the parent path condition — and the most recent ones); a model satisfying
//!   the literals of `Q` it was not computed for (checked with `expr::eval`) answers sat, and
//!   gives values and array bytes.
//! * Otherwise the inner solver is asked for a model of all arrays of `Q` and, if unsat, a core
//!   (always: a validity answer cached without a core would later give a whole path condition
//!   as the core of the same query asked by the interpolation code). Models are checked with
//!   `eval` before being stored (reads beyond an array's size differ between Z3 and `eval`).
//!
//! Lookups are bounded (a budget of subset checks, a few recent models), so a miss costs little.

use std::collections::VecDeque;
use std::sync::Arc;

use hashbrown::HashMap;

use super::{Answer, Layer, Lit, Outcome, Req, SolverStats, Want};
use crate::expr::eval::{Assignment, Evaluator};
use crate::expr::{ArrayId, ArraySets, Expr, ExprPool};

const RECENT: usize = 8;
const SUBSET_BUDGET: usize = 4096;
const MAX_ENTRIES: usize = 1 << 17;

struct Model {
    set: Box<[Lit]>,
    asg: Arc<Assignment>,
}

pub(crate) struct CexCache {
    inner: Box<dyn Layer>,
    unsat: Vec<Box<[Lit]>>,
    unsat_index: HashMap<Lit, Vec<u32>>,
    models: Vec<Model>,
    by_set: HashMap<Box<[Lit]>, u32>,
    recent: VecDeque<u32>,
    arrays: ArraySets,
}

/// `l` with `Not`s folded into the sign.
fn norm(pool: &ExprPool, mut l: Lit) -> Lit {
    while let Expr::Not { e } = *pool.get(l.e) {
        if pool.width(e) != 1 {
            break;
        }
        l = Lit { e, neg: !l.neg };
    }
    l
}

fn holds(ev: &mut Evaluator, l: Lit) -> bool {
    (ev.eval(l.e) != 0) != l.neg
}

impl CexCache {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        CexCache {
            inner,
            unsat: Vec::new(),
            unsat_index: HashMap::new(),
            models: Vec::new(),
            by_set: HashMap::new(),
            recent: VecDeque::new(),
            arrays: ArraySets::new(),
        }
    }

    fn store_unsat(&mut self, mut set: Vec<Lit>) {
        if set.is_empty() {
            return;
        }
        if self.unsat.len() >= MAX_ENTRIES {
            self.unsat.clear();
            self.unsat_index.clear();
        }
        set.sort_unstable();
        set.dedup();
        // Register under the rarest literal, to keep index lists short.
        let key = *set
            .iter()
            .min_by_key(|l| self.unsat_index.get(*l).map_or(0, |v| v.len()))
            .unwrap();
        let id = self.unsat.len() as u32;
        self.unsat.push(set.into_boxed_slice());
        self.unsat_index.entry(key).or_default().push(id);
    }

    /// A stored unsat set included in `q` (sorted).
    fn find_unsat(&self, q: &[Lit]) -> Option<&[Lit]> {
        let mut budget = SUBSET_BUDGET;
        for l in q {
            let Some(ids) = self.unsat_index.get(l) else {
                continue;
            };
            for &id in ids.iter().rev() {
                let s = &self.unsat[id as usize];
                if s.iter().all(|x| q.binary_search(x).is_ok()) {
                    return Some(s);
                }
                budget = budget.saturating_sub(s.len().max(1));
                if budget == 0 {
                    return None;
                }
            }
        }
        None
    }

    fn store_model(&mut self, set: Box<[Lit]>, asg: Assignment) {
        if self.models.len() >= MAX_ENTRIES {
            self.models.clear();
            self.by_set.clear();
            self.recent.clear();
        }
        let id = self.models.len() as u32;
        self.by_set.insert(set.clone(), id);
        self.models.push(Model {
            set,
            asg: Arc::new(asg),
        });
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(id);
    }

    /// A stored model satisfying all of `q`, and its id when it was not stored for `q` itself.
    fn find_model(
        &self,
        pool: &ExprPool,
        q: &[Lit],
        lit: Option<Lit>,
    ) -> Option<(Arc<Assignment>, Option<u32>)> {
        let mut cands: Vec<u32> = Vec::with_capacity(RECENT + 2);
        if let Some(&id) = self.by_set.get(q) {
            return Some((self.models[id as usize].asg.clone(), None));
        }
        if let Some(l) = lit {
            let rest: Vec<Lit> = q.iter().copied().filter(|x| *x != l).collect();
            if let Some(&id) = self.by_set.get(rest.as_slice()) {
                cands.push(id);
            }
        }
        for &id in self.recent.iter().rev() {
            if !cands.contains(&id) {
                cands.push(id);
            }
        }
        for id in cands {
            let m = &self.models[id as usize];
            let mut ev = Evaluator::new(pool, &m.asg);
            if q.iter()
                .all(|l| m.set.binary_search(l).is_ok() || holds(&mut ev, *l))
            {
                return Some((m.asg.clone(), Some(id)));
            }
        }
        None
    }

    fn answer_from(pool: &ExprPool, asg: &Assignment, want: &Want) -> Outcome {
        let model = want
            .arrays
            .iter()
            .map(|&a| {
                let size = pool.array(a).size as usize;
                match &pool.array(a).init {
                    Some(_) => super::default_bytes(pool, a),
                    None => {
                        let mut v = asg.values.get(&a).cloned().unwrap_or_default();
                        v.resize(size, 0);
                        v
                    }
                }
            })
            .collect();
        let value = want.value.map(|v| Evaluator::new(pool, asg).eval(v));
        Outcome::Sat { model, value }
    }
}

impl Layer for CexCache {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        // Q, with the caller's index of each literal (None: the query literal).
        let mut lits: Vec<(Lit, Option<usize>)> =
            r.cs.iter()
                .enumerate()
                .map(|(i, &c)| (norm(pool, Lit::pos(c)), Some(i)))
                .collect();
        let lit = r.lit.map(|l| norm(pool, l));
        if let Some(l) = lit {
            lits.push((l, None));
        }
        lits.sort_unstable();
        lits.dedup_by_key(|p| p.0);
        let q: Vec<Lit> = lits.iter().map(|p| p.0).collect();
        let origin = |set: &[Lit]| -> Vec<usize> {
            let mut c: Vec<usize> = set
                .iter()
                .filter_map(|l| q.binary_search(l).ok().and_then(|k| lits[k].1))
                .collect();
            c.sort_unstable();
            c.dedup();
            c
        };

        // A literal and its negation.
        for w in q.windows(2) {
            if w[0].e == w[1].e {
                st.cex_cache_hits += 1;
                return Ok(Outcome::Unsat(Some(origin(w))));
            }
        }
        if let Some(s) = self.find_unsat(&q) {
            st.cex_cache_hits += 1;
            return Ok(Outcome::Unsat(Some(origin(s))));
        }
        if let Some((asg, id)) = self.find_model(pool, &q, lit) {
            st.cex_cache_hits += 1;
            if let Some(id) = id {
                // Next time an exact hit.
                if self.by_set.len() < MAX_ENTRIES {
                    self.by_set.insert(q.into_boxed_slice(), id);
                }
            }
            return Ok(Self::answer_from(pool, &asg, &r.want));
        }

        // Miss: a model of every free array of Q (and of the wanted ones).
        let mut arrays: Vec<ArrayId> = Vec::new();
        for l in &q {
            arrays.extend(self.arrays.get(pool, l.e).iter().copied());
        }
        if let Some(v) = r.want.value {
            arrays.extend(self.arrays.get(pool, v).iter().copied());
        }
        arrays.extend(r.want.arrays.iter().copied());
        arrays.retain(|&a| pool.array(a).init.is_none());
        arrays.sort_unstable();
        arrays.dedup();
        let sub = Req {
            cs: r.cs,
            lit: r.lit,
            want: Want {
                // Always a core: stored unsat sets are then small, and match more queries.
                core: true,
                arrays: &arrays,
                value: r.want.value,
            },
        };
        match self.inner.solve(pool, &sub, st)? {
            Outcome::Unsat(core) => {
                let set: Vec<Lit> = match &core {
                    Some(c) => c
                        .iter()
                        .map(|&i| norm(pool, Lit::pos(r.cs[i])))
                        .chain(lit)
                        .collect(),
                    None => q.clone(),
                };
                self.store_unsat(set);
                Ok(Outcome::Unsat(core))
            }
            Outcome::Sat { model, value } => {
                let mut asg = Assignment::new();
                for (a, bytes) in arrays.iter().zip(model) {
                    asg.values.insert(*a, bytes);
                }
                let out = Self::answer_from_parts(pool, &asg, &r.want, value);
                let ok = {
                    let mut ev = Evaluator::new(pool, &asg);
                    q.iter().all(|l| holds(&mut ev, *l))
                };
                if ok {
                    self.store_model(q.into_boxed_slice(), asg);
                }
                Ok(out)
            }
        }
    }

    fn reset(&mut self) {
        self.unsat.clear();
        self.unsat_index.clear();
        self.models.clear();
        self.by_set.clear();
        self.recent.clear();
        self.arrays = ArraySets::new();
        self.inner.reset()
    }
}

impl CexCache {
    /// The caller's arrays and the value as the inner solver gave them.
    fn answer_from_parts(
        pool: &ExprPool,
        asg: &Assignment,
        want: &Want,
        value: Option<u128>,
    ) -> Outcome {
        match Self::answer_from(
            pool,
            asg,
            &Want {
                value: None,
                ..*want
            },
        ) {
            Outcome::Sat { model, .. } => Outcome::Sat { model, value },
            o => o,
        }
    }
}
