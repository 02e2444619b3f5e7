// MJ-solvers §6 — NoSlip: the frictionloss step, the elliptic friction
// QCQP with the normal held, a flat pyramidal pair, and the off/empty cases, each against the
// course's description of the pass (the dual residual without R) and MuJoCo's solNoSlip
// (engine_solver.c: the first sweep's improvement also counts ½ Σ R_i f_i², the main solve's
// regularisation that NoSlip's cost drops; a flat pyramid pair is set to its mean) worked by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/mujoco/solve.h"
#include "reference/mujoco/test/point_mass_problems.h"

namespace simatlas::mujoco {
namespace {

// One DOF of mass 2 kg with a₀ = 3 m/s² and one frictionloss row J = [1], R = 0.1, aref = 0.
// NoSlip's dual without R: A = J M⁻¹ Jᵀ = 0.5, b = J a₀ − aref = 3, and the row's step
// f ← clamp(f − (A f + b)/A, ±fl) = clamp(−b/A, ±fl) = clamp(−6, ±fl) from any f.
Problem FrictionLossRow(double fl, RowKind kind) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, 2);
  p.qacc_smooth = core::VectorX::Constant(1, 3);
  p.J = core::MatrixX::Constant(1, 1, 1);
  p.R = core::VectorX::Constant(1, 0.1);
  p.aref = core::VectorX::Zero(1);
  p.frictionloss = core::VectorX::Constant(1, fl);
  p.kind = {kind};
  p.contact = {-1};
  p.opt.tolerance = 1e-12;
  p.opt.noslip_iterations = 5;
  return p;
}

// fl = 10 N: the main solve's soft row (quadratic zone |J a − aref| < R·fl = 1) gives
// f = −a/R with a = 3 + f/2, so a = 0.5, f = −5; NoSlip moves it to f = −6, a = 3 − 6/2 = 0:
// the DOF sticks. Sweep 1 changes the dual cost by ½·0.5·1² + (−1)(0.5·(−5) + 3) = −0.25 and
// counts ½ R f² = ½·0.1·25 = 1.25 of the start forces: improvement 0.25 + 1.25 = 1.5 ≥ 1e-6
// (scale 1/(meaninertia·nv) = 1); sweep 2 finds res = 0 and stops.
TEST(NoSlip, FrictionLossRowSticksByHand) {
  for (const RowKind kind : {RowKind::kFrictionDof, RowKind::kFrictionTendon}) {
    for (const SolverKind solver : {SolverKind::kPGS, SolverKind::kNewton}) {
      Problem p = FrictionLossRow(10, kind);
      p.opt.solver = solver;
      const SolveResult r = SolveProblem(p);
      EXPECT_NEAR(r.efc_force[0], -6, 1e-12);
      EXPECT_NEAR(r.qacc[0], 0, 1e-12);
      EXPECT_EQ(r.noslip_iterations, 2);
      ASSERT_GE(r.stats.size(), 2u);
      EXPECT_NEAR(r.stats[r.stats.size() - 2].improvement, 1.5, 1e-9);
      EXPECT_NEAR(r.stats.back().improvement, 0, 1e-12);
    }
  }
}

// fl = 1 N: the main solve already holds f = −fl (a = 3 − 1/2 = 2.5 is outside the quadratic
// zone |a| < 0.1); NoSlip's step clamps −6 to −1 again: nothing moves, but sweep 1's
// improvement is ½ R f² = ½·0.1·1 = 0.05 ≥ 1e-6, so a second sweep (improvement 0) ends it.
// With noslip_iterations = 1 the fl = 10 case ends by its cap after the one sweep, at f = −6.
TEST(NoSlip, FrictionLossBoundAndIterationCap) {
  const SolveResult held = SolveProblem(FrictionLossRow(1, RowKind::kFrictionDof));
  EXPECT_NEAR(held.efc_force[0], -1, 1e-12);
  EXPECT_NEAR(held.qacc[0], 2.5, 1e-12);
  EXPECT_EQ(held.noslip_iterations, 2);
  ASSERT_GE(held.stats.size(), 2u);
  EXPECT_NEAR(held.stats[held.stats.size() - 2].improvement, 0.05, 1e-12);
  EXPECT_EQ(held.stats.back().improvement, 0);
  Problem capped = FrictionLossRow(10, RowKind::kFrictionDof);
  capped.opt.noslip_iterations = 1;
  const SolveResult r = SolveProblem(capped);
  EXPECT_EQ(r.noslip_iterations, 1);
  EXPECT_NEAR(r.efc_force[0], -6, 1e-12);
  EXPECT_NEAR(r.qacc[0], 0, 1e-12);
}

