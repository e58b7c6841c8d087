//! One native call through libffi: the C types of the arguments and of the result (from the
//! call's LLVM types; a variadic function's extra arguments as the call passes them), the
//! call itself under the crash guard (`guard.c`), and the result's bits.

use crate::exec::float::FK;
use crate::exec::machine::TI;
use libffi::middle::{Cif, Type};

/// A C type trex passes to, or gets back from, native code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CType {
    Void,
    /// An integer of this many bits (1, 8, 16, 32 or 64).
    Int(u32),
    Ptr,
    F32,
    F64,
    /// x86 `long double`.
    F80,
}

impl CType {
    /// The C type of an LLVM type, or `None` when a native call cannot pass it (wider
    /// integers, vectors, aggregates by value, half and quad floats).
    pub(super) fn of(ti: TI) -> Option<CType> {
        Some(match ti {
            TI::Void => CType::Void,
            TI::Int(w @ (1 | 8 | 16 | 32 | 64)) => CType::Int(w),
            TI::Ptr => CType::Ptr,
            TI::F(FK::F32) => CType::F32,
            TI::F(FK::F64) => CType::F64,
            TI::F(FK::F80) => CType::F80,
            _ => return None,
        })
    }

    fn ffi(self) -> Type {
        match self {
            CType::Void => Type::void(),
            CType::Int(1) => Type::u8(),
            CType::Int(8) => Type::i8(),
            CType::Int(16) => Type::i16(),
            CType::Int(32) => Type::i32(),
            CType::Int(_) => Type::i64(),
            CType::Ptr => Type::pointer(),
            CType::F32 => Type::f32(),
            CType::F64 => Type::f64(),
            CType::F80 => Type::longdouble(),
        }
    }

    /// Bits of the value (a pointer: the host's).
    pub(super) fn bits(self) -> u32 {
        match self {
            CType::Void => 0,
            CType::Int(w) => w,
            CType::Ptr | CType::F64 => 64,
            CType::F32 => 32,
            CType::F80 => 80,
        }
    }
}

extern "C" {
    fn trex_guarded_call(
        cif: *mut libffi::low::ffi_cif,
        f: unsafe extern "C" fn(),
        ret: *mut std::ffi::c_void,
        args: *mut *mut std::ffi::c_void,
    ) -> i32;
}

/// How a call ended when it did not return.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Crashed(pub i32);

/// Calls the function at `addr` with `args` (each a value of its C type, in the low bits;
/// `fixed`: how many of them the prototype names, `None` when it is not variadic); the
/// result's bits, or the signal the callee crashed with.
///
/// # Safety
/// `addr` is a function of this signature, and every pointer among the arguments points to
/// memory the callee may use as the program would.
pub(super) unsafe fn call(
    addr: usize,
    args: &[(CType, u128)],
    fixed: Option<usize>,
    ret: CType,
) -> Result<u128, Crashed> {
    let types = args.iter().map(|a| a.0.ffi());
    let cif = match fixed {
        Some(n) => Cif::new_variadic(types, n, ret.ffi()),
        None => Cif::new(types, ret.ffi()),
    };
    // Each argument in 16 aligned bytes (a `long double` needs them all).
    let mut slots: Vec<u128> = args.iter().map(|a| a.1).collect();
    let mut ptrs: Vec<*mut std::ffi::c_void> = slots
        .iter_mut()
        .map(|s| s as *mut u128 as *mut std::ffi::c_void)
        .collect();
    let mut out = 0u128;
    // SAFETY: the caller's contract; `addr` is non-null (resolved by the loader).
    let f: unsafe extern "C" fn() = std::mem::transmute(addr);
    let sig = trex_guarded_call(
        cif.as_raw_ptr(),
        f,
        &mut out as *mut u128 as *mut std::ffi::c_void,
        ptrs.as_mut_ptr(),
    );
    if sig != 0 {
        return Err(Crashed(sig));
    }
    // libffi widens an integer result to a register's 64 bits; the rest are the value's.
    let w = ret.bits();
    Ok(if w == 0 {
        0
    } else if w >= 128 {
        out
    } else {
        out & ((1u128 << w) - 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(name: &str) -> usize {
        let c = std::ffi::CString::new(name).unwrap();
        // SAFETY: a lookup in the process's own libraries.
        unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) as usize }
    }

    #[test]
    fn calls_with_each_c_type() {
        let _one = super::super::NATIVE.lock();
        let s = b"hello\0";
        // SAFETY: strlen(const char *), on a C string.
        let n = unsafe {
            call(
                sym("strlen"),
                &[(CType::Ptr, s.as_ptr() as u128)],
                None,
                CType::Int(64),
            )
        };
        assert_eq!(n, Ok(5));
        // A negative int comes back as its 32 bits.
        // SAFETY: abs(int).
        let a = unsafe { call(sym("abs"), &[(CType::Int(32), 7)], None, CType::Int(32)) };
        assert_eq!(a, Ok(7));
        let m = (-9i32) as u32 as u128;
        // SAFETY: abs(int).
        let a = unsafe { call(sym("abs"), &[(CType::Int(32), m)], None, CType::Int(32)) };
        assert_eq!(a, Ok(9));
        // SAFETY: sqrt(double).
        let r = unsafe {
            call(
                sym("sqrt"),
                &[(CType::F64, 2.25f64.to_bits() as u128)],
                None,
                CType::F64,
            )
        };
        assert_eq!(f64::from_bits(r.unwrap() as u64), 1.5);
        // Variadic: snprintf(buf, n, fmt, int, double).
        let mut buf = [0u8; 32];
        let fmt = b"%d %.1f\0";
        // SAFETY: snprintf into a buffer of 32 bytes.
        let k = unsafe {
            call(
                sym("snprintf"),
                &[
                    (CType::Ptr, buf.as_mut_ptr() as u128),
                    (CType::Int(64), 32),
                    (CType::Ptr, fmt.as_ptr() as u128),
                    (CType::Int(32), 42),
                    (CType::F64, 0.5f64.to_bits() as u128),
                ],
                Some(3),
                CType::Int(32),
            )
        };
        assert_eq!(k, Ok(6));
        assert_eq!(&buf[..6], b"42 0.5");
    }

    #[test]
    fn a_crash_in_the_callee_comes_back() {
        // (The guard's jump buffer is the process's: one call at a time.)
        let _one = super::super::NATIVE.lock();
        // strlen(1): a read of an unmapped page.
        // SAFETY: the guard catches the fault.
        let r = unsafe { call(sym("strlen"), &[(CType::Ptr, 1)], None, CType::Int(64)) };
        assert_eq!(r, Err(Crashed(libc::SIGSEGV)));
        // And the next call works.
        // SAFETY: abs(int).
        let a = unsafe { call(sym("abs"), &[(CType::Int(32), 3)], None, CType::Int(32)) };
        assert_eq!(a, Ok(3));
    }
}
