"""E3-SAP §2, §4.1; MJ-solvers §7: built-in scenes run by the reference step
driver, as ``simatlas simulate`` runs them."""

from . import _core
from ._values import argument_text


def simulate(scene, **keys):
    """Runs the built-in scene ``scene`` (names, keys, units and defaults:
    ``simatlas simulate --list``) with keyword keys in their SI units (numbers, or labels such
    as ``approximation="lagged"``); keys left out take their defaults.

    Returns a dict of numpy arrays and the records of ``simatlas simulate SCENE ... --json``:
    ``times`` t [s] of every recorded state (t[0] = 0, then after each step), ``q`` and ``v``
    (states × nq, states × nv; the generalized positions [m, rad, 1 for quaternions] and
    velocities [m/s, rad/s]), ``energy`` T + V [J] per state; per step ``contact_force``
    (total normal force [N]) and ``solver_iterations``; ``contacts``, every contact record of
    the run as columns (``step``, ``geometry``, ``body``, ``halfspace_body``, ``p_WC`` [m]
    (rows × 3), ``phi0`` [m], ``fn`` [N], ``f_Bc_W`` [N] (rows × 3), ``slip_speed`` [m/s],
    ``separation_speed`` [m/s]); ``summary`` (the scene's named results, None where the CLI
    prints null) with ``summary_units``; ``notes`` (sentences explaining what the run shows,
    built from its numbers, as the CLI's "note:" lines); ``scene`` and ``parameters`` (every
    key's value).

    Raises ValueError with the command-line program's message for an unknown scene or key
    or a value out of range, simatlas.NumericalError when the run overflows."""
    arguments = [f"{key}={argument_text(value)}" for key, value in keys.items()]
    return _core.simulate(scene, arguments)


def scene_model(scene, **keys):
    """The built-in scene ``scene`` built from the keys (as ``simulate`` takes them), as data a
    second engine can build the same model from (E3-SAP §2): ``bodies`` (index ≥ 1, name,
    ``mass`` [kg], ``p_BoBcm_B`` [m], ``I_BBcm_B`` [kg·m²] about the centre of mass, in B),
    ``joints`` (name, ``type`` free | revolute | prismatic | weld, ``parent``, ``child``,
    ``X_PF``), ``gravity`` [m/s²], ``q0``, ``v0`` (a free joint: q = (qw, qx, qy, qz, x, y, z),
    v = (ω, v) in the parent frame), ``external`` forces (``body``, ``p_BoQ_B`` [m], ``force_W``
    [N], ``torque_W`` [N·m]), ``contact_geometry`` (``body``, ``halfspace_body`` and ``X_AH`` of
    the half space z ≤ 0 it touches, ``shape`` sphere | box | capsule, ``X_BG``, ``radius``,
    ``sides``, ``length`` [m]; a box reports one point pair per vertex below the plane),
    ``material`` (combined ``stiffness`` k [N/m], each side's ``side_stiffness`` [N/m],
    ``dissipation`` d [s/m], ``relaxation_time`` τ [s] (sum of both sides),
    ``stiction_tolerance`` [m/s]), and the driver keys ``dt`` [s], ``steps``,
    ``approximation``, ``mu``. Poses are dicts {R, p}. Raises ValueError as ``simulate``."""
    arguments = [f"{key}={argument_text(value)}" for key, value in keys.items()]
    return _core.scene_model(scene, arguments)
