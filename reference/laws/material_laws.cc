// material.*: E3-geometry §3, each combined field by its own law.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <optional>

#include "reference/contact/material.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"

namespace simatlas::laws {

namespace {

std::optional<double> IfGiven(const Values& in, const char* key) {
  return in.Has(key) ? std::optional<double>(in.Number(key)) : std::nullopt;
}

}  // namespace

void RegisterMaterialLaws(Registry& registry) {
  constexpr const char* kSection = "E3-geometry §3";

  registry.Add({"material.point_stiffness",
                kSection,
                "k = k1 k2/(k1 + k2): springs in series; an inf (rigid) side returns the other",
                {Num("k1", "N/m", "point stiffness of side 1 (inf: rigid)"),
                 Num("k2", "N/m", "point stiffness of side 2 (inf: rigid)")},
                {Num("k", "N/m", "combined point stiffness")},
                [](const Values& in) {
                  Values out;
                  out.Set("k", contact::CombinePointStiffness(in.Number("k1"), in.Number("k2")));
                  return out;
                }});

  registry.Add(
      {"material.dissipation",
       kSection,
       "d = k2/(k1+k2) d1 + k1/(k1+k2) d2: Hunt–Crossley d weighted by each side's own "
       "stiffness (point) or hydroelastic modulus (hydro); inf = rigid side; both zero -> 0",
       {Num("k1", "N/m or Pa", "stiffness or modulus of side 1 (inf: rigid)"),
        Num("k2", "N/m or Pa", "stiffness or modulus of side 2 (inf: rigid)"),
        Num("d1", "s/m", "Hunt–Crossley dissipation of side 1"),
        Num("d2", "s/m", "Hunt–Crossley dissipation of side 2")},
       {Num("d", "s/m", "combined Hunt–Crossley dissipation")},
       [](const Values& in) {
         Values out;
         out.Set("d", contact::CombineHuntCrossleyDissipation(in.Number("k1"), in.Number("k2"),
                                                              in.Number("d1"), in.Number("d2")));
         return out;
       }});

  registry.Add({"material.friction",
                kSection,
                "mu = 2 mu1 mu2/(mu1 + mu2) for static and dynamic separately; equal sides keep mu",
                {Num("mu_s1", "1", "static friction of side 1"),
                 Num("mu_d1", "1", "dynamic friction of side 1 (<= mu_s1)"),
                 Num("mu_s2", "1", "static friction of side 2"),
                 Num("mu_d2", "1", "dynamic friction of side 2 (<= mu_s2)")},
                {Num("mu_s", "1", "combined static friction"),
                 Num("mu_d", "1", "combined dynamic friction")},
                [](const Values& in) {
                  const auto a =
                      contact::MakeCoulombFriction(in.Number("mu_s1"), in.Number("mu_d1"), "1");
                  const auto b =
                      contact::MakeCoulombFriction(in.Number("mu_s2"), in.Number("mu_d2"), "2");
                  const auto c = contact::CombineFriction(a, b);
                  Values out;
                  out.Set("mu_s", c.static_friction);
                  out.Set("mu_d", c.dynamic_friction);
                  return out;
                }});

  registry.Add({"material.relaxation_time",
                kSection,
                "tau = tau1 + tau2 (plain sum); a side left out uses the 0.1 s fallback of the "
                "discrete assembly",
                {OptionalNum("tau1", "s", "relaxation time of side 1 (left out: 0.1 s)"),
                 OptionalNum("tau2", "s", "relaxation time of side 2 (left out: 0.1 s)")},
                {Num("tau", "s", "combined relaxation time")},
                [](const Values& in) {
                  Values out;
                  out.Set("tau",
                          contact::CombineRelaxationTime(IfGiven(in, "tau1"), IfGiven(in, "tau2")));
                  return out;
                }});

  registry.Add({"material.continuous_point",
                kSection,
                "continuous point path: k = sd(k1 k2, k1+k2), d = sd(k2, k1+k2) d1 + "
                "sd(k1, k1+k2) d2, no rigid branch",
                {Num("k1", "N/m", "point stiffness of side 1 (finite)"),
                 Num("k2", "N/m", "point stiffness of side 2 (finite)"),
                 Num("d1", "s/m", "Hunt–Crossley dissipation of side 1"),
                 Num("d2", "s/m", "Hunt–Crossley dissipation of side 2")},
                {Num("k", "N/m", "combined stiffness"), Num("d", "s/m", "combined dissipation")},
                [](const Values& in) {
                  const auto p = contact::CombineContinuousPointParameters(
                      in.Number("k1"), in.Number("k2"), in.Number("d1"), in.Number("d2"));
                  Values out;
                  out.Set("k", p.stiffness);
                  out.Set("d", p.dissipation);
                  return out;
                }});

  registry.Add(
      {"material.continuous_hydro",
       "E3-geometry §2.2",
       "continuous hydro (formula sheet E3-geometry (2.5)): E* = E_A E_B/(E_A+E_B) (a rigid side leaves the other); "
       "d* = sum over finite sides of (E*/E_i) d_i, or the mean when both are rigid",
       {Num("E_A", "Pa", "hydroelastic modulus of A (inf: rigid)"),
        Num("E_B", "Pa", "hydroelastic modulus of B (inf: rigid)"),
        Num("d_A", "s/m", "Hunt–Crossley dissipation of A", 0.0),
        Num("d_B", "s/m", "Hunt–Crossley dissipation of B", 0.0)},
       {Num("E", "Pa", "combined modulus E*"), Num("d", "s/m", "combined dissipation d*")},
       [](const Values& in) {
         const auto p = contact::CombineContinuousHydroelastic(in.Number("E_A"), in.Number("E_B"),
                                                               in.Number("d_A"), in.Number("d_B"));
         Values out;
         out.Set("E", p.modulus);
         out.Set("d", p.dissipation);
         return out;
       }});

  registry.Add(
      {"material.penalty",
       kSection,
       "plant fallback (formula sheet E3-geometry (3.1)): k_c = m g/delta, d = t_s/delta with t_s = sqrt(m/k_c); each "
       "geometry gets 2 k_c",
       {Num("mass", "kg", "largest body mass"),
        Num("gravity", "m/s^2", "gravity magnitude (0 -> 9.81)", 9.81),
        Num("penetration_allowance", "m", "allowed penetration delta", 1e-3)},
       {Num("k_c", "N/m", "combined stiffness of two default geometries"),
        Num("k_geometry", "N/m", "per-geometry stiffness 2 k_c"),
        Num("d", "s/m", "per-geometry Hunt–Crossley dissipation")},
       [](const Values& in) {
         const auto p = contact::EstimatePenaltyParameters(in.Number("mass"), in.Number("gravity"),
                                                           in.Number("penetration_allowance"));
         Values out;
         out.Set("k_c", p.combined_stiffness);
         out.Set("k_geometry", p.per_geometry_stiffness);
         out.Set("d", p.dissipation);
         return out;
       }});
}

}  // namespace simatlas::laws
