//! Functions the executor implements: the malloc family, abort, exit, `__trex_syscall` (the
//! system calls themselves: the run's `Environment`, `exec/env.rs`, by default `crate::posix`) and the program's output.

use super::calls::BuiltinCall;
use super::*;
pub(in crate::exec) use crate::ir::externs::{builtin_of, Builtin};

impl<'m, 'io> Worker<'m, 'io> {
    pub(crate) fn ret_int(&self, ret: TypeId, v: i128) -> Value {
        let w = match self.ti(ret) {
            TI::Int(w) => w,
            _ => self.p.ps * 8,
        };
        Value::Int(v as u128 & mask(w))
    }

    pub(super) fn heap_alloc(&mut self, size: u128, align: u64) -> Value {
        if size > (1u128 << 32) {
            return Value::Int(0);
        }
        if size > 10 << 20 {
            // KLEE's warning, once per size.
            let w = format!("Large alloc: {size} bytes.  KLEE may run out of memory.");
            self.klee_warning(&w, true);
        }
        match self.st.mem.alloc(size as u64, align, ObjKind::Heap) {
            Some(r) => self.st.mem.ptr_to(r),
            None => Value::Int(0),
        }
    }

    /// The heap object a pointer passed to `free`/`realloc` (`name`) designates (its start), or
    /// KLEE's error: `free of alloca` / `free of global` (`free`) for the start of a stack or
    /// global object, `double free` (with `--kdalloc`, KLEE's default) for the start of a freed
    /// heap object, `invalid pointer: <name>` (`ptr`) for anything else.
    pub(super) fn heap_obj(&self, p: &Value, name: &str) -> R<ObjRef> {
        let mem = &self.st.mem;
        let r = match *p {
            Value::Ptr { obj, .. } => Some(obj),
            _ => {
                let a = p.bits();
                if a <= u64::MAX as u128 {
                    mem.lookup(a as u64)
                } else {
                    None
                }
            }
        };
        let info = format!("address: {:#x}\n", p.bits());
        let fail = |kind, msg: &str| {
            Err(Box::new(Stop::Error {
                kind,
                msg: msg.into(),
                info: info.clone(),
            }))
        };
        match r.and_then(|r| mem.get(r)) {
            Some(o) if o.base as u128 == p.bits() => match o.kind {
                ObjKind::Heap => return Ok(r.unwrap()),
                ObjKind::Stack => return fail(ErrorKind::Free, "free of alloca"),
                ObjKind::Global | ObjKind::ConstGlobal | ObjKind::Data => {
                    return fail(ErrorKind::Free, "free of global")
                }
                ObjKind::Function(_) | ObjKind::Block(..) => {}
            },
            Some(_) => {}
            None => {
                let freed = u64::try_from(p.bits())
                    .ok()
                    .and_then(|a| mem.freed_heap_at(a).filter(|f| f.0 == a));
                if mem.kdalloc && freed.is_some() {
                    return fail(ErrorKind::Ptr, "memory error: double free");
                }
            }
        }
        fail(
            ErrorKind::Ptr,
            &format!("memory error: invalid pointer: {name}"),
        )
    }

