//! The API functions that make inputs or assume conditions.

use crate::exec::machine::{error, sym_err, BuiltinCall, Stop, Worker, R};
use crate::exec::program::TI;
use crate::exec::value::{mask, sext, Value};
use crate::exec::ErrorKind;
use crate::ir::TypeKind;

/// The width of the call's integer result (0 when it has none).
pub(super) fn ret_width(w: &Worker<'_, '_>, call: &BuiltinCall<'_>) -> u32 {
    match w.ti(call.ret) {
        TI::Int(n) => n,
        _ => 0,
    }
}

/// `klee_make_symbolic(p, n, name)`: the object at `p` (whose size must be `n`) becomes a
/// fresh array.
pub(super) fn make_symbolic(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let args = call.args;
    let (p, n) = (w.arg(args, 0), w.arg(args, 1));
    let name = w.symbolic_name(&w.arg(args, 2))?;
    let (slot, n) = make_symbolic_target(w, &p, &n)?;
    let (_, a) = w.fresh_array(&name, n)?;
    let (st, pool) = w.state_and_pool();
    let o = &mut st.mem.objs[slot as usize];
    o.ptrs.clear();
    let mut v = Vec::with_capacity(n as usize);
    for k in 0..n {
        let i = pool.constant(32, k as u128);
        v.push(Some(pool.read(a, None, i)));
    }
    o.sym = Some(std::sync::Arc::new(v.into()));
    Ok(Value::Int(0))
}

/// The object `klee_make_symbolic` makes symbolic (its slot and size), as KLEE's
/// `handleMakeSymbolic` checks it: the pointer must be an object's start (KLEE's
/// `resolveExact`: a symbolic one forks per object, anything else, null or inside an object,
/// is `memory error: invalid pointer: make_symbolic`), then the user errors for a read-only
/// object and a size that is not the object's.
fn make_symbolic_target(w: &mut Worker<'_, '_>, p: &Value, n: &Value) -> R<(u32, u64)> {
    let wrong = || error(ErrorKind::User, "Wrong size given to klee_make_symbolic");
    let p = w.exact_pointer(p, "make_symbolic")?;
    let r = super::path::exact_object(w, &p, "make_symbolic")?;
    let slot = r.idx;
    let o = &w.state().mem.objs[slot as usize];
    let size = o.size;
    if o.kind.read_only() {
        return error(ErrorKind::User, "cannot make readonly object symbolic");
    }
    match n {
        Value::Int(k) if *k == size as u128 => Ok((slot, size)),
        Value::Sym(e) => {
            let e = *e;
            let pool = w.pool();
            let wd = pool.width(e);
            let k = pool.constant(wd, size as u128 & mask(wd));
            let ne = pool.ne(e, k);
            if size as u128 > mask(wd) || w.may_be(ne)? {
                return wrong();
            }
            Ok((slot, size))
        }
        _ => wrong(),
    }
}

/// `klee_assume(c)` / `__VERIFIER_assume(c)`: a provably false condition is KLEE's user
/// error (SV-COMP's, and `--silent-klee-assume`: a silent end).
pub(super) fn assume(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let c = w.arg(call.args, 0);
    let wd = match call.args.first().map(|a| w.ti(a.ty)) {
        Some(TI::Int(n)) => n,
        _ => w.program().ps * 8,
    };
    let e = w.expr_of(&c, wd, "klee_assume")?;
    let pool = w.pool();
    let z = pool.constant(wd, 0);
    let cond = pool.ne(e, z);
    if !w.assumable(cond)? {
        if call.b == crate::ir::externs::Builtin::VerifierAssume || w.program().silent_klee_assume {
            return Err(Box::new(Stop::Silent));
        }
        return error(ErrorKind::User, "invalid klee_assume call (provably false)");
    }
    w.add_constraint(cond);
    Ok(Value::Int(0))
}

/// `klee_int(name)`: a fresh 4-byte integer.
pub(super) fn klee_int(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let name = w.symbolic_name(&w.arg(call.args, 0))?;
    let rw = ret_width(w, &call);
    w.fresh_int(&name, 4, rw.max(1))
}

