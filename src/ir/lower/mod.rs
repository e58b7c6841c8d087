//! Translation of an LLVM module (via inkwell) into trex's IR.
//! The only module that touches LLVM.
//!
//! inkwell's safe API is used wherever it has the call. llvm-sys is used, through
//! `as_value_ref()` / `as_type_ref()`, only where inkwell 0.5 has no wrapper, each place
//! commented `// llvm-sys: ...`. One gap runs through the whole lowering: inkwell's type and
//! value enums have no variant for label, metadata, token, x86_mmx and x86_amx types (their
//! constructors panic), which valid IR contains (intrinsic signatures, EH pads, MMX code), so
//! types are classified by their LLVM kind first and such types and values are kept as
//! `RawType` / `RawValue`.
//!
//! The whole module is lowered once: types (with their layout from the module's data layout),
//! constants (interned, deduplicated), globals (initializers as bytes plus relocations),
//! functions (instructions with pre-resolved operands, phis as per-edge copies) and source
//! locations. Global aliases are resolved to their aliasee and also entered in
//! `func_by_name` / `global_by_name` under their own name.
//!
//! Special cases:
//! - `llvm.dbg.*`, `llvm.lifetime.*`, `llvm.experimental.noalias.scope.decl`, `llvm.pseudoprobe`
//!   are dropped; `llvm.expect*`, `llvm.ssa.copy`, `llvm.*.invariant.group`, `llvm.ptr.annotation`,
//!   `llvm.annotation` become `Copy` of their first argument.
//! - `llvm.experimental.constrained.*` become the plain operation (one rounding mode, no traps).
//! - `llvm.load.relative` (relative lookup tables in PIE code) is expanded into
//!   gep/load/sext/ptrtoint/add/inttoptr using temporaries after the LLVM registers.
//! - `llvm.vector.reduce.{fadd,fmul,fmax,fmin}` (fast-math) become sequential chains over the
//!   lanes, with temporaries.
//! - A `getelementptr` producing a vector of pointers is expanded lane by lane (extractelement of
//!   vector operands, scalar GEP, insertelement chain), with temporaries as above.
//! - Calls through `bitcast`s of functions or through aliases are direct calls.
//! - Integers wider than 128 bits (bit-field units of packed structs) are legalized into
//!   64-bit limbs (`wide.rs`).
//! - `Unsupported`: invoke, landingpad, resume, callbr and other EH instructions (followed by an
//!   `Unreachable` when they are terminators), inline assembly, vector GEP constant expressions,
//!   unknown intrinsics (e.g. masked loads/gathers, libm-like intrinsics under fast-math),
//!   instructions whose result or operand type is unsupported (integers wider than 128 bits
//!   outside `wide.rs`'s operations, bfloat, ppc_fp128, x86_mmx/amx, scalable vectors),
//!   constant `shufflevector` expressions.

mod asm;
mod consts;
mod guard;
mod inst;
mod intrinsics;
mod opcodes;
#[cfg(test)]
pub(crate) mod tests;
mod user;
mod var_names;
#[cfg(test)]
pub(crate) use tests::assemble;
mod wide;

use super::*;
use hashbrown::HashMap;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::{Context, ContextRef};
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module as LlvmModule};
use inkwell::support::LLVMString;
use inkwell::targets::TargetData;
use inkwell::types::{AnyType, AnyTypeEnum, AsTypeRef, BasicType, FunctionType};
use inkwell::values::{AnyValue, AsValueRef, FloatValue, FunctionValue, GlobalValue, IntValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMTypeKind, LLVMValueKind};
use std::ffi::{c_void, CStr};
use std::marker::PhantomData;
use std::path::Path;

const NOT_BITCODE: &str = "not a valid LLVM bitcode or IR file";

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {msg}")]
    Io { path: String, msg: String },
    #[error("{path}: empty file, not an LLVM bitcode file")]
    Empty { path: String },
    #[error("{path}: {NOT_BITCODE}: {msg}")]
    NotBitcode { path: String, msg: String },
}

/// Reads a module file (LLVM bitcode, or textual IR as `llvm-as` reads it) and lowers it.
pub fn load_module(path: &Path) -> Result<Module, LoadError> {
    load_module_as(path, false).map(|(m, _)| m)
}

/// [`load_module`], also returning the module's printed form (KLEE's `assembly.ll`); each
/// function's `asm_lines` then gives its instructions' lines in it.
pub fn load_module_with_assembly(path: &Path) -> Result<(Module, String), LoadError> {
    load_module_as(path, true).map(|(m, a)| (m, a.unwrap_or_default()))
}

