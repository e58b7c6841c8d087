//! Replay on the worker (`exec/replay.rs` has the names and values): the builtins that make
//! inputs take the next object of the `.ktest`.

use super::*;
use crate::exec::replay::value_le;

impl Worker<'_, '_> {
    /// The replayed version of an input-making builtin; `None` for the other builtins (they
    /// run as usual, on concrete values).
    pub(super) fn replay_builtin(
        &mut self,
        b: Builtin,
        fid: FuncId,
        args: &[CallArg],
        ret: TypeId,
    ) -> Option<R<Value>> {
        let ret_w = match self.ti(ret) {
            TI::Int(w) => w,
            _ => 0,
        };
        let int = |bytes: &[u8], w: u32| Value::Int(value_le(bytes) & mask(w.max(1)));
        Some(match b {
            Builtin::MakeSymbolic => {
                self.replay_make_symbolic(self.arg(args, 0), self.arg(args, 1), self.arg(args, 2))
            }
            Builtin::KleeInt => self
                .symbolic_name(&self.arg(args, 0))
                .and_then(|name| self.replay_take(&name, 4))
                .map(|bytes| int(&bytes, ret_w)),
            Builtin::Nondet => {
                let name = self.m.func(fid).name.clone();
                if ret_w == 0 {
                    return Some(error(
                        ErrorKind::Exec,
                        format!("unsupported: {name} (only integer types are supported)"),
                    ));
                }
                let size = self.m.ty(ret).store_size.max(1);
                self.replay_take(&name, size).and_then(|bytes| {
                    let v = int(&bytes, 8 * size as u32);
                    if name == "__VERIFIER_nondet_bool" && v.bits() > 1 {
                        return error(
                            ErrorKind::User,
                            "replay: __VERIFIER_nondet_bool value out of range",
                        );
                    }
                    Ok(Value::Int(v.bits() & mask(ret_w)))
                })
            }
            Builtin::Range => {
                let (lo, hi) = match (self.arg(args, 0), self.arg(args, 1)) {
                    (Value::Int(a), Value::Int(b)) => (a as u32 as i32, b as u32 as i32),
                    _ => return Some(error(ErrorKind::User, "invalid range")),
                };
                if lo >= hi {
                    return Some(error(ErrorKind::User, "invalid range"));
                }
                if lo as i64 + 1 == hi as i64 {
                    return Some(Ok(Value::Int(lo as u32 as u128 & mask(ret_w.max(1)))));
                }
                self.symbolic_name(&self.arg(args, 2))
                    .and_then(|name| self.replay_take(&name, 4))
                    .and_then(|bytes| {
                        let v = int(&bytes, 32).bits() as u32 as i32;
                        if v < lo || v >= hi {
                            return error(
                                ErrorKind::User,
                                format!("replay: klee_range value {v} not in [{lo}, {hi})"),
                            );
                        }
                        Ok(Value::Int(v as u32 as u128 & mask(ret_w.max(1))))
                    })
            }
            Builtin::Choose => {
                let n = self.arg(args, 0).bits();
                let size = self.p.ps as u64;
                self.replay_take("klee_choose", size).and_then(|bytes| {
                    let v = int(&bytes, 8 * size as u32).bits();
                    if v >= n {
                        return error(
                            ErrorKind::User,
                            format!("replay: klee_choose value {v} not below {n}"),
                        );
                    }
                    Ok(Value::Int(v & mask(ret_w.max(1))))
                })
            }
            _ => return None,
        })
    }

    fn replay_make_symbolic(&mut self, p: Value, n: Value, name: Value) -> R<Value> {
        let n = n.bits() as u64;
        let name = self.symbolic_name(&name)?;
        let (slot, off) = self
            .st
            .mem
            .resolve_any_mut(&p, n)
            .map_err(|e| mem_err(e, &p))?;
        if off != 0 || self.st.mem.objs[slot as usize].size != n {
            return error(ErrorKind::User, "Wrong size given to klee_make_symbolic");
        }
        let bytes = self.replay_take(&name, n)?;
        self.st.mem.write_bytes(slot, 0, &bytes);
        Ok(Value::Int(0))
    }

    /// The next object of the test, checked against the requested name and size.
    pub(crate) fn replay_take(&mut self, name: &str, size: u64) -> R<Vec<u8>> {
        let (kname, k) = self.ctl.replay_names.next(name);
        let objects = self.ctl.lim.replay.as_ref().expect("replay mode");
        let pos = self.ctl.replay_pos;
        let Some((oname, bytes)) = objects.get(pos) else {
            return error(
                ErrorKind::User,
                format!(
                    "replay: out of inputs: object \"{kname}\" ({size} bytes) requested, the test has only {} objects",
                    objects.len()
                ),
            );
        };
        if *oname != name && *oname != kname {
            return error(
                ErrorKind::User,
                format!(
                    "replay: object name mismatch: \"{kname}\" requested, object {} of the test is \"{oname}\"",
                    pos + 1
                ),
            );
        }
        if bytes.len() as u64 != size {
            return error(
                ErrorKind::User,
                format!(
                    "replay: object sizes differ: \"{kname}\" has {size} bytes, object {} of the test has {}",
                    pos + 1,
                    bytes.len()
                ),
            );
        }
        let bytes = bytes.clone();
        self.ctl.replay_pos += 1;
        self.ctl.replay_names.give(name, kname, k);
        Ok(bytes)
    }
}
