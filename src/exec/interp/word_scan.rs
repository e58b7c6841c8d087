//! gnulib's `rawmemchr` (compiled into coreutils when the C library lacks one, as musl does)
//! reads whole aligned words until one holds the byte sought, so the last word it reads may
//! extend past the end of the object that holds the byte: harmless on hardware (an aligned word
//! never crosses a page), an out-of-bound read for trex's exact objects (`wc -l` on a full
//! buffer). A call whose scan would read past the end is answered here, with the result the
//! program's definition computes; every other call runs that definition (traced as usual).

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The result of `rawmemchr(s, c)` when the program's word-at-a-time definition would read
    /// past the end of `s`'s object to find it; `None`: run the definition (no such read, a
    /// symbolic byte or pointer on the way, or no `c` before the end, which it reports).
    pub(super) fn rawmemchr_past_end(&self, args: &[CallArg]) -> Option<Value> {
        let p = self.arg(args, 0);
        if let Value::Sym(_) = p {
            return None;
        }
        let c = self.arg(args, 1);
        if let Value::Sym(_) = c {
            return None;
        }
        let c = c.bits() as u8;
        let (s, o) = self.st.mem.resolve_any(&p, 1).ok()?;
        let obj = &self.st.mem.objs[s as usize];
        let sym = obj.sym.as_deref();
        let found = (o..obj.size).find(|&i| {
            sym.is_some_and(|v| v.get(i as usize).is_some()) || obj.bytes[i as usize] == c
        })?;
        if sym.is_some_and(|v| v.get(found as usize).is_some()) {
            return None;
        }
        // The aligned `long` holding the byte found is the last word the definition reads.
        let word = self.p.ps as u64;
        let last_word_end = ((obj.base + found) & !(word - 1)) + word;
        if last_word_end <= obj.base + obj.size {
            return None;
        }
        Some(self.ptr_add(p, (found - o) as i64))
    }
}
