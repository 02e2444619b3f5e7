// MJ-solvers §9, E3-SAP §5.1 — experiment (e): derivatives against finite differences.
// 1. The FD transition Jacobian (mujoco::TransitionFD, mjd_transitionFD) of the pendulum
//    θ̈ = −(g/L) sin θ, g/L = 9.81 1/s², under semi-implicit Euler with h = 0.01 s at q = 1 rad,
//    v = 0.5 rad/s, against its hand-derived A (mujoco::PendulumTransitionJacobian): the error
//    max |A_FD − A| against ε is V-shaped. Forward: truncation (ε/2)|f''| ∝ ε, round-off u/ε,
//    smallest near √u ≈ 1.5e-8; centred: truncation ∝ ε², smallest near u^(1/3) ≈ 6e-6
//    (u = 2.2e-16; MJ-solvers §9: "差分步长太小放大浮点误差").
// 2. SAP's sensitivity by the implicit function theorem (sap::CalcVelocitySensitivityToVStar, formula sheet E3-SAP (5.2))
//    for the lab cube (1 kg, 0.2 m, μ = 0.4, k = 1e5 N/m, τd = 0.01 s) resting at its rest depth
//    and dragged at its centre by a horizontal force F swept through μ m g, one step of h = 1e-3 s:
//    ∂vx/∂F = (∂v/∂v* · ∂v*/∂F)_x against the central difference of whole solves. Coulomb's law:
//    0 while the cube sticks, h/m once it slides; the derivative jumps at the stick/slip switch, and
//    a difference whose stencil spans the switch is neither (E3-SAP §5.1: derivatives are local,
//    "fixed projection region").
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_scene.h"
#include "reference/mujoco/transition_fd.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/sensitivity.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

namespace {

constexpr double kGravityOverLength = 9.81;  // [1/s²]
constexpr double kPendulumStep = 0.01;       // [s]
constexpr double kDragStep = 1e-3;           // [s]
constexpr double kCubeMass = 1.0;            // [kg]
constexpr double kRelativeDelta = 1e-5;      // the FD half step δ in units of μ m g

// log-log least-squares slope of error against ε over ε ∈ [lo, hi].
double Slope(const std::vector<double>& eps, const std::vector<double>& error, double lo,
             double hi) {
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < eps.size(); ++i) {
    if (eps[i] < lo * (1 - 1e-9) || eps[i] > hi * (1 + 1e-9) || error[i] <= 0) continue;
    const double x = std::log10(eps[i]), y = std::log10(error[i]);
    n += 1;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// Table 1 (the sweep) and table 2 (the V's minimum and slopes against the laws).
void FdErrorTables(LabResult& result) {
  const mujoco::TransitionModel pendulum =
      mujoco::PendulumTransitionModel(kGravityOverLength, kPendulumStep);
  const mujoco::TransitionState x{core::VectorX::Constant(1, 1.0), core::VectorX::Constant(1, 0.5),
                                  core::VectorX()};
  const core::MatrixX exact =
      mujoco::PendulumTransitionJacobian(kGravityOverLength, kPendulumStep, 1.0);
  LabTable sweep = DerivativesTables()[0];
  std::vector<double> eps, forward, centered;
  // ε = 1e-14 … 1e-1 in quarter decades
  for (int i = 0; i <= 52; ++i) {
    const double e = std::pow(10.0, -14.0 + 0.25 * i);
    eps.push_back(e);
    forward.push_back((mujoco::TransitionFD(pendulum, x, core::VectorX(), e, false).A - exact)
                          .cwiseAbs()
                          .maxCoeff());
    centered.push_back((mujoco::TransitionFD(pendulum, x, core::VectorX(), e, true).A - exact)
                           .cwiseAbs()
                           .maxCoeff());
    sweep.rows.push_back({NumberCell(e), NumberCell(forward.back()), NumberCell(centered.back())});
  }
  LabTable laws = DerivativesTables()[1];
  const double u = std::numeric_limits<double>::epsilon();
  struct Side {
    const char* name;
    const std::vector<double>* error;
    double eps_law, order, lo, hi;
  };
  // truncation side fitted over a decade-plus band well right of each law's minimum
  for (const Side s : {Side{"forward", &forward, std::sqrt(u), 1, 1e-6, 1e-2},
                       Side{"centered", &centered, std::cbrt(u), 2, 1e-4, 1e-2}}) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < eps.size(); ++i)
      if ((*s.error)[i] < (*s.error)[best]) best = i;
    laws.rows.push_back({TextCell(s.name), NumberCell(eps[best]), NumberCell((*s.error)[best]),
                         NumberCell(s.eps_law), NumberCell(Slope(eps, *s.error, s.lo, s.hi)),
                         NumberCell(s.order), NumberCell(Slope(eps, *s.error, 1e-14, 1e-11)),
                         NumberCell(-1)});
  }
  for (const auto& row : laws.rows) {
    result.findings.push_back(
        "FD transition Jacobian (" + row[0].text +
        " differences) of the pendulum: the error is "
        "smallest, " +
        FormatValue(row[2].number) + ", at eps = " + FormatValue(row[1].number) + " (law: near " +
        FormatValue(row[3].number) + "); it falls as eps^" + FormatValue(row[4].number) +
        " on the truncation side (law: " + FormatValue(row[5].number) + ") and as eps^" +
        FormatValue(row[6].number) +
        " on the round-off side (law: −1) "
        "(MJ-solvers §9).");
  }
  result.tables.push_back(std::move(sweep));
  result.tables.push_back(std::move(laws));
}

