//! Value parsers of the command line: KLEE's time spans and error type names, `FILE:LINE`.

use std::time::Duration;

use crate::exec::ErrorKind;

/// Parses KLEE's time spans: a number of seconds (`10`, `1.5`) or a sequence of
/// number-unit pairs (`10s`, `1min`, `1h30min`, `500ms`; units `h`, `min`, `s`, `ms`, `us`,
/// `ns`).
pub fn parse_time_span(s: &str) -> Result<Duration, String> {
    let bad = || format!("invalid time span `{s}` (examples: 10, 10s, 1min, 1h30min, 500ms)");
    let t = s.trim();
    if t.is_empty() {
        return Err(bad());
    }
    if let Ok(secs) = t.parse::<f64>() {
        return Duration::try_from_secs_f64(secs).map_err(|_| bad());
    }
    let mut total = 0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let n = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let num: f64 = rest[..n].parse().map_err(|_| bad())?;
        rest = &rest[n..];
        let u = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match &rest[..u] {
            "h" => 3600.0,
            "min" => 60.0,
            "s" => 1.0,
            "ms" => 1e-3,
            "us" => 1e-6,
            "ns" => 1e-9,
            _ => return Err(bad()),
        };
        total += num * scale;
        rest = &rest[u..];
    }
    Duration::try_from_secs_f64(total).map_err(|_| bad())
}

/// KLEE's `--exit-on-error-type` names, mapped to trex's error kinds (`.err` suffixes). KLEE
/// reports division by zero and overshift through `klee_report_error`, so `ReportError` covers
/// them (and `Div`, `Overshift` name them alone).
pub fn parse_error_type(s: &str) -> Result<Vec<ErrorKind>, String> {
    use ErrorKind::*;
    Ok(match s {
        "Abort" => vec![Abort],
        "Assert" => vec![Assert],
        "BadVectorAccess" | "Ptr" => vec![Ptr],
        // KLEE 3's name, and KLEE 2's.
        "Execution" | "Exec" => vec![Exec],
        "External" => vec![External],
        "Free" => vec![Free],
        "Model" => vec![Model],
        "ReadOnly" => vec![ReadOnly],
        "ReportError" => vec![User, Div, Overshift],
        "User" => vec![User],
        "Div" => vec![Div],
        "Overshift" => vec![Overshift],
        // Raised only by KLEE's UBSan runtime (`--ubsan-runtime`), which trex refuses: as in
        // KLEE without it, no error of these types ever stops the run.
        "Overflow" | "InvalidBuiltin" | "ImplicitTruncation" | "ImplicitConversion"
        | "UnreachableCall" | "MissingReturn" | "InvalidLoad" | "NullableAttribute" => vec![],
        "UncaughtException" | "UnexpectedException" => {
            return Err(format!(
                "--exit-on-error-type={s}: trex has no such errors (no C++ exceptions)"
            ))
        }
        _ => {
            return Err(format!(
                "unknown --exit-on-error-type `{s}` (Abort, Assert, BadVectorAccess, Div, \
                 Execution, External, Free, Model, Overshift, Ptr, ReadOnly, ReportError, User; \
                 KLEE's UBSan types are accepted and never occur)"
            ))
        }
    })
}

/// `FILE:LINE` of `--target`.
pub fn parse_file_line(s: &str) -> Result<(String, u32), String> {
    let (f, l) = s
        .rsplit_once(':')
        .ok_or_else(|| format!("`{s}`: expected FILE:LINE"))?;
    let line = l
        .parse::<u32>()
        .map_err(|_| format!("`{s}`: LINE is not a number"))?;
    if f.is_empty() || line == 0 {
        return Err(format!("`{s}`: expected FILE:LINE"));
    }
    Ok((f.to_string(), line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn klee_time_spans() {
        let s = |x: &str| parse_time_span(x).unwrap();
        assert_eq!(s("10"), Duration::from_secs(10));
        assert_eq!(s("1.5"), Duration::from_millis(1500));
        assert_eq!(s("10s"), Duration::from_secs(10));
        assert_eq!(s("1min"), Duration::from_secs(60));
        assert_eq!(s("1h30min"), Duration::from_secs(5400));
        assert_eq!(s("500ms"), Duration::from_millis(500));
        assert_eq!(s("1min30s"), Duration::from_secs(90));
        for bad in ["", "x", "10m", "s", "1h-2s", "-1"] {
            assert!(parse_time_span(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn klee_error_type_names() {
        assert_eq!(parse_error_type("Assert").unwrap(), vec![ErrorKind::Assert]);
        assert_eq!(parse_error_type("Ptr").unwrap(), vec![ErrorKind::Ptr]);
        assert!(parse_error_type("ReportError")
            .unwrap()
            .contains(&ErrorKind::Div));
        assert_eq!(
            parse_error_type("Execution").unwrap(),
            vec![ErrorKind::Exec]
        );
        assert!(parse_error_type("UncaughtException").is_err());
        assert_eq!(parse_error_type("ImplicitTruncation").unwrap(), vec![]);
        assert!(parse_error_type("assert").is_err());
    }

    #[test]
    fn file_lines() {
        assert_eq!(parse_file_line("a/b.c:12"), Ok(("a/b.c".into(), 12)));
        assert_eq!(parse_file_line("c:\\x.c:3"), Ok(("c:\\x.c".into(), 3)));
        for bad in ["b.c", "b.c:", ":3", "b.c:0", "b.c:x"] {
            assert!(parse_file_line(bad).is_err(), "{bad}");
        }
    }
}
