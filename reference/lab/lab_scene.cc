// E3-SAP §2.2, §3 — the lab's shared scenes, each built from a built-in scene of reference/scenes.
#include "reference/lab/lab_scene.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/multibody/generalized_forces.h"

namespace simatlas::lab {

namespace {

using core::Vector3;
using core::VectorX;

constexpr double kMass = 1.0;             // [kg] every body
constexpr double kSide = 0.2;             // [m] cube side
constexpr double kRadius = 0.1;           // [m] ball radius
constexpr double kStiffness = 1e5;        // [N/m] per point pair
constexpr double kSpeed = 1.0;            // [m/s] launch speed of ball_roll and cube_slide
constexpr double kSpeedThreshold = 1e-2;  // [m/s] speed at which the dragged cube "slides"

// A built-in scene with the lab's mass, stiffness and sizes (keys of scenes/scene.h).
scenes::Scene Built(const std::string& name, std::vector<std::string> keys) {
  const scenes::SceneDefinition& def = scenes::FindScene(name);
  return def.build(scenes::ParseSceneArguments(def, keys));
}

scenes::Scene Cube(double v0) {
  scenes::Scene cube = Built("box_slide", {"mass=1", "side=0.2", "stiffness=100000"});
  cube.v0(3) = v0;
  return cube;
}

// Horizontal speed of the first free body (v = (ω, v)).
double Speed(const VectorX& v) { return std::hypot(v(3), v(4)); }

LabScene BallRoll() {
  LabScene s;
  s.name = "ball_roll";
  s.section = "E3-SAP §3";
  s.description = "ball (1 kg, r 0.1 m) launched at 1 m/s without spin; rolls at 5/7 v0";
  s.scene = Built("sphere_on_ground", {"mass=1", "radius=0.1", "stiffness=100000"});
  // centre at the rest depth m g/k
  s.scene.q0(6) = kRadius - kMass * kLabGravity / kStiffness;
  s.scene.v0(3) = kSpeed;
  s.duration = 0.5;
  s.support_pairs = 1;
  // Angular momentum about the contact point is conserved (friction and normal force pass through
  // it): m v0 r = m v r + (2/5) m r² (v/r) ⇒ v = 5/7 v0, reached at 2 v0/(7 μ g) = 0.073 s.
  s.outcomes = [](const LabTrace& t) {
    return std::vector<Outcome>{{"rolling_speed", t.v.back()(3), 5.0 / 7.0 * kSpeed, "m/s",
                                 "5/7 v0", false, OutcomeKind::kSlide}};
  };
  return s;
}

LabScene CubeDrop() {
  LabScene s;
  s.name = "cube_drop";
  s.section = "E3-SAP §2.2";
  s.description = "cube (1 kg, 0.2 m) dropped from 0.3 m, tilted 0.5 rad about (1, 2, 0)/√5";
  s.scene = Cube(0.0);
  const Vector3 axis = Vector3(1, 2, 0).normalized();
  const double half = 0.25;
  s.scene.q0.head<4>() << std::cos(half), std::sin(half) * axis.x(), std::sin(half) * axis.y(),
      std::sin(half) * axis.z();
  s.scene.q0(6) = 0.3;
  s.duration = 1.5;
  // At rest flat on four vertices each carries m g/4: depth m g/(4 k).
  s.outcomes = [](const LabTrace& t) {
    return std::vector<Outcome>{
        {"rest_depth", t.max_penetration.back(), kMass * kLabGravity / (4 * kStiffness), "m",
         "m g/(4 k)"},
        {"rest_speed", std::hypot(Speed(t.v.back()), t.v.back()(5)), 0.0, "m/s", "0"}};
  };
  return s;
}

LabScene CubeSlide() {
  LabScene s;
  s.name = "cube_slide";
  s.section = "E3-SAP §3";
  s.description = "cube (1 kg, 0.2 m) launched at 1 m/s along +x; slides v0²/(2 μ g)";
  s.scene = Cube(kSpeed);
  s.duration = 0.6;
  s.outcomes = [](const LabTrace& t) {
    return std::vector<Outcome>{{"slide_distance", t.q.back()(4) - t.q.front()(4),
                                 kSpeed * kSpeed / (2 * kLabMu * kLabGravity), "m", "v0²/(2 μ g)",
                                 false, OutcomeKind::kSlide}};
  };
  return s;
}

LabScene CubeDrag() {
  LabScene s;
  s.name = "cube_drag";
  s.section = "E3-SAP §3";
  s.description = "cube (1 kg) at rest dragged along +x at its centre by F = μ m g · t/(1 s)";
  s.scene = Cube(0.0);
  s.duration = 1.5;
  const double rate = kLabMu * kMass * kLabGravity;  // [N/s]
  s.drive = [rate](double t, scenes::Scene& scene) {
    multibody::ExternalForce f;
    f.body = 1;
    f.force_W = Vector3(rate * t, 0, 0);
    scene.applied.external = {f};
  };
  // Coulomb: sticks until F = μ m g (t = 1 s), then a = (F − μ m g)/m = rate (t − 1)/m, so the
  // speed reaches v_th after δ = √(2 m v_th/rate): F = μ m g + √(2 m v_th rate).
  s.outcomes = [rate](const LabTrace& t) {
    std::optional<double> onset;
    double creep = 0.0;
    for (std::size_t k = 0; k < t.t.size(); ++k) {
      if (t.t[k] <= 0.5) creep = Speed(t.v[k]);
      if (!onset && Speed(t.v[k]) >= kSpeedThreshold) onset = rate * t.t[k];
    }
    return std::vector<Outcome>{
        {"onset_force", onset,
         kLabMu * kMass * kLabGravity + std::sqrt(2 * kMass * kSpeedThreshold * rate), "N",
         "μ m g + √(2 m v_th Ḟ), v_th = 0.01 m/s", false, OutcomeKind::kOnset},
        {"creep_speed_half_load", creep, 0.0, "m/s", "0 at F = μ m g/2", false, OutcomeKind::kStick,
         kLabMu * kMass * kLabGravity / 2}};
  };
  return s;
}

LabScene BoxStack() {
  LabScene s;
  s.name = "box_stack";
  s.section = "E3-SAP §2.2";
  s.description = "two cubes (1 kg, 0.2 m) stacked on the ground";
  s.scene = Built("box_stack", {"mass=1", "side=0.2", "stiffness=100000"});
  s.duration = 1.0;
  // Four vertices carry 2 m g at the ground and m g at the interface.
  s.outcomes = [](const LabTrace& t) {
    const VectorX& q = t.q.back();
    return std::vector<Outcome>{
        {"ground_depth", kSide / 2 - q(6), kMass * kLabGravity / (2 * kStiffness), "m",
         "2 m g/(4 k)"},
        {"interface_depth", q(6) + kSide - q(13), kMass * kLabGravity / (4 * kStiffness), "m",
         "m g/(4 k)"},
        {"top_drift", std::hypot(q(11) - q(4), q(12) - q(5)), 0.0, "m", "0"}};
  };
  return s;
}

// A cube at rest on a plane tilted by θ = atan(ratio μ): gravity g (sin θ, 0, −cos θ).
LabScene Incline(bool slides) {
  const double ratio = slides ? 1.1 : 0.9;
  const double theta = std::atan(ratio * kLabMu);
  LabScene s;
  s.name = slides ? "incline_slide" : "incline_stick";
  s.section = "E3-SAP §3";
  s.description = std::string("cube (1 kg) at rest on an incline with tan θ = ") +
                  (slides ? "1.1" : "0.9") + " μ";
  s.scene = Cube(0.0);
  s.scene.tree.set_gravity(kLabGravity * Vector3(std::sin(theta), 0, -std::cos(theta)));
  s.duration = 1.0;
  // Coulomb: sticks iff μ ≥ tan θ; else x = ½ g (sin θ − μ cos θ) T².
  const double predicted =
      slides ? 0.5 * kLabGravity * (std::sin(theta) - kLabMu * std::cos(theta)) : 0.0;
  // the load along the slope the contacts hold while they stick: m g sin θ
  const double load = kMass * kLabGravity * std::sin(theta);
  s.outcomes = [predicted, slides, load](const LabTrace& t) {
    const double T = t.t.back();
    return std::vector<Outcome>{
        {"slope_distance", t.q.back()(4) - t.q.front()(4), predicted * T * T, "m",
         predicted > 0 ? "½ g (sin θ − μ cos θ) T²" : "0 (μ ≥ tan θ)", false,
         slides ? OutcomeKind::kSlide : OutcomeKind::kStick, slides ? 0.0 : load}};
  };
  return s;
}

LabScene ChainStrike() {
  LabScene s;
  s.name = "chain_strike";
  s.section = "E3-SAP §2.2";
  s.description =
      "3 rods (1 kg, 0.5 m) on hinges from 1.2 rad; tip spheres r 0.05 m strike the ground at z = −1.4 m";
  s.scene = Built("pendulum_chain", {"links=3", "mass=1", "length=0.5", "theta0=1.2"});
  for (int b = 1; b <= 3; ++b) {
    scenes::ContactGeometry g;
    g.body = b;
    g.shape = scenes::ShapeType::kSphere;
    g.radius = 0.05;
    g.X_BG.p = Vector3(0, 0, -0.5);
    g.X_AH.p = Vector3(0, 0, -1.4);
    s.scene.contact_geometry.push_back(g);
  }
  s.scene.material.stiffness = kStiffness;
  s.duration = 1.5;
  s.support_pairs = 1;
  // A passive contact cannot add energy: max over the run of E − E₀ ≤ 0 is reported by the run;
  // the outcome here is the final depth of the deepest tip, at rest m g-ish/k per tip (≤ 3 m g/k).
  s.outcomes = [](const LabTrace& t) {
    return std::vector<Outcome>{{"final_depth", t.max_penetration.back(),
                                 3 * kMass * kLabGravity / kStiffness, "m",
                                 "≤ 3 m g/k (the chain's whole weight on one tip)", true}};
  };
  return s;
}

}  // namespace

std::vector<std::string> LabSceneNames() {
  return {"ball_roll", "cube_drop",     "cube_slide",    "cube_drag",
          "box_stack", "incline_stick", "incline_slide", "chain_strike"};
}

LabScene MakeLabScene(const std::string& name) {
  if (name == "ball_roll") return BallRoll();
  if (name == "cube_drop") return CubeDrop();
  if (name == "cube_slide") return CubeSlide();
  if (name == "cube_drag") return CubeDrag();
  if (name == "box_stack") return BoxStack();
  if (name == "incline_stick") return Incline(false);
  if (name == "incline_slide") return Incline(true);
  if (name == "chain_strike") return ChainStrike();
  std::string known;
  for (const std::string& n : LabSceneNames()) known += (known.empty() ? "" : ", ") + n;
  throw core::InputError("scene = '" + name + "' is not a lab scene; the scenes are " + known);
}

}  // namespace simatlas::lab
