//! Solver tests: small exact queries on every method, on both the bare backend and the chain; a
//! randomized differential test of the chain against bare Z3; cache statistics; a benchmark-ish
//! run of KLEE's 2^n independent-branches program.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::expr::eval::{eval_bin, Assignment, Evaluator};
use crate::expr::{mask, Array, BinOp, Expr, ExprPool};

fn sym(p: &mut ExprPool, name: &str, size: u64) -> ArrayId {
    p.new_array(Array {
        name: name.into(),
        size,
        domain: 32,
        init: None,
    })
}

fn k(p: &mut ExprPool, w: u32, v: u128) -> ExprId {
    p.constant(w, mask(w, v))
}

/// `nbytes` little-endian bytes of `a` from constant offset `off`.
fn var(p: &mut ExprPool, a: ArrayId, off: u128, nbytes: u32) -> ExprId {
    let i = k(p, 32, off);
    p.read_bytes_le(a, None, i, nbytes)
}

/// Raw (unsimplified) binary op.
fn raw(p: &mut ExprPool, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
    let w = p.width(a);
    p.intern(Expr::Bin { op, a, b }, w)
}

/// A constant array `k` of 8 bytes (the generators read it at symbolic indices).
fn konst_array(p: &mut ExprPool) -> ArrayId {
    p.new_array(Array {
        name: "k".into(),
        size: 8,
        domain: 32,
        init: Some(vec![3, 0, 250, 7, 0, 128, 1, 9]),
    })
}

fn both() -> Vec<(&'static str, Box<dyn Solver + Send>)> {
    vec![("z3", z3_solver(None)), ("chain", default_chain(None))]
}

fn holds_all(p: &ExprPool, cs: &[ExprId], asg: &Assignment) -> bool {
    let mut ev = Evaluator::new(p, asg);
    cs.iter().all(|&c| ev.eval(c) == 1)
}

fn assignment(arrays: &[ArrayId], model: &[Vec<u8>]) -> Assignment {
    let mut asg = Assignment::new();
    for (a, b) in arrays.iter().zip(model) {
        asg.values.insert(*a, b.clone());
    }
    asg
}

#[test]
fn x_plus_one_is_five() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4);
    let b = sym(&mut p, "b", 4);
    let x = var(&mut p, a, 0, 4);
    let y = var(&mut p, b, 0, 4);
    let one = k(&mut p, 32, 1);
    let five = k(&mut p, 32, 5);
    let six = k(&mut p, 32, 6);
    let four = k(&mut p, 32, 4);
    let three = k(&mut p, 32, 3);
    let x1 = p.add(one, x);
    let e5 = p.eq(x1, five);
    let e6 = p.eq(x1, six);
    let x4 = p.eq(x, four);
    let y3 = p.ult(three, y);
    for (name, mut s) in both() {
        assert!(s.may_be_true(&p, Query::new(&[], e5)).unwrap(), "{name}");
        assert!(!s.must_be_true(&p, Query::new(&[], e5)).unwrap(), "{name}");
        assert!(s.must_be_true(&p, Query::new(&[e5], x4)).unwrap(), "{name}");
        assert_eq!(s.get_value(&p, &[e5], x).unwrap(), 4, "{name}");
        assert_eq!(s.get_value(&p, &[e5], x1).unwrap(), 5, "{name}");
        let m = s
            .get_initial_values(&p, &[y3, e5], &[a, b])
            .unwrap()
            .unwrap();
        assert_eq!(m[0], vec![4, 0, 0, 0], "{name}");
        assert!(u32::from_le_bytes(m[1].clone().try_into().unwrap()) > 3);
        let cs = [y3, x4];
        assert_eq!(
            s.unsat_core(&p, Query::new(&cs, e6)).unwrap(),
            Some(vec![1]),
            "{name}"
        );
        assert_eq!(
            s.unsat_core(&p, Query::new(&cs, e5)).unwrap(),
            None,
            "{name}"
        );
        // Contradictory constraints: no model.
        assert_eq!(
            s.get_initial_values(&p, &[x4, e6], &[a]).unwrap(),
            None,
            "{name}"
        );
        assert!(s.get_value(&p, &[x4, e6], x).is_err(), "{name}");
    }
}

#[test]
fn constants_and_empty_cores() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 1);
    let x = var(&mut p, a, 0, 1);
    let t = p.true_expr();
    let f = p.false_expr();
    let c7 = k(&mut p, 8, 7);
    let lt = p.ult(x, c7);
    let gt = p.ult(c7, x);
    for (name, mut s) in both() {
        assert!(s.must_be_true(&p, Query::new(&[lt], t)).unwrap(), "{name}");
        assert!(!s.may_be_true(&p, Query::new(&[lt], f)).unwrap(), "{name}");
        assert_eq!(
            s.unsat_core(&p, Query::new(&[lt], f)).unwrap(),
            Some(vec![]),
            "{name}"
        );
        assert_eq!(
            s.unsat_core(&p, Query::new(&[lt, f], t)).unwrap(),
            Some(vec![1]),
            "{name}"
        );
        assert_eq!(
            s.unsat_core(&p, Query::new(&[t, lt], gt)).unwrap(),
            Some(vec![1]),
            "{name}"
        );
        assert!(!s.must_be_true(&p, Query::new(&[t], f)).unwrap(), "{name}");
        assert_eq!(s.get_value(&p, &[lt], c7).unwrap(), 7, "{name}");
        let v = s.get_value(&p, &[lt], x).unwrap();
        assert!(v < 7, "{name}");
        // The expr alone is unsat: empty core.
        let z = k(&mut p, 8, 0);
        let neg = p.ult(x, z);
        assert_eq!(
            s.unsat_core(&p, Query::new(&[lt, gt], neg)).unwrap(),
            Some(vec![]),
            "{name}"
        );
    }
}

