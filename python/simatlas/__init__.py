"""simatlas: the executable companion of the course on compliant-contact simulation (Drake's
contact geometry and SAP solver, MuJoCo's constraint solvers), from Python.

Every number comes from the C++ reference engine (``reference/``) through thin bindings;
nothing is implemented twice. Build with the repository's ``scripts/build`` (or any
``cmake --build build``), then ``PYTHONPATH=build/python /usr/bin/python3 -c 'import simatlas'``.

- ``simatlas.laws()``, ``simatlas.law(name, **inputs)``: the law registry (``simatlas law``);
- ``simatlas.sap`` and ``simatlas.mujoco``: problem files (``read``, ``Problem.from_arrays``,
  ``Problem.write``) and ``solve`` (``simatlas sap solve``, ``simatlas mujoco solve``);
- ``simatlas.geometry.Scene``: roles and collision filters (E3-geometry §1.1);
- ``simatlas.simulate(scene, **keys)``: a built-in scene run (``simatlas simulate``);
  ``simatlas.scene_model(scene, **keys)``: the same scene as data (bodies, geometry, material);
- ``simatlas.lab``: the lab's experiments, scenes under SAP's and MuJoCo's models (``simatlas lab``);
- ``simatlas.check(family_or_law, fn, cases=, seed=)``: your Python port checked by the
  properties of ``simatlas check``.

Errors: bad input raises ``ValueError`` with the command-line program's message; a numerical
failure raises ``simatlas.NumericalError``."""

from ._core import NumericalError
from ._laws import law, laws
from . import geometry, lab, mujoco, sap
from ._check import CheckResult, check, families
from ._scenes import scene_model, simulate

__all__ = ["CheckResult", "NumericalError", "check", "families", "geometry", "lab", "law", "laws", "mujoco",
           "sap", "scene_model", "simulate"]
