//! Evaluation of expressions under a concrete assignment of the symbolic arrays, the exact
//! bitvector semantics shared with constant folding (`builder.rs`), and the set of arrays an
//! expression depends on (for independence slicing).
//!
//! Semantics are SMT-LIB's (QF_ABV): wrap-around at the width; `bvudiv x 0 = ~0`,
//! `bvurem x 0 = x`, `bvsdiv`/`bvsrem` defined from the unsigned ones by sign cases (so
//! `sdiv x 0 = (x <s 0) ? 1 : ~0`, `srem x 0 = x`, `sdiv MIN -1 = MIN`); shifts by an amount
//! >= the width give 0 (all sign bits for `AShr`).

use std::sync::Arc;

use hashbrown::HashMap;

use super::walk::{post_order, Node};
use super::{mask, ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool, UpdateId};

/// Concrete contents of symbolic arrays. Arrays missing from the map, and bytes beyond the end
/// of a vector, read as 0. Constant arrays (`Array::init` is `Some`) ignore the assignment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    pub values: HashMap<ArrayId, Vec<u8>>,
}

impl Assignment {
    pub fn new() -> Self {
        Self::default()
    }

    /// Byte `index` of `array` under this assignment (ignores `Array::init`).
    pub fn byte(&self, array: ArrayId, index: u128) -> u8 {
        self.values
            .get(&array)
            .and_then(|v| usize::try_from(index).ok().and_then(|i| v.get(i)))
            .copied()
            .unwrap_or(0)
    }
}

/// All ones of `width` bits.
#[inline]
pub fn ones(width: u32) -> u128 {
    mask(width, u128::MAX)
}

/// Sign bit of a `width`-bit value.
#[inline]
pub fn sign_bit(width: u32, bits: u128) -> bool {
    (bits >> (width - 1)) & 1 == 1
}

/// `bits` (of `width` bits) sign-extended to 128 bits.
#[inline]
pub fn sext128(width: u32, bits: u128) -> u128 {
    if width >= 128 {
        bits
    } else if sign_bit(width, bits) {
        bits | !ones(width)
    } else {
        bits
    }
}

/// `bits` (of `from` bits) sign-extended to `to` bits.
#[inline]
pub fn sext_bits(from: u32, to: u32, bits: u128) -> u128 {
    mask(to, sext128(from, bits))
}

#[inline]
fn neg(width: u32, x: u128) -> u128 {
    mask(width, x.wrapping_neg())
}

#[inline]
fn udiv(width: u32, a: u128, b: u128) -> u128 {
    a.checked_div(b).unwrap_or(ones(width))
}

#[inline]
fn urem(a: u128, b: u128) -> u128 {
    a.checked_rem(b).unwrap_or(a)
}

/// Exact semantics of a binary operator on `width`-bit operands (already masked).
#[inline]
pub fn eval_bin(op: BinOp, width: u32, a: u128, b: u128) -> u128 {
    match op {
        BinOp::Add => mask(width, a.wrapping_add(b)),
        BinOp::Sub => mask(width, a.wrapping_sub(b)),
        BinOp::Mul => mask(width, a.wrapping_mul(b)),
        BinOp::UDiv => udiv(width, a, b),
        BinOp::URem => urem(a, b),
        BinOp::SDiv => {
            let (sa, sb) = (sign_bit(width, a), sign_bit(width, b));
            match (sa, sb) {
                (false, false) => udiv(width, a, b),
                (true, false) => neg(width, udiv(width, neg(width, a), b)),
                (false, true) => neg(width, udiv(width, a, neg(width, b))),
                (true, true) => udiv(width, neg(width, a), neg(width, b)),
            }
        }
        BinOp::SRem => {
            let (sa, sb) = (sign_bit(width, a), sign_bit(width, b));
            match (sa, sb) {
                (false, false) => urem(a, b),
                (true, false) => neg(width, urem(neg(width, a), b)),
                (false, true) => urem(a, neg(width, b)),
                (true, true) => neg(width, urem(neg(width, a), neg(width, b))),
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => {
            if b >= width as u128 {
                0
            } else {
                mask(width, a << b)
            }
        }
        BinOp::LShr => {
            if b >= width as u128 {
                0
            } else {
                a >> b
            }
        }
        BinOp::AShr => {
            let s = sext128(width, a) as i128;
            if b >= width as u128 {
                mask(width, (s >> 127) as u128)
            } else {
                mask(width, (s >> b) as u128)
            }
        }
    }
}

/// Exact semantics of a comparison of `width`-bit operands (already masked).
#[inline]
pub fn eval_cmp(op: CmpOp, width: u32, a: u128, b: u128) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ult => a < b,
        CmpOp::Ule => a <= b,
        CmpOp::Slt => (sext128(width, a) as i128) < (sext128(width, b) as i128),
        CmpOp::Sle => (sext128(width, a) as i128) <= (sext128(width, b) as i128),
    }
}

