//! Hash-consed symbolic expressions (bitvectors of 1..=128 bits; booleans are width 1, as in
//! KLEE), byte arrays with update lists for symbolic-offset memory.
//!
//! Every expression lives once in an `ExprPool` and is named by an `ExprId`; states share ids and
//! never clone trees. Build expressions only through the smart constructors (`builder.rs`), which
//! fold constants and put expressions in canonical form; `intern` is the raw, unsimplified door.
//!
//! * `builder.rs`: the smart constructors (`pool.add(a, b)`, `pool.eq(a, b)`, `pool.read(..)`, ...)
//!   and the list of simplification rules; widths above `MAX_WIDTH` panic there.
//! * `eval.rs`: `eval` / `Evaluator` under an `Assignment` (SMT-LIB semantics), `arrays_of` and the
//!   `ArraySets` cache for independence slicing.
//! * `print.rs`: SMT-LIB 2 scripts (`smtlib_query`, `smtlib_validity_query`, `smtlib_term`) and a
//!   KQuery-like `pool.display(e)`.
//! * `kquery.rs`, `smt2.rs`: a path condition as KLEE writes it in a test's `.kquery` (KQuery)
//!   and `.smt2` (SMT-LIB 2) file.
//! * `walk.rs`: walks over the DAG below an expression (`walk`, `post_order`), its update lists
//!   included.
//! * `proptests.rs`: raw-vs-simplified property tests guarding every rule.
//!
//! Changes to this file beyond the data shape (additive): `intern` and `update` use the entry API
//! (one hash lookup per node), and the submodule declarations and re-exports below.

use hashbrown::HashMap;

pub mod builder;
pub mod eval;
pub mod kquery;
pub mod portable;
pub mod print;
#[cfg(test)]
pub(crate) mod proptests;
pub mod smt2;
pub mod walk;

pub use eval::{arrays_of, eval, ArraySets, Assignment, Evaluator};
pub use print::{smtlib_query, smtlib_term, smtlib_validity_query};

/// An expression in an `ExprPool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);
/// A symbolic array (one per `klee_make_symbolic` object, or per symbolic memory object).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayId(pub u32);
/// A node of an update list (a write of a byte at an index, on top of older writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UpdateId(pub u32);

/// Maximum bitvector width trex represents symbolically.
pub const MAX_WIDTH: u32 = 128;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

/// Comparisons; the result has width 1. Canonical forms use only Eq, Ult, Ule, Slt, Sle
/// (the others are built by swapping operands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A constant; `bits` is zero above `width`.
    Const {
        width: u32,
        bits: u128,
    },
    /// One byte of `array` at `index`, after the writes of the update list `updates`
    /// (newest first; `None` = no writes). Width 8.
    Read {
        array: ArrayId,
        updates: Option<UpdateId>,
        index: ExprId,
    },
    /// if `cond` (width 1) then `t` else `f`.
    Select {
        cond: ExprId,
        t: ExprId,
        f: ExprId,
    },
    /// `hi` bits above `lo` bits.
    Concat {
        hi: ExprId,
        lo: ExprId,
    },
    /// `width` bits of `e` starting at bit `offset`.
    Extract {
        e: ExprId,
        offset: u32,
        width: u32,
    },
    ZExt {
        e: ExprId,
        width: u32,
    },
    SExt {
        e: ExprId,
        width: u32,
    },
    /// Bitwise not (logical not for width 1).
    Not {
        e: ExprId,
    },
    Bin {
        op: BinOp,
        a: ExprId,
        b: ExprId,
    },
    Cmp {
        op: CmpOp,
        a: ExprId,
        b: ExprId,
    },
}

