"""Issue 16 (MJ-solvers §2–§6): MuJoCo constraint problems and the reference PGS, CG and
Newton solvers (warmstart, islands, NoSlip, the 2.2.2 and 3.15 code paths).

A problem is a ``simatlas/mujoco-problem/1`` document (formats/mujoco-problem.md): M [kg,
kg·m²], a₀ = qacc_smooth [m/s²], the efc rows (J, R, aref, frictionloss, kind), the contacts and
the options ``opt``."""

import numbers
import os

import numpy as np

from . import _core
from ._problems import ProblemDocument, document_text

#: Options stored in the document's ``opt`` (formats/mujoco-problem.md), with units.
DOCUMENT_OPTIONS = {"cone": "pyramidal|elliptic", "solver": "PGS|CG|Newton", "iterations": "1",
                    "tolerance": "1", "impratio": "1", "timestep": "s", "meaninertia": "kg"}
#: Every other option of the reference solver, key → accepted values, from the one table the
#: command line uses too (reference/io/mujoco_options.h, ``simatlas mujoco --help``); on|off
#: options also take a bool, ``warmstart`` also an array of nv accelerations [m/s²].
SOLVER_OPTIONS = {key: values for key, values, _default, _meaning in _core.mujoco_options()
                  if key not in DOCUMENT_OPTIONS}
_SOLVER_NAMES = {"pgs": "PGS", "cg": "CG", "newton": "Newton"}


class Problem(ProblemDocument):
    """A validated MuJoCo constraint problem (canonical ``simatlas/mujoco-problem/1``
    document). ``expected`` holds the producing engine's answer read from a file (numpy
    ``efc_force``, ``qacc``, ``efc_b`` and ``solver_iter``), or None."""

    _validate = staticmethod(_core.mujoco_parse)

    def __init__(self, canonical_text, expected=None):
        super().__init__(canonical_text)
        self.expected = expected

    @classmethod
    def from_arrays(cls, M, qacc_smooth, efc, opt, contacts=(), source=""):
        """Builds and validates a problem from numpy arrays: M (nv × nv, SPD) [kg, kg·m²],
        qacc_smooth a₀ (nv) [m/s²], efc a list of row dicts in the format's fields (``type``,
        ``J`` (nv), ``R`` [1/kg], ``aref`` [m/s²], ...), opt the document's options (every key of
        ``DOCUMENT_OPTIONS``), contacts a list of contact dicts. ValueError names the field."""
        document = {"schema": "simatlas/mujoco-problem/1", "source": source,
                    "nv": len(qacc_smooth), "M": M, "qacc_smooth": qacc_smooth, "opt": opt,
                    "contacts": list(contacts), "efc": list(efc)}
        return cls.from_document(document)


def read(path):
    """Reads and validates a ``simatlas/mujoco-problem/1`` file (ValueError naming the path,
    or the JSON path of a bad field); the file's ``expected`` answer is kept."""
    text, expected = _core.mujoco_read(str(path))
    return Problem(text, expected)


def solve(problem, solver=None, **options):
    """Solves a MuJoCo constraint problem (MJ-solvers §4–§6). ``problem`` is a Problem or a
    path. ``solver``: "pgs", "cg" or "newton" (any case). Options stored in the document's
    ``opt`` override it: ``cone``, ``iterations`` (cap), ``tolerance`` [1], ``impratio`` [1],
    ``timestep`` [s], ``meaninertia`` [kg]. Every other option of the reference solver is
    one of ``SOLVER_OPTIONS``, spelled and checked as ``simatlas mujoco solve`` spells and
    checks its flags: ``ls_iterations`` (line-search evaluation cap), ``ls_tolerance`` [1],
    ``noslip_iterations`` (NoSlip sweeps, 0 = off), ``noslip_tolerance`` [1], ``version``
    ("2.2.2" or "3.15" code paths), ``cg_update`` ("polak-ribiere" or "hager-zhang"),
    ``jacobian`` ("dense", "sparse" or "auto"), ``pgs_momentum``, ``pgs_shuffle``,
    ``islands`` (bool or "on"/"off"), ``warmstart`` (qacc guess: an array of nv [m/s²], a
    file as ``--warmstart`` takes it, or "off"); left out, each keeps the document's value or
    the reference's default.

    Returns a dict with the keys of ``simatlas mujoco solve FILE --json``: ``solver``,
    ``efc_force`` f (numpy, N / N·m / pyramid-edge coordinates), ``qacc`` [m/s²] (numpy),
    ``iterations``, ``exit`` (why the loop ended), ``iteration_cap_reached``, ``cost`` [J],
    ``stats`` (numpy arrays per iteration: ``improvement``, ``gradient``, ``lineslope``,
    ``nactive``, ``nchange``, ``neval``, ``nupdate``), plus ``noslip_iterations``.

    Raises ValueError for bad input (naming the option), simatlas.NumericalError when the
    solve cannot give a finite answer."""
    if not isinstance(problem, Problem):
        problem = read(problem)
    document = dict(problem.document)
    opt = dict(document["opt"])
    if solver is not None:
        opt["solver"] = _SOLVER_NAMES.get(str(solver).lower(), solver)
    extra, warmstart = [], None
    for key, value in options.items():
        if key in DOCUMENT_OPTIONS:
            opt[key] = value
        elif key == "warmstart" and not isinstance(value, (str, os.PathLike)):
            warmstart = value
        elif key in SOLVER_OPTIONS:
            extra.append((key, _option_text(value)))
        else:
            known = ", ".join([*DOCUMENT_OPTIONS, *SOLVER_OPTIONS])
            raise ValueError(f"unknown option '{key}' of simatlas.mujoco.solve (its options: "
                             f"solver, {known})")
    document["opt"] = opt
    return _core.mujoco_solve(document_text(document), extra, warmstart)


def _option_text(value):
    """An option's value as the command line writes it: on/off for a bool, the shortest
    round-trip decimal for a number, a path or string as it is."""
    if isinstance(value, (bool, np.bool_)):
        return "on" if value else "off"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    return os.fspath(value) if isinstance(value, os.PathLike) else str(value)
