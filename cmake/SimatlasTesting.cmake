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
# A rapidcheck program; label "property". Runs SIMATLAS_PROPERTY_CASES cases per property with the
# fixed seed SIMATLAS_PROPERTY_SEED unless RC_PARAMS is set by the caller (scripts/soak); prints
# the RC_PARAMS so a failure can be reproduced.
function(simatlas_property_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} simatlas_property_support)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS property
    ENVIRONMENT "SIMATLAS_PROPERTY_CASES=${SIMATLAS_PROPERTY_CASES};SIMATLAS_PROPERTY_SEED=${SIMATLAS_PROPERTY_SEED}")
endfunction()

# simatlas_cli_test(NAME ARGS a;b;c EXIT n [STDOUT regex] [NO_STDOUT regex] [STDERR regex]
#                   [STDERR_LINES n] [EMPTY_STDOUT])
# Runs `simatlas ARGS` and checks the exit code and output (NO_STDOUT: a match fails); label "unit".
function(simatlas_cli_test name)
  cmake_parse_arguments(ARG "EMPTY_STDOUT" "EXIT;STDOUT;NO_STDOUT;STDERR;STDERR_LINES" "ARGS"
                        ${ARGN})
  set(defs -DEXPECT_EXIT=${ARG_EXIT})
  if(DEFINED ARG_STDOUT)
    list(APPEND defs "-DEXPECT_STDOUT=${ARG_STDOUT}")
  endif()
  if(DEFINED ARG_NO_STDOUT)
    list(APPEND defs "-DEXPECT_NO_STDOUT=${ARG_NO_STDOUT}")
  endif()
  if(DEFINED ARG_STDERR)
    list(APPEND defs "-DEXPECT_STDERR=${ARG_STDERR}")
  endif()
  if(DEFINED ARG_STDERR_LINES)
    list(APPEND defs "-DEXPECT_STDERR_LINES=${ARG_STDERR_LINES}")
  endif()
  if(ARG_EMPTY_STDOUT)
    list(APPEND defs "-DEXPECT_EMPTY_STDOUT=1")
  endif()
  # Arguments travel as one "|"-separated string (a ";" would be split by add_test).
  string(REPLACE ";" "|" command "$<TARGET_FILE:simatlas>;${ARG_ARGS}")
  add_test(NAME cli_${name}
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${command}" ${defs}
            -P ${PROJECT_SOURCE_DIR}/cmake/RunAndCheck.cmake)
  set_tests_properties(cli_${name} PROPERTIES LABELS unit)
endfunction()
