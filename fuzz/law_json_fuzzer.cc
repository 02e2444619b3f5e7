// Fuzz target: law inputs as JSON (reference/laws/law_json.h: ValuesFromJson, then Evaluate
// and ValuesToJson). Input: the law name on the first line, then a JSON object
// {key: number | "inf" | [numbers] | string | bool}. InputError and NumericalError are the
// accepted failures.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "reference/core/errors.h"
#include "reference/laws/law.h"
#include "reference/laws/law_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace simatlas;
  const auto [name, body] = fuzz::SplitFirstLine(fuzz::Text(data, size));
  const nlohmann::json object = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (object.is_discarded()) return 0;
  try {
    const laws::Law& law = laws::AllLaws().Get(name);
    const laws::Values outputs = laws::Evaluate(law, laws::ValuesFromJson(law, object));
    // The --json output must serialise (no NaN reaches it; ±∞ become "inf"/"-inf").
    (void)laws::ValuesToJson(outputs).dump();
  } catch (const core::InputError&) {
  } catch (const core::NumericalError&) {
  }
  return 0;
}
