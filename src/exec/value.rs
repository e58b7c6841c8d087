//! Runtime values and the integer semantics over them.

use crate::obj::ObjRef;

/// A runtime value.
///
/// * `Int`: an integer or float bit pattern, zero-extended (bits above the width are zero).
///   A pointer without provenance (null, `inttoptr`) is an `Int` holding the address.
/// * `Ptr`: a pointer with provenance: the object it was derived from and its absolute address
///   (so a dangling pointer still has a number).
/// * `Agg`: struct, array or vector elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(u128),
    Ptr {
        obj: ObjRef,
        addr: u64,
    },
    Agg(Box<[Value]>),
    /// A symbolic integer (width <= 128) in the executor's expression pool.
    Sym(crate::expr::ExprId),
    /// The poison result of an over-wide shift only a `select` can choose
    /// (`ir::speculation`): an overshift error if a select picks it. Its bits are the total
    /// operation's (any value is allowed for poison). (No error kind in it: an enum payload
    /// would lend its spare values to the tag and slow down every match on values.)
    Poison(u128),
}

impl Default for Value {
    fn default() -> Self {
        Value::Int(0)
    }
}

impl Value {
    /// The integer view: an address for pointers, 0 for aggregates.
    #[inline]
    pub fn bits(&self) -> u128 {
        match self {
            Value::Int(v) => *v,
            Value::Ptr { addr, .. } => *addr as u128,
            Value::Agg(_) => 0,
            Value::Poison(v) => *v,
            // Every consumer of a symbolic value checks for it first; reaching this would
            // silently concretize, so it is a bug.
            Value::Sym(_) => panic!("internal error: concrete view of a symbolic value"),
        }
    }
    #[inline]
    pub fn is_true(&self) -> bool {
        self.bits() & 1 != 0
    }
    pub fn elems(&self) -> &[Value] {
        match self {
            Value::Agg(e) => e,
            _ => std::slice::from_ref(self),
        }
    }
    pub fn bool(b: bool) -> Value {
        Value::Int(b as u128)
    }
}

/// All-ones mask of `w` bits (1..=128).
#[inline]
pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        !0
    } else {
        (1u128 << w) - 1
    }
}

/// Sign-extends the low `w` bits of `v`.
#[inline]
pub fn sext(v: u128, w: u32) -> i128 {
    let s = 128 - w.clamp(1, 128);
    ((v << s) as i128) >> s
}

/// Why an integer operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntErr {
    Div,
    Overshift,
}

impl IntErr {
    /// KLEE's error class and message.
    pub fn report(self) -> (super::ErrorKind, &'static str) {
        match self {
            IntErr::Div => (super::ErrorKind::Div, "divide by zero"),
            IntErr::Overshift => (super::ErrorKind::Overshift, "overshift error"),
        }
    }
}