#[test]
fn writes_at_symbolic_indices() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "mem", 8);
    let b = sym(&mut p, "idx", 2);
    let i8 = var(&mut p, b, 0, 1);
    let j8 = var(&mut p, b, 1, 1);
    let seven_mask = k(&mut p, 32, 7);
    let i32_ = p.zext(i8, 32);
    let i = p.and(seven_mask, i32_);
    let j32 = p.zext(j8, 32);
    let j = p.and(seven_mask, j32);
    let v = k(&mut p, 8, 0x5a);
    let u = p.write(None, i, v);
    let rj = p.read(a, Some(u), j);
    let same = p.eq(i, j);
    let is_v = p.eq(rj, v);
    let orig = p.read(a, None, j);
    let is_orig = p.eq(rj, orig);
    let diff = p.not(same);
    for (name, mut s) in both() {
        assert!(
            s.must_be_true(&p, Query::new(&[same], is_v)).unwrap(),
            "{name}"
        );
        assert!(
            s.must_be_true(&p, Query::new(&[diff], is_orig)).unwrap(),
            "{name}"
        );
        assert!(
            !s.must_be_true(&p, Query::new(&[], is_v)).unwrap(),
            "{name}"
        );
        assert!(
            s.may_be_true(&p, Query::new(&[diff], is_v)).unwrap(),
            "{name}"
        );
        // A model where the write is seen although the indices differ.
        let cs = [diff, is_v];
        let m = s.get_initial_values(&p, &cs, &[a, b]).unwrap().unwrap();
        assert!(holds_all(&p, &cs, &assignment(&[a, b], &m)), "{name}");
        // Second write at a symbolic index on top, read at a constant index.
        let w2 = k(&mut p, 8, 0x11);
        let u2 = p.write(Some(u), j, w2);
        let c3 = k(&mut p, 32, 3);
        let r3 = p.read(a, Some(u2), c3);
        let j3 = p.eq(j, c3);
        let is_11 = p.eq(r3, w2);
        assert!(
            s.must_be_true(&p, Query::new(&[j3], is_11)).unwrap(),
            "{name}"
        );
        let core = s
            .unsat_core(&p, Query::new(&[same, j3, diff], is_11))
            .unwrap()
            .unwrap();
        assert!(core.contains(&0) && core.contains(&2), "{name}: {core:?}");
    }
}

#[test]
fn wide_arithmetic_and_signed_comparisons() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "w", 16);
    let x = var(&mut p, a, 0, 16);
    let three = k(&mut p, 128, 3);
    let c = k(&mut p, 128, u128::MAX - 5); // 3x = -6 (mod 2^128)
    let m = p.mul(three, x);
    let eq = p.eq(m, c);
    let b = sym(&mut p, "s", 1);
    let s8 = var(&mut p, b, 0, 1);
    let zero = k(&mut p, 8, 0);
    let neg = p.slt(s8, zero);
    let c80 = k(&mut p, 8, 0x80);
    let small = p.ult(s8, c80);
    let sx = p.sext(s8, 64);
    let m1 = k(&mut p, 64, u64::MAX as u128);
    let sx_le = p.sle(sx, m1);
    for (name, mut s) in both() {
        let v = s.get_value(&p, &[eq], x).unwrap();
        assert_eq!(v.wrapping_mul(3), u128::MAX - 5, "{name}");
        assert!(s.may_be_true(&p, Query::new(&[], eq)).unwrap(), "{name}");
        let hi = p.extract(x, 120, 8);
        let hv = s.get_value(&p, &[eq], hi).unwrap();
        assert_eq!(hv, v >> 120, "{name}");
        assert!(
            !s.may_be_true(&p, Query::new(&[neg], small)).unwrap(),
            "{name}"
        );
        assert!(
            s.must_be_true(&p, Query::new(&[neg], sx_le)).unwrap(),
            "{name}"
        );
        assert_eq!(
            s.unsat_core(&p, Query::new(&[eq, neg], small)).unwrap(),
            Some(vec![1]),
            "{name}"
        );
    }
}

