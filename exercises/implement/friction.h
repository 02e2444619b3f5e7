#pragma once
/// @file
/// Implementation exercise "friction" (E3-geometry §3, formula sheet §3 table): write the
/// combined Coulomb friction of two surfaces in friction_student.cc.
///
///   μ = 2μ₁μ₂/(μ₁ + μ₂)  [1]  for the static and the dynamic coefficient, EACH ON ITS OWN
///   both zero → 0 (Drake's safe division); equal surfaces keep their μ (hence the factor 2).
///
/// Graded by the same properties as the reference engine (property_tests/families/
/// material_properties.h): identical materials keep μ, symmetry, bounds, μd untouched by μs,
/// μd ≤ μs, the harmonic mean 1/μ = ½(1/μ₁ + 1/μ₂), a zero side gives 0.

#include "reference/contact/material.h"

namespace simatlas::exercises::implement {

/// Combined (μs, μd) of two surfaces. contact::CoulombFriction is only the record
/// {static_friction, dynamic_friction}; do not call the reference's CombineFriction.
contact::CoulombFriction CombineFriction(const contact::CoulombFriction& surface1,
                                         const contact::CoulombFriction& surface2);

}  // namespace simatlas::exercises::implement
