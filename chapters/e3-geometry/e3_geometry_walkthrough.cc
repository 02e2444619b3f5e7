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
  n.Say("Drake's MultibodyPlantConfig (multibody_plant_config.h) defaults: contact model " +
        std::string(ContactModelName(defaults.contact_model)) + ", discrete approximation " +
        std::string(ApproximationName(defaults.discrete_contact_approximation)) + ", time_step " +
        Num(defaults.time_step) + " s");
  // Catches: the geometry deciding the representation whatever the contact model says. The
  // same compliant sphere on a rigid half space is a surface under hydroelastic and a point pair
  // under point (course §1: the model, not the query, is the choice).
  const std::vector<std::string> pair = {"shape_a=sphere", "compliance_a=compliant",
                                         "shape_b=half_space", "compliance_b=rigid"};
  auto representation = [&](const std::string& model) {
    auto args = pair;
    args.push_back("model=" + model);
    return Law("geometry.contact_representation", args).Label("representation");
  };
  const std::string hydro = representation("hydroelastic"), point = representation("point");
  n.Claim("one compliant sphere on a rigid half space, two contact models: hydroelastic -> " +
              hydro + ", point -> " + point + " (same geometry, different physics)",
          hydro == "surface" && point == "point");
  // Catches: the solver choice deciding which material field is read. The approximation does:
  // kSap reads τ (relaxation_time), Similar/Lagged read d (course §1 and E3-SAP §3).
  const auto sap = MaterialFieldsUsed(DiscreteContactApproximation::kSap);
  const auto lagged = MaterialFieldsUsed(DiscreteContactApproximation::kLagged);
  n.Claim(
      "kSap reads relaxation_time and ignores d; Lagged reads d and ignores relaxation_time; all"
      " three run in the same SAP solver",
      sap.relaxation_time && !sap.hunt_crossley_dissipation && lagged.hunt_crossley_dissipation &&
          !lagged.relaxation_time);
  // Catches: a discrete approximation reading the static coefficient μs.
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
  const GeometryId ball_visual =
      scene.RegisterVisualGeometry(ball, "ball_visual", MakeSphere(0.05));
  const GeometryId arm_collision = scene.RegisterCollisionGeometry(
      arm, "arm_collision", MakeCapsule(0.01, 0.2), Material(Compliance::kRigid));
  // Catches: a visual-only geometry registered as a collision candidate.
  n.Claim("a visual geometry has no proximity role: it is never a collision candidate",
          !scene.geometry(ball_visual).roles.Has(Role::kProximity));
  // Catches: anchored-anchored pairs left as candidates (they can never move apart).
  n.Claim("two anchored geometries (ground, wall) are inherently excluded",
          scene.IsInherentlyExcluded(ground, wall));
  scene.AllowBetween(GeometrySet{ground}, GeometrySet{wall});
  // Catches: AllowBetween overriding an inherent exclusion.
  n.Claim("AllowBetween cannot re-allow an inherent exclusion (ground-wall still filtered)",
          scene.CollisionFiltered(ground, wall));
  // A declaration covers the geometries registered when it is applied, and no later ones.
  scene.ExcludeBetween(GeometrySet{ball}, GeometrySet{ground});
  const GeometryId ball_extra = scene.RegisterCollisionGeometry(
      ball, "ball_extra", MakeSphere(0.02), Material(Compliance::kRigid));
  // Catches: a filter declaration applied to geometries registered later.
  n.Claim(
      "ExcludeBetween(ball frame, ground) filters ball_collision-ground but not ball_extra, "
      "registered afterwards",
      scene.CollisionFiltered(ball_collision, ground) &&
          !scene.CollisionFiltered(ball_extra, ground));
  scene.Finalize();
  // Catches: bodies joined by a joint left colliding at their pivot.
  n.Claim(
      "Finalize filters adjacent bodies (ball-arm joint): ball_collision-arm_collision filtered",
      scene.CollisionFiltered(ball_collision, arm_collision));
  // A Context copies the model; later model edits do not reach it.
  const SceneGeometry context = scene;
  scene.ExcludeBetween(GeometrySet{arm_collision}, GeometrySet{ground});
  // Catches: a Context sharing the model instead of copying it.
  n.Claim(
      "a model-level ExcludeBetween after the Context exists: model filters arm-ground, the "
      "Context does not",
      scene.CollisionFiltered(arm_collision, ground) &&
          !context.CollisionFiltered(arm_collision, ground));
  const auto pairs = context.CandidatePairs();
  // Catches: a wrong pair count; hand count of the unfiltered pairs: the 5 listed.
  n.Claim("candidate pairs in the Context: " + std::to_string(pairs.size()) +
              " (ball_collision-wall, ball_extra-ground, ball_extra-wall, arm-ground, arm-wall)",
          pairs.size() == 5);
}