// The lab cube at rest, dragged at its centre by F along +x.
scenes::Scene DraggedCube(double force) {
  scenes::Scene scene = MakeLabScene("cube_drag").scene;
  multibody::ExternalForce f;
  f.body = 1;
  f.force_W = core::Vector3(force, 0, 0);
  scene.applied.external = {f};
  return scene;
}

sap::SapProblem DragProblem(double force) {
  const scenes::Scene scene = DraggedCube(force);
  return scenes::MakeSapContactProblem(scene, scene.q0, scene.v0, kDragStep, "sap", kLabMu,
                                       scenes::AssembleContactPairs(scene, scene.q0));
}

// Solved until the cost no longer changes (the FD quotients divide solve errors by δ).
sap::SapSolverResult SolveTight(const sap::SapProblem& problem) {
  sap::SapSolverParameters p;
  p.rel_tolerance = 0.0;
  p.abs_tolerance = 0.0;
  return sap::SolveSapProblem(problem, p);
}

// Contacts whose projection (3.3) is in the sliding region at the solution's vc.
int SlidingContacts(const sap::SapProblem& problem, const sap::SapSolverResult& r) {
  const sap::SapModel model(problem);
  int sliding = 0;
  for (std::size_t i = 0; i < r.vc.size(); ++i) {
    const auto* cone =
        dynamic_cast<const sap::FrictionConeConstraint*>(model.constraints()[i].constraint.get());
    if (cone && cone->Project(r.vc[i]).mode == sap::ContactMode::kSliding) ++sliding;
  }
  return sliding;
}

// Solved tight, its number of sliding contacts.
int SlidingContactsAt(double force) {
  const sap::SapProblem problem = DragProblem(force);
  return SlidingContacts(problem, SolveTight(problem));
}

// The smallest F/(μ m g) in [0.5, 1.5] with more than `count` sliding contacts, by bisection.
double SwitchRatio(int count, double mu_mg) {
  double below = 0.5, above = 1.5;
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (below + above);
    (SlidingContactsAt(mid * mu_mg) > count ? above : below) = mid;
  }
  return above;
}

