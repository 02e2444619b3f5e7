// Properties of the SAP constraints (E3-SAP §3.1–§3.2): the cone projection (formula sheet (3.3))
// is idempotent, lands in F_μ and is the R-norm-closest point (variational inequality against
// sampled cone points and a brute-force scan of the cone's boundary ray); γ = −∂ℓc/∂vc and G =
// −∂γ/∂vc agree with central differences in every region; G is symmetric PSD; ℓc is convex along
// lines; Similar and Lagged coincide at vt = 0 and differ as the text says when sliding; Lagged
// keeps ‖γt‖ ≤ μ n₀.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "property_tests/families/sap_generators.h"
#include "reference/laws/law.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/hunt_crossley_constraint.h"

namespace simatlas::sap {
namespace {

using core::Matrix3;
using core::Vector3;

// Generators shared with `simatlas check` (property_tests/families/sap_generators.h).
using property_tests::sap::Approximations;
using property_tests::sap::ConeCase;
using property_tests::sap::ConeCases;
using property_tests::sap::HcCase;
using property_tests::sap::HcCases;
using property_tests::sap::LogUniform;
using property_tests::sap::Uniform;

// y with ‖y‖ in 1e-3…1e2 N·s and a random direction.
rc::Gen<Vector3> Impulse() {
  return rc::gen::exec([] {
    const double r = *LogUniform(-3, 2);
    const Vector3 d(*Uniform(-1, 1), *Uniform(-1, 1), *Uniform(-1, 1));
    RC_PRE(d.norm() > 1e-2);
    return Vector3(r * d / d.norm());
  });
}

// ε of the cone's soft norm yr = √(‖yt‖² + ε²) (kConeSoftNormSquared = ε² = 1e-14) [N·s].
constexpr double kEpsilon = 1e-7;

bool InCone(const Vector3& g, double mu, double tol) {
  return g(2) >= -tol && g.head<2>().norm() <= mu * g(2) + tol;
}

RC_GTEST_PROP(FrictionConeProjection, IdempotentAndInsideTheCone, ()) {
  const ConeCase c = *ConeCases();
  const auto r = CalcFrictionConeRegularization(c.h, c.w, c.p);
  const Vector3 y = *Impulse();
  const auto once = ProjectToFrictionCone(y, c.p.mu, r);
  const auto twice = ProjectToFrictionCone(once.gamma, c.p.mu, r);
  // The soft norm yr = √(‖yt‖² + ε²), ε = 1e-7 N·s, blurs the surface. After one sliding
  // projection ‖γt‖ = μγn‖yt‖/yr, so the second projection sees yr' with |yr' − μγn| ≤ 2ε (ε from
  // the soft norm, ≤ ε from ‖yt‖/yr < 1 while μγn ≤ yr). The exact cone maps a surface point to
  // itself (μμ̂ = μ̃²), so the second sliding step moves γn by ≤ 2ε μ̂/(1 + μ̃²) and γt by μ times
  // that: ‖Δγ‖ ≤ 2ε μ̂ √(1 + μ²)/(1 + μ̃²). Plus 1e-6 relative for rounding and ε for the stiction
  // test's own blur. (With μ̂ ≫ 1 this bound is about 2ε/μ·√(1 + μ²), more than a flat ε: a flat
  // 1e-7 failed at 1.0107e-7, seed 3331602054.)
  const double mu = c.p.mu;
  const double tol = 1e-6 * y.norm() + kEpsilon * (1.0 + 2.0 * r.mu_hat * std::sqrt(1.0 + mu * mu) /
                                                             (1.0 + r.mu_tilde * r.mu_tilde));
  RC_ASSERT(InCone(once.gamma, c.p.mu, tol));
  RC_ASSERT((twice.gamma - once.gamma).norm() <= tol);
}

RC_GTEST_PROP(FrictionConeProjection, IsTheRNormClosestPoint, ()) {
  const ConeCase c = *ConeCases();
  const auto r = CalcFrictionConeRegularization(c.h, c.w, c.p);
  const Vector3 R(r.Rt, r.Rt, r.Rn);
  const Vector3 y = *Impulse();
  RC_PRE(y.head<2>().norm() > 1e-4 * y.norm());  // away from the soft norm's blur
  const Vector3 gamma = ProjectToFrictionCone(y, c.p.mu, r).gamma;
  auto dist = [&](const Vector3& z) { return 0.5 * (z - y).dot(R.cwiseProduct(z - y)); };
  const double scale = dist(Vector3::Zero()) + dist(y) + 1e-300;
  // Variational inequality (z − γ)ᵀ R (y − γ) ≤ 0 for sampled z in F_μ (apex, interior, surface).
  for (int i = 0; i < 50; ++i) {
    const double zn = *Uniform(0.0, 2.0) * y.norm();
    const double a = *Uniform(0.0, 2.0 * M_PI);
    const double frac = *rc::gen::element(0.0, 0.5, 1.0, *Uniform(0.0, 1.0));
    const Vector3 z(frac * c.p.mu * zn * std::cos(a), frac * c.p.mu * zn * std::sin(a), zn);
    RC_ASSERT((z - gamma).dot(R.cwiseProduct(y - gamma)) <= 1e-6 * scale);
    RC_ASSERT(dist(gamma) <= dist(z) + 1e-6 * scale);
  }
  // Brute force along the boundary ray through yt (where a sliding answer must lie):
  // no scanned point beats γ.
  const core::Vector2 t = y.head<2>().normalized();
  for (int i = 0; i <= 2000; ++i) {
    const double zn = 2.0 * y.norm() * i / 2000.0;
    const Vector3 z(c.p.mu * zn * t(0), c.p.mu * zn * t(1), zn);
    RC_ASSERT(dist(gamma) <= dist(z) + 1e-6 * scale);
  }
}

// Central differences of a function of vc with per-component steps (evaluated eagerly: an
// Eigen expression of temporaries must not escape).
core::VectorX CentralDifference(const std::function<core::VectorX(const Vector3&)>& f,
                                const Vector3& vc, const Vector3& step, int j) {
  Vector3 plus = vc, minus = vc;
  plus(j) += step(j);
  minus(j) -= step(j);
  const core::VectorX fp = f(plus);
  const core::VectorX fm = f(minus);
  return (fp - fm) / (2.0 * step(j));
}

// Checks γ = −∂ℓ/∂vc, G = −∂γ/∂vc (FD), G symmetric PSD, at vc for constraint c.
void CheckDerivatives(const SapConstraint& c, const Vector3& vc, const Vector3& step, double tol) {
  const auto v = c.Calc(vc);
  const double gscale = v.gamma.norm() + 1e-12;
  const double Gscale = v.G.norm() + 1e-12;
  for (int j = 0; j < 3; ++j) {
    const double dcost = CentralDifference(
        [&](const Vector3& x) { return core::VectorX::Constant(1, c.Calc(x).cost); }, vc, step,
        j)(0);
    // Round-off of a central difference: ~10 ε_machine |f| / step (matters when one direction's
    // share of ℓc is tiny, e.g. Rt yt² ≪ Rn yn²).
    const double cost_roundoff = 10.0 * core::kEpsilon * std::abs(v.cost) / step(j);
    RC_ASSERT(std::abs(-dcost - v.gamma(j)) <= tol * gscale + cost_roundoff);
    const core::VectorX dgamma = CentralDifference(
        [&](const Vector3& x) { return core::VectorX(c.Calc(x).gamma); }, vc, step, j);
    const double gamma_roundoff = 10.0 * core::kEpsilon * v.gamma.norm() / step(j);
    RC_ASSERT((-dgamma - v.G.col(j)).norm() <= tol * Gscale + gamma_roundoff);
  }
  RC_ASSERT((v.G - v.G.transpose()).norm() <= 1e-12 * Gscale);
  const Eigen::SelfAdjointEigenSolver<core::MatrixX> eig(0.5 * (v.G + v.G.transpose()));
  RC_ASSERT(eig.eigenvalues().minCoeff() >= -1e-12 * Gscale);
}

RC_GTEST_PROP(FrictionConeConstraint, GammaAndGMatchFiniteDifferencesInEveryRegion, ()) {
  ConeCase c = *ConeCases();
  // φ₀ = 0 makes v̂ = 0, so vc = −R y carries full relative precision (v̂ only shifts vc; with a
  // large v̂ the difference v̂ − R y cancels and no step size gives a clean derivative).
  c.p.phi0 = 0.0;
  const FrictionConeConstraint constraint(c.p, c.h, c.w);
  const auto mode =
      *rc::gen::element(ContactMode::kStiction, ContactMode::kSliding, ContactMode::kNoContact);
  const Vector3 y = *Impulse();
  const Vector3 R = constraint.R();
  // vc = v̂ − R y maps y back to the constraint velocity.
  const Vector3 vc = constraint.vhat() - R.cwiseProduct(y);
  RC_PRE(constraint.Project(vc).mode == mode);
  // Steps of 1e-6 of the local scale in each direction; every perturbed point must stay in the
  // same region (the projection is piecewise smooth; FD across a switch is meaningless).
  const Vector3 step = 1e-6 * R * y.norm();
  for (int j = 0; j < 3; ++j) {
    for (double s : {-2.0, 2.0}) {
      Vector3 x = vc;
      x(j) += s * step(j);
      RC_PRE(constraint.Project(x).mode == mode);
    }
  }
  CheckDerivatives(constraint, vc, step, 1e-5);
}

RC_GTEST_PROP(FrictionConeConstraint, CostIsConvexAlongLines, ()) {
  const ConeCase c = *ConeCases();
  const FrictionConeConstraint constraint(c.p, c.h, c.w);
  const Vector3 R = constraint.R();
  const Vector3 a = constraint.vhat() - R.cwiseProduct(*Impulse());
  const Vector3 b = constraint.vhat() - R.cwiseProduct(*Impulse());
  const double la = constraint.Calc(a).cost, lb = constraint.Calc(b).cost;
  for (double t : {0.1, 0.25, 0.5, 0.75, 0.9}) {
    const double lt = constraint.Calc((1 - t) * a + t * b).cost;
    RC_ASSERT(lt <= (1 - t) * la + t * lb + 1e-10 * (la + lb) + 1e-300);
  }
}

RC_GTEST_PROP(HuntCrossleyConstraint, GammaAndGMatchFiniteDifferencesAwayFromTheKink, ()) {
  const HcCase c = *HcCases(*Approximations());
  const HuntCrossleyConstraint constraint(c.p, c.h, c.w);
  const Vector3 vc(*Uniform(-0.1, 0.1), *Uniform(-0.1, 0.1), *Uniform(-0.05, 0.05));
  // n(z) has a kink at z = v̂ (and n' jumps there); stay 1e-4 m/s away from it.
  const double z = constraint.CalcZ(vc);
  RC_PRE(std::abs(z - constraint.law().vhat()) > 1e-4);
  const Vector3 step = Vector3::Constant(1e-7);
  CheckDerivatives(constraint, vc, step, 1e-5);
}

RC_GTEST_PROP(HuntCrossleyConstraint, CostIsConvexAlongLines, ()) {
  const HcCase c = *HcCases(*Approximations());
  const HuntCrossleyConstraint constraint(c.p, c.h, c.w);
  const Vector3 a(*Uniform(-0.1, 0.1), *Uniform(-0.1, 0.1), *Uniform(-0.05, 0.05));
  const Vector3 b(*Uniform(-0.1, 0.1), *Uniform(-0.1, 0.1), *Uniform(-0.05, 0.05));
  const double la = constraint.Calc(a).cost, lb = constraint.Calc(b).cost;
  const double scale = std::abs(la) + std::abs(lb) + 1e-300;
  for (double t : {0.1, 0.25, 0.5, 0.75, 0.9}) {
    const double lt = constraint.Calc((1 - t) * a + t * b).cost;
    RC_ASSERT(lt <= (1 - t) * la + t * lb + 1e-10 * scale);
  }
}

RC_GTEST_PROP(HuntCrossleyConstraint, SimilarAndLaggedCoincideWithoutSlip, ()) {
  HcCase c = *HcCases(HuntCrossleyApproximation::kSimilar);
  const Vector3 vc(0.0, 0.0, *Uniform(-0.05, 0.05));
  const auto similar = HuntCrossleyConstraint(c.p, c.h, c.w).Calc(vc);
  c.p.approximation = HuntCrossleyApproximation::kLagged;
  const auto lagged = HuntCrossleyConstraint(c.p, c.h, c.w).Calc(vc);
  // s(0) = 0, t_soft = 0: z = vn in both, γt = 0 in both, same cost.
  RC_ASSERT(similar.gamma == lagged.gamma);
  RC_ASSERT(similar.cost == lagged.cost);
}

RC_GTEST_PROP(HuntCrossleyConstraint, WhenSlidingSimilarGlidesAndLaggedKeepsMuN0, ()) {
  HcCase c = *HcCases(HuntCrossleyApproximation::kSimilar);
  c.p.mu = *Uniform(0.1, 1.5);
  c.p.fe0 = *Uniform(1.0, 100.0);
  const double slip = *Uniform(0.01, 1.0);
  const double angle = *Uniform(0.0, 2.0 * M_PI);
  const Vector3 vc(slip * std::cos(angle), slip * std::sin(angle), *Uniform(-0.05, 0.05));
  const HuntCrossleyConstraint similar_c(c.p, c.h, c.w);
  RC_PRE(vc(2) < similar_c.law().vhat());  // the normal impulse is active
  const auto similar = similar_c.Calc(vc);
  c.p.approximation = HuntCrossleyApproximation::kLagged;
  const HuntCrossleyConstraint lagged_c(c.p, c.h, c.w);
  const auto lagged = lagged_c.Calc(vc);
  // Similar: z = vn − μ s < vn, so γn = n(z) > n(vn) = Lagged's γn (friction loads the normal).
  RC_ASSERT(similar.gamma(2) > lagged.gamma(2));
  // Similar stays inside its own cone ‖γt‖ ≤ μ γn; Lagged's bound is μ n₀, whatever γn is.
  RC_ASSERT(similar.gamma.head<2>().norm() <= c.p.mu * similar.gamma(2) * (1 + 1e-12));
  RC_ASSERT(lagged.gamma.head<2>().norm() <= c.p.mu * lagged_c.data().n0 * (1 + 1e-12));
}

RC_GTEST_PROP(HuntCrossleyConstraint, LaggedTangentialImpulseNeverExceedsMuN0, ()) {
  const HcCase c = *HcCases(HuntCrossleyApproximation::kLagged);
  const HuntCrossleyConstraint constraint(c.p, c.h, c.w);
  const Vector3 vc(*Uniform(-1, 1), *Uniform(-1, 1), *Uniform(-1, 1));
  const auto v = constraint.Calc(vc);
  RC_ASSERT(v.gamma.head<2>().norm() <= c.p.mu * constraint.data().n0 * (1 + 1e-12));
}

RC_GTEST_PROP(SapLaws, FrictionConeLawBroadcastsWAndMatchesTheConstraint, ()) {
  const ConeCase c = *ConeCases();
  const FrictionConeConstraint constraint(c.p, c.h, c.w);
  const Vector3 vc = constraint.vhat() - constraint.R().cwiseProduct(*Impulse());
  const laws::Law& law = laws::AllLaws().Get("sap.friction_cone");
  laws::Values in;
  in.Set("dt", c.h);
  in.Set("w", c.w(0));  // one number stands for all three entries
  in.Set("phi0", c.p.phi0);
  in.Set("mu", c.p.mu);
  in.Set("k", c.p.stiffness);
  in.Set("tau", c.p.relaxation_time);
  in.Set("beta", c.p.beta);
  in.Set("sigma", c.p.sigma);
  in.Set("vc", Eigen::VectorXd(vc));
  const laws::Values out = laws::Evaluate(law, in);
  RC_ASSERT(out.Vector("gamma") == Eigen::VectorXd(constraint.Calc(vc).gamma));
  RC_ASSERT(out.Label("mode") == ContactModeName(constraint.Project(vc).mode));
}

}  // namespace
}  // namespace simatlas::sap
