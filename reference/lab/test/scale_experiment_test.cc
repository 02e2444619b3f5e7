// E3-SAP §4, MJ-solvers §4 — experiment (d): every size reports every solver's iterations, time and
// convergence; the grid holds the contacts its geometry says (scale_experiment.cc).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "reference/lab/lab_experiment.h"

namespace simatlas::lab {
namespace {

TEST(ScaleExperiment, EverySizeReportsEverySolverAndItsConvergence) {
  const LabResult r = RunScaleExperiment(LabSize{true}, {});
  const LabTable& t = r.tables.at(0);
  ASSERT_EQ(t.columns[0], "contacts");
  ASSERT_EQ(t.columns[4], "iterations");
  ASSERT_EQ(t.columns[5], "time_per_solve");
  ASSERT_EQ(t.columns[7], "converged");
  std::set<double> sizes;
  for (const auto& row : t.rows) {
    // A flat cube at its rest depth m g/(4k) > 0 has its four bottom vertices below the ground.
    EXPECT_EQ(*row[0].number, 4 * *row[1].number);
    // 6 DOFs per free cube.
    EXPECT_EQ(*row[2].number, 6 * *row[1].number);
    // A landing cube needs at least one iteration; a time is measured.
    EXPECT_GE(*row[4].number, 1);
    EXPECT_GT(*row[5].number, 0);
    // Convergence is a yes/no per solve, and a no names its exit.
    EXPECT_TRUE(*row[7].number == 0 || *row[7].number == 1);
    EXPECT_FALSE(row[8].text.empty());
    sizes.insert(*row[0].number);
    // The speeds spread over twice what friction can take in the step (file comment of
    // scale_experiment.cc), so SAP's answer holds both sticking and other contacts.
    if (row[3].text == "SAP") {
      EXPECT_GT(*row[9].number, 0) << *row[0].number << " contacts";
      EXPECT_LT(*row[9].number, *row[0].number) << *row[0].number << " contacts";
    } else {
      EXPECT_FALSE(row[9].number.has_value());
    }
  }
  // One row per size and solver (SAP, PGS, CG, Newton), nothing averaged away.
  EXPECT_EQ(t.rows.size(), 4 * sizes.size());
  EXPECT_EQ(*sizes.begin(), 12);
  // One finding per solver and one on the largest size.
  EXPECT_EQ(r.findings.size(), 5u);
}

}  // namespace
}  // namespace simatlas::lab
