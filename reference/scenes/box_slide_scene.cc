// Scene box_slide (E3-SAP §2.2, §3.1–§3.2): a cube on a free joint resting on the ground on its
// four bottom vertices, launched along +x at v0. Coulomb friction decelerates it at μ g, so it
// stops after v0/(μ g) having travelled v0²/(2 μ g); the kSap and Similar approximations couple
// normal and tangential impulse ("gliding", §3.2): the first step pushes the sliding box off the
// ground and it hops (first_step_gliding.h predicts the push and the flight; the notes say so).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <cmath>
#include <cstdio>

#include "reference/core/errors.h"
#include "reference/scenes/first_step_gliding.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

// Horizontal speed below which the box counts as stopped [m/s].
constexpr double kStopSpeed = 1e-3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double mass = a.Number("mass"), side = a.Number("side");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("side", side, "m");
  core::RequireFinite("v0", a.Number("v0"), "m/s");
  multibody::RigidBody box;
  box.name = "box";
  box.mass = mass;
  box.I_BBcm_B = multibody::SolidBoxInertia(mass, Vector3::Constant(side));
  const int b = scene.tree.AddBody(box);
  scene.tree.AddJoint(multibody::MakeFreeJoint("box_free", multibody::kWorldBody, b));
  ContactGeometry g;
  g.body = b;
  g.shape = ShapeType::kBox;
  g.sides = Vector3::Constant(side);
  scene.contact_geometry.push_back(g);
  scene.material = ReadContactMaterial(a);
  // Start at the static penetration of the four bottom vertices (each carries m g / 4).
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = side / 2 - mass * 9.81 / (4 * scene.material.stiffness);
  scene.v0 = VectorX::Zero(6);
  scene.v0(3) = a.Number("v0");
  return scene;
}

// The first step measured: its total normal force [N] and the flight that follows, the
// contact-free steps from step 2 on × h [s] (nullopt: no step ran), and the later flights.
struct FirstStep {
  std::optional<double> force;
  std::optional<double> flight;
  int flight_steps = 0;
  int later_hops = 0;  // contact-free stretches after the first landing
};

FirstStep MeasureFirstStep(const Trajectory& t, double h) {
  FirstStep f;
  if (t.contact_force.empty()) return f;
  f.force = t.contact_force[0];
  while (f.flight_steps + 1 < static_cast<int>(t.contact_force.size()) &&
         t.contact_force[f.flight_steps + 1] == 0.0) {
    ++f.flight_steps;
  }
  f.flight = f.flight_steps * h;
  for (std::size_t k = f.flight_steps + 2; k < t.contact_force.size(); ++k) {
    if (t.contact_force[k] == 0.0 && t.contact_force[k - 1] != 0.0) ++f.later_hops;
  }
  return f;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments& a,
                                    const Trajectory& t) {
  std::optional<double> stop_time;
  for (std::size_t k = 0; k < t.v.size(); ++k) {
    if (std::hypot(t.v[k](3), t.v[k](4)) <= kStopSpeed) {
      stop_time = t.t[k];
      break;
    }
  }
  const DriverOptions o = ReadDriverOptions(a);
  const FirstStep measured = MeasureFirstStep(t, o.dt);
  const FirstStepPrediction p = PredictFirstStepAsPointMass(scene, o.dt, o.approximation, o.mu);
  return {
      {"distance", t.q.back()(4) - t.q.front()(4), "m", "x travelled by the centre"},
      {"stop_time", stop_time, "s",
       "first time the horizontal speed is <= 1e-3 m/s (null: still sliding)"},
      {"first_step_force", measured.force, "N", "total normal contact force of step 1"},
      {"first_step_force_point_mass", p.normal_force, "N",
       "step 1's normal force with the box reduced to a point mass on the same contacts "
       "(first_step_gliding.h): the approximation's law alone, without the tilt"},
      {"liftoff_speed_point_mass", p.liftoff_speed, "m/s",
       "the point mass's vertical speed after step 1 (> 0: it leaves the ground, gliding)"},
      {"flight_point_mass", p.flight_time, "s", "2 vz/g: the point mass's flight after step 1"},
      {"first_flight", measured.flight, "s",
       "contact-free steps right after step 1, times dt (0: the box stays on the ground)"},
  };
}

std::string Number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", x);
  return buffer;
}

// What step 1 shows, from the run and the point-mass model: the push, the hop and its cause.
std::vector<std::string> Notes(const Scene& scene, const SceneArguments& a, const Trajectory& t) {
  const DriverOptions o = ReadDriverOptions(a);
  const FirstStep measured = MeasureFirstStep(t, o.dt);
  if (!measured.force) return {};
  const FirstStepPrediction p = PredictFirstStepAsPointMass(scene, o.dt, o.approximation, o.mu);
  const double weight = a.Number("mass") * scene.tree.gravity().norm();
  std::string law;
  if (o.approximation == "sap") {
    law =
        "kSap's sliding branch (E3-SAP formula sheet (3.3)) adds μ̂ yr = μ ‖vt‖/Rn to γn, so a contact sliding at ‖vt‖ "
        "pushes until it separates at vn ≈ μ ‖vt‖ (gliding, E3-SAP §3.1)";
  } else if (o.approximation == "similar") {
    law =
        "Similar evaluates its normal impulse n(z) at z = vn − μ s(vt) (E3-SAP formula sheet (3.2)), so a contact "
        "sliding at ‖vt‖ pushes until vn ≈ μ s(vt) (gliding, E3-SAP §3.2)";
  } else {
    law = "Lagged evaluates n(vn) without the slip (E3-SAP formula sheet (3.2)): no gliding";
  }
  std::string s = "step 1 pushes with " + Number(*measured.force) +
                  " N on a box that weighs m g = " + Number(weight) + " N: " + law +
                  ". The box as a point mass on the same " + std::to_string(p.contacts) +
                  " contacts (first_step_gliding.h) gets " + Number(p.normal_force) +
                  " N and leaves step 1 at vz = " + Number(p.liftoff_speed) + " m/s";
  if (p.flight_time > 0) {
    s += ", so it flies about 2 vz/g = " + Number(p.flight_time) + " s; measured: no contact for " +
         std::to_string(measured.flight_steps) + " steps (" + Number(*measured.flight) +
         " s) after step 1, then " + std::to_string(measured.later_hops) +
         " more hops while it slides (the real step also tips the box, which changes its landing).";
  } else {
    s += ": it stays on the ground (measured: " + std::to_string(measured.flight_steps) +
         " contact-free steps after step 1).";
  }
  return {s};
}

}  // namespace

SceneDefinition BoxSlideScene() {
  std::vector<SceneKey> keys = {
      {"mass", "kg", "box mass", 1.0, {}, ""},
      {"v0", "m/s", "initial speed along +x", 1.0, {}, ""},
      {"side", "m", "cube side", 0.2, {}, ""},
  };
  for (const SceneKey& k : ContactMaterialKeys(1e5)) keys.push_back(k);
  return {"box_slide",
          "E3-SAP §2.2, §3",
          "a cube sliding on the ground on its 4 bottom vertices; stops after v0²/(2 μ g)",
          keys,
          Build,
          Summarize,
          Notes};
}

}  // namespace simatlas::scenes
