//! `memcpy` / `memmove` / `memset` with a symbolic pointer or a symbolic fill byte (a
//! concrete length; a symbolic length is an `unsupported` error, as forking per length would
//! explode). Symbolic contents at concrete places are handled by the concrete intrinsics,
//! which copy the symbolic overlay too.
//!
//! Bytes are moved one by one as expressions: every source byte is read before any
//! destination byte is written, so overlapping ranges behave as `memmove`.

use super::*;

/// A resolved place: an object slot and an offset, concrete or a 32-bit expression.
#[derive(Clone, Copy)]
enum Off {
    At(u64),
    Sym(ExprId),
}

impl<'m, 'io> Worker<'m, 'io> {
    /// Resolves `n` bytes at `p` (in bounds; for a write, not read-only).
    fn place(&mut self, p: &Value, n: u64, write: bool) -> R<(u32, Off)> {
        if let Value::Sym(a) = *p {
            let (slot, off) = self.resolve_sym(a, n)?;
            if write && self.st.mem.objs[slot as usize].kind.read_only() {
                return error(ErrorKind::ReadOnly, MemErr::ReadOnly.message());
            }
            return Ok(match self.pool.as_const(off) {
                Some(k) => (slot, Off::At(k as u64)),
                None => (slot, Off::Sym(off)),
            });
        }
        let r = if write {
            self.st.mem.resolve_any_mut(p, n)
        } else {
            self.st.mem.resolve_any(p, n)
        };
        let (slot, off) = r.map_err(|e| mem_err(e, p))?;
        Ok((slot, Off::At(off)))
    }

    fn read_bytes_at(&mut self, slot: u32, off: Off, n: u64) -> Vec<ExprId> {
        (0..n)
            .map(|k| match off {
                Off::At(o) => match self.st.mem.load_sym(&mut self.pool, slot, o + k, 1) {
                    Some(e) => e,
                    None => {
                        let b = self.st.mem.bytes(slot, o + k, 1)[0];
                        self.pool.constant(8, b as u128)
                    }
                },
                Off::Sym(o) => {
                    let ck = self.pool.constant(32, k as u128);
                    let i = self.pool.add(ck, o);
                    self.st.mem.read_sym_off(&mut self.pool, slot, i, 1)
                }
            })
            .collect()
    }

    fn write_bytes_at(&mut self, slot: u32, off: Off, bytes: &[ExprId]) {
        match off {
            Off::At(o) => {
                for (k, &b) in bytes.iter().enumerate() {
                    self.st
                        .mem
                        .store_sym(&mut self.pool, slot, o + k as u64, 1, b);
                }
            }
            Off::Sym(o) => self.st.mem.write_sym_bytes(&mut self.pool, slot, o, bytes),
        }
    }

    /// The memory intrinsics when an argument is symbolic; `None`: not one of them, or
    /// nothing symbolic (the concrete implementation applies).
    pub(super) fn sym_mem_intrinsic(
        &mut self,
        which: Intrinsic,
        args: &[CallArg],
    ) -> R<Option<Value>> {
        use Intrinsic as I;
        if !matches!(which, I::Memcpy | I::Memmove | I::Memset)
            || args.len() < 3
            || !args.iter().any(|a| has_sym(opref!(self, &a.op)))
        {
            return Ok(None);
        }
        if let Value::Sym(_) = opref!(self, &args[2].op) {
            // A symbolic length is enumerated as an allocation size is (`sym_size.rs`).
            self.concrete_size(&args[2].op)?;
            if !args.iter().any(|a| has_sym(opref!(self, &a.op))) {
                return Ok(None);
            }
        }
        let n = self.op(&args[2].op).bits() as u64;
        if n == 0 {
            return Ok(Some(Value::Int(0)));
        }
        let dst = self.op(&args[0].op);
        let bytes = if which == I::Memset {
            let v = self.op(&args[1].op);
            let b = self.expr_of(&v, 8, "memset")?;
            vec![b; n as usize]
        } else {
            let src = self.op(&args[1].op);
            let (slot, off) = self.place(&src, n, false)?;
            self.read_bytes_at(slot, off, n)
        };
        let (slot, off) = self.place(&dst, n, true)?;
        self.write_bytes_at(slot, off, &bytes);
        Ok(Some(Value::Int(0)))
    }
}
