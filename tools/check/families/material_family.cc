// Family "material" (E3-geometry §3): point stiffness in series, Hunt–Crossley dissipation
// weighted by the other side's stiffness, harmonic-mean friction, relaxation time as a plain
// sum. The properties are the suite's own (property_tests/families/material_properties.h),
// applied to the program under test through the Session.
#include <cmath>
#include <limits>
#include <optional>

#include "property_tests/families/material_properties.h"
#include "tools/check/families.h"
#include "tools/check/families/generators.h"

namespace simatlas::check {

namespace {

namespace props = property_tests::material;
using contact::CoulombFriction;

constexpr double kInf = std::numeric_limits<double>::infinity();

// A stiffness drawn with the suite's generator; one side rigid (inf) in 2 of 10 cases. The
// choice shrinks toward 0 = both finite, so a counterexample is finite unless inf matters.
rc::Gen<Json> TwoSides(const char* k1, const char* k2) {
  return rc::gen::apply(
      [k1, k2](double a, double b, int rigid) {
        return Json{{k1, JsonNumber(rigid == 8 ? kInf : a)},
                    {k2, JsonNumber(rigid == 9 ? kInf : b)}};
      },
      gen::FullRange(props::Stiffness()), gen::FullRange(props::Stiffness()), gen::Choice(10));
}

// (μs, μd) with 0 ≤ μd ≤ μs: μd from the suite's generator, μs = μd + another draw.
rc::Gen<Json> FrictionInputs() {
  return rc::gen::apply(
      [](double d1, double e1, double d2, double e2) {
        return Json{{"mu_s1", d1 + e1}, {"mu_d1", d1}, {"mu_s2", d2 + e2}, {"mu_d2", d2}};
      },
      gen::FullRange(props::Mu()), gen::FullRange(props::Mu()), gen::FullRange(props::Mu()),
      gen::FullRange(props::Mu()));
}

// The program's laws as the callables the suite's templated properties take.
struct ProgramMaterial {
  Session& session;

