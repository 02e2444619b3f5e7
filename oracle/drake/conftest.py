"""The live Drake oracle's tests: the reference (``import simatlas`` from the build tree) and
Drake's own plant (``import pydrake`` from the build tree's venv, the wheel pinned in
python/engines.txt) on one scene description. ctest runs them with SIMATLAS_ENGINES_PYTHON."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))


def pytest_report_header(config):
    from drake_plant import DRAKE_VERSION
    return f"live oracle: Drake {DRAKE_VERSION} (pydrake wheel)"


@pytest.fixture
def rng():
    """A test's random poses: numpy's PCG64 from a fixed seed, fresh for each test (so a test
    run alone draws the same poses), printed so a failure can be replayed."""
    import numpy as np
    seed = 20261202
    print(f"random poses: numpy.random.default_rng({seed})")
    return np.random.default_rng(seed)
