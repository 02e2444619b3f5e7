// MJ-solvers §4–§6 against the live MuJoCo 3.15.0 (the PyPI wheel's libmujoco): the reference's
// 3.15 path (Version::kMuJoCo315, Hager–Zhang CG, momentum PGS with the shuffle) on the problem
// copied from the same mjData, island by island: iteration counts, per-iteration statistics
// and the answer. The same source compiled against the MuJoCo 4.0.1 wheel is the 4.0.1 solver
// oracle (oracle_mujoco401_test, issue 38): there the adapter's problem carries
// Version::kMuJoCo401 (the exits scaled by 1/trace(M) of the island or whole system), and every
// case below is checked against 4.0.1's solve the same way.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "oracle/mujoco315/mujoco315_oracle.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::SIMATLAS_LIVE_ORACLE {
namespace {

struct SceneSpec {
  std::string label;
  std::string path;
  int steps;
};

SceneSpec Scene(const std::string& label) {
  static const std::map<std::string, SceneSpec> scenes = {
      {"humanoid", {"humanoid", SampleModelFile("humanoid/humanoid.xml"), 200}},
      {"humanoid22", {"humanoid22", SampleModelFile("humanoid/22_humanoids.xml"), 60}},
      {"box_stack", {"box_stack", SceneFile("box_stack.xml"), 170}},
      {"limit_chain", {"limit_chain", SceneFile("limit_chain.xml"), 100}},
      {"mixed_rows", {"mixed_rows", SceneFile("mixed_rows.xml"), 100}},
      {"sliding_box", {"sliding_box", SceneFile("sliding_box.xml"), 100}},
      {"two_boxes", {"two_boxes", SceneFile("two_boxes.xml"), 100}},
  };
  return scenes.at(label);
}

// Each scene settled once per cone.
const adapters::ModelData& Settled(const std::string& label, mjtCone cone, core::VectorX* warm) {
  static std::map<std::pair<std::string, int>, std::pair<adapters::ModelData, core::VectorX>> cache;
  const auto key = std::make_pair(label, static_cast<int>(cone));
  auto it = cache.find(key);
  if (it == cache.end()) {
    const SceneSpec spec = Scene(label);
    core::VectorX w;
    adapters::ModelData scene = LoadAndSettle(spec.path, cone, spec.steps, &w);
    it = cache.emplace(key, std::make_pair(scene, w)).first;
  }
  if (warm) *warm = it->second.second;
  return it->second.first;
}

struct Case {
  std::string scene;
  mjtCone cone;
  mjtSolver solver;
  double tolerance;
  bool warm;  // start from the last step's qacc_warmstart (MuJoCo's own warm start)
  bool islands;
  int noslip = 0;
  // > 0: the warm start made poor on the light box of two_boxes (SkewedWarmstart)
  double skew = 0;
};

std::string Name(const Case& c) {
  std::ostringstream s;
  s << c.scene << (c.cone == mjCONE_ELLIPTIC ? " elliptic " : " pyramidal ")
    << (c.solver == mjSOL_PGS  ? "PGS"
        : c.solver == mjSOL_CG ? "CG"
                               : "Newton")
    << " tol " << c.tolerance << (c.warm ? " warm" : " cold")
    << (c.islands ? " islands" : " monolithic") << (c.noslip ? " noslip" : "")
    << (c.skew > 0 ? " skewed" : "");
  return s.str();
}

// max|a − b| / max(|a|, |b|, |floor|) (∞-norms). qacc = a₀ + M⁻¹Jᵀf cancels a₀ on a body at rest
// (a box stack's qacc ≈ 0 against a₀ ≈ g), so its round-off is relative to a₀: floor = qacc_smooth.
double Relative(const core::VectorX& a, const core::VectorX& b,
                const core::VectorX& floor = core::VectorX()) {
  const double scale = std::max({a.lpNorm<Eigen::Infinity>(), b.lpNorm<Eigen::Infinity>(),
                                 floor.size() ? floor.lpNorm<Eigen::Infinity>() : 0.0});
  return scale == 0 ? 0 : (a - b).lpNorm<Eigen::Infinity>() / scale;
}

// two_boxes' warm start made poor on the light box: there qacc_smooth + skew·(w − qacc_smooth),
// the last step's w elsewhere (the box's free joint is DOFs dofadr … dofadr + 5).
core::VectorX SkewedWarmstart(const adapters::ModelData& scene, const core::VectorX& warm,
                              double skew) {
  const mjModel* m = scene.model.get();
  const mjData* d = scene.data.get();
  const int body = mj_name2id(m, mjOBJ_BODY, "light");
  core::VectorX out = warm;
  for (int j = m->body_dofadr[body]; j < m->body_dofadr[body] + m->body_dofnum[body]; ++j) {
    out[j] = d->qacc_smooth[j] + skew * (warm[j] - d->qacc_smooth[j]);
  }
  return out;
}

// The outcome of one comparison.
struct Outcome {
  std::vector<std::string> problems;  // empty: the reference took MuJoCo's solve
  std::string summary;                // iterations per island, answer differences
};

Outcome Compare(const Case& c) {
  core::VectorX warm;
  const adapters::ModelData& scene = Settled(c.scene, c.cone, &warm);
  if (c.skew > 0) warm = SkewedWarmstart(scene, warm, c.skew);
  Settings s;
  s.solver = c.solver;
  s.iterations = 1000;
  s.tolerance = c.tolerance;
  if (c.warm) s.warmstart = warm;
  s.islands = c.islands;
  s.noslip_iterations = c.noslip;
  const Solve mj = SolveLive(scene, s);
  const mujoco::Problem& p = mj.problem;
  const std::shared_ptr<const mujoco::PreparedProblem> prepared = mujoco::Prepare(p);
  std::optional<core::VectorX> start;
  if (c.warm) start = warm;
  Outcome o;
  std::ostringstream sum;
  sum << adapters::EngineName() << " niter";
  for (const IslandRecord& r : mj.islands)
    sum << " " << (r.recorded ? std::to_string(r.niter) : "-");
  // The reference, monolithic or per island (its islands matched to MuJoCo's by their DOFs).
  std::vector<mujoco::SolveResult> ours;
  mujoco::SolveResult combined;
  if (mj.nisland > 0) {
    const mujoco::IslandsResult r = mujoco::SolveIslands(*prepared, start);
    combined = r.combined;
    for (const IslandRecord& island : mj.islands) {
      int match = -1;
      for (size_t k = 0; k < r.islands.size(); ++k) {
        if (r.islands[k].dofs == island.dofs) match = static_cast<int>(k);
      }
      if (match < 0) {
        o.problems.push_back("a MuJoCo island has DOFs the reference's islands do not group");
        ours.push_back({});
      } else {
        ours.push_back(r.per_island[match]);
      }
    }
    if (r.islands.size() != mj.islands.size()) {
      o.problems.push_back("islands: reference " + std::to_string(r.islands.size()) + ", MuJoCo " +
                           std::to_string(mj.islands.size()));
    }
  } else {
    combined = mujoco::SolveProblem(*prepared, {start, false});
    ours.push_back(combined);
  }
  sum << ", reference";
  for (const auto& r : ours) sum << " " << r.iterations;
  for (size_t k = 0; k < mj.islands.size() && k < ours.size(); ++k) {
    const IslandRecord& theirs = mj.islands[k];
    if (!theirs.recorded) continue;  // beyond mjData's 20 statistics slots: the answer is compared
    // MuJoCo's solver_niter counts NoSlip's sweeps after the main solver's (solNoSlip).
    const int total = ours[k].iterations + ours[k].noslip_iterations;
    if (total != theirs.niter) {
      o.problems.push_back("island " + std::to_string(k) + ": iterations " + std::to_string(total) +
                           " vs MuJoCo's " + std::to_string(theirs.niter));
    }
    const std::vector<mujoco::IterationStats>& main = ours[k].stats;
    const oracle::RoundOff floor{1e-12, 1e-12};
    const auto diff = oracle::CompareIterations(
        main, theirs.stats, std::min(main.size(), theirs.stats.size()), floor, true);
    for (const auto& d : diff) o.problems.push_back("island " + std::to_string(k) + ": " + d);
  }
  const double dq = Relative(combined.qacc, mj.qacc, p.qacc_smooth);
  const double df = Relative(combined.efc_force, mj.efc_force);
  sum << "; qacc " << dq << ", efc_force " << df << " relative";
  if (!(dq <= 1e-10)) o.problems.push_back("qacc differs by " + std::to_string(dq) + " relative");
  if (!(df <= 1e-10))
    o.problems.push_back("efc_force differs by " + std::to_string(df) + " relative");
  o.summary = sum.str();
  return o;
}

class Mujoco315Oracle : public ::testing::TestWithParam<Case> {};

TEST_P(Mujoco315Oracle, ReferenceTakesMujocosSolve) {
  const Case c = GetParam();
  const Outcome o = Compare(c);
  std::ostringstream all;
  for (const auto& line : o.problems) all << "\n  " << line;
  std::printf("%s: %s%s\n", Name(c).c_str(), o.summary.c_str(),
              o.problems.empty() ? " MATCH" : " DIFFER");
  EXPECT_TRUE(o.problems.empty()) << Name(c) << ": " << o.summary << all.str();
}

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  for (const std::string scene :
       {"humanoid", "humanoid22", "box_stack", "limit_chain", "mixed_rows"}) {
    for (const mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
      for (const mjtSolver solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
        for (const double tol : {1e-8, 1e-15, 0.0}) {
          for (const bool warm : {false, true}) {
            for (const bool islands : {false, true})
              cases.push_back({scene, cone, solver, tol, warm, islands});
          }
        }
      }
    }
  }
  return cases;
}

