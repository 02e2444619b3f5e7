// Grader of the implementation exercises through `simatlas check`'s machinery
// (E3-geometry §3): the student's law, served over the line protocol by law_server.cc, is run
// against the material family of tools/check (the suite's own properties and the differential
// comparison with the reference), restricted to the exercise's law and its properties.
//
//   exercise_check_implement EXERCISE 'COMMAND' [--expect-blank]
//     EXERCISE        point_stiffness | dissipation | friction
//     COMMAND         the program under test (law_server linked with the graded implementation)
//     --expect-blank  succeed only if the run fails because the implementation is still the
//                     blank ("not implemented"): the check must not pass an empty answer
// Exit 0 graded as expected, 1 not, 2 usage or protocol error. Fixed seed 1, 100 cases.
#include <iostream>
#include <string>

#include "tools/check/check_run.h"

namespace {

using simatlas::check::Family;

// The material family restricted to material.<exercise> and the properties of that law alone
// (the same selection as `simatlas check material.<exercise>`).
Family ExerciseFamily(const Family& material, const std::string& exercise) {
  if (material.Find("material." + exercise) == nullptr) return Family{};
  return simatlas::check::RestrictToLaw(material, "material." + exercise);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string usage =
      "usage: exercise_check_implement point_stiffness|dissipation|friction 'COMMAND' [--expect-blank]";
  if (argc < 3 || argc > 4 || (argc == 4 && std::string(argv[3]) != "--expect-blank")) {
    std::cerr << usage << "\n";
    return 2;
  }
  const std::string exercise = argv[1];
  const bool expect_blank = argc == 4;
  const Family* material = simatlas::check::FindFamily("material");
  if (material == nullptr) {
    std::cerr << "the material family is not registered in tools/check\n";
    return 2;
  }
  const Family family = ExerciseFamily(*material, exercise);
  if (family.laws.empty() || family.properties.empty()) {
    std::cerr << "unknown exercise '" << exercise << "'\n" << usage << "\n";
    return 2;
  }
  simatlas::check::RunOptions options;  // seed 1, 100 cases: reproducible grading
  const auto report = simatlas::check::RunFamilyAgainst(family, argv[2], options);
  std::cout << simatlas::check::ReportText(report);
  if (!expect_blank) return report.ExitCode();
  // The blank must fail as a property failure (exit 1) whose counterexample is "not implemented".
  const bool blank_caught = report.ExitCode() == 1 && simatlas::check::ReportText(report).find(
                                                          "not implemented") != std::string::npos;
  std::cout << (blank_caught
                    ? "the blank implementation is rejected, as it must be\n"
                    : "EXPECTED the blank implementation to be rejected with 'not implemented'\n");
  return blank_caught ? 0 : 1;
}
