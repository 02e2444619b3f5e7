"""Conversions between Python values and the reference engine's law values.

Numbers travel to the engine as the command line's ``key=value`` text (shortest round-trip
repr, ``inf``/``-inf`` for a rigid side) and come back as JSON, where JSON has no infinity and
writes ±∞ as the strings "inf"/"-inf" (reference/laws/law_json.h)."""

import math

import numpy as np


def number_text(value):
    """The command-line text of one number: the shortest text that reads back to the same
    double ("inf", "-inf" and "nan" for the special values, so that NaN is rejected by the
    engine with its own message)."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"a number was expected, got the flag {value!r}")
    number = float(value)
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return repr(number)


def argument_text(value):
    """The command-line text of one law input: a number, a vector (list, tuple or numpy array,
    written as a comma list), a label (str, as it is) or a flag (bool: "true"/"false")."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (list, tuple, np.ndarray)):
        flat = np.asarray(value, dtype=float).reshape(-1)
        return ",".join(number_text(x) for x in flat)
    return number_text(value)


def json_number(value):
    """A JSON number of the engine back as a float ("inf"/"-inf" become ±math.inf)."""
    if isinstance(value, str):
        if value == "inf":
            return math.inf
        if value == "-inf":
            return -math.inf
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def from_json(value, kind):
    """A law value of the given signature kind ("number", "vector[3]", "one of a|b",
    "true|false"; possibly "optional ...") as Python: float, numpy float64 array, str, bool."""
    kind = kind.removeprefix("optional ")
    if kind == "number":
        return json_number(value)
    if kind.startswith("vector"):
        if isinstance(value, list):
            return np.array([json_number(x) for x in value], dtype=np.float64)
        return np.array([json_number(value)], dtype=np.float64)
    return value
