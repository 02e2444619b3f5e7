#!/usr/bin/python3
"""Determinism through the command line: every solver the program exposes is run
twice, in two separate processes, on the same input, and the two stdout byte strings must be
equal. The JSON answers print doubles with round-trip precision (nlohmann::json, 17 significant
digits), so equal bytes mean equal doubles.

  determinism_cli.py SIMATLAS FORMATS_EXAMPLES_DIR

Covered: `sap solve` (dense and block-sparse Cholesky, exact and backtracking line search) on
every SAP example, `mujoco solve` (PGS, CG, Newton) on every MuJoCo example, with a short
iteration cap as well so that an unconverged path must repeat too, and `simulate` on the contact
scenes, and the 3.15 switches (PGS shuffle and momentum, NoSlip, islands, Hager–Zhang, version
3.15) through their `mujoco solve` flags.
"""

import glob
import os
import subprocess
import sys


def Commands(examples):
    commands = []
    for path in sorted(glob.glob(os.path.join(examples, "sap", "*.json"))):
        for solver in ("dense", "block_sparse_cholesky"):
            for search in ("exact", "backtracking"):
                commands.append(["sap", "solve", path, "--linear-solver", solver, "--line-search", search, "--json"])
    for path in sorted(glob.glob(os.path.join(examples, "*.json"))):
        for solver in ("pgs", "cg", "newton"):
            commands.append(["mujoco", "solve", path, "--solver", solver, "--json"])
            commands.append(["mujoco", "solve", path, "--solver", solver, "--iterations", "3", "--json"])
        # The 3.15 paths: shuffle, momentum, NoSlip, islands, Hager–Zhang, certificate exits.
        commands.append(["mujoco", "solve", path, "--solver", "pgs", "--pgs-shuffle", "on", "--pgs-momentum", "on",
                         "--noslip-iterations", "3", "--json"])
        commands.append(["mujoco", "solve", path, "--solver", "cg", "--cg-update", "hager-zhang", "--islands", "on",
                         "--version", "3.15", "--json"])
    for scene in ("sphere_on_ground steps=200", "box_slide steps=100", "pizza_saver steps=50 approximation=similar",
                  "box_stack steps=50", "pendulum_chain links=3 steps=100"):
        commands.append(["simulate"] + scene.split() + ["--json"])
    return commands


def main():
    simatlas, examples = sys.argv[1], sys.argv[2]
    commands = Commands(examples)
    failures = 0
    for args in commands:
        runs = [subprocess.run([simatlas] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        shown = "simatlas " + " ".join(os.path.relpath(a, examples) if a.startswith(examples) else a for a in args)
        if runs[0].returncode not in (0, 1) or not runs[0].stdout:
            failures += 1
            print("FAIL %s: exit %d, stderr %r" % (shown, runs[0].returncode, runs[0].stderr[:300]))
        elif runs[0].stdout != runs[1].stdout or runs[0].returncode != runs[1].returncode:
            failures += 1
            a, b = runs[0].stdout, runs[1].stdout
            at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            print("FAIL %s: the two runs differ at byte %d: %r vs %r" % (shown, at, a[at:at + 40], b[at:at + 40]))
    print("%d commands run twice, %d differ or fail" % (len(commands), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
