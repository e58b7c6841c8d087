//! The program as constrained Horn clauses. Each function translated has:
//!
//! * a predicate per *point*: the start of a block, and the instruction after each call of a
//!   function translated or of a `__VERIFIER_nondet_*` (there the value returned is an
//!   argument, so a counterexample's derivation shows it). Its arguments: the function's
//!   integer parameters, the global cells at entry, the registers carried between segments,
//!   the function's own cells, the global cells now;
//! * a summary `F@ret(params, globals at entry, globals at return, result)`;
//! * an error predicate `F@err(params, globals at entry)`: from that entry a target (or an
//!   access outside a cell) is reachable.
//!
//! A rule per way out of each segment (the straight-line code from one point to the next
//! call, branch or return). Entry is a fact for every input (a summary holds in any context),
//! but the entry function's, whose globals are their initial values. The query: `bad`, implied
//! by the entry function's error predicate.

use hashbrown::{HashMap, HashSet};
use std::collections::BTreeMap;
use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::{FuncDecl, Sort};

use super::clause::Clause;
use super::invariant::Named;
use super::memory::{CellId, Home, Memory};
use super::segment::{self, State, INDEX_BITS};
use super::Unsupported;
use crate::ir::externs::{self, Builtin};
use crate::ir::{Callee, Const, Edge, FuncId, InstKind, LocId, Module, Operand, Reg};

/// A point: where a segment starts.
pub struct Point {
    pub pc: usize,
    pub decl: FuncDecl,
    /// After a `__VERIFIER_nondet_*` call: its result register, the function's name and the
    /// size in bytes of its value.
    pub nondet: Option<Nondet>,
    /// The start of a block a later block jumps back to (a loop head, in clang's layout).
    pub loop_head: bool,
    /// The location of its first instruction.
    pub loc: LocId,
}

/// A nondeterministic value's register, function name and size in bytes.
pub type Nondet = (Reg, String, u64);

/// One function's predicates and the layout of their arguments.
pub struct Layout {
    pub params: Vec<(Reg, u32)>,
    pub carried: Vec<(Reg, u32)>,
    pub locals: Vec<CellId>,
    pub points: Vec<Point>,
    pub point_at: HashMap<usize, usize>,
    pub ret: FuncDecl,
    pub ret_width: Option<u32>,
    pub err: FuncDecl,
    /// The C name of each argument of a point, where it has one (a named local scalar, a
    /// global scalar), for invariants in C.
    pub names: Vec<Option<Named>>,
    pub function: String,
}

impl Layout {
    /// The index of `r` among a point's arguments, if it is one.
    pub fn arg_of(&self, r: Reg, n_globals: usize) -> Option<usize> {
        if let Some(i) = self.params.iter().position(|p| p.0 == r) {
            return Some(i);
        }
        let base = self.params.len() + n_globals;
        self.carried.iter().position(|c| c.0 == r).map(|i| base + i)
    }
}

/// The whole translation.
pub struct Encoding {
    /// By function, in a fixed order: the rules and predicates come in the same order in
    /// every run, and so does Spacer's search (a hash map's order changed it from run to run:
    /// a counterexample in 1 s in one run, none in 30 s in the next).
    pub layouts: BTreeMap<FuncId, Layout>,
    pub rules: Vec<Clause>,
    pub bad: FuncDecl,
    pub globals: Vec<CellId>,
}

impl Encoding {
    /// The predicates: `bad`, each function's summary and error predicate, and the points
    /// `point` selects.
    pub fn predicates(&self, point: impl Fn(&Point) -> bool) -> Vec<&FuncDecl> {
        let mut out = vec![&self.bad];
        for l in self.layouts.values() {
            out.extend([&l.ret, &l.err]);
        }
        out.extend(self.points(point));
        out
    }

    /// The points `point` selects, of every function.
    pub fn points(&self, point: impl Fn(&Point) -> bool) -> Vec<&FuncDecl> {
        (self.layouts.values())
            .flat_map(|l| l.points.iter().filter(|p| point(p)).map(|p| &p.decl))
            .collect()
    }