fn load_module_as(path: &Path, assembly: bool) -> Result<(Module, Option<String>), LoadError> {
    let p = path.display().to_string();
    if path.is_dir() {
        return Err(LoadError::Io {
            path: p,
            msg: "is a directory".into(),
        });
    }
    let bytes = std::fs::read(path).map_err(|e| LoadError::Io {
        path: p.clone(),
        msg: e.to_string(),
    })?;
    load_bytes(&bytes, &p, assembly)
}

/// Lowers a module given as bytes (a file's contents, or bitcode piped on stdin): LLVM
/// bitcode, or textual IR when it does not start with bitcode's magic number (KLEE reads both,
/// whatever the file is called). `name` names the input in errors.
pub fn load_module_bytes(bytes: &[u8], name: &str) -> Result<Module, LoadError> {
    load_bytes(bytes, name, false).map(|(m, _)| m)
}

fn load_bytes(
    bytes: &[u8],
    name: &str,
    assembly: bool,
) -> Result<(Module, Option<String>), LoadError> {
    let p = name.to_string();
    if bytes.is_empty() {
        return Err(LoadError::Empty { path: p });
    }
    let raw_magic = bytes.len() >= 4 && bytes[..4] == [b'B', b'C', 0xC0, 0xDE];
    let wrapper_magic = bytes.len() >= 4 && bytes[..4] == [0xDE, 0xC0, 0x17, 0x0B];
    // Declared before the context, so that it outlives it (the handler writes into it).
    let mut diags: Vec<String> = Vec::new();
    let ctx = Context::create();
    // Diagnostics (e.g. warnings about invalid debug info) are collected, not printed.
    // llvm-sys: inkwell 0.5 has no diagnostic handler (its setter is private)
    unsafe {
        LLVMContextSetDiagnosticHandler(
            ctx.raw(),
            Some(diag_handler),
            &mut diags as *mut Vec<String> as *mut c_void,
        )
    };
    let buf = MemoryBuffer::create_from_memory_range_copy(bytes, "trex-input");
    // The verifier too: the reader checks only modules with debug info, and lowering (or
    // printing) a broken module can crash. Lowering is guarded too: on some corrupt metadata
    // the reader hands out strings longer than their memory, which crash their readers.
    let read = || -> Result<_, LLVMString> {
        let llm = if raw_magic || wrapper_magic {
            LlvmModule::parse_bitcode_from_buffer(&buf, &ctx)
        } else {
            ctx.create_module_from_ir(buf)
        }?;
        if let Err(e) = llm.verify() {
            // LLVMVerifyModule counts broken debug info as an error; the reader drops it (with
            // a diagnostic) and goes on, and so does trex: without it.
            if !diags.iter().any(|d| d.contains("invalid debug info")) {
                return Err(e);
            }
            // llvm-sys: inkwell 0.5 has no debug info stripping
            unsafe { llvm_sys::debuginfo::LLVMStripModuleDebugInfo(llm.as_mut_ptr()) };
            llm.verify()?;
        }
        let text = assembly.then(|| llm.print_to_string().to_string());
        let lines = text.as_deref().map(asm::instruction_lines);
        Ok((lower_module(&llm, lines), text))
    };
    let (parsed, printed) = guard::reading(name, NOT_BITCODE, bytes.len(), read);
    // What the verifier printed while the reader checked debug info: LLVM drops broken debug
    // info and goes on, so one warning line says so (its first complaint says why); when the
    // module is refused anyway, its error line says it all.
    let first = printed.lines().map(str::trim).find(|l| !l.is_empty());
    if let (Some(first), true) = (first, parsed.is_ok()) {
        if diags.iter().any(|d| d.contains("invalid debug info")) {
            eprintln!("trex: warning: {name}: invalid debug info ignored: {first}");
        } else {
            eprint!("{printed}");
        }
    }
    match parsed {
        Ok(lowered) => Ok(lowered),
        Err(e) => {
            // The IR parser's message is `<buffer>:LINE:COL: error: ...` then the line and a
            // caret: its first line without the buffer's name is the one to show.
            let first = e.to_string();
            let first = first.lines().next().unwrap_or("").trim();
            let mut msg = first
                .strip_prefix("trex-input:")
                .unwrap_or(first)
                .to_string();
            if msg.is_empty() {
                msg = diags.join("; ");
            }
            if msg.is_empty() {
                msg = "cannot parse bitcode".into();
            }
            if !(raw_magic || wrapper_magic) {
                msg = format!("no bitcode magic number ('BC' 0xC0DE), nor textual IR ({msg})");
            }
            Err(LoadError::NotBitcode {
                path: p,
                msg: msg.replace('\n', " "),
            })
        }
    }
}

