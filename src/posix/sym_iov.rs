//! System-call buffers that the input decides: `readv` / `writev` vectors whose entries hold
//! symbolic lengths or addresses (musl's `__stdout_write` after `fwrite(buf + k, 1, n - k)`),
//! and `write` from a symbolic address. A length is enumerated as system call arguments are
//! (`sym_size.rs`: one exact path per value, smallest first); the bytes at a symbolic address
//! are gathered into a scratch object (each byte read at its symbolic offset, array theory),
//! which the write then reads: symbolic bytes go to a symbolic file as they are, to the
//! standard output under the path's model (`write_out`).

use super::*;

impl Os<'_, '_, '_> {
    /// The `cnt` entries (base, length) of the `iovec` array at `iov`, every length concrete.
    /// All are read before any transfer: a length enumerated re-executes the call.
    pub(super) fn iov_entries(&mut self, iov: &Value, cnt: u64) -> R<Vec<(Value, u64)>> {
        let ps = self.w.program().ps as u64;
        let mut out = Vec::with_capacity(cnt as usize);
        for i in 0..cnt {
            let e = self.w.ptr_add(iov.clone(), (i * 2 * ps) as i64);
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve_any(&e, 2 * ps)
                .map_err(|er| mem_err(er, &e))?;
            let base = match self.load_sym(s, o, ps) {
                Some(a) => self.w.val_of(a),
                None => self.w.state_mut().mem.load_ptr(s, o),
            };
            let len = match self.load_sym(s, o + ps, ps) {
                Some(n) => self.w.enumerate_value(n)? as u64,
                None => self.w.state_mut().mem.load_int(s, o + ps, ps) as u64,
            };
            out.push((base, len));
        }
        Ok(out)
    }

    /// For `n` bytes at the symbolic address `p`: a scratch object holding them (its pointer),
    /// to be freed by the caller. The address is resolved as a load's would be (one path per
    /// object it may point into, out of bounds an error).
    pub(super) fn gather(&mut self, p: ExprId, n: u64) -> R<(Value, ObjRef)> {
        let (slot, off) = self.w.resolve_sym(p, n)?;
        let r = self
            .w
            .state_mut()
            .mem
            .alloc(n, 16, ObjKind::Data)
            .map_or_else(Worker::oom, Ok)?;
        match self.w.pool().as_const(off) {
            Some(k) => self.w.state_mut().mem.copy(r.idx, 0, slot, k as u64, n),
            None => {
                for i in 0..n {
                    let d = self.w.pool().constant(32, i as u128);
                    let at = self.w.pool().add(off, d);
                    let b = self.read_sym_off(slot, at, 1);
                    self.store_sym(r.idx, i, 1, b);
                }
            }
        }
        Ok((self.w.state_mut().mem.ptr_to(r), r))
    }
}
