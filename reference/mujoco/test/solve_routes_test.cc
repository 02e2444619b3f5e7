// MJ-solvers §4–§8 — the solve's other routes and checks: a prepared problem against an
// unprepared one (and its own copy of the problem), τs given against τs = M a₀, PGS's sparse residuals of an
// elliptic block against the dense ones, the primal loops' refusal of PGS, the scales' and the
// §8 support table's messages, and the name tables.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "reference/core/errors.h"
#include "reference/core/test/error_of.h"
#include "reference/mujoco/discrete_metric.h"
#include "reference/mujoco/integrators.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/test/point_mass_problems.h"

namespace simatlas::mujoco {
namespace {

using core::InputErrorOf;

// The 2 kg point mass of point_mass_problems.h with a₀ = (3, 0, −9.81).
Problem PointMassOnEllipticContact() { return EllipticPointMass(2, core::Vector3(3, 0, -9.81)); }

// A prepared problem is validated once and reuses its structure: the same arithmetic, the same
// bits as a solve that prepares the problem itself. It holds its own copy of the problem, so
// changing the original afterwards (M, the path) cannot make it stale: its solves stay the same.
TEST(SolvePaths, PreparedProblemSolvesAsUnprepared) {
  for (const SolverKind solver : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    Problem plain = PointMassOnEllipticContact();
    plain.opt.solver = solver;
    const std::shared_ptr<const PreparedProblem> prepared = Prepare(plain);
    const SolveResult a = SolveProblem(plain);
    const SolveResult b = SolveProblem(*prepared);
    EXPECT_EQ(a.qacc, b.qacc);
    EXPECT_EQ(a.efc_force, b.efc_force);
    EXPECT_EQ(a.iterations, b.iterations);
    plain.M *= 2;
    plain.opt.jacobian = Jacobian::kSparse;
    EXPECT_EQ(SolveProblem(*prepared).qacc, a.qacc);
    EXPECT_NE(SolveProblem(plain).qacc, a.qacc);
  }
}

// MuJoCo 2.2.2's arithmetic sums with τs when given (mujoco222/kernels.h); τs = M a₀ =
// (6, 0, −19.62) is exact in binary here only to rounding, so the answers agree to rounding
// (1e-12 of |a| ≈ 10).
TEST(SolvePaths, GivenSmoothForceAgreesWithMTimesA0) {
  for (const SolverKind solver : {SolverKind::kCG, SolverKind::kNewton}) {
    Problem p = PointMassOnEllipticContact();
    SetVersion(Version::kMuJoCo222, p.opt);
    p.opt.solver = solver;
    p.opt.tolerance = 1e-14;
    Problem with_tau = p;
    with_tau.qfrc_smooth = p.M * p.qacc_smooth;
    const SolveResult a = SolveProblem(p);
    const SolveResult b = SolveProblem(with_tau);
    EXPECT_TRUE(a.qacc.isApprox(b.qacc, 1e-12)) << a.qacc << "\n" << b.qacc;
  }
}

// PGS reads an elliptic block's residuals from AR's sparse rows on the sparse path: the same
// strictly convex dual (AR ≥ R = 0.01 I) as the dense path. Tolerance 0: both sweep until the
// dual cost stops falling (rounding) or 2000 sweeps, far past the block's convergence, so both
// sit at the one minimum to rounding; 1e-10 of |f| leaves room for the cone projection's.
TEST(SolvePaths, PgsEllipticSparseResidualsAgreeWithDense) {
  Problem dense = PointMassOnEllipticContact();
  dense.opt.solver = SolverKind::kPGS;
  dense.opt.iterations = 2000;
  dense.opt.tolerance = 0;
  dense.opt.jacobian = Jacobian::kDense;
  Problem sparse = dense;
  sparse.opt.jacobian = Jacobian::kSparse;
  const SolveResult a = SolveProblem(dense);
  const SolveResult b = SolveProblem(sparse);
  EXPECT_TRUE(a.efc_force.isApprox(b.efc_force, 1e-10)) << a.efc_force << "\n" << b.efc_force;
  EXPECT_TRUE(a.qacc.isApprox(b.qacc, 1e-10));
}

// The primal loop is for CG and Newton only, under either version; no rows: a = a₀.
TEST(SolvePaths, PrimalLoopsRefusePgsAndStopWithoutRows) {
  Problem p = PointMassOnEllipticContact();
  p.opt.solver = SolverKind::kPGS;
  const std::string refusal = "solver = PGS must be CG or Newton for the primal loop";
  for (const Version version : {Version::kMuJoCo222, Version::kMuJoCo315}) {
    SetVersion(version, p.opt);
    EXPECT_EQ(InputErrorOf([&] { SolvePrimal(*Prepare(p), p.qacc_smooth, MakeExitScale(p, 1)); }),
              refusal);
  }
  Problem empty;
  empty.nv = 1;
  empty.M = core::MatrixX::Identity(1, 1);
  empty.qacc_smooth = core::VectorX::Constant(1, -9.81);
  empty.J.resize(0, 1);
  SetVersion(Version::kMuJoCo315, empty.opt);
  const SolveResult r = SolveProblem(empty);
  EXPECT_EQ(r.exit, ExitReason::kNoConstraints);
  EXPECT_EQ(r.qacc[0], -9.81);
  EXPECT_EQ(r.iterations, 0);
}

// The termination scales (5.1) need positive inertia.
TEST(SolvePaths, ScalesNameTheirInertia) {
  Problem p = PointMassOnEllipticContact();
  p.opt.meaninertia = 0;
  EXPECT_EQ(InputErrorOf([&] { MonolithicScale(p); }), "meaninertia = 0 kg or kg m^2 must be > 0");
  // 1/(meaninertia · nv) = 1/(4 · 3) and 1/trace M = 1/6.
  p.opt.meaninertia = 4;
  EXPECT_DOUBLE_EQ(MonolithicScale(p), 1.0 / 12);
  EXPECT_DOUBLE_EQ(IslandScale(p), 1.0 / 6);
  p.M.setZero();
  EXPECT_EQ(InputErrorOf([&] { IslandScale(p); }), "inertia trace = 0 kg or kg m^2 must be > 0");
}

// The §8 support table's own input checks and the rows the existing table test leaves out.
TEST(SolvePaths, SupportTableMessages) {
  DiscreteOptions o;
  o.integrator = "verlet";
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }),
            "integrator = verlet must be one of euler, implicit, implicitfast, rk4, discrete");
  o = {};
  o.solver = "lbfgs";
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }),
            "solver = lbfgs must be one of pgs, cg, newton");
  o = {};
  o.integrator = "implicit";
  o.flex_elasticity = true;
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }),
            "integrator options: implicit + flex elasticity is rejected (requires the discrete "
            "integrator, MJ-solvers §8 support table)");
  o = {};
  o.integrator = "euler";
  o.solver = "cg";
  o.ipc = true;
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }),
            "integrator options: IPC with euler + cg is rejected (IPC requires discrete + CG, "
            "MJ-solvers §8 support table)");
  o = {};
  o.solver = "cg";
  o.ipc = true;
  o.sleep = true;
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }),
            "integrator options: IPC + sleep is rejected (IPC rejects sleep, MJ-solvers §8 "
            "support table)");
  // Not discrete: the discrete-only rows do not apply.
  o = {};
  o.integrator = "rk4";
  o.flex_metric = true;
  o.solver = "pgs";
  o.sleep = true;
  o.islands = false;
  EXPECT_EQ(InputErrorOf([&] { CheckDiscreteSupport(o); }), "");
}

