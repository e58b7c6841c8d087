//! A map keyed by (object, offset), grouped by object: forgetting an object or the entries
//! overlapping a byte range costs what it touches, not the size of the map (the shadow of a
//! segment, `wp/`, did a scan of every byte written per store and per allocation: quadratic
//! in a segment's writes, most of the interpolation time of a recursive program).

use std::collections::BTreeMap;
use std::ops::Range;

use hashbrown::HashMap;

use crate::exec::memory::ObjRef;

#[derive(Clone, Debug)]
pub(super) struct ObjMap<V> {
    by_obj: HashMap<ObjRef, BTreeMap<u64, V>>,
}

impl<V> Default for ObjMap<V> {
    fn default() -> Self {
        ObjMap {
            by_obj: HashMap::new(),
        }
    }
}

impl<V> ObjMap<V> {
    pub(super) fn get(&self, o: ObjRef, off: u64) -> Option<&V> {
        self.by_obj.get(&o)?.get(&off)
    }

    /// Whether `o` has an entry at some offset of `offs`.
    pub(super) fn any_in(&self, o: ObjRef, offs: Range<u64>) -> bool {
        offs.start < offs.end
            && self
                .by_obj
                .get(&o)
                .is_some_and(|m| m.range(offs).next().is_some())
    }

    /// The objects with entries.
    pub(super) fn objects(&self) -> impl Iterator<Item = ObjRef> + '_ {
        self.by_obj.keys().copied()
    }

    /// The offsets with entries of `o`, in order.
    pub(super) fn offsets(&self, o: ObjRef) -> impl Iterator<Item = u64> + '_ {
        self.by_obj
            .get(&o)
            .into_iter()
            .flat_map(|m| m.keys().copied())
    }

    pub(super) fn insert(&mut self, o: ObjRef, off: u64, v: V) {
        self.by_obj.entry(o).or_default().insert(off, v);
    }

    /// Drops every entry of `o`.
    pub(super) fn forget(&mut self, o: ObjRef) {
        self.by_obj.remove(&o);
    }

    /// Drops the entries of `o` at offsets in `offs` for which `doomed(offset, value)` holds.
    pub(super) fn remove_in(
        &mut self,
        o: ObjRef,
        offs: Range<u64>,
        doomed: impl Fn(u64, &V) -> bool,
    ) {
        if offs.start >= offs.end {
            return;
        }
        let Some(m) = self.by_obj.get_mut(&o) else {
            return;
        };
        let gone: Vec<u64> = m
            .range(offs)
            .filter(|(k, v)| doomed(**k, v))
            .map(|(k, _)| *k)
            .collect();
        for k in gone {
            m.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(idx: u32) -> ObjRef {
        ObjRef { idx, gen: 0 }
    }

    #[test]
    fn entries_are_per_object_and_ranges_are_half_open() {
        let mut m = ObjMap::default();
        for off in 0..8 {
            m.insert(obj(1), off, off * 10);
            m.insert(obj(2), off, off);
        }
        assert_eq!(m.get(obj(1), 3), Some(&30));
        assert!(m.any_in(obj(1), 7..9));
        assert!(!m.any_in(obj(1), 8..12));
        assert!(!m.any_in(obj(1), 5..5));
        m.remove_in(obj(1), 2..6, |off, _| off % 2 == 0);
        let left: Vec<u64> = (0..8).filter(|&o| m.get(obj(1), o).is_some()).collect();
        assert_eq!(left, [0, 1, 3, 5, 6, 7]);
        // A reversed range (a caller's empty byte range) removes nothing and does not panic.
        #[allow(clippy::reversed_empty_ranges)]
        m.remove_in(obj(1), 6..2, |_, _| true);
        assert!(m.get(obj(1), 6).is_some());
        m.forget(obj(1));
        assert!(!m.any_in(obj(1), 0..100));
        assert!(m.any_in(obj(2), 0..100));
        assert!(m.get(obj(1), 0).is_none() && m.get(obj(2), 0).is_some());
        // Another generation of the same slot is another object.
        assert!(m.get(ObjRef { idx: 2, gen: 1 }, 0).is_none());
    }
}
