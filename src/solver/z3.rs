//! The Z3 backend: the only code that touches the `z3` crate.
//!
//! * Width-1 expressions become Z3 `Bool`s, wider ones bitvectors (`Bool` <-> `#b1` conversions
//!   only where a width-1 value meets bitvector arithmetic: concat, extensions, division...).
//! * Arrays are Z3 arrays `(_ BitVec domain) -> (_ BitVec 8)`: a free constant per array; a
//!   constant one (`Array::init`) is defined by one equality per byte, asserted once per Z3
//!   solver below every query (as KLEE's Z3 builder does). (A `const`-array base with `store`s
//!   makes the QF_AUFBV solver give up, "incomplete (theory array)", and the general solver
//!   then takes about a second per query on a table read at a symbolic index.) Reads beyond
//!   a constant array's size are unconstrained: the executor reads within an object's bounds.
//!   Update lists are `store` chains cached per (array, update node), so shared list tails are
//!   built once.
//! * Translations are cached per `ExprId` (and never redone for a shared subterm); traversal is
//!   iterative, so deep terms cannot overflow the stack.
//! * Z3 objects are not `Send`: they live in thread-local state (the `z3` crate's one context
//!   per thread, plus this module's translation caches keyed by backend instance). The
//!   `Z3Backend` value itself is `Send`; moved to another thread it builds new caches there.
//! * Queries run inside `push`/`pop` on a long-lived Z3 solver per backend and thread (renewed
//!   every few thousand queries), with the `timeout` parameter in ms: a fresh solver per query
//!   costs ~10 ms in Z3 4.8.12, push/pop ~0.1 ms. The solver is Z3's QF_AUFBV one (fastest on
//!   path conditions), with the general solver as fallback when it answers "incomplete". Unsat cores come from `check_assumptions`
//!   with one tracking literal per constraint (`t_i => c_i`).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hashbrown::HashMap;
use z3::ast::{Array as ZArray, Ast, Bool, BV};
use z3::{Model, Params, SatResult, Solver as ZSolver, Sort};

use super::{default_bytes, Answer, Layer, Outcome, Req, SolverError, SolverStats};
use crate::expr::walk::{post_order, Node};
use crate::expr::{ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool, UpdateId};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Queries answered by one Z3 solver object before it is replaced.
const RENEW_AFTER: u32 = 2000;

/// Constant arrays up to this size are defined byte by byte below the queries; larger ones
/// (a program's buffers read at a symbolic offset) are a `const` array of their most common
/// byte with `store`s of the others: Z3 spent minutes in `push` on the 40,960 definitions of
/// one buffer of coreutils' base64 (the QF_AUFBV solver gives up on the `const` base and the
/// general solver answers instead).
const MAX_DEFINED_ARRAY: u64 = 4096;

/// A large constant array: the most common byte everywhere, then the other bytes stored.
fn large_constant_array(dom: &Sort, domain: u32, bytes: &[u8], size: u64) -> ZArray {
    let byte = |i: u64| bytes.get(i as usize).copied().unwrap_or(0);
    let mut counts = [0u32; 256];
    (0..size).for_each(|i| counts[byte(i) as usize] += 1);
    let common = (0..256).max_by_key(|&b| counts[b]).unwrap_or(0) as u8;
    let mut t = ZArray::const_array(dom, &BV::from_u64(common as u64, 8));
    for i in (0..size).filter(|&i| byte(i) != common) {
        t = t.store(
            &bv_const(domain, i as u128),
            &BV::from_u64(byte(i) as u64, 8),
        );
    }
    t
}

thread_local! {
    static STATES: RefCell<HashMap<u64, State>> = RefCell::new(HashMap::new());
}

