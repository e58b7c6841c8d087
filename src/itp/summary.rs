//! Postconditioned symbolic execution's summaries (paper 002, `--pse`): per program point (a
//! node key: call-site stack and the point), the disjunction of the weakest preconditions of
//! the path suffixes explored from there. A path whose state implies it would only repeat
//! explored suffixes (each disjunct fixes every fork outcome and every error check of its
//! suffix), so it ends. Any part of a summary may be left out (an under-approximation prunes
//! less, never wrongly: paper 002 §4.1), which is what the bound and the first-instance rule do.
//!
//! A disjunct is an [`Itp`]: a formula over the point's location variables with the pins,
//! objects and base addresses it assumes (a state that does not have them is not in it).
//! Simplification (§4.2) works on disjuncts with the same pins: two that differ in exactly
//! one conjunct, the negation of each other (the two sides of one fork below a shared
//! prefix), become their common conjuncts; a disjunct whose conjuncts include all of
//! another's is implied by it and dropped.

use std::sync::Arc;

use hashbrown::HashMap;

use super::{Itp, Key};
use crate::exec::{PseOptions, PseStats};
use crate::expr::{ExprId, ExprPool};

/// The summaries of a run (one worker's: with several, each keeps its own, an
/// under-approximation of the run's).
pub(crate) struct Summaries {
    by_key: HashMap<Key, Vec<Item>>,
    pub(crate) opts: PseOptions,
    pub(crate) stats: PseStats,
}

/// A disjunct, and the nodes it was learnt at (several when merged): a state below one of
/// them is never checked against it (`observer/pse.rs`).
pub(crate) type Item = (Arc<Itp>, Vec<u32>);

/// What became of a disjunct offered to a summary.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Added {
    Stored,
    /// Combined with others (fewer disjuncts, same meaning).
    Merged,
    /// Implied by a disjunct already there.
    Implied,
    /// The summary is full (`PseOptions::max_disjuncts`).
    Dropped,
}

impl Summaries {
    pub(crate) fn new(opts: PseOptions) -> Summaries {
        Summaries {
            by_key: HashMap::new(),
            opts,
            stats: PseStats::default(),
        }
    }

    pub(crate) fn get(&self, k: &Key) -> Option<&[Item]> {
        self.by_key.get(k).map(|v| &v[..])
    }

    /// Whether the summary at `k` takes no more disjuncts (the bound reached: paper 002 adds
    /// to a summary only below it).
    pub(crate) fn full(&self, k: &Key) -> bool {
        let max = self.opts.max_disjuncts;
        max != 0 && self.by_key.get(k).is_some_and(|l| l.len() >= max)
    }

    /// Adds the weakest precondition `d` of a suffix explored from `k`, learnt at `node`.
    pub(crate) fn add(&mut self, pool: &mut ExprPool, k: &Key, d: Arc<Itp>, node: u32) -> Added {
        if d.formula.is_none() {
            // (Not a usable formula: never a disjunct, which would read as `true`.)
            self.stats.dropped += 1;
            return Added::Dropped;
        }
        let d = (d, vec![node]);
        let (simplify, max) = (self.opts.simplify, self.opts.max_disjuncts);
        let list = match self.by_key.get_mut(k) {
            Some(l) => l,
            None => {
                self.stats.summaries += 1;
                self.by_key.entry(k.clone()).or_default()
            }
        };
        let r = if max != 0 && list.len() >= max {
            Added::Dropped
        } else if simplify {
            combine(pool, list, d, max)
        } else {
            list.push(d);
            Added::Stored
        };
        match r {
            Added::Stored => self.stats.disjuncts += 1,
            Added::Merged => self.stats.merged += 1,
            Added::Dropped => self.stats.dropped += 1,
            Added::Implied => {}
        }
        r
    }
}

/// The conjuncts of a disjunct (its formula's when the list is empty; none when it is true).
fn conj_of(pool: &ExprPool, d: &Itp) -> Vec<ExprId> {
    if !d.conjuncts.is_empty() {
        return d.conjuncts.clone();
    }
    let mut v = Vec::new();
    if let Some(f) = d.formula {
        super::conjuncts(pool, f, &mut v);
    }
    v
}

