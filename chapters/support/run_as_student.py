#!/usr/bin/python3
"""Runs one chapter notebook as shipped, the way README.md tells a student to (ctest
notebook_<chapter>_as_shipped):

  1. the kernel is installed by the first command's own procedure — `jupyter_kernel.py install`,
     what the target jupyter_kernel of scripts/build runs — into the user's Jupyter data
     directory of a HOME made for this test (the real home is never written);
  2. `jupyter nbconvert --to notebook --execute NOTEBOOK`, the README's command with no flag,
     runs with that HOME, from another working directory, on a byte-for-byte copy of the
     shipped notebook outside the repository, with no JUPYTER_PATH, PYTHONPATH, SIMATLAS_CLI or
     MPLBACKEND in the environment: the notebook's stored kernelspec name must find the
     installed kernel, and the kernel must find the package, the CLI and the repository alone;
  3. the executed copy must hold no error output, an execution count in every code cell (it ran
     to the end: blank exercises show ✗, never raise) and an image in every cell that plots.

What it does not prove: that the kernel lands in /root/.local/share/jupyter (the same
jupyter_data_dir() lookup under another HOME), nor Run All in a browser (the same kernelspec and
kernel; nbconvert's client instead of the notebook server's).
Usage: run_as_student.py NOTEBOOK --spec BUILD/jupyter/kernels/simatlas-engines --work DIR"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys

import nbformat

from run_notebook import PLOTTING, plotting_cells_without_image

#: What a student's shell would not set (and what would let the test pass without the
#: installed kernel): removed from the environment of both commands.
UNSET = ("JUPYTER_PATH", "JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "XDG_DATA_HOME", "IPYTHONDIR",
         "PYTHONPATH", "SIMATLAS_CLI", "MPLBACKEND")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", type=pathlib.Path)
    parser.add_argument("--spec", type=pathlib.Path, required=True)
    parser.add_argument("--work", type=pathlib.Path, required=True)
    a = parser.parse_args()
    jupyter = shutil.which("jupyter")
    if jupyter is None:
        print("run_as_student: `jupyter` is not on PATH (scripts/setup.sh installs Debian's "
              "jupyter-core and jupyter-nbconvert)", file=sys.stderr)
        return 1
    shutil.rmtree(a.work, ignore_errors=True)
    home, copies, cwd = a.work / "home", a.work / "notebooks", a.work / "elsewhere"
    for d in (home, copies, cwd):
        d.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["HOME"] = str(home)
    install = [sys.executable, str(pathlib.Path(__file__).with_name("jupyter_kernel.py")),
               "install", "--spec", str(a.spec)]
    if subprocess.run(install, env=env, cwd=cwd).returncode != 0:
        return 1
    notebook = copies / a.notebook.name
    shutil.copyfile(a.notebook, notebook)
    command = [jupyter, "nbconvert", "--to", "notebook", "--execute", str(notebook)]
    print("run_as_student:", " ".join(command), f"(HOME={home}, cwd {cwd})", flush=True)
    if subprocess.run(command, env=env, cwd=cwd).returncode != 0:
        print(f"run_as_student: {a.notebook.name} does not run as shipped", file=sys.stderr)
        return 1
    executed = nbformat.read(notebook.with_suffix(".nbconvert.ipynb"), as_version=4)
    code = [(i, c) for i, c in enumerate(executed.cells) if c.cell_type == "code"]
    errors = [i for i, c in code if any(o.get("output_type") == "error" for o in c.get("outputs", []))]
    unrun = [i for i, c in code if c.get("execution_count") is None]
    missing = plotting_cells_without_image(executed)
    for what, cells in (("an error output", errors), ("no execution count", unrun),
                        ("a pyplot call but no image", missing)):
        if cells:
            print(f"run_as_student: {a.notebook.name}: cells {cells} have {what}", file=sys.stderr)
    if errors or unrun or missing:
        return 1
    plots = sum(1 for _, c in code if PLOTTING.search(c.source))
    print(f"run_as_student: {a.notebook.name} ran as shipped to its last cell on the kernel "
          f"'{executed.metadata.kernelspec.name}'; {len(code)} code cells, {plots} plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
