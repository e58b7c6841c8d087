//! State matching at loop points (`Config::state_matching`, `trex verify`; loop headers and
//! latches, `ir::liveness`): a path that enters a loop point in a *concrete* state already
//! seen there (same call stack, same live
//! registers, same memory: every object but this frame's dead tracked allocas, see
//! `ir::liveness`) ends, pruned (`Prune::StateSeen`): its future is the future of the state seen,
//! which was run. Explicit-state graph search: sound for reachability because a shortest
//! execution reaching a target never goes through a pruned state (it could continue from the
//! earlier one), and every state seen is explored.
//!
//! A concrete state matches any state seen at the header. A state with symbolic values only
//! matches an *ancestor's* (an earlier state of the same path), syntactically (the same
//! expressions): the path condition only grew since, so every concrete state it stands for is
//! one the ancestor stands for. Objects are compared by identity (slot, generation), address,
//! size and contents (bytes, symbolic overlay, stored-pointer provenance).
//! A pruned path blocks interpolation above it (its subtree was not explored).

use crate::exec::Prune;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::exec::machine::{ExecutionState, Observer, Stop, Wants, Worker, R};
use crate::exec::memory::ObjRef;
use crate::exec::value::Value;
use crate::exec::Outcome;
use crate::ir::liveness::Liveness;
use crate::ir::{FuncId, Module, Reg};

/// Compared memory above this many bytes: no matching (the copies would cost too much).
const MAX_BYTES: u64 = 1 << 20;
/// States recorded at most (then states are only matched: recording less is always sound).
const MAX_STATES: u64 = 100_000;

/// The table of states seen at loop headers.
pub(crate) struct Seen {
    live: Arc<Liveness>,
    /// Concrete states by hash.
    table: hashbrown::HashMap<u64, Vec<State>>,
    /// States with symbolic values, by id (`Ancestors` of a path refer to them).
    symbolic: Vec<State>,
    /// Paths pruned, states recorded.
    pruned: u64,
    recorded: u64,
}

impl Seen {
    pub(crate) fn new(live: Arc<Liveness>) -> Seen {
        Seen {
            live,
            table: hashbrown::HashMap::new(),
            symbolic: Vec::new(),
            pruned: 0,
            recorded: 0,
        }
    }
}

/// The symbolic states a path recorded, newest first (shared by the paths forked since).
struct Ancestors {
    hash: u64,
    id: u32,
    prev: Option<Arc<Ancestors>>,
}

/// One state at a loop header.
#[derive(PartialEq, Eq)]
struct State {
    /// Call stack (function, next instruction) of the callers, then the header's function and
    /// instruction.
    stack: Vec<(FuncId, u32)>,
    regs: Vec<Value>,
    objs: Vec<Obj>,
    /// Live allocas (freed on return), and the start-up flags.
    allocas: Vec<ObjRef>,
    varargs: Vec<Option<ObjRef>>,
    flags: (usize, bool),
    /// Loops entered abstracted (`verify::loops`): the future depends on them.
    loop_marks: Vec<(u32, FuncId, u32)>,
}

#[derive(PartialEq, Eq)]
struct Obj {
    r: ObjRef,
    base: u64,
    size: u64,
    bytes: crate::exec::memory::Bytes,
    sym: Option<Arc<crate::exec::memory::SymBytes>>,
    ptrs: crate::exec::memory::PtrMap,
}

fn concrete(v: &Value) -> bool {
    match v {
        Value::Sym(_) => false,
        Value::Agg(es) => es.iter().all(concrete),
        _ => true,
    }
}

fn hash_value(v: &Value, h: &mut impl Hasher) {
    match v {
        // (Poison in a register: its bits, as any other use sees it.)
        Value::Int(x) | Value::Poison(x) => {
            0u8.hash(h);
            x.hash(h);
        }
        Value::Ptr { obj, addr } => {
            1u8.hash(h);
            obj.idx.hash(h);
            obj.gen.hash(h);
            addr.hash(h);
        }
        Value::Agg(es) => {
            2u8.hash(h);
            for e in es.iter() {
                hash_value(e, h);
            }
        }
        Value::Sym(e) => {
            3u8.hash(h);
            e.hash(h);
        }
    }
}

impl Observer for Seen {
    fn wants(&self) -> Wants {
        Wants {
            blocks: true,
            ..Wants::default()
        }
    }

    fn on_block(&mut self, it: &mut Worker<'_, '_>, f: FuncId, pc: u32, _resumed: bool) -> R<()> {
        self.at_point(it, f, pc)
    }

    fn finish(&mut self, _it: &Worker<'_, '_>, out: &mut Outcome) {
        out.states_matched = self.pruned;
    }
}

