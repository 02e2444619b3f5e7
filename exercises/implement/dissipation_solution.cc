// Reference solution of the implementation exercise "dissipation" (exercises/implement/
// dissipation.h), written independently of reference/contact/material.cc: one weighted sum
// over one division, (w₂d₁ + w₁d₂)/(w₁ + w₂), with the rigid sides as explicit branches.
#include <cmath>

#include "exercises/implement/dissipation.h"
#include "reference/core/errors.h"

namespace simatlas::exercises::implement {

double CombineHuntCrossleyDissipation(double w1, double w2, double d1, double d2) {
  // Weights 0 ≤ w ≤ ∞ (not both ∞); dissipations finite and ≥ 0.
  core::RequireNonNegativeOrInfinite("k1", w1, "N/m or Pa");
  core::RequireNonNegativeOrInfinite("k2", w2, "N/m or Pa");
  core::RequireNonNegative("d1", d1, "s/m");
  core::RequireNonNegative("d2", d2, "s/m");
  if (std::isinf(w1) && std::isinf(w2)) {
    core::ThrowInputError("k1", w1, "N/m or Pa", "finite when k2 is inf (two rigid sides)");
  }
  // A rigid side does not deform, so only the compliant side dissipates.
  if (std::isinf(w1)) return d2;
  if (std::isinf(w2)) return d1;
  // Two massless springs: nothing to weigh.
  const double total = w1 + w2;
  if (total == 0.0) return 0.0;
  // Each side's d weighted by the other side's stiffness.
  return (w2 * d1 + w1 * d2) / total;
}

}  // namespace simatlas::exercises::implement
