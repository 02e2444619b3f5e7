// friction.*: E3-geometry §4, the two regularisation curves of the continuous paths (4.1), (4.2).
// The discrete approximations use neither: they read the combined μd only (see
// reference/contact/friction_regularization.h).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/contact/friction_regularization.h"
#include "reference/core/errors.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"

namespace simatlas::laws {

void RegisterFrictionLaws(Registry& registry) {
  constexpr const char* kSection = "E3-geometry §4";

  registry.Add(
      {"friction.stribeck",
       kSection,
       "continuous point (formula sheet E3-geometry (4.1)): s = speed/vs; mu = mu_s S(s) on [0,1), "
       "mu_s - (mu_s - mu_d) S((s-1)/2) on [1,3), mu_d for s >= 3; "
       "S(x) = 10x^3 - 15x^4 + 6x^5",
       {Num("speed", "m/s", "slip speed ||vt|| (>= 0)"),
        Num("vs", "m/s", "stiction tolerance (> 0)", contact::kDefaultStictionTolerance),
        Num("mu_s", "1", "combined static friction"),
        Num("mu_d", "1", "combined dynamic friction (<= mu_s)")},
       {Num("mu", "1", "regularised friction coefficient")},
       [](const Values& in) {
         Values out;
         out.Set("mu", contact::StribeckFrictionCoefficient(in.Number("speed"), in.Number("vs"),
                                                            in.Number("mu_s"), in.Number("mu_d")));
         return out;
       }});

  registry.Add({"friction.atan_over_x",
                kSection,
                "(4.2) atan(x)/x from x^2 = x*x: Taylor series to x^16 for x^2 <= 0.12^2, "
                "atan(x)/x above",
                {Num("x", "1", "dimensionless slip ||vt||/vs (finite)")},
                {Num("value", "1", "atan(x)/x (1 at x = 0)")},
                [](const Values& in) {
                  const double x = in.Number("x");
                  core::RequireFinite("x", x, "");
                  Values out;
                  out.Set("value", contact::AtanXOverXFromXSquared(x * x));
                  return out;
                }});

  registry.Add({"friction.atan",
                kSection,
                "continuous hydroelastic: mu = (2/pi) mu_d atan(speed/vs); the dynamic "
                "coefficient only",
                {Num("speed", "m/s", "slip speed ||vt|| (>= 0)"),
                 Num("vs", "m/s", "stiction tolerance (> 0)", contact::kDefaultStictionTolerance),
                 Num("mu_d", "1", "combined dynamic friction")},
                {Num("mu", "1", "regularised friction coefficient (< mu_d)")},
                [](const Values& in) {
                  Values out;
                  out.Set("mu", contact::AtanFrictionCoefficient(
                                    in.Number("speed"), in.Number("vs"), in.Number("mu_d")));
                  return out;
                }});

  registry.Add({"friction.discrete",
                kSection,
                "discrete approximations (kSap, Similar, Lagged): mu = combined mu_d; mu_s is "
                "checked but never read",
                {Num("mu_s", "1", "combined static friction"),
                 Num("mu_d", "1", "combined dynamic friction (<= mu_s)")},
                {Num("mu", "1", "friction coefficient of the discrete constraint")},
                [](const Values& in) {
                  Values out;
                  out.Set("mu", contact::DiscreteFrictionCoefficient(
                                    {in.Number("mu_s"), in.Number("mu_d")}));
                  return out;
                }});
}

}  // namespace simatlas::laws