/// The same assumptions besides the formula: pins, objects, base addresses, provenance.
fn same_frame(a: &Itp, b: &Itp) -> bool {
    a.reg_pins == b.reg_pins
        && a.mem_pins == b.mem_pins
        && a.objects == b.objects
        && a.bases == b.bases
        && a.provenance == b.provenance
}

fn complementary(pool: &mut ExprPool, a: ExprId, b: ExprId) -> bool {
    pool.bool_not(a) == b || pool.bool_not(b) == a
}

/// Algorithm 4 of paper 002 (CombineSummary), on conjunct sets: adds `d` to `list`,
/// combining it with a disjunct it can be merged with, again and again.
fn combine(pool: &mut ExprPool, list: &mut Vec<Item>, d: Item, max: usize) -> Added {
    let (mut d, mut origins) = d;
    let mut merged = false;
    'again: loop {
        let dc = conj_of(pool, &d);
        for i in 0..list.len() {
            let e = &list[i].0;
            if !same_frame(e, &d) {
                continue;
            }
            let ec = conj_of(pool, e);
            let only_d: Vec<ExprId> = dc.iter().copied().filter(|c| !ec.contains(c)).collect();
            let only_e: Vec<ExprId> = ec.iter().copied().filter(|c| !dc.contains(c)).collect();
            if only_e.is_empty() {
                // `e`'s conjuncts are all `d`'s: `d` implies `e`.
                let o = &mut list[i].1;
                o.extend(origins);
                o.sort_unstable();
                o.dedup();
                return if merged {
                    Added::Merged
                } else {
                    Added::Implied
                };
            }
            if only_d.is_empty() {
                // `e` implies `d`: `d` replaces it (and may absorb others).
                origins.extend(list.swap_remove(i).1);
                merged = true;
                continue 'again;
            }
            if only_d.len() == 1 && only_e.len() == 1 && complementary(pool, only_d[0], only_e[0]) {
                let common: Vec<ExprId> = dc.iter().copied().filter(|c| ec.contains(c)).collect();
                let mut f = pool.true_expr();
                for &c in common.iter().rev() {
                    f = pool.bool_and(c, f);
                }
                let mut n = (**e).clone();
                n.formula = Some(f);
                n.conjuncts = common;
                // (The objects either names are the same: same pins, same objects.)
                n.named = merge_named(&e.named, &d.named);
                origins.extend(list.swap_remove(i).1);
                d = Arc::new(n);
                merged = true;
                continue 'again;
            }
        }
        break;
    }
    if max != 0 && list.len() >= max {
        // (Merged ones were taken out of the list: one of them goes back in its place.)
        return Added::Dropped;
    }
    origins.sort_unstable();
    origins.dedup();
    list.push((d, origins));
    if merged {
        Added::Merged
    } else {
        Added::Stored
    }
}

