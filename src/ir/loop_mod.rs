//! What a loop may modify, for loop abstraction (`trex verify`, `verify::loops`).
//!
//! A loop is a header (target of a back edge, as `ir::liveness` finds them) and its body, the
//! blocks that reach a latch without passing the header (the natural loop). A path that leaves
//! the body loses the loop's abstraction, so what the body runs is all that runs between two
//! visits of the header under it. Between two visits of the header in the same activation, only the body runs, with
//! the calls it makes: a loop is *abstractable* when everything that can change is known
//! statically:
//! * registers: those assigned in the body (instructions, phi copies of its edges) that are
//!   live at the header, all integers;
//! * memory: stores whose address is this frame's alloca (allocated outside the body) or a
//!   global, plus a GEP or bitcast of one; callees: the globals they store to, transitively
//!   (their own allocas die with them);
//! * no array indexing in the body (havocked indices into large arrays are too costly);
//! * no other store (through a pointer of unknown origin), no memory intrinsic, no indirect
//!   call, no call of a declared function other than those `ir::externs::abstractable_call`
//!   allows (no writes to program memory, no look at what is symbolic: `__VERIFIER_nondet_*`,
//!   assumptions, exits and the error functions, ...), no allocation.

use super::liveness::Liveness;
use super::pcset::PcSet;
use super::{Callee, Const, FuncId, Function, GlobalId, InstKind, Intrinsic, Module, Operand, Reg};
use super::{CastOp, TypeKind};

/// What one loop may modify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopMod {
    /// Per block of the function: whether it is in the body.
    pub body: Vec<bool>,
    /// Live integer registers assigned in the body, with their widths.
    pub regs: Vec<(Reg, u32)>,
    /// This frame's allocas (by the register of their address) stored to.
    pub allocas: Vec<Reg>,
    /// Globals stored to (in the body or by callees).
    pub globals: Vec<GlobalId>,
}

/// The abstractable loops of the functions analysed, by header.
#[derive(Debug, Default)]
pub struct LoopMods {
    loops: hashbrown::HashMap<(FuncId, u32), LoopMod>,
    headers: PcSet,
}

fn pure_intrinsic(i: &Intrinsic) -> bool {
    use Intrinsic as I;
    !matches!(
        i,
        I::Memcpy
            | I::Memmove
            | I::Memset
            | I::StackSave
            | I::StackRestore
            | I::VaStart
            | I::VaEnd
            | I::VaCopy
    )
}

/// Where an address comes from, within one function.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    Alloca(Reg),
    Global(GlobalId),
    Unknown,
}

/// Per function: the instruction defining each register, when there is exactly one.
fn single_defs(f: &Function) -> Vec<Option<u32>> {
    let mut defs: Vec<Option<u32>> = vec![None; f.num_regs as usize];
    let mut count = vec![0u8; f.num_regs as usize];
    for (pc, inst) in f.code.iter().enumerate() {
        if let Some(d) = inst.dst {
            defs[d.0 as usize] = Some(pc as u32);
            count[d.0 as usize] = count[d.0 as usize].saturating_add(1);
        }
        inst.kind.for_each_edge(&mut |e| {
            for c in &e.copies {
                count[c.dst.0 as usize] = 2;
            }
        });
    }
    for (d, n) in defs.iter_mut().zip(count) {
        if n != 1 {
            *d = None;
        }
    }
    defs
}

fn root(m: &Module, f: &Function, defs: &[Option<u32>], op: &Operand) -> Root {
    let mut op = *op;
    for _ in 0..64 {
        match op {
            Operand::Const(c) => {
                return match m.konst(c) {
                    Const::GlobalAddr { global, .. } => Root::Global(*global),
                    _ => Root::Unknown,
                }
            }
            Operand::Reg(r) => {
                let Some(pc) = defs.get(r.0 as usize).copied().flatten() else {
                    return Root::Unknown;
                };
                match &f.code[pc as usize].kind {
                    InstKind::Alloca { .. } => return Root::Alloca(r),
                    InstKind::Gep { base, .. } => op = *base,
                    InstKind::Cast {
                        op: CastOp::BitCast | CastOp::AddrSpaceCast,
                        v,
                        ..
                    }
                    | InstKind::Copy { v, .. } => op = *v,
                    _ => return Root::Unknown,
                }
            }
        }
    }
    Root::Unknown
}

