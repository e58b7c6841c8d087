//! Solver queries over expression ids: the chain (constant fast path, independence, query cache,
//! counterexample cache) in front of the Z3 backend.
//!
//! # API
//! [`Solver`] answers five kinds of question about a conjunction of width-1 `constraints`
//! (normally a path condition) and a width-1 `expr`: validity ([`Solver::must_be_true`]),
//! satisfiability ([`Solver::may_be_true`]), a value ([`Solver::get_value`]), a model of byte
//! arrays ([`Solver::get_initial_values`]) and an unsat core ([`Solver::unsat_core`]). Core
//! indices always refer to the caller's `constraints` slice; the expr is always assumed part of
//! the core.
//!
//! Build a solver with [`default_chain`] (all layers) or [`build_chain`] ([`ChainConfig`] turns
//! layers off, like KLEE's `--use-query-cache` etc.); [`z3_solver`] is the bare backend.
//!
//! # Contract
//! * One solver is used with ONE [`ExprPool`] (its caches are keyed by ids). If it sees a
//!   different pool (other address, fewer expressions than before, or different expressions at
//!   a few probed ids) it clears its caches; this guard is a heuristic, not a proof.
//! * Like KLEE, the chain assumes the `constraints` alone are satisfiable (true of path
//!   conditions): independence drops constraints unrelated to the expr, so with unsatisfiable
//!   constraints `must_be_true` may answer `false` where it is vacuously valid. Cores stay sound:
//!   every returned core is itself unsatisfiable together with the expr.
//! * `get_value` with unsatisfiable constraints returns `SolverError::Unknown` (a constant expr
//!   is returned as is, unchecked).
//! * Reads outside an array's `size` are unconstrained in Z3 (KLEE's semantics) but read as 0
//!   under `expr::eval`; the executor checks bounds before reading, so this never matters for
//!   its queries. Models returned hold exactly `size` bytes per array.
//!
//! # Chain (each a `Layer` wrapping the next, as in KLEE)
//! 1. `fast`: constant constraints and exprs answered or dropped without solving.
//! 2. `independence`: only the constraints transitively sharing array *bytes* with the expr are
//!    kept (KLEE's byte-level `IndependentElementSet`, computed in `footprint`; the array-level
//!    `expr::arrays_of` would join all the cells of one `int a[N]` object). Models (and checks
//!    of the constraints alone) are solved per independent factor and merged byte by byte;
//!    every factor is checked, so an unsatisfiable factor still gives `None`.
//! 3. `cache`: exact (sorted constraint set, literal) -> answer, with the core stored as
//!    constraint ids (so it maps back to any caller's indices); values per (set, expr).
//! 4. `cex`: KLEE's CexCachingSolver: stored unsat cores answer supersets (with that core);
//!    stored models (exact set, path condition without the literal, recent ones) answer sat
//!    after checking them with `expr::eval`. On a miss it always asks for a core, so that a
//!    validity answer cached for the executor yields a small core for the interpolation code.
//! 5. `enumerate`: a query reading at most one symbolic byte is decided by trying its 256
//!    values (a branch on a `__VERIFIER_nondet_bool()`: no Z3 call per fork).
//! 6. `z3`: translation with a per-`ExprId` cache, one context per thread, push/pop on
//!    long-lived solvers (QF_AUFBV, general fallback), timeouts, models, cores through
//!    `check_assumptions`.
//!
//! Between layers a query is a `Req`: constraints, an optional `Lit` (an expr or its
//! negation: the pool is immutable here, so `must_be_true` cannot build `not expr`) and a
//! `Want` (core / model / value). This is why layers implement the internal `Layer` trait
//! and [`Chain`] implements [`Solver`] on top of them.
//!
//! # Measured (release build, loaded 2-core machine; `tests::bench_branches_full`)
//! * KLEE's 2^14 program (14 independent `if (a[i] > 0)` on one symbolic `int a[14]`, DFS,
//!   validity of the condition then of its negation at each fork, a model per path): 16384
//!   paths, 49150 queries in ~0.2 s (~250k queries/s), 15 reach Z3.
//! * Chained conditions (`a[i] + a[i-1] > 0`, nothing independent), 2^10 paths: 3070 queries,
//!   1024 reach Z3 at ~1.5 ms each; the cex cache answers the rest.
//! * A trivial Z3 query costs ~0.1-0.2 ms with push/pop (10-20 ms with a fresh solver).

