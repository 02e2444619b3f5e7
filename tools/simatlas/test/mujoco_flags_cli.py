#!/usr/bin/python3
"""`simatlas mujoco solve` flags of the 3.15 paths (MJ-solvers §4–§6 and the version
notes): each flag changes what the course says it changes, with expectations that do not come
from the reference's own output — MuJoCo 2.2.2's converged answer stored in the problem files
(`expected`), the course's rules (the 3.15 certificate exits before the first iteration at the
optimum, 2.2.2 has none; NoSlip keeps each pyramid pair's sum; Gauss–Seidel in another order
gives another first sweep), and an island count by a union-find written here.

  mujoco_flags_cli.py SIMATLAS FORMATS_EXAMPLES_DIR SCRATCH_DIR [MJCF_FOR_ISLANDS]
"""

import json
import os
import subprocess
import sys

FAILURES = []


def Check(condition, what):
    if not condition:
        FAILURES.append(what)
        print("FAIL:", what)


def Solve(simatlas, path, *flags):
    run = subprocess.run([simatlas, "mujoco", "solve", path, *flags, "--json"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("exit %d for %s %s: %s" % (run.returncode, path, flags, run.stderr))
    return json.loads(run.stdout)


def Relative(force, expected):
    scale = max(1e-300, max(abs(x) for x in expected))
    return max(abs(a - b) for a, b in zip(force, expected)) / scale


def Certificate(simatlas, examples):
    # Course §5: 3.15 checks a certificate before the loop; started at MuJoCo's converged qacc
    # (the file's expected, --warmstart FILE) it exits with 0 iterations. 2.2.2 has no such
    # test: at least one iteration.
    path = os.path.join(examples, "box_plane_elliptic.json")
    for solver in ("cg", "newton"):
        at315 = Solve(simatlas, path, "--solver", solver, "--version", "3.15", "--warmstart", path,
                      "--tolerance", "1e-8")
        Check(at315["iterations"] == 0 and at315["exit"] == "certificate",
              "%s 3.15 from the optimum: %d iterations, exit %s" % (solver, at315["iterations"], at315["exit"]))
        Check(at315["warmstart"] and at315["version"] == "3.15", "%s: flags not echoed" % solver)
        at222 = Solve(simatlas, path, "--solver", solver, "--version", "2.2.2", "--warmstart", path,
                      "--tolerance", "1e-8")
        # 2.2.2 has no pre-loop certificate: from the optimum its loop ends on α = 0 (the first
        # line search finds no decrease; mj_solCGNewton breaks before counting the iteration) or
        # after an iteration that improved nothing, never on the certificate.
        Check(at222["exit"] in ("zero_step", "improvement", "gradient") and
              (at222["iterations"] >= 1 or at222["exit"] == "zero_step"),
              "%s 2.2.2 from the optimum: %d iterations, exit %s" % (solver, at222["iterations"], at222["exit"]))
        # Without the warmstart, 3.15 must iterate: the certificate is a property of the start.
        cold = Solve(simatlas, path, "--solver", solver, "--version", "3.15", "--warmstart", "off")
        Check(cold["iterations"] >= 1, "%s 3.15 cold: %d iterations" % (solver, cold["iterations"]))


def ExitScale(simatlas, examples):
    # Formula sheet MJ-solvers (5.1) under MuJoCo 4.0.1 (--version 4.0, exit_scale trace): the
    # monolithic scale is 1/trace(M) instead of 1/(meaninertia·max(1, nv)). PGS's first sweep is
    # the same sweep under both (the scale only reads it), so its scaled improvement moves by the
    # ratio of the two scales, computed here from the file's M and meaninertia.
    path = os.path.join(examples, "box_plane_pyramidal.json")
    problem = json.load(open(path))
    trace = sum(problem["M"][i][i] for i in range(problem["nv"]))
    ratio = problem["opt"]["meaninertia"] * max(1, problem["nv"]) / trace
    flags = ("--solver", "pgs", "--islands", "off", "--tolerance", "1e-8")
    at315 = Solve(simatlas, path, *flags, "--version", "3.15")
    at40 = Solve(simatlas, path, *flags, "--version", "4.0")
    Check(at315["exit_scale"] == "meaninertia" and at40["exit_scale"] == "trace" and
          at40["version"] == "4.0", "exit_scale/version not echoed: %s, %s" %
          (at315["exit_scale"], at40["exit_scale"]))
    first315, first40 = at315["stats"][0]["improvement"], at40["stats"][0]["improvement"]
    Check(abs(first40 - ratio * first315) <= 1e-12 * abs(first40),
          "PGS's first improvement under 4.0 %r, expected 3.15's %r × %r" % (first40, first315, ratio))
    # The option alone is the difference: 3.15 with exit_scale trace solves as 4.0 does.
    alone = Solve(simatlas, path, *flags, "--version", "3.15", "--exit-scale", "trace")
    Check(alone["stats"] == at40["stats"] and alone["efc_force"] == at40["efc_force"],
          "--exit-scale trace under 3.15 differs from --version 4.0")


def CGUpdate(simatlas, examples):
    # The CG direction update (formula sheet MJ-solvers (4.1)): the first direction is −M⁻¹g under
    # either rule (β enters from the second iteration), so the first iteration's statistics are
    # equal and later ones differ; both reach MuJoCo's converged answer (Newton, stored in the file)
    # to 1e-8. (No "Polak–Ribière+ stalls" case is asserted: with the near-exact PrimalSearch,
    # sᵀg_new ≈ 0 and Hager–Zhang's β reduces to Hestenes–Stiefel = Polak–Ribière, so on the
    # examples and Debian's humanoid, 22 humanoids and humanoid100 both rules take the same
    # iteration count.)
    path = os.path.join(examples, "chain_limits.json")
    expected = json.load(open(path))["expected"]["efc_force"]
    # One system (chain_limits has two islands, whose statistics are reported apart).
    pr = Solve(simatlas, path, "--solver", "cg", "--cg-update", "polak-ribiere", "--islands", "off")
    hz = Solve(simatlas, path, "--solver", "cg", "--cg-update", "hager-zhang", "--islands", "off")
    Check(hz["cg_update"] == "hager-zhang" and pr["cg_update"] == "polak-ribiere", "cg_update not echoed")
    # The first direction is −M⁻¹g under both rules and both runs take 3.15's loop and line
    # search, so the first iteration's record is the same to the bit. Each first search ended
    # before its cap of 50 evaluations (3.15's PrimalSearch may stop on its bracket at round-off,
    # |cost'| ≈ 4e-16 here, above tolerance · ls_tolerance = 1e-17, so the slope is not a test).
    a, b = pr["stats"][0], hz["stats"][0]
    Check(a == b, "the first CG iteration differs between the rules: %s vs %s" % (a, b))
    Check(a["neval"] < 50 and b["neval"] < 50, "a first line search ran to its cap")
    Check(hz["stats"][1:] != pr["stats"][1:], "Hager-Zhang left every later iteration unchanged")
    for name, r in (("polak-ribiere", pr), ("hager-zhang", hz)):
        Check(Relative(r["efc_force"], expected) < 1e-8,
              "CG %s: %g from MuJoCo" % (name, Relative(r["efc_force"], expected)))


def PgsSwitches(simatlas, examples):
    # On the 16 coupled edge rows of four contacts on one box (box_plane_pyramidal): a shuffled
    # block order (3.9+) sweeps the rows in another order, so the first sweep's improvement
    # differs; momentum (3.11+, which MuJoCo always runs with the shuffle, so tried with it)
    # gives another iterate sequence, so another sweep count. Neither moves the optimum:
    # MuJoCo's answer to 1e-4 relative (PGS, tolerance 1e-12).
    path = os.path.join(examples, "box_plane_pyramidal.json")
    expected = json.load(open(path))["expected"]["efc_force"]
    # 3.15 runs both switches by default; each is named here so the comparison is one switch.
    plain = Solve(simatlas, path, "--solver", "pgs", "--tolerance", "1e-12", "--pgs-shuffle", "off",
                  "--pgs-momentum", "off")
    shuffled = Solve(simatlas, path, "--solver", "pgs", "--tolerance", "1e-12", "--pgs-shuffle", "on",
                     "--pgs-momentum", "off")
    both = Solve(simatlas, path, "--solver", "pgs", "--tolerance", "1e-12", "--pgs-shuffle", "on",
                 "--pgs-momentum", "on")
    Check(shuffled["pgs_shuffle"] and not plain["pgs_shuffle"], "--pgs-shuffle not echoed")
    Check(both["pgs_momentum"] and not shuffled["pgs_momentum"], "--pgs-momentum not echoed")
    Check(shuffled["stats"][0]["improvement"] != plain["stats"][0]["improvement"],
          "shuffle left the first sweep unchanged")
    Check(both["iterations"] != shuffled["iterations"],
          "momentum left the sweep count at %d" % shuffled["iterations"])
    for name, r in (("plain", plain), ("--pgs-shuffle", shuffled), ("--pgs-momentum", both)):
        Check(Relative(r["efc_force"], expected) < 1e-4,
              "PGS %s: %g from MuJoCo" % (name, Relative(r["efc_force"], expected)))


def NoSlip(simatlas, examples):
    # --noslip-iterations N overrides the file's 0: between 1 and N NoSlip sweeps are appended
    # (course §10 exercise 6), and each opposing pyramid pair keeps its sum (course §6).
    path = os.path.join(examples, "box_plane_pyramidal.json")
    off = Solve(simatlas, path, "--solver", "pgs", "--iterations", "3")
    on = Solve(simatlas, path, "--solver", "pgs", "--iterations", "3", "--noslip-iterations", "5")
    Check(off["noslip_iterations"] == 0, "NoSlip ran without the flag")
    Check(1 <= on["noslip_iterations"] <= 5, "NoSlip sweeps %d not in [1, 5]" % on["noslip_iterations"])
    Check(len(on["stats"]) == on["iterations"] + on["noslip_iterations"], "NoSlip stats not appended")
    Check(on["efc_force"] != off["efc_force"], "NoSlip changed no force")
    for e in range(0, len(on["efc_force"]), 2):
        a = on["efc_force"][e] + on["efc_force"][e + 1]
        b = off["efc_force"][e] + off["efc_force"][e + 1]
        Check(abs(a - b) <= 1e-9 * max(1.0, abs(b)), "pair %d sum %r -> %r" % (e // 2, b, a))


def CountIslands(problem):
    # Union-find over DOFs: joined by a nonzero off-diagonal of M or by sharing a row (or a
    # contact); an island is a component that owns rows.
    nv = problem["nv"]
    parent = list(range(nv))

    def Find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def Join(i, j):
        parent[Find(i)] = Find(j)

    for i in range(nv):
        for j in range(nv):
            if i != j and problem["M"][i][j] != 0:
                Join(i, j)
    by_contact = {}
    for row in problem["efc"]:
        dofs = [j for j, x in enumerate(row["J"]) if x != 0]
        if "contact" in row:
            by_contact.setdefault(row["contact"], []).extend(dofs)
        for j in dofs[1:]:
            Join(dofs[0], j)
    for dofs in by_contact.values():
        for j in dofs[1:]:
            Join(dofs[0], j)
    return len({Find([j for j, x in enumerate(row["J"]) if x != 0][0])
                for row in problem["efc"] if any(x != 0 for x in row["J"])})


def Islands(simatlas, examples, scratch, mjcf):
    # One box on a plane: one island. A dumped multi-robot model: the union-find's count, and
    # the per-island answer is still MuJoCo's (Newton, 1e-6 relative).
    box = os.path.join(examples, "box_plane_elliptic.json")
    one = Solve(simatlas, box, "--islands", "on")
    Check(one["islands"] == 1, "box: not one island")
    # One island is the whole solve: its statistics are the solve's, no per-island records.
    Check("island_stats" not in one and len(one["stats"]) == one["iterations"],
          "box: one island's statistics not reported as the solve's")
    if not mjcf:
        return
    path = os.path.join(scratch, "islands_dump.json")
    run = subprocess.run([simatlas, "mujoco", "dump", mjcf, path, "--steps", "150"],
                         capture_output=True, text=True)
    Check(run.returncode == 0, "dump failed: " + run.stderr)
    problem = json.load(open(path))
    count = CountIslands(problem)
    split = Solve(simatlas, path, "--islands", "on", "--solver", "newton", "--warmstart", "off")
    Check(split["islands"] == count and count > 1, "islands %d, union-find %d" % (split["islands"], count))
    Check(Relative(split["efc_force"], problem["expected"]["efc_force"]) < 1e-6,
          "islands answer %g from MuJoCo" % Relative(split["efc_force"], problem["expected"]["efc_force"]))
    # Several islands: one record per island (island_stats), none merged into "stats"; the
    # solve's count is the largest island's, and Newton records one statistic per iteration.
    per = split.get("island_stats", [])
    Check(len(per) == count, "island_stats has %d records for %d islands" % (len(per), count))
    Check(split["stats"] == [], "several islands' statistics merged into stats")
    if per:
        Check(max(r["iterations"] for r in per) == split["iterations"],
              "solve iterations %d, islands' %s" % (split["iterations"], [r["iterations"] for r in per]))
        Check(all(len(r["stats"]) == r["iterations"] for r in per),
              "an island's statistics do not count its iterations")
    whole = Solve(simatlas, path, "--islands", "off", "--solver", "newton", "--warmstart", "off")
    Check("island_stats" not in whole and len(whole["stats"]) == whole["iterations"],
          "islands off: the monolithic solve's statistics missing")
    # The dumped qacc_warmstart is used unless --warmstart off overrides it.
    Check(Solve(simatlas, path)["warmstart"], "dumped qacc_warmstart not used")
    Check(not split["warmstart"], "--warmstart off did not override the file")


def main():
    simatlas, examples, scratch = sys.argv[1:4]
    mjcf = sys.argv[4] if len(sys.argv) > 4 else ""
    os.makedirs(scratch, exist_ok=True)
    Certificate(simatlas, examples)
    ExitScale(simatlas, examples)
    CGUpdate(simatlas, examples)
    PgsSwitches(simatlas, examples)
    NoSlip(simatlas, examples)
    Islands(simatlas, examples, scratch, mjcf)
    if FAILURES:
        print("%d checks failed" % len(FAILURES))
        return 1
    print("all flag checks hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
