//! `.ktest` files, byte-compatible with KLEE's format (version 3).
//!
//! Layout: magic `KTEST`, u32 version, u32 argc, argc × (u32 len, bytes), u32 sym_argvs,
//! u32 sym_argv_len, u32 object count, objects × (u32 name len, name, u32 size, bytes).
//! All integers are big-endian.

use std::io::{self, Read, Write};

const MAGIC: &[u8; 5] = b"KTEST";
/// KLEE writes version 3; it reads 1..=3 (versions before 2 lack the sym-argv fields).
const VERSION: u32 = 3;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KTestObject {
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KTest {
    /// The command line trex was run with (KLEE records its own argv here).
    pub args: Vec<String>,
    pub sym_argvs: u32,
    pub sym_argv_len: u32,
    pub objects: Vec<KTestObject>,
}

#[derive(Debug, thiserror::Error)]
pub enum KTestError {
    #[error("not a .ktest file (bad magic)")]
    BadMagic,
    #[error("unsupported .ktest version {0}")]
    BadVersion(u32),
    #[error("truncated .ktest file")]
    Truncated,
    #[error(transparent)]
    Io(#[from] io::Error),
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_u32(out, b.len() as u32);
    out.extend_from_slice(b);
}

impl KTest {
    /// The test of a path: the command line `args` and the path's symbolic objects (name and
    /// bytes), without symbolic argv.
    pub fn of_objects(args: Vec<String>, objects: &[(String, Vec<u8>)]) -> KTest {
        KTest {
            args,
            objects: objects
                .iter()
                .map(|(name, bytes)| KTestObject {
                    name: name.clone(),
                    bytes: bytes.clone(),
                })
                .collect(),
            ..KTest::default()
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        put_u32(&mut out, VERSION);
        put_u32(&mut out, self.args.len() as u32);
        for a in &self.args {
            put_bytes(&mut out, a.as_bytes());
        }
        put_u32(&mut out, self.sym_argvs);
        put_u32(&mut out, self.sym_argv_len);
        put_u32(&mut out, self.objects.len() as u32);
        for o in &self.objects {
            put_bytes(&mut out, o.name.as_bytes());
            put_bytes(&mut out, &o.bytes);
        }
        out
    }

    pub fn write_to(&self, w: &mut dyn Write) -> io::Result<()> {
        w.write_all(&self.to_bytes())
    }

    pub fn from_bytes(data: &[u8]) -> Result<KTest, KTestError> {
        let mut r = Reader { data, pos: 0 };
        if r.take(5)? != MAGIC {
            return Err(KTestError::BadMagic);
        }
        let version = r.u32()?;
        if !(1..=VERSION).contains(&version) {
            return Err(KTestError::BadVersion(version));
        }
        let mut kt = KTest::default();
        for _ in 0..r.u32()? {
            kt.args.push(r.string()?);
        }
        if version >= 2 {
            kt.sym_argvs = r.u32()?;
            kt.sym_argv_len = r.u32()?;
        }
        for _ in 0..r.u32()? {
            let name = r.string()?;
            let bytes = r.bytes()?.to_vec();
            kt.objects.push(KTestObject { name, bytes });
        }
        Ok(kt)
    }

    pub fn read_from(r: &mut dyn Read) -> Result<KTest, KTestError> {
        let mut data = Vec::new();
        r.read_to_end(&mut data)?;
        KTest::from_bytes(&data)
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], KTestError> {
        let end = self.pos.checked_add(n).ok_or(KTestError::Truncated)?;
        let s = self.data.get(self.pos..end).ok_or(KTestError::Truncated)?;
        self.pos = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, KTestError> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn bytes(&mut self) -> Result<&'a [u8], KTestError> {
        let n = self.u32()? as usize;
        self.take(n)
    }
    fn string(&mut self) -> Result<String, KTestError> {
        Ok(String::from_utf8_lossy(self.bytes()?).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_klee_v3() {
        let kt = KTest {
            args: vec!["a.bc".into()],
            sym_argvs: 0,
            sym_argv_len: 0,
            objects: vec![KTestObject {
                name: "x".into(),
                bytes: vec![1, 2, 3, 4],
            }],
        };
        let b = kt.to_bytes();
        let expected: Vec<u8> = [
            &b"KTEST"[..],
            &[0, 0, 0, 3],
            &[0, 0, 0, 1],
            &[0, 0, 0, 4],
            b"a.bc",
            &[0, 0, 0, 0],
            &[0, 0, 0, 0],
            &[0, 0, 0, 1],
            &[0, 0, 0, 1],
            b"x",
            &[0, 0, 0, 4],
            &[1, 2, 3, 4],
        ]
        .concat();
        assert_eq!(b, expected);
        assert_eq!(KTest::from_bytes(&b).unwrap(), kt);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(matches!(
            KTest::from_bytes(b"KTEXX"),
            Err(KTestError::BadMagic)
        ));
        assert!(matches!(
            KTest::from_bytes(b"KTEST\0\0\0\x09"),
            Err(KTestError::BadVersion(9))
        ));
        assert!(matches!(
            KTest::from_bytes(b"KTEST\0\0\0\x03\0\0\0\x05"),
            Err(KTestError::Truncated)
        ));
    }

    #[test]
    fn reads_version_1_without_sym_argv_fields() {
        let data = [&b"KTEST"[..], &[0, 0, 0, 1], &[0, 0, 0, 0], &[0, 0, 0, 0]].concat();
        let kt = KTest::from_bytes(&data).unwrap();
        assert!(kt.objects.is_empty() && kt.args.is_empty());
    }
}
