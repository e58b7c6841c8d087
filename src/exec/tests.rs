//! Interpreter tests over hand-built IR modules.

use super::*;
use crate::ir::*;

struct Out(Vec<(i32, Vec<u8>)>);
impl Io for Out {
    fn write(&mut self, fd: i32, data: &[u8]) {
        self.0.push((fd, data.to_vec()));
    }
}

/// A tiny module builder.
struct B {
    m: Module,
}

fn c(x: ConstId) -> Operand {
    Operand::Const(x)
}
fn r(x: u32) -> Operand {
    Operand::Reg(Reg(x))
}
fn i(dst: Option<u32>, kind: InstKind) -> Inst {
    Inst {
        dst: dst.map(Reg),
        kind,
        loc: LocId(0),
    }
}
fn edge(b: u32, copies: &[(u32, Operand)]) -> Edge {
    Edge {
        target: BlockId(b),
        copies: copies
            .iter()
            .map(|&(d, s)| PhiCopy {
                dst: Reg(d),
                src: s,
            })
            .collect(),
    }
}
fn arg(op: Operand, ty: TypeId) -> CallArg {
    CallArg {
        op,
        ty,
        byval: None,
    }
}

impl B {
    fn new(ps: u32) -> B {
        let m = Module {
            ptr_size: ps,
            locs: vec![SrcLoc {
                file: 0,
                line: 0,
                col: 0,
            }],
            ..Default::default()
        };
        B { m }
    }
    fn ty(&mut self, kind: TypeKind) -> TypeId {
        if let Some(p) = self.m.types.iter().position(|t| t.kind == kind) {
            return TypeId(p as u32);
        }
        let ps = self.m.ptr_size as u64;
        let (store, align) = match &kind {
            TypeKind::Int(w) => {
                let s = (*w as u64).div_ceil(8);
                (s, s.next_power_of_two().min(16))
            }
            TypeKind::Float => (4, 4),
            TypeKind::Double => (8, 8),
            TypeKind::X86Fp80 => (10, 16),
            TypeKind::Ptr => (ps, ps),
            TypeKind::Void => (0, 1),
            TypeKind::Array { elem, len } => {
                let e = self.m.ty(*elem);
                (e.alloc_size * len, e.align as u64)
            }
            TypeKind::Vector { elem, len } => {
                let e = self.m.ty(*elem);
                let s = match e.kind {
                    TypeKind::Int(w) => (w as u64 * *len as u64).div_ceil(8),
                    _ => e.store_size * *len as u64,
                };
                (s, s.next_power_of_two())
            }
            TypeKind::Struct { fields, offsets } => {
                let al = fields
                    .iter()
                    .map(|f| self.m.ty(*f).align as u64)
                    .max()
                    .unwrap_or(1);
                let end = fields
                    .iter()
                    .zip(offsets)
                    .map(|(f, o)| o + self.m.ty(*f).alloc_size)
                    .max()
                    .unwrap_or(0);
                (end, al)
            }
            _ => (0, 1),
        };
        self.m.types.push(Type {
            kind,
            store_size: store,
            alloc_size: store.div_ceil(align) * align,
            align: align as u32,
        });
        TypeId(self.m.types.len() as u32 - 1)
    }
    fn int_t(&mut self, w: u32) -> TypeId {
        self.ty(TypeKind::Int(w))
    }
    fn ptr_t(&mut self) -> TypeId {
        self.ty(TypeKind::Ptr)
    }
    fn konst(&mut self, k: Const) -> ConstId {
        self.m.consts.push(k);
        ConstId(self.m.consts.len() as u32 - 1)
    }
    fn int(&mut self, w: u32, v: i128) -> Operand {
        let ty = self.int_t(w);
        c(self.konst(Const::Int {
            ty,
            bits: v as u128 & value::mask(w),
        }))
    }
    fn null(&mut self) -> Operand {
        let ty = self.ptr_t();
        c(self.konst(Const::Null { ty }))
    }
    fn func(
        &mut self,
        name: &str,
        params: Vec<TypeId>,
        ret: TypeId,
        vararg: bool,
        num_regs: u32,
        blocks: Vec<Vec<Inst>>,
    ) -> FuncId {
        let mut code = Vec::new();
        let mut bl = Vec::new();
        for b in blocks {
            bl.push(Block {
                start: code.len() as u32,
                name: String::new(),
            });
            code.extend(b);
        }
        let id = FuncId(self.m.functions.len() as u32);
        let decl = bl.is_empty();
        self.m.functions.push(Function {
            name: name.into(),
            byval: vec![None; params.len()],
            params,
            ret,
            is_vararg: vararg,
            is_declaration: decl,
            num_regs,
            code,
            blocks: bl,
            asm_lines: Vec::new(),
            is_extern_weak: false,
            param_names: Vec::new(),
            loc: LocId(0),
        });
        self.m.func_by_name.insert(name.into(), id);
        id
    }
    fn decl(&mut self, name: &str, params: Vec<TypeId>, ret: TypeId) -> FuncId {
        self.func(name, params, ret, false, 0, Vec::new())
    }
    fn run(&self) -> (Outcome, Out) {
        let mut out = Out(Vec::new());
        let cfg = Config {
            max_stack_frames: 100,
            ..Default::default()
        };
        let o = run(&self.m, &cfg, &mut out).unwrap();
        (o, out)
    }
    fn exit(&self) -> i32 {
        match self.run().0.end {
            End::Exit(c) => c,
            e => panic!("expected exit, got {:?}", e),
        }
    }
    fn err(&self) -> ErrorReport {
        match self.run().0.end {
            End::Error(e) => e,
            e => panic!("expected error, got {:?}", e),
        }
    }
}

