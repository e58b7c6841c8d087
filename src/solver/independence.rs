//! Layer 2: independence (KLEE's IndependentSolver, byte-level). A satisfiability question or a
//! value only needs the constraints transitively sharing array bytes with its expr; the others
//! are assumed satisfiable (they are part of a satisfiable path condition). Models (and checks
//! of the constraints alone) are solved per independent factor and merged byte by byte, and
//! every factor is checked, so `get_initial_values` still answers `None` for unsatisfiable
//! constraints.

use super::footprint::{ElemSet, Footprints};
use super::{default_bytes, remap, Layer, Outcome, Req, SolverError, SolverStats, Want};
use crate::expr::{ExprId, ExprPool};

pub(crate) struct Independence {
    inner: Box<dyn Layer>,
    fps: Footprints,
}

impl Independence {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        Independence {
            inner,
            fps: Footprints::default(),
        }
    }

    /// Indices of the constraints connected to `seed`.
    fn slice(&mut self, pool: &ExprPool, cs: &[ExprId], seed: ExprId) -> Vec<usize> {
        let seed = self.fps.get(pool, seed);
        let fps: Vec<_> = cs.iter().map(|&c| self.fps.get(pool, c)).collect();
        let mut set = ElemSet::default();
        set.add(&seed);
        let mut taken = vec![false; cs.len()];
        let mut out = Vec::new();
        if seed.is_empty() {
            return out;
        }
        loop {
            let mut changed = false;
            for (i, f) in fps.iter().enumerate() {
                if !taken[i] && set.intersects(f) {
                    set.add(f);
                    taken[i] = true;
                    out.push(i);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        out.sort_unstable();
        out
    }

    /// The independent factors of `cs`: (constraint indices, their element set).
    fn factors(&mut self, pool: &ExprPool, cs: &[ExprId]) -> Vec<(Vec<usize>, ElemSet)> {
        let fps: Vec<_> = cs.iter().map(|&c| self.fps.get(pool, c)).collect();
        let mut taken = vec![false; cs.len()];
        let mut out = Vec::new();
        for start in 0..cs.len() {
            if taken[start] {
                continue;
            }
            taken[start] = true;
            let mut set = ElemSet::default();
            set.add(&fps[start]);
            let mut members = vec![start];
            if !fps[start].is_empty() {
                loop {
                    let mut changed = false;
                    for i in start + 1..cs.len() {
                        if !taken[i] && set.intersects(&fps[i]) {
                            set.add(&fps[i]);
                            taken[i] = true;
                            members.push(i);
                            changed = true;
                        }
                    }
                    if !changed {
                        break;
                    }
                }
            }
            members.sort_unstable();
            out.push((members, set));
        }
        out
    }

    fn sub_solve(
        &mut self,
        pool: &ExprPool,
        r: &Req,
        idx: &[usize],
        want: Want,
        st: &mut SolverStats,
    ) -> Result<Outcome, SolverError> {
        let cs: Vec<ExprId> = idx.iter().map(|&i| r.cs[i]).collect();
        let sub = Req {
            cs: &cs,
            lit: r.lit,
            want,
        };
        Ok(remap(self.inner.solve(pool, &sub, st)?, idx))
    }

    fn by_factors(
        &mut self,
        pool: &ExprPool,
        r: &Req,
        st: &mut SolverStats,
    ) -> Result<Outcome, SolverError> {
        let mut model: Vec<Vec<u8>> = r
            .want
            .arrays
            .iter()
            .map(|&a| default_bytes(pool, a))
            .collect();
        for (members, set) in self.factors(pool, r.cs) {
            let arrays: Vec<_> = r
                .want
                .arrays
                .iter()
                .copied()
                .filter(|&a| set.touches(a))
                .collect();
            let want = Want {
                core: r.want.core,
                arrays: &arrays,
                value: None,
            };
            match self.sub_solve(pool, r, &members, want, st)? {
                Outcome::Sat { model: m, .. } => {
                    for (k, a) in arrays.iter().enumerate() {
                        let pos = r.want.arrays.iter().position(|x| x == a).unwrap();
                        let dst = &mut model[pos];
                        if set.has_whole(*a) {
                            let n = dst.len().min(m[k].len());
                            dst[..n].copy_from_slice(&m[k][..n]);
                        } else {
                            for i in set.bytes_of(*a) {
                                if let Ok(i) = usize::try_from(i) {
                                    if i < dst.len() && i < m[k].len() {
                                        dst[i] = m[k][i];
                                    }
                                }
                            }
                        }
                    }
                }
                unsat => return Ok(unsat),
            }
        }
        // Requested arrays may repeat: copies of the first occurrence.
        for k in 0..r.want.arrays.len() {
            if let Some(p) = r.want.arrays[..k]
                .iter()
                .position(|x| *x == r.want.arrays[k])
            {
                model[k] = model[p].clone();
            }
        }
        Ok(Outcome::Sat { model, value: None })
    }
}

impl Layer for Independence {
    fn solve(
        &mut self,
        pool: &ExprPool,
        r: &Req,
        st: &mut SolverStats,
    ) -> Result<Outcome, SolverError> {
        match (r.lit, r.want.value, r.want.arrays.is_empty()) {
            (Some(l), None, true) => {
                let idx = self.slice(pool, r.cs, l.e);
                self.sub_solve(pool, r, &idx, r.want, st)
            }
            (None, Some(v), true) => {
                let idx = self.slice(pool, r.cs, v);
                self.sub_solve(pool, r, &idx, r.want, st)
            }
            (None, None, _) => self.by_factors(pool, r, st),
            _ => self.inner.solve(pool, r, st),
        }
    }

    fn reset(&mut self) {
        self.fps.clear();
        self.inner.reset()
    }
}
