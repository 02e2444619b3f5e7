#!/usr/bin/env bash
# Installs the Debian packages simatlas needs (only those missing), as root.
set -euo pipefail
packages=(cmake g++ make libgtest-dev libgmock-dev libbenchmark-dev libeigen3-dev librapidcheck-dev
          nlohmann-json3-dev doxygen graphviz python3-matplotlib python3-numpy
          libmujoco-dev libmujoco-samples libjs-mathjax chromium fonts-wqy-microhei
          clang libclang-rt-14-dev
          pybind11-dev python3-dev python3-pytest python3-nbclient python3-ipykernel
          python3-nbconvert jupyter-notebook gcovr lcov)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi
# The live engines from PyPI (MuJoCo 3.15.0, Drake), pinned, into BUILD_DIR/venv (issues 27, 28).
"$(dirname "$0")/setup_engines.sh" "${BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build}"
