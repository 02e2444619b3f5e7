# Sourced by scripts/sanitize and scripts/mutate --sanitize (issues #10, #20): configures a build
# tree for g++ with AddressSanitizer + UndefinedBehaviorSanitizer (-O1 with debug info and
# assertions, so Eigen's index checks stay on) and exports the options under which any report
# aborts the process. Usage: source scripts/sanitize_env.sh; sanitize_configure ROOT BUILD
sanitize_scripts="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:check_initialization_order=1:suppressions=$sanitize_scripts/asan.supp${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$sanitize_scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

sanitize_configure() {
  local root="$1" build="$2"
  local flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_COMPILER=g++ \
    "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" \
    "-DCMAKE_CXX_FLAGS=$flags" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
    "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined" \
    -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=TRUE \
    -DSIMATLAS_FUZZ=OFF -DSIMATLAS_PYTHON_PACKAGE=OFF \
    -DSIMATLAS_PROPERTY_CASES="${SIMATLAS_SANITIZE_PROPERTY_CASES:-500}" \
    ${SIMATLAS_CMAKE_ARGS:-}
}
