#!/usr/bin/python3
"""Executes one chapter notebook top to bottom with nbclient and renders the executed
copy to HTML with nbconvert (ctest label "notebook", target "notebooks").

The kernel runs the interpreter given by --kernel-python (CMake passes the build tree's venv,
SIMATLAS_ENGINES_PYTHON, so `import mujoco` and `import pydrake` are the pinned engines): the
runner writes its kernelspec "simatlas-engines" into --kernel-dir (a folder of the build tree,
put on JUPYTER_PATH for this run only; nothing goes to the user's ~/.local) with matplotlib's
inline backend, so each figure is embedded in the executed notebook and its HTML.

As shipped (blanks unfilled) every cell must run: an exercise's check cell shows ✗ and why,
never raises. With --solutions the student cells are filled in first: each cell tagged
"answer" gets the reference answer of its exercise (exercises/<chapter>/ex<N>_solution.txt, read
by simatlas.notebook.solution) and the cell tagged "implementation" gets
chapters/<chapter>/notebook_solutions.py (a notebook without such a cell needs no such file); each cell tagged "check" then also asserts that its
verdict (the variable named in its metadata simatlas.verdict) passed.

Fails (exit 1) on any cell error, on a cell that calls pyplot without an image/png output, and
on an HTML with fewer embedded PNG images than such cells. Usage:
  run_notebook.py NOTEBOOK --html OUT.html --kernel-python PYTHON --kernel-dir DIR [--solutions]"""

import argparse
import json
import os
import pathlib
import re
import sys

import nbclient
import nbformat
from nbconvert import HTMLExporter

# The kernel's debugger would otherwise print a frozen-modules note on stderr per notebook.
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")

KERNEL_NAME = "simatlas-engines"
#: A code cell that draws with pyplot (plt.plot, plt.semilogy, plt.show, ...).
PLOTTING = re.compile(r"\bplt\.\w+\(")


def write_kernelspec(kernel_dir, python):
    """Writes DIR/kernels/simatlas-engines/kernel.json: ipykernel under ``python``, figures by
    matplotlib's inline backend (an MPLBACKEND=Agg inherited from a caller would draw them
    nowhere)."""
    folder = kernel_dir / "kernels" / KERNEL_NAME
    folder.mkdir(parents=True, exist_ok=True)
    spec = {"argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": f"simatlas ({python})", "language": "python",
            "env": {"MPLBACKEND": "module://matplotlib_inline.backend_inline"}}
    (folder / "kernel.json").write_text(json.dumps(spec, indent=1) + "\n", encoding="utf-8")


def fill_solutions(notebook, path):
    """Replaces the student cells of the notebook read from path by the reference solutions
    and makes each check cell assert its verdict."""
    for cell in notebook.cells:
        tags = cell.metadata.get("tags", [])
        if "answer" in tags:
            folder, number = cell.metadata["simatlas"]["exercise"]
            cell.source = (f"answer_{number} = simatlas.notebook.solution({folder!r}, {number})\n"
                           f"answer_{number}")
        elif "implementation" in tags:
            # read only by a notebook with an implementation cell (the lab's has none)
            cell.source = (path.parent / "notebook_solutions.py").read_text(encoding="utf-8")
        elif "check" in tags:
            verdict = cell.metadata["simatlas"]["verdict"]
            cell.source += (f"\nassert {verdict}, 'the reference solution does not pass: '"
                            f" + repr({verdict})\n{verdict}")


def plotting_cells_without_image(notebook):
    """Indices of the code cells that call pyplot and show no image/png output."""
    missing = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or not PLOTTING.search(cell.source):
            continue
        if not any("image/png" in output.get("data", {}) for output in cell.get("outputs", [])):
            missing.append(index)
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", type=pathlib.Path)
    parser.add_argument("--html", type=pathlib.Path, required=True)
    parser.add_argument("--kernel-python", type=pathlib.Path, required=True,
                        help="the kernel's interpreter (the build tree's venv python)")
    parser.add_argument("--kernel-dir", type=pathlib.Path, required=True,
                        help="where the kernelspec is written (a folder of the build tree)")
    parser.add_argument("--solutions", action="store_true")
    args = parser.parse_args()
    if not os.access(args.kernel_python, os.X_OK):
        print(f"run_notebook: no interpreter at {args.kernel_python} (scripts/setup_engines.sh "
              "BUILD_DIR creates the venv)", file=sys.stderr)
        return 2
    try:
        notebook = nbformat.read(args.notebook, as_version=4)
    except OSError as error:
        print(f"run_notebook: cannot read {args.notebook}: {error.strerror}", file=sys.stderr)
        return 2
    if args.solutions:
        fill_solutions(notebook, args.notebook)
    write_kernelspec(args.kernel_dir, args.kernel_python)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(args.kernel_dir)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p])
    os.environ.pop("MPLBACKEND", None)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name=KERNEL_NAME,
                                     resources={"metadata": {"path": str(args.notebook.parent)}})
    try:
        client.execute()
        failed = None
    except nbclient.exceptions.CellExecutionError as error:
        failed = error
    args.html.parent.mkdir(parents=True, exist_ok=True)
    body, _ = HTMLExporter().from_notebook_node(notebook)
    args.html.write_text(body, encoding="utf-8")
    if failed is not None:
        print(f"run_notebook: {args.notebook.name}: a cell failed:\n{failed}", file=sys.stderr)
        return 1
    missing = plotting_cells_without_image(notebook)
    if missing:
        print(f"run_notebook: {args.notebook.name}: cells {missing} call pyplot but show no "
              "image/png (is the kernel's matplotlib backend inline?)", file=sys.stderr)
        return 1
    plotting = sum(1 for c in notebook.cells if c.cell_type == "code" and PLOTTING.search(c.source))
    images = body.count('<img src="data:image/png;base64,')
    if images < plotting:
        print(f"run_notebook: {args.html} embeds {images} PNG images for {plotting} plotting "
              "cells", file=sys.stderr)
        return 1
    print(f"run_notebook: {args.notebook.name} executed; {plotting} plotting cells, {images} "
          f"images; HTML in {args.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
