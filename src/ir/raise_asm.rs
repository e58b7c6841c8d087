//! The inline assembly KLEE runs (its `RaiseAsmPass`, `lib/Module/RaiseAsm.cpp`): before
//! executing, KLEE gives each call of inline assembly to LLVM's
//! `TargetLowering::ExpandInlineAsm` (on x86: byte swaps written as `bswap` or `rorw`/`rorl`
//! become `llvm.bswap`) and turns an empty `asm volatile("")` without result (a compiler
//! barrier) into a fence on x86 Linux. Any other inline assembly stays KLEE's execution error
//! `inline assembly is unsupported`.

/// What a call of inline assembly is, for KLEE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Raised {
    /// A barrier: a fence, nothing to execute.
    Fence,
    /// `llvm.bswap` of its one argument.
    Bswap,
}

/// The call's result type, as the patterns need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ret {
    Void,
    Int(u32),
    Other,
}

/// `printed`: LLVM's printed form of the `InlineAsm` value (`<type> asm [sideeffect] ...
/// "<asm>", "<constraints>"`); `triple`: the module's target triple (empty: the host's).
pub(crate) fn raise(printed: &str, ret: Ret, triple: &str) -> Option<Raised> {
    let x86 = triple.is_empty()
        || ["x86_64", "i386", "i486", "i586", "i686"]
            .iter()
            .any(|a| triple.starts_with(a));
    if !x86 {
        return None;
    }
    let (side_effects, asm, constraints) = parse(printed)?;
    if let Ret::Int(w) = ret {
        if w % 16 == 0 && is_byte_swap(&asm, &constraints, w) {
            return Some(Raised::Bswap);
        }
    }
    let os_ok = triple.is_empty()
        || ["linux", "darwin", "macos", "freebsd"]
            .iter()
            .any(|o| triple.contains(o));
    (asm.is_empty() && side_effects && ret == Ret::Void && os_ok).then_some(Raised::Fence)
}

/// X86's `ExpandInlineAsm` byte swaps (LLVM 14): `bswap $0` and its spellings; `rorw $$8,
/// ${0:w}` (or `rolw`) on 16 bits and `rorw; rorl $$16; rorw` on 32 bits, each with
/// constraints `=r,0,` and the flag clobbers.
fn is_byte_swap(asm: &str, constraints: &str, w: u32) -> bool {
    let pieces: Vec<&str> = asm.split([';', '\n']).filter(|p| !p.is_empty()).collect();
    let tied_flags = || {
        constraints
            .strip_prefix("=r,0,")
            .is_some_and(|rest| clobbers_flags(&rest.split(',').collect::<Vec<_>>()))
    };
    let rorw = |p: &str| {
        match_asm(p, &["rorw", "$$8,", "${0:w}"]) || match_asm(p, &["rolw", "$$8,", "${0:w}"])
    };
    match pieces.as_slice() {
        [p] => {
            let bswap = ["bswap", "bswapl", "bswapq"]
                .iter()
                .any(|op| match_asm(p, &[op, "$0"]) || match_asm(p, &[op, "${0:q}"]));
            bswap || (w == 16 && rorw(p) && tied_flags())
        }
        [a, b, c] => {
            w == 32
                && match_asm(a, &["rorw", "$$8,", "${0:w}"])
                && match_asm(b, &["rorl", "$$16,", "$0"])
                && match_asm(c, &["rorw", "$$8,", "${0:w}"])
                && tied_flags()
        }
        _ => false,
    }
}

/// LLVM's `clobbersFlagRegisters`: `~{cc}`, `~{flags}`, `~{fpsr}`, and `~{dirflag}` when there
/// are four.
fn clobbers_flags(c: &[&str]) -> bool {
    let has = |x: &str| c.contains(&x);
    match c.len() {
        3 => has("~{cc}") && has("~{flags}") && has("~{fpsr}"),
        4 => has("~{cc}") && has("~{flags}") && has("~{fpsr}") && has("~{dirflag}"),
        _ => false,
    }
}