/// The address a writing instruction stores to.
fn store_ptr(k: &InstKind) -> Option<&Operand> {
    match k {
        InstKind::Store { ptr, .. }
        | InstKind::AtomicRmw { ptr, .. }
        | InstKind::CmpXchg { ptr, .. } => Some(ptr),
        _ => None,
    }
}

/// Per function: the globals it (and its callees) may store to; `None`: unknown writes.
fn function_mods(m: &Module) -> Vec<Option<Vec<GlobalId>>> {
    let n = m.functions.len();
    let mut mods: Vec<Option<Vec<GlobalId>>> = vec![Some(Vec::new()); n];
    let defs: Vec<Vec<Option<u32>>> = m.functions.iter().map(single_defs).collect();
    loop {
        let mut changed = false;
        for (fi, f) in m.functions.iter().enumerate() {
            if mods[fi].is_none() {
                continue;
            }
            let new = if f.is_declaration {
                super::externs::abstractable_call(&f.name).then(Vec::new)
            } else {
                body_writes(m, f, &defs[fi], 0..f.code.len(), &mods, true).map(|w| w.1)
            };
            if new.as_ref() != mods[fi].as_ref() {
                mods[fi] = new;
                changed = true;
            }
        }
        if !changed {
            return mods;
        }
    }
}

/// The allocas and globals the instructions `pcs` of `f` store to; `None` for an unknown
/// write. `callee`: the code is a whole callee (its own allocas are not reported).
fn body_writes(
    m: &Module,
    f: &Function,
    defs: &[Option<u32>],
    pcs: impl Iterator<Item = usize>,
    mods: &[Option<Vec<GlobalId>>],
    callee: bool,
) -> Option<(Vec<Reg>, Vec<GlobalId>)> {
    let (mut allocas, mut globals) = (Vec::new(), Vec::new());
    for pc in pcs {
        let k = &f.code[pc].kind;
        if let Some(p) = store_ptr(k) {
            match root(m, f, defs, p) {
                Root::Alloca(r) if !callee => {
                    if !allocas.contains(&r) {
                        allocas.push(r);
                    }
                }
                Root::Alloca(_) => {}
                Root::Global(g) => {
                    if !globals.contains(&g) {
                        globals.push(g);
                    }
                }
                Root::Unknown => return None,
            }
        }
        match k {
            InstKind::Call { callee: c, .. } => match c {
                Callee::Direct(g) => {
                    for x in mods.get(g.0 as usize)?.as_ref()? {
                        if !globals.contains(x) {
                            globals.push(*x);
                        }
                    }
                }
                Callee::Intrinsic(i) if pure_intrinsic(i) => {}
                _ => return None,
            },
            InstKind::VaArg { .. } => return None,
            _ => {}
        }
    }
    Some((allocas, globals))
}

/// Result type of each register (phi destinations: the type of a source).
fn reg_types(m: &Module, f: &Function) -> Vec<Option<super::TypeId>> {
    let mut ty: Vec<Option<super::TypeId>> = vec![None; f.num_regs as usize];
    for inst in &f.code {
        let Some(d) = inst.dst else { continue };
        let t = match &inst.kind {
            InstKind::Bin { ty, .. }
            | InstKind::FNeg { ty, .. }
            | InstKind::Select { ty, .. }
            | InstKind::Copy { ty, .. }
            | InstKind::Load { ty, .. }
            | InstKind::AtomicRmw { ty, .. } => Some(*ty),
            InstKind::Cast { to, .. } => Some(*to),
            InstKind::Call { ret, .. } => Some(*ret),
            _ => None,
        };
        ty[d.0 as usize] = t;
    }
    // Phi copies: a register's type from any typed source.
    f.through_phis(m, &mut ty, |k| match k {
        Const::Int { ty, .. } | Const::Undef { ty } | Const::Zero { ty } => Some(*ty),
        _ => None,
    });
    ty
}

/// Per block: the sources of the back edges into it of a depth-first walk from the entry
/// block (as `ir::liveness`): a header's latches.
fn back_edges(succs: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succs.len();
    let mut latches = vec![Vec::new(); n];
    // 0: unvisited, 1: on the walk's stack, 2: done.
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    state[0] = 1;
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        if let Some(&t) = succs[b].get(*i) {
            *i += 1;
            match state[t] {
                0 => {
                    state[t] = 1;
                    stack.push((t, 0));
                }
                1 => latches[t].push(b),
                _ => {}
            }
        } else {
            state[b] = 2;
            stack.pop();
        }
    }
    latches
}

