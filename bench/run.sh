#!/usr/bin/env bash
# Benchmarks crashdex; see bench/README.md. Usage: bench/run.sh
#
#   BENCH_SIZE_MB   size of the big log in MiB (default 1024, shrunk to fit BENCH_BUDGET_S
#                   seconds of crashdex + ripgrep, default 300, when not set explicitly)
#   BENCH_DIR       where the logs and outputs go (default /tmp/crashdex-bench; never the repo)
#   SHARED_DIR      the shared area (default ../shared beside the repository)
#   LOGHUB_DIR      Loghub-2k data (default $SHARED_DIR/bench/loghub-2k)
#   BENCH_SKIP_BUILD=1  use the binaries already built
#   BENCH_KEEP=1    keep the big log afterwards (it is deleted by default)
#
# Needs: cargo, python3, ripgrep (`apt-get install -y ripgrep`), GNU time (/usr/bin/time),
# and for the Drain3 comparison `pip install drain3`. Runs offline.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SIZE_MB=${BENCH_SIZE_MB:-1024}
WORK=${BENCH_DIR:-/tmp/crashdex-bench}
SHARED=${SHARED_DIR:-$ROOT/../shared}
LOGHUB=${LOGHUB_DIR:-$SHARED/bench/loghub-2k}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
mkdir -p "$WORK"