/// The Z3 layer (bottom of every chain).
pub struct Z3Backend {
    id: u64,
    generation: u64,
    timeout_ms: Option<u32>,
    /// No query runs past this instant (the run's `--max-time`): each query's timeout is
    /// capped by the time left.
    deadline: Option<Instant>,
    /// A query started after `deadline` (the test of a path the halt ended) runs until this
    /// instant at most: KLEE solves those without a cap; a bounded grace keeps the run's end
    /// near `--max-time` and loses fewer tests.
    grace_end: Option<Instant>,
    /// Skip the QF_AUFBV solver (tests: cross-check it against the general one).
    general_only: bool,
}

impl Z3Backend {
    pub fn new(timeout: Option<Duration>) -> Self {
        Z3Backend {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            generation: 0,
            timeout_ms: timeout.map(|t| t.as_millis().clamp(1, u32::MAX as u128) as u32),
            deadline: None,
            grace_end: None,
            general_only: false,
        }
    }

    /// The same, no query running past `deadline`, or past `deadline + grace` for one started
    /// after it.
    pub fn until(timeout: Option<Duration>, deadline: Option<Instant>, grace: Duration) -> Self {
        Z3Backend {
            deadline,
            grace_end: deadline.map(|d| d + grace),
            ..Self::new(timeout)
        }
    }

    /// A backend using only Z3's general solver.
    #[cfg(test)]
    pub(crate) fn general(timeout: Option<Duration>) -> Self {
        Z3Backend {
            general_only: true,
            ..Self::new(timeout)
        }
    }
}

impl Drop for Z3Backend {
    fn drop(&mut self) {
        let id = self.id;
        let _ = STATES.try_with(|s| {
            if let Ok(mut m) = s.try_borrow_mut() {
                m.remove(&id);
            }
        });
    }
}

impl Layer for Z3Backend {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        st.solver_calls += 1;
        st.query_constraints += r.cs.len() as u64;
        st.largest_query = st.largest_query.max(r.cs.len() as u64);
        let t0 = Instant::now();
        let res = STATES.with(|s| {
            let mut m = s.borrow_mut();
            let state = m
                .entry(self.id)
                .or_insert_with(|| State::new(self.generation));
            if state.generation != self.generation {
                *state = State::new(self.generation);
            }
            match self.deadline {
                None => state.solve(pool, r, self.timeout_ms, false, self.general_only),
                Some(d) => {
                    let now = Instant::now();
                    let end = if now < d {
                        d
                    } else {
                        self.grace_end.unwrap_or(d)
                    };
                    let left = end.saturating_duration_since(now);
                    let left = left.as_millis().clamp(1, u32::MAX as u128) as u32;
                    let ms = self.timeout_ms.map_or(left, |t| t.min(left));
                    state.solve(pool, r, Some(ms), true, self.general_only)
                }
            }
        });
        st.z3_time += t0.elapsed();
        res
    }

    fn reset(&mut self) {
        self.generation += 1;
    }
}

#[derive(Clone)]
enum Z {
    B(Bool),
    V(BV),
}

struct State {
    generation: u64,
    exprs: Vec<Option<Z>>,
    updates_ready: Vec<bool>,
    arrays: HashMap<(ArrayId, Option<UpdateId>), ZArray>,
    trackers: Vec<Bool>,
    /// [QF_AUFBV solver, general solver].
    solvers: [Option<ZSolver>; 2],
    /// The definitions of the constant arrays translated so far (their bytes' values).
    definitions: Vec<Bool>,
    /// Per solver: how many of `definitions` it has asserted.
    defined: [usize; 2],
    uses: u32,
    one1: BV,
    zero1: BV,
}

fn bv_const(width: u32, bits: u128) -> BV {
    if width <= 64 {
        BV::from_u64(bits as u64, width)
    } else {
        BV::from_str(width, &bits.to_string()).expect("bitvector numeral")
    }
}

fn ones(width: u32) -> u128 {
    crate::expr::mask(width, u128::MAX)
}

