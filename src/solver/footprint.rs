//! Byte-level read footprints (KLEE's `IndependentElementSet`): which bytes of which symbolic
//! arrays an expression can depend on. A read at a constant index touches one byte; a read at a
//! symbolic index touches the whole array; reads of constant arrays touch nothing themselves
//! (their contents are known); the indices and values of update lists are visited like any
//! subterm.

use std::sync::Arc;

use hashbrown::{HashMap, HashSet};

use crate::expr::walk::{walk, Node};
use crate::expr::{ArrayId, Expr, ExprId, ExprPool};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Footprint {
    /// Arrays read at symbolic indices (sorted).
    pub whole: Box<[ArrayId]>,
    /// (array, byte) read at constant indices, arrays not in `whole` (sorted). (Boxed slices:
    /// one footprint is kept per constraint ever queried, and a `Vec` grown by pushes holds
    /// four entries for the usual one.)
    pub bytes: Box<[(ArrayId, u128)]>,
    /// A bit per byte it reads (`byte_bit`; all bits for an array read whole): two
    /// footprints whose signatures do not meet share no variable, told without a hash
    /// lookup (the bytes of one input array read one by one, as in a chain of branches on
    /// `b[i]`, mostly fall on different bits).
    pub sig: u64,
}

/// The signature bit of byte `i` of array `a`.
fn byte_bit(a: ArrayId, i: u128) -> u64 {
    let h = (a.0 as u64 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xBF58_476D_1CE4_E5B9);
    1u64 << (h >> 58)
}

impl Footprint {
    pub fn is_empty(&self) -> bool {
        self.whole.is_empty() && self.bytes.is_empty()
    }
}

/// Footprints memoized per expression (one pool).
#[derive(Default)]
pub(crate) struct Footprints {
    memo: HashMap<ExprId, Arc<Footprint>>,
}

impl Footprints {
    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// [`Self::get`] without a reference count taken (a pass over a path condition).
    pub fn get_ref(&mut self, pool: &ExprPool, e: ExprId) -> &Arc<Footprint> {
        self.memo.entry(e).or_insert_with(|| Arc::new(of(pool, e)))
    }

    pub fn get(&mut self, pool: &ExprPool, e: ExprId) -> Arc<Footprint> {
        self.get_ref(pool, e).clone()
    }
}

/// The footprint of `root` (not memoized).
pub(crate) fn of(pool: &ExprPool, root: ExprId) -> Footprint {
    let mut whole: Vec<ArrayId> = Vec::new();
    let mut bytes: Vec<(ArrayId, u128)> = Vec::new();
    walk(pool, root, |n| {
        if let Node::E(e) = n {
            if let Expr::Read { array, index, .. } = *pool.get(e) {
                if pool.array(array).init.is_none() {
                    match pool.as_const(index) {
                        Some(i) => bytes.push((array, i)),
                        None => whole.push(array),
                    }
                }
            }
        }
        true
    });
    whole.sort_unstable();
    whole.dedup();
    bytes.retain(|(a, _)| whole.binary_search(a).is_err());
    bytes.sort_unstable();
    bytes.dedup();
    let sig = if whole.is_empty() {
        bytes.iter().fold(0, |s, &(a, i)| s | byte_bit(a, i))
    } else {
        !0
    };
    Footprint {
        sig,
        whole: whole.into_boxed_slice(),
        bytes: bytes.into_boxed_slice(),
    }
}

/// A growing union of footprints.
#[derive(Default)]
pub(crate) struct ElemSet {
    whole: HashSet<ArrayId>,
    bytes: HashMap<ArrayId, HashSet<u128>>,
    /// The union of the signatures added.
    sig: u64,
}

impl ElemSet {
    pub fn add(&mut self, f: &Footprint) {
        self.sig |= f.sig;
        for &a in &f.whole {
            self.bytes.remove(&a);
            self.whole.insert(a);
        }
        for &(a, i) in &f.bytes {
            if !self.whole.contains(&a) {
                self.bytes.entry(a).or_default().insert(i);
            }
        }
    }

    /// Does the set share a variable with `f` (a byte, or any byte of an array one of them
    /// reads whole)?
    pub fn meets(&self, f: &Footprint) -> bool {
        if self.sig & f.sig == 0 {
            return false;
        }
        f.whole.iter().any(|&a| self.touches(a))
            || f.bytes.iter().any(|&(a, i)| {
                self.whole.contains(&a) || self.bytes.get(&a).is_some_and(|s| s.contains(&i))
            })
    }

    /// Does the set touch array `a` at all?
    pub fn touches(&self, a: ArrayId) -> bool {
        self.whole.contains(&a) || self.bytes.contains_key(&a)
    }

    /// Is all of `a` in the set (read at a symbolic index)?
    pub fn has_whole(&self, a: ArrayId) -> bool {
        self.whole.contains(&a)
    }

    /// The constant byte indices of `a` in the set.
    pub fn bytes_of(&self, a: ArrayId) -> impl Iterator<Item = u128> + '_ {
        self.bytes
            .get(&a)
            .into_iter()
            .flat_map(|s| s.iter().copied())
    }
}
