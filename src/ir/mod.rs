//! trex's own intermediate representation.
//!
//! `ir::lower` translates an LLVM module into this form once; everything else in trex
//! works on it. It is plain data (`Send + Sync`), addressed by `u32` ids, with operands
//! pre-resolved to register slots or module-wide constants, phi nodes turned into
//! per-edge parallel copies, and type layout computed from the module's data layout.

pub mod dump;
pub mod externs;
pub mod liveness;
pub mod loop_mod;
pub mod lower;
pub mod pcset;
pub(crate) mod raise_asm;
pub mod reg_live;
pub mod speculation;

use std::fmt;

/// Index of a function in `Module::functions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);
/// Index of a global variable in `Module::globals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);
/// Index of a type in `Module::types`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);
/// Index of a constant in `Module::consts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);
/// Index of a basic block in `Function::blocks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);
/// Register slot inside a function's frame. Parameters occupy slots `0..params.len()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg(pub u32);
/// Index of a source location in `Module::locs`; `LocId(0)` is "unknown".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LocId(pub u32);

/// A whole program.
#[derive(Debug, Default)]
pub struct Module {
    /// Source file name of the module (LLVM's `source_filename`).
    pub source_name: String,
    pub target_triple: String,
    pub data_layout: String,
    /// Pointer size in bytes (8 on x86-64, 4 on i386).
    pub ptr_size: u32,
    pub types: Vec<Type>,
    pub consts: Vec<Const>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// Source files referenced by `locs` (full paths as in debug info: directory joined with file).
    pub files: Vec<String>,
    /// `locs[0]` is the unknown location.
    pub locs: Vec<SrcLoc>,
    /// Functions by name; also holds global aliases of functions (resolved to the aliasee).
    pub func_by_name: hashbrown::HashMap<String, FuncId>,
    /// Globals by name; also holds global aliases of variables (resolved to the aliasee).
    pub global_by_name: hashbrown::HashMap<String, GlobalId>,
    /// The source names of local variables (`llvm.dbg.declare`): the register holding each
    /// one's `alloca`, per function (for invariants written in C).
    pub var_names: hashbrown::HashMap<(FuncId, Reg), String>,
    /// Whether such a variable's C type is signed, where its debug type says (an integer type,
    /// through typedefs).
    pub var_signed: hashbrown::HashMap<(FuncId, Reg), bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrcLoc {
    /// Index into `Module::files`.
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// Type with its layout under the module's data layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    pub kind: TypeKind,
    /// Bytes written by a store of this type (LLVM's store size), 0 for void/label/etc.
    pub store_size: u64,
    /// Distance between consecutive array elements (LLVM's alloc size).
    pub alloc_size: u64,
    /// ABI alignment in bytes.
    pub align: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Void,
    /// Integer of 1..=128 bits (wider is an unsupported type; its values and operations are
    /// legalized into 64-bit limbs by `lower/wide.rs`).
    Int(u32),
    Half,
    Float,
    Double,
    /// x86 80-bit extended precision (`long double`).
    X86Fp80,
    Fp128,
    Ptr,
    Vector {
        elem: TypeId,
        len: u32,
    },
    Array {
        elem: TypeId,
        len: u64,
    },
    /// Field byte offsets come from the data layout.
    Struct {
        fields: Vec<TypeId>,
        offsets: Vec<u64>,
    },
    Function,
    Label,
    Metadata,
    Token,
    /// A type trex cannot lay out; carries LLVM's printed form.
    Unsupported(String),
}

/// A constant value. Aggregates and constant expressions refer to other constants.
#[derive(Clone, Debug)]
pub enum Const {
    /// Integer or float bit pattern (floats are stored as their IEEE bits; x86_fp80 in the
    /// low 80 bits), zero-extended to 128 bits.
    Int { ty: TypeId, bits: u128 },
    /// The null pointer.
    Null { ty: TypeId },
    /// `undef` or `poison`: trex gives it the value zero, deterministically.
    Undef { ty: TypeId },
    /// Zero-initialized aggregate, vector or scalar.
    Zero { ty: TypeId },
    /// Address of a global plus a constant byte offset (folded constant GEPs and casts).
    GlobalAddr { global: GlobalId, offset: i64 },
    /// Address of a function.
    FuncAddr(FuncId),
    /// Address of a basic block (`blockaddress`), for `indirectbr`.
    BlockAddr { func: FuncId, block: BlockId },
    /// Struct, array or vector constant, one element per field / element.
    Aggregate { ty: TypeId, elems: Vec<ConstId> },
    /// A constant expression that could not be folded at lowering time; its operands are
    /// `Operand::Const`. The executor evaluates it once, with the ordinary instruction semantics.
    Expr(Box<InstKind>),
}

/// A global variable.
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    /// Type of the value stored in the global (its pointee).
    pub ty: TypeId,
    pub size: u64,
    pub align: u32,
    /// `None` for external declarations (no initializer in the module).
    pub init: Option<GlobalInit>,
    pub is_constant: bool,
    pub loc: LocId,
    /// A declaration with `extern_weak` linkage: its address is null (nothing defines it).
    pub is_extern_weak: bool,
}

