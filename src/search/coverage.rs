//! Which instructions have been executed, shared between the executor (which marks) and the
//! searchers (which read). One bit per instruction, atomics, so it can be shared with `Arc`.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::ir;

pub struct Coverage {
    /// Per function, one bit per instruction of `code`.
    bits: Vec<Box<[AtomicU64]>>,
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
        Coverage {
            bits,
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
