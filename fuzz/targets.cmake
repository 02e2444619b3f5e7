# The fuzz targets (one <name>_fuzzer.cc each) and the dictionary each one uses; read by
# fuzz/CMakeLists.txt (the clang build) and fuzz/FuzzTests.cmake (the ctest entries).
set(SIMATLAS_FUZZ_TARGETS mujoco_problem sap_problem law_arguments law_json mujoco_solve sap_solve)
set(SIMATLAS_FUZZ_DICT_mujoco_problem mujoco_problem.dict)
set(SIMATLAS_FUZZ_DICT_mujoco_solve mujoco_problem.dict)
set(SIMATLAS_FUZZ_DICT_sap_problem sap_problem.dict)
set(SIMATLAS_FUZZ_DICT_sap_solve sap_problem.dict)
set(SIMATLAS_FUZZ_DICT_law_arguments laws.dict)
set(SIMATLAS_FUZZ_DICT_law_json laws.dict)