/// The loop's body: `h` and the blocks reaching one of its latches without passing `h` (the
/// natural loop). A path stays in it from one visit of `h` to the next along the loop; a path
/// that leaves it loses its mark (`verify::loops`), so the body need not hold every
/// block between two visits (an outer loop's).
fn loop_body(preds: &[Vec<usize>], h: usize, latches: &[usize]) -> Vec<bool> {
    let mut body = vec![false; preds.len()];
    body[h] = true;
    let mut work: Vec<usize> = latches.to_vec();
    while let Some(b) = work.pop() {
        if !body[b] {
            body[b] = true;
            work.extend(preds[b].iter().copied());
        }
    }
    body
}

impl LoopMods {
    /// The abstractable loops of the defined functions for which `want` holds; `live`: the
    /// liveness at their headers (computed for the same functions).
    pub fn new(m: &Module, live: &Liveness, want: &dyn Fn(&str) -> bool) -> LoopMods {
        if m.functions.is_empty() {
            return LoopMods::default();
        }
        let mods = function_mods(m);
        let mut out = LoopMods::default();
        for (fi, f) in m.functions.iter().enumerate() {
            if f.is_declaration || f.blocks.is_empty() || !want(&f.name) {
                continue;
            }
            let fid = FuncId(fi as u32);
            let nb = f.blocks.len();
            let mut succs = vec![Vec::new(); nb];
            let mut preds = vec![Vec::new(); nb];
            for (b, blk) in f.blocks.iter().enumerate() {
                let end = f.block_range(b).end;
                if end == 0 || end <= blk.start as usize {
                    continue;
                }
                f.code[end - 1].kind.for_each_edge(&mut |e| {
                    let t = e.target.0 as usize;
                    if !succs[b].contains(&t) {
                        succs[b].push(t);
                        preds[t].push(b);
                    }
                });
            }
            let defs = single_defs(f);
            let types = reg_types(m, f);
            let latches = back_edges(&succs);
            for h in (0..nb).filter(|&h| !latches[h].is_empty()) {
                let start = f.blocks[h].start;
                let Some(hl) = live.header(fid, start) else {
                    continue;
                };
                let body = loop_body(&preds, h, &latches[h]);
                if let Some(lm) = analyse_loop(m, f, &defs, &types, &mods, body, &hl.regs) {
                    out.headers.insert(fid, start);
                    out.loops.insert((fid, start), lm);
                }
            }
        }
        out
    }

    /// The loop whose header starts at instruction `pc` of `f`, if abstractable.
    #[inline]
    pub fn at(&self, f: FuncId, pc: u32) -> Option<&LoopMod> {
        if !self.headers.contains(f, pc) {
            return None;
        }
        self.loops.get(&(f, pc))
    }

    /// Number of abstractable loops.
    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }
}

