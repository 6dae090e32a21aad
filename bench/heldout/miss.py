#!/usr/bin/env python3
"""Shows label vs output for each case with a wrong field. BIN env = binary."""
import json, os, subprocess, sys, glob, tomllib
sys.path.insert(0, "/work/shared/triage")
from score import check_case
BIN = os.environ.get("BIN", "/work/main/target/release/crashdex")
for n in sys.argv[1:]:
    for d in sorted(glob.glob(f"/tmp/heldout{n}/*/")):
        if not os.path.exists(d + "label.toml"):
            continue
        lab = tomllib.load(open(d + "label.toml", "rb"))
        p = subprocess.run([BIN, "analyze", "--json", d + "log.txt"], capture_output=True)
        try:
            out = json.loads(p.stdout)
        except ValueError:
            print("NOJSON", d); continue
        got = check_case(lab, out)
        bad = [k for k, v in got.items() if not v]
        if not bad:
            continue
        fe = (out.get("first_error") or {})
        print(f"== {d} WRONG {','.join(bad)}")
        print(f"   label: crash={lab.get('crash', True)} class={lab.get('error_class')} phase={lab.get('phase')} fe={lab.get('first_error')!r} fw={lab.get('env', {}).get('framework')} finding={lab.get('finding')}")
        print(f"   got:   crash={out.get('crash')} class={out.get('error_class')} phase={out.get('phase')} fe=L{fe.get('line')} {str(fe.get('text'))[:200]!r} fw={(out.get('env') or {}).get('framework')} top={[m['finding'] for m in out.get('matches') or []][:2]}")
