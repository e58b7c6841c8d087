//! The native image of a path's memory: host pages mapped at the program's own addresses, so
//! that the pointers a native call receives, and those stored in the objects it reads, are
//! valid host pointers with no translation (KLEE gets the same by allocating its objects in
//! its own address space; trex's addresses are its own, from 0x10000 up, which a 64-bit host
//! process leaves unused: its code, heap and libraries live far above).
//!
//! Before a call, the objects it can reach (from its pointer arguments, through the pointers
//! stored in them) are copied out; after it, the bytes it changed are copied back into the
//! path's objects (KLEE's `copyOutConcretes` / `copyInConcretes`). The pages stay mapped for
//! the run: only the native-call lock's holder touches them.

use crate::exec::memory::{Memory, ObjRef};
use std::collections::BTreeMap;

const PAGE: u64 = 4096;

/// The host pages mapped so far: start -> end (page-aligned, disjoint).
#[derive(Debug)]
pub(super) struct Pages(BTreeMap<u64, u64>);

impl Pages {
    pub(super) const fn new() -> Self {
        Pages(BTreeMap::new())
    }

    /// Makes `[lo, hi)` host memory (read-write), mapping the pages not mapped yet; an error
    /// naming the range when the host already uses part of it.
    pub(super) fn ensure(&mut self, lo: u64, hi: u64) -> Result<(), String> {
        let mut lo = lo & !(PAGE - 1);
        let hi = hi.checked_add(PAGE - 1).ok_or("address overflow")? & !(PAGE - 1);
        while lo < hi {
            if let Some((_, &end)) = self.0.range(..=lo).next_back() {
                if lo < end {
                    lo = end;
                    continue;
                }
            }
            let next = self.0.range(lo..).next().map_or(hi, |(&s, _)| s.min(hi));
            map(lo, next)?;
            self.0.insert(lo, next);
            lo = next;
        }
        Ok(())
    }
}

fn map(lo: u64, hi: u64) -> Result<(), String> {
    let len = (hi - lo) as usize;
    // SAFETY: MAP_FIXED_NOREPLACE never replaces an existing mapping of the process.
    let p = unsafe {
        libc::mmap(
            lo as *mut libc::c_void,
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE
                | libc::MAP_ANONYMOUS
                | libc::MAP_FIXED_NOREPLACE
                | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        let e = std::io::Error::last_os_error();
        return Err(format!(
            "cannot map {lo:#x}..{hi:#x} in trex's process ({e})"
        ));
    }
    if p as u64 != lo {
        // (A kernel older than 4.17 takes the address as a hint only.)
        // SAFETY: `p` is the mapping just made, of `len` bytes.
        unsafe { libc::munmap(p, len) };
        return Err(format!(
            "cannot map {lo:#x}..{hi:#x}: the host uses part of it"
        ));
    }
    Ok(())
}

/// The live objects a call can reach from `roots`: the roots, and every object a pointer
/// stored in a reached object points into.
pub(super) fn reachable(mem: &Memory, roots: &[ObjRef]) -> Vec<ObjRef> {
    let mut seen = hashbrown::HashSet::new();
    let mut out = Vec::new();
    let mut todo: Vec<ObjRef> = roots.to_vec();
    while let Some(r) = todo.pop() {
        let Some(o) = mem.get(r) else { continue };
        if !seen.insert(r.idx) {
            continue;
        }
        out.push(r);
        todo.extend(o.ptrs.values().copied());
    }
    out.sort_by_key(|r| mem.get(*r).map_or(0, |o| o.base));
    out
}

/// Copies the (concrete) bytes of `objs` to their addresses in the host.
pub(super) fn copy_out(pages: &mut Pages, mem: &Memory, objs: &[ObjRef]) -> Result<(), String> {
    for &r in objs {
        let o = mem.get(r).expect("a reachable object is live");
        if o.size == 0 {
            continue;
        }
        pages.ensure(o.base, o.base + o.size)?;
        // SAFETY: `[base, base + size)` is mapped read-write (`ensure`) and is no Rust
        // object's memory.
        unsafe {
            std::ptr::copy_nonoverlapping(o.bytes.as_ptr(), o.base as *mut u8, o.size as usize)
        };
    }
    Ok(())
}

/// What the call changed in an object: runs of (offset, new bytes).
pub(super) type Changes = Vec<(u64, Vec<u8>)>;

/// The bytes the call changed in each of `objs` (copied out before it), by object.
pub(super) fn changes(mem: &Memory, objs: &[ObjRef]) -> Vec<(ObjRef, Changes)> {
    let mut out = Vec::new();
    for &r in objs {
        let o = mem.get(r).expect("a reachable object is live");
        // SAFETY: copied out before the call, so mapped; the callee is done with it.
        let now = unsafe { std::slice::from_raw_parts(o.base as *const u8, o.size as usize) };
        let runs = diff(&o.bytes, now);
        if !runs.is_empty() {
            out.push((r, runs));
        }
    }
    out
}

/// The runs of bytes where `new` differs from `old`: (offset, new bytes).
fn diff(old: &[u8], new: &[u8]) -> Changes {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < old.len() {
        if old[i] == new[i] {
            i += 1;
            continue;
        }
        let start = i;
        while i < old.len() && old[i] != new[i] {
            i += 1;
        }
        runs.push((start as u64, new[start..i].to_vec()));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_finds_changed_runs() {
        assert_eq!(diff(b"abcdef", b"abcdef"), Vec::new());
        assert_eq!(
            diff(b"abcdef", b"xbcdyz"),
            vec![(0, b"x".to_vec()), (4, b"yz".to_vec())]
        );
    }

    #[test]
    fn pages_map_once_and_refuse_the_hosts_memory() {
        let mut p = Pages::new();
        // An address range no 64-bit host process uses (below trex's first object too).
        let lo = 0x7000_0000u64;
        p.ensure(lo + 10, lo + 5000).unwrap();
        assert_eq!(p.0.get(&lo), Some(&(lo + 2 * PAGE)));
        // Overlapping: only the new page is mapped.
        p.ensure(lo + 100, lo + 3 * PAGE).unwrap();
        assert_eq!(p.0.len(), 2);
        // SAFETY: mapped above.
        unsafe { *((lo + 2 * PAGE + 1) as *mut u8) = 7 };
        // The host's own memory (this test's stack) is refused, never replaced.
        let x = 5u64;
        let a = &x as *const u64 as u64;
        let mut q = Pages::new();
        assert!(q.ensure(a, a + 8).is_err());
        assert_eq!(x, 5);
    }
}
