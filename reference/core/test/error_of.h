#pragma once
// DESIGN.md "Conventions" — the tests' one helper for error messages (what an error thrown by a
// call says), shared by every part's tests (core is below every part).
#include <string>

#include "reference/core/errors.h"

namespace simatlas::core {

/// The message of the `Error` that `f` throws ("" when it throws none).
template <typename Error, typename F>
std::string ErrorOf(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

/// The message of the InputError that `f` throws ("" when it throws none).
template <typename F>
std::string InputErrorOf(F f) {
  return ErrorOf<InputError>(f);
}

/// The message of the NumericalError that `f` throws ("" when it throws none).
template <typename F>
std::string NumericalErrorOf(F f) {
  return ErrorOf<NumericalError>(f);
}

}  // namespace simatlas::core
