#!/usr/bin/env bash
# Search benchmark: seeds 100,000 synthetic incidents (made from the real logs' analyses) into a
# temporary SQLite database, starts the app on a free loopback port, and prints the median and
# p99 of 100 typical queries through HTTP next to the same queries straight through search::run.
#
#   bench/search.sh                              # 100,000 incidents, 3 rounds
#   bench/search.sh --incidents 20000 --rounds 1
#   bench/search.sh --db /tmp/search.db          # keep (and reuse) the seeded database
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet --example search_bench -- "$@"
