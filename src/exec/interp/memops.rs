//! Loads, stores and address arithmetic on concrete pointers.

use super::*;

impl<'m, 'io> Interp<'m, 'io> {
    #[inline(always)]
    pub(super) fn load(&mut self, p: &Value, ty: TypeId) -> R<Value> {
        match self.ti(ty) {
            TI::Int(w) => {
                let n = (w as u64).div_ceil(8);
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(Value::Int(self.mem.load_int(s, o, n) & mask(w)))
            }
            TI::Ptr => {
                let (s, o) = self
                    .mem
                    .resolve(p, self.ps as u64)
                    .map_err(|e| mem_err(e, p))?;
                Ok(self.mem.load_ptr(s, o))
            }
            TI::F(fk) => {
                let n = fk_bytes(fk);
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(Value::Int(self.mem.load_int(s, o, n)))
            }
            _ => {
                let n = self.m.ty(ty).store_size;
                let (s, o) = self.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
                Ok(self.load_at(s, o, ty))
            }
        }
    }

    #[inline(always)]
    pub(super) fn store(&mut self, p: &Value, ty: TypeId, v: &Value) -> R<()> {
        match self.ti(ty) {
            TI::Int(w) => {
                let n = (w as u64).div_ceil(8);
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.mem.store_int(s, o, n, v.bits());
            }
            TI::Ptr => {
                let (s, o) = self
                    .mem
                    .resolve_mut(p, self.ps as u64)
                    .map_err(|e| mem_err(e, p))?;
                self.mem.store_ptr(s, o, v);
            }
            TI::F(fk) => {
                let n = fk_bytes(fk);
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.mem.store_int(s, o, n, v.bits());
            }
            _ => {
                let n = self.m.ty(ty).store_size;
                let (s, o) = self.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
                self.store_at(s, o, ty, v);
            }
        }
        Ok(())
    }

    /// Vector of integers whose width is not a whole number of bytes: bit-packed in memory.
    pub(super) fn packed_vec(&self, ty: TypeId) -> Option<(u32, u32)> {
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
    pub(super) fn load_at(&self, s: u32, o: u64, ty: TypeId) -> Value {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => Value::Int(self.mem.load_int(s, o, (w as u64).div_ceil(8)) & mask(w)),
            TI::F(fk) => Value::Int(self.mem.load_int(s, o, fk_bytes(fk))),
            TI::Ptr => self.mem.load_ptr(s, o),
            TI::Vec(e, n) => {
                if let Some((w, n)) = self.packed_vec(ty) {
                    let nb = (w as u64 * n as u64).div_ceil(8);
                    let bytes = self.mem.bytes(s, o, nb);
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
                        .map(|i| self.load_at(s, o + i * stride, e))
                        .collect(),
                )
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => Value::Agg(
                    fields
                        .iter()
                        .zip(offsets)
                        .map(|(f, off)| self.load_at(s, o + off, *f))
                        .collect(),
                ),
                TypeKind::Array { elem, len } => {
                    let stride = m.ty(*elem).alloc_size;
                    Value::Agg(
                        (0..*len)
                            .map(|i| self.load_at(s, o + i * stride, *elem))
                            .collect(),
                    )
                }
                _ => Value::Int(0),
            },
            _ => Value::Int(0),
        }
    }

    pub(super) fn store_at(&mut self, s: u32, o: u64, ty: TypeId, v: &Value) {
        let m = self.m;
        match self.ti(ty) {
            TI::Int(w) => self.mem.store_int(s, o, (w as u64).div_ceil(8), v.bits()),
            TI::F(fk) => self.mem.store_int(s, o, fk_bytes(fk), v.bits()),
            TI::Ptr => self.mem.store_ptr(s, o, v),
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
                    self.mem.write_bytes(s, o, &bytes);
                    return;
                }
                let stride = m.ty(e).store_size;
                for (i, x) in v.elems().iter().enumerate().take(n as usize) {
                    self.store_at(s, o + i as u64 * stride, e, x);
                }
            }
            TI::Agg => match &m.ty(ty).kind {
                TypeKind::Struct { fields, offsets } => {
                    for ((f, off), x) in fields.iter().zip(offsets).zip(v.elems()) {
                        self.store_at(s, o + off, *f, x);
                    }
                }
                TypeKind::Array { elem, .. } => {
                    let stride = m.ty(*elem).alloc_size;
                    for (i, x) in v.elems().iter().enumerate() {
                        self.store_at(s, o + i as u64 * stride, *elem, x);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }

    #[inline(always)]
    pub(super) fn ptr_add(&self, b: Value, delta: i64) -> Value {
        match b {
            Value::Ptr { obj, addr } => Value::Ptr {
                obj,
                addr: addr.wrapping_add(delta as u64) & self.ptr_mask,
            },
            Value::Int(a) => {
                Value::Int(((a as u64).wrapping_add(delta as u64) & self.ptr_mask) as u128)
            }
            Value::Agg(v) => Value::Agg(v.iter().map(|x| self.ptr_add(x.clone(), delta)).collect()),
            // Callers reject symbolic pointers before.
            Value::Sym(_) => panic!("internal error: pointer arithmetic on a symbolic value"),
        }
    }

    pub(super) fn gep(&self, b: Value, offset: i64, indices: &[GepIndex]) -> Value {
        let mut lanes: Option<usize> = match &b {
            Value::Agg(v) => Some(v.len()),
            _ => None,
        };
        let mut delta = offset;
        for ix in indices {
            match self.op(&ix.op) {
                Value::Agg(v) => lanes = Some(v.len()),
                x => {
                    delta = delta
                        .wrapping_add((sext(x.bits(), ix.width) as i64).wrapping_mul(ix.stride))
                }
            }
        }
        let Some(n) = lanes else {
            return self.ptr_add(b, delta);
        };
        // Vector GEP: per lane.
        let lane = |v: &Value, i: usize| -> Value {
            match v {
                Value::Agg(e) => e[i].clone(),
                x => x.clone(),
            }
        };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut d = offset;
            for ix in indices {
                let x = lane(&self.op(&ix.op), i);
                d = d.wrapping_add((sext(x.bits(), ix.width) as i64).wrapping_mul(ix.stride));
            }
            out.push(self.ptr_add(lane(&b, i), d));
        }
        Value::Agg(out.into_boxed_slice())
    }
}
