"""simatlas: the executable companion of the course on compliant-contact simulation (Drake's
contact geometry and SAP solver, MuJoCo's constraint solvers), from Python.

Every number comes from the C++ reference engine (``reference/``) through thin bindings;
nothing is implemented twice. Build with the repository's ``scripts/build`` (or any
``cmake --build build``), then ``PYTHONPATH=build/python /usr/bin/python3 -c 'import simatlas'``.

- ``simatlas.laws()``, ``simatlas.law(name, **inputs)``: the law registry (``simatlas law``).

Errors: bad input raises ``ValueError`` with the command-line program's message; a numerical
failure raises ``simatlas.NumericalError``."""

from ._core import NumericalError
from ._laws import law, laws
from . import mujoco, sap

__all__ = ["NumericalError", "law", "laws", "mujoco", "sap"]
