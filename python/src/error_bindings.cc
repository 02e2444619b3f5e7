// How the reference engine's errors (reference/core/errors.h) reach Python. A bad
// input is a ValueError with the command-line program's message (key, value, unit, rule); a
// numerical failure is the distinct simatlas.NumericalError.
#include <exception>

#include "python/src/bindings.h"
#include "reference/core/errors.h"

namespace simatlas::python {

void BindErrors(pybind11::module_& m) {
  static pybind11::exception<core::NumericalError> numerical(m, "NumericalError",
                                                             PyExc_ArithmeticError);
  numerical.doc() =
      "A numerical procedure of the reference engine could not produce a trustworthy answer "
      "(e.g. a law produced NaN, a factorisation failed); the message names it.";
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const core::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const core::NumericalError& e) {
      numerical(e.what());
    }
  });
}

}  // namespace simatlas::python