// §2 Point 与 hydroelastic：被离散的物理对象不同 — a point spring vs a pressure field.
void Section2PointVsHydro(Narrator& n) {
  // Point: fn = k x, linear in the depth x. Hydro: F = pi E x² - 2 pi E x³/(3R), quadratic for
  // x << R. Doubling x from 0.5 mm to 1 mm: point ratio 2 exactly; hydro ratio
  // 4 (1 - 2e-3/0.15)/(1 - 1e-3/0.15) = 4 (0.98667/0.99333) = 3.9732.
  const auto half = Law("point.continuous_force", {"k=1e6", "depth=0.5e-3", "d=0", "xdot=0"});
  const auto full = Law("point.continuous_force", {"k=1e6", "depth=1e-3", "d=0", "xdot=0"});
  const auto hydro_half =
      Law("hydro.sphere_halfspace", {"E=1e6", "R=0.05", "depth=0.5e-3", "resolution_hint=0.01"});
  const auto hydro_full =
      Law("hydro.sphere_halfspace", {"E=1e6", "R=0.05", "depth=1e-3", "resolution_hint=0.01"});
  const double point_ratio = full.Number("fn") / half.Number("fn");
  const double hydro_ratio = hydro_full.Number("analytic") / hydro_half.Number("analytic");
  const double hand_ratio = 4 * (1 - 2e-3 / 0.15) / (1 - 1e-3 / 0.15);
  // Catches: a hydroelastic contact treated as a spring with k = E (force linear in depth).
  n.Claim(
      "doubling the depth 0.5 mm -> 1 mm: point contact (k = 1e6 N/m) force x" +
          Num(point_ratio, 5) + " (hand 2); hydroelastic sphere (E = 1e6 Pa, R = 0.05 m) force x" +
          Num(hydro_ratio, 5) + " (hand 4 (1 - 2x/(3R))/(1 - x/(3R)) = " + Num(hand_ratio, 5) + ")",
      std::abs(point_ratio - 2) < 1e-12 && std::abs(hydro_ratio - hand_ratio) < 1e-9,
      {{"point_ratio", point_ratio}, {"hydro_ratio", hydro_ratio}, {"hand_ratio", hand_ratio}});
  // Catches: comparing E [Pa] with k [N/m] as if they were the same number (ex6).
  n.Claim("same number 1e6, different units: k = 1e6 N/m at 1 mm gives " + Num(full.Number("fn")) +
              " N (hand 1000), E = 1e6 Pa gives " + Num(hydro_full.Number("analytic")) +
              " N (hand 3.0997)",
          std::abs(full.Number("fn") - 1000) < 1e-9 &&
              std::abs(hydro_full.Number("analytic") - 3.0997) < 1e-4,
          {{"point_force", full.Number("fn")}, {"hydro_force", hydro_full.Number("analytic")}});
}

