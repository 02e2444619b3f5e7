// E3-SAP figures' data (§3–§4.2): CSV files from the reference engine; (N.M) are the formula
// sheet's equations (course/FORMULAS.md, E3-SAP).
//   convergence.csv  Newton iterations on the pizza saver (sliding) for kSap, Similar, Lagged,
//                    Drake's default tolerances: per iterate ‖Dg‖ and (4.3)'s threshold, the cost
//                    change |ℓ_k − ℓ_{k−1}| and (4.4)'s threshold, and the criterion that holds
//                    (§4.2); convergence_stack.csv the same on a 20-box stack, and
//                    convergence_stack_cap2.csv with max_iterations = 2 (a failure),
//                    convergence_stack_cost_only.csv with εa = εr = 0 (only (4.4) can end it)
//   regions.csv      the projection region of (3.3) on a grid of (‖yt‖, yn) (§3.1), with
//                    mu, mu_hat, sigma, k and h of the case
//   mass_matrix.csv  M11, M12, M22 and the eigenvalues of the double pendulum's M(q2) (§1),
//                    law multibody.double_pendulum with its defaults, q1 = 0
//   free_motion.csv  v*/v0 against h D/m: implicit 1/(1 + hD/m) (law multibody.free_motion)
//                    and, for contrast, the explicit 1 − hD/m (§2.1)
//   quaternion.csv   ‖q‖ after each step of the linear update q + h N(q) w and of the
//                    exponential map, w = (0, 0, 10) rad/s, h = 1e-3 and 1e-2 s, 1 s (§5)
//   sensitivity.csv  vn and ∂vn/∂φ₀ (implicit function theorem, and a centred difference of
//                    two solves) against φ₀ for a 1 kg point mass on a kSap contact (§5.1)
//   nz.csv           n(z) of (3.6) and where Similar (z = vn − μ s(vt)) and Lagged (z = vn) put
//                    a sliding contact velocity (§3.2)
#include <algorithm>
#include <vector>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "reference/io/sap_problem.h"
#include "reference/laws/law.h"
#include "reference/multibody/quaternion.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sensitivity.h"
#include "reference/sap/hunt_crossley_constraint.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/stopping_criteria.h"

