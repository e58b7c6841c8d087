//! Diagnostics: `tracing` events (interpolation reasons `trex::itp`, link steps `trex::link`,
//! solver details `trex::solver`) go to stderr through the progress bar, filtered by
//! `TREX_LOG` and `--debug[=FILTER]` (`tracing_subscriber::EnvFilter` directives). By default
//! only warnings pass. What KLEE users read (`KLEE: ...`, `TREX: ...`, `trex: error: ...`,
//! the verify table) is not a diagnostic and never goes through here.

use std::io::IsTerminal;

use tracing_subscriber::filter::{EnvFilter, LevelFilter};

use super::progress;

/// The filter `--debug` alone stands for.
pub const DEBUG_DEFAULT: &str = "trex=debug";

/// The environment variable of the filter.
pub const ENV: &str = "TREX_LOG";

/// The deprecated switch that stands for `TREX_LOG=trex::itp=debug`.
pub const ITP_ALIAS: &str = "TREX_ITP_DEBUG";

/// Parses a filter (clap's value parser of `--debug`).
pub fn parse_filter(s: &str) -> Result<String, String> {
    EnvFilter::builder()
        .parse(s)
        .map(|_| s.to_string())
        .map_err(|e| format!("invalid filter `{s}`: {e}"))
}

/// The directives in force: `warn`, then `TREX_LOG`, then `trex::itp=debug` when
/// `TREX_ITP_DEBUG` is set, then `--debug`'s. An unparsable `TREX_LOG` is left out (its
/// error is returned, to be logged as a warning).
fn filter(
    env: Option<String>,
    itp_alias: bool,
    debug: Option<&str>,
) -> (EnvFilter, Option<String>) {
    // EnvFilter's own default directive applies only to an empty filter: warnings go first,
    // the least specific directive.
    let mut dirs = vec![LevelFilter::WARN.to_string()];
    let mut bad = None;
    if let Some(e) = env.filter(|e| !e.trim().is_empty()) {
        match EnvFilter::builder().parse(&e) {
            Ok(_) => dirs.push(e),
            Err(err) => bad = Some(format!("{ENV}={e} ignored: {err}")),
        }
    }
    if itp_alias {
        dirs.push("trex::itp=debug".into());
    }
    if let Some(d) = debug {
        dirs.push(d.to_string());
    }
    let f = EnvFilter::builder().parse_lossy(dirs.join(","));
    (f, bad)
}

/// A writer that prints each formatted event (one `write_all`) above the progress bar when
/// one is drawn, on plain stderr otherwise.
struct StderrAboveBar;

impl std::io::Write for StderrAboveBar {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        progress::write_stderr(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Installs the process's subscriber (once; later calls do nothing). `debug`: the value of
/// `--debug` (`Some(DEBUG_DEFAULT)` for `--debug` alone).
pub fn init(debug: Option<&str>) {
    let (filter, bad) = filter(
        std::env::var(ENV).ok(),
        std::env::var_os(ITP_ALIAS).is_some(),
        debug,
    );
    let ok = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| StderrAboveBar)
        .with_ansi(std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none())
        .with_timer(tracing_subscriber::fmt::time::uptime())
        .try_init()
        .is_ok();
    if let (true, Some(bad)) = (ok, bad) {
        tracing::warn!(target: "trex", "{bad}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing::{enabled, Level};

    /// Which of (itp debug, link debug, link trace, solver debug, itp info... ) pass `f`.
    fn passes(f: EnvFilter) -> [bool; 5] {
        let sub = tracing_subscriber::fmt()
            .with_env_filter(f)
            .with_writer(std::io::sink)
            .finish();
        tracing::subscriber::with_default(sub, || {
            [
                enabled!(target: "trex::itp", Level::DEBUG),
                enabled!(target: "trex::link", Level::DEBUG),
                enabled!(target: "trex::link", Level::TRACE),
                enabled!(target: "trex::solver", Level::DEBUG),
                enabled!(target: "trex", Level::WARN),
            ]
        })
    }

    #[test]
    fn default_is_warnings_only() {
        let (f, bad) = filter(None, false, None);
        assert!(bad.is_none());
        assert_eq!(passes(f), [false, false, false, false, true]);
    }

    #[test]
    fn env_debug_flag_and_alias_combine() {
        let (f, _) = filter(None, false, Some(DEBUG_DEFAULT));
        assert_eq!(passes(f), [true, true, false, true, true]);
        let (f, _) = filter(None, true, None);
        assert_eq!(passes(f), [true, false, false, false, true]);
        let (f, _) = filter(Some("trex::link=trace".into()), false, None);
        assert_eq!(passes(f), [false, true, true, false, true]);
        // A bare level overrides the default one.
        let (f, _) = filter(Some("debug".into()), false, None);
        assert_eq!(passes(f), [true, true, false, true, true]);
        let (f, _) = filter(Some("error".into()), false, None);
        assert_eq!(passes(f), [false, false, false, false, false]);
        let (f, _) = filter(
            Some("trex::link=trace".into()),
            true,
            Some("trex::solver=debug"),
        );
        assert_eq!(passes(f), [true, true, true, true, true]);
    }

    #[test]
    fn a_bad_env_filter_is_reported_and_left_out() {
        let (f, bad) = filter(Some("trex=loud".into()), true, None);
        assert!(bad.unwrap().starts_with("TREX_LOG=trex=loud ignored"));
        assert_eq!(passes(f), [true, false, false, false, true]);
        assert!(parse_filter("trex=loud").is_err());
        assert!(parse_filter("trex::itp=debug,trex::link=trace").is_ok());
    }
}