extern "C" fn diag_handler(info: LLVMDiagnosticInfoRef, ctx: *mut c_void) {
    // SAFETY: `ctx` is the `Vec<String>` registered in `load_module`, alive as long as the
    // context.
    unsafe {
        let diags = &mut *(ctx as *mut Vec<String>);
        let d = LLVMGetDiagInfoDescription(info);
        if !d.is_null() {
            diags.push(CStr::from_ptr(d).to_string_lossy().into_owned());
            LLVMDisposeMessage(d);
        }
    }
}

/// A type taken where inkwell 0.5 would panic on some kinds (see the module doc): any LLVM
/// type of the module's context. It is an inkwell `AnyType`, so `TargetData` lays it out and
/// it prints, but it is never turned into an `AnyTypeEnum` unless its kind allows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawType<'ctx>(LLVMTypeRef, PhantomData<&'ctx ()>);

impl RawType<'_> {
    /// # Safety
    /// `t` is a valid type of the context being lowered.
    pub(crate) unsafe fn new(t: LLVMTypeRef) -> Self {
        RawType(t, PhantomData)
    }

    /// Any inkwell type as a `RawType`.
    pub(crate) fn of(t: impl AsTypeRef) -> Self {
        RawType(t.as_type_ref(), PhantomData)
    }
}

unsafe impl AsTypeRef for RawType<'_> {
    fn as_type_ref(&self) -> LLVMTypeRef {
        self.0
    }
}

unsafe impl<'ctx> AnyType<'ctx> for RawType<'ctx> {}

/// Any LLVM value of the module. inkwell 0.5's value enums cannot hold values of metadata,
/// token, x86_mmx and x86_amx type (nor void instructions), and it has no operand access on
/// constants, so operands are read as `RawValue`s and turned into inkwell's typed values
/// (`IntValue`, `FloatValue`, ...) where their kind is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawValue<'ctx>(LLVMValueRef, PhantomData<&'ctx ()>);

impl<'ctx> RawValue<'ctx> {
    /// # Safety
    /// `v` is a valid value of the module being lowered.
    pub(crate) unsafe fn new(v: LLVMValueRef) -> Self {
        RawValue(v, PhantomData)
    }

    /// Any inkwell value as a `RawValue`.
    pub(crate) fn of(v: impl AsValueRef) -> Self {
        RawValue(v.as_value_ref(), PhantomData)
    }

    /// Its type.
    pub(crate) fn get_type(self) -> RawType<'ctx> {
        // llvm-sys: inkwell 0.5's get_type panics on metadata, token, x86_mmx and x86_amx values
        unsafe { RawType::new(LLVMTypeOf(self.0)) }
    }

    /// Its LLVM value kind.
    pub(crate) fn kind(self) -> LLVMValueKind {
        // llvm-sys: inkwell 0.5 has no value-kind query (constant kinds, arguments, inline asm, ...)
        unsafe { LLVMGetValueKind(self.0) }
    }

    /// Number of operands (of an instruction or a constant).
    pub(crate) fn num_operands(self) -> u32 {
        // llvm-sys: inkwell 0.5 has no operand access on constants
        unsafe { LLVMGetNumOperands(self.0).max(0) as u32 }
    }

    /// Operand `k` (of an instruction or a constant).
    pub(crate) fn operand(self, k: u32) -> RawValue<'ctx> {
        // llvm-sys: inkwell 0.5 has no operand access on constants, and its get_operand panics on
        // metadata, token and x86_mmx operands of instructions
        unsafe { RawValue::new(LLVMGetOperand(self.0, k)) }
    }

    /// Operand `k`, `None` if LLVM has none there.
    pub(crate) fn try_operand(self, k: u32) -> Option<RawValue<'ctx>> {
        let o = self.operand(k);
        (!o.0.is_null()).then_some(o)
    }

    /// The constant integer, if it is one (of any width).
    pub(crate) fn as_const_int(self) -> Option<IntValue<'ctx>> {
        // SAFETY: a ConstantInt is an integer value (LLVM 14 has no vector ConstantInts).
        (self.kind() == LLVMValueKind::LLVMConstantIntValueKind)
            .then(|| unsafe { IntValue::new(self.0) })
    }

    /// The constant floating-point number, if it is one.
    pub(crate) fn as_const_fp(self) -> Option<FloatValue<'ctx>> {
        // SAFETY: a ConstantFP is a floating-point value.
        (self.kind() == LLVMValueKind::LLVMConstantFPValueKind)
            .then(|| unsafe { FloatValue::new(self.0) })
    }
}

