#!/usr/bin/python3
"""The lab's scenes figure on a table it cannot plot (ctest figure_lab_scenes_says_what_is_missing):
the live engines' table is empty when neither engine imports in the interpreter (the lab
notebook under a kernel without the wheels), and a table may hold no row with a measured value. Each
must give a figure that names the reason, never an exception (min() of an empty sequence was
the notebook's crash)."""
import os
import sys

os.environ["MPLBACKEND"] = "Agg"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lab_figures  # noqa: E402

COLUMNS = ["scene", "model", "outcome", "law", "dt", "value", "predicted"]


def texts(fig):
    return " ".join(t.get_text() for ax in fig.axes for t in ax.texts + [ax.title])


def main():
    failures = []
    # The live table as oracle/lab/lab_engines.py returns it when nothing imports.
    reasons = ["MuJoCo: `import mujoco` failed in /usr/bin/python3 (No module named 'mujoco')",
               "Drake: `import pydrake` failed in /usr/bin/python3 (No module named 'pydrake')"]
    shown = texts(lab_figures.scenes_figure({"tables": [{"columns": COLUMNS, "rows": [],
                                                         "missing": reasons}]}))
    failures += ["the empty table's figure does not name: " + r for r in reasons if r not in shown]
    # Rows, none with a measured value and a nonzero prediction.
    rows = [["cube_drop", "sap", "rest depth", "m g/(4k)", 0.01, None, 2.45e-5],
            ["incline_stick", "pgs", "stick", "mu >= tan", 0.01, None, 0]]
    shown = texts(lab_figures.scenes_figure({"tables": [{"columns": COLUMNS, "rows": rows}]}))
    if "no row has a measured value" not in shown:
        failures.append("a table without plottable rows gives no reason: " + shown)
    for f in failures:
        print("lab_figures_test:", f)
    print("lab_figures_test: %d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
