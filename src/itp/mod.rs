//! Interpolation (TRACER-X): learnt interpolants that prune states repeating a finished,
//! safe subtree.
//!
//! The executor (`exec::itp`) splits every path into *nodes*: fork-to-fork segments, keyed by
//! the program point where they start plus the call-site stack. While a segment runs it
//! records a trace (instruction, register base, and the few concrete facts the interpolant
//! needs: pointer values of memory accesses, created arrays and objects). When all children
//! of a node are finished, `exec::wp` computes the node's interpolant: the weakest
//! precondition of the segment (paper 003, Fig. 6: assignments substitute, a branch that was
//! not a fork adds its condition, a fork combines its children as
//! `guard => child` conjuncts, dropping the guard when the child does not share variables with
//! it, which is the paper's SEPARATE step), over *location variables*: the registers (by
//! absolute slot) and memory bytes (by object) at the node's start. Pointers are never
//! formulas: a pointer that matters is *pinned* to the object and offset it had (objects are
//! named by their slot and generation, unique within a state; a check renames heap objects
//! to match a state that allocated them in another order, see `rename`).
//!
//! A dequeued state at a node's start is subsumed by a table entry with the same key when the
//! pins hold and its path condition implies the formula with the location variables replaced
//! by the state's values (arrays created inside the subtree stay free: the implication must
//! hold for all their values). Entries are stored only for nodes whose whole subtree finished:
//! any early end below (budget, unsupported construct, solver failure, a refused fork, an
//! interpolant that could not be computed) blocks all ancestors, which keeps pruning sound
//! under every search order. An error end is a finished leaf: a pruned state could only reach
//! errors at locations already reported.

use std::sync::Arc;

pub mod abduce;
pub(crate) mod context;
pub mod masks;
pub mod normal;
mod observer;
pub mod ranges;
pub mod rename;
mod shared;
pub(crate) mod summary;
mod trace;
mod wp;

pub(crate) use observer::Interpolation;

use hashbrown::HashMap;

use crate::expr::walk::{walk, Node};
use crate::expr::{Array, ArrayId, Expr, ExprId, ExprPool};
use crate::ir::FuncId;
use crate::obj::ObjRef;

/// What a pinned location holds: a pointer into an object at an offset, or a plain address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinVal {
    Obj(ObjRef, i64),
    Addr(u128),
}

/// An interpolant over the location variables of a node start.
#[derive(Clone, Debug, Default)]
pub struct Itp {
    /// Boolean formula over location arrays (and arrays created inside the subtree).
    pub formula: Option<ExprId>,
    /// Register slot -> required pointer value.
    pub reg_pins: Vec<(u32, PinVal)>,
    /// (object, offset) -> the pointer stored there.
    pub mem_pins: Vec<((ObjRef, u64), PinVal)>,
    /// Objects that must be alive with this size.
    pub objects: Vec<(ObjRef, u64)>,
    /// The formula's conjuncts, cheapest first (the check stops at the first false one).
    pub conjuncts: Vec<ExprId>,
    /// Every object named, sorted, with its size when a check may rename it (a heap object;
    /// see `rename`); filled when the interpolant enters the table, empty when it names no
    /// heap object.
    pub named: Vec<(ObjRef, Option<u64>)>,
    /// Objects whose base address the formula depends on (it reads a pointer location as an
    /// address: a symbolic pointer made before the node): the address they must have.
    pub bases: Vec<(ObjRef, u64)>,
    /// Locations (`Loc::Reg` at 0, `Loc::Mem` at an offset) holding a pointer that must be
    /// derived from the object (its provenance, the only object the executor lets a symbolic
    /// pointer access): a pointer into it, or a symbolic address with it as provenance.
    pub provenance: Vec<(Loc, u64, ObjRef)>,
}

/// The conjuncts of a boolean formula (nested `And`s of width 1), without duplicates.
pub fn conjuncts(pool: &ExprPool, e: ExprId, out: &mut Vec<ExprId>) {
    let mut seen = hashbrown::HashSet::new();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match *pool.get(x) {
            Expr::Bin {
                op: crate::expr::BinOp::And,
                a,
                b,
            } if pool.width(x) == 1 => {
                stack.push(b);
                stack.push(a);
            }
            Expr::Const { bits: 1, width: 1 } => {}
            _ => {
                if seen.insert(x) {
                    out.push(x);
                }
            }
        }
    }
}

