//! What a running node records per step (`Interpolation::record`, `post`): the facts of the
//! running state the weakest-precondition pass needs.

use super::nodes::{Interpolation, MAX_STEPS};
use crate::exec::machine::{Worker, TI};
use crate::exec::memory::ObjKind;
use crate::exec::value::Value;
use crate::ir::externs::Builtin;
use crate::ir::*;
use crate::itp::trace::{Fact, Step, MAX_IOV};
use crate::itp::Key;
use crate::itp::PinVal;

/// The key of the current point: caller frames' next instructions, then the current one.
pub(super) fn key_of(it: &Worker<'_, '_>) -> Key {
    let n = it.state().frames.len();
    let mut k: Key = it.state().frames[..n.saturating_sub(1)]
        .iter()
        .map(|f| (f.func, f.pc))
        .collect();
    if let Some(top) = it.state().frames.last() {
        k.push((top.func, it.state().pc));
    }
    k
}

fn ptr_fact(it: &Worker<'_, '_>, v: &Value) -> Fact {
    match v {
        Value::Ptr { obj, addr } => {
            let o = &it.state().mem.objs[obj.idx as usize];
            if o.is(*obj) {
                Fact::Ptr(PinVal::Obj(*obj, addr.wrapping_sub(o.base) as i64), o.size)
            } else {
                Fact::Ptr(PinVal::Addr(*addr as u128), 0)
            }
        }
        Value::Int(x) => Fact::Ptr(PinVal::Addr(*x), 0),
        v => Fact::Val(v.clone()),
    }
}

/// A pointer operand where a symbolic one is recorded with its provenance
/// (`Fact::SymPtr`).
fn sym_ptr_fact(it: &Worker<'_, '_>, o: &Operand) -> Fact {
    match it.op(o) {
        Value::Sym(e) => match it.hint(e) {
            Some(obj) => Fact::SymPtr(Some(obj), it.state().mem.objs[obj.idx as usize].size),
            None => Fact::SymPtr(None, 0),
        },
        v => ptr_fact(it, &v),
    }
}

/// The function a call runs the code of (`None`: a builtin, an intrinsic, or a pointer
/// that is no function), given the step's facts so far (an indirect call's first is its
/// callee).
fn defined_callee(it: &Worker<'_, '_>, callee: &Callee, facts: &[Fact]) -> Option<FuncId> {
    let fid = match callee {
        Callee::Direct(f) => *f,
        Callee::Indirect(_) => match facts.first() {
            Some(Fact::Ptr(PinVal::Obj(obj, 0), _)) => {
                match it.state().mem.objs[obj.idx as usize].kind {
                    ObjKind::Function(f) => f,
                    _ => return None,
                }
            }
            _ => return None,
        },
        Callee::Intrinsic(_) => return None,
    };
    (it.program().builtins[fid.0 as usize] == Builtin::Defined).then_some(fid)
}

fn arg_fact(it: &Worker<'_, '_>, o: &Operand, ptr: bool) -> Fact {
    let v = it.op(o);
    if ptr {
        ptr_fact(it, &v)
    } else {
        Fact::Val(v)
    }
}

/// For a `writev(fd, iov, cnt)` system call: where each of its `cnt` entries points and its
/// length (`Fact::Ptr`, `Fact::Val`), as the executor is about to read them. Nothing when an
/// entry is symbolic or out of bounds (the wp then does not summarize the call).
fn iov_facts(it: &Worker<'_, '_>, args: &[crate::ir::CallArg], facts: &mut Vec<Fact>) {
    let int = |k: usize| match facts.get(k) {
        Some(Fact::Val(v)) => crate::itp::wp::conc(v),
        _ => None,
    };
    let writev = if it.program().x86_64 { 20 } else { 146 };
    let (Some(nr), Some(cnt)) = (int(0), int(3)) else {
        return;
    };
    if nr != writev || cnt as u64 > MAX_IOV {
        return;
    }
    let Some(iov) = args.get(2).map(|a| it.op(&a.op)) else {
        return;
    };
    let ps = it.program().ps as u64;
    let mut out = Vec::new();
    for i in 0..cnt as u64 {
        let e = it.ptr_add(iov.clone(), (i * 2 * ps) as i64);
        let Ok((s, o)) = it.state().mem.resolve_any(&e, 2 * ps) else {
            return;
        };
        let ob = &it.state().mem.objs[s as usize];
        if ob
            .sym
            .as_ref()
            .is_some_and(|v| v.any(o as usize, (o + 2 * ps) as usize))
        {
            return;
        }
        out.push(ptr_fact(it, &it.state().mem.load_ptr(s, o)));
        out.push(Fact::Val(Value::Int(it.state().mem.load_int(
            s,
            o + ps,
            ps,
        ))));
    }
    facts.extend(out);
}

