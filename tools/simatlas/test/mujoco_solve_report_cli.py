#!/usr/bin/python3
"""`simatlas mujoco solve`'s report (MJ-solvers §2b, §3, §4): which objective each solver
minimises and the other one at its answer, and every row's force with its role, checked against
laws that do not come from the report itself:

- duality (§2b, §3): eliminating a from the primal's saddle form leaves −D, so min P = −min D:
  PGS's dual cost D equals minus Newton's primal cost P on the same problem, and on one answer
  P + D (≥ 0 by weak duality) is 0 to rounding;
- momentum balance along the box's vertical DOF (M diagonal, the four contacts' normals along
  +z): Σ normals = M_zz (qacc_z − qacc_smooth_z), with M and qacc_smooth read from the problem
  file and qacc from the run (box_plane: 1.3 kg (9.81 − 0.013987) m/s² = 12.73 N);
- each contact's decoded force is MuJoCo's own: the file's `expected` efc_force (MuJoCo 2.2.2's
  answer) decoded by the course's rule normal = Σ edges (pyramidal), or its normal row (elliptic);
- one role per row: nefc row lines, pyramid edges labelled n ± μj, elliptic blocks normal then
  tangent 1, 2; chain_limits' equality, friction-loss and joint-limit rows named so;
- --json keeps every key it had and adds cost_kind, cost_unit, primal_cost, dual_cost, rows and
  contact_forces, with the same numbers as the text.

  mujoco_solve_report_cli.py SIMATLAS EXAMPLES_DIR"""
import json
import re
import subprocess
import sys

FAILURES = []


def check(ok, what):
    if not ok:
        FAILURES.append(what)


def run(simatlas, *args):
    r = subprocess.run([simatlas, "mujoco", "solve", *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("simatlas mujoco solve %s: exit %d: %s" % (" ".join(args), r.returncode, r.stderr))
    return r.stdout


def number(text, pattern):
    m = re.search(pattern, text)
    if not m:
        raise SystemExit("no match for %r in:\n%s" % (pattern, text))
    return float(m.group(1))


def main():
    simatlas, examples = sys.argv[1], sys.argv[2]
    keys_before = {"solver", "efc_force", "qacc", "iterations", "exit", "iteration_cap_reached",
                   "last_improvement", "last_gradient", "cost", "jacobian", "version", "cg_update",
                   "pgs_momentum", "pgs_shuffle", "exit_scale", "warmstart", "islands", "noslip_iterations", "stats",
                   "solve_peak_bytes", "force_error_vs_expected"}
    for cone, rows_per_contact in (("pyramidal", 4), ("elliptic", 3)):
        path = "%s/box_plane_%s.json" % (examples, cone)
        problem = json.load(open(path))
        texts = {s: run(simatlas, path, "--solver", s) for s in ("pgs", "cg", "newton")}
        # which objective, and duality across solvers
        check("PGS minimises the dual D(f)" in texts["pgs"], cone + ": PGS's text does not name the dual")
        for s in ("cg", "newton"):
            check("minimises the primal P(a)" in texts[s], "%s %s: the text does not name the primal" % (cone, s))
        check("kg·m²/s⁴" in texts["newton"] and "not an energy" in texts["newton"], cone + ": no cost unit")
        d_pgs = number(texts["pgs"], r"over the forces: D = (\S+)")
        p_newton = number(texts["newton"], r"over qacc: P = (\S+)")
        check(abs(d_pgs + p_newton) <= 1e-6 * abs(p_newton),
              "%s: PGS's D = %g is not −(Newton's P = %g)" % (cone, d_pgs, p_newton))
        gap = number(texts["newton"], r"P \+ D = (\S+)")
        check(abs(gap) <= 1e-10 * abs(p_newton), "%s: Newton's P + D = %g is not 0" % (cone, gap))
        # rows and their roles
        nefc = len(problem["efc"])
        rows = re.findall(r"^  row (\d+)  (\S+)  (.*): (\S+) (.*)$", texts["newton"], re.M)
        check(len(rows) == nefc, "%s: %d row lines for nefc = %d" % (cone, len(rows), nefc))
        for i, (row, kind, role, force, unit) in enumerate(rows):
            contact, r = divmod(i, rows_per_contact)
            want = ("contact %d pyramid edge n %s μ%d" % (contact, "+−"[r % 2], r // 2 + 1) if cone == "pyramidal"
                    else "contact %d %s" % (contact, ("normal", "tangent 1", "tangent 2")[r]))
            check(role.startswith(want), "%s row %s: role %r, expected %r" % (cone, row, role, want))
        # contact forces: momentum balance and MuJoCo's own answer decoded
        doc = json.loads(run(simatlas, path, "--solver", "newton", "--json"))
        normals = [c["normal"] for c in doc["contact_forces"]]
        balance = problem["M"][2][2] * (doc["qacc"][2] - problem["qacc_smooth"][2])
        check(abs(sum(normals) - balance) <= 1e-9 * balance,
              "%s: Σ normals %g != M_zz (qacc_z − qacc_smooth_z) = %g" % (cone, sum(normals), balance))
        expected = problem["expected"]["efc_force"]
        for c, n in enumerate(normals):
            block = expected[rows_per_contact * c:rows_per_contact * (c + 1)]
            mujoco_normal = sum(block) if cone == "pyramidal" else block[0]
            check(abs(n - mujoco_normal) <= 1e-6 * abs(mujoco_normal),
                  "%s contact %d: normal %g, MuJoCo's %g" % (cone, c, n, mujoco_normal))
        # JSON: old keys kept, new keys consistent with the text
        check(keys_before <= set(doc), "%s: --json lost keys %s" % (cone, sorted(keys_before - set(doc))))
        check(doc["cost_kind"] == "primal" and doc["cost_unit"] == "kg·m²/s⁴", cone + ": cost_kind/unit")
        check(abs(doc["primal_cost"] - p_newton) <= 1e-5 * abs(p_newton), cone + ": primal_cost differs from the text")
        check(len(doc["rows"]) == nefc and all(r["role"] for r in doc["rows"]), cone + ": rows in --json")
        pgs = json.loads(run(simatlas, path, "--solver", "pgs", "--json"))
        check(pgs["cost_kind"] == "dual" and abs(pgs["cost"] - pgs["dual_cost"]) <= 1e-9 * abs(pgs["cost"]),
              cone + ": PGS's cost is not its dual_cost")
    # the other row kinds
    text = run(simatlas, "%s/chain_limits.json" % examples, "--solver", "newton")
    kinds = {k: role for k, role in re.findall(r"^  row \d+  (\S+)  (.*?): ", text, re.M)}
    check(kinds == {"equality": "equality", "friction_dof": "friction loss (dof)",
                    "limit_joint": "joint limit"}, "chain_limits: roles %r" % kinds)
    for f in FAILURES:
        print("FAIL:", f)
    if FAILURES:
        sys.exit(1)
    print("mujoco solve report: objectives, duality, roles and contact forces hold")


if __name__ == "__main__":
    main()
