#!/usr/bin/python3
"""`simatlas mujoco solve --json`'s solve_peak_bytes (MJ-solvers §4–§6: the storage a solve needs)
grows with the problem's nonzeros, not with nv² or nefc², on the sparse path.

The problems are k side-by-side copies of formats/examples/three_islands.json (MuJoCo 3.15.0's
dump: 30 DOFs on a DOF tree, 68 pyramidal rows, three islands), written here for k = 4, 8, 16:
nv = 30k (the sparse path from nv = 60), nefc = 68k, and the nonzeros of M and J grow as k while
nv² and nefc² grow as k². Doubling k must therefore at most double a solve's storage, give or
take its fixed part: the test allows a factor below 2√2, the geometric middle between linear (2)
and quadratic (4) growth. Checked for PGS, CG and Newton with islands (MuJoCo 3.15's default)
and for CG and Newton as one solve of all DOFs.

The meter itself is checked on the one solve that forms dense storage: PGS as one solve of all
DOFs builds the dense dual A = J M⁻¹ Jᵀ and AR (MakeDual, 2 nefc² doubles: 19 MB at k = 16), so
its peak must grow by more than 2√2 per doubling; a meter blind to Eigen's buffers would not see it.
A build whose sanitizer owns malloc reports null, which is all that is checked there.

  solve_memory_cli.py SIMATLAS THREE_ISLANDS_JSON SCRATCH_DIR
"""

import json
import math
import os
import subprocess
import sys

FAILURES = []
LIMIT = 2 * math.sqrt(2)


def Check(condition, what):
    print(("ok:   " if condition else "FAIL: ") + what)
    if not condition:
        FAILURES.append(what)


def Replicate(problem, k):
    """k copies of problem side by side: M and J block-diagonal, rows and contacts renumbered."""
    nv, nefc, ncon = problem["nv"], len(problem["efc"]), len(problem["contacts"])
    out = {key: problem[key] for key in ("schema", "opt")}
    out["source"] = "%d copies of %s" % (k, problem["source"])
    out["nv"] = nv * k
    out["M"] = [[0.0] * (nv * k) for _ in range(nv * k)]
    for c in range(k):
        for i in range(nv):
            out["M"][c * nv + i][c * nv:(c + 1) * nv] = problem["M"][i]
    out["dof_parentid"] = [p if p < 0 else p + c * nv
                           for c in range(k) for p in problem["dof_parentid"]]
    for key in ("qacc_smooth", "qfrc_smooth", "qacc_warmstart"):
        out[key] = problem[key] * k
    out["efc"], out["contacts"] = [], []
    for c in range(k):
        for row in problem["efc"]:
            row = dict(row)
            row["J"] = [0.0] * (c * nv) + row["J"] + [0.0] * ((k - 1 - c) * nv)
            if row.get("contact", -1) >= 0:
                row["contact"] += c * ncon
            out["efc"].append(row)
        for contact in problem["contacts"]:
            contact = dict(contact)
            contact["efc_address"] += c * nefc
            contact["index"] += c * ncon
            out["contacts"].append(contact)
    return out


def PeakBytes(simatlas, path, solver, islands):
    run = subprocess.run([simatlas, "mujoco", "solve", path, "--solver", solver, "--islands",
                          islands, "--tolerance", "1e-8", "--json"], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("exit %d for %s %s: %s" % (run.returncode, path, solver, run.stderr))
    result = json.loads(run.stdout)
    if "solve_peak_bytes" not in result:
        raise SystemExit("no solve_peak_bytes in the --json output of " + path)
    return result["solve_peak_bytes"], result["jacobian"]


def main():
    simatlas, source, scratch = sys.argv[1:4]
    os.makedirs(scratch, exist_ok=True)
    with open(source) as f:
        problem = json.load(f)
    paths = {}
    for k in (4, 8, 16):
        paths[k] = os.path.join(scratch, "three_islands_x%d.json" % k)
        with open(paths[k], "w") as f:
            json.dump(Replicate(problem, k), f)
    runs = [("pgs", "on"), ("cg", "on"), ("newton", "on"), ("cg", "off"), ("newton", "off"),
            ("pgs", "off")]
    for solver, islands in runs:
        peaks = {}
        for k, path in paths.items():
            peaks[k], path_name = PeakBytes(simatlas, path, solver, islands)
            Check(path_name == "sparse", "%s x%d solves on the sparse path" % (solver, k))
        if any(p is None for p in peaks.values()):
            Check(all(p is None for p in peaks.values()),
                  "%s islands %s: null in every run when the build has no heap meter" %
                  (solver, islands))
            continue
        ratios = [peaks[8] / peaks[4], peaks[16] / peaks[8]]
        what = "%s islands %s: peak bytes %s, ratios per doubling %s" % (
            solver, islands, [peaks[k] for k in (4, 8, 16)], ["%.2f" % r for r in ratios])
        if (solver, islands) == ("pgs", "off"):
            Check(ratios[1] > LIMIT, "the meter sees the monolithic PGS dual's nefc²: " + what)
        else:
            Check(all(0 < r < LIMIT for r in ratios), "grows with nnz: " + what)
    if FAILURES:
        sys.exit("%d check(s) failed" % len(FAILURES))


if __name__ == "__main__":
    main()
