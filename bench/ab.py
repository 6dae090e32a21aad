#!/usr/bin/env python3
"""Compares two crashdex builds on the 1 MB logs, run alternately, so that a change that slows
the engine is seen before it lands (see bench/README.md, "Comparing two builds").

Usage: bench/ab.py OLD_BINARY NEW_BINARY [--runs N] [--instructions]

The logs: each log of the development corpus repeated to 1 MiB (one program's log), and the
serving and interleaved logs `bench/run.sh` leaves in BENCH_DIR (/tmp/crashdex-bench) when it
has run. Each log is analysed by the two binaries in turn, N times each (default 9), and the
medians are printed with their ratio. `--instructions` adds each binary's instruction count on
each log under valgrind's cachegrind, which the machine's load does not move.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED_DIR", os.path.join(ROOT, "..", "shared"))
BENCH_DIR = os.environ.get("BENCH_DIR", "/tmp/crashdex-bench")
MIB = 1 << 20


def one_program_logs(work):
    """Each development-corpus log repeated to 1 MiB, cut at a line's end."""
    corpus = os.path.join(SHARED, "triage", "corpus")
    logs = []
    for case in sorted(os.listdir(corpus)) if os.path.isdir(corpus) else []:
        src = os.path.join(corpus, case, "log.txt")
        if not os.path.isfile(src):
            continue
        data = open(src, "rb").read()
        if not data.strip():
            continue
        if not data.endswith(b"\n"):
            data += b"\n"
        out = data * (MIB // len(data) + 1)
        path = os.path.join(work, case + ".log")
        with open(path, "wb") as f:
            f.write(out[: out.rfind(b"\n", 0, MIB) + 1])
        logs.append((case, path))
    return logs


def run(binary, log):
    cmd = [binary, "analyze", "--json", "--findings", os.path.join(ROOT, "findings"), log]
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t) * 1000


def instructions(binary, log):
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           binary, "analyze", "--json", "--findings", os.path.join(ROOT, "findings"), log]
    err = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    m = re.search(r"I\s+refs:\s+([\d,]+)", err)
    return int(m.group(1).replace(",", "")) / 1e6 if m else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--instructions", action="store_true")
    args = ap.parse_args()
    for b in (args.old, args.new):
        if not os.access(b, os.X_OK):
            sys.exit(f"ab.py: not an executable: {b}")
    with tempfile.TemporaryDirectory(prefix="crashdex-ab-") as work:
        logs = one_program_logs(work)
        for name in ("serving.log", "typical.log"):
            path = os.path.join(BENCH_DIR, name)
            if os.path.isfile(path):
                logs.append((name.replace("typical", "interleaved")[:-4], path))
        if not logs:
            sys.exit("ab.py: no logs (the development corpus is missing and bench/run.sh has not run)")
        print(f"{'log':<34} {'old ms':>8} {'new ms':>8} {'new/old':>8}"
              + (f" {'old M instr':>12} {'new M instr':>12}" if args.instructions else ""))
        ratios = []
        for name, path in logs:
            old, new = [], []
            for _ in range(args.runs):
                old.append(run(args.old, path))
                new.append(run(args.new, path))
            a, b = statistics.median(old), statistics.median(new)
            ratios.append(b / a)
            line = f"{name:<34} {a:8.1f} {b:8.1f} {b / a:8.3f}"
            if args.instructions:
                line += f" {instructions(args.old, path):12.1f} {instructions(args.new, path):12.1f}"
            print(line)
        print(f"median new/old over {len(ratios)} logs: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
