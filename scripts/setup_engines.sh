#!/usr/bin/env bash
# Installs the pinned live engines (python/engines.txt: MuJoCo 3.15.0, Drake) from PyPI into a
# virtual environment inside the build tree, BUILD_DIR/venv (argument 1, default build/), made
# from Debian's /usr/bin/python3 with its site packages visible. Never touches the system
# Python. Idempotent: a venv whose stamp names the same requirements is left as it is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-${BUILD_DIR:-$root/build}}"
venv="$build/venv"
requirements="$root/python/engines.txt"
stamp="$venv/simatlas-engines.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  echo "setup: engines present in $venv ($(tr '\n' ' ' < "$venv/simatlas-engines.versions"))"
  exit 0
fi
echo "setup: installing the pinned engines of python/engines.txt into $venv"
mkdir -p "$build"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
  -r "$requirements"
# Each engine answers for its own version; a wheel that imports but names another is an error.
"$venv/bin/python" - "$venv/simatlas-engines.versions" <<'PY'
import sys
from importlib.metadata import version
import mujoco
import numpy
import pydrake.all  # noqa: F401  (the import is the check: the wheel loads here)
if mujoco.__version__ != version("mujoco"):
    sys.exit(f"setup: mujoco reports {mujoco.__version__}, its wheel says {version('mujoco')}")
if not numpy.__file__.startswith("/usr/lib/python3/"):
    sys.exit(f"setup: numpy came from {numpy.__file__}, not Debian's python3-numpy")
with open(sys.argv[1], "w") as out:
    out.write(f"mujoco=={mujoco.__version__}\ndrake=={version('drake')}\n")
PY
echo "$want" > "$stamp"
echo "setup: engines installed: $(tr '\n' ' ' < "$venv/simatlas-engines.versions")"