unsafe impl AsValueRef for RawValue<'_> {
    fn as_value_ref(&self) -> LLVMValueRef {
        self.0
    }
}

unsafe impl<'ctx> AnyValue<'ctx> for RawValue<'ctx> {}

/// The LLVM kind of a type.
pub(crate) fn type_kind_of(t: &impl AsTypeRef) -> LLVMTypeKind {
    // llvm-sys: inkwell 0.5 has no kind query that covers every type (AnyTypeEnum::new panics
    // on label, metadata, token, x86_mmx and x86_amx; FloatType does not tell its format)
    unsafe { LLVMGetTypeKind(t.as_type_ref()) }
}

/// `t` as inkwell's `AnyTypeEnum`, if inkwell can represent it.
pub(crate) fn any_type<'ctx>(t: RawType<'ctx>) -> Option<AnyTypeEnum<'ctx>> {
    use LLVMTypeKind::*;
    match type_kind_of(&t) {
        LLVMLabelTypeKind | LLVMMetadataTypeKind | LLVMTokenTypeKind | LLVMX86_MMXTypeKind
        | LLVMX86_AMXTypeKind => None,
        // SAFETY: a valid type of a kind `AnyTypeEnum` has a variant for.
        _ => Some(unsafe { AnyTypeEnum::new(t.as_type_ref()) }),
    }
}

/// Parameter types of a function type.
pub(crate) fn param_types<'ctx>(fty: FunctionType<'ctx>) -> Vec<RawType<'ctx>> {
    let n = fty.count_param_types() as usize;
    let mut ptys = vec![std::ptr::null_mut(); n];
    if n > 0 {
        // llvm-sys: inkwell 0.5's get_param_types panics on metadata/token/x86_mmx parameters
        unsafe { LLVMGetParamTypes(fty.as_type_ref(), ptys.as_mut_ptr()) };
    }
    // SAFETY: types of the module's function type.
    ptys.into_iter()
        .map(|t| unsafe { RawType::new(t) })
        .collect()
}

/// Return type of a function type (void included).
pub(crate) fn return_type<'ctx>(fty: FunctionType<'ctx>) -> RawType<'ctx> {
    // llvm-sys: inkwell 0.5's get_return_type panics on token/x86_mmx returns
    unsafe { RawType::new(LLVMGetReturnType(fty.as_type_ref())) }
}

/// Key for structural deduplication of constants.
#[derive(Clone, PartialEq, Eq, Hash)]
enum ConstKey {
    Int(TypeId, u128),
    Null(TypeId),
    Undef(TypeId),
    Zero(TypeId),
    GlobalAddr(GlobalId, i64),
    FuncAddr(FuncId),
    BlockAddr(FuncId, BlockId),
    Aggregate(TypeId, Vec<ConstId>),
}

/// LLVM objects are keyed by their addresses (`as_value_ref()`, `as_type_ref()`,
/// `as_mut_ptr()`): identity, no LLVM call.
pub(crate) struct Lowerer<'ctx> {
    pub(crate) m: Module,
    ctx: ContextRef<'ctx>,
    td: TargetData,
    type_map: HashMap<LLVMTypeRef, TypeId>,
    type_intern: HashMap<Type, TypeId>,
    /// Per type: true if it is or contains an unsupported type.
    type_bad: Vec<bool>,
    const_map: HashMap<LLVMValueRef, ConstId>,
    const_intern: HashMap<ConstKey, ConstId>,
    func_map: HashMap<LLVMValueRef, FuncId>,
    global_map: HashMap<LLVMValueRef, GlobalId>,
    block_map: HashMap<LLVMBasicBlockRef, (FuncId, BlockId)>,
    /// Files keyed by the addresses of LLVM's directory and file name strings.
    file_ptr_map: HashMap<(usize, usize), u32>,
    file_map: HashMap<String, u32>,
    loc_map: HashMap<SrcLoc, LocId>,
    /// Instruction locations keyed by their (uniqued) DILocation.
    diloc_map: HashMap<LLVMMetadataRef, LocId>,
    byval_kind: u32,
    /// Registers of the function being lowered.
    regs: HashMap<LLVMValueRef, Reg>,
    /// Next free register of the function being lowered (for expansions needing temporaries).
    next_reg: u32,
    /// Instructions to emit before the one being lowered (expansions).
    pending: Vec<InstKind>,
    /// First register of the temporaries of `pending`.
    pending_base: u32,
    /// Per defined function in module order, its instructions' lines in the printed module
    /// (empty when not asked for), and the next defined function's index.
    asm: Vec<Vec<u32>>,
    asm_next: usize,
}

