//! Loop headers and what is live at them, for state matching (`trex verify`).
//!
//! Per function: the loop points, the starts of loop headers and latches (targets and sources
//! of back edges of a depth-first walk from the entry: optimized code often keeps the loop's
//! fresh input in a header phi, while the latch start has nothing of it live) and, at each
//! point, the registers that may be read before being written, and
//! the *tracked* allocas whose contents may be read before being written. An alloca is tracked
//! when its address is only ever used as the pointer of a load or a store (it cannot escape, so
//! only this frame's code reaches it): -O0's scalar locals. Everything else is live.
//! A standard backward may-liveness fixpoint over blocks; phi copies on an edge read their
//! sources and write their destinations on that edge.

use super::{Edge, FuncId, Function, Inst, InstKind, Module, Operand, Reg};

/// Liveness at the loop headers of the functions analysed.
#[derive(Debug, Default)]
pub struct Liveness {
    funcs: hashbrown::HashMap<FuncId, FnLiveness>,
    /// The loop points (checked at every jump first: most jumps go to none).
    points: super::pcset::PcSet,
}

#[derive(Debug)]
struct FnLiveness {
    /// Per instruction index: the header live set starting there.
    headers: hashbrown::HashMap<u32, HeaderLive>,
}

/// What may be read at a loop header before it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderLive {
    /// Live registers, ascending.
    pub regs: Vec<Reg>,
    /// Tracked allocas (by the register holding their address) whose contents are dead here.
    pub dead_allocas: Vec<Reg>,
}

impl Liveness {
    /// Analyses the defined functions for which `want` holds.
    pub fn new(m: &Module, want: &dyn Fn(&str) -> bool) -> Liveness {
        let mut funcs = hashbrown::HashMap::new();
        let mut points = super::pcset::PcSet::default();
        for (i, f) in m.functions.iter().enumerate() {
            if f.is_declaration || f.blocks.is_empty() || !want(&f.name) {
                continue;
            }
            let fl = analyse(m, f);
            for &pc in fl.headers.keys() {
                points.insert(FuncId(i as u32), pc);
            }
            funcs.insert(FuncId(i as u32), fl);
        }
        Liveness { funcs, points }
    }

    /// Whether instruction `pc` of `f` starts a loop point.
    #[inline]
    pub fn is_point(&self, f: FuncId, pc: u32) -> bool {
        self.points.contains(f, pc)
    }

    /// The live set if instruction `pc` of `f` starts a loop header.
    #[inline]
    pub fn header(&self, f: FuncId, pc: u32) -> Option<&HeaderLive> {
        self.funcs.get(&f)?.headers.get(&pc)
    }
}

/// A bit set over the variables of a function: registers, then tracked allocas (here; only
/// registers in `reg_live.rs`).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Bits(Vec<u64>);

