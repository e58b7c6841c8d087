//! The weakest-precondition shadow of variadic calls (see `wp/mod.rs`): the area a call of a
//! defined variadic function stores its variadic arguments in (`calls.rs` `build_varargs`),
//! and `va_start`, `va_copy`, `va_end` on it. clang lowers `va_arg` into loads and stores of
//! the `va_list` and of that area, which the shadow follows as any others.

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::TI;
use crate::exec::memory::ObjRef;
use crate::exec::value::Value;
use crate::ir::*;
use crate::itp::trace::Fact;
use crate::itp::PinVal;

impl Wp<'_, '_, '_> {
    /// A call of a defined variadic function (at `base`, `np` fixed parameters): the area it
    /// created (recorded with the call) holds the shadows of the variadic arguments.
    pub(super) fn sh_va_area(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        facts: &[Fact],
        np: usize,
        args: &[CallArg],
    ) {
        let Some(o) = facts.iter().rev().find_map(|x| match x {
            Fact::Post(Value::Ptr { obj, .. }) => Some(*obj),
            _ => None,
        }) else {
            return Self::sh_fail(sh, "variadic call without a recorded area");
        };
        let rest = &args[np.min(args.len())..];
        if rest.iter().any(|a| a.byval.is_some()) {
            return Self::sh_fail(sh, "byval variadic argument");
        }
        let (layout, _) = self.va_layout(rest);
        sh.created.insert(o);
        sh.mem.forget(o);
        sh.words.forget(o);
        for (a, off) in rest.iter().zip(layout) {
            let raw = self.sh_val(sh, base, &a.op);
            let v = match (self.ti(a.ty), self.sh_width(a.ty)) {
                (TI::Ptr, _) => self.as_ptr(raw).map_or(SV::Opaque, SV::Ptr),
                (_, Some(w)) => self.as_int(raw, w).map_or(SV::Opaque, SV::Int),
                _ => SV::Opaque,
            };
            self.sh_store(sh, o, off, a.ty, v);
        }
    }

    /// `n` bytes of the constant `x` stored at `off` in `o`.
    fn sh_put_int(&mut self, sh: &mut Shadow, o: ObjRef, off: u64, n: u64, x: u128) {
        Self::sh_clear_ptrs(sh, o, off, n, self.p.ps as u64);
        let e = self.it.pool().constant((n * 8) as u32, x);
        for k in 0..n {
            let b = self.it.pool().extract(e, (k * 8) as u32, 8);
            sh.mem.insert(o, off + k, Some(b));
        }
        sh.words.insert(o, off, (n, e));
        sh.words_max = sh.words_max.max(n);
    }

    /// `va_start(ap)` and `va_copy(dst, src)` (their pointer arguments `args`, shadows
    /// `argv`), as `calls.rs` `va_start` writes the `va_list`: on x86-64 `{gp_offset = 48,
    /// fp_offset = 304, overflow_arg_area = the area, reg_save_area = NULL}`, on i386 the
    /// area's address.
    pub(super) fn sh_va_intrinsic(
        &mut self,
        sh: &mut Shadow,
        i: Intrinsic,
        args: &[CallArg],
        argv: &[SV],
        facts: &[Fact],
    ) {
        let Some(pty) = args
            .first()
            .map(|a| a.ty)
            .filter(|&t| self.ti(t) == TI::Ptr)
        else {
            return Self::sh_fail(sh, "va_list not a pointer");
        };
        let Some((d, doff)) = self.sh_access(sh, argv[0], facts.first()) else {
            return;
        };
        let ps = self.p.ps as u64;
        if i == Intrinsic::VaCopy {
            let Some((s, soff)) =
                self.sh_access(sh, argv.get(1).copied().unwrap_or(SV::Opaque), facts.get(1))
            else {
                return;
            };
            let ints = if self.p.x86_64 { 8 } else { 0 };
            let bytes: Vec<_> = (0..ints).map(|k| self.sh_byte(sh, s, soff + k)).collect();
            let ptrs: Vec<_> = if self.p.x86_64 { vec![8, 16] } else { vec![0] }
                .into_iter()
                .map(|k| (k, self.sh_load_ptr(sh, s, soff + k)))
                .collect();
            Self::sh_clear_ptrs(sh, d, doff, ints, ps);
            for (k, b) in bytes.into_iter().enumerate() {
                sh.mem.insert(d, doff + k as u64, b);
            }
            for (k, p) in ptrs {
                self.sh_store(sh, d, doff + k, pty, p);
            }
            return;
        }
        // The running frame's area, recorded with the step.
        let Some(Fact::Ptr(PinVal::Obj(va, 0), _)) = facts.get(1) else {
            return Self::sh_fail(sh, "va_start without a recorded area");
        };
        // An area made before the segment is no location of it: the pointer to it could not
        // be required of another state.
        if !sh.created.contains(va) {
            return Self::sh_fail(sh, "va_start of an area made before the segment");
        }
        let area = SV::Ptr(PS::Known(PinVal::Obj(*va, 0)));
        if self.p.x86_64 {
            self.sh_put_int(sh, d, doff, 4, 48);
            self.sh_put_int(sh, d, doff + 4, 4, 304);
            self.sh_store(sh, d, doff + 8, pty, area);
            let null = SV::Ptr(PS::Known(PinVal::Addr(0)));
            self.sh_store(sh, d, doff + 16, pty, null);
        } else {
            self.sh_store(sh, d, doff, pty, area);
        }
    }
}
