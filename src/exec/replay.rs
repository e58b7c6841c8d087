//! Replay (`trex replay`, `trex run --replay-ktest-file`): the builtins that make inputs
//! (`klee_make_symbolic`, `klee_int`, `klee_range`, `klee_choose`, `__VERIFIER_nondet_*`) take
//! the next object of a `.ktest` instead, so the path runs concretely.
//!
//! Objects are taken in file order. The requested name (as given: a symbolic run keeps
//! repeated names in its tests, as KLEE does; the deduplicated `x_1`, `x_2`, ... is accepted
//! too) and size must match the object's; a
//! mismatch, running out of objects, or a value the symbolic run could not have produced (a
//! `klee_range` / `klee_choose` / `__VERIFIER_nondet_bool` value out of its range) is a `user`
//! error at the call, never a silently different run.

use super::interp::{error, mem_err, Builtin, Worker, R};
use super::program::TI;
use super::value::{mask, Value};
use super::ErrorKind;
use crate::ir::{CallArg, FuncId, TypeId};

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

/// Little-endian bytes of a test object as an integer.
pub(crate) fn value_le(bytes: &[u8]) -> u128 {
    bytes
        .iter()
        .rev()
        .fold(0u128, |acc, &x| (acc << 8) | x as u128)
}

/// The names replay has given out, deduplicated as in a run: `x`, then `x_1`, `x_2`, ... (the
/// first suffix not given yet), each with the next suffix to try when it is requested again.
/// Names only grow, so the search for a free suffix resumes where it stopped (a scan of every
/// name per suffix tried made 200 000 requests of one name cubic).
#[derive(Debug, Default)]
pub(super) struct ReplayNames(hashbrown::HashMap<String, usize>);

impl ReplayNames {
    /// The name the next request of `name` gets, and its suffix (0: none).
    pub(super) fn next(&self, name: &str) -> (String, usize) {
        match self.0.get(name) {
            None => (name.to_string(), 0),
            Some(&start) => (start..)
                .map(|k| (format!("{name}_{k}"), k))
                .find(|(n, _)| !self.0.contains_key(n))
                .expect("a free suffix"),
        }
    }

    /// `name` was given out as `kname` (`next`'s answer).
    pub(super) fn give(&mut self, name: &str, kname: String, k: usize) {
        self.0.insert(name.to_string(), k + 1);
        self.0.entry(kname).or_insert(1);
    }
}

#[cfg(test)]
mod tests {
    use super::ReplayNames;

    /// The first `name_k` (k = 1, 2, ...) not given yet, by a scan of all names given.
    fn naive(given: &[String], name: &str) -> String {
        let mut kname = name.to_string();
        let mut k = 0;
        while given.contains(&kname) {
            k += 1;
            kname = format!("{name}_{k}");
        }
        kname
    }

    #[test]
    fn names_are_deduplicated_as_a_scan_would() {
        let mut names = ReplayNames::default();
        let mut given = Vec::new();
        // Repeats, names that look like suffixed ones, and suffixes of suffixes.
        let requests = [
            "x", "x", "x_2", "x", "x", "x_1", "x_1", "y", "x_1_1", "x", "y_1", "y", "y",
        ];
        for r in requests.iter().cycle().take(200) {
            let (kname, k) = names.next(r);
            assert_eq!(kname, naive(&given, r), "request {r} after {given:?}");
            names.give(r, kname.clone(), k);
            given.push(kname);
        }
        assert_eq!(&given[..4], ["x", "x_1", "x_2", "x_3"]);
    }
}
