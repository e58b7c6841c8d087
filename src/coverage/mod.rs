//! What a run covered, in the terms testers read: per source file and per function, the
//! instructions, basic blocks, source lines (debug locations) and branch outcomes (each side of
//! every conditional branch, each distinct target of every switch), for the program apart from
//! the C library and runtime trex links in (those are totalled separately, as KLEE users
//! filter them out). Built once from the executor's [`Coverage`] bits after the run
//! ([`Model::new`]); `lcov.rs` writes it as an LCOV tracefile, `timeline.rs` samples covered
//! blocks against time while the run goes.
//!
//! trex records *whether* something ran, not how often: line, function and branch counts are
//! 0 or 1. A block is covered when its first instruction ran (control only enters a block at
//! its start); a line when any instruction located on it ran. A branch side counts as taken
//! when a path took it, including a path forked onto it and then pruned (interpolation,
//! state matching) before running the target block: the decision was made, the block's
//! instructions are not claimed.

pub mod istats;
pub mod lcov;
pub mod timeline;

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::ir::{self, FuncId, InstKind};
use crate::search::Coverage;

/// Counts of what exists and what was covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub functions: u64,
    pub functions_hit: u64,
    pub lines: u64,
    pub lines_hit: u64,
    pub blocks: u64,
    pub blocks_hit: u64,
    pub instructions: u64,
    pub instructions_hit: u64,
    /// Branch outcomes (two per conditional branch, one per distinct switch target).
    pub branches: u64,
    pub branches_hit: u64,
    /// Branch outcomes proved unreachable (`trex cover`).
    #[serde(default)]
    pub branches_proved: u64,
}

impl Totals {
    fn add(&mut self, o: &Totals) {
        self.functions += o.functions;
        self.functions_hit += o.functions_hit;
        self.lines += o.lines;
        self.lines_hit += o.lines_hit;
        self.blocks += o.blocks;
        self.blocks_hit += o.blocks_hit;
        self.instructions += o.instructions;
        self.instructions_hit += o.instructions_hit;
        self.branches += o.branches;
        self.branches_hit += o.branches_hit;
        self.branches_proved += o.branches_proved;
    }
}

/// A percentage for display (100 when there is nothing to cover).
pub fn percent(hit: u64, total: u64) -> f64 {
    if total == 0 {
        100.0
    } else {
        100.0 * hit as f64 / total as f64
    }
}

/// Whether outcome `i` of the branch at `pc` of a function was proved unreachable.
pub type Proved<'a> = dyn Fn(FuncId, u32, usize) -> bool + 'a;

/// One outcome of a branch: where it goes, and whether a path went there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arm {
    /// `true` / `false` for a conditional branch; `case 1, 5` / `default` for a switch.
    pub label: String,
    pub taken: bool,
    /// No execution reaches it (`trex cover` proved it).
    #[serde(default)]
    pub proved: bool,
}

/// A conditional branch or switch on a source line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// Ordinal among the branches of its line (LCOV's block number).
    pub id: u32,
    /// The branch instruction itself ran (LCOV writes `-` for the arms of one that did not).
    pub executed: bool,
    pub arms: Vec<Arm>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub instructions: u32,
    pub instructions_hit: u32,
    pub branches: Vec<Branch>,
}

impl Line {
    pub fn hit(&self) -> bool {
        self.instructions_hit > 0
    }
    /// Some branch outcome of the line was never taken although the line ran.
    pub fn partly(&self) -> bool {
        self.hit()
            && self
                .branches
                .iter()
                .any(|b| b.arms.iter().any(|a| !a.taken))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Function {
    pub name: String,
    /// Index in `Model::files` (or `Model::library` for library functions); `None` without
    /// debug information.
    pub file: Option<usize>,
    /// Line of the definition (0: unknown).
    pub line: u32,
    /// Its entry ran.
    pub entered: bool,
    pub totals: Totals,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct File {
    pub path: String,
    /// Lines holding instructions, by number.
    pub lines: BTreeMap<u32, Line>,
    /// Indices in the model's function list of the functions defined here.
    pub functions: Vec<usize>,
    pub totals: Totals,
}

/// A run's coverage: the program's files and functions, and the C library / runtime apart.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Model {
    pub files: Vec<File>,
    pub functions: Vec<Function>,
    pub totals: Totals,
    /// The C library and the runtime linked in (files and functions of theirs).
    pub library: Vec<File>,
    pub library_functions: Vec<Function>,
    pub library_totals: Totals,
}

/// `coverage.json`: what `trex report` reads besides KLEE's files.
#[derive(Serialize, Deserialize)]
pub struct Saved {
    /// `run` or `verify`.
    pub command: String,
    pub model: Model,
    pub timeline: timeline::Timeline,
    /// `trex cover`'s goals and what became of each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goals: Vec<GoalEntry>,
}

/// One goal of `trex cover` as `coverage.json` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoalEntry {
    pub function: String,
    /// `file:line`.
    pub place: String,
    /// The branch outcome (`true`, `case 3`, ...) or the called error function.
    pub outcome: String,
    /// `covered`, `proved` (unreachable) or `open`.
    pub status: String,
    /// The test that covers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<String>,
}

/// The names of the functions a program defines (its bitcode before linking): everything
/// else in the linked module is the C library or the runtime.
pub fn program_functions(program: &ir::Module) -> HashSet<String> {
    program
        .functions
        .iter()
        .filter(|f| !f.is_declaration)
        .map(|f| f.name.clone())
        .collect()
}

/// Builds one side (program or library) of the model.
struct Side {
    files: Vec<File>,
    by_path: HashMap<u32, usize>,
    functions: Vec<Function>,
}

impl Side {
    fn new() -> Side {
        Side {
            files: Vec::new(),
            by_path: HashMap::new(),
            functions: Vec::new(),
        }
    }

