//! Layer 3: the exact query cache. Key: the sorted, deduplicated constraint set and the
//! literal; value: sat/unsat and, once known, an unsat core stored as constraint *ids* (so it
//! maps back to any caller's indices). An unsat entry without a core answers validity questions;
//! a core request on it re-queries once and stores the core. Values (`get_value`) are cached
//! per (constraint set, expr). Models pass through.

use hashbrown::HashMap;

use super::{Answer, Layer, Lit, Outcome, Req, SolverStats, Want};
use crate::expr::{ExprId, ExprPool};

struct Entry {
    sat: bool,
    core: Option<Box<[ExprId]>>,
}

pub(crate) struct QueryCache {
    inner: Box<dyn Layer>,
    answers: HashMap<(Box<[ExprId]>, Option<Lit>), Entry>,
    values: HashMap<(Box<[ExprId]>, ExprId), u128>,
}

/// Sorted, deduplicated constraints, with the caller's (first) index of each.
fn canonical(cs: &[ExprId]) -> (Vec<ExprId>, Vec<usize>) {
    let mut v: Vec<(ExprId, usize)> = cs.iter().copied().zip(0..).collect();
    v.sort_unstable();
    v.dedup_by_key(|p| p.0);
    v.into_iter().unzip()
}

/// Caller's indices of a core given as ids.
fn core_indices(core: &[ExprId], canon: &[ExprId], orig: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = core
        .iter()
        .filter_map(|c| canon.binary_search(c).ok().map(|k| orig[k]))
        .collect();
    out.sort_unstable();
    out
}

impl QueryCache {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        QueryCache {
            inner,
            answers: HashMap::new(),
            values: HashMap::new(),
        }
    }
}

impl Layer for QueryCache {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        if !r.want.arrays.is_empty() {
            return self.inner.solve(pool, r, st);
        }
        let (canon, orig) = canonical(r.cs);
        let key_cs: Box<[ExprId]> = canon.clone().into_boxed_slice();
        if let Some(v) = r.want.value {
            if r.lit.is_none() {
                if let Some(&x) = self.values.get(&(key_cs.clone(), v)) {
                    st.cache_hits += 1;
                    return Ok(Outcome::Sat {
                        model: Vec::new(),
                        value: Some(x),
                    });
                }
            }
        } else if let Some(e) = self.answers.get(&(key_cs.clone(), r.lit)) {
            if e.sat {
                st.cache_hits += 1;
                return Ok(Outcome::sat());
            }
            match (&e.core, r.want.core) {
                (Some(core), _) => {
                    st.cache_hits += 1;
                    return Ok(Outcome::Unsat(Some(core_indices(core, &canon, &orig))));
                }
                (None, false) => {
                    st.cache_hits += 1;
                    return Ok(Outcome::Unsat(None));
                }
                (None, true) => {}
            }
        }
        let sub = Req {
            cs: &canon,
            lit: r.lit,
            want: Want {
                core: r.want.core,
                arrays: &[],
                value: r.want.value,
            },
        };
        let out = self.inner.solve(pool, &sub, st)?;
        match &out {
            Outcome::Sat { value, .. } => {
                if let (Some(v), Some(x), None) = (r.want.value, *value, r.lit) {
                    self.values.insert((key_cs.clone(), v), x);
                }
                self.answers.insert(
                    (key_cs, r.lit),
                    Entry {
                        sat: true,
                        core: None,
                    },
                );
                Ok(out)
            }
            Outcome::Unsat(core) => {
                let ids: Option<Box<[ExprId]>> =
                    core.as_ref().map(|c| c.iter().map(|&k| canon[k]).collect());
                let mapped = ids.as_ref().map(|c| core_indices(c, &canon, &orig));
                self.answers.insert(
                    (key_cs, r.lit),
                    Entry {
                        sat: false,
                        core: ids,
                    },
                );
                Ok(Outcome::Unsat(mapped))
            }
        }
    }

    fn reset(&mut self) {
        self.answers.clear();
        self.values.clear();
        self.inner.reset()
    }
}