fn ret(v: Operand) -> Inst {
    i(None, InstKind::Ret { val: Some(v) })
}
fn bin(d: u32, op: BinOp, ty: TypeId, a: Operand, b: Operand) -> Inst {
    i(Some(d), InstKind::Bin { op, ty, a, b })
}
fn cast(d: u32, op: CastOp, from: TypeId, to: TypeId, v: Operand) -> Inst {
    i(Some(d), InstKind::Cast { op, from, to, v })
}
fn alloca(d: u32, size: u64, one: Operand) -> Inst {
    i(
        Some(d),
        InstKind::Alloca {
            elem_size: size,
            count: one,
            count_width: 32,
            align: 8,
        },
    )
}
fn load(d: u32, ty: TypeId, p: Operand) -> Inst {
    i(
        Some(d),
        InstKind::Load {
            ty,
            ptr: p,
            align: 1,
            volatile: false,
        },
    )
}
fn store(ty: TypeId, v: Operand, p: Operand) -> Inst {
    i(
        None,
        InstKind::Store {
            ty,
            val: v,
            ptr: p,
            align: 1,
            volatile: false,
        },
    )
}
fn gep(d: u32, base: Operand, off: i64) -> Inst {
    i(
        Some(d),
        InstKind::Gep {
            base,
            offset: off,
            indices: Vec::new(),
        },
    )
}
fn call(d: Option<u32>, f: FuncId, args: Vec<CallArg>, ret: TypeId) -> Inst {
    i(
        d,
        InstKind::Call {
            callee: Callee::Direct(f),
            args,
            ret,
        },
    )
}

#[test]
fn odd_width_arithmetic() {
    let mut b = B::new(8);
    let (i7, i33, i128t, i1, i32t) = (
        b.int_t(7),
        b.int_t(33),
        b.int_t(128),
        b.int_t(1),
        b.int_t(32),
    );
    let (a, x) = (b.int(7, 100), b.int(7, 50));
    let big = b.int(33, (1i128 << 32) + 5);
    let two = b.int(33, 2);
    let m1 = b.int(128, -1);
    let one128 = b.int(128, 1);
    let t1 = b.int(1, 1);
    // r2 = i7 100+50 = 22; r3 = i33 (2^32+5)*2 = 10; r4 = i128 -1 + 1 = 0; r5 = i1 1+1 = 0
    let code = vec![vec![
        bin(2, BinOp::Add, i7, a, x),
        bin(3, BinOp::Mul, i33, big, two),
        bin(4, BinOp::Add, i128t, m1, one128),
        bin(5, BinOp::Add, i1, t1, t1),
        cast(6, CastOp::ZExt, i7, i32t, r(2)),
        cast(7, CastOp::Trunc, i33, i32t, r(3)),
        cast(8, CastOp::Trunc, i128t, i32t, r(4)),
        cast(9, CastOp::ZExt, i1, i32t, r(5)),
        bin(10, BinOp::Add, i32t, r(6), r(7)),
        bin(10, BinOp::Add, i32t, r(10), r(8)),
        bin(10, BinOp::Add, i32t, r(10), r(9)),
        ret(r(10)),
    ]];
    let p = b.ptr_t();
    b.func("main", vec![i32t, p], i32t, false, 11, code);
    assert_eq!(b.exit(), 32);
}

#[test]
fn div_by_zero_and_overshift() {
    for (op, kind, msg) in [
        (BinOp::SDiv, ErrorKind::Div, "divide by zero"),
        (BinOp::URem, ErrorKind::Div, "divide by zero"),
        (BinOp::Shl, ErrorKind::Overshift, "overshift error"),
    ] {
        let mut b = B::new(8);
        let i32t = b.int_t(32);
        let k = b.int(32, 7);
        let code = vec![vec![
            bin(1, BinOp::Sub, i32t, r(0), r(0)), // 0
            bin(2, BinOp::Add, i32t, r(1), k),    // 7
            bin(
                3,
                op,
                i32t,
                k,
                if kind == ErrorKind::Div {
                    r(1)
                } else {
                    b.int(32, 40)
                },
            ),
            ret(r(3)),
        ]];
        let mut code = code;
        code[0][2].loc = LocId(1);
        b.m.files.push("t.c".into());
        b.m.locs.push(SrcLoc {
            file: 0,
            line: 7,
            col: 1,
        });
        b.func("main", vec![i32t], i32t, false, 4, code);
        let e = b.err();
        assert_eq!(e.loc, LocId(1));
        assert_eq!(e.kind, kind);
        assert_eq!(e.message, msg);
        assert_eq!(e.stack.len(), 1);
    }
}