impl State {
    fn new(generation: u64) -> Self {
        State {
            generation,
            exprs: Vec::new(),
            updates_ready: Vec::new(),
            arrays: HashMap::new(),
            trackers: Vec::new(),
            solvers: [None, None],
            definitions: Vec::new(),
            defined: [0, 0],
            uses: 0,
            one1: BV::from_u64(1, 1),
            zero1: BV::from_u64(0, 1),
        }
    }

    fn done(&self, n: Node) -> bool {
        match n {
            Node::E(e) => matches!(self.exprs.get(e.0 as usize), Some(Some(_))),
            Node::U(u) => self
                .updates_ready
                .get(u.0 as usize)
                .copied()
                .unwrap_or(false),
        }
    }

    fn z(&self, e: ExprId) -> &Z {
        self.exprs[e.0 as usize].as_ref().expect("translated")
    }

    fn bv(&self, e: ExprId) -> BV {
        match self.z(e) {
            Z::V(v) => v.clone(),
            Z::B(b) => b.ite(&self.one1, &self.zero1),
        }
    }

    fn boolean(&self, e: ExprId) -> Bool {
        match self.z(e) {
            Z::B(b) => b.clone(),
            Z::V(v) => v.eq(&self.one1),
        }
    }

    /// Translates `root` and everything below it that is not translated yet.
    fn translate(&mut self, pool: &ExprPool, root: ExprId) {
        if self.done(Node::E(root)) {
            return;
        }
        if self.exprs.len() < pool.len() {
            self.exprs.resize(pool.len(), None);
        }
        post_order(pool, Node::E(root), self, Self::done, |s, n, _| match n {
            Node::E(e) => {
                let z = s.node(pool, e);
                s.exprs[e.0 as usize] = Some(z);
            }
            Node::U(u) => {
                let i = u.0 as usize;
                if s.updates_ready.len() <= i {
                    s.updates_ready.resize(i + 1, false);
                }
                s.updates_ready[i] = true;
            }
        });
    }

    fn index(&self, pool: &ExprPool, index: ExprId, domain: u32) -> BV {
        let w = pool.width(index);
        let v = self.bv(index);
        match w.cmp(&domain) {
            std::cmp::Ordering::Less => v.zero_ext(domain - w),
            std::cmp::Ordering::Greater => v.extract(domain - 1, 0),
            std::cmp::Ordering::Equal => v,
        }
    }

    fn base_array(&mut self, pool: &ExprPool, a: ArrayId) -> ZArray {
        if let Some(t) = self.arrays.get(&(a, None)) {
            return t.clone();
        }
        let arr = pool.array(a);
        let dom = Sort::bitvector(arr.domain);
        if let Some(bytes) = arr.init.as_ref().filter(|_| arr.size > MAX_DEFINED_ARRAY) {
            let t = large_constant_array(&dom, arr.domain, bytes, arr.size);
            self.arrays.insert((a, None), t.clone());
            return t;
        }
        let t = ZArray::new_const(format!("{}!{}", arr.name, a.0), &dom, &Sort::bitvector(8));
        if let Some(bytes) = &arr.init {
            let eqs: Vec<Bool> = (0..arr.size)
                .map(|i| {
                    let b = bytes.get(i as usize).copied().unwrap_or(0);
                    let sel = t.select(&bv_const(arr.domain, i as u128));
                    sel.as_bv()
                        .expect("array of bitvectors")
                        .eq(BV::from_u64(b as u64, 8))
                })
                .collect();
            let refs: Vec<&Bool> = eqs.iter().collect();
            self.definitions.push(Bool::and(&refs));
        }
        self.arrays.insert((a, None), t.clone());
        t
    }

