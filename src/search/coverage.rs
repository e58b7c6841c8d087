//! Which instructions have been executed and which sides of each conditional branch taken,
//! shared between the executor (which marks) and the searchers (which read). One bit per
//! instruction and two per branch, atomics, so it can be shared with `Arc`; plus, for
//! `nurs:icnt`, how many times each instruction was executed (KLEE's `stats::instructions` per
//! instruction), kept when counting is on.
//!
//! The executor marks straight-line runs at once ([`Coverage::mark_range`]: from where a run
//! entered a block, or resumed after a call, to the instruction that left it), so the cost is
//! per jump, not per instruction. Switches record which of their distinct target blocks were
//! jumped to ([`Coverage::mark_switch`]); the coverage reports (`crate::coverage`) read it all
//! after the run, or sample it while it goes.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::ir;

pub struct Coverage {
    /// Per function, one bit per instruction of `code`.
    bits: Vec<Box<[AtomicU64]>>,
    /// Per function, per instruction: executions (saturating at `u32::MAX`; a plain load and
    /// store, not a locked add: concurrent executors may lose a few counts of a heuristic).
    counts: Vec<Box<[AtomicU32]>>,
    /// Per function, two bits per instruction: the true / false side of a conditional branch
    /// at that instruction was taken.
    branches: Vec<Box<[AtomicU64]>>,
    /// Number of instructions covered so far; also serves as a version: it changes exactly
    /// when coverage changes.
    covered: AtomicU64,
    /// `mark_range` also counts executions (for `nurs:icnt`).
    counting: bool,
    /// Per function: its switches as (pc, index of the first target in `switch_targets`),
    /// sorted by pc (binary search: no table per instruction for the few switches).
    switches: Vec<Box<[(u32, u32)]>>,
    /// Per function: each switch's distinct target blocks, in case order then the default.
    switch_targets: Vec<Box<[ir::BlockId]>>,
    /// Per function, one bit per entry of `switch_targets`: that target was jumped to.
    switch_taken: Vec<Box<[AtomicU64]>>,
}

impl std::fmt::Debug for Coverage {
    // (A `Config` holding one prints as a size, not as its bits.)
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Coverage")
            .field("covered", &self.covered_count())
            .field("counting", &self.counting)
            .finish_non_exhaustive()
    }
}

impl Coverage {
    pub fn new(module: &ir::Module) -> Coverage {
        let bits = module
            .functions
            .iter()
            .map(|f| {
                (0..f.code.len().div_ceil(64))
                    .map(|_| AtomicU64::new(0))
                    .collect()
            })
            .collect();
        let counts = module
            .functions
            .iter()
            .map(|f| (0..f.code.len()).map(|_| AtomicU32::new(0)).collect())
            .collect();
        let branches = module
            .functions
            .iter()
            .map(|f| {
                (0..(2 * f.code.len()).div_ceil(64))
                    .map(|_| AtomicU64::new(0))
                    .collect()
            })
            .collect();
        let mut switches = Vec::new();
        let mut switch_targets = Vec::new();
        let mut switch_taken = Vec::new();
        for f in &module.functions {
            let mut sw = Vec::new();
            let mut targets = Vec::new();
            for (pc, inst) in f.code.iter().enumerate() {
                if let ir::InstKind::Switch { cases, default, .. } = &inst.kind {
                    sw.push((pc as u32, targets.len() as u32));
                    let first = targets.len();
                    for e in cases.iter().map(|(_, e)| e).chain([default]) {
                        if !targets[first..].contains(&e.target) {
                            targets.push(e.target);
                        }
                    }
                }
            }
            switch_taken.push(
                (0..targets.len().div_ceil(64))
                    .map(|_| AtomicU64::new(0))
                    .collect(),
            );
            switches.push(sw.into_boxed_slice());
            switch_targets.push(targets.into_boxed_slice());
        }
        Coverage {
            bits,
            counts,
            branches,
            covered: AtomicU64::new(0),
            counting: false,
            switches,
            switch_targets,
            switch_taken,
        }
    }

    /// The coverage a run with these searchers records (counting for `nurs:icnt`).
    pub fn for_search(module: &ir::Module, search: &[super::SearchKind]) -> Coverage {
        if search.contains(&super::SearchKind::NursICnt) {
            Coverage::counting(module)
        } else {
            Coverage::new(module)
        }
    }

    /// Coverage whose `mark_range` also counts executions per instruction (`nurs:icnt`).
    pub fn counting(module: &ir::Module) -> Coverage {
        Coverage {
            counting: true,
            ..Coverage::new(module)
        }
    }

