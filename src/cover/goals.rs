//! The goals of `trex cover`: Test-Comp's `coverage-branches` (every outcome of every
//! conditional branch and switch of the program's own functions, as `coverage::Model` counts
//! them) or `coverage-error` (every call of the error function), and what became of each:
//! covered by a test, proved unreachable, or open.

use std::collections::HashSet;

use crate::coverage::{self, arms, GoalEntry};
use crate::ir::{Callee, FuncId, InstKind, LocId, Module};
use crate::search::Coverage;

/// Which goals (Test-Comp's two coverage properties).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    Branches,
    Error,
}

/// One goal: a branch outcome (`arm`: its index among the branch's outcomes, as
/// `coverage::Model` lists them) or, with `arm` `None`, a call of the error function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    pub func: FuncId,
    pub pc: u32,
    pub arm: Option<u32>,
    /// `true` / `false` / `case 3` / `default`, or the called function.
    pub label: String,
    pub loc: LocId,
}

impl Goal {
    /// Whether a path recorded in `cov` reached it.
    pub fn reached(&self, m: &Module, cov: &Coverage) -> bool {
        match self.arm {
            Some(i) => {
                let kind = &m.func(self.func).code[self.pc as usize].kind;
                arms(self.func, self.pc, kind, cov)
                    .get(i as usize)
                    .is_some_and(|a| a.taken)
            }
            None => cov.is_covered(self.func, self.pc),
        }
    }

    /// `file:line` (or `function@pc` without debug information).
    pub fn place(&self, m: &Module) -> String {
        m.loc_string(self.loc)
            .unwrap_or_else(|| format!("{}@{}", m.func(self.func).name, self.pc))
    }
}

/// What became of a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A test reaches it (the test's file name).
    Covered(String),
    /// No execution of the program reaches it.
    Proved,
    Open,
}

/// The goals of `m`'s functions for which `own` holds (the program's, not the C library's).
pub fn collect(m: &Module, own: &dyn Fn(&str) -> bool, p: Property) -> Vec<Goal> {
    let none = Coverage::new(m);
    let mut out = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        if f.is_declaration || f.code.is_empty() || !own(&f.name) {
            continue;
        }
        let fid = FuncId(fi as u32);
        for (pc, inst) in f.code.iter().enumerate() {
            let pc = pc as u32;
            match (p, &inst.kind) {
                (Property::Branches, kind) => {
                    for (i, a) in arms(fid, pc, kind, &none).into_iter().enumerate() {
                        out.push(Goal {
                            func: fid,
                            pc,
                            arm: Some(i as u32),
                            label: a.label,
                            loc: inst.loc,
                        });
                    }
                }
                (
                    Property::Error,
                    InstKind::Call {
                        callee: Callee::Direct(c),
                        ..
                    },
                ) if m.func(*c).name == "reach_error" => out.push(Goal {
                    func: fid,
                    pc,
                    arm: None,
                    label: "reach_error".into(),
                    loc: inst.loc,
                }),
                _ => {}
            }
        }
    }
    out
}

/// The goals and their statuses, for the summary, `coverage.json` and `report.html`.
#[derive(Debug, Default)]
pub struct Report {
    pub property: Option<Property>,
    pub goals: Vec<(Goal, Status)>,
}

impl Report {
    pub fn count(&self, pick: fn(&Status) -> bool) -> usize {
        self.goals.iter().filter(|(_, s)| pick(s)).count()
    }

    pub fn covered(&self) -> usize {
        self.count(|s| matches!(s, Status::Covered(_)))
    }

    pub fn proved(&self) -> usize {
        self.count(|s| *s == Status::Proved)
    }

    pub fn open(&self) -> usize {
        self.count(|s| *s == Status::Open)
    }

    /// The branch outcomes proved unreachable: (function, branch, outcome index).
    pub fn proved_arms(&self) -> HashSet<(FuncId, u32, usize)> {
        self.goals
            .iter()
            .filter(|(_, s)| *s == Status::Proved)
            .filter_map(|(g, _)| g.arm.map(|a| (g.func, g.pc, a as usize)))
            .collect()
    }

    /// The summary's lines: the counts and the coverage both ways.
    pub fn lines(&self) -> Vec<String> {
        let (n, c, p) = (self.goals.len(), self.covered(), self.proved());
        let what = match self.property {
            Some(Property::Error) => "calls of reach_error",
            _ => "branch outcomes",
        };
        let pct = |a: usize, b: usize| coverage::percent(a as u64, b as u64);
        vec![
            format!("KLEE: done: goals = {n} ({what})"),
            format!(
                "KLEE: done: goals covered = {c}, proved unreachable = {p}, open = {}",
                self.open()
            ),
            format!(
                "KLEE: done: goal coverage = {:.1}% of all ({c}/{n}), {:.1}% of those not proved unreachable ({c}/{})",
                pct(c, n),
                pct(c, n - p),
                n - p
            ),
        ]
    }

    pub fn saved(&self, m: &Module) -> Vec<GoalEntry> {
        self.goals
            .iter()
            .map(|(g, s)| GoalEntry {
                function: m.func(g.func).name.clone(),
                place: g.place(m),
                outcome: g.label.clone(),
                status: match s {
                    Status::Covered(_) => "covered",
                    Status::Proved => "proved",
                    Status::Open => "open",
                }
                .into(),
                test: match s {
                    Status::Covered(t) => Some(t.clone()),
                    _ => None,
                },
            })
            .collect()
    }
}
