//! The few Z3 calls on bound variables and declaration parameters that the z3 crate does not
//! wrap, and declaration kinds read safely: every call is on this thread's context and on
//! live ASTs of it.

use std::sync::OnceLock;

use z3::ast::{Ast, Bool, Dynamic};
use z3::{AstKind, Context, DeclKind, Sort};

extern "C" {
    /// `Z3_get_decl_kind`, read as the number it is: the z3 crate's `DeclKind` follows a newer
    /// Z3 than Debian's 4.8.12, whose numbers past the bit-vector conversions (and for
    /// uninterpreted symbols) differ, so converting them blindly is undefined behaviour.
    #[link_name = "Z3_get_decl_kind"]
    fn decl_kind_number(c: z3_sys::Z3_context, d: z3_sys::Z3_func_decl) -> u32;
}

/// The kinds numbered alike in Z3 4.8.12 and the z3 crate: Boolean, arithmetic, array and
/// bit-vector operations up to `bv2int`.
const SAME: [(u32, u32); 4] = [
    (0x100, 0x10b),
    (0x200, 0x211),
    (0x300, 0x30b),
    (0x400, 0x431),
];

/// The number of the operation `t` applies, as this Z3 numbers it.
pub fn kind_number(t: &Dynamic) -> Option<u32> {
    if t.kind() != AstKind::App {
        return None;
    }
    // SAFETY: `t` is a live application of this thread's context.
    unsafe {
        let app = z3_sys::Z3_to_app(ctx(), t.get_z3_ast())?;
        let d = z3_sys::Z3_get_app_decl(ctx(), app)?;
        Some(decl_kind_number(ctx(), d))
    }
}

/// The kind of the operation `t` applies, if it is one numbered alike in every Z3 (`None`
/// for other operations, uninterpreted ones among them).
pub fn decl_kind(t: &Dynamic) -> Option<DeclKind> {
    let k = kind_number(t)?;
    SAME.iter()
        .any(|(lo, hi)| (*lo..=*hi).contains(&k))
        .then(|| {
            // SAFETY: `k` is in a range where every number is a `DeclKind` of the same meaning.
            unsafe { std::mem::transmute::<u32, DeclKind>(k) }
        })
}

/// Whether `t` applies an uninterpreted function (a predicate, or a variable).
pub fn is_uninterpreted(t: &Dynamic) -> bool {
    static UNINTERPRETED: OnceLock<u32> = OnceLock::new();
    let u = *UNINTERPRETED.get_or_init(|| {
        let probe = Bool::new_const("trex!probe");
        kind_number(&Dynamic::from_ast(&probe)).expect("an application")
    });
    kind_number(t) == Some(u)
}

fn ctx() -> z3_sys::Z3_context {
    Context::thread_local().get_z3_context()
}

/// The index of a bound variable (the predicate argument it stands for in a solution).
pub fn var_index(t: &Dynamic) -> usize {
    // SAFETY: `t` is a live variable AST of this thread's context.
    (unsafe { z3_sys::Z3_get_index_value(ctx(), t.get_z3_ast()) }) as usize
}

/// The bound variable `i` of `sort`, as in a predicate's solution.
pub fn bound(i: usize, sort: &Sort) -> Dynamic {
    // SAFETY: the sort is live in this thread's context; the AST returned is wrapped
    // (reference counted) at once.
    unsafe {
        let a = z3_sys::Z3_mk_bound(ctx(), i as u32, sort.get_z3_sort()).expect("a bound variable");
        Dynamic::wrap(&Context::thread_local(), a)
    }
}

/// `f` with bound variable `i` replaced by `args[i]`: a solution applied to arguments.
pub fn instantiate(f: &Dynamic, args: &[Dynamic]) -> Dynamic {
    let to: Vec<z3_sys::Z3_ast> = args.iter().map(|a| a.get_z3_ast()).collect();
    // SAFETY: `f` and `args` are live ASTs of this thread's context.
    unsafe {
        let a = z3_sys::Z3_substitute_vars(ctx(), f.get_z3_ast(), to.len() as u32, to.as_ptr())
            .expect("a substitution");
        Dynamic::wrap(&Context::thread_local(), a)
    }
}

/// The lowest bit an `extract` keeps.
pub fn extract_low(t: &Dynamic) -> u32 {
    // SAFETY: `t` is a live application of `extract` (two integer parameters: high, low).
    unsafe {
        let app = z3_sys::Z3_to_app(ctx(), t.get_z3_ast()).expect("an application");
        let d = z3_sys::Z3_get_app_decl(ctx(), app).expect("a declaration");
        z3_sys::Z3_get_decl_int_parameter(ctx(), d, 1) as u32
    }
}

/// The width of a bit-vector sort.
pub fn bv_size(sort: &Sort) -> Option<u32> {
    // SAFETY: the sort is live in this thread's context, and a bit-vector sort.
    (sort.kind() == z3::SortKind::Bv)
        .then(|| unsafe { z3_sys::Z3_get_bv_sort_size(ctx(), sort.get_z3_sort()) })
}

/// The arguments of an application (none for a numeral or a bound variable, whose
/// `children` the z3 crate would read as an application's).
pub fn args(t: &Dynamic) -> Vec<Dynamic> {
    if t.kind() == AstKind::App {
        t.children()
    } else {
        Vec::new()
    }
}

/// `forall q: sort. body`, where `body` speaks of `q` as bound variable 0 (and so of a
/// predicate's argument `i` as bound variable `i + 1`).
pub fn forall_bound(sort: &Sort, body: &Bool) -> Bool {
    // SAFETY: the sort and the body are live ASTs of this thread's context; the symbol is
    // made in it; the AST returned is wrapped (reference counted) at once.
    unsafe {
        let name = z3_sys::Z3_mk_int_symbol(ctx(), 0).expect("a symbol");
        let a = z3_sys::Z3_mk_forall(
            ctx(),
            0,
            0,
            std::ptr::null(),
            1,
            &sort.get_z3_sort(),
            &name,
            body.get_z3_ast(),
        )
        .expect("a quantifier");
        Bool::wrap(&Context::thread_local(), a)
    }
}

/// The body of `f` if `f` is a `forall` of one variable (which the body speaks of as bound
/// variable 0).
pub fn forall_body(f: &Bool) -> Option<Dynamic> {
    if f.kind() != AstKind::Quantifier {
        return None;
    }
    // SAFETY: `f` is a live quantifier of this thread's context.
    unsafe {
        let a = f.get_z3_ast();
        if !z3_sys::Z3_is_quantifier_forall(ctx(), a)
            || z3_sys::Z3_get_quantifier_num_bound(ctx(), a) != 1
        {
            return None;
        }
        let b = z3_sys::Z3_get_quantifier_body(ctx(), a)?;
        Some(Dynamic::wrap(&Context::thread_local(), b))
    }
}

/// A fresh constant of the sort of the variable of a `forall` of one variable.
pub fn forall_fresh(f: &Bool) -> Dynamic {
    // SAFETY: `f` is a live quantifier of this thread's context with one bound variable
    // (`forall_body` said so); the prefix is a C string; the AST returned is wrapped at once.
    unsafe {
        let s = z3_sys::Z3_get_quantifier_bound_sort(ctx(), f.get_z3_ast(), 0)
            .expect("a bound variable's sort");
        let c = z3_sys::Z3_mk_fresh_const(ctx(), c"q".as_ptr(), s).expect("a constant");
        Dynamic::wrap(&Context::thread_local(), c)
    }
}
