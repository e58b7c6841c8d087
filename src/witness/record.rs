//! The `__VERIFIER_nondet_*` calls of a replayed test, in execution order: an observer of the
//! replay (`crate::verify`'s confirmation run) notes each direct call of one before it runs;
//! the values are the test's objects, which the replay hands to those calls in the same order
//! (one object per call, named after the function).

use crate::exec::machine::{Observer, StepEvent, Worker, R};
use crate::exec::target::InputCall;
use crate::exec::{Config, Outcome};
use crate::ir::pcset::PcSet;
use crate::ir::{Callee, FuncId, InstKind, Module};

/// The name prefix of SV-COMP's input functions.
pub const NONDET_PREFIX: &str = "__VERIFIER_nondet_";

/// One input of the replayed path: the call (caller, instruction, callee) and the bytes it
/// returned (little-endian, the function's return type's store size).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NondetCall {
    pub call: InputCall,
    pub bytes: Vec<u8>,
}

/// The observers of a replay that records its input calls: the run's usual ones, then the
/// recorder (`exec::Config::observers`).
pub(crate) fn observers(m: &Module, cfg: &Config) -> Vec<Box<dyn Observer>> {
    let mut v = crate::extensions::observers(m, cfg);
    v.push(Box::new(Recorder::new(m)));
    v
}

/// Notes every direct call of a `__VERIFIER_nondet_*` function declared in the module.
struct Recorder {
    sites: PcSet,
    callee: hashbrown::HashMap<(FuncId, u32), FuncId>,
    calls: Vec<InputCall>,
}

impl Recorder {
    fn new(m: &Module) -> Recorder {
        let mut r = Recorder {
            sites: PcSet::default(),
            callee: hashbrown::HashMap::new(),
            calls: Vec::new(),
        };
        for (fi, f) in m.functions.iter().enumerate() {
            let fid = FuncId(fi as u32);
            for (pc, inst) in f.code.iter().enumerate() {
                if let InstKind::Call {
                    callee: Callee::Direct(c),
                    ..
                } = &inst.kind
                {
                    let g = m.func(*c);
                    if g.is_declaration && g.name.starts_with(NONDET_PREFIX) {
                        r.sites.insert(fid, pc as u32);
                        r.callee.insert((fid, pc as u32), *c);
                    }
                }
            }
        }
        r
    }
}

impl Observer for Recorder {
    fn step_sites(&self) -> Option<&PcSet> {
        Some(&self.sites)
    }

    fn on_step(&mut self, _it: &mut Worker<'_, '_>, f: FuncId, pc: u32) -> R<StepEvent> {
        if let Some(&callee) = self.callee.get(&(f, pc)) {
            self.calls.push(InputCall {
                func: f,
                pc,
                callee,
            });
        }
        Ok(StepEvent::Nothing)
    }

    fn finish(&mut self, _it: &Worker<'_, '_>, out: &mut Outcome) {
        out.input_calls = std::mem::take(&mut self.calls);
    }
}

/// The recorded calls with their values from the test's `objects`, or why they cannot be
/// paired: the replay gives the k-th `__VERIFIER_nondet_*` object to the k-th such call, so
/// both lists must agree in length and names (an indirect call of an input function is not
/// seen by the recorder: then they do not).
pub fn pair(
    m: &Module,
    calls: &[InputCall],
    objects: &[(String, Vec<u8>)],
) -> Result<Vec<NondetCall>, String> {
    let inputs: Vec<&(String, Vec<u8>)> = objects
        .iter()
        .filter(|(n, _)| n.starts_with(NONDET_PREFIX))
        .collect();
    if inputs.len() != calls.len() {
        return Err(format!(
            "{} calls of input functions, but the test has {} inputs",
            calls.len(),
            inputs.len()
        ));
    }
    let mut out = Vec::with_capacity(calls.len());
    for (k, (c, (name, bytes))) in calls.iter().zip(inputs).enumerate() {
        let callee = &m.func(c.callee).name;
        if callee != name {
            return Err(format!(
                "input {} is named {name}, but call {} is of {callee}",
                k + 1,
                k + 1
            ));
        }
        out.push(NondetCall {
            call: *c,
            bytes: bytes.clone(),
        });
    }
    Ok(out)
}