impl Seen {
    /// The top frame is at instruction `pc` of `fid`: when it starts a loop header, match the
    /// state against those seen there (a match ends the path) or record it.
    fn at_point(&mut self, it: &mut Worker<'_, '_>, fid: FuncId, pc: u32) -> R<()> {
        if !self.live.is_point(fid, pc) || it.replaying() {
            // (A prefix replayed from another worker (`--threads`) neither records nor
            // matches: its states' other successors are that worker's, so a state recorded
            // here would stand for a future this worker does not explore.)
            return Ok(());
        }
        // One check per point and fork: a latch check must not use up the header's, where
        // the state may be concrete (the latch's live values may not be).
        let p = &mut it.state_mut().path;
        if p.depth != p.seen_depth {
            p.seen_depth = p.depth;
            p.seen_points.clear();
        } else if p.seen_points.contains(&(fid, pc)) {
            return Ok(());
        }
        p.seen_points.push((fid, pc));
        let live = self.live.clone();
        let Some(hl) = live.header(fid, pc) else {
            return Ok(());
        };
        let m = it.module();
        let Some((hash, state, concrete)) =
            header_state(it.state(), m, fid, pc, &hl.regs, &hl.dead_allocas)
        else {
            return Ok(());
        };
        let full = self.recorded >= MAX_STATES;
        let matched = if concrete {
            let bucket = self.table.entry(hash).or_default();
            let m = bucket.contains(&state);
            if !m && !full {
                bucket.push(state);
            }
            m
        } else {
            let mut a = ancestors(it.state());
            let mut m = false;
            while let Some(x) = a {
                if x.hash == hash && self.symbolic[x.id as usize] == state {
                    m = true;
                    break;
                }
                a = x.prev.as_deref();
            }
            if !m && !full {
                self.symbolic.push(state);
                let path = &mut it.state_mut().path;
                let prev = path.seen_anc.take().map(|a| {
                    a.downcast::<Ancestors>()
                        .expect("state matching's ancestors")
                });
                path.seen_anc = Some(Arc::new(Ancestors {
                    hash,
                    id: self.symbolic.len() as u32 - 1,
                    prev,
                }));
            }
            m
        };
        if matched {
            self.pruned += 1;
            return Err(Box::new(Stop::Pruned(Prune::StateSeen)));
        }
        self.recorded += 1;
        Ok(())
    }
}

/// The symbolic states the running path recorded (newest first).
fn ancestors(st: &ExecutionState) -> Option<&Ancestors> {
    st.path
        .seen_anc
        .as_deref()
        .map(|a| a.downcast_ref().expect("state matching's ancestors"))
}

/// The state to match, its hash, whether it is concrete; `None` when the memory is too
/// large.
fn header_state(
    st: &ExecutionState,
    m: &Module,
    fid: FuncId,
    pc: u32,
    live_regs: &[Reg],
    dead_allocas: &[Reg],
) -> Option<(u64, State, bool)> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let n = st.frames.len();
    let mut stack: Vec<(FuncId, u32)> = st.frames[..n - 1].iter().map(|f| (f.func, f.pc)).collect();
    stack.push((fid, pc));
    stack.hash(&mut h);
    let mut regs = Vec::new();
    // Callers: every register of their frames (a conservative live set).
    for fr in &st.frames[..n - 1] {
        let nr = m.func(fr.func).num_regs as usize;
        let b = fr.base as usize;
        regs.extend((b..b + nr).map(|i| st.regs.value(i)));
    }
    for r in live_regs {
        regs.push(st.regs.value(st.base + r.0 as usize));
    }
    let mut is_concrete = regs.iter().all(concrete);
    for v in &regs {
        hash_value(v, &mut h);
    }
    // The objects of this frame's dead tracked allocas are not compared.
    let skip: Vec<ObjRef> = dead_allocas
        .iter()
        .filter_map(|r| match &st.regs.value(st.base + r.0 as usize) {
            Value::Ptr { obj, .. } => Some(*obj),
            _ => None,
        })
        .collect();
    let mut objs = Vec::new();
    let mut total = 0u64;
    for (i, o) in st.mem.objs.iter().enumerate() {
        if !o.alive() {
            continue;
        }
        let r = ObjRef {
            idx: i as u32,
            gen: o.gen(),
        };
        if skip.contains(&r) {
            continue;
        }
        let sym = o.sym.as_ref().filter(|s| !s.is_concrete()).cloned();
        if let Some(s) = &sym {
            is_concrete = false;
            s.hash(&mut h);
        }
        total += o.size;
        if total > MAX_BYTES {
            return None;
        }
        (r.idx, r.gen, o.base, o.size).hash(&mut h);
        o.bytes.hash(&mut h);
        for (off, p) in &o.ptrs {
            (off, p.idx, p.gen).hash(&mut h);
        }
        objs.push(Obj {
            r,
            base: o.base,
            size: o.size,
            bytes: o.bytes.clone(),
            sym,
            ptrs: o.ptrs.clone(),
        });
    }
    let allocas: Vec<ObjRef> = st.allocas.iter().copied().collect();
    let varargs: Vec<Option<ObjRef>> = st.frames.iter().map(|f| f.varargs).collect();
    let flags = (st.stop_depth, st.dtors_done);
    for a in &allocas {
        (a.idx, a.gen).hash(&mut h);
    }
    let loop_marks = st.path.loop_marks.clone();
    loop_marks.hash(&mut h);
    Some((
        h.finish(),
        State {
            stack,
            regs,
            objs,
            allocas,
            varargs,
            flags,
            loop_marks,
        },
        is_concrete,
    ))
}
