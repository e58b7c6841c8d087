//! Loop invariant candidates learnt from target hits of the abstracted run (`trex verify`,
//! `verify::loops::invariants`).
//!
//! A path that reaches a target through a havocked loop header (`verify::loops`) has,
//! after the havoc, constraints over the havocked values. The negation of each of them is an
//! interpolant at the header for that error path (it and the rest of the path cannot both
//! hold); one that is also inductive (true at the loop's entry and kept by an iteration) can be
//! assumed on the havocked values and excludes the path. A candidate is kept outside any
//! expression pool (each run has its own): its nodes in post-order, reads of the header's
//! *slots* (its modified registers, then its modified objects, `LoopMod`) standing for the
//! values there.

use hashbrown::HashMap;

use crate::expr::{ArrayId, Expr, ExprId, ExprPool};
use crate::ir::FuncId;

/// Largest candidate (expression nodes): invariants that matter are small.
const MAX_NODES: usize = 64;

/// A boolean formula over the slots of one loop header.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// The loop header: function and first instruction.
    pub header: (FuncId, u32),
    /// Post-order (the last is the root); children are indices into `nodes`; a `Read` has
    /// `array` = the slot, `index` = a node holding the byte offset, and no updates.
    nodes: Vec<(Expr, u32)>,
}

/// A havoc on a path (kept only when learning; `PathState::havocs`): its header, the fresh
/// array of each slot, and the number of path constraints once its candidates were assumed.
#[derive(Clone, Debug)]
pub(crate) struct Havoc {
    pub(crate) header: (FuncId, u32),
    pub(crate) arrays: Vec<ArrayId>,
    pub(crate) from: usize,
}

/// What the executor passes and gets back across the runs of `trex verify`'s refinement.
#[derive(Clone, Debug, Default)]
pub struct LoopInvariants {
    /// Candidates assumed at their headers (each checked at every entry and at every path
    /// back at the header).
    pub assumed: Vec<Candidate>,
    /// Learn candidates from the target hits (`Outcome::invariant_candidates`).
    pub learn: bool,
}

/// What a read of an array becomes in a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The header's slot.
    Slot(u32),
    /// Zero: a value chosen after the header (a nondeterministic input of the body). A
    /// candidate is a guess, checked before it is used: after the body of a rotated loop,
    /// `x + 2d != 2 (y + d)` becomes `x != 2 y`.
    Zero,
    /// The candidate is not kept.
    Reject,
}

impl Candidate {
    /// Its nodes in post-order (the last is the root), with their widths.
    pub fn nodes(&self) -> &[(Expr, u32)] {
        &self.nodes
    }

    /// `e` (width 1) with each read of an array replaced as `role` says; `None` when `e` reads
    /// a slot at a symbolic offset or through writes, an array to reject, no slot, or is too
    /// large.
    pub fn detach(
        pool: &ExprPool,
        header: (FuncId, u32),
        e: ExprId,
        role: &dyn Fn(ArrayId) -> Role,
    ) -> Option<Candidate> {
        let mut nodes = Vec::new();
        let mut done: HashMap<ExprId, u32> = HashMap::new();
        // Iterative post-order: (node, children pushed).
        let mut stack = vec![(e, false)];
        while let Some((x, expanded)) = stack.pop() {
            if done.contains_key(&x) {
                continue;
            }
            let kids = children(pool.get(x));
            if !expanded {
                stack.push((x, true));
                stack.extend(kids.iter().map(|&k| (k, false)));
                continue;
            }
            let local = |k: ExprId| ExprId(done[&k]);
            let node = match *pool.get(x) {
                Expr::Read { array, .. } if role(array) == Role::Zero => {
                    Expr::Const { width: 8, bits: 0 }
                }
                Expr::Read {
                    array,
                    updates: None,
                    index,
                } => {
                    let Role::Slot(s) = role(array) else {
                        return None;
                    };
                    pool.as_const(index)?;
                    Expr::Read {
                        array: ArrayId(s),
                        updates: None,
                        index: local(index),
                    }
                }
                Expr::Read { .. } => return None,
                other => Expr::map_children(other, &local),
            };
            done.insert(x, nodes.len() as u32);
            nodes.push((node, pool.width(x)));
            if nodes.len() > MAX_NODES {
                return None;
            }
        }
        // Without a slot it says nothing of the header's state (`true`, or `false` after a
        // zeroed input).
        let reads_slot = nodes.iter().any(|(n, _)| matches!(n, Expr::Read { .. }));
        reads_slot.then_some(Candidate { header, nodes })
    }