// The size checks of §8's metric and force shift name the matrix.
TEST(SolvePaths, MetricSizesAreNamed) {
  const core::MatrixX M = core::MatrixX::Identity(2, 2);
  EXPECT_EQ(InputErrorOf([&] { EffectiveMetric(core::MatrixX::Zero(2, 3), M, M, 0.01); }),
            "M cols = 3 1 must be equal to its rows");
  EXPECT_EQ(InputErrorOf([&] { EffectiveMetric(M, M, core::MatrixX::Zero(2, 1), 0.01); }),
            "K rows = 2 1 must be equal to the size of M (2, square)");
  EXPECT_EQ(
      InputErrorOf([&] { ShiftedForce(core::VectorX::Zero(3), M, core::VectorX::Zero(2), 0.01); }),
      "K rows = 2 1 must be equal to the sizes of tau_s and v");
  EXPECT_EQ(
      InputErrorOf([&] { ShiftedForce(core::VectorX::Zero(2), M, core::VectorX::Zero(3), 0.01); }),
      "K rows = 2 1 must be equal to the sizes of tau_s and v");
}

// Name tables; an out-of-range enum reads "unknown".
TEST(SolvePaths, NameTables) {
  EXPECT_EQ(ExitReasonName(ExitReason::kNoConstraints), "no_constraints");
  EXPECT_EQ(ExitReasonName(ExitReason::kCertificate), "certificate");
  EXPECT_EQ(ExitReasonName(ExitReason::kImprovement), "improvement");
  EXPECT_EQ(ExitReasonName(ExitReason::kGradient), "gradient");
  EXPECT_EQ(ExitReasonName(ExitReason::kDecrement), "decrement");
  EXPECT_EQ(ExitReasonName(ExitReason::kZeroStep), "zero_step");
  EXPECT_EQ(ExitReasonName(ExitReason::kIterations), "iterations");
  EXPECT_EQ(ExitReasonName(static_cast<ExitReason>(42)), "unknown");
  for (const char* name : {"euler", "implicit", "implicitfast", "rk4", "discrete"}) {
    EXPECT_EQ(IntegratorName(ParseIntegrator(name)), name);
  }
  EXPECT_EQ(IntegratorName(static_cast<Integrator>(42)), "unknown");
}

// MuJoCo 2.2.2's options on the sparse path (opt.jacobian sparse): 2.2.2 summed there in another
// order than its dense loop, and the rules loop serves (ChoosePrimalPath). CG and Newton reach
// the answer worked by hand for PyramidalPointMass(3) (point_mass_problems.h): f = (1, 3, 2, 2),
// a = (2, 0, −2), to the tolerance 1e-12 (1e-9 leaves room for CG's stop).
TEST(SolvePaths, MuJoCo222OnTheSparsePathReachesTheHandAnswer) {
  for (const SolverKind solver : {SolverKind::kCG, SolverKind::kNewton}) {
    Problem p = PyramidalPointMass(3);
    SetVersion(Version::kMuJoCo222, p.opt);
    p.opt.solver = solver;
    p.opt.jacobian = Jacobian::kSparse;
    const SolveResult r = SolveProblem(p);
    EXPECT_TRUE(r.efc_force.isApprox(Eigen::Vector4d(1, 3, 2, 2), 1e-9)) << r.efc_force;
    EXPECT_TRUE(r.qacc.isApprox(core::Vector3(2, 0, -2), 1e-9)) << r.qacc;
  }
}

}  // namespace
}  // namespace simatlas::mujoco
