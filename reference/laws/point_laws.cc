// point.*: E3-geometry §2.1, the continuous Hunt–Crossley point law (2.1)–(2.2), and the discrete
// point pair of E3-SAP §2.2 (formula sheet §0.1–§0.3 for the signs).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <Eigen/Dense>

#include "reference/contact/friction_regularization.h"
#include "reference/contact/material.h"
#include "reference/contact/point_contact.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"

namespace simatlas::laws {

namespace {

// A declared vector[3] input as a Vector3.
core::Vector3 Vector3Input(const Values& in, const char* key) {
  return core::Vector3(in.Vector(key));
}

// A Vector3 as a law output value.
Eigen::VectorXd Out(const core::Vector3& v) { return Eigen::VectorXd(v); }

// The point pair from its inputs (ids are irrelevant to the laws); validated by the callee.
contact::PenetrationAsPointPair PairInput(const Values& in) {
  contact::PenetrationAsPointPair pair;
  pair.p_WCa = Vector3Input(in, "p_WCa");
  pair.p_WCb = Vector3Input(in, "p_WCb");
  pair.nhat_BA_W = Vector3Input(in, "nhat_BA_W");
  pair.depth = in.Number("depth");
  return pair;
}

}  // namespace

void RegisterPointLaws(Registry& registry) {
  registry.Add({"point.continuous_force",
                "E3-geometry §2.1",
                "(2.1) fn = k x (1 + d xdot), xdot the penetration rate (> 0 approaching, "
                "= -vn); fn <= 0 -> skipped (no force, no friction)",
                {Num("k", "N/m", "combined point stiffness"),
                 Num("d", "s/m", "combined Hunt–Crossley dissipation"),
                 Num("depth", "m", "penetration depth x (>= 0)"),
                 Num("xdot", "m/s", "penetration rate (> 0 approaching, = -vn)")},
                {Num("fn", "N", "normal force magnitude (0 when skipped)"),
                 Flag("skipped", "true when k x (1 + d xdot) <= 0")},
                [](const Values& in) {
                  const auto f = contact::CalcContinuousNormalForce(
                      in.Number("k"), in.Number("d"), in.Number("depth"), in.Number("xdot"));
                  Values out;
                  out.Set("fn", f.fn);
                  out.Set("skipped", f.skipped);
                  return out;
                }});

  registry.Add(
      {"point.continuous_contact",
       "E3-geometry §2.1",
       "formula sheet E3-geometry (2.1)-(2.2) with Stribeck friction: xdot = (v_WBc - v_WAc).nhat_BA_W, "
       "fn = k x (1 + d xdot), ft on A along vt, f_Bc_W = -(fn nhat_BA_W + ft_A), "
       "p_WC = midpoint",
       {Num("k", "N/m", "combined point stiffness (continuous path)"),
        Num("d", "s/m", "combined Hunt–Crossley dissipation"),
        Num("mu_s", "1", "combined static friction"),
        Num("mu_d", "1", "combined dynamic friction (<= mu_s)"),
        Num("vs", "m/s", "stiction tolerance", contact::kDefaultStictionTolerance),
        Num("depth", "m", "penetration depth x = (p_WCb - p_WCa).nhat_BA_W"),
        Vec("p_WCa", "m", "witness point on A (deepest in B)", {3}),
        Vec("p_WCb", "m", "witness point on B (deepest in A)", {3}),
        Vec("nhat_BA_W", "1", "unit normal from B toward A", {3}),
        Vec("v_WAc", "m/s", "velocity of A's material point at C", {3}),
        Vec("v_WBc", "m/s", "velocity of B's material point at C", {3})},
       {Num("fn", "N", "normal force magnitude (0 when skipped)"),
        Vec("ft_A", "N", "friction force on A", {3}),
        Vec("f_Bc_W", "N", "total force on B at C", {3}),
        Vec("p_WC", "m", "application point (midpoint of the witness points)", {3}),
        Num("slip", "m/s", "slip speed ||vt||"),
        Num("xdot", "m/s",
            "penetration rate vn_code (> 0 approaching; Drake passes it "
            "as 'separation_velocity')"),
        Num("separation_speed", "m/s", "course vn = -xdot (> 0 separating)"),
        Flag("skipped", "true when fn <= 0: no force, no friction, no result")},
       [](const Values& in) {
         const auto friction = contact::MakeCoulombFriction(in.Number("mu_s"), in.Number("mu_d"));
         const auto r = contact::CalcContinuousPointContact(
             PairInput(in), in.Number("k"), in.Number("d"), friction, in.Number("vs"),
             Vector3Input(in, "v_WAc"), Vector3Input(in, "v_WBc"));
         Values out;
         out.Set("fn", r.fn);
         out.Set("ft_A", Out(r.ft_Ac_W));
         out.Set("f_Bc_W", Out(r.f_Bc_W));
         out.Set("p_WC", Out(r.p_WC));
         out.Set("slip", r.slip_speed);
         out.Set("xdot", r.xdot);
         out.Set("separation_speed", r.separation_speed);
         out.Set("skipped", r.skipped);
         return out;
       }});

  registry.Add(
      {"point.discrete_pair",
       "E3-SAP §2.2",
       "discrete point pair: p_WC = wA p_WCa + wB p_WCb with wA = kA/(kA+kB) (1/2 each if "
       "the sum is 0), phi0 = -x, k = kA kB/(kA+kB), fn0 = k x, z_C = -nhat_BA_W (A into B)",
       {Num("kA", "N/m", "point stiffness of A (finite: Drake has no inf guard here)"),
        Num("kB", "N/m", "point stiffness of B (finite)"),
        Num("depth", "m", "penetration depth x = (p_WCb - p_WCa).nhat_BA_W"),
        Vec("p_WCa", "m", "witness point on A (deepest in B)", {3}),
        Vec("p_WCb", "m", "witness point on B (deepest in A)", {3}),
        Vec("nhat_BA_W", "1", "unit normal from B toward A", {3})},
       {Vec("p_WC", "m", "stiffness-weighted contact point", {3}),
        Num("phi0", "m", "signed distance -x (< 0 in penetration)"),
        Num("fn0", "N", "elastic normal force fe0 = k x"),
        Num("k", "N/m", "combined point stiffness"),
        Vec("z_C", "1", "contact-frame normal, from A into B", {3})},
       [](const Values& in) {
         const auto p =
             contact::MakeDiscretePointPair(in.Number("kA"), in.Number("kB"), PairInput(in));
         Values out;
         out.Set("p_WC", Out(p.p_WC));
         out.Set("phi0", p.phi0);
         out.Set("fn0", p.fe0);
         out.Set("k", p.stiffness);
         out.Set("z_C", Out(core::Vector3(p.R_WC.col(2))));
         return out;
       }});
}

}  // namespace simatlas::laws
