// Family "sap.solve" (E3-SAP §4, §4.2): a whole SAP solve. The query carries one problem in
// the format of formats/sap-problem.md ({"problem": {...}}); the answer carries the next
// velocity v (Σ n_c) and each constraint's impulse γᵢ ({"v": [...], "gamma": [[...], ...]}).
// The answer is checked by the optimality conditions (reference/sap/optimality.h), not by
// values: momentum balance ‖D(A(v − v*) − Jᵀγ(v))‖ ≤ εa + 2εr·max(‖D A v‖, ‖D Jᵀγ‖) with
// D = diag(A)^(−1/2) and the problem's own formula sheet (4.3) tolerances (Drake's εa = 1e-14 √J,
// εr = 1e-6; the queried problems switch the cost criterion (4.4) off, so a faithful solver stops
// on (4.3)), and γᵢ = Pᵢ(yᵢ(v)) to 1e-8 of the largest impulse.
#include <rapidcheck.h>

#include "property_tests/families/sap_problem_generator.h"
#include "reference/core/errors.h"
#include "reference/io/problem_writer.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/optimality.h"
#include "reference/sap/sap_solver.h"
#include "tools/check/families.h"

namespace simatlas::check {

namespace {

constexpr const char* kLaw = "sap.solve";

// Drake's defaults with the cost criterion (4.4) off: the answer must meet (4.3).
sap::SapSolverParameters QueryParameters() {
  sap::SapSolverParameters p;
  p.cost_abs_tolerance = 0;
  p.cost_rel_tolerance = 0;
  return p;
}

// Inputs {"problem": …} from the suite's SAP problem generator.
rc::Gen<Json> ProblemInputs(property_tests::SapProblemShape shape) {
  return rc::gen::exec([shape] {
    return Json{{"problem",
                 io::WriteSapProblem(property_tests::RandomSapProblem(shape), QueryParameters())}};
  });
}

// The reference answer: the SAP solver of §4 with the problem's parameters.
Json ReferenceSolve(const Json& inputs) {
  const io::SapProblemFile file = io::ParseSapProblem(inputs.at("problem"));
  const sap::SapSolverResult r = sap::SolveSapProblem(file.problem, file.parameters);
  Json gamma = Json::array();
  for (const auto& g : r.gamma) gamma.push_back(JsonVector(g));
  return {{"v", JsonVector(r.v)}, {"gamma", gamma}};
}

// Acceptance by the optimality conditions at the program's v and γ.
std::string CheckOptimality(const Json& inputs, const Json&, const Json& got) {
  const io::SapProblemFile file = io::ParseSapProblem(inputs.at("problem"));
  const Eigen::VectorXd v = ReadVector(got.at("v"), "output 'v'");
  const Json& gamma_json = got.at("gamma");
  if (!gamma_json.is_array())
    throw ProtocolError("output 'gamma' must be an array of arrays, got " + gamma_json.dump());
  std::vector<core::VectorX> gamma;
  for (std::size_t i = 0; i < gamma_json.size(); ++i) {
    gamma.push_back(ReadVector(gamma_json[i], "output 'gamma[" + std::to_string(i) + "]'"));
  }
  sap::SapOptimality measured;
  try {
    measured = sap::EvaluateSapOptimality(file.problem, v, gamma);
  } catch (const core::InputError& e) {
    // Sizes that do not match the problem: a malformed answer.
    throw ProtocolError(std::string("answer to sap.solve: ") + e.what());
  }
  // The problem's (4.3) tolerances, εr with a slack of 2 (reference/sap/optimality.h).
  sap::SapOptimalityTolerance tolerance;
  tolerance.abs_tolerance = file.parameters.abs_tolerance;
  tolerance.rel_tolerance = 2 * file.parameters.rel_tolerance;
  return sap::SapOptimalityViolation(measured, tolerance);
}

}  // namespace

Family MakeSapSolveFamily() {
  Family family;
  family.name = kLaw;
  family.section = "E3-SAP §4, §4.2";
  family.summary =
      "whole SAP solve of a sap-problem/1 problem: v and gamma checked by momentum balance in "
      "the D = diag(A)^(-1/2) norm and gamma = P(y(v))";
  LawUnderCheck law;
  law.law = kLaw;
  law.inputs = [] { return ProblemInputs({}); };
  law.reference = ReferenceSolve;
  law.compare = CheckOptimality;
  law.output_names = {"v", "gamma"};
  law.tolerance_reason =
      "optimality, not values: |D g(v)| <= eps_a + 2 eps_r max(|D A v|, |D J^T gamma|), "
      "D = diag(A)^(-1/2), the problem's optimality tolerances (1e-14, 1e-6; cost criterion off); "
      "|gamma_i - P(y_i(v))| <= 1e-8 max|gamma(v)|";
  family.laws.push_back(law);
  family.properties.push_back(PropertyOverGeneratedInputs(
      "optimal_on_mixed_scales",
      "with diag(A) over 6 decades the answer still meets the optimality criterion in the "
      "D = diag(A)^(-1/2) "
      "norm (the header's ^(+1/2) stops before the light DOFs converge)",
      kLaw, ProblemInputs({.mixed_scales = true})));
  family.properties.push_back(PropertyOverGeneratedInputs(
      "no_constraints_keeps_v_star", "without constraints the optimum of the cost l(v) is v = v*",
      kLaw, rc::gen::exec([] {
        sap::SapProblem problem = property_tests::RandomSapProblem();
        problem.constraints.clear();
        return Json{{"problem", io::WriteSapProblem(problem, QueryParameters())}};
      })));
  return family;
}

}  // namespace simatlas::check