/// Number of distinct nodes of `e`, reads counted as leaves.
pub fn dag_size(pool: &ExprPool, e: ExprId) -> usize {
    let mut n = 0;
    walk(pool, e, |node| {
        n += 1;
        !matches!(node, Node::E(x) if matches!(pool.get(x), Expr::Read { .. }))
    });
    n
}

/// Where a location array points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Loc {
    /// A register slot (16 bytes, little-endian).
    Reg(u32),
    /// The bytes of an object.
    Mem(ObjRef),
    /// A value trex could not express: an interpolant mentioning it is not usable.
    Opaque,
}

/// The location arrays of one run (`@r12`, `@m3.0`): never sent to a solver.
#[derive(Default)]
pub struct LocArrays {
    by_loc: HashMap<Loc, ArrayId>,
    by_array: HashMap<ArrayId, Loc>,
    /// The base arrays of the shadow's views of objects (`wp/symptr.rs`): their
    /// update lists hold location reads.
    views: hashbrown::HashSet<ArrayId>,
}

impl LocArrays {
    /// The array of a location; `mem_size`: the size of the object of a `Loc::Mem` (models
    /// of these arrays cover exactly that many bytes).
    pub fn array(&mut self, pool: &mut ExprPool, l: Loc, mem_size: u64) -> ArrayId {
        if let Some(&a) = self.by_loc.get(&l) {
            return a;
        }
        let size = match l {
            Loc::Mem(_) => mem_size.max(1),
            _ => 16,
        };
        let name = match l {
            Loc::Reg(s) => format!("@r{s}"),
            Loc::Mem(o) => format!("@m{}.{}", o.idx, o.gen),
            Loc::Opaque => "@opaque".to_string(),
        };
        let a = pool.new_array(Array {
            name,
            size,
            domain: 32,
            init: None,
        });
        self.by_loc.insert(l, a);
        self.by_array.insert(a, l);
        a
    }

    /// Notes `a` as the base array of views whose update lists hold location reads.
    pub fn note_view(&mut self, a: ArrayId) {
        self.views.insert(a);
    }

    /// Whether `a` is the base array of the shadow's views of objects.
    pub fn is_view(&self, a: ArrayId) -> bool {
        self.views.contains(&a)
    }

    /// The array of a location, if it was made already.
    pub fn existing(&self, l: Loc) -> Option<ArrayId> {
        self.by_loc.get(&l).copied()
    }

    pub fn loc(&self, a: ArrayId) -> Option<Loc> {
        self.by_array.get(&a).copied()
    }

    /// Every location array made so far.
    pub fn iter(&self) -> impl Iterator<Item = (Loc, ArrayId)> + '_ {
        self.by_loc.iter().map(|(&l, &a)| (l, a))
    }

    /// Byte `k` of a location.
    pub fn byte(&mut self, pool: &mut ExprPool, l: Loc, k: u64, mem_size: u64) -> ExprId {
        let a = self.array(pool, l, mem_size);
        let i = pool.constant(32, k as u128);
        pool.read(a, None, i)
    }

    /// A `w`-bit value stored little-endian at `k..` of a location.
    pub fn value(&mut self, pool: &mut ExprPool, l: Loc, k: u64, w: u32) -> ExprId {
        let n = w.div_ceil(8);
        let a = self.array(pool, l, 0);
        let mut acc = read_word(pool, a, k, n as u64);
        if n * 8 != w {
            acc = pool.extract(acc, 0, w);
        }
        acc
    }
}

/// A read of `n` consecutive bytes of array `a` at `k..` (little-endian), the shape
/// `word_read` recognizes.
pub fn read_word(pool: &mut ExprPool, a: ArrayId, k: u64, n: u64) -> ExprId {
    let i = pool.constant(32, k as u128);
    let mut acc = pool.read(a, None, i);
    for j in 1..n {
        let i = pool.constant(32, (k + j) as u128);
        let b = pool.read(a, None, i);
        acc = pool.concat(b, acc);
    }
    acc
}

