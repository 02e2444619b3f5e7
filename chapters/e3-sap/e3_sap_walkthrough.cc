// Walkthrough of E3-SAP "从动力学装配到 SAP 终止" (From dynamics assembly to SAP termination):
// each section's claims, in the order of the text, with live numbers from the reference engine.
// (N.M) are the formula sheet's equations (course/FORMULAS.md, E3-SAP).
#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "chapters/walkthrough.h"
#include "exercises/e3-sap/sap_exercise_problems.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/sensitivity.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"

namespace simatlas::chapters {

namespace {

// A kSap cone pressed in by 1 mm (k = 1e5 N/m, tau = 0.01 s, mu = 0.5, beta = 0: no near-rigid
// bound) on the 1 kg point mass of the E3-SAP exercises (A = I, J = I).
sap::FrictionConeParameters PressedCone() {
  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e5;
  p.relaxation_time = 0.01;
  p.phi0 = -1e-3;
  p.beta = 0.0;
  return p;
}

// The law sap.hunt_crossley at a state ("key=value" list) under one approximation.
laws::Values HuntCrossley(std::vector<std::string> state, const std::string& approximation) {
  state.push_back("approximation=" + approximation);
  return Law("sap.hunt_crossley", state);
}

// Runs a built-in scene with "key=value" arguments, as `simatlas simulate` does.
scenes::Trajectory RunScene(const std::string& name, const std::vector<std::string>& arguments,
                            std::vector<scenes::SummaryEntry>& summary) {
  const scenes::SceneDefinition& definition = scenes::FindScene(name);
  const scenes::SceneArguments parsed = scenes::ParseSceneArguments(definition, arguments);
  const scenes::Scene scene = definition.build(parsed);
  scenes::Trajectory trajectory = scenes::Simulate(scene, scenes::ReadDriverOptions(parsed));
  summary = definition.summarize(scene, parsed, trajectory);
  return trajectory;
}

// The value of a scene's summary entry called name (NaN if absent or null).
double SummaryValue(const std::vector<scenes::SummaryEntry>& summary, const std::string& name) {
  for (const auto& entry : summary) {
    if (entry.name == name && entry.value) return *entry.value;
  }
  return std::nan("");
}

// §1 力、广义速度与动力学装配 — M(q) v̇ + c = Σ forces, and M is SPD.
void Section1Assembly(Narrator& n) {
  const auto pendulum = Law("multibody.double_pendulum", {"q=0.3,-0.7", "v=1.5,-2"});
  const Eigen::VectorXd m = pendulum.Vector("M");
  Eigen::Matrix2d M;
  M << m(0), m(1), m(1), m(2);
  const Eigen::LLT<Eigen::Matrix2d> llt(M);
  // Hand M for the defaults (m = 1 kg, l1 = 1 m, lc = 0.5 m, I = 0.01 kg·m², c2 = cos(-0.7)):
  // M11 = I1 + m1 lc1² + I2 + m2 (l1² + lc2² + 2 l1 lc2 c2) = 1.52 + c2, M12 = I2 + m2 (lc2² +
  // l1 lc2 c2) = 0.26 + 0.5 c2, M22 = I2 + m2 lc2² = 0.26.
  const double c2 = std::cos(-0.7);
  const Eigen::Vector3d hand(1.52 + c2, 0.26 + 0.5 * c2, 0.26);
  // Catches: a mass matrix missing the coupling term (cos q2) or not positive definite.
  n.Claim("double pendulum at q = (0.3, -0.7) rad: M = [[" + Num(m(0)) + ", " + Num(m(1)) + "], [" +
              Num(m(1)) + ", " + Num(m(2)) +
              "]] kg·m² (hand [[1.52 + cos 0.7, 0.26 + 0.5 cos 0.7], [., 0.26]]),"
              " symmetric positive definite",
          llt.info() == Eigen::Success && (m - hand).cwiseAbs().maxCoeff() < 1e-12,
          {{"M11", m(0)}, {"M12", m(1)}, {"M22", m(2)}});
  const Eigen::VectorXd c = pendulum.Vector("c");
  const Eigen::VectorXd tau_g = pendulum.Vector("tau_g");
  n.Say("at v = (1.5, -2) rad/s the bias c(q, v) = (" + Num(c(0)) + ", " + Num(c(1)) +
        ") N·m and gravity tau_g = (" + Num(tau_g(0)) + ", " + Num(tau_g(1)) +
        ") N·m are separate named terms of the dynamics, formula sheet (1.2).");
  n.Say(
      "units: rotational entries of M in kg·m², of generalized forces in N·m; the Euclidean norm of a mixed vector has no unit.");
}

// §2 同一个 Context 出发，一步发生什么 — the step chain: free motion, contact, SAP, q_next.
void Section2OneStep(Narrator& n) {
  std::vector<scenes::SummaryEntry> summary;
  const auto trajectory = RunScene("sphere_on_ground", {"stiffness=1e4", "steps=3000"}, summary);
  const double x = SummaryValue(summary, "penetration");
  // Hand: at rest the contact force balances gravity, k x = m g: x = 1 9.81/1e4 = 9.81e-4 m.
  // Catches: a step chain that loses the contact force, the gravity term or the q update.
  n.Claim(
      "sphere on ground (m = 1 kg, k = 1e4 N/m, h = 1 ms), 3000 steps from one Context: rest penetration " +
          Num(x) + " m, contact force " + Num(trajectory.contact_force.back()) +
          " N (hand m g/k = 9.81e-4 m, m g = 9.81 N)",
      std::abs(x - 9.81e-4) < 1e-3 * 9.81e-4 &&
          std::abs(trajectory.contact_force.back() - 9.81) < 1e-2,
      {{"penetration", x}, {"force", trajectory.contact_force.back()}});
}

// §2.1 Free motion 不是完整接触解 — A = M + hD, damping counted once.
void Section21FreeMotion(Narrator& n) {
  const auto free = Law("multibody.free_motion", {"m=1", "d=10", "h=0.01", "v0=1"});
  // Catches: damping left explicit (v* = 1 - hD/m = 0.9 instead of 1/1.1).
  n.Claim(
      "one dof, m = 1 kg, D = 10 kg/s, h = 0.01 s, v0 = 1 m/s: A = M + hD = " +
          Num(free.Number("A")) + " kg, k = -D v0 = " + Num(free.Number("k")) +
          " N, v* = " + Num(free.Number("vstar"), 10) + " m/s = 1/(1 + hD)",
      std::abs(free.Number("A") - 1.1) < 1e-15 && std::abs(free.Number("vstar") - 1 / 1.1) < 1e-15,
      {{"A", free.Number("A")}, {"vstar", free.Number("vstar")}});
  // Counting damping again (k = −D v0 − D v0) would give a different, wrong v*.
  const double twice = 1.0 + 0.01 * (-20.0) / 1.1;
  // Narration: the same damping counted in k and again in A (hand arithmetic).
  n.Say("counting damping twice would give v* = " + Num(twice, 10) + " m/s instead.");
}

// §2.2 Hydroelastic 由面片变成离散约束 — fe0 = a p0, k = a g, φ0 = −p0/g with g in series.
void Section22HydroFaces(Narrator& n) {
  // Two compliant sides with equal gradients 2e7 Pa/m: g = 1/(1/2e7 + 1/2e7) = 1e7 Pa/m, so
  // fe0 = 1e-4 2e4 = 2 N, k = 1e-4 1e7 = 1000 N/m, phi0 = -2e4/1e7 = -2 mm.
  const auto face = Law("hydro.discrete_face", {"area=1e-4", "p0=2e4", "gM=2e7", "gN=2e7"});
  // Catches: gradients added (g = 4e7) or one side's gradient used alone (k = 2000 N/m).
  n.Claim("one face, a = 1e-4 m², p0 = 2e4 Pa, gM = gN = 2e7 Pa/m: fe0 = " +
              Num(face.Number("fe0")) + " N, k = " + Num(face.Number("k")) +
              " N/m, phi0 = " + Num(face.Number("phi0")) + " m (hand 2 N, 1000 N/m, -2e-3 m)",
          std::abs(face.Number("fe0") - 2) < 1e-12 && std::abs(face.Number("k") - 1000) < 1e-9 &&
              std::abs(face.Number("phi0") + 2e-3) < 1e-15,
          {{"fe0", face.Number("fe0")}, {"k", face.Number("k")}, {"phi0", face.Number("phi0")}});
  n.Say(
      "a surface with F faces gives F solver contacts; E [Pa] enters through g, never as a point k.");
}

// §3 三种近似的实际法则 — one state, three laws.
void Section3ThreeLaws(Narrator& n) {
  const std::vector<std::string> state = {"dt=0.01", "w=1",    "mu=0.5",   "k=1e5",
                                          "d=0.01",  "fe0=15", "vn0=-0.1", "vc=0.1,0,-0.05"};
  const auto lagged = HuntCrossley(state, "lagged");
  const auto similar = HuntCrossley(state, "similar");
  // Hand: n0 = h [fe0]+ [1 - d vn0]+ = 0.01 15 (1 + 0.01 0.1) = 0.15015 N·s, from the old state.
  // Catches: n0 read from the previous optimisation's gamma_n instead of recomputed.
  n.Claim("Lagged n0 = h [fe0]+ [1 - d vn0]+ = " + Num(lagged.Number("n0")) + " N·s (hand 0.15015)",
          std::abs(lagged.Number("n0") - 0.15015) < 1e-14, {{"n0", lagged.Number("n0")}});
  const double gl = lagged.Vector("gamma")(2), gs = similar.Vector("gamma")(2);
  // Catches: Similar and Lagged implemented as one law (the course: different approximations).
  n.Claim("same state (sliding at vt = 0.1 m/s, vn = -0.05 m/s approaching): Similar gamma_n = " +
              Num(gs) + " N·s, Lagged gamma_n = " + Num(gl) +
              " N·s — different approximations, not one model",
          std::abs(gs - gl) > 1e-6 * std::max(std::abs(gs), std::abs(gl)),
          {{"gamma_n_similar", gs}, {"gamma_n_lagged", gl}});
}

// §3.1 kSap：线性柔顺、relaxation time 与锥投影.
void Section31Sap(Narrator& n) {
  // Drake's CalcRegularization test values (sap_friction_cone_constraint_test.cc, D4).
  const auto d4 = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0.5", "k=1e5",
                                            "tau=0.01", "beta=0", "sigma=1e-4", "vc=0,0,0"});
  // Catches: a wrong regularisation; Drake's values from sap_friction_cone_constraint_test.cc (D4): Rt = 1e-4 3, Rn = 1/(5e-3 1e5 1.5e-2) = 1/7.5, vhat_n = 2.5e-3/1.5e-2.
  n.Claim("Drake's D4 case: Rt = sigma w = " + Num(d4.Number("Rt")) +
              " 1/kg, Rn = 1/(h k (h + tau)) = " + Num(d4.Number("Rn")) +
              " 1/kg, vhat_n = -phi0/(h + tau) = " + Num(d4.Number("vhat_n")) + " m/s",
          std::abs(d4.Number("Rt") - 3e-4) < 1e-18 && std::abs(d4.Number("Rn") - 1 / 7.5) < 1e-15 &&
              std::abs(d4.Number("vhat_n") - 1.0 / 6.0) < 1e-15);
  // Without the near-rigid branch the projection reproduces (3.1).
  const auto stick = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0.5", "k=1e5",
                                               "tau=0.01", "beta=0", "sigma=1e-3", "vc=0,0,-0.1"});
  const double expected = 5e-3 * (-1e5 * (-2.5e-3 + 5e-3 * -0.1) - 1e5 * 0.01 * -0.1);
  // Catches: a projection that does not reduce to the Kelvin-Voigt impulse in the compliance region (hand value computed beside).
  n.Claim("gamma_n = h[-k(phi0 + h vn) - k tau vn]+ = " + Num(expected) +
              " N·s; the projection gives " + Num(stick.Vector("gamma")(2)) + " N·s (" +
              stick.Label("mode") + ")",
          std::abs(stick.Vector("gamma")(2) - expected) < 1e-12,
          {{"gamma_n", stick.Vector("gamma")(2)}, {"hand", expected}});
  // Near-rigid: raising k tenfold no longer changes Rn or γn.
  const auto k8 = Law("sap.friction_cone", {"dt=1e-3", "w=3", "phi0=-1e-3", "mu=0.5", "k=1e8",
                                            "tau=0", "beta=1", "vc=0,0,0"});
  const auto k9 = Law("sap.friction_cone", {"dt=1e-3", "w=3", "phi0=-1e-3", "mu=0.5", "k=1e9",
                                            "tau=0", "beta=1", "vc=0,0,0"});
  const double change = k9.Vector("gamma")(2) / k8.Vector("gamma")(2) - 1.0;
  // Catches: the near-rigid lower bound on Rn not applied (gamma_n would grow tenfold with k).
  n.Claim("near-rigid bound active (beta² w/(4 pi²) = " + Num(3 / (4 * M_PI * M_PI)) +
              " > 1/(h k (h + tau))): raising k from 1e8 to 1e9 N/m changes Rn from " +
              Num(k8.Number("Rn")) + " to " + Num(k9.Number("Rn")) + " and gamma_n by " +
              Num(100 * change) + " %",
          k8.Number("Rn") == k9.Number("Rn") && std::abs(change) < 1e-12);
  const auto frictionless = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0",
                                                      "k=1e5", "tau=0.01", "vc=0.1,0,-0.1"});
  // Catches: a stiction mode with zero friction (tangential impulse without mu).
  n.Claim("mu = 0 never sticks: a loaded contact is '" + frictionless.Label("mode") +
              "' with gamma_t = 0",
          frictionless.Label("mode") == "sliding" &&
              frictionless.Vector("gamma").head(2).norm() == 0.0);
}