#[test]
fn division_and_shifts_agree_with_eval() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "d", 32);
    let mut rng = StdRng::seed_from_u64(7);
    let ops = [
        BinOp::UDiv,
        BinOp::SDiv,
        BinOp::URem,
        BinOp::SRem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::Mul,
        BinOp::Sub,
    ];
    let mut s = z3_solver(None);
    for &w in &[1u32, 8, 16, 33, 64, 128] {
        let nb = w.div_ceil(8);
        let xa = var(&mut p, a, 0, nb);
        let xb = var(&mut p, a, 16, nb);
        let (x, y) = if w % 8 == 0 {
            (xa, xb)
        } else {
            (p.extract(xa, 0, w), p.extract(xb, 0, w))
        };
        let specials = [0u128, 1, mask(w, u128::MAX), 1u128 << (w - 1), 2, 7];
        for _ in 0..6 {
            let pick = |r: &mut StdRng| {
                if r.gen_bool(0.5) {
                    mask(w, specials[r.gen_range(0..specials.len())])
                } else {
                    mask(w, r.gen::<u128>())
                }
            };
            let (va, vb) = (pick(&mut rng), pick(&mut rng));
            let ka = k(&mut p, w, va);
            let kb = k(&mut p, w, vb);
            let ca = p.eq(x, ka);
            let cb = p.eq(y, kb);
            for &op in &ops {
                let e = raw(&mut p, op, x, y);
                let got = s.get_value(&p, &[ca, cb], e).unwrap();
                assert_eq!(got, eval_bin(op, w, va, vb), "{op:?} w={w} {va:#x} {vb:#x}");
            }
        }
    }
}

#[test]
fn repeated_query_hits_the_cache() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4);
    let x = var(&mut p, a, 0, 4);
    let c10 = k(&mut p, 32, 10);
    let c20 = k(&mut p, 32, 20);
    let c3 = k(&mut p, 32, 3);
    let lt10 = p.ult(x, c10);
    let lt20 = p.ult(x, c20);
    let gt20 = p.ult(c20, x);
    let ne3 = p.ne(x, c3);
    let mut s = default_chain(None);
    assert!(s.must_be_true(&p, Query::new(&[lt10], lt20)).unwrap());
    let st1 = s.stats().clone();
    assert_eq!(st1.queries, 1);
    assert_eq!(st1.solver_calls, 1);
    assert!(s.must_be_true(&p, Query::new(&[lt10], lt20)).unwrap());
    let st2 = s.stats().clone();
    assert_eq!(st2.queries, 2);
    assert_eq!(st2.solver_calls, 1);
    assert_eq!(st2.cache_hits, st1.cache_hits + 1);
    // A core of a cached unsat answer: one more solver call the first time, then cached.
    assert_eq!(
        s.unsat_core(&p, Query::new(&[lt10], gt20)).unwrap(),
        Some(vec![0])
    );
    let calls = s.stats().solver_calls;
    assert_eq!(
        s.unsat_core(&p, Query::new(&[lt10], gt20)).unwrap(),
        Some(vec![0])
    );
    assert_eq!(s.stats().solver_calls, calls);
    // Superset of a known unsat set: the counterexample cache answers, with a real core.
    let before = s.stats().clone();
    assert_eq!(
        s.unsat_core(&p, Query::new(&[ne3, lt10], gt20)).unwrap(),
        Some(vec![1])
    );
    assert_eq!(s.stats().solver_calls, before.solver_calls);
    assert_eq!(s.stats().cex_cache_hits, before.cex_cache_hits + 1);
    // A stored model answers a new satisfiable query.
    assert!(s.may_be_true(&p, Query::new(&[lt10], lt20)).unwrap());
    let before = s.stats().clone();
    let ne10 = p.ne(x, c10);
    assert!(s.may_be_true(&p, Query::new(&[lt20, lt10], ne10)).unwrap());
    assert_eq!(s.stats().solver_calls, before.solver_calls);
    assert_eq!(s.stats().cex_cache_hits, before.cex_cache_hits + 1);
    assert_eq!(s.stats().queries, before.queries + 1);
}

// ---------------------------------------------------------------------------------------------
// Randomized differential test.

struct Gen {
    rng: StdRng,
    arrays: Vec<ArrayId>,
    konst: ArrayId,
}

impl Gen {
    fn leaf(&mut self, p: &mut ExprPool, w: u32) -> ExprId {
        let nb = w.div_ceil(8);
        match self.rng.gen_range(0..10) {
            0..=1 => {
                let v = match self.rng.gen_range(0..4) {
                    0 => 0,
                    1 => 1,
                    2 => mask(w, u128::MAX),
                    _ => self.rng.gen::<u128>() % 300,
                };
                k(p, w, v)
            }
            2 => {
                // Read of a constant array at a symbolic (in-range) index.
                let i = self.index(p);
                let r = p.read(self.konst, None, i);
                p.zext_or_trunc(r, w)
            }
            3 => {
                // Read through symbolic writes.
                let a = self.arrays[self.rng.gen_range(0..self.arrays.len())];
                let i = self.index(p);
                let v = self.leaf(p, 8);
                let u = p.write(None, i, v);
                let j = if self.rng.gen_bool(0.5) {
                    self.index(p)
                } else {
                    k(p, 32, self.rng.gen_range(0..8))
                };
                let r = p.read(a, Some(u), j);
                p.zext_or_trunc(r, w)
            }
            _ => {
                let a = self.arrays[self.rng.gen_range(0..self.arrays.len())];
                let off = self.rng.gen_range(0..=(8 - nb.min(8))) as u128;
                let v = var(p, a, off, nb.min(8));
                if self.rng.gen_bool(0.3) {
                    p.sext_or_trunc(v, w)
                } else {
                    p.zext_or_trunc(v, w)
                }
            }
        }
    }

    /// An index in 0..8 depending on a symbolic byte.
    fn index(&mut self, p: &mut ExprPool) -> ExprId {
        let a = self.arrays[self.rng.gen_range(0..self.arrays.len())];
        let b = var(p, a, self.rng.gen_range(0..8), 1);
        let z = p.zext(b, 32);
        let m = k(p, 32, 7);
        p.and(m, z)
    }

