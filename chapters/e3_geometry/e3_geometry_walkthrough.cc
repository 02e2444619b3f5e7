// Walkthrough of E3-geometry "接触几何、材料与物理模型" (Contact geometry, materials and physical
// models): each section's claims, in the order of the text, with live numbers.
#include <cmath>

#include "chapters/walkthrough.h"
#include "reference/contact/approximation.h"
#include "reference/contact/contact_model.h"
#include "reference/contact/friction_regularization.h"
#include "reference/contact/material.h"
#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/geometry/scene_geometry.h"
#include "reference/core/numeric.h"

namespace simatlas::chapters {

namespace {

// Proximity properties of a geometry with friction μ and the given compliance.
geometry::ProximityProperties Material(geometry::Compliance compliance, double modulus = 0.0) {
  geometry::ProximityProperties p;
  p.compliance = compliance;
  p.coulomb_friction = geometry::FrictionProperty{0.5, 0.5};
  if (compliance == geometry::Compliance::kCompliant) {
    p.hydroelastic_modulus = modulus;
    p.resolution_hint = 0.02;
  } else if (compliance == geometry::Compliance::kRigid) {
    p.resolution_hint = 0.02;
  }
  return p;
}

// §1 几何查询、接触模型和 solver 是三个选择 — three separate choices and their defaults.
void Section1ThreeChoices(Narrator& n) {
  using namespace contact;
  const PlantDefaults defaults;
  n.Claim("default contact model is " + std::string(ContactModelName(defaults.contact_model)) +
              " (hydroelastic with fallback)",
          defaults.contact_model == ContactModel::kHydroelasticWithFallback);
  n.Claim("default discrete approximation is " +
              std::string(ApproximationName(defaults.discrete_contact_approximation)),
          defaults.discrete_contact_approximation == DiscreteContactApproximation::kLagged);
  n.Claim("defaults: time_step = " + Num(defaults.time_step) + " s, stiction_tolerance = " +
              Num(defaults.stiction_tolerance) + " m/s, penetration_allowance = " +
              Num(defaults.penetration_allowance) + " m, sap_near_rigid_threshold = " +
              Num(defaults.sap_near_rigid_threshold),
          defaults.time_step == 1e-3 && defaults.stiction_tolerance == 1e-4 &&
              defaults.penetration_allowance == 1e-3 && defaults.sap_near_rigid_threshold == 1.0);
  // The approximation, not the solver, decides which material field is read.
  const auto sap = MaterialFieldsUsed(DiscreteContactApproximation::kSap);
  const auto lagged = MaterialFieldsUsed(DiscreteContactApproximation::kLagged);
  n.Claim("kSap reads relaxation_time and ignores d; Lagged reads d and ignores relaxation_time; all"
          " three run in the same SAP solver",
          sap.relaxation_time && !sap.hunt_crossley_dissipation && lagged.hunt_crossley_dissipation &&
              !lagged.relaxation_time);
  n.Claim("every discrete approximation reads the dynamic friction only (mu_s never read)",
          !sap.static_friction && !lagged.static_friction && sap.dynamic_friction &&
              lagged.dynamic_friction);
}

// §1.1 看得见与碰得着 — roles and collision filtering decide the candidate pairs.
void Section11VisibleVsCollidable(Narrator& n) {
  using namespace geometry;
  SceneGeometry scene;
  const FrameId ball = scene.AddBody("ball");
  const FrameId arm = scene.AddBody("arm");
  scene.AddJoint(ball, arm);
  const GeometryId ground = scene.RegisterCollisionGeometry(
      scene.world_frame(), "ground", MakeHalfSpace(), Material(Compliance::kRigid));
  const GeometryId wall = scene.RegisterCollisionGeometry(
      scene.world_frame(), "wall", MakeBox(1, 1, 1), Material(Compliance::kRigid));
  const GeometryId ball_collision = scene.RegisterCollisionGeometry(
      ball, "ball_collision", MakeSphere(0.05), Material(Compliance::kCompliant, 1e6));
  const GeometryId ball_visual = scene.RegisterVisualGeometry(ball, "ball_visual", MakeSphere(0.05));
  const GeometryId arm_collision = scene.RegisterCollisionGeometry(
      arm, "arm_collision", MakeCapsule(0.01, 0.2), Material(Compliance::kRigid));
  n.Claim("a visual geometry has no proximity role: it is never a collision candidate",
          !scene.geometry(ball_visual).roles.Has(Role::kProximity));
  n.Claim("two anchored geometries (ground, wall) are inherently excluded",
          scene.IsInherentlyExcluded(ground, wall));
  scene.AllowBetween(GeometrySet{ground}, GeometrySet{wall});
  n.Claim("AllowBetween cannot re-allow an inherent exclusion (ground-wall still filtered)",
          scene.CollisionFiltered(ground, wall));
  // A declaration covers the geometries registered when it is applied, and no later ones.
  scene.ExcludeBetween(GeometrySet{ball}, GeometrySet{ground});
  const GeometryId ball_extra = scene.RegisterCollisionGeometry(
      ball, "ball_extra", MakeSphere(0.02), Material(Compliance::kRigid));
  n.Claim("ExcludeBetween(ball frame, ground) filters ball_collision-ground but not ball_extra, "
          "registered afterwards",
          scene.CollisionFiltered(ball_collision, ground) && !scene.CollisionFiltered(ball_extra, ground));
  scene.Finalize();
  n.Claim("Finalize filters adjacent bodies (ball-arm joint): ball_collision-arm_collision filtered",
          scene.CollisionFiltered(ball_collision, arm_collision));
  // A Context copies the model; later model edits do not reach it.
  const SceneGeometry context = scene;
  scene.ExcludeBetween(GeometrySet{arm_collision}, GeometrySet{ground});
  n.Claim("a model-level ExcludeBetween after the Context exists: model filters arm-ground, the "
          "Context does not",
          scene.CollisionFiltered(arm_collision, ground) &&
              !context.CollisionFiltered(arm_collision, ground));
  const auto pairs = context.CandidatePairs();
  n.Claim("candidate pairs in the Context: " + std::to_string(pairs.size()) +
              " (ball_collision-wall, ball_extra-ground, ball_extra-wall, arm-ground, arm-wall)",
          pairs.size() == 5);
}

// §2.1 Point：穿透深度、见证点和作用点 — depth, witness points and application point.
void Section21Point(Narrator& n) {
  using namespace contact;
  using core::Vector3;
  // A sphere (A) sunk 1 mm into the ground (B, z <= 0): n̂_BA = +z, p_WCa at z = −1 mm.
  PenetrationAsPointPair pair{1, 0, Vector3(0, 0, -1e-3), Vector3(0, 0, 0), Vector3(0, 0, 1), 1e-3};
  const double x = DepthFromWitnessPoints(pair);
  n.Claim("x = (p_WCb - p_WCa)·nhat_BA_W = " + Num(x) + " m for a sphere sunk 1 mm into the ground",
          std::abs(x - 1e-3) < 1e-15);
  const PenetrationAsPointPair swapped = SwapAAndB(pair);
  n.Claim("swapping A and B negates the normal, swaps the witness points and keeps x = " +
              Num(DepthFromWitnessPoints(swapped)) + " m",
          std::abs(DepthFromWitnessPoints(swapped) - x) < 1e-15 &&
              swapped.nhat_BA_W == -pair.nhat_BA_W);
  // fn = k x (1 + d ẋ), ẋ = −vn the penetration rate.
  const auto approaching = CalcContinuousNormalForce(1e5, 0.5, 1e-3, 0.1);
  const auto resting = CalcContinuousNormalForce(1e5, 0.5, 1e-3, 0.0);
  n.Claim("Hunt-Crossley: k = 1e5 N/m, x = 1 mm, d = 0.5 s/m, approaching at 0.1 m/s -> fn = " +
              Num(approaching.fn) + " N = k x (1 + d xdot) = 100 N x 1.05",
          std::abs(approaching.fn - 105.0) < 1e-9 && std::abs(resting.fn - 100.0) < 1e-9);
  const auto separating = CalcContinuousNormalForce(1e5, 0.5, 1e-3, -2.0);
  n.Claim("separating at vn = 2 m/s >= 1/d = 2 m/s: k x (1 - d vn) <= 0, the pair is skipped "
          "(no normal force, no friction)",
          separating.skipped && separating.fn == 0.0);
  // Application points: midpoint (continuous) vs stiffness-weighted (discrete).
  const auto continuous = CalcContinuousPointContact(pair, 1e5, 0.0, CoulombFriction{0.5, 0.5}, 1e-4,
                                                     Vector3::Zero(), Vector3::Zero());
  const auto discrete = MakeDiscretePointPair(1e5, 3e5, pair);
  n.Claim("continuous path applies the force at the midpoint z = " + Num(continuous.p_WC.z()) +
              " m; discrete path weights by stiffness (kA = 1e5, kB = 3e5 -> wA = 0.25): z = " +
              Num(discrete.p_WC.z()) + " m",
          std::abs(continuous.p_WC.z() + 0.5e-3) < 1e-15 &&
              std::abs(discrete.p_WC.z() + 0.25e-3) < 1e-15);
  n.Claim("discrete pair: phi0 = -x = " + Num(discrete.phi0) + " m, fe0 = k x = " + Num(discrete.fe0) +
              " N with k = 75000 N/m, contact frame z from A into B = " + Num(discrete.R_WC(2, 2)),
          discrete.phi0 == -1e-3 && std::abs(discrete.fe0 - 75.0) < 1e-9 && discrete.R_WC(2, 2) == -1.0);
}

// §2.2 Hydroelastic：刚体运动上的压力场接触 — pressure-field contact on rigid bodies.
void Section22Hydroelastic(Narrator& n) {
  const auto coarse = Law("hydro.sphere_halfspace",
                          {"E=1e6", "R=0.05", "depth=1e-3", "resolution_hint=0.01"});
  const auto fine = Law("hydro.sphere_halfspace",
                        {"E=1e6", "R=0.05", "depth=1e-3", "resolution_hint=0.00125"});
  const double analytic = fine.Number("analytic");
  n.Claim("a compliant sphere (E = 1e6 Pa, R = 0.05 m) pressed 1 mm into a rigid half space: the "
              "surface force is " + Num(coarse.Number("force")) + " N on " +
              Num(coarse.Number("faces")) + " faces at hint 0.01 m and " + Num(fine.Number("force")) +
              " N at hint 0.00125 m; the continuous field gives " + Num(analytic) + " N",
          std::abs(fine.Number("force") - analytic) < std::abs(coarse.Number("force") - analytic) &&
              std::abs(fine.Number("force") - analytic) < 0.02 * analytic);
  n.Say("resolution hint [m] changes the pressure-field discretisation, not a solver tolerance.");
  // p = pe [1 − d vn]₊: the dissipated pressure, zero when separating at vn ≥ 1/d.
  const auto loaded = Law("hydro.traction", {"e=1e5", "d=0.5", "vn=-0.2", "vt=0,0", "mu=0.5", "vs=1e-4"});
  const auto released = Law("hydro.traction", {"e=1e5", "d=0.5", "vn=2", "vt=0,0", "mu=0.5", "vs=1e-4"});
  n.Claim("dissipation acts on the pressure: pe = 1e5 Pa, d = 0.5 s/m, approaching at 0.2 m/s -> p = " +
              Num(loaded.Number("p")) + " Pa; separating at vn = 1/d = 2 m/s -> p = " +
              Num(released.Number("p")) + " Pa (a surface need not carry a positive net force)",
          std::abs(loaded.Number("p") - 1.1e5) < 1e-6 && released.Number("p") == 0.0);
  // Discrete face: fe0 = a p0, k = a g, φ0 = −p0/g with g = 1/(1/gM + 1/gN).
  const auto face = Law("hydro.discrete_face", {"area=1e-4", "p0=2e4", "gM=2e7", "gN=inf"});
  n.Claim("one face (a = 1e-4 m², p0 = 2e4 Pa, gM = 2e7 Pa/m, rigid N) -> fe0 = " + Num(face.Number("fe0")) +
              " N, k = a g = " + Num(face.Number("k")) + " N/m, phi0 = -p0/g = " + Num(face.Number("phi0")) + " m",
          std::abs(face.Number("fe0") - 2.0) < 1e-12 && std::abs(face.Number("k") - 2000.0) < 1e-9 &&
              std::abs(face.Number("phi0") + 1e-3) < 1e-15);
  const auto flat = Law("hydro.discrete_face", {"area=1e-4", "p0=2e4", "gM=1e-15", "gN=inf"});
  n.Claim("a face with a near-zero gradient (gM = 1e-15 < 1e-14 Pa/m) is skipped", flat.Flag("skipped"));
  // Strict hydroelastic vs fallback for a rigid–rigid pair.
  bool strict_throws = false;
  try {
    Law("geometry.contact_representation", {"shape_a=box", "compliance_a=rigid", "shape_b=half_space",
                                             "compliance_b=rigid", "model=hydroelastic"});
  } catch (const core::InputError&) {
    strict_throws = true;
  }
  const auto fallback =
      Law("geometry.contact_representation", {"shape_a=box", "compliance_a=rigid", "shape_b=half_space",
                                               "compliance_b=rigid", "model=hydroelastic_with_fallback"});
  n.Claim("rigid-rigid box/half space: strict hydroelastic throws; with fallback the pair becomes a " +
              fallback.Label("representation") + " pair",
          strict_throws && fallback.Label("representation") == "point");
}

// §3 材料组合必须按具体字段分别读 — each combined field has its own law.
void Section3Materials(Narrator& n) {
  using namespace contact;
  const double k = CombinePointStiffness(2e5, 2e5);
  n.Claim("point stiffness in series: k1 = k2 = 200000 N/m -> k = " + Num(k) + " N/m (expected 100000)",
          k == 1e5);
  const double k_rigid = CombinePointStiffness(core::kInfinity, 3e4);
  n.Claim("a rigid side (k = inf) drops out: inf with 30000 N/m -> k = " + Num(k_rigid) + " N/m",
          k_rigid == 3e4);
  const double d = CombineHuntCrossleyDissipation(1e5, 4e5, 2.0, 0.0);
  n.Claim("Hunt-Crossley d weighs the softer side more: k1 = 1e5 (d1 = 2 s/m), k2 = 4e5 (d2 = 0) -> d = " +
              Num(d) + " s/m = 4/5 of d1",
          std::abs(d - 1.6) < 1e-12);
  const double d_rigid = CombineHuntCrossleyDissipation(1e6, core::kInfinity, 0.1, 50.0);
  n.Claim("hydroelastic d with a rigid side (E = inf) takes the compliant side's d: -> " + Num(d_rigid) +
              " s/m",
          d_rigid == 0.1);
  const auto mu = CombineFriction({0.6, 0.6}, {0.5, 0.5});
  n.Claim("friction: mu1 = 0.6, mu2 = 0.5 -> mu = 2*0.6*0.5/1.1 = " + Num(mu.static_friction) +
              " (6/11)",
          std::abs(mu.static_friction - 6.0 / 11.0) < 1e-15);
  const auto same = CombineFriction({0.5, 0.5}, {0.5, 0.5});
  n.Claim("equal materials keep mu: 0.5 with 0.5 -> " + Num(same.static_friction) +
              " (not the series value 0.25)",
          std::abs(same.static_friction - 0.5) < 1e-15);
  const double tau = CombineRelaxationTime(0.01, 0.02);
  n.Claim("relaxation time is a plain sum: 0.01 s + 0.02 s -> " + Num(tau) + " s", std::abs(tau - 0.03) < 1e-15);
  const double tau_missing = CombineRelaxationTime(0.01, std::nullopt);
  n.Claim("a side without relaxation_time uses the discrete assembly's 0.1 s (not an error): 0.01 + missing -> " +
              Num(tau_missing) + " s",
          std::abs(tau_missing - 0.11) < 1e-15);
  n.Say("no common 'take the minimum' rule: k halves, mu keeps, tau adds.");
  const auto penalty = EstimatePenaltyParameters(1.0, 9.81, 1e-3);
  n.Claim("penalty fallback for a 1 kg body, delta = 1 mm: k_c = m g/delta = " + Num(penalty.combined_stiffness) +
              " N/m, per geometry 2 k_c = " + Num(penalty.per_geometry_stiffness) + " N/m, d = " +
              Num(penalty.dissipation) + " s/m",
          std::abs(penalty.combined_stiffness - 9810.0) < 1e-9 &&
              std::abs(CombinePointStiffness(penalty.per_geometry_stiffness,
                                             penalty.per_geometry_stiffness) -
                       penalty.combined_stiffness) < 1e-9);
}

// §4 摩擦正则化不只有一种曲线 — Stribeck (continuous point) vs atan (continuous hydro).
void Section4FrictionRegularisation(Narrator& n) {
  using namespace contact;
  const double vs = 1e-4;
  const double mu_s = 0.6;
  const double mu_d = 0.4;
  n.Claim("regularised friction vanishes at zero slip: Stribeck mu(0) = " +
              Num(StribeckFrictionCoefficient(0.0, vs, mu_s, mu_d)) + ", atan mu(0) = " +
              Num(AtanFrictionCoefficient(0.0, vs, mu_d)),
          StribeckFrictionCoefficient(0.0, vs, mu_s, mu_d) == 0.0 &&
              AtanFrictionCoefficient(0.0, vs, mu_d) == 0.0);
  const double stribeck_vs = StribeckFrictionCoefficient(vs, vs, mu_s, mu_d);
  const double atan_vs = AtanFrictionCoefficient(vs, vs, mu_d);
  n.Claim("at |vt| = vs: Stribeck gives mu_s = " + Num(stribeck_vs) + ", atan gives mu_d/2 = " +
              Num(atan_vs),
          std::abs(stribeck_vs - mu_s) < 1e-15 && std::abs(atan_vs - mu_d / 2) < 1e-15);
  const double stribeck_3vs = StribeckFrictionCoefficient(3 * vs, vs, mu_s, mu_d);
  const double atan_3vs = AtanFrictionCoefficient(3 * vs, vs, mu_d);
  n.Claim("at |vt| = 3 vs: Stribeck gives mu_d = " + Num(stribeck_3vs) +
              ", atan gives (2/pi) mu_d atan 3 = " + Num(atan_3vs) + " (0.795 mu_d)",
          std::abs(stribeck_3vs - mu_d) < 1e-15 &&
              std::abs(atan_3vs / mu_d - 2 / M_PI * std::atan(3.0)) < 1e-15);
  n.Claim("atan never reaches mu_d: at 100 vs it is " + Num(AtanFrictionCoefficient(100 * vs, vs, mu_d)) +
              " < " + Num(mu_d),
          AtanFrictionCoefficient(100 * vs, vs, mu_d) < mu_d);
  n.Claim("atan(x)/x near 0 uses the series: f(0.12) = " + Num(AtanXOverXFromXSquared(0.0144), 17) +
              " (Drake's test value 0.99524105015282038)",
          AtanXOverXFromXSquared(0.12 * 0.12) == 9.9524105015282038e-01);
  const double narrow = StribeckFrictionCoefficient(0.5e-4, 0.5e-4, mu_s, mu_d);
  n.Claim("halving vs narrows the transition: mu at 5e-5 m/s goes from " +
              Num(StribeckFrictionCoefficient(0.5e-4, vs, mu_s, mu_d)) + " to " + Num(narrow),
          narrow > StribeckFrictionCoefficient(0.5e-4, vs, mu_s, mu_d));
  n.Say("discrete approximations read only the combined mu_d; mu_s never enters (see §3 and E3-SAP §3).");
}

}  // namespace

void AddE3GeometrySections(std::vector<Section>& sections) {
  sections.push_back({"e3-geometry", "1", "几何查询、接触模型和 solver 是三个选择 — Geometry query, contact model and solver are three choices",
                      Section1ThreeChoices});
  sections.push_back({"e3-geometry", "1.1", "看得见与碰得着 — Visible vs collidable",
                      Section11VisibleVsCollidable});
  sections.push_back({"e3-geometry", "2.1", "Point：穿透深度、见证点和作用点 — Depth, witness points and application point",
                      Section21Point});
  sections.push_back({"e3-geometry", "2.2", "Hydroelastic：刚体运动上的压力场接触 — Pressure-field contact on rigid bodies",
                      Section22Hydroelastic});
  sections.push_back({"e3-geometry", "3", "材料组合必须按具体字段分别读 — Read each combined material field separately",
                      Section3Materials});
  sections.push_back({"e3-geometry", "4", "摩擦正则化不只有一种曲线 — Friction regularisation is not one curve",
                      Section4FrictionRegularisation});
}

}  // namespace simatlas::chapters
