// DESIGN.md "Conventions": one place where the commands turn the engine's errors into exit codes
// (docs/CONVENTIONS.md: 0 ok, 1 a check failed, 2 bad input).
#include <ostream>

#include "reference/core/errors.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

int RunGuarded(const std::string& command, std::ostream& err, const std::function<int()>& body) {
  try {
    return body();
  } catch (const core::InputError& e) {
    // Bad input: the engine's message names the key, value, unit and rule.
    err << command << ": " << e.what() << "\n";
    return kExitBadInput;
  } catch (const core::NumericalError& e) {
    // An answer that cannot be trusted (non-finite, a Cholesky failure): a failed check.
    err << command << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace simatlas::tools