    /// Per loop head `(function, point)`, in order, the C conjuncts `of` gives it (none:
    /// the head is left out).
    pub fn at_loop_heads(&self, mut of: impl FnMut(&Layout, &Point) -> Vec<String>) -> Found {
        let mut out = Vec::new();
        for (f, l) in &self.layouts {
            for (k, p) in l.points.iter().enumerate().filter(|(_, p)| p.loop_head) {
                let c = of(l, p);
                if !c.is_empty() {
                    out.push((*f, k, c));
                }
            }
        }
        out.sort_by_key(|x| (x.0, x.1));
        out
    }
}

/// A proof's loop invariants in C, per loop head `(function, point)`.
pub type Found = Vec<(FuncId, usize, Vec<String>)>;

/// How a call is translated.
enum CallKind {
    /// A function translated: a summary.
    Summary(FuncId),
    /// A `__VERIFIER_nondet_*`.
    Nondet,
    /// `__VERIFIER_assume`, `klee_assume`.
    Assume,
    /// A call after which the path ends (`abort`, `exit`, an error function not a target).
    Ends,
}

/// Classifies a call of `f`; `None` for a function the translation cannot model.
fn call_kind(m: &Module, f: FuncId, own: &dyn Fn(&str) -> bool) -> Option<CallKind> {
    let func = m.func(f);
    const ENDS: &[&str] = &[
        "abort",
        "exit",
        "_Exit",
        "_exit",
        "__assert_fail",
        "reach_error",
        "__VERIFIER_error",
    ];
    if func.is_declaration {
        return match externs::builtin_of(func) {
            Builtin::Nondet => Some(CallKind::Nondet),
            Builtin::VerifierAssume | Builtin::Assume => Some(CallKind::Assume),
            Builtin::Abort
            | Builtin::AssertFail
            | Builtin::Exit
            | Builtin::ReachError
            | Builtin::SilentExit
            | Builtin::KleeAbort => Some(CallKind::Ends),
            _ => None,
        };
    }
    if own(&func.name) {
        Some(CallKind::Summary(f))
    } else if ENDS.contains(&func.name.as_str()) {
        Some(CallKind::Ends)
    } else {
        None
    }
}

/// The functions the entry reaches by direct calls (an indirect call is not modelled).
pub fn reachable(
    m: &Module,
    entry: FuncId,
    own: &dyn Fn(&str) -> bool,
    targets: &HashSet<(FuncId, usize)>,
) -> Result<Vec<FuncId>, Unsupported> {
    let mut seen = vec![entry];
    let mut todo = vec![entry];
    while let Some(f) = todo.pop() {
        for (pc, inst) in m.func(f).code.iter().enumerate() {
            // A target's call is an error where it is: the callee does not run.
            if targets.contains(&(f, pc)) {
                continue;
            }
            match &inst.kind {
                InstKind::Call {
                    callee: Callee::Direct(g),
                    ..
                } => match call_kind(m, *g, own) {
                    Some(CallKind::Summary(g)) => {
                        if g == entry {
                            return Err(Unsupported::new(
                                m,
                                inst.loc,
                                "a call of the entry function".into(),
                            ));
                        }
                        if !seen.contains(&g) {
                            seen.push(g);
                            todo.push(g);
                        }
                    }
                    Some(_) => {}
                    None => {
                        return Err(Unsupported::new(
                            m,
                            inst.loc,
                            format!("a call of {}", m.func(*g).name),
                        ))
                    }
                },
                InstKind::Call {
                    callee: Callee::Indirect(_),
                    ..
                } => return Err(Unsupported::new(m, inst.loc, "an indirect call".into())),
                _ => {}
            }
        }
    }
    Ok(seen)
}

/// Whether `inst` is a call after which the path ends (its arguments do not matter).
pub fn ends_path(m: &Module, inst: &InstKind, own: &dyn Fn(&str) -> bool) -> bool {
    segment::direct(inst).is_some_and(|g| matches!(call_kind(m, g, own), Some(CallKind::Ends)))
}

