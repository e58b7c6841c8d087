//! KLEE's seeds (`--seed-file`, `--seed-dir`): tests whose inputs steer the first part of the
//! exploration. A seed is bound to a path's symbolic objects as they are made (KLEE's
//! `SeedInfo`): the next object of the test, in order, or the one of the same name with
//! `--named-seed-matching`. A condition is then evaluated under the seed's values. The
//! interpreter's side (which path carries which seeds, forks, `klee_assume`, the seeding
//! phase) is `exec/interp/seeding.rs`.

use std::sync::Arc;
use std::time::Duration;

/// Whether a seed satisfies a condition on a path; patching one that does not.
pub(crate) mod follow;

use crate::expr::eval::{self, Assignment};
use crate::expr::{ArrayId, ExprId, ExprPool};

/// A seed's objects (name, bytes), in the test's order, shared by the paths that follow it.
pub type SeedInput = Arc<[(String, Vec<u8>)]>;

/// The seeds and KLEE's seeding options.
#[derive(Clone, Debug, Default)]
pub struct Seeding {
    /// The seeds.
    pub seeds: Vec<SeedInput>,
    /// `--named-seed-matching`: an object takes the seed's object of the same name.
    pub named_matching: bool,
    /// `--allow-seed-extension`: a seed object smaller than the symbolic object (or none)
    /// leaves the bytes past it free.
    pub allow_extension: bool,
    /// `--zero-seed-extension`: ... or zero.
    pub zero_extension: bool,
    /// `--allow-seed-truncation`: a larger seed object gives its first bytes.
    pub allow_truncation: bool,
    /// `--only-replay-seeds`: paths without a seed are dropped.
    pub only_replay: bool,
    /// `--only-seed`: the run stops when seeding is done.
    pub only_seed: bool,
    /// `--seed-time`: the seeding phase's budget.
    pub seed_time: Option<Duration>,
    /// `--always-output-seeds` (KLEE's default): a path with seeds gets its test even under
    /// `--only-output-states-covering-new`.
    pub always_output: bool,
}

/// One seed on one path: the test, how far its objects were taken, and the values bound to
/// the path's arrays (patched when a constraint it violated was added).
#[derive(Clone, Debug)]
pub struct Seed {
    input: SeedInput,
    /// The next object (matching by order).
    position: usize,
    /// The objects taken (matching by name).
    used: Vec<bool>,
    pub(crate) values: Assignment,
}

impl Seed {
    pub fn new(input: SeedInput) -> Seed {
        let used = vec![false; input.len()];
        Seed {
            input,
            position: 0,
            used,
            values: Assignment::new(),
        }
    }

    /// KLEE's `getNextInput`: the index of the seed object for a symbolic object `name` of
    /// `size` bytes, with KLEE's warnings about name matching.
    fn next_input(
        &mut self,
        name: &str,
        size: u64,
        by_name: bool,
        warn: &mut dyn FnMut(String),
    ) -> Option<usize> {
        if !by_name {
            let i = self.position;
            if i >= self.input.len() {
                return None;
            }
            self.position += 1;
            return Some(i);
        }
        if let Some(i) = (0..self.input.len()).find(|&i| !self.used[i] && self.input[i].0 == name) {
            self.used[i] = true;
            return Some(i);
        }
        // The first unused object is taken when its size matches.
        if let Some(i) = self.used.iter().position(|u| !u) {
            let (oname, bytes) = &self.input[i];
            if bytes.len() as u64 == size {
                self.used[i] = true;
                warn(format!(
                    "using seed input {oname}[{}] for: {name} (no name match)",
                    bytes.len()
                ));
                return Some(i);
            }
        }
        warn(format!("no seed input for: {name}"));
        None
    }

    /// Binds the seed's object for the new symbolic `array` (`name`, `size` bytes). `Err`:
    /// KLEE's user error that ends the path (the seed does not fit this object).
    pub fn bind(
        &mut self,
        opts: &Seeding,
        array: ArrayId,
        name: &str,
        size: u64,
        warn: &mut dyn FnMut(String),
    ) -> Result<(), String> {
        let Some(i) = self.next_input(name, size, opts.named_matching, warn) else {
            if opts.zero_extension {
                self.values.values.insert(array, vec![0; size as usize]);
            } else if !opts.allow_extension {
                return Err("ran out of inputs during seeding".into());
            }
            return Ok(());
        };
        let (oname, bytes) = &self.input[i];
        let n = bytes.len() as u64;
        let extend = opts.allow_extension || opts.zero_extension;
        if n != size && ((!extend && n < size) || (!opts.allow_truncation && n > size)) {
            return Err(format!(
                "replace size mismatch: {name}[{size}] vs {oname}[{n}] in test"
            ));
        }
        let mut v = bytes[..n.min(size) as usize].to_vec();
        if opts.zero_extension {
            v.resize(size as usize, 0);
        }
        self.values.values.insert(array, v);
        Ok(())
    }

