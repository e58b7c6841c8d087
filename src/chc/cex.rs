//! A counterexample's inputs: Spacer's derivation of `bad` is a tree of hyper-resolution
//! steps, each concluding a ground fact of one predicate from the facts of its body's
//! predicates, in the body's order (the caller's state before a callee's summary). Visited
//! children first, the facts come in execution order; each fact of a point after a
//! `__VERIFIER_nondet_*` call holds the value the call returned. The values, in order, are
//! the test's objects (named after the function, as trex's executor names them).

use super::raw::kind_number;
use hashbrown::HashMap;
use z3::ast::{Ast, Dynamic};
use z3::DeclKind;

use super::encode::Encoding;

/// The `.ktest` objects of a derivation; `None` if it is not one trex can read.
pub fn inputs(enc: &Encoding, proof: &Dynamic) -> Option<Vec<(String, Vec<u8>)>> {
    // Point predicate name -> (argument index of the value, function name, size).
    let mut nondet: HashMap<String, (Option<usize>, String, u64)> = HashMap::new();
    let n_globals = enc.globals.len();
    for l in enc.layouts.values() {
        for p in &l.points {
            if let Some((r, name, size)) = &p.nondet {
                nondet.insert(
                    p.decl.name(),
                    (l.arg_of(*r, n_globals), name.clone(), *size),
                );
            }
        }
    }
    let mut out = Vec::new();
    let mut stack = vec![(proof.clone(), false)];
    while let Some((node, visited)) = stack.pop() {
        if !node.is_app() {
            continue;
        }
        let kids = node.children();
        if !is_proof(&node) {
            continue;
        }
        let Some(fact) = kids.last().cloned() else {
            continue;
        };
        if visited {
            let Some(pred) = fact_name(&fact) else {
                continue;
            };
            if let Some((arg, name, size)) = nondet.get(&pred) {
                let v = match arg {
                    Some(i) => numeral(&fact.nth_child(*i)?)?,
                    None => 0,
                };
                let bytes = (0..*size).map(|k| (v >> (8 * k)) as u8).collect();
                out.push((name.clone(), bytes));
            }
            continue;
        }
        stack.push((node.clone(), true));
        // Premises (all but the conclusion), pushed in reverse to be visited in order.
        for k in kids[..kids.len() - 1].iter().rev() {
            if is_proof(k) {
                stack.push((k.clone(), false));
            }
        }
    }
    Some(out)
}

fn is_proof(d: &Dynamic) -> bool {
    // Proof rules are numbered alike in every Z3.
    kind_number(d).is_some_and(|k| (DeclKind::PrUndef as u32..0x600).contains(&k))
}

/// The predicate a fact is of (`None`: not an application).
fn fact_name(f: &Dynamic) -> Option<String> {
    f.is_app().then(|| f.decl().name())
}

fn numeral(d: &Dynamic) -> Option<u128> {
    let bv = d.as_bv()?;
    match bv.as_u64() {
        Some(v) => Some(v as u128),
        None => bv
            .to_string()
            .strip_prefix("#x")
            .and_then(|h| u128::from_str_radix(h, 16).ok()),
    }
}
