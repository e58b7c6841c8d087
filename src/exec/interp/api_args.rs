//! Arguments of the symbolic-execution API checked as KLEE checks them: bad input from the
//! program (a symbolic object name, a wrong or symbolic size, a read-only object) ends the
//! path with a `user` error, as KLEE's `terminateStateOnUserError` does, not with an
//! `unsupported` or memory error.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// A C string argument of a `klee_*` function (object name, message, file), read as KLEE's
    /// `readStringAtAddress` reads it: a symbolic pointer or byte counts with its only value
    /// on the path (KLEE's `toUnique`; a string built in memory from constrained input reads
    /// as its text), the bytes up to the terminator. A pointer with several values is KLEE's
    /// user error; a byte with several values is one too (KLEE aborts on its assertion). A
    /// pointer into no object is KLEE's `Invalid string pointer` user error; a string without
    /// its terminator is read to the end of its object, with KLEE's warning. NULL reads as the
    /// empty string.
    pub(super) fn api_string(&mut self, v: &Value) -> R<String> {
        let v = match *v {
            Value::Sym(e) => match self.unique_expr(e)? {
                Some(a) => Value::Int(a),
                None => {
                    return error(
                        ErrorKind::User,
                        "Symbolic string pointer passed to one of the klee_ functions",
                    )
                }
            },
            ref v => v.clone(),
        };
        if v.bits() == 0 {
            return Ok(String::new());
        }
        let Ok((slot, off)) = self.st.mem.resolve_any(&v, 1) else {
            return error(
                ErrorKind::User,
                "Invalid string pointer passed to one of the klee_ functions",
            );
        };
        let o = &self.st.mem.objs[slot as usize];
        let (size, sym) = (o.bytes.len(), o.sym.clone());
        let mut bytes = Vec::new();
        let mut terminated = false;
        for i in off as usize..size {
            let b = match sym.as_ref().and_then(|s| s.get(i)) {
                Some(e) => match self.unique_expr(e)? {
                    Some(b) => b as u8,
                    None => {
                        return error(
                            ErrorKind::User,
                            "symbolic string (its bytes) passed to one of the klee_ functions",
                        )
                    }
                },
                None => self.st.mem.objs[slot as usize].bytes[i],
            };
            if b == 0 {
                terminated = true;
                break;
            }
            bytes.push(b);
        }
        if !terminated {
            self.klee_warning(
                "String not terminated by \\0 passed to one of the klee_ functions",
                true,
            );
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The program's `klee_warning` (`once`: `klee_warning_once`, the first time in the run
    /// only): `line` on its stderr at once, in order with its output, and in warnings.txt
    /// (through the monitor), as KLEE's `klee_warning` writes both.
    pub(crate) fn program_warning(&mut self, line: &str, once: bool) {
        if self.replaying() || (once && !self.first_time(line)) {
            return;
        }
        self.io.write(2, format!("{line}\n").as_bytes());
        self.ctl.logged.push(line.to_string());
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
