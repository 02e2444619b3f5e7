// sap.*: E3-SAP §3.1 (kSap friction cone) and §3.2 (Hunt–Crossley, Similar and Lagged).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <string>

#include "reference/core/errors.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/hunt_crossley_constraint.h"

namespace simatlas::laws {

namespace {

// w as typed: one number (all three entries) or three numbers.
core::Vector3 DelassusEstimate(const Values& in) {
  const Eigen::VectorXd w = in.Vector("w");
  if (w.size() == 1) return core::Vector3::Constant(w(0));
  return core::Vector3(w);
}

}  // namespace

void RegisterSapLaws(Registry& registry) {
  registry.Add(
      {"sap.friction_cone",
       "E3-SAP §3.1",
       "kSap (formula sheet E3-SAP (3.2)-(3.4)): Rn = max(beta^2/(4 pi^2) wn, 1/(h k (h+tau))), Rt = sigma wt, "
       "vhat_n = -phi0/(h+tau), y = R^-1 (vhat - vc), gamma = projection of y on the friction "
       "cone in the R norm, cost = 1/2 gamma' R gamma",
       {Num("dt", "s", "time step h"),
        Vec("w", "1/kg", "Delassus estimate: one number (all entries) or three (w0, w1, w2)",
            {1, 3}),
        Num("phi0", "m", "signed distance at the previous state (negative in penetration)"),
        Num("mu", "1", "friction coefficient"), Num("k", "N/m", "contact stiffness"),
        Num("tau", "s", "relaxation time (sum of the two sides)"),
        Num("beta", "1", "near-rigid threshold", 1.0),
        Num("sigma", "1", "tangential regularisation", 1e-3),
        Vec("vc", "m/s", "contact velocity [vt1, vt2, vn], vn > 0 separating", {3})},
       {Num("Rt", "1/kg", "tangential regulariser"), Num("Rn", "1/kg", "normal regulariser"),
        Num("vhat_n", "m/s", "normal bias velocity"),
        Vec("y", "N*s", "un-projected impulse y = -R^-1 (vc - vhat)", {3}),
        Vec("gamma", "N*s", "projected impulse on B, in C", {3}),
        Label("mode", "projection region", {"stiction", "sliding", "no_contact"}),
        Num("cost", "J", "constraint potential 1/2 gamma' R gamma")},
       [](const Values& in) {
         const sap::FrictionConeParameters p{.mu = in.Number("mu"),
                                             .stiffness = in.Number("k"),
                                             .relaxation_time = in.Number("tau"),
                                             .phi0 = in.Number("phi0"),
                                             .beta = in.Number("beta"),
                                             .sigma = in.Number("sigma")};
         const sap::FrictionConeConstraint c(p, in.Number("dt"), DelassusEstimate(in));
         const core::Vector3 vc(in.Vector("vc"));
         const auto projection = c.Project(vc);
         const auto values = c.Calc(vc);
         Values out;
         out.Set("Rt", c.regularization().Rt);
         out.Set("Rn", c.regularization().Rn);
         out.Set("vhat_n", c.regularization().vhat_n);
         out.Set("y", Eigen::VectorXd(c.CalcY(vc)));
         out.Set("gamma", Eigen::VectorXd(projection.gamma));
         out.Set("mode", sap::ContactModeName(projection.mode));
         out.Set("cost", values.cost);
         return out;
       }});

  registry.Add(
      {"sap.hunt_crossley",
       "E3-SAP §3.2",
       "Similar/Lagged (formula sheet E3-SAP (3.5)-(3.7)): n0 = [h fe0]+ [1 - d vn0]+, eps = max(vs, mu sigma wt n0), "
       "n(z) = h [fe0 - h k z]+ [1 - d z]+, z = vn - mu s(vt) (similar) or vn (lagged); "
       "gamma_t = -mu n(z) t (similar) or -mu n0 t (lagged)",
       {Label("approximation", "convex approximation", {"similar", "lagged"}),
        Num("dt", "s", "time step h"),
        Vec("w", "1/kg", "Delassus estimate: one number (all entries) or three", {1, 3}),
        Num("mu", "1", "friction coefficient"), Num("k", "N/m", "contact stiffness"),
        Num("d", "s/m", "Hunt–Crossley dissipation"),
        Num("fe0", "N", "elastic force at the previous state"),
        Num("vn0", "m/s", "normal velocity at the previous state (separation-positive)"),
        Num("vs", "m/s", "stiction tolerance", 1e-4),
        Num("sigma", "1", "tangential regularisation", 1e-3),
        Vec("vc", "m/s", "contact velocity [vt1, vt2, vn], vn > 0 separating", {3})},
       {Num("n0", "N*s", "previous-state impulse [h fe0]+ [1 - d vn0]+"),
        Num("eps", "m/s", "soft-norm width max(vs, mu Rt n0)"),
        Num("z", "m/s", "argument of n: vn - mu s(vt) (similar) or vn (lagged)"),
        Num("n", "N*s", "normal impulse n(z)"), Num("N", "J", "antiderivative N(z)"),
        Vec("gamma", "N*s", "impulse on B, in C", {3}),
        Num("cost", "J", "constraint potential: -N(z) (similar), -N(vn) + mu n0 s(vt) (lagged)")},
       [](const Values& in) {
         const std::string& a = in.Label("approximation");
         const sap::HuntCrossleyParameters p{
             .approximation = a == "similar" ? sap::HuntCrossleyApproximation::kSimilar
                                             : sap::HuntCrossleyApproximation::kLagged,
             .mu = in.Number("mu"),
             .stiffness = in.Number("k"),
             .dissipation = in.Number("d"),
             .fe0 = in.Number("fe0"),
             .vn0 = in.Number("vn0"),
             .stiction_tolerance = in.Number("vs"),
             .sigma = in.Number("sigma")};
         const sap::HuntCrossleyConstraint c(p, in.Number("dt"), DelassusEstimate(in));
         const core::Vector3 vc(in.Vector("vc"));
         const double z = c.CalcZ(vc);
         const auto values = c.Calc(vc);
         Values out;
         out.Set("n0", c.data().n0);
         out.Set("eps", c.data().epsilon);
         out.Set("z", z);
         out.Set("n", c.law().n(z));
         out.Set("N", c.law().N(z));
         out.Set("gamma", Eigen::VectorXd(values.gamma));
         out.Set("cost", values.cost);
         return out;
       }});
}

}  // namespace simatlas::laws
