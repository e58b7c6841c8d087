//! Layer 5: a query whose expressions read at most one symbolic byte is decided by trying the
//! byte's 256 values under `expr::eval`: exhaustive, so exact both ways, and without Z3. Every
//! branch on a `__VERIFIER_nondet_bool()` is such a query (`b <= 1 && b != 0` once independence
//! has sliced the path condition), and a fresh byte is what no cached model assigns: before
//! this layer each of those forks cost a Z3 call (~100 us), more than the rest of the fork.
//!
//! Only reads at constant indices inside the array count (a read at a symbolic index, or
//! beyond the end, where Z3 and `eval` differ, goes to the inner solver). Unsat cores are
//! shrunk by deletion (each constraint dropped in turn while the rest stays unsat), up to
//! `MAX_CORE_MIN` constraints; above that the whole set is the core (still unsat, only less
//! precise).

use super::footprint;
use super::{default_bytes, Answer, Layer, Lit, Outcome, Req, SolverStats};
use crate::expr::eval::{Assignment, Evaluator};
use crate::expr::{ArrayId, ExprPool};

const MAX_CORE_MIN: usize = 16;

pub(crate) struct Enumerate {
    inner: Box<dyn Layer>,
}

/// The one symbolic byte `(array, index)` a query reads, `None` inside when it reads none;
/// `Err` when it reads more, or reads one the enumeration cannot decide.
type Byte = Result<Option<(ArrayId, u128)>, ()>;

impl Enumerate {
    pub fn new(inner: Box<dyn Layer>) -> Self {
        Enumerate { inner }
    }

    /// (Footprints are not memoized here: a query reaching this layer missed the caches, and
    /// a memo would keep one per constraint for the whole run.)
    fn single_byte(pool: &ExprPool, r: &Req) -> Byte {
        let roots =
            r.cs.iter()
                .copied()
                .chain(r.lit.map(|l| l.e))
                .chain(r.want.value);
        let mut one: Option<(ArrayId, u128)> = None;
        for e in roots {
            let f = footprint::of(pool, e);
            if !f.whole.is_empty() {
                return Err(());
            }
            for &b in &f.bytes {
                match one {
                    Some(o) if o != b => return Err(()),
                    _ => one = Some(b),
                }
            }
        }
        match one {
            Some((a, i)) if i >= pool.array(a).size as u128 => Err(()),
            o => Ok(o),
        }
    }
}

/// The literals to satisfy: constraints `keep` of `r` and its literal.
fn lits(r: &Req, keep: &[usize]) -> Vec<Lit> {
    keep.iter()
        .map(|&i| Lit::pos(r.cs[i]))
        .chain(r.lit)
        .collect()
}

/// An assignment of `byte` (all values tried, 0 first) satisfying every literal.
fn search(pool: &ExprPool, byte: Option<(ArrayId, u128)>, ls: &[Lit]) -> Option<Assignment> {
    let values = if byte.is_some() { 0..=255u8 } else { 0..=0 };
    // One assignment, its byte rewritten for each value (the byte may lie far into a large
    // array).
    let mut asg = Assignment::new();
    if let Some((a, i)) = byte {
        asg.values.insert(a, vec![0u8; i as usize + 1]);
    }
    for v in values {
        if let Some((a, i)) = byte {
            asg.values.get_mut(&a).expect("inserted above")[i as usize] = v;
        }
        let mut ev = Evaluator::new(pool, &asg);
        if ls.iter().all(|l| (ev.eval(l.e) != 0) != l.neg) {
            return Some(asg);
        }
    }
    None
}

/// A subset of `r`'s constraints unsatisfiable with its literal (all of them are).
fn core(pool: &ExprPool, r: &Req, byte: Option<(ArrayId, u128)>) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..r.cs.len()).collect();
    if keep.len() > MAX_CORE_MIN {
        return keep;
    }
    let mut k = 0;
    while k < keep.len() {
        let mut without = keep.clone();
        without.remove(k);
        if search(pool, byte, &lits(r, &without)).is_none() {
            keep = without;
        } else {
            k += 1;
        }
    }
    keep
}

