// MJ-solvers §2b–§6 — the dual and primal problems and the three solvers on problems whose
// answers are derived by hand or are the named test vector T11 (MuJoCo 2.2.2).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {
namespace {

Problem OneDof(RowKind kind, double M, double a0, double R, double aref, double fl = 0) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, M);
  p.qacc_smooth = core::VectorX::Constant(1, a0);
  p.J = core::MatrixX::Ones(1, 1);
  p.R = core::VectorX::Constant(1, R);
  p.aref = core::VectorX::Constant(1, aref);
  p.frictionloss = core::VectorX::Constant(1, fl);
  p.kind = {kind};
  p.contact = {-1};
  if (kind == RowKind::kContactFrictionless) {
    p.contact = {0};
    p.contacts = {Contact{1, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
  }
  p.opt.iterations = 1000;
  p.opt.tolerance = 1e-14;
  return p;
}

/// T11: the 1 kg, r = 0.1 m sphere 1 mm into the plane, qvel = (0.1, 0, …), default
/// parameters. Contact point at z = 0.0995 below the centre (mid-penetration), frame normal z,
/// t1 = (0, 1, 0 | 0.0995, 0, 0), t2 = (−1, 0, 0 | 0, 0.0995, 0); rotational inertia
/// 0.4·1·0.1² = 0.004 kg m². K I |pos| = 2.631579, B·0.1 = 10.526316 (see impedance_test).
Problem T11(Cone cone) {
  Problem p;
  p.nv = 6;
  p.M = core::MatrixX::Zero(6, 6);
  p.M.diagonal() << 1, 1, 1, 0.004, 0.004, 0.004;
  p.qacc_smooth = core::VectorX::Zero(6);
  p.qacc_smooth[2] = -9.81;
  const double K = 1 / 0.000361, B = 2 / 0.019, I = 0.95;
  Eigen::Matrix<double, 3, 6> frame;
  frame << 0, 0, 1, 0, 0, 0,  //
      0, 1, 0, 0.0995, 0, 0,  //
      -1, 0, 0, 0, 0.0995, 0;
  const Eigen::Matrix<double, 6, 1> qvel =
      (Eigen::Matrix<double, 6, 1>() << 0.1, 0, 0, 0, 0, 0).finished();
  p.opt.cone = cone;
  p.opt.meaninertia = (3 + 3 * 0.004) / 6;
  p.opt.iterations = 1000;
  p.opt.tolerance = 1e-15;
  if (cone == Cone::kElliptic) {
    p.J = frame;
    p.R = core::VectorX::Constant(3, 0.05 / 0.95);
    p.aref = core::VectorX(3);
    for (int r = 0; r < 3; ++r) p.aref[r] = -B * frame.row(r).dot(qvel);
    p.aref[0] += K * I * 0.001;
    p.kind.assign(3, RowKind::kContactElliptic);
    p.contact.assign(3, 0);
  } else {
    p.J.resize(4, 6);
    p.aref.resize(4);
    for (int j = 0; j < 2; ++j) {
      p.J.row(2 * j) = frame.row(0) + frame.row(j + 1);
      p.J.row(2 * j + 1) = frame.row(0) - frame.row(j + 1);
    }
    for (int e = 0; e < 4; ++e) p.aref[e] = -B * p.J.row(e).dot(qvel) + K * I * 0.001;
    p.R = core::VectorX::Constant(4, 0.210526315789474);
    p.kind.assign(4, RowKind::kContactPyramidal);
    p.contact.assign(4, 0);
  }
  p.frictionloss = core::VectorX::Zero(p.nefc());
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
  return p;
}

SolveResult SolveWith(Problem p, SolverKind solver) {
  p.opt.solver = solver;
  return SolveProblem(p);
}

TEST(Dual, FrictionlessRowByHand) {
  // M = 1, a₀ = −9.81, R = 0.1, aref = 2: A = 1, b = −9.81 − 2 = −11.81,
  // f = 11.81/1.1 = 10.736364, qacc = −9.81 + f = 0.926364.
  const Problem p = OneDof(RowKind::kContactFrictionless, 1, -9.81, 0.1, 2);
  const DualProblem d = MakeDual(p);
  EXPECT_DOUBLE_EQ(d.b[0], -11.81);
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    const SolveResult r = SolveWith(p, s);
    EXPECT_NEAR(r.efc_force[0], 11.81 / 1.1, 1e-10) << SolverName(s);
    EXPECT_NEAR(r.qacc[0], -9.81 + 11.81 / 1.1, 1e-10) << SolverName(s);
  }
}

