//! The weakest-precondition shadow of the C library's output calls (`printf`, `puts`, ... on
//! standard output and error, see `wp/mod.rs`): a summary of the whole call, not its instructions.
//!
//! They matter to the program only through their result, the program memory they write and
//! the bytes they print; TRACER-X treats them as not affecting the property. A call that
//! forks inside (a node starts or ends in it) is shadowed instruction by instruction, its
//! system calls by `syscall.rs`. A call that returns within the segment is summarized as:
//! - the stream pinned to the `FILE` of stdout or stderr it was; the format and the strings
//!   printed pinned to the constant strings they were (a constant string is the same bytes in
//!   every state, so the same bytes are read); a format with `%n` (it writes program memory)
//!   or a string in writable memory is not summarized (the node gets no interpolant);
//! - the integers and floating-point values printed are not required: they change only the
//!   bytes printed;
//! - the result (the number of bytes written) opaque: a condition on it is not expressible;
//! - on the recorded path the call wrote only objects it created (its frames) and the
//!   `FILE`s of stdout and stderr, whose written bytes become opaque; its system calls were
//!   only write / writev / ioctl on descriptor 1 or 2; nothing inside forked an error, added
//!   a constraint or made an input. Anything else: not summarized.
//!
//! The output itself goes through the model's `write` to the initial stdout / stderr, as
//! `calls.rs` models it: a state is pruned only when its descriptors are the initial ones
//! (`observer`, `Worker::env_unchanged`).

use super::outfn::OutFn;
use super::pass::Wp;
use super::shadow::*;
use crate::exec::machine::syscall_name;
use crate::exec::machine::TI;
use crate::exec::memory::{ObjKind, ObjRef};
use crate::exec::value::Value;
use crate::ir::externs::Builtin;
use crate::ir::*;
use crate::itp::trace::{Fact, Step};
use crate::itp::PinVal;

/// One conversion of a format: what it reads from its argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conv {
    /// An integer or floating-point value (also `*` widths and precisions, `%p`).
    Value,
    /// A byte string (`%s`).
    Str,
}

/// The arguments a `printf` format reads, in order; `None` for what is not summarized
/// (`%n`, wide strings, positional arguments, an unknown conversion).
fn parse_format(fmt: &[u8]) -> Option<Vec<Conv>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < fmt.len() && b"-+ #0'".contains(&fmt[i]) {
            i += 1;
        }
        // Width and precision: digits or `*` (an int argument).
        for dot in [false, true] {
            if dot {
                if fmt.get(i) != Some(&b'.') {
                    break;
                }
                i += 1;
            }
            if fmt.get(i) == Some(&b'*') {
                out.push(Conv::Value);
                i += 1;
            } else {
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if fmt.get(i) == Some(&b'$') {
                return None;
            }
        }
        let mut wide = false;
        while i < fmt.len() && b"hlLqjzt".contains(&fmt[i]) {
            wide |= fmt[i] == b'l';
            i += 1;
        }
        let c = *fmt.get(i)?;
        i += 1;
        match c {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'c' | b'p' | b'e' | b'E' | b'f' | b'F'
            | b'g' | b'G' | b'a' | b'A'
                if !(wide && c == b'c') =>
            {
                out.push(Conv::Value)
            }
            b's' if !wide => out.push(Conv::Str),
            b'm' => {}
            _ => return None,
        }
    }
    Some(out)
}