impl Expr {
    /// This node with its expression children mapped through `m` (a `Read`'s array, update
    /// list and index are left as they are: the caller maps them).
    pub fn map_children(self, mut m: impl FnMut(ExprId) -> ExprId) -> Expr {
        match self {
            Expr::Const { .. } | Expr::Read { .. } => self,
            Expr::Select { cond, t, f } => Expr::Select {
                cond: m(cond),
                t: m(t),
                f: m(f),
            },
            Expr::Concat { hi, lo } => Expr::Concat {
                hi: m(hi),
                lo: m(lo),
            },
            Expr::Extract { e, offset, width } => Expr::Extract {
                e: m(e),
                offset,
                width,
            },
            Expr::ZExt { e, width } => Expr::ZExt { e: m(e), width },
            Expr::SExt { e, width } => Expr::SExt { e: m(e), width },
            Expr::Not { e } => Expr::Not { e: m(e) },
            Expr::Bin { op, a, b } => Expr::Bin {
                op,
                a: m(a),
                b: m(b),
            },
            Expr::Cmp { op, a, b } => Expr::Cmp {
                op,
                a: m(a),
                b: m(b),
            },
        }
    }
}

/// A symbolic array of bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Array {
    /// Unique name (the SMT-LIB / Z3 symbol; KLEE's names, made unique with a suffix).
    pub name: String,
    /// Number of bytes.
    pub size: u64,
    /// Width of the index (32 as in KLEE).
    pub domain: u32,
    /// `Some(bytes)` for a constant array (initial contents known), `None` for a free input.
    pub init: Option<Vec<u8>>,
}

/// One write in an update list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UpdateNode {
    pub index: ExprId,
    /// Width 8.
    pub value: ExprId,
    /// Older writes.
    pub next: Option<UpdateId>,
}

/// The store of all expressions, arrays and update nodes of one exploration.
#[derive(Default)]
pub struct ExprPool {
    exprs: Vec<(Expr, u32)>,
    index: HashMap<Expr, ExprId>,
    arrays: Vec<Array>,
    updates: Vec<UpdateNode>,
    update_index: HashMap<UpdateNode, UpdateId>,
    /// Every array name in use, with the next `#j` suffix `unique_array_name` tries for it
    /// (a linear scan of `arrays` per new array was cubic over a run with thousands of
    /// `__VERIFIER_nondet_int` calls).
    array_names: HashMap<String, u32>,
    /// `Some`: constant arrays are shared by contents (`const_array`; paths run one after
    /// another on one pool then name an object's contents alike), by a hash of the contents.
    const_arrays: Option<HashMap<u64, Vec<ArrayId>>>,
}

impl ExprPool {
    pub fn new() -> Self {
        Self::default()
    }

    /// Interns `e` with result width `width` as given, without simplification.
    pub fn intern(&mut self, e: Expr, width: u32) -> ExprId {
        debug_assert!((1..=MAX_WIDTH).contains(&width));
        // One hash lookup per node (entry API).
        let exprs = &mut self.exprs;
        *self.index.entry(e).or_insert_with(|| {
            let id = ExprId(exprs.len() as u32);
            exprs.push((e, width));
            id
        })
    }

