//! The memory the Horn-clause translation can model: objects (a local `alloca`, a global)
//! whose address is only ever loaded from or stored to, directly or through a `getelementptr`
//! with at most one variable index, always as one integer type. Such an object is a *cell*: a
//! bit-vector variable (one element) or an array from element index to element, with its
//! bounds checked at each access. A variable-length array (an `alloca` of a variable count)
//! is an array cell with a second, scalar cell holding its element count, set at the
//! `alloca`; the stack-save token C saves around it (`llvm.stacksave`, kept in a local and
//! passed to `llvm.stackrestore`) is no value of the translation, and its moves are skipped.
//! Pointers are never values of the translation: each pointer
//! register is known statically to point into one cell (`Ptr`); any other use of an address
//! (stored, passed, compared, cast to an integer, selected) is a construct the translation
//! cannot model, named with its location.

use hashbrown::{HashMap, HashSet};

use super::Unsupported;
use crate::ir::{
    Callee, CastOp, Const, FuncId, GlobalId, InstKind, Intrinsic, LocId, Module, Operand, Reg,
    TypeId, TypeKind,
};

/// Index of a cell in `Memory::cells`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(pub u32);

/// Where a cell lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    /// The `alloca` at this instruction of this function (one per frame).
    Local(FuncId, usize),
    Global(GlobalId),
    /// The element count of the variable-length array allocated at this instruction.
    Length(FuncId, usize),
}

#[derive(Clone, Debug)]
pub struct Cell {
    pub home: Home,
    /// Bytes of the object.
    pub size: u64,
    /// The element's width in bits and size in bytes, once an access has fixed them.
    pub width: u32,
    pub elem_size: u64,
    /// Accessed at a variable index (an array), else only at constant ones.
    pub indexed: bool,
    /// A variable-length array's element count: a scalar cell (64 bits), set at the alloca.
    pub length: Option<CellId>,
}

impl Cell {
    /// Number of elements.
    pub fn len(&self) -> u64 {
        self.size / self.elem_size.max(1)
    }

    /// A single variable: one element, never indexed.
    pub fn is_scalar(&self) -> bool {
        !self.indexed && self.len() == 1
    }
}

/// A pointer known statically: `cell + offset + index * stride` (bytes).
#[derive(Clone, Debug)]
pub struct Ptr {
    pub cell: CellId,
    pub offset: i64,
    /// The variable index, its width in bits and its stride.
    pub index: Option<(Operand, u32, i64)>,
}

/// An access (a load or a store) of element `elem_offset + index * elem_stride` of a cell.
#[derive(Clone, Debug)]
pub struct Access {
    pub cell: CellId,
    pub elem_offset: i64,
    pub index: Option<(Operand, u32, i64)>,
}

/// A variable-length array's `alloca`: its cell, its length's cell and the element count.
#[derive(Clone, Debug)]
pub struct Vla {
    pub cell: CellId,
    pub length: CellId,
    pub count: Operand,
    pub count_width: u32,
    /// The size in bytes of the element the alloca counts (an access must use the same).
    elem_size: u64,
}

/// The cells of the functions translated, and each access of them.
#[derive(Debug, Default)]
pub struct Memory {
    pub cells: Vec<Cell>,
    /// Cells of globals.
    pub globals: Vec<CellId>,
    /// Cells of each function's allocas.
    pub locals: HashMap<FuncId, Vec<CellId>>,
    /// Pointer registers.
    ptrs: HashMap<(FuncId, Reg), Ptr>,
    /// Loads and stores, by (function, instruction index).
    pub accesses: HashMap<(FuncId, usize), Access>,
    /// The variable-length arrays, by (function, instruction index) of their alloca.
    pub vlas: HashMap<(FuncId, usize), Vla>,
    /// The loads and stores that move a stack-save token, which the translation skips.
    pub token_moves: HashSet<(FuncId, usize)>,
    /// The cells that only hold stack-save tokens (in no layout).
    token_cells: HashSet<CellId>,
    global_cells: HashMap<GlobalId, CellId>,
}

impl Memory {
    /// The memory of `funcs` (the functions translated). Errors name the first use of an
    /// address the translation cannot model.
    /// `skip`: the instructions whose uses of addresses do not matter (the calls that end a
    /// path, the targets).
    pub fn new(
        m: &Module,
        funcs: &[FuncId],
        skip: &dyn Fn(FuncId, usize) -> bool,
    ) -> Result<Memory, Unsupported> {
        let mut mem = Memory::default();
        for &f in funcs {
            mem.function(m, f, skip)?;
        }
        for v in mem.vlas.values() {
            let es = mem.cell(v.cell).elem_size;
            if es != 0 && es != v.elem_size {
                return Err(Unsupported::new(
                    m,
                    LocId(0),
                    format!(
                        "a variable-length array of {}-byte elements accessed as {es}-byte ones",
                        v.elem_size
                    ),
                ));
            }
        }
        for (k, c) in mem.cells.iter().enumerate() {
            if mem.token_cells.contains(&CellId(k as u32)) {
                continue;
            }
            if c.elem_size == 0 || c.size % c.elem_size != 0 {
                return Err(Unsupported::new(
                    m,
                    LocId(0),
                    format!(
                        "an object of {} bytes accessed as {}-byte elements",
                        c.size, c.elem_size
                    ),
                ));
            }
        }
        Ok(mem)
    }

