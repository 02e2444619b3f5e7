#pragma once
/// @file
/// Implementation exercise "dissipation" (E3-geometry §3, formula sheet §3 table): write the
/// combined Hunt–Crossley dissipation of the discrete paths in dissipation_student.cc.
///
///   d = w₂/(w₁+w₂)·d₁ + w₁/(w₁+w₂)·d₂  [s/m]   each side's d weighted by the OTHER side's
///                                              stiffness [N/m] (point) or modulus [Pa] (hydro):
///                                              the softer side weighs more
///   w₁ = ∞ (rigid side 1) → d₂;  w₂ = ∞ → d₁ (exactly);  w₁ + w₂ = 0 → 0
///
/// Graded by the same properties as the reference engine (property_tests/families/
/// material_properties.h): d between d₁ and d₂ and symmetric, the softer side weighs more, the
/// rigid branches, the exact weights (w₁+w₂)·d = w₂d₁ + w₁d₂.

namespace simatlas::exercises::implement {

/// The combined dissipation [s/m] of two sides with weights w1, w2 ∈ [0, ∞] and d1, d2 ≥ 0.
double CombineHuntCrossleyDissipation(double w1, double w2, double d1, double d2);

}  // namespace simatlas::exercises::implement