#[test]
fn load_store_roundtrip_and_provenance() {
    let mut b = B::new(8);
    let (i64t, i32t, dbl, p) = (b.int_t(64), b.int_t(32), b.ty(TypeKind::Double), b.ptr_t());
    let one = b.int(32, 1);
    let v = b.int(64, 0x1122334455667788);
    let f = c(b.konst(Const::Int {
        ty: dbl,
        bits: 2.5f64.to_bits() as u128,
    }));
    let code = vec![vec![
        alloca(0, 8, one),
        alloca(1, 8, one),
        alloca(2, 8, one),
        store(i64t, v, r(0)),
        store(dbl, f, r(1)),
        store(p, r(0), r(2)), // *slot2 = &slot0
        load(3, p, r(2)),
        load(4, i64t, r(3)), // through the loaded pointer
        load(5, dbl, r(1)),
        gep(6, r(3), 4),
        load(7, i32t, r(6)), // high half
        // check: r4 == v, r5 == 2.5, r7 == 0x11223344
        i(
            Some(8),
            InstKind::ICmp {
                pred: IntPred::Eq,
                ty: i64t,
                a: r(4),
                b: v,
            },
        ),
        i(
            Some(9),
            InstKind::FCmp {
                pred: FloatPred::Oeq,
                ty: dbl,
                a: r(5),
                b: f,
            },
        ),
        cast(8, CastOp::ZExt, b.int_t(1), i32t, r(8)),
        cast(9, CastOp::ZExt, b.int_t(1), i32t, r(9)),
        bin(10, BinOp::Add, i32t, r(8), r(9)),
        bin(10, BinOp::Add, i32t, r(10), r(7)),
        ret(r(10)),
    ]];
    b.func("main", vec![], i32t, false, 11, code);
    assert_eq!(b.exit(), 0x11223344 + 2);
}

#[test]
fn out_of_bounds_null_and_read_only() {
    // out of bounds
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    let one = b.int(32, 1);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        3,
        vec![vec![
            alloca(0, 4, one),
            gep(1, r(0), 4),
            load(2, i32t, r(1)),
            ret(r(2)),
        ]],
    );
    let e = b.err();
    assert_eq!(e.kind, ErrorKind::Ptr);
    assert_eq!(e.message, "memory error: out of bound pointer");
    // partial overlap is also out of bounds
    let mut b = B::new(8);
    let (i32t, i64t) = (b.int_t(32), b.int_t(64));
    let one = b.int(32, 1);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        3,
        vec![vec![alloca(0, 4, one), load(2, i64t, r(0)), ret(one)]],
    );
    assert_eq!(b.err().kind, ErrorKind::Ptr);
    // null
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    let n = b.null();
    b.func(
        "main",
        vec![],
        i32t,
        false,
        3,
        vec![vec![load(2, i32t, n), ret(r(2))]],
    );
    assert_eq!(b.err().message, "memory error: null page access");
    // constant global
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    b.m.globals.push(Global {
        name: "g".into(),
        ty: i32t,
        size: 4,
        align: 4,
        init: Some(GlobalInit {
            bytes: vec![7, 0, 0, 0],
            relocs: vec![],
        }),
        is_constant: true,
        is_extern_weak: false,
        loc: LocId(0),
    });
    let g = c(b.konst(Const::GlobalAddr {
        global: GlobalId(0),
        offset: 0,
    }));
    let one = b.int(32, 1);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        3,
        vec![vec![load(0, i32t, g), store(i32t, one, g), ret(r(0))]],
    );
    let e = b.err();
    assert_eq!(e.kind, ErrorKind::ReadOnly);
    assert_eq!(e.message, "memory error: object read only");
}

fn heap_module(body: impl FnOnce(&mut B, FuncId, FuncId, FuncId) -> Vec<Inst>) -> B {
    let mut b = B::new(8);
    let (i64t, p, void) = (b.int_t(64), b.ptr_t(), b.ty(TypeKind::Void));
    let malloc = b.decl("malloc", vec![i64t], p);
    let free = b.decl("free", vec![p], void);
    let realloc = b.decl("realloc", vec![p, i64t], p);
    let code = body(&mut b, malloc, free, realloc);
    let i32t = b.int_t(32);
    b.func("main", vec![], i32t, false, 10, vec![code]);
    b
}

