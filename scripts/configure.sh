#!/usr/bin/env bash
# Configures and builds simatlas into BUILD_DIR (default: build/ at the repository root).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" ${SIMATLAS_CMAKE_ARGS:-}
cmake --build "$build" -j "${JOBS:-$(nproc)}"
