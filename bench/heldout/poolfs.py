#!/usr/bin/env python3
"""poolfs.py PREFIX N...: pools per-field counts from /tmp/fs/PREFIX-N.txt files; grouping median."""
import re, sys, statistics
pre, ns = sys.argv[1], sys.argv[2:]
tot, grp, cases = {}, [], 0
for n in ns:
    for l in open(f"/tmp/fs/{pre}-{n}.txt"):
        m = re.match(r"(\S+)\s+([\d.]+)\s+\((\d+)/(\d+)\)", l)
        if m:
            t = tot.setdefault(m[1], [0, 0]); t[0] += int(m[3]); t[1] += int(m[4])
        m = re.match(r"grouping_f1\s+([\d.]+)", l)
        if m: grp.append(float(m[1]))
        m = re.match(r"cases (\d+)", l)
        if m: cases += int(m[1])
print("cases", cases)
for k, (a, b) in sorted(tot.items()):
    print(f"{k:20s} {a/b:.3f} ({a}/{b})")
if grp:
    print(f"grouping median {statistics.median(grp):.2f} over {len(grp)} batches, {sum(g == 0 for g in grp)} at 0")
