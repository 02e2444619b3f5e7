// E3-geometry §3: a user's harness linked against the installed engine — one law
// through the registry, one family of the check library — and its exit code says whether the
// numbers are right.
#include <iostream>

#include "reference/laws/law.h"
#include "tools/check/check_family.h"

int main() {
  using namespace simatlas;
  const laws::Law& law = laws::AllLaws().Get("material.point_stiffness");
  laws::Values in;
  in.Set("k1", 1e5);
  in.Set("k2", 1e5);
  // Springs in series: k = k1 k2 / (k1 + k2) = 1e10 / 2e5 = 5e4 N/m exactly.
  const double k = laws::Evaluate(law, in).Number("k");
  const bool has_material = check::FindFamily("material") != nullptr;
  std::cout << "k = " << k << " N/m, material family: " << (has_material ? "yes" : "no") << "\n";
  return k == 5e4 && has_material ? 0 : 1;
}
