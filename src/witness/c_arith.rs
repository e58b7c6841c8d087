//! Bit-vector arithmetic written in C, for invariants in witnesses: a value of `w` bits is
//! an expression of C's unsigned type of that width, whose arithmetic wraps as bit-vectors
//! do; narrower values are computed in `unsigned int` and cut back by a cast (promoted to
//! `int`, a product of two 16-bit values would overflow). Signed readings convert to the
//! signed type of the width (wrapping, as gcc and clang define it).

pub fn unsigned_type(w: u32) -> Option<&'static str> {
    Some(match w {
        8 => "unsigned char",
        16 => "unsigned short",
        32 => "unsigned int",
        64 => "unsigned long long",
        _ => return None,
    })
}

pub fn signed_type(w: u32) -> Option<&'static str> {
    Some(match w {
        8 => "signed char",
        16 => "short",
        32 => "int",
        64 => "long long",
        _ => return None,
    })
}

/// The constant `v` of `w` bits.
pub fn constant(w: u32, v: u64) -> Option<String> {
    Some(match w {
        64 => format!("{v}ULL"),
        32 => format!("{v}U"),
        _ => format!("(({}){v}U)", unsigned_type(w)?),
    })
}

/// Zero of `w` bits, as the left operand of a negation.
pub fn zero(w: u32) -> &'static str {
    match w {
        64 => "0ULL",
        _ => "0U",
    }
}

/// `parts` (values of `w` bits) joined by `op`, with `w`-bit wrap-around.
pub fn wrap(w: u32, op: &str, parts: &[String]) -> String {
    match (w, unsigned_type(w)) {
        (32 | 64, _) | (_, None) => format!("({})", parts.join(&format!(" {op} "))),
        (_, Some(ty)) => {
            let wide: Vec<String> = parts.iter().map(|p| format!("(unsigned int){p}")).collect();
            format!("(({ty})({}))", wide.join(&format!(" {op} ")))
        }
    }
}

/// The comparison `a op b` of two values of `w` bits, read as signed or unsigned.
pub fn compare(w: u32, op: &str, signed: bool, a: &str, b: &str) -> Option<String> {
    if !signed {
        return Some(format!("({a} {op} {b})"));
    }
    let s = signed_type(w)?;
    Some(format!("(({s}){a} {op} ({s}){b})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_arithmetic_is_cut_back() {
        assert_eq!(wrap(32, "+", &["a".into(), "1U".into()]), "(a + 1U)");
        assert_eq!(
            wrap(16, "*", &["a".into(), "b".into()]),
            "((unsigned short)((unsigned int)a * (unsigned int)b))"
        );
        assert_eq!(constant(8, 200).unwrap(), "((unsigned char)200U)");
        assert_eq!(
            compare(32, "<", true, "a", "b").unwrap(),
            "((int)a < (int)b)"
        );
        assert_eq!(constant(33, 1), None);
    }
}