/// The width of each integer register of `f` (parameters, results, phi destinations).
fn reg_widths(m: &Module, fid: FuncId) -> Vec<Option<u32>> {
    let f = m.func(fid);
    let mut w: Vec<Option<u32>> = vec![None; f.num_regs as usize];
    for (i, t) in f.params.iter().enumerate() {
        w[i] = m.int_width(*t);
    }
    for inst in &f.code {
        let Some(d) = inst.dst else { continue };
        w[d.0 as usize] = match &inst.kind {
            InstKind::Bin { ty, .. }
            | InstKind::Select { ty, .. }
            | InstKind::Copy { ty, .. }
            | InstKind::Load { ty, .. } => m.int_width(*ty),
            InstKind::ICmp { .. } => Some(1),
            InstKind::Cast { to, .. } => m.int_width(*to),
            InstKind::Call { ret, .. } => m.int_width(*ret),
            _ => None,
        };
    }
    f.through_phis(m, &mut w, |k| match k {
        Const::Int { ty, .. } | Const::Zero { ty } | Const::Undef { ty } => m.int_width(*ty),
        _ => None,
    });
    w
}

/// Builds the clauses of `funcs` (the first is the entry), with `targets` the instructions
/// whose execution is an error.
pub fn encode(
    m: &Module,
    mem: &Memory,
    funcs: &[FuncId],
    own: &dyn Fn(&str) -> bool,
    targets: &HashSet<(FuncId, usize)>,
) -> Result<Encoding, Unsupported> {
    let globals = mem.globals.clone();
    let gsorts: Vec<Sort> = globals
        .iter()
        .map(|c| segment::cell_sort(mem, *c))
        .collect();
    let mut layouts = BTreeMap::new();
    for &f in funcs {
        layouts.insert(f, layout(m, mem, f, own, &globals, &gsorts)?);
    }
    let bad = FuncDecl::new("bad", &[], &Sort::bool());
    let mut enc = Encoding {
        layouts,
        rules: Vec::new(),
        bad,
        globals,
    };
    for (i, &f) in funcs.iter().enumerate() {
        entry_rule(m, mem, &mut enc, f, i == 0);
        let n = enc.layouts[&f].points.len();
        for p in 0..n {
            Segment {
                m,
                mem,
                own,
                targets,
                f,
                enc: &mut enc,
            }
            .run(p)?;
        }
    }
    let main_err = &enc.layouts[&funcs[0]].err;
    let mut st = empty_state();
    let args: Vec<Dynamic> = (0..main_err.arity())
        .map(|k| st.fresh(&sort_of_arg(&enc, funcs[0], k, mem)))
        .collect();
    let app = apply(main_err, &args);
    let head = apply(&enc.bad, &[]);
    enc.rules.push(close(&st, &[app], &head));
    Ok(enc)
}

fn sort_of_arg(enc: &Encoding, f: FuncId, k: usize, mem: &Memory) -> Sort {
    let l = &enc.layouts[&f];
    if k < l.params.len() {
        Sort::bitvector(l.params[k].1)
    } else {
        segment::cell_sort(mem, enc.globals[k - l.params.len()])
    }
}

fn empty_state() -> State {
    State {
        regs: HashMap::new(),
        cells: HashMap::new(),
        gin: Vec::new(),
        conds: Vec::new(),
        vars: Vec::new(),
        nondets: Vec::new(),
    }
}

pub fn apply(d: &FuncDecl, args: &[Dynamic]) -> Bool {
    let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
    d.apply(&refs).as_bool().expect("a predicate")
}

/// A point's arguments as fresh variables (of the state returned, for `close`).
pub fn point_vars(mem: &Memory, enc: &Encoding, f: FuncId) -> (State, Vec<Dynamic>) {
    let st = fresh_state(mem, enc, f);
    let args = args_of(&st, &enc.layouts[&f], &enc.globals);
    (st, args)
}

/// `forall vars. body && conds => head`.
pub fn close(st: &State, body: &[Bool], head: &Bool) -> Clause {
    let mut all: Vec<Bool> = body.to_vec();
    all.extend(st.conds.iter().cloned());
    Clause {
        vars: st.vars.clone(),
        body: all,
        nondets: st.nondets.clone(),
        head: head.clone(),
    }
}