    pub fn get(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize].0
    }

    pub fn width(&self, id: ExprId) -> u32 {
        self.exprs[id.0 as usize].1
    }

    pub fn len(&self) -> usize {
        self.exprs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.exprs.is_empty()
    }

    pub fn new_array(&mut self, a: Array) -> ArrayId {
        self.array_names.entry(a.name.clone()).or_insert(1);
        self.arrays.push(a);
        ArrayId(self.arrays.len() as u32 - 1)
    }

    /// From now on `const_array` shares constant arrays of equal contents.
    pub fn share_const_arrays(&mut self) {
        self.const_arrays.get_or_insert_with(HashMap::new);
    }

    /// A constant array of `init` (named `mem<N>`): an existing one of the same contents when
    /// they are shared (`share_const_arrays`), else a new one.
    pub fn const_array(&mut self, init: Vec<u8>) -> ArrayId {
        let key = self.const_arrays.as_ref().map(|_| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            init.hash(&mut h);
            h.finish()
        });
        if let (Some(k), Some(m)) = (key, &self.const_arrays) {
            let same = m.get(&k).into_iter().flatten();
            if let Some(&a) = same
                .into_iter()
                .find(|a| self.array(**a).init.as_ref() == Some(&init))
            {
                return a;
            }
        }
        let mut name = format!("mem{}", self.arrays.len());
        while self.has_array_name(&name) {
            name.push('_');
        }
        let a = self.new_array(Array {
            name,
            size: init.len() as u64,
            domain: 32,
            init: Some(init),
        });
        if let (Some(k), Some(m)) = (key, &mut self.const_arrays) {
            m.entry(k).or_default().push(a);
        }
        a
    }

    pub fn array(&self, id: ArrayId) -> &Array {
        &self.arrays[id.0 as usize]
    }

    /// Whether an array of the pool is named `name`.
    pub fn has_array_name(&self, name: &str) -> bool {
        self.array_names.contains_key(name)
    }

    /// `base` if no array has that name, else the first free `base#j` (j = 1, 2, ...).
    pub fn unique_array_name(&mut self, base: &str) -> String {
        let Some(&start) = self.array_names.get(base) else {
            return base.to_string();
        };
        let mut j = start;
        loop {
            let name = format!("{base}#{j}");
            j += 1;
            if !self.array_names.contains_key(&name) {
                self.array_names.insert(base.to_string(), j);
                return name;
            }
        }
    }

    pub fn arrays(&self) -> &[Array] {
        &self.arrays
    }

    /// Interns an update node (update lists are shared between states like expressions).
    pub fn update(&mut self, n: UpdateNode) -> UpdateId {
        let updates = &mut self.updates;
        *self.update_index.entry(n).or_insert_with(|| {
            let id = UpdateId(updates.len() as u32);
            updates.push(n);
            id
        })
    }

    pub fn update_node(&self, id: UpdateId) -> &UpdateNode {
        &self.updates[id.0 as usize]
    }

    /// The constant value of `id`, if it is a constant.
    pub fn as_const(&self, id: ExprId) -> Option<u128> {
        match self.get(id) {
            Expr::Const { bits, .. } => Some(*bits),
            _ => None,
        }
    }
}

/// `bits` truncated to `width` bits.
pub fn mask(width: u32, bits: u128) -> u128 {
    if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    }
}

/// Byte `k` of `e` (zero-extended when `e` is narrower).
pub fn byte_of(pool: &mut ExprPool, e: ExprId, k: u64) -> ExprId {
    let w = pool.width(e);
    let need = ((k as u32) + 1) * 8;
    let e = if w < need {
        pool.zext(e, need.max(8))
    } else {
        e
    };
    pool.extract(e, (k * 8) as u32, 8)
}

/// For tests: a fresh 4-byte array named `name` and its little-endian word.
#[cfg(test)]
pub(crate) fn test_word(pool: &mut ExprPool, name: &str) -> (ArrayId, ExprId) {
    let a = pool.new_array(Array {
        name: name.into(),
        size: 4,
        domain: 32,
        init: None,
    });
    let z = pool.constant(32, 0);
    (a, pool.read_bytes_le(a, None, z, 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_shares_ids() {
        let mut p = ExprPool::new();
        let a = p.intern(Expr::Const { width: 8, bits: 3 }, 8);
        let b = p.intern(Expr::Const { width: 8, bits: 3 }, 8);
        let c = p.intern(Expr::Const { width: 16, bits: 3 }, 16);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(p.width(c), 16);
        assert_eq!(p.as_const(a), Some(3));
    }

    #[test]
    fn masks() {
        assert_eq!(mask(1, 3), 1);
        assert_eq!(mask(128, u128::MAX), u128::MAX);
        assert_eq!(mask(65, u128::MAX), (1u128 << 65) - 1);
    }
}