// Table 3: ∂vx/∂F by (5.2) and by central differences across the sweep.
void DragTable(const LabSize& size, LabResult& result) {
  const double mu_mg = kLabMu * kCubeMass * kLabGravity;
  const double delta = kRelativeDelta * mu_mg;
  // v* is affine in F (A (v* − v₀) = h (k₀ + J_Fᵀ F)), so a unit difference of v* is ∂v*/∂F exactly
  const core::VectorX dvstar_dF =
      sap::FullVStar(DragProblem(1.0)) - sap::FullVStar(DragProblem(0.0));
  LabTable t = DerivativesTables()[2];
  // a coarse sweep 0.5 … 1.5 μ m g, the switches (first contact sliding, all four sliding)
  // located by bisection, and points 0.5 δ (stencil spans the switch) and 2 δ (it does not)
  // either side of each
  std::vector<double> ratios;
  const double coarse = size.quick ? 0.1 : 0.02;
  for (int i = 0; 0.5 + i * coarse <= 1.5 + 1e-9; ++i) ratios.push_back(0.5 + i * coarse);
  const std::vector<double> switches = {SwitchRatio(0, mu_mg), SwitchRatio(3, mu_mg)};
  for (double w : switches) {
    for (double k : {-2.0, -0.5, 0.5, 2.0}) ratios.push_back(w + k * kRelativeDelta);
  }
  std::sort(ratios.begin(), ratios.end());
  for (double ratio : ratios) {
    const double force = ratio * mu_mg;
    // the solve and its sensitivity (5.2): ∂v/∂F = (∂v/∂v*) ∂v*/∂F
    const sap::SapProblem problem = DragProblem(force);
    const sap::SapSolverResult r = SolveTight(problem);
    const sap::SapModel model(problem);
    const double sensitivity = (sap::CalcVelocitySensitivityToVStar(model, r.v) * dvstar_dF)(3);
    // the central difference of whole solves
    const double fd = (SolveTight(DragProblem(force + delta)).v(3) -
                       SolveTight(DragProblem(force - delta)).v(3)) /
                      (2 * delta);
    const int sliding = SlidingContacts(problem, r);
    t.rows.push_back({NumberCell(force), NumberCell(ratio), NumberCell(sliding), NumberCell(r.v(3)),
                      NumberCell(sensitivity), NumberCell(fd), NumberCell(sensitivity - fd),
                      NumberCell(ratio < 1 ? 0.0 : kDragStep / kCubeMass),
                      NumberCell(std::abs(ratio - switches[0]) < kRelativeDelta ||
                                         std::abs(ratio - switches[1]) < kRelativeDelta
                                     ? 1
                                     : 0)});
  }
  // findings: each switch's jump and its spanning differences, the full slide against the
  // impulse balance, agreement off the switches
  const double h = kDragStep, m = kCubeMass;
  double away_max = 0, vx_full = 0;
  for (const auto& row : t.rows) {
    if (*row[8].number == 0) away_max = std::max(away_max, std::abs(*row[6].number));
  }
  for (std::size_t w = 0; w < switches.size(); ++w) {
    double before = 0, after = 0, sliding_after = 0;
    std::string spans;
    for (const auto& row : t.rows) {
      const double ratio = *row[1].number;
      if (std::abs(ratio - (switches[w] - 2 * kRelativeDelta)) < 1e-12) before = *row[4].number;
      if (std::abs(ratio - (switches[w] + 2 * kRelativeDelta)) < 1e-12) {
        after = *row[4].number;
        sliding_after = *row[2].number;
      }
      if (std::abs(ratio - switches[w]) < kRelativeDelta) {
        spans += (spans.empty() ? "" : " and ") + FormatValue(row[5].number);
        if (w == 1) vx_full = *row[3].number;
      }
    }
    result.findings.push_back(
        FormatValue(sliding_after) +
        " of the dragged cube's 4 contacts slide from F = " + FormatValue(switches[w]) +
        " μ m g: SAP's ∂vx/∂F by its sensitivity (formula sheet E3-SAP (5.2)) jumps there from " +
        FormatValue(before) + " to " + FormatValue(after) +
        " m/(s·N), and central differences "
        "whose stencil spans the switch give " +
        spans +
        ", neither side's derivative (E3-SAP §5.1; "
        "MJ-solvers §9: a difference across an active-set boundary).");
  }
  result.findings.push_back(
      "Coulomb's rigid cube would stick (∂vx/∂F = 0) up to μ m g and then slide at h/m = " +
      FormatValue(h / m) +
      " m/(s·N); SAP's regularised stiction creeps, vx = " + FormatValue(vx_full) +
      " m/s at the full slide, so friction carries F h − m vx and reaches "
      "μ m g h at F = μ m g + m vx/h = " +
      FormatValue(1 + m * vx_full / (h * mu_mg)) + " μ m g, where the sweep finds " +
      FormatValue(switches[1]) + " (E3-SAP §3).");
  result.findings.push_back(
      "Wherever the stencil does not span a switch, the sensitivity (formula sheet E3-SAP (5.2)) and the central "
      "difference (δ = 1e-5 μ m g) differ by at most " +
      FormatValue(away_max) +
      " m/(s·N) "
      "(E3-SAP §5.1).");
  result.tables.push_back(std::move(t));
}

}  // namespace