// §3.2 Similar 与 Lagged — Lagged's tangential bound is mu n0, not mu gamma_n.
void Section32HuntCrossley(Narrator& n) {
  const std::vector<std::string> common = {"dt=0.01", "w=1",    "mu=0.5",   "k=1e5",
                                           "d=0.01",  "fe0=15", "vn0=-0.1", "vc=0.1,0,0.01"};
  const auto lagged = HuntCrossley(common, "lagged");
  const auto similar = HuntCrossley(common, "similar");
  const double gt = lagged.Vector("gamma").head(2).norm();
  const double gn = lagged.Vector("gamma")(2);
  // Catches: Lagged's friction checked against mu gamma_n instead of mu n0.
  n.Claim("Lagged, approaching before (vn0 = -0.1 m/s) and separating now (vn = 0.01 m/s): n0 = " +
              Num(lagged.Number("n0")) + " N·s, gamma_n = " + Num(gn) +
              " N·s, |gamma_t| = " + Num(gt) + " N·s <= mu n0 but > mu gamma_n — not a failure",
          gt <= 0.5 * lagged.Number("n0") * (1 + 1e-12) && gt > 0.5 * gn);
  // Catches: Similar's friction exceeding mu gamma_n.
  n.Claim(
      "Similar at the same state couples friction to the current impulse: z = vn - mu s(vt) = " +
          Num(similar.Number("z")) +
          " m/s, |gamma_t| = " + Num(similar.Vector("gamma").head(2).norm()) +
          " N·s <= mu gamma_n = " + Num(0.5 * similar.Vector("gamma")(2)),
      similar.Vector("gamma").head(2).norm() <= 0.5 * similar.Vector("gamma")(2) * (1 + 1e-12));
  const auto slow =
      Law("sap.hunt_crossley", {"approximation=lagged", "dt=0.01", "w=1", "mu=0.5", "k=1e5",
                                "d=0.01", "fe0=15", "vn0=-0.1", "sigma=1e-2", "vc=0,0,0"});
  // Catches: eps fixed to vs; Drake's D5 value from sap_hunt_crossley_constraint_test.cc.
  n.Claim("eps is not always vs: with sigma = 1e-2, eps = mu sigma w n0 = " +
              Num(slow.Number("eps")) + " m/s > vs = 1e-4 m/s (Drake's D5 value 7.5075e-4)",
          std::abs(slow.Number("eps") - 7.5075e-4) < 1e-15);
}

