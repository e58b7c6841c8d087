//! The functions trex knows by name: one table of the declarations the executor implements
//! itself (allocation, exits, the system call and destructor hooks of the C library, KLEE's and
//! SV-COMP's API) and of the verification error functions, with what each part of trex needs to
//! know about them:
//!
//! * the executor: which built-in implements a declaration ([`builtin`], [`builtin_of`]);
//! * linking: whether a declaration needs the C library ([`provided_by_executor`]);
//! * search distances: whether a call of a declaration never returns ([`no_return`]);
//! * loop abstraction: whether a declaration can be called in an abstracted loop body
//!   ([`abstractable_call`]: it writes no program memory and does not look at symbolic state);
//! * `trex verify`: the error functions whose call sites are targets ([`ERROR_FUNCTIONS`],
//!   [`SVCOMP_ERROR_FUNCTIONS`]).
//!
//! The facts are about *declarations*: a function the module defines (the program's own
//! `reach_error`, the C library's `exit` once linked) is run from its body and judged by it.

use super::Function;

/// How the executor runs a call of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// The module defines it: its body runs.
    Defined,
    Malloc,
    Calloc,
    Realloc,
    Free,
    AlignedAlloc,
    PosixMemalign,
    Memalign,
    UsableSize,
    Abort,
    AssertFail,
    Exit,
    Syscall,
    /// `__trex_run_global_dtors()`: runs `llvm.global_dtors` (for the C library's exit path).
    RunDtors,
    MakeSymbolic,
    Assume,
    KleeInt,
    SilentExit,
    IsSymbolic,
    Warning,
    WarningOnce,
    PreferCex,
    KleeAbort,
    ReportError,
    GetValue,
    Nondet,
    VerifierAssume,
    ReachError,
    Range,
    Choose,
    /// `klee_print_expr(msg, value)`: prints the value (KLEE's expression form) on stderr.
    PrintExpr,
    /// `klee_check_memory_access(p, n)`: a `ptr` error unless `[p, p + n)` is in one object.
    CheckMemoryAccess,
    /// `klee_get_obj_size(p)`: the size of the object `p` is the start of.
    GetObjSize,
    /// `klee_is_replay()`: 1 when replaying a test, else 0.
    IsReplay,
    /// `klee_set_forking(enable)`: with 0, symbolic branches of the path follow one side.
    SetForking,
    /// `klee_define_fixed_object(addr, n)`: a new object at a chosen address.
    DefineFixedObject,
    /// `klee_stack_trace()`: the call stack on stdout (the `.err` files' layout).
    StackTrace,
    /// `klee_print_range(name, value)`: the value, or one value and the range of a symbolic one.
    PrintRange,
    /// `klee_mark_global(p)`: the object `p` starts is a global from now on.
    MarkGlobal,
    /// `klee_get_errno()`: the C library's `errno` of the path.
    GetErrno,
    /// `klee_open_merge()` / `klee_close_merge()`: ignored with KLEE's warning (no `--use-merge`).
    Merge,
    /// `klee_posix_prefer_cex(p, cond)`: no effect (KLEE's `--readable-posix-inputs` is off).
    PosixPreferCex,
    /// `setjmp` and its variants (`interp/setjmp.rs`).
    Setjmp,
    /// `longjmp` and its variants: continues after the matching `setjmp` call.
    Longjmp,
    /// A declaration trex does not implement: calling it is a `failed external call` error.
    External,
}

