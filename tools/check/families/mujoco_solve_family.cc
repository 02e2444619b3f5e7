// Family "mujoco.solve" (MJ-solvers §2b–§5): a whole constraint solve. The query carries one
// problem in the format of formats/mujoco-problem.md ({"problem": {...}}); the answer carries
// efc_force (nefc) and qacc (nv). The answer is checked by the optimality conditions
// (reference/mujoco/optimality.h): efc_force ∈ Ω, M(qacc − qacc_smooth) = Jᵀ efc_force,
// efc_force = f(qacc) row by row (the row states of formula sheet (3.1)) and the primal gradient,
// each in MuJoCo's scale 1/(meaninertia·max(1, nv)) within 1e-8 + 1e-6 · the scaled magnitude.
#include <rapidcheck.h>

#include "property_tests/families/mujoco_problem_generator.h"
#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/mujoco/optimality.h"
#include "reference/mujoco/solve.h"
#include "tools/check/families.h"

namespace simatlas::check {

namespace {

constexpr const char* kLaw = "mujoco.solve";

// Inputs {"problem": …} from the suite's MuJoCo problem generator (seeded), Newton options,
// tolerance 0: the solve runs to round-off (see kRunToRoundOff), which is what the judge checks.
rc::Gen<Json> ProblemInputs(rc::Gen<mujoco::Cone> cone) {
  return rc::gen::exec([cone] {
    mujoco::Problem problem =
        property_tests::RandomMujocoProblem(*rc::gen::inRange(0u, 1000000000u), *cone);
    problem.opt.tolerance = mujoco::kRunToRoundOff;
    return Json{{"problem", io::WriteMujocoProblem(problem, "simatlas check mujoco.solve")}};
  });
}

rc::Gen<mujoco::Cone> AnyCone() {
  return rc::gen::element(mujoco::Cone::kPyramidal, mujoco::Cone::kElliptic);
}

// The reference answer: warmstart off, the problem's solver and options.
Json ReferenceSolve(const Json& inputs) {
  const mujoco::Problem problem = io::ParseMujocoProblem(inputs.at("problem")).problem;
  const mujoco::SolveResult r = mujoco::SolveProblem(problem);
  return {{"efc_force", JsonVector(r.efc_force)}, {"qacc", JsonVector(r.qacc)}};
}

// Acceptance by the optimality conditions at the program's efc_force and qacc.
std::string CheckOptimality(const Json& inputs, const Json&, const Json& got) {
  const mujoco::Problem problem = io::ParseMujocoProblem(inputs.at("problem")).problem;
  const Eigen::VectorXd force = ReadVector(got.at("efc_force"), "output 'efc_force'");
  const Eigen::VectorXd qacc = ReadVector(got.at("qacc"), "output 'qacc'");
  mujoco::MujocoOptimality measured;
  try {
    measured = mujoco::EvaluateMujocoOptimality(problem, force, qacc);
  } catch (const core::InputError& e) {
    // Sizes that do not match the problem: a malformed answer.
    throw ProtocolError(std::string("answer to mujoco.solve: ") + e.what());
  }
  return mujoco::MujocoOptimalityViolation(measured);
}

}  // namespace

Family MakeMujocoSolveFamily() {
  Family family;
  family.name = kLaw;
  family.section = "MJ-solvers §2b–§5";
  family.summary =
      "whole MuJoCo constraint solve of a mujoco-problem/1 problem: efc_force and qacc checked "
      "by feasibility, momentum, row states f = f(qacc) and the primal gradient";
  LawUnderCheck law;
  law.law = kLaw;
  law.inputs = [] { return ProblemInputs(AnyCone()); };
  law.reference = ReferenceSolve;
  law.compare = CheckOptimality;
  law.output_names = {"efc_force", "qacc"};
  law.tolerance_reason =
      "optimality, not values: each residual x scale = 1/(meaninertia max(1,nv)) <= 1e-8 + "
      "1e-6 x scaled max(|M(qacc - qacc_smooth)|, |J^T f(qacc)|)";
  family.laws.push_back(law);
  family.properties.push_back(PropertyOverGeneratedInputs(
      "optimal_with_elliptic_cones",
      "elliptic contacts: f in the cone sum (f_j/mu_j)^2 <= f_0^2, f = f(qacc) in the middle zone",
      kLaw, ProblemInputs(rc::gen::just(mujoco::Cone::kElliptic))));
  family.properties.push_back(PropertyOverGeneratedInputs(
      "optimal_with_pyramidal_cones",
      "pyramidal contacts: every edge force >= 0 and f = f(qacc) on the 2(dim-1) edge rows", kLaw,
      ProblemInputs(rc::gen::just(mujoco::Cone::kPyramidal))));
  return family;
}

}  // namespace simatlas::check