#[test]
fn use_after_free_and_double_free() {
    let b = heap_module(|b, malloc, free, _| {
        let (i64t, i32t, p, void) = (b.int_t(64), b.int_t(32), b.ptr_t(), b.ty(TypeKind::Void));
        let n = b.int(64, 16);
        vec![
            call(Some(0), malloc, vec![arg(n, i64t)], p),
            call(None, free, vec![arg(r(0), p)], void),
            load(1, i32t, r(0)),
            ret(r(1)),
        ]
    });
    let e = b.err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Ptr, "memory error: use after free")
    );
    let b = heap_module(|b, malloc, free, _| {
        let (i64t, p, void) = (b.int_t(64), b.ptr_t(), b.ty(TypeKind::Void));
        let n = b.int(64, 16);
        let z = b.int(32, 0);
        vec![
            call(Some(0), malloc, vec![arg(n, i64t)], p),
            call(None, free, vec![arg(r(0), p)], void),
            call(None, free, vec![arg(r(0), p)], void),
            ret(z),
        ]
    });
    let e = b.err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Ptr, "memory error: double free")
    );
    // interior pointer
    let b = heap_module(|b, malloc, free, _| {
        let (i64t, p, void) = (b.int_t(64), b.ptr_t(), b.ty(TypeKind::Void));
        let n = b.int(64, 16);
        let z = b.int(32, 0);
        vec![
            call(Some(0), malloc, vec![arg(n, i64t)], p),
            gep(1, r(0), 4),
            call(None, free, vec![arg(r(1), p)], void),
            ret(z),
        ]
    });
    let e = b.err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Ptr, "memory error: invalid pointer: free")
    );
    // free(NULL) is fine
    let b = heap_module(|b, _, free, _| {
        let (p, void) = (b.ptr_t(), b.ty(TypeKind::Void));
        let n = b.null();
        let z = b.int(32, 3);
        vec![call(None, free, vec![arg(n, p)], void), ret(z)]
    });
    assert_eq!(b.exit(), 3);
}

#[test]
fn malloc_realloc_keeps_contents() {
    let b = heap_module(|b, malloc, _, realloc| {
        let (i64t, i32t, p) = (b.int_t(64), b.int_t(32), b.ptr_t());
        let n = b.int(64, 8);
        let big = b.int(64, 1000);
        let v = b.int(32, 42);
        vec![
            call(Some(0), malloc, vec![arg(n, i64t)], p),
            gep(1, r(0), 4),
            store(i32t, v, r(1)),
            call(Some(2), realloc, vec![arg(r(0), p), arg(big, i64t)], p),
            gep(3, r(2), 4),
            load(4, i32t, r(3)),
            gep(5, r(2), 996),
            store(i32t, v, r(5)),
            ret(r(4)),
        ]
    });
    assert_eq!(b.exit(), 42);
    // the old block is gone
    let b = heap_module(|b, malloc, _, realloc| {
        let (i64t, i32t, p) = (b.int_t(64), b.int_t(32), b.ptr_t());
        let n = b.int(64, 8);
        let big = b.int(64, 1000);
        vec![
            call(Some(0), malloc, vec![arg(n, i64t)], p),
            call(Some(2), realloc, vec![arg(r(0), p), arg(big, i64t)], p),
            load(4, i32t, r(0)),
            ret(r(4)),
        ]
    });
    assert_eq!(b.err().kind, ErrorKind::Ptr);
}

#[test]
fn loop_with_phis_and_swap() {
    // sum = 0; for (k = 1; k <= 10; k++) sum += k;  and (a, b) = (b, a) each iteration
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    let (z, one, ten, a0, b0) = (
        b.int(32, 0),
        b.int(32, 1),
        b.int(32, 10),
        b.int(32, 1),
        b.int(32, 2),
    );
    let hundred = b.int(32, 100);
    // regs: 0 k, 1 sum, 2 a, 3 b, 4 k', 5 sum', 6 cond, 7 t, 8 res
    let code = vec![
        vec![i(
            None,
            InstKind::Br {
                edge: edge(1, &[(0, one), (1, z), (2, a0), (3, b0)]),
            },
        )],
        vec![
            bin(5, BinOp::Add, i32t, r(1), r(0)),
            bin(4, BinOp::Add, i32t, r(0), one),
            i(
                Some(6),
                InstKind::ICmp {
                    pred: IntPred::Sle,
                    ty: i32t,
                    a: r(4),
                    b: ten,
                },
            ),
            i(
                None,
                InstKind::CondBr {
                    cond: r(6),
                    t: edge(1, &[(0, r(4)), (1, r(5)), (2, r(3)), (3, r(2))]),
                    f: edge(2, &[]),
                },
            ),
        ],
        vec![
            // 10 swaps -> a = 1, b = 2 ; 10 iterations -> sum' = 55
            bin(7, BinOp::Mul, i32t, r(2), hundred),
            bin(8, BinOp::Add, i32t, r(7), r(5)),
            bin(7, BinOp::Mul, i32t, r(3), b.int(32, 1000)),
            bin(8, BinOp::Add, i32t, r(8), r(7)),
            ret(r(8)),
        ],
    ];
    b.func("main", vec![], i32t, false, 9, code);
    // after the 10th body, the exit edge has no copies: a, b are as after 9 swaps: (2, 1)
    let (o, _) = b.run();
    assert!(matches!(o.end, End::Exit(c) if c == 200 + 55 + 1000));
    assert!(o.instructions > 40);
}

