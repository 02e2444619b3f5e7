// E3-SAP §4, MJ-solvers §4 — experiment (d): the cost of one contact solve against the number of
// contacts. A square grid of b lab cubes (1 kg, 0.2 m, 0.5 m apart, so no two touch) rests flat on
// the ground at its rest depth m g/(4k): 4 vertex contacts per cube, n = 4b contacts. Every cube
// lands at 0.3 m/s (an impact, so the warm start v₀ is far from the answer) while sliding in its
// own direction (the golden angle apart) at a speed spread over [0, 2 μ (v_land + g h)). The step
// stops the landing, so its normal impulse is about m (v_land + g h) and Coulomb friction can take
// at most μ (v_land + g h) = 0.12 m/s of sliding speed: the slower cubes stop, the faster slide on,
// and no solver knows from the start which contacts stick (column sap_sticking_contacts). One step
// of h = 1e-3 s from that state is solved by SAP (kSap, Drake's defaults) and by MuJoCo's PGS, CG
// and Newton (the course's 3.15 options, elliptic
// cone, tolerance 1e-8, 100 iterations); each solve reports its iterations, its wall time and
// whether it converged (SAP: formula sheet E3-SAP (4.3) or (4.4) reached; MuJoCo: any exit but the iteration cap).
// Nothing is averaged over sizes or solvers: one row per size and solver.
// The times are the reference's linear algebra: scenes::MakeSapContactProblem makes a clique per
// cube as Drake does (one 6 × 6 block of SAP's Newton system each), while MuJoCo's problem here
// holds a dense M and J (MuJoCo factors them sparse). They rank the reference's implementations,
// not the engines (MJ-solvers §1 makes no engine ranking either).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "reference/core/errors.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_scene.h"
#include "reference/lab/mujoco_contact_step.h"
#include "reference/mujoco/solve.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/sap_model.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

namespace {

constexpr double kMass = 1.0;          // [kg] every cube
constexpr double kSide = 0.2;          // [m] cube side
constexpr double kStiffness = 1e5;     // [N/m] per point pair
constexpr double kSpacing = 0.5;       // [m] grid pitch
constexpr double kLandingSpeed = 0.3;  // [m/s] every cube's downward speed
constexpr double kStep = 1e-3;         // [s] h
constexpr double kMinTiming = 0.05;    // [s] a solve is repeated until its runs total this long

// b cubes on a ⌈√b⌉-wide grid, flat at the rest depth, landing and sliding (file comment).
scenes::Scene CubeGrid(int cubes) {
  scenes::Scene scene;
  const int width = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(cubes))));
  const double depth = kMass * kLabGravity / (4 * kStiffness);
  std::vector<double> q, v;
  for (int i = 0; i < cubes; ++i) {
    multibody::RigidBody cube;
    cube.name = "cube" + std::to_string(i);
    cube.mass = kMass;
    cube.I_BBcm_B = multibody::SolidBoxInertia(kMass, core::Vector3::Constant(kSide));
    const int body = scene.tree.AddBody(cube);
    scene.tree.AddJoint(multibody::MakeFreeJoint(cube.name + "_free", multibody::kWorldBody, body));
    scenes::ContactGeometry g;
    g.body = body;
    g.shape = scenes::ShapeType::kBox;
    g.sides = core::Vector3::Constant(kSide);
    scene.contact_geometry.push_back(g);
    // q: quaternion (1, 0, 0, 0) then the position; v: (ω, v), landing and sliding
    const double angle = 2.399963 * i;  // the golden angle [rad]: directions spread evenly
    const double fraction = 0.618034 * i - std::floor(0.618034 * i);  // spread evenly over [0, 1)
    const double speed = 2 * kLabMu * (kLandingSpeed + kLabGravity * kStep) * fraction;
    q.insert(q.end(),
             {1, 0, 0, 0, kSpacing * (i % width), kSpacing * (i / width), kSide / 2 - depth});
    v.insert(v.end(), {0, 0, 0, speed * std::cos(angle), speed * std::sin(angle), -kLandingSpeed});
  }
  scene.material.stiffness = kStiffness;
  scene.q0 = Eigen::Map<const core::VectorX>(q.data(), static_cast<Eigen::Index>(q.size()));
  scene.v0 = Eigen::Map<const core::VectorX>(v.data(), static_cast<Eigen::Index>(v.size()));
  return scene;
}