    fn bv(&mut self, p: &mut ExprPool, w: u32, depth: u32) -> ExprId {
        if depth == 0 || self.rng.gen_bool(0.3) {
            return self.leaf(p, w);
        }
        let a = self.bv(p, w, depth - 1);
        let b = self.bv(p, w, depth - 1);
        let mut op = self.rng.gen_range(0..16);
        if w > 32 && (2..=6).contains(&op) {
            // Wide multiplication and division make Z3 slow: keep them narrow.
            op = 0;
        }
        match op {
            0 => p.add(a, b),
            1 => p.sub(a, b),
            2 => p.mul(a, b),
            3 => p.udiv(a, b),
            4 => p.sdiv(a, b),
            5 => p.urem(a, b),
            6 => p.srem(a, b),
            7 => p.and(a, b),
            8 => p.or(a, b),
            9 => p.xor(a, b),
            10 => p.shl(a, b),
            11 => p.lshr(a, b),
            12 => p.ashr(a, b),
            13 => {
                let c = self.boolean(p, depth - 1);
                p.select(c, a, b)
            }
            14 => p.not(a),
            _ => {
                if w >= 2 {
                    let hi = self.bv(p, w / 2, depth - 1);
                    let lo = self.bv(p, w - w / 2, depth - 1);
                    p.concat(hi, lo)
                } else {
                    let x = self.bv(p, 8, depth - 1);
                    p.extract(x, self.rng.gen_range(0..8), 1)
                }
            }
        }
    }

    fn boolean(&mut self, p: &mut ExprPool, depth: u32) -> ExprId {
        let widths = [8u32, 8, 16, 32, 32, 64, 128, 1];
        let w = widths[self.rng.gen_range(0..widths.len())];
        let a = self.bv(p, w, depth);
        let b = self.bv(p, w, depth);
        let c = match self.rng.gen_range(0..9) {
            0 | 1 => p.eq(a, b),
            2 => p.ult(a, b),
            3 => p.ule(a, b),
            4 => p.slt(a, b),
            5 => p.sle(a, b),
            6 => p.ne(a, b),
            7 => p.sgt(a, b),
            _ => p.uge(a, b),
        };
        if self.rng.gen_bool(0.15) {
            p.not(c)
        } else {
            c
        }
    }
}

#[test]
fn differential_chain_vs_z3() {
    let mut p = ExprPool::new();
    let arrays = vec![
        sym(&mut p, "a", 8),
        sym(&mut p, "b", 8),
        sym(&mut p, "c", 8),
    ];
    let konst = konst_array(&mut p);
    let mut g = Gen {
        rng: StdRng::seed_from_u64(0x7e57),
        arrays: arrays.clone(),
        konst,
    };
    let mut reference = z3_solver(None);
    let mut chain = default_chain(None);
    let mut checker = z3_solver(None);
    let mut general = Chain::new(Box::new(super::z3::Z3Backend::general(None)));
    let mut bools: Vec<ExprId> = Vec::new();
    let rounds = 300;
    let t0 = Instant::now();
    let (mut n_unsat, mut n_cores, mut n_checked) = (0, 0, 0);
    for round in 0..rounds {
        if bools.len() < 40 || g.rng.gen_bool(0.3) {
            let d = g.rng.gen_range(0..3);
            let b = g.boolean(&mut p, d);
            bools.push(b);
        }
        // Satisfiable constraints drawn from the shared pool (so sets repeat).
        let mut cs: Vec<ExprId> = Vec::new();
        for _ in 0..g.rng.gen_range(0..6) {
            let c = bools[g.rng.gen_range(0..bools.len())];
            cs.push(c);
            let t = p.true_expr();
            if !reference.may_be_true(&p, Query::new(&cs, t)).unwrap() {
                cs.pop();
            }
        }
        let mut e = bools[g.rng.gen_range(0..bools.len())];
        if !cs.is_empty() && g.rng.gen_bool(0.3) {
            // Unsat by construction: the core must name the constraints involved.
            let c1 = cs[g.rng.gen_range(0..cs.len())];
            let c2 = cs[g.rng.gen_range(0..cs.len())];
            let both = p.bool_and(c1, c2);
            let x = if g.rng.gen_bool(0.5) { c1 } else { both };
            let other = bools[g.rng.gen_range(0..bools.len())];
            let nx = p.bool_not(x);
            e = if g.rng.gen_bool(0.5) {
                nx
            } else {
                p.bool_and(nx, other)
            };
        }
        let q = Query::new(&cs, e);
        if std::env::var("TREX_SOLVER_TRACE").is_ok() {
            eprintln!(
                "round {round} at {:.2}s: {} constraints",
                t0.elapsed().as_secs_f64(),
                cs.len()
            );
        }
        let may = reference.may_be_true(&p, q).unwrap();
        let must = reference.must_be_true(&p, q).unwrap();
        assert_eq!(chain.may_be_true(&p, q).unwrap(), may, "may, round {round}");
        assert_eq!(
            general.may_be_true(&p, q).unwrap(),
            may,
            "general solver, round {round}"
        );
        assert_eq!(
            chain.must_be_true(&p, q).unwrap(),
            must,
            "must, round {round}"
        );
        // Cores: None iff unsat; every core (with e) unsat by itself.
        for (who, s) in [("z3", &mut reference), ("chain", &mut chain)] {
            let core = s.unsat_core(&p, q).unwrap();
            assert_eq!(core.is_none(), may, "{who} core presence, round {round}");
            if let Some(core) = core {
                n_cores += 1;
                let sub: Vec<ExprId> = core.iter().map(|&i| cs[i]).collect();
                assert!(
                    !checker.may_be_true(&p, Query::new(&sub, e)).unwrap(),
                    "{who} core not unsat, round {round}: {core:?}"
                );
            }
        }
        if !may {
            n_unsat += 1;
        }
        // Values: consistent with the constraints.
        let v_expr = if g.rng.gen_bool(0.5) {
            e
        } else {
            let w = [8u32, 32, 64, 128][g.rng.gen_range(0..4)];
            g.bv(&mut p, w, 2)
        };
        let v = chain.get_value(&p, &cs, v_expr).unwrap();
        let vw = p.width(v_expr);
        let kv = k(&mut p, vw, v);
        let is_v = p.eq(v_expr, kv);
        assert!(
            reference.may_be_true(&p, Query::new(&cs, is_v)).unwrap(),
            "value {v:#x} inconsistent, round {round}"
        );
        // Models of constraints + e (when sat) satisfy them under eval.
        let mut all = cs.clone();
        all.push(e);
        let mut want = arrays.clone();
        want.push(konst);
        let m = chain.get_initial_values(&p, &all, &want).unwrap();
        assert_eq!(m.is_some(), may, "model presence, round {round}");
        if let Some(m) = m {
            n_checked += 1;
            assert!(m
                .iter()
                .zip(&want)
                .all(|(b, a)| b.len() as u64 == p.array(*a).size));
            assert!(
                holds_all(&p, &all, &assignment(&want, &m)),
                "model, round {round}"
            );
        }
        let m = reference.get_initial_values(&p, &all, &want).unwrap();
        if let Some(m) = m {
            assert!(
                holds_all(&p, &all, &assignment(&want, &m)),
                "z3 model, round {round}"
            );
        }
    }
    let st = chain.stats();
    eprintln!(
        "differential: {rounds} rounds, {n_unsat} unsat, {n_cores} cores checked, {n_checked} models; chain {st:?}; reference calls {}",
        reference.stats().solver_calls
    );
    assert!(n_unsat > 50 && n_checked > 50);
    assert!(st.cache_hits > 0 && st.cex_cache_hits > 0);
    assert!(st.solver_calls < reference.stats().solver_calls);
}

