//! Heap objects renamed at the subsumption check, so that an interpolant learnt in one state
//! prunes a state that allocated the same objects in another order (TRACER-X gives `malloc`
//! fresh symbolic bases with separation constraints for this, paper 003 §5.2).
//!
//! An interpolant names objects by identity (`ObjRef`: slot, generation), and two states that
//! called `malloc` in different orders hold the "same" objects under different names. Here the
//! interpolant's heap objects are matched to the state's by the pins alone: a pinned register
//! holding `(A, off)` in the interpolant and `(X, off)` in the state forces `A -> X`, and a
//! pinned pointer stored in `A` then forces the object it points to, and so on. Every object
//! the subtree used at its start was reached through such a pin (a register, memory of a pinned
//! object, or a constant naming a global), so the renaming is determined, found in one pass
//! over the pins, and no search is needed. The renaming must be
//! - injective: two objects of the interpolant are two objects of the state (aliasing the
//!   subtree did not see is never assumed away);
//! - size- and kind-preserving: only heap objects are renamed, to live heap objects of the
//!   same size (an access in bounds in one is in bounds in the other; a `free` stays valid).
//!   Globals, functions, stack and data objects keep their names: the code names globals
//!   directly, and a stack object dies with its own frame;
//! - consistent with every pin (pointer values are compared under it), after which the formula
//!   is evaluated on the renamed objects' contents.
//!
//! Pointer comparisons of two objects are modelled only as equal / not equal (`wp/`), which
//! an injective renaming keeps; relations between addresses of different objects are opaque.

use hashbrown::{HashMap, HashSet};

use super::{arrays_in, subst, Itp, Loc, LocArrays, LocMap, PinVal};
use crate::expr::{ArrayId, ExprId, ExprPool};
use crate::obj::ObjRef;

/// What a state's location holds, as the check compares it with a pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// A pointer into a live object at an offset.
    Obj(ObjRef, i64),
    /// A plain integer.
    Addr(u128),
    /// Anything else (symbolic, a pointer to a dead object): no pin holds.
    Other,
}

/// The state a check reads.
pub trait Objects {
    /// The size of `o` and whether it is a heap object, when it is alive.
    fn live(&self, o: ObjRef) -> Option<(u64, bool)>;
    /// What a register slot holds (`None`: no such slot).
    fn reg(&self, slot: u32) -> Option<Held>;
    /// The pointer-sized value at `off` in live object `o` (`None`: out of its bounds or
    /// symbolic).
    fn mem(&self, o: ObjRef, off: u64) -> Option<Held>;
}

/// The objects an interpolant names that a check renames (the others keep their names).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renaming(pub Vec<(ObjRef, ObjRef)>);

impl Renaming {
    pub fn get(&self, o: ObjRef) -> ObjRef {
        self.0.iter().find(|p| p.0 == o).map_or(o, |p| p.1)
    }

    pub fn is_identity(&self) -> bool {
        self.0.is_empty()
    }
}

/// The objects of `itp` (its objects, pins, and the locations its formula reads) with their
/// sizes when they may be renamed (`heap(o)`: `Some(size)` for a heap object). Empty when
/// none is a heap object: the check then renames nothing, as before.
pub fn named(
    pool: &ExprPool,
    locs: &LocArrays,
    itp: &Itp,
    heap: impl Fn(ObjRef) -> Option<u64>,
) -> Vec<(ObjRef, Option<u64>)> {
    let mut objs: Vec<ObjRef> = itp.objects.iter().map(|x| x.0).collect();
    let pinned = |v: PinVal| match v {
        PinVal::Obj(o, _) => Some(o),
        PinVal::Addr(_) => None,
    };
    objs.extend(itp.reg_pins.iter().filter_map(|x| pinned(x.1)));
    for &((o, _), v) in &itp.mem_pins {
        objs.push(o);
        objs.extend(pinned(v));
    }
    objs.extend(itp.bases.iter().map(|x| x.0));
    for &(l, _, o) in &itp.provenance {
        objs.push(o);
        if let Loc::Mem(x) = l {
            objs.push(x);
        }
    }
    if !objs.iter().any(|&o| heap(o).is_some()) {
        return Vec::new();
    }
    if let Some(f) = itp.formula {
        let mut arrays = HashSet::new();
        arrays_in(pool, f, &mut arrays);
        objs.extend(arrays.iter().filter_map(|&a| match locs.loc(a) {
            Some(Loc::Mem(o)) => Some(o),
            _ => None,
        }));
    }
    objs.sort();
    objs.dedup();
    objs.into_iter().map(|o| (o, heap(o))).collect()
}

