#!/usr/bin/env python3
"""The lab's live rows (E3-SAP §2.2, §3; MJ-solvers §2–§4): the lab scenes run by MuJoCo's own
mj_step (the ``mujoco`` wheel: PGS, CG, Newton × pyramidal, elliptic) and by Drake's own
discrete MultibodyPlant (the ``drake`` wheel: point contact under SAP, similar, lagged), each
row labelled with the engine and the version that ran (read from the wheel at run time).

One owner per part: the scenes are the reference's (``lab_scene_model``: the very LabScene
objects ``simatlas lab scenes`` steps); the MJCF is written by oracle/mujoco315/mujoco_scene.py
and the plant built by oracle/drake/drake_plant.py from that description; the criteria, energy,
outcomes, rows and findings are computed by the reference (``lab_external_runs_json``,
reference/lab/scenes_table.h) from the engines' steps, so the live rows have the reference
rows' format and meaning. All eight lab scenes run in MuJoCo; seven in Drake:

- cube_drag: the drive is the reference's own (``_core.lab_scene_drive``: the force its
  drive sets for the step that starts at t = k dt, F = μ m g · t/(1 s) along +x at the cube's
  centre), applied each step through MuJoCo's xfrc_applied (a force at the body's centre of
  mass; a force at another point would carry its moment, MujocoScene.apply) and Drake's
  applied spatial force input port (DrakeScene.set_external, the force at Bq = Bo): the same
  force at the same point over the same step in all three.
- box_stack: MuJoCo's box–box collision (mjc_BoxBox) gives the upper box's four face corners
  against the lower box's top face, the reference's four vertex pairs (the rows match the
  reference's MuJoCo model of the stack to 1e-3); each pair's solref is mapped from its own Â
  (two moving bodies: the sum of their body_invweight0). No Drake row: Drake's point contact
  between two boxes reports one penetration pair per box pair (the deepest point), not four
  vertex pairs, which cannot carry the upper box flat: another contact model, not the same
  scene (DRAKE_NOT_BUILT).
- chain_strike: MuJoCo's nested hinge bodies and Drake's RevoluteJoints (the reference's
  joint frames, axes, masses and inertias about the COM); Drake's rows match the reference's
  SAP/similar/lagged models of the strike to round-off. MuJoCo's strike differs from the reference's MuJoCo model of
  it (deeper and with a larger energy rise): MuJoCo's contact Â is body_invweight0 at qpos0
  (the chain hanging straight), the reference's Â is evaluated at each step's q (for free
  bodies the two are equal); the swing before the strike agrees to round-off.

Usage: lab_engines.py [--quick] --out FILE   (needs ``simatlas`` on PYTHONPATH; the engines
missing from this interpreter are named in the output's "missing", never silently dropped)."""

import argparse
import json
import math
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "mujoco315"), os.path.join(HERE, "..", "drake")]

from simatlas import _core  # noqa: E402

#: The lab scenes the live engines run (LabSceneNames order).
LIVE_SCENES = ("ball_roll", "cube_drop", "cube_slide", "cube_drag", "box_stack", "incline_stick",
               "incline_slide", "chain_strike")
#: The scenes Drake's plant does not run, and why (the page and the docstring say the same).
DRAKE_NOT_BUILT = {
    "box_stack": "Drake's point contact between two boxes reports one penetration pair per box "
                 "pair (the deepest point), not the reference's four vertex pairs on the face: one "
                 "pair cannot carry the upper box flat, so it is another contact model, not a row "
                 "of the same scene",
}
#: MuJoCo's models: solver × cone, the lab's names.
MUJOCO_MODELS = tuple((s, c) for s in ("pgs", "cg", "newton") for c in ("pyramidal", "elliptic"))
#: Drake's discrete contact approximations (MultibodyPlantConfig names).
DRAKE_MODELS = ("sap", "similar", "lagged")


def time_steps(quick):
    """The lab's dt [s]: 1e-3 and 1e-2 (quick: 1e-2), as `simatlas lab scenes`."""
    return (1e-2,) if quick else (1e-3, 1e-2)


def engines():
    """{"mujoco": module or None, "drake": module or None, "missing": [why, ...]}."""
    found = {"mujoco": None, "drake": None, "missing": []}
    try:
        import mujoco_scene
        found["mujoco"] = mujoco_scene
    except ImportError as error:
        found["missing"].append(f"MuJoCo: `import mujoco` failed in {sys.executable} ({error})")
    try:
        import drake_plant
        found["drake"] = drake_plant
    except ImportError as error:
        found["missing"].append(f"Drake: `import pydrake` failed in {sys.executable} ({error})")
    return found


def _finite(q, v, contacts):
    numbers = [*q, *v, *(x for c in contacts for x in (c["phi0"], *c["f_C"], c["slip_speed"],
                                                       c["separation_speed"]))]
    return all(math.isfinite(x) for x in numbers)


