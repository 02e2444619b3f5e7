# One fuzz test (label "fuzz"): copies the seed corpus into the build directory (libFuzzer adds
# the inputs it finds to its first corpus directory, so the repository is never modified), runs
# the target for SECONDS seconds and fails on any crash, hang (> 25 s for one input), memory
# blow-up (> 2 GB) or sanitizer report; the reproducer lands in WORK/artifacts/.
# cmake -DFUZZER=... -DCORPUS=fuzz/corpus/<target> -DDICT=... -DWORK=<build>/fuzz-runs/<target>
#       -DSECONDS=60 -P RunFuzzer.cmake
# The hang limit: this build runs the numeric code 20-50 times slower than a release build
# (sanitizers, coverage counters, Eigen's assertions). The reference's own work bounds
# (kMaxSphereRefinementLevel, geometry::kMaxCandidatePairs) keep a legitimate input under about
# 8 s here on an idle machine; 25 s leaves room for a loaded one.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/artifacts")
file(COPY "${CORPUS}/" DESTINATION "${WORK}/corpus")
execute_process(
  COMMAND "${FUZZER}" "${WORK}/corpus" -max_total_time=${SECONDS} -timeout=25
          -rss_limit_mb=2048 -dict=${DICT} -artifact_prefix=${WORK}/artifacts/
          -print_final_stats=1
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB artifacts "${WORK}/artifacts/*")
  message(FATAL_ERROR "fuzzer ${FUZZER} failed (exit ${rc}); reproducer: ${artifacts}\n"
                      "reproduce with: ${FUZZER} <reproducer>")
endif()