// The 1 kg point mass of point_mass_problems.h with a₀ = (ax, 0, a_z): M = I, so NoSlip
// minimises ½|f_t|² + ax f_x over |f_t|/μ ≤ f₀ with f₀ held: f_x = −min(ax, μ f₀), f_y = 0,
// and a_x = ax + f_x.
Problem NoSlipPointMass(double ax, double az) {
  Problem p = EllipticPointMass(1, core::Vector3(ax, 0, az));
  p.opt.tolerance = 1e-12;
  p.opt.noslip_iterations = 10;
  p.opt.noslip_tolerance = 1e-12;
  return p;
}

TEST(NoSlip, EllipticFrictionHoldsTheNormalAndMeetsTheCourseFormula) {
  // ax = 2 sticks (2 < μ f₀ ≈ 0.5·9.7), ax = 10 slides (10 > μ f₀).
  for (const double ax : {2.0, 10.0}) {
    Problem p = NoSlipPointMass(ax, -9.81);
    Problem off = p;
    off.opt.noslip_iterations = 0;
    const SolveResult main = SolveProblem(off);
    const SolveResult r = SolveProblem(p);
    const double f0 = main.efc_force[0];
    ASSERT_GT(f0, 0);
    // The normal is held; a_z = a₀_z + f₀ (M = I).
    EXPECT_EQ(r.efc_force[0], f0);
    EXPECT_NEAR(r.qacc[2], -9.81 + f0, 1e-12);
    // Friction by the formula above; the QCQP's active case is put on the cone exactly.
    const double fx = -std::min(ax, 0.5 * f0);
    EXPECT_NEAR(r.efc_force[1], fx, 1e-9 * std::abs(fx));
    EXPECT_NEAR(r.efc_force[2], 0, 1e-12);
    EXPECT_NEAR(r.qacc[0], ax + fx, 1e-9 * std::abs(fx));
    EXPECT_NEAR(r.qacc[1], 0, 1e-12);
    EXPECT_GE(r.noslip_iterations, 1);
  }
}

// Separating (a₀_z = +9.81): the main solve leaves f = 0, and NoSlip's elliptic step does
// nothing without a normal force, so the answer stays a₀.
TEST(NoSlip, EllipticWithoutNormalForceChangesNothing) {
  const SolveResult r = SolveProblem(NoSlipPointMass(2, 9.81));
  EXPECT_EQ(r.efc_force, core::VectorX::Zero(3));
  EXPECT_EQ(r.qacc, core::Vector3(2, 0, 9.81));
  EXPECT_EQ(r.noslip_iterations, 1);
}

// One DOF z of 1 kg (a₀ = −9.81) and a pyramidal condim-3 contact whose tangents touch no DOF:
// four edges with J = [1], R = 0.01, aref = 0, μ = 1; with `limit_row`, a joint-limit row with
// J = [1] after them.
Problem FlatPyramidOnOneDof(bool limit_row) {
  const int n = limit_row ? 5 : 4;
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Identity(1, 1);
  p.qacc_smooth = core::VectorX::Constant(1, -9.81);
  p.J = core::MatrixX::Ones(n, 1);
  p.R = core::VectorX::Constant(n, 0.01);
  p.aref = core::VectorX::Zero(n);
  p.frictionloss = core::VectorX::Zero(n);
  p.kind.assign(4, RowKind::kContactPyramidal);
  p.contact = {0, 0, 0, 0};
  if (limit_row) {
    p.kind.push_back(RowKind::kLimitJoint);
    p.contact.push_back(-1);
  }
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
  return p;
}

// One DOF z of 1 kg, a pyramidal condim-3 contact whose tangents touch no DOF: the four edges
// are all J = [1], A is the 4 × 4 matrix of ones, every pair's curvature A_pp + A_qq − 2A_pq is
// 0 (below 1e-15), so NoSlip sets each opposing pair to its mean (solNoSlip: "guard against
// Ac==0", f_p = f_q = mid), which keeps the pair's sum and so J's force on z: qacc is unchanged
// to round-off. The joint-limit row beside it is not NoSlip's. The move costs δ(res_p − res_q)
// = 0 (equal rows have equal residuals), so sweep 1's improvement is the ½ R Σf² term alone and
// sweep 2's is 0: two sweeps.
TEST(NoSlip, FlatPyramidPairGoesToItsMeanAndOtherRowsAreLeftAlone) {
  Problem p = FlatPyramidOnOneDof(true);
  p.opt.solver = SolverKind::kPGS;
  Problem on = p;
  on.opt.noslip_iterations = 3;
  const SolveResult main = SolveProblem(p);
  const SolveResult r = SolveProblem(on);
  const core::VectorX& f = main.efc_force;
  EXPECT_EQ(r.efc_force[0], 0.5 * (f[0] + f[1]));
  EXPECT_EQ(r.efc_force[1], 0.5 * (f[0] + f[1]));
  EXPECT_EQ(r.efc_force[2], 0.5 * (f[2] + f[3]));
  EXPECT_EQ(r.efc_force[3], 0.5 * (f[2] + f[3]));
  EXPECT_EQ(r.efc_force[4], f[4]);
  EXPECT_NEAR(r.qacc[0], main.qacc[0], 1e-12);
  EXPECT_EQ(r.noslip_iterations, 2);
  ASSERT_GE(r.stats.size(), 2u);
  EXPECT_NEAR(r.stats[r.stats.size() - 2].improvement, 0.5 * 0.01 * f.squaredNorm(), 1e-12);
  EXPECT_EQ(r.stats.back().improvement, 0);
}