/// Initial contents of a global: raw bytes plus pointer-sized relocations.
#[derive(Clone, Debug, Default)]
pub struct GlobalInit {
    /// `size` bytes, little-endian, every pointer field zero.
    pub bytes: Vec<u8>,
    /// Pointer-valued (or pointer-derived) fields to fill in once addresses are known.
    pub relocs: Vec<Reloc>,
}

#[derive(Clone, Debug)]
pub struct Reloc {
    pub offset: u64,
    /// Number of bytes to write (pointer size, or an integer width for ptrtoint expressions).
    pub size: u32,
    pub value: ConstId,
}

/// A function, defined or declared.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// Parameter types; parameter `i` lives in `Reg(i)`.
    pub params: Vec<TypeId>,
    /// The parameters' names in the IR (empty: unnamed, as clang's; may be shorter than
    /// `params`), for KLEE's `name=value` in `.err` stack lines.
    pub param_names: Vec<String>,
    /// Per parameter: `Some(size)` if it carries the `byval` attribute.
    pub byval: Vec<Option<u64>>,
    pub ret: TypeId,
    pub is_vararg: bool,
    /// True if the module only declares it (no body).
    pub is_declaration: bool,
    /// Number of register slots a frame needs (params included).
    pub num_regs: u32,
    /// All instructions of all blocks, block after block; terminators included.
    pub code: Vec<Inst>,
    /// Blocks in LLVM order; `blocks[0]` is the entry.
    pub blocks: Vec<Block>,
    /// Location of the function's definition (DISubprogram), or unknown.
    pub loc: LocId,
    /// Per instruction of `code`, its line in the printed module (KLEE's `assembly.ll`; 0:
    /// none); empty unless the module was loaded with its assembly.
    pub asm_lines: Vec<u32>,
    /// A declaration with `extern_weak` linkage: its address is null unless something
    /// defines it (the executor, for the functions of `ir::externs`).
    pub is_extern_weak: bool,
}

impl Function {
    /// The size of the copy the callee gets of its argument `i` (`a`) when it is passed
    /// `byval`, as the call site or the callee's parameter says.
    pub fn byval_size(&self, i: usize, a: &CallArg) -> Option<u64> {
        a.byval.or(self.byval.get(i).copied().flatten())
    }

    /// Gives each phi destination without a value in `vals` (indexed by register) its
    /// sources' (`of_const` for a constant source), to a fixpoint: a phi's source may be a
    /// phi.
    pub fn through_phis<T: Copy>(
        &self,
        m: &Module,
        vals: &mut [Option<T>],
        of_const: impl Fn(&Const) -> Option<T>,
    ) {
        loop {
            let mut changed = false;
            for inst in &self.code {
                inst.kind.for_each_edge(&mut |e| {
                    for c in &e.copies {
                        if vals[c.dst.0 as usize].is_some() {
                            continue;
                        }
                        let v = match c.src {
                            Operand::Reg(r) => vals[r.0 as usize],
                            Operand::Const(k) => of_const(m.konst(k)),
                        };
                        if v.is_some() {
                            vals[c.dst.0 as usize] = v;
                            changed = true;
                        }
                    }
                });
            }
            if !changed {
                return;
            }
        }
    }

    /// The indices in `code` of the instructions of block `b`.
    pub fn block_range(&self, b: usize) -> std::ops::Range<usize> {
        let end = self
            .blocks
            .get(b + 1)
            .map_or(self.code.len(), |n| n.start as usize);
        self.blocks[b].start as usize..end
    }
}

#[derive(Clone, Debug)]
pub struct Block {
    /// Index of the block's first instruction in `Function::code`.
    pub start: u32,
    /// LLVM's block name if it has one (for messages and `--output-tree`).
    pub name: String,
}