struct Matcher<'a> {
    itp: &'a Itp,
    st: &'a dyn Objects,
    /// The images of the renamable objects bound so far (identity included).
    image: HashMap<ObjRef, ObjRef>,
    /// Those images (injectivity).
    used: HashSet<ObjRef>,
    /// Renamable objects bound since the caller last looked.
    fresh: Vec<ObjRef>,
}

impl Matcher<'_> {
    /// The size of `a` when the check may rename it (`named` is sorted).
    fn renamable(&self, a: ObjRef) -> Option<u64> {
        let n = &self.itp.named;
        n.binary_search_by_key(&a, |x| x.0)
            .ok()
            .and_then(|i| n[i].1)
    }

    /// The image of `a`, when known: its own name for an object that may not be renamed.
    fn image_of(&self, a: ObjRef) -> Option<ObjRef> {
        match self.renamable(a) {
            None => Some(a),
            Some(_) => self.image.get(&a).copied(),
        }
    }

    /// Binds `a` to `x`: consistent with earlier bindings, injective, `x` alive, and a
    /// renamed object a live heap object of `a`'s size.
    fn bind(&mut self, a: ObjRef, x: ObjRef) -> bool {
        let Some(size) = self.renamable(a) else {
            return a == x && self.st.live(x).is_some();
        };
        if let Some(&y) = self.image.get(&a) {
            return y == x;
        }
        let ok = self.used.insert(x)
            && match self.st.live(x) {
                None => false,
                Some(_) if a == x => true,
                Some((n, heap)) => heap && n == size,
            };
        if ok {
            self.image.insert(a, x);
            self.fresh.push(a);
        }
        ok
    }

    fn pin(&mut self, want: PinVal, have: Held) -> bool {
        match (want, have) {
            (PinVal::Obj(a, off), Held::Obj(x, off2)) => off == off2 && self.bind(a, x),
            (PinVal::Addr(p), Held::Addr(q)) => p == q,
            _ => false,
        }
    }
}

/// The renaming under which the state satisfies `itp`'s objects and pins, if there is one
/// (see the module's comment); its formula is then evaluated with `Loc::Mem(a)` read from the
/// renamed object. `None`: no such renaming (not subsumed). Linear in the pins and objects
/// (checks are hot; an interpolant may name hundreds of objects).
pub fn matching(itp: &Itp, st: &dyn Objects) -> Option<Renaming> {
    let mut m = Matcher {
        itp,
        st,
        image: HashMap::new(),
        used: HashSet::new(),
        fresh: Vec::new(),
    };
    for &(slot, v) in &itp.reg_pins {
        let have = st.reg(slot)?;
        if !m.pin(v, have) {
            return None;
        }
    }
    // Pins in memory, once the image of their object is known (by a pin); an object no pin
    // reaches keeps its name.
    let mut waiting: HashMap<ObjRef, Vec<usize>> = HashMap::new();
    let mut ready: Vec<usize> = Vec::new();
    for (i, &((a, _), _)) in itp.mem_pins.iter().enumerate() {
        match m.image_of(a) {
            Some(_) => ready.push(i),
            None => waiting.entry(a).or_default().push(i),
        }
    }
    m.fresh.clear();
    loop {
        while let Some(i) = ready.pop() {
            let ((a, off), v) = itp.mem_pins[i];
            let x = m.image_of(a)?;
            let have = st.mem(x, off)?;
            if !m.pin(v, have) {
                return None;
            }
            for b in std::mem::take(&mut m.fresh) {
                ready.extend(waiting.remove(&b).unwrap_or_default());
            }
        }
        let Some(&a) = waiting.keys().min() else {
            break;
        };
        if !m.bind(a, a) {
            return None;
        }
        m.fresh.clear();
        ready.extend(waiting.remove(&a).unwrap_or_default());
    }
    for &(a, size) in &itp.objects {
        let x = match m.image_of(a) {
            Some(x) => x,
            None if m.bind(a, a) => a,
            None => return None,
        };
        if st.live(x).map(|l| l.0) != Some(size) {
            return None;
        }
    }
    let mut renamed: Vec<(ObjRef, ObjRef)> = m
        .image
        .iter()
        .filter(|p| p.0 != p.1)
        .map(|(&a, &x)| (a, x))
        .collect();
    // The other objects keep their names: none may be the image of a renamed one.
    for &(_, x) in &renamed {
        let named = itp.named.binary_search_by_key(&x, |n| n.0).is_ok();
        if named && !m.image.contains_key(&x) {
            return None;
        }
    }
    renamed.sort();
    Some(Renaming(renamed))
}

