# The live engines of the build tree's virtual environment (scripts/setup_engines.sh,
# python/engines.txt): MuJoCo 3.15.0 (the PyPI wheel's C library and headers) and Drake (pydrake).
# Sets
#   SIMATLAS_ENGINES_PYTHON      the venv's python (import mujoco, import pydrake), or empty
#   SIMATLAS_MUJOCO_WHEEL_VERSION  the wheel's MuJoCo version ("3.15.0")
#   SIMATLAS_DRAKE_VERSION       the installed drake wheel's version ("1.51.1")
# and the imported target simatlas::mujoco315 (headers + libmujoco.so.3.15.0) when the wheel is
# there. Missing venv: a warning naming the setup step; the targets that need it are not built.
set(SIMATLAS_ENGINES_VENV "${CMAKE_BINARY_DIR}/venv" CACHE PATH
    "virtual environment holding the pinned mujoco and drake wheels (scripts/setup_engines.sh)")
set(SIMATLAS_ENGINES_PYTHON "")
set(SIMATLAS_MUJOCO_WHEEL_VERSION "")
set(SIMATLAS_DRAKE_VERSION "")
if(EXISTS "${SIMATLAS_ENGINES_VENV}/bin/python")
  set(SIMATLAS_ENGINES_PYTHON "${SIMATLAS_ENGINES_VENV}/bin/python")
  execute_process(
    COMMAND "${SIMATLAS_ENGINES_PYTHON}" -c
      "import glob, os, mujoco; from importlib.metadata import version; d = os.path.dirname(mujoco.__file__); print(mujoco.__version__, mujoco.HEADERS_DIR, sorted(glob.glob(os.path.join(d, 'libmujoco.so.*')))[-1], version('drake'), sep=';')"
    OUTPUT_VARIABLE engines_out ERROR_VARIABLE engines_err RESULT_VARIABLE engines_result
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(engines_result EQUAL 0)
    list(GET engines_out 0 SIMATLAS_MUJOCO_WHEEL_VERSION)
    list(GET engines_out 1 mujoco_wheel_headers)
    list(GET engines_out 2 mujoco_wheel_library)
    list(GET engines_out 3 SIMATLAS_DRAKE_VERSION)
    if(NOT TARGET simatlas::mujoco315)
      add_library(simatlas::mujoco315 SHARED IMPORTED GLOBAL)
      # HEADERS_DIR is .../include/mujoco (it holds mujoco.h itself): its parent goes on the
      # include path so that <mujoco/mujoco.h> is the wheel's, ahead of Debian's 2.2.2 in
      # /usr/include/mujoco (with HEADERS_DIR itself, <mujoco/mujoco.h> found 2.2.2's header).
      get_filename_component(mujoco_wheel_include "${mujoco_wheel_headers}" DIRECTORY)
      set_target_properties(simatlas::mujoco315 PROPERTIES
        IMPORTED_LOCATION "${mujoco_wheel_library}"
        IMPORTED_NO_SONAME OFF
        INTERFACE_INCLUDE_DIRECTORIES "${mujoco_wheel_include}")
    endif()
    message(STATUS "Live engines in ${SIMATLAS_ENGINES_VENV}: MuJoCo ${SIMATLAS_MUJOCO_WHEEL_VERSION} "
                   "(${mujoco_wheel_library}), Drake ${SIMATLAS_DRAKE_VERSION}")
  else()
    message(WARNING "${SIMATLAS_ENGINES_PYTHON} cannot import mujoco/pydrake (${engines_err}); "
                    "run scripts/setup_engines.sh ${CMAKE_BINARY_DIR}")
    set(SIMATLAS_ENGINES_PYTHON "")
  endif()
else()
  message(WARNING "No engines venv at ${SIMATLAS_ENGINES_VENV}: the MuJoCo 3.15 and Drake oracles "
                  "are not built (scripts/setup_engines.sh ${CMAKE_BINARY_DIR} installs them)")
endif()

# Today's MuJoCo beside the course's (issue 38; scripts/setup_mujoco401.sh,
# python/engines401.txt): MuJoCo 4.0.1 in its own venv, BUILD_DIR/venv-mujoco401. Sets
#   SIMATLAS_MUJOCO401_PYTHON    that venv's python (import mujoco: 4.0.1), or empty
# and the imported target simatlas::mujoco401 (headers + libmujoco.so.4.0.1) when the wheel is
# there; never linked into a program that links simatlas::mujoco315 or Debian's 2.2.2.
set(SIMATLAS_MUJOCO401_VENV "${CMAKE_BINARY_DIR}/venv-mujoco401" CACHE PATH
    "virtual environment holding the pinned mujoco==4.0.1 wheel (scripts/setup_mujoco401.sh)")
set(SIMATLAS_MUJOCO401_PYTHON "")
if(EXISTS "${SIMATLAS_MUJOCO401_VENV}/bin/python")
  execute_process(
    COMMAND "${SIMATLAS_MUJOCO401_VENV}/bin/python" -c
      "import glob, os, mujoco; d = os.path.dirname(mujoco.__file__); print(mujoco.__version__, mujoco.HEADERS_DIR, sorted(glob.glob(os.path.join(d, 'libmujoco.so.*')))[-1], sep=';')"
    OUTPUT_VARIABLE mujoco401_out ERROR_VARIABLE mujoco401_err RESULT_VARIABLE mujoco401_result
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(mujoco401_result EQUAL 0)
    list(GET mujoco401_out 0 mujoco401_version)
    list(GET mujoco401_out 1 mujoco401_headers)
    list(GET mujoco401_out 2 mujoco401_library)
    if(mujoco401_version STREQUAL "4.0.1")
      set(SIMATLAS_MUJOCO401_PYTHON "${SIMATLAS_MUJOCO401_VENV}/bin/python")
      if(NOT TARGET simatlas::mujoco401)
        add_library(simatlas::mujoco401 SHARED IMPORTED GLOBAL)
        # The parent of HEADERS_DIR, so that <mujoco/mujoco.h> is the wheel's (as for 3.15).
        get_filename_component(mujoco401_include "${mujoco401_headers}" DIRECTORY)
        set_target_properties(simatlas::mujoco401 PROPERTIES
          IMPORTED_LOCATION "${mujoco401_library}"
          IMPORTED_NO_SONAME OFF
          INTERFACE_INCLUDE_DIRECTORIES "${mujoco401_include}")
      endif()
      message(STATUS "MuJoCo 4.0.1 in ${SIMATLAS_MUJOCO401_VENV} (${mujoco401_library})")
    else()
      message(WARNING "${SIMATLAS_MUJOCO401_VENV} holds MuJoCo ${mujoco401_version}, not 4.0.1: "
                      "run scripts/setup_mujoco401.sh ${CMAKE_BINARY_DIR}")
    endif()
  else()
    message(WARNING "${SIMATLAS_MUJOCO401_VENV}/bin/python cannot import mujoco "
                    "(${mujoco401_err}); run scripts/setup_mujoco401.sh ${CMAKE_BINARY_DIR}")
  endif()
else()
  message(STATUS "No MuJoCo 4.0.1 venv at ${SIMATLAS_MUJOCO401_VENV}: the 4.0.1 oracles are not "
                 "built (scripts/test installs it: scripts/setup_mujoco401.sh ${CMAKE_BINARY_DIR})")
endif()
