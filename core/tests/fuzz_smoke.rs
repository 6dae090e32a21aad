//! The fuzz target's checks (`fuzz/src/lib.rs`) on a few thousand inputs from a fixed seed, so
//! CI runs them without a fuzzer: random bytes, and the development corpus and the findings'
//! example logs mutated (bytes flipped, hostile tokens inserted, cut, spliced, gzipped).
//! A crash the fuzzer finds is added to `REGRESSIONS` once fixed.

#[path = "../../fuzz/src/lib.rs"]
mod fuzz_body;

use std::io::Write;
use std::path::Path;

/// Inputs that once broke a check, kept after the fix.
const REGRESSIONS: &[&[u8]] = &[
    // UTF-16 with a final line break counted an empty last line (tests/hostile.rs found it)
    b"\xff\xfeR\x00u\x00n\x00\n\x00",
    b"\xff\xfe",
];

/// Tokens that steer the engine and the reader into their less common paths.
const TOKENS: &[&[u8]] = &[
    b"\n",
    b"\r",
    b"\r\n",
    b"\x00",
    b"\xff\xfe",
    b"\x1f\x8b",
    b"\x1b[1;31m",
    b"ESC[0m",
    b"[rank3]: ",
    b"[2026-02-26 15:56:59 DP1 TP3] ",
    b"(EngineCore_DP0 pid=1) ",
    b"Traceback (most recent call last):\n",
    b"  File \"/x.py\", line 1, in <module>\n",
    b"RuntimeError: CUDA error: an illegal memory access was encountered\n",
    b"torch.OutOfMemoryError: CUDA out of memory.",
    b"Assertion `srcIndex < srcSelectDimSize` failed.",
    b"Watchdog caught collective operation timeout",
    b"{\"log\":\"",
    b"hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    b"token=",
    b"://u:p@",
    b"\xe2\x80\xae",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn seeds() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let dirs = [
        root.join("findings/examples"),
        root.join("../shared/triage/corpus"),
    ];
    for dir in dirs {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            let file = if p.is_dir() { p.join("log.txt") } else { p };
            if let Ok(b) = std::fs::read(&file) {
                // keep inputs small: a window of the log
                out.push(b[..b.len().min(8 * 1024)].to_vec());
            }
        }
    }
    out.sort();
    out
}

fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            2 => v.truncate(at),
            3 => {
                let from = rng.below(other.len() + 1);
                let len = rng.below(512).min(other.len() - from);
                v.splice(at..at, other[from..from + len].iter().copied());
            }
            4 => {
                let n = rng.below(64);
                let b = rng.next() as u8;
                v.splice(at..at, std::iter::repeat_n(b, n));
            }
            _ => v
                .drain(at..(at + rng.below(64)).min(v.len()))
                .for_each(drop),
        }
    }
    v
}

fn gzip(b: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(b).unwrap();
    gz.finish().unwrap()
}

#[test]
fn regressions() {
    for input in REGRESSIONS {
        fuzz_body::check(input);
    }
}

#[test]
fn fixed_seed_smoke() {
    let seeds = seeds();
    assert!(!seeds.is_empty(), "no seed logs found");
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let runs = 2000;
    for i in 0..runs {
        let input = match i % 10 {
            0 | 1 => {
                let n = rng.below(2048);
                (0..n).map(|_| rng.next() as u8).collect()
            }
            2 => {
                let s = &seeds[rng.below(seeds.len())];
                let mut g = gzip(s);
                let cut = rng.below(g.len() + 1);
                if i % 20 == 2 {
                    g.truncate(cut);
                }
                g
            }
            _ => {
                let a = &seeds[rng.below(seeds.len())];
                let b = &seeds[rng.below(seeds.len())];
                mutate(&mut rng, a, b)
            }
        };
        let result = std::panic::catch_unwind(|| fuzz_body::check(&input));
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("crashdex-fuzz-smoke-{i}.bin"));
            let _ = std::fs::write(&path, &input);
            panic!("input {i} failed the checks; saved to {}", path.display());
        }
    }
    eprintln!("fuzz smoke: {runs} inputs checked");
}
