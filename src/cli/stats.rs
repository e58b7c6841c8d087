//! `trex stats klee-out-N...`: what KLEE's `klee-stats` prints, from each directory's
//! `run.stats` (its last row; the maxima over all rows for `--print-more`), as KLEE's table or
//! as JSON.

use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::PathBuf;

use crate::output::runstats::{self, Summary};

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Output directories of `trex run` / `trex verify` (or of KLEE).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Also the states and the memory, now and at most (klee-stats' --print-more).
    #[arg(long)]
    pub print_more: bool,
    /// One JSON array of objects keyed by the column names, instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A cell: text, or a number shown with two decimals.
#[derive(Clone, Debug, PartialEq)]
enum Cell {
    Text(String),
    Int(u64),
    Real(f64),
}

impl Cell {
    fn show(&self) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            Cell::Int(v) => v.to_string(),
            Cell::Real(v) => format!("{v:.2}"),
        }
    }
    fn json(&self) -> serde_json::Value {
        match self {
            Cell::Text(s) => s.clone().into(),
            Cell::Int(v) => (*v).into(),
            Cell::Real(v) => ((v * 100.0).round() / 100.0).into(),
        }
    }
}

fn labels(more: bool) -> Vec<&'static str> {
    let mut l = vec![
        "Path",
        "Instrs",
        "Time(s)",
        "ICov(%)",
        "BCov(%)",
        "ICount",
        "TSolver(%)",
    ];
    if more {
        l.extend(["States", "maxStates", "Mem(MiB)", "maxMem(MiB)"]);
    }
    l
}

/// klee-stats' row of a summary (`BCov`: 100% for straight-line code, as KLEE).
fn row(path: String, s: &Summary, more: bool) -> Vec<Cell> {
    let r = &s.last;
    let icount = r.covered_instructions + r.uncovered_instructions;
    let icov = if icount == 0 {
        0.0
    } else {
        100.0 * r.covered_instructions as f64 / icount as f64
    };
    let bcov = if r.num_branches == 0 {
        100.0
    } else {
        100.0 * (2 * r.full_branches + r.partial_branches) as f64 / (2 * r.num_branches) as f64
    };
    let tsolver = if r.wall_time == 0 {
        0.0
    } else {
        100.0 * r.solver_time as f64 / r.wall_time as f64
    };
    let mut v = vec![
        Cell::Text(path),
        Cell::Int(r.instructions),
        Cell::Real(r.wall_time as f64 / 1e6),
        Cell::Real(icov),
        Cell::Real(bcov),
        Cell::Int(icount),
        Cell::Real(tsolver),
    ];
    if more {
        let mib = |b: u64| Cell::Real(b as f64 / (1024.0 * 1024.0));
        v.extend([
            Cell::Int(r.num_states),
            Cell::Int(s.max_states),
            mib(r.malloc_usage),
            mib(s.max_memory),
        ]);
    }
    v
}

/// The sum of several runs (klee-stats' `Total (N)` row: sums, percentages of the sums).
fn total(all: &[Summary]) -> Summary {
    let mut t = Summary {
        last: runstats::Row::default(),
        max_states: 0,
        max_memory: 0,
        rows: 0,
    };
    for s in all {
        let (a, r) = (&mut t.last, &s.last);
        a.instructions += r.instructions;
        a.full_branches += r.full_branches;
        a.partial_branches += r.partial_branches;
        a.num_branches += r.num_branches;
        a.num_states += r.num_states;
        a.malloc_usage += r.malloc_usage;
        a.wall_time += r.wall_time;
        a.covered_instructions += r.covered_instructions;
        a.uncovered_instructions += r.uncovered_instructions;
        a.solver_time += r.solver_time;
        t.max_states += s.max_states;
        t.max_memory += s.max_memory;
        t.rows += s.rows;
    }
    t
}

