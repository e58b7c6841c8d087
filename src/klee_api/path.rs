//! The API functions that ask about the path or change it.

use crate::exec::machine::{error, BuiltinCall, Stop, Worker, R};
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::value::{mask, Value};
use crate::exec::ErrorKind;

/// `klee_is_symbolic(x)`.
pub(super) fn is_symbolic(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let v = w.arg(call.args, 0);
    Ok(w.ret_int(call.ret, matches!(v, Value::Sym(_)) as i128))
}

/// `klee_is_replay()`: whether the run replays a test.
pub(super) fn is_replay(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let r = w.is_replay();
    Ok(w.ret_int(call.ret, r as i128))
}

/// `klee_prefer_cex(obj, cond)`: only the test's values change (`test_objects`); a constant
/// condition either holds or never can.
pub(super) fn prefer_cex(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    if let Value::Sym(e) = w.arg(call.args, 1) {
        let (st, pool) = w.state_and_pool();
        let z = pool.constant(pool.width(e), 0);
        let c = pool.ne(e, z);
        st.path.cex_preferences.push(c);
    }
    Ok(Value::Int(0))
}

/// `klee_get_value(x)`: one possible value; the path is not constrained to it (KLEE's
/// `executeGetValue` without seeds).
pub(super) fn get_value(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let rw = super::inputs::ret_width(w, &call);
    match w.arg(call.args, 0) {
        Value::Sym(e) => {
            let x = w.some_value(e)?;
            Ok(Value::Int(x & mask(rw.max(1))))
        }
        v => Ok(v),
    }
}

/// `klee_check_memory_access(p, n)`: a `ptr` error unless `n` bytes at `p` are in an object.
pub(super) fn check_memory_access(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let (p, n) = (w.arg(call.args, 0), w.arg(call.args, 1));
    if matches!(p, Value::Sym(_)) || matches!(n, Value::Sym(_)) {
        return error(
            ErrorKind::User,
            "check_memory_access requires constant args",
        );
    }
    let size = u64::try_from(n.bits()).unwrap_or(u64::MAX);
    if w.state().mem.resolve_any(&p, size).is_err() {
        return Err(Box::new(Stop::Error {
            kind: ErrorKind::Ptr,
            msg: "check_memory_access: memory error".into(),
            info: format!("address: {:#x}\n", p.bits()),
        }));
    }
    Ok(Value::Int(0))
}

/// `klee_get_obj_size(p)`: the size of the object `p` is the start of.
pub(super) fn get_obj_size(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let p = w.exact_pointer(&w.arg(call.args, 0), "klee_get_obj_size")?;
    let r = exact_object(w, &p, "klee_get_obj_size")?;
    let size = w.state().mem.objs[r.idx as usize].size;
    Ok(w.ret_int(call.ret, size as i128))
}

/// `klee_set_forking(on)`: off, symbolic branches follow one feasible side (the path's
/// `fork_disabled`, inherited by the paths it forks).
pub(super) fn set_forking(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let Some(on) = w.unique_value(&w.arg(call.args, 0))? else {
        return error(ErrorKind::User, "klee_set_forking requires a constant arg");
    };
    w.state_mut().fork_disabled = on == 0;
    Ok(Value::Int(0))
}

/// `klee_define_fixed_object(addr, size)`: a heap object at that address.
pub(super) fn define_fixed_object(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let (p, n) = (w.arg(call.args, 0), w.arg(call.args, 1));
    let (Some(addr), Some(size)) = (w.unique_value(&p)?, w.unique_value(&n)?) else {
        return error(
            ErrorKind::User,
            "klee_define_fixed_object requires constant args",
        );
    };
    let mem = &mut w.state_mut().mem;
    let placed = u64::try_from(addr)
        .ok()
        .zip(u64::try_from(size).ok())
        .and_then(|(a, n)| mem.alloc_fixed(a, n, ObjKind::Heap));
    if placed.is_none() {
        return error(
            ErrorKind::User,
            format!(
                "klee_define_fixed_object: {size} bytes at {addr:#x}: empty, outside \
                 the address space, or overlapping an object"
            ),
        );
    }
    Ok(Value::Int(0))
}

/// `klee_mark_global(p)`: the object `p` is the start of counts as a global.
pub(super) fn mark_global(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let p = w.exact_pointer(&w.arg(call.args, 0), "mark_global")?;
    let r = exact_object(w, &p, "mark_global")?;
    let o = &mut w.state_mut().mem.objs[r.idx as usize];
    if o.kind == ObjKind::Stack {
        return error(ErrorKind::User, "klee_mark_global of a local object");
    }
    if !o.kind.read_only() {
        o.kind = ObjKind::Global;
    }
    Ok(Value::Int(0))
}

/// `klee_get_errno()` without a C library: nothing sets errno (the library's own
/// `klee_get_errno` answers when it is linked: `runtime/libc/klee_get_errno.c`).
pub(super) fn get_errno(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    Ok(w.ret_int(call.ret, 0))
}

/// `klee_open_merge` / `klee_close_merge`: ignored, with KLEE's warning (trex has no
/// `--use-merge`).
pub(super) fn merge(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let name = &w.module().func(call.fid).name;
    w.klee_warning(&format!("{name} ignored, use '-use-merge'"), true);
    Ok(Value::Int(0))
}

/// The object a concrete pointer is the start of, else KLEE's `ptr` error `memory error:
/// invalid pointer: <name>`.
pub(super) fn exact_object(w: &Worker<'_, '_>, p: &Value, name: &str) -> R<ObjRef> {
    let mem = &w.state().mem;
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
