// Family "mujoco.row" (MJ-solvers §2a, formula sheet (2.1)–(2.2)): the impedance I(r), K and B
// from solref with dmax (not I), refsafe's timeconst >= 2h, the regulariser
// R = max(1e-15, (1 − I)/I · Â) and aref = −B vel − K I (r − margin).
#include <algorithm>
#include <cmath>

#include "property_tests/families/mujoco_row_generators.h"
#include "tools/check/families.h"
#include "tools/check/families/generators.h"

namespace simatlas::check {

namespace {

// A row: solimp from the suite's AnySolImpWithEdges (property_tests/families/
// mujoco_row_generators.h: realistic values, and in 6 of 16 cases a region getsolparam clamps or
// the impedance treats apart: dmin/dmax/midpoint outside [1e-4, 0.9999], width <= 0, dmin = dmax,
// power <= 1); pos within ±2 widths of the margin (so I(r) takes every branch); solref standard
// (tc 1e-3 … 0.1 s, ζ 0.1 … 2), direct (−k, −b) or of mixed sign (MuJoCo falls back to the
// default) ; h 1e-4 … 1e-2 s; Â 1e-2 … 1e2, or in 1 case of 8 so small (1e-22 … 1e-14) that
// R sits at the mjMINVAL floor; vel ±1 m/s; refsafe either way.
rc::Gen<Json> RowInputs() {
  return rc::gen::apply(
      [](const mujoco::SolImp& solimp, double x, double margin, double tc, double zeta, int kind,
         double h, double diag, int tiny, double tiny_exponent, double vel, bool refsafe) {
        const Json solref = kind == 3   ? Json::array({-tc * 1e5, -zeta * 10})
                            : kind == 2 ? Json::array({tc, -zeta})
                                        : Json::array({tc, zeta});
        const double width = solimp[2] > 0 ? solimp[2] : 1e-3;
        return Json{
            {"diag_approx", tiny == 0 ? std::pow(10.0, tiny_exponent) : diag},
            {"pos", margin + x * width},
            {"margin", margin},
            {"vel", vel},
            {"solref", solref},
            {"solimp", Json::array({solimp[0], solimp[1], solimp[2], solimp[3], solimp[4]})},
            {"timestep", h},
            {"refsafe", refsafe}};
      },
      gen::FullRange(
          rc::gen::exec([] { return property_tests::mujoco_row::AnySolImpWithEdges().solimp; })),
      gen::Uniform(-2, 2, 4000), gen::Uniform(0, 0.01, 100), gen::LogUniform(-3, -1),
      gen::Uniform(0.1, 2, 190), gen::Choice(4), gen::LogUniform(-4, -2), gen::LogUniform(-2, 2),
      gen::Choice(8), gen::Uniform(-22, -14, 800), gen::Uniform(-1, 1, 2000),
      rc::gen::map(gen::Choice(2), [](int b) { return b == 1; }));
}

// The solref and solimp the row uses: getsolparam's rules (reference/mujoco/impedance.h).
mujoco::SolParams Used(const Json& in) {
  const mujoco::SolRef solref = {in["solref"][0].get<double>(), in["solref"][1].get<double>()};
  mujoco::SolImp solimp;
  for (int i = 0; i < 5; ++i) solimp[i] = in["solimp"][i].get<double>();
  return mujoco::SanitiseSolParams(solref, solimp, in["timestep"].get<double>(),
                                   in["refsafe"].get<bool>());
}

}  // namespace

Family MakeMujocoRowFamily() {
  Family family;
  family.name = "mujoco.row";
  family.section = "MJ-solvers §2a";
  family.summary =
      "row impedance: I(r) two-piece power sigmoid, K = 1/(dmax^2 tc^2 zeta^2) or k/dmax^2, "
      "B = 2/(dmax tc) or b/dmax (refsafe tc >= 2h), R = max(1e-15, (1-I)/I diag_approx), "
      "aref = -B vel - K I (pos - margin)";
  family.laws = {
      {"mujoco.row",
       [] { return RowInputs(); },
       {0.0, 1e-10},
       {{"aref", {1e-6, 1e-10}}},
       "closed forms with pow(): 1e-10 relative; aref subtracts terms up to 1e7 m/s^2, 1e-6 "
       "absolute"},
  };
  family.properties = {
      PropertyOverInputs(
          "regulariser_reconstructs_diag_approx",
          "R > 0 and R I/(1 - I) = diag_approx (MuJoCo resets efc_diagApprox this way): R scales "
          "linearly with diag_approx",
          "mujoco.row",
          [](const Json& in, const Json& out, Session& session) {
            const double R = Session::Number(out, "R"), imp = Session::Number(out, "imp");
            const double diag = in["diag_approx"];
            RC_ASSERT(R > 0.0);
            // Below mjMINVAL the regulariser is floored: R = 1e-15 exactly.
            if ((1 - imp) / imp * diag < 1e-15 * (1 - 1e-12)) {
              RC_ASSERT(R == 1e-15);
              return;
            }
            if ((1 - imp) / imp * diag <= 1e-15 * (1 + 1e-12)) return;  // at the floor's edge
            RC_ASSERT(std::abs(R * imp / (1 - imp) - diag) <= 1e-10 * diag);
            Json doubled = in;
            doubled["diag_approx"] = 2 * diag;
            const double R2 = Session::Number(session.Outputs("mujoco.row", doubled), "R");
            RC_ASSERT(std::abs(R2 - 2 * R) <= 1e-12 * R);
          }),
      PropertyOverInputs("impedance_between_dmin_and_dmax_and_monotone",
                         "dmin <= I <= dmax, and I does not decrease with |pos - margin|",
                         "mujoco.row",
                         [](const Json& in, const Json& out, Session& session) {
                           const double imp = Session::Number(out, "imp");
                           const mujoco::SolParams used = Used(in);
                           const double dmin = used.solimp[0], dmax = used.solimp[1];
                           RC_ASSERT(imp >= dmin - 1e-15);
                           RC_ASSERT(imp <= dmax + 1e-15);
                           Json further = in;
                           const double margin = in["margin"], pos = in["pos"];
                           further["pos"] = margin + 1.5 * (pos - margin);
                           RC_ASSERT(Session::Number(session.Outputs("mujoco.row", further),
                                                     "imp") >= imp - 1e-15);
                         }),
      PropertyOverInputs(
          "stiffness_damping_use_dmax_and_aref",
          "K, B from solref with dmax (standard: tc >= 2h under refsafe); aref = -B vel - K I "
          "(pos - margin)",
          "mujoco.row",
          [](const Json& in, const Json& out, Session&) {
            // The used solref and dmax (getsolparam: mixed sign → default, clamps); refsafe is
            // applied here from the course's rule, so a port that skips it fails.
            const mujoco::SolParams used = Used(in);
            const double dmax = used.solimp[1], h = in["timestep"];
            const bool mixed =
                (in["solref"][0].get<double>() > 0) != (in["solref"][1].get<double>() > 0);
            double tc = mixed ? 0.02 : in["solref"][0].get<double>();
            const double zeta = mixed ? 1.0 : in["solref"][1].get<double>();
            double K = 0, B = 0;
            if (tc > 0) {
              if (in["refsafe"].get<bool>()) tc = std::max(tc, 2 * h);
              K = 1 / std::max(1e-15, dmax * dmax * tc * tc * zeta * zeta);
              B = 2 / std::max(1e-15, dmax * tc);
            } else {
              K = -tc / std::max(1e-15, dmax * dmax);
              B = -zeta / std::max(1e-15, dmax);
            }
            RC_ASSERT(std::abs(Session::Number(out, "K") - K) <= 1e-10 * K);
            RC_ASSERT(std::abs(Session::Number(out, "B") - B) <= 1e-10 * B);
            const double imp = Session::Number(out, "imp");
            const double aref = -B * in["vel"].get<double>() -
                                K * imp * (in["pos"].get<double>() - in["margin"].get<double>());
            RC_ASSERT(std::abs(Session::Number(out, "aref") - aref) <= 1e-9 * (1 + std::abs(aref)));
          }),
  };
  return family;
}

}  // namespace simatlas::check
