//! `cargo run --release -p crashdex-core --example patterns > PATTERNS`
//!
//! Prints the engine's own error patterns (detectors and class rules), one per line, for a
//! multi-pattern grep over the same log: `rg -c -f PATTERNS FILE` (see `bench/run.sh`).

fn main() {
    for p in crashdex_core::parse::events::patterns() {
        println!("{p}");
    }
}
