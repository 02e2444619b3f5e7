// Walkthrough of E3-SAP "从动力学装配到 SAP 终止" (From dynamics assembly to SAP termination):
// each section's claims, in the order of the text, with live numbers from the reference engine.
#include <cmath>

#include <Eigen/Dense>

#include "chapters/walkthrough.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::chapters {

namespace {

// §1 力、广义速度与动力学装配 — M(q) v̇ + c = Σ forces, and M is SPD.
void Section1Assembly(Narrator& n) {
  const auto pendulum = Law("multibody.double_pendulum", {"q=0.3,-0.7", "v=1.5,-2"});
  const Eigen::VectorXd m = pendulum.Vector("M");
  Eigen::Matrix2d M;
  M << m(0), m(1), m(1), m(2);
  const Eigen::LLT<Eigen::Matrix2d> llt(M);
  n.Claim("double pendulum at q = (0.3, -0.7) rad: M = [[" + Num(m(0)) + ", " + Num(m(1)) + "], [" +
              Num(m(1)) + ", " + Num(m(2)) + "]] kg·m² is symmetric positive definite",
          llt.info() == Eigen::Success);
  const Eigen::VectorXd c = pendulum.Vector("c");
  const Eigen::VectorXd tau_g = pendulum.Vector("tau_g");
  n.Say("at v = (1.5, -2) rad/s the bias c(q, v) = (" + Num(c(0)) + ", " + Num(c(1)) +
        ") N·m and gravity tau_g = (" + Num(tau_g(0)) + ", " + Num(tau_g(1)) +
        ") N·m are separate named terms of (1.2).");
  n.Say("units: rotational entries of M in kg·m², of generalized forces in N·m; the Euclidean norm of a mixed vector has no unit.");
}

// §2.1 Free motion 不是完整接触解 — A = M + hD, damping counted once.
void Section21FreeMotion(Narrator& n) {
  const auto free = Law("multibody.free_motion", {"m=1", "d=10", "h=0.01", "v0=1"});
  n.Claim("one dof, m = 1 kg, D = 10 kg/s, h = 0.01 s, v0 = 1 m/s: A = M + hD = " + Num(free.Number("A")) +
              " kg, k = -D v0 = " + Num(free.Number("k")) + " N, v* = " + Num(free.Number("vstar"), 10) +
              " m/s = 1/(1 + hD)",
          std::abs(free.Number("A") - 1.1) < 1e-15 && std::abs(free.Number("vstar") - 1 / 1.1) < 1e-15);
  // Counting damping again (k = −D v0 − D v0) would give a different, wrong v*.
  const double twice = 1.0 + 0.01 * (-20.0) / 1.1;
  n.Claim("counting damping twice would give v* = " + Num(twice, 10) + " m/s instead",
          std::abs(twice - free.Number("vstar")) > 1e-3);
}

// §3.1 kSap：线性柔顺、relaxation time 与锥投影.
void Section31Sap(Narrator& n) {
  // Drake's CalcRegularization test values (sap_friction_cone_constraint_test.cc, D4).
  const auto d4 = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0.5", "k=1e5", "tau=0.01",
                                            "beta=0", "sigma=1e-4", "vc=0,0,0"});
  n.Claim("Drake's D4 case: Rt = sigma w = " + Num(d4.Number("Rt")) + " 1/kg, Rn = 1/(h k (h + tau)) = " +
              Num(d4.Number("Rn")) + " 1/kg, vhat_n = -phi0/(h + tau) = " + Num(d4.Number("vhat_n")) + " m/s",
          std::abs(d4.Number("Rt") - 3e-4) < 1e-18 && std::abs(d4.Number("Rn") - 1 / 7.5) < 1e-15 &&
              std::abs(d4.Number("vhat_n") - 1.0 / 6.0) < 1e-15);
  // Without the near-rigid branch the projection reproduces (3.1).
  const auto stick = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0.5", "k=1e5",
                                               "tau=0.01", "beta=0", "sigma=1e-3", "vc=0,0,-0.1"});
  const double expected = 5e-3 * (-1e5 * (-2.5e-3 + 5e-3 * -0.1) - 1e5 * 0.01 * -0.1);
  n.Claim("gamma_n = h[-k(phi0 + h vn) - k tau vn]+ = " + Num(expected) + " N·s; the projection gives " +
              Num(stick.Vector("gamma")(2)) + " N·s (" + stick.Label("mode") + ")",
          std::abs(stick.Vector("gamma")(2) - expected) < 1e-12);
  // Near-rigid: raising k tenfold no longer changes Rn or γn.
  const auto k8 = Law("sap.friction_cone", {"dt=1e-3", "w=3", "phi0=-1e-3", "mu=0.5", "k=1e8", "tau=0",
                                            "beta=1", "vc=0,0,0"});
  const auto k9 = Law("sap.friction_cone", {"dt=1e-3", "w=3", "phi0=-1e-3", "mu=0.5", "k=1e9", "tau=0",
                                            "beta=1", "vc=0,0,0"});
  const double change = k9.Vector("gamma")(2) / k8.Vector("gamma")(2) - 1.0;
  n.Claim("near-rigid bound active (beta² w/(4 pi²) = " + Num(3 / (4 * M_PI * M_PI)) +
              " > 1/(h k (h + tau))): raising k from 1e8 to 1e9 N/m changes Rn from " + Num(k8.Number("Rn")) +
              " to " + Num(k9.Number("Rn")) + " and gamma_n by " + Num(100 * change) + " %",
          k8.Number("Rn") == k9.Number("Rn") && std::abs(change) < 1e-12);
  const auto frictionless = Law("sap.friction_cone", {"dt=5e-3", "w=3", "phi0=-2.5e-3", "mu=0", "k=1e5",
                                                      "tau=0.01", "vc=0.1,0,-0.1"});
  n.Claim("mu = 0 never sticks: a loaded contact is '" + frictionless.Label("mode") + "' with gamma_t = 0",
          frictionless.Label("mode") == "sliding" && frictionless.Vector("gamma").head(2).norm() == 0.0);
}

