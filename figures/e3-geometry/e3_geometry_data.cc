// Data of the E3-geometry figures, computed by the reference engine and written as CSV; the
// figure scripts (figures/e3-geometry/*.py) only plot these numbers.
//   friction_regularisation.csv  §4: Stribeck quintic (formula sheet (4.1)) and atan curve (4.2)
//                                vs ‖vt‖/vs
//   stiffness_combination.csv    §3: k/k₁ and the two dissipation weights vs k₂/k₁
//   friction_combination.csv     §3: combined μ/μ₁ vs μ₂/μ₁, with the series rule for contrast
//   hunt_crossley_force.csv      §2.1: fn = k x (1 + d ẋ) (0 and skipped when separating faster
//                                than 1/d) vs ẋ for d = 0, 0.5, 2 s/m at k = 1e5 N/m, x = 1 mm
// Usage: figure_data_e3_geometry OUTPUT_DIR
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>

#include "reference/contact/friction_regularization.h"
#include "reference/contact/material.h"
#include "reference/contact/point_contact.h"

namespace simatlas::figures {
namespace {

// Opens dir/name for writing; throws if it cannot.
std::ofstream OpenCsv(const std::filesystem::path& dir, const std::string& name) {
  std::ofstream file(dir / name);
  if (!file) throw std::runtime_error("cannot write " + (dir / name).string());
  file.precision(17);
  return file;
}

// §4: μ(s) of both regularisations for s = ‖vt‖/vs in [0, 5], vs = the default 1e-4 m/s.
void WriteFrictionRegularisation(const std::filesystem::path& dir) {
  constexpr double kMuStatic = 0.8;
  constexpr double kMuDynamic = 0.5;
  const double vs = contact::kDefaultStictionTolerance;
  std::ofstream csv = OpenCsv(dir, "friction_regularisation.csv");
  csv << "speed_over_vs,mu_stribeck,mu_atan,mu_s,mu_d\n";
  constexpr int kSamples = 1001;
  for (int i = 0; i < kSamples; ++i) {
    const double s = 5.0 * i / (kSamples - 1);
    csv << s << "," << contact::StribeckFrictionCoefficient(s * vs, vs, kMuStatic, kMuDynamic)
        << "," << contact::AtanFrictionCoefficient(s * vs, vs, kMuDynamic) << "," << kMuStatic
        << "," << kMuDynamic << "\n";
  }
}

// §3: k/k₁ and the dissipation weights for k₂/k₁ in [1e-3, 1e3] (log-spaced), k₁ = 1e5 N/m.
void WriteStiffnessCombination(const std::filesystem::path& dir) {
  constexpr double k1 = 1e5;
  std::ofstream csv = OpenCsv(dir, "stiffness_combination.csv");
  csv << "k2_over_k1,k_over_k1,weight_of_d1,weight_of_d2\n";
  constexpr int kSamples = 241;
  for (int i = 0; i < kSamples; ++i) {
    const double ratio = std::pow(10.0, -3.0 + 6.0 * i / (kSamples - 1));
    const double k2 = ratio * k1;
    // The weights are the combined d with (d₁, d₂) = (1, 0) and (0, 1).
    csv << ratio << "," << contact::CombinePointStiffness(k1, k2) / k1 << ","
        << contact::CombineHuntCrossleyDissipation(k1, k2, 1.0, 0.0) << ","
        << contact::CombineHuntCrossleyDissipation(k1, k2, 0.0, 1.0) << "\n";
  }
}

// §3: combined μ/μ₁ for μ₂/μ₁ in [0, 4], μ₁ = 0.5, and the series rule on the same numbers.
void WriteFrictionCombination(const std::filesystem::path& dir) {
  constexpr double mu1 = 0.5;
  std::ofstream csv = OpenCsv(dir, "friction_combination.csv");
  csv << "mu2_over_mu1,mu_over_mu1,series_rule_over_mu1\n";
  constexpr int kSamples = 401;
  for (int i = 0; i < kSamples; ++i) {
    const double ratio = 4.0 * i / (kSamples - 1);
    const double mu2 = ratio * mu1;
    const double mu = contact::CombineFriction({mu1, mu1}, {mu2, mu2}).static_friction;
    csv << ratio << "," << mu / mu1 << "," << contact::CombinePointStiffness(mu1, mu2) / mu1
        << "\n";
  }
}

}  // namespace
}  // namespace simatlas::figures

namespace simatlas::figures {
namespace {

// §2.1: the continuous point normal force against the penetration rate ẋ = −vn.
void WriteHuntCrossleyForce(const std::filesystem::path& dir) {
  std::ofstream csv = OpenCsv(dir, "hunt_crossley_force.csv");
  csv << "xdot,fn_d0,fn_d0.5,fn_d2\n";
  for (int i = 0; i <= 350; ++i) {
    const double xdot = -2.5 + 3.5 * i / 350;
    csv << xdot;
    for (double d : {0.0, 0.5, 2.0})
      csv << "," << contact::CalcContinuousNormalForce(1e5, d, 1e-3, xdot).fn;
    csv << "\n";
  }
}

}  // namespace
}  // namespace simatlas::figures

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: figure_data_e3_geometry OUTPUT_DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir(argv[1]);
    std::filesystem::create_directories(dir);
    simatlas::figures::WriteFrictionRegularisation(dir);
    simatlas::figures::WriteStiffnessCombination(dir);
    simatlas::figures::WriteFrictionCombination(dir);
    simatlas::figures::WriteHuntCrossleyForce(dir);
    std::cout << "E3-geometry figure data written to " << dir.string() << "\n";
  } catch (const std::exception& error) {
    std::cerr << "figure_data_e3_geometry: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
