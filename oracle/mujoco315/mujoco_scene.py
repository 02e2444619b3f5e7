"""MuJoCo's own model of a reference scene (MJ-solvers §1–§4, §7): the MJCF written from the
description ``simatlas.scene_model`` / ``simatlas._core.lab_scene_model`` gives, stepped by
``mj_step`` of the ``mujoco`` wheel (the build tree's venv pins mujoco==3.15.0, the course's
version; the version that runs is ``MUJOCO_VERSION``, read from the wheel).

Only the translation of the description into MJCF and of MuJoCo's state back into the tree's
coordinates lives here; MuJoCo computes its collisions, constraints and step.

Contact parameters (the lab's mapping, stated once in reference/lab/mujoco_contact_step.h):
solimp is flat, dmin = dmax = d = 0.95 (so the impedance is d at every depth), and solref is in
the direct format (−k (1 − d) Â, −τd k (1 − d) Â) with Â the body's translational inverse
weight as MuJoCo itself computed it (``body_invweight0``, mj_setM0): then MuJoCo's contact force
at rest, −(d/((1 − d) Â)) (B v + K d φ) with K = −solref[0]/d², B = −solref[1]/d (MuJoCo's
direct solref, engine_core_constraint.c, getsolparam/mj_makeImpedance), is −k φ − τd k v: the
scene's stiffness k and SAP's linear dissipation τd k per contact. Friction: condim 3, sliding
μ on every geom (MuJoCo takes the larger of two geoms' μ), torsional 0.005 and rolling 1e-4,
MuJoCo's defaults, unused at condim 3. Supported: free bodies jointed to the world, spheres and
boxes against the ground z ≤ 0 (a ``plane``); MuJoCo's box–plane collision reports the box's
vertices below the plane (engine_collision_primitive.c, mjc_PlaneBox), the reference's pairs."""

import mujoco
import numpy as np

MUJOCO_VERSION = mujoco.__version__
#: The flat impedance d of every contact (reference/lab/mujoco_contact_step.h, kFlatImpedance).
FLAT_IMPEDANCE = 0.95
#: MuJoCo's solver and cone names by the lab's model names.
SOLVERS = {"pgs": "PGS", "cg": "CG", "newton": "Newton"}
CONES = ("pyramidal", "elliptic")


def _numbers(values):
    return " ".join(repr(float(x)) for x in np.asarray(values, dtype=float).ravel())


def _quat(R):
    """MuJoCo's unit quaternion (w, x, y, z) of a rotation matrix."""
    q = np.zeros(4)
    mujoco.mju_mat2Quat(q, np.asarray(R, dtype=float).ravel())
    return q


def _require_supported(model):
    for j in model["joints"]:
        if j["type"] != "free" or j["parent"] != 0 or not np.allclose(j["X_PF"]["R"], np.eye(3)) \
                or np.any(j["X_PF"]["p"]):
            raise ValueError(f"joint {j['name']}: only free joints to the world frame are built")
    if [j["child"] for j in model["joints"]] != [b["index"] for b in model["bodies"]]:
        raise ValueError("bodies: each body needs its own free joint, in body order")
    for k, g in enumerate(model["contact_geometry"]):
        if g["halfspace_body"] != 0 or not np.allclose(g["X_AH"]["R"], np.eye(3)) \
                or np.any(g["X_AH"]["p"]):
            raise ValueError(f"contact geometry {k}: only the ground z <= 0 of the world is built")
        if g["shape"] not in ("sphere", "box"):
            raise ValueError(f"contact geometry {k}: shape {g['shape']} is not built")
    if model.get("external"):
        raise ValueError("applied external forces are not built")


def mjcf(model, dt, solver, cone):
    """The MJCF text of the scene at timestep dt [s] under solver (pgs | cg | newton) and cone
    (pyramidal | elliptic); every other option is MuJoCo's default (Euler, 100 iterations,
    tolerance 1e-8, warmstart, impratio 1). solref is set by ``load`` (it needs Â)."""
    _require_supported(model)
    if solver not in SOLVERS or cone not in CONES:
        raise ValueError(f"solver {solver!r} / cone {cone!r}: the solvers are {list(SOLVERS)}, "
                         f"the cones {list(CONES)}")
    d = FLAT_IMPEDANCE
    lines = [f'<mujoco model="{model["scene"]}">',
             f'  <option timestep="{float(dt)!r}" gravity="{_numbers(model["gravity"])}" '
             f'solver="{SOLVERS[solver]}" cone="{cone}"/>',
             f'  <default><geom condim="3" friction="{float(model["mu"])!r} 0.005 0.0001" '
             f'solimp="{d} {d} 0.001 0.5 2" margin="0"/></default>',
             "  <worldbody>",
             '    <geom name="ground" type="plane" size="0 0 1"/>']
    for b in model["bodies"]:
        I = np.asarray(b["I_BBcm_B"])
        lines.append(f'    <body name="{b["name"]}">')
        lines.append("      <freejoint/>")
        lines.append(f'      <inertial pos="{_numbers(b["p_BoBcm_B"])}" mass="{float(b["mass"])!r}" '
                     f'fullinertia="{_numbers([I[0, 0], I[1, 1], I[2, 2], I[0, 1], I[0, 2], I[1, 2]])}"/>')
        for k, g in enumerate(model["contact_geometry"]):
            if g["body"] != b["index"]:
                continue
            pose = f'pos="{_numbers(g["X_BG"]["p"])}" quat="{_numbers(_quat(g["X_BG"]["R"]))}"'
            size = (_numbers([g["radius"]]) if g["shape"] == "sphere"
                    else _numbers(np.asarray(g["sides"]) / 2))
            lines.append(f'      <geom name="g{k}" type="{g["shape"]}" size="{size}" {pose}/>')
        lines.append("    </body>")
    lines += ["  </worldbody>", "</mujoco>"]
    return "\n".join(lines) + "\n"


