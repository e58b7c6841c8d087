//! One path's register file: every frame's slots, shared between the paths forked from it.
//!
//! A fork used to copy the whole file: on coreutils cat that is 811 slots of 32 bytes on
//! average (137 of them the running frame's), and the copies were half of the heap at its
//! peak (massif, benchmarks/README "memory/"). Now the slots live in two parts. The top
//! frame (and any frame pushed since the last fork) is a plain vector, which the dispatch
//! loop reads and writes by one index as before. Below it, slots are frozen in immutable,
//! shared segments of 16-slot chunks. A fork freezes the callers' slots for both paths and
//! gives the new path its top frame as a segment too; a chunk equal to one frozen at the
//! previous fork (the running frame's slots change little between forks) is shared, not
//! copied. A frame never writes a caller's slots except once it is the top frame again:
//! the return thaws it (copies it back into the vector). A frozen chunk is packed
//! (`packed.rs`): each slot in half a byte to 16.5 bytes rather than 32, nothing at all
//! when every slot is 0. A path suspended after its quantum packs its top frame too.

mod packed;

use super::Value;
use packed::{Draft, Packed};
use std::sync::Arc;

/// Slots per chunk: small enough that a frame's few writes between forks leave most
/// chunks equal, large enough that the chunk pointers cost little.
const CHUNK: usize = packed::SLOTS;

/// Absolute slots `k * CHUNK ..` (those of them in its segment's range are meaningful),
/// packed: frozen slots wait (a caller's until the return, a pending path's top frame until
/// the path runs), and on coreutils cat the pending paths' top frames kept plain were 14 % of
/// the heap at its peak (massif).
#[derive(Clone)]
enum Chunk {
    Packed(Packed),
    /// Every slot 0 (unwritten or dead registers: most of a large frame, as on TRACER-X's
    /// Fig. 4's 2,000-variable one), with nothing to allocate, compare or decode. Without it,
    /// packing forked paths' top frames cost 9 % of the instructions on Fig. 4 (N = 1,000);
    /// with it, 1 % fewer than when they were plain.
    Zero,
}

impl Chunk {
    fn holds<'a>(&self, js: std::ops::Range<usize>, value: impl Fn(usize) -> &'a Value) -> bool {
        match self {
            Chunk::Packed(p) => p.holds(js, value),
            Chunk::Zero => js.clone().all(|j| matches!(value(j), Value::Int(0))),
        }
    }

    fn unpack_into(&self, js: std::ops::Range<usize>, out: &mut Vec<Value>) {
        match self {
            Chunk::Packed(p) => p.unpack_into(js, out),
            Chunk::Zero => out.resize(out.len() + js.len(), Value::Int(0)),
        }
    }

    fn value(&self, j: usize) -> Value {
        match self {
            Chunk::Packed(p) => p.value(j),
            Chunk::Zero => Value::Int(0),
        }
    }

    #[cfg(test)]
    fn ptr_eq(&self, other: &Chunk) -> bool {
        match (self, other) {
            (Chunk::Packed(a), Chunk::Packed(b)) => a.ptr_eq(b),
            (Chunk::Zero, Chunk::Zero) => true,
            _ => false,
        }
    }
}

/// What a chunk holds outside its segment's range.
static ZERO: Value = Value::Int(0);

/// Slots `start..` (up to the segment above it, or the vector) frozen at a fork.
struct Frozen {
    start: usize,
    /// The chunks of absolute indices `start / CHUNK ..`.
    chunks: Box<[Chunk]>,
    below: Option<Arc<Frozen>>,
}

impl Frozen {
    fn chunk(&self, k: usize) -> Option<&Chunk> {
        self.chunks.get(k.checked_sub(self.start / CHUNK)?)
    }
}

