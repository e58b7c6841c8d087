//! `trex ktest show FILE...`: what KLEE's `ktest-tool` prints, line for line.

use anyhow::{Context, Result};
use std::fmt::Write as _;

use crate::output::ktest::KTest;

/// Python's `repr()` of a `str`: single quotes unless the text has a `'` and no `"`.
fn py_str_repr(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::new();
    out.push(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// Python's `repr()` of a `bytes` object.
fn py_bytes_repr(b: &[u8]) -> String {
    let q = if b.contains(&b'\'') && !b.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = String::from("b");
    out.push(q as char);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => {
                let _ = write!(out, "\\x{c:02x}");
            }
        }
    }
    out.push(q as char);
    out
}

/// ktest-tool's "text" line: printable ASCII (digits, letters, punctuation, space) or '.'.
fn text(b: &[u8]) -> String {
    b.iter()
        .map(|&c| {
            if c.is_ascii_graphic() || c == b' ' {
                c as char
            } else {
                '.'
            }
        })
        .collect()
}

fn ints(b: &[u8]) -> Option<(i64, u64)> {
    Some(match b.len() {
        1 => (b[0] as i8 as i64, b[0] as u64),
        2 => {
            let v = u16::from_le_bytes([b[0], b[1]]);
            (v as i16 as i64, v as u64)
        }
        4 => {
            let v = u32::from_le_bytes(b.try_into().ok()?);
            (v as i32 as i64, v as u64)
        }
        8 => {
            let v = u64::from_le_bytes(b.try_into().ok()?);
            (v as i64, v)
        }
        _ => return None,
    })
}

pub fn render(path: &str, kt: &KTest, trim_zeros: bool) -> String {
    let mut s = String::new();
    let args: Vec<String> = kt.args.iter().map(|a| py_str_repr(a)).collect();
    let _ = writeln!(s, "ktest file : {}", py_str_repr(path));
    let _ = writeln!(s, "args       : [{}]", args.join(", "));
    let _ = writeln!(s, "num objects: {}", kt.objects.len());
    let width = kt.objects.len().saturating_sub(1).max(1).to_string().len();
    for (i, o) in kt.objects.iter().enumerate() {
        let data: &[u8] = if trim_zeros {
            let end = o.bytes.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
            &o.bytes[..end]
        } else {
            &o.bytes
        };
        let hex: String = data.iter().map(|c| format!("{c:02x}")).collect();
        let _ = writeln!(s, "object {i:width$}: name: '{}'", o.name);
        let _ = writeln!(s, "object {i:width$}: size: {}", o.bytes.len());
        let _ = writeln!(s, "object {i:width$}: data: {}", py_bytes_repr(data));
        let _ = writeln!(s, "object {i:width$}: hex : 0x{hex}");
        if let Some((si, ui)) = ints(&o.bytes) {
            let _ = writeln!(s, "object {i:width$}: int : {si}");
            let _ = writeln!(s, "object {i:width$}: uint: {ui}");
        }
        let _ = writeln!(s, "object {i:width$}: text: {}", text(data));
    }
    s
}

pub fn show(files: &[std::path::PathBuf], trim_zeros: bool) -> Result<()> {
    for f in files {
        let data = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        let kt = KTest::from_bytes(&data).with_context(|| f.display().to_string())?;
        print!("{}", render(&f.display().to_string(), &kt, trim_zeros));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::ktest::KTestObject;

    #[test]
    fn matches_ktest_tool_example() {
        // The example in KLEE's ktest-tool help text.
        let kt = KTest {
            args: vec!["get_sign.bc".into()],
            objects: vec![KTestObject {
                name: "a".into(),
                bytes: vec![0, 0, 0, 0x80],
            }],
            ..KTest::default()
        };
        let expected = "ktest file : 'klee-last/test000003.ktest'\n\
                        args       : ['get_sign.bc']\n\
                        num objects: 1\n\
                        object 0: name: 'a'\n\
                        object 0: size: 4\n\
                        object 0: data: b'\\x00\\x00\\x00\\x80'\n\
                        object 0: hex : 0x00000080\n\
                        object 0: int : -2147483648\n\
                        object 0: uint: 2147483648\n\
                        object 0: text: ....\n";
        assert_eq!(render("klee-last/test000003.ktest", &kt, false), expected);
    }

    #[test]
    fn python_reprs() {
        assert_eq!(py_bytes_repr(b"a'b"), "b\"a'b\"");
        assert_eq!(py_bytes_repr(b"a'\"\n\\"), "b'a\\'\"\\n\\\\'");
        assert_eq!(py_str_repr("it's"), "\"it's\"");
        assert_eq!(text(b"ab\x01 ~"), "ab. ~");
    }

    #[test]
    fn wide_object_index_and_trim() {
        let objects = (0..12)
            .map(|i| KTestObject {
                name: format!("o{i}"),
                bytes: vec![1, 0, 0],
            })
            .collect();
        let kt = KTest {
            objects,
            ..KTest::default()
        };
        let r = render("t", &kt, true);
        assert!(r.contains("object  0: name: 'o0'\n"));
        assert!(r.contains("object 11: size: 3\n"));
        assert!(r.contains("object 11: data: b'\\x01'\n"));
        assert!(!r.contains("int :"));
    }
}