impl Bits {
    pub(super) fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    pub(super) fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub(super) fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    pub(super) fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    pub(super) fn union(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
}

/// The edges leaving block `b`.
fn succ_edges(f: &Function, b: usize) -> Vec<&Edge> {
    let last = f.block_range(b).end.saturating_sub(1);
    f.code.get(last).map_or(Vec::new(), |i| i.kind.edges())
}

/// What the edges leaving block `b` may read (`n` variables).
pub(super) fn live_out(f: &Function, live_in: &[Bits], b: usize, n: usize) -> Bits {
    let mut out = Bits::new(n);
    for e in succ_edges(f, b) {
        out.union(&through(live_in, e));
    }
    out
}

/// `live` from after `inst` to before it, registers only: its result written, its operands
/// read.
pub(super) fn back_over(live: &mut Bits, inst: &Inst) {
    if let Some(d) = inst.dst {
        live.clear(d.0 as usize);
    }
    inst.kind.for_each_operand(&mut |o| {
        if let Operand::Reg(r) = o {
            live.set(r.0 as usize);
        }
    });
}

/// What a path entering by `e` may read: the target's live set, the copies' sources in place
/// of their destinations.
pub(super) fn through(live_in: &[Bits], e: &Edge) -> Bits {
    let mut l = live_in[e.target.0 as usize].clone();
    for c in &e.copies {
        l.clear(c.dst.0 as usize);
    }
    for c in &e.copies {
        if let Operand::Reg(r) = c.src {
            l.set(r.0 as usize);
        }
    }
    l
}

fn analyse(m: &Module, f: &Function) -> FnLiveness {
    let nregs = f.num_regs as usize;
    let tracked = tracked_allocas(f);
    // Variable of a tracked alloca: nregs + its index in `tracked`.
    let vars: hashbrown::HashMap<Reg, usize> = tracked
        .iter()
        .enumerate()
        .map(|(k, &(r, _))| (r, nregs + k))
        .collect();
    let var_of = |r: Reg| vars.get(&r).copied();
    let nvars = nregs + tracked.len();
    let nb = f.blocks.len();

    let transfer = |b: usize, out: &Bits| -> Bits {
        let mut live = out.clone();
        for inst in f.code[f.block_range(b)].iter().rev() {
            // The registers; then the tracked allocas (variables above the registers).
            back_over(&mut live, inst);
            match &inst.kind {
                InstKind::Alloca { .. } => {
                    // A fresh alloca's contents are undefined: nothing of it is read later.
                    if let Some(v) = inst.dst.and_then(var_of) {
                        live.clear(v);
                    }
                }
                InstKind::Store {
                    ty,
                    ptr: Operand::Reg(p),
                    ..
                } => {
                    if let Some(v) = var_of(*p) {
                        // A store covering the whole variable kills it.
                        if m.ty(*ty).store_size >= tracked[v - nregs].1 {
                            live.clear(v);
                        }
                    }
                }
                InstKind::Load {
                    ptr: Operand::Reg(p),
                    ..
                } => {
                    if let Some(v) = var_of(*p) {
                        live.set(v);
                    }
                }
                _ => {}
            }
        }
        live
    };
    let succ_edges = |b: usize| succ_edges(f, b);
    let mut live_in = vec![Bits::new(nvars); nb];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..nb).rev() {
            let inn = transfer(b, &live_out(f, &live_in, b, nvars));
            if inn != live_in[b] {
                live_in[b] = inn;
                changed = true;
            }
        }
    }
    let mut headers = hashbrown::HashMap::new();
    for b in loop_points(&succ_edges, nb) {
        let l = &live_in[b];
        let regs = (0..nregs)
            .filter(|&r| l.get(r))
            .map(|r| Reg(r as u32))
            .collect();
        let dead_allocas = tracked
            .iter()
            .enumerate()
            .filter(|(k, _)| !l.get(nregs + k))
            .map(|(_, &(r, _))| r)
            .collect();
        headers.insert(f.blocks[b].start, HeaderLive { regs, dead_allocas });
    }
    FnLiveness { headers }
}

/// Allocas whose address is only used as the pointer of loads and stores: (register of the
/// address, size), in code order.
fn tracked_allocas(f: &Function) -> Vec<(Reg, u64)> {
    let mut escaped = hashbrown::HashSet::new();
    let mut escapes = |r: &Reg| {
        escaped.insert(*r);
    };
    for inst in &f.code {
        match &inst.kind {
            InstKind::Load { .. } => {}
            InstKind::Store { val, .. } => {
                if let Operand::Reg(r) = val {
                    escapes(r);
                }
            }
            k => k.for_each_operand(&mut |o| {
                if let Operand::Reg(r) = o {
                    escapes(r);
                }
            }),
        }
        for e in inst.kind.edges() {
            for c in &e.copies {
                if let Operand::Reg(r) = &c.src {
                    escapes(r);
                }
            }
        }
    }
    f.code
        .iter()
        .filter_map(|i| match (&i.kind, i.dst) {
            (
                InstKind::Alloca {
                    elem_size,
                    count: Operand::Const(_),
                    ..
                },
                Some(d),
            ) if !escaped.contains(&d) => Some((d, *elem_size)),
            _ => None,
        })
        .collect()
}

/// Blocks entered or left by a back edge of a depth-first walk from the entry.
fn loop_points<'f>(succ_edges: &dyn Fn(usize) -> Vec<&'f Edge>, nb: usize) -> Vec<usize> {
    // 0: unvisited, 1: on the stack, 2: done.
    let mut state = vec![0u8; nb];
    let mut is_header = vec![false; nb];
    let mut stack: Vec<(usize, Vec<usize>)> = Vec::new();
    let succs =
        |b: usize| -> Vec<usize> { succ_edges(b).iter().map(|e| e.target.0 as usize).collect() };
    if nb > 0 {
        state[0] = 1;
        stack.push((0, succs(0)));
    }
    while let Some((b, rest)) = stack.last_mut() {
        let b = *b;
        match rest.pop() {
            Some(s) => match state[s] {
                0 => {
                    state[s] = 1;
                    let next = succs(s);
                    stack.push((s, next));
                }
                1 => {
                    is_header[s] = true;
                    is_header[b] = true;
                }
                _ => {}
            },
            None => {
                let (b, _) = stack.pop().unwrap();
                state[b] = 2;
            }
        }
    }
    (0..nb).filter(|&b| is_header[b]).collect()
}
