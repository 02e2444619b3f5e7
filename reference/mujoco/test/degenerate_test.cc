// MJ-solvers §2–§6 — degenerate but legal problems for every solver configuration:
// no constraints (nefc = 0), zero friction (a condim-1 frictionless contact), all rows inactive,
// and a near-rigid row (R → 1e-12). Answers derived by hand below; never NaN, always an honest
// exit reason.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::mujoco {
namespace {

// One solver configuration: the three solvers, PGS also with the 3.15 shuffle + Nesterov
// momentum, and every one of them again per island.
struct Config {
  std::string name;
  SolverKind solver;
  bool pgs_315 = false;
  bool islands = false;
};

std::vector<Config> Configs() {
  std::vector<Config> all;
  for (bool islands : {false, true}) {
    const std::string suffix = islands ? "_islands" : "";
    all.push_back({"pgs" + suffix, SolverKind::kPGS, false, islands});
    all.push_back({"pgs_315_shuffle_momentum" + suffix, SolverKind::kPGS, true, islands});
    all.push_back({"cg" + suffix, SolverKind::kCG, false, islands});
    all.push_back({"newton" + suffix, SolverKind::kNewton, false, islands});
  }
  return all;
}

SolveResult SolveWithConfig(Problem p, const Config& c) {
  p.opt.solver = c.solver;
  p.opt.iterations = 10000;
  p.opt.tolerance = 1e-15;
  if (c.pgs_315) {
    SetVersion(Version::kMuJoCo315, p.opt);
    p.opt.pgs_shuffle = true;
    p.opt.pgs_momentum = true;
  }
  SolveSettings settings;
  settings.islands = c.islands;
  const SolveResult r = SolveProblem(p, settings);
  EXPECT_TRUE(r.qacc.allFinite()) << c.name;
  EXPECT_TRUE(r.efc_force.allFinite()) << c.name;
  EXPECT_TRUE(std::isfinite(r.cost)) << c.name;
  return r;
}

// A point mass of m kg (nv = 3: x, y, z) under gravity, no rows yet.
Problem PointMass(double m, const core::Vector3& a0) {
  Problem p;
  p.nv = 3;
  p.M = m * core::MatrixX::Identity(3, 3);
  p.qacc_smooth = a0;
  p.J.resize(0, 3);
  p.opt.meaninertia = m;
  return p;
}

// Adds one frictionless contact (condim 1): J = e_z, regulariser R, aref.
void AddFrictionlessContact(Problem& p, double R, double aref) {
  p.J.resize(1, 3);
  p.J << 0, 0, 1;
  p.R = core::VectorX::Constant(1, R);
  p.aref = core::VectorX::Constant(1, aref);
  p.frictionloss = core::VectorX::Zero(1);
  p.kind = {RowKind::kContactFrictionless};
  p.contact = {0};
  p.contacts = {Contact{1, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
}

// Adds one condim-3 pyramidal contact: edges J = n ± t_j with n = e_z, t₁ = e_x, t₂ = e_y.
void AddPyramidalContact(Problem& p, double R, double aref) {
  p.J.resize(4, 3);
  p.J << 1, 0, 1,  //
      -1, 0, 1,    //
      0, 1, 1,     //
      0, -1, 1;
  p.R = core::VectorX::Constant(4, R);
  p.aref = core::VectorX::Constant(4, aref);
  p.frictionloss = core::VectorX::Zero(4);
  p.kind.assign(4, RowKind::kContactPyramidal);
  p.contact.assign(4, 0);
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
}

TEST(Degenerate, NoConstraintsGiveTheSmoothAcceleration) {
  // nefc = 0: qacc = a₀ = M⁻¹ τs exactly, no force, no iteration, exit "no_constraints".
  const Problem p = PointMass(2.0, core::Vector3(1.0, 0.0, -9.81));
  for (const Config& c : Configs()) {
    const SolveResult r = SolveWithConfig(p, c);
    EXPECT_EQ(r.qacc, p.qacc_smooth) << c.name;
    EXPECT_EQ(r.efc_force.size(), 0) << c.name;
    EXPECT_EQ(r.iterations, 0) << c.name;
    EXPECT_EQ(r.exit, ExitReason::kNoConstraints) << c.name;
  }
}

TEST(Degenerate, FrictionlessContactByHand) {
  // m = 2 kg, a₀z = −9.81, R = 0.5, aref = 0. Dual (3.2): A = J M⁻¹ Jᵀ = 0.5, b = J a₀ − aref
  // = −9.81, f = [−b/(A + R)]₊ = 9.81 N; qacc_z = a₀z + f/m = −4.905 m/s², x and y unchanged.
  Problem p = PointMass(2.0, core::Vector3(3.0, 0.0, -9.81));
  AddFrictionlessContact(p, 0.5, 0.0);
  for (const Config& c : Configs()) {
    const SolveResult r = SolveWithConfig(p, c);
    ASSERT_EQ(r.efc_force.size(), 1) << c.name;
    EXPECT_NEAR(r.efc_force[0], 9.81, 1e-9) << c.name;
    EXPECT_NEAR(r.qacc[2], -4.905, 1e-9) << c.name;
    EXPECT_EQ(r.qacc[0], 3.0) << c.name;  // no friction: the sliding acceleration is untouched
    EXPECT_NE(r.exit, ExitReason::kIterations) << c.name;
  }
}

TEST(Degenerate, AllRowsInactiveCarryNoForce) {
  // Pyramidal contact, the mass accelerating away (a₀z = +5): every edge has
  // b_e = J_e a₀ − aref = 5 > 0, so f = 0 satisfies the dual's optimality ((A + R) f + b ≥ 0,
  // f ≥ 0, complementarity) and qacc = a₀.
  Problem p = PointMass(1.0, core::Vector3(0.0, 0.0, 5.0));
  AddPyramidalContact(p, 0.2, 0.0);
  for (const Config& c : Configs()) {
    const SolveResult r = SolveWithConfig(p, c);
    ASSERT_EQ(r.efc_force.size(), 4) << c.name;
    EXPECT_EQ(r.efc_force, core::VectorX::Zero(4)) << c.name;
    EXPECT_NEAR((r.qacc - p.qacc_smooth).norm(), 0.0, 1e-12) << c.name;
    EXPECT_NE(r.exit, ExitReason::kIterations) << c.name;
  }
}

TEST(Degenerate, NearRigidRowStopsTheMass) {
  // R = 1e-12 (impedance → 1, the stiffest legal row), m = 2 kg, aref = 0: by hand
  // f = −b/(A + R) = 9.81/(0.5 + 1e-12) ≈ 19.62 N and qacc_z = −9.81 + f/2 ≈ −2e-11 m/s² ≈ 0.
  Problem p = PointMass(2.0, core::Vector3(0.0, 0.0, -9.81));
  AddFrictionlessContact(p, 1e-12, 0.0);
  // The primal solvers (CG, Newton) recover f = −(J qacc − aref)/R from qacc, whose rounding
  // (ε · 9.81 ≈ 2e-15 m/s²) is amplified by 1/R = 1e12: f is only good to ~1e-2 N there, while
  // PGS works on f directly. Either way qacc is right and nothing is NaN.
  for (const Config& c : Configs()) {
    const SolveResult r = SolveWithConfig(p, c);
    const double force_tolerance = c.solver == SolverKind::kPGS ? 1e-9 : 1e-2;
    EXPECT_NEAR(r.efc_force[0], 9.81 / (0.5 + 1e-12), force_tolerance) << c.name;
    EXPECT_NEAR(r.qacc[2], 0.0, 1e-9) << c.name;
  }
}

TEST(Degenerate, ANonFiniteAnswerIsAnErrorNotAReturnValue) {
  // An elliptic contact with mu = 1e-300 (below mjMINMU; the file reader rejects it, a Problem
  // built in code does not): the primal cone zones divide by mu and CG/Newton reached inf/NaN
  // forces. SolveProblem must throw NumericalError or return finite numbers, never NaN.
  Problem p = PointMass(1.0, core::Vector3(3.0, 0.0, -9.81));
  p.J.resize(3, 3);
  p.J << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  p.R = core::VectorX::Constant(3, 0.5);
  p.aref = core::VectorX::Zero(3);
  p.frictionloss = core::VectorX::Zero(3);
  p.kind.assign(3, RowKind::kContactElliptic);
  p.contact.assign(3, 0);
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1e-300, 0}};
  p.opt.cone = Cone::kElliptic;
  for (SolverKind solver : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    p.opt.solver = solver;
    try {
      const SolveResult r = SolveProblem(p);
      EXPECT_TRUE(r.qacc.allFinite() && r.efc_force.allFinite()) << SolverName(solver);
    } catch (const core::NumericalError& e) {
      EXPECT_NE(std::string(e.what()).find("is not finite after the solve"), std::string::npos)
          << e.what();
    }
  }
}

TEST(Degenerate, IterationCapIsReportedNotHidden) {
  // Zero iterations on an active contact: the answer is the start, and the exit says so.
  Problem p = PointMass(2.0, core::Vector3(0.0, 0.0, -9.81));
  AddFrictionlessContact(p, 0.5, 0.0);
  p.opt.iterations = 0;
  p.opt.tolerance = 0;
  for (SolverKind solver : {SolverKind::kPGS, SolverKind::kCG, SolverKind::kNewton}) {
    p.opt.solver = solver;
    const SolveResult r = SolveProblem(p);
    EXPECT_EQ(r.iterations, 0);
    EXPECT_TRUE(r.exit == ExitReason::kIterations || r.exit == ExitReason::kCertificate)
        << ExitReasonName(r.exit);
    EXPECT_TRUE(r.qacc.allFinite());
  }
}

}  // namespace
}  // namespace simatlas::mujoco
