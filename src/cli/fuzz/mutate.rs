//! Inputs for the fuzz harness: mutations of valid seeds (no coverage feedback, so a run is a
//! function of the RNG seed alone and can be repeated).

use rand::rngs::StdRng;
use rand::Rng;

/// Values that cross the bounds parsers check (lengths, counts, versions), as big-endian u32
/// (the `.ktest` integers) or text.
const INTERESTING_U32: [u32; 9] = [
    0,
    1,
    3,
    0x7f,
    0xff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
];

pub struct Mutator {
    pub seeds: Vec<Vec<u8>>,
    /// Tokens worth inserting whole (option names, units, keywords).
    pub dict: Vec<Vec<u8>>,
    /// Inputs are cut at this length (parsers are fuzzed, not the allocator).
    pub max_len: usize,
}

impl Mutator {
    /// One input: a seed with 1 to 8 mutations, or (1 in 32) random bytes.
    pub fn next(&self, rng: &mut StdRng, out: &mut Vec<u8>) {
        out.clear();
        if self.seeds.is_empty() || rng.gen_ratio(1, 32) {
            let n = rng.gen_range(0..64);
            out.extend((0..n).map(|_| rng.gen::<u8>()));
            return;
        }
        out.extend_from_slice(&self.seeds[rng.gen_range(0..self.seeds.len())]);
        for _ in 0..rng.gen_range(1..=8) {
            self.mutate(rng, out);
        }
        out.truncate(self.max_len);
    }

    fn mutate(&self, rng: &mut StdRng, v: &mut Vec<u8>) {
        let pos = |rng: &mut StdRng, v: &Vec<u8>| rng.gen_range(0..=v.len());
        match rng.gen_range(0..10) {
            0 if !v.is_empty() => {
                let i = rng.gen_range(0..v.len());
                v[i] ^= 1 << rng.gen_range(0..8);
            }
            1 if !v.is_empty() => {
                let i = rng.gen_range(0..v.len());
                v[i] = rng.gen();
            }
            2 => {
                let i = pos(rng, v);
                let n = rng.gen_range(1..=8);
                let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                v.splice(i..i, bytes);
            }
            3 if !v.is_empty() => {
                let i = rng.gen_range(0..v.len());
                let n = rng.gen_range(1..=16.min(v.len() - i));
                v.drain(i..i + n);
            }
            4 => {
                let n = pos(rng, v);
                v.truncate(n);
            }
            5 => {
                // Splice: this input's head and another seed's tail.
                let other = &self.seeds[rng.gen_range(0..self.seeds.len())];
                let i = pos(rng, v);
                let j = rng.gen_range(0..=other.len());
                v.truncate(i);
                v.extend_from_slice(&other[j..]);
            }
            6 if v.len() >= 4 => {
                let i = rng.gen_range(0..=v.len() - 4);
                let x = INTERESTING_U32[rng.gen_range(0..INTERESTING_U32.len())];
                v[i..i + 4].copy_from_slice(&x.to_be_bytes());
            }
            7 if !self.dict.is_empty() => {
                let i = pos(rng, v);
                let t = self.dict[rng.gen_range(0..self.dict.len())].clone();
                v.splice(i..i, t);
            }
            8 if !v.is_empty() => {
                // A chunk repeated (long lines, repeated options, nested structures).
                let i = rng.gen_range(0..v.len());
                let n = rng.gen_range(1..=32.min(v.len() - i));
                let chunk = v[i..i + n].to_vec();
                for _ in 0..rng.gen_range(1..=4) {
                    v.splice(i..i, chunk.iter().copied());
                }
            }
            _ => {
                let i = pos(rng, v);
                let s = INTERESTING_U32[rng.gen_range(0..INTERESTING_U32.len())].to_string();
                v.splice(i..i, s.into_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn same_seed_same_inputs_and_they_differ_from_the_seeds() {
        let m = Mutator {
            seeds: vec![b"KTEST\0\0\0\x03".to_vec(), b"1\n0\n".to_vec()],
            dict: vec![b"--max-time=".to_vec()],
            max_len: 1 << 10,
        };
        let run = |seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut v = Vec::new();
            (0..200)
                .map(|_| {
                    m.next(&mut rng, &mut v);
                    v.clone()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        let a = run(7);
        assert!(a.iter().filter(|v| !m.seeds.contains(v)).count() > 150);
        assert!(a.iter().all(|v| v.len() <= m.max_len));
    }
}
