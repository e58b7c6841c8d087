//! The shadow state of a segment (registers and memory as expressions over its start) and
//! the pass's small helpers.

use super::objmap::ObjMap;
use crate::exec::memory::ObjRef;
use crate::exec::value::Value;
use crate::expr::ExprId;
use crate::ir::*;
use crate::itp::{Loc, PinVal};
use hashbrown::{HashMap, HashSet};

/// A pointer in the shadow state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PS {
    /// The pointer held by a start location (`Loc::Reg(slot)` at 0, `Loc::Mem(o)` at offset),
    /// moved by `delta` bytes.
    Start(Loc, u64, i64),
    Known(PinVal),
    /// A pointer into an object at a symbolic offset (pointer width, over the segment's
    /// start): symbolic pointer arithmetic within the object (`symptr.rs`).
    Sym(ObjRef, ExprId),
}

#[derive(Clone, Copy, Debug)]
pub(super) enum SV {
    /// The value a register slot held at the segment's start (typed when used).
    Reg(u32),
    /// A module constant (typed when used).
    Const(crate::ir::ConstId),
    Int(ExprId),
    Ptr(PS),
    Opaque,
}

#[derive(Clone, Default)]
pub(super) struct Shadow {
    pub(super) regs: HashMap<u32, SV>,
    /// Bytes written by the segment (`None`: not expressible).
    pub(super) mem: ObjMap<Option<ExprId>>,
    /// Whole values stored by the segment: (object, offset) -> (bytes, value), so that a
    /// load of what was stored is the value itself, not bytes put back together.
    pub(super) words: ObjMap<(u64, ExprId)>,
    /// The longest whole value in `words` (bytes): how far before a range an overlapping
    /// one may start.
    pub(super) words_max: u64,
    /// Pointers stored by the segment.
    pub(super) mem_ptrs: ObjMap<PS>,
    /// The last array view of each object accessed at a symbolic offset (`symptr.rs`).
    pub(super) views: HashMap<ObjRef, Option<crate::expr::UpdateId>>,
    pub(super) created: HashSet<ObjRef>,
    pub(super) conj: Vec<ExprId>,
    /// Assumptions made so far (`klee_assume`, error sides that were explored): later
    /// conditions only matter under them.
    pub(super) ctx: Option<ExprId>,
    pub(super) reg_pins: HashMap<u32, PinVal>,
    pub(super) mem_pins: HashMap<(ObjRef, u64), PinVal>,
    pub(super) objects: HashMap<ObjRef, u64>,
    /// Objects whose base address the interpolant reads (`ptraddr.rs`).
    pub(super) bases: HashMap<ObjRef, u64>,
    /// Start locations that must hold a pointer derived from an object (`ptraddr.rs`).
    pub(super) provenance: HashMap<(Loc, u64), ObjRef>,
    pub(super) fail: Option<&'static str>,
    /// The step at which `fail` was set, when known (for `trex::itp` debug events).
    pub(super) fail_at: Option<(crate::ir::FuncId, u32)>,
}

pub(super) fn shift(v: PinVal, d: i64) -> PinVal {
    match v {
        PinVal::Obj(o, off) => PinVal::Obj(o, off.wrapping_add(d)),
        PinVal::Addr(a) => PinVal::Addr(a.wrapping_add(d as i128 as u128)),
    }
}

pub(super) fn inst_ret(inst: &crate::ir::Inst) -> TypeId {
    match &inst.kind {
        InstKind::Call { ret, .. } => *ret,
        _ => TypeId(u32::MAX),
    }
}

/// The concrete bits of a recorded value (`None` for symbolic or aggregate values).
pub(in crate::itp) fn conc(v: &Value) -> Option<u128> {
    match v {
        Value::Int(x) => Some(*x),
        Value::Ptr { addr, .. } => Some(*addr as u128),
        _ => None,
    }
}