// ---------------------------------------------------------------------------------------------
// KLEE's 2^n benchmark: n independent branches `if (a[i] > 0)` on one symbolic int array,
// explored depth-first as the executor would (validity of the condition, then of its negation,
// then fork), with a test case (model) per path.

fn branches(n: usize, chained: bool) -> (u64, SolverStats, f64) {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4 * n as u64);
    let zero = k(&mut p, 32, 0);
    let conds: Vec<ExprId> = (0..n)
        .map(|i| {
            let x = var(&mut p, a, 4 * i as u128, 4);
            let x = if chained && i > 0 {
                let y = var(&mut p, a, 4 * (i - 1) as u128, 4);
                p.add(x, y)
            } else {
                x
            };
            p.slt(zero, x)
        })
        .collect();
    let nots: Vec<ExprId> = conds.iter().map(|&c| p.not(c)).collect();
    let mut s = default_chain(None);
    let t0 = Instant::now();
    let mut paths = 0u64;
    let mut stack: Vec<Vec<ExprId>> = vec![Vec::new()];
    while let Some(pc) = stack.pop() {
        let d = pc.len();
        if d == n {
            let m = s.get_initial_values(&p, &pc, &[a]).unwrap().unwrap();
            assert_eq!(m[0].len(), 4 * n);
            paths += 1;
            continue;
        }
        let (c, nc) = (conds[d], nots[d]);
        let t = s.must_be_true(&p, Query::new(&pc, c)).unwrap();
        let f = !t && s.must_be_true(&p, Query::new(&pc, nc)).unwrap();
        for (feasible, lit) in [(!f, c), (!t, nc)] {
            if feasible {
                let mut next = pc.clone();
                next.push(lit);
                stack.push(next);
            }
        }
    }
    (paths, s.stats().clone(), t0.elapsed().as_secs_f64())
}

fn report(n: usize, chained: bool) {
    let (paths, st, secs) = branches(n, chained);
    assert_eq!(paths, 1 << n);
    eprintln!(
        "2^{n} branches{}: {paths} paths in {secs:.3}s, {} queries ({:.0}/s), {} reached Z3 ({:.3}s), {} cache hits, {} cex hits",
        if chained { " (chained)" } else { "" },
        st.queries,
        st.queries as f64 / secs,
        st.solver_calls,
        st.z3_time.as_secs_f64(),
        st.cache_hits,
        st.cex_cache_hits
    );
}

#[test]
fn bench_branches_small() {
    report(8, false);
    report(6, true);
}

/// The solver chain's cost on 2^14 / 2^10 branches (a measurement, not a check).
#[test]
#[ignore = "a measurement: cargo test --release --lib bench_branches_full -- --ignored --nocapture"]
fn bench_branches_full() {
    report(14, false);
    report(10, true);
}

