//! Large blocks: the clauses composed so that only some predicates are left (loop heads,
//! summaries, error predicates), each rule then a whole loop-free stretch of code between
//! them. A predicate `q` is eliminated by resolution: every clause that uses `q` is joined
//! with every clause that defines it, `q`'s arguments equated with the defining head's
//! (the definer's variables renamed). A predicate that defines itself (a cycle through no
//! kept predicate), or whose elimination would multiply clauses (more than `MAX_JOINS` new
//! ones, or a system past `MAX_CLAUSES`), is kept: long chains of branches stay linear.
//!
//! The composed system has the same least solution on the kept predicates, and every kept
//! predicate then has an interpretation of its own in a solution (Spacer's inlining would
//! give the ones it removes none), which `houdini` needs.

use hashbrown::HashSet;
use z3::ast::{Ast, Bool, Dynamic};
use z3::FuncDecl;

use super::clause::Clause;

/// Systems of more clauses are not composed at all (by the integer reading or for
/// `Xforms::OwnBlocks`): it costs more than it could gain (eca-rers2012's 2,366 clauses were
/// not composed in 20 s).
pub const MAX_INPUT: usize = 1000;

/// Clauses a system may grow to before an elimination is refused.
const MAX_CLAUSES: usize = 4096;

/// New clauses one elimination may make (uses times definitions).
const MAX_JOINS: usize = 16;

/// A clause with the names of the predicates it applies (looked up once: each is a call
/// into Z3).
struct Named {
    clause: Clause,
    head: Option<String>,
    body: Vec<Option<String>>,
}

impl Named {
    fn new(clause: Clause) -> Named {
        let name = |b: &Bool| Clause::applied(b).map(|d| d.name());
        Named {
            head: name(&clause.head),
            body: clause.body.iter().map(name).collect(),
            clause,
        }
    }

    fn uses(&self, q: &str) -> Option<usize> {
        self.body.iter().position(|b| b.as_deref() == Some(q))
    }
}

/// `clauses` with each predicate of `eliminate` resolved away where it can be, and the
/// predicates kept among them; `None` once `stop` says so (asked before each join).
pub fn compose(
    clauses: Vec<Clause>,
    eliminate: &[&FuncDecl],
    stop: &dyn Fn() -> bool,
) -> Option<(Vec<Clause>, Vec<String>)> {
    let mut clauses: Vec<Named> = clauses.into_iter().map(Named::new).collect();
    let mut kept = Vec::new();
    for q in eliminate {
        let name = q.name();
        let (defs, rest): (Vec<Named>, Vec<Named>) = clauses
            .into_iter()
            .partition(|c| c.head.as_deref() == Some(name.as_str()));
        let (uses, other): (Vec<Named>, Vec<Named>) =
            rest.into_iter().partition(|c| c.uses(&name).is_some());
        let recursive = defs.iter().any(|d| d.uses(&name).is_some());
        let grows = uses.len() * defs.len();
        if recursive || grows > MAX_JOINS || other.len() + grows > MAX_CLAUSES {
            kept.push(name);
            clauses = other;
            clauses.extend(defs);
            clauses.extend(uses);
            continue;
        }
        clauses = other;
        let mut todo = uses;
        while let Some(u) = todo.pop() {
            let Some(at) = u.uses(&name) else {
                clauses.push(u);
                continue;
            };
            for d in &defs {
                if stop() {
                    return None;
                }
                todo.push(Named::new(resolve(&u.clause, at, &d.clause)));
            }
        }
    }
    Some((clauses.into_iter().map(|c| c.clause).collect(), kept))
}

/// `u` with its body conjunct `at` (an application of `d`'s head predicate) replaced by
/// `d`'s body, `d`'s variables renamed.
fn resolve(u: &Clause, at: usize, d: &Clause) -> Clause {
    let fresh: Vec<Dynamic> = d
        .vars
        .iter()
        .map(|v| Dynamic::fresh_const("b", &v.get_sort()))
        .collect();
    let pairs: Vec<(&Dynamic, &Dynamic)> = d.vars.iter().zip(&fresh).collect();
    let rename = |b: &Bool| b.substitute(&pairs);
    // `d`'s body takes the place of the use: the predicates stay in execution order, which a
    // derivation's premises follow (`cex`).
    let mut body: Vec<Bool> = u.body.clone();
    let used = body[at].clone();
    body.splice(at..=at, d.body.iter().map(rename));
    let head = rename(&d.head);
    for (a, b) in used.children().iter().zip(head.children()) {
        body.push(a.eq(&b));
    }
    let mut nondets = u.nondets.clone();
    for (v, signed) in &d.nondets {
        let v = Dynamic::from_ast(v).substitute(&pairs);
        nondets.push((v.as_bv().expect("a bit-vector"), *signed));
    }
    let mut vars = u.vars.clone();
    vars.extend(fresh);
    Clause {
        vars,
        body: simplify(body),
        head: u.head.clone(),
        nondets,
    }
}

/// Drops `true` conjuncts and repeated ones.
fn simplify(body: Vec<Bool>) -> Vec<Bool> {
    let mut seen = HashSet::new();
    body.into_iter()
        .filter(|b| b.as_bool() != Some(true))
        .filter(|b| seen.insert(b.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;
    use z3::Sort;

    #[test]
    fn a_point_between_two_others_is_resolved_away() {
        let s = Sort::bitvector(8);
        let p = FuncDecl::new("p@0", &[&s], &Sort::bool());
        let q = FuncDecl::new("p@1", &[&s], &Sort::bool());
        let r = FuncDecl::new("p@2", &[&s], &Sort::bool());
        let x = BV::new_const("x", 8);
        let y = BV::new_const("y", 8);
        let app = |d: &FuncDecl, v: &BV| d.apply(&[v]).as_bool().unwrap();
        let c1 = Clause {
            vars: vec![x.clone().into()],
            body: vec![app(&p, &x)],
            head: app(&q, &x.bvadd(BV::from_u64(1, 8))),
            nondets: vec![],
        };
        let c2 = Clause {
            vars: vec![y.clone().into()],
            body: vec![app(&q, &y), y.bvult(BV::from_u64(9, 8))],
            head: app(&r, &y),
            nondets: vec![],
        };
        let (out, kept) = compose(vec![c1, c2], &[&q], &|| false).unwrap();
        assert!(kept.is_empty());
        assert_eq!(out.len(), 1);
        let text = format!("{:?} => {:?}", out[0].body, out[0].head);
        assert!(text.contains("(p@0 b!"), "{text}");
        assert!(text.contains("(p@2 y)"), "{text}");
        assert!(text.contains("bvult y #x09"), "{text}");
        assert!(text.contains("(= y (bvadd b!"), "{text}");
        // The definer's body stands where the use stood (execution order).
        assert!(text.find("(p@0 b!") < text.find("bvult y"), "{text}");
    }
}