    /// The array `a` after the writes `updates` (whose index/value exprs are translated).
    fn array_term(&mut self, pool: &ExprPool, a: ArrayId, updates: Option<UpdateId>) -> ZArray {
        if let Some(t) = self.arrays.get(&(a, updates)) {
            return t.clone();
        }
        let mut pending = Vec::new();
        let mut cur = updates;
        let mut t = loop {
            if let Some(t) = self.arrays.get(&(a, cur)) {
                break t.clone();
            }
            match cur {
                None => break self.base_array(pool, a),
                Some(u) => {
                    pending.push(u);
                    cur = pool.update_node(u).next;
                }
            }
        };
        let domain = pool.array(a).domain;
        for u in pending.into_iter().rev() {
            let n = *pool.update_node(u);
            t = t.store(&self.index(pool, n.index, domain), &self.bv(n.value));
            self.arrays.insert((a, Some(u)), t.clone());
        }
        t
    }

    /// Translation of `e`, whose children are translated.
    fn node(&mut self, pool: &ExprPool, e: ExprId) -> Z {
        let w = pool.width(e);
        match *pool.get(e) {
            Expr::Const { bits, .. } => {
                if w == 1 {
                    Z::B(Bool::from_bool(bits & 1 == 1))
                } else {
                    Z::V(bv_const(w, bits))
                }
            }
            Expr::Read {
                array,
                updates,
                index,
            } => {
                let t = self.array_term(pool, array, updates);
                let i = self.index(pool, index, pool.array(array).domain);
                Z::V(t.select(&i).as_bv().expect("array of bitvectors"))
            }
            Expr::Select { cond, t, f } => {
                let c = self.boolean(cond);
                if w == 1 {
                    Z::B(c.ite(&self.boolean(t), &self.boolean(f)))
                } else {
                    Z::V(c.ite(&self.bv(t), &self.bv(f)))
                }
            }
            Expr::Concat { hi, lo } => Z::V(self.bv(hi).concat(self.bv(lo))),
            Expr::Extract {
                e: x,
                offset,
                width,
            } => {
                if pool.width(x) == width {
                    return self.z(x).clone();
                }
                let v = self.bv(x).extract(offset + width - 1, offset);
                if width == 1 {
                    Z::B(v.eq(&self.one1))
                } else {
                    Z::V(v)
                }
            }
            Expr::ZExt { e: x, width } | Expr::SExt { e: x, width } => {
                let sw = pool.width(x);
                let signed = matches!(pool.get(e), Expr::SExt { .. });
                if sw == width {
                    return self.z(x).clone();
                }
                if sw == 1 {
                    let hi = if signed { ones(width) } else { 1 };
                    return Z::V(
                        self.boolean(x)
                            .ite(&bv_const(width, hi), &bv_const(width, 0)),
                    );
                }
                let v = self.bv(x);
                Z::V(if signed {
                    v.sign_ext(width - sw)
                } else {
                    v.zero_ext(width - sw)
                })
            }
            Expr::Not { e: x } => match self.z(x) {
                Z::B(b) => Z::B(b.not()),
                Z::V(v) => Z::V(v.bvnot()),
            },
            Expr::Bin { op, a, b } => {
                if w == 1 {
                    let (x, y) = (self.boolean(a), self.boolean(b));
                    match op {
                        BinOp::And | BinOp::Mul => return Z::B(Bool::and(&[x, y])),
                        BinOp::Or => return Z::B(Bool::or(&[x, y])),
                        BinOp::Xor | BinOp::Add | BinOp::Sub => return Z::B(x.xor(y)),
                        _ => {}
                    }
                }
                let (x, y) = (self.bv(a), self.bv(b));
                let v = match op {
                    BinOp::Add => x.bvadd(y),
                    BinOp::Sub => x.bvsub(y),
                    BinOp::Mul => x.bvmul(y),
                    BinOp::UDiv => x.bvudiv(y),
                    BinOp::SDiv => x.bvsdiv(y),
                    BinOp::URem => x.bvurem(y),
                    BinOp::SRem => x.bvsrem(y),
                    BinOp::And => x.bvand(y),
                    BinOp::Or => x.bvor(y),
                    BinOp::Xor => x.bvxor(y),
                    BinOp::Shl => x.bvshl(y),
                    BinOp::LShr => x.bvlshr(y),
                    BinOp::AShr => x.bvashr(y),
                };
                if w == 1 {
                    Z::B(v.eq(&self.one1))
                } else {
                    Z::V(v)
                }
            }
            Expr::Cmp { op, a, b } => {
                if pool.width(a) == 1 && op == CmpOp::Eq {
                    return Z::B(self.boolean(a).eq(self.boolean(b)));
                }
                let (x, y) = (self.bv(a), self.bv(b));
                Z::B(match op {
                    CmpOp::Eq => x.eq(y),
                    CmpOp::Ult => x.bvult(y),
                    CmpOp::Ule => x.bvule(y),
                    CmpOp::Slt => x.bvslt(y),
                    CmpOp::Sle => x.bvsle(y),
                })
            }
        }
    }