/// Evaluates `e` under `a`. The result is masked to the width of `e` (booleans are 0 or 1).
/// Memoized per call: linear in the size of the DAG. Iterative (no stack overflow on deep terms).
pub fn eval(pool: &ExprPool, e: ExprId, a: &Assignment) -> u128 {
    Evaluator::new(pool, a).eval(e)
}

/// An evaluator that keeps its memo between calls: use it to evaluate many expressions under
/// the same assignment (e.g. all constraints of a query when checking a cached model).
pub struct Evaluator<'p, 'a> {
    pool: &'p ExprPool,
    asg: &'a Assignment,
    memo: HashMap<ExprId, u128>,
    stack: Vec<ExprId>,
}

impl<'p, 'a> Evaluator<'p, 'a> {
    pub fn new(pool: &'p ExprPool, asg: &'a Assignment) -> Self {
        Evaluator {
            pool,
            asg,
            memo: HashMap::new(),
            stack: Vec::new(),
        }
    }

    /// An evaluator that starts from `memo`, values computed earlier under the same
    /// assignment (a path that follows one input keeps them between its queries).
    pub fn with_memo(pool: &'p ExprPool, asg: &'a Assignment, memo: HashMap<ExprId, u128>) -> Self {
        Evaluator {
            pool,
            asg,
            memo,
            stack: Vec::new(),
        }
    }

    /// The values computed so far (for [`Evaluator::with_memo`]).
    pub fn into_memo(self) -> HashMap<ExprId, u128> {
        self.memo
    }

    /// The value of `e`.
    pub fn eval(&mut self, e: ExprId) -> u128 {
        if let Some(&v) = self.memo.get(&e) {
            return v;
        }
        // Nested calls (from update lists of reads) use their own part of the stack.
        let base = self.stack.len();
        self.stack.push(e);
        while self.stack.len() > base {
            let id = *self.stack.last().unwrap();
            if self.memo.contains_key(&id) {
                self.stack.pop();
                continue;
            }
            match self.try_node(id) {
                Ok(v) => {
                    self.memo.insert(id, v);
                    self.stack.pop();
                }
                Err(missing) => self.stack.push(missing),
            }
        }
        self.memo[&e]
    }

    #[inline]
    fn get(&self, id: ExprId) -> Result<u128, ExprId> {
        self.memo.get(&id).copied().ok_or(id)
    }

    /// The value of `id` if all the children it needs are known, else a missing child.
    fn try_node(&mut self, id: ExprId) -> Result<u128, ExprId> {
        let pool = self.pool;
        let width = pool.width(id);
        Ok(match *pool.get(id) {
            Expr::Const { bits, .. } => bits,
            Expr::Read {
                array,
                updates,
                index,
            } => {
                let i = self.get(index)?;
                self.read(array, updates, i)
            }
            Expr::Select { cond, t, f } => {
                if self.get(cond)? != 0 {
                    self.get(t)?
                } else {
                    self.get(f)?
                }
            }
            Expr::Concat { hi, lo } => {
                let h = self.get(hi)?;
                let l = self.get(lo)?;
                (h << pool.width(lo)) | l
            }
            Expr::Extract { e, offset, width } => mask(width, self.get(e)? >> offset),
            Expr::ZExt { e, .. } => self.get(e)?,
            Expr::SExt { e, width } => sext_bits(pool.width(e), width, self.get(e)?),
            Expr::Not { e } => mask(width, !self.get(e)?),
            Expr::Bin { op, a, b } => {
                let x = self.get(a)?;
                let y = self.get(b)?;
                eval_bin(op, width, x, y)
            }
            Expr::Cmp { op, a, b } => {
                let x = self.get(a)?;
                let y = self.get(b)?;
                eval_cmp(op, pool.width(a), x, y) as u128
            }
        })
    }

