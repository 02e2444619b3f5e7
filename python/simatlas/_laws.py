"""DESIGN.md "The law registry": the laws of the reference engine from Python, the
same registry, parser and JSON writer as ``simatlas law``."""

import functools
import json

from . import _core
from ._values import argument_text, from_json


def laws():
    """Every law of the registry, in course order, as a list of dicts (the objects of
    ``simatlas law --list --json``): ``name``, ``section`` (e.g. "E3-geometry §3"),
    ``summary``, and ``inputs`` / ``outputs``, each a list of dicts with ``name``, ``kind``
    ("number", "vector[3]", "one of a|b", "true|false"; "optional ..." when it may be left out),
    ``unit`` (SI, "1" for dimensionless), ``description`` and, when there is one, ``default``
    (as JSON writes it: ±∞ as the strings "inf"/"-inf")."""
    return json.loads(_core.laws_json())


@functools.lru_cache(maxsize=None)
def output_kinds(name):
    """{output name: kind} of the law ``name`` (from the registry, read once per law)."""
    for entry in laws():
        if entry["name"] == name:
            return {q["name"]: q["kind"] for q in entry["outputs"]}
    raise ValueError(f"unknown law '{name}'")


def law(name, **inputs):
    """Evaluates the law ``name`` (see ``simatlas.laws()`` or ``simatlas law --list`` for the
    names, inputs, units and defaults) on keyword inputs in the law's SI units; inputs left out
    take the law's defaults.

    Numbers are floats (``math.inf`` for a rigid side), vectors are lists, tuples or numpy
    arrays, labels are strings. Returns a dict of the outputs in the law's order: numbers as
    float (±``math.inf`` where the law says so), vectors as numpy float64 arrays, labels as
    str, flags as bool. The values are bit for bit those of
    ``simatlas law NAME key=value ... --json``.

    Raises ``ValueError`` with the command-line program's message (key, value, unit, rule) for
    an unknown law, an unknown or missing key or a value outside the law's domain, and
    ``simatlas.NumericalError`` when the law cannot produce a finite trustworthy answer.

    Example: ``simatlas.law("material.point_stiffness", k1=1e5, k2=1e5)["k"]`` is 50000.0 N/m
    (E3-geometry §3, series combination)."""
    arguments = [f"{key}={argument_text(value)}" for key, value in inputs.items()]
    answer = json.loads(_core.law_json(name, arguments))
    kinds = output_kinds(answer["law"])
    return {key: from_json(value, kinds[key]) for key, value in answer["outputs"].items()}
