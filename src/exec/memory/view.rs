//! Symbolic-offset access to an object: its contents as an array of the expression pool.
//!
//! An object's current contents are its concrete bytes overlaid with its symbolic bytes. A read
//! or write at a symbolic offset needs them as one array term: a constant array (`Array::init`,
//! a snapshot of the concrete bytes) plus an update list (one write per symbolic byte, then the
//! program's symbolic-offset writes). After a symbolic-offset write every byte of the object is
//! re-expressed as a read of the new list (`pool.read` folds the bytes the write cannot reach
//! back to constants), so the ordinary concrete-offset loads and stores keep working through the
//! overlay and always see the write. The last view is kept (`Object::view`) and the next one is
//! built as a diff on top of it (only bytes whose current expression differs get a new write), so
//! consecutive symbolic accesses share one array and one growing list.

use super::{Memory, ObjRef};
use crate::expr::{ArrayId, ExprId, ExprPool, UpdateId};
use std::sync::Arc;

/// Largest object accessed at a symbolic offset (each such write re-expresses every byte).
pub const MAX_VIEW_SIZE: u64 = 1 << 20;

impl Memory {
    /// The live objects as `(base, end, object)` in increasing address order (`end` exclusive;
    /// an empty object covers its base byte, as in `lookup`).
    pub fn live_objects(&self) -> Vec<(u64, u64, ObjRef)> {
        self.index
            .iter()
            .filter(|&&(_, r)| self.is_live(r))
            .map(|&(b, r)| (b, b + self.objs[r.idx as usize].size.max(1), r))
            .collect()
    }

    /// Byte `i` of object `slot` as an expression (constant when concrete).
    fn byte_expr(&self, pool: &mut ExprPool, slot: u32, i: usize) -> ExprId {
        let o = &self.objs[slot as usize];
        match o.sym.as_ref().and_then(|s| s.get(i)) {
            Some(e) => e,
            None => pool.constant(8, o.bytes[i] as u128),
        }
    }

    /// The object's current contents as (array, update list); object size <= `MAX_VIEW_SIZE`.
    pub fn array_view(&mut self, pool: &mut ExprPool, slot: u32) -> (ArrayId, Option<UpdateId>) {
        let size = self.objs[slot as usize].size as usize;
        debug_assert!(size as u64 <= MAX_VIEW_SIZE);
        let view = match self.objs[slot as usize].view.as_deref() {
            Some(&(a, u0)) => {
                // Diff against the last view: a write for every byte that changed since.
                let mut u = u0;
                for i in 0..size {
                    let cur = self.byte_expr(pool, slot, i);
                    let ci = pool.constant(32, i as u128);
                    if pool.read(a, u0, ci) != cur {
                        u = Some(pool.write(u, ci, cur));
                    }
                }
                (a, u)
            }
            None => {
                let o = &self.objs[slot as usize];
                let a = pool.const_array(o.bytes.to_vec());
                let mut u = None;
                for i in 0..size {
                    if let Some(e) = o.sym.as_ref().and_then(|s| s.get(i)) {
                        let ci = pool.constant(32, i as u128);
                        u = Some(pool.write(u, ci, e));
                    }
                }
                (a, u)
            }
        };
        if self.objs[slot as usize].view.as_deref() != Some(&view) {
            self.objs[slot as usize].view = Some(Arc::new(view));
        }
        view
    }

    /// The `n` bytes (1..=16) at the 32-bit offset expression `off`, little-endian. The caller
    /// has constrained `off + n <= size`.
    pub fn read_sym_off(&mut self, pool: &mut ExprPool, slot: u32, off: ExprId, n: u64) -> ExprId {
        let (a, u) = self.array_view(pool, slot);
        pool.read_bytes_le(a, u, off, n as u32)
    }

