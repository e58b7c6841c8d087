//! Houdini (Flanagan and Leino, FME 2001) over the bit-vector clauses: from candidate
//! conjuncts per predicate, drop each one that some clause does not preserve (the clause's
//! body, with the candidates of the predicates it uses, does not imply it of the head's
//! arguments), until every clause preserves what is left. What is left then interprets every
//! predicate so that every clause holds: a solution, each conjunct an inductive invariant.
//! If `bad` keeps `false`, no target is reachable. A check the solver cannot decide in time
//! drops its candidate: a proof never rests on an unchecked step.

use std::time::{Duration, Instant};

use hashbrown::HashMap;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{DeclKind, Params, SatResult, Solver, Tactic};

use super::clause::Clause;
use super::raw::{decl_kind, forall_body, forall_fresh, instantiate};

/// The longest one check may take (a cancellation waits for the check under way).
const CHECK_LIMIT: Duration = Duration::from_millis(500);

/// The longest the normalizing solver may take on one clause (it simplifies the clause with
/// a solver of its own first: 0.7 s on a recursive product's step alone, and more than 2 s
/// on a loaded machine, where the step's candidate was then dropped).
const NORMALIZING_LIMIT: Duration = Duration::from_secs(5);

/// Candidates per predicate (by name; a predicate without an entry is unconstrained).
pub type Candidates = HashMap<String, Vec<Bool>>;

