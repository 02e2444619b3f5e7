"""Issue 16 (E3-SAP §2, §4.1; MJ-solvers §7): built-in scenes run by the reference step
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
    prints null) with ``summary_units``; ``scene`` and ``parameters`` (every key's value).

    Raises ValueError with the command-line program's message for an unknown scene or key
    or a value out of range, simatlas.NumericalError when the run overflows."""
    arguments = [f"{key}={argument_text(value)}" for key, value in keys.items()]
    return _core.simulate(scene, arguments)
