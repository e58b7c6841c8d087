//! Proofs found over the integers and checked over bit-vectors. The clauses are composed into
//! large blocks between loop heads, summaries and error predicates (`blocks`), read over the
//! integers (`to_int`: first with each nondeterministic value in its C type's range, then
//! without), and solved by Spacer over linear integer arithmetic; the solution's conjuncts,
//! read back over bit-vectors (`from_int`), are candidates that `houdini` filters to those
//! inductive in the bit-vector clauses. Guessed shapes (`guess`) are tried first on their
//! own, then beside each reading's candidates. The proof is that bit-vector solution, never the
//! integer one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hashbrown::HashMap;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Params, SatResult, Solver, Sort};

use super::blocks;
use super::encode::{Encoding, Found};
use super::from_int::candidates;
use super::guess;
use super::houdini::{self, Candidates};
use super::invariant;
use super::ranges;
use super::raw::{forall_body, instantiate};
use super::spacer::{Query, Xforms};

/// The most time the guesses alone get, before the integer reading.
const GUESS_TIME: Duration = Duration::from_secs(10);

/// Where candidates come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sources {
    Guesses,
    Integers,
    Both,
}

/// A bit-vector proof that no target is reachable, if one is found within `limit`: the loop
/// heads' invariants in C.
pub fn prove(enc: &Encoding, limit: Duration, cancel: Option<&Arc<AtomicBool>>) -> Option<Found> {
    prove_from(enc, limit, cancel, Sources::Both)
}

/// `prove`, with candidates from `sources` only.
pub fn prove_from(
    enc: &Encoding,
    limit: Duration,
    cancel: Option<&Arc<AtomicBool>>,
    sources: Sources,
) -> Option<Found> {
    if enc.rules.len() > blocks::MAX_INPUT {
        return None;
    }
    let deadline = Instant::now() + limit;
    let mut all = enc.predicates(|p| p.loop_head);
    let eliminate = enc.points(|p| !p.loop_head);
    tracing::debug!(target: "trex::chc", "integer reading: {} clauses, {} points to compose away", enc.rules.len(), eliminate.len());
    let stop = || Instant::now() >= deadline || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let (clauses, kept) = blocks::compose(enc.rules.clone(), &eliminate, &stop)?;
    all.extend(eliminate.into_iter().filter(|d| kept.contains(&d.name())));
    let sorts = argument_sorts(&clauses, &all);
    tracing::debug!(target: "trex::chc", "large blocks: {} clauses over {} predicates", clauses.len(), all.len());
    for c in &clauses {
        tracing::trace!(target: "trex::chc", "{:?} => {:?}", c.body, c.head);
    }
    for l in enc.layouts.values() {
        let names: Vec<&str> = (l.names.iter())
            .map(|n| n.as_ref().map_or("_", |n| n.name.as_str()))
            .collect();
        tracing::trace!(target: "trex::chc", "{}'s points' arguments: {names:?}", l.function);
    }
    let guessed = |products| -> Candidates {
        (all.iter())
            .filter_map(|p| Some((p.name(), guess::templates(sorts.get(&p.name())?, products))))
            .collect()
    };
    let mut guesses = Candidates::new();
    if sources != Sources::Integers {
        guesses = guessed(false);
        // Each stage adds shapes to the linear ones, within a budget of its own (cheapest
        // first: products make every check slower, bit-blasted multipliers; under load, a
        // recursive product's proof, 2 s alone, did not fit in what the stages before it
        // had left of a shared budget).
        let third = (limit / 3).min(GUESS_TIME);
        let consts = ranges::constants(&clauses);
        let stages = [
            ("linear", Some(guesses.clone()), third),
            // Half of the share: a fill-and-check pair of loops over three arrays took 5 s.
            (
                "ranges of arrays",
                with_ranges(enc, &consts, &guesses, &sorts),
                limit / 2,
            ),
            ("cases", with_cases(enc, &consts, &guesses, &sorts), third),
            ("products", Some(guessed(true)), third),
        ];
        for (stage, g, budget) in stages {
            let Some(g) = g else { continue };
            let n: usize = g.values().map(Vec::len).sum();
            let until = deadline.min(Instant::now() + budget);
            let found = houdini::prove(&clauses, g, &enc.bad.name(), until, &stop);
            tracing::debug!(target: "trex::chc", "guesses ({stage}, {n} candidates): proof: {}", found.is_some());
            if let Some(sol) = found {
                return Some(loop_invariants(enc, &sol, &sorts));
            }
        }
    }
    let readings: &[bool] = if sources == Sources::Guesses {
        &[]
    } else {
        &[true, false]
    };
    for &ranges in readings {
        if stop() {
            return None;
        }
        let left = deadline.checked_duration_since(Instant::now())?;
        // The first reading gets half of the time left, the second all of it.
        let share = if ranges { left / 2 } else { left };
        let Some(mut cands) = solve_over_integers(&clauses, &all, &sorts, ranges, share, cancel)
        else {
            tracing::debug!(target: "trex::chc", "integers (ranges: {ranges}): no solution");
            continue;
        };
        let n: usize = cands.values().map(Vec::len).sum();
        // The guesses too: a proof may need both kinds.
        for (p, g) in &guesses {
            let c = cands.entry(p.clone()).or_default();
            for x in g {
                if !c.contains(x) {
                    c.push(x.clone());
                }
            }
        }
        let found = houdini::prove(&clauses, cands, &enc.bad.name(), deadline, &stop);
        tracing::debug!(target: "trex::chc", "integers (ranges: {ranges}): {n} candidates, proof: {}", found.is_some());
        if let Some(sol) = found {
            return Some(loop_invariants(enc, &sol, &sorts));
        }
    }
    None
}