pub(crate) unsafe fn cstr_len(p: *const std::os::raw::c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

/// LLVM's printed form of a value.
pub(crate) fn print_value<'ctx>(v: &impl AnyValue<'ctx>) -> String {
    v.print_to_string().to_string()
}

/// The names of a function's parameters in the IR (empty: unnamed).
fn param_names(f: FunctionValue<'_>) -> Vec<String> {
    // llvm-sys: inkwell 0.5's parameter iterator panics on a metadata parameter (those of
    // llvm.dbg.declare), and it names only basic values.
    let fr = f.as_value_ref();
    // SAFETY: a valid function of the module; LLVM's strings with their lengths, alive with it.
    unsafe {
        (0..llvm_sys::core::LLVMCountParams(fr))
            .map(|i| {
                let mut len = 0usize;
                let p = llvm_sys::core::LLVMGetValueName2(
                    llvm_sys::core::LLVMGetParam(fr, i),
                    &mut len,
                );
                cstr_len(p, len)
            })
            .collect()
    }
}

/// LLVM's printed form of a type.
pub(crate) fn print_type<'ctx>(t: &impl AnyType<'ctx>) -> String {
    t.print_to_string().to_string()
}

/// `asm`: per defined function, its instructions' lines in the printed module
/// (`Function::asm_lines`).
fn lower_module(llm: &LlvmModule<'_>, asm: Option<Vec<Vec<u32>>>) -> Module {
    let source_name = llm.get_source_file_name().to_string_lossy().into_owned();
    let triple = llm.get_triple().as_str().to_string_lossy().into_owned();
    let data_layout = llm
        .get_data_layout()
        .as_str()
        .to_string_lossy()
        .into_owned();
    let td = TargetData::create(&data_layout);
    let ptr_size = td.get_pointer_byte_size(None);
    let mut lw = Lowerer {
        m: Module {
            source_name,
            target_triple: triple,
            data_layout,
            ptr_size,
            ..Default::default()
        },
        ctx: llm.get_context(),
        td,
        type_map: HashMap::new(),
        type_intern: HashMap::new(),
        type_bad: Vec::new(),
        const_map: HashMap::new(),
        const_intern: HashMap::new(),
        func_map: HashMap::new(),
        global_map: HashMap::new(),
        block_map: HashMap::new(),
        file_ptr_map: HashMap::new(),
        file_map: HashMap::new(),
        loc_map: HashMap::new(),
        diloc_map: HashMap::new(),
        byval_kind: Attribute::get_named_enum_kind_id("byval"),
        regs: HashMap::new(),
        next_reg: 0,
        pending: Vec::new(),
        pending_base: 0,
        asm: asm.unwrap_or_default(),
        asm_next: 0,
    };
    lw.m.locs.push(SrcLoc {
        file: 0,
        line: 0,
        col: 0,
    });
    lw.run(llm);
    lw.m
}

impl<'ctx> Lowerer<'ctx> {
    fn run(&mut self, llm: &LlvmModule<'ctx>) {
        // 1. Function skeletons and block numbering.
        let funcs: Vec<FunctionValue<'ctx>> = llm.get_functions().collect();
        for &f in &funcs {
            self.declare_function(f);
        }
        // 2. Global skeletons.
        let globals: Vec<GlobalValue<'ctx>> = llm.get_globals().collect();
        for &g in &globals {
            self.declare_global(g);
        }
        // 3. Aliases: entered under their own name, resolved to the aliasee.
        for (name, target) in aliases(llm) {
            if let Some(&fid) = self.func_map.get(&target) {
                self.m.func_by_name.entry(name).or_insert(fid);
            } else if let Some(&gid) = self.global_map.get(&target) {
                self.m.global_by_name.entry(name).or_insert(gid);
            }
        }
        // 4. Global initializers.
        for &g in &globals {
            self.init_global(g);
        }
        // 5. Function bodies.
        for &f in &funcs {
            self.lower_function(f);
        }
    }