// One solve's cost and outcome.
struct SolveCost {
  int iterations = 0;
  double seconds = 0;  // per solve [s]
  int repeats = 0;
  bool converged = false;
  std::string exit;
  std::optional<double>
      sticking;  // SAP: contacts in the stiction region of formula sheet E3-SAP (3.3) at the answer
};

// Runs solve until the runs total kMinTiming (at least once); solve returns its cost.
template <class Solve>
SolveCost Timed(const Solve& solve) {
  SolveCost cost;
  double total = 0;
  while (cost.repeats == 0 || total < kMinTiming) {
    const auto start = std::chrono::steady_clock::now();
    const SolveCost once = solve();
    total += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int repeats = cost.repeats + 1;
    cost = once;
    cost.repeats = repeats;
  }
  cost.seconds = total / cost.repeats;
  return cost;
}

SolveCost SolveSap(const scenes::Scene& scene, const std::vector<scenes::AssembledPair>& pairs) {
  const sap::SapProblem problem =
      scenes::MakeSapContactProblem(scene, scene.q0, scene.v0, kStep, "sap", kLabMu, pairs);
  std::vector<core::VectorX> vc;
  SolveCost cost = Timed([&] {
    SolveCost c;
    try {
      const sap::SapSolverResult r = sap::SolveSapProblem(problem, {});
      c.iterations = r.iterations;
      c.converged = r.success;
      c.exit = !r.success                 ? "max_iterations"
               : r.cost_criterion_reached ? "cost (formula sheet E3-SAP (4.4))"
                                          : "optimality (formula sheet E3-SAP (4.3))";
      vc = r.vc;
    } catch (const core::NumericalError& e) {
      c.exit = std::string("failed: ") + e.what();
    }
    return c;
  });
  // the answer's sticking contacts, outside the timing
  if (!vc.empty()) {
    const sap::SapModel model(problem);
    int sticking = 0;
    for (std::size_t i = 0; i < vc.size(); ++i) {
      const auto* cone =
          dynamic_cast<const sap::FrictionConeConstraint*>(model.constraints()[i].constraint.get());
      if (cone && cone->Project(vc[i]).mode == sap::ContactMode::kStiction) ++sticking;
    }
    cost.sticking = sticking;
  }
  return cost;
}

SolveCost SolveMujoco(const scenes::Scene& scene, const std::vector<scenes::AssembledPair>& pairs,
                      mujoco::SolverKind solver) {
  const mujoco::Options opt = Mujoco315Options(solver, mujoco::Cone::kElliptic, kStep);
  const mujoco::Problem problem =
      MakeMujocoContactProblem(scene, scene.q0, scene.v0, kLabMu, pairs, opt);
  return Timed([&] {
    const mujoco::SolveResult r = mujoco::SolveProblem(problem);
    return SolveCost{r.iterations,
                     0,
                     0,
                     r.exit != mujoco::ExitReason::kIterations,
                     mujoco::ExitReasonName(r.exit),
                     std::nullopt};
  });
}

// log(t₂/t₁)/log(n₂/n₁): the exponent p of time ∝ contacts^p between two sizes.
double GrowthExponent(double n1, double t1, double n2, double t2) {
  return std::log(t2 / t1) / std::log(n2 / n1);
}