    /// Whether every byte `c` reads is bound (its value is then [`Seed::holds`]).
    pub fn binds_all(&self, pool: &ExprPool, c: ExprId) -> bool {
        eval::arrays_of(pool, c).into_iter().all(|a| {
            let arr = pool.array(a);
            arr.init.is_some()
                || self
                    .values
                    .values
                    .get(&a)
                    .is_some_and(|v| v.len() as u64 >= arr.size)
        })
    }

    /// The value of the condition `c` under the seed (the bytes it does not bind read 0:
    /// callers ask [`Seed::binds_all`] first).
    pub fn holds(&self, pool: &ExprPool, c: ExprId) -> bool {
        eval::eval(pool, c, &self.values) != 0
    }

    /// `read(a, i) == byte` for every byte the seed binds in the arrays `c` reads (with the
    /// path constraints, the query of a condition that reads free bytes too).
    pub fn bound_bytes(&self, pool: &mut ExprPool, c: ExprId) -> Vec<ExprId> {
        let mut eqs = Vec::new();
        for a in eval::arrays_of(pool, c) {
            let Some(v) = self.values.values.get(&a) else {
                continue;
            };
            for (i, &b) in v.iter().enumerate() {
                eqs.push(self.byte_is(pool, a, i, b));
            }
        }
        eqs
    }

    /// `read(a, i) == b`.
    pub fn byte_is(&self, pool: &mut ExprPool, a: ArrayId, i: usize, b: u8) -> ExprId {
        let idx = pool.constant(32, i as u128);
        let r = pool.read(a, None, idx);
        let k = pool.constant(8, b as u128);
        pool.eq(r, k)
    }

    /// The bound arrays, `first` ones first (the order [`Seed`] patching visits them).
    pub fn arrays_from(&self, first: &[ArrayId]) -> Vec<ArrayId> {
        let mut rest: Vec<ArrayId> = self
            .values
            .values
            .keys()
            .copied()
            .filter(|a| !first.contains(a))
            .collect();
        rest.sort();
        let mut v: Vec<ArrayId> = first
            .iter()
            .copied()
            .filter(|a| self.values.values.contains_key(a))
            .collect();
        v.extend(rest);
        v
    }

    /// The bytes bound to `a`.
    pub fn bytes(&self, a: ArrayId) -> &[u8] {
        self.values.values.get(&a).map_or(&[], |v| v)
    }