    fn declare_function(&mut self, f: FunctionValue<'ctx>) {
        let id = FuncId(self.m.functions.len() as u32);
        let mut name = f.get_name().to_string_lossy().into_owned();
        if name.is_empty() {
            name = format!("__unnamed_fn_{}", id.0);
        }
        let fty = f.get_type();
        let ptys = param_types(fty);
        let n = ptys.len();
        let params: Vec<TypeId> = ptys.iter().map(|&t| self.ty(t)).collect();
        let byval = (0..n as u32)
            .map(|i| self.byval_size(f.get_enum_attribute(AttributeLoc::Param(i), self.byval_kind)))
            .collect();
        let ret = self.ty(return_type(fty));
        let is_vararg = fty.is_var_arg();
        let is_declaration = f.as_global_value().is_declaration();
        let is_extern_weak = is_declaration && f.get_linkage() == Linkage::ExternalWeak;
        if !is_declaration {
            for (i, bb) in f.get_basic_block_iter().enumerate() {
                self.block_map
                    .insert(bb.as_mut_ptr(), (id, BlockId(i as u32)));
            }
        }
        self.m.func_by_name.insert(name.clone(), id);
        self.func_map.insert(f.as_value_ref(), id);
        let param_names = param_names(f);
        self.m.functions.push(Function {
            name,
            params,
            param_names,
            byval,
            ret,
            is_vararg,
            is_declaration,
            num_regs: n as u32,
            code: Vec::new(),
            blocks: Vec::new(),
            asm_lines: Vec::new(),
            loc: LocId(0),
            is_extern_weak,
        });
    }

    /// Size of a `byval` parameter given its attribute (`None` if absent).
    pub(crate) fn byval_size(&mut self, attr: Option<Attribute>) -> Option<u64> {
        let attr = attr?;
        // LLVM 14's bitcode reader gives every byval attribute its type.
        if !attr.is_type() {
            return Some(0);
        }
        // llvm-sys: inkwell 0.5's get_type_value panics on x86_mmx/x86_amx types
        let t = unsafe { RawType::new(LLVMGetTypeAttributeValue(attr.as_mut_ptr())) };
        if t.0.is_null() || !is_sized(t) {
            return Some(0);
        }
        Some(self.td.get_abi_size(&t))
    }

    fn declare_global(&mut self, g: GlobalValue<'ctx>) {
        let id = GlobalId(self.m.globals.len() as u32);
        let mut name = g.get_name().to_string_lossy().into_owned();
        if name.is_empty() {
            name = format!("__unnamed_{}", id.0);
        }
        // llvm-sys: inkwell 0.5's get_value_type panics on x86_mmx/x86_amx globals
        let vt = unsafe { RawType::new(LLVMGlobalGetValueType(g.as_value_ref())) };
        let ty = self.ty(vt);
        let size = self.m.types[ty.0 as usize].alloc_size;
        let mut align = g.get_alignment();
        if align == 0 {
            align = self.m.types[ty.0 as usize].align;
        }
        let loc = self.loc_of(g);
        self.m.global_by_name.insert(name.clone(), id);
        self.global_map.insert(g.as_value_ref(), id);
        self.m.globals.push(Global {
            name,
            ty,
            size,
            align: align.max(1),
            init: None,
            is_constant: g.is_constant(),
            is_extern_weak: g.is_declaration() && g.get_linkage() == Linkage::ExternalWeak,
            loc,
        });
    }

    fn init_global(&mut self, g: GlobalValue<'ctx>) {
        if g.is_declaration() {
            return;
        }
        // llvm-sys: inkwell 0.5's get_initializer panics on x86_mmx/x86_amx initializers
        let init = unsafe { LLVMGetInitializer(g.as_value_ref()) };
        if init.is_null() {
            return;
        }
        let id = self.global_map[&g.as_value_ref()];
        let size = self.m.globals[id.0 as usize].size;
        let mut gi = GlobalInit {
            bytes: vec![0u8; size as usize],
            relocs: Vec::new(),
        };
        self.write_init(unsafe { RawValue::new(init) }, 0, &mut gi);
        self.m.globals[id.0 as usize].init = Some(gi);
    }

    // ---- types ----

    pub(crate) fn ty(&mut self, t: impl AsTypeRef) -> TypeId {
        let t = RawType::of(t);
        if let Some(&id) = self.type_map.get(&t.0) {
            return id;
        }
        let (kind, bad) = self.type_kind(t);
        let sized = type_kind_of(&t) != LLVMTypeKind::LLVMScalableVectorTypeKind && is_sized(t);
        let (store_size, alloc_size, align) = if sized {
            (
                self.td.get_store_size(&t),
                self.td.get_abi_size(&t),
                self.td.get_abi_alignment(&t),
            )
        } else {
            (0, 0, 1)
        };
        let ty = Type {
            kind,
            store_size,
            alloc_size,
            align,
        };
        let id = match self.type_intern.get(&ty) {
            Some(&id) => id,
            None => {
                let id = TypeId(self.m.types.len() as u32);
                self.type_intern.insert(ty.clone(), id);
                self.m.types.push(ty);
                self.type_bad.push(bad);
                id
            }
        };
        self.type_map.insert(t.0, id);
        id
    }