namespace {

using namespace simatlas;

std::ofstream OpenCsv(const std::filesystem::path& dir, const std::string& name) {
  std::ofstream file(dir / name);
  if (!file) throw std::runtime_error("cannot write " + (dir / name).string());
  file.precision(17);
  return file;
}

// The pizza saver's kSap constraints turned into Hunt–Crossley ones (d = 10 s/m, fe₀ = k(−φ₀)).
sap::SapProblem AsHuntCrossley(sap::SapProblem problem, sap::HuntCrossleyApproximation a) {
  for (sap::ConstraintSpec& c : problem.constraints) {
    const auto cone = std::get<sap::FrictionConeParameters>(c.parameters);
    sap::HuntCrossleyParameters p;
    p.approximation = a;
    p.mu = cone.mu;
    p.stiffness = cone.stiffness;
    p.dissipation = 10.0;
    p.fe0 = cone.stiffness * std::max(-cone.phi0, 0.0);
    c.parameters = p;
  }
  return problem;
}

// A stack of n boxes as point masses (m = 1 kg, three translational dofs each, one clique per
// box), h = 10 ms, gravity 9.81 m/s²: contact j joins box j − 1 (A, or the ground for j = 0) to
// box j (B); the frame C has z up (A into B), so vc = v_j − v_{j−1} (J blocks −I and +I). Each
// contact starts at half its equilibrium penetration, φ₀ = −½ (n − j) m g/k, and the top half of
// the stack slides at 0.1 m/s so that friction is active.
sap::SapProblem BoxStackProblem(int n) {
  const double m = 1.0, h = 0.01, g = 9.81, k = 1e5;
  sap::SapProblem problem;
  problem.time_step = h;
  for (int j = 0; j < n; ++j) {
    core::VectorX v0 = core::VectorX::Zero(3);
    if (j >= n / 2) v0[0] = 0.1;
    problem.cliques.push_back(
        {m * core::MatrixX::Identity(3, 3), v0 + h * core::Vector3(0, 0, -g)});
  }
  for (int j = 0; j < n; ++j) {
    sap::FrictionConeParameters cone;
    cone.mu = 0.5;
    cone.stiffness = k;
    cone.relaxation_time = 0.01;
    cone.phi0 = -0.5 * (n - j) * m * g / k;
    sap::ConstraintSpec c;
    if (j == 0) {
      c.cliques = {0};
      c.J = {core::MatrixX::Identity(3, 3)};
    } else {
      c.cliques = {j - 1, j};
      c.J = {-core::MatrixX::Identity(3, 3), core::MatrixX::Identity(3, 3)};
    }
    c.parameters = cone;
    problem.constraints.push_back(c);
  }
  return problem;
}

// Newton statistics of kSap, Similar and Lagged on one problem, one CSV: per iterate k the two
// sides of (4.3) and of (4.4), each threshold from the solver's own functions
// (OptimalityThreshold, CostCriterionThreshold in reference/sap/stopping_criteria.h), and which
// criterion holds there. The solver stops at the first iterate where one holds (the last row);
// a last row where none holds is the iteration cap, a failure.
void WriteConvergenceOf(const sap::SapProblem& problem, const sap::SapSolverParameters& parameters,
                        const std::filesystem::path& dir, const std::string& name) {
  std::ofstream out = OpenCsv(dir, name);
  out << "approximation,iteration,momentum_residual,momentum_threshold,cost,cost_change,"
         "cost_threshold,alpha_previous,criterion\n";
  const std::pair<std::string, sap::SapProblem> cases[] = {
      {"sap", problem},
      {"similar", AsHuntCrossley(problem, sap::HuntCrossleyApproximation::kSimilar)},
      {"lagged", AsHuntCrossley(problem, sap::HuntCrossleyApproximation::kLagged)}};
  for (const auto& [approximation, problem] : cases) {
    const sap::SapSolverResult r = sap::SolveSapProblem(problem, parameters);
    const std::size_t n = r.stats.size();
    for (std::size_t k = 0; k <= n; ++k) {
      // Iterate k: the stats of the top of iteration k, or the solver's own result for the last.
      const sap::StoppingCriteriaResidual residual =
          k < n ? sap::StoppingCriteriaResidual{r.stats[k].momentum_residual,
                                                r.stats[k].momentum_scale}
                : sap::StoppingCriteriaResidual{r.momentum_residual, r.momentum_scale};
      const double ell = k < n ? r.stats[k].cost : r.cost;
      const bool optimality = sap::OptimalityCriterionReached(residual, parameters.abs_tolerance,
                                                              parameters.rel_tolerance);
      out << approximation << ',' << k << ',' << residual.momentum_residual << ','
          << sap::OptimalityThreshold(residual, parameters.abs_tolerance, parameters.rel_tolerance)
          << ',' << ell;
      bool cost = false;
      if (k == 0) {
        out << ",,,";  // (4.4) needs a step: nothing to compare at the guess
      } else {
        const double ell_previous = r.stats[k - 1].cost, alpha = r.stats[k - 1].alpha;
        cost = sap::CostCriterionReached(ell_previous, ell, alpha, parameters.cost_abs_tolerance,
                                         parameters.cost_rel_tolerance);
        out << ',' << std::abs(ell - ell_previous) << ','
            << sap::CostCriterionThreshold(ell_previous, ell, parameters.cost_abs_tolerance,
                                           parameters.cost_rel_tolerance)
            << ',' << alpha;
      }
      if (k == n &&
          (optimality != r.optimality_criterion_reached || cost != r.cost_criterion_reached)) {
        throw std::runtime_error(
            approximation +
            ": the criteria recomputed at the last iterate differ from the solver's");
      }
      if (k < n && (optimality || cost)) {
        throw std::runtime_error(approximation + ": a criterion holds at iterate " +
                                 std::to_string(k) + " before the last");
      }
      out << ','
          << (optimality && cost ? "both"
              : optimality       ? "optimality"
              : cost             ? "cost"
                                 : "none")
          << '\n';
    }
  }
}

void WriteConvergence(const std::filesystem::path& dir) {
  const io::SapProblemFile file = io::ReadSapProblem(std::string(SIMATLAS_FORMATS_DIR) +
                                                     "/examples/sap/pizza_saver_sliding.json");
  // Drake's defaults (SapSolverParameters: εa = 1e-14 √J, εr = 1e-6, εca = 1e-30 J,
  // εcr = 1e-15, cap 100) on both problems; the stack also with a cap of 2 iterations, where the
  // slower approximations fail (§4.2: max_iterations without either criterion is a failure), and
  // with (4.3) switched off (εa = εr = 0), so that (4.4) ends each solve at round-off.
  const sap::SapSolverParameters defaults;
  WriteConvergenceOf(file.problem, defaults, dir, "convergence.csv");
  WriteConvergenceOf(BoxStackProblem(20), defaults, dir, "convergence_stack.csv");
  sap::SapSolverParameters capped = defaults;
  capped.max_iterations = 2;
  WriteConvergenceOf(BoxStackProblem(20), capped, dir, "convergence_stack_cap2.csv");
  sap::SapSolverParameters cost_only = defaults;
  cost_only.abs_tolerance = 0.0;
  cost_only.rel_tolerance = 0.0;
  WriteConvergenceOf(BoxStackProblem(20), cost_only, dir, "convergence_stack_cost_only.csv");
}

void WriteRegions(const std::filesystem::path& dir) {
  // One 1 kg point contact, h = 10 ms, k = 1e5 N/m, τ = 0, μ = 0.5 (W = I: w = √3/3 in each
  // entry), σ = 0.1 (100 x the driver's 1e-3, so that the no-contact wedge is wide enough to
  // see): Rn = 1/(h² k) = 0.1, Rt = σ w = 0.0577, μ̂ = μ Rt/Rn = 0.289.
  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e5;
  p.sigma = 0.1;
  const sap::FrictionConeRegularization r =
      sap::CalcFrictionConeRegularization(0.01, core::Vector3::Constant(std::sqrt(3.0) / 3.0), p);
  std::ofstream out = OpenCsv(dir, "regions.csv");
  out << "yt_norm,yn,mode,mu,mu_hat,sigma,k,h\n";
  for (int i = 0; i <= 200; ++i) {
    for (int j = 0; j <= 200; ++j) {
      const double yt = 1.0 * i / 200, yn = -1.0 + 2.0 * j / 200;
      const sap::ConeProjection proj =
          sap::ProjectToFrictionCone(core::Vector3(yt, 0, yn), p.mu, r);
      out << yt << ',' << yn << ',' << static_cast<int>(proj.mode) << ',' << p.mu << ',' << r.mu_hat
          << ',' << p.sigma << ',' << p.stiffness << ',' << 0.01 << '\n';
    }
  }
}

// A number as text with every digit ("key=" arguments of a law).
std::string Text(double value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

// A law evaluated by name with "key=value" arguments, as `simatlas law` does.
laws::Values Law(const std::string& name, const std::vector<std::string>& arguments) {
  const laws::Law& law = laws::AllLaws().Get(name);
  return laws::Evaluate(law, laws::ParseArguments(law, arguments));
}

// §1: M(q2) of the double pendulum (defaults: m = 1 kg, l1 = 1 m, lc = 0.5 m, I = 0.01 kg·m²).
void WriteMassMatrix(const std::filesystem::path& dir) {
  std::ofstream out = OpenCsv(dir, "mass_matrix.csv");
  out << "q2,M11,M12,M22,eig_min,eig_max\n";
  for (int i = 0; i <= 180; ++i) {
    const double q2 = -M_PI + 2 * M_PI * i / 180;
    const Eigen::VectorXd m =
        Law("multibody.double_pendulum", {"q=0," + Text(q2), "v=0,0"}).Vector("M");
    Eigen::Matrix2d M;
    M << m(0), m(1), m(1), m(2);
    const Eigen::Vector2d eig = Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d>(M).eigenvalues();
    out << q2 << ',' << m(0) << ',' << m(1) << ',' << m(2) << ',' << eig(0) << ',' << eig(1)
        << '\n';
  }
}

// §2.1: v*/v0 of one damped dof (m = 1 kg, D = 10 kg/s, v0 = 1 m/s, no other force) against hD/m.
void WriteFreeMotion(const std::filesystem::path& dir) {
  std::ofstream out = OpenCsv(dir, "free_motion.csv");
  out << "hD_over_m,implicit,explicit\n";
  for (int i = 1; i <= 150; ++i) {
    const double h = 0.3 * i / 150;  // hD/m from 0.02 to 3 (the law needs h > 0)
    const double vstar =
        Law("multibody.free_motion", {"m=1", "d=10", "h=" + Text(h), "v0=1"}).Number("vstar");
    out << 10 * h << ',' << vstar << ',' << 1 - 10 * h << '\n';
  }
}

// §5: ‖q‖ under the linear update and the exponential map, 1 s at w = (0, 0, 10) rad/s.
void WriteQuaternion(const std::filesystem::path& dir) {
  std::ofstream out = OpenCsv(dir, "quaternion.csv");
  out << "h,t,norm_linear,norm_exp\n";
  const core::Vector3 w(0, 0, 10);
  for (double h : {1e-2, 1e-3}) {
    multibody::Vector4 linear(1, 0, 0, 0), exponential(1, 0, 0, 0);
    const int steps = static_cast<int>(std::lround(1.0 / h));
    out << h << ",0,1,1\n";
    for (int k = 1; k <= steps; ++k) {
      linear = multibody::QuaternionStepLinear(linear, w, h);
      exponential = multibody::QuaternionStepExponential(exponential, w, h);
      out << h << ',' << k * h << ',' << linear.norm() << ',' << exponential.norm() << '\n';
    }
  }
}

// §5.1: vn(φ₀) and ∂vn/∂φ₀ of a 1 kg point mass (v* = (0.3, 0.1, −0.2) m/s, h = 1 ms) on a
// kSap contact (k = 1e5 N/m, τ = 0.01 s, μ = 0.5, β = 0), by (5.2) and by a centred difference.
void WriteSensitivity(const std::filesystem::path& dir) {
  const double h = 1e-3, delta = 1e-7;
  sap::SapSolverParameters tight;
  tight.rel_tolerance = 1e-13;
  auto problem_at = [&](double phi0) {
    sap::FrictionConeParameters p;
    p.mu = 0.5;
    p.stiffness = 1e5;
    p.relaxation_time = 0.01;
    p.beta = 0.0;
    p.phi0 = phi0;
    return exercises::e3_sap::PointMassProblem(h, core::Vector3(0.3, 0.1, -0.2), p);
  };
  std::ofstream out = OpenCsv(dir, "sensitivity.csv");
  out << "phi0,vn,dvn_dphi0_ift,dvn_dphi0_fd\n";
  // The range covers both sides of the φ₀ where the contact opens (about 3.9 mm here).
  for (int i = 0; i <= 180; ++i) {
    const double phi0 = -3e-3 + 9e-3 * i / 180;
    const sap::SapProblem problem = problem_at(phi0);
    const sap::SapSolverResult r = sap::SolveSapProblem(problem, tight);
    const sap::SapModel model(problem);
    const double ift = sap::CalcVelocitySensitivity(model, h, r.v, 0, sap::ConeParameter::kPhi0)(2);
    const double fd = (sap::SolveSapProblem(problem_at(phi0 + delta), tight).v(2) -
                       sap::SolveSapProblem(problem_at(phi0 - delta), tight).v(2)) /
                      (2 * delta);
    out << phi0 << ',' << r.v(2) << ',' << ift << ',' << fd << '\n';
  }
}

void WriteNz(const std::filesystem::path& dir) {
  const double h = 1e-3;
  sap::HuntCrossleyParameters p;
  p.mu = 0.5;
  p.stiffness = 1e4;
  p.dissipation = 2.0;
  p.fe0 = 10.0;
  std::ofstream out = OpenCsv(dir, "nz.csv");
  out << "vn,vt,z_similar,n_similar,z_lagged,n_lagged,n_of_vn\n";
  const core::Vector3 w = core::Vector3::Constant(1.0);
  p.approximation = sap::HuntCrossleyApproximation::kSimilar;
  const sap::HuntCrossleyConstraint similar(p, h, w);
  p.approximation = sap::HuntCrossleyApproximation::kLagged;
  const sap::HuntCrossleyConstraint lagged(p, h, w);
  const double vt = 0.2;
  for (int i = 0; i <= 400; ++i) {
    const double vn = -0.6 + 1.4 * i / 400;
    const core::Vector3 vc(vt, 0.0, vn);
    const double zs = similar.CalcZ(vc), zl = lagged.CalcZ(vc);
    out << vn << ',' << vt << ',' << zs << ',' << similar.law().n(zs) << ',' << zl << ','
        << lagged.law().n(zl) << ',' << lagged.law().n(vn) << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: figure_data_e3_sap OUT_DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    WriteConvergence(dir);
    WriteRegions(dir);
    WriteNz(dir);
    WriteMassMatrix(dir);
    WriteFreeMotion(dir);
    WriteQuaternion(dir);
    WriteSensitivity(dir);
  } catch (const std::exception& error) {
    std::cerr << "figure_data_e3_sap: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