fn layout(
    m: &Module,
    mem: &Memory,
    fid: FuncId,
    own: &dyn Fn(&str) -> bool,
    globals: &[CellId],
    gsorts: &[Sort],
) -> Result<Layout, Unsupported> {
    let f = m.func(fid);
    let widths = reg_widths(m, fid);
    let name = &f.name;
    // Points: block starts, and after each summary or nondet call.
    let mut starts: Vec<(usize, Option<Nondet>)> =
        f.blocks.iter().map(|b| (b.start as usize, None)).collect();
    let mut always = HashSet::new();
    for (pc, inst) in f.code.iter().enumerate() {
        let Some(g) = segment::direct(&inst.kind) else {
            continue;
        };
        match call_kind(m, g, own) {
            Some(CallKind::Summary(_)) => {
                starts.push((pc + 1, None));
                always.extend(inst.dst);
            }
            Some(CallKind::Nondet) => {
                let nd = inst.dst.map(|d| {
                    let InstKind::Call { ret, .. } = &inst.kind else {
                        unreachable!()
                    };
                    (d, m.func(g).name.clone(), m.ty(*ret).store_size.max(1))
                });
                starts.push((pc + 1, nd));
                always.extend(inst.dst);
            }
            _ => {}
        }
    }
    starts.sort_by_key(|s| s.0);
    starts.dedup_by_key(|s| s.0);
    let seg_of = |pc: usize| starts.partition_point(|s| s.0 <= pc) - 1;
    // Registers carried: used in another segment than their definition's, phi
    // destinations, call results.
    let nparams = f.params.len() as u32;
    let mut def_seg: HashMap<Reg, usize> = HashMap::new();
    for (pc, inst) in f.code.iter().enumerate() {
        if let Some(d) = inst.dst {
            def_seg.insert(d, seg_of(pc));
        }
    }
    let mut carried: HashSet<Reg> = always;
    let use_at = |r: Reg, pc: usize, carried: &mut HashSet<Reg>| {
        if r.0 >= nparams && def_seg.get(&r) != Some(&seg_of(pc)) {
            carried.insert(r);
        }
    };
    for (pc, inst) in f.code.iter().enumerate() {
        inst.kind.for_each_operand(&mut |o| {
            if let Operand::Reg(r) = o {
                use_at(*r, pc, &mut carried);
            }
        });
        if let Some(a) = mem.accesses.get(&(fid, pc)) {
            if let Some((Operand::Reg(r), ..)) = &a.index {
                use_at(*r, pc, &mut carried);
            }
        }
        inst.kind.for_each_edge(&mut |e| {
            for c in &e.copies {
                carried.insert(c.dst);
                if let Operand::Reg(r) = c.src {
                    use_at(r, pc, &mut carried);
                }
            }
        });
    }
    let mut carried: Vec<(Reg, u32)> = carried
        .into_iter()
        .filter(|r| !mem.is_ptr(fid, *r))
        .filter_map(|r| widths[r.0 as usize].map(|w| (r, w)))
        .collect();
    carried.sort();
    let params: Vec<(Reg, u32)> = (0..nparams)
        .filter_map(|i| widths[i as usize].map(|w| (Reg(i), w)))
        .collect();
    let locals = mem.locals.get(&fid).cloned().unwrap_or_default();
    let locals: Vec<CellId> = locals
        .into_iter()
        .filter(|c| mem.cell(*c).elem_size > 0)
        .collect();
    let bv = |w: u32| Sort::bitvector(w);
    let mut sorts: Vec<Sort> = params.iter().map(|p| bv(p.1)).collect();
    sorts.extend(gsorts.iter().cloned());
    sorts.extend(carried.iter().map(|c| bv(c.1)));
    sorts.extend(locals.iter().map(|c| segment::cell_sort(mem, *c)));
    sorts.extend(gsorts.iter().cloned());
    let refs: Vec<&Sort> = sorts.iter().collect();
    let heads = loop_heads(f);
    let points: Vec<Point> = starts
        .iter()
        .map(|(pc, nd)| Point {
            pc: *pc,
            decl: FuncDecl::new(format!("{name}@{pc}"), &refs, &Sort::bool()),
            nondet: nd.clone(),
            loop_head: heads.contains(pc),
            loc: f.code.get(*pc).map_or(LocId(0), |i| i.loc),
        })
        .collect();
    let mut names: Vec<Option<Named>> = vec![None; params.len() + gsorts.len() + carried.len()];
    names.extend(locals.iter().chain(globals).map(|c| c_name(m, mem, *c)));
    let point_at = points.iter().enumerate().map(|(i, p)| (p.pc, i)).collect();
    let ret_width = m.int_width(f.ret);
    if ret_width.is_none() && !matches!(m.ty(f.ret).kind, crate::ir::TypeKind::Void) {
        return Err(Unsupported::new(
            m,
            f.loc,
            format!("{name} returns a {:?}", m.ty(f.ret).kind),
        ));
    }
    let mut rsorts: Vec<Sort> = params.iter().map(|p| bv(p.1)).collect();
    rsorts.extend(gsorts.iter().cloned());
    let err_refs: Vec<&Sort> = rsorts.iter().collect();
    let err = FuncDecl::new(format!("{name}@err"), &err_refs, &Sort::bool());
    rsorts.extend(gsorts.iter().cloned());
    rsorts.extend(ret_width.map(bv));
    let ret_refs: Vec<&Sort> = rsorts.iter().collect();
    let ret = FuncDecl::new(format!("{name}@ret"), &ret_refs, &Sort::bool());
    Ok(Layout {
        params,
        carried,
        locals,
        points,
        point_at,
        ret,
        ret_width,
        err,
        names,
        function: name.clone(),
    })
}