impl Drop for Frozen {
    // Iterative: a chain is as long as the stack is deep, and recursion's frames could
    // overflow a worker's stack on deep recursion.
    fn drop(&mut self) {
        let mut next = self.below.take();
        while let Some(a) = next {
            next = match Arc::try_unwrap(a) {
                Ok(mut f) => f.below.take(),
                Err(_) => None,
            };
        }
    }
}

#[derive(Clone, Default)]
pub(crate) struct Regs {
    /// Slots `split..len()`: the top frame and any frames pushed since the last fork.
    live: Vec<Value>,
    split: usize,
    /// The top frame's base, as an index into `live` (`set_top`).
    top: usize,
    /// Slots below `split`, newest segment first (segments start lower going down).
    frozen: Option<Arc<Frozen>>,
    /// Segments this path froze or thawed last: the chunks a new segment may share.
    recent: Vec<Arc<Frozen>>,
}

/// A top frame of at most this many slots is copied at a fork, not frozen (measured on
/// benchmarks/paths: chunking a small frame, then thawing it, costs more than the copy).
const SMALL_FRAME: usize = 4 * CHUNK;

/// Segments kept in `Regs::recent`.
const RECENT: usize = 4;

impl Regs {
    pub(crate) fn with_capacity(n: usize) -> Regs {
        Regs {
            live: Vec::with_capacity(n),
            ..Regs::default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.split + self.live.len()
    }

    /// Register `r` of the top frame (the dispatch loop's access: one index, as into a flat
    /// file).
    #[inline(always)]
    pub(crate) fn reg(&self, r: u32) -> &Value {
        &self.live[self.top + r as usize]
    }

    #[inline(always)]
    pub(crate) fn reg_mut(&mut self, r: u32) -> &mut Value {
        &mut self.live[self.top + r as usize]
    }

    /// The top frame starts at slot `base` (thawed if it was frozen).
    #[inline(always)]
    pub(crate) fn set_top(&mut self, base: usize) {
        self.thaw(base);
        self.top = base - self.split;
    }

    /// `set_top` for a frame known to be live (pushed since, or thawed by its `set_top`).
    #[inline(always)]
    pub(crate) fn set_live_top(&mut self, base: usize) {
        debug_assert!(base >= self.split);
        self.top = base - self.split;
    }

    /// Any slot, frozen or live (a copy: a frozen slot is unpacked).
    pub(crate) fn get(&self, i: usize) -> Option<Value> {
        if i >= self.split {
            return self.live.get(i - self.split).cloned();
        }
        let mut seg = self.frozen.as_deref();
        while let Some(f) = seg {
            if i >= f.start {
                return f.chunk(i / CHUNK).map(|c| c.value(i % CHUNK));
            }
            seg = f.below.as_deref();
        }
        None
    }

    /// Slot `i`, which must exist.
    pub(crate) fn value(&self, i: usize) -> Value {
        match self.get(i) {
            Some(v) => v,
            None => panic!("register slot {i} out of range ({} slots)", self.len()),
        }
    }

    /// Slot `i` to write (a frozen slot is thawed first, with everything above it).
    pub(crate) fn slot_mut(&mut self, i: usize) -> &mut Value {
        self.thaw(i);
        &mut self.live[i - self.split]
    }

    /// The frozen slots `from..split`, unpacked chunk by chunk (segments are contiguous:
    /// each ends where the one above it starts).
    fn unpack_from(&self, from: usize) -> Vec<Value> {
        // The segments reaching into `from..split` with their slots, newest (highest) first.
        let mut segs = Vec::new();
        let mut upper = self.split;
        let mut seg = self.frozen.as_deref();
        while let Some(f) = seg.filter(|_| upper > from) {
            segs.push((f, f.start.max(from)..upper));
            upper = f.start;
            seg = f.below.as_deref();
        }
        let mut out = Vec::with_capacity(self.split - from + self.live.capacity());
        out.extend(std::iter::repeat_n(
            Value::Int(0),
            upper.saturating_sub(from),
        ));
        for (f, range) in segs.into_iter().rev() {
            for k in range.start / CHUNK..range.end.div_ceil(CHUNK) {
                let slots = (k * CHUNK).max(range.start)..((k + 1) * CHUNK).min(range.end);
                match f.chunk(k) {
                    Some(c) => {
                        c.unpack_into(slots.start - k * CHUNK..slots.end - k * CHUNK, &mut out)
                    }
                    None => out.extend(slots.map(|_| Value::Int(0))),
                }
            }
        }
        out
    }

    /// A new frame of `n` slots on top; its base.
    #[inline]
    pub(crate) fn push_frame(&mut self, n: usize) -> usize {
        let base = self.len();
        self.live.resize(self.live.len() + n, Value::Int(0));
        base
    }

    /// Drops the slots from `len` up (a popped frame's).
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.split {
            self.live.truncate(len - self.split);
        } else {
            self.truncate_frozen(len);
        }
    }

