#!/usr/bin/python3
"""Per-folder line and branch coverage of reference/ from gcovr's JSON summary (scripts/coverage).

Prints one row per reference/<part>/ folder (lines covered/total, branches covered/total) and
marks the issue-20 targets for contact/, sap/ and mujoco/ (>= 95 % lines, >= 90 % branches).
Exit 0 always: the numbers are a measurement, the test suite is the verdict.
"""
import collections
import json
import sys

TARGETS = {"contact": (95.0, 90.0), "sap": (95.0, 90.0), "mujoco": (95.0, 90.0)}


def percent(covered, total):
    return 100.0 * covered / total if total else 100.0


def main(path):
    with open(path, encoding="utf-8") as f:
        summary = json.load(f)
    folders = collections.defaultdict(lambda: [0, 0, 0, 0])
    for entry in summary["files"]:
        parts = entry["filename"].split("/")
        folder = parts[1] if parts[0] == "reference" and len(parts) > 2 else "(other)"
        row = folders[folder]
        row[0] += entry["line_covered"]
        row[1] += entry["line_total"]
        row[2] += entry["branch_covered"]
        row[3] += entry["branch_total"]
    print(f"{'reference/':<14}{'lines':>22}{'branches':>24}   target (lines, branches)")
    totals = [0, 0, 0, 0]
    for folder in sorted(folders):
        lc, lt, bc, bt = folders[folder]
        totals = [a + b for a, b in zip(totals, folders[folder])]
        target = ""
        if folder in TARGETS:
            tl, tb = TARGETS[folder]
            met = percent(lc, lt) >= tl and percent(bc, bt) >= tb
            target = f"   >= {tl:.0f} %, >= {tb:.0f} %: {'met' if met else 'NOT met'}"
        print(f"{folder + '/':<14}{lc:>7}/{lt:<6} {percent(lc, lt):6.1f} %"
              f"{bc:>9}/{bt:<6} {percent(bc, bt):6.1f} %{target}")
    lc, lt, bc, bt = totals
    print(f"{'all':<14}{lc:>7}/{lt:<6} {percent(lc, lt):6.1f} %{bc:>9}/{bt:<6} {percent(bc, bt):6.1f} %")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: coverage_table.py SUMMARY.json")
    main(sys.argv[1])
