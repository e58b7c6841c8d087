//! Arguments of the symbolic-execution API checked as KLEE checks them: bad input from the
//! program (a symbolic object name, a wrong or symbolic size, a read-only object) ends the
//! path with a `user` error, as KLEE's `terminateStateOnUserError` does, not with an
//! `unsupported` or memory error.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// A C string argument of a `klee_*` function (object name, message, file): its pointer and
    /// bytes must be concrete. (KLEE: a user error for a symbolic pointer; it aborts on a
    /// symbolic byte, trex reports a user error for both.) A pointer into no object is KLEE's
    /// `Invalid string pointer` user error; a string without its terminator is read to the
    /// end of its object, with KLEE's warning. NULL reads as the empty string.
    pub(super) fn api_string(&mut self, v: &Value) -> R<String> {
        if let Value::Sym(_) = v {
            return error(
                ErrorKind::User,
                "Symbolic string pointer passed to one of the klee_ functions",
            );
        }
        if v.bits() == 0 {
            return Ok(String::new());
        }
        let Ok((slot, off)) = self.st.mem.resolve_any(v, 1) else {
            return error(
                ErrorKind::User,
                "Invalid string pointer passed to one of the klee_ functions",
            );
        };
        let o = &self.st.mem.objs[slot as usize];
        let rest = &o.bytes[off as usize..];
        let n = rest.iter().position(|&b| b == 0);
        let end = n.map_or(rest.len(), |n| n + 1);
        if let Some(sym) = &o.sym {
            if sym.any(off as usize, off as usize + end) {
                return error(
                    ErrorKind::User,
                    "symbolic string (its bytes) passed to one of the klee_ functions",
                );
            }
        }
        let text = String::from_utf8_lossy(&rest[..n.unwrap_or(rest.len())]).into_owned();
        if n.is_none() {
            self.klee_warning(
                "String not terminated by \\0 passed to one of the klee_ functions",
                true,
            );
        }
        Ok(text)
    }

    /// A `KLEE: WARNING: <text>` line on stderr and in warnings.txt (through the monitor);
    /// `once`: `KLEE: WARNING ONCE: <text>`, the first time in the run only (KLEE's
    /// `klee_warning_once`).
    pub(crate) fn klee_warning(&mut self, text: &str, once: bool) {
        if self.replaying() {
            return;
        }
        let line = if once {
            format!("KLEE: WARNING ONCE: {text}")
        } else {
            format!("KLEE: WARNING: {text}")
        };
        if !once || self.first_time(&line) {
            self.ctl.warnings.push(line);
        }
    }
}
