# The steps of the packaging test, each failing with the step's output.
# -DBUILD_DIR -DPREFIX -DCONSUMER_SOURCE -DCONSUMER_BUILD -DCXX_COMPILER -DBUILD_TYPE
# -DCXX_FLAGS -DLINKER_FLAGS (those of the installed build) -DPYTHON (empty: no Python check)
# -DPYTHON_PACKAGE (ON when the build has the Python package, which must then be installed)
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "packaging test, ${step} failed (${code}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${PREFIX} ${CONSUMER_BUILD})
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})
set(expected bin/simatlas include/reference/laws/law.h include/tools/check/check_family.h
    lib/cmake/simatlas/simatlasConfig.cmake)
if(PYTHON_PACKAGE)
  list(APPEND expected lib/python3/dist-packages/simatlas/__init__.py)
endif()
foreach(installed ${expected})
  if(NOT EXISTS ${PREFIX}/${installed})
    message(FATAL_ERROR "packaging test: ${PREFIX}/${installed} was not installed")
  endif()
endforeach()
run("configure the consumer" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE} -B ${CONSUMER_BUILD}
    -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run("build the consumer" ${CMAKE_COMMAND} --build ${CONSUMER_BUILD})
run("run the consumer" ${CONSUMER_BUILD}/consumer)
message(STATUS "consumer: ${last_output}")
# The installed package imports and finds the installed program (not the build's); the code
# has no ';' (a CMake list separator).
if(PYTHON)
  run("import the installed Python package" ${CMAKE_COMMAND} -E env --unset=SIMATLAS_CLI
      PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=${PREFIX}/lib/python3/dist-packages ${PYTHON} -c
      "import simatlas, simatlas._paths as p\nprint(p.cli())\nprint(simatlas.law('material.point_stiffness', k1=1e5, k2=1e5)['k'])")
  if(NOT last_output STREQUAL "${PREFIX}/bin/simatlas\n50000.0\n")
    message(FATAL_ERROR "packaging test: the installed package printed '${last_output}', expected "
            "the installed program ${PREFIX}/bin/simatlas and k = 50000.0 N/m (1e5 and 1e5 in series)")
  endif()
endif()
