//! KLEE's external calls: a function the program declares and neither it, the C library
//! linked with it nor trex defines is run natively, in trex's own process, as KLEE does
//! (`--external-calls=concrete`, its default; `=all`; `=none`). Names resolve through the
//! dynamic loader: the libraries of `--load=LIB.so`, then trex's process (the host's C and
//! math libraries). The call's arguments must be concrete (`concrete`: a symbolic one with a
//! single feasible value is that value, another one is KLEE's error `external call with
//! symbolic argument: NAME`; `all`: each is made concrete, the path constrained to it). The
//! objects the call can reach are copied to host memory at their own addresses before it and
//! the bytes it changed copied back after (`image.rs`); their symbolic bytes are made concrete
//! first, the path constrained to those values (KLEE leaves them unconstrained, so a test of a
//! later error could disagree with what the native code saw). A crash in the callee ends the
//! path with `failed external call: NAME` (`guard.c`).
//!
//! What native code does outside those objects (files written, output, its own heap) is not
//! undone when another path runs: as with KLEE, each path that makes the call makes it again.
//! Its output reaches trex's own stdout and stderr, flushed after each call so that it keeps
//! its place among the program's other output. An external call blocks interpolation at its
//! node (what native code did to memory has no weakest precondition); `trex verify` has no
//! native calls at all: an external call is a gap there, never crossed.

mod call;
mod image;
mod undefined;

pub use undefined::{undefined_references, QUIET_KLEE_LIBC, QUIET_POSIX, QUIET_UCLIBC};

use crate::exec::machine::{error, BuiltinCall, ExternalCalls, Fork, Worker, R};
use crate::exec::memory::ObjRef;
use crate::exec::value::Value;
use crate::exec::ErrorKind;
use crate::ir::FuncId;
use call::CType;
use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// KLEE's `--external-calls`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Policy {
    /// No external call, except KLEE's few with concrete arguments (printf, fprintf, puts,
    /// getpid): `Disallowed call to external function`, the path ends (`.user.err`).
    None,
    /// Calls with concrete arguments (KLEE's default).
    #[default]
    Concrete,
    /// Every call: symbolic arguments are made concrete.
    All,
}

/// KLEE's `--external-call-warnings`: when `calling external: NAME(...)` is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Warnings {
    None,
    /// The first call of each function (KLEE's default).
    #[default]
    OncePerFunction,
    All,
}

/// The calls KLEE lets through under `--external-calls=none`.
const ALWAYS_ALLOWED: &[&str] = &["printf", "fprintf", "puts", "getpid"];

/// The host pages of the native image; held for a whole call (the image and the crash
/// guard's jump buffer are the process's, one call at a time).
static NATIVE: Mutex<image::Pages> = Mutex::new(image::Pages::new());

/// The run's external calls (`Config::externals`).
#[derive(Debug)]
pub struct NativeCalls {
    policy: Policy,
    warnings: Warnings,
    /// The `--load` libraries (dlopen handles), searched first.
    libs: Vec<usize>,
    /// Functions already warned about (`Warnings::OncePerFunction`).
    warned: Mutex<hashbrown::HashSet<FuncId>>,
}

impl NativeCalls {
    /// Loads each of `load` (KLEE's `--load`) into trex's process; an error names the one the
    /// loader refused and why.
    pub fn new(policy: Policy, warnings: Warnings, load: &[PathBuf]) -> anyhow::Result<Self> {
        let libs = load
            .iter()
            .map(|p| open(p))
            .collect::<anyhow::Result<_>>()?;
        Ok(NativeCalls {
            policy,
            warnings,
            libs,
            warned: Mutex::new(hashbrown::HashSet::new()),
        })
    }

    /// The host address of `name`: the `--load` libraries first, then the process.
    fn resolve(&self, name: &str) -> Option<usize> {
        let c = CString::new(name).ok()?;
        let handles = self.libs.iter().map(|&h| h as *mut libc::c_void);
        handles.chain([libc::RTLD_DEFAULT]).find_map(|h| {
            // SAFETY: a symbol lookup; `h` is a live handle or RTLD_DEFAULT.
            let p = unsafe { libc::dlsym(h, c.as_ptr()) };
            (!p.is_null()).then_some(p as usize)
        })
    }
}

