#!/usr/bin/env bash
# Sustained load on loopback (issue 7): a release build of `crashdex serve` over a fresh
# temporary database, then the load client (examples/load.rs) with CLIENTS concurrent clients
# for DURATION seconds, mixing uploads of real logs (findings/examples and the development
# corpus), incident pages, the incident list, search (page and API) and API reads.
#
# Prints throughput, p50/p99/max latency per kind of request, errors, and the number of
# `database is locked` answers (client side) and log lines (server side).
#
#   bench/load.sh                      # 64 clients, 60 s, on a free loopback port
#   CLIENTS=16 DURATION=10 bench/load.sh
#   THINK_MS=100 bench/load.sh         # each client pauses ~100 ms between requests
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${CLIENTS:-64}
duration=${DURATION:-60}
think=${THINK_MS:-0}

cargo build --quiet --release --bin crashdex --example load

tmp=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# a free port chosen by the kernel; the server logs the address it got
RUST_LOG=crashdex::app=info,warn target/release/crashdex serve --bind 127.0.0.1:0 \
  --db "$tmp/load.db" --findings findings --static-dir static 2> "$tmp/server.log" &
pid=$!
addr=
for _ in $(seq 300); do
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log" >&2; echo "load.sh: the server exited" >&2; exit 1; }
  addr=$(grep -o 'listening on http://[0-9.:]*' "$tmp/server.log" | head -n 1 | sed 's|.*http://||' || true)
  [ -n "$addr" ] && break
  sleep 0.2
done
[ -n "$addr" ] || { echo "load.sh: the server did not start" >&2; exit 1; }
echo "server: release build, pid $pid, http://$addr, database $tmp/load.db"

logs=(findings/examples)
[ -d ../shared/triage/corpus ] && logs+=(../shared/triage/corpus)
target/release/examples/load --base "http://$addr" --clients "$clients" \
  --seconds "$duration" --think-ms "$think" "${logs[@]}"

kill -0 "$pid" 2>/dev/null || echo "load.sh: the server died during the run" >&2
warns=$(grep -v 'listening on' "$tmp/server.log" || true)
echo "server log: $(printf '%s' "$warns" | grep -c . || true) lines at warn or above;" \
  "'database is locked': $(grep -c 'database is locked' "$tmp/server.log" || true)"
printf '%s\n' "$warns" | head -n 5 | cut -c1-200 | sed 's/^/  /'
echo "database after the run: $(du -ch "$tmp"/load.db* | tail -n 1 | cut -f1) (with its WAL)"
