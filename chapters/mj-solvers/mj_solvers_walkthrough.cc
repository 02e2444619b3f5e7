// Walkthrough of MJ-solvers "求解器、积分器与数值误差的边界" (solvers, integrators and numerical error), §1–§10:
// each section's claims, in the order of the text, with live numbers from the reference engine
// (laws by name, reference/mujoco, and example problems written by MuJoCo 2.2.2 and 3.15.0).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "chapters/walkthrough.h"
#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::chapters {

namespace {

// An example problem with its engine's answer (formats/examples/).
io::MujocoProblemFile Example(const std::string& name) {
  return io::ReadMujocoProblem(io::FormatsDirectory() + "/examples/" + name);
}

// The MuJoCo that wrote an example file, as the file's "source" names it ("MuJoCo 2.2.2
// box_plane.xml steps=150" -> "MuJoCo 2.2.2"): a claim names the version that produced the
// numbers it compares with.
std::string WrittenBy(const io::MujocoProblemFile& file) {
  if (file.source.empty()) return "the file's MuJoCo";
  const size_t name_end = file.source.find(' ', file.source.find(' ') + 1);
  return file.source.substr(0, name_end);
}

double RelativeError(const core::VectorX& a, const core::VectorX& b) {
  return (a - b).norm() / std::max(1e-300, b.norm());
}

// Two uncoupled copies of a problem: M and J block-diagonal, rows and contacts concatenated.
mujoco::Problem TwoCopies(const mujoco::Problem& one) {
  mujoco::Problem two = one;
  const int nv = one.nv, nefc = one.nefc();
  two.nv = 2 * nv;
  two.M = core::MatrixX::Zero(2 * nv, 2 * nv);
  two.M.topLeftCorner(nv, nv) = one.M;
  two.M.bottomRightCorner(nv, nv) = one.M;
  two.J = core::MatrixX::Zero(2 * nefc, 2 * nv);
  two.J.topLeftCorner(nefc, nv) = one.J;
  two.J.bottomRightCorner(nefc, nv) = one.J;
  auto twice = [](const core::VectorX& x) {
    core::VectorX y(2 * x.size());
    y << x, x;
    return y;
  };
  two.qacc_smooth = twice(one.qacc_smooth);
  two.R = twice(one.R);
  two.aref = twice(one.aref);
  two.frictionloss = twice(one.frictionloss);
  two.kind.insert(two.kind.end(), one.kind.begin(), one.kind.end());
  const int ncon = static_cast<int>(one.contacts.size());
  for (int c : one.contact) two.contact.push_back(c < 0 ? c : c + ncon);
  for (mujoco::Contact c : one.contacts) {
    c.efc_address += nefc;
    two.contacts.push_back(c);
  }
  return two;
}

// §1 三层问题各自改变什么 — the model changes the answer, the algorithm only how it is reached.
void Section1Layers(Narrator& n) {
  n.Say("mj_defaultOption: Euler, pyramidal, Newton, iterations 100 (a cap), tolerance 1e-8.");
  // Model layer: I saturates at dmax = 0.95 for |r| = 1 mm >= width, so aref = -K I r =
  // 1e-3/(0.95 tc²): tc = 0.02 s -> 2.63158 m/s², tc = 0.04 s -> 0.657895 m/s² (a factor 4).
  const auto fast = Law("mujoco.row", {"diag_approx=1", "pos=-1e-3", "solref=0.02,1"});
  const auto slow = Law("mujoco.row", {"diag_approx=1", "pos=-1e-3", "solref=0.04,1"});
  // Catches: solref not entering the reference acceleration, or timeconst entering linearly.
  n.Claim("model layer: solref timeconst 0.02 s -> 0.04 s changes aref from " +
              Num(fast.Number("aref")) + " to " + Num(slow.Number("aref")) +
              " m/s² (hand 1e-3/(0.95 tc²): 2.631579, 0.6578947)",
          std::abs(fast.Number("aref") - 1e-3 / (0.95 * 0.0004)) < 1e-9 &&
              std::abs(slow.Number("aref") - 1e-3 / (0.95 * 0.0016)) < 1e-9,
          {{"aref_0.02", fast.Number("aref")}, {"aref_0.04", slow.Number("aref")}});
  // Algorithm layer: CG and Newton on the same problem reach the same optimum.
  auto file = Example("chain_limits.json");
  file.problem.opt.tolerance = 1e-12;
  file.problem.opt.iterations = 1000;
  file.problem.opt.solver = mujoco::SolverKind::kCG;
  const auto cg = mujoco::SolveProblem(file.problem);
  file.problem.opt.solver = mujoco::SolverKind::kNewton;
  const auto newton = mujoco::SolveProblem(file.problem);
  const double diff = RelativeError(cg.efc_force, newton.efc_force);
  const double vs_mujoco =
      file.expected ? RelativeError(newton.efc_force, file.expected->efc_force) : 1.0;
  // Catches: two solvers minimising different objectives (the algorithm changes only the path).
  n.Claim("algorithm layer: CG (" + std::to_string(cg.iterations) + " iterations) and Newton (" +
              std::to_string(newton.iterations) +
              ") on the chain, tolerance 1e-12: forces differ by " + Num(diff, 3) +
              " (relative); Newton vs " + WrittenBy(file) + "'s answer in the file " +
              Num(vs_mujoco, 3),
          diff < 1e-6 && vs_mujoco < 1e-6, {{"difference", diff}});
}

// §2 dual 问题 — R = (1 − I)/I · Â, aref = −B vel − K I (r − margin); pyramid decode.
void Section2Dual(Narrator& n) {
  const auto row = Law("mujoco.row", {"diag_approx=1", "pos=-1e-3"});
  // Hand values: |r|/width = 1 saturates I = dmax = 0.95; K = 1/(0.95² 0.02²) = 2770.083 1/s².
  const double K = 1.0 / (0.95 * 0.95 * 0.02 * 0.02);
  // Catches: R without the (1 - I)/I factor, or K built from I instead of dmax (hand values beside).
  n.Claim("default row, A-hat = 1, r = -1 mm: I = " + Num(row.Number("imp")) +
              " = dmax, R = (1 - I)/I A-hat = " + Num(row.Number("R")) +
              " (hand 0.05/0.95), aref = -K I r = " + Num(row.Number("aref")) + " m/s² (hand " +
              Num(K * 0.95 * 1e-3) + ")",
          std::abs(row.Number("imp") - 0.95) < 1e-15 &&
              std::abs(row.Number("R") - 0.05 / 0.95) < 1e-14 &&
              std::abs(row.Number("aref") - K * 0.95 * 1e-3) < 1e-9,
          {{"imp", row.Number("imp")}, {"R", row.Number("R")}, {"aref", row.Number("aref")}});
  const auto decode = Law("mujoco.pyramid_decode", {"edges=2,4", "mu=0.5"});
  // Catches: a decode that averages the edges or drops mu (hand: 2 + 4 = 6, (2 - 4) 0.5 = -1).
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
  // Catches: primal and dual problems that are not the same optimisation.
  n.Claim(
      "box on plane, elliptic: f from the primal (Newton) vs the dual minimiser (PGS): relative difference " +
          Num(diff),
      diff < 1e-5, {{"difference", diff}});
  const double vs_mujoco = RelativeError(primal.efc_force, file.expected->efc_force);
  // Catches: a Newton that converges to something other than MuJoCo's answer (stored in the example file).
  n.Claim("Newton's efc_force vs " + WrittenBy(file) +
              "'s converged answer in the file: relative error " + Num(vs_mujoco),
          vs_mujoco < 1e-8, {{"relative_error", vs_mujoco}});
}

// §4 三个 solver — PGS, CG and Newton reach the same answer on a pyramidal problem.
void Section4Solvers(Narrator& n) {
  auto file = Example("box_plane_pyramidal.json");
  for (mujoco::SolverKind s :
       {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
    auto p = file.problem;
    p.opt.solver = s;
    p.opt.iterations = s == mujoco::SolverKind::kPGS ? 5000 : 200;
    p.opt.tolerance = s == mujoco::SolverKind::kPGS ? 1e-15 : 1e-10;
    const auto r = mujoco::SolveProblem(p);
    const double err = RelativeError(r.efc_force, file.expected->efc_force);
    // Catches: a solver that stops early or converges elsewhere (MuJoCo's efc_force in the file).
    n.Claim(mujoco::SolverName(s) + " on the box (pyramidal): " + std::to_string(r.iterations) +
                " iterations, relative error to " + WrittenBy(file) + "'s efc_force " + Num(err),
            err < (s == mujoco::SolverKind::kPGS ? 1e-5 : 1e-8),
            {{"iterations", r.iterations}, {"relative_error", err}});
  }
}

// §5 终止 — scale = 1/(meaninertia·max(1, nv)); tolerance 0 disables early exits.
void Section5Termination(Narrator& n) {
  auto file = Example("chain_limits.json");
  const double scale = mujoco::MonolithicScale(file.problem);
  // Catches: a scale from nv alone or from the island inertia on the monolithic path (hand: 1/(meaninertia nv)).
  n.Claim("chain: scale = " + Num(scale) + " = 1/(meaninertia " +
              Num(file.problem.opt.meaninertia) + " x nv " + std::to_string(file.problem.nv) + ")",
          std::abs(scale - 1.0 / (file.problem.opt.meaninertia * std::max(1, file.problem.nv))) <
              1e-15 * scale);
  // The exit rule of §5's table: PGS stops at the first iteration whose scaled improvement
  // is below tolerance; Newton at the first with a positive scaled improvement or a scaled
  // gradient below it. Every earlier iteration must fail the test, the last must pass it.
  for (mujoco::SolverKind solver : {mujoco::SolverKind::kPGS, mujoco::SolverKind::kNewton}) {
    auto p = file.problem;
    p.opt.solver = solver;
    p.opt.tolerance = 1e-8;
    p.opt.iterations = 1000;
    const auto r = mujoco::SolveProblem(p);
    auto passes = [&](const mujoco::IterationStats& st) {
      if (solver == mujoco::SolverKind::kPGS) return st.improvement < p.opt.tolerance;
      return (st.improvement > 0 && st.improvement < p.opt.tolerance) ||
             st.gradient < p.opt.tolerance;
    };
    int first = -1;
    for (int k = 0; k < r.iterations && k < static_cast<int>(r.stats.size()); ++k) {
      if (passes(r.stats[k])) {
        first = k;
        break;
      }
    }
    const auto& last = r.stats[std::max(0, r.iterations - 1)];
    // Catches: a solver that runs on past its exit test, stops before it, or tests the unscaled
    // cost (the first passing iteration must be the last one run).
    n.Claim(mujoco::SolverName(solver) + " on the chain, tolerance 1e-8: stops after " +
                std::to_string(r.iterations) + " iterations (exit " +
                mujoco::ExitReasonName(r.exit) + "), last scaled improvement " +
                Num(last.improvement, 3) + ", gradient " + Num(last.gradient, 3) +
                "; the first iteration passing the exit test is iteration " +
                std::to_string(first + 1),
            r.iterations > 1 && r.iterations < 1000 && first == r.iterations - 1,
            {{"iterations", r.iterations},
             {"improvement", last.improvement},
             {"gradient", last.gradient}});
  }
}

// §6 Warmstart、岛、NoSlip — the 3.15 certificate exits at 0 iterations from the optimum; islands
// solve alone, agree with the monolithic solve and stop each at its own count; NoSlip is a post-process with its own sweeps.
void Section6Warmstart(Narrator& n) {
  auto file = Example("box_plane_elliptic.json");
  file.problem.opt.solver = mujoco::SolverKind::kNewton;
  mujoco::SetVersion(mujoco::Version::kMuJoCo315, file.problem.opt);
  const auto cold = mujoco::SolveProblem(file.problem);
  mujoco::SolveSettings warm;
  warm.qacc_warmstart = cold.qacc;
  const auto again = mujoco::SolveProblem(file.problem, warm);
  // Catches: a warm start ignored (Newton iterating again from qacc_smooth).
  n.Claim("3.15 Newton warm-started at its own answer: " + std::to_string(again.iterations) +
              " iterations (exit " + mujoco::ExitReasonName(again.exit) +
              ") with nefc = " + std::to_string(file.problem.nefc()) + " and the same forces",
          again.iterations == 0 && file.problem.nefc() > 0 &&
              RelativeError(again.efc_force, cold.efc_force) < 1e-12);
  // Two copies of the box, block-diagonal (no coupling): two islands, each solved and stopped
  // on its own, must give the monolithic forces.
  const mujoco::Problem pair = TwoCopies(file.problem);
  const auto whole = mujoco::SolveProblem(pair);
  mujoco::SolveSettings split;
  split.islands = true;
  const auto islands = mujoco::SolveProblem(pair, split);
  const auto found = mujoco::FindIslands(pair);
  const double diff = RelativeError(islands.efc_force, whole.efc_force);
  const double copy = RelativeError(whole.efc_force.head(file.problem.nefc()), cold.efc_force);
  // Catches: islands that couple through a wrong graph, or a per-island scale that stops one
  // island early (forces would differ from the monolithic solve).
  n.Claim("two uncoupled boxes: " + std::to_string(found.size()) +
              " islands; per-island forces vs monolithic: relative " + "difference " +
              Num(diff, 3) + "; first box vs the single-box solve " + Num(copy, 3),
          found.size() == 2 && diff < 1e-8 && copy < 1e-8,
          {{"islands", static_cast<double>(found.size())}, {"difference", diff}});
  // Three bodies touching only the floor (formats/examples/three_islands.json, MuJoCo 3.15.0's
  // problem: a 3-box stack, a lone box, a sphere), CG from a cold start at the default 1e-8:
  // with islands each island stops at its own exit test; the solve reports the island that
  // iterated most; islands off, one solve of every DOF stops on the whole problem's statistic.
  auto three = Example("three_islands.json");
  three.problem.opt.solver = mujoco::SolverKind::kCG;
  three.problem.opt.tolerance = 1e-8;
  const mujoco::IslandsResult own = mujoco::SolveIslands(three.problem, std::nullopt);
  mujoco::SolveSettings on, off;
  on.islands = true;
  off.islands = false;
  const auto reported = mujoco::SolveProblem(three.problem, on);
  const auto single = mujoco::SolveProblem(three.problem, off);
  std::string counts;
  int fewest = 1 << 30, most = 0;
  for (const mujoco::SolveResult& r : own.per_island) {
    counts += (counts.empty() ? "" : ", ") + std::to_string(r.iterations);
    fewest = std::min(fewest, r.iterations);
    most = std::max(most, r.iterations);
  }
  // Catches: islands that iterate in lockstep (every island the slowest one's count), or a
  // reported count that is not the island that iterated most.
  n.Claim("three bodies on the floor (three_islands, CG, tolerance 1e-8, cold start): " +
              std::to_string(own.islands.size()) + " islands stop after " + counts +
              " iterations, the solve reports " + std::to_string(reported.iterations) +
              "; one solve of all " + std::to_string(three.problem.nv) +
              " DOFs (islands off) takes " + std::to_string(single.iterations),
          own.islands.size() == 3 && fewest < most && reported.iterations == most,
          {{"islands", static_cast<double>(own.islands.size())},
           {"fewest", static_cast<double>(fewest)},
           {"most", static_cast<double>(most)},
           {"single", static_cast<double>(single.iterations)}});
  // NoSlip is a post-processing pass, not a more accurate main solve: after PGS stopped at 2
  // sweeps on the pyramidal box, it moves force between the opposing edges of each pair (the
  // pair's sum, its normal part, stays) and counts its own sweeps; the answer still differs from
  // the converged main solve's.
  auto pyramid = Example("box_plane_pyramidal.json");
  pyramid.problem.opt.solver = mujoco::SolverKind::kPGS;
  pyramid.problem.opt.iterations = 2;
  const auto early = mujoco::SolveProblem(pyramid.problem);
  auto with_noslip = pyramid.problem;
  with_noslip.opt.noslip_iterations = 100;
  const auto post = mujoco::SolveProblem(with_noslip);
  auto converged = pyramid.problem;
  converged.opt.iterations = 1000;
  converged.opt.tolerance = 1e-15;
  const auto best = mujoco::SolveProblem(converged);
  double pair_sum_change = 0, edge_change = 0;
  for (const mujoco::Contact& c : pyramid.problem.contacts) {
    for (int j = 0; j + 1 < 2 * (c.dim - 1); j += 2) {
      const int a = c.efc_address + j;
      pair_sum_change =
          std::max(pair_sum_change, std::abs((post.efc_force[a] + post.efc_force[a + 1]) -
                                             (early.efc_force[a] + early.efc_force[a + 1])));
      edge_change = std::max(edge_change, std::abs(post.efc_force[a] - early.efc_force[a]));
    }
  }
  const double from_converged = RelativeError(post.efc_force, best.efc_force);
  // Catches: NoSlip that moves the normal part of a pyramid pair, counts its sweeps into the
  // main solver's iterations, or is mistaken for finishing the main solve.
  n.Claim("NoSlip after PGS capped at 2 on the pyramidal box: " +
              std::to_string(post.noslip_iterations) + " NoSlip sweeps beside " +
              std::to_string(post.iterations) + " main iterations; edge forces moved by up to " +
              Num(edge_change, 3) + " N while each opposing pair's sum moved by " +
              Num(pair_sum_change, 3) +
              " N; the forces still differ from the converged main solve by " +
              Num(from_converged, 3) + " (relative)",
          post.iterations == early.iterations && post.noslip_iterations >= 1 &&
              edge_change > 1e-6 &&
              pair_sum_change < 1e-9 * std::max(1.0, early.efc_force.cwiseAbs().maxCoeff()) &&
              from_converged > 1e-6,
          {{"noslip_iterations", post.noslip_iterations},
           {"pair_sum_change", pair_sum_change},
           {"from_converged", from_converged}});
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
  // Catches: explicit damping in Euler (v = 1 - h d = 0.9).
  n.Claim("T8, Euler with implicit damping: v = 1/(1 + h d) = " + Num(euler.Number("v"), 10) +
              " m/s, q = h v = " + Num(euler.Number("q"), 10) + " m",
          std::abs(euler.Number("v") - 1.0 / 1.1) < 1e-15 &&
              std::abs(euler.Number("q") - 0.01 / 1.1) < 1e-16,
          {{"v", euler.Number("v")}, {"q", euler.Number("q")}});
  // Catches: a lower-order stage combination (the Taylor series of exp(-0.1) to 4th order is the hand value).
  n.Claim("T8, RK4 (explicit damping): v = 1 - 0.1 + 0.005 - 1/6000 + 1/240000 = " +
              Num(rk4.Number("v"), 10) + " m/s",
          std::abs(rk4.Number("v") - 0.9048375) < 1e-14, {{"v", rk4.Number("v")}});
}

// §8 discrete — metric M + hD + h²K and shift −hKv: implicit Euler on a linear spring.
void Section8Discrete(Narrator& n) {
  const auto d =
      Law("mujoco.integrate_linear", {"m=1", "k=100", "h=0.01", "q0=1", "integrator=discrete"});
  const auto e =
      Law("mujoco.integrate_linear", {"m=1", "k=100", "h=0.01", "q0=1", "integrator=euler"});
  // (m + h²k) a = −k q0 → a = −100/1.01.
  // Catches: the discrete metric without h²K (v+ = -1 instead of -1/1.01).
  n.Claim(
      "spring m = 1 kg, k = 100 N/m, q0 = 1 m, h = 10 ms: discrete v+ = " + Num(d.Number("v"), 10) +
          " m/s = -h 100/(1 + 100 h²); Euler v+ = " + Num(e.Number("v"), 10) + " m/s",
      std::abs(d.Number("v") + 1.0 / 1.01) < 1e-15 && std::abs(e.Number("v") + 1.0) < 1e-15,
      {{"v_discrete", d.Number("v")}, {"v_euler", e.Number("v")}});
}

// §9 可微 — FD transition Jacobian of a linear system equals its exact discrete Jacobian; RK4 rejected.
void Section9FiniteDifferences(Narrator& n) {
  const double h = 0.01, k = 100;
  const auto model =
      mujoco::LinearTransitionModel(mujoco::OneDof(1.0, k, 0.0), mujoco::Integrator::kEuler, h);
  mujoco::TransitionState x;
  x.q = core::VectorX::Constant(1, 0.3);
  x.v = core::VectorX::Constant(1, -0.2);
  x.act = core::VectorX(0);
  const auto jac = mujoco::TransitionFD(model, x, core::VectorX(0), 1e-6, true);
  // Semi-implicit Euler: v+ = v − h k q, q+ = q + h v+ → A = [[1 − h²k, h], [−h k, 1]].
  core::MatrixX exact(2, 2);
  exact << 1 - h * h * k, h, -h * k, 1;
  const double err = (jac.A - exact).cwiseAbs().maxCoeff();
  // Catches: an FD Jacobian whose columns are swapped or scaled (exact matrix by hand beside).
  n.Claim("spring under Euler: centred FD A = [[" + Num(jac.A(0, 0)) + ", " + Num(jac.A(0, 1)) +
              "], [" + Num(jac.A(1, 0)) + ", " + Num(jac.A(1, 1)) +
              "]] equals the exact [[1 - h²k, h], [-hk, 1]] (max error " + Num(err) + ")",
          err < 1e-8, {{"max_error", err}});
  bool rejected = false;
  try {
    mujoco::TransitionFD(
        mujoco::LinearTransitionModel(mujoco::OneDof(1.0, k, 0.0), mujoco::Integrator::kRk4, h), x,
        core::VectorX(0), 1e-6, true);
  } catch (const core::InputError&) {
    rejected = true;
  }
  // Catches: a silently wrong RK4 transition Jacobian.
  n.Claim("RK4 is rejected with an error (as MuJoCo >= 3.2.7; 2.2.2 rejects nothing)", rejected);
}

// §10 阅读练习 — exercise 2 (zero iterations) and 6 (NoSlip counts) against the rules.
void Section10Exercises(Narrator& n) {
  n.Say(
      "the eight exercises: simatlas exercise mj-solvers N (N = 1..8) prints a question; --answer FILE grades it.");
  auto file = Example("box_plane_elliptic.json");
  file.problem.opt.solver = mujoco::SolverKind::kNewton;
  auto zero = file.problem;
  zero.opt.iterations = 0;
  const auto none = mujoco::SolveProblem(zero);
  const auto full = mujoco::SolveProblem(file.problem);
  // Catches: a cap of 0 ignored (ex2): with warmstart off, 0 iterations leave qacc = qacc_smooth.
  n.Claim(
      "ex2: Newton with iterations 0, warmstart off: qacc = qacc_smooth exactly (max |difference| " +
          Num((none.qacc - zero.qacc_smooth).cwiseAbs().maxCoeff()) + "), " +
          "while the converged qacc differs by " + Num((full.qacc - zero.qacc_smooth).norm(), 4) +
          " m/s²",
      none.iterations == 0 && none.qacc == zero.qacc_smooth &&
          (full.qacc - zero.qacc_smooth).norm() > 1e-3);
  auto noslip = file.problem;
  noslip.opt.noslip_iterations = 4;
  const auto r = mujoco::SolveProblem(noslip);
  // Catches: NoSlip sweeps counted into solver_iter, or their statistics not appended (ex6).
  n.Claim("ex6: noslip_iterations 4: solver iterations " + std::to_string(r.iterations) +
              " (same as without NoSlip: " + std::to_string(full.iterations) + "), NoSlip sweeps " +
              std::to_string(r.noslip_iterations) + ", statistics entries " +
              std::to_string(r.stats.size()) + " = their sum",
          r.iterations == full.iterations && r.noslip_iterations >= 1 && r.noslip_iterations <= 4 &&
              static_cast<int>(r.stats.size()) == r.iterations + r.noslip_iterations,
          {{"iterations", r.iterations}, {"noslip_iterations", r.noslip_iterations}});
}

}  // namespace

void AddMjSolversSections(std::vector<Section>& sections) {
  sections.push_back({"mj-solvers", "1", Section1Layers});
  sections.push_back({"mj-solvers", "2", Section2Dual});
  sections.push_back({"mj-solvers", "3", Section3Primal});
  sections.push_back({"mj-solvers", "4", Section4Solvers});
  sections.push_back({"mj-solvers", "5", Section5Termination});
  sections.push_back({"mj-solvers", "6", Section6Warmstart});
  sections.push_back({"mj-solvers", "7", Section7Integrators});
  sections.push_back({"mj-solvers", "8", Section8Discrete});
  sections.push_back({"mj-solvers", "9", Section9FiniteDifferences});
  sections.push_back({"mj-solvers", "10", Section10Exercises});
}

}  // namespace simatlas::chapters
