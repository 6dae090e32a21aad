//! Fuzzes the line reader, the analysis and the redaction with arbitrary bytes
//! (`crashdex_fuzz::check`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| crashdex_fuzz::check(data));