/// The cost of one Z3 call (a measurement, not a check).
#[test]
#[ignore = "a measurement: cargo test --release --lib z3_call_cost -- --ignored --nocapture"]
fn z3_call_cost() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4);
    let x = var(&mut p, a, 0, 4);
    let one = k(&mut p, 32, 1);
    let x1 = p.add(one, x);
    let mut s = z3_solver(None);
    let t0 = Instant::now();
    for i in 0..200 {
        let c = k(&mut p, 32, i);
        let e = p.eq(x1, c);
        assert!(s.may_be_true(&p, Query::new(&[], e)).unwrap());
    }
    eprintln!(
        "sat check: {:.3} ms/call",
        t0.elapsed().as_secs_f64() * 1000.0 / 200.0
    );
    let t0 = Instant::now();
    for i in 0..200 {
        let c = k(&mut p, 32, i);
        let e = p.eq(x1, c);
        s.get_initial_values(&p, &[e], &[a]).unwrap().unwrap();
    }
    eprintln!(
        "model: {:.3} ms/call",
        t0.elapsed().as_secs_f64() * 1000.0 / 200.0
    );
    let t0 = Instant::now();
    for i in 0..200 {
        let c = k(&mut p, 32, i);
        let e = p.eq(x1, c);
        let c2 = k(&mut p, 32, i + 1);
        let e2 = p.eq(x1, c2);
        assert!(s.unsat_core(&p, Query::new(&[e], e2)).unwrap().is_some());
    }
    eprintln!(
        "core: {:.3} ms/call",
        t0.elapsed().as_secs_f64() * 1000.0 / 200.0
    );
}

#[test]
fn models_merge_independent_bytes() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 6);
    let b = sym(&mut p, "b", 2);
    let a0 = var(&mut p, a, 0, 1);
    let a1 = var(&mut p, a, 1, 1);
    let a23 = var(&mut p, a, 2, 2);
    let b0 = var(&mut p, b, 0, 1);
    let c5 = k(&mut p, 8, 5);
    let c7 = k(&mut p, 8, 7);
    let c300 = k(&mut p, 16, 300);
    let e0 = p.eq(a0, c5);
    let e1 = p.eq(a1, c7);
    let e2 = p.eq(a23, c300);
    let e3 = p.ult(c7, b0);
    for (name, mut s) in both() {
        let m = s
            .get_initial_values(&p, &[e0, e1, e2, e3], &[a, b])
            .unwrap()
            .unwrap();
        assert_eq!(&m[0][..4], &[5, 7, 44, 1], "{name}");
        assert_eq!(m[0].len(), 6);
        assert!(m[1][0] > 7, "{name}");
        // An unsatisfiable factor that does not touch the requested array still counts.
        let c3 = k(&mut p, 8, 3);
        let e4 = p.ult(b0, c3);
        assert_eq!(
            s.get_initial_values(&p, &[e0, e3, e4], &[a]).unwrap(),
            None,
            "{name}"
        );
    }
}

#[test]
fn timeout_is_reported() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "f", 16);
    let x = var(&mut p, a, 0, 8);
    let y = var(&mut p, a, 8, 8);
    let one = k(&mut p, 64, 1);
    // Prove 2^61 - 1 prime with a 128-bit multiplier: hopeless within 20 ms.
    let n = k(&mut p, 128, (1u128 << 61) - 1);
    let wx = p.zext(x, 128);
    let wy = p.zext(y, 128);
    let m = p.mul(wx, wy);
    let prod = p.eq(m, n);
    let x1 = p.ult(one, x);
    let y1 = p.ult(one, y);
    let mut s = default_chain(Some(std::time::Duration::from_millis(20)));
    let r = s.may_be_true(&p, Query::new(&[x1, y1], prod));
    assert!(matches!(r, Err(SolverError::Timeout)), "{r:?}");
    assert_eq!(s.stats().timeouts, 1);
    // The solver stays usable.
    let t = p.true_expr();
    assert!(s.may_be_true(&p, Query::new(&[x1], t)).unwrap());
}

#[test]
fn solvers_move_between_threads_and_pools() {
    let build = |v: u128| {
        let mut p = ExprPool::new();
        let a = sym(&mut p, "a", 4);
        let x = var(&mut p, a, 0, 4);
        let c = k(&mut p, 32, v);
        let e = p.eq(x, c);
        (p, x, e)
    };
    let mut s = default_chain(None);
    let mut slot = build(11);
    let (x1, e1) = (slot.1, slot.2);
    assert_eq!(s.get_value(&slot.0, &[e1], x1).unwrap(), 11);
    let handles: Vec<_> = (0..2u128)
        .map(|i| {
            std::thread::spawn(move || {
                let (p, x, e) = build(100 + i);
                let mut s = default_chain(None);
                assert_eq!(s.get_value(&p, &[e], x).unwrap(), 100 + i);
                s
            })
        })
        .collect();
    for h in handles {
        let mut moved = h.join().unwrap();
        // Used on this thread with another pool: caches are rebuilt here.
        assert_eq!(moved.get_value(&slot.0, &[e1], x1).unwrap(), 11);
    }
    // Same solver, a new pool at the same address, same size, whose ids mean something else.
    slot = build(22);
    assert_eq!(s.get_value(&slot.0, &[slot.2], slot.1).unwrap(), 22);
}

