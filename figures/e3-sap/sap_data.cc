// Data of the SAP figures (E3-SAP §3.2, §5), computed by the reference step driver and written
// as CSV; figures/e3-sap/{box_slide_distance,sphere_drop_penetration}.py only plot these numbers.
//   box_slide_<approximation>_<dt>.csv   t [s], distance [m], speed [m/s], contact_force [N]
//       (total normal force of the step ending at t; 0 at t = 0), pitch [rad] (the box's tilt
//       about y at t, 2 atan2(q_y, q_w)), contacts (pairs the step ending at t found at its start)
//       and phi0_min [m] (their deepest φ₀, 0 without pairs) of scene box_slide (1 kg cube,
//       v0 = 1 m/s, μ = 0.5, k = 1e5 N/m, d = 10 s/m, τd = 0.01 s) for approximation ∈ {sap,
//       similar, lagged} and dt ∈ {1e-3, 4e-2} s over 0.6 s; the Coulomb answer stops at
//       v0/(μ g) after v0²/(2 μ g). At dt = 40 ms the three approximations part visibly.
//   sphere_drop_<approximation>.csv      t [s], penetration [m], contact_force [N] of scene
//       sphere_on_ground (1 kg, r = 0.1 m, k = 1e4 N/m) dropped from 0.1 m above contact,
//       dt = 1e-3 s over 1 s; at rest x = m g / k = 9.81e-4 m.
// Usage: figure_data_sap OUTPUT_DIR
#include <cmath>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"

namespace simatlas::figures {
namespace {

// One box_slide run written as t, distance, speed, contact_force.
void WriteBoxSlide(const std::filesystem::path& dir, const std::string& approximation,
                   const std::string& dt_text, double dt) {
  const scenes::SceneDefinition& def = scenes::FindScene("box_slide");
  const int steps = static_cast<int>(std::lround(0.6 / dt));
  const scenes::SceneArguments a =
      scenes::ParseSceneArguments(def, {"approximation=" + approximation, "dt=" + dt_text,
                                        "steps=" + std::to_string(steps), "mu=0.5", "v0=1"});
  const scenes::Scene scene = def.build(a);
  const scenes::Trajectory t = scenes::Simulate(scene, scenes::ReadDriverOptions(a));
  const std::filesystem::path path = dir / ("box_slide_" + approximation + "_" + dt_text + ".csv");
  std::ofstream file(path);
  if (!file) throw std::runtime_error("cannot write " + path.string());
  file.precision(17);
  file << "t,distance,speed,contact_force,pitch,contacts,phi0_min\n";
  for (std::size_t k = 0; k < t.t.size(); ++k) {
    // the step ending at t[k] is step k − 1 (none at t = 0)
    const std::vector<scenes::ContactResult> none;
    const std::vector<scenes::ContactResult>& pairs = k == 0 ? none : t.contacts[k - 1];
    double phi0_min = 0.0;
    for (const scenes::ContactResult& c : pairs) phi0_min = std::min(phi0_min, c.phi0);
    file << t.t[k] << "," << t.q[k](4) - t.q[0](4) << "," << std::hypot(t.v[k](3), t.v[k](4)) << ","
         << (k == 0 ? 0.0 : t.contact_force[k - 1]) << "," << 2 * std::atan2(t.q[k](2), t.q[k](0))
         << "," << pairs.size() << "," << phi0_min << "\n";
  }
}

// One sphere drop written as t, penetration, contact_force (0 at t = 0).
void WriteSphereDrop(const std::filesystem::path& dir, const std::string& approximation) {
  const scenes::SceneDefinition& def = scenes::FindScene("sphere_on_ground");
  const scenes::SceneArguments a = scenes::ParseSceneArguments(
      def, {"approximation=" + approximation, "dt=0.001", "steps=1000", "stiffness=1e4", "z0=0.2"});
  const scenes::Scene scene = def.build(a);
  const scenes::Trajectory t = scenes::Simulate(scene, scenes::ReadDriverOptions(a));
  const std::filesystem::path path = dir / ("sphere_drop_" + approximation + ".csv");
  std::ofstream file(path);
  if (!file) throw std::runtime_error("cannot write " + path.string());
  file.precision(17);
  file << "t,penetration,contact_force\n";
  for (std::size_t k = 0; k < t.t.size(); ++k) {
    file << t.t[k] << "," << a.Number("radius") - t.q[k](6) << ","
         << (k == 0 ? 0.0 : t.contact_force[k - 1]) << "\n";
  }
}

}  // namespace
}  // namespace simatlas::figures

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: figure_data_sap OUTPUT_DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path dir(argv[1]);
    std::filesystem::create_directories(dir);
    for (const std::string approximation : {"sap", "similar", "lagged"}) {
      simatlas::figures::WriteBoxSlide(dir, approximation, "0.001", 1e-3);
      simatlas::figures::WriteBoxSlide(dir, approximation, "0.04", 4e-2);
      simatlas::figures::WriteSphereDrop(dir, approximation);
    }
  } catch (const std::exception& e) {
    std::cerr << "figure_data_sap: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