    /// The formula in `pool`, byte `k` of slot `s` being `byte(pool, s, k)` (rebuilt through
    /// the simplifying builder); `None` when a byte is not available.
    pub fn attach(
        &self,
        pool: &mut ExprPool,
        byte: &mut dyn FnMut(&mut ExprPool, u32, u64) -> Option<ExprId>,
    ) -> Option<ExprId> {
        let mut out: Vec<ExprId> = Vec::with_capacity(self.nodes.len());
        for &(node, width) in &self.nodes {
            let m = |k: ExprId| out[k.0 as usize];
            let e = match node {
                Expr::Const { width, bits } => pool.constant(width, bits),
                Expr::Read { array, index, .. } => {
                    let k = pool.as_const(m(index)).expect("slot offsets are constants");
                    byte(pool, array.0, k as u64)?
                }
                Expr::Select { cond, t, f } => pool.select(m(cond), m(t), m(f)),
                Expr::Concat { hi, lo } => pool.concat(m(hi), m(lo)),
                Expr::Extract { e, offset, width } => pool.extract(m(e), offset, width),
                Expr::ZExt { e, width } => pool.zext(m(e), width),
                Expr::SExt { e, width } => pool.sext(m(e), width),
                Expr::Not { e } => pool.not(m(e)),
                Expr::Bin { op, a, b } => pool.bin(op, m(a), m(b)),
                Expr::Cmp { op, a, b } => pool.cmp(op, m(a), m(b)),
            };
            debug_assert_eq!(pool.width(e), width);
            out.push(e);
        }
        out.last().copied()
    }
}

fn children(e: &Expr) -> Vec<ExprId> {
    match *e {
        Expr::Const { .. } => vec![],
        Expr::Read { index, .. } => vec![index],
        Expr::Select { cond, t, f } => vec![cond, t, f],
        Expr::Concat { hi, lo } => vec![hi, lo],
        Expr::Extract { e, .. } | Expr::ZExt { e, .. } | Expr::SExt { e, .. } | Expr::Not { e } => {
            vec![e]
        }
        Expr::Bin { a, b, .. } | Expr::Cmp { a, b, .. } => vec![a, b],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::expr::test_word as word;

    const HEADER: (FuncId, u32) = (FuncId(0), 7);

    /// `x == 2 * y` over slots 0 and 1, attached to the words `(x, y)`.
    fn twice(pool: &mut ExprPool, c: &Candidate, x: ExprId, y: ExprId) -> Option<ExprId> {
        c.attach(pool, &mut |p, s, k| {
            let w = [x, y][s as usize];
            Some(p.extract(w, 8 * k as u32, 8))
        })
    }

    #[test]
    fn a_candidate_moves_between_pools_over_the_slot_values() {
        let mut p = ExprPool::new();
        let (a, x) = word(&mut p, "x");
        let (b, y) = word(&mut p, "y");
        let two = p.constant(32, 2);
        let y2 = p.mul(two, y);
        let e = p.eq(x, y2);
        let role = |arr: ArrayId| match arr {
            _ if arr == a => Role::Slot(0),
            _ if arr == b => Role::Slot(1),
            _ => Role::Reject,
        };
        let c = Candidate::detach(&p, HEADER, e, &role).unwrap();
        assert_eq!(c.header, HEADER);
        // Another pool, concrete values: the builder folds the formula.
        let mut q = ExprPool::new();
        for (xv, yv, holds) in [(10, 5, true), (11, 5, false), (0, 1 << 31, true)] {
            let xc = q.constant(32, xv);
            let yc = q.constant(32, yv);
            let f = twice(&mut q, &c, xc, yc).unwrap();
            assert_eq!(q.as_const(f), Some(holds as u128), "x = {xv}, y = {yv}");
        }
        // Symbolic values of the new pool: the same formula over them.
        let (_, u) = word(&mut q, "u");
        let (_, v) = word(&mut q, "v");
        let f = twice(&mut q, &c, u, v).unwrap();
        let two = q.constant(32, 2);
        let v2 = q.mul(two, v);
        assert_eq!(f, q.eq(u, v2));
        // A byte that is not available: no formula.
        assert!(c.attach(&mut q, &mut |_, _, _| None).is_none());
    }

    #[test]
    fn later_inputs_are_zeroed_and_other_arrays_rejected() {
        let mut p = ExprPool::new();
        let (a, x) = word(&mut p, "x");
        let (d, dv) = word(&mut p, "d");
        // x + d != 3 (d chosen after the header) becomes x != 3.
        let s = p.add(x, dv);
        let three = p.constant(32, 3);
        let e = p.ne(s, three);
        let role = |arr: ArrayId| {
            if arr == a {
                Role::Slot(0)
            } else if arr == d {
                Role::Zero
            } else {
                Role::Reject
            }
        };
        let c = Candidate::detach(&p, HEADER, e, &role).unwrap();
        let mut q = ExprPool::new();
        for (xv, holds) in [(3, false), (4, true)] {
            let xc = q.constant(32, xv);
            let f = c.attach(&mut q, &mut |q, _, k| Some(q.extract(xc, 8 * k as u32, 8)));
            assert_eq!(q.as_const(f.unwrap()), Some(holds as u128));
        }
        // An input from before the header is not a slot: rejected.
        let only_slot = |arr: ArrayId| {
            if arr == a {
                Role::Slot(0)
            } else {
                Role::Reject
            }
        };
        assert!(Candidate::detach(&p, HEADER, e, &only_slot).is_none());
        // No slot at all says nothing of the header.
        let zero_all = |_: ArrayId| Role::Zero;
        assert!(Candidate::detach(&p, HEADER, e, &zero_all).is_none());
        // A slot read at a symbolic offset is not expressible.
        let sym = p.read(a, None, dv);
        let k = p.constant(8, 1);
        let e2 = p.eq(sym, k);
        let both = |arr: ArrayId| if arr == a { Role::Slot(0) } else { Role::Zero };
        assert!(Candidate::detach(&p, HEADER, e2, &both).is_none());
    }
}
