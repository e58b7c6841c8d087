//! Reachability targets (`trex verify`): instruction sites whose execution the run watches.
//!
//! A target is a set of sites (function, instruction index): a call site of `reach_error`, or
//! every instruction of a source line. The run records the first time each target is reached
//! with a model of the path's inputs ([`TargetHit`]); the path goes on (reaching a target is
//! not an error), and the run halts (`"targets-reached"`) once every target was reached.

use std::time::Duration;

use crate::ir::FuncId;

/// The watched sites of a run, each mapped to its target's index.
#[derive(Debug, Clone, Default)]
pub struct Targets {
    sites: hashbrown::HashMap<(FuncId, u32), u32>,
    /// The sites' keys, tested at every instruction first.
    any: crate::ir::pcset::PcSet,
    count: u32,
    /// The run halts at the first hit of any target (SV-COMP: one reachable call answers).
    pub first_hit_halts: bool,
}

impl Targets {
    /// Targets `0..n`, target `i` reached at any of `sites[i]`.
    pub fn new(sites: &[Vec<(FuncId, u32)>]) -> Targets {
        let mut t = Targets {
            sites: hashbrown::HashMap::new(),
            any: Default::default(),
            count: sites.len() as u32,
            first_hit_halts: false,
        };
        for (i, ss) in sites.iter().enumerate() {
            for &s in ss {
                t.sites.insert(s, i as u32);
                t.any.insert(s.0, s.1);
            }
        }
        t
    }

    /// The target of a site, if any.
    #[inline]
    pub fn at(&self, func: FuncId, pc: u32) -> Option<u32> {
        if !self.any.contains(func, pc) {
            return None;
        }
        self.sites.get(&(func, pc)).copied()
    }

    /// Every watched site.
    pub fn sites(&self) -> &crate::ir::pcset::PcSet {
        &self.any
    }

    pub fn count(&self) -> u32 {
        self.count
    }
}

/// The first time a target was reached.
#[derive(Debug, Clone)]
pub struct TargetHit {
    /// Index of the target (in the order given to [`Targets::new`]).
    pub target: u32,
    /// Inputs that reach it: the path's symbolic objects in creation order (name, bytes).
    pub objects: Vec<(String, Vec<u8>)>,
    /// Time from the start of the run.
    pub elapsed: Duration,
}

/// A call of an input-making function (`__VERIFIER_nondet_*`) made by a path: the calling
/// function and instruction, and the function called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputCall {
    pub func: FuncId,
    pub pc: u32,
    pub callee: FuncId,
}
