#!/usr/bin/env python3
"""bdiff.py BIN1 BIN2: outputs that differ on fixtures, dev corpus and held-out batches."""
import json, subprocess, sys, glob
from concurrent.futures import ThreadPoolExecutor
a, b = sys.argv[1], sys.argv[2]
logs = sorted(glob.glob("/work/main/core/tests/fixtures/*.log")) + sorted(glob.glob("/work/shared/triage/corpus/*/log.txt")) + sorted(glob.glob("/tmp/heldout*/*/log.txt")) + sorted(glob.glob("/work/main/tests/fixtures/**/*.log", recursive=True))
def key(binary, log):
    p = subprocess.run([binary, "analyze", "--json", log], capture_output=True, cwd="/work/main")
    try:
        o = json.loads(p.stdout)
    except ValueError:
        return ("NOJSON",)
    fe = o.get("first_error") or {}
    return (o.get("crash"), fe.get("line"), o.get("error_class"), o.get("phase"), (o.get("env") or {}).get("framework"), o.get("signature"), o.get("culprit_rank"), tuple(m["finding"] for m in o.get("matches") or []))
def both(log):
    return log, key(a, log), key(b, log)
n = 0
with ThreadPoolExecutor(2) as ex:
    for log, ka, kb in ex.map(both, logs):
        if ka != kb:
            n += 1
            print("==", log)
            names = ["crash", "line", "class", "phase", "fw", "sig", "culprit", "matches"]
            for nm, x, y in zip(names, ka, kb):
                if x != y:
                    print(f"   {nm}: {x!r} -> {y!r}")
print(n, "differ of", len(logs))
