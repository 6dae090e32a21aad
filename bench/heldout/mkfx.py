#!/usr/bin/env python3
"""mkfx.py heldoutN/CASE NAME "comment" [group]: copies a held-out case into core/tests/fixtures."""
import sys, os, re, shutil
case, name, comment = sys.argv[1], sys.argv[2], sys.argv[3]
group = sys.argv[4] if len(sys.argv) > 4 else None
FX = "/work/main/core/tests/fixtures"
case = case if case.startswith("/") else "/tmp/" + case
assert not os.path.exists(f"{FX}/{name}.toml"), name
shutil.copy(f"{case}/log.txt", f"{FX}/{name}.log")
lab = open(f"{case}/label.toml").read()
out = []
import textwrap
for l in textwrap.wrap(comment, 100):
    out.append("# " + l)
for l in lab.splitlines():
    if l.startswith("group") and group:
        l = f'group = "{group}"'
    if l.startswith("finding") or l.startswith("#"):
        continue
    out.append(l)
txt = "\n".join(out).rstrip() + "\n"
open(f"{FX}/{name}.toml", "w").write(txt)
print(f"{FX}/{name}.toml")