#[test]
fn recursion_and_stack_limit() {
    // fact(n) = n <= 1 ? 1 : n * fact(n-1)
    let mut b = B::new(8);
    let (i32t, i1) = (b.int_t(32), b.int_t(1));
    let (one, five) = (b.int(32, 1), b.int(32, 5));
    let fact = FuncId(0);
    let code = vec![
        vec![
            i(
                Some(1),
                InstKind::ICmp {
                    pred: IntPred::Sle,
                    ty: i32t,
                    a: r(0),
                    b: one,
                },
            ),
            i(
                None,
                InstKind::CondBr {
                    cond: r(1),
                    t: edge(1, &[]),
                    f: edge(2, &[]),
                },
            ),
        ],
        vec![ret(one)],
        vec![
            bin(2, BinOp::Sub, i32t, r(0), one),
            call(Some(3), fact, vec![arg(r(2), i32t)], i32t),
            bin(4, BinOp::Mul, i32t, r(0), r(3)),
            ret(r(4)),
        ],
    ];
    let _ = i1;
    b.func("fact", vec![i32t], i32t, false, 5, code);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        1,
        vec![vec![
            call(Some(0), fact, vec![arg(five, i32t)], i32t),
            ret(r(0)),
        ]],
    );
    assert_eq!(b.exit(), 120);
    // too deep: fact(1000) with max_stack_frames = 100
    let big = b.int(32, 1000);
    b.m.functions[1].code[0] = call(Some(0), fact, vec![arg(big, i32t)], i32t);
    assert!(matches!(
        b.run().0.end,
        End::Early(crate::exec::Halt::MaxStackFrames)
    ));
}

#[test]
fn deep_recursion_does_not_leak_objects() {
    // f(n) { int x; x = n; return n == 0 ? 0 : f(n-1); } called 1e5 times sequentially via a loop
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    let (z, one, n) = (b.int(32, 0), b.int(32, 1), b.int(32, 50));
    let f = FuncId(0);
    b.func(
        "f",
        vec![i32t],
        i32t,
        false,
        5,
        vec![
            vec![
                alloca(1, 4, one),
                store(i32t, r(0), r(1)),
                i(
                    Some(2),
                    InstKind::ICmp {
                        pred: IntPred::Eq,
                        ty: i32t,
                        a: r(0),
                        b: z,
                    },
                ),
                i(
                    None,
                    InstKind::CondBr {
                        cond: r(2),
                        t: edge(1, &[]),
                        f: edge(2, &[]),
                    },
                ),
            ],
            vec![ret(z)],
            vec![
                bin(3, BinOp::Sub, i32t, r(0), one),
                call(Some(4), f, vec![arg(r(3), i32t)], i32t),
                ret(r(4)),
            ],
        ],
    );
    let lim = b.int(32, 2000);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        4,
        vec![
            vec![i(
                None,
                InstKind::Br {
                    edge: edge(1, &[(0, z)]),
                },
            )],
            vec![
                call(Some(1), f, vec![arg(n, i32t)], i32t),
                bin(2, BinOp::Add, i32t, r(0), one),
                i(
                    Some(3),
                    InstKind::ICmp {
                        pred: IntPred::Slt,
                        ty: i32t,
                        a: r(2),
                        b: lim,
                    },
                ),
                i(
                    None,
                    InstKind::CondBr {
                        cond: r(3),
                        t: edge(1, &[(0, r(2))]),
                        f: edge(2, &[]),
                    },
                ),
            ],
            vec![ret(r(2))],
        ],
    );
    let mut out = Out(Vec::new());
    let cfg = Config::default();
    let prog = super::Program::new(&b.m, &cfg);
    let mut it = interp::Worker::new(&prog, &mut out, &cfg);
    it.init_globals().unwrap();
    let v = it.start(FuncId(1), vec![]).unwrap();
    assert_eq!(v.bits(), 2000);
    assert!(
        it.st.mem.objs.len() < 200,
        "{} object slots",
        it.st.mem.objs.len()
    );
}