    fn type_kind(&mut self, t: RawType<'ctx>) -> (TypeKind, bool) {
        use LLVMTypeKind::*;
        let unsupported = || (TypeKind::Unsupported(print_type(&t)), true);
        let kind = type_kind_of(&t);
        let Some(at) = any_type(t) else {
            return match kind {
                LLVMLabelTypeKind => (TypeKind::Label, false),
                LLVMMetadataTypeKind => (TypeKind::Metadata, false),
                LLVMTokenTypeKind => (TypeKind::Token, false),
                _ => unsupported(),
            };
        };
        match (kind, at) {
            (LLVMVoidTypeKind, _) => (TypeKind::Void, false),
            (LLVMHalfTypeKind, _) => (TypeKind::Half, false),
            (LLVMFloatTypeKind, _) => (TypeKind::Float, false),
            (LLVMDoubleTypeKind, _) => (TypeKind::Double, false),
            (LLVMX86_FP80TypeKind, _) => (TypeKind::X86Fp80, false),
            (LLVMFP128TypeKind, _) => (TypeKind::Fp128, false),
            (LLVMFunctionTypeKind, _) => (TypeKind::Function, false),
            (LLVMPointerTypeKind, _) => (TypeKind::Ptr, false),
            (_, AnyTypeEnum::IntType(it)) => {
                let w = it.get_bit_width();
                if (1..=128).contains(&w) {
                    (TypeKind::Int(w), false)
                } else {
                    (TypeKind::Unsupported(format!("i{w}")), true)
                }
            }
            (LLVMVectorTypeKind, AnyTypeEnum::VectorType(vt)) => {
                let elem = self.ty(vt.get_element_type());
                let len = vt.get_size();
                (
                    TypeKind::Vector { elem, len },
                    self.type_bad[elem.0 as usize],
                )
            }
            (_, AnyTypeEnum::ArrayType(at)) => {
                let elem = self.ty(element_type(at));
                let len = at.len() as u64;
                (
                    TypeKind::Array { elem, len },
                    self.type_bad[elem.0 as usize],
                )
            }
            (_, AnyTypeEnum::StructType(st)) => {
                if st.is_opaque() {
                    return unsupported();
                }
                let n = st.count_fields();
                let mut fields = Vec::with_capacity(n as usize);
                let mut offsets = Vec::with_capacity(n as usize);
                let mut bad = false;
                for i in 0..n {
                    let f = self.ty(field_type(st, i));
                    bad |= self.type_bad[f.0 as usize];
                    fields.push(f);
                    offsets.push(self.td.offset_of_element(&st, i).unwrap_or(0));
                }
                (TypeKind::Struct { fields, offsets }, bad)
            }
            _ => unsupported(),
        }
    }

    pub(crate) fn is_bad_type(&self, t: TypeId) -> bool {
        self.type_bad[t.0 as usize]
    }

    // ---- locations ----

    /// Location of an instruction (cached by its DILocation).
    pub(crate) fn inst_loc(&mut self, i: impl AsValueRef + Copy) -> LocId {
        // llvm-sys: inkwell 0.5 has no debug location getter for instructions
        let md = unsafe { llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(i.as_value_ref()) };
        if md.is_null() {
            return LocId(0);
        }
        if let Some(&l) = self.diloc_map.get(&md) {
            return l;
        }
        let l = self.loc_of(i);
        self.diloc_map.insert(md, l);
        l
    }