    /// Writes `e` (`8 * n` bits) little-endian at the 32-bit offset expression `off` (in
    /// bounds, checked by the caller). Stored-pointer provenance of the object is dropped: any
    /// of it may be overwritten (the bytes stay, so a pointer loaded back is resolved by its
    /// address).
    pub fn write_sym_off(&mut self, pool: &mut ExprPool, slot: u32, off: ExprId, e: ExprId) {
        let bytes: Vec<ExprId> = (0..pool.width(e) / 8)
            .map(|k| pool.extract(e, 8 * k, 8))
            .collect();
        self.write_sym_bytes(pool, slot, off, &bytes);
    }

    /// Writes the byte expressions `bytes` at `off`, `off + 1`, ... (in bounds, checked by the
    /// caller), re-expressing the object once.
    pub fn write_sym_bytes(
        &mut self,
        pool: &mut ExprPool,
        slot: u32,
        off: ExprId,
        bytes: &[ExprId],
    ) {
        let (a, mut u) = self.array_view(pool, slot);
        for (k, &b) in bytes.iter().enumerate() {
            let ck = pool.constant(32, k as u128);
            let i = pool.add(ck, off);
            u = Some(pool.write(u, i, b));
        }
        let o = &mut self.objs[slot as usize];
        o.view = Some(Arc::new((a, u)));
        o.ptrs.clear();
        let size = o.size as usize;
        let mut sym = vec![None; size];
        let bytes = o.bytes.make_mut();
        let mut any = false;
        for (i, s) in sym.iter_mut().enumerate() {
            let ci = pool.constant(32, i as u128);
            let b = pool.read(a, u, ci);
            match pool.as_const(b) {
                Some(c) => bytes[i] = c as u8,
                None => {
                    *s = Some(b);
                    any = true;
                }
            }
        }
        o.sym = if any {
            Some(Arc::new(sym.into()))
        } else {
            None
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::ObjKind;
    use super::*;
    use crate::expr::{eval, Array, Assignment};

    #[test]
    fn symbolic_offset_write_is_seen_by_concrete_reads() {
        let mut pool = ExprPool::new();
        let mut m = Memory::new(8);
        let r = m.alloc(4, 4, ObjKind::Stack).unwrap();
        m.write_bytes(r.idx, 0, &[1, 2, 3, 4]);
        let x = pool.new_array(Array {
            name: "x".into(),
            size: 1,
            domain: 32,
            init: None,
        });
        let z = pool.constant(32, 0);
        let xb = pool.read(x, None, z);
        let i = pool.zext(xb, 32);
        let v = pool.constant(8, 9);
        m.write_sym_off(&mut pool, r.idx, i, v);
        // Every byte is now "9 if x == k else old".
        for x_val in 0..4u8 {
            let mut asg = Assignment::default();
            asg.values.insert(x, vec![x_val]);
            for k in 0..4u64 {
                let e = m.load_sym(&mut pool, r.idx, k, 1).unwrap();
                let want = if k == x_val as u64 { 9 } else { k as u128 + 1 };
                assert_eq!(eval(&pool, e, &asg), want);
            }
            // And a symbolic read at the same offset gives 9.
            let e = m.read_sym_off(&mut pool, r.idx, i, 1);
            assert_eq!(eval(&pool, e, &asg), 9);
        }
        // A concrete store over byte 2 replaces it; the next view diffs it in.
        m.store_int(r.idx, 2, 1, 7);
        let e = m.read_sym_off(&mut pool, r.idx, i, 1);
        let mut asg = Assignment::default();
        asg.values.insert(x, vec![2]);
        assert_eq!(eval(&pool, e, &asg), 7);
        asg.values.insert(x, vec![1]);
        assert_eq!(eval(&pool, e, &asg), 9);
    }

    #[test]
    fn view_of_concrete_object_folds_constant_reads() {
        let mut pool = ExprPool::new();
        let mut m = Memory::new(8);
        let r = m.alloc(3, 4, ObjKind::Global).unwrap();
        m.write_bytes(r.idx, 0, &[5, 6, 7]);
        let c1 = pool.constant(32, 1);
        let e = m.read_sym_off(&mut pool, r.idx, c1, 2);
        assert_eq!(pool.as_const(e), Some(0x0706));
        assert_eq!(m.live_objects().len(), 1);
    }
}