impl Wp<'_, '_, '_> {
    /// The `FILE` objects of stdout and stderr (musl's `__stdout_FILE`, `__stderr_FILE`).
    fn std_files(&self) -> Vec<ObjRef> {
        let m = self.m;
        m.globals
            .iter()
            .enumerate()
            .filter(|(_, g)| g.name == "__stdout_FILE" || g.name == "__stderr_FILE")
            .filter_map(|(i, _)| self.p.objects().global_objs.get(i).copied())
            .collect()
    }

    /// The bytes of the constant string a recorded pointer designates, up to its NUL.
    fn const_string(&self, v: PinVal) -> Option<Vec<u8>> {
        let PinVal::Obj(o, off) = v else {
            return None;
        };
        let ob = &self.it.state().mem.objs[o.idx as usize];
        if !ob.is(o) || ob.kind != ObjKind::ConstGlobal || ob.sym.is_some() {
            return None;
        }
        let rest = ob.bytes.get(usize::try_from(off).ok()?..)?;
        let n = rest.iter().position(|&b| b == 0)?;
        Some(rest[..n].to_vec())
    }

    /// Pins argument `k` of a call (at `base`) to its recorded pointer; the pointer.
    fn sh_pin_arg(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        args: &[crate::ir::CallArg],
        facts: &[Fact],
        k: usize,
    ) -> Option<PinVal> {
        let (Some(a), Some(Fact::Ptr(v, _))) = (args.get(k), facts.get(k)) else {
            Self::sh_fail(sh, "output call without a recorded pointer argument");
            return None;
        };
        let SV::Ptr(p) = self.sh_ptr(sh, base, &a.op) else {
            Self::sh_fail(sh, "output call of an opaque pointer");
            return None;
        };
        self.sh_pin(sh, p, *v);
        Some(*v)
    }

    /// Pins a string argument to the constant string it was.
    fn sh_const_string_arg(
        &mut self,
        sh: &mut Shadow,
        base: u32,
        args: &[crate::ir::CallArg],
        facts: &[Fact],
        k: usize,
    ) -> Option<Vec<u8>> {
        let v = self.sh_pin_arg(sh, base, args, facts, k)?;
        let s = self.const_string(v);
        if s.is_none() {
            Self::sh_fail(sh, "output of a string not constant");
        }
        s
    }

    /// When step `i` calls one of the C library's output functions (`out_fns`) and the call
    /// returns by step `n` (the steps shadowed): its summary applied to `sh`, and the index of
    /// the step after the return. `None`: not such a call (shadowed as any other).
    pub(super) fn sh_output_call(
        &mut self,
        sh: &mut Shadow,
        steps: &[Step],
        facts: &[Fact],
        i: usize,
        n: usize,
    ) -> Option<usize> {
        let m = self.m;
        let st = steps[i];
        let inst = &m.func(st.func).code[st.pc as usize];
        let InstKind::Call {
            callee: crate::ir::Callee::Direct(fid),
            args,
            ..
        } = &inst.kind
        else {
            return None;
        };
        let kind = self.cx.out_fn(m, *fid)?;
        // The first step back in the caller's frame: the instruction after the call.
        let j = (i + 1..steps.len()).find(|&k| steps[k].base <= st.base)?;
        if j > n || j == i + 1 {
            return None;
        }
        let back = steps[j];
        if back.base != st.base || back.func != st.func || back.pc != st.pc + 1 {
            Self::sh_fail(sh, "output call not returning to its caller");
            return Some(j);
        }
        let facts_of = |k: usize| {
            let end = steps.get(k + 1).map_or(facts.len(), |s| s.facts as usize);
            &facts[steps[k].facts as usize..end]
        };
        let files = self.std_files();
        let base = st.base;
        let fs = facts_of(i);
        // The arguments.
        let stream = match kind {
            OutFn::Format(s, _) | OutFn::Str(s) | OutFn::Char(s) => s,
            OutFn::Fwrite => Some(3),
            OutFn::Exit => None,
        };
        if let Some(k) = stream {
            match self.sh_pin_arg(sh, base, args, fs, k) {
                Some(PinVal::Obj(o, 0)) if files.contains(&o) => {}
                Some(_) => Self::sh_fail(sh, "output to a stream other than stdout or stderr"),
                None => return Some(j),
            }
        }
        match kind {
            OutFn::Format(_, f) => {
                let Some(fmt) = self.sh_const_string_arg(sh, base, args, fs, f) else {
                    return Some(j);
                };
                let Some(convs) = parse_format(&fmt) else {
                    Self::sh_fail(sh, "output format not summarized (%n, wide or positional)");
                    return Some(j);
                };
                if args.len() < f + 1 + convs.len() {
                    Self::sh_fail(sh, "output format with missing arguments");
                    return Some(j);
                }
                for (c, k) in convs.into_iter().zip(f + 1..) {
                    if c == Conv::Str {
                        // `(null)` is printed for a null pointer.
                        if let Some(Fact::Ptr(PinVal::Addr(0), _)) = fs.get(k) {
                            self.sh_pin_arg(sh, base, args, fs, k);
                        } else if self.sh_const_string_arg(sh, base, args, fs, k).is_none() {
                            return Some(j);
                        }
                    }
                }
            }
            OutFn::Str(_) => {
                if self.sh_const_string_arg(sh, base, args, fs, 0).is_none() {
                    return Some(j);
                }
            }
            OutFn::Char(_) | OutFn::Exit => {}
            OutFn::Fwrite => {
                // The bytes read: `size * n` from the pointer's object (their values are
                // only printed).
                match self.sh_pin_arg(sh, base, args, fs, 0) {
                    Some(PinVal::Obj(o, _)) => {
                        if !sh.created.contains(&o) {
                            let size = self.it.state().mem.objs[o.idx as usize].size;
                            sh.objects.insert(o, size);
                        }
                    }
                    Some(_) => Self::sh_fail(sh, "fwrite outside an object"),
                    None => return Some(j),
                }
                for k in [1, 2] {
                    let v = self.sh_val(sh, base, &args[k].op);
                    let w = self.sh_width(args[k].ty).unwrap_or(64);
                    match (self.as_int(v, w), fs.get(k)) {
                        (Some(e), Some(Fact::Val(Value::Int(x)))) => {
                            self.sh_require_value(sh, e, *x)
                        }
                        _ => Self::sh_fail(sh, "fwrite of an opaque size"),
                    }
                }
            }
        }
        // What the call did on the recorded path.
        let ps = self.p.ps as u64;
        let mut created: hashbrown::HashSet<ObjRef> = hashbrown::HashSet::new();
        let mut written: Vec<(ObjRef, u64, u64)> = Vec::new();
        for (k, sk) in steps.iter().enumerate().take(j).skip(i + 1) {
            let fk = facts_of(k);
            if fk
                .iter()
                .any(|x| matches!(x, Fact::ErrFork | Fact::Constraint(_) | Fact::Array(_)))
            {
                Self::sh_fail(sh, "output call constrained the path");
                return Some(j);
            }
            let ins = &m.func(sk.func).code[sk.pc as usize];
            let target = |x: Option<&Fact>| match x {
                Some(Fact::Ptr(PinVal::Obj(o, off), _)) if *off >= 0 => Some((*o, *off as u64)),
                _ => None,
            };
            let w = match &ins.kind {
                InstKind::Alloca { .. } => {
                    for x in fk {
                        if let Fact::Post(Value::Ptr { obj, .. }) = x {
                            created.insert(*obj);
                        }
                    }
                    None
                }
                InstKind::Store { ty, .. } => {
                    let size = if self.ti(*ty) == TI::Ptr {
                        ps
                    } else {
                        m.ty(*ty).store_size
                    };
                    Some((target(fk.first()), size))
                }
                InstKind::Call { callee, .. } => match callee {
                    crate::ir::Callee::Intrinsic(x) => match x {
                        Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset => {
                            match fk.get(2) {
                                Some(Fact::Val(Value::Int(len))) => {
                                    Some((target(fk.first()), *len as u64))
                                }
                                _ => Some((None, 0)),
                            }
                        }
                        Intrinsic::VaStart | Intrinsic::VaCopy => {
                            Some((target(fk.first()), if self.p.x86_64 { 24 } else { 4 }))
                        }
                        _ => None,
                    },
                    crate::ir::Callee::Direct(g) => match self.p.builtins[g.0 as usize] {
                        Builtin::Defined => None,
                        Builtin::Syscall => {
                            let nr = match fk.first() {
                                Some(Fact::Val(Value::Int(x))) => Some(*x as i64),
                                _ => None,
                            };
                            let fd = match fk.get(1) {
                                Some(Fact::Val(Value::Int(x))) => Some(*x as i64),
                                _ => None,
                            };
                            let name = nr.and_then(|x| syscall_name(self.p.x86_64, x));
                            let ok = match name {
                                Some("write" | "writev" | "ioctl") => matches!(fd, Some(1 | 2)),
                                Some("lseek") => kind == OutFn::Exit && matches!(fd, Some(0..=2)),
                                _ => false,
                            };
                            if !ok {
                                Self::sh_fail(sh, "system call in an output call");
                                return Some(j);
                            }
                            None
                        }
                        _ => {
                            Self::sh_fail(sh, "builtin in an output call");
                            return Some(j);
                        }
                    },
                    crate::ir::Callee::Indirect(_) => match fk.first() {
                        // musl's stream `write` hooks.
                        Some(Fact::Ptr(PinVal::Obj(o, 0), _))
                            if matches!(
                                self.it.state().mem.objs[o.idx as usize].kind,
                                ObjKind::Function(g) if self.p.builtins[g.0 as usize] == Builtin::Defined
                            ) =>
                        {
                            None
                        }
                        _ => {
                            Self::sh_fail(sh, "indirect call in an output call");
                            return Some(j);
                        }
                    },
                },
                InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::VaArg { .. } => {
                    Some((None, 0))
                }
                _ => None,
            };
            if let Some((t, len)) = w {
                match t {
                    Some((o, _)) if created.contains(&o) => {}
                    Some((o, off)) if files.contains(&o) => written.push((o, off, len)),
                    _ => {
                        Self::sh_fail(sh, "output call writing program memory");
                        return Some(j);
                    }
                }
            }
        }
        for (o, off, len) in written {
            Self::sh_clear_ptrs(sh, o, off, len, ps);
            for b in 0..len {
                sh.mem.insert(o, off + b, None);
            }
        }
        // The callee's registers are gone; the result is opaque.
        let callee_base = steps[i + 1].base;
        sh.regs.retain(|&s, _| s < callee_base);
        Self::sh_set(sh, base, inst.dst, SV::Opaque);
        Some(j)
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_format, Conv};

    #[test]
    fn formats() {
        use Conv::*;
        assert_eq!(parse_format(b"x=%d %s\n"), Some(vec![Value, Str]));
        assert_eq!(
            parse_format(b"%-*.*ld|%%|%5.2f|%p|%m"),
            Some(vec![Value, Value, Value, Value, Value])
        );
        assert_eq!(parse_format(b"%hhx %zu %lld %Lg %c"), Some(vec![Value; 5]));
        assert_eq!(parse_format(b"%d%n"), None);
        assert_eq!(parse_format(b"%ls"), None);
        assert_eq!(parse_format(b"%lc"), None);
        assert_eq!(parse_format(b"%1$d"), None);
        assert_eq!(parse_format(b"%*1$d"), None);
        assert_eq!(parse_format(b"%"), None);
        assert_eq!(parse_format(b"%k"), None);
    }
}
