//! The API functions that print, report or end the path.

use crate::exec::machine::{error, BuiltinCall, Stop, Worker, R};
use crate::exec::value::{mask, Value};
use crate::exec::ErrorKind;
use crate::expr::ExprId;
use crate::ir::externs::Builtin;

/// `klee_silent_exit`: the path ends without a test.
pub(super) fn silent_exit() -> R<Value> {
    Err(Box::new(Stop::Silent))
}

/// `klee_abort`.
pub(super) fn abort() -> R<Value> {
    error(ErrorKind::Abort, "abort failure")
}

/// SV-COMP's `reach_error`.
pub(super) fn reach_error() -> R<Value> {
    error(ErrorKind::Assert, "ASSERTION FAIL: reach_error")
}

/// `klee_report_error(file, line, msg, suffix)`: an error of the suffix's kind.
pub(super) fn report_error(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let msg = w.cstr_arg(&w.arg(call.args, 2))?;
    let suffix = w.cstr_arg(&w.arg(call.args, 3))?;
    error(ErrorKind::from_report_suffix(&suffix), msg)
}

/// `klee_warning(msg)` / `klee_warning_once(msg)`: `KLEE: WARNING: f: msg` on stderr and in
/// warnings.txt (the second once per text).
pub(super) fn warning(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let msg = w.cstr_arg(&w.arg(call.args, 0))?;
    let m = w.module();
    let fname = w
        .state()
        .frames
        .last()
        .map(|f| m.func(f.func).name.clone())
        .unwrap_or_default();
    let prefix = if call.b == Builtin::Warning {
        "WARNING"
    } else {
        "WARNING ONCE"
    };
    let line = format!("KLEE: {prefix}: {fname}: {msg}");
    w.program_warning(&line, call.b == Builtin::WarningOnce);
    Ok(Value::Int(0))
}

/// `klee_print_expr(msg, x)`: `msg:expr` on stderr (a constant in decimal).
pub(super) fn print_expr(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let msg = w.cstr_arg(&w.arg(call.args, 0))?;
    let text = match w.arg(call.args, 1) {
        Value::Sym(e) => w.pool().display(e).to_string(),
        v => v.bits().to_string(),
    };
    w.print(2, format!("{msg}:{text}\n").as_bytes());
    Ok(Value::Int(0))
}

/// `klee_print_range(name, x)`: `name:` and the range text on stderr.
pub(super) fn print_range(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    let name = w.cstr_arg(&w.arg(call.args, 0))?;
    let text = range_text(w, &w.arg(call.args, 1))?;
    w.print(2, format!("{name}:{text}\n").as_bytes());
    Ok(Value::Int(0))
}

/// `klee_stack_trace()`: the call stack on stdout, as an error's stack lines.
pub(super) fn stack_trace(w: &mut Worker<'_, '_>) -> R<Value> {
    let m = w.module();
    let text: String = w
        .call_stack()
        .iter()
        .enumerate()
        .map(|(i, s)| s.line(m).render(i) + "\n")
        .collect();
    w.print(1, text.as_bytes());
    Ok(Value::Int(0))
}

/// `klee_print_range`'s text after the name: a constant in decimal; a symbolic value as
/// an expression, then ` == v` when `v` is its only value, else ` ~= v (in [lo, hi])`
/// with one value and its unsigned bounds on the path.
fn range_text(w: &mut Worker<'_, '_>, v: &Value) -> R<String> {
    let Value::Sym(e) = *v else {
        return Ok(v.bits().to_string());
    };
    let shown = w.pool().display(e).to_string();
    let x = w.some_value(e)?;
    let pool = w.pool();
    let k = pool.constant(pool.width(e), x);
    let ne = pool.ne(e, k);
    if !w.may_be(ne)? {
        return Ok(format!("{shown} == {x}"));
    }
    let lo = unsigned_bound(w, e, false)?;
    let hi = unsigned_bound(w, e, true)?;
    Ok(format!("{shown} ~= {x} (in [{lo}, {hi}])"))
}

/// The least (or, with `max`, greatest) unsigned value `e` may have on the path, by
/// bisection (one query per bit at most).
fn unsigned_bound(w: &mut Worker<'_, '_>, e: ExprId, max: bool) -> R<u128> {
    let wd = w.pool().width(e);
    let (mut lo, mut hi) = (0u128, mask(wd));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let k = w.pool().constant(wd, mid);
        if max {
            // Is there a value above mid?
            let c = w.pool().ult(k, e);
            if w.may_be(c)? {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        } else {
            let c = w.pool().ule(e, k);
            if w.may_be(c)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
    }
    Ok(lo)
}
