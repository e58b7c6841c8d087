//! The next input from a path and one of its decisions to negate. Standard (CREST's): the
//! path constraints before the decision and the decision negated, solved at once. `--ippc`
//! (paper 001, incremental partial path constraints): only the negation first; the model is
//! checked against the constraints before it and the first one it violates joins the query;
//! again until a model satisfies them all (the same answer) or the part is unsatisfiable
//! (then so is the whole). Objects the query does not read keep the path's values (CREST
//! keeps an input's unconstrained variables).

use super::path::PathRec;
use super::Stats;
use crate::exec::machine::{value_le, Worker};
use crate::exec::value::sext;
use crate::expr::eval::{arrays_of, Assignment, Evaluator};
use crate::expr::ExprId;

/// A negation's answer.
pub(crate) enum Answer {
    /// The next input (objects in the path's order).
    Sat(Vec<(String, Vec<u8>)>),
    Unsat,
    /// The solver gave up (timeout, unknown): the decision is left as tried.
    Unknown,
}

/// An input that takes the other side of decision `j` of `p` after the same decisions
/// before it.
pub(crate) fn negate(
    w: &mut Worker<'_, '_>,
    p: &PathRec,
    j: usize,
    ippc: bool,
    st: &mut Stats,
) -> Answer {
    let d = p.dec[j];
    let neg = w.pool().bool_not(d.fact);
    let before = &p.cs[..d.at as usize];
    if !ippc {
        let mut cs = before.to_vec();
        cs.push(neg);
        return solve(w, p, &cs, st);
    }
    let mut part = vec![neg];
    loop {
        match solve(w, p, &part, st) {
            Answer::Sat(input) => match first_violated(w, p, before, &input) {
                None => return Answer::Sat(input),
                Some(c) => part.push(c),
            },
            other => return other,
        }
    }
}

/// A model of `cs` over the objects it reads, the path's values for the others.
fn solve(w: &mut Worker<'_, '_>, p: &PathRec, cs: &[ExprId], st: &mut Stats) -> Answer {
    let mut read = Vec::new();
    for &c in cs {
        read.extend(arrays_of(w.pool_ref(), c));
    }
    read.sort_unstable();
    read.dedup();
    let objs: Vec<usize> = (0..p.arrays.len())
        .filter(|&k| read.binary_search(&p.arrays[k]).is_ok())
        .collect();
    let arrays: Vec<_> = objs.iter().map(|&k| p.arrays[k]).collect();
    st.solver_calls += 1;
    st.query_terms += cs.len() as u64;
    st.largest_query = st.largest_query.max(cs.len() as u64);
    let t = std::time::Instant::now();
    let r = w.solve_model(cs, &arrays);
    st.solver_time += t.elapsed();
    match r {
        Ok(Some(model)) => {
            let mut input = p.input.clone();
            for (&k, bytes) in objs.iter().zip(model) {
                input[k].1 = bytes;
            }
            closer(w, p, cs, &objs, &mut input);
            Answer::Sat(input)
        }
        Ok(None) => Answer::Unsat,
        Err(_) => {
            st.solver_failures += 1;
            Answer::Unknown
        }
    }
}

/// Moves the model's integer objects (1 to 8 bytes) toward the path's values where `cs`
/// still holds: each alone, to the nearest of a few values around the path's (checked by
/// evaluation, no solver call). A solver's model of `n > 3` may be 33,554,432: a loop bounded
/// by `n` then runs that many times, where the path's value plus one enters it once more
/// (CREST's small models, a step at a time).
fn closer(
    w: &Worker<'_, '_>,
    p: &PathRec,
    cs: &[ExprId],
    objs: &[usize],
    input: &mut [(String, Vec<u8>)],
) {
    const STEPS: [i64; 9] = [1, -1, 2, -2, 4, -4, 16, 256, 65536];
    let mut asg = assignment(p, input);
    for &k in objs {
        let (old, new) = (&p.input[k].1, &input[k].1);
        let n = new.len();
        if old == new || !matches!(n, 1 | 2 | 4 | 8) || old.len() != n {
            continue;
        }
        let base = sext(value_le(old), 8 * n as u32) as i64;
        let bytes_of = |v: i64| v.to_le_bytes()[..n].to_vec();
        for step in STEPS {
            let cand = bytes_of(base.wrapping_add(step));
            asg.values.insert(p.arrays[k], cand.clone());
            let mut ev = Evaluator::new(w.pool_ref(), &asg);
            if cs.iter().all(|&c| ev.eval(c) != 0) {
                input[k].1 = cand;
                break;
            }
        }
        asg.values.insert(p.arrays[k], input[k].1.clone());
    }
}

/// `input` (objects of `p`) as an assignment of `p`'s arrays.
fn assignment(p: &PathRec, input: &[(String, Vec<u8>)]) -> Assignment {
    let mut asg = Assignment::new();
    for (a, (_, bytes)) in p.arrays.iter().zip(input) {
        asg.values.insert(*a, bytes.clone());
    }
    asg
}

/// The first of `cs` that `input` (objects of `p`) violates.
fn first_violated(
    w: &Worker<'_, '_>,
    p: &PathRec,
    cs: &[ExprId],
    input: &[(String, Vec<u8>)],
) -> Option<ExprId> {
    let asg = assignment(p, input);
    let mut ev = Evaluator::new(w.pool_ref(), &asg);
    cs.iter().copied().find(|&c| ev.eval(c) == 0)
}