    /// Byte `i` of `array` after the writes `updates` (newest first).
    fn read(&mut self, array: ArrayId, mut updates: Option<UpdateId>, i: u128) -> u128 {
        while let Some(u) = updates {
            let n = *self.pool.update_node(u);
            if self.eval(n.index) == i {
                return self.eval(n.value);
            }
            updates = n.next;
        }
        match &self.pool.array(array).init {
            Some(bytes) => usize::try_from(i)
                .ok()
                .and_then(|i| bytes.get(i))
                .copied()
                .unwrap_or(0) as u128,
            None => self.asg.byte(array, i) as u128,
        }
    }
}

/// The arrays `e` depends on (sorted, deduplicated), including those reached through the
/// indices and values of update lists. Linear in the DAG size; use `ArraySets` to cache across
/// calls.
pub fn arrays_of(pool: &ExprPool, e: ExprId) -> Vec<ArrayId> {
    ArraySets::new().get(pool, e).to_vec()
}

/// A cache of the array sets of expressions and update lists of ONE pool (ids are only
/// appended to a pool, so entries never go stale). Sets are shared `Arc`s: a node whose set
/// equals one of its children's reuses it, so the cache costs little memory and `get` on a
/// known expression is one hash lookup.
#[derive(Default)]
pub struct ArraySets {
    exprs: HashMap<ExprId, Arc<[ArrayId]>>,
    updates: HashMap<UpdateId, Arc<[ArrayId]>>,
    singletons: HashMap<ArrayId, Arc<[ArrayId]>>,
    empty: Option<Arc<[ArrayId]>>,
}

impl ArraySets {
    pub fn new() -> Self {
        Self::default()
    }

    /// The arrays `e` depends on, sorted and deduplicated.
    pub fn get(&mut self, pool: &ExprPool, e: ExprId) -> Arc<[ArrayId]> {
        if let Some(s) = self.exprs.get(&e) {
            return s.clone();
        }
        post_order(pool, Node::E(e), self, Self::known, |s, n, kids| {
            // The array a node reads directly, if any.
            let own = match n {
                Node::E(id) => match *pool.get(id) {
                    Expr::Read { array, .. } => Some(array),
                    _ => None,
                },
                Node::U(_) => None,
            };
            let set = s.union(own, kids);
            match n {
                Node::E(id) => s.exprs.insert(id, set),
                Node::U(id) => s.updates.insert(id, set),
            };
        });
        self.exprs[&e].clone()
    }

    fn known(&self, n: Node) -> bool {
        match n {
            Node::E(id) => self.exprs.contains_key(&id),
            Node::U(id) => self.updates.contains_key(&id),
        }
    }

    fn set_of(&self, n: Node) -> &Arc<[ArrayId]> {
        match n {
            Node::E(id) => &self.exprs[&id],
            Node::U(id) => &self.updates[&id],
        }
    }