/// The first instructions of the blocks a later block (in layout order) branches to.
fn loop_heads(f: &crate::ir::Function) -> HashSet<usize> {
    let mut heads = HashSet::new();
    for (b, _) in f.blocks.iter().enumerate() {
        let range = f.block_range(b);
        if let Some(last) = range.clone().last() {
            f.code[last].kind.for_each_edge(&mut |e| {
                if e.target.0 as usize <= b {
                    heads.insert(f.blocks[e.target.0 as usize].start as usize);
                }
            });
        }
    }
    heads
}

/// The C name of a scalar cell: its local variable's (debug info) or its global's.
fn c_name(m: &Module, mem: &Memory, c: CellId) -> Option<Named> {
    let cell = mem.cell(c);
    if !cell.is_scalar() {
        return None;
    }
    let (name, signed) = match cell.home {
        Home::Local(f, pc) => {
            let r = m.func(f).code[pc].dst?;
            let signed = m.var_signed.get(&(f, r)).copied();
            (m.var_names.get(&(f, r))?.clone(), signed)
        }
        Home::Global(g) => (m.global(g).name.clone(), None),
        Home::Length(..) => return None,
    };
    let c_ident = name
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_');
    c_ident.then_some(Named {
        name,
        width: cell.width,
        signed,
    })
}

/// The fact that starts `f`: any input (the entry function: the globals' initial values).
fn entry_rule(m: &Module, mem: &Memory, enc: &mut Encoding, f: FuncId, is_entry: bool) {
    let mut st = fresh_state(mem, enc, f);
    if is_entry {
        for (k, c) in enc.globals.iter().enumerate() {
            let Home::Global(g) = mem.cell(*c).home else {
                unreachable!("a global cell")
            };
            let v = segment::global_init(m, mem, *c, g);
            st.gin[k] = v.clone();
            st.cells.insert(*c, v);
        }
    } else {
        for (k, c) in enc.globals.iter().enumerate() {
            st.cells.insert(*c, st.gin[k].clone());
        }
    }
    let l = &enc.layouts[&f];
    let head = apply(&l.points[0].decl, &args_of(&st, l, &enc.globals));
    enc.rules.push(close(&st, &[], &head));
}

/// A state of fresh variables for a point of `f`.
fn fresh_state(mem: &Memory, enc: &Encoding, f: FuncId) -> State {
    let l = &enc.layouts[&f];
    let mut st = empty_state();
    for (r, w) in l.params.iter().chain(&l.carried) {
        let v = st.fresh_bv(*w);
        st.regs.insert(*r, v);
    }
    for c in &enc.globals {
        let v = st.fresh(&segment::cell_sort(mem, *c));
        st.gin.push(v);
    }
    for c in l.locals.iter().chain(&enc.globals) {
        let v = st.fresh(&segment::cell_sort(mem, *c));
        st.cells.insert(*c, v);
    }
    st
}

