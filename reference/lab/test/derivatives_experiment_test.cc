// MJ-solvers §9, E3-SAP §5.1 — experiment (e) against the laws that shape it (derivatives_experiment.cc).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/lab/lab_experiment.h"

namespace simatlas::lab {
namespace {

// Column `name` of row as a number.
double At(const LabTable& t, const std::vector<LabCell>& row, const std::string& name) {
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c] == name) return row[c].number.value();
  }
  throw std::runtime_error("no column " + name);
}

const LabResult& Quick() {
  static const LabResult r = RunDerivativesExperiment(LabSize{true}, {});
  return r;
}

TEST(DerivativesExperiment, FdErrorIsVShapedWhereTheLawsPutIt) {
  // Forward: truncation (ε/2)|∂²x⁺/∂q²| ∝ ε and round-off ≈ u|x⁺|/ε, smallest near √u = 1.5e-8;
  // centred: truncation ∝ ε², smallest near u^(1/3) = 6e-6. The fitted slopes are over
  // [1e-6, 1e-2] (forward) and [1e-4, 1e-2] (centred), decades right of the minima, so the next
  // order changes them by under ε|f'''/f''| < 1e-2 · 2: within 0.05 of 1 and 0.1 of 2. The
  // round-off side is a sum of rounding errors whose size fluctuates by factors of ~3 from one ε
  // to the next, so only its sign and rough size are a law: between −1.5 and −0.5.
  const LabTable& laws = Quick().tables.at(1);
  ASSERT_EQ(laws.rows.size(), 2u);
  const auto& forward = laws.rows[0];
  const auto& centered = laws.rows[1];
  EXPECT_GE(At(laws, forward, "eps_at_minimum"), 1e-9);
  EXPECT_LE(At(laws, forward, "eps_at_minimum"), 1e-5);
  EXPECT_NEAR(At(laws, forward, "truncation_slope"), 1.0, 0.05);
  EXPECT_GE(At(laws, centered, "eps_at_minimum"), 1e-7);
  EXPECT_LE(At(laws, centered, "eps_at_minimum"), 1e-3);
  EXPECT_NEAR(At(laws, centered, "truncation_slope"), 2.0, 0.1);
  for (const auto& row : laws.rows) {
    EXPECT_LT(At(laws, row, "roundoff_slope"), -0.5);
    EXPECT_GT(At(laws, row, "roundoff_slope"), -1.5);
  }
  // The centred minimum is below the forward one (ε² truncation): 1e-10 < √u·|f''| ≈ 1e-9.
  EXPECT_LT(At(laws, centered, "error_minimum"), 1e-10);
  EXPECT_LT(At(laws, forward, "error_minimum"), 1e-7);
}

TEST(DerivativesExperiment, SapSensitivityEqualsDifferencesOffTheSwitchAndJumpsAtIt) {
  const LabTable& t = Quick().tables.at(2);
  constexpr double h = 1e-3, m = 1.0, mu_mg = 0.4 * 1.0 * 9.81;
  double full_switch = 0, vx_full = 0, stick = 0, slide = 0;
  for (const auto& row : t.rows) {
    const double ratio = At(t, row, "force_over_mu_m_g");
    const double s = At(t, row, "dvx_dF_sensitivity");
    if (At(t, row, "spans_switch") == 0) {
      // Tight solves stop when ℓ stops changing, v good to ~1e-16 · |v| ≈ 1e-19 m/s; over 2δ =
      // 7.8e-5 N that is ~1e-15 m/(s·N): 1e-10 leaves room and is 1e-7 of h/m.
      EXPECT_LT(std::abs(At(t, row, "difference")), 1e-10) << "F/(μ m g) = " << ratio;
    }
    // Friction never pushes: 0 ≤ ∂vx/∂F ≤ h/m (the free cube's value).
    EXPECT_GE(s, 0.0);
    EXPECT_LE(s, h / m * (1 + 1e-9));
    if (At(t, row, "sliding_contacts") == 4) {
      if (full_switch == 0) {
        full_switch = ratio;
        vx_full = At(t, row, "vx");
      }
      slide = s;
    } else {
      stick = s;
    }
  }
  ASSERT_GT(full_switch, 0.0) << "the sweep never reaches full sliding";
  // The jump: sliding at least 5× the creep slope and at least h/(2m).
  EXPECT_GT(slide, 5 * stick);
  EXPECT_GT(slide, 0.5 * h / m);
  // Impulse balance at the switch: m vx = F h − Σγt, Σγt = μ Σγn = μ m g h (the cube starts at its
  // rest depth at rest), so F = μ m g + m vx/h; the bisection resolves 1e-12 and Σγn differs from
  // m g h by the step's vertical change m Δvz ≲ 1e-6 N·s, i.e. 3e-4 relative.
  EXPECT_NEAR(full_switch, 1 + m * vx_full / (h * mu_mg), 1e-3);
  // A stencil spanning the full switch is neither side's derivative.
  int spanning = 0;
  for (const auto& row : t.rows) {
    if (At(t, row, "spans_switch") == 1 &&
        std::abs(At(t, row, "force_over_mu_m_g") - full_switch) < 1e-4) {
      ++spanning;
      EXPECT_GT(std::abs(At(t, row, "difference")), 1e-5);
    }
  }
  EXPECT_EQ(spanning, 2);
}

}  // namespace
}  // namespace simatlas::lab