/// LLVM's `matchAsm`: `s` is the pieces, separated by blanks.
fn match_asm(s: &str, pieces: &[&str]) -> bool {
    let mut s = s.trim_start_matches([' ', '\t']);
    for p in pieces {
        let Some(rest) = s.strip_prefix(p) else {
            return false;
        };
        let trimmed = rest.trim_start_matches([' ', '\t']);
        if !rest.is_empty() && trimmed.len() == rest.len() {
            // A prefix of a longer word.
            return false;
        }
        s = trimmed;
    }
    s.is_empty()
}

/// The flags, the assembly and the constraints of a printed `InlineAsm`.
fn parse(printed: &str) -> Option<(bool, String, String)> {
    let (_, after) = printed.split_once(" asm ")?;
    let (flags, quoted) = after.split_once('"')?;
    let side_effects = flags.split_whitespace().any(|f| f == "sideeffect");
    let (asm, rest) = unescape_until_quote(quoted)?;
    let rest = rest.strip_prefix(", \"")?;
    let (constraints, _) = unescape_until_quote(rest)?;
    Some((side_effects, asm, constraints))
}

/// LLVM's escaped string up to its closing quote (`\XX`: the byte in hex), and what follows.
fn unescape_until_quote(s: &str) -> Option<(String, &str)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => return Some((String::from_utf8_lossy(&out).into_owned(), &s[i + 1..])),
            b'\\' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const X86: &str = "x86_64-pc-linux-gnu";

    #[test]
    fn barriers_and_byte_swaps_are_raised() {
        let barrier = r#"void ()* asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(barrier, Ret::Void, X86), Some(Raised::Fence));
        assert_eq!(raise(barrier, Ret::Void, ""), Some(Raised::Fence));
        let bswap = r#"i32 (i32)* asm "bswap $0", "=r,0,~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(bswap, Ret::Int(32), X86), Some(Raised::Bswap));
        let q = r#"i64 (i64)* asm "bswapq ${0:q}", "=r,0,~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(q, Ret::Int(64), X86), Some(Raised::Bswap));
        let rorw = r#"i16 (i16)* asm "rorw $$8, ${0:w}", "=r,0,~{cc},~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(rorw, Ret::Int(16), X86), Some(Raised::Bswap));
        let three = "i32 (i32)* asm \"rorw $$8, ${0:w};rorl $$16, $0;rorw $$8, ${0:w}\", \
                     \"=r,0,~{cc},~{dirflag},~{fpsr},~{flags}\"";
        assert_eq!(raise(three, Ret::Int(32), X86), Some(Raised::Bswap));
    }

    #[test]
    fn other_assembly_is_not() {
        // Not empty, a result, no side effects, another target, an odd width, a longer word.
        let add = r#"i32 (i32)* asm sideeffect "addl $0, $0", "=r,0,~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(add, Ret::Int(32), X86), None);
        let res = r#"i32 ()* asm sideeffect "", "=r,~{dirflag},~{fpsr},~{flags}""#;
        assert_eq!(raise(res, Ret::Int(32), X86), None);
        let pure = r#"void ()* asm "", "~{memory}""#;
        assert_eq!(raise(pure, Ret::Void, X86), None);
        let barrier = r#"void ()* asm sideeffect "", "~{memory}""#;
        assert_eq!(raise(barrier, Ret::Void, "aarch64-unknown-linux-gnu"), None);
        let bswap8 = r#"i8 (i8)* asm "bswap $0", "=r,0""#;
        assert_eq!(raise(bswap8, Ret::Int(8), X86), None);
        let longer = r#"i32 (i32)* asm "bswapx $0", "=r,0""#;
        assert_eq!(raise(longer, Ret::Int(32), X86), None);
        let rorw_no_flags = r#"i16 (i16)* asm "rorw $$8, ${0:w}", "=r,0,~{memory}""#;
        assert_eq!(raise(rorw_no_flags, Ret::Int(16), X86), None);
    }

    #[test]
    fn escaped_strings() {
        let nl = r#"void ()* asm sideeffect "\0A", "~{memory}""#;
        assert_eq!(parse(nl).map(|p| p.1), Some("\n".to_string()));
    }
}
