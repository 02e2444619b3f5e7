# Included by the main CMakeLists.txt (g++ build): builds fuzz/ as a separate clang project
# (ExternalProject, into <build>/fuzz) when clang++ with libFuzzer is available, and adds one
# ctest per target with the label "fuzz", running SIMATLAS_FUZZ_SECONDS on a copy of
# fuzz/corpus/<target>. scripts/setup.sh installs clang and libclang-rt-14-dev.
option(SIMATLAS_FUZZ "build the libFuzzer targets (clang) and run them under the ctest label fuzz" ON)
set(SIMATLAS_FUZZ_SECONDS 60 CACHE STRING "seconds each fuzz test runs")

if(SIMATLAS_FUZZ)
  find_program(SIMATLAS_CLANGXX NAMES clang++ clang++-14)
  set(fuzz_available OFF)
  if(SIMATLAS_CLANGXX)
    # Probe: can clang link a fuzzer with ASan and UBSan (libclang-rt-14-dev present)?
    set(probe_dir ${CMAKE_BINARY_DIR}/fuzz-probe)
    file(WRITE ${probe_dir}/probe.cc
         "#include <cstddef>\n#include <cstdint>\n"
         "extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n")
    execute_process(
      COMMAND ${SIMATLAS_CLANGXX} -fsanitize=fuzzer,address,undefined ${probe_dir}/probe.cc
              -o ${probe_dir}/probe
      RESULT_VARIABLE probe_rc OUTPUT_QUIET ERROR_QUIET)
    if(probe_rc EQUAL 0)
      set(fuzz_available ON)
    endif()
  endif()
  if(fuzz_available)
    include(ExternalProject)
    include(${PROJECT_SOURCE_DIR}/fuzz/targets.cmake)
    ExternalProject_Add(simatlas_fuzz
      SOURCE_DIR ${PROJECT_SOURCE_DIR}/fuzz
      BINARY_DIR ${CMAKE_BINARY_DIR}/fuzz
      CMAKE_ARGS -DCMAKE_CXX_COMPILER=${SIMATLAS_CLANGXX}  # SIMATLAS_SOURCE_DIR: fuzz/..
      INSTALL_COMMAND ""
      BUILD_ALWAYS ON)  # the sub-build tracks its own dependencies on reference/
    foreach(target ${SIMATLAS_FUZZ_TARGETS})
      add_test(NAME fuzz_${target}
        COMMAND ${CMAKE_COMMAND}
                -DFUZZER=${CMAKE_BINARY_DIR}/fuzz/${target}_fuzzer
                -DCORPUS=${PROJECT_SOURCE_DIR}/fuzz/corpus/${target}
                -DDICT=${PROJECT_SOURCE_DIR}/fuzz/dict/${SIMATLAS_FUZZ_DICT_${target}}
                -DWORK=${CMAKE_BINARY_DIR}/fuzz-runs/${target}
                -DSECONDS=${SIMATLAS_FUZZ_SECONDS}
                -P ${PROJECT_SOURCE_DIR}/fuzz/RunFuzzer.cmake)
      set_tests_properties(fuzz_${target} PROPERTIES LABELS fuzz
        TIMEOUT 600)
    endforeach()
  else()
    message(STATUS "fuzz: no clang++ that links -fsanitize=fuzzer (install clang and "
                   "libclang-rt-14-dev); the fuzz label is empty")
  endif()
endif()
