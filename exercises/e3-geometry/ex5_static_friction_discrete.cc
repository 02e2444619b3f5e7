// E3-geometry §5, exercise 5 (course §4, "离散摩擦读取"): raising only μs (μd fixed) — does the
// friction of the discrete approximations grow? Evidence: which material fields each discrete
// approximation reads (reference/contact/approximation.h), and the discrete point pair built
// twice with μs raised on one side: the assembly reads only the combined dynamic coefficient
// (GetCombinedDynamicCoulombFriction in Drake), so the constraint's μ, the friction bound μd·fe₀
// and the kSap impulse γ of a sliding contact are identical, while the combined μs moves.
#include <gtest/gtest.h>

#include <iostream>
#include <optional>
#include <string>

#include "exercises/support/exercise.h"
#include "reference/contact/approximation.h"
#include "reference/contact/friction_regularization.h"
#include "reference/contact/material.h"
#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/sap/friction_cone_constraint.h"

namespace simatlas::exercises {
namespace {

// The kSap impulse γ [N·s] of the pair for contact velocity vc = (vt, vn) [m/s], with the
// constraint's μ the combined dynamic coefficient (h = 1e-3 s, w = 1 1/kg, τ = 0.1 + 0.1 s).
core::VectorX SapImpulse(double mu, const contact::DiscretePointPair& pair,
                         const core::Vector3& vc) {
  sap::FrictionConeParameters parameters;
  parameters.mu = mu;
  parameters.stiffness = pair.stiffness;
  parameters.relaxation_time = contact::CombineRelaxationTime(std::nullopt, std::nullopt);
  parameters.phi0 = pair.phi0;
  const sap::FrictionConeConstraint constraint(parameters, 1e-3, core::Vector3(1, 1, 1));
  return constraint.Calc(vc).gamma;
}

// Text of a vector "(a, b, c)".
std::string Text(const core::VectorX& v) {
  std::string text = "(";
  for (int i = 0; i < v.size(); ++i) text += (i ? ", " : "") + core::FormatNumber(v[i]);
  return text + ")";
}

// The discrete pair's friction bound μd·fe₀ [N], with μd the combined dynamic coefficient.
double DiscreteFrictionBound(const contact::CoulombFriction& a, const contact::CoulombFriction& b,
                             const contact::DiscretePointPair& pair) {
  return contact::DiscreteFrictionCoefficient(contact::CombineFriction(a, b)) * pair.fe0;
}

TEST(Ex5, StaticFrictionInDiscreteContact) {
  const Exercise exercise{
      "e3-geometry",
      5,
      "E3-geometry §5",
      "Raise only the static friction mu_s and keep mu_d. Does the friction of this version's "
      "discrete contact (kSap, Similar, Lagged) grow?",
      {YesNo("answer", "does discrete friction grow?"),
       Number("discrete_mu_change", "1", "change of the coefficient the discrete assembly reads",
              0.0, 1e-12)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // One sphere-on-ground point pair, 1 mm deep, k = 1e6 N/m on each side.
  contact::PenetrationAsPointPair geometry;
  geometry.p_WCa = {0, 0, -1e-3};
  geometry.p_WCb = {0, 0, 0};
  geometry.nhat_BA_W = {0, 0, 1};
  geometry.depth = 1e-3;
  const contact::DiscretePointPair pair = contact::MakeDiscretePointPair(1e6, 1e6, geometry);
  evidence.Show("discrete point pair: k = " + core::FormatNumber(pair.stiffness) +
                " N/m, fe0 = " + core::FormatNumber(pair.fe0) + " N");

  // Twice: μs of side A 0.6 then 1.2, μd 0.4 everywhere.
  const contact::CoulombFriction ground{0.6, 0.4};
  const contact::CoulombFriction before{0.6, 0.4};
  const contact::CoulombFriction after{1.2, 0.4};
  const auto combined_before = contact::CombineFriction(before, ground);
  const auto combined_after = contact::CombineFriction(after, ground);
  evidence.Show("combined mu_s: " + core::FormatNumber(combined_before.static_friction) + " -> " +
                core::FormatNumber(combined_after.static_friction) +
                " (never read by the discrete assembly)");
  evidence.Show("discrete friction coefficient (DiscreteFrictionCoefficient): " +
                core::FormatNumber(contact::DiscreteFrictionCoefficient(combined_before)) + " -> " +
                core::FormatNumber(contact::DiscreteFrictionCoefficient(combined_after)));
  const double bound_before = DiscreteFrictionBound(before, ground, pair);
  const double bound_after = DiscreteFrictionBound(after, ground, pair);
  evidence.Show("discrete friction bound mu_d * fe0: " + core::FormatNumber(bound_before) +
                " N -> " + core::FormatNumber(bound_after) + " N");
  EXPECT_NE(combined_before.static_friction, combined_after.static_friction);

  // Which fields the three approximations read.
  for (const auto approximation : {contact::DiscreteContactApproximation::kSap,
                                   contact::DiscreteContactApproximation::kSimilar,
                                   contact::DiscreteContactApproximation::kLagged}) {
    const contact::MaterialFieldUse use = contact::MaterialFieldsUsed(approximation);
    evidence.Show(std::string(contact::ApproximationName(approximation)) +
                  " reads mu_s: " + (use.static_friction ? "yes" : "no") +
                  ", mu_d: " + (use.dynamic_friction ? "yes" : "no"));
    EXPECT_FALSE(use.static_friction);
  }

  // kSap impulse of a sliding contact (vt = 0.1 m/s, approaching at 0.01 m/s), before and after.
  const core::Vector3 vc(0.1, 0.0, -0.01);
  const core::VectorX gamma_before =
      SapImpulse(contact::DiscreteFrictionCoefficient(combined_before), pair, vc);
  const core::VectorX gamma_after =
      SapImpulse(contact::DiscreteFrictionCoefficient(combined_after), pair, vc);
  evidence.Show("kSap gamma at vc = (0.1, 0, -0.01) m/s: " + Text(gamma_before) + " -> " +
                Text(gamma_after) + " N*s");

  evidence.Imply("answer", bound_after > bound_before ||
                               gamma_after.head<2>().norm() > gamma_before.head<2>().norm());
  evidence.Imply("discrete_mu_change", contact::DiscreteFrictionCoefficient(combined_after) -
                                           contact::DiscreteFrictionCoefficient(combined_before));
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
