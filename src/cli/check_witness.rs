//! `trex verify --check-witness FILE`: a YAML 2.0 correctness witness (trex's or another
//! tool's) checked by a proof of its own, which trusts nothing of the run that wrote it: its
//! invariants, read as C reads them at their places, must be inductive and keep every target
//! unreachable (`crate::chc::check`, Z3's Spacer with the invariants given). The witness
//! must be for this program (its SHA-256) and data model. Prints CONFIRMED or NOT CONFIRMED
//! with the reason (with `--svcomp`: TRUE or UNKNOWN, as SV-COMP's validators answer).

use anyhow::{bail, Context, Result};
use std::path::Path;

use super::VerifyArgs;
use crate::chc::{self, Checked, Given};
use crate::ir::Module;
use crate::verify::Target;
use crate::witness::{c_expr, meta, read, source::Source};

pub(super) fn check(
    a: &VerifyArgs,
    witness: &Path,
    m: &Module,
    own: &(dyn Fn(&str) -> bool + Sync),
    targets: &[Target],
) -> Result<()> {
    let text = std::fs::read_to_string(witness)
        .with_context(|| format!("cannot read the witness {}", witness.display()))?;
    let claims = read::parse(&text).with_context(|| format!("witness {}", witness.display()))?;
    let file = super::witness::task_file(a, m)?;
    let hash = meta::sha256_file(&file)?;
    if !claims.hashes.is_empty() && !claims.hashes.iter().any(|(_, h)| *h == hash) {
        bail!(
            "the witness {} is for another program: its task hash is not {hash} ({})",
            witness.display(),
            file.display()
        );
    }
    let model = if m.ptr_size == 4 { "ILP32" } else { "LP64" };
    if let Some(d) = claims.data_model.as_deref().filter(|d| *d != model) {
        bail!("the witness is for data model {d}, the program is compiled for {model}");
    }
    let src = Source::read(&file).with_context(|| format!("reading {}", file.display()))?;
    let long_bits = m.ptr_size * 8;
    let mut given = Vec::new();
    for c in &claims.invariants {
        let expr = match c_expr::parse(&c.value, long_bits) {
            Ok(e) => e,
            Err(why) => {
                let at = format!("{}:{}", c.at.line, c.at.column.unwrap_or(0));
                return report(
                    a,
                    &format!("the invariant at {at} cannot be read: {why}"),
                    false,
                );
            }
        };
        given.push(Given {
            places: src.debug_lines(c.at.line),
            column: c.at.column,
            function: c.at.function.clone(),
            loop_head: c.kind == "loop_invariant",
            expr,
        });
    }
    let sites: Vec<_> = targets
        .iter()
        .flat_map(|t| t.sites.iter().copied())
        .collect();
    let task = chc::Task {
        module: m,
        entry: &a.prog.entry_point,
        own,
        sites: &sites,
    };
    let (answer, time) = chc::check(&task, &given, a.budgets.max_time.filter(|t| !t.is_zero()));
    let n = given.len();
    let why = match answer {
        Checked::Confirmed => {
            let what = format!(
                "{n} invariant{}: inductive, and no target is reachable where they hold ({:.2} s)",
                if n == 1 { "" } else { "s" },
                time.as_secs_f64()
            );
            return report(a, &what, true);
        }
        Checked::HoldNotInductive => {
            "the invariants hold, but are not inductive or do not exclude the targets".into()
        }
        Checked::Fails => {
            "an invariant is false at its place in a run the translation models".into()
        }
        Checked::Unplaced(i, why) => {
            let c = &claims.invariants[i];
            format!(
                "the invariant at {}:{} ({}): {why}",
                c.at.line,
                c.at.column.unwrap_or(0),
                c.value
            )
        }
        Checked::Unknown(r) => format!("no answer: {r}"),
        Checked::Unsupported(u) => format!("unsupported: {u}"),
    };
    report(a, &why, false)
}

/// Prints the answer, `what` saying why.
fn report(a: &VerifyArgs, what: &str, confirmed: bool) -> Result<()> {
    let (word, svcomp) = if confirmed {
        ("CONFIRMED", "TRUE")
    } else {
        ("NOT CONFIRMED", "UNKNOWN")
    };
    eprintln!("TREX: witness {word}: {what}");
    println!("{}", if a.svcomp { svcomp } else { word });
    Ok(())
}
