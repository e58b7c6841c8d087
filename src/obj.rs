//! The name of a memory object, shared by the executor's memory (`exec::memory`) and the
//! interpolants that mention objects (`itp`), so that neither module depends on the other for it.

/// Reference to an object slot, valid while the slot's generation matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjRef {
    pub idx: u32,
    pub gen: u32,
}
