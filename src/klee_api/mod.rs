//! KLEE's API (`klee.h` of KLEE 3.2) and SV-COMP's (`__VERIFIER_*`): one table of functions,
//! each a special function handler as KLEE's `SpecialFunctionHandler` has, acting on the path
//! through the worker's interface (`exec::machine`). The interpreter calls [`call`] for every
//! builtin `ir::externs` marks as the symbolic API (`Builtin::is_symbolic_api`); under replay
//! the input-making ones take the test's objects first (`exec/replay.rs`).
//!
//! Adding a KLEE API function: its `Builtin` kind and name in `ir/externs.rs`, then a line in
//! [`call`] and its handler in the file of its kind: inputs and assumptions (`inputs.rs`),
//! what is printed or reported (`report.rs`), what it asks of or changes in the path
//! (`path.rs`).

use crate::exec::machine::{BuiltinCall, Worker, R};
use crate::exec::value::Value;
use crate::ir::externs::Builtin;

/// Inputs and assumptions: `klee_make_symbolic`, `klee_int`, `klee_range`, `klee_choose`,
/// `__VERIFIER_nondet_*`, `klee_assume`, `__VERIFIER_assume`.
mod inputs;
/// What the path asks or changes: values, objects, forking, merging, preferences.
mod path;
/// Output and ends: warnings, printed expressions and ranges, the stack, reported errors.
mod report;

/// Runs the API function `call.b` on the running path.
pub(crate) fn call(w: &mut Worker<'_, '_>, call: BuiltinCall<'_>) -> R<Value> {
    use Builtin as B;
    match call.b {
        B::MakeSymbolic => inputs::make_symbolic(w, call),
        B::Assume | B::VerifierAssume => inputs::assume(w, call),
        B::KleeInt => inputs::klee_int(w, call),
        B::Nondet => inputs::nondet(w, call),
        B::Range => inputs::range(w, call),
        B::Choose => inputs::choose(w, call),
        B::SilentExit => report::silent_exit(),
        B::Warning | B::WarningOnce => report::warning(w, call),
        B::KleeAbort => report::abort(),
        B::ReportError => report::report_error(w, call),
        B::ReachError => report::reach_error(),
        B::PrintExpr => report::print_expr(w, call),
        B::PrintRange => report::print_range(w, call),
        B::StackTrace => report::stack_trace(w),
        B::IsSymbolic => path::is_symbolic(w, call),
        B::PreferCex => path::prefer_cex(w, call),
        B::GetValue => path::get_value(w, call),
        B::CheckMemoryAccess => path::check_memory_access(w, call),
        B::GetObjSize => path::get_obj_size(w, call),
        B::IsReplay => path::is_replay(w, call),
        B::SetForking => path::set_forking(w, call),
        B::DefineFixedObject => path::define_fixed_object(w, call),
        B::MarkGlobal => path::mark_global(w, call),
        B::GetErrno => path::get_errno(w, call),
        B::Merge => path::merge(w, call),
        B::PosixPreferCex => Ok(Value::Int(0)),
        b => unreachable!("builtin {b:?} is not KLEE's API"),
    }
}
