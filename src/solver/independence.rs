//! Layer 2: independence (KLEE's IndependentSolver, byte-level). A satisfiability question or a
//! value only needs the constraints transitively sharing array bytes with its expr; the others
//! are assumed satisfiable (they are part of a satisfiable path condition). Models (and checks
//! of the constraints alone) are solved per independent factor and merged byte by byte, and
//! every factor is checked, so `get_initial_values` still answers `None` for unsatisfiable
//! constraints.

use std::sync::Arc;

use hashbrown::HashMap;

use super::footprint::{ElemSet, Footprint, Footprints};
use super::{default_bytes, solve_kept, Answer, Layer, Outcome, Req, SolverStats, Want};
use crate::expr::{ArrayId, ExprId, ExprPool};

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// Connected components of footprints sharing a byte (or an array read as a whole), in time
/// linear in the total footprint size.
fn components(fps: &[Arc<Footprint>]) -> UnionFind {
    let mut uf = UnionFind((0..fps.len()).collect());
    // Per array: a footprint reading it whole, and one footprint per byte.
    let mut whole: HashMap<ArrayId, usize> = HashMap::new();
    let mut bytes: HashMap<(ArrayId, u128), usize> = HashMap::new();
    let mut touching: HashMap<ArrayId, Vec<usize>> = HashMap::new();
    for (i, f) in fps.iter().enumerate() {
        for &a in &f.whole {
            match whole.get(&a) {
                Some(&j) => uf.union(i, j),
                None => {
                    whole.insert(a, i);
                    for &j in touching.get(&a).map(|v| v.as_slice()).unwrap_or(&[]) {
                        uf.union(i, j);
                    }
                }
            }
            touching.entry(a).or_default().push(i);
        }
        for &(a, b) in &f.bytes {
            match bytes.get(&(a, b)) {
                Some(&j) => uf.union(i, j),
                None => {
                    bytes.insert((a, b), i);
                }
            }
            if let Some(&j) = whole.get(&a) {
                uf.union(i, j);
            }
            touching.entry(a).or_default().push(i);
        }
    }
    uf
}

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
        if seed.is_empty() {
            return Vec::new();
        }
        // Most questions (a branch on a fresh input byte) meet few constraints, and those
        // not transitively: a pass or two of membership tests finds them without building
        // the components of the whole path condition (which made a path of N forks cost
        // O(N^2) in hash-map inserts: the paper's Fig. 4 at N = 5,000 spent 60% there).
        let mut set = ElemSet::default();
        set.add(&seed);
        let mut kept = vec![false; cs.len()];
        for _ in 0..2 {
            let mut grew = false;
            for (i, &c) in cs.iter().enumerate() {
                if kept[i] {
                    continue;
                }
                let f = self.fps.get_ref(pool, c);
                if set.meets(f) {
                    kept[i] = true;
                    set.add(f);
                    grew = true;
                }
            }
            if !grew {
                return (0..cs.len()).filter(|&i| kept[i]).collect();
            }
        }
        let mut fps: Vec<Arc<Footprint>> = cs.iter().map(|&c| self.fps.get(pool, c)).collect();
        fps.push(seed);
        let mut uf = components(&fps);
        let root = uf.find(cs.len());
        (0..cs.len()).filter(|&i| uf.find(i) == root).collect()
    }

    /// The independent factors of `cs`: (constraint indices, their element set).
    fn factors(&mut self, pool: &ExprPool, cs: &[ExprId]) -> Vec<(Vec<usize>, ElemSet)> {
        let fps: Vec<Arc<Footprint>> = cs.iter().map(|&c| self.fps.get(pool, c)).collect();
        let mut uf = components(&fps);
        let mut slot: HashMap<usize, usize> = HashMap::new();
        let mut out: Vec<(Vec<usize>, ElemSet)> = Vec::new();
        for (i, f) in fps.iter().enumerate() {
            let r = uf.find(i);
            let k = *slot.entry(r).or_insert_with(|| {
                out.push((Vec::new(), ElemSet::default()));
                out.len() - 1
            });
            out[k].0.push(i);
            out[k].1.add(f);
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
    ) -> Answer {
        let r = Req { want, ..*r };
        solve_kept(self.inner.as_mut(), pool, &r, idx, r.lit, st)
    }

    fn by_factors(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
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
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
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
