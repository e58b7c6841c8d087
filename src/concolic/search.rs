//! Which decision of which executed path to negate next (CREST's and SAGE's strategies).
//!
//! - `dfs`: the deepest decision of the current path not tried yet (bounded by `--max-depth`
//!   decisions); a path solved from it becomes the current one. Every decision of every path
//!   is negated once: the whole tree, as a forking run with `--search=dfs`.
//! - `random-branch` (CREST's random branch search): a random untried decision of the
//!   current path; the new path becomes the current one (the decisions it shares with the
//!   path before keep what was tried there). When every decision of the current path was
//!   tried, the run restarts from a random input (CREST's reset; 64 restarts in a row that
//!   find no new path end the search).
//! - `uniform-random` (CREST's URS): walks down the current path, negating each decision with
//!   probability 1/2 (the coin is tossed before solving, where CREST solves first); a new path
//!   becomes the current one and the walk goes on after the negated decision; at the path's
//!   end a new walk starts.
//! - `cfg` (CREST's CFG-directed search): the untried conditional branch of the current path
//!   whose other side is nearest to code not covered yet (static distances on the CFG,
//!   `search::distance`, recomputed when coverage grows; ties at random), else as
//!   `random-branch`.
//! - `generational` (SAGE's): every decision of a path from its bound on (the decision it was
//!   solved from, plus one) is a child; children of the paths that covered the most new code
//!   go first.

use std::collections::BinaryHeap;
use std::rc::Rc;

use super::path::PathRec;
use crate::ir::{InstKind, Module};
use crate::search::coverage::Coverage;
use crate::search::distance::Distances;
use crate::search::rng::Rng;

/// What the search wants run next.
pub(crate) enum Next<'a> {
    /// An input taking the other side of decision `j` of the path.
    Negate(&'a PathRec, usize),
    /// A fresh random input (CREST's reset).
    Restart,
    Done,
}

/// What a search sees of the run.
pub(crate) struct Ctx<'a> {
    pub(crate) m: &'a Module,
    pub(crate) cov: &'a Coverage,
    pub(crate) rng: &'a mut Rng,
}

/// How a path came to run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ran {
    /// `None`: from the first input, a seed or a restart; `Some(j)`: solved from decision `j`
    /// of the last negated path.
    pub(crate) from: Option<usize>,
    /// It decided as predicted (CREST's prediction check).
    pub(crate) met: bool,
    /// No path before made the same decisions.
    pub(crate) fresh: bool,
    /// Instructions it covered first.
    pub(crate) new_cov: u64,
}

pub(crate) trait Search {
    /// A path ran (`r`).
    fn ran(&mut self, p: PathRec, r: Ran);
    fn next(&mut self, cx: &mut Ctx<'_>) -> Next<'_>;
    /// The last negation was infeasible (or the solver gave up).
    fn failed(&mut self) {}
}

/// Decisions that may be negated: the first `bound` of a path.
fn limit(p: &PathRec, bound: usize) -> usize {
    p.dec.len().min(bound)
}

pub(crate) struct Dfs {
    cur: Option<PathRec>,
    bound: usize,
}

impl Dfs {
    pub(crate) fn new(bound: usize) -> Dfs {
        Dfs { cur: None, bound }
    }
}

impl Search for Dfs {
    fn ran(&mut self, mut p: PathRec, r: Ran) {
        match (r.from, self.cur.take()) {
            (Some(j), Some(parent)) if r.met => {
                // The child shares the prefix: what was tried there stays tried.
                p.tried[..=j].copy_from_slice(&parent.tried[..=j]);
                self.cur = Some(p);
            }
            // (A path that did not decide as predicted: the parent stays current.)
            (Some(_), parent) => self.cur = parent,
            (None, _) => self.cur = Some(p),
        }
    }

    fn next(&mut self, _: &mut Ctx<'_>) -> Next<'_> {
        let Some(p) = &mut self.cur else {
            return Next::Done;
        };
        match (0..limit(p, self.bound)).rev().find(|&j| !p.tried[j]) {
            Some(j) => {
                p.tried[j] = true;
                Next::Negate(p, j)
            }
            None => Next::Done,
        }
    }
}

/// Random choices among the current path's untried decisions (`random-branch`, and `cfg`
/// without a branch towards uncovered code).
pub(crate) struct RandomBranch {
    cur: Option<PathRec>,
    bound: usize,
    /// A new path was found since the last restart, and restarts in a row without one.
    progress: bool,
    idle: u32,
    cfg: Option<CfgDistances>,
}

/// `cfg`'s distances to uncovered code.
struct CfgDistances {
    d: Option<Distances>,
    version: u64,
}

impl RandomBranch {
    pub(crate) fn new(bound: usize, cfg: bool) -> RandomBranch {
        RandomBranch {
            cur: None,
            bound,
            progress: true,
            idle: 0,
            cfg: cfg.then_some(CfgDistances {
                d: None,
                version: u64::MAX,
            }),
        }
    }
}

impl Search for RandomBranch {
    fn ran(&mut self, mut p: PathRec, r: Ran) {
        self.progress |= r.fresh && r.from.is_some();
        match (r.from, &self.cur) {
            (Some(j), Some(parent)) if r.met => {
                // The prefix's decisions tried from the parent stay tried: no path goes back
                // and forth between two sides.
                p.tried[..=j].copy_from_slice(&parent.tried[..=j]);
                self.cur = Some(p);
            }
            (Some(_), Some(_)) => {}
            _ => self.cur = Some(p),
        }
    }

