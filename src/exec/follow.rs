//! Paths that follow one concrete input (the concolic mode, `crate::concolic`): the mode
//! picks an input, the interpreter runs the program from its start on it (`run_inputs`).
//!
//! Every question the path would put to the solver is answered by the input instead: a
//! condition's value under it decides a branch (one side, no fork), a check (no error path
//! unless the input makes the error), a symbolic pointer's object, a size. Each condition so
//! decided is a *decision*: its fact (the condition or its negation, whichever holds) joins
//! the path constraints, and the mode may negate it to choose the next input. A value asked
//! for (`some_value`) is the input's. An assumption the input violates (`klee_assume`, the
//! `--sym-args` counts) patches the input with a model of the path and the assumption (as
//! KLEE patches a seed, by the solver); no input satisfying it ends the path as without one.
//!
//! The k-th symbolic object a path makes is the same array as the k-th of the paths before
//! (same name and size): the paths' conditions then share their terms (hash-consed), so that
//! the mode compares a path's decisions with those it predicted by identity.

use std::collections::VecDeque;
use std::sync::Arc;

use hashbrown::{HashMap, HashSet};

use super::interp::observe::{Fork, PathFact, Untaken};
use super::interp::{ExecutionState, Worker, R};
use crate::expr::eval::{Assignment, Evaluator};
use crate::expr::{self, ArrayId, ExprId};
use crate::ir::{Edge, FuncId, Function};
use crate::search::rng::Rng;

/// A concrete input: objects in the order the path makes them (name, bytes), as in a test.
pub(crate) type Input = Arc<[(String, Vec<u8>)]>;

/// The bytes of objects past the input's (or past an input object's end).
#[derive(Clone, Debug)]
pub(crate) enum Fill {
    Zeros,
    /// Pseudo-random bytes (from `--seed`: a run is reproducible).
    Random(Rng),
}

impl Fill {
    pub(crate) fn random(seed: u64) -> Fill {
        Fill::Random(Rng::new(seed))
    }

    fn byte(&mut self) -> u8 {
        match self {
            Fill::Zeros => 0,
            Fill::Random(r) => r.next_u64() as u8,
        }
    }
}

/// A condition the input decided on the path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decision {
    /// The value of the condition asked under the input (a fact equal to the condition).
    pub(crate) holds: bool,
    /// `query` or its negation, whichever holds: the path constraint at index `at`.
    pub(crate) fact: ExprId,
    pub(crate) at: u32,
    /// The instruction that asked (a conditional branch asks its condition first).
    pub(crate) site: (FuncId, u32),
    /// At a conditional branch: the path's mark (`PathState::node`) before it and the
    /// outcome taken (0 the true side, 1 the false one: `Fork::Decided`).
    pub(crate) branch: Option<(u32, u32)>,
    /// The untaken side needs no path: an observer settled it (interpolation: subsumed).
    pub(crate) settled: bool,
}

/// Untaken sides kept per path for greedy confirmation (the deepest ones: confirmation goes
/// up from the path's end and stops at the first side it cannot confirm).
const KEPT_SIDES: usize = 64;

/// What greedy confirmation did after a path (`Worker::confirm_sides`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Confirmed {
    /// Sides explored whole (settled), and given up.
    pub(crate) sides: u32,
    pub(crate) failed: u32,
    /// Sides found infeasible (settled: no negation is solved for them).
    pub(crate) infeasible: u32,
    /// Paths it ran (tests like `trex run`'s).
    pub(crate) paths: u64,
}

/// The arrays of the symbolic objects made so far in the run, by creation order on a path
/// (name, size, array): kept from one path to the next.
#[derive(Default)]
pub(crate) struct Arrays(Vec<(String, u64, ArrayId)>);