impl Builtin {
    /// Every kind, in declaration order.
    pub const ALL: &'static [Builtin] = &[
        Builtin::Defined,
        Builtin::Malloc,
        Builtin::Calloc,
        Builtin::Realloc,
        Builtin::Free,
        Builtin::AlignedAlloc,
        Builtin::PosixMemalign,
        Builtin::Memalign,
        Builtin::UsableSize,
        Builtin::Abort,
        Builtin::AssertFail,
        Builtin::Exit,
        Builtin::Syscall,
        Builtin::RunDtors,
        Builtin::MakeSymbolic,
        Builtin::Assume,
        Builtin::KleeInt,
        Builtin::SilentExit,
        Builtin::IsSymbolic,
        Builtin::Warning,
        Builtin::WarningOnce,
        Builtin::PreferCex,
        Builtin::KleeAbort,
        Builtin::ReportError,
        Builtin::GetValue,
        Builtin::Nondet,
        Builtin::VerifierAssume,
        Builtin::ReachError,
        Builtin::Range,
        Builtin::Choose,
        Builtin::PrintExpr,
        Builtin::CheckMemoryAccess,
        Builtin::GetObjSize,
        Builtin::IsReplay,
        Builtin::SetForking,
        Builtin::DefineFixedObject,
        Builtin::StackTrace,
        Builtin::PrintRange,
        Builtin::MarkGlobal,
        Builtin::GetErrno,
        Builtin::Merge,
        Builtin::PosixPreferCex,
        Builtin::Setjmp,
        Builtin::Longjmp,
        Builtin::External,
    ];

    /// KLEE's and SV-COMP's input API, handled by the executor's `sym_builtin`.
    pub fn is_symbolic_api(self) -> bool {
        matches!(
            self,
            Builtin::MakeSymbolic
                | Builtin::Assume
                | Builtin::KleeInt
                | Builtin::SilentExit
                | Builtin::IsSymbolic
                | Builtin::Warning
                | Builtin::WarningOnce
                | Builtin::PreferCex
                | Builtin::KleeAbort
                | Builtin::ReportError
                | Builtin::GetValue
                | Builtin::Nondet
                | Builtin::VerifierAssume
                | Builtin::ReachError
                | Builtin::Range
                | Builtin::Choose
                | Builtin::PrintExpr
                | Builtin::CheckMemoryAccess
                | Builtin::GetObjSize
                | Builtin::IsReplay
                | Builtin::SetForking
                | Builtin::DefineFixedObject
                | Builtin::StackTrace
                | Builtin::PrintRange
                | Builtin::MarkGlobal
                | Builtin::GetErrno
                | Builtin::Merge
                | Builtin::PosixPreferCex
        )
    }
}

/// The kind of a verification error function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorFamily {
    /// SV-COMP's error functions: the unreach-call property (`--svcomp`).
    SvComp,
    /// Assertion failures and aborts.
    Assert,
}

/// What trex knows of one declared function (or of every function whose name starts with
/// `name`, when `prefix`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExternInfo {
    pub name: &'static str,
    /// `name` is a prefix (`__VERIFIER_nondet_`).
    pub prefix: bool,
    /// How the executor runs it; [`Builtin::External`]: not by the executor (the program or the
    /// C library must define it).
    pub kind: Builtin,
    /// A call never returns: it ends the path (exit, error, silent end).
    pub no_return: bool,
    /// It may write memory the program can read (allocation and freeing count as writes).
    pub writes_memory: bool,
    /// Its result depends on which values are symbolic, not only on their values
    /// (`klee_is_symbolic`; `klee_get_value_*`: one value of many, the solver's choice).
    pub sees_symbolic: bool,
    /// Its call sites are verification targets (`trex verify`), of this family.
    pub error: Option<ErrorFamily>,
}

impl ExternInfo {
    /// The executor implements it: calling it needs no C library.
    pub fn provided_by_executor(&self) -> bool {
        self.kind != Builtin::External
    }

    /// It may be called in the body of an abstracted loop (`ir::loop_mod`): it writes no program
    /// memory and its result is a function of its arguments' values or a fresh input (so that
    /// havocking its arguments over-approximates every exact run).
    pub fn abstractable_call(&self) -> bool {
        !self.writes_memory && !self.sees_symbolic
    }

    fn matches(&self, name: &str) -> bool {
        if self.prefix {
            name.starts_with(self.name)
        } else {
            name == self.name
        }
    }
}

/// An entry with no effect but its result (the default of the entries below).
const fn e(name: &'static str, kind: Builtin) -> ExternInfo {
    ExternInfo {
        name,
        prefix: false,
        kind,
        no_return: false,
        writes_memory: false,
        sees_symbolic: false,
        error: None,
    }
}

/// A function that writes program memory.
const fn writes(name: &'static str, kind: Builtin) -> ExternInfo {
    ExternInfo {
        writes_memory: true,
        ..e(name, kind)
    }
}