    pub(super) fn builtin(&mut self, call: BuiltinCall<'_>) -> R<Value> {
        let BuiltinCall { b, fid, args, ret } = call;
        let argw = |s: &Self, i: usize| -> u32 {
            match args.get(i).map(|a| s.ti(a.ty)) {
                Some(TI::Int(w)) => w,
                _ => s.p.ps * 8,
            }
        };
        Ok(match b {
            Builtin::Malloc => {
                let n = self.arg(args, 0).bits();
                self.heap_alloc(n, 16)
            }
            Builtin::Calloc => {
                let (n, s) = (self.arg(args, 0).bits(), self.arg(args, 1).bits());
                match n.checked_mul(s) {
                    Some(t) => self.heap_alloc(t, 16),
                    None => Value::Int(0),
                }
            }
            Builtin::AlignedAlloc | Builtin::Memalign => {
                let (a, n) = (self.arg(args, 0).bits(), self.arg(args, 1).bits());
                self.heap_alloc(n, (a as u64).clamp(1, 1 << 20))
            }
            Builtin::PosixMemalign => {
                let (pp, a, n) = (
                    self.arg(args, 0),
                    self.arg(args, 1).bits(),
                    self.arg(args, 2).bits(),
                );
                let p = self.heap_alloc(n, (a as u64).clamp(1, 1 << 20));
                if p.bits() == 0 {
                    return Ok(self.ret_int(ret, 12));
                }
                let (s, o) = self
                    .st
                    .mem
                    .resolve_mut(&pp, self.p.ps as u64)
                    .map_err(|e| mem_err(e, &pp))?;
                self.st.mem.store_ptr(s, o, &p);
                self.ret_int(ret, 0)
            }
            Builtin::UsableSize => {
                let p = self.arg(args, 0);
                if p.bits() == 0 {
                    self.ret_int(ret, 0)
                } else {
                    let r = self.heap_obj(&p, "malloc_usable_size")?;
                    let n = self.st.mem.objs[r.idx as usize].size;
                    self.ret_int(ret, n as i128)
                }
            }
            Builtin::Free => {
                let p = self.arg(args, 0);
                if p.bits() != 0 {
                    let r = self.heap_obj(&p, "free")?;
                    self.st.mem.free(r);
                }
                Value::Int(0)
            }
            Builtin::Realloc => {
                let (p, n) = (self.arg(args, 0), self.arg(args, 1).bits());
                // KLEE's handleRealloc: size 0 first, as free (null included: the result is
                // null), then a null pointer, as malloc.
                if n == 0 {
                    if p.bits() != 0 {
                        let r = self.heap_obj(&p, "free")?;
                        self.st.mem.free(r);
                    }
                    return Ok(Value::Int(0));
                }
                if p.bits() == 0 {
                    return Ok(self.heap_alloc(n, 16));
                }
                let r = self.heap_obj(&p, "realloc")?;
                let np = self.heap_alloc(n, 16);
                let Value::Ptr { obj: nr, .. } = np else {
                    return Ok(Value::Int(0));
                };
                let old = self.st.mem.objs[r.idx as usize].size;
                self.st.mem.copy(nr.idx, 0, r.idx, 0, old.min(n as u64));
                self.st.mem.free(r);
                np
            }
            Builtin::Abort => return error(ErrorKind::Abort, "abort failure"),
            Builtin::AssertFail => {
                let e = self.arg(args, 0);
                let s = self.st.mem.read_cstr(&e).map_err(|er| mem_err(er, &e))?;
                return error(
                    ErrorKind::Assert,
                    format!("ASSERTION FAIL: {}", String::from_utf8_lossy(&s)),
                );
            }
            Builtin::Exit => {
                return Err(Box::new(Stop::Exit(self.arg(args, 0).bits() as u32 as i32)));
            }
            Builtin::Syscall => {
                let mut a = [0i64; 7];
                for (i, x) in a.iter_mut().enumerate() {
                    *x = sext(self.arg(args, i).bits(), argw(self, i)) as i64;
                }
                let env = self.env;
                let r = env.syscall(self, &a, args)?;
                self.ret_int(ret, r as i128)
            }
            Builtin::RunDtors => {
                let pc = self.st.pc;
                self.run_dtors()?;
                self.st.pc = pc;
                Value::Int(0)
            }
            Builtin::External => {
                return error(
                    ErrorKind::External,
                    format!("failed external call: {}", self.m.func(fid).name),
                )
            }
            // `Defined` and the symbolic API (`is_symbolic_api`) never get here.
            _ => unreachable!("builtin {b:?} is dispatched elsewhere"),
        })
    }

    pub(crate) fn write_out(&mut self, fd: i32, p: &Value, n: u64) -> R<i64> {
        if fd != 1 && fd != 2 {
            return Ok(-9); // EBADF
        }
        if n == 0 {
            return Ok(0);
        }
        let (s, o) = self.st.mem.resolve_any(p, n).map_err(|e| mem_err(e, p))?;
        let sym: Option<Vec<Option<ExprId>>> = self.st.mem.objs[s as usize]
            .sym
            .as_ref()
            .filter(|v| v.any(o as usize, (o + n) as usize))
            .map(|v| v.to_vec(o as usize, (o + n) as usize));
        match sym {
            _ if self.replaying() => {}
            None => {
                let data = self.st.mem.bytes(s, o, n);
                self.io.write(fd, data);
            }
            Some(sym) => {
                // Output of symbolic bytes: one feasible value, without constraining the path
                // (printing loses no path).
                let objs = self.test_objects(None);
                let mut asg = expr::Assignment::new();
                for ((_, a, _), (_, bytes)) in self.st.path.symbolics.iter().zip(objs) {
                    asg.values.insert(*a, bytes);
                }
                let mut data = self.st.mem.bytes(s, o, n).to_vec();
                for (d, b) in data.iter_mut().zip(sym) {
                    if let Some(e) = b {
                        *d = expr::eval(&self.pool, e, &asg) as u8;
                    }
                }
                self.io.write(fd, &data);
            }
        }
        Ok(n as i64)
    }
}
