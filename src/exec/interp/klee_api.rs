//! The rest of KLEE's API (klee.h of KLEE 3.2) as KLEE's special function handlers do it:
//! turning forking off, objects at fixed addresses, the call stack on stdout, the range of a
//! value, marking an object global, `errno` without a C library, state merging (ignored with
//! KLEE's warning: trex has no `--use-merge`) and `klee_posix_prefer_cex` (no effect: KLEE's
//! `--readable-posix-inputs` is off).

use super::calls::BuiltinCall;
use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    pub(super) fn klee_api(&mut self, call: BuiltinCall<'_>) -> R<Value> {
        let BuiltinCall { b, fid, args, ret } = call;
        match b {
            Builtin::SetForking => {
                let Some(on) = self.unique_value(&self.arg(args, 0))? else {
                    return error(ErrorKind::User, "klee_set_forking requires a constant arg");
                };
                self.st.fork_disabled = on == 0;
            }
            Builtin::DefineFixedObject => {
                let (p, n) = (self.arg(args, 0), self.arg(args, 1));
                let (Some(addr), Some(size)) = (self.unique_value(&p)?, self.unique_value(&n)?)
                else {
                    return error(
                        ErrorKind::User,
                        "klee_define_fixed_object requires constant args",
                    );
                };
                let placed = u64::try_from(addr)
                    .ok()
                    .zip(u64::try_from(size).ok())
                    .and_then(|(a, n)| self.st.mem.alloc_fixed(a, n, ObjKind::Heap));
                if placed.is_none() {
                    return error(
                        ErrorKind::User,
                        format!(
                            "klee_define_fixed_object: {size} bytes at {addr:#x}: empty, outside \
                             the address space, or overlapping an object"
                        ),
                    );
                }
            }
            Builtin::StackTrace => {
                let m = self.m;
                let text: String = self
                    .call_stack()
                    .iter()
                    .enumerate()
                    .map(|(i, s)| s.line(m).render(i) + "\n")
                    .collect();
                self.io.write(1, text.as_bytes());
            }
            Builtin::PrintRange => {
                let name = self.cstr_arg(&self.arg(args, 0))?;
                let text = self.range_text(&self.arg(args, 1))?;
                self.io.write(2, format!("{name}:{text}\n").as_bytes());
            }
            Builtin::MarkGlobal => {
                let p = self.exact_pointer(&self.arg(args, 0), "mark_global")?;
                let r = self.exact_object(&p, "mark_global")?;
                let o = &mut self.st.mem.objs[r.idx as usize];
                if o.kind == ObjKind::Stack {
                    return error(ErrorKind::User, "klee_mark_global of a local object");
                }
                if !o.kind.read_only() {
                    o.kind = ObjKind::Global;
                }
            }
            // Without a C library nothing sets errno (the library's own `klee_get_errno`
            // answers when it is linked: `runtime/libc/klee_get_errno.c`).
            Builtin::GetErrno => return Ok(self.ret_int(ret, 0)),
            Builtin::Merge => {
                let m = self.m;
                let name = &m.func(fid).name;
                self.klee_warning(&format!("{name} ignored, use '-use-merge'"), true);
            }
            Builtin::PosixPreferCex => {}
            _ => unreachable!("builtin {b:?} is not KLEE's API"),
        }
        Ok(Value::Int(0))
    }

    /// The only value `v` can have on the path (KLEE's `toUnique`), if it has only one.
    pub(super) fn unique_value(&mut self, v: &Value) -> R<Option<u128>> {
        match *v {
            Value::Sym(e) => {
                let x = self.some_value(e)?;
                let k = self.pool.constant(self.pool.width(e), x);
                let ne = self.pool.ne(e, k);
                Ok((!self.may_be(ne)?).then_some(x))
            }
            Value::Agg(_) => Ok(None),
            ref v => Ok(Some(v.bits())),
        }
    }

    /// A pointer argument of `klee_<name>` that must be an object's start (KLEE's
    /// `resolveExact`): a symbolic one forks one path per object it may be the start of
    /// (concrete on each), and a `memory error: invalid pointer: <name>` path where it may be
    /// none.
    pub(super) fn exact_pointer(&mut self, p: &Value, name: &str) -> R<Value> {
        let Value::Sym(e) = *p else {
            return Ok(p.clone());
        };
        let msg = format!("memory error: invalid pointer: {name}");
        let r = self.resolve_exact(e, false, |r, _| Some(r), ErrorKind::Ptr, &msg)?;
        Ok(self.st.mem.ptr_to(r.expect("not null")))
    }

    /// The object a concrete pointer is the start of, else KLEE's `ptr` error `memory error:
    /// invalid pointer: <name>`.
    pub(super) fn exact_object(&self, p: &Value, name: &str) -> R<ObjRef> {
        let mem = &self.st.mem;
        let r = match *p {
            Value::Ptr { obj, .. } => Some(obj),
            _ => u64::try_from(p.bits()).ok().and_then(|a| mem.lookup(a)),
        };
        match r.filter(|&r| mem.get(r).is_some_and(|o| o.base as u128 == p.bits())) {
            Some(r) => Ok(r),
            None => Err(Box::new(Stop::Error {
                kind: ErrorKind::Ptr,
                msg: format!("memory error: invalid pointer: {name}"),
                info: format!("address: {:#x}\n", p.bits()),
            })),
        }
    }

    /// `klee_print_range`'s text after the name: a constant in decimal; a symbolic value as
    /// an expression, then ` == v` when `v` is its only value, else ` ~= v (in [lo, hi])`
    /// with one value and its unsigned bounds on the path.
    fn range_text(&mut self, v: &Value) -> R<String> {
        let Value::Sym(e) = *v else {
            return Ok(v.bits().to_string());
        };
        let shown = self.pool.display(e).to_string();
        let x = self.some_value(e)?;
        let k = self.pool.constant(self.pool.width(e), x);
        let ne = self.pool.ne(e, k);
        if !self.may_be(ne)? {
            return Ok(format!("{shown} == {x}"));
        }
        let lo = self.unsigned_bound(e, false)?;
        let hi = self.unsigned_bound(e, true)?;
        Ok(format!("{shown} ~= {x} (in [{lo}, {hi}])"))
    }

    /// The least (or, with `max`, greatest) unsigned value `e` may have on the path, by
    /// bisection (one query per bit at most).
    fn unsigned_bound(&mut self, e: ExprId, max: bool) -> R<u128> {
        let w = self.pool.width(e);
        let (mut lo, mut hi) = (0u128, mask(w));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if max {
                // Is there a value above mid?
                let k = self.pool.constant(w, mid);
                let c = self.pool.ult(k, e);
                if self.may_be(c)? {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            } else {
                let k = self.pool.constant(w, mid);
                let c = self.pool.ule(e, k);
                if self.may_be(c)? {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
        }
        Ok(lo)
    }
}
