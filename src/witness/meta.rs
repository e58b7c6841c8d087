//! A witness's provenance: a random (version 4) UUID, the creation time (ISO 8601, UTC), the
//! producer, and the task file's SHA-256.

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

pub const PRODUCER: &str = "trex";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Debug, Clone)]
pub struct Meta {
    pub uuid: String,
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub creation_time: String,
}

impl Meta {
    pub fn now() -> Result<Meta> {
        let mut b = [0u8; 16];
        // The kernel's generator: no dependency for 16 random bytes.
        std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut b))
            .context("reading /dev/urandom for the witness's uuid")?;
        let t = crate::output::timestamp(std::time::SystemTime::now());
        Ok(Meta {
            uuid: uuid_v4(b),
            creation_time: t.replacen(' ', "T", 1) + "Z",
        })
    }
}

/// RFC 4122's version-4 UUID of 16 random bytes (version and variant bits set).
pub fn uuid_v4(mut b: [u8; 16]) -> String {
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// SHA-256 of a file, lower-case hex.
pub fn sha256_file(p: &Path) -> Result<String> {
    let bytes =
        std::fs::read(p).with_context(|| format!("reading {} for its hash", p.display()))?;
    Ok(Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_has_version_4_and_the_rfc_variant() {
        let u = uuid_v4([0xff; 16]);
        assert_eq!(u, "ffffffff-ffff-4fff-bfff-ffffffffffff");
        let u = uuid_v4([0; 16]);
        assert_eq!(u, "00000000-0000-4000-8000-000000000000");
    }

    #[test]
    fn time_is_iso_8601_utc() {
        let m = Meta::now().unwrap();
        let t = m.creation_time.as_bytes();
        assert_eq!(t.len(), 20, "{}", m.creation_time);
        assert_eq!(
            (t[4], t[7], t[10], t[13], t[16], t[19]),
            (b'-', b'-', b'T', b':', b':', b'Z')
        );
    }
}
