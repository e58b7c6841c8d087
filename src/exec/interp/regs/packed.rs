//! A frozen chunk of 16 register slots in as few bytes as its values need.
//!
//! Frozen chunks are what pending paths keep of their callers' registers: on coreutils cat
//! they were the largest part of the heap at its peak (massif, benchmarks/README
//! "memory/"). As `[Value; 16]` a chunk is 512 bytes, though most
//! slots hold a small integer, an expression's number or nothing (a dead slot, 0). Packed, a
//! slot is 4 bits of kind and 0 to 4 32-bit units; what fits no unit form (aggregates,
//! poison, integers of more than 64 bits) is kept whole beside them. A chunk is read only
//! when its frame is thawed (a return into it) or compared when a fork shares it, so the
//! decoding costs at those points only, never in the dispatch loop.

use super::super::Value;
use crate::expr::ExprId;
use crate::obj::ObjRef;
use std::ops::Range;
use triomphe::ThinArc;

pub(super) const SLOTS: usize = 16;

/// Kinds of a slot (4 bits each in `Packed::kinds`).
const ZERO: u64 = 0; // Int(0): no unit
const INT32: u64 = 1; // Int below 2^32: one unit
const INT64: u64 = 2; // Int below 2^64: two units, low first
const SYM: u64 = 3; // Sym: one unit
const PTR: u64 = 4; // Ptr: four units (index, generation, address low, high)
const WHOLE: u64 = 5; // the next value of `whole`

/// One allocation, shared by the paths that froze the chunk alike: the kinds and the values
/// kept whole ahead of the units (a thin pointer). As an `Arc` of three fields with the units
/// boxed apart it was two allocations: 192 bytes from glibc for a chunk of 28 units, 160 now.
#[derive(Clone)]
pub(super) struct Packed(ThinArc<Head, u32>);

struct Head {
    kinds: u64,
    whole: Box<[Value]>,
}

fn units_of(kind: u64) -> usize {
    match kind {
        INT32 | SYM => 1,
        INT64 => 2,
        PTR => 4,
        _ => 0,
    }
}

fn wide(lo: u32, hi: u32) -> u64 {
    lo as u64 | (hi as u64) << 32
}

/// A chunk packed on the stack (one allocation for its units once packed), and what a fork
/// compares with the chunks it may share: one packing then a comparison of words per
/// candidate, where decoding each candidate slot by slot cost 6 % of the instructions on
/// TRACER-X's Fig. 4 (a 2,000-slot frame compared at each of its 2,000 forks).
pub(super) struct Draft {
    kinds: u64,
    units: [u32; 4 * SLOTS],
    len: usize,
    whole: Vec<Value>,
}

impl Draft {
    /// Packs the slots `value(0) .. value(SLOTS - 1)`.
    pub(super) fn new<'a>(mut value: impl FnMut(usize) -> &'a Value) -> Draft {
        let mut d = Draft {
            kinds: 0,
            units: [0; 4 * SLOTS],
            len: 0,
            whole: Vec::new(),
        };
        for j in 0..SLOTS {
            let kind = match *value(j) {
                Value::Int(0) => ZERO,
                Value::Int(x) if x <= u32::MAX as u128 => d.push(INT32, &[x as u32]),
                Value::Int(x) if x <= u64::MAX as u128 => {
                    d.push(INT64, &[x as u32, (x >> 32) as u32])
                }
                Value::Sym(e) => d.push(SYM, &[e.0]),
                Value::Ptr { obj, addr } => {
                    d.push(PTR, &[obj.idx, obj.gen, addr as u32, (addr >> 32) as u32])
                }
                ref v => {
                    d.whole.push(v.clone());
                    WHOLE
                }
            };
            d.kinds |= kind << (4 * j);
        }
        d
    }

    fn push(&mut self, kind: u64, units: &[u32]) -> u64 {
        self.units[self.len..self.len + units.len()].copy_from_slice(units);
        self.len += units.len();
        kind
    }

    pub(super) fn finish(self) -> Packed {
        let head = Head {
            kinds: self.kinds,
            whole: self.whole.into_boxed_slice(),
        };
        Packed(ThinArc::from_header_and_slice(
            head,
            &self.units[..self.len],
        ))
    }
}