TEST(Dual, SeparatingRowCarriesNoForce) {
  // a₀ = +1 away from the limit, aref = 0: b = 1 > 0 → f = 0, qacc = a₀ for every solver.
  const Problem p = OneDof(RowKind::kLimitJoint, 2, 1, 0.1, 0);
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    const SolveResult r = SolveWith(p, s);
    EXPECT_DOUBLE_EQ(r.efc_force[0], 0.0) << SolverName(s);
    EXPECT_DOUBLE_EQ(r.qacc[0], 1.0) << SolverName(s);
  }
}

TEST(Dual, FrictionlossSaturates) {
  // M = 2, a₀ = 3, R = 0.5, fl = 1: A = 0.5, b = 3, unclipped f = −3/1 = −3 → −1;
  // qacc = 3 + 0.5·(−1) = 2.5; primal state LINEARPOS since z = 2.5 ≥ R fl = 0.5.
  const Problem p = OneDof(RowKind::kFrictionDof, 2, 3, 0.5, 0, 1);
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    const SolveResult r = SolveWith(p, s);
    EXPECT_NEAR(r.efc_force[0], -1, 1e-12) << SolverName(s);
    EXPECT_NEAR(r.qacc[0], 2.5, 1e-12) << SolverName(s);
  }
  const ConstraintEval c =
      EvaluateConstraints(p, MakeConstraintRows(p), core::VectorX::Constant(1, 2.5));
  EXPECT_EQ(c.state[0], RowState::kLinearPos);
  // Cost −½ R fl² + fl z = −0.25 + 2.5.
  EXPECT_DOUBLE_EQ(c.cost, 2.25);
}

TEST(Dual, EqualityRowIsFree) {
  // Equality with aref = 5 pulls: f = (5 − a₀)/(A + R) = (5 − 1)/(1 + 1) = 2 (may be negative
  // with aref = −3: f = −4/2 = −2).
  Problem p = OneDof(RowKind::kEquality, 1, 1, 1, -3);
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    EXPECT_NEAR(SolveWith(p, s).efc_force[0], -2, 1e-12) << SolverName(s);
  }
}

TEST(T11, EllipticEverySolver) {
  // Normal (2.631579 + 9.81)/(1 + 0.0526316) = 11.8195; sliding row t2:
  // 10.5263158/(1 + 0.0995²·250 + 0.0526316) = 2.98390834 (T11 value); t1 carries 0.
  const Problem p = T11(Cone::kElliptic);
  const double normal = (0.95 * 0.001 / 0.000361 + 9.81) / (1 + 0.05 / 0.95);
  const double slide = (0.1 * 2 / 0.019) / (1 + 0.0995 * 0.0995 * 250 + 0.05 / 0.95);
  EXPECT_NEAR(slide, 2.98390834, 1e-8);
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    const SolveResult r = SolveWith(p, s);
    const double tol = s == SolverKind::kPGS ? 1e-5 : 1e-9;
    EXPECT_NEAR(r.efc_force[0], normal, tol * normal) << SolverName(s);
    EXPECT_NEAR(r.efc_force[1], 0, tol) << SolverName(s);
    EXPECT_NEAR(r.efc_force[2], slide, tol * slide) << SolverName(s);
  }
}

TEST(T11, PyramidalEverySolver) {
  // T11 pyramidal edges (MuJoCo 2.2.2): (2.954875, 2.954875, 4.42489711, 1.48485289).
  const Problem p = T11(Cone::kPyramidal);
  const double expected[4] = {2.954875, 2.954875, 4.42489711, 1.48485289};
  for (SolverKind s : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    const SolveResult r = SolveWith(p, s);
    for (int e = 0; e < 4; ++e) EXPECT_NEAR(r.efc_force[e], expected[e], 2e-6) << SolverName(s);
  }
}