/// The running path's input and what it decided.
pub(crate) struct Follow {
    input: Input,
    fill: Fill,
    /// The input object the next symbolic object takes.
    next: usize,
    values: Assignment,
    memo: HashMap<ExprId, u128>,
    facts: HashSet<ExprId>,
    decisions: Vec<Decision>,
    arrays: Arrays,
    /// Assumptions the input violated, patched by the solver.
    patched: u32,
    /// The path was pruned by interpolation (subsumed).
    subsumed: bool,
    /// Untaken sides an observer kept (`Untaken::Keep`): the decision's index, its state.
    sides: VecDeque<(usize, ExecutionState)>,
    confirmed: Confirmed,
}

impl Follow {
    pub(crate) fn new(input: Input, fill: Fill, arrays: Arrays) -> Follow {
        Follow {
            input,
            fill,
            next: 0,
            values: Assignment::new(),
            memo: HashMap::new(),
            facts: HashSet::new(),
            decisions: Vec::new(),
            arrays,
            patched: 0,
            subsumed: false,
            sides: VecDeque::new(),
            confirmed: Confirmed::default(),
        }
    }

    /// What greedy confirmation did after the path.
    pub(crate) fn confirmed(&self) -> Confirmed {
        self.confirmed
    }

    /// The kept side whose state is at path mark `node` (its decision's index, its state).
    pub(in crate::exec) fn take_side(&mut self, node: u32) -> Option<(usize, ExecutionState)> {
        let i = self.sides.iter().position(|(_, st)| st.path.node == node)?;
        self.sides.remove(i)
    }

    /// A kept side was explored (`settled`: whole), running `paths` paths.
    pub(in crate::exec) fn side_explored(&mut self, decision: usize, settled: bool, paths: u64) {
        self.confirmed.paths += paths;
        if settled {
            self.confirmed.sides += 1;
            self.decisions[decision].settled = true;
        } else {
            self.confirmed.failed += 1;
        }
    }

    /// A kept side was found infeasible: settled (never negated), and the branch it is a
    /// side of (the mark before it, the outcome taken).
    pub(in crate::exec) fn side_infeasible(&mut self, decision: usize) -> Option<(u32, u32)> {
        self.confirmed.infeasible += 1;
        let d = &mut self.decisions[decision];
        d.settled = true;
        d.branch
    }

    /// Whether sides were kept.
    pub(in crate::exec) fn has_sides(&self) -> bool {
        !self.sides.is_empty()
    }

    /// The decisions the path made so far.
    pub(crate) fn decisions_made(&self) -> usize {
        self.decisions.len()
    }

    /// Whether the path was pruned by interpolation (its subtree holds no error).
    pub(crate) fn subsumed(&self) -> bool {
        self.subsumed
    }

    /// What the path decided, the arrays (for the next path) and the patches made.
    pub(crate) fn finish(self) -> (Vec<Decision>, Arrays, u32) {
        (self.decisions, self.arrays, self.patched)
    }

    fn value(&mut self, pool: &expr::ExprPool, e: ExprId) -> u128 {
        let memo = std::mem::take(&mut self.memo);
        let mut ev = Evaluator::with_memo(pool, &self.values, memo);
        let v = ev.eval(e);
        self.memo = ev.into_memo();
        v
    }

    /// The objects the path ran on (its test), given its symbolic objects (name, array,
    /// size).
    pub(crate) fn inputs(&self, symbolics: &[(String, ArrayId, u64)]) -> Vec<(String, Vec<u8>)> {
        (symbolics.iter())
            .map(|(name, a, size)| {
                let mut v = self.values.values.get(a).cloned().unwrap_or_default();
                v.resize(*size as usize, 0);
                (name.clone(), v)
            })
            .collect()
    }
}