/// A point's arguments from a state.
fn args_of(st: &State, l: &Layout, globals: &[CellId]) -> Vec<Dynamic> {
    let mut a = entry_args(st, l);
    a.extend(l.carried.iter().map(|c| Dynamic::from_ast(&st.regs[&c.0])));
    a.extend(l.locals.iter().chain(globals).map(|c| st.cells[c].clone()));
    a
}

/// The arguments of `f@err` / the first part of `f@ret`.
fn entry_args(st: &State, l: &Layout) -> Vec<Dynamic> {
    let mut a: Vec<Dynamic> = l
        .params
        .iter()
        .map(|p| st.regs[&p.0].clone().into())
        .collect();
    a.extend(st.gin.iter().cloned());
    a
}

/// Translates one segment of a function.
struct Segment<'a, 'e> {
    m: &'a Module,
    mem: &'a Memory,
    own: &'a dyn Fn(&str) -> bool,
    targets: &'a HashSet<(FuncId, usize)>,
    f: FuncId,
    enc: &'e mut Encoding,
}

impl Segment<'_, '_> {
    fn layout(&self) -> &Layout {
        &self.enc.layouts[&self.f]
    }

    fn run(&mut self, p: usize) -> Result<(), Unsupported> {
        let mut st = fresh_state(self.mem, self.enc, self.f);
        let start = self.layout().points[p].pc;
        let l = self.layout();
        let body = apply(&l.points[p].decl, &args_of(&st, l, &self.enc.globals));
        let func = self.m.func(self.f);
        let mut pc = start;
        loop {
            let inst = &func.code[pc];
            let err = |what: String| Unsupported::new(self.m, inst.loc, what);
            if self.targets.contains(&(self.f, pc)) {
                self.error_rule(&st, &body, None);
                return Ok(());
            }
            // A zero divisor or an over-wide shift ends trex's path with an error (a gap of
            // symbolic execution): no proof past one either.
            if let Some(bad) = segment::failure(self.m, &st, &inst.kind) {
                let bad = bad.map_err(err)?;
                self.error_rule(&st, &body, Some(bad.clone()));
                st.conds.push(bad.not());
            }
            // A pointer's cast or copy is no value (the memory model follows it).
            let moves_pointer = matches!(inst.kind, InstKind::Cast { .. } | InstKind::Copy { .. })
                && inst.dst.is_some_and(|d| self.mem.is_ptr(self.f, d));
            if moves_pointer {
                pc += 1;
                continue;
            }
            if let Some(v) = segment::compute(self.m, &st, &inst.kind) {
                let v = v.map_err(err)?;
                if let Some(d) = inst.dst {
                    st.regs.insert(d, v);
                }
                pc += 1;
                continue;
            }
            match &inst.kind {
                InstKind::Alloca { .. } => {
                    if let Some(v) = self.mem.vlas.get(&(self.f, pc)) {
                        // Fresh contents, and the count as the length (in elements).
                        let count =
                            segment::operand(self.m, &st, &v.count, v.count_width).map_err(err)?;
                        let len = match v.count_width {
                            w if w < INDEX_BITS => count.zero_ext(INDEX_BITS - w),
                            w if w > INDEX_BITS => count.extract(INDEX_BITS - 1, 0),
                            _ => count,
                        };
                        let fresh = st.fresh(&segment::cell_sort(self.mem, v.cell));
                        st.cells.insert(v.cell, fresh);
                        st.cells.insert(v.length, len.into());
                    }
                }
                InstKind::Load { .. } | InstKind::Store { .. }
                    if self.mem.token_moves.contains(&(self.f, pc)) => {}
                InstKind::Gep { .. } | InstKind::Fence => {}
                InstKind::Load { .. } | InstKind::Store { .. } => {
                    let a = &self.mem.accesses[&(self.f, pc)];
                    let (e, within) = segment::element(self.m, self.mem, &st, a).map_err(err)?;
                    // Outside its cell: not modelled, so an error (no proof past it).
                    let len = self.mem.cell(a.cell).len() as i64;
                    let vla = self.mem.cell(a.cell).length.is_some();
                    if vla || a.index.is_some() || a.elem_offset < 0 || a.elem_offset >= len {
                        self.error_rule(&st, &body, Some(within.not()));
                        st.conds.push(within);
                    }
                    if let InstKind::Store { ty, val, .. } = &inst.kind {
                        let w = segment::width(self.m, *ty).map_err(err)?;
                        let v = segment::operand(self.m, &st, val, w).map_err(err)?;
                        segment::store(&mut st, self.mem, a.cell, &e, v).map_err(err)?;
                    } else if let Some(d) = inst.dst {
                        let v = segment::load(&st, self.mem, a.cell, &e).map_err(err)?;
                        st.regs.insert(d, v);
                    }
                }
                InstKind::Call {
                    callee: Callee::Intrinsic(i),
                    args,
                    ret,
                } => {
                    let v = segment::intrinsic(self.m, &mut st, *i, args, *ret).map_err(err)?;
                    if let (Some(d), Some(v)) = (inst.dst, v) {
                        st.regs.insert(d, v);
                    }
                }
                InstKind::Call {
                    callee: Callee::Direct(g),
                    args,
                    ret,
                } => match call_kind(self.m, *g, self.own) {
                    Some(CallKind::Assume) => {
                        let a = args
                            .first()
                            .ok_or_else(|| err("assume without argument".into()))?;
                        let w = segment::width(self.m, a.ty).map_err(err)?;
                        let c = segment::operand(self.m, &st, &a.op, w).map_err(err)?;
                        st.conds.push(segment::truth(&c));
                    }
                    Some(CallKind::Ends) => return Ok(()),
                    Some(CallKind::Nondet) => {
                        if let Some(d) = inst.dst {
                            let w = segment::width(self.m, *ret).map_err(err)?;
                            let v = st.fresh_bv(w);
                            let signed = signed_nondet(&self.m.func(*g).name);
                            st.nondets.push((v.clone(), signed));
                            st.regs.insert(d, v);
                        }
                        self.jump(&st, &body, pc + 1);
                        return Ok(());
                    }
                    Some(CallKind::Summary(g)) => {
                        self.call(&mut st, &body, g, args, inst.dst).map_err(err)?;
                        self.jump(&st, &body, pc + 1);
                        return Ok(());
                    }
                    None => return Err(err(format!("a call of {}", self.m.func(*g).name))),
                },
                InstKind::Ret { val } => {
                    let l = self.layout();
                    let mut a = entry_args(&st, l);
                    a.extend(self.enc.globals.iter().map(|c| st.cells[c].clone()));
                    if let (Some(w), Some(v)) = (l.ret_width, val) {
                        let v = segment::operand(self.m, &st, v, w).map_err(err)?;
                        a.push(v.into());
                    } else if let Some(w) = l.ret_width {
                        a.push(BV::from_u64(0, w).into());
                    }
                    let head = apply(&l.ret, &a);
                    self.enc
                        .rules
                        .push(close(&st, std::slice::from_ref(&body), &head));
                    return Ok(());
                }
                InstKind::Br { edge } => {
                    self.edge(&st, &body, edge, None).map_err(err)?;
                    return Ok(());
                }
                InstKind::CondBr { cond, t, f } => {
                    let c = segment::truth(&segment::operand(self.m, &st, cond, 1).map_err(err)?);
                    self.edge(&st, &body, t, Some(c.clone())).map_err(err)?;
                    self.edge(&st, &body, f, Some(c.not())).map_err(err)?;
                    return Ok(());
                }
                InstKind::Switch {
                    cond,
                    width,
                    cases,
                    default,
                } => {
                    let c = segment::operand(self.m, &st, cond, *width).map_err(err)?;
                    let mut others = Vec::new();
                    for (v, e) in cases {
                        let eq = c.eq(segment::constant(*v, *width));
                        others.push(eq.not());
                        self.edge(&st, &body, e, Some(eq)).map_err(err)?;
                    }
                    self.edge(&st, &body, default, Some(Bool::and(&others)))
                        .map_err(err)?;
                    return Ok(());
                }
                InstKind::Unreachable => return Ok(()),
                k => return Err(err(segment::kind_name(k).to_string())),
            }
            pc += 1;
        }
    }

