#!/usr/bin/env bash
# Configures simatlas into BUILD_DIR (default: build/ at the repository root) and builds the
# given targets, or everything (every test program too) when none is given:
#   scripts/configure.sh [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" ${SIMATLAS_CMAKE_ARGS:-}
if [ $# -gt 0 ]; then
  cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "$@"
else
  cmake --build "$build" -j "${JOBS:-$(nproc)}"
fi
