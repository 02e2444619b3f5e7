// Properties of the MJ-solvers problems and solvers (§2b–§6; (N.M): the formula sheet's) on random
// well-conditioned problems with every row kind: pyramid decode inverts encode; the primal
// optimum's forces are the dual minimiser (dual KKT, cost duality, qacc map); PGS, CG and Newton
// agree; the certificate bound; warmstart from the optimum; tolerance 0; islands equal the
// monolithic solve.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

#include "property_tests/families/mujoco_problem_generator.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/newton_hessian.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_kernels.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/pyramid.h"
#include "reference/mujoco/solver_result.h"
#include "reference/mujoco/solve.h"

namespace simatlas::mujoco {
namespace {

using property_tests::RandomMujocoProblem;

Cone AnyCone() { return *rc::gen::element(Cone::kPyramidal, Cone::kElliptic); }
unsigned AnySeed() { return *rc::gen::arbitrary<unsigned>(); }

/// A converged Newton answer (tolerance 1e-15, 2.2.2 rules). (The 3.15 rules at 1e-15 stop
/// sooner: a warm start from their answer still takes an iteration.)
SolveResult Converged(Problem p) {
  p.opt.solver = SolverKind::kNewton;
  p.opt.iterations = 200;
  p.opt.tolerance = 1e-15;
  return SolveProblem(p);
}

double Scale(const core::VectorX& x) { return std::max(1.0, x.lpNorm<Eigen::Infinity>()); }

RC_GTEST_PROP(MujocoPyramid, DecodeInvertsEncode, ()) {
  const int n = *rc::gen::inRange(1, 6);
  std::mt19937 rng(AnySeed());
  std::uniform_real_distribution<double> u(-1, 1);
  ConeForce f;
  f.normal = 10 * std::abs(u(rng));
  f.tangent.resize(n);
  core::VectorX mu(n);
  for (int j = 0; j < n; ++j) {
    mu[j] = 0.1 + std::abs(u(rng));
    f.tangent[j] = 10 * u(rng);
  }
  const ConeForce back = DecodePyramid(EncodePyramid(f, mu), mu);
  // Exact up to rounding of a sum of 2n terms.
  RC_ASSERT(std::abs(back.normal - f.normal) <= 1e-12 * (1 + f.normal));
  RC_ASSERT((back.tangent - f.tangent).norm() <= 1e-12 * (1 + f.tangent.norm()));
}

// The primal optimum a* to rounding, for the duality laws (which hold at a*, not near it).
// Newton's own exits at tolerance 1e-15 stop where the line search can no longer see the cost
// fall: the decrease left, ½ gᵀH⁻¹g, is below the rounding of the cost (seed 2707538697388004121,
// case 159: elliptic, nv = 2, α = 0 at a scaled gradient of 4.7e-7, a 1e-6 from a*). So the answer
// is polished with full Newton steps a ← a − H⁻¹g, kept while they shrink ‖g‖: the cost is
// quadratic on each set of row states and smooth in the cone's middle zone, so next to a* full
// steps converge quadratically and one or two reach the rounding floor. gradient_scale is the
// size g's rounding scales with: ‖H‖∞‖a‖∞ (a is stored to ε‖a‖, which moves g by H δa) plus
// ‖M(a − a₀)‖∞ + ‖Jᵀf‖∞ (the two terms g is the difference of). The warm-start and certificate
// properties start from this a* too (seed 4654639504051435111, the same case: warm-started at
// Newton's own answer, 3.15 Newton's gradient gate rightly refused to take zero iterations).
struct Optimum {
  SolveResult answer;         ///< qacc, efc_force and cost at the polished point
  double gradient = 0;        ///< ‖g‖∞ there
  double gradient_scale = 0;  ///< ‖H‖∞‖a‖∞ + ‖M(a − a₀)‖∞ + ‖Jᵀf‖∞ there
};
Optimum Polished(const Problem& p) {
  const SolveResult newton = Converged(p);
  const ConstraintRows rows = MakeConstraintRows(p);
  const SparseOperators ops = MakeSparseOperators(p);
  PrimalEval eval = EvaluatePrimal(p, rows, ops, newton.qacc);
  core::MatrixX H = PrimalHessian(p, rows, ops, eval);
  for (int step = 0; step < 5; ++step, H = PrimalHessian(p, rows, ops, eval)) {
    const PrimalEval next =
        EvaluatePrimal(p, rows, ops, eval.qacc - Eigen::LLT<core::MatrixX>(H).solve(eval.gradient));
    if (!(next.gradient.lpNorm<Eigen::Infinity>() < eval.gradient.lpNorm<Eigen::Infinity>())) break;
    eval = next;
  }
  Optimum o{newton};
  o.answer.qacc = eval.qacc;
  o.answer.efc_force = eval.constraints.force;
  o.answer.cost = eval.cost;
  o.gradient = eval.gradient.lpNorm<Eigen::Infinity>();
  o.gradient_scale = H.lpNorm<Eigen::Infinity>() * eval.qacc.lpNorm<Eigen::Infinity>() +
                     eval.Mda.lpNorm<Eigen::Infinity>() +
                     (eval.Mda - eval.gradient).lpNorm<Eigen::Infinity>();
  return o;
}

RC_GTEST_PROP(MujocoDuality, PrimalForcesAreTheDualMinimiser, ()) {
  const Problem p = RandomMujocoProblem(AnySeed(), AnyCone());
  const Optimum optimum = Polished(p);
  const SolveResult& r = optimum.answer;
  // a* to rounding: g's terms (J a, D(J a − aref), Jᵀ f, M(a − a₀)) are sums of at most
  // nv + nefc + 2 ≤ 58 products (nv ≤ 6, nefc ≤ 50), so evaluating g errs by ≤ 58 ε ≈ 1.3e-14
  // of gradient_scale, and the last full step, a backward-stable Cholesky solve, leaves about as
  // much again; 1e-12 is ~40× that. (Measured with this generator over 400,000 problems, seeds 0–199999 with both cones: at
  // most 1.1e-13 of gradient_scale.) A polish that failed to reach a* fails here, not later.
  RC_ASSERT(optimum.gradient <= 1e-12 * (1 + optimum.gradient_scale));
  const DualProblem d = MakeDual(p);
  const core::VectorX& f = r.efc_force;
  const double tol = 1e-8 * Scale(f) * Scale(d.b);
  // f(a*) lies in Ω and qacc = a₀ + M⁻¹Jᵀf.
  RC_ASSERT(OmegaViolation(p, f) <= tol);
  RC_ASSERT((QaccFromForce(p, d, f) - r.qacc).lpNorm<Eigen::Infinity>() <= 1e-9 * Scale(r.qacc));
  // Strong duality: primal cost* = −dual cost*.
  RC_ASSERT(std::abs(r.cost + DualCost(d, f)) <= 1e-8 * (1 + std::abs(r.cost)));
  // Dual KKT per block with residual ρ = AR f + b (characterises the unique dual minimiser).
  const core::VectorX rho = d.AR * f + d.b;
  for (const Block& b : MakeBlocks(p)) {
    const int i = b.first;
    if (b.elliptic) {
      // f ∈ K, ρ ∈ K* = {ρ₀ ≥ ‖μ_j ρ_j‖}, fᵀρ = 0.
      const Contact& c = p.contacts[b.contact];
      double t = 0;
      for (int j = 1; j < b.size; ++j) t += std::pow(c.friction[j - 1] * rho[i + j], 2);
      RC_ASSERT(rho[i] - std::sqrt(t) >= -tol);
      RC_ASSERT(std::abs(f.segment(i, b.size).dot(rho.segment(i, b.size))) <= tol * Scale(f));
      continue;
    }
    switch (p.kind[i]) {
      case RowKind::kEquality: RC_ASSERT(std::abs(rho[i]) <= tol); break;
      case RowKind::kFrictionDof: {
        const double fl = p.frictionloss[i];
        if (f[i] < fl - tol && f[i] > -fl + tol) RC_ASSERT(std::abs(rho[i]) <= tol);
        if (f[i] >= fl - tol) RC_ASSERT(rho[i] <= tol);
        if (f[i] <= -fl + tol) RC_ASSERT(rho[i] >= -tol);
        break;
      }
      default: RC_ASSERT(rho[i] >= -tol); RC_ASSERT(std::abs(f[i] * rho[i]) <= tol * Scale(f));
    }
  }
}

// The three solvers minimise one strictly convex problem, so they agree in what each one's own
// convergence guarantees; how close their *forces* come depends on the dual's conditioning, which
// the generator draws over a wide range (λ(A+R) from 1e-4 to 10). What holds, and why:
//
//  (a) Strong convexity. The dual cost D(f) = ½ fᵀ(A+R)f + bᵀf has Hessian A+R ⪰ λmin I and f*
//      minimises it over the convex Ω, so for every f ∈ Ω
//        D(f) − D(f*) ≥ ½ λmin ‖f − f*‖²:                                              (SC)
//      a force error is bounded by the cost gap Δ = D(f) − D(f*) a solver leaves.
//  (b) CG at tolerance 0 stops only when its exact line search (the cost along a line is
//      piecewise quadratic) finds no decrease, or at the 300-iteration cap while creeping at
//      rounding level: Δ ≤ 1e-9 (1 + |D*|). (A fixed 1e-8 on the forces failed: seed 1073, Hager–
//      Zhang, λmin = 1.6e-3, Δ = 4e-13 left a force error of 1.6e-6 = 1.4e-7 of the largest force,
//      exactly what (SC) allows.)
//  (c) PGS on scalar rows (pyramidal cones) is Gauss–Seidel with projection. On the rows it finally
//      keeps free, one sweep contracts the error in the (A+R)-energy norm by ρ with
//        ρ² ≤ 1 − λmin(Â)/‖I + L̂‖²,  Â = D^(−1/2)(A+R)D^(−1/2), D = diag(A+R), L̂ strictly lower:
//      the classical bound ‖I − (D+L)⁻¹(A+R)‖²_(A+R) = 1 − λmin of the (D+L)⁻¹-weighted D, whose
//      restriction to a subset of rows is no worse (interlacing). So a sweep that improved the cost
//      by δ had Δ_before ≤ δ/(1 − ρ²), and Δ after the last sweep ≤ δ_last/(1 − ρ²): with
//      λmin(Â) ~ 1e-4 (seeds 454396281 and 1092: nv = 1 with 6 and 16 pyramid edges) 30000 sweeps
//      leave a force error of 5e-4 of the largest force, which the old 1e-5 claim rejected.
//  (d) PGS on elliptic blocks does not minimise each block exactly (ray, then the friction QCQP
//      with the normal fixed; MuJoCo's mj_solPGS does the same), so (c) does not apply: it agrees
//      to 1e-5 or stalls at a cone apex or at a fixed point of its own sweep (checked below).
// Rounding: D is a sum of terms of size ~|D*|; 1e-12 (1 + |D*|) covers the evaluation and the
// converged Newton answer's own gap.
double DualGapSlack(double dual_optimum) { return 1e-12 * (1 + std::abs(dual_optimum)); }

// (SC): ‖f − f*‖ ≤ √(2 (Δ + slack)/λmin).
bool WithinStrongConvexityBound(const core::VectorX& f, const core::VectorX& f_star, double gap,
                                double slack, double lambda_min) {
  return (f - f_star).norm() <= std::sqrt(2 * (std::max(gap, 0.0) + slack) / lambda_min);
}

// (c): 1 − ρ² ≥ λmin(Â)/‖I + L̂‖² for Gauss–Seidel on the Jacobi-scaled dual, rows in their
// order; any_order: for a sweep in any order (pgs_shuffle), with ‖L̂_π‖₂ ≤ ‖L̂_π‖_F = ‖Â − I‖_F/√2.
double GaussSeidelContraction(const core::MatrixX& AR, bool any_order) {
  const core::VectorX d = AR.diagonal().cwiseSqrt().cwiseInverse();
  const core::MatrixX scaled = d.asDiagonal() * AR * d.asDiagonal();
  const double lambda_min =
      Eigen::SelfAdjointEigenSolver<core::MatrixX>(scaled).eigenvalues().minCoeff();
  const core::MatrixX identity = core::MatrixX::Identity(AR.rows(), AR.cols());
  double norm = 1 + (scaled - identity).norm() / std::sqrt(2.0);
  if (!any_order) {
    const core::MatrixX lower =
        core::MatrixX(scaled.triangularView<Eigen::StrictlyLower>()) + identity;
    norm = Eigen::JacobiSVD<core::MatrixX>(lower).singularValues()(0);
  }
  return lambda_min / (norm * norm);
}

RC_GTEST_PROP(MujocoSolvers, PgsCgNewtonAgree, ()) {
  const Problem p = RandomMujocoProblem(AnySeed(), AnyCone());
  const SolveResult newton = Converged(p);
  Problem cg = p;
  cg.opt.solver = SolverKind::kCG;
  cg.opt.iterations = 300;
  cg.opt.tolerance = 0;  // ends on α = 0 once converged
  // 3.15 rules (positive-improvement test): 2.2.2's CG stops at tolerance 0 on the first
  // round-off cost increase, as MuJoCo 2.2.2's own does (mujoco222/statistics_oracle_test).
  SetVersion(Version::kMuJoCo315, cg.opt);
  cg.opt.cg_update = *rc::gen::element(CGUpdate::kPolakRibierePlus, CGUpdate::kHagerZhang);
  Problem pgs = p;
  pgs.opt.solver = SolverKind::kPGS;
  // PGS converges linearly at a rate set by the dual's conditioning (c); the budget of 30000
  // sweeps is rarely used: the tolerance ends the loop long before in ordinary problems.
  pgs.opt.iterations = 30000;
  pgs.opt.tolerance = 1e-14;
  pgs.opt.pgs_shuffle = *rc::gen::arbitrary<bool>();
  pgs.opt.pgs_momentum = *rc::gen::arbitrary<bool>();
  const SolveResult r_cg = SolveProblem(cg);
  const SolveResult r_pgs = SolveProblem(pgs);
  // Shown with a failing case (scripts/soak prints it).
  RC_LOG() << "nv " << p.nv << ", nefc " << p.J.rows() << ", cone "
           << (p.opt.cone == Cone::kElliptic ? "elliptic" : "pyramidal") << ", CG "
           << (cg.opt.cg_update == CGUpdate::kHagerZhang ? "Hager-Zhang" : "PR+") << " "
           << r_cg.iterations << " iterations (" << ExitReasonName(r_cg.exit) << "), PGS "
           << r_pgs.iterations << " sweeps (" << ExitReasonName(r_pgs.exit) << "), shuffle "
           << pgs.opt.pgs_shuffle << ", momentum " << pgs.opt.pgs_momentum << "\n";
  const DualProblem d = MakeDual(p);
  const double d_star = DualCost(d, newton.efc_force);
  const double slack = DualGapSlack(d_star);
  const double lambda_min =
      Eigen::SelfAdjointEigenSolver<core::MatrixX>(d.AR).eigenvalues().minCoeff();

  // (b) CG's gap, then its forces by (SC). PR+ may stop a few 1e-7 short on a lost descent
  // (gᵀs ≈ +1e-23 after a rounding-level line search, seen in ~1 of 5000 problems): its gap is
  // then ~λ (1e-7)², inside the same bound.
  const double cg_gap = DualCost(d, r_cg.efc_force) - d_star;
  RC_CLASSIFY(cg_gap > slack, "CG left a gap above rounding");
  RC_ASSERT(cg_gap >= -slack);
  // At the 300-iteration cap CG may still be creeping on an ill-conditioned problem (scripts/soak
  // seeds 5314529343710827944 and 790576543396573578: relative gaps 1.5e-9 and 2.8e-9 after 300
  // iterations), so the gap bound holds when CG ended by its own rule; (SC) holds always.
  RC_CLASSIFY(r_cg.exit == ExitReason::kIterations, "CG at the iteration cap");
  if (r_cg.exit != ExitReason::kIterations) RC_ASSERT(cg_gap <= 1e-9 * (1 + std::abs(d_star)));
  RC_ASSERT(
      WithinStrongConvexityBound(r_cg.efc_force, newton.efc_force, cg_gap, slack, lambda_min));

  // PGS never beats the optimum and stays in Ω.
  const double pgs_gap = DualCost(d, r_pgs.efc_force) - d_star;
  RC_ASSERT(pgs_gap >= -slack);
  RC_ASSERT(OmegaViolation(p, r_pgs.efc_force) <= 1e-9 * Scale(r_pgs.efc_force));
  const bool agree = (r_pgs.efc_force - newton.efc_force).lpNorm<Eigen::Infinity>() <=
                     1e-5 * Scale(newton.efc_force);
  RC_CLASSIFY(!agree, "PGS further than 1e-5 from Newton");
  const std::vector<Block> blocks = MakeBlocks(p);
  if (pgs.opt.pgs_momentum) {
    // No rate claim and no fixed point for the 3.15 momentum: the extrapolation breaks the
    // Gauss–Seidel contraction, and so does a certificate of one plain sweep from an answer whose
    // active set is not yet the final one (scripts/soak: 8 of 1000 runs, gaps 1.4–2× the sweep
    // bound; elliptic, seed 2892667232817800829: stopped after 5 sweeps neither stalled nor at a
    // fixed point). Nor descent: MuJoCo's sweep starts from the extrapolated point (solPGS since
    // 3.11), which may cost more than f; in the fixed order it can even cycle. What holds for
    // any answer in Ω (asserted above) is (SC), which ties its forces to its gap.
    RC_CLASSIFY(DualCost(d, r_pgs.efc_force) > slack, "momentum PGS ended above D(0)");
    RC_ASSERT(
        WithinStrongConvexityBound(r_pgs.efc_force, newton.efc_force, pgs_gap, slack, lambda_min));
    return;
  }
  if (std::none_of(blocks.begin(), blocks.end(), [](const Block& b) { return b.elliptic; })) {
    // (c) The last sweep's improvement bounds the gap; the gap bounds the forces (SC). With the
    // 3.15 momentum the last step is an extrapolated sweep, not a Gauss–Seidel sweep (soak seeds
    // 7125313580118932956 and 7411088770515548724 broke the bound by 3–5×): see below.
    RC_ASSERT(!r_pgs.stats.empty());
    const double improvement = std::max(0.0, r_pgs.stats.back().improvement) / MonolithicScale(pgs);
    const double contraction = GaussSeidelContraction(d.AR, pgs.opt.pgs_shuffle);
    RC_ASSERT(pgs_gap <= improvement / contraction + slack);
    RC_ASSERT(
        WithinStrongConvexityBound(r_pgs.efc_force, newton.efc_force, pgs_gap, slack, lambda_min));
    return;
  }
  // (d) Elliptic blocks: agreement to 1e-5 — or, stalled at a cone apex: a block with f = 0
  // whose normal residual ρ₀ = (AR f + b)₀ ≥ 0 gets only the normal update, although ρ ∉ K*.
  RC_CLASSIFY(!agree, "PGS stalled at an elliptic apex or a fixed point");
  if (!agree) {
    const core::VectorX rho = d.AR * r_pgs.efc_force + d.b;
    bool stalled = false;
    for (const Block& b : blocks) {
      if (!b.elliptic || r_pgs.efc_force.segment(b.first, b.size).norm() != 0) continue;
      if (rho[b.first] < 0) continue;
      const Contact& c = p.contacts[b.contact];
      double t = 0;
      for (int j = 1; j < b.size; ++j) t += std::pow(c.friction[j - 1] * rho[b.first + j], 2);
      stalled = stalled || rho[b.first] < std::sqrt(t);
    }
    // Otherwise PGS must sit at a fixed point of its own block sweep (seen with the 3.15
    // shuffle, seed 333745049: 2.7e-5 relative after 29 sweeps): one more sweep from its answer
    // changes nothing, and its dual cost does not beat the optimum (above).
    Problem one_more = pgs;
    one_more.opt.iterations = 1;
    one_more.opt.tolerance = 0;
    const SolveResult again = SolvePGS(one_more, d, r_pgs.efc_force, MonolithicScale(one_more));
    const bool fixed_point = (again.efc_force - r_pgs.efc_force).lpNorm<Eigen::Infinity>() <=
                             1e-7 * Scale(newton.efc_force);
    RC_ASSERT(stalled || fixed_point);
  }
}

RC_GTEST_PROP(MujocoTermination, CertificateBoundsTheCostGap, ()) {
  // cost(a) − cost* ≤ ½ gᵀM⁻¹g at any a (strong convexity with modulus M).
  const unsigned seed = AnySeed();
  const Problem p = RandomMujocoProblem(seed, AnyCone());
  const double best = Polished(p).answer.cost;
  std::mt19937 rng(seed + 1);
  std::uniform_real_distribution<double> u(-5, 5);
  core::VectorX a = p.qacc_smooth;
  for (int i = 0; i < p.nv; ++i) a[i] += u(rng);
  const PrimalEval e = EvaluatePrimal(p, a);
  const double bound = 0.5 * e.gradient.dot(p.M.llt().solve(e.gradient));
  RC_ASSERT(e.cost - best <= bound + 1e-9 * (1 + std::abs(best)));
  RC_ASSERT(e.cost - best >= -1e-9 * (1 + std::abs(best)));
}

RC_GTEST_PROP(MujocoWarmstart, FromTheOptimumTakesZeroIterations, ()) {
  // 3.15 rules: the certificate (CG) and certificate + gradient gate (Newton) exit before the
  // loop when warm-started at a*.
  Problem p = RandomMujocoProblem(AnySeed(), AnyCone());
  const SolveResult star = Polished(p).answer;
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.tolerance = 1e-8;
  p.opt.solver = *rc::gen::element(SolverKind::kCG, SolverKind::kNewton);
  SolveSettings s;
  s.qacc_warmstart = star.qacc;
  const SolveResult again = SolveProblem(p, s);
  RC_ASSERT(again.iterations == 0);
  // Newton's second pre-loop gate (gradient and decrement) has its own exit reason.
  RC_ASSERT(again.exit == ExitReason::kCertificate ||
            (p.opt.solver == SolverKind::kNewton && again.exit == ExitReason::kDecrement));
}

RC_GTEST_PROP(MujocoTermination, ToleranceZeroEndsOnlyAtTheCapOrWithoutProgress, ()) {
  // tolerance 0 disables the positive thresholds; the loop still ends on α = 0 (primal) or on
  // a non-positive improvement (2.2.2 rule), never early otherwise.
  Problem p = RandomMujocoProblem(AnySeed(), AnyCone());
  p.opt.tolerance = 0;
  p.opt.iterations = *rc::gen::inRange(1, 6);
  p.opt.solver = *rc::gen::element(SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton);
  const SolveResult r = SolveProblem(p);
  RC_ASSERT(r.iterations <= p.opt.iterations);
  if (r.iterations < p.opt.iterations) {
    const bool no_progress =
        r.exit == ExitReason::kZeroStep ||
        (r.exit == ExitReason::kImprovement && r.stats.back().improvement <= 0) ||
        (r.exit == ExitReason::kGradient && r.stats.back().gradient <= 0);
    RC_ASSERT(no_progress);
  } else {
    RC_ASSERT(r.exit == ExitReason::kIterations || r.stats.back().improvement <= 0 ||
              r.exit == ExitReason::kZeroStep);
  }
}

RC_GTEST_PROP(MujocoLineSearch, PreparedLineIsTheCostAlongTheLine, ()) {
  // §4 PrimalSearch's line (PrepareLine, MuJoCo's PrimalPrepare/PrimalEval, and 2.2.2's
  // CGprepare/CGeval under its arithmetic) against the primal cost itself (3.2), evaluated afresh
  // at a + α s: the cost change, the slope d cost/dα = g(a + α s)·s and the curvature
  // sᵀ H(a + α s) s. Random a and s cross every zone boundary of every row kind (both cones) as
  // α grows; both versions' kernels (the problem is small: the dense path).
  const unsigned seed = AnySeed();
  const Problem base = RandomMujocoProblem(seed, AnyCone());
  std::mt19937 rng(seed + 2);
  std::uniform_real_distribution<double> u(-3, 3);
  core::VectorX a = base.qacc_smooth, s(base.nv);
  for (int i = 0; i < base.nv; ++i) {
    a[i] += u(rng);
    s[i] = u(rng);
  }
  const ConstraintRows rows = MakeConstraintRows(base);
  const SparseOperators ops = MakeSparseOperators(base);
  const PrimalEval at = EvaluatePrimal(base, rows, ops, a);
  for (const Version version : {Version::kMuJoCo315, Version::kMuJoCo222}) {
    Problem p = base;
    SetVersion(version, p.opt);
    const std::shared_ptr<const PreparedProblem> prepared = Prepare(p, false);
    const PrimalKernels& kernels = prepared->kernels();
    PrimalEval start;
    EvaluatePoint(p, rows, kernels, a, start);
    const std::unique_ptr<PrimalLineCost> line = kernels.NewLine(p, rows);
    core::VectorX Js, Ms;
    PrepareLine(kernels, start, s, Js, Ms, *line);
    const double cost0 = line->Evaluate(0).cost;
    for (const double alpha : {0.0, 1e-3, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.5, 4.0}) {
      const LinePoint point = line->Evaluate(alpha);
      const PrimalEval there = EvaluatePrimal(base, rows, ops, a + alpha * s);
      const double curvature = s.dot(PrimalHessian(base, rows, ops, there) * s);
      // Rounding of the fresh evaluation: the cost's and the slope's terms are O(cost) and
      // O(|g|·|s|); 1e-10 of them is far below any wrong zone (a zone's term is O(D v²)).
      const double cost_scale = 1 + std::abs(at.cost) + std::abs(there.cost);
      const double slope_scale = 1 + there.gradient.norm() * s.norm() + std::abs(point.d1);
      RC_ASSERT(std::abs(point.cost - cost0 - (there.cost - at.cost)) <= 1e-10 * cost_scale);
      RC_ASSERT(std::abs(point.d1 - there.gradient.dot(s)) <= 1e-10 * slope_scale);
      RC_ASSERT(std::abs(point.d2 - curvature) <= 1e-9 * (1 + std::abs(curvature)));
    }
  }
}

RC_GTEST_PROP(MujocoIslands, SplitSolveEqualsMonolithic, ()) {
  // Two independent random problems side by side: the islands' answer equals the monolithic one.
  const Cone cone = AnyCone();
  const Problem a = RandomMujocoProblem(AnySeed(), cone);
  const Problem b = RandomMujocoProblem(AnySeed(), cone);
  Problem p;
  p.nv = a.nv + b.nv;
  p.opt = a.opt;
  p.opt.impratio = 1;
  p.M = core::MatrixX::Zero(p.nv, p.nv);
  p.M.topLeftCorner(a.nv, a.nv) = a.M;
  p.M.bottomRightCorner(b.nv, b.nv) = b.M;
  p.qacc_smooth.resize(p.nv);
  p.qacc_smooth << a.qacc_smooth, b.qacc_smooth;
  p.J = core::MatrixX::Zero(a.nefc() + b.nefc(), p.nv);
  p.J.topLeftCorner(a.nefc(), a.nv) = a.J;
  p.J.bottomRightCorner(b.nefc(), b.nv) = b.J;
  p.R.resize(p.J.rows());
  p.R << a.R, b.R;
  p.aref.resize(p.J.rows());
  p.aref << a.aref, b.aref;
  p.frictionloss.resize(p.J.rows());
  p.frictionloss << a.frictionloss, b.frictionloss;
  p.kind = a.kind;
  p.kind.insert(p.kind.end(), b.kind.begin(), b.kind.end());
  p.contacts = a.contacts;
  p.contact = a.contact;
  for (Contact c : b.contacts) {
    c.efc_address += a.nefc();
    p.contacts.push_back(c);
  }
  for (int c : b.contact) p.contact.push_back(c < 0 ? -1 : c + static_cast<int>(a.contacts.size()));
  const SolveResult mono = Converged(p);
  Problem q = p;
  q.opt.solver = SolverKind::kNewton;
  q.opt.iterations = 200;
  q.opt.tolerance = 1e-15;
  SolveSettings s;
  s.islands = true;
  const SolveResult split = SolveProblem(q, s);
  RC_ASSERT(FindIslands(p).size() >= 2u);
  // Both are converged Newton answers of one strictly convex problem: equal dual costs to
  // rounding, and forces within the strong-convexity bound (SC) of that rounding (a flat 1e-9 of
  // the largest force failed 3 of 1000 soak runs, seed 684730713202730129: 2.5e-6 > 2.1e-7 on a
  // weakly determined row).
  const DualProblem d = MakeDual(p);
  const double d_mono = DualCost(d, mono.efc_force);
  const double gap = DualCost(d, split.efc_force) - d_mono;
  const double slack = DualGapSlack(d_mono);
  const double lambda_min =
      Eigen::SelfAdjointEigenSolver<core::MatrixX>(d.AR).eigenvalues().minCoeff();
  RC_ASSERT(std::abs(gap) <= slack);
  RC_ASSERT(WithinStrongConvexityBound(split.efc_force, mono.efc_force, std::abs(gap), slack,
                                       lambda_min));
  // qacc − qacc* = M⁻¹Jᵀ(f − f*), so ‖Δqacc‖²_M = ΔfᵀAΔf ≤ 2 (gap + slack) and
  // ‖Δqacc‖ ≤ √(2 (gap + slack)/λmin(M)) (a flat 1e-9 failed with the same seed: 1.5e-7).
  const double m_min = Eigen::SelfAdjointEigenSolver<core::MatrixX>(p.M).eigenvalues().minCoeff();
  RC_ASSERT((split.qacc - mono.qacc).norm() <=
            std::sqrt(2 * (std::abs(gap) + slack) / m_min) + 1e-12 * Scale(mono.qacc));
}

}  // namespace
}  // namespace simatlas::mujoco
