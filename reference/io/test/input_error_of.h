#pragma once
// E3-SAP §4 and MJ-solvers §2–§5: the readers' error messages.
// The io tests' one helper for error messages: what an InputError thrown by a call says.
#include <string>

#include "reference/core/errors.h"

namespace simatlas::io {

// The message of the core::InputError that `f` throws ("" when it throws none).
template <typename F>
std::string InputErrorOf(F f) {
  try {
    f();
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace simatlas::io
