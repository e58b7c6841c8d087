//! Static distances on the CFG, as KLEE's `StatsTracker` computes them (0 means unreachable):
//!
//! * `min_dist_to_return(f, pc)`: instructions from `pc` to a `ret` of `f`, a call costing
//!   1 + the callee's shortest path to its return (callees that cannot return block the path;
//!   declarations cost 1, except the no-return ones of `ir::externs` such as `abort` and `exit`);
//! * `min_dist_to_uncovered(f, pc)`: instructions from `pc` to an uncovered instruction (an
//!   uncovered instruction is at distance 1), entering callees (a direct call to a defined
//!   function is at 1 + the callee's entry distance) or going through them as above.
//!
//! KLEE recomputes the second one from time to time (every `--uncovered-update-interval`); here
//! the owner calls [`Distances::recompute`] when it sees the coverage change. Both are fixpoints
//! solved with a block worklist per function and a function worklist over callers.

use super::coverage::Coverage;
use crate::ir;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Other,
    Ret,
    /// Direct call of this function.
    Call(u32),
}

/// What the distances need of one function: per instruction its kind, per block its bounds,
/// successors and predecessors.
struct FnCfg {
    ops: Vec<Op>,
    starts: Vec<u32>,
    succs: Vec<Vec<u32>>,
    preds: Vec<Vec<u32>>,
}

fn min_nz(a: u64, b: u64) -> u64 {
    match (a, b) {
        (0, x) | (x, 0) => x,
        (x, y) => x.min(y),
    }
}

pub struct Distances {
    cfgs: Vec<FnCfg>,
    defined: Vec<bool>,
    callers: Vec<Vec<u32>>,
    /// Shortest path from a function's entry to its return (0: never returns).
    fn_shortest: Vec<u64>,
    to_return: Vec<Vec<u32>>,
    to_uncovered: Vec<Vec<u32>>,
    /// `Coverage::covered_count` when `to_uncovered` was computed.
    version: u64,
}

impl Distances {
    /// Builds the CFG summary and the return distances, and computes the distances to
    /// uncovered code for `coverage` as it is now.
    pub fn new(module: &ir::Module, coverage: &Coverage) -> Distances {
        let mut d = Distances::without_goals(module);
        d.recompute(coverage);
        d
    }

    /// Distances to the instructions `is_goal` names (`trex verify`: the target sites) instead
    /// of uncovered ones; [`Distances::min_dist_to_uncovered`] and [`Distances::for_state`]
    /// then measure to the nearest goal.
    pub fn to_goals(module: &ir::Module, is_goal: &dyn Fn(ir::FuncId, u32) -> bool) -> Distances {
        let mut d = Distances::without_goals(module);
        d.recompute_goals(is_goal);
        d
    }

