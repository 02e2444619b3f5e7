// The optimality checks of whole solves (reference/sap/optimality.h, E3-SAP §4.2, formula sheet
// (4.3)–(4.4);
// reference/mujoco/optimality.h, MJ-solvers §3/§5) accept the reference solvers' answers on
// random problems with the tolerances `simatlas check sap.solve / mujoco.solve` uses, and reject
// the unconstrained answer (v* / qacc_smooth) whenever a constraint is active: the tolerances
// are neither too tight for a faithful solver nor so loose that the trivial answer passes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property_tests/families/mujoco_problem_generator.h"
#include "property_tests/families/sap_problem_generator.h"
#include "reference/mujoco/optimality.h"
#include "reference/mujoco/solve.h"
#include "reference/sap/optimality.h"
#include "reference/sap/sap_solver.h"

namespace simatlas {
namespace {

using core::VectorX;

void CheckSapReference(const property_tests::SapProblemShape& shape) {
  const sap::SapProblem problem = property_tests::RandomSapProblem(shape);
  // The parameters `simatlas check sap.solve` sends: E3-SAP (4.4) off, so the solver stops on
  // (4.3).
  sap::SapSolverParameters parameters;
  parameters.cost_abs_tolerance = 0;
  parameters.cost_rel_tolerance = 0;
  const auto r = sap::SolveSapProblem(problem, parameters);
  RC_ASSERT(r.success);
  const auto m = sap::EvaluateSapOptimality(problem, r.v, r.gamma);
  RC_ASSERT(sap::SapOptimalityViolation(m) == "");
  // v* with zero impulses: optimal only if every γ(v*) vanishes.
  std::vector<VectorX> zero;
  for (const auto& g : r.gamma) zero.push_back(VectorX::Zero(g.size()));
  const auto trivial = sap::EvaluateSapOptimality(problem, sap::FullVStar(problem), zero);
  if (trivial.impulse_scale > 1e-6 * trivial.momentum_scale) {
    RC_ASSERT(sap::SapOptimalityViolation(trivial) != "");
  }
}

RC_GTEST_PROP(SolveOptimality, SapReferenceAnswerPasses, ()) { CheckSapReference({}); }

RC_GTEST_PROP(SolveOptimality, SapReferenceAnswerPassesOnMixedScales, ()) {
  CheckSapReference({.mixed_scales = true});
}

RC_GTEST_PROP(SolveOptimality, MujocoReferenceAnswerPasses, ()) {
  const auto cone = *rc::gen::element(mujoco::Cone::kPyramidal, mujoco::Cone::kElliptic);
  mujoco::Problem problem =
      property_tests::RandomMujocoProblem(*rc::gen::arbitrary<unsigned>(), cone);
  problem.opt.solver = mujoco::SolverKind::kNewton;
  // What `simatlas check mujoco.solve` sends: no early exit (optimality.h, kRunToRoundOff).
  problem.opt.tolerance = mujoco::kRunToRoundOff;
  const auto r = mujoco::SolveProblem(problem);
  const auto m = mujoco::EvaluateMujocoOptimality(problem, r.efc_force, r.qacc);
  RC_ASSERT(mujoco::MujocoOptimalityViolation(m) == "");
  // qacc_smooth with zero forces: optimal only if no row is active there.
  const auto trivial =
      mujoco::EvaluateMujocoOptimality(problem, VectorX::Zero(problem.nefc()), problem.qacc_smooth);
  if (trivial.force_at_qacc.norm() > 0) RC_ASSERT(mujoco::MujocoOptimalityViolation(trivial) != "");
}

}  // namespace
}  // namespace simatlas