    fn file(&mut self, m: &ir::Module, file: u32) -> usize {
        *self.by_path.entry(file).or_insert_with(|| {
            self.files.push(File {
                path: m.files[file as usize].clone(),
                lines: BTreeMap::new(),
                functions: Vec::new(),
                totals: Totals::default(),
            });
            self.files.len() - 1
        })
    }

    fn add_function(&mut self, m: &ir::Module, cov: &Coverage, fid: FuncId, proved: &Proved) {
        let f = m.func(fid);
        let covered = |pc: usize| cov.is_covered(fid, pc as u32);
        let mut t = Totals {
            functions: 1,
            functions_hit: u64::from(covered(0)),
            instructions: f.code.len() as u64,
            blocks: f.blocks.len() as u64,
            ..Totals::default()
        };
        t.instructions_hit = (0..f.code.len()).filter(|&pc| covered(pc)).count() as u64;
        t.blocks_hit = f
            .blocks
            .iter()
            .filter(|b| covered(b.start as usize))
            .count() as u64;
        let home = [f.loc]
            .into_iter()
            .chain(f.code.iter().map(|i| i.loc))
            .find(|l| l.0 != 0)
            .map(|l| m.loc(l).file);
        let home_file = home.map(|h| self.file(m, h));
        // Lines and branches, per file of their location (inlined code may come from others).
        // (This function's own lines: a line it shares with inlined copies elsewhere is hit
        // for it when its own instructions there ran.)
        let mut fn_lines: HashMap<(usize, u32), bool> = HashMap::new();
        for (pc, inst) in f.code.iter().enumerate() {
            if inst.loc.0 == 0 {
                continue;
            }
            let loc = *m.loc(inst.loc);
            let fi = self.file(m, loc.file);
            let line = self.files[fi].lines.entry(loc.line).or_default();
            line.instructions += 1;
            line.instructions_hit += u32::from(covered(pc));
            *fn_lines.entry((fi, loc.line)).or_default() |= covered(pc);
            let mut arms = arms(fid, pc as u32, &inst.kind, cov);
            if !arms.is_empty() {
                for (i, a) in arms.iter_mut().enumerate() {
                    a.proved = !a.taken && proved(fid, pc as u32, i);
                }
                t.branches += arms.len() as u64;
                t.branches_hit += arms.iter().filter(|a| a.taken).count() as u64;
                t.branches_proved += arms.iter().filter(|a| a.proved).count() as u64;
                let id = line.branches.len() as u32;
                line.branches.push(Branch {
                    id,
                    executed: covered(pc),
                    arms,
                });
            }
        }
        t.lines = fn_lines.len() as u64;
        t.lines_hit = fn_lines.values().filter(|&&hit| hit).count() as u64;
        let idx = self.functions.len();
        if let Some(h) = home_file {
            self.files[h].functions.push(idx);
        }
        self.functions.push(Function {
            name: f.name.clone(),
            file: home_file,
            line: if f.loc.0 != 0 { m.loc(f.loc).line } else { 0 },
            entered: covered(0),
            totals: t,
        });
    }