TEST(Primal, EllipticZones) {
  // T11 block with μ = 1: z = (1, 0, 0) top (satisfied); z = (−1, 0.1, 0) bottom (quadratic,
  // since μN + T = −1 + 0.1 ≤ 0); z = (−0.1, 1, 0) middle: N = −0.1, T = 1,
  // Dm = D₀/(1·2), cost ½ Dm (N − μT)² = ½ (0.95/0.05)/2 · 1.21.
  const Problem p = T11(Cone::kElliptic);
  const ConstraintRows rows = MakeConstraintRows(p);
  core::VectorX z(3);
  z << 1, 0, 0;
  EXPECT_EQ(EvaluateConstraints(p, rows, z).state[0], RowState::kSatisfied);
  z << -1, 0.1, 0;
  EXPECT_EQ(EvaluateConstraints(p, rows, z).state[0], RowState::kQuadratic);
  z << -0.1, 1, 0;
  const ConstraintEval c = EvaluateConstraints(p, rows, z);
  EXPECT_EQ(c.state[0], RowState::kCone);
  const double D0 = 0.95 / 0.05;
  EXPECT_NEAR(c.cost, 0.5 * D0 / 2 * 1.21, 1e-12);
  // f₀ = −Dm (N − μT) μ = D0/2 · 1.1; f₁ = −f₀ U₁ μ₁/T = −f₀.
  EXPECT_NEAR(c.force[0], D0 / 2 * 1.1, 1e-12);
  EXPECT_NEAR(c.force[1], -D0 / 2 * 1.1, 1e-12);
}

TEST(Primal, ConstraintRowsStoreMujocoEfcD) {
  // T11 elliptic: one condim-3 block, R = 0.05/0.95 on each row, so D = 1/R = 0.95/0.05 = 19
  // (MuJoCo's efc_D); μ = 1 gives the middle zone's weight Dm = D₀/(μ²(1 + μ²)) = 19/2.
  // Frictionless one-row problem: R = 0.5 → D = 2, one scalar block.
  const Problem p = T11(Cone::kElliptic);
  const ConstraintRows rows = MakeConstraintRows(p);
  ASSERT_EQ(rows.blocks.size(), 1u);
  EXPECT_TRUE(rows.blocks[0].elliptic);
  EXPECT_EQ(rows.blocks[0].size, 3);
  ASSERT_EQ(rows.D.size(), 3);
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(rows.D[i], 19);
  EXPECT_DOUBLE_EQ(ConeWeight(rows, rows.blocks[0], 1.0), 9.5);
  const ConstraintRows one =
      MakeConstraintRows(OneDof(RowKind::kContactFrictionless, 1, 0, 0.5, 0));
  ASSERT_EQ(one.blocks.size(), 1u);
  EXPECT_FALSE(one.blocks[0].elliptic);
  EXPECT_EQ(one.D[0], 2);
}

TEST(Primal, ConeHessianMatchesFiniteDifferencesOfForce) {
  // Hc = −∂f/∂z in the middle zone, checked by central differences (an independent oracle).
  const Problem p = T11(Cone::kElliptic);
  const ConstraintRows rows = MakeConstraintRows(p);
  core::VectorX z(3);
  z << -0.1, 0.7, -0.4;
  const ConstraintEval c = EvaluateConstraints(p, rows, z);
  ASSERT_EQ(c.state[0], RowState::kCone);
  const core::MatrixX H = BlockHessian(p, rows, rows.blocks[0], z, c.state[0]);
  const double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    core::VectorX zp = z, zm = z;
    zp[k] += h;
    zm[k] -= h;
    const core::VectorX col =
        -(EvaluateConstraints(p, rows, zp).force - EvaluateConstraints(p, rows, zm).force) /
        (2 * h);
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(H(j, k), col[j], 1e-5 * (1 + std::abs(col[j])));
  }
}

