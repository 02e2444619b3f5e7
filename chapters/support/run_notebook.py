#!/usr/bin/python3
"""Executes one chapter notebook top to bottom with nbclient and renders the executed
copy to HTML with nbconvert (ctest label "notebook", target "notebooks").

With --solutions the student cells are filled in first: each cell tagged "answer" gets the
reference answer of its exercise (exercises/<chapter>/ex<N>_solution.txt, read by
simatlas.notebook.solution) and the cell tagged "implementation" gets
chapters/<chapter>/notebook_solutions.py. Any error in
any cell fails (exit 1). Usage:
  run_notebook.py NOTEBOOK --html OUT.html [--solutions]"""

import argparse
import os
import pathlib
import sys

import nbclient
import nbformat
from nbconvert import HTMLExporter

# The kernel's debugger would otherwise print a frozen-modules note on stderr per notebook.
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")


def fill_solutions(notebook, path):
    """Replaces the student cells of the notebook read from path by the reference solutions."""
    implementation = (path.parent / "notebook_solutions.py").read_text(encoding="utf-8")
    for cell in notebook.cells:
        tags = cell.metadata.get("tags", [])
        if "answer" in tags:
            folder, number = cell.metadata["simatlas"]["exercise"]
            cell.source = (f"answer_{number} = simatlas.notebook.solution({folder!r}, {number})\n"
                           f"answer_{number}")
        elif "implementation" in tags:
            cell.source = implementation


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", type=pathlib.Path)
    parser.add_argument("--html", type=pathlib.Path, required=True)
    parser.add_argument("--solutions", action="store_true")
    args = parser.parse_args()
    try:
        notebook = nbformat.read(args.notebook, as_version=4)
    except OSError as error:
        print(f"run_notebook: cannot read {args.notebook}: {error.strerror}", file=sys.stderr)
        return 2
    if args.solutions:
        fill_solutions(notebook, args.notebook)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
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
    print(f"run_notebook: {args.notebook.name} executed; HTML in {args.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
