//! Instructions whose result only a `select` can choose: every use of the register is a value
//! operand of a `select` (not its condition, not a phi copy, nothing else), directly or through
//! integer operations, casts and comparisons whose own results are such. The optimizer creates
//! them by speculating a guarded expression out of its branch (`c ? a : (short)(x >> y)`
//! becomes an unconditional `lshr`, a `trunc` and a `select`): when such a shift is over-wide
//! its result is poison, harmless unless the select picks it, so the executor reports the
//! error only then (and carries the poison through the operations in between).

use super::{BinOp, Function, InstKind, Operand};

/// Per instruction of `f.code`: its result is used, and only on the way to a select's value
/// operand.
pub fn select_only(f: &Function) -> Vec<bool> {
    let n = f.num_regs as usize;
    // Per register: the instructions that read it, and whether some use is neither a select
    // arm nor an operand of an instruction that carries poison on.
    let mut bad = vec![false; n];
    let mut used = vec![false; n];
    let mut carriers: Vec<Vec<usize>> = vec![Vec::new(); n];
    let reg = |o: &Operand| match *o {
        Operand::Reg(r) if (r.0 as usize) < n => Some(r.0 as usize),
        _ => None,
    };
    for (pc, inst) in f.code.iter().enumerate() {
        let carries = matches!(inst.kind, InstKind::Cast { .. } | InstKind::ICmp { .. })
            || matches!(
                inst.kind,
                InstKind::Bin { op, .. } if !matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem)
            );
        match &inst.kind {
            InstKind::Select { cond, t, f: e, .. } => {
                for o in [t, e] {
                    if let Some(r) = reg(o) {
                        used[r] = true;
                    }
                }
                if let Some(r) = reg(cond) {
                    used[r] = true;
                    bad[r] = true;
                }
            }
            k => k.for_each_operand(&mut |o| {
                if let Some(r) = reg(o) {
                    used[r] = true;
                    if carries && inst.dst.is_some() {
                        carriers[r].push(pc);
                    } else {
                        bad[r] = true;
                    }
                }
            }),
        }
        inst.kind.for_each_edge(&mut |e| {
            for c in &e.copies {
                if let Some(r) = reg(&c.src) {
                    used[r] = true;
                    bad[r] = true;
                }
            }
        });
    }
    // A carrier whose result is not select-only makes its operands not select-only: to a
    // fixed point (each round marks at least one more register, or stops).
    let dst = |pc: usize| f.code[pc].dst.map(|d| d.0 as usize);
    loop {
        let mut changed = false;
        for r in 0..n {
            if !bad[r]
                && carriers[r]
                    .iter()
                    .any(|&pc| dst(pc).is_none_or(|d| bad[d] || !used[d]))
            {
                bad[r] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    f.code
        .iter()
        .map(|i| {
            i.dst
                .is_some_and(|d| used[d.0 as usize] && !bad[d.0 as usize])
        })
        .collect()
}