TEST(Termination, ToleranceZeroAndZeroStep) {
  // tolerance 0 on a problem Newton solves exactly: the loop ends by α = 0, not by a count.
  Problem p = T11(Cone::kElliptic);
  p.opt.tolerance = 0;
  p.opt.iterations = 7;
  p.opt.solver = SolverKind::kPGS;
  // PGS with tolerance 0 compares improvement < 0: exact convergence may still stop early,
  // but never beyond the cap.
  EXPECT_LE(SolveProblem(p).iterations, 7);
}

TEST(Termination, Newton315PreLoopDecrementExitIsNotACertificate) {
  // One light DOF (M = 1e-3 kg) pressed into a stiff limit row (R = 1e-6, D = 1e6), started at
  // a₀ = −1e-6 with aref = 0: the row is active (J a₀ − aref < 0), g = D·a₀ = −1 N, and with
  // meaninertia = 1e9 the scale is 1e-9. By hand: scale·|g| = 1e-9 < 1e-8, the certificate
  // gap ½·scale·g²/M = 5e-7 ≥ 1e-8, the decrement ½·scale·g²/(M + D) ≈ 5e-16 < 1e-8.
  Problem p = OneDof(RowKind::kLimitJoint, 1e-3, -1e-6, 1e-6, 0);
  p.opt.meaninertia = 1e9;
  p.opt.tolerance = 1e-8;
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.solver = SolverKind::kNewton;
  const SolveResult newton = SolveProblem(p);
  EXPECT_EQ(newton.iterations, 0);
  EXPECT_EQ(newton.exit, ExitReason::kDecrement) << ExitReasonName(newton.exit);
  EXPECT_EQ(ExitReasonName(newton.exit), "decrement");
  // CG has only the gap test before the loop (5e-7 ≥ 1e-8): it iterates.
  p.opt.solver = SolverKind::kCG;
  const SolveResult cg = SolveProblem(p);
  EXPECT_GE(cg.iterations, 1);
  EXPECT_NE(cg.exit, ExitReason::kCertificate);
}

TEST(Statistics, MujocoMeaningsOnOneDofByHand) {
  // M = 2 kg, a₀ = −1, one limit row (J = 1, R = 0.5, D = 2, aref = 0), meaninertia 1, nv 1:
  // scale = 1. The row is active for a < 0: cost(a) = (a + 1)² + a², minimum a* = −0.5,
  // cost(a₀) = 1, cost* = 0.5, so improvement = scale·(1 − 0.5) = 0.5 and g(a*) = 0.
  Problem p = OneDof(RowKind::kLimitJoint, 2, -1, 0.5, 0);
  p.opt.tolerance = 1e-8;
  for (SolverKind k : {SolverKind::kNewton, SolverKind::kCG}) {
    // Newton s = −g/H = 2/4 = 0.5, CG s = −g/M = 1: cost along s is quadratic, the first 1-D
    // Newton step (α = 1, resp. 0.5) lands on cost' = 0: neval 2 (α = 0 and that step), one
    // active row, no state change, no Hessian update. lineslope = scale·|cost'|/‖s‖ there is
    // the rounding of cost' = 2αq₂ + q₁ (two roundings of |q₁| = |g·s| = 1 or 2, ‖s‖ ≥ 0.5):
    // ≤ 8ε, where the slope at α = 0 would give 2 or 4.
    p.opt.solver = k;
    const SolveResult r = SolveProblem(p);
    ASSERT_EQ(r.iterations, 1) << SolverName(k);
    EXPECT_EQ(r.exit, ExitReason::kGradient) << SolverName(k);
    const IterationStats& s = r.stats[0];
    EXPECT_DOUBLE_EQ(s.improvement, 0.5) << SolverName(k);
    EXPECT_EQ(s.gradient, 0) << SolverName(k);
    EXPECT_LE(s.lineslope, 8 * std::numeric_limits<double>::epsilon()) << SolverName(k);
    EXPECT_EQ(s.nactive, 1) << SolverName(k);
    EXPECT_EQ(s.nchange, 0) << SolverName(k);
    EXPECT_EQ(s.neval, 2) << SolverName(k);
    EXPECT_EQ(s.nupdate, 0) << SolverName(k);
  }
  // PGS on the dual: AR = J M⁻¹ Jᵀ + R = 1, b = J a₀ − aref = −1, f* = 1. Sweep 1: f 0 → 1,
  // cost change ½·1·1 − 1 = −0.5, improvement 0.5; the dual state goes satisfied → quadratic
  // (nactive 1, nchange 1). Sweep 2: residual 0, improvement 0 < tol: exit, nchange 0.
  p.opt.solver = SolverKind::kPGS;
  const SolveResult pgs = SolveProblem(p);
  ASSERT_EQ(pgs.iterations, 2);
  EXPECT_DOUBLE_EQ(pgs.stats[0].improvement, 0.5);
  EXPECT_EQ(pgs.stats[0].nactive, 1);
  EXPECT_EQ(pgs.stats[0].nchange, 1);
  EXPECT_EQ(pgs.stats[1].improvement, 0);
  EXPECT_EQ(pgs.stats[1].nactive, 1);
  EXPECT_EQ(pgs.stats[1].nchange, 0);
  for (const IterationStats& s : pgs.stats) {
    EXPECT_EQ(s.gradient, 0);
    EXPECT_EQ(s.lineslope, 0);
    EXPECT_EQ(s.neval, 0);
    EXPECT_EQ(s.nupdate, 0);
  }
}

