#!/usr/bin/env bash
# Installs the Debian packages simatlas needs (only those missing), as root, by group:
#   scripts/setup.sh [GROUP...]     GROUP: build, test, coverage; none: build test
# build     what scripts/build needs: the compiler and libraries, the Python package, the figures,
#           the site (Doxygen, MathJax), the executed notebooks, and `jupyter nbconvert` /
#           `jupyter notebook` for the student (README.md); libgtest/libgmock because the
#           configure step requires GTest
# test      what scripts/test adds: Google Benchmark, clang and its runtimes (fuzz targets),
#           pytest, headless Chromium and a CJK font for its screenshots, clang-format (format_test)
# coverage  gcovr and lcov (scripts/coverage)
# Then the pinned live engines (scripts/setup_engines.sh) into BUILD_DIR/venv, and with the group
# test today's MuJoCo 4.0.1 (scripts/setup_mujoco401.sh) into BUILD_DIR/venv-mujoco401.
set -euo pipefail
# python3-munkres satisfies matplotlib's python3-fonttools dependency "python3-scipy |
# python3-munkres", which apt would otherwise meet with SciPy and its Pythran, Boost and
# OpenBLAS headers (about a sixth of the build group's install time; nothing here uses SciPy).
build_packages=(cmake g++ make ninja-build libgtest-dev libgmock-dev libeigen3-dev librapidcheck-dev
                nlohmann-json3-dev doxygen python3-matplotlib python3-munkres python3-numpy
                python3-venv libmujoco-dev libmujoco-samples libjs-mathjax pybind11-dev python3-dev
                python3-nbclient python3-ipykernel python3-nbconvert
                jupyter-core jupyter-nbconvert jupyter-notebook)
test_packages=(libbenchmark-dev clang clang-format libclang-rt-14-dev python3-pytest chromium fonts-wqy-microhei)
coverage_packages=(gcovr lcov)
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(build test)
packages=()
for g in "${groups[@]}"; do
  case "$g" in
    build) packages+=("${build_packages[@]}") ;;
    test) packages+=("${test_packages[@]}") ;;
    coverage) packages+=("${coverage_packages[@]}") ;;
    *) echo "setup: unknown group '$g' (build, test, coverage)" >&2; exit 2 ;;
  esac
done
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
  echo "setup: all packages of ${groups[*]} present"
fi
# The live engines from PyPI (MuJoCo 3.15.0, Drake), pinned, into BUILD_DIR/venv (issues 27, 28).
"$(dirname "$0")/setup_engines.sh" "${BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build}"
# MuJoCo 4.0.1 beside it, in its own venv (issue 38): the test command's oracles, not the first
# command's (its 10 minutes).
for g in "${groups[@]}"; do
  if [ "$g" = test ]; then
    "$(dirname "$0")/setup_mujoco401.sh" "${BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build}"
  fi
done
