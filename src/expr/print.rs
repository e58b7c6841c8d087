//! Printing.