/// Maps the location arrays of renamed objects to those of their images.
struct ToImages(HashMap<ArrayId, ArrayId>);

impl LocMap for ToImages {
    fn byte(&mut self, pool: &mut ExprPool, _l: Loc, a: ArrayId, k: u64) -> Option<ExprId> {
        let i = pool.constant(32, k as u128);
        Some(pool.read(*self.0.get(&a).unwrap_or(&a), None, i))
    }
}

/// `itp` with its objects renamed by `r` (the interpolant of the node it subsumed, named as
/// that state names its objects, for the weakest preconditions above it). `None` when the
/// formula cannot be rebuilt.
pub fn rename(pool: &mut ExprPool, locs: &mut LocArrays, itp: &Itp, r: &Renaming) -> Option<Itp> {
    let size = |o: ObjRef| {
        itp.named
            .iter()
            .find(|x| x.0 == o)
            .and_then(|x| x.1)
            .unwrap_or(1)
    };
    let mut arrays = HashMap::new();
    for &(a, x) in &r.0 {
        if let Some(src) = locs.existing(Loc::Mem(a)) {
            arrays.insert(src, locs.array(pool, Loc::Mem(x), size(a)));
        }
    }
    let mut map = ToImages(arrays);
    let mut memo = HashMap::new();
    let mut f = |pool: &mut ExprPool, e: ExprId| subst(pool, locs, e, &mut memo, &mut map);
    let formula = match itp.formula {
        Some(e) => Some(f(pool, e)?),
        None => None,
    };
    let mut conjuncts = Vec::with_capacity(itp.conjuncts.len());
    for &c in &itp.conjuncts {
        conjuncts.push(f(pool, c)?);
    }
    let pin = |v: PinVal| match v {
        PinVal::Obj(o, off) => PinVal::Obj(r.get(o), off),
        v => v,
    };
    let mut named: Vec<_> = itp.named.iter().map(|&(o, n)| (r.get(o), n)).collect();
    named.sort();
    Some(Itp {
        formula,
        reg_pins: itp.reg_pins.iter().map(|&(s, v)| (s, pin(v))).collect(),
        mem_pins: itp
            .mem_pins
            .iter()
            .map(|&((o, off), v)| ((r.get(o), off), pin(v)))
            .collect(),
        objects: itp.objects.iter().map(|&(o, n)| (r.get(o), n)).collect(),
        conjuncts,
        named,
        // A base address is checked on the renamed object (only an object keeping its
        // name can have it).
        bases: itp.bases.iter().map(|&(o, b)| (r.get(o), b)).collect(),
        provenance: itp
            .provenance
            .iter()
            .map(|&(l, k, o)| {
                let l = match l {
                    Loc::Mem(x) => Loc::Mem(r.get(x)),
                    l => l,
                };
                (l, k, r.get(o))
            })
            .collect(),
    })
}