fn open(path: &Path) -> anyhow::Result<usize> {
    let c = CString::new(path.as_os_str().as_encoded_bytes())?;
    // SAFETY: dlopen of a file the user named; its constructors run, as under KLEE.
    let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    if h.is_null() {
        // SAFETY: dlerror's message, right after the failure.
        let why = unsafe { std::ffi::CStr::from_ptr(libc::dlerror()) };
        anyhow::bail!("--load={}: {}", path.display(), why.to_string_lossy());
    }
    Ok(h as usize)
}

impl ExternalCalls for NativeCalls {
    fn global(&self, name: &str, size: u64) -> Option<Vec<u8>> {
        let addr = self.resolve(name)?;
        host_bytes(addr as u64, size)
    }

    fn call(&self, w: &mut Worker<'_, '_>, c: BuiltinCall<'_>) -> R<Value> {
        let m = w.module();
        let func = m.func(c.fid);
        let name = func.name.as_str();
        if self.policy == Policy::None && !ALWAYS_ALLOWED.contains(&name) {
            w.klee_warning(
                &format!("Disallowed call to external function: {name}"),
                false,
            );
            return error(ErrorKind::User, "external calls disallowed");
        }
        // What native code does to memory is beyond interpolation's reach.
        w.observe_fork(Fork::Other("external call"));
        let mut args = Vec::with_capacity(c.args.len());
        let mut shown = Vec::with_capacity(c.args.len());
        for (i, a) in c.args.iter().enumerate() {
            let Some(ty) = CType::of(w.ti(a.ty)).filter(|t| *t != CType::Void) else {
                return unsupported(
                    name,
                    &format!("argument {} of type {}", i + 1, m.type_name(a.ty)),
                );
            };
            if func.byval_size(i, a).is_some() {
                return unsupported(name, &format!("argument {} passed by value (byval)", i + 1));
            }
            let v = w.arg(c.args, i);
            shown.push(match &v {
                Value::Sym(e) => w.pool().display(*e).to_string(),
                v => v.bits().to_string(),
            });
            let bits = self.concrete(w, &v, name)?;
            args.push((ty, bits, v));
        }
        let Some(ret) = CType::of(w.ti(c.ret)) else {
            return unsupported(name, &format!("a result of type {}", m.type_name(c.ret)));
        };
        let roots: Vec<ObjRef> = args
            .iter()
            .filter_map(|(_, bits, v)| root(w, v, *bits))
            .collect();
        let objs = image::reachable(&w.state().mem, &roots);
        for &r in &objs {
            concretize_object(w, r)?;
        }
        self.warn(w, c.fid, name, &shown);
        // (A call passing fewer arguments than the prototype names, as K&R C may: all fixed.)
        let fixed = func
            .is_vararg
            .then_some(func.params.len().min(c.args.len()));
        let ffi_args: Vec<(CType, u128)> = args.iter().map(|(t, b, _)| (*t, *b)).collect();
        let mut pages = NATIVE.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(why) = image::copy_out(&mut pages, &w.state().mem, &objs) {
            w.klee_warning(&format!("external call to {name}: {why}"), false);
            return failed(name);
        }
        let Some(addr) = self.resolve(name) else {
            return failed(name);
        };
        // SAFETY: `addr` is the host's `name`, called with the types the program declares it
        // with (as KLEE calls it); its pointers point into the image just copied out.
        let result = unsafe { call::call(addr, &ffi_args, fixed, ret) };
        // SAFETY: flushes the host's C streams (the callee's output, in order with trex's).
        unsafe { libc::fflush(std::ptr::null_mut()) };
        let Ok(bits) = result else {
            return failed(name);
        };
        let changed = image::changes(&w.state().mem, &objs);
        drop(pages);
        for (r, runs) in changed {
            let mem = &mut w.state_mut().mem;
            if mem.get(r).is_some_and(|o| o.kind.read_only()) {
                return error(ErrorKind::External, "external modified read-only object");
            }
            for (off, bytes) in runs {
                mem.write_bytes(r.idx, off, &bytes);
            }
        }
        Ok(match ret {
            CType::Void => Value::Int(0),
            CType::Ptr => pointer(w, bits as u64 & w.program().ptr_mask),
            _ => Value::Int(bits),
        })
    }
}

impl NativeCalls {
    /// The bits of a call's argument: concrete, or made so as the policy says.
    fn concrete(&self, w: &mut Worker<'_, '_>, v: &Value, name: &str) -> R<u128> {
        let e = match v {
            Value::Sym(e) => *e,
            Value::Agg(_) => return unsupported(name, "an aggregate argument"),
            v => return Ok(v.bits() & ptr_mask(w, v)),
        };
        if self.policy == Policy::All {
            return w.make_concrete(e, "external call argument concretized");
        }
        // KLEE's `toUnique`: a symbolic argument with a single feasible value is that value.
        match w.unique_value(v)? {
            Some(k) => Ok(k),
            None => error(
                ErrorKind::Exec,
                format!("external call with symbolic argument: {name}"),
            ),
        }
    }