class MujocoScene:
    """The scene compiled by MuJoCo, its contacts' solref set from the lab's mapping, at x₀.
    ``step()`` advances one mj_step and returns the state and contacts in the reference's terms."""

    def __init__(self, model, dt, solver, cone):
        self.model = model
        self.m = mujoco.MjModel.from_xml_string(mjcf(model, dt, solver, cone))
        self.d = mujoco.MjData(self.m)
        m, d = self.m, self.d
        # solref from Â = the body's translational inverse weight (world's is 0), one free body
        weights = {float(m.body_invweight0[b, 0]) for b in range(1, m.nbody)}
        if len(weights) != 1:
            raise ValueError(f"bodies of unequal inverse weights {sorted(weights)}: one solref per "
                             "scene is built (MuJoCo mixes two geoms' solref)")
        tran = weights.pop()
        k, tau = model["material"]["stiffness"], model["material"]["relaxation_time"]
        d_imp = FLAT_IMPEDANCE
        m.geom_solref[:] = [-k * (1 - d_imp) * tran, -tau * k * (1 - d_imp) * tran]
        self.solref = m.geom_solref[0].copy()
        # x₀: the tree's q = (quaternion, p), v = (ω in W, v) per free body
        q0, v0 = np.asarray(model["q0"]), np.asarray(model["v0"])
        for j in range(len(model["bodies"])):
            quat, p = q0[7 * j:7 * j + 4], q0[7 * j + 4:7 * j + 7]
            w_W, v_W = v0[6 * j:6 * j + 3], v0[6 * j + 3:6 * j + 6]
            d.qpos[7 * j:7 * j + 7] = np.concatenate([p, quat])
            d.qvel[6 * j:6 * j + 6] = np.concatenate([v_W, self._rotation(quat).T @ w_W])
        mujoco.mj_forward(m, d)

    @staticmethod
    def _rotation(quat):
        R = np.zeros(9)
        mujoco.mju_quat2Mat(R, np.asarray(quat, dtype=float))
        return R.reshape(3, 3)

    def state(self):
        """(q, v) in the tree's coordinates: q = (quaternion, p), v = (ω in W, v) per body."""
        q, v = [], []
        d = self.d
        for j in range(len(self.model["bodies"])):
            p, quat = d.qpos[7 * j:7 * j + 3], d.qpos[7 * j + 3:7 * j + 7]
            v_W, w_B = d.qvel[6 * j:6 * j + 3], d.qvel[6 * j + 3:6 * j + 6]
            q.append(np.concatenate([quat, p]))
            v.append(np.concatenate([self._rotation(quat) @ w_B, v_W]))
        return np.concatenate(q), np.concatenate(v)

    def step(self):
        """One mj_step. Returns (q⁺, v⁺, contacts, iterations, capped): each contact of the step
        (found at its start) as a dict: phi0 = MuJoCo's dist [m]; f_C = (‖f_t‖, 0, f_n) [N], the
        force on the scene's body from mj_contactForce in the contact frame (normal from geom1
        to geom2); slip and separation speed of the body's contact point at v⁺ [m/s] (the
        Jacobian at the step's start, mj_jac, as MuJoCo's kinematics still hold it after the
        step). iterations: the largest of the islands' solver_niter; capped: it reached
        opt.iterations."""
        m, d = self.m, self.d
        mujoco.mj_step(m, d)
        contacts = []
        jacp = np.zeros((3, m.nv))
        f6 = np.zeros(6)
        for i in range(d.ncon):
            c = d.contact[i]
            frame = c.frame.reshape(3, 3)  # rows: normal, t1, t2
            b1, b2 = m.geom_bodyid[c.geom1], m.geom_bodyid[c.geom2]
            sign = 1.0 if b2 != 0 else -1.0  # the scene's body is geom2's, or geom1's
            body = b2 if b2 != 0 else b1
            mujoco.mj_contactForce(m, d, i, f6)
            f_n, f_t = sign * f6[0], np.hypot(f6[1], f6[2])
            mujoco.mj_jac(m, d, jacp, None, c.pos, body)
            vc = jacp @ d.qvel
            n = sign * frame[0]
            vn = float(vc @ n)
            contacts.append({"phi0": float(c.dist), "f_C": [float(f_t), 0.0, float(f_n)],
                             "slip_speed": float(np.linalg.norm(vc - vn * n)),
                             "separation_speed": vn})
        iterations = int(max(d.solver_niter[:max(1, d.nisland)]))
        q, v = self.state()
        return q, v, contacts, iterations, iterations >= m.opt.iterations
