// Families "sap.friction_cone" (E3-SAP §3.1, formula sheet (3.2)–(3.4)) and "sap.hunt_crossley"
// (E3-SAP §3.2, (3.5)–(3.7)): the kSap regularisation and the analytic projection on the friction
// cone in the R norm; the Similar/Lagged impulses n(z), γt, and Lagged's bound ‖γt‖ ≤ μ n₀.
#include <Eigen/Dense>
#include <cmath>
#include <numbers>

#include "property_tests/families/sap_generators.h"
#include "tools/check/families.h"
#include "tools/check/families/generators.h"

namespace simatlas::check {

namespace {

Eigen::Vector3d Vec(const Json& j) {
  return Eigen::Vector3d(ReadNumber(j[0], "x"), ReadNumber(j[1], "y"), ReadNumber(j[2], "z"));
}

// A contact velocity [vt1, vt2, vn]: slip speed log-uniform 1e-7 … 1 m/s in a random tangential
// direction (small slips give stiction), vn uniform in [−vn_max, vn_max] (> 0 separating).
rc::Gen<Json> ContactVelocity(double vn_max) {
  return rc::gen::apply(
      [](double speed, double angle, double vn) {
        return Json{speed * std::cos(angle), speed * std::sin(angle), vn};
      },
      gen::LogUniform(-7, 0), gen::Uniform(0, 2 * std::numbers::pi, 3600),
      gen::Uniform(-vn_max, vn_max));
}

// kSap inputs: the suite's ConeCases (property_tests/families/sap_generators.h: h 1e-3 … 1e-2 s,
// w 0.1 … 10 1/kg, k 1e3 … 1e8 N/m, τ 0 … 0.1 s, μ 0 … 1.5, σ 1e-4 … 1e-1, φ₀ ±1 cm, β 0 or 1),
// and vc drawn relative to the bias v̂n = −φ₀/(h + τ): vn − v̂n = ±|vt|·10^e, e in [−2, 5], so the
// three regions of (3.3) all occur — stiction (vn − v̂n ≪ −|vt|), sliding, and the strip
// 0 ≤ vn − v̂n < μ|vt| where sliding still pushes (yn ≤ 0 yet yn > −μ̂ yr).
rc::Gen<Json> ConeInputs() {
  return rc::gen::apply(
      [](const property_tests::sap::ConeCase& c, Json vc, int sign, double ratio) {
        const double vhat_n = -c.p.phi0 / (c.h + c.p.relaxation_time);
        const double speed = std::hypot(vc[0].get<double>(), vc[1].get<double>());
        vc[2] = vhat_n + (sign == 0 ? 1.0 : -1.0) * speed * ratio;
        return Json{{"dt", c.h},        {"w", Json::array({c.w(0)})}, {"phi0", c.p.phi0},
                    {"mu", c.p.mu},     {"k", c.p.stiffness},         {"tau", c.p.relaxation_time},
                    {"beta", c.p.beta}, {"sigma", c.p.sigma},         {"vc", vc}};
      },
      gen::FullRange(property_tests::sap::ConeCases()), ContactVelocity(0.5), gen::Choice(2),
      gen::LogUniform(-2, 5));
}

// Hunt–Crossley inputs: the suite's HcCases (h 1e-3 … 1e-2 s, w 0.1 … 10, μ 0 … 1.5, k 1e3 … 1e7
// N/m, d 0 … 2 s/m, fe₀ 0 … 100 N, vn₀ ±1 m/s, vs 1e-5 … 1e-3 m/s, σ 1e-4 … 1e-2), either
// approximation, and vc with |vn| ≤ 5 cm/s (so n(z) > 0 in many cases).
rc::Gen<Json> HuntCrossleyInputs() {
  using simatlas::sap::HuntCrossleyApproximation;
  return rc::gen::apply(
      [](int lagged, const property_tests::sap::HcCase& c, Json vc) {
        return Json{{"approximation", lagged == 1 ? "lagged" : "similar"},
                    {"dt", c.h},
                    {"w", Json::array({c.w(0)})},
                    {"mu", c.p.mu},
                    {"k", c.p.stiffness},
                    {"d", c.p.dissipation},
                    {"fe0", c.p.fe0},
                    {"vn0", c.p.vn0},
                    {"vs", c.p.stiction_tolerance},
                    {"sigma", c.p.sigma},
                    {"vc", vc}};
      },
      gen::Choice(2),
      gen::FullRange(property_tests::sap::HcCases(HuntCrossleyApproximation::kLagged)),
      ContactVelocity(0.05));
}

}  // namespace

Family MakeSapFrictionConeFamily() {
  Family family;
  family.name = "sap.friction_cone";
  family.section = "E3-SAP §3.1";
  family.summary =
      "kSap: Rn = max(beta^2/(4 pi^2) wn, 1/(h k (h+tau))), Rt = sigma wt, vhat_n = "
      "-phi0/(h+tau), y = R^-1 (vhat - vc), gamma = P_F(y) in the R norm, cost = 1/2 gamma' R gamma";
  family.laws = {
      {"sap.friction_cone",
       [] { return ConeInputs(); },
       {1e-9, 1e-9},
       {{"Rt", {0.0, 1e-12}}, {"Rn", {0.0, 1e-12}}, {"vhat_n", {1e-15, 1e-12}}},
       "closed-form projection with a square root: |y| up to 1e5 N s, so 1e-9 relative and "
       "1e-9 N s (J) absolute for y, gamma, cost; R and vhat_n to 1e-12"},
  };
  family.properties = {
      PropertyOverInputs(
          "regularisation_and_bias",
          "Rt = sigma wt, Rn = max(beta^2/(4 pi^2) wn, 1/(h k (h+tau))), vhat_n = -phi0/(h+tau)",
          "sap.friction_cone",
          [](const Json& in, const Json& out, Session&) {
            const double h = in["dt"], w = in["w"][0], k = in["k"], tau = in["tau"],
                         beta = in["beta"];
            const double near_rigid = beta * beta / (4 * std::numbers::pi * std::numbers::pi) * w;
            const double Rn = std::max(near_rigid, 1 / (h * k * (h + tau)));
            RC_ASSERT(std::abs(Session::Number(out, "Rn") - Rn) <= 1e-12 * Rn);
            RC_ASSERT(std::abs(Session::Number(out, "Rt") - in["sigma"].get<double>() * w) <=
                      1e-12 * w);
            const double vhat = -in["phi0"].get<double>() / (h + tau);
            RC_ASSERT(std::abs(Session::Number(out, "vhat_n") - vhat) <=
                      1e-12 * (1e-3 + std::abs(vhat)));
          }),
      PropertyOverInputs(
          "projection_region_gamma_in_cone_and_cost",
          "stiction iff |yt| <= mu yn (gamma = y); no contact iff yn <= -mu_hat |yt| (gamma = 0); "
          "else sliding, gamma_t = mu gamma_n yt/yr; gamma in F_mu; cost = 1/2 gamma' R gamma",
          "sap.friction_cone",
          [](const Json& in, const Json& out, Session&) {
            const double mu = in["mu"];
            const double Rt = Session::Number(out, "Rt"), Rn = Session::Number(out, "Rn");
            const Eigen::Vector3d y = Vec(out["y"]), g = Vec(out["gamma"]);
            const std::string mode = out["mode"];
            const double yr = std::sqrt(y.head<2>().squaredNorm() + 1e-14), yn = y(2);
            const double scale = y.norm() + 1e-9;
            // Away from the boundaries (relative 1e-9), the mode is the region of y.
            const double stick_margin = yr - mu * yn, contact_margin = yn + mu * Rt / Rn * yr;
            if (std::abs(stick_margin) > 1e-9 * scale && std::abs(contact_margin) > 1e-9 * scale) {
              const std::string region = stick_margin <= 0     ? "stiction"
                                         : contact_margin <= 0 ? "no_contact"
                                                               : "sliding";
              RC_ASSERT(mode == region);
            }
            if (mode == "stiction") RC_ASSERT((g - y).norm() <= 1e-9 * scale);
            if (mode == "no_contact") RC_ASSERT(g.norm() == 0.0);
            // Sliding: on the cone's surface along t̂ = yt/yr (the soft norm makes |t̂| < 1).
            if (mode == "sliding") {
              RC_ASSERT(std::abs(g.head<2>().norm() - mu * g(2) * y.head<2>().norm() / yr) <=
                        1e-9 * scale);
            }
            RC_ASSERT(g(2) >= -1e-12 * scale);
            RC_ASSERT(g.head<2>().norm() <= mu * g(2) + 1e-9 * scale);
            const double cost = 0.5 * (Rt * g.head<2>().squaredNorm() + Rn * g(2) * g(2));
            RC_ASSERT(std::abs(Session::Number(out, "cost") - cost) <= 1e-9 * (1e-9 + cost));
          }),
      PropertyOverInputs(
          "projection_is_the_r_norm_closest_cone_point",
          "(z - gamma)' R (y - gamma) <= 0 for every z in F_mu (variational inequality)",
          "sap.friction_cone",
          [](const Json& in, const Json& out, Session&) {
            const double mu = in["mu"];
            const Eigen::Vector3d R(Session::Number(out, "Rt"), Session::Number(out, "Rt"),
                                    Session::Number(out, "Rn"));
            const Eigen::Vector3d y = Vec(out["y"]), g = Vec(out["gamma"]);
            const Eigen::Vector3d pull = R.cwiseProduct(y - g);
            // Cone points: the apex, gamma scaled, and boundary/inside points in 8 directions.
            for (int i = 0; i < 8; ++i) {
              const double zn = (y.norm() + g.norm()) * (0.25 + 0.25 * (i % 4));
              const double a = i * std::numbers::pi / 4;
              const double r = mu * zn * (i < 4 ? 1.0 : 0.5);
              const Eigen::Vector3d z(r * std::cos(a), r * std::sin(a), zn);
              const double tol = 1e-8 * pull.norm() * (z.norm() + g.norm()) + 1e-12;
              RC_ASSERT((z - g).dot(pull) <= tol);
            }
            RC_ASSERT((-g).dot(pull) <= 1e-8 * pull.norm() * g.norm() + 1e-12);
            RC_ASSERT(g.dot(pull) <= 1e-8 * pull.norm() * g.norm() + 1e-12);
          }),
  };
  return family;
}

Family MakeSapHuntCrossleyFamily() {
  Family family;
  family.name = "sap.hunt_crossley";
  family.section = "E3-SAP §3.2";
  family.summary =
      "Similar/Lagged: n0 = [h fe0]+ [1 - d vn0]+, eps = max(vs, mu sigma wt n0), n(z) = h [fe0 - "
      "h k z]+ [1 - d z]+, z = vn - mu s(vt) (similar) or vn (lagged), gamma_t = -mu n(z) t_soft "
      "(similar) or -mu n0 t_soft (lagged)";
  family.laws = {
      {"sap.hunt_crossley",
       [] { return HuntCrossleyInputs(); },
       {1e-12, 1e-10},
       {{"N", {1e-10, 1e-9}}, {"cost", {1e-10, 1e-9}}},
       "closed forms: impulses to 1e-10 relative (1e-12 N s absolute); the antiderivative N and "
       "the cost subtract terms, 1e-9 relative and 1e-10 J absolute"},
  };
  family.properties = {
      PropertyOverInputs(
          "impulse_is_n_of_z",
          "n0 = [h fe0]+ [1 - d vn0]+; gamma_n = n(z) = h [fe0 - h k z]+ [1 - d z]+; "
          "z = vn (lagged) or vn - mu s(vt) (similar)",
          "sap.hunt_crossley",
          [](const Json& in, const Json& out, Session&) {
            const double h = in["dt"], k = in["k"], d = in["d"], fe0 = in["fe0"], vn0 = in["vn0"];
            const double mu = in["mu"];
            const Eigen::Vector3d vc = Vec(in["vc"]);
            const double n0 = std::max(h * fe0, 0.0) * std::max(1 - d * vn0, 0.0);
            RC_ASSERT(std::abs(Session::Number(out, "n0") - n0) <= 1e-10 * n0 + 1e-14);
            const double eps = Session::Number(out, "eps");
            const double s = std::sqrt(vc.head<2>().squaredNorm() + eps * eps) - eps;
            const double z = in["approximation"] == "lagged" ? vc(2) : vc(2) - mu * s;
            RC_ASSERT(std::abs(Session::Number(out, "z") - z) <= 1e-12 * (1 + std::abs(z)));
            const double n = h * std::max(fe0 - h * k * z, 0.0) * std::max(1 - d * z, 0.0);
            RC_ASSERT(std::abs(Session::Number(out, "n") - n) <= 1e-9 * n + 1e-12);
            RC_ASSERT(std::abs(Vec(out["gamma"])(2) - n) <= 1e-9 * n + 1e-12);
          }),
      PropertyOverInputs(
          "friction_opposes_slip_and_lagged_keeps_mu_n0",
          "gamma_t opposes vt; Lagged: |gamma_t| <= mu n0 (not mu gamma_n); Similar: |gamma_t| <= "
          "mu gamma_n",
          "sap.hunt_crossley",
          [](const Json& in, const Json& out, Session&) {
            const double mu = in["mu"];
            const Eigen::Vector3d vc = Vec(in["vc"]), g = Vec(out["gamma"]);
            const double gt = g.head<2>().norm();
            RC_ASSERT(g.head<2>().dot(vc.head<2>()) <= 1e-12);
            const double eps = Session::Number(out, "eps");
            const double t_soft =
                vc.head<2>().norm() / std::sqrt(vc.head<2>().squaredNorm() + eps * eps);
            if (in["approximation"] == "lagged") {
              const double n0 = Session::Number(out, "n0");
              RC_ASSERT(gt <= mu * n0 * (1 + 1e-12) + 1e-15);
              RC_ASSERT(std::abs(gt - mu * n0 * t_soft) <= 1e-9 * mu * n0 + 1e-14);
            } else {
              RC_ASSERT(std::abs(gt - mu * g(2) * t_soft) <= 1e-9 * mu * g(2) + 1e-14);
            }
          }),
      Property{"similar_and_lagged_coincide_without_slip",
               "at vt = 0 both give gamma = (0, 0, n(vn))",
               [](Session& session) {
                 Json in = *HuntCrossleyInputs();
                 in["vc"][0] = 0.0;
                 in["vc"][1] = 0.0;
                 in["approximation"] = "similar";
                 const Eigen::Vector3d similar =
                     Vec(session.Outputs("sap.hunt_crossley", in)["gamma"]);
                 in["approximation"] = "lagged";
                 const Eigen::Vector3d lagged =
                     Vec(session.Outputs("sap.hunt_crossley", in)["gamma"]);
                 RC_ASSERT((similar - lagged).norm() <= 1e-10 * (1e-3 + lagged.norm()));
                 RC_ASSERT(lagged.head<2>().norm() == 0.0);
               },
               {"sap.hunt_crossley"}},
  };
  return family;
}

}  // namespace simatlas::check
