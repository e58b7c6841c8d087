//! Human-readable dump of a lowered module, for debugging (`Module::dump`).

use super::*;
use std::fmt::Write;

impl Module {
    /// Name of a type in LLVM-like syntax (`i32`, `ptr`, `[4 x i8]`, `{ i32, ptr }`...).
    pub fn type_name(&self, id: TypeId) -> String {
        match &self.ty(id).kind {
            TypeKind::Void => "void".into(),
            TypeKind::Int(w) => format!("i{w}"),
            TypeKind::Half => "half".into(),
            TypeKind::Float => "float".into(),
            TypeKind::Double => "double".into(),
            TypeKind::X86Fp80 => "x86_fp80".into(),
            TypeKind::Fp128 => "fp128".into(),
            TypeKind::Ptr => "ptr".into(),
            TypeKind::Vector { elem, len } => format!("<{len} x {}>", self.type_name(*elem)),
            TypeKind::Array { elem, len } => format!("[{len} x {}]", self.type_name(*elem)),
            TypeKind::Struct { fields, .. } => {
                let f: Vec<String> = fields.iter().map(|f| self.type_name(*f)).collect();
                format!("{{ {} }}", f.join(", "))
            }
            TypeKind::Function => "fn".into(),
            TypeKind::Label => "label".into(),
            TypeKind::Metadata => "metadata".into(),
            TypeKind::Token => "token".into(),
            TypeKind::Unsupported(s) => format!("unsupported({s})"),
        }
    }

    /// Short form of a constant.
    pub fn const_string(&self, id: ConstId) -> String {
        match self.konst(id) {
            Const::Int { ty, bits } => format!("{} {:#x}", self.type_name(*ty), bits),
            Const::Null { .. } => "null".into(),
            Const::Undef { ty } => format!("{} undef", self.type_name(*ty)),
            Const::Zero { ty } => format!("{} zeroinit", self.type_name(*ty)),
            Const::GlobalAddr { global, offset } => {
                let g = &self.global(*global).name;
                if *offset == 0 {
                    format!("@{g}")
                } else {
                    format!("@{g}{offset:+}")
                }
            }
            Const::FuncAddr(f) => format!("@{}", self.func(*f).name),
            Const::BlockAddr { func, block } => {
                format!("blockaddress(@{}, bb{})", self.func(*func).name, block.0)
            }
            Const::Aggregate { elems, .. } => {
                let e: Vec<String> = elems.iter().map(|e| self.const_string(*e)).collect();
                format!("[{}]", e.join(", "))
            }
            Const::Expr(k) => format!("({})", self.inst_string(k)),
        }
    }

    fn op_string(&self, op: &Operand) -> String {
        match op {
            Operand::Reg(r) => format!("%r{}", r.0),
            Operand::Const(c) => self.const_string(*c),
        }
    }

    fn edge_string(&self, e: &Edge) -> String {
        let mut s = format!("bb{}", e.target.0);
        if !e.copies.is_empty() {
            let c: Vec<String> = e
                .copies
                .iter()
                .map(|c| format!("%r{} <- {}", c.dst.0, self.op_string(&c.src)))
                .collect();
            write!(s, " [{}]", c.join(", ")).unwrap();
        }
        s
    }