    /// Per-file totals (lines and branches from the lines, the rest from the functions), the
    /// files sorted by path; returns the side's totals.
    fn finish(&mut self) -> Totals {
        for file in &mut self.files {
            file.functions
                .sort_by_key(|&i| (self.functions[i].line, self.functions[i].name.clone()));
            let mut t = Totals::default();
            for l in file.lines.values() {
                t.lines += 1;
                t.lines_hit += u64::from(l.hit());
                for b in &l.branches {
                    t.branches += b.arms.len() as u64;
                    t.branches_hit += b.arms.iter().filter(|a| a.taken).count() as u64;
                    t.branches_proved += b.arms.iter().filter(|a| a.proved).count() as u64;
                }
            }
            for &fi in &file.functions {
                let ft = &self.functions[fi].totals;
                t.functions += 1;
                t.functions_hit += ft.functions_hit;
                t.blocks += ft.blocks;
                t.blocks_hit += ft.blocks_hit;
                t.instructions += ft.instructions;
                t.instructions_hit += ft.instructions_hit;
            }
            file.totals = t;
        }
        let mut order: Vec<usize> = (0..self.files.len()).collect();
        order.sort_by(|&a, &b| self.files[a].path.cmp(&self.files[b].path));
        let mut new_index = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let mut files: Vec<Option<File>> = std::mem::take(&mut self.files)
            .into_iter()
            .map(Some)
            .collect();
        self.files = order.iter().map(|&o| files[o].take().unwrap()).collect();
        for f in &mut self.functions {
            f.file = f.file.map(|i| new_index[i]);
        }
        // Lines and branches are counted once per line (a line shared by two functions, or
        // outside any function's home file, is one line); blocks, instructions and functions
        // are the functions' sums, including those without a file.
        let mut t = Totals::default();
        for file in &self.files {
            t.lines += file.totals.lines;
            t.lines_hit += file.totals.lines_hit;
            t.branches += file.totals.branches;
            t.branches_hit += file.totals.branches_hit;
            t.branches_proved += file.totals.branches_proved;
        }
        for f in &self.functions {
            let mut ft = f.totals;
            if f.file.is_none() || f.line == 0 {
                // (No debug information: its code counts, but it is no function of the
                // source files, as in the LCOV tracefile.)
                ft.functions = 0;
                ft.functions_hit = 0;
            }
            ft.lines = 0;
            ft.lines_hit = 0;
            ft.branches = 0;
            ft.branches_hit = 0;
            ft.branches_proved = 0;
            t.add(&ft);
        }
        t
    }
}

/// The outcomes of the branch instruction at `pc` (empty for other instructions).
pub(crate) fn arms(fid: FuncId, pc: u32, kind: &InstKind, cov: &Coverage) -> Vec<Arm> {
    match kind {
        InstKind::CondBr { .. } => [(true, "true"), (false, "false")]
            .into_iter()
            .map(|(side, label)| Arm {
                label: label.into(),
                taken: cov.branch_taken(fid, pc, side),
                proved: false,
            })
            .collect(),
        InstKind::Switch { cases, default, .. } => cov
            .switch_outcomes(fid, pc)
            .into_iter()
            .map(|(target, taken)| {
                let values: Vec<String> = cases
                    .iter()
                    .filter(|(_, e)| e.target == target)
                    .map(|(v, _)| v.to_string())
                    .collect();
                let mut label = if values.is_empty() {
                    String::new()
                } else {
                    format!("case {}", values.join(", "))
                };
                if default.target == target {
                    label = if label.is_empty() {
                        "default".into()
                    } else {
                        format!("{label}, default")
                    };
                }
                Arm {
                    label,
                    taken,
                    proved: false,
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl Model {
    /// The coverage of `module` recorded in `cov`; `program` tells the program's functions
    /// (by name) from those of the C library and runtime.
    pub fn new(module: &ir::Module, cov: &Coverage, program: &dyn Fn(&str) -> bool) -> Model {
        Model::with_proved(module, cov, program, &|_, _, _| false)
    }

    /// `new`, with the branch outcomes `proved` names (function, branch, outcome index)
    /// marked proved unreachable (`trex cover`).
    pub fn with_proved(
        module: &ir::Module,
        cov: &Coverage,
        program: &dyn Fn(&str) -> bool,
        proved: &Proved,
    ) -> Model {
        let mut prog = Side::new();
        let mut lib = Side::new();
        for (i, f) in module.functions.iter().enumerate() {
            if f.is_declaration || f.code.is_empty() {
                continue;
            }
            let side = if program(&f.name) {
                &mut prog
            } else {
                &mut lib
            };
            side.add_function(module, cov, FuncId(i as u32), proved);
        }
        let totals = prog.finish();
        let library_totals = lib.finish();
        Model {
            files: prog.files,
            functions: prog.functions,
            totals,
            library: lib.files,
            library_functions: lib.functions,
            library_totals,
        }
    }

    /// The source lines that ran, per file path (the cross-check's terms).
    pub fn covered_lines(&self) -> BTreeMap<&str, Vec<u32>> {
        self.files
            .iter()
            .map(|f| {
                let lines = f
                    .lines
                    .iter()
                    .filter(|(_, l)| l.hit())
                    .map(|(n, _)| *n)
                    .collect();
                (f.path.as_str(), lines)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