// §4 SAP 解的是速度上的凸问题 — at the optimum g = A(v − v*) − Jᵀγ = 0 and ℓ is smallest.
void Section4Convex(Narrator& n) {
  const auto problem =
      exercises::e3_sap::PointMassProblem(1e-3, core::Vector3(0.3, 0.1, -0.2), PressedCone());
  const auto result = sap::SolveSapProblem(problem, {});
  // With A = m I (m = 1 kg) and J = I the optimality condition is momentum balance m (v - v*) = gamma.
  const core::Vector3 v = result.v, v_star = problem.cliques[0].v_star;
  const double imbalance = ((v - v_star) - result.gamma[0]).norm() / result.gamma[0].norm();
  // Catches: a sign error in Jᵀγ or a solver stopping away from the minimiser.
  n.Claim(
      "1 kg point mass pressed 1 mm into a kSap contact (k = 1e5 N/m, tau = 0.01 s, mu = 0.5), v* = (0.3, 0.1, -0.2) m/s: "
      "|m (v - v*) - gamma| / |gamma| = " +
          Num(imbalance, 3) + " at the solution",
      imbalance < 1e-6, {{"imbalance", imbalance}});
  const sap::SapModel model(problem);
  const double at = sap::EvaluateSap(model, v).cost;
  double lowest_neighbour = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    for (double step : {-1e-4, 1e-4}) {
      core::VectorX w = v;
      w(i) += step;
      lowest_neighbour = std::min(lowest_neighbour, sap::EvaluateSap(model, w).cost);
    }
  }
  // Catches: a non-convex or wrongly signed cost (a neighbour 0.1 mm/s away would be lower).
  n.Claim("the cost at the solution " + Num(at, 10) +
              " J is below all six neighbours at +-1e-4 m/s (lowest " + Num(lowest_neighbour, 10) +
              " J)",
          at < lowest_neighbour, {{"cost", at}, {"lowest_neighbour", lowest_neighbour}});
}