    fn union(&mut self, own: Option<ArrayId>, kids: &[Node]) -> Arc<[ArrayId]> {
        // Fast path: the union equals the largest child set.
        let mut best: Option<Arc<[ArrayId]>> = None;
        for &k in kids {
            let s = self.set_of(k);
            if best.as_ref().is_none_or(|b| s.len() > b.len()) {
                best = Some(s.clone());
            }
        }
        let covered = |b: &Arc<[ArrayId]>, this: &Self| {
            own.is_none_or(|a| b.binary_search(&a).is_ok())
                && kids.iter().all(|&k| {
                    let s = this.set_of(k);
                    Arc::ptr_eq(s, b) || s.iter().all(|x| b.binary_search(x).is_ok())
                })
        };
        if let Some(b) = &best {
            if covered(b, self) {
                return b.clone();
            }
        }
        let mut v: Vec<ArrayId> = own.into_iter().collect();
        for &k in kids {
            v.extend_from_slice(self.set_of(k));
        }
        v.sort_unstable();
        v.dedup();
        match v.len() {
            0 => self
                .empty
                .get_or_insert_with(|| Arc::from(Vec::new()))
                .clone(),
            1 => self
                .singletons
                .entry(v[0])
                .or_insert_with(|| Arc::from(v.clone()))
                .clone(),
            _ => Arc::from(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Array, UpdateNode};
    use super::*;

    fn sym(p: &mut ExprPool, name: &str) -> ArrayId {
        p.new_array(Array {
            name: name.into(),
            size: 4,
            domain: 32,
            init: None,
        })
    }

    fn k(p: &mut ExprPool, w: u32, b: u128) -> ExprId {
        p.intern(
            Expr::Const {
                width: w,
                bits: mask(w, b),
            },
            w,
        )
    }

    fn bin(p: &mut ExprPool, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        let w = p.width(a);
        p.intern(Expr::Bin { op, a, b }, w)
    }

    #[test]
    fn smtlib_division_semantics() {
        use BinOp::*;
        assert_eq!(eval_bin(UDiv, 8, 7, 0), 0xff);
        assert_eq!(eval_bin(URem, 8, 7, 0), 7);
        assert_eq!(eval_bin(SDiv, 8, 7, 0), 0xff);
        assert_eq!(eval_bin(SDiv, 8, 0xf9, 0), 1);
        assert_eq!(eval_bin(SRem, 8, 0xf9, 0), 0xf9);
        assert_eq!(eval_bin(SDiv, 8, 0x80, 0xff), 0x80);
        assert_eq!(eval_bin(SRem, 8, 0x80, 0xff), 0);
        assert_eq!(eval_bin(SDiv, 8, 0xf9, 2), 0xfd); // -7/2 = -3
        assert_eq!(eval_bin(SRem, 8, 0xf9, 2), 0xff); // -7%2 = -1
        assert_eq!(eval_bin(SRem, 8, 7, 0xfe), 1); // 7 % -2 = 1
        let min = 1u128 << 127;
        assert_eq!(eval_bin(SDiv, 128, min, u128::MAX), min);
        assert_eq!(eval_bin(SDiv, 128, u128::MAX, 0), 1);
        assert_eq!(eval_bin(UDiv, 128, 5, 0), u128::MAX);
    }

    #[test]
    fn shifts() {
        use BinOp::*;
        assert_eq!(eval_bin(Shl, 8, 1, 8), 0);
        assert_eq!(eval_bin(Shl, 8, 0x81, 1), 2);
        assert_eq!(eval_bin(LShr, 8, 0x80, 9), 0);
        assert_eq!(eval_bin(AShr, 8, 0x80, 9), 0xff);
        assert_eq!(eval_bin(AShr, 8, 0x80, 1), 0xc0);
        assert_eq!(eval_bin(AShr, 8, 0x40, 100), 0);
        assert_eq!(eval_bin(AShr, 128, 1 << 127, 127), u128::MAX);
        assert_eq!(eval_bin(Shl, 128, 1, 127), 1 << 127);
        assert_eq!(eval_bin(Shl, 128, 1, 128), 0);
        assert_eq!(eval_bin(AShr, 1, 1, 0), 1);
        assert_eq!(eval_bin(AShr, 1, 1, 1), 1);
    }

    #[test]
    fn comparisons() {
        assert!(eval_cmp(CmpOp::Slt, 8, 0x80, 0x7f));
        assert!(!eval_cmp(CmpOp::Ult, 8, 0x80, 0x7f));
        assert!(eval_cmp(CmpOp::Slt, 1, 1, 0));
        assert!(eval_cmp(CmpOp::Sle, 128, 1 << 127, 0));
    }

    #[test]
    fn reads_and_updates() {
        let mut p = ExprPool::new();
        let a = sym(&mut p, "a");
        let c = p.new_array(Array {
            name: "c".into(),
            size: 2,
            domain: 32,
            init: Some(vec![9, 8]),
        });
        let i0 = k(&mut p, 32, 0);
        let i1 = k(&mut p, 32, 1);
        let i9 = k(&mut p, 32, 9);
        let r_sym = p.intern(
            Expr::Read {
                array: a,
                updates: None,
                index: i0,
            },
            8,
        );
        let v = k(&mut p, 8, 0x55);
        // write a[sym index] := 0x55 where sym index = a[0] zero-extended
        let idx = p.intern(
            Expr::ZExt {
                e: r_sym,
                width: 32,
            },
            32,
        );
        let u = p.update(UpdateNode {
            index: idx,
            value: v,
            next: None,
        });
        let r1 = p.intern(
            Expr::Read {
                array: a,
                updates: Some(u),
                index: i1,
            },
            8,
        );
        let rc = p.intern(
            Expr::Read {
                array: c,
                updates: Some(u),
                index: i1,
            },
            8,
        );
        let rc9 = p.intern(
            Expr::Read {
                array: c,
                updates: None,
                index: i9,
            },
            8,
        );
        let mut asg = Assignment::new();
        asg.values.insert(a, vec![1, 2]);
        assert_eq!(eval(&p, r1, &asg), 0x55);
        assert_eq!(eval(&p, rc, &asg), 0x55);
        assert_eq!(eval(&p, rc9, &asg), 0);
        asg.values.insert(a, vec![0, 2]);
        assert_eq!(eval(&p, r1, &asg), 2);
        assert_eq!(eval(&p, rc, &asg), 8);
        assert_eq!(arrays_of(&p, r1), vec![a]);
        assert_eq!(arrays_of(&p, rc), vec![a, c]);
        assert_eq!(arrays_of(&p, rc9), vec![c]);
        assert_eq!(arrays_of(&p, v), vec![]);
        let missing = Assignment::new();
        assert_eq!(eval(&p, r1, &missing), 0);
    }

    #[test]
    fn dag_is_linear() {
        // x_{n+1} = x_n + x_n, 10_000 deep: exponential as a tree, linear as a DAG.
        let mut p = ExprPool::new();
        let a = sym(&mut p, "a");
        let i0 = k(&mut p, 32, 0);
        let r = p.intern(
            Expr::Read {
                array: a,
                updates: None,
                index: i0,
            },
            8,
        );
        let mut x = p.intern(Expr::ZExt { e: r, width: 64 }, 64);
        for _ in 0..10_000 {
            x = bin(&mut p, BinOp::Add, x, x);
        }
        let mut asg = Assignment::new();
        asg.values.insert(a, vec![3]);
        assert_eq!(eval(&p, x, &asg), 0);
        let mut y = p.intern(Expr::ZExt { e: r, width: 64 }, 64);
        for _ in 0..60 {
            y = bin(&mut p, BinOp::Add, y, y);
        }
        assert_eq!(eval(&p, y, &asg), 3u128 << 60 & ones(64));
        let mut sets = ArraySets::new();
        assert_eq!(&*sets.get(&p, x), &[a]);
        assert_eq!(&*sets.get(&p, x), &[a]);
    }

    #[test]
    fn select_concat_ext() {
        let mut p = ExprPool::new();
        let one = k(&mut p, 1, 1);
        let a = k(&mut p, 8, 0x81);
        let b = k(&mut p, 8, 0x02);
        let s = p.intern(
            Expr::Select {
                cond: one,
                t: a,
                f: b,
            },
            8,
        );
        let c = p.intern(Expr::Concat { hi: a, lo: b }, 16);
        let e = p.intern(
            Expr::Extract {
                e: c,
                offset: 4,
                width: 8,
            },
            8,
        );
        let z = p.intern(Expr::ZExt { e: a, width: 128 }, 128);
        let sx = p.intern(Expr::SExt { e: a, width: 128 }, 128);
        let n = p.intern(Expr::Not { e: a }, 8);
        let asg = Assignment::new();
        assert_eq!(eval(&p, s, &asg), 0x81);
        assert_eq!(eval(&p, c, &asg), 0x8102);
        assert_eq!(eval(&p, e, &asg), 0x10);
        assert_eq!(eval(&p, z, &asg), 0x81);
        assert_eq!(eval(&p, sx, &asg), u128::MAX - 0x7e);
        assert_eq!(eval(&p, n, &asg), 0x7e);
    }
}
