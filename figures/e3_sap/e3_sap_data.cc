// E3-SAP figures' data (§3–§4.2): CSV files from the reference engine.
//   convergence.csv  Newton iterations on the pizza saver (sliding) for kSap, Similar, Lagged:
//                    ‖Dg‖ and the cost gap ℓ_k − ℓ_final per iteration (§4.2)
//   regions.csv      the projection region of (3.3) on a grid of (‖yt‖, yn) (§3.1)
//   nz.csv           n(z) of (3.6) and where Similar (z = vn − μ s(vt)) and Lagged (z = vn) put
//                    a sliding contact velocity (§3.2)
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>

#include "reference/io/sap_problem.h"
#include "reference/sap/hunt_crossley_constraint.h"
#include "reference/sap/sap_solver.h"

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
    problem.cliques.push_back({m * core::MatrixX::Identity(3, 3), v0 + h * core::Vector3(0, 0, -g)});
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

// Newton statistics of kSap, Similar and Lagged on one problem, one CSV.
void WriteConvergenceOf(const sap::SapProblem& problem, const std::filesystem::path& dir,
                        const std::string& name) {
  std::ofstream out = OpenCsv(dir, name);
  out << "approximation,iteration,momentum_residual,cost_gap\n";
  const std::pair<std::string, sap::SapProblem> cases[] = {
      {"sap", problem},
      {"similar", AsHuntCrossley(problem, sap::HuntCrossleyApproximation::kSimilar)},
      {"lagged", AsHuntCrossley(problem, sap::HuntCrossleyApproximation::kLagged)}};
  sap::SapSolverParameters parameters;
  parameters.rel_tolerance = 1e-12;  // run long enough to show the quadratic tail
  for (const auto& [name, problem] : cases) {
    const sap::SapSolverResult r = sap::SolveSapProblem(problem, parameters);
    for (std::size_t k = 0; k < r.stats.size(); ++k) {
      out << name << ',' << k << ',' << r.stats[k].momentum_residual << ','
          << r.stats[k].cost - r.cost << '\n';
    }
    out << name << ',' << r.stats.size() << ',' << r.momentum_residual << ",0\n";
  }
}

void WriteConvergence(const std::filesystem::path& dir) {
  const io::SapProblemFile file =
      io::ReadSapProblem(std::string(SIMATLAS_FORMATS_DIR) + "/examples/sap/pizza_saver_sliding.json");
  WriteConvergenceOf(file.problem, dir, "convergence.csv");
  WriteConvergenceOf(BoxStackProblem(20), dir, "convergence_stack.csv");
}

void WriteRegions(const std::filesystem::path& dir) {
  // One 1 kg point contact, h = 10 ms, k = 1e4 N/m, μ = 0.5 (W = I: w = √3/3 in each entry).
  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e4;
  const sap::FrictionConeRegularization r =
      sap::CalcFrictionConeRegularization(0.01, core::Vector3::Constant(std::sqrt(3.0) / 3.0), p);
  std::ofstream out = OpenCsv(dir, "regions.csv");
  out << "yt_norm,yn,mode,mu,mu_hat\n";
  for (int i = 0; i <= 200; ++i) {
    for (int j = 0; j <= 200; ++j) {
      const double yt = 1.0 * i / 200, yn = -1.0 + 2.0 * j / 200;
      const sap::ConeProjection proj = sap::ProjectToFrictionCone(core::Vector3(yt, 0, yn), p.mu, r);
      out << yt << ',' << yn << ',' << static_cast<int>(proj.mode) << ',' << p.mu << ',' << r.mu_hat
          << '\n';
    }
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
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  WriteConvergence(dir);
  WriteRegions(dir);
  WriteNz(dir);
  return 0;
}