    /// `body && conds [&& extra] => f@err(entry)`.
    fn error_rule(&mut self, st: &State, body: &Bool, extra: Option<Bool>) {
        let l = self.layout();
        let head = apply(&l.err, &entry_args(st, l));
        let mut b = vec![body.clone()];
        b.extend(extra);
        let rule = close(st, &b, &head);
        self.enc.rules.push(rule);
    }

    /// `body && conds => point at pc`.
    fn jump(&mut self, st: &State, body: &Bool, pc: usize) {
        let l = self.layout();
        let head = apply(
            &l.points[l.point_at[&pc]].decl,
            &args_of(st, l, &self.enc.globals),
        );
        let rule = close(st, std::slice::from_ref(body), &head);
        self.enc.rules.push(rule);
    }

    /// A branch edge: its phi copies (in parallel), then the jump.
    fn edge(
        &mut self,
        st: &State,
        body: &Bool,
        e: &Edge,
        cond: Option<Bool>,
    ) -> Result<(), String> {
        let mut next = State {
            regs: st.regs.clone(),
            cells: st.cells.clone(),
            gin: st.gin.clone(),
            conds: st.conds.clone(),
            vars: st.vars.clone(),
            nondets: st.nondets.clone(),
        };
        let l = self.layout();
        let mut vals = Vec::new();
        for c in &e.copies {
            let Some(w) = l.carried.iter().find(|x| x.0 == c.dst).map(|x| x.1) else {
                return Err("a phi of a value the translation does not model".into());
            };
            vals.push((c.dst, segment::operand(self.m, st, &c.src, w)?));
        }
        for (d, v) in vals {
            next.regs.insert(d, v);
        }
        next.conds.extend(cond);
        let target = self.m.func(self.f).blocks[e.target.0 as usize].start as usize;
        self.jump(&next, body, target);
        Ok(())
    }