/// How `subst` maps location variables.
pub trait LocMap {
    /// Byte `k` of location `l` (array `a`), or `None` when it cannot be expressed.
    fn byte(&mut self, pool: &mut ExprPool, l: Loc, a: ArrayId, k: u64) -> Option<ExprId>;
    /// The `n` bytes at `k..` of `l` as one little-endian value, when the map has it whole
    /// (so that a value is not split into bytes and reassembled).
    fn word(&mut self, _pool: &mut ExprPool, _l: Loc, _k: u64, _n: u64) -> Option<ExprId> {
        None
    }
    /// Whether every location `e` reads maps to itself (then `e` is kept as it is, without
    /// a walk): a map that changes few locations says so for most of a large formula.
    fn keeps(&mut self, _pool: &ExprPool, _e: ExprId) -> bool {
        false
    }
}

/// `(array, first index, bytes)` when `e` is a little-endian concatenation of reads of
/// consecutive constant indices of one array.
pub(crate) fn word_read(pool: &ExprPool, e: ExprId) -> Option<(ArrayId, u64, u64)> {
    match *pool.get(e) {
        Expr::Read {
            array,
            updates: None,
            index,
        } => Some((array, pool.as_const(index)? as u64, 1)),
        Expr::Concat { hi, lo } => {
            let (a1, k1, n1) = word_read(pool, hi)?;
            let (a0, k0, n0) = word_read(pool, lo)?;
            (a1 == a0 && k1 == k0 + n0).then_some((a0, k0, n0 + n1))
        }
        _ => None,
    }
}

/// Rebuilds `e` with each read of a location array replaced through `map`; `None` when a
/// read cannot be mapped (or a location array is read at a symbolic index or through an
/// update list).
pub fn subst(
    pool: &mut ExprPool,
    locs: &LocArrays,
    e: ExprId,
    memo: &mut HashMap<ExprId, ExprId>,
    map: &mut dyn LocMap,
) -> Option<ExprId> {
    if let Some(&r) = memo.get(&e) {
        return Some(r);
    }
    if map.keeps(pool, e) {
        return Some(e);
    }
    if matches!(pool.get(e), Expr::Concat { .. }) {
        if let Some((a, k, n)) = word_read(pool, e) {
            if let Some(l) = locs.loc(a) {
                if let Some(w) = map.word(pool, l, k, n) {
                    memo.insert(e, w);
                    return Some(w);
                }
            }
        }
    }
    let r = match *pool.get(e) {
        Expr::Const { .. } => e,
        Expr::Read {
            array,
            updates,
            index,
        } => match locs.loc(array) {
            Some(l) => {
                let k = pool.as_const(index)?;
                if updates.is_some() {
                    return None;
                }
                map.byte(pool, l, array, k as u64)?
            }
            None => {
                let i = subst(pool, locs, index, memo, map)?;
                // The update lists of the shadow's views of objects hold location reads
                // (`wp/symptr.rs`); those of input arrays and the executor's
                // memory never do (not walked: they can be long).
                let u = match updates {
                    Some(u) if locs.views.contains(&array) => {
                        Some(subst_updates(pool, locs, u, memo, map)?)
                    }
                    Some(_) if i != index => return None,
                    u => u,
                };
                if i == index && u == updates {
                    e
                } else {
                    pool.read(array, u, i)
                }
            }
        },
        Expr::Select { cond, t, f: fe } => {
            let c = subst(pool, locs, cond, memo, map)?;
            let a = subst(pool, locs, t, memo, map)?;
            let b = subst(pool, locs, fe, memo, map)?;
            if (c, a, b) == (cond, t, fe) {
                e
            } else {
                pool.select(c, a, b)
            }
        }
        Expr::Concat { hi, lo } => {
            let a = subst(pool, locs, hi, memo, map)?;
            let b = subst(pool, locs, lo, memo, map)?;
            if (a, b) == (hi, lo) {
                e
            } else {
                pool.concat(a, b)
            }
        }
        Expr::Extract {
            e: x,
            offset,
            width,
        } => {
            let a = subst(pool, locs, x, memo, map)?;
            if a == x {
                e
            } else {
                pool.extract(a, offset, width)
            }
        }
        Expr::ZExt { e: x, width } => {
            let a = subst(pool, locs, x, memo, map)?;
            if a == x {
                e
            } else {
                pool.zext(a, width)
            }
        }
        Expr::SExt { e: x, width } => {
            let a = subst(pool, locs, x, memo, map)?;
            if a == x {
                e
            } else {
                pool.sext(a, width)
            }
        }
        Expr::Not { e: x } => {
            let a = subst(pool, locs, x, memo, map)?;
            if a == x {
                e
            } else {
                pool.not(a)
            }
        }
        Expr::Bin { op, a, b } => {
            let x = subst(pool, locs, a, memo, map)?;
            let y = subst(pool, locs, b, memo, map)?;
            if (x, y) == (a, b) {
                e
            } else {
                pool.bin(op, x, y)
            }
        }
        Expr::Cmp { op, a, b } => {
            let x = subst(pool, locs, a, memo, map)?;
            let y = subst(pool, locs, b, memo, map)?;
            if (x, y) == (a, b) {
                e
            } else {
                pool.cmp(op, x, y)
            }
        }
    };
    memo.insert(e, r);
    Some(r)
}

