// Data of the hydroelastic figures (E3-geometry §2.2), computed by the reference engine and
// written as CSV; the scripts in figures/e3-geometry/hydro_*.py only plot these numbers.
//   pressure_surface.csv   one row per polygon vertex (face, x, y) with the face's pe [Pa]:
//                          compliant sphere E = 1e5 Pa, R = 0.1 m, 10 mm into a rigid half space
//   force_vs_depth.csv     hydro force (tessellated and analytic) and a point-contact force
//                          k·x with k matched at x = 10 mm, over depth 0 … 30 mm
//   convergence.csv        tessellated vs analytic force over the refinement levels 1 … 8
// Usage: figure_data_hydro OUTPUT_DIR
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numbers>
#include <stdexcept>
#include <string>

#include "reference/geometry/contact_surface.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::figures {
namespace {

constexpr double kModulus = 1e5;  // E [Pa]
constexpr double kRadius = 0.1;   // R [m]

// Opens dir/name for writing; throws if it cannot.
std::ofstream OpenCsv(const std::filesystem::path& dir, const std::string& name) {
  std::ofstream file(dir / name);
  if (!file) throw std::runtime_error("cannot write " + (dir / name).string());
  file.precision(17);
  return file;
}

// The contact surface of the sphere (hint [m]) pressed `depth` [m] into the ground z ≤ 0.
geometry::ContactSurface SphereOnGround(double hint, double depth) {
  const auto mesh = geometry::TransformVolumeMesh(geometry::MakeSphereVolumeMesh(kRadius, hint),
                                                  core::Matrix3::Identity(),
                                                  core::Vector3(0, 0, kRadius - depth));
  return geometry::ComputeContactSurface(geometry::MakePressureField(mesh, kModulus),
                                         geometry::HalfSpacePlane{});
}

// F = πE a² − (2πE/(3R))(R³ − c³), c = R − depth, a² = R² − c² (derivation in
// reference/laws/hydro_laws.cc).
double AnalyticForce(double depth) {
  const double c = kRadius - depth, R = kRadius;
  return std::numbers::pi * kModulus * (R * R - c * c) -
         2.0 * std::numbers::pi * kModulus / (3.0 * R) * (R * R * R - c * c * c);
}

void WritePressureSurface(const std::filesystem::path& dir) {
  const auto surface = SphereOnGround(0.01, 0.01);  // level 4
  std::ofstream csv = OpenCsv(dir, "pressure_surface.csv");
  csv << "face,x,y,pressure\n";
  for (std::size_t f = 0; f < surface.faces.size(); ++f) {
    for (const core::Vector3& v : surface.faces[f].vertices) {
      csv << f << "," << v.x() << "," << v.y() << "," << surface.faces[f].pressure << "\n";
    }
  }
}

void WriteForceVsDepth(const std::filesystem::path& dir) {
  // Point contact for contrast: fn = k x with k matched to the analytic hydro force at 10 mm.
  const double k = AnalyticForce(0.01) / 0.01;
  std::ofstream csv = OpenCsv(dir, "force_vs_depth.csv");
  csv << "depth,hydro_tessellated,hydro_analytic,point\n";
  for (int i = 0; i <= 60; ++i) {
    const double depth = 0.03 * i / 60.0;
    csv << depth << "," << SphereOnGround(0.01, depth).ElasticForceOnM().z() << ","
        << AnalyticForce(depth) << "," << k * depth << "\n";
  }
}

void WriteConvergence(const std::filesystem::path& dir) {
  std::ofstream csv = OpenCsv(dir, "convergence.csv");
  csv << "level,resolution_hint,force,analytic,relative_error\n";
  for (int level = 1; level <= geometry::kMaxSphereRefinementLevel; ++level) {
    // The largest hint that gives this level: √2·R/2^L.
    const double hint = std::sqrt(2.0) * kRadius / std::ldexp(1.0, level) * (1 + 1e-9);
    const double force = SphereOnGround(hint, 0.01).ElasticForceOnM().z();
    const double analytic = AnalyticForce(0.01);
    csv << level << "," << hint << "," << force << "," << analytic << ","
        << std::abs(force - analytic) / analytic << "\n";
  }
}

}  // namespace
}  // namespace simatlas::figures

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: figure_data_hydro OUTPUT_DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir(argv[1]);
    std::filesystem::create_directories(dir);
    simatlas::figures::WritePressureSurface(dir);
    simatlas::figures::WriteForceVsDepth(dir);
    simatlas::figures::WriteConvergence(dir);
  } catch (const std::exception& e) {
    std::cerr << "figure_data_hydro: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
