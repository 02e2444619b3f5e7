"""MJ-solvers §4–§7 measured in one live MuJoCo: the probe that oracle/mujoco401/version_gap.py
runs once under each engine's own python (build/venv: MuJoCo 3.15.0, build/venv-mujoco401:
4.0.1), so two libmujoco versions never share a process. Usage:

    PYTHON oracle/mujoco401/engine_probe.py '{"probe": "solve", ...}'

prints one JSON object. Probes (every number is the engine's own, nothing recomputed):
  defaults     mj_defaultOption's solver fields (§1 table)
  solve        settle a model (mj_step with its own options), then one mj_forward with the given
               solver, cone, tolerance, islands on/off and a cold start: per-island solver_niter
               (the first mjNISLAND), qacc, efc_force
  rk4_order    a torque-free tumbling free body under RK4: the orientation error at t = 1 s for
               dt = 1/50 … 1/400 against the same engine at dt = 1/51200 (§7)
  pair_solref  a contact pair between two geoms with their own solref and solmix, added through
               mjSpec with its solref undefined (NaN: the changelog's "undefined mjsPair.solref")
               and, beside it, written in MJCF without solref: the compiled pair_solref of each
"""

import json
import sys

import mujoco
import numpy as np


def defaults(_):
    opt = mujoco.MjOption()
    return {"solver": int(opt.solver), "cone": int(opt.cone), "jacobian": int(opt.jacobian),
            "iterations": opt.iterations, "tolerance": opt.tolerance,
            "ls_iterations": opt.ls_iterations, "ls_tolerance": opt.ls_tolerance,
            "noslip_iterations": opt.noslip_iterations,
            "island_disabled": bool(opt.disableflags & mujoco.mjtDisableBit.mjDSBL_ISLAND),
            "warmstart_disabled": bool(opt.disableflags & mujoco.mjtDisableBit.mjDSBL_WARMSTART)}


def solve(args):
    m = mujoco.MjModel.from_xml_path(args["model"])
    d = mujoco.MjData(m)
    m.opt.cone = getattr(mujoco.mjtCone, "mjCONE_" + args["cone"].upper())
    for _ in range(args["steps"]):
        mujoco.mj_step(m, d)
    m.opt.solver = getattr(mujoco.mjtSolver, "mjSOL_" + args["solver"].upper())
    m.opt.iterations = args.get("iterations", 1000)
    m.opt.tolerance = args["tolerance"]
    m.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_WARMSTART
    if args["islands"]:
        m.opt.disableflags &= ~int(mujoco.mjtDisableBit.mjDSBL_ISLAND)
    else:
        m.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_ISLAND
    mujoco.mj_forward(m, d)
    recorded = min(max(1, d.nisland), mujoco.mjNISLAND)
    return {"version": mujoco.__version__, "nisland": int(d.nisland), "nv": int(m.nv),
            "nefc": int(d.nefc), "niter": [int(n) for n in d.solver_niter[:recorded]],
            "qacc": d.qacc.tolist(), "efc_force": d.efc_force[:d.nefc].tolist()}


TUMBLER = """
<mujoco>
  <option gravity="0 0 0" integrator="RK4" timestep="{dt}"/>
  <worldbody>
    <body>
      <freejoint/>
      <geom type="box" size=".3 .2 .1" contype="0" conaffinity="0" mass="1"/>
    </body>
  </worldbody>
</mujoco>
"""


def tumble(dt, duration):
    m = mujoco.MjModel.from_xml_string(TUMBLER.format(dt=dt))
    d = mujoco.MjData(m)
    # body-frame angular velocity off every principal axis: the body tumbles (Euler's equations)
    d.qvel[3:6] = [4.0, 0.5, 2.0]
    for _ in range(int(round(duration / dt))):
        mujoco.mj_step(m, d)
    return d.qpos[3:7].copy()


def quaternion_distance(q, r):
    # |q − r| with r's sign taken nearest q (q and −q are one rotation); ≈ half the angle between
    # them [rad], without arccos's loss of precision near 1
    return float(min(np.linalg.norm(q - r), np.linalg.norm(q + r)))


def rk4_order(args):
    duration = args.get("duration", 1.0)
    fine = tumble(duration / 20480, duration)
    steps = [10, 20, 40, 80]
    errors = [quaternion_distance(tumble(duration / n, duration), fine) for n in steps]
    return {"version": mujoco.__version__, "steps": steps, "errors": errors,
            "ratios": [errors[k] / errors[k + 1] for k in range(len(errors) - 1)]}


PAIR = """
<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 .1" solref="{s1}" solmix="{m1}"/>
    <body pos="0 0 .09">
      <freejoint/>
      <geom name="ball" type="sphere" size=".1" solref="{s2}" solmix="{m2}"/>
    </body>
  </worldbody>
  {pair}
</mujoco>
"""


def pair_solref(args):
    fields = dict(s1=" ".join(map(str, args["solref1"])), m1=args["solmix1"],
                  s2=" ".join(map(str, args["solref2"])), m2=args["solmix2"])
    spec = mujoco.MjSpec.from_string(PAIR.format(pair="", **fields))
    pair = spec.add_pair(geomname1="floor", geomname2="ball")
    pair.solref = [float("nan"), float("nan")]
    undefined = spec.compile()
    mjcf = mujoco.MjModel.from_xml_string(
        PAIR.format(pair='<contact><pair geom1="floor" geom2="ball"/></contact>', **fields))
    return {"version": mujoco.__version__, "undefined": undefined.pair_solref[0].tolist(),
            "mjcf": mjcf.pair_solref[0].tolist()}


PROBES = {"defaults": defaults, "solve": solve, "rk4_order": rk4_order, "pair_solref": pair_solref}


def main():
    args = json.loads(sys.argv[1])
    probe = PROBES.get(args.get("probe"))
    if probe is None:
        sys.exit(f"engine_probe: probe {args.get('probe')!r} must be one of {', '.join(PROBES)}")
    json.dump(probe(args), sys.stdout)


if __name__ == "__main__":
    main()
