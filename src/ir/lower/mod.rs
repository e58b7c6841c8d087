//! Translation of an LLVM module (via llvm-sys) into trex's IR.
//! The only module that touches LLVM.
//!
//! The whole module is lowered once: types (with their layout from the module's data layout),
//! constants (interned, deduplicated), globals (initializers as bytes plus relocations),
//! functions (instructions with pre-resolved operands, phis as per-edge copies) and source
//! locations. Global aliases are resolved to their aliasee and also entered in
//! `func_by_name` / `global_by_name` under their own name.

mod consts;
mod inst;
#[cfg(test)]
mod tests;

use super::*;
use hashbrown::HashMap;
use llvm_sys::bit_reader::LLVMParseBitcodeInContext2;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMTypeKind, LLVMValueKind};
use std::ffi::{c_void, CStr};
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {msg}")]
    Io { path: String, msg: String },
    #[error("{path}: empty file, not an LLVM bitcode file")]
    Empty { path: String },
    #[error("{path}: not a valid LLVM bitcode file: {msg}")]
    NotBitcode { path: String, msg: String },
}

/// Reads a bitcode file and lowers it.
pub fn load_module(path: &Path) -> Result<Module, LoadError> {
    let p = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LoadError::Io {
        path: p.clone(),
        msg: e.to_string(),
    })?;
    if bytes.is_empty() {
        return Err(LoadError::Empty { path: p });
    }
    let raw_magic = bytes.len() >= 4 && bytes[..4] == [b'B', b'C', 0xC0, 0xDE];
    let wrapper_magic = bytes.len() >= 4 && bytes[..4] == [0xDE, 0xC0, 0x17, 0x0B];
    if !raw_magic && !wrapper_magic {
        return Err(LoadError::NotBitcode {
            path: p,
            msg: "bad magic number (expected 'BC' 0xC0DE)".into(),
        });
    }
    // SAFETY: all LLVM objects created here are owned by this function and disposed before
    // it returns; nothing escapes but plain Rust data.
    unsafe {
        let ctx = LLVMContextCreate();
        let mut diags: Vec<String> = Vec::new();
        LLVMContextSetDiagnosticHandler(
            ctx,
            Some(diag_handler),
            &mut diags as *mut Vec<String> as *mut c_void,
        );
        let buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
            bytes.as_ptr() as *const _,
            bytes.len(),
            c"trex-input".as_ptr(),
        );
        let mut m: LLVMModuleRef = std::ptr::null_mut();
        let failed = LLVMParseBitcodeInContext2(ctx, buf, &mut m) != 0;
        let result = if failed || m.is_null() {
            let msg = if diags.is_empty() {
                "cannot parse bitcode".to_string()
            } else {
                diags.join("; ")
            };
            Err(LoadError::NotBitcode { path: p, msg })
        } else {
            let r = lower_module(m);
            LLVMDisposeModule(m);
            Ok(r)
        };
        LLVMDisposeMemoryBuffer(buf);
        LLVMContextDispose(ctx);
        result
    }
}

