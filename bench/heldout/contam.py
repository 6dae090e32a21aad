#!/usr/bin/env python3
"""For each case in the given batches, the share of its distinctive lines already present in a fixture log."""
import os, sys, glob
FX = "/work/main/core/tests/fixtures"
seen = set()
for p in glob.glob(FX + "/*.log"):
    with open(p, errors="replace") as f:
        for l in f:
            l = " ".join(l.split())
            if len(l) >= 40:
                seen.add(l)
for n in sys.argv[1:]:
    for c in sorted(glob.glob(f"/tmp/heldout{n}/*/log.txt")):
        with open(c, errors="replace") as f:
            ls = {" ".join(l.split()) for l in f}
        ls = {l for l in ls if len(l) >= 40}
        if not ls:
            continue
        hit = sum(l in seen for l in ls)
        share = hit / len(ls)
        if share >= 0.3:
            print(f"{share:4.2f} {hit}/{len(ls)} {c}")