def drives(name, dt, steps):
    """The applied forces of each step of scene name at dt: the reference's own drive
    (``_core.lab_scene_drive``: the forces it applies over the step that starts at t = k dt)
    plus the scene's constant forces; one list per step."""
    model = _core.lab_scene_model(name)
    if not model["driven"]:
        return [list(model["external"])] * steps
    return [list(model["external"]) + _core.lab_scene_drive(name, k * dt) for k in range(steps)]


def run_steps(make, steps, external=None):
    """Steps a scene built by make() (an object whose step(forces) returns (q, v, contacts,
    iterations, capped)) under external[k], the applied forces of step k (None: none): the
    steps as the reference reads them, and the failure ("" when none). An exception or a
    non-finite state or contact ends the run; it is reported, not averaged away."""
    steps_out = []
    try:
        scene = make()
        for k in range(steps):
            start = time.perf_counter()
            q, v, contacts, iterations, capped = scene.step(external[k] if external else None)
            if not _finite(q, v, contacts):
                return steps_out, f"the engine's state or contact forces are not finite after step {k}"
            steps_out.append({"q": [float(x) for x in q], "v": [float(x) for x in v],
                              "contacts": contacts, "iterations": iterations, "capped": capped,
                              "seconds": time.perf_counter() - start})
    except Exception as error:  # the engine's own error ends the run; its message is the row's
        return steps_out, f"{type(error).__name__}: {error}"
    return steps_out, ""


class _DrakeStepper:
    """DrakeScene.advance in the runner's step() shape (Drake does not report SAP's iterations;
    a SAP step that does not converge raises, so no step is capped silently)."""

    def __init__(self, drake_plant, model, approximation):
        self.scene = drake_plant.DrakeScene(model, approximation=approximation)

    def step(self, external=None):
        self.scene.set_external(external or [])
        q, v, contacts = self.scene.advance()
        return q, v, contacts, None, False


def live_runs(quick=False, progress=None):
    """The live engines' runs of LIVE_SCENES at the lab's dt: {"engines": {name: version},
    "missing": [...], "runs": [...] (lab_external_runs_json's input)}."""
    found = engines()
    versions = {}
    runs = []
    for name in LIVE_SCENES:
        model = _core.lab_scene_model(name)
        for dt in time_steps(quick):
            steps = round(model["duration"] / dt)
            forces = drives(name, dt, steps)
            if found["mujoco"]:
                ms = found["mujoco"]
                versions["MuJoCo"] = ms.MUJOCO_VERSION
                for solver, cone in MUJOCO_MODELS:
                    out, failure = run_steps(lambda: ms.MujocoScene(model, dt, solver, cone), steps,
                                            forces)
                    runs.append({"scene": name, "dt": dt, "steps": out, "failure": failure,
                                 "model": f"MuJoCo {ms.MUJOCO_VERSION} {solver}_{cone}"})
            if found["drake"] and name not in DRAKE_NOT_BUILT:
                dp = found["drake"]
                versions["Drake"] = dp.DRAKE_VERSION
                for approximation in DRAKE_MODELS:
                    out, failure = run_steps(
                        lambda: _DrakeStepper(dp, dict(model, dt=dt), approximation), steps, forces)
                    runs.append({"scene": name, "dt": dt, "steps": out, "failure": failure,
                                 "model": f"Drake {dp.DRAKE_VERSION} {approximation}"})
            if progress:
                progress(f"live engines: {name} at dt = {dt:g} s done")
    return {"engines": versions, "missing": found["missing"], "runs": runs,
            "not_built": {f"Drake {name}": why for name, why in DRAKE_NOT_BUILT.items()}
            if found["drake"] else {}}


def live_table(quick=False, progress=None):
    """The live rows in the scenes table's format: {"title", "columns", "units", "rows",
    "findings", "engines": {name: version}, "missing": [...], "seconds"}."""
    start = time.perf_counter()
    runs = live_runs(quick, progress)
    table = json.loads(_core.lab_external_runs_json(json.dumps({"runs": runs["runs"]})))
    table.update(engines=runs["engines"], missing=runs["missing"], not_built=runs["not_built"],
                 seconds=time.perf_counter() - start)
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="dt = 1e-2 s only")
    parser.add_argument("--out", required=True, help="the JSON file written")
    args = parser.parse_args()
    table = live_table(args.quick, lambda line: print("[lab] " + line, file=sys.stderr, flush=True))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(table, f, indent=1)
    print(f"lab_engines: {len(table['rows'])} rows of {', '.join(f'{k} {v}' for k, v in table['engines'].items()) or 'no engine'}"
          f" in {table['seconds']:.1f} s into {args.out}" +
          "".join(f"; missing {m}" for m in table["missing"]))


if __name__ == "__main__":
    main()