use std::time::{Duration, Instant};

use crate::expr::{ArrayId, ExprId, ExprPool};

mod bounds;
mod cache;
mod cex;
mod enumerate;
mod fast;
pub(crate) mod footprint;
mod independence;
mod ippc;
pub mod z3;

#[cfg(test)]
mod tests;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolverError {
    #[error("solver timeout")]
    Timeout,
    #[error("solver returned unknown: {0}")]
    Unknown(String),
}

/// `constraints => expr` (validity) or `constraints && expr` (satisfiability); `expr` has width 1.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    pub constraints: &'a [ExprId],
    pub expr: ExprId,
}

impl<'a> Query<'a> {
    pub fn new(constraints: &'a [ExprId], expr: ExprId) -> Self {
        Query { constraints, expr }
    }
}

pub trait Solver {
    /// Is `constraints => expr` valid?  (KLEE's mustBeTrue)
    fn must_be_true(&mut self, pool: &ExprPool, q: Query) -> Result<bool, SolverError>;
    /// Is `constraints && expr` satisfiable? (mayBeTrue)
    fn may_be_true(&mut self, pool: &ExprPool, q: Query) -> Result<bool, SolverError>;
    /// A value of `expr` (any width) consistent with the constraints.
    fn get_value(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        expr: ExprId,
    ) -> Result<u128, SolverError>;
    /// A model: bytes (`size` of them) for each array in `arrays` (None if the constraints are
    /// unsatisfiable).
    fn get_initial_values(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        arrays: &[ArrayId],
    ) -> Result<Option<Vec<Vec<u8>>>, SolverError>;
    /// If `constraints && expr` is unsatisfiable: Some(sorted indices into `constraints` of an
    /// unsat core (the expr itself is always assumed part of it)); None if satisfiable.
    fn unsat_core(&mut self, pool: &ExprPool, q: Query) -> Result<Option<Vec<usize>>, SolverError>;
    fn stats(&self) -> &SolverStats;
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Calls of the public `Solver` methods.
    pub queries: u64,
    /// Checks that reached Z3.
    pub solver_calls: u64,
    /// Constraints those checks held, in all and at most (the literal not counted).
    pub query_constraints: u64,
    pub largest_query: u64,
    /// Answers from the exact query cache.
    pub cache_hits: u64,
    /// Answers from the counterexample cache (stored cores or models).
    pub cex_cache_hits: u64,
    /// Time in the whole chain.
    pub time: Duration,
    /// Time inside Z3 (translation + check + model/core extraction).
    pub z3_time: Duration,
    pub timeouts: u64,
}

/// Which layers to use (all on by default), and the per-query Z3 timeout.
#[derive(Clone, Debug)]
pub struct ChainConfig {
    pub timeout: Option<Duration>,
    /// IPPC for fork questions (`ippc.rs`, `--ippc`).
    pub ippc: bool,
    /// No query runs past it (`--max-time`)...
    pub deadline: Option<std::time::Instant>,
    /// ... but one started after it runs until `deadline + grace` at most.
    pub grace: Duration,
    pub independence: bool,
    pub query_cache: bool,
    pub cex_cache: bool,
}

impl Default for ChainConfig {
    fn default() -> Self {
        ChainConfig {
            timeout: None,
            ippc: false,
            deadline: None,
            grace: Duration::ZERO,
            independence: true,
            query_cache: true,
            cex_cache: true,
        }
    }
}

/// The full chain: constant fast path, independence, redundant bounds, query cache, cex cache,
/// one-byte enumeration, Z3.
pub fn default_chain(timeout: Option<Duration>) -> Box<dyn Solver + Send> {
    build_chain(ChainConfig {
        timeout,
        ..ChainConfig::default()
    })
}

/// A chain with the layers chosen by `cfg` (the constant fast path and the one-byte enumeration
/// are always on).
pub fn build_chain(cfg: ChainConfig) -> Box<dyn Solver + Send> {
    let mut layer: Box<dyn Layer> =
        Box::new(z3::Z3Backend::until(cfg.timeout, cfg.deadline, cfg.grace));
    layer = Box::new(enumerate::Enumerate::new(layer));
    if cfg.cex_cache {
        layer = Box::new(cex::CexCache::new(layer));
    }
    if cfg.query_cache {
        layer = Box::new(cache::QueryCache::new(layer));
    }
    layer = Box::new(bounds::Bounds::new(layer));
    if cfg.ippc {
        layer = Box::new(ippc::Ippc::new(layer));
    }
    if cfg.independence {
        layer = Box::new(independence::Independence::new(layer));
    }
    layer = Box::new(fast::ConstantFastPath::new(layer));
    Box::new(Chain::new(layer))
}