/// A function that never returns.
const fn ends(name: &'static str, kind: Builtin) -> ExternInfo {
    ExternInfo {
        no_return: true,
        ..e(name, kind)
    }
}

/// A function that never returns and whose call sites are targets.
const fn error(name: &'static str, kind: Builtin, family: ErrorFamily) -> ExternInfo {
    ExternInfo {
        error: Some(family),
        ..ends(name, kind)
    }
}

/// A `longjmp`: continues elsewhere (never returns to its caller), frees the frames it leaves.
const fn jumps(name: &'static str) -> ExternInfo {
    ExternInfo {
        no_return: true,
        ..writes(name, Builtin::Longjmp)
    }
}

/// A function whose result depends on what is symbolic.
const fn sees(name: &'static str, kind: Builtin) -> ExternInfo {
    ExternInfo {
        sees_symbolic: true,
        ..e(name, kind)
    }
}

use Builtin as B;
use ErrorFamily::{Assert, SvComp};

/// The table. The error functions are in the order `trex verify` lists them.
pub static TABLE: &[ExternInfo] = &[
    // Verification error functions.
    error("reach_error", B::ReachError, SvComp),
    error("__VERIFIER_error", B::ReachError, SvComp),
    error("__assert_fail", B::AssertFail, Assert),
    // Not implemented (`klee_assert` is a macro calling `__assert_fail`), but a program that
    // defines its own is checked at its call sites; unknown effects.
    ExternInfo {
        writes_memory: true,
        error: Some(Assert),
        ..e("klee_assert", B::External)
    },
    error("abort", B::Abort, Assert),
    // Exits (the C library defines `exit`, `_exit` and `_Exit` once linked).
    ends("exit", B::Exit),
    ends("_exit", B::Exit),
    ends("_Exit", B::Exit),
    // Allocation (the C library leaves these undefined).
    writes("malloc", B::Malloc),
    writes("calloc", B::Calloc),
    writes("realloc", B::Realloc),
    writes("free", B::Free),
    writes("aligned_alloc", B::AlignedAlloc),
    writes("posix_memalign", B::PosixMemalign),
    writes("memalign", B::Memalign),
    e("malloc_usable_size", B::UsableSize),
    // The C library's hooks into the executor (`runtime/README.md`).
    writes("__trex_syscall", B::Syscall),
    writes("__trex_run_global_dtors", B::RunDtors),
    // Non-local jumps (musl's are assembly): setjmp writes the jmp_buf; longjmp frees the
    // frames it unwinds and never returns to its caller.
    writes("setjmp", B::Setjmp),
    writes("_setjmp", B::Setjmp),
    writes("sigsetjmp", B::Setjmp),
    writes("__sigsetjmp", B::Setjmp),
    jumps("longjmp"),
    jumps("_longjmp"),
    jumps("siglongjmp"),
    // KLEE's API.
    writes("klee_make_symbolic", B::MakeSymbolic),
    e("klee_assume", B::Assume),
    e("klee_int", B::KleeInt),
    e("klee_range", B::Range),
    e("klee_choose", B::Choose),
    ends("klee_silent_exit", B::SilentExit),
    ends("klee_abort", B::KleeAbort),
    ends("klee_report_error", B::ReportError),
    sees("klee_is_symbolic", B::IsSymbolic),
    sees("klee_get_value_i32", B::GetValue),
    sees("klee_get_value_i64", B::GetValue),
    sees("klee_get_valuel", B::GetValue),
    sees("klee_get_valuell", B::GetValue),
    sees("klee_get_valuef", B::GetValue),
    sees("klee_get_valued", B::GetValue),
    e("klee_warning", B::Warning),
    e("klee_warning_once", B::WarningOnce),
    e("klee_prefer_cex", B::PreferCex),
    sees("klee_print_expr", B::PrintExpr),
    e("klee_check_memory_access", B::CheckMemoryAccess),
    e("klee_get_obj_size", B::GetObjSize),
    e("klee_is_replay", B::IsReplay),
    // Turning forking off changes which paths exist.
    sees("klee_set_forking", B::SetForking),
    writes("klee_define_fixed_object", B::DefineFixedObject),
    e("klee_stack_trace", B::StackTrace),
    sees("klee_print_range", B::PrintRange),
    writes("klee_mark_global", B::MarkGlobal),
    e("klee_get_errno", B::GetErrno),
    e("klee_open_merge", B::Merge),
    e("klee_close_merge", B::Merge),
    e("klee_posix_prefer_cex", B::PosixPreferCex),
    // SV-COMP's API.
    e("__VERIFIER_assume", B::VerifierAssume),
    ExternInfo {
        prefix: true,
        ..e("__VERIFIER_nondet_", B::Nondet)
    },
];

