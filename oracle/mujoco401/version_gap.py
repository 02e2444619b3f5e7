"""Writes docs/pages/mujoco_version_gap.md: what changed between the course's MuJoCo 3.15.0 and
today's `pip install mujoco`, 4.0.1, each change with its changelog line (read from the 4.0.1
wheel's own doc/changelog.rst), what the course's statement becomes under 4.0.1, and a live
number from both engines. Usage:

    python3 oracle/mujoco401/version_gap.py BUILD_DIR > docs/pages/mujoco_version_gap.md

BUILD_DIR holds venv/ (MuJoCo 3.15.0, scripts/setup_engines.sh) and venv-mujoco401/ (4.0.1,
scripts/setup_mujoco401.sh). Each engine runs in its own process (engine_probe.py under that
venv's python): two libmujoco versions never share one. test_version_gap.py checks the same
measurements (ctest label oracle)."""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "engine_probe.py")
MODEL_DIR = "/usr/share/mujoco/model"
HUMANOIDS = os.path.join(MODEL_DIR, "humanoid/22_humanoids.xml")

# The pair of the pair-solref probe: geom 1 (solref 0.02 1, solmix 1), geom 2 (0.1 0.5, solmix 3).
PAIR = {"solref1": [0.02, 1.0], "solmix1": 1.0, "solref2": [0.1, 0.5], "solmix2": 3.0}


def engine_pythons(build):
    """{"3.15.0": python, "4.0.1": python} of the build tree's two venvs; SystemExit naming the
    setup script when one is missing."""
    pythons = {"3.15.0": os.path.join(build, "venv", "bin", "python"),
               "4.0.1": os.path.join(build, "venv-mujoco401", "bin", "python")}
    setup = {"3.15.0": "scripts/setup_engines.sh", "4.0.1": "scripts/setup_mujoco401.sh"}
    for version, python in pythons.items():
        if not os.access(python, os.X_OK):
            sys.exit(f"version_gap: no MuJoCo {version} venv python at {python}: run "
                     f"{setup[version]} {build}")
    return pythons