// §2.1 Point：穿透深度、见证点和作用点 — depth, witness points and application point.
void Section21Point(Narrator& n) {
  using namespace contact;
  using core::Vector3;
  // A sphere (A) sunk 1 mm into the ground (B, z <= 0): n̂_BA = +z, p_WCa at z = −1 mm.
  PenetrationAsPointPair pair{1, 0, Vector3(0, 0, -1e-3), Vector3(0, 0, 0), Vector3(0, 0, 1), 1e-3};
  const double x = DepthFromWitnessPoints(pair);
  // Catches: depth taken from body origins or with the normal reversed (hand: 0 - (-1 mm) = 1 mm).
  n.Claim("x = (p_WCb - p_WCa)·nhat_BA_W = " + Num(x) + " m for a sphere sunk 1 mm into the ground",
          std::abs(x - 1e-3) < 1e-15);
  const PenetrationAsPointPair swapped = SwapAAndB(pair);
  // Catches: a swap that keeps the normal (x would turn negative).
  n.Claim("swapping A and B negates the normal, swaps the witness points and keeps x = " +
              Num(DepthFromWitnessPoints(swapped)) + " m",
          std::abs(DepthFromWitnessPoints(swapped) - x) < 1e-15 &&
              swapped.nhat_BA_W == -pair.nhat_BA_W);
  // fn = k x (1 + d ẋ), ẋ = −vn the penetration rate.
  const auto approaching = CalcContinuousNormalForce(1e5, 0.5, 1e-3, 0.1);
  const auto resting = CalcContinuousNormalForce(1e5, 0.5, 1e-3, 0.0);
  // Catches: linear damping k x + d xdot instead of k x (1 + d xdot) (would give 100.05 N).
  n.Claim("Hunt-Crossley: k = 1e5 N/m, x = 1 mm, d = 0.5 s/m, approaching at 0.1 m/s -> fn = " +
              Num(approaching.fn) + " N = k x (1 + d xdot) = 100 N x 1.05",
          std::abs(approaching.fn - 105.0) < 1e-9 && std::abs(resting.fn - 100.0) < 1e-9);
  const auto separating = CalcContinuousNormalForce(1e5, 0.5, 1e-3, -2.0);
  // Catches: a negative (pulling) normal force instead of skipping the pair.
  n.Claim(
      "separating at vn = 2 m/s >= 1/d = 2 m/s: k x (1 - d vn) <= 0, the pair is skipped "
      "(no normal force, no friction)",
      separating.skipped && separating.fn == 0.0);
  // Application points: midpoint (continuous) vs stiffness-weighted (discrete).
  const auto continuous = CalcContinuousPointContact(pair, 1e5, 0.0, CoulombFriction{0.5, 0.5},
                                                     1e-4, Vector3::Zero(), Vector3::Zero());
  const auto discrete = MakeDiscretePointPair(1e5, 3e5, pair);
  // Catches: the midpoint used for the discrete path (z = -0.5 mm instead of -0.25 mm).
  n.Claim("continuous path applies the force at the midpoint z = " + Num(continuous.p_WC.z()) +
              " m; discrete path weights by stiffness (kA = 1e5, kB = 3e5 -> wA = 0.25): z = " +
              Num(discrete.p_WC.z()) + " m",
          std::abs(continuous.p_WC.z() + 0.5e-3) < 1e-15 &&
              std::abs(discrete.p_WC.z() + 0.25e-3) < 1e-15);
  // Catches: parallel instead of series stiffness (k = 4e5 -> fe0 = 400 N); frame z along the geometric normal.
  n.Claim("discrete pair: phi0 = -x = " + Num(discrete.phi0) +
              " m, fe0 = k x = " + Num(discrete.fe0) +
              " N with k = 75000 N/m, contact frame z from A into B = " + Num(discrete.R_WC(2, 2)),
          discrete.phi0 == -1e-3 && std::abs(discrete.fe0 - 75.0) < 1e-9 &&
              discrete.R_WC(2, 2) == -1.0);
}

