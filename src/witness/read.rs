//! A YAML 2.0 correctness witness read back (`trex verify --check-witness`), by anyone's
//! producer: its task's hashes and data model, and its invariants (`loop_invariant`,
//! `location_invariant`, in `c_expression`). A violation witness, another format version or
//! an invariant in another format is an error naming it.

use anyhow::{bail, Context, Result};
use yaml_rust2::{Yaml, YamlLoader};

use super::Location;

/// What a correctness witness claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claims {
    /// (file name, SHA-256) of the task's files, as the witness lists them.
    pub hashes: Vec<(String, String)>,
    /// `ILP32` or `LP64`, if given.
    pub data_model: Option<String>,
    pub invariants: Vec<Claim>,
}

/// One invariant: where (a position of the task's text), in which file, and the C text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// `loop_invariant` or `location_invariant`.
    pub kind: String,
    pub file: String,
    pub at: Location,
    pub value: String,
}

pub fn parse(text: &str) -> Result<Claims> {
    let docs = YamlLoader::load_from_str(text).context("the witness is not YAML")?;
    let entries = docs
        .first()
        .and_then(Yaml::as_vec)
        .context("a YAML 2.0 witness is a list of entries")?;
    let mut claims = Claims {
        hashes: Vec::new(),
        data_model: None,
        invariants: Vec::new(),
    };
    for e in entries {
        match e["entry_type"].as_str() {
            Some("invariant_set") => {}
            Some("violation_sequence") => bail!(
                "a violation witness: check it by running its inputs \
                 (contrib/witnesses/witness2test.py), not with --check-witness"
            ),
            other => bail!("an entry of type {other:?} is not supported"),
        }
        let meta = &e["metadata"];
        match string(&meta["format_version"]) {
            Some(v) if v.starts_with("2.") => {}
            v => bail!("witness format version {v:?} is not supported (2.x is)"),
        }
        let task = &meta["task"];
        if let Some(h) = task["input_file_hashes"].as_hash() {
            for (k, v) in h {
                if let (Some(f), Some(sum)) = (k.as_str(), v.as_str()) {
                    claims
                        .hashes
                        .push((f.to_string(), sum.to_ascii_lowercase()));
                }
            }
        }
        claims.data_model = string(&task["data_model"]).or(claims.data_model);
        for item in e["content"].as_vec().map(Vec::as_slice).unwrap_or(&[]) {
            claims.invariants.push(claim(&item["invariant"])?);
        }
    }
    Ok(claims)
}

fn claim(inv: &Yaml) -> Result<Claim> {
    let kind = string(&inv["type"]).context("an invariant without a type")?;
    if kind != "loop_invariant" && kind != "location_invariant" {
        bail!("an invariant of type {kind:?} is not supported");
    }
    let format = string(&inv["format"]).unwrap_or_else(|| "c_expression".into());
    if format != "c_expression" {
        bail!("an invariant in format {format:?} is not supported (c_expression is)");
    }
    let loc = &inv["location"];
    let number = |y: &Yaml| y.as_i64().and_then(|n| u32::try_from(n).ok());
    let line = number(&loc["line"]).context("an invariant without a line")?;
    Ok(Claim {
        kind,
        file: string(&loc["file_name"]).unwrap_or_default(),
        at: Location {
            line,
            column: number(&loc["column"]),
            function: string(&loc["function"]),
        },
        value: string(&inv["value"]).context("an invariant without a value")?,
    })
}

/// A scalar as text (YAML may read `2.0` as a number).
fn string(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::witness::{self, meta, Format, Located, Task, Witness};

    #[test]
    fn reads_back_what_trex_writes() {
        let task = Task {
            file: "t.c".into(),
            hash: "ab".repeat(32),
            specification: "G ! call(reach_error())".into(),
            ilp32: false,
        };
        let meta = meta::Meta {
            uuid: meta::uuid_v4([1; 16]),
            creation_time: "2026-01-02T03:04:05Z".into(),
        };
        let at = Location {
            line: 9,
            column: Some(3),
            function: Some("main".into()),
        };
        let w = Witness::Correctness {
            invariants: vec![Located {
                at: at.clone(),
                value: "(((int)i) <= 10) && \"q\"".into(),
            }],
        };
        let text = witness::render(Format::Yaml, &w, &task, &meta);
        let c = parse(&text).unwrap();
        assert_eq!(c.hashes, vec![("t.c".to_string(), "ab".repeat(32))]);
        assert_eq!(c.data_model.as_deref(), Some("LP64"));
        assert_eq!(
            c.invariants,
            vec![Claim {
                kind: "loop_invariant".into(),
                file: "t.c".into(),
                at,
                value: "(((int)i) <= 10) && \"q\"".into(),
            }]
        );
    }

    #[test]
    fn other_producers_plain_yaml() {
        let text = "- entry_type: invariant_set\n  metadata:\n    format_version: 2.0\n    task:\n      data_model: ILP32\n  content:\n  - invariant:\n      type: location_invariant\n      location: {file_name: a.c, line: 4, column: 1, function: f}\n      value: x >= 0\n      format: c_expression\n";
        let c = parse(text).unwrap();
        assert_eq!(c.invariants[0].value, "x >= 0");
        assert_eq!(c.invariants[0].kind, "location_invariant");
        assert_eq!(c.data_model.as_deref(), Some("ILP32"));
    }

    #[test]
    fn what_it_cannot_check_is_an_error() {
        let v = "- entry_type: violation_sequence\n  metadata: {format_version: '2.0'}\n";
        assert!(parse(v)
            .unwrap_err()
            .to_string()
            .contains("violation witness"));
        let acsl = "- entry_type: invariant_set\n  metadata: {format_version: '2.0'}\n  content:\n  - invariant: {type: loop_invariant, location: {line: 1}, value: x, format: acsl_expression}\n";
        assert!(parse(acsl)
            .unwrap_err()
            .to_string()
            .contains("acsl_expression"));
        assert!(parse("<graphml/>").is_err());
    }
}