// The combinations where the reference took MuJoCo 3.15.0's solve in every respect (iterations
// per island, per-iteration statistics to 1e-6 relative above 1e-12, qacc and efc_force to 1e-10),
// measured by running AllCases() against the MuJoCo 3.15.0 wheel: 189 of 360 (iteration counts
// agree in 304). The others, by class: tolerance 0 (CG, Newton: MuJoCo's line search stops with
// α = 0 when its bracket's end costs stop falling, the reference's at other points; per-evaluation
// round-off of cost' differs, PrimalEval sums quadratic rows first); tolerance 1e-15 (CG, most
// Newton: the same round-off in cost' changes neval and then the path); PGS on box_stack elliptic
// and the 22 humanoids elliptic (answers within 1e-5 … 1e-9: the elliptic ray and QCQP updates sum
// in another order); warm CG on the humanoid (2.8e-7: the warm start's cost comparison).
bool MeasuredToMatch(const Case& c) {
  static const std::vector<std::string> names = {
      "humanoid pyramidal Newton tol 1e-08 cold monolithic",
      "humanoid pyramidal Newton tol 1e-08 cold islands",
      "humanoid pyramidal Newton tol 1e-08 warm monolithic",
      "humanoid pyramidal Newton tol 1e-08 warm islands",
      "humanoid pyramidal Newton tol 1e-15 warm monolithic",
      "humanoid pyramidal Newton tol 1e-15 warm islands",
      "humanoid pyramidal CG tol 1e-08 cold monolithic",
      "humanoid pyramidal CG tol 1e-08 cold islands",
      "humanoid pyramidal PGS tol 1e-08 cold monolithic",
      "humanoid pyramidal PGS tol 1e-08 cold islands",
      "humanoid pyramidal PGS tol 1e-08 warm monolithic",
      "humanoid pyramidal PGS tol 1e-08 warm islands",
      "humanoid pyramidal PGS tol 1e-15 cold monolithic",
      "humanoid pyramidal PGS tol 1e-15 cold islands",
      "humanoid pyramidal PGS tol 1e-15 warm monolithic",
      "humanoid pyramidal PGS tol 1e-15 warm islands",
      "humanoid pyramidal PGS tol 0 cold monolithic",
      "humanoid pyramidal PGS tol 0 cold islands",
      "humanoid pyramidal PGS tol 0 warm monolithic",
      "humanoid pyramidal PGS tol 0 warm islands",
      "humanoid elliptic Newton tol 1e-08 cold monolithic",
      "humanoid elliptic Newton tol 1e-08 cold islands",
      "humanoid elliptic Newton tol 1e-08 warm monolithic",
      "humanoid elliptic Newton tol 1e-08 warm islands",
      "humanoid elliptic Newton tol 1e-15 warm monolithic",
      "humanoid elliptic Newton tol 1e-15 warm islands",
      "humanoid elliptic CG tol 1e-08 cold monolithic",
      "humanoid elliptic CG tol 1e-08 cold islands",
      "humanoid elliptic PGS tol 1e-08 cold monolithic",
      "humanoid elliptic PGS tol 1e-08 cold islands",
      "humanoid elliptic PGS tol 1e-08 warm monolithic",
      "humanoid elliptic PGS tol 1e-08 warm islands",
      "humanoid elliptic PGS tol 1e-15 cold monolithic",
      "humanoid elliptic PGS tol 1e-15 cold islands",
      "humanoid elliptic PGS tol 1e-15 warm monolithic",
      "humanoid elliptic PGS tol 1e-15 warm islands",
      "humanoid elliptic PGS tol 0 cold monolithic",
      "humanoid elliptic PGS tol 0 cold islands",
      "humanoid22 pyramidal Newton tol 1e-08 cold monolithic",
      "humanoid22 pyramidal Newton tol 1e-08 cold islands",
      "humanoid22 pyramidal Newton tol 1e-08 warm monolithic",
      "humanoid22 pyramidal Newton tol 1e-08 warm islands",
      "humanoid22 pyramidal CG tol 1e-08 cold monolithic",
      "humanoid22 pyramidal CG tol 1e-08 cold islands",
      "humanoid22 pyramidal PGS tol 1e-08 cold monolithic",
      "humanoid22 pyramidal PGS tol 1e-08 cold islands",
      "humanoid22 pyramidal PGS tol 1e-08 warm monolithic",
      "humanoid22 pyramidal PGS tol 1e-08 warm islands",
      "humanoid22 pyramidal PGS tol 1e-15 cold monolithic",
      "humanoid22 pyramidal PGS tol 1e-15 cold islands",
      "humanoid22 pyramidal PGS tol 1e-15 warm monolithic",
      "humanoid22 pyramidal PGS tol 1e-15 warm islands",
      "humanoid22 pyramidal PGS tol 0 cold monolithic",
      "humanoid22 pyramidal PGS tol 0 cold islands",
      "humanoid22 pyramidal PGS tol 0 warm monolithic",
      "humanoid22 pyramidal PGS tol 0 warm islands",
      "humanoid22 elliptic Newton tol 1e-08 cold monolithic",
      "humanoid22 elliptic Newton tol 1e-08 cold islands",
      "humanoid22 elliptic Newton tol 1e-08 warm monolithic",
      "humanoid22 elliptic Newton tol 1e-08 warm islands",
      "humanoid22 elliptic Newton tol 1e-15 warm monolithic",
      "humanoid22 elliptic CG tol 1e-08 cold monolithic",
      "humanoid22 elliptic CG tol 1e-08 cold islands",
      "humanoid22 elliptic CG tol 1e-08 warm monolithic",
      "humanoid22 elliptic CG tol 1e-08 warm islands",
      "humanoid22 elliptic PGS tol 1e-08 cold islands",
      "humanoid22 elliptic PGS tol 1e-08 warm islands",
      "humanoid22 elliptic PGS tol 1e-15 cold islands",
      "humanoid22 elliptic PGS tol 1e-15 warm islands",
      "humanoid22 elliptic PGS tol 0 cold islands",
      "humanoid22 elliptic PGS tol 0 warm islands",
      "box_stack pyramidal Newton tol 1e-08 cold monolithic",
      "box_stack pyramidal Newton tol 1e-08 cold islands",
      "box_stack pyramidal Newton tol 1e-08 warm monolithic",
      "box_stack pyramidal Newton tol 1e-08 warm islands",
      "box_stack pyramidal Newton tol 1e-15 warm monolithic",
      "box_stack pyramidal Newton tol 1e-15 warm islands",
      "box_stack pyramidal CG tol 1e-08 cold monolithic",
      "box_stack pyramidal CG tol 1e-08 cold islands",
      "box_stack pyramidal CG tol 1e-08 warm monolithic",
      "box_stack pyramidal CG tol 1e-08 warm islands",
      "box_stack pyramidal PGS tol 1e-08 cold monolithic",
      "box_stack pyramidal PGS tol 1e-08 cold islands",
      "box_stack pyramidal PGS tol 1e-08 warm monolithic",
      "box_stack pyramidal PGS tol 1e-08 warm islands",
      "box_stack pyramidal PGS tol 1e-15 cold monolithic",
      "box_stack pyramidal PGS tol 1e-15 cold islands",
      "box_stack pyramidal PGS tol 1e-15 warm monolithic",
      "box_stack pyramidal PGS tol 1e-15 warm islands",
      "box_stack pyramidal PGS tol 0 cold monolithic",
      "box_stack pyramidal PGS tol 0 cold islands",
      "box_stack pyramidal PGS tol 0 warm monolithic",
      "box_stack pyramidal PGS tol 0 warm islands",
      "box_stack elliptic Newton tol 1e-08 cold monolithic",
      "box_stack elliptic Newton tol 1e-08 cold islands",
      "box_stack elliptic Newton tol 1e-08 warm monolithic",
      "box_stack elliptic Newton tol 1e-08 warm islands",
      "box_stack elliptic Newton tol 1e-15 warm monolithic",
      "box_stack elliptic Newton tol 1e-15 warm islands",
      "box_stack elliptic CG tol 1e-08 cold monolithic",
      "box_stack elliptic CG tol 1e-08 cold islands",
      "box_stack elliptic CG tol 1e-08 warm monolithic",
      "box_stack elliptic CG tol 1e-08 warm islands",
      "box_stack elliptic PGS tol 1e-08 warm monolithic",
      "box_stack elliptic PGS tol 1e-08 warm islands",
      "box_stack elliptic PGS tol 1e-15 warm monolithic",
      "box_stack elliptic PGS tol 1e-15 warm islands",
      "box_stack elliptic PGS tol 0 warm monolithic",
      "box_stack elliptic PGS tol 0 warm islands",
      "limit_chain pyramidal Newton tol 1e-08 cold monolithic",
      "limit_chain pyramidal Newton tol 1e-08 cold islands",
      "limit_chain pyramidal Newton tol 1e-08 warm monolithic",
      "limit_chain pyramidal Newton tol 1e-08 warm islands",
      "limit_chain pyramidal Newton tol 1e-15 warm monolithic",
      "limit_chain pyramidal Newton tol 1e-15 warm islands",
      "limit_chain pyramidal CG tol 1e-08 cold monolithic",
      "limit_chain pyramidal CG tol 1e-08 cold islands",
      "limit_chain pyramidal CG tol 1e-08 warm monolithic",
      "limit_chain pyramidal CG tol 1e-08 warm islands",
      "limit_chain pyramidal PGS tol 1e-08 cold monolithic",
      "limit_chain pyramidal PGS tol 1e-08 cold islands",
      "limit_chain pyramidal PGS tol 1e-08 warm monolithic",
      "limit_chain pyramidal PGS tol 1e-08 warm islands",
      "limit_chain pyramidal PGS tol 1e-15 cold monolithic",
      "limit_chain pyramidal PGS tol 1e-15 cold islands",
      "limit_chain pyramidal PGS tol 1e-15 warm monolithic",
      "limit_chain pyramidal PGS tol 1e-15 warm islands",
      "limit_chain pyramidal PGS tol 0 cold monolithic",
      "limit_chain pyramidal PGS tol 0 cold islands",
      "limit_chain pyramidal PGS tol 0 warm monolithic",
      "limit_chain pyramidal PGS tol 0 warm islands",
      "limit_chain elliptic Newton tol 1e-08 cold monolithic",
      "limit_chain elliptic Newton tol 1e-08 cold islands",
      "limit_chain elliptic Newton tol 1e-08 warm monolithic",
      "limit_chain elliptic Newton tol 1e-08 warm islands",
      "limit_chain elliptic Newton tol 1e-15 warm monolithic",
      "limit_chain elliptic Newton tol 1e-15 warm islands",
      "limit_chain elliptic CG tol 1e-08 cold monolithic",
      "limit_chain elliptic CG tol 1e-08 cold islands",
      "limit_chain elliptic CG tol 1e-08 warm monolithic",
      "limit_chain elliptic CG tol 1e-08 warm islands",
      "limit_chain elliptic PGS tol 1e-08 cold monolithic",
      "limit_chain elliptic PGS tol 1e-08 cold islands",
      "limit_chain elliptic PGS tol 1e-08 warm monolithic",
      "limit_chain elliptic PGS tol 1e-08 warm islands",
      "limit_chain elliptic PGS tol 1e-15 cold monolithic",
      "limit_chain elliptic PGS tol 1e-15 cold islands",
      "limit_chain elliptic PGS tol 1e-15 warm monolithic",
      "limit_chain elliptic PGS tol 1e-15 warm islands",
      "limit_chain elliptic PGS tol 0 cold monolithic",
      "limit_chain elliptic PGS tol 0 cold islands",
      "limit_chain elliptic PGS tol 0 warm monolithic",
      "limit_chain elliptic PGS tol 0 warm islands",
      "mixed_rows pyramidal Newton tol 1e-08 cold monolithic",
      "mixed_rows pyramidal Newton tol 1e-08 cold islands",
      "mixed_rows pyramidal Newton tol 1e-08 warm monolithic",
      "mixed_rows pyramidal Newton tol 1e-08 warm islands",
      "mixed_rows pyramidal Newton tol 1e-15 cold monolithic",
      "mixed_rows pyramidal CG tol 1e-08 cold islands",
      "mixed_rows pyramidal CG tol 1e-08 warm monolithic",
      "mixed_rows pyramidal CG tol 1e-08 warm islands",
      "mixed_rows pyramidal PGS tol 1e-08 cold monolithic",
      "mixed_rows pyramidal PGS tol 1e-08 cold islands",
      "mixed_rows pyramidal PGS tol 1e-08 warm monolithic",
      "mixed_rows pyramidal PGS tol 1e-08 warm islands",
      "mixed_rows pyramidal PGS tol 1e-15 cold monolithic",
      "mixed_rows pyramidal PGS tol 1e-15 cold islands",
      "mixed_rows pyramidal PGS tol 1e-15 warm monolithic",
      "mixed_rows pyramidal PGS tol 1e-15 warm islands",
      "mixed_rows pyramidal PGS tol 0 cold monolithic",
      "mixed_rows pyramidal PGS tol 0 cold islands",
      "mixed_rows pyramidal PGS tol 0 warm monolithic",
      "mixed_rows pyramidal PGS tol 0 warm islands",
      "mixed_rows elliptic Newton tol 1e-08 cold monolithic",
      "mixed_rows elliptic Newton tol 1e-08 cold islands",
      "mixed_rows elliptic Newton tol 1e-08 warm monolithic",
      "mixed_rows elliptic Newton tol 1e-08 warm islands",
      "mixed_rows elliptic Newton tol 1e-15 warm monolithic",
      "mixed_rows elliptic CG tol 1e-08 cold islands",
      "mixed_rows elliptic CG tol 1e-08 warm monolithic",
      "mixed_rows elliptic CG tol 1e-08 warm islands",
      "mixed_rows elliptic PGS tol 1e-08 cold monolithic",
      "mixed_rows elliptic PGS tol 1e-08 warm monolithic",
      "mixed_rows elliptic PGS tol 1e-08 warm islands",
      "mixed_rows elliptic PGS tol 1e-15 cold monolithic",
      "mixed_rows elliptic PGS tol 1e-15 warm monolithic",
      "mixed_rows elliptic PGS tol 1e-15 warm islands",
      "mixed_rows elliptic PGS tol 0 cold monolithic",
      "mixed_rows elliptic PGS tol 0 warm monolithic"};
  return std::find(names.begin(), names.end(), Name(c)) != names.end();
}