/// The bare Z3 backend (no fast paths, no caches): the reference for differential tests.
pub fn z3_solver(timeout: Option<Duration>) -> Box<dyn Solver + Send> {
    Box::new(Chain::new(Box::new(z3::Z3Backend::new(timeout))))
}

// ---------------------------------------------------------------------------------------------
// Internal query shape shared by the layers.

/// `e` (`neg == false`) or `not e`; `e` has width 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Lit {
    pub e: ExprId,
    pub neg: bool,
}

impl Lit {
    pub fn pos(e: ExprId) -> Lit {
        Lit { e, neg: false }
    }
}

/// What the caller wants besides sat/unsat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Want<'a> {
    /// An unsat core when unsatisfiable.
    pub core: bool,
    /// When satisfiable: `size` bytes of each of these arrays in one model.
    pub arrays: &'a [ArrayId],
    /// When satisfiable: the value of this expr in the same model.
    pub value: Option<ExprId>,
}

impl Want<'_> {
    pub const SAT: Want<'static> = Want {
        core: false,
        arrays: &[],
        value: None,
    };
}

/// `constraints && lit` (lit absent = true).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Req<'a> {
    pub cs: &'a [ExprId],
    pub lit: Option<Lit>,
    pub want: Want<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Unsatisfiable; the core (indices into `Req::cs`, the literal implied) if wanted or known.
    Unsat(Option<Vec<usize>>),
    /// Satisfiable; bytes for `Want::arrays` and the value of `Want::value` if asked.
    Sat {
        model: Vec<Vec<u8>>,
        value: Option<u128>,
    },
}

impl Outcome {
    pub fn sat() -> Outcome {
        Outcome::Sat {
            model: Vec::new(),
            value: None,
        }
    }
}

/// What a layer answers to a request.
pub(crate) type Answer = Result<Outcome, SolverError>;

/// One layer of the chain.
pub(crate) trait Layer: Send {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer;
    /// Forget everything keyed by ids (a new pool).
    fn reset(&mut self);
}

impl Layer for Box<dyn Layer> {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        (**self).solve(pool, r, st)
    }
    fn reset(&mut self) {
        (**self).reset()
    }
}

/// Maps an outcome computed on a sub-list `sub` of the caller's constraints back: `sub[i]` is
/// the caller's index of the i-th constraint passed down.
pub(crate) fn remap(o: Outcome, sub: &[usize]) -> Outcome {
    match o {
        Outcome::Unsat(Some(core)) => {
            let mut c: Vec<usize> = core.into_iter().map(|i| sub[i]).collect();
            c.sort_unstable();
            c.dedup();
            Outcome::Unsat(Some(c))
        }
        o => o,
    }
}

/// `r` with only the constraints `kept` (distinct indices into `r.cs`) and the literal `lit`,
/// solved by `inner`, a core mapped back to `r`'s indices.
pub(crate) fn solve_kept(
    inner: &mut dyn Layer,
    pool: &ExprPool,
    r: &Req,
    kept: &[usize],
    lit: Option<Lit>,
    st: &mut SolverStats,
) -> Answer {
    if kept.len() == r.cs.len() && lit == r.lit {
        return inner.solve(pool, r, st);
    }
    let cs: Vec<ExprId> = kept.iter().map(|&i| r.cs[i]).collect();
    let sub = Req {
        cs: &cs,
        lit,
        want: r.want,
    };
    Ok(remap(inner.solve(pool, &sub, st)?, kept))
}

/// The public face: a stack of layers plus statistics and the pool guard.
pub struct Chain {
    top: Box<dyn Layer>,
    stats: SolverStats,
    pool_addr: usize,
    pool_len: usize,
    pool_probe: u64,
}

