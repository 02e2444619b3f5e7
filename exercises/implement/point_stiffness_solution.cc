// Reference solution of the implementation exercise "point stiffness" (exercises/implement/
// point_stiffness.h), written independently of reference/contact/material.cc: the compliance
// form 1/k = 1/k₁ + 1/k₂ with the rigid sides as explicit branches.
#include <cmath>

#include "exercises/implement/point_stiffness.h"
#include "reference/core/errors.h"

namespace simatlas::exercises::implement {

double CombinePointStiffness(double k1, double k2) {
  // Each side: 0 ≤ k ≤ ∞; two rigid sides have no finite combination.
  core::RequireNonNegativeOrInfinite("k1", k1, "N/m");
  core::RequireNonNegativeOrInfinite("k2", k2, "N/m");
  if (std::isinf(k1) && std::isinf(k2)) {
    core::ThrowInputError("k1", k1, "N/m", "finite when k2 is inf (two rigid sides)");
  }
  // A rigid side adds no compliance: the other side's stiffness, exactly.
  if (std::isinf(k1)) return k2;
  if (std::isinf(k2)) return k1;
  // Compliances add; a zero-stiffness side has infinite compliance and gives 0.
  return 1.0 / (1.0 / k1 + 1.0 / k2);
}

}  // namespace simatlas::exercises::implement