    fn solve(
        &mut self,
        pool: &ExprPool,
        r: &Req,
        timeout_ms: Option<u32>,
        per_query: bool,
        general_only: bool,
    ) -> Answer {
        for &c in r.cs {
            self.translate(pool, c);
        }
        if let Some(l) = r.lit {
            self.translate(pool, l.e);
        }
        if let Some(v) = r.want.value {
            self.translate(pool, v);
        }
        // Long-lived Z3 solvers, each query inside push/pop: creating a solver per query
        // costs ~10 ms in Z3 4.8.12, a push/pop round trip well under 0.1 ms. They are renewed
        // now and then so that nothing accumulates. The QF_AUFBV solver is several times faster
        // on path conditions than the general one, but gives up ("incomplete (theory array)")
        // on some array terms (constant arrays): then the general solver answers.
        if self.uses >= RENEW_AFTER {
            self.solvers = [None, None];
            self.defined = [0, 0];
            self.uses = 0;
        }
        self.uses += 1;
        let res = self.solve_with(pool, r, timeout_ms, per_query, general_only as usize);
        match res {
            Err(SolverError::Unknown(ref why)) if why.contains("incomplete") => {
                tracing::debug!(target: "trex::solver", "z3: {why}; asking the general solver");
                self.solve_with(pool, r, timeout_ms, per_query, 1)
            }
            res => res,
        }
    }

    fn solve_with(
        &mut self,
        pool: &ExprPool,
        r: &Req,
        timeout_ms: Option<u32>,
        per_query: bool,
        which: usize,
    ) -> Answer {
        let set_timeout = |s: &ZSolver, ms: u32| {
            let mut p = Params::new();
            p.set_u32("timeout", ms);
            s.set_params(&p);
        };
        let solver = match self.solvers[which].take() {
            Some(s) => {
                if let (true, Some(ms)) = (per_query, timeout_ms) {
                    set_timeout(&s, ms);
                }
                s
            }
            None => {
                let s = if which == 0 {
                    ZSolver::new_for_logic("QF_AUFBV").unwrap_or_default()
                } else {
                    ZSolver::new()
                };
                if let Some(ms) = timeout_ms {
                    set_timeout(&s, ms);
                }
                s
            }
        };
        // Definitions of constant arrays stay asserted below the queries.
        for d in &self.definitions[self.defined[which]..] {
            solver.assert(d);
        }
        self.defined[which] = self.definitions.len();
        solver.push();
        let res = self.solve_in(pool, r, &solver);
        solver.pop(1);
        self.solvers[which] = Some(solver);
        res
    }