/// A fact about a *definition*: the program's `rawmemchr` (gnulib's) reads whole aligned words
/// and may read past the end of the object holding the byte it finds; the executor answers
/// such calls itself (`exec/interp/word_scan.rs`).
pub fn word_scanner(name: &str) -> bool {
    name == "rawmemchr"
}

/// What the table says of `name`, if anything.
pub fn lookup(name: &str) -> Option<&'static ExternInfo> {
    TABLE.iter().find(|x| x.matches(name))
}

/// How the executor runs a call of a *declaration* named `name` (never [`Builtin::Defined`]).
pub fn builtin(name: &str) -> Builtin {
    lookup(name).map_or(Builtin::External, |x| x.kind)
}

/// How the executor runs a call of `f`.
pub fn builtin_of(f: &Function) -> Builtin {
    if f.is_declaration {
        builtin(&f.name)
    } else {
        Builtin::Defined
    }
}

/// A declaration named `name` is implemented by the executor (it needs no C library).
pub fn provided_by_executor(name: &str) -> bool {
    lookup(name).is_some_and(ExternInfo::provided_by_executor)
}

/// A call of a declaration named `name` never returns (an unknown one is assumed to return).
pub fn no_return(name: &str) -> bool {
    lookup(name).is_some_and(|x| x.no_return)
}

/// A declaration named `name` may be called in an abstracted loop body (an unknown one may not).
pub fn abstractable_call(name: &str) -> bool {
    lookup(name).is_some_and(ExternInfo::abstractable_call)
}

/// The error family of `name`, if its call sites are verification targets.
pub fn error_family(name: &str) -> Option<ErrorFamily> {
    lookup(name).and_then(|x| x.error)
}

const fn family_matches(x: &ExternInfo, only: Option<ErrorFamily>) -> bool {
    match (x.error, only) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(ErrorFamily::SvComp), Some(ErrorFamily::SvComp)) => true,
        (Some(ErrorFamily::Assert), Some(ErrorFamily::Assert)) => true,
        _ => false,
    }
}

const fn count_errors(only: Option<ErrorFamily>) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if family_matches(&TABLE[i], only) {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn error_names<const N: usize>(only: Option<ErrorFamily>) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if family_matches(&TABLE[i], only) {
            out[n] = TABLE[i].name;
            n += 1;
        }
        i += 1;
    }
    out
}

const N_ERRORS: usize = count_errors(None);
const N_SVCOMP: usize = count_errors(Some(ErrorFamily::SvComp));
const ERRORS: [&str; N_ERRORS] = error_names::<N_ERRORS>(None);
const SVCOMP: [&str; N_SVCOMP] = error_names::<N_SVCOMP>(Some(ErrorFamily::SvComp));

