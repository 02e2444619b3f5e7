// Walkthrough of MJ-solvers "MuJoCo 求解器与积分器" (MuJoCo solvers and integrators), §2–§9:
// each section's claims, in the order of the text, with live numbers from the reference engine
// (laws by name, reference/mujoco, and example problems written by MuJoCo 2.2.2).
#include <cmath>
#include <string>

#include "chapters/walkthrough.h"
#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::chapters {

namespace {

// An example problem with MuJoCo 2.2.2's answer (formats/examples/).
io::MujocoProblemFile Example(const std::string& name) {
  return io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/" + name);
}

double RelativeError(const core::VectorX& a, const core::VectorX& b) {
  return (a - b).norm() / std::max(1e-300, b.norm());
}

// §2 dual 问题 — R = (1 − I)/I · Â, aref = −B vel − K I (r − margin); pyramid decode.
void Section2Dual(Narrator& n) {
  const auto row = Law("mujoco.row", {"diag_approx=1", "pos=-1e-3"});
  // Hand values: |r|/width = 1 saturates I = dmax = 0.95; K = 1/(0.95² 0.02²) = 2770.083 1/s².
  const double K = 1.0 / (0.95 * 0.95 * 0.02 * 0.02);
  n.Claim("default row, A-hat = 1, r = -1 mm: I = " + Num(row.Number("imp")) + " = dmax, R = (1 - I)/I A-hat = " +
              Num(row.Number("R")) + " (hand 0.05/0.95), aref = -K I r = " + Num(row.Number("aref")) +
              " m/s² (hand " + Num(K * 0.95 * 1e-3) + ")",
          std::abs(row.Number("imp") - 0.95) < 1e-15 && std::abs(row.Number("R") - 0.05 / 0.95) < 1e-14 &&
              std::abs(row.Number("aref") - K * 0.95 * 1e-3) < 1e-9);
  const auto decode = Law("mujoco.pyramid_decode", {"edges=2,4", "mu=0.5"});
  n.Claim("pyramid edges (2, 4) N with mu = 0.5: normal = sum = " + Num(decode.Number("normal")) +
              " N, tangent = (p0 - p1) mu = " + Num(decode.Vector("tangent")(0)) + " N",
          decode.Number("normal") == 6.0 && decode.Vector("tangent")(0) == -1.0);
}

// §3 Primal — the primal (Newton) and dual (PGS) optima coincide, and match MuJoCo 2.2.2.
void Section3Primal(Narrator& n) {
  auto file = Example("box_plane_elliptic.json");
  file.problem.opt.solver = mujoco::SolverKind::kNewton;
  const auto primal = mujoco::SolveProblem(file.problem);
  file.problem.opt.solver = mujoco::SolverKind::kPGS;
  file.problem.opt.iterations = 5000;
  file.problem.opt.tolerance = 1e-15;
  const auto dual = mujoco::SolveProblem(file.problem);
  const double diff = RelativeError(dual.efc_force, primal.efc_force);
  n.Claim("box on plane, elliptic: f from the primal (Newton) vs the dual minimiser (PGS): relative difference " +
              Num(diff),
          diff < 1e-5);
  const double vs_mujoco = RelativeError(primal.efc_force, file.expected->efc_force);
  n.Claim("Newton's efc_force vs MuJoCo 2.2.2's converged answer in the file: relative error " + Num(vs_mujoco),
          vs_mujoco < 1e-8);
}

// §4 三个 solver — PGS, CG and Newton reach the same answer on a pyramidal problem.
void Section4Solvers(Narrator& n) {
  auto file = Example("box_plane_pyramidal.json");
  for (mujoco::SolverKind s : {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
    auto p = file.problem;
    p.opt.solver = s;
    p.opt.iterations = s == mujoco::SolverKind::kPGS ? 5000 : 200;
    p.opt.tolerance = s == mujoco::SolverKind::kPGS ? 1e-15 : 1e-10;
    const auto r = mujoco::SolveProblem(p);
    const double err = RelativeError(r.efc_force, file.expected->efc_force);
    n.Claim(mujoco::SolverName(s) + " on the box (pyramidal): " + std::to_string(r.iterations) +
                " iterations, relative error to MuJoCo 2.2.2's efc_force " + Num(err),
            err < (s == mujoco::SolverKind::kPGS ? 1e-5 : 1e-8));
  }
}

// §5 终止 — scale = 1/(meaninertia·max(1, nv)); tolerance 0 disables early exits.
void Section5Termination(Narrator& n) {
  auto file = Example("chain_limits.json");
  const double scale = mujoco::MonolithicScale(file.problem);
  n.Claim("chain: scale = " + Num(scale) + " = 1/(meaninertia " + Num(file.problem.opt.meaninertia) + " x nv " +
              std::to_string(file.problem.nv) + ")",
          std::abs(scale - 1.0 / (file.problem.opt.meaninertia * std::max(1, file.problem.nv))) < 1e-15 * scale);
  file.problem.opt.solver = mujoco::SolverKind::kPGS;
  file.problem.opt.tolerance = 0;
  file.problem.opt.iterations = 17;
  const auto r = mujoco::SolveProblem(file.problem);
  n.Claim("PGS with tolerance 0 and iterations 17 runs " + std::to_string(r.iterations) + " iterations (exit " +
              mujoco::ExitReasonName(r.exit) + ")",
          r.iterations == 17);
}

// §6 Warmstart、岛、NoSlip — the 3.15 certificate exits at 0 iterations from the optimum.
void Section6Warmstart(Narrator& n) {
  auto file = Example("box_plane_elliptic.json");
  file.problem.opt.solver = mujoco::SolverKind::kNewton;
  file.problem.opt.version = mujoco::Version::kMuJoCo315;
  const auto cold = mujoco::SolveProblem(file.problem);
  mujoco::SolveSettings warm;
  warm.qacc_warmstart = cold.qacc;
  const auto again = mujoco::SolveProblem(file.problem, warm);
  n.Claim("3.15 Newton warm-started at its own answer: " + std::to_string(again.iterations) +
              " iterations (exit " + mujoco::ExitReasonName(again.exit) + ") with nefc = " +
              std::to_string(file.problem.nefc()) + " and the same forces",
          again.iterations == 0 && file.problem.nefc() > 0 && RelativeError(again.efc_force, cold.efc_force) < 1e-12);
  mujoco::SolveSettings split;
  split.islands = true;
  const auto islands = mujoco::SolveProblem(file.problem, split);
  n.Claim("solved per island (a single box: one island, the trivial split): relative difference to the monolithic forces " +
              Num(RelativeError(islands.efc_force, cold.efc_force)),
          RelativeError(islands.efc_force, cold.efc_force) < 1e-8);
}

// §7 数值积分 — T8: damped slider, one step (values from MuJoCo 2.2.2, hand-derived).
void Section7Integrators(Narrator& n) {
  const std::vector<std::string> slider = {"m=1", "d=10", "h=0.01", "v0=1"};
  auto with = [&](const std::string& integrator) {
    auto args = slider;
    args.push_back("integrator=" + integrator);
    return Law("mujoco.integrate_linear", args);
  };
  const auto euler = with("euler");
  const auto rk4 = with("rk4");
  n.Claim("T8, Euler with implicit damping: v = 1/(1 + h d) = " + Num(euler.Number("v"), 10) + " m/s, q = h v = " +
              Num(euler.Number("q"), 10) + " m",
          std::abs(euler.Number("v") - 1.0 / 1.1) < 1e-15 && std::abs(euler.Number("q") - 0.01 / 1.1) < 1e-16);
  n.Claim("T8, RK4 (explicit damping): v = 1 - 0.1 + 0.005 - 1/6000 + 1/240000 = " + Num(rk4.Number("v"), 10) +
              " m/s",
          std::abs(rk4.Number("v") - 0.9048375) < 1e-14);
}

// §8 discrete — metric M + hD + h²K and shift −hKv: implicit Euler on a linear spring.
void Section8Discrete(Narrator& n) {
  const auto d = Law("mujoco.integrate_linear", {"m=1", "k=100", "h=0.01", "q0=1", "integrator=discrete"});
  const auto e = Law("mujoco.integrate_linear", {"m=1", "k=100", "h=0.01", "q0=1", "integrator=euler"});
  // (m + h²k) a = −k q0 → a = −100/1.01.
  n.Claim("spring m = 1 kg, k = 100 N/m, q0 = 1 m, h = 10 ms: discrete v+ = " + Num(d.Number("v"), 10) +
              " m/s = -h 100/(1 + 100 h²); Euler v+ = " + Num(e.Number("v"), 10) + " m/s",
          std::abs(d.Number("v") + 1.0 / 1.01) < 1e-15 && std::abs(e.Number("v") + 1.0) < 1e-15);
}

// §9 可微 — FD transition Jacobian of a linear system equals its exact discrete Jacobian; RK4 rejected.
void Section9FiniteDifferences(Narrator& n) {
  const double h = 0.01, k = 100;
  const auto model = mujoco::LinearTransitionModel(mujoco::OneDof(1.0, k, 0.0), mujoco::Integrator::kEuler, h);
  mujoco::TransitionState x;
  x.q = core::VectorX::Constant(1, 0.3);
  x.v = core::VectorX::Constant(1, -0.2);
  x.act = core::VectorX(0);
  const auto jac = mujoco::TransitionFD(model, x, core::VectorX(0), 1e-6, true);
  // Semi-implicit Euler: v+ = v − h k q, q+ = q + h v+ → A = [[1 − h²k, h], [−h k, 1]].
  core::MatrixX exact(2, 2);
  exact << 1 - h * h * k, h, -h * k, 1;
  const double err = (jac.A - exact).cwiseAbs().maxCoeff();
  n.Claim("spring under Euler: centred FD A = [[" + Num(jac.A(0, 0)) + ", " + Num(jac.A(0, 1)) + "], [" +
              Num(jac.A(1, 0)) + ", " + Num(jac.A(1, 1)) + "]] equals the exact [[1 - h²k, h], [-hk, 1]] (max error " +
              Num(err) + ")",
          err < 1e-8);
  bool rejected = false;
  try {
    mujoco::TransitionFD(mujoco::LinearTransitionModel(mujoco::OneDof(1.0, k, 0.0), mujoco::Integrator::kRk4, h), x,
                         core::VectorX(0), 1e-6, true);
  } catch (const core::InputError&) {
    rejected = true;
  }
  n.Claim("RK4 is rejected with an error (as MuJoCo >= 3.2.7; 2.2.2 rejects nothing)", rejected);
}

}  // namespace

void AddMjSolversSections(std::vector<Section>& sections) {
  sections.push_back({"mj-solvers", "2", "从动力学消去加速度，得到 dual 问题 — Eliminating acceleration: the dual problem",
                      Section2Dual});
  sections.push_back({"mj-solvers", "3", "Primal：在加速度空间求解 — The primal problem in acceleration space",
                      Section3Primal});
  sections.push_back({"mj-solvers", "4", "三个 solver 的实际工作 — What the three solvers really do", Section4Solvers});
  sections.push_back({"mj-solvers", "5", "真正的终止条件与诊断 — The real termination tests and diagnostics",
                      Section5Termination});
  sections.push_back({"mj-solvers", "6", "Warmstart、岛、NoSlip — Warmstart, islands, NoSlip", Section6Warmstart});
  sections.push_back({"mj-solvers", "7", "从连续加速度到数值积分 — From continuous acceleration to numerical integration",
                      Section7Integrators});
  sections.push_back({"mj-solvers", "8", "discrete：metric、shift 与行权重必须一起变 — discrete: metric, shift and row weights change together",
                      Section8Discrete});
  sections.push_back({"mj-solvers", "9", "可微与误差预算 — Differentiability and the error budget",
                      Section9FiniteDifferences});
}

}  // namespace simatlas::chapters
