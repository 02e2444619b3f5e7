#pragma once
/// @file
/// Implementation exercise "point stiffness" (E3-geometry §3, formula sheet §3 table): write the
/// combined discrete point stiffness of two sides in point_stiffness_student.cc.
///
///   k = k₁k₂/(k₁ + k₂)  [N/m]   springs in series (1/k = 1/k₁ + 1/k₂)
///   k₁ = ∞ (rigid side) → k₂;  k₂ = ∞ → k₁  (exactly, not a limit computed in floating point)
///
/// Graded by the same properties as the reference engine (property_tests/families/
/// material_properties.h): symmetry, ½ min ≤ k ≤ min, the rigid branches, compliances add.

namespace simatlas::exercises::implement {

/// The combined point stiffness [N/m] of two sides with stiffness k1, k2 ∈ [0, ∞] [N/m].
double CombinePointStiffness(double k1, double k2);

}  // namespace simatlas::exercises::implement
