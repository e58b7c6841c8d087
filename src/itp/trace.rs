//! The trace a running node records: its steps and what each needs beyond the code
//! (read back by the weakest-precondition pass, `wp`).

use crate::exec::value::Value;
use crate::expr::{ArrayId, ExprId};
use crate::ir::FuncId;
use crate::itp::PinVal;
use crate::obj::ObjRef;

/// One executed instruction of a segment.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub func: FuncId,
    pub pc: u32,
    pub base: u32,
    /// Index of its first fact.
    pub facts: u32,
}

/// What a step needs to remember beyond the code.
#[derive(Clone, Debug)]
pub(super) enum Fact {
    /// An operand's value (integers).
    Val(Value),
    /// A pointer operand: where it pointed (and the object's size).
    Ptr(PinVal, u64),
    /// A symbolic pointer operand of a memory access, a GEP or a comparison: the object it was
    /// derived from (its provenance, the only object the executor lets it access), if any,
    /// and that object's size.
    SymPtr(Option<crate::exec::memory::ObjRef>, u64),
    /// An array created by the step.
    Array(ArrayId),
    /// The step forked an error path (its check's bad side was feasible and explored).
    ErrFork,
    /// A constraint the step added.
    Constraint(ExprId),
    /// The step's result (allocations, inputs).
    Post(Value),
    /// A `byval` argument (parameter index) of a call of a defined function: where the
    /// argument pointed, as `arg_fact` records a pointer (`calls.rs` `byval_copy` copies from
    /// there; only a `Ptr` fact is modelled).
    ByvalSrc(u32, Box<Fact>),
    /// The copy of a `byval` argument (parameter index) the callee's frame got, recorded at
    /// the callee's first step.
    ByvalCopy(u32, ObjRef),
}

/// Entries of a `writev` the wp can summarize (`wp/syscall.rs`); more are not recorded.
pub(super) const MAX_IOV: u64 = 16;
