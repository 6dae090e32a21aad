#!/usr/bin/env bash
# Fuzzes the line reader, the analysis and the redaction (fuzz/fuzz_targets/analyze.rs, checks
# in fuzz/src/lib.rs) for a bounded time with cargo-fuzz (libFuzzer, needs a nightly toolchain).
# Not run in CI: CI runs the same checks on fixed-seed inputs (core/tests/fuzz_smoke.rs).
#
#   bench/fuzz.sh            # 300 s
#   FUZZ_SECONDS=60 bench/fuzz.sh
#   FUZZ_SANITIZER=address bench/fuzz.sh   # with AddressSanitizer (about 10x fewer runs/s)
#
# No sanitizer by default: the core has no `unsafe` (what AddressSanitizer checks is memory
# errors), and with it on, leak scans and allocator bookkeeping left ~5 runs/s instead of ~100+.
#
# A crash is saved under fuzz/artifacts/analyze/; once fixed, add the input to REGRESSIONS in
# core/tests/fuzz_smoke.rs.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${FUZZ_SECONDS:-300}
sanitizer=${FUZZ_SANITIZER:-none}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz.sh: needs a nightly toolchain (rustup toolchain install nightly)" >&2
  exit 1
fi
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz

# seed corpus: the findings' example logs and the development corpus
mkdir -p corpus/analyze
cp ../findings/examples/*.log corpus/analyze/ 2>/dev/null || true
for d in ../../shared/triage/corpus/*/; do
  [ -f "$d/log.txt" ] && cp "$d/log.txt" "corpus/analyze/$(basename "$d").log"
done

log=$(mktemp)
set +e
cargo +nightly fuzz run --sanitizer "$sanitizer" analyze corpus/analyze -- \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 > "$log" 2>&1
status=$?
set -e
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE|pulse)|^Done|ERROR|SUMMARY|artifact|panicked' "$log" | tail -n 20 || true
rm -f "$log"
exit "$status"
