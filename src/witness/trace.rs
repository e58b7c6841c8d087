//! From what `trex verify` found to a witness: the reached target's recorded inputs as steps
//! at the task's own positions, or the proved invariants. A step that cannot be placed or
//! printed ends the list there (later values without it would be handed to the wrong calls),
//! and the caller is told why.

use super::literal::{c_type, literal};
use super::record::NondetCall;
use super::source::Source;
use super::{Located, Location, LoopInvariant, Step, Witness};
use crate::ir::{FuncId, LocId, Module};
use crate::verify::Target;

/// The violation witness of `target` with the inputs `calls` of its replayed test; the second
/// value says why some inputs are missing. `None` when the target has no place in the task.
pub fn violation(
    m: &Module,
    src: &Source,
    target: &Target,
    calls: &[NondetCall],
) -> Option<(Witness, Option<String>)> {
    let (tf, _) = target.sites.first().copied()?;
    let (line, col) = place(m, src, target.loc)?;
    let at = Location {
        line,
        column: (col > 0).then_some(col),
        function: function_at(m, tf, target.loc),
    };
    let mut steps = Vec::with_capacity(calls.len());
    let mut missing = None;
    for (k, c) in calls.iter().enumerate() {
        match step(m, src, c) {
            Ok(s) => steps.push(s),
            Err(why) => {
                missing = Some(format!("input {} of {}: {why}", k + 1, calls.len()));
                break;
            }
        }
    }
    Some((Witness::Violation { steps, target: at }, missing))
}

fn step(m: &Module, src: &Source, c: &NondetCall) -> Result<Step, String> {
    let callee = m.func(c.call.callee);
    let loc = m.func(c.call.func).code[c.call.pc as usize].loc;
    let (line, col) = place(m, src, loc).ok_or("its call has no place in the task")?;
    let ty = c_type(m, &callee.name, callee.ret)
        .ok_or_else(|| format!("{} returns no type with constants", callee.name))?;
    Ok(Step {
        at: Location {
            line,
            column: (col > 0).then(|| src.call_end(line, col)).flatten(),
            function: function_at(m, c.call.func, loc),
        },
        callee: callee.name.clone(),
        value: literal(ty, &c.bytes),
    })
}

/// The task's (line, column) of a debug location (column 0: none).
fn place(m: &Module, src: &Source, loc: LocId) -> Option<(u32, u32)> {
    if loc.0 == 0 {
        return None;
    }
    let l = m.loc(loc);
    let line = src.physical_line(&m.files[l.file as usize], l.line)?;
    Some((line, l.col))
}

/// The source function of a location in the IR function `f`: `f`'s name when no other
/// function of the module starts between `f`'s start and the location in the same file
/// (after inlining, code of another function stands in `f`: then `None`).
fn function_at(m: &Module, f: FuncId, loc: LocId) -> Option<String> {
    let func = m.func(f);
    if func.loc.0 == 0 || loc.0 == 0 {
        return None;
    }
    let (start, at) = (m.loc(func.loc), m.loc(loc));
    if start.file != at.file || start.line > at.line {
        return None;
    }
    let between = m.functions.iter().any(|g| {
        !g.is_declaration && g.loc.0 != 0 && {
            let s = m.loc(g.loc);
            s.file == at.file && s.line > start.line && s.line <= at.line
        }
    });
    (!between).then(|| func.name.clone())
}

/// The correctness witness with the invariants that have a place in the task; the second
/// value counts those left out.
pub fn correctness(src: &Source, invariants: &[LoopInvariant]) -> (Witness, usize) {
    let mut kept = Vec::new();
    for inv in invariants {
        if let Some(line) = src.physical_line(&inv.file, inv.line) {
            kept.push(Located {
                at: Location {
                    line,
                    column: (inv.column > 0).then_some(inv.column),
                    function: Some(inv.function.clone()),
                },
                value: inv.value.clone(),
            });
        }
    }
    let left = invariants.len() - kept.len();
    (Witness::Correctness { invariants: kept }, left)
}
