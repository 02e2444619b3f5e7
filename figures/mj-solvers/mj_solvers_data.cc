// Data of the MJ-solvers figures (§2a, §4–§5, §7, §8, §9), computed by the reference engine
// (reference/mujoco, reference/io) and written as CSV; figures/mj-solvers/*.py only plot these.
// (N.M) are the formula sheet's equations (course/FORMULAS.md, MJ-solvers).
//   impedance.csv         r_mm, then imp_p<power>_m<mid> for the sigmoid I(r) of (2.1), solimp
//                         (dmin 0.5, dmax 0.95, width 1 mm, mid, power) — EvaluateImpedance.
//   convergence_<example>_<solver>.csv  iteration, improvement, gradient (scaled, MuJoCo's
//                         mjSolverStat) of pgs, pgs_momentum, cg_pr, cg_hz, newton on
//                         formats/examples/<example>.json (box_plane_pyramidal, chain_limits),
//                         tolerance 1e-8 (mj_defaultOption), cap 100, warmstart off: each
//                         curve ends where that solver's exit test stops it (§5).
//   termination_<example>.csv  solver, iterations, exit (ExitReasonName), tolerance: where
//                         and why each run above stopped.
//   primal_dual.csv       iterations, then the relative difference ‖f − f*‖/‖f*‖ of the dual (PGS)
//                         and primal (CG, Newton) forces after that many iterations (tolerance 0,
//                         warmstart off, k from 1 to 3162 on a log grid) to Newton's converged
//                         forces f* on box_plane_elliptic (§3).
//   warmstart.csv         eps, then Newton's iterations on chain_limits warm-started at
//                         qacc* + eps (1, …, 1) m/s² (qacc* its own converged answer) under the
//                         2.2.2 and 3.15 code paths, and the cold-start counts (§6); tolerance 1e-8.
//   noslip.csv            noslip_tolerance, sweep, improvement (scaled, NoSlip's exit statistic),
//                         main_iterations, noslip_sweeps: NoSlip after PGS capped at 2 sweeps on
//                         box_plane_pyramidal, tolerance 1e-6 (default) and 1e-10, cap 100 (§6).
//   islands.csv           solver, islands (on|off), island (1-based; 0: the single solve), dofs,
//                         rows, iterations, exit, tolerance: PGS, CG and Newton on
//                         three_islands (tolerance 1e-8, cap 100, cold start), each island
//                         solved alone vs one solve of every DOF (§6).
//   energy_<integrator>.csv   t, energy_ratio E/E0 of an undamped spring m = 1 kg, k = 1 N/m,
//                         h = 0.05 s, q0 = 1 m, v0 = 0 over 200 s — StepLinear.
//   energy_tree_<model>_<integrator>.csv  t, energy_error E − E0 [J] on the reference tree
//                         (StepTree): model pendulum = two rods (m = 1 kg, L = 0.5 m) released
//                         at θ₁ = 0.5 rad, h = 2 ms, 10 s; model tumbling = a free body
//                         I = diag(0.1, 0.2, 0.25) kg·m², ω_B = (2, 5, −3) rad/s, no gravity,
//                         h = 2 ms, 4 s. Integrators euler, implicit, rk4.
//   stability.csv         k, h_max_<integrator>: the largest h on a log grid (1e-6 … 10 s) whose
//                         one-step matrix has spectral radius ≤ 1 + 1e-9; m = 1 kg, coupled
//                         (tendon) damping 1 N·s/m, so Euler treats it explicitly, implicit does not.
//   fd_error.csv          eps, then max |A_FD − A_exact| of TransitionFD for a pendulum (nonlinear,
//                         forward and centred) and a linear spring (discrete, forward).
// Usage: figure_data_mj_solvers OUTPUT_DIR
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/integrators.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/transition_fd.h"
#include "reference/mujoco/tree_integrators.h"

