#!/usr/bin/env python3
"""ctest lab_quick: runs `simatlas lab all --quick --json` and checks its structure — every
experiment of `lab --list` present, each table's rows as wide as its columns and units, every
column defined (a non-empty definition each), every cell a finite number, a string or null, at
least one finding per experiment, no failed step hidden (a scenes row with failed_steps > 0 must
say "failed: ..." in its outcome), every finding with a model outside its law saying why, the
scenes result carrying its live rows or why they are missing — and that the quick size stays
within the lab's 2-minute budget."""
import json
import math
import subprocess
import sys
import time


def fail(message):
    print("lab_quick: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    simatlas = sys.argv[1]
    listed = json.loads(subprocess.run([simatlas, "lab", "--list", "--json"], check=True,
                                       capture_output=True, text=True).stdout)
    start = time.monotonic()
    run = subprocess.run([simatlas, "lab", "all", "--quick", "--json"], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if run.returncode != 0:
        fail(f"exit {run.returncode}: {run.stderr[-2000:]}")
    if "[lab]" not in run.stderr:
        fail("no progress lines on stderr")
    doc = json.loads(run.stdout)
    if doc.get("quick") is not True:
        fail("'quick' is not true")
    names = [e["name"] for e in doc["experiments"]]
    if names != [e["name"] for e in listed]:
        fail(f"experiments {names} differ from the list {[e['name'] for e in listed]}")
    for e in doc["experiments"]:
        if not e["tables"] or not e["findings"] or not all(f.strip() for f in e["findings"]):
            fail(f"{e['name']}: no tables or an empty finding")
        for t in e["tables"]:
            width = len(t["columns"])
            if len(t["units"]) != width or not t["rows"]:
                fail(f"{e['name']}: table '{t['title']}' has {len(t['units'])} units for "
                     f"{width} columns or no rows")
            if len(t["definitions"]) != width or not all(d.strip() for d in t["definitions"]):
                fail(f"{e['name']}: table '{t['title']}' defines {len(t['definitions'])} of its "
                     f"{width} columns (or one definition is empty)")
            for row in t["rows"]:
                if len(row) != width:
                    fail(f"{e['name']}: a row of {len(row)} cells under {width} columns")
                for cell in row:
                    if isinstance(cell, bool) or not (cell is None or isinstance(cell, str) or
                                                      (isinstance(cell, (int, float)) and
                                                       math.isfinite(cell))):
                        fail(f"{e['name']}: cell {cell!r} is not a finite number, text or null")
                if "failed_steps" in t["columns"]:
                    failed = row[t["columns"].index("failed_steps")]
                    outcome = row[t["columns"].index("outcome")]
                    if failed and not outcome.startswith("failed: "):
                        fail(f"{e['name']}: a failed run reported as '{outcome}'")
        for f in e["findings"]:
            if "; outside: " in f and " Why " not in f:
                fail(f"{e['name']}: a finding names models outside the law without a reason: {f[:200]}")
        if e["name"] == "scenes":
            live = e.get("live")
            if not isinstance(live, dict) or not (live.get("rows") or live.get("missing")):
                fail("scenes: no live rows and no reason they are missing")
            if live.get("rows") and not live.get("engines"):
                fail("scenes: live rows without the engines (and versions) that ran them")
    if seconds > 120:
        fail(f"the quick lab took {seconds:.0f} s (budget 120 s)")
    print(f"lab_quick: {len(names)} experiments, {seconds:.1f} s")


if __name__ == "__main__":
    main()
