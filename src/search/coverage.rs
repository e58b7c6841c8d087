//! Which instructions have been executed, shared between the executor (which marks) and the
//! searchers (which read). One bit per instruction, atomics, so it can be shared with `Arc`;
//! plus, for `nurs:icnt`, how many times each instruction was executed (KLEE's
//! `stats::instructions` per instruction), kept by [`Coverage::record`].

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::ir;

pub struct Coverage {
    /// Per function, one bit per instruction of `code`.
    bits: Vec<Box<[AtomicU64]>>,
    /// Per function, per instruction: executions (saturating at `u32::MAX`; a plain load and
    /// store, not a locked add: concurrent executors may lose a few counts of a heuristic).
    counts: Vec<Box<[AtomicU32]>>,
    /// Number of instructions covered so far; also serves as a version: it changes exactly
    /// when coverage changes.
    covered: AtomicU64,
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
        Coverage {
            bits,
            counts,
            covered: AtomicU64::new(0),
        }
    }

    /// Marks instruction `pc` of `f` as executed; true if it was not covered before (new
    /// coverage: the executor then resets the state's instructions-since-new-coverage).
    /// Out-of-range positions are ignored.
    #[inline]
    pub fn mark(&self, f: ir::FuncId, pc: u32) -> bool {
        let Some(word) = self
            .bits
            .get(f.0 as usize)
            .and_then(|b| b.get(pc as usize / 64))
        else {
            return false;
        };
        let bit = 1u64 << (pc % 64);
        if word.load(Ordering::Relaxed) & bit != 0 {
            return false;
        }
        let old = word.fetch_or(bit, Ordering::Relaxed);
        if old & bit == 0 {
            self.covered.fetch_add(1, Ordering::Relaxed);
            true
        } else {
            false
        }
    }

    /// Counts one execution of instruction `pc` of `f` and marks it covered; true if it is new
    /// coverage (as [`Coverage::mark`]). The executor calls this (or only `mark` when it does
    /// not need `nurs:icnt`) for every instruction it executes.
    #[inline]
    pub fn record(&self, f: ir::FuncId, pc: u32) -> bool {
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
        self.mark(f, pc)
    }

    /// How many times instruction `pc` of `f` was executed (through [`Coverage::record`]).
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

    /// Number of covered instructions (monotone: a cheap "has coverage changed" version).
    pub fn covered_count(&self) -> u64 {
        self.covered.load(Ordering::Relaxed)
    }
}
