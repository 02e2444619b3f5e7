#pragma once
// E3-SAP §4 and MJ-solvers §2–§5: the readers' error messages.
// The io tests' helper for error messages is the shared one (reference/core/test/error_of.h).
#include "reference/core/test/error_of.h"

namespace simatlas::io {

using core::InputErrorOf;

}  // namespace simatlas::io
