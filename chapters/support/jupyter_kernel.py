#!/usr/bin/python3
"""The notebooks' kernel "simatlas-engines": its kernelspec (written into the build tree) and its
installation where a plain `jupyter` finds it (target jupyter_kernel, built by scripts/build).

Every chapter notebook stores the kernelspec name "simatlas-engines", so `jupyter nbconvert
--to notebook --execute NOTEBOOK` and Run All in `jupyter notebook` start this kernel without a
flag. The kernel is the build tree's venv python (import mujoco gives the pinned MuJoCo, import
pydrake the pinned Drake; Debian's ipykernel, numpy and matplotlib are visible in it), with the
build's package on PYTHONPATH, the build's CLI as SIMATLAS_CLI and matplotlib's inline backend
(an MPLBACKEND=Agg inherited from a shell would draw the figures nowhere). The package finds the
repository by the paths compiled into it (simatlas._paths), so a notebook runs from any working
directory.

Where it is installed: the user's Jupyter data directory (jupyter_core's jupyter_data_dir():
$JUPYTER_DATA_DIR, else $XDG_DATA_HOME/jupyter, else ~/.local/share/jupyter), as `jupyter
kernelspec install --user` does. It is the first directory Jupyter searches after an explicit
$JUPYTER_PATH, so an older spec of the same name in /usr/local/share/jupyter or /usr/share/jupyter
cannot shadow it, and it needs no system-wide write. Each scripts/build replaces it (idempotent),
so it names the build tree that ran last: with BUILD_DIR=other, scripts/build points it at
other/venv and other/python.

  jupyter_kernel.py write --python PY --package DIR --cli PROGRAM --versions TEXT --out DIR
      writes DIR/kernels/simatlas-engines/kernel.json
  jupyter_kernel.py install --spec DIR/kernels/simatlas-engines
      installs that folder into the user's Jupyter data directory and prints where
"""

import argparse
import json
import pathlib
import sys

KERNEL_NAME = "simatlas-engines"
#: matplotlib's inline backend: each figure is embedded in the cell's output.
INLINE_BACKEND = "module://matplotlib_inline.backend_inline"


def write_spec(out_dir, python, package_dir, cli, versions=""):
    """Writes OUT_DIR/kernels/simatlas-engines/kernel.json and returns that folder."""
    folder = pathlib.Path(out_dir) / "kernels" / KERNEL_NAME
    folder.mkdir(parents=True, exist_ok=True)
    label = f"simatlas ({versions}; {pathlib.Path(package_dir).parent})" if versions else \
        f"simatlas ({pathlib.Path(package_dir).parent})"
    spec = {"argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": label, "language": "python",
            "env": {"PYTHONPATH": str(package_dir), "SIMATLAS_CLI": str(cli),
                    "MPLBACKEND": INLINE_BACKEND}}
    text = json.dumps(spec, indent=1) + "\n"
    path = folder / "kernel.json"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return folder


def install(spec_folder):
    """Installs SPEC_FOLDER as the user's kernel "simatlas-engines" (replacing an older one);
    returns the installed folder."""
    from jupyter_client.kernelspec import KernelSpecManager
    # (jupyter_client 7 replaces an installed spec of the same name: no `replace` needed)
    return KernelSpecManager().install_kernel_spec(str(spec_folder), KERNEL_NAME, user=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("--python", required=True, type=pathlib.Path)
    w.add_argument("--package", required=True, type=pathlib.Path)
    w.add_argument("--cli", required=True, type=pathlib.Path)
    w.add_argument("--versions", default="")
    w.add_argument("--out", required=True, type=pathlib.Path)
    i = sub.add_parser("install")
    i.add_argument("--spec", required=True, type=pathlib.Path)
    a = parser.parse_args()
    if a.command == "write":
        write_spec(a.out, a.python, a.package, a.cli, a.versions)
        return 0
    if not (a.spec / "kernel.json").is_file():
        print(f"jupyter_kernel: no kernel.json in {a.spec} (build the target jupyter_kernel)",
              file=sys.stderr)
        return 2
    where = install(a.spec)
    python = json.loads((a.spec / "kernel.json").read_text(encoding="utf-8"))["argv"][0]
    print(f"jupyter_kernel: kernel '{KERNEL_NAME}' ({python}) installed in {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
