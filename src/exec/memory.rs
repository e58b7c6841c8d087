//! Memory: objects with unique concrete addresses, exact bounds, and pointer provenance.
//!
//! Every allocation is an object with a base address from a bump allocator (never reused,
//! aligned to at least 16, a gap of at least 16 bytes after each object). Object slots are
//! recycled with a generation number, so a stale `ObjRef` is detected (use after free) without
//! keeping freed objects around. Each object remembers which offsets hold a stored pointer and
//! to which object (the provenance side table), so a pointer stored and loaded back keeps its
//! provenance. Integers used as addresses are resolved through an address index.

use super::value::Value;
use crate::expr::{ArrayId, Expr, ExprId, ExprPool, UpdateId};
use crate::ir::{BlockId, FuncId};
pub use bytes::Bytes;
pub use cow_table::CowTable;
pub use cow_vec::CowVec;
pub use ptr_map::PtrMap;
use std::sync::Arc;
pub use sym_bytes::SymBytes;

pub mod bytes;
pub mod cow_table;
pub mod cow_vec;
pub mod ptr_map;
pub mod sym_bytes;
pub mod view;

pub use crate::obj::ObjRef;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjKind {
    Global,
    ConstGlobal,
    Stack,
    Heap,
    Function(FuncId),
    Block(FuncId, BlockId),
    /// argv / environment strings, varargs areas.
    Data,
}

impl ObjKind {
    pub fn read_only(self) -> bool {
        matches!(
            self,
            ObjKind::ConstGlobal | ObjKind::Function(_) | ObjKind::Block(..)
        )
    }
}

#[derive(Clone, Debug)]
pub struct Object {
    pub base: u64,
    pub size: u64,
    pub kind: ObjKind,
    /// The object's generation in its slot, with `DEAD` set once it is freed: the `ObjRef` of
    /// a live object carries it without that bit, so one comparison checks both (and a
    /// separate flag would cost the record a word: see the size test).
    gen: u32,
    /// Contents: inline when small, else shared copy-on-write (`bytes.rs`).
    pub bytes: Bytes,
    /// Offsets holding a stored pointer, and the object it points into.
    pub ptrs: PtrMap,
    /// Symbolic overlay: `Some(e)` for a byte whose contents are the 8-bit expression `e`
    /// (the concrete byte is then meaningless). `None` while every byte is concrete.
    pub sym: Option<Arc<SymBytes>>,
    /// The array + update list this object's contents were last expressed as by a
    /// symbolic-offset access (`view.rs`); a hint only: the next view diffs against it.
    pub view: Option<Arc<(ArrayId, Option<UpdateId>)>>,
}

/// `Object::gen`'s bit for a freed object (generations count in the 31 bits below it).
const DEAD: u32 = 1 << 31;

impl Object {
    /// The object's generation in its slot (a freed object's too).
    #[inline]
    pub fn gen(&self) -> u32 {
        self.gen & !DEAD
    }

    #[inline]
    pub fn alive(&self) -> bool {
        self.gen & DEAD == 0
    }

    /// `r` names this object, and it is live.
    #[inline(always)]
    pub fn is(&self, r: ObjRef) -> bool {
        self.gen == r.gen
    }
}

/// Why a memory access failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemErr {
    Null,
    OutOfBound,
    /// The address lies in a freed heap object (reported so with `kdalloc`, KLEE's default;
    /// KLEE without it says `out of bound pointer`).
    UseAfterFree,
    ReadOnly,
    /// The object holds symbolic bytes and the access does not support them.
    Symbolic,
    /// The address itself is symbolic.
    SymbolicPtr,
}