/// `guesses` with summaries by cases (`guess::cases`, over the program's constants
/// `consts`) for each function's summary (`None` if no summary gets any).
fn with_cases(
    enc: &Encoding,
    consts: &[i64],
    guesses: &Candidates,
    sorts: &Sorts,
) -> Option<Candidates> {
    let cases: Candidates = (enc.layouts.values())
        .filter_map(|l| {
            let c = guess::cases(sorts.get(&l.ret.name())?, consts);
            (!c.is_empty()).then(|| (l.ret.name(), c))
        })
        .collect();
    (!cases.is_empty()).then(|| merged(guesses, cases))
}

/// `guesses` with each predicate's guesses over ranges of its arrays and bounds of its
/// scalars by the program's constants `consts` (`None` if no predicate has an array).
fn with_ranges(
    enc: &Encoding,
    consts: &[i64],
    guesses: &Candidates,
    sorts: &Sorts,
) -> Option<Candidates> {
    if !sorts.values().any(|s| ranges::has_array(s)) {
        return None;
    }
    // The arguments of each point that are variables of the program.
    let mut named: HashMap<String, &[Option<invariant::Named>]> = HashMap::new();
    for l in enc.layouts.values() {
        for p in &l.points {
            named.insert(p.decl.name(), &l.names);
        }
    }
    let extra: Candidates = (sorts.iter())
        .map(|(p, s)| {
            let names = named.get(p).copied().unwrap_or_default();
            let is_named = |i: usize| names.get(i).is_some_and(Option::is_some);
            let mut c = ranges::bounds(s, consts);
            c.extend(ranges::templates(s, consts, &is_named));
            (p.clone(), c)
        })
        .collect();
    Some(merged(guesses, extra))
}

/// `extra` added to `guesses`, per predicate.
fn merged(guesses: &Candidates, extra: Candidates) -> Candidates {
    let mut out = guesses.clone();
    for (p, c) in extra {
        out.entry(p).or_default().extend(c);
    }
    out
}