TEST(Statistics, PgsCountsMujocoDualStatesNotNonZeroForces) {
  // A frictionloss row (fl = 0.1) is active in MuJoCo's dual states whatever its force, and a
  // limit row only with f > 0. 1 DOF, M = 1, a₀ = 0: the friction row's f = 0 at the optimum
  // (nothing pushes), yet it counts in nactive (mj_solPGS's dualState: ne + nf always active).
  Problem p = OneDof(RowKind::kFrictionDof, 1, 0, 1, 0, 0.1);
  p.opt.solver = SolverKind::kPGS;
  p.opt.tolerance = 1e-8;
  const SolveResult r = SolveProblem(p);
  ASSERT_GE(r.iterations, 1);
  EXPECT_EQ(r.efc_force[0], 0);
  EXPECT_EQ(r.stats[0].nactive, 1);
  EXPECT_EQ(r.stats[0].nchange, 0);  // quadratic (|f| < fl) before and after
}

TEST(Termination, ExitReasonsHaveDistinctNames) {
  // The §5 table's exits (certificate, decrement, improvement, gradient, α = 0, cap) and nefc = 0
  // each have their own report name.
  const std::vector<ExitReason> all = {ExitReason::kNoConstraints, ExitReason::kCertificate,
                                       ExitReason::kImprovement,   ExitReason::kGradient,
                                       ExitReason::kDecrement,     ExitReason::kZeroStep,
                                       ExitReason::kIterations};
  std::set<std::string> names;
  for (ExitReason r : all) names.insert(ExitReasonName(r));
  EXPECT_EQ(names.size(), all.size());
  EXPECT_EQ(names.count("unknown"), 0u);
}

TEST(Termination, Certificate315ExitsWithZeroIterationsFromTheOptimum) {
  Problem p = T11(Cone::kElliptic);
  p.opt.solver = SolverKind::kNewton;
  const SolveResult first = SolveProblem(p);
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.tolerance = 1e-8;
  SolveSettings s;
  s.qacc_warmstart = first.qacc;
  for (SolverKind k : {SolverKind::kCG, SolverKind::kNewton}) {
    p.opt.solver = k;
    const SolveResult again = SolveProblem(p, s);
    EXPECT_EQ(again.iterations, 0) << SolverName(k);
    EXPECT_EQ(again.exit, ExitReason::kCertificate) << SolverName(k);
    // nefc > 0 and non-zero forces although 0 iterations (course §10 exercise 2).
    EXPECT_GT(again.efc_force[0], 11);
  }
  // 2.2.2 has no certificate: at least one iteration.
  SetVersion(Version::kMuJoCo222, p.opt);
  EXPECT_GE(SolveProblem(p, s).iterations, 1);
}