    /// Location of an instruction, global variable or function (its DISubprogram).
    pub(crate) fn loc_of(&mut self, v: impl AsValueRef) -> LocId {
        let v = v.as_value_ref();
        // llvm-sys: inkwell 0.5 has no debug location getters (file, directory, line, column)
        let (fname, flen, line, dir, dlen, col) = unsafe {
            let mut flen = 0u32;
            let fname = LLVMGetDebugLocFilename(v, &mut flen);
            if fname.is_null() {
                return LocId(0);
            }
            let line = LLVMGetDebugLocLine(v);
            if line == 0 {
                return LocId(0);
            }
            let mut dlen = 0u32;
            let dir = LLVMGetDebugLocDirectory(v, &mut dlen);
            let col = if LLVMIsAInstruction(v).is_null() {
                0
            } else {
                LLVMGetDebugLocColumn(v)
            };
            (fname, flen, line, dir, dlen, col)
        };
        let key = (dir as usize, fname as usize);
        let file = match self.file_ptr_map.get(&key) {
            Some(&f) => f,
            None => {
                // SAFETY: LLVM's strings with their lengths, alive with the module.
                let d = unsafe { cstr_len(dir, dlen as usize) };
                let n = unsafe { cstr_len(fname, flen as usize) };
                let full = if n.starts_with('/') || d.is_empty() {
                    n
                } else if d.ends_with('/') {
                    format!("{d}{n}")
                } else {
                    format!("{d}/{n}")
                };
                let f = match self.file_map.get(&full) {
                    Some(&f) => f,
                    None => {
                        let f = self.m.files.len() as u32;
                        self.m.files.push(full.clone());
                        self.file_map.insert(full, f);
                        f
                    }
                };
                self.file_ptr_map.insert(key, f);
                f
            }
        };
        let sl = SrcLoc { file, line, col };
        if let Some(&id) = self.loc_map.get(&sl) {
            return id;
        }
        let id = LocId(self.m.locs.len() as u32);
        self.m.locs.push(sl);
        self.loc_map.insert(sl, id);
        id
    }
}

/// Whether LLVM gives a type a size (`LLVMTypeIsSized`; scalable vectors included).
pub(crate) fn is_sized(t: RawType<'_>) -> bool {
    use LLVMTypeKind::*;
    match any_type(t) {
        // LLVM: x86_mmx and x86_amx are sized; label, metadata and token are not.
        None => matches!(type_kind_of(&t), LLVMX86_MMXTypeKind | LLVMX86_AMXTypeKind),
        Some(AnyTypeEnum::ArrayType(x)) => x.is_sized(),
        Some(AnyTypeEnum::FloatType(x)) => x.is_sized(),
        Some(AnyTypeEnum::FunctionType(x)) => x.is_sized(),
        Some(AnyTypeEnum::IntType(x)) => x.is_sized(),
        Some(AnyTypeEnum::PointerType(x)) => x.is_sized(),
        Some(AnyTypeEnum::StructType(x)) => x.is_sized(),
        Some(AnyTypeEnum::VectorType(x)) => x.is_sized(),
        Some(AnyTypeEnum::VoidType(x)) => x.is_sized(),
    }
}

/// Element type of an array or vector type.
pub(crate) fn element_type<'ctx>(t: impl AsTypeRef) -> RawType<'ctx> {
    // llvm-sys: inkwell 0.5's get_element_type panics on x86_mmx elements
    unsafe { RawType::new(LLVMGetElementType(t.as_type_ref())) }
}

/// Type of field `i` of a struct type.
pub(crate) fn field_type<'ctx>(t: impl AsTypeRef, i: u32) -> RawType<'ctx> {
    // llvm-sys: inkwell 0.5's get_field_type_at_index panics on x86_mmx fields
    unsafe { RawType::new(LLVMStructGetTypeAtIndex(t.as_type_ref(), i)) }
}

/// The module's global aliases: name and aliasee, seen through aliases of aliases and pointer
/// casts.
fn aliases(llm: &LlvmModule<'_>) -> Vec<(String, LLVMValueRef)> {
    let mut out = Vec::new();
    // llvm-sys: inkwell 0.5 has no global aliases (nor constant-expression opcodes)
    unsafe {
        let mut a = LLVMGetFirstGlobalAlias(llm.as_mut_ptr());
        while !a.is_null() {
            let mut len = 0usize;
            let name = cstr_len(LLVMGetValueName2(a, &mut len), len);
            let mut target = LLVMAliasGetAliasee(a);
            for _ in 0..16 {
                match LLVMGetValueKind(target) {
                    LLVMValueKind::LLVMGlobalAliasValueKind => target = LLVMAliasGetAliasee(target),
                    LLVMValueKind::LLVMConstantExprValueKind
                        if matches!(
                            LLVMGetConstOpcode(target),
                            llvm_sys::LLVMOpcode::LLVMBitCast
                                | llvm_sys::LLVMOpcode::LLVMAddrSpaceCast
                        ) =>
                    {
                        target = LLVMGetOperand(target, 0)
                    }
                    _ => break,
                }
            }
            out.push((name, target));
            a = LLVMGetNextGlobalAlias(a);
        }
    }
    out
}