    fn solve_in(&mut self, pool: &ExprPool, r: &Req, solver: &ZSolver) -> Answer {
        if let Some(l) = r.lit {
            let b = self.boolean(l.e);
            solver.assert(if l.neg { b.not() } else { b });
        }
        let tracked = r.want.core && !r.cs.is_empty();
        let res = if tracked {
            while self.trackers.len() < r.cs.len() {
                let i = self.trackers.len();
                self.trackers
                    .push(Bool::new_const(format!("trex!track!{i}")));
            }
            for (i, &c) in r.cs.iter().enumerate() {
                solver.assert(self.trackers[i].implies(self.boolean(c)));
            }
            solver.check_assumptions(&self.trackers[..r.cs.len()])
        } else {
            for &c in r.cs {
                solver.assert(self.boolean(c));
            }
            solver.check()
        };
        match res {
            SatResult::Unsat => {
                if !r.want.core {
                    return Ok(Outcome::Unsat(None));
                }
                if !tracked {
                    return Ok(Outcome::Unsat(Some(Vec::new())));
                }
                let pos: HashMap<&Bool, usize> = self.trackers[..r.cs.len()]
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (t, i))
                    .collect();
                let mut core: Vec<usize> = solver
                    .get_unsat_core()
                    .iter()
                    .filter_map(|b| pos.get(b).copied())
                    .collect();
                core.sort_unstable();
                core.dedup();
                Ok(Outcome::Unsat(Some(core)))
            }
            SatResult::Unknown => {
                let reason = solver.get_reason_unknown().unwrap_or_default();
                tracing::debug!(target: "trex::solver", "z3: unknown ({reason})");
                if reason.contains("timeout") || reason.contains("canceled") {
                    Err(SolverError::Timeout)
                } else {
                    Err(SolverError::Unknown(reason))
                }
            }
            SatResult::Sat => {
                if r.want.arrays.is_empty() && r.want.value.is_none() {
                    return Ok(Outcome::sat());
                }
                let m = solver
                    .get_model()
                    .ok_or_else(|| SolverError::Unknown("no model".into()))?;
                let mut model = Vec::with_capacity(r.want.arrays.len());
                for &a in r.want.arrays {
                    model.push(self.array_bytes(pool, &m, a)?);
                }
                let value = match r.want.value {
                    Some(v) => Some(self.value(pool, &m, v)?),
                    None => None,
                };
                Ok(Outcome::Sat { model, value })
            }
        }
    }

    fn array_bytes(
        &mut self,
        pool: &ExprPool,
        m: &Model,
        a: ArrayId,
    ) -> Result<Vec<u8>, SolverError> {
        let arr = pool.array(a);
        if arr.init.is_some() {
            return Ok(default_bytes(pool, a));
        }
        let (size, domain) = (arr.size, arr.domain);
        let t = self.base_array(pool, a);
        let mut out = Vec::with_capacity(size as usize);
        for i in 0..size {
            let sel = t
                .select(&bv_const(domain, i as u128))
                .as_bv()
                .expect("array of bitvectors");
            out.push(numeral(m, &sel, 8)? as u8);
        }
        Ok(out)
    }

    fn value(&self, pool: &ExprPool, m: &Model, e: ExprId) -> Result<u128, SolverError> {
        match self.z(e) {
            Z::B(b) => m
                .eval(b, true)
                .and_then(|v| v.as_bool())
                .map(|v| v as u128)
                .ok_or_else(|| SolverError::Unknown("model evaluation failed".into())),
            Z::V(v) => numeral(m, v, pool.width(e)),
        }
    }
}

/// The value of bitvector `v` (of `width` bits) in model `m`.
fn numeral(m: &Model, v: &BV, width: u32) -> Result<u128, SolverError> {
    let fail = || SolverError::Unknown("model evaluation failed".into());
    if width <= 64 {
        return m
            .eval(v, true)
            .and_then(|x| x.as_u64())
            .map(|x| x as u128)
            .ok_or_else(fail);
    }
    let lo = m
        .eval(&v.extract(63, 0), true)
        .and_then(|x| x.simplify().as_u64())
        .ok_or_else(fail)?;
    let hi = m
        .eval(&v.extract(width - 1, 64), true)
        .and_then(|x| x.simplify().as_u64())
        .ok_or_else(fail)?;
    Ok(((hi as u128) << 64) | lo as u128)
}