    /// One instruction (without its destination).
    pub fn inst_string(&self, k: &InstKind) -> String {
        let o = |op: &Operand| self.op_string(op);
        let t = |ty: &TypeId| self.type_name(*ty);
        match k {
            InstKind::Bin { op, ty, a, b } => format!("{op:?} {} {}, {}", t(ty), o(a), o(b)),
            InstKind::FNeg { ty, a } => format!("fneg {} {}", t(ty), o(a)),
            InstKind::ICmp { pred, ty, a, b } => {
                format!("icmp {pred:?} {} {}, {}", t(ty), o(a), o(b))
            }
            InstKind::FCmp { pred, ty, a, b } => {
                format!("fcmp {pred:?} {} {}, {}", t(ty), o(a), o(b))
            }
            InstKind::Select { ty, cond, t: a, f } => {
                format!("select {} {}, {}, {}", t(ty), o(cond), o(a), o(f))
            }
            InstKind::Cast { op, from, to, v } => {
                format!("{op:?} {} {} to {}", t(from), o(v), t(to))
            }
            InstKind::Copy { ty, v } => format!("copy {} {}", t(ty), o(v)),
            InstKind::Alloca {
                elem_size,
                count,
                align,
                ..
            } => format!("alloca {elem_size} x {}, align {align}", o(count)),
            InstKind::Load {
                ty,
                ptr,
                align,
                volatile,
            } => format!(
                "load{} {}, {}, align {align}",
                if *volatile { " volatile" } else { "" },
                t(ty),
                o(ptr)
            ),
            InstKind::Store {
                ty,
                val,
                ptr,
                align,
                volatile,
            } => format!(
                "store{} {} {}, {}, align {align}",
                if *volatile { " volatile" } else { "" },
                t(ty),
                o(val),
                o(ptr)
            ),
            InstKind::Gep {
                base,
                offset,
                indices,
            } => {
                let mut s = format!("gep {} + {offset}", o(base));
                for i in indices {
                    write!(s, " + i{} {} * {}", i.width, o(&i.op), i.stride).unwrap();
                }
                s
            }
            InstKind::Call { callee, args, ret } => {
                let c = match callee {
                    Callee::Direct(f) => format!("@{}", self.func(*f).name),
                    Callee::Indirect(op) => o(op),
                    Callee::Intrinsic(i) => format!("intrinsic {i:?}"),
                };
                let a: Vec<String> = args
                    .iter()
                    .map(|a| {
                        let bv = a.byval.map(|s| format!(" byval({s})")).unwrap_or_default();
                        format!("{}{bv} {}", t(&a.ty), o(&a.op))
                    })
                    .collect();
                format!("call {} {c}({})", t(ret), a.join(", "))
            }
            InstKind::Ret { val } => match val {
                Some(v) => format!("ret {}", o(v)),
                None => "ret void".into(),
            },
            InstKind::Br { edge } => format!("br {}", self.edge_string(edge)),
            InstKind::CondBr { cond, t: a, f } => format!(
                "br {}, {}, {}",
                o(cond),
                self.edge_string(a),
                self.edge_string(f)
            ),
            InstKind::Switch {
                cond,
                width,
                cases,
                default,
            } => {
                let mut s = format!(
                    "switch i{width} {}, default {}",
                    o(cond),
                    self.edge_string(default)
                );
                for (v, e) in cases {
                    write!(s, "; {v} -> {}", self.edge_string(e)).unwrap();
                }
                s
            }
            InstKind::IndirectBr { addr, dests } => {
                let d: Vec<String> = dests.iter().map(|e| self.edge_string(e)).collect();
                format!("indirectbr {}, [{}]", o(addr), d.join(", "))
            }
            InstKind::Unreachable => "unreachable".into(),
            InstKind::ExtractValue { agg, indices, .. } => {
                format!("extractvalue {}, {indices:?}", o(agg))
            }
            InstKind::InsertValue {
                agg, val, indices, ..
            } => format!("insertvalue {}, {}, {indices:?}", o(agg), o(val)),
            InstKind::ExtractElement { vec, idx, .. } => {
                format!("extractelement {}, {}", o(vec), o(idx))
            }
            InstKind::InsertElement { vec, val, idx, .. } => {
                format!("insertelement {}, {}, {}", o(vec), o(val), o(idx))
            }
            InstKind::ShuffleVector { a, b, mask, .. } => {
                format!("shufflevector {}, {}, {mask:?}", o(a), o(b))
            }
            InstKind::AtomicRmw { op, ty, ptr, val } => {
                format!("atomicrmw {op:?} {} {}, {}", t(ty), o(ptr), o(val))
            }
            InstKind::CmpXchg { ty, ptr, cmp, new } => {
                format!("cmpxchg {} {}, {}, {}", t(ty), o(ptr), o(cmp), o(new))
            }
            InstKind::Fence => "fence".into(),
            InstKind::VaArg { ty, list } => format!("va_arg {} {}", t(ty), o(list)),
            InstKind::Unsupported { what } => format!("UNSUPPORTED {what}"),
            InstKind::InlineAsm => "INLINE ASM".into(),
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        }
    }

    /// A readable listing of the whole module.
    pub fn dump(&self) -> String {
        let mut s = String::new();
        writeln!(
            s,
            "; source {} target {} ptr_size {}",
            self.source_name, self.target_triple, self.ptr_size
        )
        .unwrap();
        for g in &self.globals {
            write!(
                s,
                "@{} : {} size {} align {}{}",
                g.name,
                self.type_name(g.ty),
                g.size,
                g.align,
                if g.is_constant { " constant" } else { "" }
            )
            .unwrap();
            match &g.init {
                None => writeln!(s, " external").unwrap(),
                Some(init) => {
                    let shown = init.bytes.len().min(64);
                    let hex: String = init.bytes[..shown]
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect();
                    let more = if shown < init.bytes.len() { "..." } else { "" };
                    write!(s, " = {hex}{more}").unwrap();
                    for r in &init.relocs {
                        write!(
                            s,
                            " reloc[{}:{}]={}",
                            r.offset,
                            r.size,
                            self.const_string(r.value)
                        )
                        .unwrap();
                    }
                    writeln!(s).unwrap();
                }
            }
        }
        for f in &self.functions {
            let params: Vec<String> = f
                .params
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let bv = f.byval[i]
                        .map(|s| format!(" byval({s})"))
                        .unwrap_or_default();
                    format!("{}{bv} %r{i}", self.type_name(*p))
                })
                .collect();
            let va = match (f.is_vararg, f.params.is_empty()) {
                (false, _) => "",
                (true, true) => "...",
                (true, false) => ", ...",
            };
            let head = format!(
                "{} @{}({}{va})",
                self.type_name(f.ret),
                f.name,
                params.join(", ")
            );
            if f.is_declaration {
                writeln!(s, "declare {head}").unwrap();
                continue;
            }
            let loc = self.loc_string(f.loc).unwrap_or_default();
            writeln!(s, "define {head} regs {} ; {loc} {{", f.num_regs).unwrap();
            for (bi, b) in f.blocks.iter().enumerate() {
                writeln!(s, "bb{bi}: ; {}", b.name).unwrap();
                for inst in &f.code[f.block_range(bi)] {
                    let dst = inst
                        .dst
                        .map(|r| format!("%r{} = ", r.0))
                        .unwrap_or_default();
                    let loc = match self.loc_string(inst.loc) {
                        Some(l) => format!("  ; {l}"),
                        None => String::new(),
                    };
                    writeln!(s, "  {dst}{}{loc}", self.inst_string(&inst.kind)).unwrap();
                }
            }
            writeln!(s, "}}").unwrap();
        }
        s
    }
}