// §2.2 Hydroelastic：刚体运动上的压力场接触 — pressure-field contact on rigid bodies.
void Section22Hydroelastic(Narrator& n) {
  const auto coarse =
      Law("hydro.sphere_halfspace", {"E=1e6", "R=0.05", "depth=1e-3", "resolution_hint=0.01"});
  const auto fine =
      Law("hydro.sphere_halfspace", {"E=1e6", "R=0.05", "depth=1e-3", "resolution_hint=0.00125"});
  // Hand integral of the linear field p = E (R - rho)/R over the disc cut at depth x:
  // F = 2 pi E/R (R x²/2 - x³/3) = pi E x² - 2 pi E x³/(3R) = 3.14159 - 0.04189 = 3.0997 N.
  const double hand = M_PI * 1e6 * 1e-6 - 2 * M_PI * 1e6 * 1e-9 / (3 * 0.05);
  const double fine_error = std::abs(fine.Number("force") - hand) / hand;
  const double coarse_error = std::abs(coarse.Number("force") - hand) / hand;
  // Catches: a mesh force that does not converge to the continuous field as the hint shrinks.
  n.Claim(
      "a compliant sphere (E = 1e6 Pa, R = 0.05 m) pressed 1 mm into a rigid half space: the "
      "surface force is " +
          Num(coarse.Number("force")) + " N on " + Num(coarse.Number("faces")) +
          " faces at hint 0.01 m (error " + Num(100 * coarse_error, 3) + " %) and " +
          Num(fine.Number("force")) + " N at hint 0.00125 m (error " + Num(100 * fine_error, 3) +
          " %) against the hand integral pi E x² - 2 pi E x³/(3R) = " + Num(hand) +
          " N; criterion: the fine mesh within 2 % and closer than the coarse one",
      fine_error < coarse_error && fine_error < 0.02 &&
          std::abs(fine.Number("analytic") - hand) < 1e-9 * hand,
      {{"force_coarse", coarse.Number("force")},
       {"force_fine", fine.Number("force")},
       {"hand", hand}});
  n.Say("resolution hint [m] changes the pressure-field discretisation, not a solver tolerance.");
  // p = pe [1 − d vn]₊: the dissipated pressure, zero when separating at vn ≥ 1/d.
  const auto loaded =
      Law("hydro.traction", {"e=1e5", "d=0.5", "vn=-0.2", "vt=0,0", "mu=0.5", "vs=1e-4"});
  const auto released =
      Law("hydro.traction", {"e=1e5", "d=0.5", "vn=2", "vt=0,0", "mu=0.5", "vs=1e-4"});
  // Catches: dissipation on the force instead of the pressure, or a negative pressure when separating (hand: 1e5 (1 + 0.5 0.2) = 1.1e5 Pa).
  n.Claim(
      "dissipation acts on the pressure: pe = 1e5 Pa, d = 0.5 s/m, approaching at 0.2 m/s -> p = " +
          Num(loaded.Number("p")) + " Pa; separating at vn = 1/d = 2 m/s -> p = " +
          Num(released.Number("p")) + " Pa (a surface need not carry a positive net force)",
      std::abs(loaded.Number("p") - 1.1e5) < 1e-6 && released.Number("p") == 0.0);
  // Discrete face: fe0 = a p0, k = a g, φ0 = −p0/g with g = 1/(1/gM + 1/gN).
  const auto face = Law("hydro.discrete_face", {"area=1e-4", "p0=2e4", "gM=2e7", "gN=inf"});
  // Catches: adding instead of combining gradients in series; hand: fe0 = 1e-4 2e4 = 2 N, k = 1e-4 2e7 = 2000 N/m, phi0 = -2e4/2e7 = -1 mm.
  n.Claim("one face (a = 1e-4 m², p0 = 2e4 Pa, gM = 2e7 Pa/m, rigid N) -> fe0 = " +
              Num(face.Number("fe0")) + " N, k = a g = " + Num(face.Number("k")) +
              " N/m, phi0 = -p0/g = " + Num(face.Number("phi0")) + " m",
          std::abs(face.Number("fe0") - 2.0) < 1e-12 &&
              std::abs(face.Number("k") - 2000.0) < 1e-9 &&
              std::abs(face.Number("phi0") + 1e-3) < 1e-15);
  const auto flat = Law("hydro.discrete_face", {"area=1e-4", "p0=2e4", "gM=1e-15", "gN=inf"});
  // Catches: a division by a near-zero gradient (phi0 = -2e19 m) instead of skipping the face.
  n.Claim("a face with a near-zero gradient (gM = 1e-15 < 1e-14 Pa/m) is skipped",
          flat.Flag("skipped"));
  // Strict hydroelastic vs fallback for a rigid–rigid pair.
  bool strict_throws = false;
  try {
    Law("geometry.contact_representation",
        {"shape_a=box", "compliance_a=rigid", "shape_b=half_space", "compliance_b=rigid",
         "model=hydroelastic"});
  } catch (const core::InputError&) {
    strict_throws = true;
  }
  const auto fallback = Law("geometry.contact_representation",
                            {"shape_a=box", "compliance_a=rigid", "shape_b=half_space",
                             "compliance_b=rigid", "model=hydroelastic_with_fallback"});
  // Catches: strict hydroelastic silently inventing a point pair, or fallback throwing.
  n.Claim(
      "rigid-rigid box/half space: strict hydroelastic throws; with fallback the pair becomes a " +
          fallback.Label("representation") + " pair",
      strict_throws && fallback.Label("representation") == "point");
}

