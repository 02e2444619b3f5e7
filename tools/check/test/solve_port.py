#!/usr/bin/python3
"""Whole-solve programs for the tests of `simatlas check sap.solve` and `simatlas check
mujoco.solve` (E3-SAP §4, §4.2 and MJ-solvers §2b–§5; (N.M): the formula sheet's E3-SAP equations).
They speak the line protocol of docs/pages/check_protocol.md: one {"law": ..., "inputs": {"problem":
{...}}} per line in, one {"outputs": ...} or {"error": ...} per line out.

    solve_port.py SIMATLAS              the faithful adapter: each problem is written to a file and
                                        solved by `SIMATLAS sap solve FILE --json` or
                                        `SIMATLAS mujoco solve FILE --json` (the reference solvers
                                        as an external program)
    solve_port.py SIMATLAS --bug NAME   a deliberately wrong solver (the check must catch it):
        sap_plus_half_scaling   SAP that stops on (4.3) measured with the header's
                                D = diag(A)^(+1/2) instead of the code's ^(-1/2): iterate k is the
                                reference's iterate k (its max_iterations set to k), returned as
                                soon as |D g| <= abs + rel max(|D A v|, |D J^T gamma|) holds in
                                the wrong scaling
        sap_unconstrained       SAP that returns the free motion v* and zero impulses
        mujoco_flip_friction    the reference's forces with the friction sign flipped (elliptic:
                                tangential components negated; pyramidal: the two edges of each
                                pair swapped) and qacc = qacc_smooth + M^-1 J^T f made consistent
        mujoco_qacc_smooth      efc_force = 0 and qacc = qacc_smooth
"""
import copy
import json
import math
import os
import subprocess
import sys
import tempfile

SIMATLAS = sys.argv[1] if len(sys.argv) > 1 else "simatlas"
BUG = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--bug" else ""


def run_reference(kind, problem):
    """The reference solver on one problem document, through the simatlas command."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(problem, f)
        path = f.name
    try:
        done = subprocess.run([SIMATLAS, kind, "solve", path, "--json"], capture_output=True, text=True)
    finally:
        os.unlink(path)
    # Exit 1 with a JSON answer: the solve ran out of iterations (status "failure"), v is the last iterate.
    if done.returncode not in (0, 1) or not done.stdout.strip():
        raise ValueError(done.stderr.strip() or "simatlas %s solve failed" % kind)
    return json.loads(done.stdout)


def mat_vec(A, x):
    return [sum(a * b for a, b in zip(row, x)) for row in A]


def norm(x):
    return math.sqrt(sum(e * e for e in x))


def sap_transpose_impulses(problem, offsets, gamma):
    """J^T gamma over all DOFs: contact blocks J_b^T gamma; a joint limit +e_dof (lower), -e_dof (upper)."""
    jc = [0.0] * offsets[-1]
    for c, g in zip(problem["constraints"], gamma):
        if c["type"] == "joint_limit":
            signs = ([1.0] if "lower" in c else []) + ([-1.0] if "upper" in c else [])
            for s, gi in zip(signs, g):
                jc[offsets[c["cliques"][0]] + c["dof"]] += s * gi
            continue
        for clique, block in zip(c["cliques"], c["J"]):
            for j in range(len(block[0])):
                jc[offsets[clique] + j] += sum(block[r][j] * g[r] for r in range(3))
    return jc


def sap_wrong_criterion_met(problem, answer):
    """(4.3) with D = diag(A)^(+1/2) on the participating DOFs (the bug)."""
    cliques = problem["cliques"]
    offsets = [0]
    for q in cliques:
        offsets.append(offsets[-1] + len(q["v_star"]))
    v, gamma = answer["v"], answer["gamma"]
    jc = sap_transpose_impulses(problem, offsets, gamma)
    participating = sorted({c for con in problem["constraints"] for c in con["cliques"]})
    r2 = p2 = j2 = 0.0
    for c in participating:
        A, vs = cliques[c]["A"], cliques[c]["v_star"]
        vc = v[offsets[c]:offsets[c + 1]]
        Av = mat_vec(A, vc)
        Avs = mat_vec(A, vs)
        for i in range(len(vs)):
            d = math.sqrt(A[i][i])  # the header's exponent +1/2
            g = Av[i] - Avs[i] - jc[offsets[c] + i]
            r2 += (d * g) ** 2
            p2 += (d * Av[i]) ** 2
            j2 += (d * jc[offsets[c] + i]) ** 2
    params = problem.get("parameters", {})
    eps_a = params.get("abs_tolerance", 1e-14)
    eps_r = params.get("rel_tolerance", 1e-6)
    return math.sqrt(r2) <= eps_a + eps_r * max(math.sqrt(p2), math.sqrt(j2))


def sap_solve(problem):
    if BUG == "sap_unconstrained":
        v = [x for q in problem["cliques"] for x in q["v_star"]]
        gamma = []
        for c in problem["constraints"]:
            rows = 3 if c["type"] != "joint_limit" else ("lower" in c) + ("upper" in c)
            gamma.append([0.0] * rows)
        return {"v": v, "gamma": gamma}
    if BUG == "sap_plus_half_scaling":
        budget = problem.get("parameters", {}).get("max_iterations", 100)
        for k in range(budget + 1):
            trial = copy.deepcopy(problem)
            trial.setdefault("parameters", {})["max_iterations"] = k
            answer = run_reference("sap", trial)
            if answer["status"] == "success" or sap_wrong_criterion_met(problem, answer):
                break
        return {"v": answer["v"], "gamma": answer["gamma"]}
    answer = run_reference("sap", problem)
    return {"v": answer["v"], "gamma": answer["gamma"]}


def solve_dense(M, b):
    """M x = b by Gaussian elimination with partial pivoting (M is small and SPD)."""
    n = len(b)
    a = [list(M[i]) + [b[i]] for i in range(n)]
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(a[i][k]))
        a[k], a[p] = a[p], a[k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            for j in range(k, n + 1):
                a[i][j] -= f * a[k][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (a[i][n] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x


def mujoco_solve(problem):
    nv, efc = problem["nv"], problem["efc"]
    if BUG == "mujoco_qacc_smooth":
        return {"efc_force": [0.0] * len(efc), "qacc": list(problem["qacc_smooth"])}
    answer = run_reference("mujoco", problem)
    if BUG != "mujoco_flip_friction":
        return {"efc_force": answer["efc_force"], "qacc": answer["qacc"]}
    f = list(answer["efc_force"])
    for contact in problem["contacts"]:
        first, dim = contact["efc_address"], contact["dim"]
        if dim == 1:
            continue
        if efc[first]["type"] == "contact_elliptic":
            for j in range(first + 1, first + dim):
                f[j] = -f[j]
        else:
            for k in range(dim - 1):
                i = first + 2 * k
                f[i], f[i + 1] = f[i + 1], f[i]
    # qacc = qacc_smooth + M^-1 J^T f, consistent with the flipped forces.
    jtf = [sum(efc[i]["J"][j] * f[i] for i in range(len(efc))) for j in range(nv)]
    dq = solve_dense(problem["M"], jtf)
    return {"efc_force": f, "qacc": [a + d for a, d in zip(problem["qacc_smooth"], dq)]}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            query = json.loads(line)
            law, problem = query["law"], query["inputs"]["problem"]
            if law == "sap.solve":
                reply = {"outputs": sap_solve(problem)}
            elif law == "mujoco.solve":
                reply = {"outputs": mujoco_solve(problem)}
            else:
                reply = {"error": "unknown law " + law}
        except (ValueError, KeyError, TypeError) as e:
            reply = {"error": str(e)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
