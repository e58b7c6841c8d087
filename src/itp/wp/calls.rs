//! The weakest-precondition shadow of calls: builtins, the symbolic API, intrinsics (see `wp/mod.rs`).

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::TI;
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::value::Value;
use crate::ir::externs::Builtin;
use crate::ir::*;
use crate::itp::trace::{Fact, Step};
use crate::itp::{Loc, PinVal};

impl Wp<'_, '_, '_> {
    pub(super) fn sh_call(
        &mut self,
        sh: &mut Shadow,
        st: &Step,
        next: Option<&Step>,
        facts: &[Fact],
        callee: &crate::ir::Callee,
        args: &[crate::ir::CallArg],
    ) {
        use crate::ir::Callee;
        let m = self.m;
        let f = m.func(st.func);
        let inst = &f.code[st.pc as usize];
        let base = st.base;
        let dst = inst.dst;
        let mut argv: Vec<SV> = Vec::with_capacity(args.len());
        for a in args {
            let raw = self.sh_val(sh, base, &a.op);
            let v = match (self.ti(a.ty), self.sh_width(a.ty)) {
                (TI::Ptr, _) => self.as_ptr(raw).map_or(SV::Opaque, SV::Ptr),
                (_, Some(w)) => self.as_int(raw, w).map_or(SV::Opaque, SV::Int),
                _ => SV::Opaque,
            };
            argv.push(v);
        }
        let rec = |k: usize| -> Option<Value> {
            facts.get(k).and_then(|x| match x {
                Fact::Val(v) => Some(v.clone()),
                _ => None,
            })
        };
        let rec_ptr = |k: usize| facts.get(k);
        let fid = match callee {
            Callee::Direct(fid) => *fid,
            Callee::Intrinsic(i @ (Intrinsic::VaStart | Intrinsic::VaCopy)) => {
                return self.sh_va_intrinsic(sh, *i, args, &argv, facts)
            }
            Callee::Intrinsic(Intrinsic::VaEnd) => return,
            Callee::Intrinsic(i) => return self.sh_intrinsic(sh, base, dst, *i, &argv, facts),
            Callee::Indirect(_) => {
                // facts: [callee pointer, args...]
                let Some(Fact::Ptr(v, _)) = rec_ptr(0) else {
                    return Self::sh_fail(sh, "indirect call without a recorded callee");
                };
                let Callee::Indirect(co) = callee else {
                    unreachable!()
                };
                let o = match self.sh_ptr(sh, base, co) {
                    SV::Ptr(p) => p,
                    _ => return Self::sh_fail(sh, "opaque function pointer"),
                };
                self.sh_pin(sh, o, *v);
                let PinVal::Obj(obj, 0) = *v else {
                    return Self::sh_fail(sh, "call through a pointer that is not a function");
                };
                match self.it.state().mem.objs[obj.idx as usize].kind {
                    ObjKind::Function(fid) => fid,
                    _ => return Self::sh_fail(sh, "call through a pointer that is not a function"),
                }
            }
        };
        let b = self.p.builtins[fid.0 as usize];
        let arg_base = if matches!(callee, Callee::Indirect(_)) {
            1
        } else {
            0
        };
        match b {
            Builtin::Defined => {
                let Some(n) = next else {
                    return Self::sh_fail(sh, "call at the end of a segment");
                };
                let func = m.func(fid);
                if n.func != fid || n.pc != 0 {
                    return Self::sh_fail(sh, "call not followed by its callee");
                }
                if func.is_vararg {
                    self.sh_va_area(sh, base, facts, func.params.len(), args);
                }
                let mut params = Vec::with_capacity(func.params.len());
                for (i, a) in args.iter().enumerate().take(func.params.len()) {
                    let v = match func.byval_size(i, a) {
                        Some(size) => match self.sh_byval_copy(sh, argv[i], facts, i, size) {
                            Some(o) => SV::Ptr(PS::Known(PinVal::Obj(o, 0))),
                            None => return,
                        },
                        None => self.sh_val(sh, base, &a.op),
                    };
                    params.push(v);
                }
                sh.regs.retain(|&s, _| s < n.base);
                for (i, v) in params.into_iter().enumerate() {
                    sh.regs.insert(n.base + i as u32, v);
                }
            }
            Builtin::Malloc | Builtin::Calloc => {
                let post = facts.iter().find_map(|x| match x {
                    Fact::Post(Value::Ptr { obj, .. }) => Some(*obj),
                    Fact::Post(Value::Int(0)) => None,
                    _ => None,
                });
                // The size decides the object (and whether malloc fails): require it.
                for (k, a) in argv.iter().enumerate() {
                    if let (SV::Int(e), Some(Value::Int(x))) = (a, rec(arg_base + k)) {
                        self.sh_require_value(sh, *e, x);
                    } else {
                        return Self::sh_fail(sh, "allocation of an opaque size");
                    }
                }
                match post {
                    Some(o) => {
                        sh.created.insert(o);
                        sh.mem.forget(o);
                        sh.words.forget(o);
                        Self::sh_set(sh, base, dst, SV::Ptr(PS::Known(PinVal::Obj(o, 0))));
                    }
                    None => Self::sh_set(sh, base, dst, SV::Ptr(PS::Known(PinVal::Addr(0)))),
                }
            }
            Builtin::Free => {
                let Some(SV::Ptr(p)) = argv.first().copied() else {
                    return Self::sh_fail(sh, "free of an opaque pointer");
                };
                match rec_ptr(arg_base) {
                    Some(Fact::Ptr(v, _)) => self.sh_pin(sh, p, *v),
                    _ => Self::sh_fail(sh, "free without a recorded pointer"),
                }
            }
            Builtin::MakeSymbolic => {
                let Some(SV::Ptr(p)) = argv.first().copied() else {
                    return Self::sh_fail(sh, "klee_make_symbolic of an opaque pointer");
                };
                let Some((o, off)) = self.sh_access(sh, SV::Ptr(p), rec_ptr(arg_base)) else {
                    return;
                };
                let Some(a) = facts.iter().find_map(|x| match x {
                    Fact::Array(a) => Some(*a),
                    _ => None,
                }) else {
                    return Self::sh_fail(sh, "klee_make_symbolic without an array");
                };
                let n = self.it.pool().array(a).size;
                if let Some(SV::Int(e)) = argv.get(1) {
                    self.sh_require_value(sh, *e, n as u128);
                } else {
                    return Self::sh_fail(sh, "klee_make_symbolic of an opaque size");
                }
                Self::sh_clear_ptrs(sh, o, off, n, self.p.ps as u64);
                for k in 0..n {
                    let i = self.it.pool().constant(32, k as u128);
                    let r = self.it.pool().read(a, None, i);
                    sh.mem.insert(o, off + k, Some(r));
                }
            }
            Builtin::Assume | Builtin::VerifierAssume => {
                let Some(SV::Int(e)) = argv.first().copied() else {
                    return Self::sh_fail(sh, "opaque assumption");
                };
                let w = self.it.pool_ref().width(e);
                let z = self.it.pool().constant(w, 0);
                let c = self.it.pool().ne(e, z);
                self.sh_assume(sh, c);
            }
            Builtin::KleeInt | Builtin::Nondet | Builtin::Range | Builtin::Choose => {
                // The value: the fresh array's bytes; its constraints (over the fresh array
                // only) are assumptions. The arguments that shaped it are required.
                let Some(_a) = facts.iter().find_map(|x| match x {
                    Fact::Array(a) => Some(*a),
                    _ => None,
                }) else {
                    // klee_range with a one-value range: a constant.
                    return match (b, rec(arg_base), rec(arg_base + 1)) {
                        (Builtin::Range, Some(Value::Int(lo)), Some(_)) => {
                            self.sh_require_args(sh, &argv[..2.min(argv.len())], facts, arg_base);
                            let w = self.sh_width(inst_ret(inst)).unwrap_or(32);
                            let c = self.it.pool().constant(w, lo);
                            Self::sh_set(sh, base, dst, SV::Int(c))
                        }
                        _ => Self::sh_fail(sh, "input without an array"),
                    };
                };
                if matches!(b, Builtin::Range | Builtin::Choose) {
                    let k = if b == Builtin::Range { 2 } else { 1 };
                    self.sh_require_args(sh, &argv[..k.min(argv.len())], facts, arg_base);
                }
                for x in facts {
                    if let Fact::Constraint(c) = x {
                        self.sh_assume(sh, *c);
                    }
                }
                let Some(w) = self.sh_width(inst_ret(inst)) else {
                    return Self::sh_set(sh, base, dst, SV::Opaque);
                };
                // The register got the post value: an expression over the fresh array.
                match facts.iter().rev().find_map(|x| match x {
                    Fact::Post(v) => Some(v.clone()),
                    _ => None,
                }) {
                    Some(Value::Sym(e)) if self.it.pool().width(e) == w => {
                        Self::sh_set(sh, base, dst, SV::Int(e))
                    }
                    Some(Value::Int(x)) => {
                        let c = self.it.pool().constant(w, x);
                        Self::sh_set(sh, base, dst, SV::Int(c))
                    }
                    _ => Self::sh_set(sh, base, dst, SV::Opaque),
                }
            }
            // Messages and test preferences: no effect on the path.
            Builtin::Warning
            | Builtin::WarningOnce
            | Builtin::PreferCex
            | Builtin::PosixPreferCex
            | Builtin::StackTrace
            | Builtin::PrintRange
            | Builtin::Merge => Self::sh_set(sh, base, dst, SV::Opaque),
            Builtin::RunDtors if self.structors("llvm.global_dtors").is_empty() => {}
            Builtin::Syscall => self.sh_syscall(sh, base, inst, args, &argv, facts),
            _ => {
                // Ends of paths (abort, exit, errors) are the last step of a leaf and never
                // reach here; anything else is not modelled.
                if self.cx.debug {
                    tracing::debug!(
                        target: "trex::itp",
                        "builtin {} not modelled",
                        m.func(fid).name
                    );
                }
                Self::sh_fail(sh, "builtin not modelled");
            }
        }
    }

    /// Requires integer arguments to equal their recorded values.
    pub(super) fn sh_require_args(
        &mut self,
        sh: &mut Shadow,
        argv: &[SV],
        facts: &[Fact],
        arg_base: usize,
    ) {
        for (k, a) in argv.iter().enumerate() {
            let rec = match facts.get(arg_base + k) {
                Some(Fact::Val(v)) => v.clone(),
                _ => return Self::sh_fail(sh, "argument without a recorded value"),
            };
            match (a, rec) {
                (SV::Int(e), Value::Int(x)) => self.sh_require_value(sh, *e, x),
                (SV::Ptr(p), _) => {
                    if let Some(Fact::Ptr(v, _)) = facts.get(arg_base + k) {
                        self.sh_pin(sh, *p, *v)
                    }
                }
                _ => return Self::sh_fail(sh, "opaque argument"),
            }
        }
    }

    pub(super) fn sh_intrinsic(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        dst: Option<crate::ir::Reg>,
        i: Intrinsic,
        argv: &[SV],
        facts: &[Fact],
    ) {
        match i {
            Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset => {
                let n = match (argv.get(2), facts.get(2)) {
                    (Some(SV::Int(e)), Some(Fact::Val(Value::Int(x)))) => {
                        self.sh_require_value(sh, *e, *x);
                        *x as u64
                    }
                    _ => return Self::sh_fail(sh, "memory intrinsic of an opaque size"),
                };
                if n == 0 {
                    return;
                }
                let Some((d, doff)) = self.sh_access(sh, argv[0], facts.first()) else {
                    return;
                };
                if i == Intrinsic::Memset {
                    let Some(SV::Int(v)) = argv.get(1).copied() else {
                        return Self::sh_fail(sh, "memset of an opaque byte");
                    };
                    let b = self.it.pool().zext_or_trunc(v, 8);
                    Self::sh_clear_ptrs(sh, d, doff, n, self.p.ps as u64);
                    for k in 0..n {
                        sh.mem.insert(d, doff + k, Some(b));
                    }
                    return;
                }
                let Some((s, soff)) = self.sh_access(sh, argv[1], facts.get(1)) else {
                    return;
                };
                self.sh_copy(sh, (d, doff), (s, soff), n);
            }
            Intrinsic::Expect => {
                let v = argv.first().copied().unwrap_or(SV::Opaque);
                Self::sh_set(sh, base, dst, v);
            }
            Intrinsic::Assume => {}
            Intrinsic::StackSave | Intrinsic::StackRestore => {
                Self::sh_fail(sh, "intrinsic not modelled")
            }
            _ => Self::sh_set(sh, base, dst, SV::Opaque),
        }
    }

    /// A byval argument (parameter `i`, `size` bytes; its shadow `p`) as `calls.rs`
    /// `byval_copy` makes it: a fresh object of the callee's frame (as an `alloca`) holding
    /// the bytes where the argument pointed (as a `memcpy`). The copy, or `None` (failed).
    fn sh_byval_copy(
        &mut self,
        sh: &mut Shadow,
        p: SV,
        facts: &[Fact],
        i: usize,
        size: u64,
    ) -> Option<ObjRef> {
        let src = facts.iter().find_map(|x| match x {
            Fact::ByvalSrc(k, f) if *k as usize == i => Some(&**f),
            _ => None,
        });
        let copy = facts.iter().find_map(|x| match x {
            Fact::ByvalCopy(k, o) if *k as usize == i => Some(*o),
            _ => None,
        });
        let (Some(src), Some(o)) = (src, copy) else {
            Self::sh_fail(sh, "byval argument without a recorded copy");
            return None;
        };
        if !matches!(src, Fact::Ptr(..)) {
            Self::sh_fail(sh, "byval argument through a symbolic pointer");
            return None;
        }
        let (s, soff) = self.sh_access(sh, p, Some(src))?;
        sh.created.insert(o);
        sh.mem.forget(o);
        sh.words.forget(o);
        sh.views.remove(&o);
        self.sh_copy(sh, (o, 0), (s, soff), size);
        Some(o)
    }

    /// `n > 0` bytes copied from `s` at `soff` to `d` at `doff` (`memcpy`, `memmove`, byval
    /// arguments), pointers stored by the segment along with them.
    fn sh_copy(
        &mut self,
        sh: &mut Shadow,
        (d, doff): (ObjRef, u64),
        (s, soff): (ObjRef, u64),
        n: u64,
    ) {
        let mut bytes = Vec::with_capacity(n as usize);
        for k in 0..n {
            bytes.push(self.sh_byte(sh, s, soff + k));
        }
        let ps = self.p.ps as u64;
        let mut ptrs = Vec::new();
        for k in 0..n {
            let p = if let Some(p) = sh.mem_ptrs.get(s, soff + k) {
                Some(*p)
            } else if !sh.created.contains(&s)
                && k + ps <= n
                && !sh.mem.any_in(s, soff + k..soff + k + ps)
            {
                // A pointer that may be stored at the start: keep it symbolic.
                Some(PS::Start(Loc::Mem(s), soff + k, 0))
            } else {
                None
            };
            if let Some(p) = p {
                ptrs.push((k, p));
            }
        }
        Self::sh_clear_ptrs(sh, d, doff, n, ps);
        for (k, b) in bytes.into_iter().enumerate() {
            sh.mem.insert(d, doff + k as u64, b);
        }
        // Pointers copied along: only those actually stored at the start are
        // pointers; unknown ones become pins only when loaded (as `Start` pointers
        // of the source), which is exact.
        for (k, p) in ptrs {
            if matches!(p, PS::Start(..)) {
                continue;
            }
            sh.mem_ptrs.insert(d, doff + k, p);
        }
        // Copying pointers that existed at the start is not modelled.
        let copied_start_ptrs = !sh.created.contains(&s)
            && self.it.state().mem.objs[s.idx as usize].gen() == s.gen
            && self.it.state().mem.objs[s.idx as usize]
                .ptrs
                .range(soff.saturating_sub(ps - 1)..soff + n)
                .next()
                .is_some();
        if copied_start_ptrs {
            Self::sh_fail(sh, "memcpy of pointers");
        }
    }
}