TEST(Warmstart, DualForcesWorseThanZeroAreDropped) {
  // One frictionless row, b = −11.81: a warm acceleration far in penetration gives a huge force
  // f with ½ AR f² + b f > 0 → start from 0; the optimum's own qacc is kept.
  const Problem p = OneDof(RowKind::kContactFrictionless, 1, -9.81, 0.1, 2);
  const DualProblem d = MakeDual(p);
  // At qacc = −30: z = −32, f = 320, cost ½·1.1·320² − 11.81·320 > 0.
  EXPECT_DOUBLE_EQ(DualStart(p, d, core::VectorX::Constant(1, -30))[0], 0.0);
  const double qstar = -9.81 + 11.81 / 1.1;
  EXPECT_NEAR(DualStart(p, d, core::VectorX::Constant(1, qstar))[0], 11.81 / 1.1, 1e-12);
  // Primal: qacc_smooth only if strictly cheaper.
  EXPECT_DOUBLE_EQ(PrimalStart(p, core::VectorX::Constant(1, qstar))[0], qstar);
  EXPECT_DOUBLE_EQ(PrimalStart(p, core::VectorX::Constant(1, 1e3))[0], -9.81);
}

// Two elliptic T11 spheres side by side (12 DOFs, 6 rows), uncoupled: the first as `one`, the
// second with its own a₀ and aref; options as `one`'s.
Problem TwoSpheres(const Problem& one, const core::VectorX& second_qacc_smooth,
                   const core::VectorX& second_aref) {
  if (one.nv != 6 || one.nefc() != 3) throw std::logic_error("TwoSpheres needs an elliptic T11");
  Problem two = one;
  two.nv = 12;
  two.M = core::MatrixX::Zero(12, 12);
  two.M.topLeftCorner(6, 6) = one.M;
  two.M.bottomRightCorner(6, 6) = one.M;
  two.qacc_smooth = core::VectorX(12);
  two.qacc_smooth << one.qacc_smooth, second_qacc_smooth;
  two.J = core::MatrixX::Zero(6, 12);
  two.J.topLeftCorner(3, 6) = one.J;
  two.J.bottomRightCorner(3, 6) = one.J;
  two.R = core::VectorX(6);
  two.R << one.R, one.R;
  two.aref = core::VectorX(6);
  two.aref << one.aref, second_aref;
  two.frictionloss = core::VectorX::Zero(6);
  two.kind.assign(6, RowKind::kContactElliptic);
  two.contact = {0, 0, 0, 1, 1, 1};
  two.contacts = {one.contacts[0], one.contacts[0]};
  two.contacts[1].efc_address = 3;
  return two;
}

TEST(Islands, TwoSpheresAreTwoIslands) {
  // Two T11 spheres side by side: two islands, each equal to the single-sphere answer.
  const Problem one = T11(Cone::kElliptic);
  const Problem two = TwoSpheres(one, one.qacc_smooth, one.aref);
  const auto islands = FindIslands(two);
  ASSERT_EQ(islands.size(), 2u);
  EXPECT_EQ(islands[1].dofs.front(), 6);
  EXPECT_EQ(islands[1].rows, (std::vector<int>{3, 4, 5}));
  SolveSettings s;
  s.islands = true;
  const SolveResult split = SolveProblem(two, s);
  const SolveResult single = SolveProblem(one);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(split.efc_force[i], single.efc_force[i % 3], 1e-9);
}

