//! A Horn clause kept in its parts (variables, body conjuncts, head) rather than as one
//! quantified formula, so that the clauses can be composed (`blocks`) and rewritten
//! (`to_int`) before they go to Spacer as rules (`rule`).

use z3::ast::{forall_const, Ast, Bool, Dynamic, BV};
use z3::FuncDecl;

use super::raw::{args, is_uninterpreted};

/// `forall vars. body[0] && body[1] && ... => head`.
#[derive(Clone, Debug)]
pub struct Clause {
    pub vars: Vec<Dynamic>,
    /// Predicate applications and constraints, in any order.
    pub body: Vec<Bool>,
    pub head: Bool,
    /// The variables that are nondeterministic values, with whether their C type is signed
    /// (their range, for the integer abstraction).
    pub nondets: Vec<(BV, bool)>,
}

impl Clause {
    /// The clause as Spacer's rule.
    pub fn rule(&self) -> Bool {
        let imp = Bool::and(&self.body).implies(&self.head);
        let vars: Vec<&dyn Ast> = self.vars.iter().map(|v| v as &dyn Ast).collect();
        forall_const(&vars, &[], &imp)
    }

    /// Every distinct term of the body and the head, each once (children after their parent).
    pub fn subterms(&self) -> Vec<Dynamic> {
        let mut seen = hashbrown::HashSet::new();
        let mut out = Vec::new();
        let mut todo: Vec<Dynamic> = (self.body.iter().chain([&self.head]))
            .map(|b| Dynamic::from_ast(b))
            .collect();
        while let Some(t) = todo.pop() {
            if seen.insert(t.clone()) {
                todo.extend(args(&t));
                out.push(t);
            }
        }
        out
    }

    /// The uninterpreted function a body conjunct or the head applies: a predicate, or a
    /// Boolean variable (the caller tells them apart by the predicates it knows).
    pub fn applied(b: &Bool) -> Option<FuncDecl> {
        is_uninterpreted(&Dynamic::from_ast(b)).then(|| b.decl())
    }
}
