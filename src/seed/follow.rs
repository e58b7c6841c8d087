//! How seeds follow a path: whether a seed satisfies a condition on the path, and KLEE's
//! `patchSeed` for one that violates a constraint added to it. Over the path's constraints,
//! an expression pool and a solver: the interpreter calls these at its forks and constraints
//! (`exec/interp/seeding.rs`).

use super::Seed;
use crate::expr::{ExprId, ExprPool};
use crate::solver::{Query, Solver};

/// Whether seed `s` satisfies `c` when the seed alone decides it (`c` is constant, or reads
/// only bytes the seed binds); `None`: the path's constraints must be asked ([`satisfies`] asks).
pub(crate) fn decided(pool: &ExprPool, s: &Seed, c: ExprId) -> Option<bool> {
    if let Some(b) = pool.as_const(c) {
        return Some(b != 0);
    }
    s.binds_all(pool, c).then(|| s.holds(pool, c))
}

/// KLEE's `patchSeed`: changes the fewest bytes, greedily, for the seed to satisfy the
/// path and `c`: the bytes of the arrays `c` reads first (each kept unless the path and
/// the bytes kept so far exclude it, else given a value they allow), then, if `c` still
/// fails, the bytes of the other arrays. `None`: the solver could not patch it.
pub(crate) fn patch(
    pool: &mut ExprPool,
    sv: &mut (dyn Solver + Send),
    constraints: &[ExprId],
    s: &mut Seed,
    c: ExprId,
) -> Option<()> {
    let mut required = constraints.to_vec();
    required.push(c);
    let first = crate::expr::eval::arrays_of(pool, c);
    for a in s.arrays_from(&first) {
        if !first.contains(&a) && satisfies(pool, sv, &required, s, c) {
            break;
        }
        for i in 0..s.bytes(a).len() {
            let is_seed = s.byte_is(pool, a, i, s.bytes(a)[i]);
            match sv.may_be_true(pool, Query::new(&required, is_seed)) {
                Ok(true) => required.push(is_seed),
                Ok(false) => {
                    let idx = pool.constant(32, i as u128);
                    let r = pool.read(a, None, idx);
                    let v = sv.get_value(pool, &required, r).ok()?;
                    s.set_byte(a, i, v as u8);
                    let fixed = s.byte_is(pool, a, i, v as u8);
                    required.push(fixed);
                }
                Err(_) => return None,
            }
        }
    }
    Some(())
}

/// Whether seed `s` satisfies `c` on a path with `required` constraints: its value under the
/// seed, or, when `c` reads bytes the seed leaves free (seed extension), whether the path
/// allows `c` with the seed's bytes (KLEE asks the solver for a value of the condition).
pub(crate) fn satisfies(
    pool: &mut ExprPool,
    sv: &mut (dyn Solver + Send),
    required: &[ExprId],
    s: &Seed,
    c: ExprId,
) -> bool {
    if let Some(b) = decided(pool, s, c) {
        return b;
    }
    let mut cs = required.to_vec();
    cs.extend(s.bound_bytes(pool, c));
    sv.may_be_true(pool, Query::new(&cs, c)).unwrap_or(false)
}