// §3.2 Similar 与 Lagged — Lagged's tangential bound is mu n0, not mu gamma_n.
void Section32HuntCrossley(Narrator& n) {
  const std::vector<std::string> common = {"dt=0.01", "w=1", "mu=0.5", "k=1e5", "d=0.01", "fe0=15",
                                           "vn0=-0.1", "vc=0.1,0,0.01"};
  auto with = [&](const char* approximation) {
    std::vector<std::string> args = common;
    args.push_back(std::string("approximation=") + approximation);
    return Law("sap.hunt_crossley", args);
  };
  const auto lagged = with("lagged");
  const auto similar = with("similar");
  const double gt = lagged.Vector("gamma").head(2).norm();
  const double gn = lagged.Vector("gamma")(2);
  n.Claim("Lagged, approaching before (vn0 = -0.1 m/s) and separating now (vn = 0.01 m/s): n0 = " +
              Num(lagged.Number("n0")) + " N·s, gamma_n = " + Num(gn) + " N·s, |gamma_t| = " + Num(gt) +
              " N·s <= mu n0 but > mu gamma_n — not a failure",
          gt <= 0.5 * lagged.Number("n0") * (1 + 1e-12) && gt > 0.5 * gn);
  n.Claim("Similar at the same state couples friction to the current impulse: z = vn - mu s(vt) = " +
              Num(similar.Number("z")) + " m/s, |gamma_t| = " + Num(similar.Vector("gamma").head(2).norm()) +
              " N·s <= mu gamma_n = " + Num(0.5 * similar.Vector("gamma")(2)),
          similar.Vector("gamma").head(2).norm() <= 0.5 * similar.Vector("gamma")(2) * (1 + 1e-12));
  const auto slow = Law("sap.hunt_crossley", {"approximation=lagged", "dt=0.01", "w=1", "mu=0.5", "k=1e5",
                                              "d=0.01", "fe0=15", "vn0=-0.1", "sigma=1e-2", "vc=0,0,0"});
  n.Claim("eps is not always vs: with sigma = 1e-2, eps = mu sigma w n0 = " + Num(slow.Number("eps")) +
              " m/s > vs = 1e-4 m/s (Drake's D5 value 7.5075e-4)",
          std::abs(slow.Number("eps") - 7.5075e-4) < 1e-15);
}