    /// Marks instructions `from..=to` of `f` executed (a straight-line run); returns how many
    /// were not covered before. An empty or out-of-range run marks nothing.
    #[inline(always)]
    pub fn mark_range(&self, f: ir::FuncId, from: u32, to: u32) -> u32 {
        // Fast path (most runs, once the code ran): one word, already all set.
        if !self.counting && from <= to && from / 64 == to / 64 {
            if let Some(word) = self
                .bits
                .get(f.0 as usize)
                .and_then(|b| b.get(from as usize / 64))
            {
                let mask = (u64::MAX >> (63 - to % 64)) & (u64::MAX << (from % 64));
                if word.load(Ordering::Relaxed) & mask == mask {
                    return 0;
                }
            }
        }
        self.mark_range_slow(f, from, to)
    }

    #[cold]
    fn mark_range_slow(&self, f: ir::FuncId, from: u32, to: u32) -> u32 {
        if self.counting {
            for pc in from..=to {
                self.count_one(f, pc);
            }
        }
        let Some(words) = self.bits.get(f.0 as usize) else {
            return 0;
        };
        if from > to || to as usize / 64 >= words.len() {
            return 0;
        }
        let mut new = 0;
        for w in from / 64..=to / 64 {
            let lo = if w == from / 64 { from % 64 } else { 0 };
            let hi = if w == to / 64 { to % 64 } else { 63 };
            let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
            let word = &words[w as usize];
            if word.load(Ordering::Relaxed) & mask == mask {
                continue;
            }
            let old = word.fetch_or(mask, Ordering::Relaxed);
            new += (mask & !old).count_ones();
        }
        if new != 0 {
            self.covered.fetch_add(new as u64, Ordering::Relaxed);
        }
        new
    }

    /// Marks instructions `from..=to` of `f` covered without counting an execution (a run
    /// recorded before it ends: `--write-cov`); calls `newly` with each one not covered
    /// before.
    pub fn cover_reporting(&self, f: ir::FuncId, from: u32, to: u32, mut newly: impl FnMut(u32)) {
        let Some(words) = self.bits.get(f.0 as usize) else {
            return;
        };
        if from > to || to as usize / 64 >= words.len() {
            return;
        }
        let mut new = 0u64;
        for pc in from..=to {
            let bit = 1u64 << (pc % 64);
            if words[pc as usize / 64].fetch_or(bit, Ordering::Relaxed) & bit == 0 {
                new += 1;
                newly(pc);
            }
        }
        if new != 0 {
            self.covered.fetch_add(new, Ordering::Relaxed);
        }
    }

    /// Calls `f` with each instruction of `from..=to` of `func` not covered yet.
    pub fn uncovered_in(&self, func: ir::FuncId, from: u32, to: u32, mut f: impl FnMut(u32)) {
        let Some(words) = self.bits.get(func.0 as usize) else {
            return;
        };
        for pc in from..=to.min((words.len() * 64) as u32 - 1) {
            if words[pc as usize / 64].load(Ordering::Relaxed) >> (pc % 64) & 1 == 0 {
                f(pc);
            }
        }
    }