    pub fn cell(&self, c: CellId) -> &Cell {
        &self.cells[c.0 as usize]
    }

    /// Whether `r` of `f` is a pointer register the memory model knows.
    pub fn is_ptr(&self, f: FuncId, r: Reg) -> bool {
        self.ptrs.contains_key(&(f, r))
    }

    /// The pointer an operand of `f` holds, if the model knows it.
    fn ptr_of(&mut self, m: &Module, f: FuncId, op: &Operand) -> Option<Ptr> {
        match op {
            Operand::Reg(r) => self.ptrs.get(&(f, *r)).cloned(),
            Operand::Const(c) => match m.konst(*c) {
                Const::GlobalAddr { global, offset } => {
                    let cell = self.global_cell(m, *global)?;
                    Some(Ptr {
                        cell,
                        offset: *offset,
                        index: None,
                    })
                }
                _ => None,
            },
        }
    }

    fn global_cell(&mut self, m: &Module, g: GlobalId) -> Option<CellId> {
        if let Some(c) = self.global_cells.get(&g) {
            return Some(*c);
        }
        let gl = m.global(g);
        // A declaration has no known contents; relocations are pointers in memory.
        let init = gl.init.as_ref()?;
        if !init.relocs.is_empty() {
            return None;
        }
        let id = self.push(Home::Global(g), gl.size);
        self.global_cells.insert(g, id);
        self.globals.push(id);
        Some(id)
    }

    fn push(&mut self, home: Home, size: u64) -> CellId {
        let id = CellId(self.cells.len() as u32);
        self.cells.push(Cell {
            home,
            size,
            width: 0,
            elem_size: 0,
            indexed: false,
            length: None,
        });
        id
    }

    /// Whether an operand is an address (a pointer register or a constant address).
    fn is_address(&self, m: &Module, f: FuncId, op: &Operand) -> bool {
        match op {
            Operand::Reg(r) => self.ptrs.contains_key(&(f, *r)),
            Operand::Const(c) => matches!(
                m.konst(*c),
                Const::GlobalAddr { .. } | Const::FuncAddr(_) | Const::BlockAddr { .. }
            ),
        }
    }

