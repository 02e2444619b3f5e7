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
rows' format and meaning. Scenes with a time-varying drive (cube_drag), a body on a body
(box_stack) or hinges (chain_strike) are not built for the engines yet.

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
LIVE_SCENES = ("ball_roll", "cube_drop", "cube_slide", "incline_stick", "incline_slide")
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


def run_steps(make, steps):
    """Steps a scene built by make() (an object whose step() returns (q, v, contacts,
    iterations, capped)): the steps as the reference reads them, and the failure ("" when
    none). An exception or a non-finite state or contact ends the run; it is reported, not
    averaged away."""
    steps_out = []
    try:
        scene = make()
        for k in range(steps):
            start = time.perf_counter()
            q, v, contacts, iterations, capped = scene.step()
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

    def step(self):
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
            if found["mujoco"]:
                ms = found["mujoco"]
                versions["MuJoCo"] = ms.MUJOCO_VERSION
                for solver, cone in MUJOCO_MODELS:
                    out, failure = run_steps(lambda: ms.MujocoScene(model, dt, solver, cone), steps)
                    runs.append({"scene": name, "dt": dt, "steps": out, "failure": failure,
                                 "model": f"MuJoCo {ms.MUJOCO_VERSION} {solver}_{cone}"})
            if found["drake"]:
                dp = found["drake"]
                versions["Drake"] = dp.DRAKE_VERSION
                for approximation in DRAKE_MODELS:
                    out, failure = run_steps(
                        lambda: _DrakeStepper(dp, dict(model, dt=dt), approximation), steps)
                    runs.append({"scene": name, "dt": dt, "steps": out, "failure": failure,
                                 "model": f"Drake {dp.DRAKE_VERSION} {approximation}"})
            if progress:
                progress(f"live engines: {name} at dt = {dt:g} s done")
    return {"engines": versions, "missing": found["missing"], "runs": runs}


def live_table(quick=False, progress=None):
    """The live rows in the scenes table's format: {"title", "columns", "units", "rows",
    "findings", "engines": {name: version}, "missing": [...], "seconds"}."""
    start = time.perf_counter()
    runs = live_runs(quick, progress)
    table = json.loads(_core.lab_external_runs_json(json.dumps({"runs": runs["runs"]})))
    table.update(engines=runs["engines"], missing=runs["missing"],
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