// A contact all of whose rows touch no DOF couples nothing: its rows join the first island (not
// an island of their own, which would own no DOF). Two DOFs (M = I, a₀ = (1, −2)); row 0 a joint
// limit on DOF 1 (J = e₁, R = 0.5, aref = 0); rows 1–3 an elliptic contact with J = 0 (R = 0.01,
// aref = (0.02, 0, 0)). One island: DOF 1 with rows 0–3; DOF 0 keeps a₀ = 1. By hand: the limit is
// active, f₀ = −(a₁ − 0)/0.5 with a₁ = −2 + f₀, so f₀ = 4/3, a₁ = −2/3; the contact's J = 0 leaves
// jar = −aref = (−0.02, 0, 0), the cone's bottom zone: f = −jar/R = (2, 0, 0).
TEST(Islands, AContactOnNoDofJoinsTheFirstIsland) {
  Problem p;
  p.nv = 2;
  p.M = core::MatrixX::Identity(2, 2);
  p.qacc_smooth = core::Vector2(1, -2);
  p.J = core::MatrixX::Zero(4, 2);
  p.J(0, 1) = 1;
  p.R = Eigen::Vector4d(0.5, 0.01, 0.01, 0.01);
  p.aref = Eigen::Vector4d(0, 0.02, 0, 0);
  p.frictionloss = core::VectorX::Zero(4);
  p.kind = {RowKind::kLimitJoint, RowKind::kContactElliptic, RowKind::kContactElliptic,
            RowKind::kContactElliptic};
  p.contact = {-1, 0, 0, 0};
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 1}};
  p.opt.cone = Cone::kElliptic;
  const std::vector<Island> islands = FindIslands(p);
  ASSERT_EQ(islands.size(), 1u);
  EXPECT_EQ(islands[0].dofs, (std::vector<int>{1}));
  EXPECT_EQ(islands[0].rows, (std::vector<int>{0, 1, 2, 3}));
  SolveSettings s;
  s.islands = true;
  for (const SolverKind solver : {SolverKind::kPGS, SolverKind::kNewton}) {
    p.opt.solver = solver;
    p.opt.tolerance = 1e-15;
    p.opt.iterations = 1000;
    const SolveResult r = SolveProblem(p, s);
    EXPECT_NEAR(r.efc_force[0], 4.0 / 3, 1e-9) << SolverName(solver);
    EXPECT_NEAR(r.efc_force[1], 2, 1e-9) << SolverName(solver);
    EXPECT_NEAR(r.efc_force[2], 0, 1e-9);
    EXPECT_NEAR(r.efc_force[3], 0, 1e-9);
    EXPECT_EQ(r.qacc[0], 1);
    EXPECT_NEAR(r.qacc[1], -2.0 / 3, 1e-9);
  }
}

TEST(Islands, TheSolveReportsTheIslandThatIteratedMost) {
  // Island 0: the T11 sphere in contact, which CG cannot finish in 1 iteration at 1e-15; island
  // 1: the same sphere at rest and clear (a₀ = 0, aref = (−1, 0, 0): jar = J a₀ − aref = (1, 0, 0),
  // the cone's top zone: nothing active), where 3.15's certificate exits before any iteration. The solve's
  // iterations and exit are island 0's (the cap), though island 1 is solved last.
  const Problem one = T11(Cone::kElliptic);
  core::VectorX clear(3);
  clear << -1.0, 0.0, 0.0;
  Problem two = TwoSpheres(one, core::VectorX::Zero(6), clear);
  SetVersion(Version::kMuJoCo315, two.opt);  // islands and the certificate are 3.x
  two.opt.solver = SolverKind::kCG;
  two.opt.iterations = 1;
  two.opt.tolerance = 1e-15;
  const IslandsResult split = SolveIslands(two, std::nullopt);
  ASSERT_EQ(split.per_island.size(), 2u);
  // The premise: island 0 hits the cap, island 1 stops earlier on another test.
  ASSERT_EQ(split.per_island[0].exit, ExitReason::kIterations);
  ASSERT_EQ(split.per_island[1].iterations, 0);
  EXPECT_EQ(split.combined.iterations, 1);
  EXPECT_EQ(split.combined.exit, ExitReason::kIterations);
  // Two islands: no single statistics record; each island keeps its own.
  EXPECT_TRUE(split.combined.stats.empty());
  EXPECT_EQ(split.per_island[0].stats.size(), 1u);
  // One island: its statistics are the solve's.
  Problem single = one;
  SetVersion(Version::kMuJoCo315, single.opt);
  single.opt.solver = SolverKind::kPGS;
  const IslandsResult alone = SolveIslands(single, std::nullopt);
  ASSERT_EQ(alone.per_island.size(), 1u);
  EXPECT_EQ(alone.combined.stats.size(), alone.per_island[0].stats.size());
  EXPECT_EQ(alone.combined.stats.back().improvement, alone.per_island[0].stats.back().improvement);
}

