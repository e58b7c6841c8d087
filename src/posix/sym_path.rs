//! File names with symbolic characters (`open(argv[1])` on a symbolic argument), under
//! `--posix-runtime`, as KLEE's POSIX runtime treats them: first whether the name is a
//! symbolic file's (`__get_sym_file`: the path forks on the first character being NUL, on
//! the second not being NUL, on the first being `A`, `B`, ...), then, when it is not, the name
//! made concrete (`__concretize_string`: at the 0th, 1st, 2nd, 4th, 8th, ... step the path
//! forks on the character being NUL or `/`, at the other steps it takes one value the
//! character may have, constrained to it), written back to the program's memory, where the
//! concrete model then reads it. A warning says so once per run: the values not taken are
//! not explored, as in KLEE.

use std::path::PathBuf;

use super::sym_fs::SymId;
use super::*;

impl Os<'_, '_, '_> {
    /// The file name at `p` (`sys_path`), symbolic characters decided as KLEE does; with the
    /// symbolic file it names, if any.
    pub(super) fn sym_path(&mut self, p: &Value) -> R<(PathBuf, Option<SymId>)> {
        if let Ok(path) = self.sys_path(p) {
            let id = self.px().sym().named(&path);
            return Ok((path, id));
        }
        let (slot, off) = self
            .w
            .state_mut()
            .mem
            .resolve_any(p, 1)
            .map_err(|e| mem_err(e, p))?;
        if let Some(id) = self.sym_file_of_name(p, slot, off)? {
            return Ok((self.sys_path(p)?, Some(id)));
        }
        self.concretize_name(p, slot, off)?;
        let line = "KLEE: WARNING ONCE: a symbolic file name was made concrete (KLEE's POSIX \
                    runtime: its other values are not explored)\n";
        self.w.stderr_once(line);
        Ok((self.sys_path(p)?, None))
    }

    /// Character `k` of the name (an 8-bit expression), bounds-checked.
    fn name_char(&mut self, p: &Value, slot: u32, off: u64, k: u64) -> R<ExprId> {
        if off + k >= self.w.state_mut().mem.objs[slot as usize].size {
            return Err(mem_err(MemErr::OutOfBound, p));
        }
        Ok(match self.load_sym(slot, off + k, 1) {
            Some(e) => e,
            None => {
                let b = self.w.state_mut().mem.bytes(slot, off + k, 1)[0];
                self.w.pool().constant(8, b as u128)
            }
        })
    }

    fn char_is(&mut self, c: ExprId, v: u8) -> ExprId {
        let k = self.w.pool().constant(8, v as u128);
        self.w.pool().eq(c, k)
    }

    /// KLEE's `__get_sym_file` on a name with symbolic characters (its bytes written
    /// concretely when it names a symbolic file).
    fn sym_file_of_name(&mut self, p: &Value, slot: u32, off: u64) -> R<Option<SymId>> {
        let n = self.px().sym().files.len();
        if n == 0 {
            return Ok(None);
        }
        let c0 = self.name_char(p, slot, off, 0)?;
        let nul = self.char_is(c0, 0);
        if self.sym_choose(nul)? {
            return Ok(None);
        }
        let c1 = self.name_char(p, slot, off, 1)?;
        let end = self.char_is(c1, 0);
        let not_end = self.w.pool().bool_not(end);
        if self.sym_choose(not_end)? {
            return Ok(None);
        }
        for i in 0..n {
            let letter = b'A' + i as u8;
            let is = self.char_is(c0, letter);
            if self.sym_choose(is)? {
                self.w
                    .state_mut()
                    .mem
                    .store_int(slot, off, 1, letter as u128);
                self.w.state_mut().mem.store_int(slot, off + 1, 1, 0);
                return Ok(Some(SymId::File(i as u8)));
            }
        }
        Ok(None)
    }

    /// KLEE's `__concretize_string`.
    fn concretize_name(&mut self, p: &Value, slot: u32, off: u64) -> R<()> {
        let (mut i, mut k) = (0u32, 0u64);
        loop {
            let c = self.name_char(p, slot, off, k)?;
            if i & i.wrapping_sub(1) == 0 {
                let nul = self.char_is(c, 0);
                if self.sym_choose(nul)? {
                    self.w.state_mut().mem.store_int(slot, off + k, 1, 0);
                    return Ok(());
                }
                let slash = self.char_is(c, b'/');
                if self.sym_choose(slash)? {
                    self.w
                        .state_mut()
                        .mem
                        .store_int(slot, off + k, 1, b'/' as u128);
                    k += 1;
                }
            } else {
                let v = match self.w.pool().as_const(c) {
                    Some(v) => v,
                    None => {
                        let v = self.w.some_value(c)?;
                        let is = self.char_is(c, v as u8);
                        self.w.add_constraint(is);
                        v
                    }
                };
                self.w.state_mut().mem.store_int(slot, off + k, 1, v);
                k += 1;
                if v == 0 {
                    return Ok(());
                }
            }
            i += 1;
        }
    }
}
