// Fuzz target: the law argument parser behind `simatlas law NAME key=value ...`
// (reference/laws/law.h: Registry::Get, ParseArguments, Evaluate). Input: the law name on the
// first line, then one argument per line. As in the command, InputError and NumericalError are
// the accepted failures (exit 2); a returned output never holds NaN (Evaluate's rule).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "reference/core/errors.h"
#include "reference/laws/law.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace simatlas;
  const auto [name, body] = fuzz::SplitFirstLine(fuzz::Text(data, size));
  std::vector<std::string> arguments;
  size_t start = 0;
  while (start < body.size()) {
    const size_t end = body.find('\n', start);
    arguments.push_back(
        body.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  try {
    const laws::Law& law = laws::AllLaws().Get(name);
    const laws::Values outputs = laws::Evaluate(law, laws::ParseArguments(law, arguments));
    // Every output must be printable the way the command prints it.
    for (const auto& [key, value] : outputs.entries()) (void)laws::FormatValue(value);
  } catch (const core::InputError&) {
  } catch (const core::NumericalError&) {
  }
  return 0;
}