// §4.1 稀疏图、warm start 与约束种类 — no constraint: v*; non-participating DOFs keep v*.
void Section41Graph(Narrator& n) {
  sap::SapProblem free =
      exercises::e3_sap::PointMassProblem(1e-3, core::Vector3(0.3, 0.1, -0.2), PressedCone());
  free.constraints.clear();
  const auto shortcut = sap::SolveSapProblem(free, {});
  // Catches: Newton run on an unconstrained problem (the driver returns v* directly).
  n.Claim("no constraint: " + std::to_string(shortcut.iterations) +
              " Newton iterations, v = v* exactly, success",
          shortcut.iterations == 0 && shortcut.success && shortcut.v == free.cliques[0].v_star);
  // A second clique (a 2 kg body, v* = (1, 2, 3) m/s) with no constraint does not participate.
  sap::SapProblem two =
      exercises::e3_sap::PointMassProblem(1e-3, core::Vector3(0.3, 0.1, -0.2), PressedCone());
  sap::Clique idle;
  idle.A = 2.0 * core::MatrixX::Identity(3, 3);
  idle.v_star = core::Vector3(1, 2, 3);
  two.cliques.push_back(idle);
  const auto result = sap::SolveSapProblem(two, {});
  const sap::SapModel model(two);
  // Catches: a clique outside every constraint changed by the solve, or counted as participating.
  n.Claim("two cliques, one constrained: participating velocities " +
              std::to_string(model.num_velocities()) + " of " +
              std::to_string(model.num_problem_velocities()) + "; the free clique keeps v* = (" +
              Num(result.v(3)) + ", " + Num(result.v(4)) + ", " + Num(result.v(5)) + ") m/s",
          model.num_velocities() == 3 && model.num_problem_velocities() == 6 &&
              result.v.tail(3) == idle.v_star);
}