impl Layer for Enumerate {
    fn solve(&mut self, pool: &ExprPool, r: &Req, st: &mut SolverStats) -> Answer {
        let Ok(byte) = Self::single_byte(pool, r) else {
            return self.inner.solve(pool, r, st);
        };
        let all: Vec<usize> = (0..r.cs.len()).collect();
        let Some(asg) = search(pool, byte, &lits(r, &all)) else {
            return Ok(Outcome::Unsat(r.want.core.then(|| core(pool, r, byte))));
        };
        let model = r
            .want
            .arrays
            .iter()
            .map(|&a| match byte {
                Some((b, _)) if b == a && pool.array(a).init.is_none() => {
                    let mut v = asg.values[&a].clone();
                    v.resize(pool.array(a).size as usize, 0);
                    v
                }
                _ => default_bytes(pool, a),
            })
            .collect();
        let value = r.want.value.map(|v| Evaluator::new(pool, &asg).eval(v));
        Ok(Outcome::Sat { model, value })
    }

    fn reset(&mut self) {
        self.inner.reset()
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::{default_chain, z3, Query, Want};
    use super::*;
    use crate::expr::{Array, ExprId};

    fn byte_array(p: &mut ExprPool, name: &str, size: u64) -> ArrayId {
        p.new_array(Array {
            name: name.into(),
            size,
            domain: 32,
            init: None,
        })
    }

    fn byte(p: &mut ExprPool, a: ArrayId, i: u128) -> ExprId {
        let i = p.constant(32, i);
        p.read(a, None, i)
    }

    /// The executor's `__VERIFIER_nondet_bool()` branch: `b <= 1` on the path, then both
    /// sides of `b != 0` (and an infeasible value) decided without Z3.
    #[test]
    fn nondet_bool_branch_needs_no_z3_call() {
        let mut p = ExprPool::new();
        let a = byte_array(&mut p, "__VERIFIER_nondet_bool", 1);
        let b = byte(&mut p, a, 0);
        let one = p.constant(8, 1);
        let bool_ok = p.ule(b, one);
        let c = p.extract(b, 0, 1);
        let nc = p.bool_not(c);
        let five = p.constant(8, 5);
        let is_five = p.eq(b, five);
        let mut s = default_chain(None);
        let cs = [bool_ok];
        assert!(s.may_be_true(&p, Query::new(&cs, c)).unwrap());
        assert!(s.may_be_true(&p, Query::new(&cs, nc)).unwrap());
        assert!(!s.must_be_true(&p, Query::new(&cs, c)).unwrap());
        assert_eq!(
            s.unsat_core(&p, Query::new(&cs, is_five)).unwrap(),
            Some(vec![0])
        );
        let both = [bool_ok, c];
        assert_eq!(s.get_value(&p, &both, b).unwrap(), 1);
        assert_eq!(
            s.get_initial_values(&p, &both, &[a]).unwrap(),
            Some(vec![vec![1]])
        );
        assert_eq!(s.stats().solver_calls, 0);
    }

    /// A random expression over byte 3 of `a` (8 bytes), of width `w`.
    fn term(p: &mut ExprPool, rng: &mut StdRng, a: ArrayId, w: u32, depth: u32) -> ExprId {
        if depth == 0 || rng.gen_bool(0.3) {
            if rng.gen_bool(0.4) {
                let v = [0, 1, 7, 128, 255, u128::MAX][rng.gen_range(0..6)];
                return p.constant(w, crate::expr::mask(w, v));
            }
            let b = byte(p, a, 3);
            return if w == 8 {
                b
            } else if w < 8 {
                p.extract(b, 0, w)
            } else if rng.gen_bool(0.5) {
                p.sext(b, w)
            } else {
                p.zext(b, w)
            };
        }
        let x = term(p, rng, a, w, depth - 1);
        let y = term(p, rng, a, w, depth - 1);
        match rng.gen_range(0..8) {
            0 => p.add(x, y),
            1 => p.mul(x, y),
            2 => p.udiv(x, y),
            3 => p.xor(x, y),
            4 => p.shl(x, y),
            5 => p.ashr(x, y),
            6 => {
                let c = boolean(p, rng, a, depth - 1);
                p.select(c, x, y)
            }
            _ => p.sub(x, y),
        }
    }

    fn boolean(p: &mut ExprPool, rng: &mut StdRng, a: ArrayId, depth: u32) -> ExprId {
        let w = [1u32, 8, 16, 32][rng.gen_range(0..4)];
        let x = term(p, rng, a, w, depth);
        let y = term(p, rng, a, w, depth);
        match rng.gen_range(0..4) {
            0 => p.eq(x, y),
            1 => p.ult(x, y),
            2 => p.slt(x, y),
            _ => p.ne(x, y),
        }
    }

    /// The layer agrees with Z3 on random queries over one byte (sat or not, models that
    /// satisfy, cores that are unsat, values) and never asks it.
    #[test]
    fn agrees_with_z3_on_one_byte() {
        let mut p = ExprPool::new();
        let a = byte_array(&mut p, "a", 8);
        let other = byte_array(&mut p, "o", 2);
        let mut rng = StdRng::seed_from_u64(0xe7);
        let mut reference = z3::Z3Backend::new(None);
        let mut layer = Enumerate::new(Box::new(z3::Z3Backend::new(None)));
        let mut st = SolverStats::default();
        let mut ref_st = SolverStats::default();
        let (mut n_sat, mut n_unsat) = (0, 0);
        for round in 0..300 {
            let cs: Vec<ExprId> = (0..rng.gen_range(0..4))
                .map(|_| boolean(&mut p, &mut rng, a, 2))
                .collect();
            let e = boolean(&mut p, &mut rng, a, 2);
            let v = term(&mut p, &mut rng, a, 16, 2);
            let r = Req {
                cs: &cs,
                lit: Some(Lit {
                    e,
                    neg: rng.gen_bool(0.5),
                }),
                want: Want {
                    core: true,
                    arrays: &[a, other],
                    value: Some(v),
                },
            };
            let want = reference.solve(&p, &r, &mut ref_st).unwrap();
            match layer.solve(&p, &r, &mut st).unwrap() {
                Outcome::Sat { model, value } => {
                    n_sat += 1;
                    assert!(matches!(want, Outcome::Sat { .. }), "round {round}");
                    assert_eq!(model[0].len(), 8);
                    assert_eq!(model[1], vec![0, 0]);
                    let mut asg = Assignment::new();
                    asg.values.insert(a, model[0].clone());
                    let mut ev = Evaluator::new(&p, &asg);
                    assert!(lits(&r, &(0..cs.len()).collect::<Vec<_>>())
                        .iter()
                        .all(|l| (ev.eval(l.e) != 0) != l.neg));
                    assert_eq!(value, Some(ev.eval(v)), "round {round}");
                }
                Outcome::Unsat(core) => {
                    n_unsat += 1;
                    assert!(matches!(want, Outcome::Unsat(_)), "round {round}");
                    let sub: Vec<ExprId> = core.unwrap().iter().map(|&i| cs[i]).collect();
                    let check = Req {
                        cs: &sub,
                        want: Want::SAT,
                        ..r
                    };
                    let again = reference.solve(&p, &check, &mut ref_st).unwrap();
                    assert!(matches!(again, Outcome::Unsat(_)), "core, round {round}");
                }
            }
        }
        assert!(n_sat > 50 && n_unsat > 20, "{n_sat} sat, {n_unsat} unsat");
        assert_eq!(st.solver_calls, 0);
    }

    /// Two bytes, a symbolic index, or a byte past the end: the inner solver decides.
    #[test]
    fn other_queries_go_to_the_inner_solver() {
        let mut p = ExprPool::new();
        let a = byte_array(&mut p, "a", 2);
        let x = byte(&mut p, a, 0);
        let y = byte(&mut p, a, 1);
        let past = byte(&mut p, a, 2);
        let at_x = p.read(a, None, x);
        let two_bytes = p.ult(x, y);
        let symbolic_index = p.eq(at_x, y);
        let zero = p.constant(8, 0);
        let beyond = p.ne(past, zero);
        let mut layer = Enumerate::new(Box::new(z3::Z3Backend::new(None)));
        let mut st = SolverStats::default();
        for (n, e) in [two_bytes, symbolic_index, beyond].into_iter().enumerate() {
            let r = Req {
                cs: &[],
                lit: Some(Lit::pos(e)),
                want: Want::SAT,
            };
            assert!(matches!(
                layer.solve(&p, &r, &mut st),
                Ok(Outcome::Sat { .. })
            ));
            assert_eq!(st.solver_calls, n as u64 + 1);
        }
    }
}
