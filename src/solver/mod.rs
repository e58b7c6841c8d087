//! Solver queries over expression ids: the chain (constant fast path, independence, caches) and
//! the Z3 backend. Implementation lands from the `solver` branch.