impl MemErr {
    pub fn message(self) -> &'static str {
        match self {
            MemErr::Null => "memory error: null page access",
            MemErr::OutOfBound => "memory error: out of bound pointer",
            MemErr::UseAfterFree => "memory error: use after free",
            MemErr::ReadOnly => "memory error: object read only",
            MemErr::Symbolic => "unsupported: symbolic memory contents in this operation",
            MemErr::SymbolicPtr => "unsupported: symbolic pointer (address) not supported",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Memory {
    /// The objects by slot; each shared with the path's forks until written (`CowTable`).
    pub objs: CowTable<Object>,
    free_slots: Vec<u32>,
    /// (base, object) in increasing base order (bases are allocated monotonically).
    index: CowVec<(u64, ObjRef)>,
    dead_in_index: usize,
    next: u64,
    /// End of the highest object not on the stack ever allocated: stack addresses are reused
    /// above it only (a heap address is never reused: a use after free through an integer
    /// still finds no object).
    floor: u64,
    limit: u64,
    pub ptr_size: u32,
    pub ptr_mask: u64,
    /// Freed heap objects (base, size), by base: heap addresses are never reused, so a
    /// dangling pointer's target stays known (KLEE's `--kdalloc` quarantine). Shared by forks.
    freed_heap: Arc<Vec<(u64, u64)>>,
    /// KLEE's `--kdalloc` (default on): accesses and frees through dangling heap pointers are
    /// `use after free` / `double free` rather than `out of bound pointer` / `invalid pointer`.
    pub kdalloc: bool,
}

const FIRST_ADDR: u64 = 0x10000;
const GAP: u64 = 16;

impl Memory {
    pub fn new(ptr_size: u32) -> Memory {
        let (limit, ptr_mask) = if ptr_size == 4 {
            (0xffff_0000, 0xffff_ffff)
        } else {
            (1 << 47, !0)
        };
        Memory {
            objs: CowTable::new(),
            free_slots: Vec::new(),
            index: CowVec::new(),
            dead_in_index: 0,
            next: FIRST_ADDR,
            floor: FIRST_ADDR,
            limit,
            ptr_size,
            ptr_mask,
            freed_heap: Arc::new(Vec::new()),
            kdalloc: true,
        }
    }

    /// The freed heap object (base, size) holding `addr` (or starting at it, when empty).
    pub fn freed_heap_at(&self, addr: u64) -> Option<(u64, u64)> {
        let i = self.freed_heap.partition_point(|e| e.0 <= addr);
        let (base, size) = *self.freed_heap.get(i.checked_sub(1)?)?;
        (addr - base < size.max(1)).then_some((base, size))
    }

    /// The error of an access at `addr` that found no live object.
    #[cold]
    fn unbound(&self, addr: u64) -> MemErr {
        if addr < 4096 {
            MemErr::Null
        } else if self.kdalloc && self.freed_heap_at(addr).is_some() {
            MemErr::UseAfterFree
        } else {
            MemErr::OutOfBound
        }
    }

    /// Allocates a zero-filled object; `None` when the address space is exhausted.
    pub fn alloc(&mut self, size: u64, align: u64, kind: ObjKind) -> Option<ObjRef> {
        let align = align.max(16).next_power_of_two();
        let base = self.next.checked_add(align - 1)? & !(align - 1);
        let end = base.checked_add(size.max(1))?.checked_add(GAP)?;
        if end > self.limit || size > (1 << 40) {
            return None;
        }
        self.next = end;
        if kind != ObjKind::Stack {
            self.floor = end;
        }
        let r = self.place(base, size, kind);
        self.index.push((base, r));
        Some(r)
    }

    /// A new object at `base` (the caller keeps the index).
    #[inline]
    fn place(&mut self, base: u64, size: u64, kind: ObjKind) -> ObjRef {
        if let Some(idx) = self.free_slots.pop() {
            let o = &mut self.objs[idx as usize];
            o.gen = o.gen.wrapping_add(1) & !DEAD;
            o.base = base;
            o.size = size;
            o.kind = kind;
            // Reuse the freed object's buffer when nobody else shares it.
            o.bytes.reset(size as usize);
            if !o.ptrs.is_empty() {
                o.ptrs.clear();
            }
            o.sym = None;
            o.view = None;
            ObjRef { idx, gen: o.gen }
        } else {
            let bytes = Bytes::zeroed(size as usize);
            let idx = self.objs.len() as u32;
            self.objs.push(Object {
                base,
                size,
                kind,
                gen: 0,
                bytes,
                ptrs: PtrMap::new(),
                sym: None,
                view: None,
            });
            ObjRef { idx, gen: 0 }
        }
    }

    /// Allocates a zero-filled object at `base` (KLEE's `klee_define_fixed_object`); `None` when
    /// the range is empty, leaves the address space or meets a live or freed object. Later
    /// allocations go above it (the bump allocator never hands out its range).
    pub fn alloc_fixed(&mut self, base: u64, size: u64, kind: ObjKind) -> Option<ObjRef> {
        let end = base.checked_add(size)?;
        if size == 0 || size > (1 << 40) || end > self.limit {
            return None;
        }
        let i = self.index.partition_point(|e| e.0 < end);
        // Live objects do not overlap: only the last one starting below `end` may reach in.
        let below = (0..i)
            .rev()
            .map(|k| self.index[k])
            .find(|e| self.is_live(e.1));
        if below.is_some_and(|(b, r)| b + self.objs[r.idx as usize].size.max(1) > base) {
            return None;
        }
        if self
            .freed_heap
            .iter()
            .any(|&(b, n)| b < end && base < b + n.max(1))
        {
            return None;
        }
        let r = self.place(base, size, kind);
        self.index.insert(i, (base, r));
        // Later allocations go above it.
        self.next = self.next.max(end + GAP);
        self.floor = self.floor.max(end + GAP);
        Some(r)
    }

    #[inline]
    pub fn is_live(&self, r: ObjRef) -> bool {
        let o = &self.objs[r.idx as usize];
        o.is(r)
    }

    /// The object if `r` still refers to a live one.
    #[inline]
    pub fn get(&self, r: ObjRef) -> Option<&Object> {
        let o = &self.objs[r.idx as usize];
        if o.is(r) {
            Some(o)
        } else {
            None
        }
    }

    /// A pointer to the start of a live object.
    pub fn ptr_to(&self, r: ObjRef) -> Value {
        Value::Ptr {
            obj: r,
            addr: self.objs[r.idx as usize].base,
        }
    }

    /// Frees an object (its slot may be recycled; its address range never is).
    pub fn free(&mut self, r: ObjRef) {
        if !self.is_live(r) {
            return;
        }
        let o = &mut self.objs[r.idx as usize];
        o.gen |= DEAD;
        if o.kind == ObjKind::Heap {
            let e = (o.base, o.size);
            let v = Arc::make_mut(&mut self.freed_heap);
            // (Usually the newest object: bases grow.)
            if v.last().is_none_or(|l| l.0 < e.0) {
                v.push(e);
            } else {
                let i = v.partition_point(|x| x.0 < e.0);
                v.insert(i, e);
            }
        }
        o.bytes.release_large(4096);
        if !o.ptrs.is_empty() {
            o.ptrs.clear();
        }
        o.sym = None;
        o.view = None;
        self.free_slots.push(r.idx);
        if self.index.last().map(|e| e.1) == Some(r) {
            self.index.pop();
            while let Some(&(_, last)) = self.index.last() {
                if self.is_live(last) {
                    break;
                }
                self.index.pop();
                self.dead_in_index = self.dead_in_index.saturating_sub(1);
            }
            // The top of the address space is free again: stack addresses are reused (a loop
            // calling a function with locals would otherwise exhaust the 32-bit space).
            // Pointers name their object, so a dangling one still points to the freed object.
            let top = self.index.last().map_or(FIRST_ADDR, |&(_, top)| {
                let o = &self.objs[top.idx as usize];
                o.base + o.size.max(1) + GAP
            });
            self.next = top.max(self.floor);
        } else {
            self.dead_in_index += 1;
            if self.dead_in_index > 4096 && self.dead_in_index * 2 > self.index.len() {
                let objs = &self.objs;
                self.index.retain(|&(_, r)| {
                    let o = &objs[r.idx as usize];
                    o.is(r)
                });
                self.dead_in_index = 0;
            }
        }
    }

    /// The live object containing address `addr` (or starting at it, for empty objects).
    pub fn lookup(&self, addr: u64) -> Option<ObjRef> {
        let i = self.index.partition_point(|e| e.0 <= addr);
        if i == 0 {
            return None;
        }
        let r = self.index[i - 1].1;
        let o = self.get(r)?;
        if addr - o.base < o.size.max(1) {
            Some(r)
        } else {
            None
        }
    }

    /// Resolves a pointer for an access of `size` bytes: (slot, offset). Refuses a range holding
    /// symbolic bytes (`MemErr::Symbolic`): accesses that support them use `resolve_any`.
    #[inline]
    pub fn resolve(&self, p: &Value, size: u64) -> Result<(u32, u64), MemErr> {
        let (s, off) = self.resolve_any(p, size)?;
        if let Some(sym) = &self.objs[s as usize].sym {
            if sym.any(off as usize, (off + size) as usize) {
                return Err(MemErr::Symbolic);
            }
        }
        Ok((s, off))
    }

    /// Like `resolve_any`, for a write.
    #[inline]
    pub fn resolve_any_mut(&self, p: &Value, size: u64) -> Result<(u32, u64), MemErr> {
        self.writable(self.resolve_any(p, size)?)
    }

    /// A resolved place, if its object may be written.
    #[inline]
    fn writable(&self, (s, off): (u32, u64)) -> Result<(u32, u64), MemErr> {
        if self.objs[s as usize].kind.read_only() {
            return Err(MemErr::ReadOnly);
        }
        Ok((s, off))
    }

    /// Resolves a pointer whatever the object's contents.
    #[inline]
    pub fn resolve_any(&self, p: &Value, size: u64) -> Result<(u32, u64), MemErr> {
        match *p {
            Value::Sym(_) => Err(MemErr::SymbolicPtr),
            Value::Ptr { obj, addr } => {
                let o = &self.objs[obj.idx as usize];
                if !o.is(obj) {
                    return Err(self.unbound(addr));
                }
                let off = addr.wrapping_sub(o.base);
                if off <= o.size && size <= o.size - off {
                    Ok((obj.idx, off))
                } else if addr < 4096 {
                    Err(MemErr::Null)
                } else {
                    Err(MemErr::OutOfBound)
                }
            }
            _ => {
                let addr = p.bits();
                if addr < 4096 {
                    return Err(MemErr::Null);
                }
                if addr > u64::MAX as u128 {
                    return Err(MemErr::OutOfBound);
                }
                let addr = addr as u64;
                let r = self.lookup(addr).ok_or_else(|| self.unbound(addr))?;
                let o = &self.objs[r.idx as usize];
                let off = addr - o.base;
                if off <= o.size && size <= o.size - off {
                    Ok((r.idx, off))
                } else {
                    Err(MemErr::OutOfBound)
                }
            }
        }
    }

    /// Like `resolve`, for a write.
    #[inline]
    pub fn resolve_mut(&self, p: &Value, size: u64) -> Result<(u32, u64), MemErr> {
        self.writable(self.resolve(p, size)?)
    }

    #[inline]
    pub fn bytes(&self, slot: u32, off: u64, n: u64) -> &[u8] {
        &self.objs[slot as usize].bytes[off as usize..(off + n) as usize]
    }

    #[inline]
    fn clear_ptrs(&mut self, slot: u32, off: u64, n: u64) {
        let ps = self.ptr_size as u64;
        let o = &mut self.objs[slot as usize];
        if let Some(sym) = &mut o.sym {
            if n > 0 && sym.any(off as usize, (off + n) as usize) {
                Arc::make_mut(sym).clear(off as usize, (off + n) as usize);
            }
        }
        if o.ptrs.is_empty() || n == 0 {
            return;
        }
        let lo = off.saturating_sub(ps - 1);
        o.ptrs.remove_range(lo..off + n);
    }

    /// Writes raw bytes (erases stored-pointer provenance they overlap).
    #[inline]
    pub fn write_bytes(&mut self, slot: u32, off: u64, data: &[u8]) {
        self.clear_ptrs(slot, off, data.len() as u64);
        let o = &mut self.objs[slot as usize];
        o.bytes.make_mut()[off as usize..off as usize + data.len()].copy_from_slice(data);
    }

    /// Writes bytes and, where `sym` has an entry, that symbolic byte (a file's contents read
    /// back as they were written).
    pub fn write_mixed(
        &mut self,
        slot: u32,
        off: u64,
        data: &[u8],
        sym: Option<&[Option<ExprId>]>,
    ) {
        self.write_bytes(slot, off, data);
        if let Some(v) = sym.filter(|v| v.iter().any(|b| b.is_some())) {
            let o = &mut self.objs[slot as usize];
            let size = o.size as usize;
            let d = Arc::make_mut(o.sym.get_or_insert_with(|| Arc::new(SymBytes::new(size))));
            for (k, &b) in v.iter().enumerate() {
                d.set(off as usize + k, b);
            }
        }
    }

    /// The `n` bytes at `off` and, when some are symbolic, every byte's entry.
    pub fn read_mixed(&self, slot: u32, off: u64, n: u64) -> (&[u8], Option<Vec<Option<ExprId>>>) {
        let (lo, hi) = (off as usize, (off + n) as usize);
        let sym = self.objs[slot as usize]
            .sym
            .as_ref()
            .filter(|v| v.any(lo, hi))
            .map(|v| v.to_vec(lo, hi));
        (self.bytes(slot, off, n), sym)
    }

    #[inline]
    pub fn load_int(&self, slot: u32, off: u64, n: u64) -> u128 {
        let b = self.bytes(slot, off, n);
        match n {
            1 => b[0] as u128,
            2 => u16::from_le_bytes([b[0], b[1]]) as u128,
            4 => u32::from_le_bytes(b.try_into().unwrap()) as u128,
            8 => u64::from_le_bytes(b.try_into().unwrap()) as u128,
            _ => {
                let mut buf = [0u8; 16];
                buf[..n as usize].copy_from_slice(b);
                u128::from_le_bytes(buf)
            }
        }
    }

    #[inline]
    pub fn store_int(&mut self, slot: u32, off: u64, n: u64, v: u128) {
        self.clear_ptrs(slot, off, n);
        let o = &mut self.objs[slot as usize];
        let b = &mut o.bytes.make_mut()[off as usize..(off + n) as usize];
        match n {
            1 => b[0] = v as u8,
            2 => b.copy_from_slice(&(v as u16).to_le_bytes()),
            4 => b.copy_from_slice(&(v as u32).to_le_bytes()),
            8 => b.copy_from_slice(&(v as u64).to_le_bytes()),
            _ => b.copy_from_slice(&v.to_le_bytes()[..n as usize]),
        }
    }

    /// Loads a pointer-sized value; keeps provenance if a pointer was stored exactly there.
    #[inline]
    pub fn load_ptr(&self, slot: u32, off: u64) -> Value {
        let addr = self.load_int(slot, off, self.ptr_size as u64) as u64;
        let o = &self.objs[slot as usize];
        if !o.ptrs.is_empty() {
            if let Some(&obj) = o.ptrs.get(&off) {
                return Value::Ptr { obj, addr };
            }
        }
        Value::Int(addr as u128)
    }

    #[inline]
    pub fn store_ptr(&mut self, slot: u32, off: u64, v: &Value) {
        let ps = self.ptr_size as u64;
        self.store_int(slot, off, ps, v.bits() & self.ptr_mask as u128);
        if let Value::Ptr { obj, .. } = *v {
            self.objs[slot as usize].ptrs.insert(off, obj);
        }
    }

    /// memmove: copies bytes and the provenance entries that lie inside the range.
    pub fn copy(&mut self, dslot: u32, doff: u64, sslot: u32, soff: u64, n: u64) {
        if n == 0 {
            return;
        }
        let so = &self.objs[sslot as usize];
        let src = so.bytes[soff as usize..(soff + n) as usize].to_vec();
        let ptrs: Vec<(u64, ObjRef)> = if so.ptrs.is_empty() {
            Vec::new()
        } else {
            let ps = self.ptr_size as u64;
            so.ptrs
                .range(soff..soff + n)
                .filter(|(&k, _)| k + ps <= soff + n)
                .map(|(&k, &r)| (k - soff + doff, r))
                .collect()
        };
        let ssym: Option<Vec<Option<ExprId>>> = so
            .sym
            .as_ref()
            .filter(|v| v.any(soff as usize, (soff + n) as usize))
            .map(|v| v.to_vec(soff as usize, (soff + n) as usize));
        self.write_bytes(dslot, doff, &src);
        let o = &mut self.objs[dslot as usize];
        for (k, r) in ptrs {
            o.ptrs.insert(k, r);
        }
        if let Some(v) = ssym {
            if v.iter().any(|b| b.is_some()) {
                let size = o.size as usize;
                let d = Arc::make_mut(o.sym.get_or_insert_with(|| Arc::new(SymBytes::new(size))));
                for (k, b) in v.into_iter().enumerate() {
                    d.set(doff as usize + k, b);
                }
            }
        }
    }

    /// The `n` bytes at `off` as one little-endian expression when any of them is symbolic.
    pub fn load_sym(&self, pool: &mut ExprPool, slot: u32, off: u64, n: u64) -> Option<ExprId> {
        let o = &self.objs[slot as usize];
        let sym = o.sym.as_ref()?;
        if !sym.any(off as usize, (off + n) as usize) {
            return None;
        }
        let r = &sym.to_vec(off as usize, (off + n) as usize)[..];
        if let Some((e, base)) = stored_whole(pool, r) {
            return Some(pool.extract(e, base, 8 * n as u32));
        }
        let mut acc: Option<ExprId> = None;
        for (k, rb) in r.iter().enumerate() {
            let b = match *rb {
                Some(e) => match *pool.get(e) {
                    // A byte kept unsimplified by `store_sym`: simplified now.
                    Expr::Extract { e, offset, width } => pool.extract(e, offset, width),
                    _ => e,
                },
                None => pool.constant(8, o.bytes[off as usize + k] as u128),
            };
            acc = Some(match acc {
                None => b,
                Some(lo) => pool.concat(b, lo),
            });
        }
        acc
    }

    /// Stores the expression `e` (of `8 * n` bits or fewer, zero-extended) at `off`.
    pub fn store_sym(&mut self, pool: &mut ExprPool, slot: u32, off: u64, n: u64, e: ExprId) {
        self.clear_ptrs(slot, off, n);
        let e = pool.zext_or_trunc(e, 8 * n as u32);
        let o = &mut self.objs[slot as usize];
        let size = o.size as usize;
        let sym = Arc::make_mut(o.sym.get_or_insert_with(|| Arc::new(SymBytes::new(size))));
        for k in 0..n {
            let b = pool.extract(e, 8 * k as u32, 8);
            let v = match pool.as_const(b) {
                Some(c) => {
                    o.bytes.make_mut()[(off + k) as usize] = c as u8;
                    None
                }
                // A byte of a wider value is kept as the plain `Extract` of that value, so that
                // loading the value back gives the value itself (`load_sym`): simplified
                // bytes (`x + 1` → its low byte `c + x0`) no longer concatenate back to it, and
                // a loop incrementing a stored counter would nest a term per iteration.
                None if n > 1 && !matches!(pool.get(b), Expr::Read { .. }) => {
                    Some(pool.extract_unsimplified(e, 8 * k as u32, 8))
                }
                None => Some(b),
            };
            sym.set((off + k) as usize, v);
        }
        if sym.is_concrete() {
            o.sym = None;
        }
    }

    /// memset.
    pub fn fill(&mut self, slot: u32, off: u64, byte: u8, n: u64) {
        self.clear_ptrs(slot, off, n);
        let o = &mut self.objs[slot as usize];
        o.bytes.make_mut()[off as usize..(off + n) as usize].fill(byte);
    }

    /// Reads a NUL-terminated string starting at `p` (bounds-checked).
    pub fn read_cstr(&self, p: &Value) -> Result<Vec<u8>, MemErr> {
        let (slot, off) = self.resolve(p, 1)?;
        let o = &self.objs[slot as usize];
        let rest = &o.bytes[off as usize..];
        let n = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or(MemErr::OutOfBound)?;
        if let Some(sym) = &o.sym {
            // A symbolic byte before (or as) the terminator: the string is not concrete.
            if sym.any(off as usize, off as usize + n + 1) {
                return Err(MemErr::Symbolic);
            }
        }
        Ok(rest[..n].to_vec())
    }
}

/// The bytes `r` as consecutive plain byte extracts of one value: `(value, bit offset)`.
fn stored_whole(pool: &ExprPool, r: &[Option<ExprId>]) -> Option<(ExprId, u32)> {
    let mut whole = None;
    for (k, b) in r.iter().enumerate() {
        let Expr::Extract {
            e,
            offset,
            width: 8,
        } = *pool.get((*b)?)
        else {
            return None;
        };
        let base = offset.checked_sub(8 * k as u32)?;
        match whole {
            None => whole = Some((e, base)),
            Some(w) if w == (e, base) => {}
            Some(_) => return None,
        }
    }
    whole
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path that writes an object copies its record (`CowTable`): with the `Arc`'s two
    /// counts, a record of at most 72 bytes takes one 96-byte block from glibc's allocator
    /// (88 bytes took 112).
    #[test]
    fn an_object_record_stays_at_most_72_bytes() {
        assert!(
            std::mem::size_of::<Object>() <= 72,
            "{}",
            std::mem::size_of::<Object>()
        );
    }

    #[test]
    fn alloc_free_lookup() {
        let mut m = Memory::new(8);
        let a = m.alloc(10, 8, ObjKind::Heap).unwrap();
        let b = m.alloc(0, 8, ObjKind::Heap).unwrap();
        let c = m.alloc(4, 64, ObjKind::Stack).unwrap();
        let (ba, bb, bc) = (m.objs[0].base, m.objs[1].base, m.objs[2].base);
        assert!(bb >= ba + 10 + 16 && bc >= bb + 16 && bc % 64 == 0);
        assert_eq!(m.lookup(ba + 9), Some(a));
        assert_eq!(m.lookup(ba + 10), None);
        assert_eq!(m.lookup(bb), Some(b));
        m.free(c);
        assert_eq!(m.lookup(bc), None);
        let d = m.alloc(4, 8, ObjKind::Stack).unwrap();
        assert_eq!(d.idx, c.idx);
        assert_ne!(d.gen, c.gen);
        // The stack's top address is reused; the stale pointer still names the freed object.
        assert_eq!(m.objs[d.idx as usize].base, bc);
        let stale = Value::Ptr { obj: c, addr: bc };
        assert_eq!(m.resolve(&stale, 1), Err(MemErr::OutOfBound));
        assert_eq!(m.resolve(&Value::Int(8), 1), Err(MemErr::Null));
        // provenance through store/load, and erased by an overlapping byte store
        let pa = m.ptr_to(a);
        let pd = m.ptr_to(d);
        let (s, o) = m.resolve_mut(&Value::Int(ba as u128), 8).unwrap();
        m.store_ptr(s, o, &pd);
        assert_eq!(m.load_ptr(s, o), pd);
        m.copy(s, 0, s, 0, 8);
        assert_eq!(m.load_ptr(s, 0), pd);
        m.write_bytes(s, 7, &[0]);
        assert!(matches!(m.load_ptr(s, 0), Value::Int(_)));
        let _ = pa;
    }

    #[test]
    fn a_stored_value_loads_back_as_itself() {
        use crate::expr::Array;
        let mut pool = ExprPool::new();
        let arr = pool.new_array(Array {
            name: "x".into(),
            size: 4,
            domain: 32,
            init: None,
        });
        let i0 = pool.constant(32, 0);
        let x = pool.read_bytes_le(arr, None, i0, 4);
        let mut m = Memory::new(8);
        let r = m.alloc(8, 8, ObjKind::Stack).unwrap();
        // A counter incremented in memory stays `k + x` (its bytes simplified apart, the
        // low one to `k0 + x0`, used to nest a term per increment).
        let mut v = x;
        for _ in 0..3 {
            let l = m.load_sym(&mut pool, r.idx, 0, 4).unwrap_or(v);
            assert_eq!(l, v);
            let one = pool.constant(32, 1);
            v = pool.add(one, l);
            m.store_sym(&mut pool, r.idx, 0, 4, v);
        }
        assert_eq!(m.load_sym(&mut pool, r.idx, 0, 4), Some(v));
        // Parts of it load simplified: the low byte and the high half.
        let lo = pool.extract(v, 0, 8);
        assert_eq!(m.load_sym(&mut pool, r.idx, 0, 1), Some(lo));
        let hi = pool.extract(v, 16, 16);
        assert_eq!(m.load_sym(&mut pool, r.idx, 2, 2), Some(hi));
        // A byte overwritten: the bytes are concatenated.
        let b = pool.read(arr, None, i0);
        m.store_sym(&mut pool, r.idx, 1, 1, b);
        let l = m.load_sym(&mut pool, r.idx, 0, 4).unwrap();
        assert!(matches!(pool.get(l), Expr::Concat { .. }));
    }

    #[test]
    fn fixed_objects_take_their_address_and_are_never_overlapped() {
        let mut m = Memory::new(8);
        let a = m.alloc(32, 8, ObjKind::Heap).unwrap();
        let ab = m.objs[a.idx as usize].base;
        // Below the allocations so far, between them, and far above.
        let low = m.alloc_fixed(0x1000, 8, ObjKind::Heap).unwrap();
        assert_eq!(m.objs[low.idx as usize].base, 0x1000);
        assert_eq!(m.lookup(0x1007), Some(low));
        assert_eq!(m.lookup(0x1008), None);
        let high = m.alloc_fixed(0x8000_0003, 5, ObjKind::Heap).unwrap();
        assert_eq!(m.lookup(0x8000_0007), Some(high));
        // Overlaps: a live object, a fixed one, a freed heap object.
        assert!(m.alloc_fixed(ab + 31, 4, ObjKind::Heap).is_none());
        assert!(m.alloc_fixed(0x0ffc, 8, ObjKind::Heap).is_none());
        assert!(m.alloc_fixed(0x8000_0000, 4, ObjKind::Heap).is_none());
        m.free(a);
        assert!(m.alloc_fixed(ab, 1, ObjKind::Heap).is_none());
        assert!(m.alloc_fixed(0, 0, ObjKind::Heap).is_none());
        // Later objects (stack ones too, after frees) stay clear of them.
        for _ in 0..3 {
            let s = m.alloc(64, 16, ObjKind::Stack).unwrap();
            assert!(m.objs[s.idx as usize].base > 0x8000_0008);
            m.free(s);
        }
        assert_eq!(m.lookup(0x8000_0003), Some(high));
    }

    #[test]
    fn stack_addresses_are_reused_heap_addresses_are_not() {
        let mut m = Memory::new(4);
        // A loop calling a function with a local: the 32-bit space must not run out.
        let first = m.alloc(4, 4, ObjKind::Stack).unwrap();
        let b0 = m.objs[first.idx as usize].base;
        m.free(first);
        for _ in 0..1000 {
            let r = m.alloc(4, 4, ObjKind::Stack).unwrap();
            assert_eq!(m.objs[r.idx as usize].base, b0);
            m.free(r);
        }
        let h = m.alloc(8, 8, ObjKind::Heap).unwrap();
        let hb = m.objs[h.idx as usize].base;
        m.free(h);
        let s = m.alloc(8, 8, ObjKind::Stack).unwrap();
        assert!(m.objs[s.idx as usize].base > hb);
        assert_eq!(m.lookup(hb), None);
    }

    #[test]
    fn dangling_heap_pointers_are_use_after_free_with_kdalloc() {
        let mut m = Memory::new(8);
        let h = m.alloc(16, 8, ObjKind::Heap).unwrap();
        let hb = m.objs[h.idx as usize].base;
        let p = m.ptr_to(h);
        m.free(h);
        // The slot is reused by a stack object: the stale pointer is still known as freed heap.
        let _s = m.alloc(8, 8, ObjKind::Stack).unwrap();
        assert_eq!(m.freed_heap_at(hb + 15), Some((hb, 16)));
        assert_eq!(m.freed_heap_at(hb + 16), None);
        assert_eq!(m.resolve(&p, 1), Err(MemErr::UseAfterFree));
        assert_eq!(
            m.resolve(&Value::Int(hb as u128 + 4), 1),
            Err(MemErr::UseAfterFree)
        );
        m.kdalloc = false;
        assert_eq!(m.resolve(&p, 1), Err(MemErr::OutOfBound));
    }
}