/// An operand: a register of the current frame or a module-wide constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Reg(Reg),
    Const(ConstId),
}

#[derive(Clone, Debug)]
pub struct Inst {
    /// Register receiving the result; `None` for instructions without a (used) value.
    pub dst: Option<Reg>,
    pub kind: InstKind,
    pub loc: LocId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

/// LLVM's fcmp predicates (O = ordered: neither operand is NaN; U = unordered or ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    PtrToInt,
    IntToPtr,
    /// Same bits, new type (includes vector <-> integer reinterpretation).
    BitCast,
    AddrSpaceCast,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    /// Multiplication: only in `Intrinsic::VectorReduce` (`llvm.vector.reduce.mul`); atomicrmw
    /// has no such operation.
    Mul,
}

/// Intrinsics trex implements. The overload width/type is taken from the call's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// memcpy(dst, src, len, volatile)
    Memcpy,
    Memmove,
    /// memset(dst, byte, len, volatile)
    Memset,
    StackSave,
    StackRestore,
    SAddWithOverflow,
    UAddWithOverflow,
    SSubWithOverflow,
    USubWithOverflow,
    SMulWithOverflow,
    UMulWithOverflow,
    SAddSat,
    UAddSat,
    SSubSat,
    USubSat,
    /// abs(x, is_int_min_poison)
    Abs,
    SMin,
    SMax,
    UMin,
    UMax,
    Ctpop,
    /// ctlz(x, is_zero_poison)
    Ctlz,
    Cttz,
    Bswap,
    BitReverse,
    Fshl,
    Fshr,
    /// llvm.expect: returns its first argument.
    Expect,
    /// llvm.assume: no effect.
    Assume,
    Trap,
    /// llvm.va_start(ptr to va_list)
    VaStart,
    VaEnd,
    /// llvm.va_copy(dst, src)
    VaCopy,
    FAbs,
    Sqrt,
    Fma,
    FMulAdd,
    CopySign,
    Floor,
    Ceil,
    Trunc,
    Rint,
    NearbyInt,
    Round,
    RoundEven,
    MinNum,
    MaxNum,
    /// llvm.vector.reduce.{add,mul,and,or,xor,smax,smin,umax,umin}
    VectorReduce(RmwOp),
    /// llvm.objectsize(ptr, min, nullunknown, dynamic): answers "unknown".
    ObjectSize,
    /// llvm.is.constant: answers false.
    IsConstant,
    /// llvm.prefetch, llvm.donothing, llvm.sideeffect...: no effect.
    NoOp,
}

impl Intrinsic {
    /// The `*.with.overflow` intrinsics: the wrapped result and whether it overflowed.
    pub fn with_overflow(self) -> bool {
        use Intrinsic as I;
        matches!(
            self,
            I::SAddWithOverflow
                | I::UAddWithOverflow
                | I::SSubWithOverflow
                | I::USubWithOverflow
                | I::SMulWithOverflow
                | I::UMulWithOverflow
        )
    }
}

#[derive(Clone, Debug)]
pub enum Callee {
    Direct(FuncId),
    Indirect(Operand),
    Intrinsic(Intrinsic),
}

#[derive(Clone, Debug)]
pub struct CallArg {
    pub op: Operand,
    pub ty: TypeId,
    /// `Some(size)` when passed `byval`: the callee gets a fresh copy of `size` bytes.
    pub byval: Option<u64>,
}

/// One copy of a phi node: on taking the edge, `dst` receives `src` (evaluated in the
/// predecessor, all copies of an edge in parallel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiCopy {
    pub dst: Reg,
    pub src: Operand,
}

/// A control-flow edge with the phi copies it performs (equal edges: the same target and
/// copies, e.g. switch cases sharing a destination).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub target: BlockId,
    pub copies: Vec<PhiCopy>,
}

/// A GEP index that is not a constant: `offset += sext_or_trunc(index) * stride`.
#[derive(Clone, Debug)]
pub struct GepIndex {
    pub op: Operand,
    /// Width in bits of the index operand.
    pub width: u32,
    pub stride: i64,
}