// §4.2 默认值、终止与失败 — both criteria recorded separately; the cap turns into failure.
void Section42Termination(Narrator& n) {
  const sap::SapSolverParameters defaults;
  n.Say("SapSolverParameters (Drake sap_solver.h): abs_tolerance " + Num(defaults.abs_tolerance) +
        ", rel_tolerance " + Num(defaults.rel_tolerance) + ", max_iterations " +
        std::to_string(defaults.max_iterations) + " — a budget, not a count performed.");
  const auto file = io::ReadSapProblem(std::string(SIMATLAS_FORMATS_DIR) +
                                       "/examples/sap/pizza_saver_stiction.json");
  const auto result = sap::SolveSapProblem(file.problem, defaults);
  // The criterion (4.3) recomputed from the exit statistics: ||D g|| <= eps_a + eps_r s.
  const double bound = 1e-14 + 1e-6 * result.momentum_scale;
  // Catches: success reported without either criterion, or the flags merged into one.
  n.Claim("pizza saver, sticking: success after " + std::to_string(result.iterations) +
              " Newton iteration(s); ||D g|| = " + Num(result.momentum_residual) +
              " sqrt(J) <= eps_a + eps_r s = " + Num(bound) + "; optimality flag " +
              (result.optimality_criterion_reached ? "set" : "not set") + ", cost flag " +
              (result.cost_criterion_reached ? "set" : "not set"),
          result.success && result.momentum_residual <= bound &&
              (result.optimality_criterion_reached || result.cost_criterion_reached),
          {{"iterations", result.iterations},
           {"residual", result.momentum_residual},
           {"bound", bound}});
  // The same solve with the cap one below the iterations it needs must fail (course: max
  // iterations without a criterion is failure, the driver throws).
  sap::SapSolverParameters capped = defaults;
  capped.max_iterations = std::max(1, result.iterations - 1);
  const auto short_run = sap::SolveSapProblem(file.problem, capped);
  // Catches: success reported at the iteration cap.
  n.Claim("max_iterations = " + std::to_string(capped.max_iterations) + " (one below the " +
              std::to_string(result.iterations) +
              " needed): success = " + (short_run.success ? "true" : "false") +
              ", ||D g|| = " + Num(short_run.momentum_residual) + " sqrt(J) > " +
              Num(1e-14 + 1e-6 * short_run.momentum_scale),
          result.iterations >= 2 && !short_run.success &&
              short_run.momentum_residual > 1e-14 + 1e-6 * short_run.momentum_scale,
          {{"max_iterations", capped.max_iterations}, {"residual", short_run.momentum_residual}});
}

