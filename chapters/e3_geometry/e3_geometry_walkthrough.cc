// Walkthrough of E3-geometry "接触几何、材料与物理模型" (Contact geometry, materials and physical
// models): each section's claims, in the order of the text, with live numbers.
#include <cmath>

#include "chapters/walkthrough.h"
#include "reference/contact/material.h"
#include "reference/core/numeric.h"

namespace simatlas::chapters {

namespace {

// §3 材料组合必须按具体字段分别读 — each combined field has its own law.
void Section3Materials(Narrator& n) {
  using namespace contact;
  const double k = CombinePointStiffness(2e5, 2e5);
  n.Claim("point stiffness in series: k1 = k2 = 200000 N/m -> k = " + Num(k) + " N/m (expected 100000)",
          k == 1e5);
  const double k_rigid = CombinePointStiffness(core::kInfinity, 3e4);
  n.Claim("a rigid side (k = inf) drops out: inf with 30000 N/m -> k = " + Num(k_rigid) + " N/m",
          k_rigid == 3e4);
  const double d = CombineHuntCrossleyDissipation(1e5, 4e5, 2.0, 0.0);
  n.Claim("Hunt-Crossley d weighs the softer side more: k1 = 1e5 (d1 = 2 s/m), k2 = 4e5 (d2 = 0) -> d = " +
              Num(d) + " s/m = 4/5 of d1",
          std::abs(d - 1.6) < 1e-12);
  const double d_rigid = CombineHuntCrossleyDissipation(1e6, core::kInfinity, 0.1, 50.0);
  n.Claim("hydroelastic d with a rigid side (E = inf) takes the compliant side's d: -> " + Num(d_rigid) +
              " s/m",
          d_rigid == 0.1);
  const auto mu = CombineFriction({0.6, 0.6}, {0.5, 0.5});
  n.Claim("friction: mu1 = 0.6, mu2 = 0.5 -> mu = 2*0.6*0.5/1.1 = " + Num(mu.static_friction) +
              " (6/11)",
          std::abs(mu.static_friction - 6.0 / 11.0) < 1e-15);
  const auto same = CombineFriction({0.5, 0.5}, {0.5, 0.5});
  n.Claim("equal materials keep mu: 0.5 with 0.5 -> " + Num(same.static_friction) +
              " (not the series value 0.25)",
          std::abs(same.static_friction - 0.5) < 1e-15);
  const double tau = CombineRelaxationTime(0.01, 0.02);
  n.Claim("relaxation time is a plain sum: 0.01 s + 0.02 s -> " + Num(tau) + " s", std::abs(tau - 0.03) < 1e-15);
  const double tau_missing = CombineRelaxationTime(0.01, std::nullopt);
  n.Claim("a side without relaxation_time uses the discrete assembly's 0.1 s (not an error): 0.01 + missing -> " +
              Num(tau_missing) + " s",
          std::abs(tau_missing - 0.11) < 1e-15);
  n.Say("no common 'take the minimum' rule: k halves, mu keeps, tau adds.");
  const auto penalty = EstimatePenaltyParameters(1.0, 9.81, 1e-3);
  n.Claim("penalty fallback for a 1 kg body, delta = 1 mm: k_c = m g/delta = " + Num(penalty.combined_stiffness) +
              " N/m, per geometry 2 k_c = " + Num(penalty.per_geometry_stiffness) + " N/m, d = " +
              Num(penalty.dissipation) + " s/m",
          std::abs(penalty.combined_stiffness - 9810.0) < 1e-9 &&
              std::abs(CombinePointStiffness(penalty.per_geometry_stiffness,
                                             penalty.per_geometry_stiffness) -
                       penalty.combined_stiffness) < 1e-9);
}

}  // namespace

void AddE3GeometrySections(std::vector<Section>& sections) {
  sections.push_back({"e3-geometry", "3", "材料组合必须按具体字段分别读 — Read each combined material field separately",
                      Section3Materials});
}

}  // namespace simatlas::chapters