/// The verification error functions (both families), in table order.
pub const ERROR_FUNCTIONS: &[&str] = &ERRORS;
/// SV-COMP's error functions (the unreach-call property).
pub const SVCOMP_ERROR_FUNCTIONS: &[&str] = &SVCOMP;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name `builtin_of` in `src/exec/interp.rs` handles (copied from it), with its kind:
    /// the table must give the same, so that it can replace that function.
    const EXEC_BUILTIN_OF: &[(&str, Builtin)] = &[
        ("malloc", B::Malloc),
        ("calloc", B::Calloc),
        ("realloc", B::Realloc),
        ("free", B::Free),
        ("aligned_alloc", B::AlignedAlloc),
        ("posix_memalign", B::PosixMemalign),
        ("memalign", B::Memalign),
        ("malloc_usable_size", B::UsableSize),
        ("abort", B::Abort),
        ("__assert_fail", B::AssertFail),
        ("exit", B::Exit),
        ("_exit", B::Exit),
        ("_Exit", B::Exit),
        ("__trex_syscall", B::Syscall),
        ("__trex_run_global_dtors", B::RunDtors),
        ("klee_make_symbolic", B::MakeSymbolic),
        ("klee_assume", B::Assume),
        ("klee_int", B::KleeInt),
        ("klee_silent_exit", B::SilentExit),
        ("klee_is_symbolic", B::IsSymbolic),
        ("klee_warning", B::Warning),
        ("klee_warning_once", B::WarningOnce),
        ("klee_prefer_cex", B::PreferCex),
        ("klee_abort", B::KleeAbort),
        ("klee_report_error", B::ReportError),
        ("klee_get_value_i32", B::GetValue),
        ("klee_get_value_i64", B::GetValue),
        ("klee_get_valuel", B::GetValue),
        ("klee_get_valuell", B::GetValue),
        ("__VERIFIER_assume", B::VerifierAssume),
        ("klee_range", B::Range),
        ("klee_choose", B::Choose),
        ("reach_error", B::ReachError),
        ("__VERIFIER_error", B::ReachError),
        ("setjmp", B::Setjmp),
        ("_setjmp", B::Setjmp),
        ("sigsetjmp", B::Setjmp),
        ("__sigsetjmp", B::Setjmp),
        ("longjmp", B::Longjmp),
        ("_longjmp", B::Longjmp),
        ("siglongjmp", B::Longjmp),
        // `n if n.starts_with("__VERIFIER_nondet_")`
        ("__VERIFIER_nondet_", B::Nondet),
        ("__VERIFIER_nondet_int", B::Nondet),
        ("__VERIFIER_nondet_uchar", B::Nondet),
        ("__VERIFIER_nondet_loff_t", B::Nondet),
        // `_ => External`
        ("__VERIFIER_nondet", B::External),
        ("__VERIFIER_atomic_begin", B::External),
        ("klee_assert", B::External),
        ("klee_print_expr", B::PrintExpr),
        ("klee_check_memory_access", B::CheckMemoryAccess),
        ("klee_get_obj_size", B::GetObjSize),
        ("klee_is_replay", B::IsReplay),
        ("klee_get_valuef", B::GetValue),
        ("klee_get_valued", B::GetValue),
        ("klee_set_forking", B::SetForking),
        ("klee_define_fixed_object", B::DefineFixedObject),
        ("klee_stack_trace", B::StackTrace),
        ("klee_print_range", B::PrintRange),
        ("klee_mark_global", B::MarkGlobal),
        ("klee_get_errno", B::GetErrno),
        ("klee_open_merge", B::Merge),
        ("klee_close_merge", B::Merge),
        ("klee_posix_prefer_cex", B::PosixPreferCex),
        ("printf", B::External),
        ("__trex_exit", B::External),
        ("", B::External),
    ];

    /// `Builtin::is_symbolic_api` in `src/exec/interp.rs` (copied).
    const EXEC_SYMBOLIC_API: &[Builtin] = &[
        B::MakeSymbolic,
        B::Assume,
        B::KleeInt,
        B::SilentExit,
        B::IsSymbolic,
        B::Warning,
        B::WarningOnce,
        B::PreferCex,
        B::KleeAbort,
        B::ReportError,
        B::GetValue,
        B::Nondet,
        B::VerifierAssume,
        B::ReachError,
        B::Range,
        B::Choose,
        B::PrintExpr,
        B::CheckMemoryAccess,
        B::GetObjSize,
        B::IsReplay,
        B::SetForking,
        B::DefineFixedObject,
        B::StackTrace,
        B::PrintRange,
        B::MarkGlobal,
        B::GetErrno,
        B::Merge,
        B::PosixPreferCex,
    ];

    #[test]
    fn same_kinds_as_exec_builtin_of() {
        for &(name, kind) in EXEC_BUILTIN_OF {
            assert_eq!(builtin(name), kind, "{name:?}");
        }
        // Every name of the table is among them (the exec list is complete for the table).
        for x in TABLE.iter().filter(|x| x.provided_by_executor()) {
            assert!(
                EXEC_BUILTIN_OF.iter().any(|(n, _)| *n == x.name),
                "{} is not handled by exec's builtin_of",
                x.name
            );
        }
        for &b in Builtin::ALL {
            assert_eq!(b.is_symbolic_api(), EXEC_SYMBOLIC_API.contains(&b), "{b:?}");
        }
    }

    #[test]
    fn builtin_of_a_definition_is_defined() {
        let mut f = Function {
            name: "malloc".into(),
            params: Vec::new(),
            byval: Vec::new(),
            ret: super::super::TypeId(0),
            is_vararg: false,
            is_declaration: false,
            num_regs: 0,
            code: Vec::new(),
            blocks: Vec::new(),
            asm_lines: Vec::new(),
            is_extern_weak: false,
            param_names: Vec::new(),
            loc: super::super::LocId(0),
        };
        assert_eq!(builtin_of(&f), B::Defined);
        f.is_declaration = true;
        assert_eq!(builtin_of(&f), B::Malloc);
    }

    /// The position of `b` in `Builtin::ALL`; the match makes a new kind a compile error here
    /// until `ALL` has it too.
    fn index(b: Builtin) -> usize {
        match b {
            B::Defined => 0,
            B::Malloc => 1,
            B::Calloc => 2,
            B::Realloc => 3,
            B::Free => 4,
            B::AlignedAlloc => 5,
            B::PosixMemalign => 6,
            B::Memalign => 7,
            B::UsableSize => 8,
            B::Abort => 9,
            B::AssertFail => 10,
            B::Exit => 11,
            B::Syscall => 12,
            B::RunDtors => 13,
            B::MakeSymbolic => 14,
            B::Assume => 15,
            B::KleeInt => 16,
            B::SilentExit => 17,
            B::IsSymbolic => 18,
            B::Warning => 19,
            B::WarningOnce => 20,
            B::PreferCex => 21,
            B::KleeAbort => 22,
            B::ReportError => 23,
            B::GetValue => 24,
            B::Nondet => 25,
            B::VerifierAssume => 26,
            B::ReachError => 27,
            B::Range => 28,
            B::Choose => 29,
            B::PrintExpr => 30,
            B::CheckMemoryAccess => 31,
            B::GetObjSize => 32,
            B::IsReplay => 33,
            B::SetForking => 34,
            B::DefineFixedObject => 35,
            B::StackTrace => 36,
            B::PrintRange => 37,
            B::MarkGlobal => 38,
            B::GetErrno => 39,
            B::Merge => 40,
            B::PosixPreferCex => 41,
            B::Setjmp => 42,
            B::Longjmp => 43,
            B::External => 44,
        }
    }

    #[test]
    fn every_kind_has_a_name() {
        assert_eq!(Builtin::ALL.len(), 45);
        for (i, &b) in Builtin::ALL.iter().enumerate() {
            assert_eq!(index(b), i, "{b:?}");
            match b {
                B::Defined => assert!(TABLE.iter().all(|x| x.kind != b)),
                B::External => {}
                _ => assert!(TABLE.iter().any(|x| x.kind == b), "{b:?} has no name"),
            }
        }
    }

    #[test]
    fn lookups_round_trip() {
        for (i, x) in TABLE.iter().enumerate() {
            let probe = if x.prefix {
                format!("{}int", x.name)
            } else {
                x.name.to_string()
            };
            let found = lookup(&probe).unwrap_or_else(|| panic!("{probe} not found"));
            // By value: `TABLE` is a constant, whose uses need not share one address.
            assert_eq!(found, &TABLE[i], "{probe}");
            assert_eq!(builtin(&probe), x.kind);
            assert_eq!(no_return(&probe), x.no_return);
            assert_eq!(abstractable_call(&probe), x.abstractable_call());
            assert_eq!(provided_by_executor(&probe), x.kind != B::External);
            assert_eq!(error_family(&probe), x.error);
            if x.prefix {
                assert!(lookup(&x.name[..x.name.len() - 1]).is_none());
            }
        }
        assert!(lookup("printf").is_none());
    }

    #[test]
    fn error_functions() {
        // The order is `trex verify`'s (ids of `NAME@entry` targets follow it).
        assert_eq!(
            ERROR_FUNCTIONS,
            [
                "reach_error",
                "__VERIFIER_error",
                "__assert_fail",
                "klee_assert",
                "abort"
            ]
        );
        assert_eq!(SVCOMP_ERROR_FUNCTIONS, ["reach_error", "__VERIFIER_error"]);
        let assert_like: Vec<&str> = TABLE
            .iter()
            .filter(|x| x.error == Some(ErrorFamily::Assert))
            .map(|x| x.name)
            .collect();
        assert_eq!(assert_like, ["__assert_fail", "klee_assert", "abort"]);
        // Aborts of KLEE's API are errors, not targets.
        assert_eq!(error_family("klee_abort"), None);
        assert_eq!(error_family("klee_report_error"), None);
    }

    /// `search::distance`'s former `NO_RETURN` lacked `reach_error` (it had `__VERIFIER_error`,
    /// which the executor runs the same way) and had `__trex_exit`, a name nothing defines.
    #[test]
    fn no_return_facts() {
        for n in [
            "abort",
            "__assert_fail",
            "exit",
            "_exit",
            "_Exit",
            "klee_silent_exit",
            "klee_abort",
            "klee_report_error",
            "__VERIFIER_error",
            "reach_error", // new
        ] {
            assert!(no_return(n), "{n}");
        }
        for n in [
            "__trex_exit", // dropped: not a function of trex or its C library
            "klee_assert", // unknown: a program's own, may return
            "klee_assume",
            "__VERIFIER_assume", // a false assumption ends the path, a true one returns
            "klee_choose",
            "__trex_syscall", // exit_group ends the path, other calls return
            "malloc",
            "printf",
        ] {
            assert!(!no_return(n), "{n}");
        }
    }

    /// `ir::loop_mod`'s former `PURE_DECLARED` (plus `__VERIFIER_nondet_*`) left out functions
    /// that write no program memory; the two that look at symbolic state stay out.
    #[test]
    fn abstractable_call_facts() {
        // Already in PURE_DECLARED.
        for n in [
            "__VERIFIER_assume",
            "klee_assume",
            "klee_int",
            "klee_range",
            "__VERIFIER_error",
            "reach_error",
            "abort",
            "exit",
            "_exit",
            "__assert_fail",
            "__VERIFIER_nondet_int",
        ] {
            assert!(abstractable_call(n), "{n}");
        }
        // New: ends of the path, fresh inputs, messages, a read of an object's size.
        for n in [
            "_Exit",
            "klee_silent_exit",
            "klee_abort",
            "klee_report_error",
            "klee_choose",
            "klee_warning",
            "klee_warning_once",
            "klee_prefer_cex",
            "malloc_usable_size",
        ] {
            assert!(abstractable_call(n), "{n}");
        }
        // Out: writes (allocation, symbolic objects, system calls, destructors), results that
        // depend on what is symbolic (a havocked value is symbolic where the exact run's was
        // concrete), unknown functions.
        for n in [
            "malloc",
            "calloc",
            "realloc",
            "free",
            "aligned_alloc",
            "posix_memalign",
            "memalign",
            "klee_make_symbolic",
            "__trex_syscall",
            "__trex_run_global_dtors",
            "klee_is_symbolic",
            "klee_get_value_i32",
            "klee_get_value_i64",
            "klee_get_valuel",
            "klee_get_valuell",
            "klee_assert",
            "printf",
        ] {
            assert!(!abstractable_call(n), "{n}");
        }
    }

    /// `link`'s former `BUILTIN_FUNCTIONS` lacked KLEE's and SV-COMP's API, which the executor
    /// implements: a program calling only those needs no C library.
    #[test]
    fn provided_by_executor_facts() {
        for (n, _) in EXEC_BUILTIN_OF.iter().filter(|(_, k)| *k != B::External) {
            assert!(provided_by_executor(n), "{n}");
        }
        for n in ["klee_assert", "printf", "__trex_exit", "memcpy"] {
            assert!(!provided_by_executor(n), "{n}");
        }
    }
}
