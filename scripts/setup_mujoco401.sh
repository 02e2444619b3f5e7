#!/usr/bin/env bash
# Installs today's MuJoCo beside the course's (issue 38): the pin of python/engines401.txt
# (mujoco==4.0.1) from PyPI into its own virtual environment, BUILD_DIR/venv-mujoco401 (argument 1,
# default build/), made from Debian's /usr/bin/python3 with its site packages visible, as
# scripts/setup_engines.sh makes BUILD_DIR/venv for 3.15.0: two MuJoCo versions never share a
# process. Called by scripts/setup.sh for the group `test` (scripts/test), not by scripts/build.
# Never touches the system Python. Idempotent: a venv whose stamp names the same pin is left.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-${BUILD_DIR:-$root/build}}"
venv="$build/venv-mujoco401"
requirements="$root/python/engines401.txt"
stamp="$venv/simatlas-engines.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  echo "setup: MuJoCo 4.0.1 present in $venv ($(tr '\n' ' ' < "$venv/simatlas-engines.versions"))"
  exit 0
fi
echo "setup: installing the pin of python/engines401.txt into $venv"
mkdir -p "$build"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
  -r "$requirements"
# The wheel answers for its own version, and it is the one pinned; numpy is Debian's.
"$venv/bin/python" - "$venv/simatlas-engines.versions" "$requirements" <<'PY'
import re
import sys
from importlib.metadata import version
import mujoco
import numpy
pinned = re.search(r"^mujoco==(\S+)", open(sys.argv[2]).read(), re.M).group(1)
if mujoco.__version__ != version("mujoco") or mujoco.__version__ != pinned:
    sys.exit(f"setup: mujoco reports {mujoco.__version__}, its wheel says {version('mujoco')}, "
             f"python/engines401.txt pins {pinned}")
if not numpy.__file__.startswith("/usr/lib/python3/"):
    sys.exit(f"setup: numpy came from {numpy.__file__}, not Debian's python3-numpy")
with open(sys.argv[1], "w") as out:
    out.write(f"mujoco=={mujoco.__version__}\n")
PY
echo "$want" > "$stamp"
echo "setup: MuJoCo 4.0.1 installed: $(tr '\n' ' ' < "$venv/simatlas-engines.versions")"
