//! Typed values in memory: how a module's types are laid out in an object's bytes.

use super::*;

/// A module's type layouts (with the interpreter's pre-digested type table).
pub(super) struct Layout<'m, 'a> {
    pub(super) m: &'m Module,
    pub(super) tinfo: &'a [TI],
}

impl Layout<'_, '_> {
    fn ti(&self, ty: TypeId) -> TI {
        self.tinfo[ty.0 as usize]
    }

    /// Vector of integers whose width is not a whole number of bytes: bit-packed in memory.
    fn packed_vec(&self, ty: TypeId) -> Option<(u32, u32)> {
        if let TI::Vec(e, n) = self.ti(ty) {
            if let TI::Int(w) = self.ti(e) {
                if w % 8 != 0 {
                    return Some((w, n));
                }
            }
        }
        None
    }

    /// Reads a value of type `ty` at an already bounds-checked place.
    pub(super) fn load(&self, mem: &Memory, s: u32, o: u64, ty: TypeId) -> Value {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => Value::Int(mem.load_int(s, o, (w as u64).div_ceil(8)) & mask(w)),
            TI::F(fk) => Value::Int(mem.load_int(s, o, fk_bytes(fk))),
            TI::Ptr => mem.load_ptr(s, o),
            TI::Vec(e, n) => {
                if let Some((w, n)) = self.packed_vec(ty) {
                    let nb = (w as u64 * n as u64).div_ceil(8);
                    let bytes = mem.bytes(s, o, nb);
                    let bit = |k: u64| (bytes[(k / 8) as usize] >> (k % 8)) as u128 & 1;
                    return Value::Agg(
                        (0..n as u64)
                            .map(|i| {
                                let mut x = 0u128;
                                for j in 0..w as u64 {
                                    x |= bit(i * w as u64 + j) << j;
                                }
                                Value::Int(x)
                            })
                            .collect(),
                    );
                }
                let stride = m.ty(e).store_size;
                Value::Agg(
                    (0..n as u64)
                        .map(|i| self.load(mem, s, o + i * stride, e))
                        .collect(),
                )
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => Value::Agg(
                    fields
                        .iter()
                        .zip(offsets)
                        .map(|(f, off)| self.load(mem, s, o + off, *f))
                        .collect(),
                ),
                TypeKind::Array { elem, len } => {
                    let stride = m.ty(*elem).alloc_size;
                    Value::Agg(
                        (0..*len)
                            .map(|i| self.load(mem, s, o + i * stride, *elem))
                            .collect(),
                    )
                }
                _ => Value::Int(0),
            },
            _ => Value::Int(0),
        }
    }

    pub(super) fn store(&self, mem: &mut Memory, s: u32, o: u64, ty: TypeId, v: &Value) {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => mem.store_int(s, o, (w as u64).div_ceil(8), v.bits()),
            TI::F(fk) => mem.store_int(s, o, fk_bytes(fk), v.bits()),
            TI::Ptr => mem.store_ptr(s, o, v),
            TI::Vec(e, n) => {
                if let Some((w, n)) = self.packed_vec(ty) {
                    let nb = (w as u64 * n as u64).div_ceil(8);
                    let mut bytes = vec![0u8; nb as usize];
                    for (i, x) in v.elems().iter().enumerate().take(n as usize) {
                        let x = x.bits();
                        for j in 0..w as usize {
                            let k = i * w as usize + j;
                            bytes[k / 8] |= (((x >> j) & 1) as u8) << (k % 8);
                        }
                    }
                    mem.write_bytes(s, o, &bytes);
                    return;
                }
                let stride = m.ty(e).store_size;
                for (i, x) in v.elems().iter().enumerate().take(n as usize) {
                    self.store(mem, s, o + i as u64 * stride, e, x);
                }
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => {
                    for ((f, off), x) in fields.iter().zip(offsets).zip(v.elems()) {
                        self.store(mem, s, o + off, *f, x);
                    }
                }
                TypeKind::Array { elem, .. } => {
                    let stride = m.ty(*elem).alloc_size;
                    for (i, x) in v.elems().iter().enumerate() {
                        self.store(mem, s, o + i as u64 * stride, *elem, x);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
}