std::vector<Case> MatchingCases() {
  std::vector<Case> out;
  for (const Case& c : AllCases()) {
    // The 22 humanoids at tolerance 0 (1000 PGS sweeps of 22 islands) are left to the full
    // matrix below, to keep the ctest run short.
    if (c.scene == "humanoid22" && c.tolerance == 0) continue;
    if (MeasuredToMatch(c)) out.push_back(c);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Matching, Mujoco315Oracle, ::testing::ValuesIn(MatchingCases()));

// NoSlip after the main solve (MJ-solvers §6; at most 10 sweeps, its own tolerance 1e-6 as
// loaded): a box stack, the humanoid and the scene with frictionloss rows (mixed_rows: a hinge,
// a slider and a tendon with frictionloss, condim 1/3/4/6 contacts), both cones, the three
// solvers, islands on and off. MuJoCo's solver_niter counts the NoSlip sweeps after the main
// solver's, and its statistics follow them (solNoSlip: saveStats at iter + solver_niter), so
// Compare checks NoSlip's sweep count and each sweep's improvement, nactive and nchange too.
// Measured against the MuJoCo 3.15.0 wheel (3 Dec 2026): of the 36, the 30 whose main solve is
// one MeasuredToMatch lists match in every respect (every NoSlip sweep included: 2 sweeps in each,
// islands one by one, qacc and efc_force within 2e-13); the other 6 differ already in the main
// solve, as the same combination without NoSlip does (box_stack elliptic PGS cold, islands on and
// off; mixed_rows CG cold monolithic, both cones; mixed_rows elliptic PGS cold islands: its
// island 4's first sweep's nactive), so only the 30 run here.
std::vector<Case> NoSlipCases() {
  std::vector<Case> cases;
  for (const std::string scene : {"humanoid", "box_stack", "mixed_rows"}) {
    for (const mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
      for (const mjtSolver solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
        for (const bool islands : {false, true}) {
          const Case main_only{scene, cone, solver, 1e-8, false, islands};
          if (MeasuredToMatch(main_only))
            cases.push_back({scene, cone, solver, 1e-8, false, islands, 10});
        }
      }
    }
  }
  return cases;
}
INSTANTIATE_TEST_SUITE_P(NoSlip, Mujoco315Oracle, ::testing::ValuesIn(NoSlipCases()));

// Sliding elliptic contacts (MJ-solvers §3, the middle zone K = [[1, b Uᵀ], [b U, c U Uᵀ + e I]],
// e = μ² − μN/T) under Newton: a box sliding on the floor (oracle/scenes/sliding_box.xml, 100
// steps settled: four condim-3 contacts, μ = 0.3), so every cone block of Newton's Hessian is in
// the middle zone and μ² ≠ 1 matters (the other scenes' sliding contacts have μ = 1, or stick).
// MuJoCo 3.15.0 takes one Newton iteration from the cold start; the Hessian with e = 1 − μN/T
// (μ² dropped) took 88 (tol 1e-8) and 202 (tol 1e-15), qacc 6e-5 and 2e-8 off (measured on the
// mutant, 3 Dec 2026). NoSlip on this scene is not asserted: its answer matches (qacc 1.2e-13,
// efc_force 1.3e-14 relative, 2 sweeps as MuJoCo), but a sliding contact's force lies on the cone's
// surface, where the dual state's test μN ≥ T is a tie that round-off decides: after the QCQP
// (MuJoCo's mju_QCQP2 inverts the 2 × 2 block explicitly, the reference by Cholesky) MuJoCo counts
// nactive 0 and the reference 3 (one contact's rows).
// Against MuJoCo 4.0.1 (measured 5 Dec 2026) tolerance 1e-15 is left out: 4.0.1's first line
// search runs to its cap of 50 evaluations where 3.15.0 and the reference stop after 5 (same
// answer, qacc 2e-15 relative). With islands the scale is 1/trace(M) in both versions, so this is
// not the exit scale but the line search's tolerance 1e-17·‖s‖/scale at round-off: the class of
// the other tolerance 1e-15 cases MeasuredToMatch leaves out.
std::vector<Case> SlidingCases() {
  std::vector<Case> cases;
#if mjVERSION_HEADER >= 4000000
  for (const double tol : {1e-8}) {
#else
  for (const double tol : {1e-8, 1e-15}) {
#endif
    for (const bool islands : {false, true}) {
      cases.push_back({"sliding_box", mjCONE_ELLIPTIC, mjSOL_NEWTON, tol, false, islands});
    }
  }
  return cases;
}
INSTANTIATE_TEST_SUITE_P(Sliding, Mujoco315Oracle, ::testing::ValuesIn(SlidingCases()));

// The warm start is chosen once for the whole system (MJ-solvers §6: qacc_warmstart unless
// qacc_smooth has the lower full cost, engine_forward.c: warmstart, run before the islands are
// solved), each island then starting from its part of that choice. two_boxes (a 10 kg and a
// 0.1 kg box resting apart: two islands) from the last step's warm start made poor on the light
// box (skew 8, SkewedWarmstart): the whole system still starts warm, while the light box's island
// alone would start from its qacc_smooth (the premise, WholeSystemWarmstart315 below). Measured
// against the MuJoCo 3.15.0 wheel (5 Dec 2026): PGS, CG and Newton, both cones, match in every
// respect. Islands that each chose their own start (PrimalStart on the island's sub-problem)
// match the answer and the iteration counts but not the light island's first CG/Newton
// iteration (its improvement, nchange, neval, nupdate): the statistics are what catch it. PGS
// starts every island from its own dual start (warmstart.h DualStart), as MuJoCo does.
std::vector<Case> WholeSystemWarmstartCases() {
  std::vector<Case> cases;
  for (const mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    for (const mjtSolver solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
      cases.push_back({"two_boxes", cone, solver, 1e-8, true, true, 0, 8});
    }
  }
  return cases;
}
INSTANTIATE_TEST_SUITE_P(WholeSystemWarmstart, Mujoco315Oracle,
                         ::testing::ValuesIn(WholeSystemWarmstartCases()));

// The premise of the cases above, by the reference's own choice (warmstart.h PrimalStart): on
// the whole problem the skewed warm start wins; on the light box's island alone qacc_smooth does.
// So an island that chose for itself would start elsewhere than MuJoCo's.
TEST(WholeSystemWarmstart315, TheLightIslandAloneWouldStartFromQaccSmooth) {
  for (const mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    core::VectorX warm;
    const adapters::ModelData& scene = Settled("two_boxes", cone, &warm);
    warm = SkewedWarmstart(scene, warm, 8);
    Settings s;
    s.warmstart = warm;
    const mujoco::Problem p = SolveLive(scene, s).problem;
    EXPECT_EQ(mujoco::PrimalStart(p, warm), warm);
    const std::vector<mujoco::Island> islands = mujoco::FindIslands(p);
    ASSERT_EQ(islands.size(), 2u);
    const int light = mj_name2id(scene.model.get(), mjOBJ_BODY, "light");
    const mujoco::Island& island =
        islands[0].dofs.front() == scene.model->body_dofadr[light] ? islands[0] : islands[1];
    ASSERT_EQ(island.dofs.front(), scene.model->body_dofadr[light]);
    const mujoco::Problem sub = mujoco::SubProblem(p, island.dofs, island.rows);
    core::VectorX part(island.dofs.size());
    for (size_t k = 0; k < island.dofs.size(); ++k) part[k] = warm[island.dofs[k]];
    EXPECT_EQ(mujoco::PrimalStart(sub, part), sub.qacc_smooth);
  }
}

// Against the MuJoCo 4.0.1 wheel (the same source compiled as oracle_mujoco401_test, 5 Dec 2026)
// the whole matrix matches in 209 of 360 (3.15.0: 212 that day), every case of MatchingCases and
// NoSlipCases among them. Matching under 3.15.0 only: Newton at 1e-15 on the humanoid and the
// limit chain, CG at 0 on the limit chain; under 4.0.1 only: Newton at 1e-15 on the box stack and
// the 22 humanoids (elliptic), CG on the 22 humanoids (pyramidal, warm 1e-8 islands and cold 1e-15
// monolithic), PGS at 0 on the humanoid (elliptic, warm): the round-off classes named above.
// The whole matrix (360 solves, about 30 s), run by hand to re-measure:
// oracle_mujoco315_test --gtest_also_run_disabled_tests --gtest_filter='DISABLED_All*'
INSTANTIATE_TEST_SUITE_P(DISABLED_All, Mujoco315Oracle, ::testing::ValuesIn(AllCases()));

}  // namespace
}  // namespace simatlas::SIMATLAS_LIVE_ORACLE