#[test]
fn varargs_x86_64() {
    // int sum(int n, ...) { va_list ap; va_start(ap, n); s = 0; while (n--) s += va_arg(ap, int); }
    // with clang's inline expansion reading overflow_arg_area (gp_offset is 48 = exhausted).
    let mut b = B::new(8);
    let (i32t, i64t, p, i1) = (b.int_t(32), b.int_t(64), b.ptr_t(), b.int_t(1));
    let (z, one, n24, eight, n48) = (
        b.int(32, 0),
        b.int(32, 1),
        b.int(32, 24),
        b.int(64, 8),
        b.int(32, 48),
    );
    let _ = (i1, eight);
    let void = b.ty(TypeKind::Void);
    // regs: 0 n, 1 ap, 2 s, 3 k, 4 gp, 5 ok, 6 area-slot, 7 area, 8 val, 9 next, 10 s', 11 k', 12 more
    let sum = b.func(
        "sum",
        vec![i32t],
        i32t,
        true,
        13,
        vec![
            vec![
                alloca(1, 24, one),
                i(
                    None,
                    InstKind::Call {
                        callee: Callee::Intrinsic(Intrinsic::VaStart),
                        args: vec![arg(r(1), p)],
                        ret: void,
                    },
                ),
                load(4, i32t, r(1)),
                i(
                    Some(5),
                    InstKind::ICmp {
                        pred: IntPred::Eq,
                        ty: i32t,
                        a: r(4),
                        b: n48,
                    },
                ),
                i(
                    None,
                    InstKind::CondBr {
                        cond: r(5),
                        t: edge(1, &[(2, z), (3, z)]),
                        f: edge(3, &[]),
                    },
                ),
            ],
            vec![
                gep(6, r(1), 8),
                load(7, p, r(6)),
                load(8, i32t, r(7)),
                gep(9, r(7), 8),
                store(p, r(9), r(6)),
                bin(10, BinOp::Add, i32t, r(2), r(8)),
                bin(11, BinOp::Add, i32t, r(3), one),
                i(
                    Some(12),
                    InstKind::ICmp {
                        pred: IntPred::Slt,
                        ty: i32t,
                        a: r(11),
                        b: r(0),
                    },
                ),
                i(
                    None,
                    InstKind::CondBr {
                        cond: r(12),
                        t: edge(1, &[(2, r(10)), (3, r(11))]),
                        f: edge(2, &[]),
                    },
                ),
            ],
            vec![ret(r(10))],
            vec![ret(n24)],
        ],
    );
    let (a1, a2, a3) = (b.int(32, 5), b.int(64, 7), b.int(32, 30));
    let three = b.int(32, 3);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        1,
        vec![vec![
            call(
                Some(0),
                sum,
                vec![
                    arg(three, i32t),
                    arg(a1, i32t),
                    arg(a2, i64t),
                    arg(a3, i32t),
                ],
                i32t,
            ),
            ret(r(0)),
        ]],
    );
    assert_eq!(b.exit(), 42);
}

#[test]
fn fp80_in_the_interpreter() {
    let mut b = B::new(8);
    let (i32t, ld, dbl) = (b.int_t(32), b.ty(TypeKind::X86Fp80), b.ty(TypeKind::Double));
    let one = float::convert(float::FK::F64, float::FK::F80, 1f64.to_bits() as u128);
    let tiny = float::convert(
        float::FK::F64,
        float::FK::F80,
        2f64.powi(-60).to_bits() as u128,
    );
    let (co, ct) = (
        c(b.konst(Const::Int { ty: ld, bits: one })),
        c(b.konst(Const::Int { ty: ld, bits: tiny })),
    );
    let k1 = b.int(32, 1);
    let i1 = b.int_t(1);
    let c120 = c(b.konst(Const::Int {
        ty: dbl,
        bits: 2f64.powi(-120).to_bits() as u128,
    }));
    b.func(
        "main",
        vec![],
        i32t,
        false,
        8,
        vec![vec![
            alloca(0, 16, k1),
            bin(1, BinOp::FAdd, ld, co, ct),
            store(ld, r(1), r(0)),
            load(2, ld, r(0)),
            bin(3, BinOp::FSub, ld, r(2), co),   // exactly 2^-60
            bin(4, BinOp::FMul, ld, r(3), r(3)), // 2^-120
            cast(5, CastOp::FpTrunc, ld, dbl, r(4)),
            i(
                Some(6),
                InstKind::FCmp {
                    pred: FloatPred::Oeq,
                    ty: dbl,
                    a: r(5),
                    b: c120,
                },
            ),
            cast(7, CastOp::ZExt, i1, i32t, r(6)),
            ret(r(7)),
        ]],
    );
    assert_eq!(b.exit(), 1);
}

