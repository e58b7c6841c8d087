//! Linking a program with the C library bitcode.