// PyramidalPointMass (point_mass_problems.h), whose main solve is worked there: with ax = 3,
// a = (2, 0, −2) and f = (1, 3, 2, 2).
// NoSlip keeps the pair's sum 2·mid = 4 and moves f₀ = mid + y, f₁ = mid − y, so
// a_x = ax + μ(f₀ − f₁) = 3 + y; its cost without R, ½ fᵀAf + fᵀb = ½|a|² − ½|a₀|² (A = J Jᵀ,
// b = J a₀), is least at y = −3 < −mid = −2: the clamped end f = (0, 4), a_x = 3 − 2 = 1
// (solNoSlip: y below −mid puts the whole sum on the second edge). The cost changes by
// ½a_x² after minus before, ½·1 − ½·4 = −1.5 ≤ 1e-10: kept. Pair (2, 3): a_y = 0, so its
// y = 0, unchanged. Sweep 1's improvement: (½ Σ R f² − (−1.5))·scale = (9 + 1.5)/3 = 3.5 with
// scale 1/(meaninertia·nv) = 1/3; sweep 2 finds the same clamp (change 0): two sweeps.
// ax = −3 mirrors it: a = (−2, 0, −2), f = (3, 1, 2, 2), y = +3 > mid, f = (4, 0), a_x = −1.
// The ends swapped ((2·mid, 0) for y < −mid) would raise the cost (a_x = 5: +10.5), be undone,
// and leave the main solve's (1, 3).
TEST(NoSlip, PyramidPairBeyondItsSumTakesTheClampedEndByHand) {
  for (const double ax : {3.0, -3.0}) {
    const double sign = ax > 0 ? 1 : -1;
    Problem p = PyramidalPointMass(ax);
    p.opt.noslip_tolerance = 1e-12;
    // The main solve (NoSlip off) is the one worked above.
    const SolveResult main = SolveProblem(p);
    EXPECT_NEAR(main.efc_force[0], 2 - sign, 1e-12);
    EXPECT_NEAR(main.efc_force[1], 2 + sign, 1e-12);
    EXPECT_NEAR(main.efc_force[2], 2, 1e-12);
    EXPECT_NEAR(main.efc_force[3], 2, 1e-12);
    EXPECT_NEAR(main.qacc[0], 2 * sign, 1e-12);
    p.opt.noslip_iterations = 10;
    const SolveResult r = SolveProblem(p);
    EXPECT_NEAR(r.efc_force[0], 2 - 2 * sign, 1e-12) << "ax = " << ax;
    EXPECT_NEAR(r.efc_force[1], 2 + 2 * sign, 1e-12) << "ax = " << ax;
    EXPECT_NEAR(r.efc_force[2], 2, 1e-12);
    EXPECT_NEAR(r.efc_force[3], 2, 1e-12);
    EXPECT_NEAR(r.qacc[0], sign, 1e-12) << "ax = " << ax;
    EXPECT_NEAR(r.qacc[1], 0, 1e-12);
    EXPECT_NEAR(r.qacc[2], -2, 1e-12);
    EXPECT_EQ(r.noslip_iterations, 2);
    ASSERT_GE(r.stats.size(), 2u);
    EXPECT_NEAR(r.stats[r.stats.size() - 2].improvement, 3.5, 1e-12);
    EXPECT_NEAR(r.stats.back().improvement, 0, 1e-12);
  }
}

