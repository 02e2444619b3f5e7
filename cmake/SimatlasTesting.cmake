# Helpers shared by every test family. Each test carries one of the ctest labels
# unit, property, exercise, oracle, figure (and later ones such as docs, fuzz).

# simatlas_unit_test(NAME SOURCES a.cc b.cc LIBS lib...)
# A GoogleTest program next to the code it tests; label "unit".
function(simatlas_unit_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS unit)
endfunction()

# simatlas_property_test(NAME SOURCES a.cc LIBS lib...)
# A rapidcheck program; label "property". Runs SIMATLAS_PROPERTY_CASES cases per property
# unless RC_PARAMS is set by the caller; prints the seed so a failure can be reproduced.
function(simatlas_property_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} simatlas_property_support)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS property
    ENVIRONMENT "SIMATLAS_PROPERTY_CASES=${SIMATLAS_PROPERTY_CASES}")
endfunction()