    /// The side (`true`: the true edge) of the conditional branch at `pc` of `f` was taken;
    /// true if it had not been before (KLEE marks the path as having covered new code).
    #[inline]
    pub fn mark_branch(&self, f: ir::FuncId, pc: u32, side: bool) -> bool {
        let k = 2 * pc as usize + usize::from(!side);
        let Some(word) = self.branches.get(f.0 as usize).and_then(|b| b.get(k / 64)) else {
            return false;
        };
        let bit = 1u64 << (k % 64);
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// The switch at `pc` of `f` jumped to block `target`; true if no path had before.
    #[inline]
    pub fn mark_switch(&self, f: ir::FuncId, pc: u32, target: ir::BlockId) -> bool {
        let Some(k) = self.switch_target_index(f, pc, target) else {
            return false;
        };
        let word = &self.switch_taken[f.0 as usize][k / 64];
        let bit = 1u64 << (k % 64);
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// Index in `switch_targets[f]` of `target` of the switch at `pc`.
    fn switch_target_index(&self, f: ir::FuncId, pc: u32, target: ir::BlockId) -> Option<usize> {
        let sw = self.switches.get(f.0 as usize)?;
        let i = sw.binary_search_by_key(&pc, |s| s.0).ok()?;
        let first = sw[i].1 as usize;
        let end = sw
            .get(i + 1)
            .map_or(self.switch_targets[f.0 as usize].len(), |s| s.1 as usize);
        let t = self.switch_targets[f.0 as usize][first..end]
            .iter()
            .position(|&b| b == target)?;
        Some(first + t)
    }

    /// The distinct target blocks of the switch at `pc` of `f` (case order, then the default),
    /// each with whether it was jumped to; empty if there is no switch there.
    pub fn switch_outcomes(&self, f: ir::FuncId, pc: u32) -> Vec<(ir::BlockId, bool)> {
        let Some(sw) = self.switches.get(f.0 as usize) else {
            return Vec::new();
        };
        let Ok(i) = sw.binary_search_by_key(&pc, |s| s.0) else {
            return Vec::new();
        };
        let targets = &self.switch_targets[f.0 as usize];
        let first = sw[i].1 as usize;
        let end = sw.get(i + 1).map_or(targets.len(), |s| s.1 as usize);
        (first..end)
            .map(|k| {
                let w = self.switch_taken[f.0 as usize][k / 64].load(Ordering::Relaxed);
                (targets[k], w & (1u64 << (k % 64)) != 0)
            })
            .collect()
    }

    /// Whether the side (`true`: the true edge) of the conditional branch at `pc` of `f` was
    /// taken.
    pub fn branch_taken(&self, f: ir::FuncId, pc: u32, side: bool) -> bool {
        let k = 2 * pc as usize + usize::from(!side);
        self.branches
            .get(f.0 as usize)
            .and_then(|b| b.get(k / 64))
            .is_some_and(|w| w.load(Ordering::Relaxed) & (1u64 << (k % 64)) != 0)
    }

    fn count_one(&self, f: ir::FuncId, pc: u32) {
        if let Some(c) = self
            .counts
            .get(f.0 as usize)
            .and_then(|c| c.get(pc as usize))
        {
            let n = c.load(Ordering::Relaxed);
            if n != u32::MAX {
                c.store(n + 1, Ordering::Relaxed);
            }
        }
    }

    /// How many times instruction `pc` of `f` was executed (counted by `mark_range` when counting).
    pub fn count(&self, f: ir::FuncId, pc: u32) -> u64 {
        self.counts
            .get(f.0 as usize)
            .and_then(|c| c.get(pc as usize))
            .map_or(0, |c| c.load(Ordering::Relaxed) as u64)
    }

    pub fn is_covered(&self, f: ir::FuncId, pc: u32) -> bool {
        self.bits
            .get(f.0 as usize)
            .and_then(|b| b.get(pc as usize / 64))
            .is_some_and(|w| w.load(Ordering::Relaxed) & (1u64 << (pc % 64)) != 0)
    }

    /// Number of covered instructions among the first `n` of `f` (its code).
    pub fn covered_in(&self, f: ir::FuncId, n: u32) -> u64 {
        let Some(words) = self.bits.get(f.0 as usize) else {
            return 0;
        };
        let n = n as usize;
        words
            .iter()
            .enumerate()
            .take(n.div_ceil(64))
            .map(|(i, w)| {
                let mut v = w.load(Ordering::Relaxed);
                if (i + 1) * 64 > n {
                    v &= u64::MAX >> (64 - (n - i * 64));
                }
                u64::from(v.count_ones())
            })
            .sum()
    }

    /// Adds what `o` (of the same module) covered: instructions, branch sides, switch
    /// targets (not the execution counts).
    pub fn absorb(&self, o: &Coverage) {
        let or = |a: &[Box<[AtomicU64]>], b: &[Box<[AtomicU64]>]| {
            for (x, y) in a.iter().zip(b) {
                for (w, v) in x.iter().zip(y.iter()) {
                    w.fetch_or(v.load(Ordering::Relaxed), Ordering::Relaxed);
                }
            }
        };
        or(&self.bits, &o.bits);
        or(&self.branches, &o.branches);
        or(&self.switch_taken, &o.switch_taken);
        let n: u64 = self
            .bits
            .iter()
            .flat_map(|b| b.iter())
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum();
        self.covered.store(n, Ordering::Relaxed);
    }

    /// Number of covered instructions (monotone: a cheap "has coverage changed" version).
    pub fn covered_count(&self) -> u64 {
        self.covered.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
impl Coverage {
    /// Marks one instruction (tests set up coverage with it).
    pub(crate) fn mark(&self, f: ir::FuncId, pc: u32) -> bool {
        self.mark_range(f, pc, pc) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with one function of `n` instructions (only the code length matters here).
    fn module(n: usize) -> ir::Module {
        let inst = ir::Inst {
            dst: None,
            kind: ir::InstKind::Unreachable,
            loc: ir::LocId(0),
        };
        let mut m = ir::Module::default();
        m.functions.push(ir::Function {
            name: "f".into(),
            params: vec![],
            byval: vec![],
            ret: ir::TypeId(0),
            is_vararg: false,
            is_declaration: false,
            num_regs: 0,
            code: vec![inst; n],
            blocks: vec![],
            loc: ir::LocId(0),
            asm_lines: Vec::new(),
            is_extern_weak: false,
            param_names: Vec::new(),
        });
        m
    }

    #[test]
    fn ranges_mark_each_instruction_once_across_words() {
        let c = Coverage::new(&module(200));
        let f = ir::FuncId(0);
        assert_eq!(c.mark_range(f, 60, 130), 71);
        assert_eq!(c.mark_range(f, 0, 199), 200 - 71);
        assert_eq!(c.mark_range(f, 5, 5), 0);
        assert_eq!(c.covered_count(), 200);
        assert!(c.is_covered(f, 199) && c.is_covered(f, 0));
        // Empty and out-of-range runs mark nothing.
        let c = Coverage::new(&module(10));
        assert_eq!(c.mark_range(f, 4, 3), 0);
        assert_eq!(c.mark_range(f, 0, 64), 0);
        assert_eq!(c.covered_count(), 0);
        for pc in 0..10 {
            assert_eq!(c.mark_range(f, pc, pc), 1);
        }
    }

    #[test]
    fn ranges_count_executions_when_counting() {
        let c = Coverage::counting(&module(8));
        let f = ir::FuncId(0);
        c.mark_range(f, 2, 5);
        c.mark_range(f, 4, 6);
        assert_eq!(
            (0..8).map(|pc| c.count(f, pc)).collect::<Vec<_>>(),
            [0, 0, 1, 1, 2, 2, 1, 0]
        );
        let c = Coverage::new(&module(8));
        c.mark_range(f, 2, 5);
        assert_eq!(c.count(f, 3), 0);
    }

    #[test]
    fn absorbing_adds_the_other_coverage() {
        let (a, b) = (Coverage::new(&module(70)), Coverage::new(&module(70)));
        let f = ir::FuncId(0);
        a.mark_range(f, 0, 3);
        b.mark_range(f, 2, 65);
        b.mark_branch(f, 69, false);
        a.absorb(&b);
        assert_eq!(a.covered_count(), 66);
        assert!(a.is_covered(f, 65) && !a.is_covered(f, 66));
        assert!(a.branch_taken(f, 69, false) && !a.branch_taken(f, 69, true));
        assert_eq!(b.covered_count(), 64);
    }

    #[test]
    fn branch_sides_are_new_once() {
        let c = Coverage::new(&module(70));
        let f = ir::FuncId(0);
        assert!(c.mark_branch(f, 69, true));
        assert!(!c.mark_branch(f, 69, true));
        assert!(c.mark_branch(f, 69, false));
        assert!(!c.mark_branch(f, 69, false));
        assert!(c.mark_branch(f, 68, true));
        // Branch sides are not instructions.
        assert_eq!(c.covered_count(), 0);
    }

    #[test]
    fn switch_targets_are_distinct_blocks_marked_once() {
        let mut m = module(4);
        let e = |b| ir::Edge {
            target: ir::BlockId(b),
            copies: vec![],
        };
        // Two switches; the first has two cases to block 1 (one target) and a default to 3.
        m.functions[0].code[1].kind = ir::InstKind::Switch {
            cond: ir::Operand::Const(ir::ConstId(0)),
            width: 32,
            cases: vec![(1, e(1)), (2, e(2)), (5, e(1))],
            default: e(3),
        };
        m.functions[0].code[3].kind = ir::InstKind::Switch {
            cond: ir::Operand::Const(ir::ConstId(0)),
            width: 32,
            cases: vec![(0, e(2))],
            default: e(2),
        };
        let c = Coverage::new(&m);
        let f = ir::FuncId(0);
        let b = ir::BlockId;
        assert_eq!(
            c.switch_outcomes(f, 1),
            [(b(1), false), (b(2), false), (b(3), false)]
        );
        assert!(c.mark_switch(f, 1, b(3)));
        assert!(!c.mark_switch(f, 1, b(3)));
        assert!(c.mark_switch(f, 1, b(1)));
        // Not a target of that switch, not a switch: nothing.
        assert!(!c.mark_switch(f, 1, b(0)));
        assert!(!c.mark_switch(f, 2, b(1)));
        assert_eq!(
            c.switch_outcomes(f, 1),
            [(b(1), true), (b(2), false), (b(3), true)]
        );
        assert_eq!(c.switch_outcomes(f, 3), [(b(2), false)]);
        assert!(c.mark_switch(f, 3, b(2)));
        assert_eq!(c.switch_outcomes(f, 3), [(b(2), true)]);
        assert!(c.switch_outcomes(f, 0).is_empty());
        // Switch targets are neither instructions nor branch sides.
        assert_eq!(c.covered_count(), 0);
        assert!(!c.branch_taken(f, 1, true));
    }
}