/// KLEE's table: dashes above, below the header and below; `|` between cells; numbers and
/// their headers right-aligned, the path column centred; each column at least two wider than
/// its header.
fn table(labels: &[&str], rows: &[Vec<Cell>]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(Cell::show).collect())
        .collect();
    let widths: Vec<usize> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            cells
                .iter()
                .map(|r| r[i].len())
                .max()
                .unwrap_or(0)
                .max(l.len() + 2)
        })
        .collect();
    let center = |s: &str, w: usize| {
        let pad = w - s.len();
        format!("{}{s}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
    };
    let line = |r: &[String]| {
        let parts: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    center(c, widths[0])
                } else {
                    format!("{c:>w$}", w = widths[i])
                }
            })
            .collect();
        format!("|{}|", parts.join("|"))
    };
    let header = line(&labels.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let dashes = "-".repeat(header.len());
    let mut out = format!("{dashes}\n{header}\n{dashes}\n");
    for r in &cells {
        out.push_str(&line(r));
        out.push('\n');
    }
    out.push_str(&dashes);
    out.push('\n');
    out
}

pub fn stats(a: &StatsArgs) -> Result<()> {
    let mut summaries = Vec::new();
    for d in &a.dirs {
        let p = d.join("run.stats");
        if !p.is_file() {
            bail!("{} has no run.stats", d.display());
        }
        let s = runstats::read(&p)
            .with_context(|| format!("cannot read {}", p.display()))?
            .with_context(|| format!("{} has no rows yet", p.display()))?;
        summaries.push((d.display().to_string(), s));
    }
    let labels = labels(a.print_more);
    let mut rows: Vec<Vec<Cell>> = summaries
        .iter()
        .map(|(p, s)| row(p.clone(), s, a.print_more))
        .collect();
    if summaries.len() > 1 {
        let all: Vec<Summary> = summaries.iter().map(|(_, s)| s.clone()).collect();
        rows.push(row(
            format!("Total ({})", summaries.len()),
            &total(&all),
            a.print_more,
        ));
    }
    if a.json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::Value::Object(
                    labels
                        .iter()
                        .zip(r)
                        .map(|(l, c)| (l.to_string(), c.json()))
                        .collect(),
                )
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        print!("{}", table(&labels, &rows));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::runstats::Row;

    fn summary() -> Summary {
        Summary {
            last: Row {
                instructions: 150,
                full_branches: 2,
                partial_branches: 2,
                num_branches: 4,
                wall_time: 40_000,
                solver_time: 30_312,
                covered_instructions: 110,
                uncovered_instructions: 20,
                num_states: 0,
                malloc_usage: 3 << 20,
                ..Row::default()
            },
            max_states: 7,
            max_memory: 5 << 20,
            rows: 3,
        }
    }

    #[test]
    fn klee_stats_table_and_columns() {
        let rows = vec![row("klee-last".into(), &summary(), false)];
        let t = table(&labels(false), &rows);
        let want = "\
------------------------------------------------------------------------
|  Path   |  Instrs|  Time(s)|  ICov(%)|  BCov(%)|  ICount|  TSolver(%)|
------------------------------------------------------------------------
|klee-last|     150|     0.04|    84.62|    75.00|     130|       75.78|
------------------------------------------------------------------------
";
        assert_eq!(t, want);
    }

    #[test]
    fn print_more_totals_and_straight_line_code() {
        let mut s = summary();
        let r = row("a".into(), &s, true);
        assert_eq!(r.len(), labels(true).len());
        assert_eq!(
            r[7..],
            [Cell::Int(0), Cell::Int(7), Cell::Real(3.0), Cell::Real(5.0)]
        );
        // No branch at all: 100% branch coverage, as klee-stats reports it.
        s.last.num_branches = 0;
        assert_eq!(row("a".into(), &s, false)[4], Cell::Real(100.0));
        let t = total(&[summary(), summary()]);
        assert_eq!(t.last.instructions, 300);
        assert_eq!(
            row("t".into(), &t, false)[3],
            Cell::Real(100.0 * 220.0 / 260.0)
        );
    }
}