impl Packed {
    /// Packs the slots `value(0) .. value(SLOTS - 1)`.
    pub(super) fn new<'a>(value: impl FnMut(usize) -> &'a Value) -> Packed {
        Draft::new(value).finish()
    }

    fn kinds(&self) -> u64 {
        self.0.header.header.kinds
    }

    fn units(&self) -> &[u32] {
        &self.0.slice
    }

    fn whole(&self) -> &[Value] {
        &self.0.header.header.whole
    }

    /// The same allocation (the same chunk shared).
    #[cfg(test)]
    pub(super) fn ptr_eq(&self, other: &Packed) -> bool {
        self.0.ptr() == other.0.ptr()
    }

    /// Whether this chunk is `d` packed (every slot the same: each value has one packed form).
    pub(super) fn is(&self, d: &Draft) -> bool {
        self.kinds() == d.kinds && self.units() == &d.units[..d.len] && self.whole() == &d.whole[..]
    }

    /// Whether slots `js` hold `value(j)` (the others are not looked at): a fork's test of
    /// a chunk it may share, slot by slot without unpacking (each value has one packed form).
    pub(super) fn holds<'a>(&self, js: Range<usize>, value: impl Fn(usize) -> &'a Value) -> bool {
        let (units, wholes, kinds) = (self.units(), self.whole(), self.kinds());
        let (mut u, mut w) = (0, 0);
        for j in 0..js.end {
            let kind = (kinds >> (4 * j)) & 15;
            let at = &units[u..u + units_of(kind)];
            u += at.len();
            let whole = (kind == WHOLE).then(|| {
                w += 1;
                &wholes[w - 1]
            });
            if j < js.start {
                continue;
            }
            let same = match (kind, value(j)) {
                (ZERO, Value::Int(0)) => true,
                (INT32, &Value::Int(x)) => x == at[0] as u128,
                (INT64, &Value::Int(x)) => x == wide(at[0], at[1]) as u128,
                (SYM, &Value::Sym(e)) => e.0 == at[0],
                (PTR, &Value::Ptr { obj, addr }) => {
                    [obj.idx, obj.gen] == at[..2] && addr == wide(at[2], at[3])
                }
                (WHOLE, v) => whole == Some(v),
                _ => false,
            };
            if !same {
                return false;
            }
        }
        true
    }

    /// Appends slots `js` to `out`.
    pub(super) fn unpack_into(&self, js: Range<usize>, out: &mut Vec<Value>) {
        out.reserve(js.len());
        self.decode(js, |v| out.push(v));
    }

    /// Slot `j`.
    pub(super) fn value(&self, j: usize) -> Value {
        let mut out = Value::Int(0);
        self.decode(j..j + 1, |v| out = v);
        out
    }

    /// Slots `js` in order into `f`. (What a return into a frozen frame and a forked path's
    /// first step pay per slot: one pass over the units, read in place.)
    #[inline(always)]
    fn decode(&self, js: Range<usize>, mut f: impl FnMut(Value)) {
        let (units, wholes, kinds) = (self.units(), self.whole(), self.kinds());
        let (u, w) = &mut (0, 0);
        let mut take = |n: usize| {
            *u += n;
            &units[*u - n..*u]
        };
        for j in 0..js.end {
            let kind = (kinds >> (4 * j)) & 15;
            if j < js.start {
                take(units_of(kind));
                *w += (kind == WHOLE) as usize;
                continue;
            }
            f(match kind {
                ZERO => Value::Int(0),
                INT32 => Value::Int(take(1)[0] as u128),
                INT64 => {
                    let a = take(2);
                    Value::Int(wide(a[0], a[1]) as u128)
                }
                SYM => Value::Sym(ExprId(take(1)[0])),
                PTR => {
                    let a = take(4);
                    Value::Ptr {
                        obj: ObjRef {
                            idx: a[0],
                            gen: a[1],
                        },
                        addr: wide(a[2], a[3]),
                    }
                }
                _ => {
                    *w += 1;
                    wholes[*w - 1].clone()
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_value_reads_back_as_it_was_packed() {
        let ptr = Value::Ptr {
            obj: ObjRef { idx: 7, gen: 3 },
            addr: 0x7fff_0000_1234,
        };
        let agg = Value::Agg(vec![Value::Int(1), ptr.clone()].into_boxed_slice());
        let slots = [
            Value::Int(0),
            Value::Int(5),
            Value::Int(u32::MAX as u128),
            Value::Int(1 << 40),
            Value::Int(u64::MAX as u128),
            Value::Int(1 << 100),
            Value::Sym(ExprId(42)),
            ptr,
            agg,
            Value::Poison(9),
        ];
        let want = |j: usize| slots.get(j).cloned().unwrap_or(Value::Int(j as u128));
        let all: Vec<Value> = (0..SLOTS).map(want).collect();
        let p = Packed::new(|j| &all[j]);
        assert!(p.holds(0..SLOTS, |j| &all[j]));
        let other = |j: usize| if j == 7 { &slots[0] } else { &all[j] };
        assert!(!p.holds(0..SLOTS, other) && !p.holds(5..8, other) && p.holds(8..SLOTS, other));
        assert!(!p.holds(0..SLOTS, |j| if j == 6 {
            &Value::Sym(ExprId(41))
        } else {
            &all[j]
        }));
        let mut out = vec![Value::Int(99)];
        p.unpack_into(0..SLOTS, &mut out);
        assert_eq!(out[1..], all[..]);
        out.clear();
        p.unpack_into(6..9, &mut out);
        assert_eq!(out[..], all[6..9]);
        assert_eq!(p.value(7), want(7));
        assert_eq!(p.value(15), Value::Int(15));
        // Slots 10..=15 (6 INT32), then 5, u32::MAX, 1 << 40, u64::MAX, the Sym, the Ptr.
        assert_eq!(p.units().len(), 6 + 1 + 1 + 2 + 2 + 1 + 4);
        assert_eq!(p.whole().len(), 3);
    }

    #[test]
    fn a_chunk_of_small_integers_is_a_fraction_of_its_slots() {
        let small: Vec<Value> = (0..SLOTS).map(|j| Value::Int(j as u128 % 3)).collect();
        let p = Packed::new(|j| &small[j]);
        // The allocation: a count, the header, the length, the units.
        let bytes = 8 + std::mem::size_of::<Head>() + 8 + p.units().len() * 4;
        assert!(
            bytes * 4 < SLOTS * std::mem::size_of::<Value>(),
            "{bytes} bytes"
        );
    }
}
