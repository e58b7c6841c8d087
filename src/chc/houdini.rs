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
            let keep: Vec<Bool> = cands[&head]
                .iter()
                .filter(|inv| {
                    let at = instantiate(&Dynamic::from_ast(*inv), &args);
                    let broken = at.as_bool().expect("a Boolean").not();
                    solver.check_assumptions(&[broken]) == SatResult::Unsat
                })
                .cloned()
                .collect();
            solver.pop(1);
            if keep.len() < cands[&head].len() {
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
