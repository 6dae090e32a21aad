#!/usr/bin/env python3
"""grp.py N...: SPLIT (same group, different fingerprints) and MERGE pairs in held-out batches. BIN env."""
import json, os, subprocess, sys, glob, tomllib
from itertools import combinations
BIN = os.environ.get("BIN", "/work/main/target/release/crashdex")
for n in sys.argv[1:]:
    rows = []
    for d in sorted(glob.glob(f"/tmp/heldout{n}/*/")):
        if not os.path.exists(d + "label.toml"): continue
        lab = tomllib.load(open(d + "label.toml", "rb"))
        if not lab.get("group"): continue
        o = json.loads(subprocess.run([BIN, "analyze", "--json", d + "log.txt"], capture_output=True, cwd="/work/main").stdout)
        if not o.get("fingerprint"): continue
        rows.append((os.path.basename(d.rstrip("/")), lab["group"], o["fingerprint"], o.get("signature")))
    for a, b in combinations(rows, 2):
        if a[1] == b[1] and a[2] != b[2]:
            print(f"{n} SPLIT {a[1]}\n   {a[0]}: {a[3]}\n   {b[0]}: {b[3]}")
        elif a[1] != b[1] and a[2] == b[2]:
            print(f"{n} MERGE {a[1]} / {b[1]}\n   {a[0]}: {a[3]}\n   {b[0]}: {b[3]}")