/// `__VERIFIER_nondet_<type>()`: one object per call, named after the function (a bool is 0
/// or 1; a struct of integers, `__int128` on x86-64, one object of its size).
pub(super) fn nondet(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let m = w.module();
    let name = m.func(call.fid).name.clone();
    let rw = ret_width(w, &call);
    if rw == 0 {
        if let Some(v) = nondet_int_struct(w, &name, call.ret)? {
            return Ok(v);
        }
        return error(
            ErrorKind::Exec,
            format!("unsupported: {name} (only integer types are supported)"),
        );
    }
    let bytes = m.ty(call.ret).store_size.max(1);
    if name == "__VERIFIER_nondet_bool" {
        let (_, a) = w.fresh_array(&name, bytes)?;
        let pool = w.pool();
        let z = pool.constant(32, 0);
        let e = pool.read_bytes_le(a, None, z, bytes as u32);
        let one = pool.constant(8 * bytes as u32, 1);
        let c = pool.ule(e, one);
        w.add_constraint(c);
        let e = w.pool().zext_or_trunc(e, rw);
        return Ok(w.val_of(e));
    }
    w.fresh_int(&name, bytes, rw)
}

/// `__VERIFIER_nondet_*` returned as a struct of integers (`__int128` on x86-64): one object,
/// each field read from its offset; `None` when a field is not an integer.
fn nondet_int_struct(
    w: &mut Worker<'_, '_>,
    name: &str,
    ret: crate::ir::TypeId,
) -> R<Option<Value>> {
    let m = w.module();
    let ty = m.ty(ret);
    let TypeKind::Struct { fields, offsets } = &ty.kind else {
        return Ok(None);
    };
    let mut parts = Vec::with_capacity(fields.len());
    for (&f, &off) in fields.iter().zip(offsets) {
        let TypeKind::Int(wd) = m.ty(f).kind else {
            return Ok(None);
        };
        parts.push((off, m.ty(f).store_size, wd));
    }
    let (_, a) = w.fresh_array(name, ty.store_size)?;
    let vals = parts
        .into_iter()
        .map(|(off, bytes, wd)| {
            let pool = w.pool();
            let i = pool.constant(32, off as u128);
            let e = pool.read_bytes_le(a, None, i, bytes as u32);
            let e = pool.zext_or_trunc(e, wd);
            w.val_of(e)
        })
        .collect::<Vec<_>>();
    Ok(Some(Value::Agg(vals.into_boxed_slice())))
}

/// `klee_range(lo, hi, name)`: a fresh integer in `[lo, hi)` (one value: that constant).
pub(super) fn range(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let args = call.args;
    let rw = ret_width(w, &call);
    let (lo, hi) = match (w.arg(args, 0), w.arg(args, 1)) {
        (Value::Int(a), Value::Int(b)) => (sext(a, 32) as i32, sext(b, 32) as i32),
        _ => return sym_err("the bounds of klee_range"),
    };
    if lo >= hi {
        return error(ErrorKind::User, "invalid range");
    }
    if lo as i64 + 1 == hi as i64 {
        return Ok(Value::Int(lo as u32 as u128 & mask(rw.max(1))));
    }
    let name = w.symbolic_name(&w.arg(args, 2))?;
    let v = w.fresh_int(&name, 4, 32)?;
    let e = w.expr_of(&v, 32, "klee_range")?;
    let h = w.pool().constant(32, hi as u32 as u128);
    let range = if lo == 0 {
        vec![w.pool().ult(e, h)]
    } else {
        let pool = w.pool();
        let l = pool.constant(32, lo as u32 as u128);
        vec![pool.sle(l, e), pool.slt(e, h)]
    };
    if w.follows() {
        // (A fresh value's range always holds: an input the path follows is patched into it.)
        let t = w.pool().true_expr();
        let all = range.iter().fold(t, |a, &c| w.pool().bool_and(a, c));
        w.assumable(all)?;
    }
    for c in range {
        w.add_constraint(c);
    }
    let e = w.pool().zext_or_trunc(e, rw.max(1));
    Ok(w.val_of(e))
}

/// `klee_choose(n)`: a fresh value below `n`. KLEE's runtime makes a `klee_choose` object of
/// pointer size and ends the path silently when it is `>= n`; here the constraint `x < n`.
pub(super) fn choose(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let rw = ret_width(w, &call);
    let Value::Int(n) = w.arg(call.args, 0) else {
        return sym_err("the argument of klee_choose");
    };
    let ps = w.program().ps;
    let wd = ps * 8;
    let v = w.fresh_int("klee_choose", ps as u64, wd)?;
    let e = w.expr_of(&v, wd, "klee_choose")?;
    let pool = w.pool();
    let k = pool.constant(wd, n & mask(wd));
    let c = pool.ult(e, k);
    if !w.assumable(c)? {
        return Err(Box::new(Stop::Silent));
    }
    w.add_constraint(c);
    let e = w.pool().zext_or_trunc(e, rw.max(1));
    Ok(w.val_of(e))
}
