//! The weakest-precondition shadow of system calls (see `wp/mod.rs`): those the C library's
//! output makes on the initial standard output and error, where a node can start or end
//! inside `printf` (a fork on a printed value), so the call is not summarized whole
//! (`output.rs`).
//!
//! A state is pruned only when its descriptors are the initial ones and no failure can be
//! injected (`observer`, `Worker::env_unchanged`), and no system call the shadow models changes
//! them. Then, on descriptor 1 or 2:
//! - `write(fd, buf, n)` returns n;
//! - `ioctl(fd, request, arg)` returns `-ENOTTY` whatever the request and writes nothing
//!   (no descriptor is a terminal, `posix.rs`): the recorded result;
//! - `writev(fd, iov, cnt)` returns the sum of the lengths, reading the entries' bytes
//!   (which are only printed): the entries are required to point where they pointed and to
//!   have the lengths they had (the recorder's `Fact`s after the arguments, `observer/record.rs`
//!   `iov_facts`), so the same bytes exist to be read; the recorded result.
//!
//! Any other system call, descriptor, or an argument not expressible: not modelled.

use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::syscall_name;
use crate::exec::memory::ObjRef;
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::itp::trace::{Fact, MAX_IOV};
use crate::itp::PinVal;

impl Wp<'_, '_, '_> {
    pub(super) fn sh_syscall(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        inst: &crate::ir::Inst,
        args: &[crate::ir::CallArg],
        argv: &[SV],
        facts: &[Fact],
    ) {
        let dst = inst.dst;
        let rec = |k: usize| match facts.get(k) {
            Some(Fact::Val(v)) => conc(v),
            _ => None,
        };
        let name = rec(0).and_then(|nr| syscall_name(self.p.x86_64, nr as i64));
        let std_fd = matches!(rec(1), Some(1 | 2));
        match name {
            Some("write") => {
                self.sh_require_args(sh, &argv[..2.min(argv.len())], facts, 0);
                let v = argv.get(3).copied().unwrap_or(SV::Opaque);
                let w = self.sh_width(inst_ret(inst));
                let v = match (v, w) {
                    (SV::Int(e), Some(w)) => SV::Int(self.it.pool().zext_or_trunc(e, w)),
                    _ => SV::Opaque,
                };
                Self::sh_set(sh, base, dst, v);
            }
            Some("ioctl") if std_fd => {
                self.sh_require_args(sh, &argv[..2.min(argv.len())], facts, 0);
                self.sh_recorded_result(sh, base, inst, facts);
            }
            Some("writev") if std_fd && args.len() >= 4 => {
                self.sh_require_args(sh, &argv[..2], facts, 0);
                self.sh_require_args(sh, &argv[3..4], facts, 3);
                let Some(cnt) = rec(3).filter(|&c| c as u64 <= MAX_IOV) else {
                    return Self::sh_fail(sh, "writev of too many entries");
                };
                let entries = &facts[args.len().min(facts.len())..];
                if entries.len() < 2 * cnt as usize {
                    return Self::sh_fail(sh, "writev without recorded entries");
                }
                // The vector: a pointer, or the integer a created object's pointer became
                // (its address, which the executor resolves to that object).
                let raw = self.sh_val(sh, base, &args[2].op);
                let Some(p) = self.as_ptr(raw) else {
                    return Self::sh_fail(sh, "writev of an opaque vector");
                };
                let v = match (facts.get(2), p) {
                    (Some(Fact::Val(Value::Ptr { obj, addr })), _) => {
                        let ob = &self.it.state().mem.objs[obj.idx as usize];
                        Some(PinVal::Obj(*obj, addr.wrapping_sub(ob.base) as i64))
                    }
                    (Some(Fact::Val(Value::Int(a))), PS::Known(PinVal::Obj(o, k))) => {
                        let ob = &self.it.state().mem.objs[o.idx as usize];
                        (ob.gen() == o.gen && ob.base.wrapping_add(k as u64) as u128 == *a)
                            .then_some(PinVal::Obj(o, k))
                    }
                    _ => None,
                };
                let Some(v @ PinVal::Obj(obj, _)) = v else {
                    return Self::sh_fail(sh, "writev of a vector not in an object");
                };
                let size = self.it.state().mem.objs[obj.idx as usize].size;
                let Some((o, off)) = self.sh_access(sh, SV::Ptr(p), Some(&Fact::Ptr(v, size)))
                else {
                    return;
                };
                let ps = self.p.ps as u64;
                for i in 0..cnt as u64 {
                    let at = off + 2 * ps * i;
                    let (pf, lf) = (&entries[2 * i as usize], &entries[2 * i as usize + 1]);
                    let Fact::Val(Value::Int(len)) = lf else {
                        return Self::sh_fail(sh, "writev without recorded entries");
                    };
                    let Some(l) = self.sh_load_word(sh, o, at + ps) else {
                        return Self::sh_fail(sh, "writev of an opaque length");
                    };
                    self.sh_require_value(sh, l, *len);
                    if *len > 0 {
                        let b = self.sh_load_ptr(sh, o, at);
                        if self.sh_access(sh, b, Some(pf)).is_none() {
                            return;
                        }
                    }
                }
                self.sh_recorded_result(sh, base, inst, facts);
            }
            _ => Self::sh_fail(sh, "system call not modelled"),
        }
    }

    /// The call's result is the one recorded (a constant under the requirements made).
    fn sh_recorded_result(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        inst: &crate::ir::Inst,
        facts: &[Fact],
    ) {
        let r = facts.iter().rev().find_map(|x| match x {
            Fact::Post(v) => conc(v),
            _ => None,
        });
        match (r, self.sh_width(inst_ret(inst))) {
            (Some(r), Some(w)) => {
                let c = self.it.pool().constant(w, r & crate::expr::mask(w, !0));
                Self::sh_set(sh, base, inst.dst, SV::Int(c));
            }
            _ => Self::sh_set(sh, base, inst.dst, SV::Opaque),
        }
    }

    /// The pointer-sized integer at `off` in `o`, as the shadow has it.
    fn sh_load_word(&mut self, sh: &mut Shadow, o: ObjRef, off: u64) -> Option<ExprId> {
        let n = self.p.ps as u64;
        if let Some(&(wn, e)) = sh.words.get(o, off) {
            if wn == n && self.it.pool().width(e) == n as u32 * 8 {
                return Some(e);
            }
        }
        let mut acc: Option<ExprId> = None;
        for k in 0..n {
            let b = self.sh_byte(sh, o, off + k)?;
            acc = Some(match acc {
                None => b,
                Some(lo) => self.it.pool().concat(b, lo),
            });
        }
        acc
    }
}