#[derive(Clone, Debug)]
pub enum InstKind {
    /// Integer, float and (element-wise) vector arithmetic. `ty` is the operand type.
    Bin {
        op: BinOp,
        ty: TypeId,
        a: Operand,
        b: Operand,
    },
    FNeg {
        ty: TypeId,
        a: Operand,
    },
    /// Result is i1 (or a vector of i1).
    ICmp {
        pred: IntPred,
        ty: TypeId,
        a: Operand,
        b: Operand,
    },
    FCmp {
        pred: FloatPred,
        ty: TypeId,
        a: Operand,
        b: Operand,
    },
    /// `cond` is i1 or a vector of i1 (element-wise select).
    Select {
        ty: TypeId,
        cond: Operand,
        t: Operand,
        f: Operand,
    },
    Cast {
        op: CastOp,
        from: TypeId,
        to: TypeId,
        v: Operand,
    },
    /// A plain copy (freeze, single-source phis, llvm.expect results...).
    Copy {
        ty: TypeId,
        v: Operand,
    },
    /// Stack allocation of `count * elem_size` bytes; `count` is an integer operand of
    /// width `count_width`.
    Alloca {
        elem_size: u64,
        count: Operand,
        count_width: u32,
        align: u32,
    },
    Load {
        ty: TypeId,
        ptr: Operand,
        align: u32,
        volatile: bool,
    },
    Store {
        ty: TypeId,
        val: Operand,
        ptr: Operand,
        align: u32,
        volatile: bool,
    },
    /// Address arithmetic: `base + offset + sum(index * stride)`.
    Gep {
        base: Operand,
        offset: i64,
        indices: Vec<GepIndex>,
    },
    /// `agg_ty` is the aggregate's type; `indices` the path into it.
    ExtractValue {
        agg_ty: TypeId,
        agg: Operand,
        indices: Vec<u32>,
    },
    InsertValue {
        agg_ty: TypeId,
        agg: Operand,
        val: Operand,
        indices: Vec<u32>,
    },
    ExtractElement {
        vec_ty: TypeId,
        vec: Operand,
        idx: Operand,
        idx_width: u32,
    },
    InsertElement {
        vec_ty: TypeId,
        vec: Operand,
        val: Operand,
        idx: Operand,
        idx_width: u32,
    },
    /// `mask[i] < 0` means undef (zero). Indices >= len(a) pick from `b`. `vec_ty` is the type
    /// of `a` and `b`; the result has `mask.len()` elements.
    ShuffleVector {
        vec_ty: TypeId,
        a: Operand,
        b: Operand,
        mask: Vec<i32>,
    },
    Call {
        callee: Callee,
        args: Vec<CallArg>,
        ret: TypeId,
    },
    /// `atomicrmw`: returns the old value.
    AtomicRmw {
        op: RmwOp,
        ty: TypeId,
        ptr: Operand,
        val: Operand,
    },
    /// `cmpxchg`: returns `{ ty, i1 }` (old value, success).
    CmpXchg {
        ty: TypeId,
        ptr: Operand,
        cmp: Operand,
        new: Operand,
    },
    /// `fence`: no effect in a single-threaded interpreter.
    Fence,
    /// `va_arg` instruction (clang rarely emits it on x86; it lowers va_arg inline).
    VaArg {
        ty: TypeId,
        list: Operand,
    },
    /// Anything trex does not implement: executing it is an error naming `what`.
    Unsupported {
        what: String,
    },
    /// A call of inline assembly: executing it is KLEE's error (`inline assembly is
    /// unsupported`).
    InlineAsm,

    // Terminators.
    Ret {
        val: Option<Operand>,
    },
    Br {
        edge: Edge,
    },
    CondBr {
        cond: Operand,
        t: Edge,
        f: Edge,
    },
    /// `width` is the condition's bit width; one entry per case value (targets may repeat).
    Switch {
        cond: Operand,
        width: u32,
        cases: Vec<(u128, Edge)>,
        default: Edge,
    },
    /// Jump to a `blockaddress`; `dests` lists the possible targets.
    IndirectBr {
        addr: Operand,
        dests: Vec<Edge>,
    },
    Unreachable,
}