// §5 离散推进 — q_next = q0 + h N(q0) v_next, without renormalisation.
void Section5Discrete(Narrator& n) {
  const auto step = Law("multibody.quaternion_step", {"q0=1,0,0,0", "w=0,0,10", "h=0.01"});
  // Catches: a renormalised (or exponential-map) update named the discrete step; hand: |q| = sqrt(1 + (h|w|/2)²) = sqrt(1.0025).
  n.Claim("the linear update q0 + h N(q0) w grows the quaternion norm to " +
              Num(step.Number("norm_linear"), 10) +
              " = sqrt(1 + h²|w|²/4) per step; the exponential map keeps " +
              Num(step.Number("norm_exp"), 10),
          std::abs(step.Number("norm_linear") - std::sqrt(1 + 0.0025)) < 1e-14 &&
              std::abs(step.Number("norm_exp") - 1.0) < 1e-14,
          {{"norm_linear", step.Number("norm_linear")}, {"norm_exp", step.Number("norm_exp")}});
}

// §5.1 可微能力 — H ∂v/∂θ = −∂g/∂θ checked against finite differences of two solves.
void Section51Differentiability(Narrator& n) {
  const double h = 1e-3, delta = 1e-6;
  sap::SapSolverParameters tight;
  tight.rel_tolerance = 1e-13;
  auto solve = [&](double phi0) {
    sap::FrictionConeParameters p = PressedCone();
    p.phi0 = phi0;
    return sap::SolveSapProblem(
        exercises::e3_sap::PointMassProblem(h, core::Vector3(0.3, 0.1, -0.2), p), tight);
  };
  const auto base = solve(-1e-3);
  const auto problem =
      exercises::e3_sap::PointMassProblem(h, core::Vector3(0.3, 0.1, -0.2), PressedCone());
  const sap::SapModel model(problem);
  const core::VectorX ift =
      sap::CalcVelocitySensitivity(model, h, base.v, 0, sap::ConeParameter::kPhi0);
  const core::VectorX fd = (solve(-1e-3 + delta).v - solve(-1e-3 - delta).v) / (2 * delta);
  const double error = (ift - fd).norm() / fd.norm();
  // Catches: a derivative by the wrong sign, without the Jᵀ, or through stale Newton iterates.
  n.Claim("dv/dphi0 by one linear solve H dv = -dg/dphi0: (" + Num(ift(0), 5) + ", " +
              Num(ift(1), 5) + ", " + Num(ift(2), 5) +
              ") 1/s; centred finite difference of two solves (phi0 +- 1e-6 m): (" + Num(fd(0), 5) +
              ", " + Num(fd(1), 5) + ", " + Num(fd(2), 5) + ") 1/s; relative difference " +
              Num(error, 3),
          error < 1e-4 && fd.norm() > 0,
          {{"dvn_dphi0", ift(2)}, {"fd_dvn_dphi0", fd(2)}, {"error", error}});
}