/// Candidates from the integer reading's solution, if Spacer finds one within `limit`.
fn solve_over_integers(
    clauses: &[super::clause::Clause],
    predicates: &[&FuncDecl],
    sorts: &Sorts,
    ranges: bool,
    limit: Duration,
    cancel: Option<&Arc<AtomicBool>>,
) -> Option<Candidates> {
    let mut t = super::to_int::ToInt::new(predicates, ranges);
    let rules: Vec<_> = clauses.iter().map(|c| t.clause(c)).collect();
    let bad = t.preds.get(&predicates[0].name())?;
    let relations: Vec<&FuncDecl> = t.preds.values().collect();
    let query = Query {
        relations: &relations,
        rules: &rules,
        bad,
        xforms: Xforms::KeepPoints,
        dump_suffix: ".int",
    };
    query.run(Some(limit), cancel, |answer, fp| {
        if answer != SatResult::Unsat {
            return None;
        }
        let mut out = Candidates::new();
        for (name, p) in &t.preds {
            let (Some(s), Some(sol)) = (sorts.get(name), fp.get_cover_delta(-1, p)) else {
                continue;
            };
            out.insert(name.clone(), candidates(&Dynamic::from_ast(&sol), s));
        }
        Some(out)
    })
}

/// The sorts of each predicate's arguments (by name).
type Sorts = HashMap<String, Vec<Sort>>;

/// The sorts of each predicate's arguments, from its applications.
fn argument_sorts(clauses: &[super::clause::Clause], predicates: &[&FuncDecl]) -> Sorts {
    let names: Vec<String> = predicates.iter().map(|p| p.name()).collect();
    let mut out = HashMap::new();
    for c in clauses {
        for b in c.body.iter().chain([&c.head]) {
            let Some(d) = super::clause::Clause::applied(b) else {
                continue;
            };
            let n = d.name();
            if names.contains(&n) && !out.contains_key(&n) {
                let s: Vec<Sort> = b.children().iter().map(|a| a.get_sort()).collect();
                out.insert(n, s);
            }
        }
    }
    out
}

/// `invs` (over the bound variables of a predicate whose arguments have `sorts`) without
/// the conjuncts the others imply (each comparison comes back both signed and unsigned, and
/// bounds in pairs), for a shorter witness.
fn essential(invs: &[Bool], sorts: &[Sort]) -> Vec<Bool> {
    // The solver reads constants, not bound variables: the same fresh ones for all.
    let args: Vec<Dynamic> = sorts.iter().map(|s| Dynamic::fresh_const("e", s)).collect();
    let at = |b: &Bool| {
        let a = instantiate(&Dynamic::from_ast(b), &args);
        a.as_bool().expect("a Boolean")
    };
    let solver = Solver::new();
    let mut p = Params::new();
    p.set_u32("timeout", 200);
    solver.set_params(&p);
    let mut keep: Vec<Bool> = invs.to_vec();
    let mut i = 0;
    while i < keep.len() {
        solver.push();
        for (j, b) in keep.iter().enumerate() {
            if j != i {
                solver.assert(at(b));
            }
        }
        let implied = solver.check_assumptions(&[at(&keep[i]).not()]) == SatResult::Unsat;
        solver.pop(1);
        if implied {
            keep.remove(i);
        } else {
            i += 1;
        }
    }
    keep
}

/// The loop heads' conjuncts of a solution, in C.
fn loop_invariants(enc: &Encoding, sol: &Candidates, sorts: &Sorts) -> Found {
    enc.at_loop_heads(|l, p| {
        let name = p.decl.name();
        let invs = sol.get(&name).map_or(&[][..], Vec::as_slice);
        let sorts = sorts.get(&name).map_or(&[][..], Vec::as_slice);
        // A quantified conjunct has no C form (and would slow `essential`: 46 s on 12,000
        // candidates of a proof found in 10 s).
        let plain: Vec<Bool> = (invs.iter())
            .filter(|i| forall_body(i).is_none())
            .cloned()
            .collect();
        let mut c = Vec::new();
        for inv in essential(&plain, sorts) {
            // Z3's simplified form when it can be written in C, else the candidate's.
            let text = |b: &Bool| invariant::conjuncts(&Dynamic::from_ast(b), &l.names);
            let simple = text(&inv.simplify());
            c.extend(if simple.is_empty() {
                text(&inv)
            } else {
                simple
            });
        }
        c.dedup();
        c
    })
}