    fn next(&mut self, cx: &mut Ctx<'_>) -> Next<'_> {
        let Some(p) = &mut self.cur else {
            return Next::Done;
        };
        let open: Vec<usize> = (0..limit(p, self.bound)).filter(|&j| !p.tried[j]).collect();
        if open.is_empty() {
            self.idle = if std::mem::take(&mut self.progress) {
                0
            } else {
                self.idle + 1
            };
            if self.idle >= IDLE_WALKS {
                // Restarts keep finding nothing new: the paths within reach are found.
                return Next::Done;
            }
            return Next::Restart;
        }
        let nearest = self.cfg.as_mut().and_then(|c| c.nearest(cx, p, &open));
        let j = nearest.unwrap_or_else(|| open[cx.rng.below(open.len() as u64) as usize]);
        p.tried[j] = true;
        Next::Negate(p, j)
    }
}

impl CfgDistances {
    /// The decision among `open` at a conditional branch whose untaken side is nearest to
    /// uncovered code (ties at random); `None` when none leads there.
    fn nearest(&mut self, cx: &mut Ctx<'_>, p: &PathRec, open: &[usize]) -> Option<usize> {
        let version = cx.cov.covered_count();
        if self.version != version {
            match &mut self.d {
                Some(d) => d.recompute(cx.cov),
                None => self.d = Some(Distances::new(cx.m, cx.cov)),
            }
            self.version = version;
        }
        let d = self.d.as_ref()?;
        let mut best: Vec<usize> = Vec::new();
        let mut best_d = u64::MAX;
        for &j in open {
            let (f, pc) = p.site(j);
            let func = cx.m.func(f);
            let Some(InstKind::CondBr { t, f: fe, .. }) =
                func.code.get(pc as usize).map(|i| &i.kind)
            else {
                continue;
            };
            // (A branch asks its condition first: `holds` is the side taken.)
            let other = if p.dec[j].holds { fe } else { t };
            let start = func.blocks[other.target.0 as usize].start;
            let dist = d.min_dist_to_uncovered(f, start);
            if dist == 0 {
                continue;
            }
            if dist < best_d {
                best_d = dist;
                best.clear();
            }
            if dist == best_d {
                best.push(j);
            }
        }
        match best.len() {
            0 => None,
            n => Some(best[cx.rng.below(n as u64) as usize]),
        }
    }
}

pub(crate) struct UniformRandom {
    cur: Option<PathRec>,
    bound: usize,
    /// The walk's next decision.
    i: usize,
    /// Walks in a row that found no new path.
    idle: u32,
    found: bool,
}

/// Walks (restarts) in a row without a new path before `uniform-random` (`random-branch`,
/// `cfg`) gives up.
const IDLE_WALKS: u32 = 64;

impl UniformRandom {
    pub(crate) fn new(bound: usize) -> UniformRandom {
        UniformRandom {
            cur: None,
            bound,
            i: 0,
            idle: 0,
            found: false,
        }
    }
}

impl Search for UniformRandom {
    fn ran(&mut self, p: PathRec, r: Ran) {
        match r.from {
            Some(j) => {
                self.found |= r.fresh;
                self.i = j + 1;
                if r.met {
                    self.cur = Some(p);
                }
            }
            None => {
                self.cur = Some(p);
                self.i = 0;
            }
        }
    }

    fn next(&mut self, cx: &mut Ctx<'_>) -> Next<'_> {
        let Some(p) = &self.cur else {
            return Next::Done;
        };
        let n = limit(p, self.bound);
        loop {
            if self.i >= n {
                // The walk is over: another one from the top of the current path.
                self.i = 0;
                self.idle = if std::mem::take(&mut self.found) {
                    0
                } else {
                    self.idle + 1
                };
                if n == 0 || self.idle >= IDLE_WALKS {
                    return Next::Done;
                }
            }
            let j = self.i;
            self.i += 1;
            if cx.rng.below(2) == 0 {
                return Next::Negate(p, j);
            }
        }
    }
}

/// A child of `generational`: decision `j` of a path whose run covered `score` new
/// instructions (`seq`: older first among equals).
struct Child {
    score: u64,
    seq: u64,
    path: Rc<PathRec>,
    j: usize,
}

impl PartialEq for Child {
    fn eq(&self, o: &Self) -> bool {
        (self.score, self.seq) == (o.score, o.seq)
    }
}
impl Eq for Child {}
impl PartialOrd for Child {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Child {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (self.score, std::cmp::Reverse(self.seq)).cmp(&(o.score, std::cmp::Reverse(o.seq)))
    }
}

pub(crate) struct Generational {
    queue: BinaryHeap<Child>,
    bound: usize,
    seq: u64,
    /// The child being run.
    last: Option<Child>,
}

impl Generational {
    pub(crate) fn new(bound: usize) -> Generational {
        Generational {
            queue: BinaryHeap::new(),
            bound,
            seq: 0,
            last: None,
        }
    }
}

impl Search for Generational {
    fn ran(&mut self, p: PathRec, r: Ran) {
        if !r.fresh {
            // (Its children were queued when it ran first.)
            return;
        }
        let first = r.from.map_or(0, |j| j + 1);
        let n = limit(&p, self.bound);
        let path = Rc::new(p);
        for j in first..n {
            self.seq += 1;
            self.queue.push(Child {
                score: r.new_cov,
                seq: self.seq,
                path: path.clone(),
                j,
            });
        }
    }