#[test]
fn memmove_overlap_and_memset() {
    let mut b = B::new(8);
    let (i32t, i64t, i8t, p, i1) = (b.int_t(32), b.int_t(64), b.int_t(8), b.ptr_t(), b.int_t(1));
    let void = b.ty(TypeKind::Void);
    let k1 = b.int(32, 1);
    let init = b.int(64, 0x0807060504030201);
    let (six, f) = (b.int(64, 6), b.int(1, 0));
    let (byte, two) = (b.int(8, 0xAA), b.int(64, 2));
    let k32 = b.int(64, 32);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        6,
        vec![vec![
            alloca(0, 8, k1),
            store(i64t, init, r(0)),
            gep(1, r(0), 1),
            i(
                None,
                InstKind::Call {
                    callee: Callee::Intrinsic(Intrinsic::Memmove),
                    args: vec![arg(r(1), p), arg(r(0), p), arg(six, i64t), arg(f, i1)],
                    ret: void,
                },
            ),
            // memory now 01 01 02 03 04 05 06 08
            i(
                None,
                InstKind::Call {
                    callee: Callee::Intrinsic(Intrinsic::Memset),
                    args: vec![arg(r(0), p), arg(byte, i8t), arg(two, i64t), arg(f, i1)],
                    ret: void,
                },
            ),
            load(2, i64t, r(0)),
            cast(3, CastOp::Trunc, i64t, i32t, r(2)),
            bin(4, BinOp::LShr, i64t, r(2), k32),
            cast(5, CastOp::Trunc, i64t, i32t, r(4)),
            bin(3, BinOp::Xor, i32t, r(3), r(5)),
            ret(r(3)),
        ]],
    );
    let want = 0x0302AAAAu32 ^ 0x08060504u32;
    assert_eq!(b.exit() as u32, want);
}

#[test]
fn builtins_assert_abort_exit_external_write() {
    let mk = |name: &str| {
        let mut b = B::new(8);
        let (i32t, p, void) = (b.int_t(32), b.ptr_t(), b.ty(TypeKind::Void));
        let i8t = b.int_t(8);
        let arr = b.ty(TypeKind::Array { elem: i8t, len: 6 });
        b.m.globals.push(Global {
            name: "s".into(),
            ty: arr,
            size: 6,
            align: 1,
            init: Some(GlobalInit {
                bytes: b"x < 3\0".to_vec(),
                relocs: vec![],
            }),
            is_constant: true,
            is_extern_weak: false,
            loc: LocId(0),
        });
        let s = c(b.konst(Const::GlobalAddr {
            global: GlobalId(0),
            offset: 0,
        }));
        let k = b.int(32, 9);
        let f = b.decl(name, vec![p, p, i32t, p], void);
        b.func(
            "main",
            vec![],
            i32t,
            false,
            1,
            vec![vec![
                call(
                    None,
                    f,
                    vec![arg(s, p), arg(s, p), arg(k, i32t), arg(s, p)],
                    void,
                ),
                ret(k),
            ]],
        );
        b
    };
    let e = mk("__assert_fail").err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Assert, "ASSERTION FAIL: x < 3")
    );
    let e = mk("abort").err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Abort, "abort failure")
    );
    let e = mk("puts").err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::External, "failed external call: puts")
    );
    // exit(first arg): the pointer's low 32 bits are nonzero; use _exit with an int instead
    let mut b = B::new(8);
    let (i32t, i64t, p) = (b.int_t(32), b.int_t(64), b.ptr_t());
    b.m.globals.push(Global {
        name: "s".into(),
        ty: i32t,
        size: 3,
        align: 1,
        init: Some(GlobalInit {
            bytes: b"hi\n".to_vec(),
            relocs: vec![],
        }),
        is_constant: true,
        is_extern_weak: false,
        loc: LocId(0),
    });
    let s = c(b.konst(Const::GlobalAddr {
        global: GlobalId(0),
        offset: 0,
    }));
    let sys = b.decl("__trex_syscall", vec![i64t; 7], i64t);
    let void = b.ty(TypeKind::Void);
    let ex = b.decl("exit", vec![i32t], void);
    let (one, three, z, st) = (b.int(64, 1), b.int(64, 3), b.int(64, 0), b.int(32, 4));
    b.func(
        "main",
        vec![],
        i32t,
        false,
        2,
        vec![vec![
            cast(1, CastOp::PtrToInt, p, i64t, s),
            call(
                Some(0),
                sys,
                vec![
                    arg(one, i64t),
                    arg(one, i64t),
                    arg(r(1), i64t),
                    arg(three, i64t),
                    arg(z, i64t),
                    arg(z, i64t),
                    arg(z, i64t),
                ],
                i64t,
            ),
            call(None, ex, vec![arg(st, i32t)], void),
            ret(z),
        ]],
    );
    let (o, out) = b.run();
    assert!(matches!(o.end, End::Exit(4)));
    assert_eq!(out.0, vec![(1, b"hi\n".to_vec())]);
}

#[test]
fn instruction_budget() {
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        1,
        vec![vec![i(None, InstKind::Br { edge: edge(0, &[]) })]],
    );
    let mut out = Out(Vec::new());
    let cfg = Config {
        max_instructions: 1000,
        ..Default::default()
    };
    let o = run(&b.m, &cfg, &mut out).unwrap();
    assert!(matches!(
        o.end,
        End::Early(crate::exec::Halt::MaxInstructions)
    ));
    assert_eq!(o.instructions, 1000);
}

#[test]
fn entry_errors() {
    let b = B::new(8);
    let mut out = Out(Vec::new());
    assert!(matches!(
        run(&b.m, &Config::default(), &mut out),
        Err(RunError::EntryMissing(_))
    ));
}