say() { printf '\n== %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

command -v rg >/dev/null || die "ripgrep missing: apt-get install -y ripgrep"
[ -x /usr/bin/time ] || die "GNU time missing: apt-get install -y time"
command -v python3 >/dev/null || die "python3 missing"

# --- build -------------------------------------------------------------------------------------
APP_BUILT=1
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
    say "building (release)"
    cargo build --release -p crashdex-core --examples >&2 || die "the core crate does not build"
    cargo build --release >&2 || APP_BUILT=0
fi
if [ "$APP_BUILT" = 1 ] && [ -x "$TARGET/release/crashdex" ]; then
    APP_NOTE="target/release/crashdex analyze --json"
    ANALYZE=("$TARGET/release/crashdex" analyze --json --findings findings)
else
    APP_NOTE="FALLBACK target/release/examples/analyze (the app did not build)"
    ANALYZE=("$TARGET/release/examples/analyze")
fi
EX=$TARGET/release/examples

# --- the logs ----------------------------------------------------------------------------------
shopt -s nullglob
SOURCES=("$SHARED"/triage/corpus/*/log.txt "$ROOT"/findings/examples/*.log "$ROOT"/core/tests/fixtures/*.log)
[ ${#SOURCES[@]} -gt 0 ] || die "no logs found"
"$EX/patterns" > "$WORK/patterns.txt"
NPAT=$(wc -l < "$WORK/patterns.txt")
ONE=$WORK/typical.log
python3 bench/make_log.py "$WORK/probe.log" 1 "${SOURCES[@]}" && mv "$WORK/probe.log.1mb" "$ONE" \
    || die "could not build the logs"
rm -f "$WORK/probe.log"
# Keep the whole run under about ten minutes: if crashdex and ripgrep together are too slow
# for the requested size, shrink the big log to what BENCH_BUDGET_S seconds (default 300) allow.
SIZE_NOTE=""
if [ -z "${BENCH_SIZE_MB:-}" ]; then
    probe() { local t0 t1; t0=$(date +%s%N); "$@" > /dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
    MS_CD=$(probe "${ANALYZE[@]}" "$ONE")
    MS_RG=$(probe rg -c -f "$WORK/patterns.txt" "$ONE")
    FIT=$(( ${BENCH_BUDGET_S:-300} * 1000 / (MS_CD + MS_RG + 1) ))
    if [ "$FIT" -lt "$SIZE_MB" ]; then
        SIZE_MB=$(( FIT < 16 ? 16 : FIT / 16 * 16 ))
        SIZE_NOTE="shrunk from 1024 MiB to fit the time budget: 1 MiB took ${MS_CD} ms (crashdex) and ${MS_RG} ms (rg); set BENCH_SIZE_MB=1024 to force"
        say "$SIZE_NOTE"
    fi
fi
BIG=$WORK/big-${SIZE_MB}m.log
say "building a ${SIZE_MB} MiB log from ${#SOURCES[@]} real logs into $BIG"
python3 bench/make_log.py "$BIG" "$SIZE_MB" "${SOURCES[@]}" || die "could not build the log"
rm -f "$BIG.1mb"
[ "${BENCH_KEEP:-0}" = 1 ] || trap 'rm -f "$BIG"' EXIT
BYTES=$(stat -c %s "$BIG")
MB=$(python3 -c "print(f'{$BYTES/1e6:.0f}')")
say "warming the page cache"
cat "$BIG" > /dev/null

# --- one run each on the same file: wall seconds and peak RSS -----------------------------------
measure() { # name, highest good exit status, command...: prints "seconds rss_kb"
    local name=$1 okrc=$2; shift 2
    /usr/bin/time -f '%e %M' -o "$WORK/$name.time" "$@" > "$WORK/$name.out" 2> "$WORK/$name.err"
    local rc=$?
    [ $rc -le "$okrc" ] || { cat "$WORK/$name.err" >&2; die "$name failed ($rc)"; }
    tail -1 "$WORK/$name.time"
}
say "crashdex: ${ANALYZE[*]} $BIG"
read -r T_CD RSS_CD < <(measure crashdex 0 "${ANALYZE[@]}" "$BIG")
say "ripgrep: rg -c -f patterns.txt ($NPAT patterns)"
read -r T_RG RSS_RG < <(measure ripgrep 1 rg -c -f "$WORK/patterns.txt" "$BIG")
say "wc -l"
read -r T_WC RSS_WC < <(measure wc 0 wc -l "$BIG")

# --- 1 MB logs: median of 11 runs ----------------------------------------------------------------
say "1 MB logs: every source interleaved, and one program's log"
# median wall time of 11 `crashdex analyze` runs on one log, in ms
median_ms() {
    python3 - "$1" "${ANALYZE[@]}" <<'EOF'
import subprocess, sys, time
path, cmd = sys.argv[1], sys.argv[2:]
times = []
for _ in range(11):
    t = time.perf_counter()
    subprocess.run(cmd + [path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - t)
print(f"{sorted(times)[5] * 1000:.0f}")
EOF
}
T_ONE=$(median_ms "$ONE")
# One program's log: each real log of the development corpus repeated to 1 MiB (a run's log is
# one program's lines over and over; the mixed log above interleaves every source at hand, so
# the engine builds every detector, the worst case). Median of 7 runs per log.
T_PROG=$(python3 - "$WORK" "$SHARED"/triage/corpus/*/log.txt -- "${ANALYZE[@]}" <<'EOF2'
import os, statistics, subprocess, sys, time
work, rest = sys.argv[1], sys.argv[2:]
logs, cmd = rest[:rest.index("--")], rest[rest.index("--") + 1:]
meds = []
for src in logs:
    data = open(src, "rb").read()
    if not data.strip():
        continue
    if not data.endswith(b"\n"):
        data += b"\n"
    out = data * ((1 << 20) // len(data) + 1)
    path = os.path.join(work, "one-program.log")
    with open(path, "wb") as f:
        f.write(out[: out.rfind(b"\n", 0, 1 << 20) + 1])
    times = []
    for _ in range(7):
        t = time.perf_counter()
        subprocess.run(cmd + [path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    meds.append(statistics.median(times) * 1000)
    print(f"  {os.path.basename(os.path.dirname(src)):<36} {meds[-1]:6.0f} ms", file=sys.stderr)
print(f"{statistics.median(meds):.0f} (median over {len(meds)} logs, {min(meds):.0f}-{max(meds):.0f})")
EOF2
)
# A serving log: SGLang's start-up lines, then its progress lines (prefill, decode, requests) over
# and over to 1 MiB, then a crash (the dev corpus's device assertion): most of a long-running
# server's log is progress lines.
python3 - "$WORK/serving.log" core/tests/fixtures/healthy_sglang.log "$SHARED"/triage/corpus/h200-embed_oob/log.txt <<'EOF3'
import sys
path, serve, crash = sys.argv[1:4]
lines = open(serve, encoding="utf-8").read().splitlines(True)
head = [l for l in lines if "batch." not in l and "POST" not in l]
body = "".join(l for l in lines if l not in head)
tail = open(crash, encoding="utf-8").read()
out = "".join(head)
while len(out) + len(tail) < (1 << 20):
    out += body
open(path, "w", encoding="utf-8").write(out + tail)
EOF3
T_SERVE=$(median_ms "$WORK/serving.log")
# the same log analysed 21 times in one process: the first run builds the engine (as a fresh
# `crashdex analyze` does), the others find it built, as the server's uploads do
ONE_WARM=$(ANALYZE_RUNS=21 "$EX/analyze" "$ONE" findings 2>&1 >/dev/null | tail -1)

# --- template mining: crashdex vs Drain3 on Loghub-2k -----------------------------------------
say "template mining on Loghub-2k ($LOGHUB)"
"$EX/templates" "$LOGHUB" | tee "$WORK/templates.txt" >&2
if python3 -c "import drain3" 2>/dev/null; then
    python3 bench/drain3_loghub.py "$LOGHUB" | tee "$WORK/drain3.txt" >&2
else
    echo "drain3 missing (pip install drain3): no comparison" >&2
    : > "$WORK/drain3.txt"
fi

# --- findings scaling --------------------------------------------------------------------------
say "findings scaling (real vs +1,000 synthetic findings)"
FINDINGS_SCALE_MB=${FINDINGS_SCALE_MB:-20} "$EX/findings_scale" findings "${SOURCES[@]}" | tee "$WORK/findings_scale.txt" >&2

# --- summary -----------------------------------------------------------------------------------
python3 - "$MB" "$T_CD" "$RSS_CD" "$T_RG" "$RSS_RG" "$T_WC" "$RSS_WC" "$T_ONE" "$WORK" "$APP_NOTE" "$NPAT" "$SIZE_NOTE" "$ONE_WARM" "$T_PROG" "$T_SERVE" <<'EOF'
import sys
mb, t_cd, rss_cd, t_rg, rss_rg, t_wc, rss_wc, t_one, work, note, npat, size_note, one_warm, t_prog, t_serve = sys.argv[1:]
mb = float(mb)
rows = [("crashdex analyze", float(t_cd), int(rss_cd)), (f"rg -c -f ({npat} patterns)", float(t_rg), int(rss_rg)),
        ("wc -l", float(t_wc), int(rss_wc))]
rate = lambda t: mb / t if t > 0 else float("inf")
print()
print(f"log: {mb:.0f} MB (1 MB = 10^6 bytes); crashdex = {note}")
if size_note:
    print(f"size {size_note}")
print(f"{'':<26} {'seconds':>8} {'MB/s':>8} {'peak RSS':>10}")
for name, t, rss in rows:
    print(f"{name:<26} {t:8.2f} {rate(t):8.0f} {rss / 1024:8.0f} MB")
print(f"crashdex / ripgrep throughput: {rate(rows[0][1]) / rate(rows[1][1]):.3f} (goal >= 0.333)")
print(f"1 MB log, every source interleaved (worst case): {t_one} ms (goal < 50 ms)")
print(f"same, in one process (analyze example): {one_warm}")
print(f"1 MB log of one program (each dev-corpus log repeated): {t_prog} ms")
print(f"1 MB serving log (start-up, progress lines, then a crash): {t_serve} ms")

def table(path):
    out = {}
    for line in open(path):
        p = line.split()
        if len(p) >= 3 and p[0] != "dataset":
            try:
                out[p[0]] = (float(p[1]), float(p[2]))
            except ValueError:
                pass
    return out
ours, drain = table(f"{work}/templates.txt"), table(f"{work}/drain3.txt")
if "average" in ours:
    ga, lps = ours["average"]
    line = f"templates on Loghub-2k: GA {ga:.3f} (goal >= 0.90), {lps:,.0f} lines/s"
    if "average" in drain:
        dga, dlps = drain["average"]
        line += f"; Drain3 GA {dga:.3f}, {dlps:,.0f} lines/s; speed ratio {lps / dlps:.0f}x (goal >= 50x)"
    print(line)
for line in open(f"{work}/findings_scale.txt"):
    if line.startswith("ratio"):
        print("findings scaling " + line.strip())
EOF