fn analyse_loop(
    m: &Module,
    f: &Function,
    defs: &[Option<u32>],
    types: &[Option<super::TypeId>],
    mods: &[Option<Vec<GlobalId>>],
    body: Vec<bool>,
    live_at_header: &[Reg],
) -> Option<LoopMod> {
    let pcs: Vec<usize> = (0..f.blocks.len())
        .filter(|&b| body[b])
        .flat_map(|b| f.block_range(b))
        .collect();
    // An allocation in the body makes a new object each iteration. An index computed in
    // the body would be havocked: a symbolic index into a large array the exact run reads
    // concretely (an array term per access); such loops are run exactly.
    if pcs.iter().any(|&pc| match &f.code[pc].kind {
        InstKind::Alloca { .. } => true,
        InstKind::Gep { indices, .. } => !indices.is_empty(),
        _ => false,
    }) {
        return None;
    }
    let (allocas, globals) = body_writes(m, f, defs, pcs.iter().copied(), mods, false)?;
    let mut assigned = vec![false; f.num_regs as usize];
    for &pc in &pcs {
        let inst = &f.code[pc];
        if let Some(d) = inst.dst {
            assigned[d.0 as usize] = true;
        }
        inst.kind.for_each_edge(&mut |e| {
            for c in &e.copies {
                assigned[c.dst.0 as usize] = true;
            }
        });
    }
    let mut regs = Vec::new();
    for r in live_at_header {
        if !assigned[r.0 as usize] {
            continue;
        }
        match types[r.0 as usize].map(|t| &m.ty(t).kind) {
            Some(TypeKind::Int(w)) => regs.push((*r, *w)),
            _ => return None,
        }
    }
    Some(LoopMod {
        body,
        regs,
        allocas,
        globals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::sym_tests::compile_sym;

    /// The abstractable loops of `main`, by header, in code order.
    fn main_loops(src: &str, opt: &str) -> (Module, Vec<LoopMod>) {
        let m = compile_sym(src, opt);
        let live = Liveness::new(&m, &|_| true);
        let lm = LoopMods::new(&m, &live, &|_| true);
        let main = m.functions.iter().position(|f| f.name == "main").unwrap();
        let mut v: Vec<(u32, LoopMod)> = lm
            .loops
            .iter()
            .filter(|((f, _), _)| f.0 as usize == main)
            .map(|((_, pc), l)| (*pc, l.clone()))
            .collect();
        v.sort_by_key(|x| x.0);
        (m, v.into_iter().map(|x| x.1).collect())
    }

    #[test]
    fn an_inner_loop_is_abstractable_inside_an_outer_one_that_is_not() {
        // The outer loop writes through a pointer loaded from memory: unknown writes.
        let src = r#"
int main(void) {
  unsigned k = klee_int("k");
  int n = 0, *pn = &n;
  for (int i = 0; i < 4; i++) {
    int j = 0;
    while (j < (int)(k & 3)) j++;
    *pn += j;
  }
  return n;
}
"#;
        let (_, loops) = main_loops(src, "-O0");
        assert_eq!(loops.len(), 1, "{loops:?}");
        assert_eq!(loops[0].allocas.len(), 1, "only j: {loops:?}");
        assert!(loops[0].globals.is_empty());
        // The inner body is not the outer one.
        assert!(loops[0].body.iter().filter(|b| **b).count() <= 3);
    }

    #[test]
    fn callee_writes_decide() {
        let src = r#"
int g, arr[4];
void inc(int *p) { *p += 1; }
void bump(void) { g++; }
int main(void) {
  unsigned k = klee_int("k");
  int y = 0;
  while (y < (int)(k & 7)) inc(&y);
  for (unsigned i = 0; i < (k & 3); i++) { arr[2] = (int)i; bump(); }
  for (unsigned i = 0; i < (k & 3); i++) arr[i] = 1; /* indexing: run exactly */
  return y + g;
}
"#;
        // (-O2 inlines `inc` and turns the array loop into a memset.)
        let (m, loops) = main_loops(src, "-O0");
        // The loop calling `inc(&y)` writes through an argument: not abstractable.
        assert_eq!(loops.len(), 1, "{loops:?}");
        let names: Vec<&str> = loops[0]
            .globals
            .iter()
            .map(|g| m.global(*g).name.as_str())
            .collect();
        assert!(names.contains(&"g") && names.contains(&"arr"), "{names:?}");
    }

    #[test]
    fn loop_carried_registers_are_havocked() {
        let src = r#"
int main(void) {
  unsigned x = klee_int("x"), y = 0;
  while (x > 3) { x = x - (klee_int("d") & 1) - 1; y += 2; }
  return (int)(x + y);
}
"#;
        let (_, loops) = main_loops(src, "-O2");
        assert_eq!(loops.len(), 1, "{loops:?}");
        assert_eq!(loops[0].regs.len(), 2, "x and y: {loops:?}");
        assert!(loops[0].regs.iter().all(|r| r.1 == 32));
        assert!(loops[0].allocas.is_empty() && loops[0].globals.is_empty());
    }

    #[test]
    fn calls_that_look_at_symbolic_state_are_not_abstractable() {
        // A havocked `i` is symbolic where the exact run's is concrete: `klee_is_symbolic`
        // and `klee_get_value_i32` would see a different program. `klee_choose` and
        // `klee_warning` are harmless.
        let src = r#"
int main(void) {
  unsigned k = klee_int("k");
  unsigned a = 0, b = 0, c = 0;
  for (unsigned i = 0; i < (k & 3); i++) a += klee_is_symbolic(i);
  for (unsigned i = 0; i < (k & 3); i++) b += klee_get_value_i32(i);
  for (unsigned i = 0; i < (k & 3); i++) { c += klee_choose(2); klee_warning("w"); }
  return (int)(a + b + c);
}
"#;
        let (_, loops) = main_loops(src, "-O0");
        assert_eq!(loops.len(), 1, "only the third loop: {loops:?}");
        assert_eq!(loops[0].allocas.len(), 2, "i and c: {loops:?}");
    }
}
