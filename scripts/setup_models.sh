#!/usr/bin/env bash
# Fetches the benchmark's external models (python/models.txt: dm_control's dog and quadruped)
# into BUILD_DIR/models (argument 1, default build/): pip downloads the pinned wheel from PyPI
# with the build tree's venv (scripts/setup_engines.sh makes it) and the model files are
# unpacked from it; nothing is installed. Idempotent: a stamp naming the same pins is kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-${BUILD_DIR:-$root/build}}"
models="$build/models"
pins="$root/python/models.txt"
stamp="$models/simatlas-models.sha256"
want="$(sha256sum "$pins" | cut -d' ' -f1)"
if [ -f "$models/dm_control/suite/dog.xml" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  echo "setup: models present in $models"
  exit 0
fi
[ -x "$build/venv/bin/python" ] || "$root/scripts/setup_engines.sh" "$build"
echo "setup: downloading the models of python/models.txt into $models"
rm -rf "$models"
mkdir -p "$models/wheels"
"$build/venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-input \
  --no-deps -d "$models/wheels" -r "$pins"
wheel="$(ls "$models"/wheels/dm_control-*.whl)"
"$build/venv/bin/python" - "$wheel" "$models" <<'PY'
import sys
import zipfile
wheel, out = sys.argv[1], sys.argv[2]
keep = ("dm_control/suite/dog.xml", "dm_control/suite/quadruped.xml",
        "dm_control/suite/dog_assets/", "dm_control/suite/common/")
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if n.startswith(keep) and not n.endswith(".py")]
    z.extractall(out, names)
print(f"setup: {len(names)} model files from {wheel.rsplit('/', 1)[-1]}")
PY
rm -rf "$models/wheels"
echo "$want" > "$stamp"
