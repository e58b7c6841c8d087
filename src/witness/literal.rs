//! A value returned by a `__VERIFIER_nondet_*` function as a C constant expression of the
//! function's type, for `\result == V`: signedness from the function's name (SV-COMP's
//! naming: `uint`, `ulong`, `uchar`, `size_t`, ... are unsigned, `char` is signed as on x86),
//! the width from the IR type; floating-point values print in the shortest decimal that
//! reads back to the same bits.

use crate::ir::{Module, TypeId, TypeKind};

/// The C type class of an input function's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CType {
    Bool,
    Signed(u32),
    Unsigned(u32),
    Float,
    Double,
}

/// The type class of `__VERIFIER_nondet_<suffix>` returning `ret`; `None` for what has no
/// constant (pointers, `long double`, aggregates other than two-limb integers).
pub fn c_type(m: &Module, name: &str, ret: TypeId) -> Option<CType> {
    let suffix = name
        .strip_prefix(super::record::NONDET_PREFIX)
        .unwrap_or(name);
    let bits = match &m.ty(ret).kind {
        TypeKind::Int(w) => *w,
        TypeKind::Float => return Some(CType::Float),
        TypeKind::Double => return Some(CType::Double),
        // `__int128` on x86-64: `{i64, i64}`.
        TypeKind::Struct { fields, .. }
            if fields.len() == 2 && fields.iter().all(|&f| m.int_width(f) == Some(64)) =>
        {
            128
        }
        _ => return None,
    };
    Some(match suffix {
        "bool" | "_Bool" => CType::Bool,
        s if is_unsigned(s) => CType::Unsigned(bits),
        _ => CType::Signed(bits),
    })
}

/// SV-COMP's unsigned input types (`__VERIFIER_nondet_uint`, `_size_t`, `_u32`, ...).
fn is_unsigned(suffix: &str) -> bool {
    suffix.starts_with('u') || matches!(suffix, "size_t" | "sector_t" | "pthread_t" | "unsigned")
}

/// The value of `bytes` (little-endian) as a C constant of type `t`.
pub fn literal(t: CType, bytes: &[u8]) -> String {
    let mut raw = 0u128;
    for (i, b) in bytes.iter().take(16).enumerate() {
        raw |= (*b as u128) << (8 * i);
    }
    match t {
        CType::Bool => (raw & 1).to_string(),
        CType::Unsigned(w) => unsigned(raw & mask(w)),
        CType::Signed(w) => signed(sign_extend(raw & mask(w), w)),
        CType::Float => {
            let f = f32::from_bits(raw as u32);
            float(f as f64, format!("{f:?}"), "f")
        }
        CType::Double => {
            let d = f64::from_bits(raw as u64);
            float(d, format!("{d:?}"), "")
        }
    }
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn sign_extend(v: u128, w: u32) -> i128 {
    if w >= 128 {
        return v as i128;
    }
    let shift = 128 - w;
    ((v << shift) as i128) >> shift
}

/// Decimal; `U` past `INT_MAX` so that the constant is unsigned whatever its size; past 64
/// bits an `unsigned __int128` expression (C has no such literal).
fn unsigned(v: u128) -> String {
    if v > u64::MAX as u128 {
        let (hi, lo) = ((v >> 64) as u64, v as u64);
        return format!("(((unsigned __int128){hi}U << 64) | {lo}U)");
    }
    if v > i32::MAX as u128 {
        format!("{v}U")
    } else {
        v.to_string()
    }
}

/// Decimal; the minimum of a 64-bit type as an expression (its magnitude is no `long long`).
fn signed(v: i128) -> String {
    if v > i64::MAX as i128 || v < i64::MIN as i128 {
        let u = v as u128;
        let (hi, lo) = ((u >> 64) as u64, u as u64);
        return format!("((__int128)(((unsigned __int128){hi}U << 64) | {lo}U))");
    }
    if v == i64::MIN as i128 {
        return "(-9223372036854775807LL - 1)".into();
    }
    v.to_string()
}

/// `text` (Rust's shortest round-trip decimal of the value) as a C literal with `suffix`;
/// infinities and NaN as constant expressions.
fn float(v: f64, text: String, suffix: &str) -> String {
    if v.is_nan() {
        return format!("(0.0{suffix} / 0.0{suffix})");
    }
    if v.is_infinite() {
        let sign = if v < 0.0 { "-" } else { "" };
        return format!("({sign}1.0{suffix} / 0.0{suffix})");
    }
    // C needs a point or an exponent before a suffix (`1f` is no literal).
    let text = if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    };
    format!("{text}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_by_signedness_and_width() {
        assert_eq!(literal(CType::Signed(32), &(-5i32).to_le_bytes()), "-5");
        assert_eq!(
            literal(CType::Signed(32), &i32::MIN.to_le_bytes()),
            "-2147483648"
        );
        assert_eq!(
            literal(CType::Unsigned(32), &u32::MAX.to_le_bytes()),
            "4294967295U"
        );
        assert_eq!(literal(CType::Unsigned(8), &[200]), "200");
        assert_eq!(literal(CType::Signed(8), &[200]), "-56");
        assert_eq!(
            literal(CType::Signed(64), &i64::MIN.to_le_bytes()),
            "(-9223372036854775807LL - 1)"
        );
        assert_eq!(
            literal(CType::Unsigned(64), &u64::MAX.to_le_bytes()),
            "18446744073709551615U"
        );
        assert_eq!(literal(CType::Bool, &[1]), "1");
        assert_eq!(literal(CType::Signed(128), &(-1i128).to_le_bytes()), "-1");
    }

    #[test]
    fn floats_read_back_exactly() {
        let d = literal(CType::Double, &0.1f64.to_le_bytes());
        assert_eq!(d, "0.1");
        assert_eq!(d.parse::<f64>().unwrap().to_bits(), 0.1f64.to_bits());
        let f = literal(CType::Float, &1.0e-45f32.to_le_bytes());
        assert_eq!(f.trim_end_matches('f').parse::<f32>().unwrap(), 1.0e-45f32);
        assert_eq!(literal(CType::Float, &3.0f32.to_le_bytes()), "3.0f");
        assert_eq!(
            literal(CType::Double, &f64::NEG_INFINITY.to_le_bytes()),
            "(-1.0 / 0.0)"
        );
    }
}
