//! Loads, stores and address arithmetic on concrete pointers.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The bytes a load or store of a value of type `ty` (of info `ti`) accesses.
    #[inline(always)]
    fn access_size(&self, ti: TI, ty: TypeId) -> u64 {
        match ti {
            TI::Int(w) => (w as u64).div_ceil(8),
            TI::Ptr => self.p.ps as u64,
            TI::F(fk) => fk_bytes(fk),
            _ => self.m.ty(ty).store_size,
        }
    }

    #[inline(always)]
    pub(super) fn load(&mut self, p: &Value, ty: TypeId) -> R<Value> {
        let ti = self.ti(ty);
        let n = self.access_size(ti, ty);
        let (s, o) = self.st.mem.resolve(p, n).map_err(|e| mem_err(e, p))?;
        Ok(match ti {
            TI::Int(w) => Value::Int(self.st.mem.load_int(s, o, n) & mask(w)),
            TI::Ptr => self.st.mem.load_ptr(s, o),
            TI::F(_) => Value::Int(self.st.mem.load_int(s, o, n)),
            _ => self.load_at(s, o, ty),
        })
    }

    #[inline(always)]
    pub(super) fn store(&mut self, p: &Value, ty: TypeId, v: &Value) -> R<()> {
        let ti = self.ti(ty);
        let n = self.access_size(ti, ty);
        let (s, o) = self.st.mem.resolve_mut(p, n).map_err(|e| mem_err(e, p))?;
        match ti {
            TI::Int(_) | TI::F(_) => self.st.mem.store_int(s, o, n, v.bits()),
            TI::Ptr => self.st.mem.store_ptr(s, o, v),
            _ => self.store_at(s, o, ty, v),
        }
        Ok(())
    }

    /// Reads a value of type `ty` at an already bounds-checked place.
    pub(super) fn load_at(&self, s: u32, o: u64, ty: TypeId) -> Value {
        self.layout().load(&self.st.mem, s, o, ty)
    }

    pub(super) fn store_at(&mut self, s: u32, o: u64, ty: TypeId, v: &Value) {
        // (The program outlives the worker: its type table is borrowed beside the memory.)
        let (m, p) = (self.m, self.p);
        Layout { m, tinfo: &p.tinfo }.store(&mut self.st.mem, s, o, ty, v)
    }

    pub(super) fn layout(&self) -> Layout<'m, '_> {
        Layout {
            m: self.m,
            tinfo: &self.p.tinfo,
        }
    }

    #[inline(always)]
    pub(crate) fn ptr_add(&self, b: Value, delta: i64) -> Value {
        match b {
            Value::Ptr { obj, addr } => Value::Ptr {
                obj,
                addr: addr.wrapping_add(delta as u64) & self.p.ptr_mask,
            },
            Value::Int(a) | Value::Poison(a) => {
                Value::Int(((a as u64).wrapping_add(delta as u64) & self.p.ptr_mask) as u128)
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
