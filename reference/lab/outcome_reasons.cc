// E3-SAP §3.1–§3.2, MJ-solvers §2a–§3 — why a lab model misses a Coulomb law (outcome_reasons.h).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/lab/outcome_reasons.h"

#include <cmath>
#include <optional>
#include <vector>

#include "reference/lab/lab_format.h"
#include "reference/lab/lab_model.h"
#include "reference/lab/mujoco_contact_step.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/sap_model.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

namespace {

// A contact counts as at the cone's rim when ‖f_t‖ ≥ (1 − 1e-2) μ fn.
constexpr double kRimShare = 0.99;

// The scene's numbers every mechanism reads.
struct SceneScale {
  double m = 0.0;      // the first body's mass [kg]
  double g = 0.0;      // |gravity| [m/s²]
  double k = 0.0;      // contact stiffness [N/m]
  double tau = 0.0;    // relaxation time τd [s]
  double mu = 0.0;     // friction [1]
  double h = 0.0;      // step [s]
  int n = 1;           // support pairs
  double depth = 0.0;  // rest depth m g/(n k) [m]
  double tran = 0.0;   // Â of a ground contact of the first body [1/kg]
};

SceneScale ScaleOf(const LabScene& lab, double h) {
  SceneScale s;
  const multibody::MultibodyTree& tree = lab.scene.tree;
  s.m = tree.body(1).mass;
  s.g = tree.gravity().norm();
  s.k = lab.scene.material.stiffness;
  s.tau = lab.scene.material.relaxation_time;
  s.mu = lab.mu;
  s.h = h;
  s.n = lab.support_pairs;
  s.depth = s.m * s.g / (s.n * s.k);
  s.tran = TranslationalInverseWeight(tree, lab.scene.q0, 1);
  return s;
}

std::string F(double x) { return FormatValue(x); }

// The lab model named by the label's last word, or nullptr.
const LabModel* ModelOf(const std::string& label) {
  const std::string name = label.substr(label.find_last_of(' ') + 1);
  for (const LabModel& m : AllLabModels()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// kSap's near-rigid branch at the run's last state: the largest Rn that exceeds the physical
// 1/(h k (h + τd)) of its contact, with that physical value (nullopt: none does, or no contact).
struct NearRigid {
  double Rn_min = 0.0;  // the smallest and largest Rn where the bound wins [1/kg]
  double Rn_max = 0.0;
  double physical = 0.0;  // 1/(h k (h + τd)) [1/kg]
  int contacts = 0;       // contacts where it wins
  int of = 0;             // contacts at the last state
};

std::optional<NearRigid> NearRigidAtEnd(const LabScene& lab, const RunSummary& run) {
  const RunDiagnostics& d = run.diagnostics;
  try {
    const std::vector<scenes::AssembledPair> pairs =
        scenes::AssembleContactPairs(lab.scene, d.q_end);
    if (pairs.empty()) return std::nullopt;
    const sap::SapModel model(
        scenes::MakeSapContactProblem(lab.scene, d.q_end, d.v_end, run.dt, "sap", lab.mu, pairs));
    NearRigid n;
    n.of = static_cast<int>(pairs.size());
    for (const sap::ModelConstraint& c : model.constraints()) {
      const auto* cone = dynamic_cast<const sap::FrictionConeConstraint*>(c.constraint.get());
      if (!cone) continue;
      const sap::FrictionConeParameters& p = cone->parameters();
      const double physical = 1.0 / (run.dt * p.stiffness * (run.dt + p.relaxation_time));
      const double Rn = cone->regularization().Rn;
      if (!(Rn > physical * (1 + 1e-12))) continue;
      n.Rn_min = n.contacts == 0 ? Rn : std::min(n.Rn_min, Rn);
      n.Rn_max = std::max(n.Rn_max, Rn);
      n.physical = physical;
      ++n.contacts;
    }
    if (n.contacts == 0) return std::nullopt;
    return n;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The run's evidence: flight, contacts switching late, rim contacts and slip of the last step.
std::string Evidence(const RunSummary& run, const Outcome& o, double mu) {
  const RunDiagnostics& d = run.diagnostics;
  std::vector<std::string> parts;
  if (d.open_steps > 0) {
    parts.push_back("no contact in " + std::to_string(d.open_steps) + " steps after the first");
  }
  if (d.late_changes > 0) {
    parts.push_back("contacts opened or closed in " + std::to_string(d.late_changes) +
                    " of the last " + std::to_string(d.late_steps) + " steps");
  }
  if (o.kind == OutcomeKind::kRest) {
    parts.push_back("deepest penetration of the last " + std::to_string(d.late_steps) + " steps " +
                    F(d.late_penetration_max) + " m");
  }
  if (o.kind == OutcomeKind::kStick) {
    int rim = 0;
    double slip = 0.0;
    for (const scenes::ContactResult& c : d.last_contacts) {
      if (c.f_Bc_C(2) > 0 && c.f_Bc_C.head<2>().norm() >= kRimShare * mu * c.f_Bc_C(2)) ++rim;
      slip = std::max(slip, c.slip_speed);
    }
    parts.push_back(std::to_string(rim) + " of " + std::to_string(d.last_contacts.size()) +
                    " contacts at the cone's rim at the end, slip " + F(slip) + " m/s");
  }
  if (o.kind == OutcomeKind::kSlide || o.kind == OutcomeKind::kOnset) {
    parts.push_back("slip up to " + F(d.slip_speed_max) + " m/s");
  }
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : ", ") + p;
  return s;
}

// Large step: one step's free fall g h² against the rest depth m g/(n k); nullopt when the step
// resolves the contact (g h² ≤ m g/(n k)).
std::optional<std::string> LargeStep(const SceneScale& s) {
  const double fall = s.g * s.h * s.h;
  if (fall <= s.depth) return std::nullopt;
  const double omega = std::sqrt(s.n * s.k / s.m);
  return "The step is too large for the stiffness: in h = " + F(s.h) +
         " s a body falls g h² = " + F(fall) + " m, " + F(fall / s.depth) +
         " times its rest depth m g/(" + std::to_string(s.n) + " k) = " + F(s.depth) +
         " m (ω h = " + F(omega * s.h) + ", ω = √(" + std::to_string(s.n) +
         " k/m)), and contacts are found only at each step's start, so they open and close a step "
         "late and the body keeps bouncing or rocking.";
}

std::string NearRigidSentence(const SceneScale& s, const NearRigid& n) {
  const auto range = [](double lo, double hi, const std::string& unit) {
    return F(lo) == F(hi) ? F(lo) + unit : F(lo) + " to " + F(hi) + unit;
  };
  return "kSap's near-rigid bound wins at h = " + F(s.h) + " s on " + std::to_string(n.contacts) +
         " of " + std::to_string(n.of) +
         " contacts (E3-SAP §3.1, formula sheet (3.2)): Rn = β² wn/(4π²) = " +
         range(n.Rn_min, n.Rn_max, " 1/kg") + " > 1/(h k (h + τd)) = " + F(n.physical) +
         " 1/kg, so a contact is as soft as the stiffness 1/(Rn h (h + τd)) = " +
         range(1 / (n.Rn_max * s.h * (s.h + s.tau)), 1 / (n.Rn_min * s.h * (s.h + s.tau)), " N/m") +
         ", not k = " + F(s.k) + " N/m: its depth grows by Rn/(1/(h k (h + τd))) = " +
         range(n.Rn_min / n.physical, n.Rn_max / n.physical, "") + ".";
}

std::string SapGlidingSentence(const std::string& approximation) {
  if (approximation == "sap") {
    return "kSap's sliding branch (E3-SAP formula sheet (3.3)) adds μ̂ yr = μ ‖vt‖/Rn to γn (E3-SAP §3.1): a sliding "
           "contact pushes until vn ≈ μ ‖vt‖ (gliding), so the body hops and slides without "
           "friction in flight.";
  }
  return "Similar evaluates its normal impulse n(z) at z = vn − μ s(vt) (E3-SAP §3.2): a sliding "
         "contact pushes until vn ≈ μ s(vt) (gliding), so the body hops and slides without "
         "friction in flight.";
}

// depth: the law's rest depth of the outcome [m]; loaded: the contacts hold a tangential load.
std::string PyramidSentence(const LabRowDynamics& r, double depth, bool bounces, bool loaded) {
  std::string t =
      "MuJoCo's pyramid splits a contact into 4 edges J_n ± μ J_t with R = 2 μ² R₀ on "
      "Â = (1 + μ²) tran (MJ-solvers §2a, formula sheet (2.3)), which together push 2/(μ² (1 + μ²)) = " +
      F(r.pyramid_gain) + " times the normal row whose solref maps k: they rest at " + F(depth) +
      " m/" + F(r.pyramid_gain) + " = " + F(depth / r.pyramid_gain) + " m";
  if (!bounces) return t + ".";
  return t + ", and their damped ring (ω = √(K d) = " + F(r.omega) +
         " rad/s, ζ = B/(2ω) = " + F(r.zeta) + ", overshoot " + F(r.overshoot) +
         ") carries the body past that shallow rest out of contact: it bounces" +
         (loaded ? ", and in flight no friction holds it against the load." : ".");
}

std::string CreepSentence(const SceneScale& s, const LabRowDynamics& r, const Outcome& o,
                          bool pyramidal, double run_time) {
  const double c = pyramidal ? r.viscous_pyramidal : r.viscous_elliptic;
  const double speed = o.load / (s.n * c);
  std::string t =
      "MuJoCo's friction rows have no stiffness (K = 0, MJ-solvers §2a, formula sheet (2.2)): below the "
      "cone's rim friction is a damper of " +
      std::string(pyramidal ? "2 μ² B/R_edge = " : "B/R₁ = ") + F(c) +
      " N·s/m per contact (τd k = " + F(s.tau * s.k) + "), so the load " + F(o.load) + " N on " +
      std::to_string(s.n) + " contacts creeps at " + F(speed) + " m/s";
  if (o.unit == "m") t += ", " + F(speed * run_time) + " m over " + F(run_time) + " s";
  return t + " (more where contacts slide at the rim).";
}

std::string MujocoGlidingSentence(const LabRowDynamics& r, const SceneScale& s) {
  return "MuJoCo's cone ties the normal row to the friction rows' residual, which holds their "
         "damping B vt (MJ-solvers §3, formula sheet (3.1); a pyramid's active edge moves at vn − μ ‖vt‖): a "
         "contact sliding at ‖vt‖ raises its normal target acceleration by μ B ‖vt‖ (μ B = " +
         F(s.mu * r.B) + " 1/s, g at ‖vt‖ = g/(μ B) = " + F(s.g / (s.mu * r.B)) +
         " m/s), so the body hops and slides without friction in flight.";
}

std::string PgsToleranceSentence(double tolerance) {
  return "PGS ends a step when one sweep's scaled cost improvement falls below tolerance = " +
         F(tolerance) +
         " (MJ-solvers §4–§5), not when its forces have converged: on a problem "
         "that converges slowly (a stack's coupled contacts) the forces it leaves shake the body, "
         "whose contacts keep opening and closing instead of resting at the law's depth.";
}

}  // namespace

OutsideReason ExplainOutsideLaw(const LabScene& lab, const RunSummary& run, const Outcome& o) {
  OutsideReason reason;
  reason.evidence = Evidence(run, o, lab.mu);
  const LabModel* model = ModelOf(run.model);
  if (!model) {
    reason.mechanism =
        "'" + run.model + "' is not one of the lab's models, so no mechanism is derived.";
    return reason;
  }
  const SceneScale s = ScaleOf(lab, run.dt);
  const RunDiagnostics& d = run.diagnostics;
  const bool flew = d.open_steps > 0;
  const bool switching = d.late_changes > 0 || (flew && o.kind != OutcomeKind::kSlide);
  std::vector<std::string> sentences;
  if (model->engine == Engine::kSap) {
    if (model->approximation == "sap") {
      if (const std::optional<NearRigid> n = NearRigidAtEnd(lab, run)) {
        sentences.push_back(NearRigidSentence(s, *n));
      }
    }
    if (flew && model->approximation != "lagged" &&
        (o.kind == OutcomeKind::kSlide || o.kind == OutcomeKind::kOnset)) {
      sentences.push_back(SapGlidingSentence(model->approximation));
    }
  } else {
    const bool pyramidal = model->cone == mujoco::Cone::kPyramidal;
    const LabRowDynamics r = MujocoRowDynamics(s.k, s.tau, s.mu, s.tran, s.h);
    const std::optional<std::string> large = LargeStep(s);
    if (o.kind == OutcomeKind::kStick) {
      sentences.push_back(CreepSentence(s, r, o, pyramidal, run.steps_done * run.dt));
    }
    if (o.kind == OutcomeKind::kSlide && flew) sentences.push_back(MujocoGlidingSentence(r, s));
    if (pyramidal && o.kind != OutcomeKind::kSlide) {
      // the law's depth for a depth outcome, else the first body's m g/(n k)
      const bool depth = o.unit == "m" && o.kind == OutcomeKind::kRest && o.predicted > 0;
      sentences.push_back(
          PyramidSentence(r, depth ? o.predicted : s.depth, switching,
                          o.kind == OutcomeKind::kStick || o.kind == OutcomeKind::kOnset));
    }
    if (large && (switching || flew)) sentences.push_back(*large);
    // PGS alone, contacts still switching at a step that resolves the contact: its exit test
    if (sentences.empty() && model->solver == mujoco::SolverKind::kPGS && switching) {
      sentences.push_back(
          PgsToleranceSentence(Mujoco315Options(model->solver, model->cone, s.h).tolerance));
    }
  }
  if (sentences.size() > 2) sentences.resize(2);
  for (const std::string& t : sentences)
    reason.mechanism += (reason.mechanism.empty() ? "" : " ") + t;
  if (reason.mechanism.empty()) {
    reason.mechanism =
        "none of the lab's derived mechanisms (near-rigid, gliding, pyramid, creep, "
        "large step) holds for this run; its evidence is all the lab has.";
  }
  return reason;
}

}  // namespace simatlas::lab