    /// The CFG summary and the return distances.
    fn without_goals(module: &ir::Module) -> Distances {
        let nf = module.functions.len();
        let mut cfgs = Vec::with_capacity(nf);
        let mut callers = vec![Vec::new(); nf];
        let mut defined = vec![false; nf];
        for (fi, f) in module.functions.iter().enumerate() {
            defined[fi] = !f.is_declaration && !f.code.is_empty() && !f.blocks.is_empty();
            let ops: Vec<Op> = f
                .code
                .iter()
                .map(|inst| match &inst.kind {
                    ir::InstKind::Ret { .. } => Op::Ret,
                    ir::InstKind::Call {
                        callee: ir::Callee::Direct(g),
                        ..
                    } if (g.0 as usize) < nf => {
                        if !callers[g.0 as usize].contains(&(fi as u32)) {
                            callers[g.0 as usize].push(fi as u32);
                        }
                        Op::Call(g.0)
                    }
                    _ => Op::Other,
                })
                .collect();
            let starts: Vec<u32> = f.blocks.iter().map(|b| b.start).collect();
            let mut succs = vec![Vec::new(); starts.len()];
            let mut preds = vec![Vec::new(); starts.len()];
            for b in 0..starts.len() {
                let end = block_end(&starts, b, f.code.len());
                if end == 0 || end <= starts[b] as usize {
                    continue;
                }
                let mut targets: Vec<u32> = Vec::new();
                let mut push = |e: &ir::Edge| {
                    if (e.target.0 as usize) < starts.len() && !targets.contains(&e.target.0) {
                        targets.push(e.target.0);
                    }
                };
                f.code[end - 1].kind.for_each_edge(&mut push);
                for &t in &targets {
                    preds[t as usize].push(b as u32);
                }
                succs[b] = targets;
            }
            cfgs.push(FnCfg {
                ops,
                starts,
                succs,
                preds,
            });
        }

        // Shortest paths to return.
        let mut fn_shortest: Vec<u64> = module
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if defined[i] || ir::externs::no_return(&f.name) {
                    0
                } else {
                    1
                }
            })
            .collect();
        let to_return = solve(
            &cfgs,
            &defined,
            &callers,
            &mut fn_shortest,
            |op, _, sp| match op {
                Op::Ret => (1, 0),
                Op::Call(g) => (0, through(sp[g as usize])),
                Op::Other => (0, 1),
            },
        );
        Distances {
            cfgs,
            defined,
            callers,
            fn_shortest,
            to_return,
            to_uncovered: Vec::new(),
            version: u64::MAX,
        }
    }

    /// `Coverage::covered_count` at the last computation.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Recomputes the distances to uncovered instructions.
    pub fn recompute(&mut self, coverage: &Coverage) {
        self.recompute_goals(&|f, pc| !coverage.is_covered(f, pc));
        self.version = coverage.covered_count();
    }

    /// Recomputes the distances to the instructions `is_goal` names.
    pub fn recompute_goals(&mut self, is_goal: &dyn Fn(ir::FuncId, u32) -> bool) {
        let sp = &self.fn_shortest;
        let mut entry = vec![0u64; self.cfgs.len()];
        self.to_uncovered = solve(
            &self.cfgs,
            &self.defined,
            &self.callers,
            &mut entry,
            |op, (f, pc), md| {
                let mut own = u64::from(is_goal(ir::FuncId(f), pc));
                let mut thr = 1;
                if let Op::Call(g) = op {
                    if md[g as usize] != 0 {
                        own = min_nz(own, 1 + md[g as usize]);
                    }
                    thr = through(sp[g as usize]);
                }
                (own, thr)
            },
        );
    }

    pub fn min_dist_to_return(&self, f: ir::FuncId, pc: u32) -> u64 {
        lookup(&self.to_return, f, pc)
    }

    pub fn min_dist_to_uncovered(&self, f: ir::FuncId, pc: u32) -> u64 {
        lookup(&self.to_uncovered, f, pc)
    }

    /// KLEE's `computeMinDistToUncovered`: the best of the local distance and the way out
    /// through the return, `at_return` being the distance from the return point (0: none).
    pub fn with_return(&self, f: ir::FuncId, pc: u32, at_return: u64) -> u64 {
        let local = self.min_dist_to_uncovered(f, pc);
        if at_return == 0 {
            return local;
        }
        let to_ret = self.min_dist_to_return(f, pc);
        if to_ret == 0 {
            local
        } else {
            min_nz(local, to_ret + at_return)
        }
    }

    /// Distance to uncovered code of a state at `(f, pc)` with the given call stack (outermost
    /// frame first, each the caller and the pc where it resumes): KLEE's chain of
    /// [`Distances::with_return`] from the outermost frame, evaluated from the innermost one
    /// so that it stops as soon as going further out cannot give a shorter distance (a return
    /// that cannot be reached, or the cost of the returns alone exceeds the best found). At
    /// most [`MAX_FRAMES`] caller frames are looked at, so deep recursion stays cheap.
    pub fn for_state(&self, f: ir::FuncId, pc: u32, stack: &[(ir::FuncId, u32)]) -> u64 {
        let mut best = self.min_dist_to_uncovered(f, pc);
        let mut cost = self.min_dist_to_return(f, pc);
        for &(cf, cpc) in stack.iter().rev().take(MAX_FRAMES) {
            if cost == 0 || (best != 0 && cost >= best) {
                break;
            }
            let local = self.min_dist_to_uncovered(cf, cpc);
            if local != 0 {
                best = min_nz(best, cost + local);
            }
            let r = self.min_dist_to_return(cf, cpc);
            cost = if r == 0 { 0 } else { cost + r };
        }
        best
    }
}

