// Fuzz target: the simatlas/sap-problem/1 reader (reference/io/sap_problem.h; E3-SAP §2–§4
// problems). Any JSON document must either parse into a validated problem or be rejected with
// core::InputError.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "reference/io/sap_problem.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)simatlas::fuzz::ReadDocument(
      data, size, [](const nlohmann::json& doc) { return simatlas::io::ParseSapProblem(doc); });
  return 0;
}
