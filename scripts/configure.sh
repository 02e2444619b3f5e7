#!/usr/bin/env bash
# Configures simatlas into BUILD_DIR (default: build/ at the repository root) and builds the
# given targets, or everything (every test program too) when none is given:
#   scripts/configure.sh [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
# A new build tree uses Ninja (Debian ninja-build, scripts/setup.sh): it compiles a library's
# objects while the libraries it links are still being built and schedules every target of one
# goal together, where Make waits for each library. An existing tree keeps its generator.
generator=()
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null; then
  generator=(-G Ninja)
fi
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" \
  ${SIMATLAS_CMAKE_ARGS:-}
if [ $# -gt 0 ]; then
  cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "$@"
else
  cmake --build "$build" -j "${JOBS:-$(nproc)}"
fi