    /// Sets byte `i` of `a` (patching).
    pub fn set_byte(&mut self, a: ArrayId, i: usize, b: u8) {
        if let Some(v) = self.values.values.get_mut(&a) {
            v[i] = b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Array;

    fn input(objs: &[(&str, &[u8])]) -> SeedInput {
        objs.iter()
            .map(|(n, b)| (n.to_string(), b.to_vec()))
            .collect::<Vec<_>>()
            .into()
    }

    fn array(pool: &mut ExprPool, name: &str, size: u64) -> ArrayId {
        pool.new_array(Array {
            name: name.into(),
            size,
            domain: 32,
            init: None,
        })
    }

    /// `x` (4 bytes, little-endian) == k.
    fn x_is(pool: &mut ExprPool, a: ArrayId, k: u128) -> ExprId {
        let z = pool.constant(32, 0);
        let x = pool.read_bytes_le(a, None, z, 4);
        let k = pool.constant(32, k);
        pool.eq(x, k)
    }

    fn no_warning(w: String) {
        panic!("unexpected warning: {w}");
    }

    #[test]
    fn objects_are_taken_in_order_and_evaluated() {
        let mut pool = ExprPool::new();
        let (a, b) = (array(&mut pool, "a", 4), array(&mut pool, "b", 4));
        let mut s = Seed::new(input(&[("x", &[7, 0, 0, 0]), ("y", &[1, 2, 3, 4])]));
        let opts = Seeding::default();
        s.bind(&opts, a, "a", 4, &mut no_warning).unwrap();
        s.bind(&opts, b, "b", 4, &mut no_warning).unwrap();
        let c = x_is(&mut pool, a, 7);
        assert!(s.binds_all(&pool, c));
        assert!(s.holds(&pool, c));
        let d = x_is(&mut pool, b, 0x0403_0201);
        assert!(s.holds(&pool, d));
        let e = x_is(&mut pool, b, 5);
        assert!(!s.holds(&pool, e));
        // A third object: the seed has none left.
        let c3 = array(&mut pool, "c", 1);
        assert_eq!(
            s.bind(&opts, c3, "c", 1, &mut no_warning),
            Err("ran out of inputs during seeding".into())
        );
    }

    #[test]
    fn sizes_must_match_unless_extended_or_truncated() {
        let mut pool = ExprPool::new();
        let a = array(&mut pool, "a", 4);
        let short = input(&[("a", &[1, 2])]);
        let long = input(&[("a", &[1, 2, 3, 4, 5, 6])]);
        let opts = Seeding::default();
        assert_eq!(
            Seed::new(short.clone()).bind(&opts, a, "a", 4, &mut no_warning),
            Err("replace size mismatch: a[4] vs a[2] in test".into())
        );
        assert_eq!(
            Seed::new(long.clone()).bind(&opts, a, "a", 4, &mut no_warning),
            Err("replace size mismatch: a[4] vs a[6] in test".into())
        );
        // Extension: the bytes past the seed's are free (not all bound) ...
        let ext = Seeding {
            allow_extension: true,
            ..Seeding::default()
        };
        let mut s = Seed::new(short.clone());
        s.bind(&ext, a, "a", 4, &mut no_warning).unwrap();
        let c = x_is(&mut pool, a, 0x0201);
        assert!(!s.binds_all(&pool, c));
        assert_eq!(s.bytes(a), &[1, 2]);
        // ... or zero.
        let zero = Seeding {
            zero_extension: true,
            ..Seeding::default()
        };
        let mut s = Seed::new(short);
        s.bind(&zero, a, "a", 4, &mut no_warning).unwrap();
        assert!(s.binds_all(&pool, c) && s.holds(&pool, c));
        // Truncation: the first bytes.
        let trunc = Seeding {
            allow_truncation: true,
            ..Seeding::default()
        };
        let mut s = Seed::new(long);
        s.bind(&trunc, a, "a", 4, &mut no_warning).unwrap();
        assert_eq!(s.bytes(a), &[1, 2, 3, 4]);
        // Zero extension also stands in for a missing object.
        let b = array(&mut pool, "b", 2);
        s.bind(&zero, b, "b", 2, &mut no_warning).unwrap();
        assert_eq!(s.bytes(b), &[0, 0]);
    }

    #[test]
    fn named_matching_takes_the_object_of_the_same_name() {
        let mut pool = ExprPool::new();
        let (a, b, c) = (
            array(&mut pool, "a", 1),
            array(&mut pool, "b", 1),
            array(&mut pool, "c", 2),
        );
        let named = Seeding {
            named_matching: true,
            ..Seeding::default()
        };
        let mut s = Seed::new(input(&[("b", &[2]), ("a", &[1]), ("z", &[9])]));
        s.bind(&named, a, "a", 1, &mut no_warning).unwrap();
        s.bind(&named, b, "b", 1, &mut no_warning).unwrap();
        assert_eq!((s.bytes(a), s.bytes(b)), (&[1u8][..], &[2u8][..]));
        // No name match: the first unused object when its size matches, with a warning.
        let mut warnings = Vec::new();
        let d = array(&mut pool, "d", 1);
        s.bind(&named, d, "d", 1, &mut |w| warnings.push(w))
            .unwrap();
        assert_eq!(s.bytes(d), &[9]);
        assert_eq!(warnings, ["using seed input z[1] for: d (no name match)"]);
        warnings.clear();
        let r = s.bind(&named, c, "c", 2, &mut |w| warnings.push(w));
        assert_eq!(r, Err("ran out of inputs during seeding".into()));
        assert_eq!(warnings, ["no seed input for: c"]);
    }

    #[test]
    fn bound_bytes_fix_what_the_seed_gives() {
        let mut pool = ExprPool::new();
        let a = array(&mut pool, "a", 4);
        let ext = Seeding {
            allow_extension: true,
            ..Seeding::default()
        };
        let mut s = Seed::new(input(&[("a", &[5, 6])]));
        s.bind(&ext, a, "a", 4, &mut no_warning).unwrap();
        let c = x_is(&mut pool, a, 0x0605);
        let eqs = s.bound_bytes(&mut pool, c);
        assert_eq!(eqs.len(), 2);
        s.set_byte(a, 1, 9);
        assert_eq!(s.bytes(a), &[5, 9]);
        assert_eq!(s.arrays_from(&[]), vec![a]);
    }
}
