"""E3-SAP §2–§4.2: SAP problems and the SAP solver of the reference engine.

A problem is a ``simatlas/sap-problem/1`` document (formats/sap-problem.md): cliques of the
momentum matrix A [kg, kg·m²] with free-motion velocities v* [m/s], constraints (kSap friction
cones, Hunt–Crossley Similar/Lagged, joint limits) and optional solver parameters."""

from . import _core
from ._problems import ProblemDocument, document_text

#: The solver parameters a document (or ``solve``) may override, with their units.
PARAMETERS = {
    "abs_tolerance": "sqrt(J)", "rel_tolerance": "1", "cost_abs_tolerance": "J",
    "cost_rel_tolerance": "1", "max_iterations": "1", "line_search": "exact|backtracking",
    "linear_solver": "dense|block_sparse_cholesky",
}


class Problem(ProblemDocument):
    """A validated SAP problem (the canonical document of ``simatlas/sap-problem/1``)."""

    _validate = staticmethod(_core.sap_parse)

    @classmethod
    def from_arrays(cls, time_step, cliques, constraints, v_guess=None, parameters=None,
                    source=""):
        """Builds and validates a problem from numpy arrays.

        time_step: h [s]. cliques: a list of (A, v_star) with A (n_c × n_c, SPD) [kg or kg·m²]
        and v_star (n_c) [m/s or rad/s]. constraints: a list of dicts in the format's fields
        (``type``, ``cliques``, ``J`` as a list of 3 × n_c arrays, and the type's parameters in
        SI units). v_guess: the initial guess of the whole v (default v*). parameters: solver
        overrides (see ``PARAMETERS``). Raises ValueError naming the field at fault."""
        document = {
            "schema": "simatlas/sap-problem/1", "source": source, "time_step": time_step,
            "cliques": [{"A": A, "v_star": v_star} for A, v_star in cliques],
            "constraints": list(constraints),
        }
        if v_guess is not None:
            document["v_guess"] = v_guess
        if parameters:
            document["parameters"] = dict(parameters)
        return cls.from_document(document)


def read(path):
    """Reads and validates a ``simatlas/sap-problem/1`` file (ValueError naming the path, or
    the JSON path of a bad field)."""
    return Problem(_core.sap_read(str(path)))


def solve(problem, line_search=None, linear_solver=None, **parameters):
    """Solves a SAP problem (E3-SAP §4.1) with Drake's defaults overridden by the problem's own
    ``parameters`` and then by these arguments: ``line_search`` ("exact" or "backtracking"),
    ``linear_solver`` ("dense" or "block_sparse_cholesky"), ``abs_tolerance`` εa [√J],
    ``rel_tolerance`` εr [1], ``cost_abs_tolerance`` εca [J], ``cost_rel_tolerance`` εcr [1],
    ``max_iterations`` [1]. ``problem`` is a Problem or a path to a file.

    Returns a dict as ``simatlas sap solve FILE --json`` prints it: ``status``
    ("success"/"failure"), ``v`` [m/s] (numpy), ``gamma`` [N·s] and ``vc`` [m/s] (lists of
    numpy arrays, one per constraint), ``iterations``, ``optimality_criterion_reached`` (formula
    sheet E3-SAP (4.3)), ``cost_criterion_reached`` (4.4), ``momentum_residual`` and
    ``momentum_scale`` [√J],
    ``cost`` ℓ [J], and ``stats``: per Newton iteration numpy arrays ``cost``,
    ``momentum_residual``, ``momentum_scale``, ``alpha``, ``line_search_iterations``.

    Raises ValueError for bad input and simatlas.NumericalError when the solve cannot give a
    finite answer."""
    if not isinstance(problem, Problem):
        problem = read(problem)
    document = dict(problem.document)
    overrides = dict(document.get("parameters", {}))
    if line_search is not None:
        overrides["line_search"] = line_search
    if linear_solver is not None:
        overrides["linear_solver"] = linear_solver
    overrides.update(parameters)
    document["parameters"] = overrides
    return _core.sap_solve(document_text(document))