// One sentence per solver from its rows: iterations at the ends, time growth, failures by size.
std::vector<std::string> Findings(const LabTable& t, const std::vector<std::string>& solvers) {
  std::vector<std::string> findings;
  for (const std::string& s : solvers) {
    std::vector<const std::vector<LabCell>*> rows;
    for (const auto& row : t.rows)
      if (row[3].text == s) rows.push_back(&row);
    const auto& first = *rows.front();
    const auto& last = *rows.back();
    const auto& before = *rows[rows.size() - 2];
    std::string failed;
    for (const auto* row : rows) {
      if (*(*row)[7].number == 0)
        failed += (failed.empty() ? "" : ", ") + FormatValue((*row)[0].number);
    }
    findings.push_back(
        s + ": iterations " + FormatValue(first[4].number) + " at " + FormatValue(first[0].number) +
        " contacts, " + FormatValue(last[4].number) + " at " + FormatValue(last[0].number) +
        "; time per solve " + FormatValue(first[5].number) + " s to " +
        FormatValue(last[5].number) + " s, growing as contacts^" +
        FormatValue(GrowthExponent(*before[0].number, *before[5].number, *last[0].number,
                                   *last[5].number)) +
        " between the two largest sizes; " +
        (s == "SAP" ? FormatValue(last[9].number) + " of the " + FormatValue(last[0].number) +
                          " contacts stick at the answer (the rest slide or leave); "
                    : "") +
        (failed.empty() ? "every solve converged"
                        : "not converged at " + failed + " contacts (column exit)") +
        " (" + (s == "SAP" ? "E3-SAP §4" : "MJ-solvers §4") + ").");
  }
  // the fastest and slowest solve at the largest size, with what the times measure
  const std::vector<LabCell>* fastest = nullptr;
  const std::vector<LabCell>* slowest = nullptr;
  const double largest = *t.rows.back()[0].number;
  for (const auto& row : t.rows) {
    if (*row[0].number != largest) continue;
    if (!fastest || *row[5].number < *(*fastest)[5].number) fastest = &row;
    if (!slowest || *row[5].number > *(*slowest)[5].number) slowest = &row;
  }
  findings.push_back(
      "At " + FormatValue(largest) + " contacts the fastest solve is " + (*fastest)[3].text +
      "'s (" + FormatValue((*fastest)[5].number) + " s) and the slowest " + (*slowest)[3].text +
      "'s (" + FormatValue((*slowest)[5].number) +
      " s); this ranks the reference's implementations (SAP on " +
      FormatValue((*slowest)[1].number) +
      " cliques of 6 DOFs, one per cube as Drake makes them; "
      "MuJoCo's solvers on a dense M and J of " +
      FormatValue((*slowest)[2].number) +
      " DOFs where MuJoCo's are sparse), not the engines (E3-SAP §4.1, MJ-solvers §4).");
  return findings;
}

}  // namespace

std::vector<LabTable> ScaleTables() {
  LabTable t;
  t.title =
      "one solve of h = 1e-3 s on a grid of landing cubes sliding at 0 … 2 μ (v_land + g h), 4 contacts per cube "
      "(SAP kSap; MuJoCo 3.15 options, elliptic cone, tolerance 1e-8, 100 iterations)";
  t.columns = {"contacts",       "cubes",   "dofs",      "solver", "iterations",
               "time_per_solve", "repeats", "converged", "exit",   "sap_sticking_contacts"};
  t.units = {"1", "1", "1", "", "1", "s", "1", "1", "", "1"};
  t.definitions = {
      "contact pairs of the grid at q₀ (4 per cube)",
      "cubes in the grid",
      "generalized velocities (6 per cube)",
      "SAP (kSap, E3-SAP §4) or MuJoCo's PGS, CG, Newton (MJ-solvers §4)",
      "iterations of the one solve",
      "wall time of one solve: the mean over repeats",
      "solves timed (repeated until the total passes a fixed minimum)",
      "1 when the solve converged (SAP: formula sheet E3-SAP (4.3) or (4.4) reached; MuJoCo: any exit but the "
      "iteration cap), else 0",
      "why the solver stopped",
      "SAP: contacts in the stiction region of formula sheet E3-SAP (3.3) at the answer (null for MuJoCo)"};
  return {t};
}

LabResult RunScaleExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "scale";
  result.section = "E3-SAP §4; MJ-solvers §4";
  LabTable t = ScaleTables().front();
  const std::vector<int> cubes =
      size.quick ? std::vector<int>{3, 10} : std::vector<int>{3, 10, 25, 63, 125, 250};
  const std::vector<std::string> solvers = {"SAP", "PGS", "CG", "Newton"};
  for (int b : cubes) {
    // the grid and its contact pairs at q₀
    const scenes::Scene scene = CubeGrid(b);
    const std::vector<scenes::AssembledPair> pairs = scenes::AssembleContactPairs(scene, scene.q0);
    // each solver on the same pairs
    for (const std::string& s : solvers) {
      const SolveCost c = s == "SAP" ? SolveSap(scene, pairs)
                                     : SolveMujoco(scene, pairs,
                                                   s == "PGS"  ? mujoco::SolverKind::kPGS
                                                   : s == "CG" ? mujoco::SolverKind::kCG
                                                               : mujoco::SolverKind::kNewton);
      t.rows.push_back({NumberCell(static_cast<double>(pairs.size())), NumberCell(b),
                        NumberCell(static_cast<double>(scene.v0.size())), TextCell(s),
                        NumberCell(c.iterations), NumberCell(c.seconds), NumberCell(c.repeats),
                        NumberCell(c.converged ? 1 : 0), TextCell(c.exit), NumberCell(c.sticking)});
    }
    if (progress) progress("scale: " + std::to_string(pairs.size()) + " contacts done");
  }
  result.findings = Findings(t, solvers);
  result.tables.push_back(std::move(t));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
