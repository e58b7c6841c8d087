//! Which functions are the C library's output functions (`output.rs` summarizes their calls).

/// The output functions summarized, by what their arguments are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::itp) enum OutFn {
    /// `printf(fmt, ...)`, `fprintf(f, fmt, ...)`: the stream's argument index, the format's.
    Format(Option<usize>, usize),
    /// `puts(s)`, `fputs(s, f)`: a string, then maybe a stream.
    Str(Option<usize>),
    /// `putchar(c)`, `fputc(c, f)`, `putc(c, f)`: a byte, then maybe a stream.
    Char(Option<usize>),
    /// `fwrite(p, size, n, f)`.
    Fwrite,
    /// `__stdio_exit()`, `exit`'s flush of the streams: after it the process ends, so what it
    /// does only matters if it fails (a `lseek` of stdin is allowed on the recorded path).
    Exit,
}

impl OutFn {
    fn of(name: &str) -> Option<OutFn> {
        Some(match name {
            "printf" => OutFn::Format(None, 0),
            "fprintf" => OutFn::Format(Some(0), 1),
            "puts" => OutFn::Str(None),
            "fputs" => OutFn::Str(Some(1)),
            "putchar" => OutFn::Char(None),
            "fputc" | "putc" => OutFn::Char(Some(1)),
            "fwrite" => OutFn::Fwrite,
            "__stdio_exit" => OutFn::Exit,
            _ => return None,
        })
    }
}

/// Per function of `m`: the output function it is, when it is musl's own (its definition in
/// musl's stdio sources: a program's own `printf` is followed as any function).
pub(super) fn out_fns(m: &crate::ir::Module) -> Vec<Option<OutFn>> {
    m.functions
        .iter()
        .map(|f| {
            let k = OutFn::of(&f.name).filter(|_| !f.is_declaration)?;
            let at = m.loc_string(f.loc)?;
            at.contains("musl/src/stdio/").then_some(k)
        })
        .collect()
}
