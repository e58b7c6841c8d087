//! The interpreter: states, memory, instruction semantics, builtins, system calls.
