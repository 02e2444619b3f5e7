# Reads cmake/layers.txt (the layer rule: which parts each part may include) into
# SIMATLAS_LAYER_<part> (a path's "/" becomes "_"; SIMATLAS_LAYER_PARTS lists the parts), and defines simatlas_link_layer(TARGET PART),
# which links TARGET to simatlas_<dep> for every part PART may include, exactly those.
file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/layers.txt simatlas_layer_lines REGEX "^[a-z_/]+:")
foreach(line IN LISTS simatlas_layer_lines)
  string(REGEX MATCH "^([a-z_/]+):(.*)$" unused "${line}")
  string(REPLACE "/" "_" simatlas_layer_key "${CMAKE_MATCH_1}")
  string(STRIP "${CMAKE_MATCH_2}" simatlas_layer_deps)
  separate_arguments(simatlas_layer_deps)
  set(SIMATLAS_LAYER_${simatlas_layer_key} ${simatlas_layer_deps})
  list(APPEND SIMATLAS_LAYER_PARTS ${simatlas_layer_key})
endforeach()

# Links TARGET (PUBLIC) to the libraries of the reference parts PART may include.
function(simatlas_link_layer target part)
  if(NOT part IN_LIST SIMATLAS_LAYER_PARTS)
    message(FATAL_ERROR "cmake/layers.txt has no line for the part '${part}'")
  endif()
  foreach(dep IN LISTS SIMATLAS_LAYER_${part})
    if(NOT TARGET simatlas_${dep})
      message(FATAL_ERROR "${part} may include ${dep} (cmake/layers.txt), but simatlas_${dep} "
                          "is not defined before it (reference/CMakeLists.txt orders the parts)")
    endif()
    target_link_libraries(${target} PUBLIC simatlas_${dep})
  endforeach()
endfunction()
