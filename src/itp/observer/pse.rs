//! Postconditioned symbolic execution (paper 002, `--pse`) on interpolation's tree of nodes:
//! when a path ends, the weakest precondition of its suffix from each node it went through
//! (its leaf's, then through each ancestor's segment with that fork's outcome as the guard:
//! `guard && child`, paper 002 Algorithm 3) joins the summary at that node's program point
//! (`itp::summary`); a path starting a node whose state implies the summary there ends
//! (`Prune::Pse`), and the part of the summary that held is its node's weakest precondition
//! for the ancestors (Algorithm 2, line 22).
//!
//! The disjuncts are interpolation's weakest preconditions of single paths, so everything
//! that keeps interpolants sound keeps them sound: pins, objects, renaming of heap objects,
//! opaque values (a path through a segment that is not modelled gives no disjunct there nor
//! above). A state checked against a disjunct shares no input array with the disjunct's
//! suffix: those were made after the disjunct's node started, and that node is never an
//! ancestor of the state's (first instances only; otherwise such disjuncts are skipped).

use std::sync::Arc;
use std::time::Instant;

use hashbrown::HashSet;

use super::nodes::Interpolation;
use super::record::key_of;
use crate::exec::machine::{Worker, NO_NODE};
use crate::itp::rename;
use crate::itp::summary::Added;
use crate::itp::wp::Wp;
use crate::itp::{Itp, Key};

impl Interpolation {
    /// At the start of the running path's node: `true` when its state implies the summary of
    /// the suffixes explored from this point (the node is then finished).
    pub(super) fn pse_check(&mut self, it: &mut Worker<'_, '_>) -> bool {
        let node = it.state().path.node;
        if node == NO_NODE || self.nodes[node as usize].no_wp {
            return false;
        }
        let key = key_of(it);
        let repeat = self.repeats(node, &key);
        let nd = &mut self.nodes[node as usize];
        nd.key = Some(key.clone());
        nd.repeat = repeat;
        let Some(pse) = &self.pse else {
            return false;
        };
        let first_instance = pse.opts.first_instance;
        if first_instance && repeat {
            return false;
        }
        let items: Vec<(Arc<Itp>, Vec<u32>)> = match pse.get(&key) {
            Some(v) if !v.is_empty() => v.to_vec(),
            _ => return false,
        };
        let t0 = Instant::now();
        // Disjuncts learnt at this node's ancestors (possible without the first-instance
        // rule) name input arrays this state has: skipped.
        let ancestors: HashSet<u32> = if first_instance {
            HashSet::new()
        } else {
            let mut a = HashSet::new();
            let mut n = node;
            while n != NO_NODE {
                a.insert(n);
                n = self.nodes[n as usize].parent;
            }
            a
        };
        let mut held: Vec<Arc<Itp>> = Vec::new();
        let mut parts = Vec::new();
        let mut whole = None;
        self.pse_stats().checks += 1;
        for (d, origins) in items {
            if origins.iter().any(|o| ancestors.contains(o)) {
                continue;
            }
            let Some((ren, f)) = self.instantiate(it, &d) else {
                continue;
            };
            if it.pool_ref().as_const(f) == Some(0) {
                continue;
            }
            let d = if ren.is_identity() {
                d
            } else {
                match rename::rename(it.pool(), &mut self.wp.locs, &d, &ren) {
                    Some(r) => Arc::new(r),
                    None => continue,
                }
            };
            if it.pool_ref().as_const(f) == Some(1) {
                whole = Some(d);
                break;
            }
            held.push(d);
            parts.push(f);
        }
        let hit = match whole {
            Some(d) => Some(d),
            None if parts.is_empty() => None,
            None => {
                let mut any = it.pool().false_expr();
                for f in parts {
                    any = it.pool().bool_or(any, f);
                }
                self.pse_stats().check_solver_calls += 1;
                // Unknown or a timeout: not pruned.
                match it.must_be_true(any) {
                    Ok(true) => Some(union(it, held)),
                    _ => None,
                }
            }
        };
        self.pse_stats().check_time += t0.elapsed();
        let Some(d) = hit else {
            return false;
        };
        let nd = &mut self.nodes[node as usize];
        nd.paths = 1;
        // (Not an interpolation entry's: no entry to point at, none to store.)
        nd.subsumed_by = Some(NO_NODE);
        self.pse_path(it, node, d.clone(), false);
        self.finish_node(it, node, Some(d));
        true
    }