// §4.2 默认值、终止与失败 — defaults, both criteria recorded separately.
void Section42Termination(Narrator& n) {
  const sap::SapSolverParameters defaults;
  n.Claim("defaults: abs_tolerance = " + Num(defaults.abs_tolerance) + ", rel_tolerance = " +
              Num(defaults.rel_tolerance) + ", cost tolerances " + Num(defaults.cost_abs_tolerance) + " / " +
              Num(defaults.cost_rel_tolerance) + ", max_iterations = " + std::to_string(defaults.max_iterations),
          defaults.abs_tolerance == 1e-14 && defaults.rel_tolerance == 1e-6 &&
              defaults.cost_abs_tolerance == 1e-30 && defaults.cost_rel_tolerance == 1e-15 &&
              defaults.max_iterations == 100);
  const auto file = io::ReadSapProblem(std::string(SIMATLAS_FORMATS_DIR) + "/examples/sap/pizza_saver_sliding.json");
  const auto result = sap::SolveSapProblem(file.problem, defaults);
  n.Claim("pizza saver, sliding: success after " + std::to_string(result.iterations) +
              " Newton iteration(s); ||D g|| = " + Num(result.momentum_residual) + " sqrt(J) <= eps_a + eps_r s = " +
              Num(1e-14 + 1e-6 * result.momentum_scale) + "; optimality flag " +
              (result.optimality_criterion_reached ? "set" : "not set") + ", cost flag " +
              (result.cost_criterion_reached ? "set" : "not set"),
          result.success && result.momentum_residual <= 1e-14 + 1e-6 * result.momentum_scale);
  sap::SapSolverParameters doubled = defaults;
  doubled.max_iterations = 200;
  const auto again = sap::SolveSapProblem(file.problem, doubled);
  n.Claim("max_iterations 100 -> 200 is a solve budget, not a time step: same v_next and iterations",
          again.iterations == result.iterations && (again.v - result.v).norm() == 0.0);
}

// §5 离散推进 — q_next = q0 + h N(q0) v_next, without renormalisation.
void Section5Discrete(Narrator& n) {
  const auto step = Law("multibody.quaternion_step", {"q0=1,0,0,0", "w=0,0,10", "h=0.01"});
  n.Claim("the linear update q0 + h N(q0) w grows the quaternion norm to " + Num(step.Number("norm_linear"), 10) +
              " = sqrt(1 + h²|w|²/4) per step; the exponential map keeps " + Num(step.Number("norm_exp"), 10),
          std::abs(step.Number("norm_linear") - std::sqrt(1 + 0.0025)) < 1e-14 &&
              std::abs(step.Number("norm_exp") - 1.0) < 1e-14);
}

}  // namespace

void AddE3SapSections(std::vector<Section>& sections) {
  sections.push_back({"e3-sap", "1", "力、广义速度与动力学装配 — Forces, generalized velocities and dynamics assembly",
                      Section1Assembly});
  sections.push_back({"e3-sap", "2.1", "Free motion 不是完整接触解 — Free motion is not the contact solution",
                      Section21FreeMotion});
  sections.push_back({"e3-sap", "3.1", "kSap：线性柔顺、relaxation time 与锥投影 — linear compliance, relaxation time and cone projection",
                      Section31Sap});
  sections.push_back({"e3-sap", "3.2", "Similar 与 Lagged：Hunt–Crossley 的两个凸近似 — two convex approximations of Hunt–Crossley",
                      Section32HuntCrossley});
  sections.push_back({"e3-sap", "4.2", "默认值、终止与失败 — Defaults, termination and failure", Section42Termination});
  sections.push_back({"e3-sap", "5", "离散推进与连续积分不能互换名字 — Discrete stepping and continuous integration are different things",
                      Section5Discrete});
}

}  // namespace simatlas::chapters
