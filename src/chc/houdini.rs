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
use z3::{Params, SatResult, Solver};

use super::clause::Clause;
use super::raw::instantiate;

/// The longest one check may take (a cancellation waits for the check under way).
const CHECK_LIMIT: Duration = Duration::from_millis(500);

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
            solver.push();
            for b in &c.body {
                solver.assert(b);
                for inv in applied(&cands, b) {
                    solver.assert(&inv);
                }
            }
            let args = c.head.children();
            let keep = preserved(&solver, &cands[&head], &args);
            solver.pop(1);
            if keep.len() < cands[&head].len() {
                for d in cands[&head].iter().filter(|x| !keep.contains(x)) {
                    tracing::trace!(target: "trex::chc", "houdini drops {d} of {head}");
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

/// Those of `invs` (over the head's bound variables) that the clause asserted in `solver`
/// preserves when applied to `args`. One query asks for a model that breaks any of them;
/// every candidate false in that model is dropped, and the query is asked again of the rest,
/// so a round costs as many queries as it finds counter-models, not one per candidate. If
/// the solver cannot answer, the candidates are asked one by one, and those it cannot
/// decide are dropped.
fn preserved(solver: &Solver, invs: &[Bool], args: &[Dynamic]) -> Vec<Bool> {
    let at = |inv: &Bool| {
        (instantiate(&Dynamic::from_ast(inv), args))
            .as_bool()
            .expect("a Boolean")
    };
    let mut keep: Vec<(Bool, Bool)> = invs.iter().map(|i| (i.clone(), at(i))).collect();
    while !keep.is_empty() {
        let all: Vec<Bool> = keep.iter().map(|(_, a)| a.clone()).collect();
        let broken = Bool::and(&all).not();
        match solver.check_assumptions(&[broken]) {
            SatResult::Unsat => break,
            SatResult::Sat => {
                let model = solver.get_model().expect("a model after sat");
                let before = keep.len();
                keep.retain(|(_, a)| model.eval(a, true).and_then(|v| v.as_bool()) != Some(false));
                if keep.len() == before {
                    // The model should falsify one of them; if its evaluation cannot tell,
                    // fall back to single checks.
                    return one_by_one(solver, keep);
                }
            }
            SatResult::Unknown => return one_by_one(solver, keep),
        }
    }
    keep.into_iter().map(|(i, _)| i).collect()
}

/// Those of `keep` (each a candidate and its instance) the solver proves preserved, one
/// query each.
fn one_by_one(solver: &Solver, keep: Vec<(Bool, Bool)>) -> Vec<Bool> {
    (keep.into_iter())
        .filter(|(_, a)| solver.check_assumptions(&[a.not()]) == SatResult::Unsat)
        .map(|(i, _)| i)
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