    /// A suffix from the start of `node` ended, with weakest precondition `d`: its disjunct
    /// at `node` (when `at_node`) and, through each ancestor's segment and fork, at theirs.
    pub(super) fn pse_path(
        &mut self,
        it: &mut Worker<'_, '_>,
        node: u32,
        d: Arc<Itp>,
        at_node: bool,
    ) {
        let t0 = Instant::now();
        // The highest node on the way up whose summary may still take the path's disjunct:
        // none, no weakest precondition to compute (a loop's later iterations, full summaries).
        let Some(top) = self.pse_top(node, at_node) else {
            return;
        };
        if at_node {
            self.pse_store(it, node, &d);
        }
        let reuse = self.pse.as_ref().is_some_and(|p| p.opts.reuse);
        self.wp.solver_simplify = false;
        let (mut child, mut d) = (node, d);
        loop {
            let (a, outcome) = {
                let c = &self.nodes[child as usize];
                (c.parent, c.outcome)
            };
            if a == NO_NODE {
                break;
            }
            let an = &mut self.nodes[a as usize];
            if an.no_wp || an.seg_blocked || an.steps.is_empty() || an.finished {
                break;
            }
            self.wp.fresh_from = an.first_array;
            let cached = if reuse { an.segment.clone() } else { None };
            let mut wp = Wp::new(&mut *it, &mut self.wp);
            let seg = match cached {
                Some(s) => Some(s),
                None => {
                    let s = wp.segment(&an.steps, &an.facts);
                    if reuse {
                        an.segment = s.clone();
                    }
                    s
                }
            };
            let next = seg.and_then(|s| wp.fork_itp_with(s, &an.steps, &[(outcome, Some(d))]));
            let Some(next) = next else {
                break;
            };
            d = Arc::new(next);
            self.pse_store(it, a, &d);
            if a == top {
                break;
            }
            child = a;
        }
        self.wp.solver_simplify = true;
        self.pse_stats().wp_time += t0.elapsed();
    }

    /// `d` joins the summary at `node`'s point (not at a later instance of it on the path,
    /// with the first-instance rule).
    fn pse_store(&mut self, it: &mut Worker<'_, '_>, node: u32, d: &Arc<Itp>) {
        let nd = &self.nodes[node as usize];
        let Some(k) = nd.key.clone() else {
            return;
        };
        let Some(pse) = &mut self.pse else {
            return;
        };
        if pse.opts.first_instance && nd.repeat {
            return;
        }
        let e = Self::with_named(it, &self.wp.locs, d);
        let r = pse.add(it.pool(), &k, e, node);
        if self.wp.debug && r != Added::Implied {
            tracing::debug!(target: "trex::itp", "pse: node {node} {r:?}");
        }
    }

    /// The highest of `node` (when `at_node`) and its ancestors whose summary would store a
    /// disjunct now (a key, a first instance with the rule, not full).
    fn pse_top(&self, node: u32, at_node: bool) -> Option<u32> {
        let pse = self.pse.as_ref()?;
        let mut top = None;
        let mut n = if at_node {
            node
        } else {
            self.nodes[node as usize].parent
        };
        while n != NO_NODE {
            let nd = &self.nodes[n as usize];
            if let Some(k) = &nd.key {
                let skipped = pse.opts.first_instance && nd.repeat;
                if !skipped && !pse.full(k) {
                    top = Some(n);
                }
            }
            n = nd.parent;
        }
        top
    }

    /// Whether an ancestor of `node` starts at `key` too.
    fn repeats(&self, node: u32, key: &Key) -> bool {
        let mut n = self.nodes[node as usize].parent;
        while n != NO_NODE {
            let nd = &self.nodes[n as usize];
            if nd.key.as_ref() == Some(key) {
                return true;
            }
            n = nd.parent;
        }
        false
    }

    fn pse_stats(&mut self) -> &mut crate::exec::PseStats {
        &mut self.pse.as_mut().expect("--pse").stats
    }
}

/// The disjuncts that held, as one: their formulas' disjunction under all their pins,
/// objects and addresses (each holds in the state, so they agree; requiring them all is an
/// under-approximation of the disjunction).
fn union(it: &mut Worker<'_, '_>, held: Vec<Arc<Itp>>) -> Arc<Itp> {
    if held.len() == 1 {
        return held.into_iter().next().unwrap();
    }
    let mut u = Itp::default();
    let mut any = it.pool().false_expr();
    for d in &held {
        let f = d.formula.unwrap_or_else(|| it.pool().true_expr());
        any = it.pool().bool_or(any, f);
        u.reg_pins.extend(d.reg_pins.iter().copied());
        u.mem_pins.extend(d.mem_pins.iter().copied());
        u.objects.extend(d.objects.iter().copied());
        u.bases.extend(d.bases.iter().copied());
        u.provenance.extend(d.provenance.iter().copied());
    }
    u.reg_pins.sort_by_key(|x| x.0);
    u.reg_pins.dedup();
    u.mem_pins.sort_by_key(|x| x.0);
    u.mem_pins.dedup();
    u.objects.sort();
    u.objects.dedup();
    u.bases.sort();
    u.bases.dedup();
    u.provenance.sort();
    u.provenance.dedup();
    u.formula = Some(any);
    u.conjuncts = vec![any];
    Arc::new(u)
}