namespace simatlas::figures {
namespace {

namespace mj = simatlas::mujoco;

std::ofstream OpenCsv(const std::filesystem::path& path) {
  std::ofstream file(path);
  if (!file) throw std::runtime_error("cannot write " + path.string());
  file.precision(17);
  return file;
}

// §2a: I(r) for several (power, midpoint), through getsolparam's sanitising.
void WriteImpedance(const std::filesystem::path& dir) {
  const std::vector<std::pair<double, double>> cases = {{1, 0.5}, {2, 0.5}, {3, 0.5},
                                                        {6, 0.5}, {2, 0.2}, {2, 0.8}};
  std::ofstream file = OpenCsv(dir / "impedance.csv");
  file << "r_mm";
  for (const auto& [p, mid] : cases) file << ",imp_p" << p << "_m" << mid;
  file << "\n";
  for (int i = 0; i <= 300; ++i) {
    const double r = -1.5e-3 * i / 300.0;  // penetration: r < 0
    file << 1e3 * r;
    for (const auto& [p, mid] : cases) {
      const mj::SolParams s =
          mj::SanitiseSolParams(mj::kDefaultSolRef, {0.5, 0.95, 1e-3, mid, p}, 0.002, true);
      file << "," << mj::EvaluateImpedance(r, 0.0, s.solimp).imp;
    }
    file << "\n";
  }
}

// mj_defaultOption's tolerance: the exit threshold on the scaled statistics (5.1).
constexpr double kTerminationTolerance = 1e-8;

// §4–§5: per-iteration statistics of every solver on one problem file, and where each stops.
void WriteConvergence(const std::filesystem::path& dir, const std::string& example) {
  const io::MujocoProblemFile base =
      io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/" + example + ".json");
  struct Case {
    std::string name;
    mj::SolverKind solver;
    bool momentum;
    mj::CGUpdate update;
  };
  std::ofstream termination = OpenCsv(dir / ("termination_" + example + ".csv"));
  termination << "solver,iterations,exit,tolerance\n";
  const std::vector<Case> cases = {
      {"pgs", mj::SolverKind::kPGS, false, mj::CGUpdate::kPolakRibierePlus},
      {"pgs_momentum", mj::SolverKind::kPGS, true, mj::CGUpdate::kPolakRibierePlus},
      {"cg_pr", mj::SolverKind::kCG, false, mj::CGUpdate::kPolakRibierePlus},
      {"cg_hz", mj::SolverKind::kCG, false, mj::CGUpdate::kHagerZhang},
      {"newton", mj::SolverKind::kNewton, false, mj::CGUpdate::kPolakRibierePlus}};
  for (const Case& c : cases) {
    mj::Problem problem = base.problem;
    problem.opt.solver = c.solver;
    problem.opt.pgs_momentum = c.momentum;
    problem.opt.cg_update = c.update;
    problem.opt.tolerance = kTerminationTolerance;  // the default: each run stops at its exit test
    problem.opt.iterations = 100;
    problem.opt.noslip_iterations = 0;
    const mj::SolveResult result = mj::SolveProblem(problem);
    termination << c.name << "," << result.iterations << "," << mj::ExitReasonName(result.exit)
                << "," << kTerminationTolerance << "\n";
    std::ofstream file = OpenCsv(dir / ("convergence_" + example + "_" + c.name + ".csv"));
    file << "iteration,improvement,gradient\n";
    for (std::size_t k = 0; k < result.stats.size(); ++k) {
      file << k + 1 << "," << result.stats[k].improvement << "," << result.stats[k].gradient
           << "\n";
    }
  }
}

// §3: the dual (PGS) and primal (CG, Newton) iterates approach the same optimum.
void WritePrimalDual(const std::filesystem::path& dir) {
  const io::MujocoProblemFile base =
      io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/box_plane_elliptic.json");
  mj::Problem converged = base.problem;
  converged.opt.solver = mj::SolverKind::kNewton;
  converged.opt.tolerance = 1e-15;
  const core::VectorX f_star = mj::SolveProblem(converged).efc_force;
  std::ofstream file = OpenCsv(dir / "primal_dual.csv");
  file << "iterations,pgs,cg,newton\n";
  // k on a log grid 1 … 3162 (8 points per decade, duplicates dropped).
  int previous = 0;
  for (int i = 0; i <= 28; ++i) {
    const int k = static_cast<int>(std::lround(std::pow(10.0, i / 8.0)));
    if (k == previous) continue;
    previous = k;
    file << k;
    for (mj::SolverKind solver :
         {mj::SolverKind::kPGS, mj::SolverKind::kCG, mj::SolverKind::kNewton}) {
      mj::Problem p = base.problem;
      p.opt.solver = solver;
      p.opt.tolerance = 0;
      p.opt.iterations = k;
      file << "," << (mj::SolveProblem(p).efc_force - f_star).norm() / f_star.norm();
    }
    file << "\n";
  }
}

// §6: Newton's iteration count against the distance of the warm start from the answer.
void WriteWarmstart(const std::filesystem::path& dir) {
  const io::MujocoProblemFile base =
      io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/chain_limits.json");
  std::ofstream file = OpenCsv(dir / "warmstart.csv");
  file << "eps,iterations_222,iterations_315,cold_222,cold_315\n";
  std::vector<mj::Problem> problems;
  for (mj::Version version : {mj::Version::kMuJoCo222, mj::Version::kMuJoCo315}) {
    mj::Problem p = base.problem;
    p.opt.solver = mj::SolverKind::kNewton;
    p.opt.tolerance = kTerminationTolerance;
    mj::SetVersion(version, p.opt);
    problems.push_back(p);
  }
  const mj::SolveResult cold222 = mj::SolveProblem(problems[0]);
  const mj::SolveResult cold315 = mj::SolveProblem(problems[1]);
  for (int i = 0; i <= 44; ++i) {
    const double eps = std::pow(10.0, -12.0 + 13.0 * i / 44.0);
    file << eps;
    for (std::size_t v = 0; v < problems.size(); ++v) {
      mj::SolveSettings warm;
      warm.qacc_warmstart =
          (v == 0 ? cold222 : cold315).qacc + core::VectorX::Constant(problems[v].nv, eps);
      file << "," << mj::SolveProblem(problems[v], warm).iterations;
    }
    file << "," << cold222.iterations << "," << cold315.iterations << "\n";
  }
}

// §6: NoSlip after a main solve that stopped early (PGS capped at 2 sweeps) on
// box_plane_pyramidal: each NoSlip sweep's scaled improvement (the statistic its exit compares
// with noslip_tolerance), for the default tolerance 1e-6 and for 1e-10, cap 100 sweeps.
void WriteNoSlip(const std::filesystem::path& dir) {
  const io::MujocoProblemFile base =
      io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/box_plane_pyramidal.json");
  std::ofstream file = OpenCsv(dir / "noslip.csv");
  file << "noslip_tolerance,sweep,improvement,main_iterations,noslip_sweeps\n";
  for (const double tolerance : {1e-6, 1e-10}) {
    mj::Problem p = base.problem;
    p.opt.solver = mj::SolverKind::kPGS;
    p.opt.iterations = 2;
    p.opt.noslip_iterations = 100;
    p.opt.noslip_tolerance = tolerance;
    const mj::SolveResult r = mj::SolveProblem(p);
    // The statistics hold the main solver's iterations, then one entry per NoSlip sweep.
    for (int s = 0; s < r.noslip_iterations; ++s) {
      file << tolerance << "," << s + 1 << "," << r.stats[r.iterations + s].improvement << ","
           << r.iterations << "," << r.noslip_iterations << "\n";
    }
  }
}

// §6: islands on formats/examples/three_islands.json (MuJoCo 3.15.0's problem of a 3-box stack,
// a lone box and a sphere, each touching only the floor): each solver at tolerance 1e-8 from a
// cold start, islands on (one row per island: its DOFs, rows, iterations and exit) and off (one
// row, island 0: the single solve of every DOF).
void WriteIslands(const std::filesystem::path& dir) {
  const io::MujocoProblemFile base =
      io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/three_islands.json");
  std::ofstream file = OpenCsv(dir / "islands.csv");
  file << "solver,islands,island,dofs,rows,iterations,exit,tolerance\n";
  for (mj::SolverKind solver :
       {mj::SolverKind::kPGS, mj::SolverKind::kCG, mj::SolverKind::kNewton}) {
    mj::Problem p = base.problem;
    p.opt.solver = solver;
    p.opt.tolerance = kTerminationTolerance;
    p.opt.iterations = 100;  // mj_defaultOption's cap
    const std::string name = mj::SolverName(solver);
    // islands on: each island solved and stopped on its own
    const mj::IslandsResult split = mj::SolveIslands(p, std::nullopt);
    for (std::size_t k = 0; k < split.islands.size(); ++k) {
      file << name << ",on," << k + 1 << "," << split.islands[k].dofs.size() << ","
           << split.islands[k].rows.size() << "," << split.per_island[k].iterations << ","
           << mj::ExitReasonName(split.per_island[k].exit) << "," << kTerminationTolerance << "\n";
    }
    // islands off: one solve of the whole problem
    mj::SolveSettings whole;
    whole.islands = false;
    const mj::SolveResult r = mj::SolveProblem(p, whole);
    file << name << ",off,0," << p.nv << "," << p.nefc() << "," << r.iterations << ","
         << mj::ExitReasonName(r.exit) << "," << kTerminationTolerance << "\n";
  }
}

const std::vector<mj::Integrator> kIntegrators = {mj::Integrator::kEuler, mj::Integrator::kImplicit,
                                                  mj::Integrator::kRk4, mj::Integrator::kDiscrete};

// §7–§8: E/E0 of an undamped spring under each integrator.
void WriteEnergy(const std::filesystem::path& dir) {
  const mj::LinearSystem spring = mj::OneDof(1.0, 1.0, 0.0);
  const double h = 0.05;
  const int steps = 4000;
  for (const mj::Integrator integrator : kIntegrators) {
    std::ofstream file = OpenCsv(dir / ("energy_" + mj::IntegratorName(integrator) + ".csv"));
    file << "t,energy_ratio\n";
    mj::LinearState x{core::VectorX::Constant(1, 1.0), core::VectorX::Zero(1)};
    const double e0 = 0.5;  // ½ k q0² with k = 1, q0 = 1, v0 = 0
    for (int n = 0; n <= steps; ++n) {
      const double e = 0.5 * x.v(0) * x.v(0) + 0.5 * x.q(0) * x.q(0);
      file << n * h << "," << e / e0 << "\n";
      x = mj::StepLinear(spring, integrator, h, x);
    }
  }
}

// §7 on the tree: E − E0 per step for the double pendulum and the tumbling body.
void WriteTreeEnergy(const std::filesystem::path& dir) {
  using core::Vector3;
  using core::VectorX;
  // Two rods on hinges about y, as the hinge_chain scene (slender cylinders, radius L/20).
  multibody::MultibodyTree pendulum;
  int parent = multibody::kWorldBody;
  for (int i = 0; i < 2; ++i) {
    multibody::RigidBody rod;
    rod.name = "rod" + std::to_string(i);
    rod.p_BoBcm_B = Vector3(0, 0, -0.25);
    const double Ixx = (3 * 0.025 * 0.025 + 0.25) / 12;
    rod.I_BBcm_B = Vector3(Ixx, Ixx, 0.025 * 0.025 / 2).asDiagonal();
    const int b = pendulum.AddBody(rod);
    multibody::RigidTransform X_PF;
    if (i > 0) X_PF.p = Vector3(0, 0, -0.5);
    pendulum.AddJoint(
        multibody::MakeRevoluteJoint("j" + std::to_string(i), parent, b, Vector3::UnitY(), X_PF));
    parent = b;
  }
  // The free body of the tumbling_body scene, spun off its axes.
  multibody::MultibodyTree tumbling;
  tumbling.set_gravity(Vector3::Zero());
  multibody::RigidBody body;
  body.name = "body";
  body.mass = 2.0;
  body.I_BBcm_B = Vector3(0.1, 0.2, 0.25).asDiagonal();
  tumbling.AddJoint(multibody::MakeFreeJoint("free", 0, tumbling.AddBody(body)));
  struct Run {
    const char* name;
    const multibody::MultibodyTree* tree;
    mj::TreeState x0;
    double seconds;
  };
  mj::TreeState pendulum0{VectorX::Zero(2), VectorX::Zero(2)};
  pendulum0.q(0) = 0.5;
  mj::TreeState tumbling0{tumbling.DefaultPositions(), VectorX::Zero(6)};
  tumbling0.v.head<3>() = Vector3(2, 5, -3);  // identity orientation: ω_B = ω_F
  const double h = 2e-3;
  for (const Run& run :
       {Run{"pendulum", &pendulum, pendulum0, 10.0}, Run{"tumbling", &tumbling, tumbling0, 4.0}}) {
    for (const mj::Integrator integrator :
         {mj::Integrator::kEuler, mj::Integrator::kImplicit, mj::Integrator::kRk4}) {
      std::ofstream file = OpenCsv(dir / ("energy_tree_" + std::string(run.name) + "_" +
                                          mj::IntegratorName(integrator) + ".csv"));
      file << "t,energy_error\n";
      const auto energy = [&](const mj::TreeState& x) {
        return run.tree->CalcKineticEnergy(x.q, x.v) + run.tree->CalcPotentialEnergy(x.q);
      };
      mj::TreeState x = run.x0;
      const double e0 = energy(x);
      const int steps = static_cast<int>(run.seconds / h + 0.5);
      for (int n = 0; n <= steps; ++n) {
        file << n * h << "," << energy(x) - e0 << "\n";
        x = mj::StepTree(*run.tree, integrator, h, x);
      }
    }
  }
}

// Spectral radius of the one-step map (q, v) → (q⁺, v⁺), built column by column.
double StepSpectralRadius(const mj::LinearSystem& system, mj::Integrator integrator, double h) {
  core::MatrixX T(2, 2);
  for (int j = 0; j < 2; ++j) {
    mj::LinearState x{core::VectorX::Zero(1), core::VectorX::Zero(1)};
    (j == 0 ? x.q : x.v)(0) = 1.0;
    const mj::LinearState next = mj::StepLinear(system, integrator, h, x);
    T(0, j) = next.q(0);
    T(1, j) = next.v(0);
  }
  return T.eigenvalues().cwiseAbs().maxCoeff();
}

// §7–§8: the largest stable h on a log grid, per stiffness.
void WriteStability(const std::filesystem::path& dir) {
  std::ofstream file = OpenCsv(dir / "stability.csv");
  file << "k";
  for (const mj::Integrator integrator : kIntegrators)
    file << ",h_max_" << mj::IntegratorName(integrator);
  file << "\n";
  for (int i = 0; i <= 32; ++i) {
    const double k = std::pow(10.0, 0.25 * i);  // 1 … 1e8 N/m
    mj::LinearSystem system = mj::OneDof(1.0, k, 0.0);
    system.coupled_damping = core::MatrixX::Constant(1, 1, 1.0);
    file << k;
    for (const mj::Integrator integrator : kIntegrators) {
      double h_max = 0;
      for (int j = 0; j <= 700; ++j) {  // h = 1e-6 … 10 s, 100 points per decade
        const double h = std::pow(10.0, -6.0 + 0.01 * j);
        if (StepSpectralRadius(system, integrator, h) > 1.0 + 1e-9) break;
        h_max = h;
      }
      file << "," << h_max;
    }
    file << "\n";
  }
}

// §9: a pendulum q̈ = −(g/l) sin q under semi-implicit Euler and its exact Jacobian, derived in
// reference/mujoco/transition_fd.h (PendulumTransitionModel, PendulumTransitionJacobian).
constexpr double kGravityOverLength = 9.81;
constexpr double kPendulumH = 0.01;

void WriteFdError(const std::filesystem::path& dir) {
  // Pendulum at q = 1 rad, v = 0.5 rad/s and its exact A.
  const mj::TransitionModel pendulum = mj::PendulumTransitionModel(kGravityOverLength, kPendulumH);
  const mj::TransitionState xp{core::VectorX::Constant(1, 1.0), core::VectorX::Constant(1, 0.5),
                               core::VectorX()};
  const core::MatrixX a_pendulum =
      mj::PendulumTransitionJacobian(kGravityOverLength, kPendulumH, 1.0);
  // Linear spring m = 1, k = 100, d = 1 under discrete (8.1), h = 0.01: S = m + h d + h² k,
  // ∂a/∂q = −k/S, ∂a/∂v = −(d + h k)/S; v⁺ = v + h a, q⁺ = q + h v⁺.
  const double m = 1, k = 100, d = 1, hs = 0.01, s = m + hs * d + hs * hs * k;
  const mj::LinearSystem spring = mj::OneDof(m, k, d);
  const mj::TransitionModel spring_model =
      mj::LinearTransitionModel(spring, mj::Integrator::kDiscrete, hs);
  const mj::TransitionState xs{core::VectorX::Constant(1, 0.3), core::VectorX::Constant(1, -0.2),
                               core::VectorX()};
  const double daq = -k / s, dav = -(d + hs * k) / s;
  core::MatrixX a_spring(2, 2);
  a_spring << 1 + hs * hs * daq, hs * (1 + hs * dav), hs * daq, 1 + hs * dav;

  std::ofstream file = OpenCsv(dir / "fd_error.csv");
  file << "eps,pendulum_forward,pendulum_centered,spring_discrete_forward\n";
  for (int i = 0; i <= 56; ++i) {
    const double eps = std::pow(10.0, -14.0 + 0.25 * i);  // 1e-14 … 1
    const double ef = (mj::TransitionFD(pendulum, xp, core::VectorX(), eps, false).A - a_pendulum)
                          .cwiseAbs()
                          .maxCoeff();
    const double ec = (mj::TransitionFD(pendulum, xp, core::VectorX(), eps, true).A - a_pendulum)
                          .cwiseAbs()
                          .maxCoeff();
    const double es = (mj::TransitionFD(spring_model, xs, core::VectorX(), eps, false).A - a_spring)
                          .cwiseAbs()
                          .maxCoeff();
    file << eps << "," << ef << "," << ec << "," << es << "\n";
  }
}

}  // namespace
}  // namespace simatlas::figures

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: figure_data_mj_solvers OUTPUT_DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir(argv[1]);
    std::filesystem::create_directories(dir);
    simatlas::figures::WriteImpedance(dir);
    simatlas::figures::WriteConvergence(dir, "box_plane_pyramidal");
    simatlas::figures::WriteConvergence(dir, "chain_limits");
    simatlas::figures::WriteWarmstart(dir);
    simatlas::figures::WriteNoSlip(dir);
    simatlas::figures::WriteIslands(dir);
    simatlas::figures::WritePrimalDual(dir);
    simatlas::figures::WriteEnergy(dir);
    simatlas::figures::WriteTreeEnergy(dir);
    simatlas::figures::WriteStability(dir);
    simatlas::figures::WriteFdError(dir);
  } catch (const std::exception& e) {
    std::cerr << "figure_data_mj_solvers: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