impl Interpolation {
    /// Records the step about to execute (before it runs).
    pub(super) fn record(&mut self, it: &Worker<'_, '_>, inst: &Inst) {
        let cur = it.state().path.node as usize;
        if self.closed || self.nodes[cur].steps.len() >= MAX_STEPS {
            if self.wp.debug && !self.closed && !self.nodes[cur].blocked {
                tracing::debug!(target: "trex::itp", "node {cur} blocked: more than {MAX_STEPS} steps");
            }
            self.nodes[cur].blocked = true;
            self.nodes[cur].seg_blocked = true;
            self.tracing = false;
            return;
        }
        let key = if self.nodes[cur].key.is_none() {
            Some(key_of(it))
        } else {
            None
        };
        let mut facts: Vec<Fact> = Vec::new();
        match &inst.kind {
            InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => {
                facts.push(sym_ptr_fact(it, ptr));
            }
            InstKind::Gep { base, indices, .. } => {
                for ix in indices.iter() {
                    facts.push(arg_fact(it, &ix.op, false));
                }
                // Pointer arithmetic with a symbolic index or base: where the base pointed
                // (the shadow pins it and adds the index expressions to its offset).
                let sym = |f: &Fact| matches!(f, Fact::Val(Value::Sym(_)));
                if facts.iter().any(sym) || matches!(it.op(base), Value::Sym(_)) {
                    facts.push(sym_ptr_fact(it, base));
                }
            }
            InstKind::ICmp { ty, a, b, .. } if it.ti(*ty) == TI::Ptr => {
                facts.push(sym_ptr_fact(it, a));
                facts.push(sym_ptr_fact(it, b));
            }
            InstKind::Select { ty, cond, .. } if it.ti(*ty) == TI::Ptr => {
                facts.push(arg_fact(it, cond, false));
            }
            InstKind::Switch { cond, .. } => facts.push(arg_fact(it, cond, false)),
            InstKind::Call { callee, args, .. } => {
                let builtin = match callee {
                    // Output functions: their arguments pin the summary (`wp/output.rs`).
                    Callee::Direct(f) => {
                        it.program().builtins[f.0 as usize] != Builtin::Defined
                            || self.wp.out_fn(it.module(), *f).is_some()
                    }
                    Callee::Intrinsic(_) => true,
                    Callee::Indirect(o) => {
                        let f = arg_fact(it, o, true);
                        let b = match &f {
                            Fact::Ptr(PinVal::Obj(obj, _), _) => {
                                match it.state().mem.objs[obj.idx as usize].kind {
                                    ObjKind::Function(fid) => {
                                        it.program().builtins[fid.0 as usize] != Builtin::Defined
                                    }
                                    _ => false,
                                }
                            }
                            _ => false,
                        };
                        facts.push(f);
                        b
                    }
                };
                if builtin {
                    for a in args.iter() {
                        let ptr = it.ti(a.ty) == TI::Ptr;
                        facts.push(arg_fact(it, &a.op, ptr));
                    }
                    if let Callee::Direct(f) = callee {
                        if it.program().builtins[f.0 as usize] == Builtin::Syscall {
                            iov_facts(it, args, &mut facts);
                        }
                    }
                }
                // A defined callee's byval arguments: where each copy comes from.
                if let Some(fid) = defined_callee(it, callee, &facts) {
                    let func = it.module().func(fid);
                    for (i, a) in args.iter().enumerate().take(func.params.len()) {
                        if func.byval_size(i, a).is_some() {
                            let src = Box::new(arg_fact(it, &a.op, true));
                            facts.push(Fact::ByvalSrc(i as u32, src));
                        }
                    }
                }
                // va_start: the running frame's area of variadic arguments (`wp/varargs.rs`).
                if matches!(callee, Callee::Intrinsic(crate::ir::Intrinsic::VaStart)) {
                    if let Some(va) = it.state().frames.last().and_then(|f| f.varargs) {
                        facts.push(ptr_fact(it, &it.state().mem.ptr_to(va)));
                    }
                }
            }
            _ => {}
        }
        let top = it.state().frames.last().expect("a frame");
        let node = &mut self.nodes[cur];
        // The first step of a variadic callee: its area of variadic arguments (made by the
        // call) is a fact of the call step (`wp/varargs.rs`).
        if let (0, Some(va), Some(prev)) = (it.state().pc, top.varargs, node.steps.last()) {
            if prev.base < it.state().base as u32 {
                node.facts.push(Fact::Post(it.state().mem.ptr_to(va)));
            }
        }
        // Likewise the copies of its byval arguments (`calls.rs` `byval_copy`), which its
        // parameters point to.
        if let (0, Some(prev)) = (it.state().pc, node.steps.last()) {
            let call = &it.module().func(prev.func).code[prev.pc as usize].kind;
            if let (true, InstKind::Call { args, .. }) = (prev.base < it.state().base as u32, call)
            {
                let func = it.module().func(top.func);
                for (i, a) in args.iter().enumerate().take(func.params.len()) {
                    let byval = func.byval_size(i, a).is_some();
                    if let (true, Some(Value::Ptr { obj, .. })) =
                        (byval, it.state().regs.get(it.state().base + i))
                    {
                        node.facts.push(Fact::ByvalCopy(i as u32, obj));
                    }
                }
            }
        }
        if let Some(k) = key {
            node.key = Some(k);
        }
        node.steps.push(Step {
            func: top.func,
            pc: it.state().pc,
            base: it.state().base as u32,
            facts: node.facts.len() as u32,
        });
        node.facts.extend(facts);
    }

    /// Records the result of a step that allocated or produced an input.
    pub(super) fn post(&mut self, it: &Worker<'_, '_>, inst: &Inst) {
        let record = match &inst.kind {
            InstKind::Alloca { .. } => true,
            InstKind::Call { callee, .. } => match callee {
                Callee::Direct(f) => it.program().builtins[f.0 as usize] != Builtin::Defined,
                _ => true,
            },
            _ => false,
        };
        if !record {
            return;
        }
        if let Some(d) = inst.dst {
            let v = it.state().regs.value(it.state().base + d.0 as usize);
            self.fact(it.state().path.node, Fact::Post(v));
        }
    }
}