fn merge_named(
    a: &[(crate::obj::ObjRef, Option<u64>)],
    b: &[(crate::obj::ObjRef, Option<u64>)],
) -> Vec<(crate::obj::ObjRef, Option<u64>)> {
    let mut v: Vec<_> = a.iter().chain(b).copied().collect();
    v.sort();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool_vars() -> (ExprPool, ExprId, ExprId) {
        let mut p = ExprPool::new();
        let x = crate::expr::test_word(&mut p, "a").1;
        let y = crate::expr::test_word(&mut p, "b").1;
        (p, x, y)
    }

    fn disj(p: &mut ExprPool, cs: &[ExprId]) -> Arc<Itp> {
        let mut f = p.true_expr();
        for &c in cs.iter().rev() {
            f = p.bool_and(c, f);
        }
        Arc::new(Itp {
            formula: Some(f),
            conjuncts: cs.to_vec(),
            ..Itp::default()
        })
    }

    fn opts(simplify: bool, max: usize) -> PseOptions {
        PseOptions {
            simplify,
            max_disjuncts: max,
            ..PseOptions::default()
        }
    }

    #[test]
    fn two_sides_of_a_fork_become_the_prefix() {
        let (mut p, x, y) = pool_vars();
        let zero = p.constant(32, 0);
        let five = p.constant(32, 5);
        let a = p.slt(x, zero);
        let c = p.slt(y, five);
        let nc = p.bool_not(c);
        let mut s = Summaries::new(opts(true, 200));
        let k: Key = vec![];
        let d1 = disj(&mut p, &[a, c]);
        let d2 = disj(&mut p, &[a, nc]);
        assert_eq!(s.add(&mut p, &k, d1, 0), Added::Stored);
        assert_eq!(s.add(&mut p, &k, d2, 0), Added::Merged);
        let l = s.get(&k).unwrap();
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].0.conjuncts, vec![a]);
        // The other side of `a`'s fork, with both sides of `c`: the whole space.
        let na = p.bool_not(a);
        let d3 = disj(&mut p, &[na, c]);
        let d4 = disj(&mut p, &[na, nc]);
        s.add(&mut p, &k, d3, 0);
        assert_eq!(s.add(&mut p, &k, d4, 0), Added::Merged);
        let l = s.get(&k).unwrap();
        assert_eq!(l.len(), 1);
        assert!(l[0].0.conjuncts.is_empty());
        assert_eq!(p.as_const(l[0].0.formula.unwrap()), Some(1));
        // Anything more is implied.
        let d5 = disj(&mut p, &[a]);
        assert_eq!(s.add(&mut p, &k, d5, 0), Added::Implied);
    }

    #[test]
    fn implied_disjuncts_are_dropped_either_way() {
        let (mut p, x, y) = pool_vars();
        let zero = p.constant(32, 0);
        let a = p.slt(x, zero);
        let b = p.slt(y, zero);
        let mut s = Summaries::new(opts(true, 200));
        let k: Key = vec![];
        let strong = disj(&mut p, &[a, b]);
        let weak = disj(&mut p, &[a]);
        s.add(&mut p, &k, strong.clone(), 0);
        assert_eq!(s.add(&mut p, &k, weak, 0), Added::Merged);
        assert_eq!(s.get(&k).unwrap().len(), 1);
        assert_eq!(s.add(&mut p, &k, strong, 0), Added::Implied);
        assert_eq!(s.get(&k).unwrap()[0].0.conjuncts, vec![a]);
    }

    #[test]
    fn different_pins_never_combine_and_the_bound_holds() {
        let (mut p, x, _) = pool_vars();
        let zero = p.constant(32, 0);
        let a = p.slt(x, zero);
        let na = p.bool_not(a);
        let mut s = Summaries::new(opts(true, 2));
        let k: Key = vec![];
        let d1 = disj(&mut p, &[a]);
        let mut d2 = (*disj(&mut p, &[na])).clone();
        d2.reg_pins = vec![(3, crate::itp::PinVal::Addr(8))];
        assert_eq!(s.add(&mut p, &k, d1, 0), Added::Stored);
        assert_eq!(s.add(&mut p, &k, Arc::new(d2), 0), Added::Stored);
        let seven = p.constant(32, 7);
        let c = p.eq(x, seven);
        let d3 = disj(&mut p, &[c]);
        assert_eq!(s.add(&mut p, &k, d3, 0), Added::Dropped);
        assert_eq!(s.get(&k).unwrap().len(), 2);
        assert_eq!(s.stats.dropped, 1);
    }

    #[test]
    fn without_simplification_every_disjunct_is_kept() {
        let (mut p, x, _) = pool_vars();
        let zero = p.constant(32, 0);
        let a = p.slt(x, zero);
        let na = p.bool_not(a);
        let mut s = Summaries::new(opts(false, 0));
        let k: Key = vec![];
        let d1 = disj(&mut p, &[a]);
        let d2 = disj(&mut p, &[na]);
        s.add(&mut p, &k, d1, 0);
        s.add(&mut p, &k, d2, 0);
        assert_eq!(s.get(&k).unwrap().len(), 2);
    }
}