/// A hash of a few expressions among the first `len` of `pool` (pools only grow, so the same
/// pool gives the same probe later): tells a new pool at a reused address from the old one.
fn pool_probe(pool: &ExprPool, len: usize) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for i in [
        0,
        len / 3,
        len / 2,
        len.saturating_sub(2),
        len.saturating_sub(1),
    ] {
        if i < len {
            pool.get(ExprId(i as u32)).hash(&mut h);
        }
    }
    if let Some(a) = pool.arrays().first() {
        a.name.hash(&mut h);
    }
    h.finish()
}

impl Chain {
    fn new(top: Box<dyn Layer>) -> Self {
        Chain {
            top,
            stats: SolverStats::default(),
            pool_addr: 0,
            pool_len: 0,
            pool_probe: 0,
        }
    }

    fn run(&mut self, pool: &ExprPool, r: &Req) -> Answer {
        let addr = pool as *const ExprPool as usize;
        let same = addr == self.pool_addr
            && pool.len() >= self.pool_len
            && pool_probe(pool, self.pool_len) == self.pool_probe;
        if !same {
            if self.pool_addr != 0 {
                self.top.reset();
            }
            self.pool_addr = addr;
        }
        self.pool_len = pool.len();
        self.pool_probe = pool_probe(pool, self.pool_len);
        self.stats.queries += 1;
        let t = Instant::now();
        let res = self.top.solve(pool, r, &mut self.stats);
        self.stats.time += t.elapsed();
        if matches!(res, Err(SolverError::Timeout)) {
            self.stats.timeouts += 1;
        }
        res
    }
}

impl Solver for Chain {
    fn must_be_true(&mut self, pool: &ExprPool, q: Query) -> Result<bool, SolverError> {
        let r = Req {
            cs: q.constraints,
            lit: Some(Lit {
                e: q.expr,
                neg: true,
            }),
            want: Want::SAT,
        };
        Ok(matches!(self.run(pool, &r)?, Outcome::Unsat(_)))
    }

    fn may_be_true(&mut self, pool: &ExprPool, q: Query) -> Result<bool, SolverError> {
        let r = Req {
            cs: q.constraints,
            lit: Some(Lit::pos(q.expr)),
            want: Want::SAT,
        };
        Ok(matches!(self.run(pool, &r)?, Outcome::Sat { .. }))
    }

    fn get_value(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        expr: ExprId,
    ) -> Result<u128, SolverError> {
        let r = Req {
            cs: constraints,
            lit: None,
            want: Want {
                core: false,
                arrays: &[],
                value: Some(expr),
            },
        };
        match self.run(pool, &r)? {
            Outcome::Sat { value: Some(v), .. } => Ok(v),
            Outcome::Sat { value: None, .. } => Err(SolverError::Unknown(
                "internal: no value in a sat answer".into(),
            )),
            Outcome::Unsat(_) => Err(SolverError::Unknown(
                "get_value: constraints are unsatisfiable".into(),
            )),
        }
    }

    fn get_initial_values(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        arrays: &[ArrayId],
    ) -> Result<Option<Vec<Vec<u8>>>, SolverError> {
        let r = Req {
            cs: constraints,
            lit: None,
            want: Want {
                core: false,
                arrays,
                value: None,
            },
        };
        match self.run(pool, &r)? {
            Outcome::Sat { model, .. } => Ok(Some(model)),
            Outcome::Unsat(_) => Ok(None),
        }
    }

    fn unsat_core(&mut self, pool: &ExprPool, q: Query) -> Result<Option<Vec<usize>>, SolverError> {
        let r = Req {
            cs: q.constraints,
            lit: Some(Lit::pos(q.expr)),
            want: Want {
                core: true,
                arrays: &[],
                value: None,
            },
        };
        match self.run(pool, &r)? {
            Outcome::Unsat(Some(mut core)) => {
                core.sort_unstable();
                core.dedup();
                Ok(Some(core))
            }
            Outcome::Unsat(None) => Err(SolverError::Unknown(
                "internal: unsat without a core".into(),
            )),
            Outcome::Sat { .. } => Ok(None),
        }
    }

    fn stats(&self) -> &SolverStats {
        &self.stats
    }
}

/// Bytes of an array that no constraint mentions: its initial contents if constant, else zeros.
pub(crate) fn default_bytes(pool: &ExprPool, a: ArrayId) -> Vec<u8> {
    let arr = pool.array(a);
    let mut v = arr.init.clone().unwrap_or_default();
    v.resize(arr.size as usize, 0);
    v
}