/// An update list with `subst` applied to its indices and values (the same list when none
/// changes).
fn subst_updates(
    pool: &mut ExprPool,
    locs: &LocArrays,
    u: crate::expr::UpdateId,
    memo: &mut HashMap<ExprId, ExprId>,
    map: &mut dyn LocMap,
) -> Option<crate::expr::UpdateId> {
    let mut chain = Vec::new();
    let mut cur = Some(u);
    while let Some(id) = cur {
        let n = *pool.update_node(id);
        chain.push((id, n));
        cur = n.next;
    }
    let mut out: Option<crate::expr::UpdateId> = None;
    let mut same = true;
    for &(id, n) in chain.iter().rev() {
        let index = subst(pool, locs, n.index, memo, map)?;
        let value = subst(pool, locs, n.value, memo, map)?;
        same &= index == n.index && value == n.value;
        out = Some(if same {
            id
        } else {
            pool.update(crate::expr::UpdateNode {
                index,
                value,
                next: out,
            })
        });
    }
    out
}

/// The arrays `e` reads (location and input arrays alike).
pub fn arrays_in(pool: &ExprPool, e: ExprId, out: &mut hashbrown::HashSet<ArrayId>) {
    walk(pool, e, |n| {
        if let Node::E(x) = n {
            if let Expr::Read { array, .. } = *pool.get(x) {
                out.insert(array);
            }
        }
        true
    });
}

/// A node key: the call-site stack (caller frames' next instructions) and the start point.
pub type Key = Vec<(FuncId, u32)>;

/// The subsumption table: finished nodes' interpolants by key, newest last.
#[derive(Default)]
pub struct Table {
    /// Per key: the interpolant and the node it was learnt at.
    pub entries: HashMap<Key, Vec<(Arc<Itp>, u32)>>,
    pub len: u64,
}

impl Table {
    pub fn insert(&mut self, k: Key, itp: Arc<Itp>, node: u32) {
        self.entries.entry(k).or_default().push((itp, node));
        self.len += 1;
    }
}

/// Interpolation statistics (the `info` file and the `KLEE: done:` block), part of a run's
/// `exec::Outcome` (defined there, so that the interpreter does not depend on interpolation).
pub use crate::exec::InterpolationStats as Stats;

#[cfg(test)]
mod tests {
    use super::*;

    fn reg_word(pool: &mut ExprPool, locs: &mut LocArrays, slot: u32) -> ExprId {
        locs.value(pool, Loc::Reg(slot), 0, 32)
    }

    struct Regs(Vec<(u32, ExprId)>);