    #[cold]
    fn truncate_frozen(&mut self, len: usize) {
        self.live.clear();
        self.split = len;
        self.top = 0;
        self.drop_segments_from(len);
    }

    /// Makes the slots from `from` up live (the frame at `from` is the top one again).
    #[inline(always)]
    pub(crate) fn thaw(&mut self, from: usize) {
        if from < self.split {
            self.thaw_from(from);
        }
    }

    #[cold]
    fn thaw_from(&mut self, from: usize) {
        let mut out = self.unpack_from(from);
        out.append(&mut self.live);
        self.live = out;
        self.top += self.split - from;
        self.split = from;
        self.drop_segments_from(from);
    }

    /// Lets go of the segments that start at `from` or above (out of reach below `split`);
    /// they stay in `recent` for the next freeze to share from.
    fn drop_segments_from(&mut self, from: usize) {
        while self.frozen.as_ref().is_some_and(|f| f.start >= from) {
            let f = self.frozen.take().unwrap();
            self.frozen = f.below.clone();
            self.remember(f);
        }
    }

    fn remember(&mut self, f: Arc<Frozen>) {
        if self.recent.len() == RECENT {
            self.recent.remove(0);
        }
        self.recent.push(f);
    }

    /// A segment of the live slots `from..to` over `below`, sharing each chunk equal (in
    /// that range) to one in `recent`, with the slots for which `keep` (given the slot's
    /// index) fails frozen as 0.
    fn segment_of(
        &self,
        from: usize,
        to: usize,
        below: Option<Arc<Frozen>>,
        keep: &dyn Fn(usize) -> bool,
    ) -> Arc<Frozen> {
        let live = |i: usize| {
            if keep(i) {
                &self.live[i - self.split]
            } else {
                &ZERO
            }
        };
        let chunks = (from / CHUNK..to.div_ceil(CHUNK))
            .map(|k| {
                let range = (k * CHUNK).max(from)..((k + 1) * CHUNK).min(to);
                if range.clone().all(|i| matches!(live(i), Value::Int(0))) {
                    return Chunk::Zero;
                }
                let slots = range.start - k * CHUNK..range.end - k * CHUNK;
                let slot = |j: usize| {
                    let i = k * CHUNK + j;
                    if range.contains(&i) {
                        live(i)
                    } else {
                        &ZERO
                    }
                };
                // A whole chunk is compared as its packed words.
                let draft = (slots.len() == CHUNK).then(|| Draft::new(slot));
                let same = |c: &&Chunk| match (c, &draft) {
                    (Chunk::Packed(p), Some(d)) => p.is(d),
                    _ => c.holds(slots.clone(), |j| live(k * CHUNK + j)),
                };
                if let Some(c) = self
                    .recent
                    .iter()
                    .rev()
                    .find_map(|f| f.chunk(k).filter(same))
                {
                    return c.clone();
                }
                Chunk::Packed(match draft {
                    Some(d) => d.finish(),
                    None => Packed::new(slot),
                })
            })
            .collect();
        Arc::new(Frozen {
            start: from,
            chunks,
            below,
        })
    }

