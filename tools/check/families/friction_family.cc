// Family "friction" (E3-geometry §4, formula sheet (4.1), (4.2)): the Stribeck quintic of the
// continuous point path, atan(x)/x and the atan coefficient of the hydroelastic path, and the
// discrete approximations' μ = μd (μs never read).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "property_tests/families/friction_generators.h"
#include "tools/check/families.h"
#include "tools/check/families/generators.h"

namespace simatlas::check {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

namespace props = property_tests::friction;

// (μs, μd) with 0 ≤ μd ≤ μs ≤ 2: the suite's Friction() over its whole range.
rc::Gen<props::Coefficients> CoefficientPairs() {
  return gen::FullRange(rc::gen::exec([] { return props::Friction(); }));
}

// Stribeck inputs: the suite's vs over 1e-6 … 1e-1 m/s, speed = s·vs with s in [0, 5].
rc::Gen<Json> StribeckInputs() {
  return rc::gen::apply(
      [](double vs, double s, props::Coefficients c) {
        return Json{{"speed", s * vs}, {"vs", vs}, {"mu_s", c.mu_s}, {"mu_d", c.mu_d}};
      },
      gen::FullRange(props::StictionTolerance()), gen::Uniform(0, 5), CoefficientPairs());
}

double Stribeck(Session& session, double speed, double vs, double mu_s, double mu_d) {
  return Session::Number(
      session.Outputs("friction.stribeck",
                      {{"speed", speed}, {"vs", vs}, {"mu_s", mu_s}, {"mu_d", mu_d}}),
      "mu");
}

}  // namespace

Family MakeFrictionFamily() {
  Family family;
  family.name = "friction";
  family.section = "E3-geometry §4";
  family.summary =
      "friction regularisation (formula sheet E3-geometry): Stribeck quintic (4.1), atan(x)/x "
      "series (4.2), atan "
      "coefficient with mu_d only, discrete mu = mu_d";
  family.laws = {
      {"friction.stribeck",
       [] { return StribeckInputs(); },
       {1e-13, 1e-12},
       {},
       "polynomial of degree 5 in s <= 3: roundings of terms up to 10 s^3, 1e-13 absolute"},
      {"friction.atan_over_x",
       [] {
         return rc::gen::map(gen::FullRange(props::X()), [](double x) { return Json{{"x", x}}; });
       },
       {1e-14, 0.0},
       {},
       "series to x^16 vs atan(x)/x: both within a few ulps of the true value (<= 1)"},
      {"friction.atan",
       [] {
         return rc::gen::apply(
             [](double vs, double s, double mu_d) {
               return Json{{"speed", s * vs}, {"vs", vs}, {"mu_d", mu_d}};
             },
             gen::FullRange(props::StictionTolerance()), gen::Uniform(0, 100),
             gen::FullRange(props::Mu()));
       },
       {1e-14, 1e-12},
       {},
       "one atan and two products"},
      {"friction.discrete",
       [] {
         return rc::gen::map(CoefficientPairs(), [](props::Coefficients c) {
           return Json{{"mu_s", c.mu_s}, {"mu_d", c.mu_d}};
         });
       },
       {0.0, 0.0},
       {},
       "a copy of mu_d: exact"},
  };
  family.properties = {
      Property{"stribeck_zero_at_rest_and_dynamic_from_three_on",
               "mu(0) = 0 (vs is not a stick test); mu = mu_d for s >= 3",
               [](Session& session) {
                 const double vs = *props::StictionTolerance();
                 const auto [mu_s, mu_d] = props::Friction();
                 RC_ASSERT(Stribeck(session, 0.0, vs, mu_s, mu_d) == 0.0);
                 const double s = *props::Slip(3.01, 100.0);
                 RC_ASSERT(Stribeck(session, s * vs, vs, mu_s, mu_d) == mu_d);
               },
               {"friction.stribeck"}},
      Property{
          "stribeck_continuous_at_one_and_three",
          "mu_s S(1) = mu_s at s = 1 and mu_s - (mu_s - mu_d) S(1) = mu_d at s = 3",
          [](Session& session) {
            const double vs = *props::StictionTolerance();
            const auto [mu_s, mu_d] = props::Friction();
            // S'(0) = S'(1) = 0: a jump of O(δ²); 30·2·δ² + 1e-13 with δ = 1e-6.
            const double delta = 1e-6, tol = 60 * delta * delta + 1e-13;
            RC_ASSERT(std::abs(Stribeck(session, (1 - delta) * vs, vs, mu_s, mu_d) - mu_s) <= tol);
            RC_ASSERT(std::abs(Stribeck(session, (1 + delta) * vs, vs, mu_s, mu_d) - mu_s) <= tol);
            RC_ASSERT(std::abs(Stribeck(session, (3 - delta) * vs, vs, mu_s, mu_d) - mu_d) <= tol);
          },
          {"friction.stribeck"}},
      PropertyOverInputs("stribeck_between_zero_and_mu_s",
                         "0 <= mu <= mu_s, rising on [0,1), falling toward mu_d on [1,3)",
                         "friction.stribeck",
                         [](const Json& in, const Json& out, Session&) {
                           const double mu = Session::Number(out, "mu");
                           RC_ASSERT(mu >= 0.0);
                           RC_ASSERT(mu <= in["mu_s"].get<double>() * (1 + 4 * kEps));
                         }),
      PropertyOverInputs("atan_over_x_is_atan_x_over_x", "AtanXOverX(x^2) = atan(x)/x within 4 eps",
                         "friction.atan_over_x",
                         [](const Json& in, const Json& out, Session&) {
                           const double x = in["x"].get<double>();
                           RC_ASSERT(std::abs(Session::Number(out, "value") - std::atan(x) / x) <=
                                     4 * kEps);
                         }),
      PropertyOverInputs("atan_coefficient_below_mu_d", "mu = (2/pi) mu_d atan(speed/vs) < mu_d",
                         "friction.atan",
                         [](const Json& in, const Json& out, Session&) {
                           const double mu = Session::Number(out, "mu");
                           const double mu_d = in["mu_d"].get<double>();
                           RC_ASSERT(mu >= 0.0);
                           RC_ASSERT(mu <= mu_d);
                           if (mu_d > 0) RC_ASSERT(mu < mu_d);
                         }),
      PropertyOverInputs("discrete_reads_mu_d_only", "mu = mu_d; mu_s is checked, never read",
                         "friction.discrete",
                         [](const Json& in, const Json& out, Session& session) {
                           RC_ASSERT(Session::Number(out, "mu") == in["mu_d"].get<double>());
                           Json raised = in;
                           raised["mu_s"] = in["mu_s"].get<double>() + 1.0;
                           RC_ASSERT(Session::Number(session.Outputs("friction.discrete", raised),
                                                     "mu") == Session::Number(out, "mu"));
                         }),
  };
  return family;
}

}  // namespace simatlas::check