#[test]
fn i1_vectors_are_bit_packed() {
    // store <10 x i1> then load as i16; bitcast <8 x i1> -> i8
    let mut b = B::new(8);
    let (i1, i8t, i16t, i32t) = (b.int_t(1), b.int_t(8), b.int_t(16), b.int_t(32));
    let v10 = b.ty(TypeKind::Vector { elem: i1, len: 10 });
    let v8 = b.ty(TypeKind::Vector { elem: i1, len: 8 });
    let (t, f) = (
        b.konst(Const::Int { ty: i1, bits: 1 }),
        b.konst(Const::Int { ty: i1, bits: 0 }),
    );
    let pat = [1, 0, 1, 1, 0, 0, 0, 1, 1, 1];
    let elems: Vec<ConstId> = pat.iter().map(|&x| if x == 1 { t } else { f }).collect();
    let cv = c(b.konst(Const::Aggregate {
        ty: v10,
        elems: elems.clone(),
    }));
    let cv8 = c(b.konst(Const::Aggregate {
        ty: v8,
        elems: elems[..8].to_vec(),
    }));
    let k1 = b.int(32, 1);
    let k8 = b.int(32, 8);
    b.func(
        "main",
        vec![],
        i32t,
        false,
        8,
        vec![vec![
            alloca(0, 2, k1),
            store(v10, cv, r(0)),
            load(1, i16t, r(0)),
            cast(2, CastOp::BitCast, v8, i8t, cv8),
            load(3, v10, r(0)),
            store(v10, r(3), r(0)),
            load(4, i16t, r(0)),
            cast(5, CastOp::ZExt, i16t, i32t, r(4)),
            cast(6, CastOp::ZExt, i8t, i32t, r(2)),
            bin(7, BinOp::Shl, i32t, r(5), k8),
            bin(7, BinOp::Or, i32t, r(7), r(6)),
            ret(r(7)),
        ]],
    );
    // bits: 1,0,1,1,0,0,0,1,1,1 -> 0b11_1000_1101 = 0x38d ; low 8 = 0x8d
    assert_eq!(b.exit(), (0x38d << 8) | 0x8d);
}

#[test]
fn va_arg_instruction() {
    // int f(int n, ...) { va_list ap; va_start(ap); a = va_arg(ap, i32); b = va_arg(ap, double); c = va_arg(ap, i64) }
    for ps in [8, 4] {
        let mut b = B::new(ps);
        let (i32t, i64t, dbl, p) = (b.int_t(32), b.int_t(64), b.ty(TypeKind::Double), b.ptr_t());
        let void = b.ty(TypeKind::Void);
        let k1 = b.int(32, 1);
        let f = b.func(
            "f",
            vec![i32t],
            i32t,
            true,
            9,
            vec![vec![
                alloca(1, 24, k1),
                i(
                    None,
                    InstKind::Call {
                        callee: Callee::Intrinsic(Intrinsic::VaStart),
                        args: vec![arg(r(1), p)],
                        ret: void,
                    },
                ),
                i(
                    Some(2),
                    InstKind::VaArg {
                        ty: i32t,
                        list: r(1),
                    },
                ),
                i(
                    Some(3),
                    InstKind::VaArg {
                        ty: dbl,
                        list: r(1),
                    },
                ),
                i(
                    Some(4),
                    InstKind::VaArg {
                        ty: i64t,
                        list: r(1),
                    },
                ),
                cast(5, CastOp::FpToSi, dbl, i32t, r(3)),
                cast(6, CastOp::Trunc, i64t, i32t, r(4)),
                bin(7, BinOp::Add, i32t, r(2), r(5)),
                bin(7, BinOp::Add, i32t, r(7), r(6)),
                ret(r(7)),
            ]],
        );
        let (a1, a2, a3) = (
            b.int(32, 100),
            c(b.konst(Const::Int {
                ty: dbl,
                bits: 20.75f64.to_bits() as u128,
            })),
            b.int(64, 3),
        );
        b.func(
            "main",
            vec![],
            i32t,
            false,
            1,
            vec![vec![
                call(
                    Some(0),
                    f,
                    vec![arg(k1, i32t), arg(a1, i32t), arg(a2, dbl), arg(a3, i64t)],
                    i32t,
                ),
                ret(r(0)),
            ]],
        );
        assert_eq!(b.exit(), 123, "ptr size {}", ps);
    }
}

#[test]
fn speculated_overshift_without_location_is_poison() {
    let mut b = B::new(8);
    let i32t = b.int_t(32);
    let (k, big) = (b.int(32, 7), b.int(32, 40));
    b.func(
        "main",
        vec![],
        i32t,
        false,
        2,
        vec![vec![
            bin(0, BinOp::LShr, i32t, k, big), // no location: poison (0)
            bin(1, BinOp::Add, i32t, r(0), k),
            ret(r(1)),
        ]],
    );
    assert_eq!(b.exit(), 7);
}