    /// Shares the slots below `upto` (the callers' of the top frame at `upto`) with the
    /// copies made from now on.
    pub(crate) fn freeze(&mut self, upto: usize) {
        self.freeze_keeping(upto, &|_| true)
    }

    /// `freeze`, with the slots for which `keep` (given the slot's index) fails frozen as 0.
    fn freeze_keeping(&mut self, upto: usize, keep: &dyn Fn(usize) -> bool) {
        if upto <= self.split {
            return;
        }
        let below = self.frozen.take();
        let seg = self.segment_of(self.split, upto, below, keep);
        self.live.drain(..upto - self.split);
        self.top = self.top.saturating_sub(upto - self.split);
        self.split = upto;
        self.frozen = Some(seg.clone());
        self.remember(seg);
    }

    /// The register file of a path forked off this one whose top frame starts at `base`:
    /// the callers' slots frozen and shared; the top frame's too (the new path thaws it when
    /// it runs) unless it is small enough that a copy costs less than the chunks.
    pub(crate) fn fork(&mut self, base: usize) -> Regs {
        self.fork_keeping(base, &|_| true)
    }

    /// The slots below this one are frozen already (a fork freezes the rest).
    pub(crate) fn frozen_below(&self) -> usize {
        self.split
    }

    /// A fork with its top frame at `base` copies that frame to the new path rather than
    /// freezing it (small enough that a copy costs less than the chunks).
    pub(crate) fn copies_top(&self, base: usize) -> bool {
        // What stays live once the fork froze the slots below `base`.
        self.len() - base.max(self.split) <= SMALL_FRAME
    }

    /// `fork`, with the slots for which `keep` (given the slot's index) fails frozen as 0:
    /// registers the code of their frame reads no more, for this path and the new one alike.
    /// The new path's top frame keeps them when it is small enough to be copied.
    pub(crate) fn fork_keeping(&mut self, base: usize, keep: &dyn Fn(usize) -> bool) -> Regs {
        self.freeze_keeping(base, keep);
        if self.copies_top(base) {
            return Regs {
                live: self.live.clone(),
                split: self.split,
                top: self.top,
                frozen: self.frozen.clone(),
                recent: Vec::new(),
            };
        }
        let seg = self.segment_of(self.split, self.len(), self.frozen.clone(), keep);
        self.remember(seg.clone());
        Regs {
            live: Vec::new(),
            split: self.len(),
            top: 0,
            frozen: Some(seg),
            recent: Vec::new(),
        }
    }

