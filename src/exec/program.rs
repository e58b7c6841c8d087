//! The program as the interpreter runs it: everything derived once from the `ir::Module` and
//! the configuration (type information, builtins, switch tables, the options the semantics
//! reads) and the start-up image (constants, function / global / block objects, the memory
//! holding the globals). Immutable once built (the image is set once, by the first worker to
//! start), `Send + Sync`: every worker of a run reads the same one by reference.

use std::sync::{Arc, OnceLock};

use super::float::FK;
use super::memory::{Memory, ObjRef};
use super::sem;
use super::value::Value;
use super::{Config, PathFiles};
use crate::ir::externs::builtin_of;
use crate::ir::externs::Builtin;
use crate::ir::*;

/// Pre-digested type information for the hot paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TI {
    Void,
    Int(u32),
    F(FK),
    Ptr,
    Vec(TypeId, u32),
    /// Struct or array.
    Agg,
    Other,
}

/// Per large switch (keyed by the address of its `cases`): sorted (value, case index).
pub(crate) type SwitchTables = hashbrown::HashMap<usize, Box<[(u128, u32)]>>;

/// What start-up makes before the entry runs: the same for every path and every worker.
pub(crate) struct Image {
    /// The value of each `ir::ConstId`.
    pub(crate) consts: Arc<[Value]>,
    pub(crate) func_objs: Vec<ObjRef>,
    pub(crate) global_objs: Vec<ObjRef>,
    /// The memory after the globals' initializers (a worker's first path starts from it).
    pub(crate) mem: Memory,
}

pub struct Program<'m> {
    pub(crate) m: &'m Module,
    pub(crate) tinfo: Vec<TI>,
    pub(crate) builtins: Vec<Builtin>,
    /// The program's own `rawmemchr`, whose calls may be answered by `word_scan.rs`.
    pub(crate) rawmemchr: Option<FuncId>,
    /// Sorted (value, case index) tables of switches with many cases, keyed by the address
    /// of their `cases` vector.
    pub(crate) switch_tables: SwitchTables,
    /// Per function, per instruction: its result only a select can choose
    /// (`ir::speculation::select_only`), computed on a function's first failed operation.
    pub(crate) select_only: Vec<OnceLock<Vec<bool>>>,
    /// Per function: its registers live at block entries (`ir::reg_live`), computed at the
    /// first fork that freezes one of its frames.
    pub(crate) reg_live: Vec<OnceLock<crate::ir::reg_live::RegLive>>,
    /// Pointer size in bytes (4 or 8), its mask, and whether the target is x86-64.
    pub(crate) ps: u32,
    pub(crate) ptr_mask: u64,
    pub(crate) x86_64: bool,
    /// The options the semantics reads (copied from the `Config`).
    pub(crate) max_frames: usize,
    pub(crate) checks: sem::Checks,
    pub(crate) path_inputs: bool,
    pub(crate) exit_inputs: bool,
    pub(crate) write_cov: bool,
    pub(crate) path_files: PathFiles,
    pub(crate) replay_path: Option<Arc<[bool]>>,
    pub(crate) silent_klee_assume: bool,
    pub(crate) subsumed_test: bool,
    image: OnceLock<Image>,
}

// Workers on other threads share one program.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<Program<'static>>();
};

impl<'m> Program<'m> {
    pub fn new(m: &'m Module, cfg: &Config) -> Program<'m> {
        let ps = if m.ptr_size == 4 { 4 } else { 8 };
        let tinfo = m
            .types
            .iter()
            .map(|t| match &t.kind {
                TypeKind::Void => TI::Void,
                TypeKind::Int(w) => TI::Int(*w),
                TypeKind::Half => TI::F(FK::Half),
                TypeKind::Float => TI::F(FK::F32),
                TypeKind::Double => TI::F(FK::F64),
                TypeKind::X86Fp80 => TI::F(FK::F80),
                TypeKind::Fp128 => TI::F(FK::F128),
                TypeKind::Ptr => TI::Ptr,
                TypeKind::Vector { elem, len } => TI::Vec(*elem, *len),
                TypeKind::Array { .. } | TypeKind::Struct { .. } => TI::Agg,
                _ => TI::Other,
            })
            .collect();
        Program {
            m,
            tinfo,
            builtins: m.functions.iter().map(builtin_of).collect(),
            rawmemchr: m
                .functions
                .iter()
                .position(|f| !f.is_declaration && crate::ir::externs::word_scanner(&f.name))
                .map(|i| FuncId(i as u32)),
            switch_tables: switch_tables(m),
            select_only: m.functions.iter().map(|_| OnceLock::new()).collect(),
            reg_live: m.functions.iter().map(|_| OnceLock::new()).collect(),
            ps,
            ptr_mask: Memory::new(ps).ptr_mask,
            x86_64: ps == 8,
            max_frames: if cfg.max_stack_frames == 0 {
                usize::MAX
            } else {
                cfg.max_stack_frames as usize
            },
            checks: cfg.checks,
            path_inputs: cfg.path_inputs,
            exit_inputs: cfg.exit_inputs,
            write_cov: cfg.write_cov,
            path_files: cfg.path_files,
            replay_path: cfg.replay_path.clone(),
            silent_klee_assume: cfg.silent_klee_assume,
            subsumed_test: cfg.subsumed_test,
            image: OnceLock::new(),
        }
    }

    /// The start-up image, once a worker has made it.
    pub(crate) fn image(&self) -> Option<&Image> {
        self.image.get()
    }

    /// Records the start-up image (the first worker to start makes it; the others copy it).
    pub(crate) fn set_image(&self, img: Image) {
        // (Another worker's image is the same: start-up is deterministic.)
        let _ = self.image.set(img);
    }

    /// The start-up image: only after start-up.
    pub(crate) fn objects(&self) -> &Image {
        self.image.get().expect("program image made at start-up")
    }

    /// The registers of `f` live at its block entries.
    pub(crate) fn reg_live(&self, f: FuncId) -> &crate::ir::reg_live::RegLive {
        self.reg_live[f.0 as usize]
            .get_or_init(|| crate::ir::reg_live::RegLive::new(self.m, self.m.func(f)))
    }

    /// Whether the result of instruction `pc` of `f` is only chosen by a `select`.
    pub(crate) fn select_only(&self, f: FuncId, pc: u32) -> bool {
        self.select_only[f.0 as usize]
            .get_or_init(|| crate::ir::speculation::select_only(self.m.func(f)))
            .get(pc as usize)
            .copied()
            .unwrap_or(false)
    }
}

fn switch_tables(m: &Module) -> SwitchTables {
    let mut t = hashbrown::HashMap::new();
    for f in &m.functions {
        for inst in &f.code {
            if let InstKind::Switch { cases, .. } = &inst.kind {
                if cases.len() > 8 {
                    let mut v: Vec<(u128, u32)> = cases
                        .iter()
                        .enumerate()
                        .map(|(i, (c, _))| (*c, i as u32))
                        .collect();
                    v.sort();
                    v.dedup_by_key(|e| e.0);
                    t.insert(cases.as_ptr() as usize, v.into_boxed_slice());
                }
            }
        }
    }
    t
}
