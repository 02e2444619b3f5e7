// Fuzz target: the simatlas/mujoco-problem/1 reader (reference/io/mujoco_problem.h;
// MJ-solvers §2–§5 problems). Any JSON document must either parse into a validated problem or
// be rejected with core::InputError.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "reference/io/mujoco_problem.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)simatlas::fuzz::ReadDocument(
      data, size, [](const nlohmann::json& doc) { return simatlas::io::ParseMujocoProblem(doc); });
  return 0;
}
