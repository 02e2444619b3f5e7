#!/usr/bin/python3
"""Branch coverage of the solver files and every branch no test reached (scripts/coverage --solvers).

Reads gcovr's JSON (per line: each branch's count, throw branches already excluded) and the list
of branches known to be unreachable, tools/coverage/unreached.txt, whose lines are
    FILE | SOURCE LINE | BRANCH | REASON
(FILE from the repository root, SOURCE LINE the line's text without its indentation, BRANCH the
index of the branch among gcov's branches of that line, from 0, or * for every branch of a line
no test runs; '#' starts a comment). The branch order is gcov's for g++ at -O0, so an entry
follows its line when code moves and goes stale when the line changes. A line no test runs shows
the exception edges of its calls as branches too (gcov marks an edge as a throw only once it has
run), hence *.

Prints, per solver file, the branches reached out of all, then every branch not reached: listed
ones with their reason, the others marked NOT LISTED; then the list's entries that match no
unreached branch (stale: reached now, or their line changed). The swept files (the MuJoCo PGS,
dual, warm start, islands, NoSlip and solve driver, SAP's line search) must have every branch
reached or listed; the reported files (the primal loops, the sparse rows, the factors, the SAP
solver) are listed as they are. Exit 1 if a swept file has an unlisted branch or an entry is
stale, else 0.
"""
import fnmatch
import json
import os
import sys

# Every branch reached by a checking test, or listed with its reason.
SWEPT = [
    "reference/mujoco/pgs.cc",
    "reference/mujoco/dual.cc",
    "reference/mujoco/warmstart.cc",
    "reference/mujoco/islands.cc",
    "reference/mujoco/noslip.cc",
    "reference/mujoco/solve.cc",
    "reference/sap/line_search.cc",
]
# Reported as they are (patterns: the primal loops' files are being renamed).
REPORTED = [
    "reference/mujoco/primal*.cc",
    "reference/mujoco/v222/*.cc",
    "reference/mujoco/mujoco222/*.cc",
    "reference/mujoco/sparse_rows.cc",
    "reference/mujoco/sparse_path.cc",
    "reference/mujoco/spd_factor.cc",
    "reference/mujoco/tree_factor.cc",
    "reference/sap/sap_solver.cc",
]


def read_list(path):
    """{(file, text, branch): reason} of the unreached list."""
    entries = {}
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) != 4 or not (parts[2].isdigit() or parts[2] == "*") or not parts[3]:
                sys.exit(f"{path}:{number}: expected FILE | SOURCE LINE | BRANCH | REASON")
            branch = "*" if parts[2] == "*" else int(parts[2])
            entries[(parts[0], parts[1], branch)] = parts[3]
    return entries


def classify(name):
    if name in SWEPT:
        return "swept"
    if any(fnmatch.fnmatch(name, p) for p in REPORTED):
        return "reported"
    return None


def main(json_path, list_path, root):
    with open(json_path, encoding="utf-8") as f:
        report = json.load(f)
    listed = read_list(list_path)
    used = set()
    unlisted_swept = 0
    rows = []
    misses = []
    for entry in sorted(report["files"], key=lambda e: e["file"]):
        name = entry["file"]
        kind = classify(name)
        if kind is None:
            continue
        with open(os.path.join(root, name), encoding="utf-8") as src:
            text = src.read().split("\n")
        taken = total = 0
        for line in entry["lines"]:
            branches = line.get("branches", [])
            source = text[line["line_number"] - 1].strip()
            for k, branch in enumerate(branches):
                total += 1
                if branch["count"] > 0:
                    taken += 1
                    continue
                key = (name, source, k)
                if key not in listed and line["count"] == 0:
                    key = (name, source, "*")
                reason = listed.get(key)
                if reason is not None:
                    used.add(key)
                elif kind == "swept":
                    unlisted_swept += 1
                misses.append((name, kind, line["line_number"], k, len(branches), source, reason))
        rows.append((name, kind, taken, total))
    print(f"{'solver file':<40}{'kind':>10}{'branches reached':>20}")
    for name, kind, taken, total in rows:
        share = 100.0 * taken / total if total else 100.0
        print(f"{name:<40}{kind:>10}{taken:>9}/{total:<5}{share:6.1f} %")
    print("\nbranches not reached:")
    for name, kind, number, k, n, source, reason in misses:
        mark = f"listed: {reason}" if reason else ("NOT LISTED" if kind == "swept" else "reported")
        print(f"  {name}:{number} branch {k} of {n}: {source}\n      {mark}")
    stale = [key for key in listed if key not in used]
    for name, source, k in stale:
        print(f"stale entry of {os.path.relpath(list_path, root)}: {name} | {source} | {k}"
              " (reached now, or its line changed)")
    swept_misses = sum(1 for m in misses if m[1] == "swept")
    reported_misses = sum(1 for m in misses if m[1] == "reported")
    print(f"\nswept files: {swept_misses} branches not reached, {swept_misses - unlisted_swept}"
          f" listed with a reason, {unlisted_swept} not listed; reported files: {reported_misses}"
          f" not reached; stale entries: {len(stale)}")
    return 1 if unlisted_swept or stale else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: coverage_branches.py GCOVR.json UNREACHED.txt REPOSITORY_ROOT")
    sys.exit(main(*sys.argv[1:]))