#[test]
fn cached_cores_use_the_callers_indices() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4);
    let x = var(&mut p, a, 0, 2);
    let y = var(&mut p, a, 2, 2);
    let c10 = k(&mut p, 16, 10);
    let c20 = k(&mut p, 16, 20);
    let c5 = k(&mut p, 16, 5);
    let x_lt10 = p.ult(x, c10);
    let y_lt5 = p.ult(y, c5);
    let x_ne5 = p.ne(x, c5);
    let x_gt20 = p.ult(c20, x);
    let mut s = default_chain(None);
    let mut z = z3_solver(None);
    let orders: [&[ExprId]; 4] = [
        &[y_lt5, x_lt10, x_ne5],
        &[x_ne5, x_ne5, y_lt5, x_lt10],
        &[x_lt10, y_lt5],
        &[y_lt5, x_ne5, x_lt10, x_lt10],
    ];
    for cs in orders {
        let core = s.unsat_core(&p, Query::new(cs, x_gt20)).unwrap().unwrap();
        assert!(
            !core.is_empty() && core.iter().all(|&i| cs[i] == x_lt10),
            "{cs:?} {core:?}"
        );
        let sub: Vec<ExprId> = core.iter().map(|&i| cs[i]).collect();
        assert!(!z.may_be_true(&p, Query::new(&sub, x_gt20)).unwrap());
        assert!(s.must_be_true(&p, Query::new(cs, x_lt10)).unwrap());
    }
    assert!(s.stats().cache_hits + s.stats().cex_cache_hits >= 3);
}

#[test]
fn core_after_cached_validity_is_small() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 4);
    let x = var(&mut p, a, 0, 2);
    let y = var(&mut p, a, 2, 2);
    let c10 = k(&mut p, 16, 10);
    let c20 = k(&mut p, 16, 20);
    let c3 = k(&mut p, 16, 3);
    let x_lt10 = p.ult(x, c10);
    let xy = p.add(x, y);
    let xy_ne3 = p.ne(xy, c3);
    let x_ne3 = p.ne(x, c3);
    let x_lt20 = p.ult(x, c20);
    let pc = [xy_ne3, x_ne3, x_lt10];
    let mut s = default_chain(None);
    assert!(s.must_be_true(&p, Query::new(&pc, x_lt20)).unwrap());
    let calls = s.stats().solver_calls;
    let not_lt20 = p.not(x_lt20);
    assert_eq!(
        s.unsat_core(&p, Query::new(&pc, not_lt20)).unwrap(),
        Some(vec![2])
    );
    assert_eq!(
        s.stats().solver_calls,
        calls,
        "answered from the stored core"
    );
}

/// The independent 2^14 run alone (for profiling).
#[test]
#[ignore = "for profiling: cargo test --release --lib bench_branches_independent -- --ignored --nocapture"]
fn bench_branches_independent() {
    report(14, false);
}

#[test]
fn independence_joins_bytes_through_symbolic_reads() {
    let mut p = ExprPool::new();
    let a = sym(&mut p, "a", 8);
    let b = sym(&mut p, "b", 1);
    let a0 = var(&mut p, a, 0, 1);
    let a1 = var(&mut p, a, 1, 1);
    let b0 = var(&mut p, b, 0, 1);
    let z = p.zext(b0, 32);
    let m7 = k(&mut p, 32, 7);
    let j = p.and(m7, z);
    let aj = p.read(a, None, j);
    let (c5, c7, c9) = (k(&mut p, 8, 5), k(&mut p, 8, 7), k(&mut p, 8, 9));
    let e0 = p.eq(a0, c5);
    let e1 = p.eq(a1, c7);
    let e2 = p.eq(aj, c9);
    let one = k(&mut p, 32, 1);
    let j1 = p.eq(j, one);
    for cs in [[e0, e1, e2], [e2, e0, e1], [e1, e2, e0]] {
        let mut s = default_chain(None);
        assert!(!s.may_be_true(&p, Query::new(&cs, j1)).unwrap());
        let core = s.unsat_core(&p, Query::new(&cs, j1)).unwrap().unwrap();
        let ids: Vec<ExprId> = core.iter().map(|&i| cs[i]).collect();
        assert!(
            ids.contains(&e1) && ids.contains(&e2) && !ids.contains(&e0),
            "{ids:?}"
        );
        let m = s.get_initial_values(&p, &cs, &[a, b]).unwrap().unwrap();
        assert!(holds_all(&p, &cs, &assignment(&[a, b], &m)));
    }
}

