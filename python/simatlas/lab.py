"""simatlas.lab: the lab's experiments — the course's scenes under SAP's three approximations and
MuJoCo's soft constraint model side by side (``simatlas lab``; reference/lab/).

- ``experiments()``: ``[{"name", "section", "summary"}, ...]``;
- ``run(name, quick=False, progress=True)``: one experiment's result, the JSON form of
  ``simatlas lab NAME --json``: ``{"name", "section", "seconds", "findings", "tables"}``;
  progress lines go to stderr;
- ``rows(result, table=0)``: a table's rows as dicts keyed by its columns (units in
  ``result["tables"][table]["units"]``)."""

import json

from ._core import lab_list_json, lab_run_json


def experiments():
    """The lab's experiments: name, course section, one line."""
    return json.loads(lab_list_json())


def run(name, quick=False, progress=True):
    """Runs the experiment ``name`` (``quick``: the CI size); its tables and findings."""
    return json.loads(lab_run_json(name, quick, progress))


def rows(result, table=0):
    """The rows of ``result["tables"][table]`` as dicts keyed by the column names."""
    t = result["tables"][table]
    return [dict(zip(t["columns"], row)) for row in t["rows"]]


__all__ = ["experiments", "rows", "run"]
