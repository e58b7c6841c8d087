//! Runtime values and the integer semantics over them.

use super::memory::ObjRef;
use crate::ir::IntPred;

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

    /// The operations that fail, and when: a zero divisor, a shift amount of at least the
    /// width. With a symbolic operand `y` (`w` bits): the failure and its condition (`bad`) and
    /// its negation (`ok`), built once here for the symbolic executor (which forks the error
    /// path) and the interpolation's weakest precondition (which requires or assumes `ok`).
    pub fn symbolic_check(
        pool: &mut crate::expr::ExprPool,
        op: crate::ir::BinOp,
        w: u32,
        y: crate::expr::ExprId,
    ) -> Option<(IntErr, crate::expr::ExprId, crate::expr::ExprId)> {
        use crate::ir::BinOp::*;
        match op {
            UDiv | SDiv | URem | SRem => {
                let z = pool.constant(w, 0);
                Some((IntErr::Div, pool.eq(y, z), pool.ne(y, z)))
            }
            Shl | LShr | AShr => {
                let k = pool.constant(w, w as u128);
                Some((IntErr::Overshift, pool.uge(y, k), pool.ult(y, k)))
            }
            _ => None,
        }
    }
}

/// Integer binary operation on `w`-bit operands (wrap-around).
#[inline]
pub fn int_bin(op: crate::ir::BinOp, w: u32, a: u128, b: u128) -> Result<u128, IntErr> {
    use crate::ir::BinOp::*;
    let m = mask(w);
    Ok(match op {
        Add => a.wrapping_add(b) & m,
        Sub => a.wrapping_sub(b) & m,
        Mul => a.wrapping_mul(b) & m,
        And => a & b,
        Or => a | b,
        Xor => a ^ b,
        UDiv => {
            if b == 0 {
                return Err(IntErr::Div);
            }
            a / b
        }
        URem => {
            if b == 0 {
                return Err(IntErr::Div);
            }
            a % b
        }
        SDiv => {
            if b == 0 {
                return Err(IntErr::Div);
            }
            (sext(a, w).wrapping_div(sext(b, w)) as u128) & m
        }
        SRem => {
            if b == 0 {
                return Err(IntErr::Div);
            }
            (sext(a, w).wrapping_rem(sext(b, w)) as u128) & m
        }
        Shl => {
            if b >= w as u128 {
                return Err(IntErr::Overshift);
            }
            (a << b) & m
        }
        LShr => {
            if b >= w as u128 {
                return Err(IntErr::Overshift);
            }
            a >> b
        }
        AShr => {
            if b >= w as u128 {
                return Err(IntErr::Overshift);
            }
            ((sext(a, w) >> b) as u128) & m
        }
        FAdd | FSub | FMul | FDiv | FRem => 0,
    })
}

#[inline]
pub fn icmp(pred: IntPred, w: u32, a: u128, b: u128) -> bool {
    use IntPred::*;
    match pred {
        Eq => a == b,
        Ne => a != b,
        Ugt => a > b,
        Uge => a >= b,
        Ult => a < b,
        Ule => a <= b,
        Sgt => sext(a, w) > sext(b, w),
        Sge => sext(a, w) >= sext(b, w),
        Slt => sext(a, w) < sext(b, w),
        Sle => sext(a, w) <= sext(b, w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::BinOp::*;

    #[test]
    fn odd_widths() {
        assert_eq!(int_bin(Add, 1, 1, 1), Ok(0));
        assert_eq!(int_bin(Add, 7, 127, 1), Ok(0));
        assert_eq!(int_bin(Sub, 7, 0, 1), Ok(127));
        assert_eq!(int_bin(SDiv, 7, 127, 2), Ok(0)); // -1 / 2 = 0
        assert_eq!(int_bin(SDiv, 7, 64, 127), Ok(64)); // INT_MIN / -1 wraps
        assert_eq!(int_bin(SRem, 7, 0x7b, 2), Ok(127)); // -5 % 2 = -1
        assert_eq!(int_bin(AShr, 33, 1 << 32, 4), Ok(mask(33) & !mask(28)));
        assert_eq!(int_bin(Mul, 33, 1 << 32, 2), Ok(0));
        assert_eq!(int_bin(Add, 128, !0, 1), Ok(0));
        assert_eq!(int_bin(SDiv, 128, 1 << 127, !0), Ok(1 << 127));
        assert_eq!(int_bin(UDiv, 128, !0, 3), Ok(!0u128 / 3));
        assert_eq!(int_bin(UDiv, 8, 1, 0), Err(IntErr::Div));
        assert_eq!(int_bin(SRem, 8, 1, 0), Err(IntErr::Div));
        assert_eq!(int_bin(Shl, 8, 1, 8), Err(IntErr::Overshift));
        assert_eq!(int_bin(Shl, 128, 1, 127), Ok(1 << 127));
        assert!(icmp(IntPred::Slt, 1, 1, 0)); // i1: -1 < 0
        assert!(icmp(IntPred::Sgt, 33, 1, 1 << 32));
        assert!(icmp(IntPred::Slt, 128, 1 << 127, 0));
    }
}