extern "C" fn diag_handler(info: LLVMDiagnosticInfoRef, ctx: *mut c_void) {
    // SAFETY: `ctx` is the `Vec<String>` registered in `load_module`, alive during parsing.
    unsafe {
        let diags = &mut *(ctx as *mut Vec<String>);
        let d = LLVMGetDiagInfoDescription(info);
        if !d.is_null() {
            diags.push(CStr::from_ptr(d).to_string_lossy().into_owned());
            LLVMDisposeMessage(d);
        }
    }
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

pub(crate) struct Lowerer {
    pub(crate) m: Module,
    td: LLVMTargetDataRef,
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
    byval_kind: u32,
    /// Registers of the function being lowered.
    regs: HashMap<LLVMValueRef, Reg>,
}

pub(crate) unsafe fn cstr_len(p: *const std::os::raw::c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

pub(crate) unsafe fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    cstr_len(p, len)
}

pub(crate) unsafe fn print_value(v: LLVMValueRef) -> String {
    let p = LLVMPrintValueToString(v);
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

pub(crate) unsafe fn print_type(t: LLVMTypeRef) -> String {
    let p = LLVMPrintTypeToString(t);
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

unsafe fn lower_module(llm: LLVMModuleRef) -> Module {
    let mut len = 0usize;
    let source_name = cstr_len(LLVMGetSourceFileName(llm, &mut len), len);
    let triple = CStr::from_ptr(LLVMGetTarget(llm))
        .to_string_lossy()
        .into_owned();
    let dl_ptr = LLVMGetDataLayoutStr(llm);
    let data_layout = CStr::from_ptr(dl_ptr).to_string_lossy().into_owned();
    let td = LLVMCreateTargetData(dl_ptr);
    let ptr_size = LLVMPointerSize(td);
    let byval = "byval";
    let byval_kind = LLVMGetEnumAttributeKindForName(byval.as_ptr() as *const _, byval.len());
    let mut lw = Lowerer {
        m: Module {
            source_name,
            target_triple: triple,
            data_layout,
            ptr_size,
            ..Default::default()
        },
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
        byval_kind,
        regs: HashMap::new(),
    };
    lw.m.locs.push(SrcLoc {
        file: 0,
        line: 0,
        col: 0,
    });
    lw.run(llm);
    LLVMDisposeTargetData(td);
    lw.m
}

impl Lowerer {
    unsafe fn run(&mut self, llm: LLVMModuleRef) {
        // 1. Function skeletons and block numbering.
        let mut funcs = Vec::new();
        let mut f = LLVMGetFirstFunction(llm);
        while !f.is_null() {
            funcs.push(f);
            f = LLVMGetNextFunction(f);
        }
        for &f in &funcs {
            self.declare_function(f);
        }
        // 2. Global skeletons.
        let mut globals = Vec::new();
        let mut g = LLVMGetFirstGlobal(llm);
        while !g.is_null() {
            globals.push(g);
            g = LLVMGetNextGlobal(g);
        }
        for &g in &globals {
            self.declare_global(g);
        }
        // 3. Aliases: entered under their own name, resolved to the aliasee.
        let mut a = LLVMGetFirstGlobalAlias(llm);
        while !a.is_null() {
            let name = value_name(a);
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
            if let Some(&fid) = self.func_map.get(&target) {
                self.m.func_by_name.entry(name).or_insert(fid);
            } else if let Some(&gid) = self.global_map.get(&target) {
                self.m.global_by_name.entry(name).or_insert(gid);
            }
            a = LLVMGetNextGlobalAlias(a);
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

    unsafe fn declare_function(&mut self, f: LLVMValueRef) {
        let id = FuncId(self.m.functions.len() as u32);
        let name = value_name(f);
        let fty = LLVMGlobalGetValueType(f);
        let n = LLVMCountParamTypes(fty) as usize;
        let mut ptys = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetParamTypes(fty, ptys.as_mut_ptr());
        }
        let params: Vec<TypeId> = ptys.iter().map(|&t| self.ty(t)).collect();
        let mut byval = Vec::with_capacity(n);
        for (i, &pt) in ptys.iter().enumerate() {
            let attr = LLVMGetEnumAttributeAtIndex(f, (i + 1) as u32, self.byval_kind);
            byval.push(self.byval_size(attr, pt));
        }
        let ret = self.ty(LLVMGetReturnType(fty));
        let is_vararg = LLVMIsFunctionVarArg(fty) != 0;
        let is_declaration = LLVMIsDeclaration(f) != 0;
        if !is_declaration {
            let mut bb = LLVMGetFirstBasicBlock(f);
            let mut i = 0u32;
            while !bb.is_null() {
                self.block_map.insert(bb, (id, BlockId(i)));
                i += 1;
                bb = LLVMGetNextBasicBlock(bb);
            }
        }
        self.m.func_by_name.insert(name.clone(), id);
        self.func_map.insert(f, id);
        self.m.functions.push(Function {
            name,
            params,
            byval,
            ret,
            is_vararg,
            is_declaration,
            num_regs: n as u32,
            code: Vec::new(),
            blocks: Vec::new(),
            loc: LocId(0),
        });
    }

    /// Size of a `byval` parameter given its attribute (null if absent).
    pub(crate) unsafe fn byval_size(
        &mut self,
        attr: LLVMAttributeRef,
        pty: LLVMTypeRef,
    ) -> Option<u64> {
        if attr.is_null() {
            return None;
        }
        let mut t = LLVMGetTypeAttributeValue(attr);
        if t.is_null() {
            // Old-style byval without a type: the pointee of the parameter type.
            if LLVMGetTypeKind(pty) == LLVMTypeKind::LLVMPointerTypeKind {
                t = LLVMGetElementType(pty);
            }
        }
        if t.is_null() || LLVMTypeIsSized(t) == 0 {
            return Some(0);
        }
        Some(LLVMABISizeOfType(self.td, t))
    }

    unsafe fn declare_global(&mut self, g: LLVMValueRef) {
        let id = GlobalId(self.m.globals.len() as u32);
        let name = value_name(g);
        let vt = LLVMGlobalGetValueType(g);
        let ty = self.ty(vt);
        let size = self.m.types[ty.0 as usize].alloc_size;
        let mut align = LLVMGetAlignment(g);
        if align == 0 {
            align = self.m.types[ty.0 as usize].align;
        }
        let loc = self.loc_of(g);
        self.m.global_by_name.insert(name.clone(), id);
        self.global_map.insert(g, id);
        self.m.globals.push(Global {
            name,
            ty,
            size,
            align: align.max(1),
            init: None,
            is_constant: LLVMIsGlobalConstant(g) != 0,
            loc,
        });
    }

    unsafe fn init_global(&mut self, g: LLVMValueRef) {
        if LLVMIsDeclaration(g) != 0 {
            return;
        }
        let init = LLVMGetInitializer(g);
        if init.is_null() {
            return;
        }
        let id = self.global_map[&g];
        let size = self.m.globals[id.0 as usize].size;
        let mut gi = GlobalInit {
            bytes: vec![0u8; size as usize],
            relocs: Vec::new(),
        };
        self.write_init(init, 0, &mut gi);
        self.m.globals[id.0 as usize].init = Some(gi);
    }

    // ---- types ----

    pub(crate) unsafe fn ty(&mut self, t: LLVMTypeRef) -> TypeId {
        if let Some(&id) = self.type_map.get(&t) {
            return id;
        }
        let (kind, bad) = self.type_kind(t);
        let sized = !matches!(
            LLVMGetTypeKind(t),
            LLVMTypeKind::LLVMVoidTypeKind
                | LLVMTypeKind::LLVMLabelTypeKind
                | LLVMTypeKind::LLVMMetadataTypeKind
                | LLVMTypeKind::LLVMTokenTypeKind
                | LLVMTypeKind::LLVMFunctionTypeKind
                | LLVMTypeKind::LLVMScalableVectorTypeKind
        ) && LLVMTypeIsSized(t) != 0;
        let (store_size, alloc_size, align) = if sized {
            (
                LLVMStoreSizeOfType(self.td, t),
                LLVMABISizeOfType(self.td, t),
                LLVMABIAlignmentOfType(self.td, t),
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
        self.type_map.insert(t, id);
        id
    }

    unsafe fn type_kind(&mut self, t: LLVMTypeRef) -> (TypeKind, bool) {
        use LLVMTypeKind::*;
        match LLVMGetTypeKind(t) {
            LLVMVoidTypeKind => (TypeKind::Void, false),
            LLVMHalfTypeKind => (TypeKind::Half, false),
            LLVMFloatTypeKind => (TypeKind::Float, false),
            LLVMDoubleTypeKind => (TypeKind::Double, false),
            LLVMX86_FP80TypeKind => (TypeKind::X86Fp80, false),
            LLVMFP128TypeKind => (TypeKind::Fp128, false),
            LLVMLabelTypeKind => (TypeKind::Label, false),
            LLVMMetadataTypeKind => (TypeKind::Metadata, false),
            LLVMTokenTypeKind => (TypeKind::Token, false),
            LLVMFunctionTypeKind => (TypeKind::Function, false),
            LLVMPointerTypeKind => (TypeKind::Ptr, false),
            LLVMIntegerTypeKind => {
                let w = LLVMGetIntTypeWidth(t);
                if (1..=128).contains(&w) {
                    (TypeKind::Int(w), false)
                } else {
                    (TypeKind::Unsupported(format!("i{w}")), true)
                }
            }
            LLVMVectorTypeKind => {
                let elem = self.ty(LLVMGetElementType(t));
                let len = LLVMGetVectorSize(t);
                (
                    TypeKind::Vector { elem, len },
                    self.type_bad[elem.0 as usize],
                )
            }
            LLVMArrayTypeKind => {
                let elem = self.ty(LLVMGetElementType(t));
                let len = LLVMGetArrayLength(t) as u64;
                (
                    TypeKind::Array { elem, len },
                    self.type_bad[elem.0 as usize],
                )
            }
            LLVMStructTypeKind => {
                if LLVMIsOpaqueStruct(t) != 0 {
                    return (TypeKind::Unsupported(print_type(t)), true);
                }
                let n = LLVMCountStructElementTypes(t) as usize;
                let mut elts = vec![std::ptr::null_mut(); n];
                if n > 0 {
                    LLVMGetStructElementTypes(t, elts.as_mut_ptr());
                }
                let mut fields = Vec::with_capacity(n);
                let mut offsets = Vec::with_capacity(n);
                let mut bad = false;
                for (i, &e) in elts.iter().enumerate() {
                    let f = self.ty(e);
                    bad |= self.type_bad[f.0 as usize];
                    fields.push(f);
                    offsets.push(LLVMOffsetOfElement(self.td, t, i as u32));
                }
                (TypeKind::Struct { fields, offsets }, bad)
            }
            _ => (TypeKind::Unsupported(print_type(t)), true),
        }
    }

    pub(crate) fn is_bad_type(&self, t: TypeId) -> bool {
        self.type_bad[t.0 as usize]
    }

    // ---- locations ----

    /// Location of an instruction, global variable or function (its DISubprogram).
    pub(crate) unsafe fn loc_of(&mut self, v: LLVMValueRef) -> LocId {
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
        let key = (dir as usize, fname as usize);
        let file = match self.file_ptr_map.get(&key) {
            Some(&f) => f,
            None => {
                let d = cstr_len(dir, dlen as usize);
                let n = cstr_len(fname, flen as usize);
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