def probe(python, **args):
    """One engine_probe.py run under `python`; its JSON answer."""
    done = subprocess.run([python, PROBE, json.dumps(args)], capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{python} engine_probe.py {args}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def both(pythons, **args):
    """The same probe under each engine: {version: answer}."""
    return {version: probe(python, **args) for version, python in pythons.items()}


def solve(pythons, solver, cone="pyramidal", islands=True):
    """The 22 humanoids (Debian's sample, 60 steps settled as the C++ solver oracle does), one
    cold mj_forward at tolerance 1e-8 under each engine."""
    return both(pythons, probe="solve", model=HUMANOIDS, steps=60, cone=cone, solver=solver,
                tolerance=1e-8, islands=islands)


def relative(a, b):
    """max|a − b| / max(|a|, |b|) over two equal-length lists."""
    scale = max(max(map(abs, a)), max(map(abs, b)))
    return max(abs(x - y) for x, y in zip(a, b)) / scale if scale else 0.0


def mixed_solref(pair):
    """solmix's mix of the two geoms' solref (MuJoCo's documented contact-parameter mixing:
    mix = solmix₁/(solmix₁ + solmix₂), solref = mix·solref₁ + (1 − mix)·solref₂)."""
    mix = pair["solmix1"] / (pair["solmix1"] + pair["solmix2"])
    return [mix * a + (1 - mix) * b for a, b in zip(pair["solref1"], pair["solref2"])]


def changelog_item(build, commit, about=""):
    """(release heading, text) of the changelog item naming `commit` (and holding the words
    `about`: one commit can have several items), from the 4.0.1 wheel's own doc/changelog.rst,
    its RST markup reduced to Markdown."""
    python = os.path.join(build, "venv-mujoco401", "bin", "python")
    path = subprocess.run([python, "-c", "import mujoco, os; print(os.path.join("
                           "os.path.dirname(mujoco.__file__), 'doc', 'changelog.rst'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    lines = open(path, encoding="utf-8").read().splitlines()
    release = ""
    for k, line in enumerate(lines):
        if line.startswith("Version ") and k + 1 < len(lines) and lines[k + 1].startswith("---"):
            release = line
        if f":commit:`{commit}" in line:
            item = [line.strip()]
            for more in lines[k + 1:]:
                if not more.strip() or re.match(r"\s*(\d+\.|- :commit:|\.\. )", more):
                    break
                item.append(more.strip())
            text = " ".join(item)
            text = re.sub(r"^(\d+\.|-)\s*", "", text)
            text = re.sub(r":commit:`(\w+)`", r"commit \1", text)
            text = re.sub(r":ref:`([^<`]+?)\s*<[^>]+>`", r"\1", text)
            text = re.sub(r":(ref|at|el|at-val):`([^`]+)`", r"\2", text)
            text = re.sub(r":issue:`(\d+)`", r"issue \1", text)
            text = text.replace("``", "`")
            if about in text:
                return release, text
    raise RuntimeError(f"no item of commit {commit} about {about!r} in {path}")


def page(build):
    pythons = engine_pythons(build)
    versions = {v: probe(p, probe="defaults") for v, p in pythons.items()}
    out = ["# MuJoCo: the course's 3.15.0 and today's 4.0.1", ""]
    out.append(
        "The course is written against MuJoCo **3.15.0**, the reference's default "
        "(`Version::kMuJoCo315`). Since November 2026 `pip install mujoco` gives **4.0.1**. Both "
        "run here, each in its own virtual environment and programs (`build/venv`, "
        "`build/venv-mujoco401`; two libmujoco versions never share a process), and every number "
        "below was measured by running both wheels when this page was generated "
        "(`python3 oracle/mujoco401/version_gap.py build > docs/pages/mujoco_version_gap.md`). "
        "The changelog lines are quoted from the 4.0.1 wheel's own `doc/changelog.rst`. "
        "`simatlas mujoco solve FILE --version 4.0` runs the reference under 4.0.1's rules where "
        "they differ (the exit scale); `ctest -L oracle` checks them live "
        "(`oracle/mujoco401/`).")
    out += ["", "## What did not change", ""]
    same = versions["3.15.0"] == versions["4.0.1"]
    out.append(
        "mj_defaultOption's solver fields are " + ("equal" if same else "**not** equal") +
        " in both: " + ", ".join(f"{k} {v}" for k, v in versions["4.0.1"].items()) +
        " (solver 2 = Newton, cone 0 = pyramidal, jacobian 2 = auto).")
    rows = ["", "| 22 humanoids, cold, tol 1e-8, islands on | iterations 3.15.0 | iterations 4.0.1 "
            "| efc_force, relative difference |", "|---|---|---|---|"]
    for solver in ("newton", "cg"):
        for cone in ("pyramidal", "elliptic"):
            r = solve(pythons, solver, cone)
            a, b = r["3.15.0"], r["4.0.1"]
            rows.append(f"| {solver}, {cone} | {sum(a['niter'])} | {sum(b['niter'])} | "
                        f"{relative(a['efc_force'], b['efc_force']):.1e} |")
    out += rows
    out += ["", "Newton and CG with islands on take the same iterations in every recorded island "
            "and the same forces to round-off: their exit scale was already 1/trace(M) of the "
            "island under 3.15. (Iterations summed over the 20 islands MuJoCo records of 22.)"]

    release, text = changelog_item(build, "c8362756d")
    out += ["", "## The exit scale: 1/trace(M) of the current M", "",
            f"Changelog, {release}: \"{text}\"", "",
            "The course (formula sheet MJ-solvers (5.1)): scale = 1/(meaninertia·max(1, nv)) "
            "for a monolithic solve and for PGS always, 1/Σ M_ii of the island for a primal "
            "island solve. **Under 4.0.1**: scale = 1/trace(M) of the current M of what is "
            "solved — the island, or the whole system with islands off — for PGS, CG, Newton "
            "and NoSlip alike; `meaninertia` is deprecated. The reference runs it as "
            "`exit_scale trace` (`--version 4.0`), chosen once in "
            "`reference/mujoco/primal_rules.cc` (TerminationScale).", "",
            "| PGS, cold, tol 1e-8 | iterations 3.15.0 | iterations 4.0.1 |", "|---|---|---|"]
    for cone in ("pyramidal", "elliptic"):
        for islands in (True, False):
            r = solve(pythons, "pgs", cone, islands)
            out.append(f"| 22 humanoids, {cone}, islands {'on' if islands else 'off'} | "
                       f"{sum(r['3.15.0']['niter'])} | {sum(r['4.0.1']['niter'])} |")
    out += ["", "With islands on, each humanoid's island has trace(M_island) ≈ 1/22 of the whole "
            "system's meaninertia·nv, so its PGS exit bar is about 22 times higher in cost units "
            "and the sweeps run longer; `oracle/mujoco401/exit_scale_oracle_test.cc` shows the "
            "reference under each rule beside 4.0.1's per-island counts and statistics."]

    release, text = changelog_item(build, "9a7f240f0")
    rk4 = both(pythons, probe="rk4_order")
    out += ["", "## RK4 on free and ball joints: fourth order", "",
            f"Changelog, {release}: \"{text}\"", "",
            "The course (§7) gives RK4's Butcher table with positions by `integratePos`; under "
            "3.15 that combination adds the stages' angular velocities and is second order in a "
            "free body's orientation (MJ-solvers §7 version note). **Under 4.0.1** it is fourth "
            "order. A torque-free box tumbling for 1 s (body angular velocity (4, 0.5, 2) rad/s), "
            "its orientation error against the same engine at dt = 1/20480 s:", "",
            "| steps per second | error 3.15.0 | error 4.0.1 |", "|---|---|---|"]
    a, b = rk4["3.15.0"], rk4["4.0.1"]
    for n, ea, eb in zip(a["steps"], a["errors"], b["errors"]):
        out.append(f"| {n} | {ea:.3e} | {eb:.3e} |")
    out += ["", "Error ratio per halving of dt: 3.15.0 " +
            ", ".join(f"{r:.2f}" for r in a["ratios"]) + " (second order: 4); 4.0.1 " +
            ", ".join(f"{r:.2f}" for r in b["ratios"]) + " (fourth order: 16)."]

    release, text = changelog_item(build, "432376a59", "Contact pairs")
    pair = both(pythons, probe="pair_solref", **PAIR)
    out += ["", "## Contact pairs without their own solref: mixed by solmix", "",
            f"Changelog, {release}: \"{text}\"", "",
            "The course does not discuss explicit pairs. A pair between a geom with solref "
            "(0.02, 1), solmix 1 and one with solref (0.1, 0.5), solmix 3, added through mjSpec "
            "with its solref undefined (NaN):", "",
            "| | 3.15.0 | 4.0.1 | expected |", "|---|---|---|---|",
            f"| pair_solref, undefined | {pair['3.15.0']['undefined']} | "
            f"{[round(x, 12) for x in pair['4.0.1']['undefined']]} | 3.15: element-wise minimum "
            f"[0.02, 0.5]; 4.0.1: mix = 1/(1+3), {[round(x, 12) for x in mixed_solref(PAIR)]} |",
            f"| pair_solref, MJCF `<pair>` without solref | {pair['3.15.0']['mjcf']} | "
            f"{pair['4.0.1']['mjcf']} | the pair default (0.02, 1) in both |", "",
            "An MJCF `<pair>` without solref takes the pair default, so the change reaches pairs "
            "built through mjSpec only."]

    out += ["", "## Changes that leave the course's numbers alone", ""]
    for commit, note in (
            ("9ae9bad01", "4.0.0's fill-reducing sparse Cholesky gave wrong Newton factors on "
                          "sparse Jacobians; pin 4.0.1, not 4.0.0."),
            ("9916cc5f7", "an API field; mjData's efc and solver fields are unchanged, so the "
                          "oracle's source compiles against both (oracle/mujoco315/)."),
            ("abddec5b9", "an ABI change (mjNEQDATA 11 → 12): programs compiled against 3.15's "
                          "headers must not load 4.0.1's library, which is why each version has "
                          "its own executables here.")):
        release, text = changelog_item(build, commit)
        out += [f"- {release}: \"{text}\" — {note}"]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 oracle/mujoco401/version_gap.py BUILD_DIR")
    sys.stdout.write(page(sys.argv[1]))


if __name__ == "__main__":
    main()