    impl LocMap for Regs {
        fn byte(&mut self, pool: &mut ExprPool, l: Loc, _a: ArrayId, k: u64) -> Option<ExprId> {
            let Loc::Reg(s) = l else { return None };
            let e = self.0.iter().find(|x| x.0 == s)?.1;
            Some(pool.extract(e, (k * 8) as u32, 8))
        }
        fn word(&mut self, _pool: &mut ExprPool, l: Loc, k: u64, n: u64) -> Option<ExprId> {
            let Loc::Reg(s) = l else { return None };
            (k == 0 && n == 4).then(|| self.0.iter().find(|x| x.0 == s).map(|x| x.1))?
        }
    }

    #[test]
    fn subst_replaces_whole_words_and_folds() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let r1 = reg_word(&mut pool, &mut locs, 1);
        let k = pool.constant(32, 5);
        let f = pool.slt(r1, k);
        // r1 := 3: the formula folds to true.
        let three = pool.constant(32, 3);
        let mut memo = HashMap::new();
        let g = subst(&mut pool, &locs, f, &mut memo, &mut Regs(vec![(1, three)])).unwrap();
        assert_eq!(pool.as_const(g), Some(1));
        // r1 := an input word x: the word is replaced as a whole (no byte reassembly).
        let x = pool.new_array(Array {
            name: "x".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let z = pool.constant(32, 0);
        let xw = pool.read_bytes_le(x, None, z, 4);
        let mut memo = HashMap::new();
        let g = subst(&mut pool, &locs, f, &mut memo, &mut Regs(vec![(1, xw)])).unwrap();
        assert_eq!(g, pool.slt(xw, k));
        // An unmapped location: no result.
        let mut memo = HashMap::new();
        assert!(subst(&mut pool, &locs, f, &mut memo, &mut Regs(vec![])).is_none());
    }

    #[test]
    fn subst_rewrites_location_reads_in_update_lists() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        // A constant array written at a symbolic index with a location's byte (the shadow's
        // view of an object, `wp/symptr.rs`), read at index 0.
        let z = pool.new_array(Array {
            name: "z".into(),
            size: 4,
            domain: 32,
            init: Some(vec![0; 4]),
        });
        locs.note_view(z);
        let x = pool.new_array(Array {
            name: "x".into(),
            size: 1,
            domain: 32,
            init: None,
        });
        let c0 = pool.constant(32, 0);
        let xb = pool.read(x, None, c0);
        let i = pool.zext(xb, 32);
        let r1 = locs.byte(&mut pool, Loc::Reg(1), 0, 0);
        let u = pool.write(None, i, r1);
        let e = pool.read(z, Some(u), c0);
        // r1 := 7: the write's value is rewritten (it was kept as it was before).
        let seven = pool.constant(32, 7);
        let mut memo = HashMap::new();
        let g = subst(&mut pool, &locs, e, &mut memo, &mut Regs(vec![(1, seven)])).unwrap();
        let b7 = pool.constant(8, 7);
        let u7 = pool.write(None, i, b7);
        assert_eq!(g, pool.read(z, Some(u7), c0));
        // An unmapped location inside the list: no result.
        let mut memo = HashMap::new();
        assert!(subst(&mut pool, &locs, e, &mut memo, &mut Regs(vec![])).is_none());
    }

    #[test]
    fn conjuncts_flatten_and_dedup() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let a = reg_word(&mut pool, &mut locs, 1);
        let b = reg_word(&mut pool, &mut locs, 2);
        let c1 = pool.ult(a, b);
        let z = pool.constant(32, 0);
        let c2 = pool.ne(a, z);
        let t = pool.true_expr();
        let ab = pool.bool_and(c1, c2);
        let f = pool.bool_and(ab, c1);
        let f = pool.bool_and(f, t);
        let mut out = Vec::new();
        conjuncts(&pool, f, &mut out);
        assert_eq!(out.len(), 2);
        assert!(out.contains(&c1) && out.contains(&c2));
        let mut arrs = hashbrown::HashSet::new();
        arrays_in(&pool, c1, &mut arrs);
        assert_eq!(arrs.len(), 2);
        assert_eq!(
            locs.loc(*arrs.iter().next().unwrap())
                .map(|l| matches!(l, Loc::Reg(_))),
            Some(true)
        );
    }
}