/// The largest subset of `cands` that every clause preserves, if `bad` (0-ary) keeps
/// `false` in it, found before `deadline` and before `stop` says so (asked before each
/// clause).
pub fn prove(
    clauses: &[Clause],
    mut cands: Candidates,
    bad: &str,
    deadline: Instant,
    stop: &dyn Fn() -> bool,
) -> Option<Candidates> {
    cands.insert(bad.to_string(), vec![Bool::from_bool(false)]);
    let solver = Solver::new();
    loop {
        let mut changed = false;
        for c in clauses {
            let Some(head) = Clause::applied(&c.head).map(|d| d.name()) else {
                continue;
            };
            if cands.get(&head).is_none_or(|h| h.is_empty()) {
                continue;
            }
            if stop() {
                return None;
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            let mut p = Params::new();
            p.set_u32("timeout", left.min(CHECK_LIMIT).as_millis().max(1) as u32);
            solver.set_params(&p);
            let quantified = |p: &str| cands.get(p)?.iter().find(|i| forall_body(i).is_some());
            let index = (std::iter::once(head.clone()))
                .chain(
                    c.body
                        .iter()
                        .filter_map(|b| Some(Clause::applied(b)?.name())),
                )
                .find_map(|p| quantified(&p).map(forall_fresh));
            let at = index.as_ref().map(|q| indices(c, q));
            let mut facts = Vec::new();
            for b in &c.body {
                facts.push(b.clone());
                for f in applied(&cands, b) {
                    match (forall_body(&f), &at) {
                        (Some(body), Some(at)) => facts.extend(instances(&body, at)),
                        _ => facts.push(f),
                    }
                }
            }
            solver.push();
            for f in &facts {
                solver.assert(f);
            }
            let args = c.head.children();
            let keep = preserved(&solver, &facts, &cands[&head], &args, index, left);
            solver.pop(1);
            if keep.len() < cands[&head].len() {
                if tracing::enabled!(target: "trex::chc", tracing::Level::TRACE) {
                    for d in cands[&head].iter().filter(|x| !keep.contains(x)) {
                        tracing::trace!(target: "trex::chc", "houdini drops {d} of {head}");
                    }
                }
                changed = true;
                cands.insert(head.clone(), keep);
                if head == bad {
                    return None;
                }
            }
        }
        if !changed {
            return Some(cands);
        }
    }
}

/// Those of `invs` (over the head's bound variables) that the clause (`facts`, asserted in
/// `solver`) preserves when applied to `args`. One query asks for a model that breaks any of
/// them; every candidate false in that model is dropped, and the query is asked again of the
/// rest, so a round costs as many queries as it finds counter-models, not one per candidate.
/// If the solver cannot answer, the rest are asked of a solver that normalizes arithmetic
/// first (`normalizing`), then one by one; those still undecided are dropped.
fn preserved(
    solver: &Solver,
    facts: &[Bool],
    invs: &[Bool],
    args: &[Dynamic],
    index: Option<Dynamic>,
    left: Duration,
) -> Vec<Bool> {
    let at = |inv: &Bool| instance(inv, args, index.as_ref());
    let keep: Vec<(Bool, Bool)> = invs.iter().map(|i| (i.clone(), at(i))).collect();
    let rest = match drop_broken(solver, keep) {
        Ok(kept) => return kept,
        Err(rest) => rest,
    };
    let normal = normalizing(left.min(NORMALIZING_LIMIT));
    for f in facts {
        normal.assert(f);
    }
    match drop_broken(&normal, rest) {
        Ok(kept) => kept,
        Err(rest) => one_by_one(solver, rest),
    }
}

/// The candidates of `keep` (each with its instance) no model of `solver`'s assertions
/// breaks, dropping those each counter-model breaks; `Err` with those left if the solver
/// cannot answer.
fn drop_broken(
    solver: &Solver,
    mut keep: Vec<(Bool, Bool)>,
) -> Result<Vec<Bool>, Vec<(Bool, Bool)>> {
    while !keep.is_empty() {
        let all: Vec<Bool> = keep.iter().map(|(_, a)| a.clone()).collect();
        solver.push();
        solver.assert(Bool::and(&all).not());
        let answer = solver.check();
        let model = (answer == SatResult::Sat)
            .then(|| solver.get_model())
            .flatten();
        let before = keep.len();
        if let Some(model) = &model {
            keep.retain(|(_, a)| model.eval(a, true).and_then(|v| v.as_bool()) != Some(false));
        }
        solver.pop(1);
        match answer {
            SatResult::Unsat => break,
            // A model falsifies one of them; if its evaluation cannot tell which, ask on.
            SatResult::Sat if keep.len() < before => {}
            _ => return Err(keep),
        }
    }
    Ok(keep.into_iter().map(|(i, _)| i).collect())
}

/// A solver that solves the clause's equations and simplifies each fact in the context of
/// the others (so a guard such as `m - 1 >= 0` that the facts imply goes away), then
/// normalizes its arithmetic to sums of monomials, before the SMT core: the step
/// `r == n + r1` with `r1 == n * (m - 1)` then shows `r == n * m` by rewriting, where the
/// bit-level solver would have to prove two multipliers equal (no answer in 20 s; 0.7 s
/// normalized). Within `limit`.
fn normalizing(limit: Duration) -> Solver {
    let mut som = Params::new();
    som.set_bool("som", true);
    let steps = [
        "simplify",
        "propagate-values",
        "solve-eqs",
        "ctx-solver-simplify",
        "solve-eqs",
    ];
    let mut t = Tactic::new(steps[0]);
    for s in &steps[1..] {
        t = t.and_then(&Tactic::new(s));
    }
    t = t.and_then(&Tactic::new("simplify").with(&som));
    t.and_then(&Tactic::new("smt")).try_for(limit).solver()
}

/// Those of `keep` (each a candidate and its instance) the solver proves preserved, one
/// query each.
fn one_by_one(solver: &Solver, keep: Vec<(Bool, Bool)>) -> Vec<Bool> {
    (keep.into_iter())
        .filter(|(_, a)| solver.check_assumptions(&[a.not()]) == SatResult::Unsat)
        .map(|(i, _)| i)
        .collect()
}

/// A candidate of the head's arguments `args`; a `forall q` one at `index`, a fresh index
/// shared by all: a model breaks `forall q. r(q)` where it breaks `r` at that index (which a
/// model's evaluation of the quantifier itself may not tell), and another index is another
/// model, found by the next query (a fresh index per candidate made the arrays of each query
/// compare them pairwise: no answer in 0.5 s).
fn instance(inv: &Bool, args: &[Dynamic], index: Option<&Dynamic>) -> Bool {
    let (f, args) = match (forall_body(inv), index) {
        (Some(body), Some(q)) => (body, [vec![q.clone()], args.to_vec()].concat()),
        _ => (Dynamic::from_ast(inv), args.to_vec()),
    };
    instantiate(&f, &args).as_bool().expect("a Boolean")
}

/// The indices at which a clause's quantified body facts are instantiated: `index` (the
/// head's candidates are asked there) and every index the clause selects or stores at. For
/// facts of the shape the guesses have (`q` only in a range and as an array's index) these
/// instances decide the query as the quantifier would (Bradley, Manna and Sipma's array
/// property fragment); E-matching on hundreds of quantified facts gave no answer in 0.5 s.
fn indices(c: &Clause, index: &Dynamic) -> Vec<Dynamic> {
    let mut at = vec![index.clone()];
    for t in c.subterms() {
        if matches!(decl_kind(&t), Some(DeclKind::Select | DeclKind::Store)) {
            let i = t.children()[1].clone();
            if i.get_sort() == index.get_sort() && !at.contains(&i) {
                at.push(i);
            }
        }
    }
    at
}

/// A quantified fact of the body (`body` of `forall q`, already of the clause's terms) at the
/// indices `at`. Instances only weaken the facts: a preserved candidate is still preserved,
/// and a counter-model at worst drops a candidate that would have held.
fn instances(body: &Dynamic, at: &[Dynamic]) -> Vec<Bool> {
    (at.iter())
        .map(|i| {
            instantiate(body, std::slice::from_ref(i))
                .as_bool()
                .expect("a Boolean")
        })
        .collect()
}

/// The candidates of the predicate `b` applies (if it applies one), of its arguments.
fn applied(cands: &Candidates, b: &Bool) -> Vec<Bool> {
    let Some(invs) = Clause::applied(b).and_then(|d| cands.get(&d.name())) else {
        return Vec::new();
    };
    let args = b.children();
    invs.iter()
        .map(|inv| {
            instantiate(&Dynamic::from_ast(inv), &args)
                .as_bool()
                .expect("a Boolean")
        })
        .collect()
}