impl InstKind {
    /// Calls `g` on every operand the instruction reads, in order (edges' phi copies excluded).
    /// Exhaustive: a new instruction kind must say what it reads.
    pub fn for_each_operand(&self, g: &mut dyn FnMut(&Operand)) {
        use InstKind::*;
        match self {
            // One operand.
            FNeg { a, .. }
            | Cast { v: a, .. }
            | Copy { v: a, .. }
            | Alloca { count: a, .. }
            | Load { ptr: a, .. }
            | ExtractValue { agg: a, .. }
            | VaArg { list: a, .. }
            | CondBr { cond: a, .. }
            | Switch { cond: a, .. }
            | IndirectBr { addr: a, .. } => g(a),
            // Two, in this order.
            Bin { a, b, .. }
            | ICmp { a, b, .. }
            | FCmp { a, b, .. }
            | ShuffleVector { a, b, .. }
            | Store { val: a, ptr: b, .. }
            | InsertValue { agg: a, val: b, .. }
            | ExtractElement { vec: a, idx: b, .. }
            | AtomicRmw { ptr: a, val: b, .. } => {
                g(a);
                g(b);
            }
            // Three.
            Select {
                cond: a,
                t: b,
                f: c,
                ..
            }
            | InsertElement {
                vec: a,
                val: b,
                idx: c,
                ..
            }
            | CmpXchg {
                ptr: a,
                cmp: b,
                new: c,
                ..
            } => {
                g(a);
                g(b);
                g(c);
            }
            Gep { base, indices, .. } => {
                g(base);
                for i in indices {
                    g(&i.op);
                }
            }
            Call { callee, args, .. } => {
                if let Callee::Indirect(o) = callee {
                    g(o);
                }
                for a in args {
                    g(&a.op);
                }
            }
            Ret { val } => {
                if let Some(v) = val {
                    g(v);
                }
            }
            Fence | Unsupported { .. } | InlineAsm | Br { .. } | Unreachable => {}
        }
    }

    /// Every operand the instruction reads ([`InstKind::for_each_operand`]).
    pub fn operands(&self) -> Vec<Operand> {
        let mut v = Vec::new();
        self.for_each_operand(&mut |o| v.push(*o));
        v
    }

    /// Calls `g` on every edge leaving the instruction (terminators; none for the others).
    /// Exhaustive: a new instruction kind must say where control goes.
    pub fn for_each_edge<'a>(&'a self, g: &mut dyn FnMut(&'a Edge)) {
        use InstKind::*;
        match self {
            Br { edge } => g(edge),
            CondBr { t, f, .. } => {
                g(t);
                g(f);
            }
            Switch { cases, default, .. } => {
                cases.iter().for_each(|(_, e)| g(e));
                g(default);
            }
            IndirectBr { dests, .. } => dests.iter().for_each(g),
            Bin { .. }
            | FNeg { .. }
            | ICmp { .. }
            | FCmp { .. }
            | Select { .. }
            | Cast { .. }
            | Copy { .. }
            | Alloca { .. }
            | Load { .. }
            | Store { .. }
            | Gep { .. }
            | ExtractValue { .. }
            | InsertValue { .. }
            | ExtractElement { .. }
            | InsertElement { .. }
            | ShuffleVector { .. }
            | Call { .. }
            | AtomicRmw { .. }
            | CmpXchg { .. }
            | Fence
            | VaArg { .. }
            | Unsupported { .. }
            | InlineAsm
            | Ret { .. }
            | Unreachable => {}
        }
    }

    /// Every edge leaving the instruction ([`InstKind::for_each_edge`]).
    pub fn edges(&self) -> Vec<&Edge> {
        let mut v = Vec::new();
        self.for_each_edge(&mut |e| v.push(e));
        v
    }

    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Ret { .. }
                | InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::IndirectBr { .. }
                | InstKind::Unreachable
        )
    }
}

impl Module {
    pub fn ty(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }
    pub fn func(&self, id: FuncId) -> &Function {
        &self.functions[id.0 as usize]
    }
    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }
    pub fn konst(&self, id: ConstId) -> &Const {
        &self.consts[id.0 as usize]
    }
    pub fn loc(&self, id: LocId) -> &SrcLoc {
        &self.locs[id.0 as usize]
    }
    /// Integer width of a type, if it is an integer.
    pub fn int_width(&self, id: TypeId) -> Option<u32> {
        match self.ty(id).kind {
            TypeKind::Int(w) => Some(w),
            _ => None,
        }
    }
    /// `file:line` of a location, or `None` if unknown.
    pub fn loc_string(&self, id: LocId) -> Option<String> {
        if id.0 == 0 {
            return None;
        }
        let l = self.loc(id);
        Some(format!("{}:{}", self.files[l.file as usize], l.line))
    }
}

impl fmt::Display for SrcLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "file#{}:{}:{}", self.file, self.line, self.col)
    }
}

// The IR is shared between worker threads; keep it that way.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Module>();
};