/// A word of `n` bytes at `k` of a location, for tests.
#[cfg(test)]
fn mem_word(pool: &mut ExprPool, locs: &mut LocArrays, o: ObjRef, k: u64, n: u64) -> ExprId {
    let a = locs.array(pool, Loc::Mem(o), k + n);
    super::read_word(pool, a, k, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(idx: u32) -> ObjRef {
        ObjRef { idx, gen: 0 }
    }

    /// A state: live objects (size, heap), registers, pointers stored in memory.
    #[derive(Default)]
    struct St {
        objs: Vec<(ObjRef, u64, bool)>,
        regs: Vec<(u32, Held)>,
        mem: Vec<((ObjRef, u64), Held)>,
    }

    impl Objects for St {
        fn live(&self, o: ObjRef) -> Option<(u64, bool)> {
            self.objs.iter().find(|x| x.0 == o).map(|x| (x.1, x.2))
        }
        fn reg(&self, slot: u32) -> Option<Held> {
            self.regs.iter().find(|x| x.0 == slot).map(|x| x.1)
        }
        fn mem(&self, o: ObjRef, off: u64) -> Option<Held> {
            let (_, size, _) = self.objs.iter().find(|x| x.0 == o)?;
            if off + 8 > *size {
                return None;
            }
            Some(
                self.mem
                    .iter()
                    .find(|x| x.0 == (o, off))
                    .map_or(Held::Addr(0), |x| x.1),
            )
        }
    }

    /// An interpolant pinning r1 -> (A, 0), r2 -> (B, 0), with A (4 bytes) and B (8 bytes)
    /// heap objects.
    fn two_heap() -> Itp {
        let (a, b) = (obj(10), obj(11));
        Itp {
            reg_pins: vec![(1, PinVal::Obj(a, 0)), (2, PinVal::Obj(b, 0))],
            objects: vec![(a, 4), (b, 8)],
            named: vec![(a, Some(4)), (b, Some(8))],
            ..Itp::default()
        }
    }

    #[test]
    fn objects_allocated_in_another_order_match() {
        let itp = two_heap();
        // The state allocated B first: its objects are 10 (8 bytes) and 11 (4 bytes).
        let st = St {
            objs: vec![(obj(10), 8, true), (obj(11), 4, true)],
            regs: vec![(1, Held::Obj(obj(11), 0)), (2, Held::Obj(obj(10), 0))],
            ..St::default()
        };
        let r = matching(&itp, &st).expect("a renaming");
        assert_eq!(r.get(obj(10)), obj(11));
        assert_eq!(r.get(obj(11)), obj(10));
        // The same names: the identity (nothing renamed).
        let same = St {
            objs: vec![(obj(10), 4, true), (obj(11), 8, true)],
            regs: vec![(1, Held::Obj(obj(10), 0)), (2, Held::Obj(obj(11), 0))],
            ..St::default()
        };
        assert!(matching(&itp, &same).unwrap().is_identity());
    }

    #[test]
    fn aliasing_sizes_offsets_and_kinds_are_kept() {
        let itp = two_heap();
        // Both registers point to one object: not injective.
        let alias = St {
            objs: vec![(obj(20), 4, true), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(obj(20), 0)), (2, Held::Obj(obj(20), 0))],
            ..St::default()
        };
        assert!(matching(&itp, &alias).is_none());
        // A's image is larger than A: an access out of bounds in A would not be in it.
        let size = St {
            objs: vec![(obj(20), 8, true), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(obj(20), 0)), (2, Held::Obj(obj(21), 0))],
            ..St::default()
        };
        assert!(matching(&itp, &size).is_none());
        // Another offset.
        let off = St {
            objs: vec![(obj(20), 4, true), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(obj(20), 0)), (2, Held::Obj(obj(21), 4))],
            ..St::default()
        };
        assert!(matching(&itp, &off).is_none());
        // A stack object of the right size is no image of a heap object.
        let stack = St {
            objs: vec![(obj(20), 4, false), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(obj(20), 0)), (2, Held::Obj(obj(21), 0))],
            ..St::default()
        };
        assert!(matching(&itp, &stack).is_none());
        // A renamed object may not be the image of an object that keeps its name.
        let mut itp2 = two_heap();
        let g = obj(30);
        itp2.objects.push((g, 4));
        itp2.named.push((g, None));
        let onto_global = St {
            objs: vec![(g, 4, true), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(g, 0)), (2, Held::Obj(obj(21), 0))],
            ..St::default()
        };
        assert!(matching(&itp2, &onto_global).is_none());
        // An object that may not be renamed is matched by identity only.
        let mut itp3 = two_heap();
        itp3.named[0].1 = None;
        let moved = St {
            objs: vec![(obj(20), 4, true), (obj(21), 8, true)],
            regs: vec![(1, Held::Obj(obj(20), 0)), (2, Held::Obj(obj(21), 0))],
            ..St::default()
        };
        assert!(matching(&itp3, &moved).is_none());
        assert!(matching(&itp, &moved).is_some());
    }

    #[test]
    fn pins_in_memory_follow_renamed_objects() {
        // A global G (not renamed) holds a pointer to heap A, which holds a pointer to heap B.
        let (g, a, b) = (obj(1), obj(10), obj(11));
        let itp = Itp {
            mem_pins: vec![
                ((a, 0), PinVal::Obj(b, 0)),
                ((g, 0), PinVal::Obj(a, 0)),
                ((b, 8), PinVal::Addr(0)),
            ],
            objects: vec![(g, 8), (a, 16), (b, 16)],
            named: vec![(g, None), (a, Some(16)), (b, Some(16))],
            ..Itp::default()
        };
        let (x, y) = (obj(40), obj(41));
        let mut st = St {
            objs: vec![(g, 8, false), (x, 16, true), (y, 16, true)],
            mem: vec![((g, 0), Held::Obj(x, 0)), ((x, 0), Held::Obj(y, 0))],
            ..St::default()
        };
        let r = matching(&itp, &st).expect("a renaming");
        assert_eq!((r.get(a), r.get(b), r.get(g)), (x, y, g));
        // B's pinned null is not null in its image.
        st.mem.push(((y, 8), Held::Addr(1)));
        assert!(matching(&itp, &st).is_none());
        // A cycle through one object where the interpolant had two.
        let cyc = St {
            objs: vec![(g, 8, false), (x, 16, true)],
            mem: vec![((g, 0), Held::Obj(x, 0)), ((x, 0), Held::Obj(x, 0))],
            ..St::default()
        };
        assert!(matching(&itp, &cyc).is_none());
    }

    #[test]
    fn rename_moves_formula_pins_and_objects() {
        let mut pool = ExprPool::new();
        let mut locs = LocArrays::default();
        let (a, b, x, y) = (obj(10), obj(11), obj(20), obj(21));
        let wa = mem_word(&mut pool, &mut locs, a, 0, 4);
        let wb = mem_word(&mut pool, &mut locs, b, 0, 4);
        let f = pool.ult(wa, wb);
        let itp = Itp {
            formula: Some(f),
            conjuncts: vec![f],
            reg_pins: vec![(1, PinVal::Obj(a, 0))],
            mem_pins: vec![((a, 8), PinVal::Obj(b, 0))],
            objects: vec![(a, 16), (b, 4)],
            named: vec![(a, Some(16)), (b, Some(4))],
            bases: vec![(b, 0x1000)],
            provenance: vec![(Loc::Mem(a), 8, b)],
        };
        let r = Renaming(vec![(a, x), (b, y)]);
        let out = rename(&mut pool, &mut locs, &itp, &r).unwrap();
        let (wx, wy) = (
            mem_word(&mut pool, &mut locs, x, 0, 4),
            mem_word(&mut pool, &mut locs, y, 0, 4),
        );
        assert_eq!(out.formula, Some(pool.ult(wx, wy)));
        assert_eq!(out.conjuncts, vec![pool.ult(wx, wy)]);
        // The base address stays: only an object that has it passes the check.
        assert_eq!(out.bases, vec![(y, 0x1000)]);
        assert_eq!(out.provenance, vec![(Loc::Mem(x), 8, y)]);
        assert_eq!(out.reg_pins, vec![(1, PinVal::Obj(x, 0))]);
        assert_eq!(out.mem_pins, vec![((x, 8), PinVal::Obj(y, 0))]);
        assert_eq!(out.objects, vec![(x, 16), (y, 4)]);
        // `named` lists the formula's objects too.
        let n = named(&pool, &locs, &out, |o| (o == x || o == y).then_some(4));
        assert_eq!(n, vec![(x, Some(4)), (y, Some(4))]);
        assert!(named(&pool, &locs, &out, |_| None).is_empty());
    }
}