    fn function(
        &mut self,
        m: &Module,
        fid: FuncId,
        skip: &dyn Fn(FuncId, usize) -> bool,
    ) -> Result<(), Unsupported> {
        let f = m.func(fid);
        let mut locals = Vec::new();
        // Pointer registers first (a GEP may be laid out after its use's block: iterate).
        loop {
            let before = self.ptrs.len();
            for (pc, inst) in f.code.iter().enumerate() {
                let Some(dst) = inst.dst else { continue };
                if self.ptrs.contains_key(&(fid, dst)) {
                    continue;
                }
                let p = match &inst.kind {
                    InstKind::Alloca {
                        elem_size,
                        count: Operand::Const(c),
                        ..
                    } => match m.konst(*c) {
                        Const::Int { bits, .. } => {
                            let id = self.push(Home::Local(fid, pc), elem_size * *bits as u64);
                            locals.push(id);
                            Some(Ptr {
                                cell: id,
                                offset: 0,
                                index: None,
                            })
                        }
                        _ => None,
                    },
                    InstKind::Alloca {
                        elem_size,
                        count: count @ Operand::Reg(_),
                        count_width,
                        ..
                    } => {
                        let id = self.push(Home::Local(fid, pc), 0);
                        let length = self.push(Home::Length(fid, pc), 8);
                        let len_cell = &mut self.cells[length.0 as usize];
                        (len_cell.width, len_cell.elem_size) = (64, 8);
                        let cell = &mut self.cells[id.0 as usize];
                        (cell.indexed, cell.length) = (true, Some(length));
                        locals.extend([id, length]);
                        self.vlas.insert(
                            (fid, pc),
                            Vla {
                                cell: id,
                                length,
                                count: *count,
                                count_width: *count_width,
                                elem_size: *elem_size,
                            },
                        );
                        Some(Ptr {
                            cell: id,
                            offset: 0,
                            index: None,
                        })
                    }
                    InstKind::Gep {
                        base,
                        offset,
                        indices,
                    } => self
                        .ptr_of(m, fid, base)
                        .and_then(|b| gep(b, *offset, indices)),
                    InstKind::Cast {
                        op: CastOp::BitCast | CastOp::AddrSpaceCast,
                        v,
                        ..
                    }
                    | InstKind::Copy { v, .. } => self.ptr_of(m, fid, v),
                    _ => None,
                };
                if let Some(p) = p {
                    self.ptrs.insert((fid, dst), p);
                }
            }
            if self.ptrs.len() == before {
                break;
            }
        }
        self.stack_tokens(m, fid);
        locals.retain(|c| !self.token_cells.contains(c));
        self.locals.insert(fid, locals);
        // Then every use of an address.
        for (pc, inst) in f.code.iter().enumerate() {
            if skip(fid, pc) || self.token_moves.contains(&(fid, pc)) {
                continue;
            }
            let here = |what: String| Unsupported::new(m, inst.loc, what);
            match &inst.kind {
                InstKind::Load { ty, ptr, .. } => {
                    let a = self.access(m, fid, ptr, *ty).map_err(here)?;
                    self.accesses.insert((fid, pc), a);
                }
                InstKind::Store { ty, val, ptr, .. } => {
                    if self.is_address(m, fid, val) {
                        return Err(here("an address stored in memory".into()));
                    }
                    let a = self.access(m, fid, ptr, *ty).map_err(here)?;
                    self.accesses.insert((fid, pc), a);
                }
                // Tracked above; their operands are the pointers they derive from.
                InstKind::Gep { .. } | InstKind::Alloca { .. }
                    if inst.dst.is_some_and(|d| self.ptrs.contains_key(&(fid, d))) => {}
                InstKind::Cast { .. } | InstKind::Copy { .. }
                    if inst.dst.is_some_and(|d| self.ptrs.contains_key(&(fid, d))) => {}
                kind => {
                    let mut bad = None;
                    kind.for_each_operand(&mut |o| {
                        if bad.is_none() && self.is_address(m, fid, o) {
                            bad = Some(*o);
                        }
                    });
                    let mut phi_bad = false;
                    kind.for_each_edge(&mut |e| {
                        phi_bad |= e.copies.iter().any(|c| self.is_address(m, fid, &c.src));
                    });
                    if bad.is_some() || phi_bad {
                        return Err(here(format!(
                            "an address used by {}",
                            super::segment::kind_name(kind)
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Finds the stack-save tokens of `fid`: the registers `llvm.stacksave` gives, the cells
    /// they are stored in, and the registers loaded back from those.
    fn stack_tokens(&mut self, m: &Module, fid: FuncId) {
        let f = m.func(fid);
        let mut regs: HashSet<Reg> = HashSet::new();
        for inst in &f.code {
            if let (
                InstKind::Call {
                    callee: Callee::Intrinsic(Intrinsic::StackSave),
                    ..
                },
                Some(d),
            ) = (&inst.kind, inst.dst)
            {
                regs.insert(d);
            }
        }
        loop {
            let before = (regs.len(), self.token_moves.len());
            for (pc, inst) in f.code.iter().enumerate() {
                match &inst.kind {
                    InstKind::Store {
                        val: Operand::Reg(r),
                        ptr,
                        ..
                    } if regs.contains(r) => {
                        if let Some(p) = self.ptr_of(m, fid, ptr) {
                            self.token_cells.insert(p.cell);
                            self.token_moves.insert((fid, pc));
                        }
                    }
                    InstKind::Load { ptr, .. } => {
                        let token = self
                            .ptr_of(m, fid, ptr)
                            .is_some_and(|p| self.token_cells.contains(&p.cell));
                        if let (true, Some(d)) = (token, inst.dst) {
                            regs.insert(d);
                            self.token_moves.insert((fid, pc));
                        }
                    }
                    _ => {}
                }
            }
            if (regs.len(), self.token_moves.len()) == before {
                break;
            }
        }
    }

    /// The access through `ptr` of a value of type `ty`; fixes the cell's element type.
    fn access(
        &mut self,
        m: &Module,
        f: FuncId,
        ptr: &Operand,
        ty: TypeId,
    ) -> Result<Access, String> {
        let p = self
            .ptr_of(m, f, ptr)
            .ok_or_else(|| "a memory access through a pointer the translation does not track (a parameter, a loaded pointer, the C library's memory)".to_string())?;
        let t = m.ty(ty);
        let TypeKind::Int(w) = t.kind else {
            return Err(format!("a memory access of type {:?}", t.kind));
        };
        let es = t.store_size;
        let cell = &mut self.cells[p.cell.0 as usize];
        if cell.elem_size == 0 {
            cell.elem_size = es;
            cell.width = w;
        } else if cell.elem_size != es || cell.width != w {
            return Err(format!(
                "an object accessed both as i{} and as i{w} (a struct or a union)",
                cell.width
            ));
        }
        if p.offset % es as i64 != 0 {
            return Err("an access between elements".into());
        }
        let index = match p.index {
            Some((op, width, stride)) => {
                if stride % es as i64 != 0 {
                    return Err("an index stride that is not a whole number of elements".into());
                }
                cell.indexed = true;
                Some((op, width, stride / es as i64))
            }
            None => None,
        };
        Ok(Access {
            cell: p.cell,
            elem_offset: p.offset / es as i64,
            index,
        })
    }
}

/// `base` moved by a GEP; `None` with more than one variable index.
fn gep(base: Ptr, offset: i64, indices: &[crate::ir::GepIndex]) -> Option<Ptr> {
    let mut p = base;
    p.offset += offset;
    for i in indices {
        if p.index.is_some() {
            return None;
        }
        p.index = Some((i.op, i.width, i.stride));
    }
    Some(p)
}