  double PointStiffness(double k1, double k2) const {
    const Json out = session.Outputs("material.point_stiffness",
                                     {{"k1", JsonNumber(k1)}, {"k2", JsonNumber(k2)}});
    return Session::Number(out, "k");
  }
  double Dissipation(double w1, double w2, double d1, double d2) const {
    const Json out =
        session.Outputs("material.dissipation",
                        {{"k1", JsonNumber(w1)}, {"k2", JsonNumber(w2)}, {"d1", d1}, {"d2", d2}});
    return Session::Number(out, "d");
  }
  CoulombFriction Friction(CoulombFriction a, CoulombFriction b) const {
    const Json out = session.Outputs("material.friction", {{"mu_s1", a.static_friction},
                                                           {"mu_d1", a.dynamic_friction},
                                                           {"mu_s2", b.static_friction},
                                                           {"mu_d2", b.dynamic_friction}});
    return {Session::Number(out, "mu_s"), Session::Number(out, "mu_d")};
  }
  double RelaxationTime(std::optional<double> t1, std::optional<double> t2) const {
    Json inputs = Json::object();
    if (t1) inputs["tau1"] = *t1;
    if (t2) inputs["tau2"] = *t2;
    return Session::Number(session.Outputs("material.relaxation_time", inputs), "tau");
  }
};

// A property that hands the program's law to one of the suite's templated properties; law is
// the one law the templated property evaluates.
template <class Apply>
Property Suite(std::string name, std::string statement, std::string law, Apply apply) {
  return Property{std::move(name),
                  std::move(statement),
                  [apply](Session& session) { apply(ProgramMaterial{session}); },
                  {std::move(law)}};
}

}  // namespace

Family MakeMaterialFamily() {
  Family family;
  family.name = "material";
  family.section = "E3-geometry §3";
  family.summary =
      "material combination: k = k1 k2/(k1+k2), d weighted by the other side's k, "
      "mu = 2 mu1 mu2/(mu1+mu2), tau = tau1 + tau2";
  // Closed forms: a faithful port differs from the reference by a few roundings (rel 1e-12
  // leaves 4 orders of magnitude of slack over ~8 ε and still catches any wrong rule).
  const std::string exact = "closed form: a few roundings apart, 1e-12 relative";
  family.laws = {
      {"material.point_stiffness", [] { return TwoSides("k1", "k2"); }, {0.0, 1e-12}, {}, exact},
      {"material.dissipation",
       [] {
         return rc::gen::apply(
             [](Json k, double d1, double d2) {
               k["d1"] = d1;
               k["d2"] = d2;
               return k;
             },
             TwoSides("k1", "k2"), gen::FullRange(props::Dissipation()),
             gen::FullRange(props::Dissipation()));
       },
       {1e-14, 1e-12},
       {},
       exact + " (1e-14 s/m absolute for d = 0)"},
      {"material.friction", [] { return FrictionInputs(); }, {0.0, 1e-12}, {}, exact},
      {"material.relaxation_time",
       [] {
         return rc::gen::apply(
             [](double t1, double t2, int missing) {
               Json inputs = Json::object();
               if (missing != 1) inputs["tau1"] = t1 / 100.0;
               if (missing != 2) inputs["tau2"] = t2 / 100.0;
               return inputs;
             },
             gen::FullRange(props::Dissipation()), gen::FullRange(props::Dissipation()),
             gen::Choice(3));
       },
       {0.0, 1e-15},
       {},
       "a plain sum: one rounding"},
  };
  using P = ProgramMaterial;
  family.properties = {
      Suite("point_stiffness_symmetric", "k(k1, k2) = k(k2, k1) exactly",
            "material.point_stiffness",
            [](P p) {
              props::PointStiffnessIsSymmetric(
                  [p](double a, double b) { return p.PointStiffness(a, b); });
            }),
      Suite("point_stiffness_at_most_the_softer_side", "min(k1,k2)/2 <= k <= min(k1,k2)",
            "material.point_stiffness",
            [](P p) {
              props::PointStiffnessIsAtMostTheSofterSide(
                  [p](double a, double b) { return p.PointStiffness(a, b); });
            }),
      Suite("point_stiffness_rigid_side_returns_the_other",
            "k(k, inf) = k exactly; k(k, 1e12 k) -> k", "material.point_stiffness",
            [](P p) {
              props::PointStiffnessRigidSideReturnsTheOther(
                  [p](double a, double b) { return p.PointStiffness(a, b); });
            }),
      Suite("point_stiffness_compliances_add", "1/k = 1/k1 + 1/k2 (springs in series), 8 eps",
            "material.point_stiffness",
            [](P p) {
              props::PointStiffnessCompliancesAdd(
                  [p](double a, double b) { return p.PointStiffness(a, b); });
            }),
      Suite("dissipation_between_the_sides_and_symmetric",
            "min(d1,d2) <= d <= max(d1,d2), symmetric", "material.dissipation",
            [](P p) {
              props::DissipationLiesBetweenTheSidesAndIsSymmetric(
                  [p](double a, double b, double c, double d) {
                    return p.Dissipation(a, b, c, d);
                  });
            }),
      Suite("dissipation_softer_side_weighs_more", "k1 < k2, d1 = 1, d2 = 0: d = k2/(k1+k2) > 1/2",
            "material.dissipation",
            [](P p) {
              props::DissipationSofterSideWeighsMore([p](double a, double b, double c, double d) {
                return p.Dissipation(a, b, c, d);
              });
            }),
      Suite("dissipation_rigid_side_takes_the_compliant_sides_d", "d(inf, k, d1, d2) = d2 exactly",
            "material.dissipation",
            [](P p) {
              props::DissipationRigidSideTakesTheCompliantSidesD(
                  [p](double a, double b, double c, double d) {
                    return p.Dissipation(a, b, c, d);
                  });
            }),
      Suite("dissipation_weights_are_the_other_sides_share", "(k1+k2) d = k2 d1 + k1 d2",
            "material.dissipation",
            [](P p) {
              props::DissipationWeightsAreTheOtherSidesShare(
                  [p](double a, double b, double c, double d) {
                    return p.Dissipation(a, b, c, d);
                  });
            }),
      Suite("friction_identical_materials_keep_mu", "mu(a, a) = a for mu_s and mu_d",
            "material.friction",
            [](P p) {
              props::FrictionIdenticalMaterialsKeepMu(
                  [p](CoulombFriction a, CoulombFriction b) { return p.Friction(a, b); });
            }),
      Suite("friction_symmetric_bounded_each_coefficient_on_its_own",
            "symmetric, between the sides, mu_d ignores mu_s, mu_d <= mu_s", "material.friction",
            [](P p) {
              props::FrictionSymmetricBoundedAndEachCoefficientOnItsOwn(
                  [p](CoulombFriction a, CoulombFriction b) { return p.Friction(a, b); });
            }),
      Suite("friction_is_the_harmonic_mean",
            "1/mu = (1/mu1 + 1/mu2)/2; a frictionless side gives 0", "material.friction",
            [](P p) {
              props::FrictionIsTheHarmonicMean(
                  [p](CoulombFriction a, CoulombFriction b) { return p.Friction(a, b); });
            }),
      Suite("relaxation_time_is_a_plain_sum", "tau = tau1 + tau2; a missing side counts 0.1 s",
            "material.relaxation_time",
            [](P p) {
              props::RelaxationTimeIsAPlainSum(
                  [p](std::optional<double> a, std::optional<double> b) {
                    return p.RelaxationTime(a, b);
                  });
            }),
      Property{"point_stiffness_rejects_out_of_domain_inputs",
               "k < 0 and two rigid sides are errors, not numbers",
               [](Session& session) {
                 const double k = *props::Stiffness();
                 session.Rejects("material.point_stiffness", {{"k1", -k}, {"k2", JsonNumber(k)}});
                 session.Rejects("material.point_stiffness", {{"k1", "inf"}, {"k2", "inf"}});
               },
               {"material.point_stiffness"}},
      Property{"friction_rejects_mu_d_above_mu_s",
               "mu_d > mu_s on a side is an error, not a number",
               [](Session& session) {
                 const double mu = *props::Mu();
                 session.Rejects(
                     "material.friction",
                     {{"mu_s1", mu}, {"mu_d1", mu + 0.5}, {"mu_s2", 1.0}, {"mu_d2", 1.0}});
               },
               {"material.friction"}},
      Property{"relaxation_time_rejects_negative_tau",
               "tau < 0 is an error, not a number",
               [](Session& session) {
                 const double mu = *props::Mu();
                 session.Rejects("material.relaxation_time", {{"tau1", -0.01 - mu}, {"tau2", 0.1}});
               },
               {"material.relaxation_time"}},
  };
  return family;
}

}  // namespace simatlas::check