// §6 阅读练习 — exercise 6's fact: D = diag(A)^(−1/2) makes the stop unit-independent.
void Section6Exercises(Narrator& n) {
  n.Say(
      "the eight exercises: simatlas exercise e3-sap N (N = 1..8) prints a question; --answer FILE grades it.");
  const auto metres =
      exercises::e3_sap::PointMassProblem(1e-3, core::Vector3(0.3, 0.1, -0.2), PressedCone());
  sap::SapProblem millimetres = metres;
  // vt1 in mm/s: A'00 = A00/1e6, v*'0 = 1e3 v*0, J' column 0 = J column 0/1e3.
  millimetres.cliques[0].A(0, 0) /= 1e6;
  millimetres.cliques[0].v_star(0) *= 1e3;
  millimetres.constraints[0].J[0].col(0) /= 1e3;
  const auto m = sap::SolveSapProblem(metres, {});
  const auto mm = sap::SolveSapProblem(millimetres, {});
  // The solver's own ||D g|| at its first iterate v* (stats[0]) in both unit systems. Hand: with
  // D = diag(A)^(-1/2) entry 0 is (g0/1e3)/sqrt(A00/1e6) = g0/sqrt(A00), unchanged; with +1/2
  // it would be g0 sqrt(A00)/1e6.
  const double r_m = m.stats.at(0).momentum_residual, r_mm = mm.stats.at(0).momentum_residual;
  // Catches: D = diag(A)^(+1/2) (the header comment's exponent): the residual, and with it the
  // stop, would depend on the unit of vt1.
  n.Claim("ex6: the same problem with vt1 in m/s and in mm/s: ||D g|| at v* = " + Num(r_m) +
              " and " + Num(r_mm) + " sqrt(J); iterations " + std::to_string(m.iterations) +
              " and " + std::to_string(mm.iterations) + "; vt1 = " + Num(m.v(0)) +
              " m/s = " + Num(mm.v(0)) + " mm/s",
          std::abs(r_m - r_mm) <= 1e-9 * r_m && m.iterations == mm.iterations &&
              std::abs(mm.v(0) - 1e3 * m.v(0)) < 1e-6 * std::abs(1e3 * m.v(0)),
          {{"residual_m", r_m}, {"residual_mm", r_mm}});
}

}  // namespace

void AddE3SapSections(std::vector<Section>& sections) {
  sections.push_back({"e3-sap", "1", Section1Assembly});
  sections.push_back({"e3-sap", "2", Section2OneStep});
  sections.push_back({"e3-sap", "2.1", Section21FreeMotion});
  sections.push_back({"e3-sap", "2.2", Section22HydroFaces});
  sections.push_back({"e3-sap", "3", Section3ThreeLaws});
  sections.push_back({"e3-sap", "3.1", Section31Sap});
  sections.push_back({"e3-sap", "3.2", Section32HuntCrossley});
  sections.push_back({"e3-sap", "4", Section4Convex});
  sections.push_back({"e3-sap", "4.1", Section41Graph});
  sections.push_back({"e3-sap", "4.2", Section42Termination});
  sections.push_back({"e3-sap", "5", Section5Discrete});
  sections.push_back({"e3-sap", "5.1", Section51Differentiability});
  sections.push_back({"e3-sap", "6", Section6Exercises});
}

}  // namespace simatlas::chapters
