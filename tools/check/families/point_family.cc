// Family "point" (E3-geometry §2.1, E3-SAP §2.2, formula sheet (0.1), (2.1)): the continuous
// Hunt–Crossley force fn = k x (1 + d ẋ) with ẋ > 0 approaching, skipped when fn ≤ 0, and the
// discrete point pair: stiffness-weighted point, φ₀ = −x, fe₀ = k x, z_C = −n̂_BA.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "tools/check/families.h"
#include "tools/check/families/generators.h"

namespace simatlas::check {

namespace {

// Continuous force inputs: k 1e2 … 1e8 N/m, d 0 … 10 s/m, x 0 … 0.01 m, ẋ −2 … 2 m/s.
rc::Gen<Json> ForceInputs() {
  return rc::gen::apply(
      [](double k, double d, double x, double xdot) {
        return Json{{"k", k}, {"d", d}, {"depth", x}, {"xdot", xdot}};
      },
      gen::LogUniform(2, 8), gen::Uniform(0, 10), gen::Uniform(0, 0.01), gen::Uniform(-2, 2));
}

// A consistent discrete pair: n̂ a unit vector, p_WCb within 1 m, p_WCa = p_WCb − x n̂ + a
// tangential slide (ignored by (0.1)), kA, kB over 1e2 … 1e8 N/m. The depth is (0.1) recomputed,
// floored at 0 (x = 0 may round to −1e-16, which the law rejects).
rc::Gen<Json> PairInputs() {
  return rc::gen::apply(
      [](Json n_raw, Json b, Json slide, double x, double ka, double kb) {
        Eigen::Vector3d n(n_raw[0].get<double>(), n_raw[1].get<double>(), n_raw[2].get<double>());
        if (n.norm() < 0.1) n = Eigen::Vector3d::UnitZ();
        n.normalize();
        const Eigen::Vector3d pb(b[0].get<double>(), b[1].get<double>(), b[2].get<double>());
        Eigen::Vector3d t(slide[0].get<double>(), slide[1].get<double>(), slide[2].get<double>());
        t -= t.dot(n) * n;
        const Eigen::Vector3d pa = pb - x * n + t;
        return Json{{"kA", ka},
                    {"kB", kb},
                    {"depth", std::max(0.0, (pb - pa).dot(n))},
                    {"p_WCa", JsonVector(pa)},
                    {"p_WCb", JsonVector(pb)},
                    {"nhat_BA_W", JsonVector(n)}};
      },
      gen::UniformArray(3, -1, 1), gen::UniformArray(3, -1, 1), gen::UniformArray(3, -0.01, 0.01),
      gen::Uniform(0, 0.01), gen::LogUniform(2, 8), gen::LogUniform(2, 8));
}

// Continuous contact inputs: a consistent pair (as above, without kA/kB), k 1e2 … 1e8 N/m,
// d 0 … 10 s/m, 0 ≤ μd ≤ μs ≤ 1, the default vs, velocities of A and B within ±1 mm/s per axis
// (slips around the stiction tolerance, so every Stribeck piece occurs), or within ±1 m/s
// normal to the pair in 1 case of 4 (fast approach and separation, skipped pairs).
rc::Gen<Json> ContactInputs() {
  return rc::gen::apply(
      [](Json pair, double k, double d, double mu1, double mu2, Json va, Json vb, int fast,
         double vn) {
        pair.erase("kA");
        pair.erase("kB");
        if (fast == 3) {
          for (int i = 0; i < 3; ++i)
            vb[i] = vb[i].get<double>() + vn * pair["nhat_BA_W"][i].get<double>();
        }
        pair["k"] = k;
        pair["d"] = d;
        pair["mu_s"] = std::max(mu1, mu2);
        pair["mu_d"] = std::min(mu1, mu2);
        pair["v_WAc"] = va;
        pair["v_WBc"] = vb;
        return pair;
      },
      PairInputs(), gen::LogUniform(2, 8), gen::Uniform(0, 10), gen::Uniform(0, 1, 1000),
      gen::Uniform(0, 1, 1000), gen::UniformArray(3, -1e-3, 1e-3),
      gen::UniformArray(3, -1e-3, 1e-3), gen::Choice(4), gen::Uniform(-1, 1, 2000));
}

Eigen::Vector3d Vec(const Json& j) {
  return Eigen::Vector3d(j[0].get<double>(), j[1].get<double>(), j[2].get<double>());
}

}  // namespace

Family MakePointFamily() {
  Family family;
  family.name = "point";
  family.section = "E3-geometry §2.1, E3-SAP §2.2";
  family.summary =
      "point contact: fn = k x (1 + d xdot) (xdot > 0 approaching; fn <= 0 skipped) with Stribeck "
      "friction along vt, discrete pair p_WC = wA p_WCa + wB p_WCb, phi0 = -x, fe0 = k x, z_C = -nhat_BA_W";
  family.laws = {
      {"point.continuous_force",
       [] { return ForceInputs(); },
       {1e-12, 1e-12},
       {},
       "k x (1 + d xdot): three products, 1e-12 relative (1e-12 N absolute near fn = 0)"},
      {"point.continuous_contact",
       [] { return ContactInputs(); },
       {1e-12, 1e-12},
       {{"slip", {1e-15, 1e-12}},
        {"xdot", {1e-15, 1e-12}},
        {"separation_speed", {1e-15, 1e-12}},
        {"p_WC", {1e-15, 1e-12}}},
       "Hunt–Crossley force times the Stribeck quintic: forces 1e-12 relative (1e-12 N absolute); "
       "speeds and the midpoint to 1e-15 m/s, m"},
      {"point.discrete_pair",
       [] { return PairInputs(); },
       {1e-14, 1e-12},
       {{"fn0", {1e-12, 1e-12}}},
       "weights and series stiffness: a few roundings"},
  };
  family.properties = {
      PropertyOverInputs(
          "continuous_force_hunt_crossley_sign",
          "fn = k x (1 + d xdot): approaching (xdot > 0) adds force, separating removes it; "
          "skipped with fn = 0 exactly when k x (1 + d xdot) <= 0",
          "point.continuous_force",
          [](const Json& in, const Json& out, Session& session) {
            const double k = in["k"], d = in["d"], x = in["depth"], xdot = in["xdot"];
            const double fn = Session::Number(out, "fn");
            const bool skipped = out["skipped"].get<bool>();
            const double elastic = k * x;
            RC_ASSERT(fn >= 0.0);
            RC_ASSERT(skipped == (k * x * (1 + d * xdot) <= 0.0));
            if (skipped) RC_ASSERT(fn == 0.0);
            if (!skipped && d > 0 && xdot > 0) RC_ASSERT(fn >= elastic);
            if (!skipped && d > 0 && xdot < 0) RC_ASSERT(fn <= elastic);
            // Reversing the rate moves fn by 2 k x d |xdot| (when neither side is skipped).
            Json reversed = in;
            reversed["xdot"] = -xdot;
            const Json back = session.Outputs("point.continuous_force", reversed);
            if (!skipped && !back["skipped"].get<bool>()) {
              const double gap = fn - Session::Number(back, "fn");
              RC_ASSERT(std::abs(gap - 2 * k * x * d * xdot) <= 1e-9 * (1 + std::abs(fn)));
            }
          }),
      PropertyOverInputs(
          "continuous_contact_action_reaction_and_friction_dissipates",
          "xdot = (v_WBc - v_WAc).nhat_BA_W; fn = k x (1 + d xdot); f_Bc_W = -(fn nhat + ft_A); "
          "ft_A tangential, |ft_A| <= mu_s fn, friction power <= 0; skipped means no force at all",
          "point.continuous_contact",
          [](const Json& in, const Json& out, Session&) {
            const Eigen::Vector3d n = Vec(in["nhat_BA_W"]), va = Vec(in["v_WAc"]),
                                  vb = Vec(in["v_WBc"]);
            const double k = in["k"], d = in["d"], x = in["depth"], mu_s = in["mu_s"];
            const double fn = Session::Number(out, "fn");
            const Eigen::Vector3d ft = Session::Vector(out, "ft_A"),
                                  fb = Session::Vector(out, "f_Bc_W");
            const double xdot = (vb - va).dot(n);
            RC_ASSERT(std::abs(Session::Number(out, "xdot") - xdot) <= 1e-15);
            RC_ASSERT(Session::Number(out, "separation_speed") == -Session::Number(out, "xdot"));
            if (out["skipped"].get<bool>()) {
              RC_ASSERT(k * x * (1 + d * xdot) <= 1e-12);
              RC_ASSERT(fn == 0.0 && ft.isZero(0.0) && fb.isZero(0.0));
              return;
            }
            const double scale = 1e-12 * (1.0 + fn);
            RC_ASSERT(std::abs(fn - k * x * (1 + d * xdot)) <= scale);
            RC_ASSERT((fb + fn * n + ft).norm() <= scale);
            // ft = mu fn vt/|vt| with vt = v - (v.n) n, v = v_WBc - v_WAc. In floating point vt
            // keeps a normal part of a few roundings of |v| (the dot product 3 eps |v|, the
            // product and the difference 2 eps |v|, |n| = 1 within 2 eps), which the division by
            // |vt| magnifies by |v|/|vt|; the dot ft.n adds 3 eps |ft|. So
            //   |ft.n| <= 8 eps mu fn |v|/|vt| + 3 eps |ft|, taken twice (16 eps, 6 eps).
            // A flat 1e-12 (1 + fn) sat at the edge of this: seed 3382872546 gave 1.2018e-12 with
            // |v|/|vt| ~ 1e4 (fast approach, slow slip). A non-tangential ft (along v, or with a
            // normal part) is off by mu fn times O(1), far beyond the bound.
            const double eps = std::numeric_limits<double>::epsilon();
            const double speed = (vb - va).norm();
            const double slip = Session::Number(out, "slip");
            const double normal_part =
                slip > 0 ? 16 * eps * mu_s * fn * speed / slip + 6 * eps * ft.norm() : 0.0;
            RC_ASSERT(std::abs(ft.dot(n)) <= normal_part + 1e-300);
            RC_ASSERT(ft.norm() <= mu_s * fn * (1 + 1e-12) + 1e-300);
            // Friction power ft.(va - vb) = -mu fn |vt| <= 0, up to the normal part above times
            // |xdot| and 4 eps |ft| |v| for the two dot products.
            RC_ASSERT(ft.dot(va) - ft.dot(vb) <=
                      normal_part * std::abs(xdot) + 4 * eps * ft.norm() * speed + 1e-300);
          }),
      PropertyOverInputs(
          "discrete_pair_weighted_point_and_signs",
          "p_WC on the witness segment, nearer the stiffer side's witness point "
          "(wA = kA/(kA+kB)); phi0 = -x; fe0 = k x with k = kA kB/(kA+kB); z_C = -nhat_BA_W",
          "point.discrete_pair",
          [](const Json& in, const Json& out, Session&) {
            const double ka = in["kA"], kb = in["kB"], x = in["depth"];
            const Eigen::Vector3d pa = Vec(in["p_WCa"]), pb = Vec(in["p_WCb"]),
                                  n = Vec(in["nhat_BA_W"]);
            const Eigen::Vector3d p = Session::Vector(out, "p_WC");
            const double wa = ka / (ka + kb);
            RC_ASSERT((p - (wa * pa + (1 - wa) * pb)).norm() <=
                      1e-12 * (1 + pa.norm() + pb.norm()));
            RC_ASSERT(std::abs(Session::Number(out, "phi0") + x) <= 1e-15);
            const double k = Session::Number(out, "k");
            RC_ASSERT(std::abs(1 / k - (1 / ka + 1 / kb)) <= 1e-12 / k);
            RC_ASSERT(std::abs(Session::Number(out, "fn0") - k * x) <= 1e-12 * (1 + k * x));
            RC_ASSERT((Session::Vector(out, "z_C") + n).norm() <= 1e-15);
          }),
      Property{"discrete_pair_swap_a_and_b",
               "swapping A and B (and negating nhat) keeps p_WC, k, fe0 and flips z_C",
               [](Session& session) {
                 const Json in = *PairInputs();
                 const Json out = session.Outputs("point.discrete_pair", in);
                 Json swapped = in;
                 swapped["kA"] = in["kB"];
                 swapped["kB"] = in["kA"];
                 swapped["p_WCa"] = in["p_WCb"];
                 swapped["p_WCb"] = in["p_WCa"];
                 swapped["nhat_BA_W"] = JsonVector(-Vec(in["nhat_BA_W"]));
                 const Json back = session.Outputs("point.discrete_pair", swapped);
                 RC_ASSERT((Session::Vector(out, "p_WC") - Session::Vector(back, "p_WC")).norm() <=
                           1e-12);
                 RC_ASSERT(std::abs(Session::Number(out, "k") - Session::Number(back, "k")) <=
                           1e-12 * Session::Number(out, "k"));
                 RC_ASSERT((Session::Vector(out, "z_C") + Session::Vector(back, "z_C")).norm() <=
                           1e-15);
               },
               {"point.discrete_pair"}},
  };
  return family;
}

}  // namespace simatlas::check