// The flat pair of the test above (FlatPyramidOnOneDof without the limit row) with different
// aref on its two edges: aref = (0.02, 0, 0, 0), R = 0.01 (D = 100). Main solve, all edges
// active: fₖ = D(arefₖ − a), a = −9.81 + Σf = −9.81 + 100(0.02 − 4a), so a = −7.81/401 and
// f₀ = f₁ + 2 = 100(0.02 − a), f₁ = f₂ = f₃ = −100a ≈ 1.948. NoSlip's flat pair (0, 1) would go
// to its mean, δ = (−1, +1), whose cost change ½δᵀAδ + δᵀres = 0 + (res₁ − res₀) with
// resₖ = J a − arefₖ is aref₀ − aref₁ = 0.02 > 1e-10: undone (costChange), so the pair keeps the
// main solve's forces; pair (2, 3) is already at its mean. NoSlip changes nothing: its first
// sweep counts ½ Σ R f² alone (scale 1/(1·1)), the second 0.
TEST(NoSlip, AFlatPairWhoseMeanRaisesTheCostIsUndone) {
  Problem p = FlatPyramidOnOneDof(false);
  p.aref[0] = 0.02;
  p.opt.meaninertia = 1;
  p.opt.tolerance = 1e-12;
  const SolveResult main = SolveProblem(p);
  const double a = -7.81 / 401;
  EXPECT_NEAR(main.qacc[0], a, 1e-12);
  EXPECT_NEAR(main.efc_force[0], 100 * (0.02 - a), 1e-10);
  EXPECT_NEAR(main.efc_force[1], -100 * a, 1e-10);
  p.opt.noslip_iterations = 5;
  const SolveResult r = SolveProblem(p);
  EXPECT_EQ(r.efc_force, main.efc_force);
  // NoSlip's a = a₀ + M⁻¹Jᵀf from the kept forces (the main solve's a is Newton's iterate, whose
  // forces −D(J a − aref) it rounds ×D = 100 worse).
  EXPECT_DOUBLE_EQ(r.qacc[0], -9.81 + main.efc_force.sum());
  EXPECT_NEAR(r.qacc[0], main.qacc[0], 1e-10);
  EXPECT_EQ(r.noslip_iterations, 2);
  ASSERT_GE(r.stats.size(), 2u);
  EXPECT_NEAR(r.stats[r.stats.size() - 2].improvement, 0.5 * 0.01 * main.efc_force.squaredNorm(),
              1e-12);
  EXPECT_EQ(r.stats.back().improvement, 0);
}

// IllScaledSlidingFreeBody (point_mass_problems.h), condim 3, 4 and 6: NoSlip's friction QCQP
// with the normal held stops at its iteration cap short of the optimum there, on a point that
// costs more than the main solve's friction: the update is undone and NoSlip leaves the main
// solve's forces, its first sweep counting ½ Σ R f² alone (scale 1/(meaninertia·nv) = 1/6).
// Without the undo the friction would move.
TEST(NoSlip, AFrictionStepThatRaisesTheCostIsUndone) {
  for (const int condim : {3, 4, 6}) {
    Problem p = IllScaledSlidingFreeBody(condim);
    p.opt.tolerance = 1e-15;
    const SolveResult main = SolveProblem(p);
    ASSERT_GT(main.efc_force[0], 0.1);
    p.opt.noslip_iterations = 1;
    const SolveResult r = SolveProblem(p);
    EXPECT_EQ(r.efc_force, main.efc_force) << "condim " << condim;
    ASSERT_EQ(r.noslip_iterations, 1);
    EXPECT_NEAR(r.stats.back().improvement, 0.5 * 0.01 * main.efc_force.squaredNorm() / 6, 1e-15);
  }
}

// A separating free body (a₀_z = +9.81) on an elliptic contact of condim 4 and 6: the main solve
// leaves every force 0, and NoSlip sets no friction without a normal force: the answer stays a₀.
TEST(NoSlip, EllipticCondim4And6WithoutNormalForceChangeNothing) {
  core::VectorX a0(6);
  a0 << 1, -2, 9.81, 0.3, -0.4, 0.5;
  for (const int condim : {4, 6}) {
    Problem p = EllipticFreeBody(condim, a0);
    p.opt.noslip_iterations = 3;
    const SolveResult r = SolveProblem(p);
    EXPECT_EQ(r.efc_force, core::VectorX::Zero(condim)) << "condim " << condim;
    EXPECT_EQ(r.qacc, a0) << "condim " << condim;
    EXPECT_EQ(r.noslip_iterations, 1);
  }
}

// No rows: NoSlip has nothing to adjust and performs no sweep.
TEST(NoSlip, NoRowsNoSweep) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Identity(1, 1);
  p.qacc_smooth = core::VectorX::Constant(1, 1.5);
  p.J.resize(0, 1);
  p.opt.noslip_iterations = 4;
  const SolveResult r = SolveProblem(p);
  EXPECT_EQ(r.noslip_iterations, 0);
  EXPECT_EQ(r.qacc[0], 1.5);
}

}  // namespace
}  // namespace simatlas::mujoco
