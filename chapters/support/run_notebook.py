#!/usr/bin/python3
"""Executes one chapter notebook with the reference solutions filled in (nbclient) and renders
the executed copy to HTML for the site (target "notebooks", ctest notebook_<chapter>).

The kernel is "simatlas-engines", whose kernelspec the build writes into --kernel-dir
(chapters/support/jupyter_kernel.py: the build tree's venv python, the build's package and CLI,
matplotlib's inline backend); the folder goes on JUPYTER_PATH for this run only, so this build's
kernel runs whatever the user's Jupyter data directory holds. The notebook as shipped, run the
way a student runs it, is the other test (run_as_student.py).

The student cells are filled in first: each cell tagged "answer" gets the reference answer of
its exercise (exercises/<chapter>/ex<N>_solution.txt, read by simatlas.notebook.solution) and the
cell tagged "implementation" gets chapters/<chapter>/notebook_solutions.py (a notebook without
such a cell needs no such file); each cell tagged "check" then also asserts that its verdict
(the variable named in its metadata simatlas.verdict) passed. In the HTML every one of these
cells shows its answer only behind a click, as the site's exercises page does: its outputs (and
an implementation cell's code) are folded into <details class="solution">.

Fails (exit 1) on any cell error, on a cell that calls pyplot without an image/png output, on an
HTML with fewer embedded PNG images than such cells, and on a reference answer shown outside a
folded block. Usage:
  run_notebook.py NOTEBOOK --html OUT.html --kernel-dir DIR"""

import argparse
import html
import os
import pathlib
import re
import sys

import nbclient
import nbformat
from nbconvert import HTMLExporter

# The kernel's debugger would otherwise print a frozen-modules note on stderr per notebook.
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")

from jupyter_kernel import KERNEL_NAME

#: A code cell that draws with pyplot (plt.plot, plt.semilogy, plt.show, ...).
PLOTTING = re.compile(r"\bplt\.\w+\(")
#: The cells that hold or show a reference answer.
SOLUTION_TAGS = ("answer", "implementation", "check")
FOLDED = re.compile(r'<details class="solution">.*?</details>', re.S)


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


def solution_cells(notebook):
    """(index, cell) of the cells tagged answer, implementation or check."""
    return [(i, c) for i, c in enumerate(notebook.cells)
            if c.cell_type == "code" and any(t in c.metadata.get("tags", []) for t in SOLUTION_TAGS)]


def output_html(output):
    """One cell output as HTML: its HTML, else its image, else its text in a <pre>."""
    if output.get("output_type") == "stream":
        return "<pre>%s</pre>" % html.escape(output.get("text", ""))
    data = output.get("data", {})
    if "text/html" in data:
        return data["text/html"]
    if "image/png" in data:
        return '<img src="data:image/png;base64,%s">' % data["image/png"].strip()
    if "text/plain" in data:
        return "<pre>%s</pre>" % html.escape(data["text/plain"])
    return ""


def fold_solutions(notebook):
    """Folds what shows a reference answer behind a click: each solution cell's outputs (and an
    implementation cell's code, which is the solution) become one <details class="solution">.
    Returns the texts that must not be visible outside a folded block: each answer cell's value
    and each implementation's first line of code."""
    secrets = []
    for _, cell in solution_cells(notebook):
        tags = cell.metadata.get("tags", [])
        parts = []
        if "implementation" in tags:
            secrets += [line for line in cell.source.splitlines()
                        if line.strip() and not line.startswith("#")][:1]
            parts.append("<pre>%s</pre>" % html.escape(cell.source))
            cell.source = ("# The reference implementation (chapters/<chapter>/notebook_solutions.py)"
                           " is behind the click below.")
        if "answer" in tags:
            secrets += [o["data"]["text/plain"] for o in cell.get("outputs", [])
                        if "text/plain" in o.get("data", {})]
        parts += [output_html(o) for o in cell.get("outputs", [])]
        if not any(parts):
            continue
        summary = ("Show the reference implementation" if "implementation" in tags else
                   "Show the reference answer" if "answer" in tags else "Show the check of the reference answer")
        cell.outputs = [nbformat.v4.new_output("display_data", data={
            "text/html": '<details class="solution"><summary>%s</summary>%s</details>' % (summary, "".join(parts)),
            "text/plain": summary})]
    return secrets


def shown_outside_folds(secrets, body):
    """The SECRETS that the HTML BODY shows as text outside its folded blocks."""
    visible = html.unescape(re.sub(r"<[^>]+>", "", FOLDED.sub("", body)))
    return [s for s in secrets if s in visible]


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
    parser.add_argument("--kernel-dir", type=pathlib.Path, required=True,
                        help="the build's folder holding kernels/simatlas-engines/kernel.json")
    args = parser.parse_args()
    spec = args.kernel_dir / "kernels" / KERNEL_NAME / "kernel.json"
    if not spec.is_file():
        print(f"run_notebook: no kernelspec {spec} (the build writes it: target jupyter_kernel)",
              file=sys.stderr)
        return 2
    try:
        notebook = nbformat.read(args.notebook, as_version=4)
    except OSError as error:
        print(f"run_notebook: cannot read {args.notebook}: {error.strerror}", file=sys.stderr)
        return 2
    fill_solutions(notebook, args.notebook)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(args.kernel_dir)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p])
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name=KERNEL_NAME,
                                     resources={"metadata": {"path": str(args.notebook.parent)}})
    try:
        client.execute()
        failed = None
    except nbclient.exceptions.CellExecutionError as error:
        failed = error
    missing = plotting_cells_without_image(notebook)
    plotting = sum(1 for c in notebook.cells if c.cell_type == "code" and PLOTTING.search(c.source))
    holders = sum(1 for _, c in solution_cells(notebook)
                  if {"answer", "implementation"} & set(c.metadata.get("tags", [])))
    secrets = fold_solutions(notebook)
    args.html.parent.mkdir(parents=True, exist_ok=True)
    body, _ = HTMLExporter().from_notebook_node(notebook)
    args.html.write_text(body, encoding="utf-8")
    if failed is not None:
        print(f"run_notebook: {args.notebook.name}: a cell failed:\n{failed}", file=sys.stderr)
        return 1
    if missing:
        print(f"run_notebook: {args.notebook.name}: cells {missing} call pyplot but show no "
              "image/png (is the kernel's matplotlib backend inline?)", file=sys.stderr)
        return 1
    images = body.count('<img src="data:image/png;base64,')
    if images < plotting:
        print(f"run_notebook: {args.html} embeds {images} PNG images for {plotting} plotting "
              "cells", file=sys.stderr)
        return 1
    shown = shown_outside_folds(secrets, body)
    if failed is None and len(secrets) < holders:
        print(f"run_notebook: {args.notebook.name}: {holders} answer and implementation cells but "
              f"{len(secrets)} reference answers found in them", file=sys.stderr)
        return 1
    if shown:
        print(f"run_notebook: {args.html} shows reference answers outside a folded block: {shown}",
              file=sys.stderr)
        return 1
    folds = len(FOLDED.findall(body))
    print(f"run_notebook: {args.notebook.name} executed; {plotting} plotting cells, {images} "
          f"images; {folds} solution cells folded behind a click; HTML in {args.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