/// The shape of symbolic memory views (exec `memory/view.rs`): a constant array with an update
/// list holding a write at a symbolic index, read at symbolic and constant indices; with an
/// unrelated constraint so that independence slicing is exercised.
#[test]
fn constant_array_with_symbolic_index_updates() {
    let mut p = ExprPool::new();
    let x = sym(&mut p, "x", 1);
    let y = sym(&mut p, "y", 1);
    let mem = p.new_array(Array {
        name: "mem0".into(),
        size: 4,
        domain: 32,
        init: Some(vec![10, 20, 30, 40]),
    });
    let xb = var(&mut p, x, 0, 1);
    let yb = var(&mut p, y, 0, 1);
    let i = p.zext(xb, 32);
    let j = p.zext(yb, 32);
    let four = k(&mut p, 32, 4);
    let i_ok = p.ult(i, four);
    let j_ok = p.ult(j, four);
    let v = k(&mut p, 8, 99);
    let u = Some(p.write(None, i, v));
    let at_i = p.read(mem, u, i);
    let at_j = p.read(mem, u, j);
    let c2 = k(&mut p, 32, 2);
    let at_2 = p.read(mem, u, c2);
    let is99 = p.eq(at_i, v);
    let j_is99 = p.eq(at_j, v);
    let i_eq_j = p.eq(i, j);
    let k30 = k(&mut p, 8, 30);
    let two_is_30 = p.eq(at_2, k30);
    let i_is_2 = p.eq(i, c2);
    let i_not_2 = p.bool_not(i_is_2);
    let seven = k(&mut p, 8, 7);
    let y_is_7 = p.eq(yb, seven);
    for (who, mut s) in both() {
        let cs = [i_ok, j_ok];
        assert!(s.must_be_true(&p, Query::new(&cs, is99)).unwrap(), "{who}");
        assert!(s.may_be_true(&p, Query::new(&cs, j_is99)).unwrap(), "{who}");
        let cs3 = [i_ok, j_ok, j_is99];
        assert!(
            s.must_be_true(&p, Query::new(&cs3, i_eq_j)).unwrap(),
            "{who}"
        );
        // Byte 2 keeps its initial value exactly when the write went elsewhere.
        let cs4 = [i_ok, i_not_2];
        assert!(
            s.must_be_true(&p, Query::new(&cs4, two_is_30)).unwrap(),
            "{who}"
        );
        let cs5 = [i_ok, two_is_30, y_is_7];
        let m = s.get_initial_values(&p, &cs5, &[x, y]).unwrap().unwrap();
        assert!(m[0][0] < 4 && m[0][0] != 2, "{who}: {m:?}");
        assert_eq!(m[1][0], 7, "{who}");
    }
}

/// `x * y == n` over two bytes-wide factors above 1 (`bytes` each): factoring `n`.
fn factoring(p: &mut ExprPool, bytes: u32, n: u128) -> (Vec<ExprId>, ExprId) {
    let a = sym(p, "f", 2 * bytes as u64);
    let x = var(p, a, 0, bytes);
    let y = var(p, a, bytes as u128, bytes);
    let one = k(p, 8 * bytes, 1);
    let (wx, wy) = (p.zext(x, 64), p.zext(y, 64));
    let m = p.mul(wx, wy);
    let n = k(p, 64, n);
    let (x1, y1) = (p.ult(one, x), p.ult(one, y));
    (vec![x1, y1], p.eq(m, n))
}

#[test]
fn queries_after_the_deadline_get_the_grace() {
    // 4093 * 4091: a factoring Z3 needs more than a millisecond for, and well under 30 s.
    let mut p = ExprPool::new();
    let (cs, prod) = factoring(&mut p, 2, 4093 * 4091);
    let past = Some(Instant::now() - std::time::Duration::from_secs(1));
    let chain = |grace: u64| {
        build_chain(ChainConfig {
            deadline: past,
            grace: std::time::Duration::from_secs(grace),
            ..ChainConfig::default()
        })
    };
    // Without a grace a query started after the deadline gets a millisecond.
    let r = chain(0).may_be_true(&p, Query::new(&cs, prod));
    assert!(matches!(r, Err(SolverError::Timeout)), "{r:?}");
    // With one (the tests of the paths a halt ends) it is solved.
    assert!(chain(30).may_be_true(&p, Query::new(&cs, prod)).unwrap());
}

/// IPPC (`--ippc`) answers fork questions as Z3 does on the whole query, with queries of the
/// constraints the answer needs only.
#[test]
fn ippc_answers_as_z3_with_smaller_queries() {
    let mut p = ExprPool::new();
    let arrays = vec![sym(&mut p, "a", 8), sym(&mut p, "b", 8)];
    let konst = konst_array(&mut p);
    let mut g = Gen {
        rng: StdRng::seed_from_u64(0x1bbc),
        arrays,
        konst,
    };
    let mut reference = z3_solver(None);
    let mut ippc = build_chain(ChainConfig {
        ippc: true,
        ..ChainConfig::default()
    });
    let bools: Vec<ExprId> = (0..40)
        .map(|i| {
            let d = i % 3;
            g.boolean(&mut p, d)
        })
        .collect();
    let mut largest = 0;
    for round in 0..200 {
        let mut cs: Vec<ExprId> = Vec::new();
        for _ in 0..g.rng.gen_range(0..8) {
            cs.push(bools[g.rng.gen_range(0..bools.len())]);
            let t = p.true_expr();
            if !reference.may_be_true(&p, Query::new(&cs, t)).unwrap() {
                cs.pop();
            }
        }
        largest = largest.max(cs.len() as u64);
        let e = bools[g.rng.gen_range(0..bools.len())];
        let q = Query::new(&cs, e);
        let may = reference.may_be_true(&p, q).unwrap();
        let must = reference.must_be_true(&p, q).unwrap();
        assert_eq!(ippc.may_be_true(&p, q).unwrap(), may, "may, round {round}");
        assert_eq!(
            ippc.must_be_true(&p, q).unwrap(),
            must,
            "must, round {round}"
        );
    }
    let st = ippc.stats();
    assert!(st.solver_calls > 0);
    assert!(
        st.largest_query < largest,
        "{st:?}, whole queries up to {largest}"
    );
}
