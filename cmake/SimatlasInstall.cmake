# Packaging: `cmake --install DIR --prefix P` installs the command-line program
# (P/bin/simatlas), the engine's static libraries and public headers (P/lib, P/include), the
# Python package (P/lib/python3/dist-packages/simatlas) and a CMake package config, so that a
# C++ project can `find_package(simatlas CONFIG)` and link simatlas::reference (every part of
# the engine) and simatlas::laws, simatlas::io, simatlas::check.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(simatlas_parts core multibody geometry contact sap mujoco scenes laws io property_families check)
set(simatlas_installed)
foreach(part ${simatlas_parts})
  if(TARGET simatlas_${part})
    # Exported as simatlas::<part>; include paths are the source tree here, include/ installed.
    set_target_properties(simatlas_${part} PROPERTIES EXPORT_NAME ${part})
    get_target_property(dirs simatlas_${part} INTERFACE_INCLUDE_DIRECTORIES)
    if(dirs)
      set_property(TARGET simatlas_${part} PROPERTY INTERFACE_INCLUDE_DIRECTORIES
        "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>" "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
    endif()
    list(APPEND simatlas_installed simatlas_${part})
  endif()
endforeach()

# simatlas::reference: the whole reference engine (reference/) in one target.
add_library(simatlas_reference INTERFACE)
set_target_properties(simatlas_reference PROPERTIES EXPORT_NAME reference)
foreach(part core multibody geometry contact sap mujoco scenes laws io)
  if(TARGET simatlas_${part})
    target_link_libraries(simatlas_reference INTERFACE simatlas_${part})
  endif()
endforeach()

install(TARGETS simatlas RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${simatlas_installed} simatlas_reference EXPORT simatlasTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY reference/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/reference
  FILES_MATCHING PATTERN "*.h" PATTERN "test" EXCLUDE)
install(DIRECTORY property_tests/families/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/property_tests/families
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY tools/check/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tools/check
  FILES_MATCHING PATTERN "*.h" PATTERN "test" EXCLUDE PATTERN "examples" EXCLUDE)
if(TARGET simatlas_python)
  install(DIRECTORY ${SIMATLAS_PYTHON_DIR}/simatlas DESTINATION ${CMAKE_INSTALL_LIBDIR}/python3/dist-packages
    PATTERN "__pycache__" EXCLUDE)
endif()

set(simatlas_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/simatlas)
install(EXPORT simatlasTargets NAMESPACE simatlas:: DESTINATION ${simatlas_cmake_dir})
configure_package_config_file(cmake/simatlasConfig.cmake.in
  ${CMAKE_BINARY_DIR}/packaging/simatlasConfig.cmake INSTALL_DESTINATION ${simatlas_cmake_dir})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/packaging/simatlasConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/packaging/simatlasConfig.cmake
  ${CMAKE_BINARY_DIR}/packaging/simatlasConfigVersion.cmake DESTINATION ${simatlas_cmake_dir})
