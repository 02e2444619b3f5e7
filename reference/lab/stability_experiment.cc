// MJ-solvers §7–§8, E3-SAP §5 — experiment (c): the largest stable dt against the contact
// stiffness k for MuJoCo's five integrators on the undamped contact spring m ẍ = −k x
// (mujoco::StepLinear, the owner of each update) and for SAP's discrete step on the lab's ball
// pressed into the ground at twice its rest depth (scenes::StepWithContact, kSap).
// Laws (ω = √(k/m)): semi-implicit Euler is stable iff ω h < 2; implicit and implicitfast treat
// only damping implicitly, so with none they are Euler; RK4's real-axis limit is ω h < 2√2; the
// discrete step (formula sheet MJ-solvers (8.1)) and SAP's step are implicit in the spring, stable at every h.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <chrono>
#include <cmath>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_scene.h"
#include "reference/mujoco/integrators.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

namespace {

constexpr double kMassKg = 1.0;
constexpr double kLargestDt = 0.1;  // [s] the largest dt tried
constexpr double kBound = 100.0;    // a run is unstable once |x| > 100 |x₀|

// The trial steps: 60 log-spaced values from 1e-6 s to 0.1 s.
std::vector<double> Steps() {
  std::vector<double> h;
  for (int i = 0; i < 60; ++i) h.push_back(1e-6 * std::pow(kLargestDt / 1e-6, i / 59.0));
  return h;
}

// Stays within the bound for `steps` steps of h (each integrator its own update).
bool LinearStable(mujoco::Integrator integrator, double k, double h, int steps) {
  const mujoco::LinearSystem system = mujoco::OneDof(kMassKg, k, 0.0);
  mujoco::LinearState x{core::VectorX::Constant(1, 1e-3), core::VectorX::Zero(1)};
  for (int i = 0; i < steps; ++i) {
    x = mujoco::StepLinear(system, integrator, h, x);
    if (!(std::abs(x.q(0)) <= kBound * 1e-3)) return false;
  }
  return true;
}

// The lab's ball (1 kg, r 0.1 m) at twice the rest depth, stepped by SAP: stable while its
// offset from the ground stays within 100 x₀ + g h² (one step's free fall, the resolution of a
// discrete contact) and no step fails.
bool SapStable(double k, double h, int steps) {
  scenes::Scene scene = MakeLabScene("ball_roll").scene;
  scene.material.stiffness = k;
  const double x0 = 2 * kMassKg * kLabGravity / k;
  scene.q0(6) = 0.1 - x0;
  scene.v0.setZero();
  core::VectorX q = scene.q0, v = scene.v0;
  const double bound = kBound * x0 + kLabGravity * h * h;
  try {
    for (int i = 0; i < steps; ++i) {
      const scenes::ContactStepResult r = scenes::StepWithContact(scene, q, v, h, "sap", kLabMu);
      q = r.q_next;
      v = r.v_next;
      if (!(std::abs(0.1 - q(6)) <= bound) || !v.allFinite()) return false;
    }
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// 1 when the largest stable step is the largest trial (the search's cap), else 0.
double AtCap(const std::optional<double>& h, const std::vector<double>& trial) {
  return h && *h == trial.back() ? 1.0 : 0.0;
}

// The largest trial step for which every smaller one is stable (nullopt: not even the first).
template <typename Stable>
std::optional<double> LargestStable(const std::vector<double>& steps, Stable stable) {
  std::optional<double> largest;
  for (double h : steps) {
    if (!stable(h)) break;
    largest = h;
  }
  return largest;
}

}  // namespace

std::vector<LabTable> StabilityTables() {
  LabTable t;
  t.title = "largest stable dt (of 60 log-spaced from 1e-6 s to 0.1 s) on m ẍ = −k x, m = 1 kg";
  t.columns = {"integrator", "k", "largest_stable_dt", "predicted", "omega_h_at_largest", "at_cap"};
  t.units = {"", "N/m", "s", "s", "1", "1"};
  t.definitions = {
      "MuJoCo's integrator on the undamped spring (MJ-solvers §7–§8), or sap_discrete: SAP's step on "
      "the lab's ball pressed into the ground at twice its rest depth (E3-SAP §5)",
      "the spring's (contact's) stiffness",
      "the largest trial step h such that it and every smaller trial stays within 100 |x₀| (SAP: "
      "100 x₀ + g h²) for the run's steps (null: not even 1e-6 s)",
      "the law: 2/ω (Euler, implicit, implicitfast: no damping to treat implicitly), 2√2/ω (RK4), "
      "stable at every h for discrete and SAP (shown as the cap 0.1 s); ω = √(k/m)",
      "ω × largest_stable_dt",
      "1 when largest_stable_dt is the largest step tried (0.1 s): the search stopped at its cap, "
      "so the real limit is at or above it and omega_h_at_largest is a lower bound"};
  return {t};
}

LabResult RunStabilityExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "stability";
  result.section = "MJ-solvers §7–§8; E3-SAP §5";
  LabTable t = StabilityTables().front();
  const int steps = size.quick ? 300 : 2000;
  const std::vector<double> trial = Steps();
  const std::vector<double> stiffness =
      size.quick ? std::vector<double>{1e3, 1e5} : std::vector<double>{1e2, 1e3, 1e4, 1e5, 1e6};
  for (double k : stiffness) {
    const double omega = std::sqrt(k / kMassKg);
    for (mujoco::Integrator integrator :
         {mujoco::Integrator::kEuler, mujoco::Integrator::kImplicit,
          mujoco::Integrator::kImplicitFast, mujoco::Integrator::kRk4,
          mujoco::Integrator::kDiscrete}) {
      const std::optional<double> h =
          LargestStable(trial, [&](double dt) { return LinearStable(integrator, k, dt, steps); });
      const double predicted = integrator == mujoco::Integrator::kRk4 ? 2 * std::sqrt(2.0) / omega
                               : integrator == mujoco::Integrator::kDiscrete ? kLargestDt
                                                                             : 2 / omega;
      t.rows.push_back({TextCell(mujoco::IntegratorName(integrator)), NumberCell(k), NumberCell(h),
                        NumberCell(std::min(predicted, kLargestDt)),
                        NumberCell(h ? std::optional<double>(omega * *h) : std::nullopt),
                        NumberCell(AtCap(h, trial))});
    }
    const std::optional<double> h =
        LargestStable(trial, [&](double dt) { return SapStable(k, dt, size.quick ? 50 : 200); });
    t.rows.push_back({TextCell("sap_discrete"), NumberCell(k), NumberCell(h),
                      NumberCell(kLargestDt),
                      NumberCell(h ? std::optional<double>(omega * *h) : std::nullopt),
                      NumberCell(AtCap(h, trial))});
    if (progress) progress("stability: k = " + FormatValue(k) + " N/m done");
  }
  // findings: ω h at the limit per integrator (the grid's ratio 1.22 bounds the error; "≥" where
  // the search stopped at its cap)
  for (const char* name :
       {"euler", "implicit", "implicitfast", "rk4", "discrete", "sap_discrete"}) {
    std::string s = std::string(name) + ": ω h at the largest stable dt";
    for (const auto& row : t.rows) {
      if (row[0].text == name) {
        s += std::string(", ") + (*row[5].number == 1 ? "≥ " : "") + FormatValue(row[4].number) +
             " (k = " + FormatValue(row[1].number) + " N/m" +
             (*row[5].number == 1 ? ", the 0.1 s cap" : "") + ")";
      }
    }
    result.findings.push_back(
        s +
        (std::string(name) == "rk4" ? "; the law: 2√2 = 2.83"
         : std::string(name) == "discrete" || std::string(name) == "sap_discrete"
             ? "; the law: stable at every dt (0.1 s is the largest tried)"
             : "; the law: 2") +
        " (grid ratio 1.22 between trials).");
  }
  result.tables.push_back(std::move(t));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
