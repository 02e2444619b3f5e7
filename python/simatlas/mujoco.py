"""MJ-solvers §2–§6: MuJoCo constraint problems and the reference PGS, CG and
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
    ``nactive``, ``nchange``, ``neval``, ``nupdate``), plus ``noslip_iterations``. A solve
    that ran per island over several islands reports ``iterations`` and ``exit`` of the island
    that iterated most, an empty ``stats``, and ``island_stats``: per island a dict of
    ``iterations``, ``exit``, ``noslip_iterations`` and ``stats``.

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


#: MuJoCo's mjtConstraint values (mjmodel.h, 3.x and 2.2.2 alike) → the format's row types.
_ROW_TYPES = ["equality", "friction_dof", "friction_tendon", "limit_joint", "limit_tendon",
              "contact_frictionless", "contact_pyramidal", "contact_elliptic"]
_CONES = {0: "pyramidal", 1: "elliptic"}          # mjtCone
_SOLVERS = {0: "PGS", 1: "CG", 2: "Newton"}        # mjtSolver
_JACOBIANS = {0: "dense", 1: "sparse", 2: "auto"}  # mjtJacobian


def problem_from_mujoco(model, data, source=None):
    """The constraint problem MuJoCo ≥ 3.11 (``import mujoco``, e.g. the pinned 3.15.0 wheel)
    solved in its last ``mj_forward`` of ``data``, as a Problem with MuJoCo's answer in
    ``expected`` (MJ-solvers §2–§6). The same fields the C++ writers copy out of mjData
    (adapters/mujoco_model ProblemOf; formats/mujoco-problem.md), nothing recomputed: M from
    ``mj_fullM``, ``dof_parentid``, a₀ = ``qacc_smooth`` and τs = ``qfrc_smooth``, each row's
    J (dense, also from MuJoCo's sparse rows), R, aref and frictionloss, the contacts that own
    rows (``contacts[].index`` MuJoCo's contact id), and ``opt`` as the model sets it with the
    3.15 paths (``version`` "3.15": Hager–Zhang CG, momentum PGS over the shuffled order) and
    the model's ``jacobian``, line search and NoSlip options. ``expected``: MuJoCo's
    ``efc_force``, ``qacc``, ``efc_b`` and ``solver_iter`` = Σ ``solver_niter`` over its islands.

    Not in the document (the canonical writer keeps neither): islands (3.15 solves per island
    unless mjDSBL_ISLAND; pass ``islands=`` to ``solve``) and the warm start MuJoCo began from
    (``mj_forward`` overwrites ``data.qacc_warmstart`` with its answer: copy it before the call
    and pass ``warmstart=`` to ``solve``). ValueError names a field MuJoCo left out of range."""
    import mujoco  # the caller's engine; simatlas itself does not need it

    nv, nefc = model.nv, data.nefc
    M = np.zeros((nv, nv))
    mujoco.mj_fullM(model, data, M)
    if nefc and mujoco.mj_isSparse(model):
        J = np.zeros((nefc, nv))
        for i in range(nefc):
            adr, nnz = data.efc_J_rowadr[i], data.efc_J_rownnz[i]
            J[i, data.efc_J_colind[adr:adr + nnz]] = data.efc_J[adr:adr + nnz]
    else:
        J = np.asarray(data.efc_J[:nefc * nv]).reshape(nefc, nv)
    contacts, position = [], {}
    for c in range(data.ncon):
        con = data.contact[c]
        if con.efc_address < 0:
            continue
        position[c] = len(contacts)
        contacts.append({"index": c, "dim": int(con.dim), "friction": list(con.friction),
                         "mu": float(con.mu), "efc_address": int(con.efc_address)})
    efc = []
    for i in range(nefc):
        row = {"type": _ROW_TYPES[data.efc_type[i]], "J": J[i], "R": data.efc_R[i],
               "aref": data.efc_aref[i], "frictionloss": data.efc_frictionloss[i]}
        if data.efc_type[i] >= 5:
            row["contact"] = int(data.efc_id[i])
        efc.append(row)
    o = model.opt
    opt = {"cone": _CONES[int(o.cone)], "solver": _SOLVERS[int(o.solver)],
           "iterations": int(o.iterations), "tolerance": float(o.tolerance),
           "impratio": float(o.impratio), "timestep": float(o.timestep),
           "meaninertia": float(model.stat.meaninertia), "version": "3.15",
           "jacobian": _JACOBIANS[int(o.jacobian)], "ls_iterations": int(o.ls_iterations),
           "ls_tolerance": float(o.ls_tolerance), "noslip_iterations": int(o.noslip_iterations),
           "noslip_tolerance": float(o.noslip_tolerance)}
    document = {"schema": "simatlas/mujoco-problem/1",
                "source": source or f"MuJoCo {mujoco.__version__} (import mujoco), t = {data.time} s",
                "nv": nv, "M": M, "dof_parentid": model.dof_parentid,
                "qacc_smooth": data.qacc_smooth, "qfrc_smooth": data.qfrc_smooth, "opt": opt,
                "contacts": contacts, "efc": efc}
    islands = max(1, min(int(data.nisland), len(data.solver_niter)))
    expected = {"efc_force": np.array(data.efc_force[:nefc]), "qacc": np.array(data.qacc),
                "efc_b": np.array(data.efc_b[:nefc]),
                "solver_iter": int(sum(data.solver_niter[:islands]))}
    problem = Problem.from_document(document)
    problem.expected = expected
    return problem