    fn next(&mut self, _: &mut Ctx<'_>) -> Next<'_> {
        self.last = self.queue.pop();
        match &self.last {
            Some(c) => Next::Negate(&c.path, c.j),
            None => Next::Done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::machine::Decision;
    use crate::expr::ExprId;
    use crate::ir::FuncId;

    /// A path of `n` decisions (facts `f0`...), none tried.
    fn path(facts: &[u32]) -> PathRec {
        let dec = facts
            .iter()
            .enumerate()
            .map(|(i, &f)| Decision {
                holds: true,
                fact: ExprId(f),
                at: i as u32,
                site: (FuncId(0), i as u32),
                branch: None,
                settled: false,
            })
            .collect::<Vec<_>>();
        PathRec {
            input: Vec::new(),
            arrays: Vec::new(),
            cs: facts.iter().map(|&f| ExprId(f)).collect(),
            tried: vec![false; dec.len()],
            dec,
        }
    }

    fn ran(from: Option<usize>, met: bool) -> Ran {
        Ran {
            from,
            met,
            fresh: true,
            new_cov: 0,
        }
    }

    /// Runs `f` with a context over an empty module.
    fn with_cx(f: impl FnOnce(&mut Ctx<'_>)) {
        let m = crate::ir::Module::default();
        let cov = Coverage::new(&m);
        let mut rng = Rng::new(0);
        f(&mut Ctx {
            m: &m,
            cov: &cov,
            rng: &mut rng,
        });
    }

    fn negated(s: &mut dyn Search, cx: &mut Ctx<'_>) -> Option<usize> {
        match s.next(cx) {
            Next::Negate(_, j) => Some(j),
            _ => None,
        }
    }

    #[test]
    fn dfs_negates_the_deepest_untried_decision_and_children_inherit_the_prefix() {
        with_cx(|cx| {
            let mut s = Dfs::new(usize::MAX);
            s.ran(path(&[1, 2, 3]), ran(None, true));
            assert_eq!(negated(&mut s, cx), Some(2));
            // The child of decision 2: decisions 0..=2 are the parent's (2 tried).
            s.ran(path(&[1, 2, 4]), ran(Some(2), true));
            assert_eq!(negated(&mut s, cx), Some(1));
            // A child that did not decide as predicted: the parent stays current.
            s.ran(path(&[1, 9]), ran(Some(1), false));
            assert_eq!(negated(&mut s, cx), Some(0));
            assert_eq!(negated(&mut s, cx), None);
        });
    }

    #[test]
    fn dfs_is_bounded_by_max_depth() {
        with_cx(|cx| {
            let mut s = Dfs::new(1);
            s.ran(path(&[1, 2, 3]), ran(None, true));
            assert_eq!(negated(&mut s, cx), Some(0));
            assert_eq!(negated(&mut s, cx), None);
        });
    }

    #[test]
    fn generational_expands_from_the_bound_best_score_first() {
        with_cx(|cx| {
            let mut s = Generational::new(usize::MAX);
            s.ran(path(&[1, 2]), ran(None, true));
            assert_eq!(negated(&mut s, cx), Some(0));
            // The child of decision 0 covered new code: its children (from decision 1) go first.
            let mut r = ran(Some(0), true);
            r.new_cov = 5;
            s.ran(path(&[7, 8, 9]), r);
            let order: Vec<usize> = std::iter::from_fn(|| negated(&mut s, cx)).collect();
            assert_eq!(order, vec![1, 2, 1]);
        });
    }

    #[test]
    fn random_branch_restarts_then_stops_without_new_paths() {
        with_cx(|cx| {
            let mut s = RandomBranch::new(usize::MAX, false);
            s.ran(path(&[1]), ran(None, true));
            assert_eq!(negated(&mut s, cx), Some(0));
            s.failed();
            assert!(matches!(s.next(cx), Next::Restart));
            for _ in 0..IDLE_WALKS - 1 {
                s.ran(path(&[1]), ran(None, true));
                assert_eq!(negated(&mut s, cx), Some(0));
                assert!(matches!(s.next(cx), Next::Restart));
            }
            s.ran(path(&[1]), ran(None, true));
            assert_eq!(negated(&mut s, cx), Some(0));
            assert!(matches!(s.next(cx), Next::Done));
        });
    }
}
