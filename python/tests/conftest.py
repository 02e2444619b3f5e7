"""Shared helpers of the package tests — the built command-line program (its path
from ctest's SIMATLAS_CLI) run with arguments, and exact comparison of numbers."""

import json
import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("SIMATLAS_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("SIMATLAS_CLI", str(SOURCE_DIR / "build" / "bin" / "simatlas"))


def run_cli(*arguments):
    """(exit code, stdout, stderr) of ``simatlas ARGUMENTS``."""
    done = subprocess.run([CLI, *arguments], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def cli_json(*arguments):
    """The JSON object ``simatlas ARGUMENTS --json`` prints (the command must succeed)."""
    code, out, err = run_cli(*arguments, "--json")
    assert code == 0, f"simatlas {' '.join(arguments)} exited {code}: {err}"
    return json.loads(out)


def same_bits(a, b):
    """True when two numbers are the same double (sign of zero included), or both NaN-free
    equal infinities; strings "inf"/"-inf" are read as JSON writes them."""
    def as_float(x):
        if isinstance(x, str):
            return {"inf": math.inf, "-inf": -math.inf}[x]
        return float(x)
    return as_float(a).hex() == as_float(b).hex()


def same_array(got, expected):
    """True when a numpy array holds exactly the doubles of a JSON list."""
    got = np.asarray(got, dtype=np.float64).reshape(-1)
    expected = list(expected)
    return got.size == len(expected) and all(same_bits(g, e) for g, e in zip(got, expected))


@pytest.fixture(scope="session")
def examples():
    """formats/examples/ of the source tree."""
    return SOURCE_DIR / "formats" / "examples"
