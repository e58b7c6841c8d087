//! Smart constructors (see below).