    /// KLEE's `calling external: NAME(args) at FILE:LINE COL` warning.
    fn warn(&self, w: &mut Worker<'_, '_>, fid: FuncId, name: &str, shown: &[String]) {
        let once = match self.warnings {
            Warnings::None => return,
            Warnings::OncePerFunction => true,
            Warnings::All => false,
        };
        if once
            && !self
                .warned
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(fid)
        {
            return;
        }
        let text = format!(
            "calling external: {name}({}) at {}",
            shown.join(", "),
            here(w)
        );
        w.klee_warning(&text, once);
    }
}

/// The running instruction's `file:line column`, as KLEE's `getSourceLocation` (`[no debug
/// info]` without one).
fn here(w: &Worker<'_, '_>) -> String {
    let m = w.module();
    let st = w.state();
    let loc = st
        .frames
        .last()
        .and_then(|f| m.func(f.func).code.get(st.pc as usize))
        .map(|i| i.loc)
        .filter(|l| l.0 != 0);
    match loc {
        Some(l) => {
            let s = m.loc(l);
            format!("{}:{} {}", m.files[s.file as usize], s.line, s.col)
        }
        None => "[no debug info]".into(),
    }
}

/// The pointer mask of a value passed as a pointer (the program's pointer width).
fn ptr_mask(w: &Worker<'_, '_>, v: &Value) -> u128 {
    match v {
        Value::Ptr { .. } => w.program().ptr_mask as u128,
        _ => u128::MAX,
    }
}

/// The object an argument points into, if any.
fn root(w: &Worker<'_, '_>, v: &Value, bits: u128) -> Option<ObjRef> {
    let mem = &w.state().mem;
    match *v {
        Value::Ptr { obj, .. } if mem.get(obj).is_some() => Some(obj),
        _ => u64::try_from(bits)
            .ok()
            .filter(|&a| a != 0)
            .and_then(|a| mem.lookup(a)),
    }
}

/// A pointer the callee returned: into one of the path's objects when it lies in one.
fn pointer(w: &Worker<'_, '_>, addr: u64) -> Value {
    match w.state().mem.lookup(addr) {
        Some(obj) => Value::Ptr { obj, addr },
        None => Value::Int(addr as u128),
    }
}

/// Makes the symbolic bytes of object `r` concrete: one value of theirs, the path
/// constrained to it (16 bytes per solver query).
fn concretize_object(w: &mut Worker<'_, '_>, r: ObjRef) -> R<()> {
    let size = w.state().mem.get(r).map_or(0, |o| o.size);
    let (_, sym) = w.state().mem.read_mixed(r.idx, 0, size);
    let Some(sym) = sym else { return Ok(()) };
    let mut i = 0;
    while i < sym.len() {
        if sym[i].is_none() {
            i += 1;
            continue;
        }
        let start = i;
        while i < sym.len() && i - start < 16 && sym[i].is_some() {
            i += 1;
        }
        // Little-endian: the first byte is the lowest.
        let pool = w.pool();
        let mut e = sym[start].unwrap();
        for b in &sym[start + 1..i] {
            e = pool.concat(b.unwrap(), e);
        }
        let k = w.make_concrete(e, "external call object concretized")?;
        let bytes = k.to_le_bytes();
        w.state_mut()
            .mem
            .write_bytes(r.idx, start as u64, &bytes[..i - start]);
    }
    Ok(())
}

/// `n` bytes of trex's own memory at `addr`, read through `/proc/self/mem` (a range the
/// program declared longer than the host's object may run into an unmapped page: an error
/// there, not a fault).
fn host_bytes(addr: u64, n: u64) -> Option<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let f = std::fs::File::open("/proc/self/mem").ok()?;
    let mut buf = vec![0u8; usize::try_from(n).ok()?];
    f.read_exact_at(&mut buf, addr).ok()?;
    Some(buf)
}

fn failed<T>(name: &str) -> R<T> {
    error(ErrorKind::External, format!("failed external call: {name}"))
}

fn unsupported<T>(name: &str, what: &str) -> R<T> {
    error(
        ErrorKind::Exec,
        format!("unsupported: external call {name} with {what}"),
    )
}