impl<'m> Worker<'m, '_> {
    /// The running path follows an input (the concolic mode).
    pub(crate) fn follows(&self) -> bool {
        self.follow.is_some()
    }

    /// `c`'s value under the input, recorded as a decision; `None` without an input. (A
    /// decision elsewhere than at a conditional branch is a fork interpolation does not
    /// model: its node gets no interpolant.)
    pub(in crate::exec) fn follow_decide(&mut self, c: ExprId) -> Option<bool> {
        let v = self.follow_value(c)? != 0;
        if let Some(fact) = self.new_fact(c, v) {
            if !self.observers.is_empty() {
                self.observe_fork(Fork::Other("a decision not at a conditional branch"));
            }
            self.record_decision(fact, v, None, false);
        }
        Some(v)
    }

    /// A conditional branch on `c` (edges `t`, `fe` of `f`) decided by the input: the edge
    /// taken (`None` without an input). Observers hear of it as `Fork::Decided` first, unless
    /// the path decided the same before, then see the untaken side's state
    /// (`Observer::on_untaken_side`).
    pub(in crate::exec) fn follow_branch(
        &mut self,
        f: &'m Function,
        c: ExprId,
        t: &'m Edge,
        fe: &'m Edge,
    ) -> Option<usize> {
        let v = self.follow_value(c)? != 0;
        let outcome = u32::from(!v);
        let node = self.st.path.node;
        let Some(fact) = self.new_fact(c, v) else {
            // (Decided before on the path: no decision, no node.)
            self.visit_branch(v);
            return Some(self.edge(f, if v { t } else { fe }));
        };
        self.observe_fork(Fork::Decided { cont: outcome });
        let mut side = Untaken::Open;
        if !self.observers.is_empty() {
            // (Before the decision's fact joins the path: the untaken side's state has its
            // own condition instead.)
            let other = self.pool.bool_not(fact);
            let ghost = self.st.branch(other, &|_| true);
            let cur = std::mem::replace(&mut self.st, ghost);
            // (A copy's top frame may be frozen: thawed, as `install` does.)
            let b = self.st.base;
            self.st.set_base(b);
            let pc = self.edge(f, if v { fe } else { t }) as u32;
            self.st.pc = pc;
            if let Some(fr) = self.st.frames.last_mut() {
                fr.pc = pc;
            }
            side = self.observe_untaken_side();
            let ghost = std::mem::replace(&mut self.st, cur);
            if side == Untaken::Keep {
                let f = self.follow.as_deref_mut().expect("an input");
                if f.sides.len() == KEPT_SIDES {
                    f.sides.pop_front();
                }
                f.sides.push_back((f.decisions.len(), ghost));
            }
        }
        let settled = side == Untaken::Settled;
        self.record_decision(fact, v, Some((node, outcome)), settled);
        self.visit_branch(v);
        Some(self.edge(f, if v { t } else { fe }))
    }

    /// The fact `c` (`v`: its value) makes, if the path did not decide it before.
    fn new_fact(&mut self, c: ExprId, v: bool) -> Option<ExprId> {
        let fact = if v { c } else { self.pool.bool_not(c) };
        let f = self.follow.as_deref()?;
        (!f.facts.contains(&fact)).then_some(fact)
    }

    /// Records a new decision (`fact`, the condition's value `v`): the fact joins the path
    /// constraints.
    fn record_decision(
        &mut self,
        fact: ExprId,
        v: bool,
        branch: Option<(u32, u32)>,
        settled: bool,
    ) {
        let site = (
            self.st.frames.last().map_or(FuncId(0), |fr| fr.func),
            self.st.pc,
        );
        let at = self.st.path.constraints.len() as u32;
        let f = self.follow.as_deref_mut().expect("an input");
        f.facts.insert(fact);
        f.decisions.push(Decision {
            holds: v,
            fact,
            at,
            site,
            branch,
            settled,
        });
        self.st.path.constraints.push(fact);
        self.observe_fact(PathFact::Constraint(fact));
    }

    /// `e`'s value under the input; `None` without an input.
    pub(in crate::exec) fn follow_value(&mut self, e: ExprId) -> Option<u128> {
        let f = self.follow.as_deref_mut()?;
        Some(f.value(&self.pool, e))
    }

    /// Whether the path may go on under the assumption `c`: without an input, whether `c`
    /// may hold; with one, whether it holds under the input, patched to a model of the path
    /// and `c` when it does not (no model: it cannot hold on this path).
    pub(crate) fn assumable(&mut self, c: ExprId) -> R<bool> {
        if self.follow.is_none() || self.pool.as_const(c).is_some() {
            return self.may_be(c);
        }
        if self.follow_value(c) == Some(1) {
            return Ok(true);
        }
        let mut cs = self.st.path.constraints.clone();
        cs.push(c);
        let arrays: Vec<ArrayId> = self.st.path.symbolics.iter().map(|s| s.1).collect();
        let r = self.solve_model(&cs, &arrays);
        let Some(model) = r.or_else(|e| self.solver_fail(e))? else {
            return Ok(false);
        };
        let f = self.follow.as_deref_mut().expect("an input");
        for (a, bytes) in arrays.into_iter().zip(model) {
            f.values.values.insert(a, bytes);
        }
        f.memo.clear();
        f.patched += 1;
        Ok(true)
    }

    /// The array of a new symbolic object `name` of `size` bytes on a path that follows an
    /// input (the one of the paths before, or a new one), bound to the input's next object;
    /// `None` without an input.
    pub(in crate::exec) fn follow_array(&mut self, name: &str, size: u64) -> Option<ArrayId> {
        let f = self.follow.as_deref_mut()?;
        let k = f.next;
        f.next += 1;
        let a = match f.arrays.0.get(k) {
            Some((n, s, a)) if n == name && *s == size => *a,
            _ => {
                let aname = self.pool.unique_array_name(name);
                let a = self.pool.new_array(expr::Array {
                    name: aname,
                    size,
                    domain: 32,
                    init: None,
                });
                let slot = (name.to_string(), size, a);
                match f.arrays.0.get_mut(k) {
                    Some(s) => *s = slot,
                    None => f.arrays.0.push(slot),
                }
                a
            }
        };
        let mut bytes = f.input.get(k).map(|o| o.1.clone()).unwrap_or_default();
        bytes.truncate(size as usize);
        while (bytes.len() as u64) < size {
            bytes.push(f.fill.byte());
        }
        f.values.values.insert(a, bytes);
        Some(a)
    }

    /// The running path, which follows an input, was pruned as subsumed.
    pub(in crate::exec) fn follow_subsumed(&mut self) {
        if let Some(f) = self.follow.as_deref_mut() {
            f.subsumed = true;
        }
    }

    /// The inputs the path ran on (its test); `None` without an input.
    pub(in crate::exec) fn followed_inputs(&self) -> Option<Vec<(String, Vec<u8>)>> {
        let f = self.follow.as_deref()?;
        Some(f.inputs(&self.st.path.symbolics))
    }
}

