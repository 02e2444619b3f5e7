// Unit tests of the exercise protocol (exercises/README.md): the "key: value" answer format,
// the checkable fields and the grading, including that an empty or mistyped answer fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "exercises/support/answer_field.h"
#include "exercises/support/answer_sheet.h"
#include "exercises/support/exercise.h"
#include "exercises/support/exercise_report.h"
#include "exercises/support/hydro_sphere.h"
#include "reference/core/errors.h"

namespace simatlas::exercises {
namespace {

TEST(AnswerSheet, ReadsKeysValuesAndSkipsComments) {
  const AnswerSheet sheet = AnswerSheet::Parse(
      "# a comment\n\n  answer:  No  \ncombined_stiffness: 5e4 N/m   # series\n", "test");
  ASSERT_EQ(sheet.entries().size(), 2u);
  EXPECT_EQ(sheet.Get("answer"), "No");
  EXPECT_EQ(sheet.Get("combined_stiffness"), "5e4 N/m");
  EXPECT_FALSE(sheet.Has("missing"));
  EXPECT_THROW(sheet.Get("missing"), core::InputError);
}

TEST(AnswerSheet, RejectsMalformedLinesAndRepeatedKeys) {
  EXPECT_THROW(AnswerSheet::Parse("answer no\n", "t"), core::InputError);
  EXPECT_THROW(AnswerSheet::Parse("Answer: no\n", "t"), core::InputError);
  EXPECT_THROW(AnswerSheet::Parse("answer: no\nanswer: yes\n", "t"), core::InputError);
  // The message names the origin and the line.
  try {
    AnswerSheet::Parse("# c\nanswer no\n", "file.txt");
    FAIL();
  } catch (const core::InputError& error) {
    EXPECT_NE(std::string(error.what()).find("file.txt:2"), std::string::npos) << error.what();
  }
}

TEST(AnswerField, ParsesEachKind) {
  EXPECT_EQ(ParseAnswerValue(YesNo("a", ""), "YES"), AnswerValue(true));
  EXPECT_EQ(ParseAnswerValue(YesNo("a", ""), "no"), AnswerValue(false));
  EXPECT_THROW(ParseAnswerValue(YesNo("a", ""), "maybe"), core::InputError);
  const AnswerField k = Number("k", "N/m", "", 1e-3);
  EXPECT_EQ(ParseAnswerValue(k, "5e4"), AnswerValue(5e4));
  EXPECT_EQ(ParseAnswerValue(k, "50000 N/m"), AnswerValue(5e4));
  EXPECT_THROW(ParseAnswerValue(k, "50000 Pa"), core::InputError);
  EXPECT_THROW(ParseAnswerValue(k, "about 5e4"), core::InputError);
  const AnswerField c = Choice("c", "", {"throws", "point_pair"});
  EXPECT_EQ(ParseAnswerValue(c, "Throws"), AnswerValue(std::string("throws")));
  EXPECT_THROW(ParseAnswerValue(c, "error"), core::InputError);
}

TEST(AnswerField, NumbersAgreeWithinTheTolerance) {
  const AnswerField k = Number("k", "N/m", "", 0.03);
  // 6157.5 ± 3% = [5972.8, 6342.2].
  EXPECT_TRUE(Agrees(k, 6220.4, 6157.5));
  EXPECT_FALSE(Agrees(k, 6400.0, 6157.5));
  EXPECT_FALSE(Agrees(k, 1e6, 6157.5));
  // Zero expected: only the absolute tolerance helps.
  const AnswerField f = Number("f", "N", "", 0.0, 1e-9);
  EXPECT_TRUE(Agrees(f, 0.0, 0.0));
  EXPECT_FALSE(Agrees(f, 1e-6, 0.0));
}

TEST(Grade, EmptyAnswerFailsAndNamesWhatToWrite) {
  const Exercise exercise{"c", 1, "s", "q", {YesNo("answer", "p"), Number("k", "N/m", "p", 1e-3)}};
  Evidence evidence;
  evidence.Imply("answer", false);
  evidence.Imply("k", 5e4);
  const Verdict empty = Grade(exercise, AnswerSheet::Parse("# answer: yes|no\n", "e"), evidence);
  EXPECT_FALSE(empty.passed);
  ASSERT_EQ(empty.fields.size(), 2u);
  EXPECT_NE(empty.fields[0].message.find("missing"), std::string::npos);
  const Verdict right =
      Grade(exercise, AnswerSheet::Parse("answer: no\nk: 50000\n", "r"), evidence);
  EXPECT_TRUE(right.passed) << FormatVerdict(right);
  const Verdict wrong =
      Grade(exercise, AnswerSheet::Parse("answer: yes\nk: 50000\n", "w"), evidence);
  EXPECT_FALSE(wrong.passed);
  // An unknown key (a typo) fails even if the rest is right.
  const Verdict typo =
      Grade(exercise, AnswerSheet::Parse("answer: no\nk: 50000\nanwser: no\n", "t"), evidence);
  EXPECT_FALSE(typo.passed);
}

// A sheet that cannot be graded (blank form, missing field, malformed value, unknown key) has
// form problems — a bad file, not a wrong answer; a well-formed wrong sheet has none.
TEST(FormProblems, BlankMissingMalformedAndUnknownAreProblemsWrongIsNot) {
  const Exercise exercise{"c", 1, "s", "q", {YesNo("answer", "p"), Number("k", "N/m", "p", 1e-3)}};
  const auto blank =
      FormProblems(exercise, AnswerSheet::Parse("# answer: yes|no\n# k: <number>\n", "b"));
  ASSERT_EQ(blank.size(), 1u);
  EXPECT_NE(blank[0].find("gives no answer (the blank form"), std::string::npos);
  EXPECT_NE(blank[0].find("(answer, k)"), std::string::npos);
  const auto bad = FormProblems(exercise, AnswerSheet::Parse("answer: yess\nanwser: no\n", "t"));
  ASSERT_EQ(bad.size(), 3u);
  EXPECT_EQ(bad[0], "t: answer: malformed: answer = \"yess\" must be yes|no");
  EXPECT_EQ(bad[1], "t: k: missing: write \"k: <number> [N/m], within 0.1%\"");
  EXPECT_EQ(bad[2], "t: anwser: unknown key (this exercise asks for answer, k)");
  EXPECT_TRUE(FormProblems(exercise, AnswerSheet::Parse("answer: yes\nk: 1 N/m\n", "w")).empty());
}

// A solution file: its title, "# hint:" lines (the hint) and other comment lines (the reason).
TEST(SolutionFile, HintAndReasonAreSeparate) {
  const auto path = std::filesystem::temp_directory_path() / "simatlas_solution_hint_test.txt";
  std::ofstream(path)
      << "# Title — reference solution.\n# hint: look at §3;\n# hint: evaluate the law.\n"
      << "# Springs in series:\n# 1/k = 1/k1 + 1/k2.\nanswer: no\n";
  EXPECT_EQ(SolutionHint(path), "look at §3; evaluate the law.");
  EXPECT_EQ(SolutionReason(path), "Springs in series: 1/k = 1/k1 + 1/k2.");
  std::filesystem::remove(path);
}

TEST(HydroSphere, FacesTileTheDiskAndTheirStiffnessConverges) {
  // a² = 2Rδ − δ² = 2·0.05·1e-3 − 1e-6 = 9.9e-5 m²: total area π a².
  const auto faces = SphereOnHalfSpaceFaces(1e6, 0.05, 1e-3, 64);
  double area = 0.0;
  for (const SurfaceFace& face : faces) area += face.area;
  EXPECT_NEAR(area, 3.14159265358979 * 9.9e-5, 1e-15);
  // Σ a·g → 2π E δ (R − δ)/R = 2π·1e6·1e-3·0.049/0.05 = 6157.52 N/m (midpoint rule, 64 rings).
  EXPECT_NEAR(SumOfLocalStiffness(faces), 6157.52, 0.05);
  EXPECT_NEAR(SphereOnHalfSpaceStiffnessIntegral(1e6, 0.05, 1e-3), 6157.52, 0.01);
  // Leading order π a² E/R = π·9.9e-5·1e6/0.05 = 6220.35 N/m.
  EXPECT_NEAR(SphereOnHalfSpaceStiffnessLeadingOrder(1e6, 0.05, 1e-3), 6220.35, 0.01);
  EXPECT_THROW(SphereOnHalfSpaceFaces(1e6, 0.05, 0.06, 4), core::InputError);
}

}  // namespace
}  // namespace simatlas::exercises