    /// Packs every slot, the top frame's too, for a path that waits long (suspended after
    /// its quantum): its `set_top` thaws the top frame when it runs again.
    pub(crate) fn pack_all(&mut self) {
        self.freeze(self.len());
        self.live = Vec::new();
        self.recent.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(r: &Regs) -> Vec<u128> {
        (0..r.len()).map(|i| r.value(i).bits()).collect()
    }

    fn filled(n: usize) -> Regs {
        let mut r = Regs::default();
        r.push_frame(n);
        for i in 0..n {
            *r.reg_mut(i as u32) = Value::Int(i as u128);
        }
        r
    }

    /// Pushes a frame of `n` slots and makes it the top one; its base.
    fn call(r: &mut Regs, n: usize) -> usize {
        let b = r.push_frame(n);
        r.set_top(b);
        b
    }

    /// Slots `keep` rejects are frozen as 0 for both paths (the callers' and the new path's
    /// top frame); the others keep their values, and the running path's live top frame too.
    #[test]
    fn a_fork_freezes_the_slots_no_code_reads_as_zero() {
        let mut a = filled(100);
        let top = call(&mut a, 100);
        for i in 0..100 {
            *a.reg_mut(i) = Value::Int(1000 + i as u128);
        }
        let b = a.fork_keeping(top, &|i| !i.is_multiple_of(3));
        let want = |i: usize| {
            let v = if i < 100 {
                i as u128
            } else {
                1000 + (i - 100) as u128
            };
            if i.is_multiple_of(3) {
                0
            } else {
                v
            }
        };
        assert_eq!(ints(&b), (0..200).map(want).collect::<Vec<_>>());
        // The running path: its callers frozen alike, its own top frame whole.
        let mine: Vec<u128> = (0..200)
            .map(|i| {
                if i < 100 {
                    want(i)
                } else {
                    1000 + (i - 100) as u128
                }
            })
            .collect();
        assert_eq!(ints(&a), mine);
    }

    #[test]
    fn a_copy_after_freeze_shares_the_callers_and_sees_its_own_writes() {
        let mut a = filled(6);
        let top = call(&mut a, 3);
        a.freeze(top);
        let mut b = a.clone();
        *a.reg_mut(0) = Value::Int(100);
        *b.reg_mut(1) = Value::Int(200);
        assert_eq!(ints(&a), [0, 1, 2, 3, 4, 5, 100, 0, 0]);
        assert_eq!(ints(&b), [0, 1, 2, 3, 4, 5, 0, 200, 0]);
        // Return into the caller: thawed, written by one path only.
        a.truncate(top);
        a.set_top(2);
        *a.reg_mut(3) = Value::Int(50);
        assert_eq!(ints(&a), [0, 1, 2, 3, 4, 50]);
        b.truncate(top);
        assert_eq!(ints(&b), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn segments_chain_and_stale_ones_drop_out() {
        let mut r = filled(2);
        let f1 = call(&mut r, 2);
        r.freeze(f1);
        let f2 = call(&mut r, 2);
        *r.reg_mut(0) = Value::Int(7);
        r.freeze(f2);
        let keep = r.clone();
        assert_eq!(r.get(1).as_ref().map(Value::bits), Some(1));
        assert_eq!(r.get(f2).as_ref().map(Value::bits), Some(7));
        r.truncate(f2);
        r.set_top(f1);
        *r.slot_mut(0) = Value::Int(9); // a write below the split thaws the rest
        *r.reg_mut(1) = Value::Int(3);
        assert_eq!(ints(&r), [9, 1, 0, 3]);
        assert!(r.frozen.is_none());
        assert_eq!(ints(&keep), [0, 1, 0, 0, 7, 0]);
        assert_eq!(keep.get(6), None);
    }

    #[test]
    fn forks_share_the_chunks_that_did_not_change() {
        let mut a = filled(10);
        let top = call(&mut a, 100);
        let b = a.fork(top);
        *a.reg_mut(40) = Value::Int(1);
        let c = a.fork(top);
        let (sb, sc) = (b.frozen.as_ref().unwrap(), c.frozen.as_ref().unwrap());
        let shared = (0..sb.chunks.len())
            .filter(|&k| sb.chunks[k].ptr_eq(&sc.chunks[k]))
            .count();
        assert_eq!(
            (sb.chunks.len(), shared),
            (7, 6),
            "slot 50's chunk alone is new"
        );
        // The callers' segment is one for all three.
        assert!(Arc::ptr_eq(
            sb.below.as_ref().unwrap(),
            sc.below.as_ref().unwrap()
        ));
        let mut c = c;
        c.set_top(top);
        assert_eq!(c.value(top + 40).bits(), 1);
        assert_eq!(c.get(5).as_ref().map(Value::bits), Some(5));
        let mut b = b;
        b.set_top(top);
        assert_eq!(b.value(top + 40).bits(), 0);
        assert_eq!(b.len(), 110);
    }

    #[test]
    fn frozen_callers_are_packed_and_shared_while_unchanged() {
        let mut a = filled(40);
        let top = call(&mut a, 3);
        let b = a.fork(top);
        // Back in the caller (thawed), one slot written, then a call and a fork again.
        a.truncate(top);
        a.set_top(0);
        *a.reg_mut(35) = Value::Int(1 << 80);
        let top = call(&mut a, 3);
        let c = a.fork(top);
        let (sb, sc) = (b.frozen.as_ref().unwrap(), c.frozen.as_ref().unwrap());
        // A top frame this small is copied: the frozen segment is the caller's.
        let (cb, cc) = (&sb.chunks, &sc.chunks);
        assert!(cb.iter().all(|k| matches!(k, Chunk::Packed(_))));
        let shared: Vec<bool> = (0..3).map(|k| cb[k].ptr_eq(&cc[k])).collect();
        assert_eq!(shared, [true, true, false], "slot 35's chunk alone is new");
        assert_eq!(ints(&b)[..40], (0..40).collect::<Vec<u128>>()[..]);
        assert_eq!(c.value(35).bits(), 1 << 80);
        assert_eq!(c.value(34).bits(), 34);
    }

    #[test]
    fn a_forked_top_frame_is_packed_and_its_unchanged_chunks_shared() {
        let mut a = filled(3);
        let top = call(&mut a, 80);
        for r in 0..80 {
            *a.reg_mut(r) = Value::Int(1000 + r as u128);
        }
        // Slots 48.. stay 0: a chunk of zeros only is no allocation. (Chunk 0 starts at slot
        // 3: compared slot by slot; the others as packed words.)
        for r in 45..80 {
            *a.reg_mut(r) = Value::Int(0);
        }
        let b = a.fork(top);
        *a.reg_mut(20) = Value::Sym(crate::expr::ExprId(5));
        let c = a.fork(top);
        let (cb, cc) = (
            &b.frozen.as_ref().unwrap().chunks,
            &c.frozen.as_ref().unwrap().chunks,
        );
        let kinds: Vec<char> = cb
            .iter()
            .map(|k| match k {
                Chunk::Packed(_) => 'p',
                Chunk::Zero => '0',
            })
            .collect();
        assert_eq!(kinds.iter().collect::<String>(), "ppp000");
        let shared: Vec<bool> = (0..cb.len()).map(|k| cb[k].ptr_eq(&cc[k])).collect();
        assert_eq!(
            shared,
            [true, false, true, true, true, true],
            "slot 23's chunk alone is new"
        );
        for (mut r, sym) in [(b, false), (c, true)] {
            r.set_top(top);
            assert_eq!(r.value(top + 19).bits(), 1019);
            assert_eq!(
                r.value(top + 20),
                if sym {
                    Value::Sym(crate::expr::ExprId(5))
                } else {
                    Value::Int(1020)
                }
            );
            assert_eq!(r.value(top + 79).bits(), 0);
            assert_eq!(r.len(), top + 80);
        }
    }

    #[test]
    fn a_suspended_path_packs_its_top_frame_and_thaws_it_to_run() {
        let mut a = filled(20);
        let top = call(&mut a, 70);
        *a.reg_mut(69) = Value::Int(1 << 70);
        let want = ints(&a);
        a.pack_all();
        assert!(a.live.is_empty() && a.live.capacity() == 0);
        assert_eq!(a.split, top + 70);
        a.set_top(top);
        assert_eq!(ints(&a), want);
        *a.reg_mut(0) = Value::Int(7);
        assert_eq!(a.value(top).bits(), 7);
    }

    #[test]
    fn a_small_top_frame_is_copied() {
        let mut a = filled(10);
        let top = call(&mut a, 8);
        let mut b = a.fork(top);
        assert_eq!(b.live.len(), 8);
        b.set_live_top(top);
        *b.reg_mut(0) = Value::Int(4);
        assert_eq!(a.value(top).bits(), 0);
    }

    #[test]
    fn a_deep_chain_drops_without_recursion() {
        let mut r = Regs::default();
        for _ in 0..200_000 {
            let b = call(&mut r, 1);
            r.freeze(b);
        }
        drop(r);
    }
}