std::vector<LabTable> DerivativesTables() {
  LabTable sweep;
  sweep.title =
      "pendulum (g/L = 9.81 1/s², h = 0.01 s, semi-implicit Euler) at q = 1 rad, "
      "v = 0.5 rad/s: max |A_FD − A| against eps (MJ-solvers §9)";
  sweep.columns = {"eps", "forward_error", "centered_error"};
  sweep.units = {"1", "1", "1"};
  sweep.definitions = {
      "the finite-difference step ε added to each state coordinate",
      "max |A_FD − A| of the forward difference (x(ε) − x)/ε against the hand-derived transition "
      "Jacobian A",
      "max |A_FD − A| of the centred difference (x(ε) − x(−ε))/(2ε)"};
  LabTable laws;
  laws.title =
      "the V: where the error is smallest and its slopes on either side, beside the law "
      "(u = 2.2e-16)";
  laws.columns = {"difference",      "eps_at_minimum",    "error_minimum",
                  "eps_minimum_law", "truncation_slope",  "truncation_slope_law",
                  "roundoff_slope",  "roundoff_slope_law"};
  laws.units = {"", "1", "1", "1", "1", "1", "1", "1"};
  laws.definitions = {
      "forward or centred differences",
      "the ε of the sweep with the smallest error",
      "that smallest error",
      "the law's best ε: √u (forward), ∛u (centred), u the double's unit round-off",
      "log-log slope of the error against ε on the truncation side (fitted over a decade-plus band "
      "right of the minimum)",
      "the law: 1 (forward), 2 (centred)",
      "log-log slope on the round-off side (ε from 1e-14 to 1e-11)",
      "the law: −1 (round-off u/ε)"};
  LabTable drag;
  drag.title =
      "SAP (kSap): the cube dragged by F, one step of h = 1e-3 s: ∂vx/∂F by the sensitivity (formula sheet E3-SAP (5.2)) and by "
      "central differences (δ = 1e-5 μ m g) (E3-SAP §5.1)";
  drag.columns = {"force",      "force_over_mu_m_g",  "sliding_contacts",
                  "vx",         "dvx_dF_sensitivity", "dvx_dF_fd",
                  "difference", "coulomb_law",        "spans_switch"};
  drag.units = {"N", "1", "1", "m/s", "m/(s·N)", "m/(s·N)", "m/(s·N)", "m/(s·N)", "1"};
  drag.definitions = {
      "the drag F along +x at the cube's centre",
      "F/(μ m g)",
      "contacts in the sliding region of the cone projection (formula sheet E3-SAP (3.3)) at the answer",
      "the cube's vx after the step",
      "∂vx/∂F = (∂v/∂v*) ∂v*/∂F by SAP's sensitivity (formula sheet E3-SAP (5.2))",
      "(vx(F + δ) − vx(F − δ))/(2δ) of whole solves",
      "dvx_dF_sensitivity − dvx_dF_fd",
      "the rigid Coulomb cube's ∂vx/∂F: 0 while it sticks (F < μ m g), h/m once it slides",
      "1 when F ± δ crosses a stick/slip switch (the difference spans two regimes), else 0"};
  return {sweep, laws, drag};
}

LabResult RunDerivativesExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "derivatives";
  result.section = "MJ-solvers §9; E3-SAP §5.1";
  // the FD transition Jacobian's V against ε
  FdErrorTables(result);
  if (progress) progress("derivatives: FD transition Jacobian done");
  // SAP's sensitivity across the stick/slip switch
  DragTable(size, result);
  if (progress) progress("derivatives: SAP sensitivity sweep done");
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
