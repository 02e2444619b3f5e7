#pragma once
/// @file
/// Shared part of the implementation exercises: the student writes a law in
/// `exercises/implement/<law>_student.cc`; the grader program `<law>_exercise.cc` applies the
/// property functions of property_tests/families/ to it. In "solutions" mode the program is
/// linked with `exercises/implement/<law>_solution.cc` instead (CMake chooses).

#include <gtest/gtest.h>

#include <iostream>
#include <stdexcept>
#include <string>

#ifndef SIMATLAS_IMPLEMENTATION_SOURCE
#error "SIMATLAS_IMPLEMENTATION_SOURCE must name the graded implementation file"
#endif

namespace simatlas::exercises {

/// Prints the task and the graded file, then fails with a clear message if the implementation
/// is still the blank (it throws std::logic_error("not implemented")). call_once makes one call.
template <class Call>
void StateTaskAndRequireImplementation(const std::string& task, Call call_once) {
  std::cout << "\n[implementation exercise] " << task
            << "\n  graded implementation: " << SIMATLAS_IMPLEMENTATION_SOURCE << "\n";
  try {
    call_once();
  } catch (const std::logic_error& error) {
    if (std::string(error.what()) == "not implemented") {
      FAIL() << SIMATLAS_IMPLEMENTATION_SOURCE
             << " is still the blank: implement it (see its header)";
    }
    throw;
  }
}

}  // namespace simatlas::exercises