TEST(Islands, PreparedIslandsKeepTheOptionsTheyWerePreparedWith) {
  // §6 islands prepared once (Prepare: each island copied out and prepared with the problem's
  // options). The prepared problem never changes: a solve under other options is a solve of
  // another prepared problem, and the first keeps its own answer (the premise: Newton and one
  // CG iteration at 1e-15 differ here).
  const Problem one = T11(Cone::kElliptic);
  Problem two = TwoSpheres(one, one.qacc_smooth, one.aref);
  SetVersion(Version::kMuJoCo315, two.opt);
  two.opt.solver = SolverKind::kNewton;
  two.opt.tolerance = 1e-15;
  const std::shared_ptr<const PreparedProblem> newton_prepared = Prepare(two);
  ASSERT_EQ(newton_prepared->islands().size(), 2u);
  EXPECT_EQ(newton_prepared->island(1).problem().nv,
            static_cast<int>(newton_prepared->islands()[1].dofs.size()));
  EXPECT_EQ(newton_prepared->island(1).problem().nefc(), 3);
  const IslandsResult newton = SolveIslands(*newton_prepared, std::nullopt);
  // Other options: prepared again, they apply; the first prepared problem keeps Newton's.
  two.opt.solver = SolverKind::kCG;
  two.opt.iterations = 1;
  const IslandsResult cg = SolveIslands(*Prepare(two), std::nullopt);
  ASSERT_NE(newton.combined.efc_force, cg.combined.efc_force);
  EXPECT_EQ(cg.combined.exit, ExitReason::kIterations);
  EXPECT_EQ(SolveIslands(*newton_prepared, std::nullopt).combined.efc_force,
            newton.combined.efc_force);
}

TEST(Islands, IslandsOfAPreparedProblemAreTheIslandsFound) {
  // Prepare finds FindIslands' two islands of the two spheres (each sphere's DOFs and rows).
  const Problem one = T11(Cone::kElliptic);  // TwoSpheres is built from elliptic spheres
  Problem two = TwoSpheres(one, one.qacc_smooth, one.aref);
  SetVersion(Version::kMuJoCo315, two.opt);
  const std::vector<Island> found = FindIslands(two);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[1].rows, (std::vector<int>{3, 4, 5}));
  const std::shared_ptr<const PreparedProblem> prepared = Prepare(two);
  ASSERT_TRUE(prepared->has_islands());
  ASSERT_EQ(prepared->islands().size(), found.size());
  for (std::size_t k = 0; k < found.size(); ++k) {
    EXPECT_EQ(prepared->islands()[k].dofs, found[k].dofs);
    EXPECT_EQ(prepared->islands()[k].rows, found[k].rows);
  }
  EXPECT_FALSE(Prepare(two, /*islands=*/false)->has_islands());
}

TEST(NoSlip, AppendsItsIterations) {
  // Course §10 exercise 6: iterations = 1, noslip_iterations = 5 → total count between 2 and 6.
  Problem p = T11(Cone::kPyramidal);
  p.opt.solver = SolverKind::kPGS;
  p.opt.iterations = 1;
  p.opt.noslip_iterations = 5;
  const SolveResult r = SolveProblem(p);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_GE(r.noslip_iterations, 1);
  EXPECT_LE(r.noslip_iterations, 5);
  EXPECT_EQ(r.stats.size(), static_cast<size_t>(r.iterations + r.noslip_iterations));
  // NoSlip keeps each opposing pair's sum: the normal force is unchanged by it.
  Problem q = p;
  q.opt.noslip_iterations = 0;
  const SolveResult plain = SolveProblem(q);
  EXPECT_NEAR(r.efc_force.sum(), plain.efc_force.sum(), 1e-12);
}

TEST(Validation, RejectsBadProblems) {
  Problem p = OneDof(RowKind::kContactFrictionless, 1, -9.81, 0.1, 2);
  p.R[0] = 0;
  EXPECT_THROW(SolveProblem(p), core::InputError);
  p = OneDof(RowKind::kContactFrictionless, -1, -9.81, 0.1, 2);
  EXPECT_THROW(SolveProblem(p), core::InputError);
}

}  // namespace
}  // namespace simatlas::mujoco