/// Caller frames [`Distances::for_state`] looks at, innermost first.
pub const MAX_FRAMES: usize = 1024;

fn through(sp: u64) -> u64 {
    if sp == 0 {
        0
    } else {
        1 + sp
    }
}

fn lookup(v: &[Vec<u32>], f: ir::FuncId, pc: u32) -> u64 {
    v.get(f.0 as usize)
        .and_then(|x| x.get(pc as usize))
        .map_or(0, |&d| d as u64)
}

fn block_end(starts: &[u32], b: usize, len: usize) -> usize {
    starts.get(b + 1).map_or(len, |&s| s as usize).min(len)
}

/// The fixpoint: `step(op, (f, pc), entry)` gives `(own, through)`: the instruction's own
/// distance (0: none) and the cost of passing it to its successors (0: cannot pass);
/// `entry[f]` is updated with the value at each defined function's first instruction and may
/// be read by `step`.
fn solve(
    cfgs: &[FnCfg],
    defined: &[bool],
    callers: &[Vec<u32>],
    entry: &mut [u64],
    step: impl Fn(Op, (u32, u32), &[u64]) -> (u64, u64),
) -> Vec<Vec<u32>> {
    let mut vals: Vec<Vec<u64>> = cfgs.iter().map(|c| vec![0; c.ops.len()]).collect();
    let mut fwork: Vec<u32> = (0..cfgs.len() as u32)
        .rev()
        .filter(|&f| defined[f as usize])
        .collect();
    let mut in_fwork = vec![false; cfgs.len()];
    fwork.iter().for_each(|&f| in_fwork[f as usize] = true);
    let mut bwork: Vec<u32> = Vec::new();
    let mut in_bwork: Vec<bool> = Vec::new();
    while let Some(f) = fwork.pop() {
        in_fwork[f as usize] = false;
        let cfg = &cfgs[f as usize];
        let v = &mut vals[f as usize];
        let n = cfg.starts.len();
        bwork.clear();
        bwork.extend(0..n as u32);
        in_bwork.clear();
        in_bwork.resize(n, true);
        while let Some(b) = bwork.pop() {
            in_bwork[b as usize] = false;
            let start = cfg.starts[b as usize] as usize;
            let end = block_end(&cfg.starts, b as usize, cfg.ops.len());
            if end <= start {
                continue;
            }
            let old = v[start];
            for pc in (start..end).rev() {
                let (own, thr) = step(cfg.ops[pc], (f, pc as u32), entry);
                let mut best = own;
                if thr != 0 {
                    if pc + 1 < end {
                        if v[pc + 1] != 0 {
                            best = min_nz(best, thr + v[pc + 1]);
                        }
                    } else {
                        for &t in &cfg.succs[b as usize] {
                            let d = v[cfg.starts[t as usize] as usize];
                            if d != 0 {
                                best = min_nz(best, thr + d);
                            }
                        }
                    }
                }
                v[pc] = best;
            }
            if v[start] != old {
                for &p in &cfg.preds[b as usize] {
                    if !in_bwork[p as usize] {
                        in_bwork[p as usize] = true;
                        bwork.push(p);
                    }
                }
            }
        }
        let e = v.first().copied().unwrap_or(0);
        if e != entry[f as usize] {
            entry[f as usize] = e;
            for &c in &callers[f as usize] {
                if !in_fwork[c as usize] {
                    in_fwork[c as usize] = true;
                    fwork.push(c);
                }
            }
        }
    }
    vals.into_iter()
        .map(|v| {
            v.into_iter()
                .map(|d| d.min(NONE as u64 - 1) as u32)
                .collect()
        })
        .collect()
}