// §3 材料组合必须按具体字段分别读 — each combined field has its own law.
void Section3Materials(Narrator& n) {
  using namespace contact;
  const double k = CombinePointStiffness(2e5, 2e5);
  // Catches: parallel or mean combination (hand: 1/(1/2e5 + 1/2e5) = 1e5).
  n.Claim(
      "point stiffness in series: k1 = k2 = 200000 N/m -> k = " + Num(k) + " N/m (expected 100000)",
      k == 1e5);
  const double k_rigid = CombinePointStiffness(core::kInfinity, 3e4);
  // Catches: inf/inf = NaN in the series formula.
  n.Claim("a rigid side (k = inf) drops out: inf with 30000 N/m -> k = " + Num(k_rigid) + " N/m",
          k_rigid == 3e4);
  const double d = CombineHuntCrossleyDissipation(1e5, 4e5, 2.0, 0.0);
  // Catches: an unweighted mean (1 s/m); hand: (k2 d1 + k1 d2)/(k1 + k2) = 4e5 2/5e5 = 1.6.
  n.Claim(
      "Hunt-Crossley d weighs the softer side more: k1 = 1e5 (d1 = 2 s/m), k2 = 4e5 (d2 = 0) -> d = " +
          Num(d) + " s/m = 4/5 of d1",
      std::abs(d - 1.6) < 1e-12);
  const double d_rigid = CombineHuntCrossleyDissipation(1e6, core::kInfinity, 0.1, 50.0);
  // Catches: the rigid side's d leaking in (the weight of a rigid side is 0).
  n.Claim("hydroelastic d with a rigid side (E = inf) takes the compliant side's d: -> " +
              Num(d_rigid) + " s/m",
          d_rigid == 0.1);
  const auto mu = CombineFriction({0.6, 0.6}, {0.5, 0.5});
  // Catches: min or mean instead of 2 mu1 mu2/(mu1 + mu2) = 0.6/1.1 = 6/11.
  n.Claim("friction: mu1 = 0.6, mu2 = 0.5 -> mu = 2*0.6*0.5/1.1 = " + Num(mu.static_friction) +
              " (6/11)",
          std::abs(mu.static_friction - 6.0 / 11.0) < 1e-15);
  const auto same = CombineFriction({0.5, 0.5}, {0.5, 0.5});
  // Catches: a series combination mu1 mu2/(mu1 + mu2) (0.25).
  n.Claim("equal materials keep mu: 0.5 with 0.5 -> " + Num(same.static_friction) +
              " (not the series value 0.25)",
          std::abs(same.static_friction - 0.5) < 1e-15);
  const double tau = CombineRelaxationTime(0.01, 0.02);
  // Catches: a series or max rule for tau (hand: 0.01 + 0.02).
  n.Claim("relaxation time is a plain sum: 0.01 s + 0.02 s -> " + Num(tau) + " s",
          std::abs(tau - 0.03) < 1e-15);
  const double tau_missing = CombineRelaxationTime(0.01, std::nullopt);
  // Catches: an error, or 0, for a missing tau (hand: 0.01 + 0.1).
  n.Claim(
      "a side without relaxation_time uses the discrete assembly's 0.1 s (not an error): 0.01 + missing -> " +
          Num(tau_missing) + " s",
      std::abs(tau_missing - 0.11) < 1e-15);
  n.Say("no common 'take the minimum' rule: k halves, mu keeps, tau adds.");
  const auto penalty = EstimatePenaltyParameters(1.0, 9.81, 1e-3);
  // Catches: a per-geometry stiffness that is not twice the combined one (hand: 1 9.81/1e-3 = 9810 N/m).
  n.Claim("penalty fallback for a 1 kg body, delta = 1 mm: k_c = m g/delta = " +
              Num(penalty.combined_stiffness) +
              " N/m, per geometry 2 k_c = " + Num(penalty.per_geometry_stiffness) +
              " N/m, d = " + Num(penalty.dissipation) + " s/m",
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
  // Catches: a curve with friction at zero slip (no regularisation).
  n.Claim("regularised friction vanishes at zero slip: Stribeck mu(0) = " +
              Num(StribeckFrictionCoefficient(0.0, vs, mu_s, mu_d)) +
              ", atan mu(0) = " + Num(AtanFrictionCoefficient(0.0, vs, mu_d)),
          StribeckFrictionCoefficient(0.0, vs, mu_s, mu_d) == 0.0 &&
              AtanFrictionCoefficient(0.0, vs, mu_d) == 0.0);
  const double stribeck_vs = StribeckFrictionCoefficient(vs, vs, mu_s, mu_d);
  const double atan_vs = AtanFrictionCoefficient(vs, vs, mu_d);
  // Catches: swapped curves; hand: atan(1) 2/pi = 1/2.
  n.Claim("at |vt| = vs: Stribeck gives mu_s = " + Num(stribeck_vs) +
              ", atan gives mu_d/2 = " + Num(atan_vs),
          std::abs(stribeck_vs - mu_s) < 1e-15 && std::abs(atan_vs - mu_d / 2) < 1e-15);
  const double stribeck_3vs = StribeckFrictionCoefficient(3 * vs, vs, mu_s, mu_d);
  const double atan_3vs = AtanFrictionCoefficient(3 * vs, vs, mu_d);
  // Catches: a Stribeck curve still in its transition at 3 vs, or atan reaching mu_d.
  n.Claim("at |vt| = 3 vs: Stribeck gives mu_d = " + Num(stribeck_3vs) +
              ", atan gives (2/pi) mu_d atan 3 = " + Num(atan_3vs) + " (0.795 mu_d)",
          std::abs(stribeck_3vs - mu_d) < 1e-15 &&
              std::abs(atan_3vs / mu_d - 2 / M_PI * std::atan(3.0)) < 1e-15);
  // Catches: atan clamped to mu_d at large slip.
  n.Claim("atan never reaches mu_d: at 100 vs it is " +
              Num(AtanFrictionCoefficient(100 * vs, vs, mu_d)) + " < " + Num(mu_d),
          AtanFrictionCoefficient(100 * vs, vs, mu_d) < mu_d);
  // Catches: a series with the wrong coefficients (compared with Drake's published test value).
  n.Claim("atan(x)/x near 0 uses the series: f(0.12) = " + Num(AtanXOverXFromXSquared(0.0144), 17) +
              " (Drake's test value 0.99524105015282038)",
          AtanXOverXFromXSquared(0.12 * 0.12) == 9.9524105015282038e-01);
  const double narrow = StribeckFrictionCoefficient(0.5e-4, 0.5e-4, mu_s, mu_d);
  // Catches: vs ignored by the Stribeck curve.
  n.Claim("halving vs narrows the transition: mu at 5e-5 m/s goes from " +
              Num(StribeckFrictionCoefficient(0.5e-4, vs, mu_s, mu_d)) + " to " + Num(narrow),
          narrow > StribeckFrictionCoefficient(0.5e-4, vs, mu_s, mu_d));
  n.Say(
      "discrete approximations read only the combined mu_d; mu_s never enters (see §3 and E3-SAP §3).");
}

// §5 原创 API 阅读与练习 — the exercises' facts, each against a hand value.
void Section5Exercises(Narrator& n) {
  using namespace contact;
  n.Say(
      "the seven exercises: simatlas exercise e3-geometry N (N = 1..7) prints a question; "
      "--answer FILE grades an answer.");
  // ex1: two equal point stiffnesses in series, then the force at 1 mm. Hand: k = 5e4 N/m, 50 N.
  const auto ex1 = Law("material.point_stiffness", {"k1=1e5", "k2=1e5"});
  const auto force = Law("point.continuous_force",
                         {"k=" + Num(ex1.Number("k"), 17), "depth=1e-3", "d=0", "xdot=0"});
  // Catches: stiffnesses added (2e5 N/m, 200 N) instead of combined in series.
  n.Claim("ex1: k1 = k2 = 1e5 N/m in series -> k = " + Num(ex1.Number("k")) +
              " N/m, force at 1 mm " + Num(force.Number("fn")) + " N (hand 5e4 N/m, 50 N)",
          std::abs(ex1.Number("k") - 5e4) < 1e-9 && std::abs(force.Number("fn") - 50) < 1e-9,
          {{"k", ex1.Number("k")}, {"fn", force.Number("fn")}});
  // ex5: the discrete friction reads mu_d only: mu_s = 0.9 or 0.5 with mu_d = 0.5 on both sides
  // combine to the same dynamic coefficient 2 0.5 0.5/1 = 0.5.
  const auto a = CombineFriction({0.9, 0.5}, {0.9, 0.5});
  const auto b = CombineFriction({0.5, 0.5}, {0.5, 0.5});
  // Catches: a discrete model whose friction changes with mu_s.
  n.Claim("ex5: changing mu_s 0.5 -> 0.9 on both sides leaves the combined mu_d at " +
              Num(a.dynamic_friction) + " = " + Num(b.dynamic_friction) +
              " (hand 0.5), and the discrete approximations read mu_d only",
          std::abs(a.dynamic_friction - 0.5) < 1e-15 && a.dynamic_friction == b.dynamic_friction &&
              !MaterialFieldsUsed(DiscreteContactApproximation::kSimilar).static_friction,
          {{"mu_d", a.dynamic_friction}});
}

}  // namespace

void AddE3GeometrySections(std::vector<Section>& sections) {
  sections.push_back({"e3-geometry", "1", Section1ThreeChoices});
  sections.push_back({"e3-geometry", "1.1", Section11VisibleVsCollidable});
  sections.push_back({"e3-geometry", "2", Section2PointVsHydro});
  sections.push_back({"e3-geometry", "2.1", Section21Point});
  sections.push_back({"e3-geometry", "2.2", Section22Hydroelastic});
  sections.push_back({"e3-geometry", "3", Section3Materials});
  sections.push_back({"e3-geometry", "4", Section4FrictionRegularisation});
  sections.push_back({"e3-geometry", "5", Section5Exercises});
}

}  // namespace simatlas::chapters