/// A mode that runs one path at a time, each from the start of the program on an input it
/// chooses (`run_inputs`), through the worker's interface.
pub(crate) trait InputMode {
    /// The next path's input (`None`: the run is over).
    fn next(&mut self, w: &mut Worker<'_, '_>) -> Option<Follow>;
    /// The path that followed `f` ended: its state is still the worker's (`w.state()`), its
    /// end the last of the paths the monitor hears of next.
    fn ended(&mut self, w: &mut Worker<'_, '_>, f: Follow);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_fill_is_reproducible_and_not_constant() {
        let mut a = Fill::random(0);
        let mut b = Fill::random(0);
        let xs: Vec<u8> = (0..64).map(|_| a.byte()).collect();
        let ys: Vec<u8> = (0..64).map(|_| b.byte()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().any(|&x| x != xs[0]));
        assert_eq!(Fill::Zeros.byte(), 0);
    }

    #[test]
    fn a_negated_negation_is_the_condition() {
        // (`follow_decide` records a branch's condition once: its second query, of the
        // negation, has the same fact.)
        let mut p = expr::ExprPool::new();
        let a = p.new_array(expr::Array {
            name: "x".into(),
            size: 1,
            domain: 32,
            init: None,
        });
        let z = p.constant(32, 0);
        let r = p.read(a, None, z);
        let k = p.constant(8, 3);
        let c = p.ult(r, k);
        let n = p.bool_not(c);
        assert_eq!(p.bool_not(n), c);
    }
}