    /// A call of a function translated: the error rule, and the state after a return.
    fn call(
        &mut self,
        st: &mut State,
        body: &Bool,
        g: FuncId,
        args: &[crate::ir::CallArg],
        dst: Option<Reg>,
    ) -> Result<(), String> {
        let gl = &self.enc.layouts[&g];
        let mut inputs: Vec<Dynamic> = Vec::new();
        for (r, w) in gl.params.clone() {
            let a = args
                .get(r.0 as usize)
                .ok_or("a call with too few arguments")?;
            inputs.push(segment::operand(self.m, st, &a.op, w)?.into());
        }
        // Pointer arguments are not modelled.
        for (i, a) in args.iter().enumerate() {
            if !gl.params.iter().any(|p| p.0 .0 as usize == i) && self.m.int_width(a.ty).is_none() {
                return Err("a pointer argument".into());
            }
        }
        inputs.extend(self.enc.globals.iter().map(|c| st.cells[c].clone()));
        let err_app = apply(&gl.err, &inputs);
        let l = self.layout();
        let err_head = apply(&l.err, &entry_args(st, l));
        self.enc
            .rules
            .push(close(st, &[body.clone(), err_app], &err_head));
        let ret_w = self.enc.layouts[&g].ret_width;
        let mut outs: Vec<Dynamic> = Vec::new();
        for c in self.enc.globals.clone() {
            let v = st.fresh(&segment::cell_sort(self.mem, c));
            st.cells.insert(c, v.clone());
            outs.push(v);
        }
        if let Some(w) = ret_w {
            let r = st.fresh_bv(w);
            outs.push(r.clone().into());
            if let Some(d) = dst {
                st.regs.insert(d, r);
            }
        }
        let mut all = inputs;
        all.extend(outs);
        let ret_app = apply(&self.enc.layouts[&g].ret, &all);
        st.conds.push(ret_app);
        Ok(())
    }
}

/// Whether `__VERIFIER_nondet_T` returns a signed type (`int`, `char`, `long`...; not
/// `uint`, `_Bool`, `size_t`...).
fn signed_nondet(name: &str) -> bool {
    let t = name.trim_start_matches("__VERIFIER_nondet_");
    !(t.starts_with('u') || matches!(t, "bool" | "size_t" | "pointer"))
}

/// Where a location is, for messages.
pub fn loc_text(m: &Module, loc: LocId) -> String {
    m.loc_string(loc)
        .unwrap_or_else(|| "an unknown location".into())
}
