//! `setjmp` / `longjmp` and their variants (`_setjmp`, `sigsetjmp`, `__sigsetjmp`, `_longjmp`,
//! `siglongjmp`): musl's are assembly, so the executor implements them.
//!
//! `setjmp(buf)` allocates a small *marker* object owned by the calling frame (it is freed
//! with the frame's allocas when the frame returns) holding the call's site, and stores a
//! pointer to it at the start of `buf`. `longjmp(buf, v)` reads that pointer back: the marker
//! must be alive (else the frame that called `setjmp` has returned: undefined in C, an error
//! here), its owner frame is found among the live frames, the frames above it are popped as
//! returns would, and the call of `setjmp` returns `v` (1 for 0). Everything lives in the
//! path's memory, so forks copy it. Registers of the target frame keep their current values
//! (as for `volatile` locals; C leaves non-volatile ones indeterminate). No signal is ever
//! delivered, so the signal mask `sigsetjmp` may save has nothing to restore.

use super::observe::Fork;
use super::*;

/// The first word of a marker ("sjmp"), so that a `jmp_buf` pointing elsewhere is told apart.
const MAGIC: u32 = 0x706d_6a73;
/// Marker bytes: magic, the function and the instruction index of the `setjmp` call.
const MARKER_SIZE: u64 = 12;

impl<'m, 'io> Worker<'m, 'io> {
    /// A call of `setjmp` (`b`: any of the variants) or `longjmp` (`Builtin::Longjmp`): the
    /// instruction `inst`, the current one.
    pub(super) fn jmp_call(&mut self, b: Builtin, inst: &'m Inst, args: &'m [CallArg]) -> R<Flow> {
        let buf = self.arg(args, 0);
        if b == Builtin::Longjmp {
            self.longjmp(&buf, args)
        } else {
            self.setjmp(&buf)?;
            self.set(inst.dst, Value::Int(0));
            Ok(Flow::Next)
        }
    }

    fn setjmp(&mut self, buf: &Value) -> R<()> {
        let ps = self.p.ps as u64;
        let (s, o) = self
            .st
            .mem
            .resolve_mut(buf, ps)
            .map_err(|e| mem_err(e, buf))?;
        let fr = self.st.frames.last().expect("a calling frame");
        let (func, pc) = (fr.func.0, self.st.pc);
        let owned_from = fr.alloca_base as usize;
        // A setjmp repeated in a loop reuses its marker (one object per call site and frame).
        let old = self.st.mem.load_ptr(s, o);
        let marker = match self.marker(&old) {
            Some((r, f, p, i)) if f == func && p == pc && i >= owned_from => r,
            _ => {
                let r = self
                    .st
                    .mem
                    .alloc(MARKER_SIZE, 16, ObjKind::Data)
                    .map_or_else(Self::oom, Ok)?;
                self.st.mem.store_int(r.idx, 0, 4, MAGIC as u128);
                self.st.mem.store_int(r.idx, 4, 4, func as u128);
                self.st.mem.store_int(r.idx, 8, 4, pc as u128);
                self.st.allocas.push(r);
                r
            }
        };
        let p = self.st.mem.ptr_to(marker);
        self.st.mem.store_ptr(s, o, &p);
        Ok(())
    }

    /// The live marker `p` points to: (object, function, call instruction, its index in
    /// `allocas`).
    fn marker(&self, p: &Value) -> Option<(ObjRef, u32, u32, usize)> {
        let Value::Ptr { obj, addr } = *p else {
            return None;
        };
        let o = self.st.mem.get(obj)?;
        if o.base != addr || o.size != MARKER_SIZE || o.sym.is_some() {
            return None;
        }
        let word = |off| self.st.mem.load_int(obj.idx, off, 4) as u32;
        if word(0) != MAGIC {
            return None;
        }
        let a = &self.st.allocas;
        let i = (0..a.len()).rev().find(|&i| a[i] == obj)?;
        Some((obj, word(4), word(8), i))
    }

    fn longjmp(&mut self, buf: &Value, args: &[CallArg]) -> R<Flow> {
        let ps = self.p.ps as u64;
        let (s, o) = self.st.mem.resolve(buf, ps).map_err(|e| mem_err(e, buf))?;
        let p = self.st.mem.load_ptr(s, o);
        let Some((_, func, pc, i)) = self.marker(&p) else {
            return error(
                ErrorKind::Exec,
                "longjmp to a jmp_buf not set by setjmp in a function still running \
                 (undefined behaviour)",
            );
        };
        // The owner: the innermost frame whose allocas start at or below the marker's.
        let Some(k) = self
            .st
            .frames
            .iter()
            .rposition(|f| f.alloca_base as usize <= i)
        else {
            unreachable!("every alloca belongs to a frame");
        };
        if k < self.st.stop_depth || self.st.frames[k].func.0 != func {
            return error(
                ErrorKind::Exec,
                "longjmp out of a constructor or destructor run by the executor",
            );
        }
        let v = match self.arg(args, 1) {
            Value::Sym(e) => {
                let w = self.pool.width(e);
                let zero = self.pool.constant(w, 0);
                let one = self.pool.constant(w, 1);
                let is0 = self.pool.eq(e, zero);
                Value::Sym(self.pool.select(is0, one, e))
            }
            v => {
                let w = match args.get(1).map(|a| self.ti(a.ty)) {
                    Some(TI::Int(w)) => w,
                    _ => 32,
                };
                if v.bits() & mask(w) == 0 {
                    Value::Int(1)
                } else {
                    Value::Int(v.bits() & mask(w))
                }
            }
        };
        // Interpolation cannot follow a non-local jump: its node gets no interpolant.
        self.observe_fork(Fork::Other("longjmp"));
        while self.st.frames.len() > k + 1 {
            let fr = self.st.frames.pop().unwrap();
            while self.st.allocas.len() > fr.alloca_base as usize {
                let r = self.st.allocas.pop().unwrap();
                self.st.mem.free(r);
            }
            self.st.regs.truncate(fr.base as usize);
            self.observe_return();
        }
        let m = self.m;
        let fr = self.st.frames.last_mut().unwrap();
        fr.pc = pc + 1;
        let b = fr.base as usize;
        self.st.set_base(b);
        let dst = m.func(FuncId(func)).code[pc as usize].dst;
        self.set(dst, v);
        Ok(Flow::Frames)
    }
}
