//! `__VERIFIER_nondet_<T>` whose value the ABI returns as a struct of integers: x86-64 returns
//! `__int128` from a declared function as `{ i64, i64 }` (low, high), so the object's bytes are
//! split into the fields at their offsets, as the native code reassembles them.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// A fresh object `name` of `ret`'s store size read as `ret`'s integer fields; `None` when
    /// `ret` is not a struct of integers.
    pub(super) fn nondet_int_struct(&mut self, name: &str, ret: TypeId) -> R<Option<Value>> {
        let ty = self.m.ty(ret);
        let TypeKind::Struct { fields, offsets } = &ty.kind else {
            return Ok(None);
        };
        let mut parts = Vec::with_capacity(fields.len());
        for (&f, &off) in fields.iter().zip(offsets) {
            let TypeKind::Int(w) = self.m.ty(f).kind else {
                return Ok(None);
            };
            parts.push((off, self.m.ty(f).store_size, w));
        }
        let (_, a) = self.fresh_array(name, ty.store_size)?;
        let vals = parts
            .into_iter()
            .map(|(off, bytes, w)| {
                let i = self.pool.constant(32, off as u128);
                let e = self.pool.read_bytes_le(a, None, i, bytes as u32);
                let e = self.pool.zext_or_trunc(e, w);
                self.val_of(e)
            })
            .collect::<Vec<_>>();
        Ok(Some(Value::Agg(vals.into_boxed_slice())))
    }
}
