// MJ-solvers §10, exercise 7 (course §7: the step integrates the constraint solve's qacc; rows
// exist only for collision pairs that pass filtering): why doesn't a smaller h repair a missing
// collision pair? Evidence: a 1 kg sphere (radius 0.1 m, dropped from 0.5 m, vertical dof only)
// stepped for 1 s with the engine's constraint solve each step (Newton) and semi-implicit Euler,
// at h = 10, 1 and 0.1 ms: with its pair filtered (contype/conaffinity 0: no contact row is ever
// generated, nefc = 0) it ends below the floor for every h; with the pair present (one
// frictionless row made with the default solref/solimp while the distance is < 0) it rests.
// Here "filtered" is modelled directly as the absence of the row: the reference has no MJCF
// collision filter, and the row generation is what the filter decides.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/solve.h"

namespace simatlas::exercises {
namespace {

constexpr double kRadius = 0.1;  // m

// Height of the sphere's centre after 1 s, and the largest nefc seen.
struct Drop {
  double z = 0;
  int max_nefc = 0;
};

Drop DropSphere(double h, bool pair_present) {
  double z = 0.5, v = 0.0;
  Drop drop;
  const int steps = static_cast<int>(std::lround(1.0 / h));
  for (int i = 0; i < steps; ++i) {
    mujoco::Problem p;
    p.nv = 1;
    p.M = core::MatrixX::Identity(1, 1);
    p.qacc_smooth = core::VectorX::Constant(1, -9.81);
    p.opt.timestep = h;
    p.J = core::MatrixX(0, 1);
    p.R = p.aref = p.frictionloss = core::VectorX(0);
    const double distance = z - kRadius;
    if (pair_present && distance < 0) {
      mujoco::RowInput row;
      row.diag_approx = 1.0;
      row.distance = row.pos = distance;
      row.vel = v;
      row.timestep = h;
      const mujoco::RowParameters rp = mujoco::MakeRowParameters(row);
      p.J = core::MatrixX::Ones(1, 1);
      p.R = core::VectorX::Constant(1, rp.R);
      p.aref = core::VectorX::Constant(1, rp.aref);
      p.frictionloss = core::VectorX::Zero(1);
      p.kind = {mujoco::RowKind::kContactFrictionless};
      p.contact = {0};
      mujoco::Contact c;
      c.dim = 1;
      p.contacts = {c};
    }
    drop.max_nefc = std::max(drop.max_nefc, p.nefc());
    const mujoco::SolveResult r = mujoco::SolveProblem(p);
    v += h * r.qacc(0);  // semi-implicit Euler, as mj_Euler
    z += h * v;
  }
  drop.z = z;
  return drop;
}

TEST(Ex7, SmallerStepCannotAddAPair) {
  const Exercise exercise{
      "mj-solvers",
      7,
      "MJ-solvers §10",
      "Why doesn't a smaller time step repair a missing (filtered) collision pair? Drop a sphere "
      "whose pair with the floor is filtered, with h = 10, 1 and 0.1 ms.",
      {YesNo("answer", "does a small enough h stop the filtered sphere at the floor?"),
       Number("filtered_nefc", "", "the number of constraint rows of the filtered sphere", 0, 0.5),
       YesNo("unfiltered_rests", "does the same sphere with its pair present rest on the floor?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  bool any_filtered_stopped = false, all_unfiltered_rest = true;
  int filtered_nefc = 0;
  for (double h : {0.01, 0.001, 0.0001}) {
    const Drop filtered = DropSphere(h, false);
    const Drop present = DropSphere(h, true);
    filtered_nefc = std::max(filtered_nefc, filtered.max_nefc);
    any_filtered_stopped = any_filtered_stopped || filtered.z > -kRadius;
    all_unfiltered_rest = all_unfiltered_rest && present.z > 0.0 && present.z < kRadius + 0.01;
    evidence.Show("h = " + core::FormatNumber(h) + " s, after 1 s: filtered z = " +
                  core::FormatNumber(filtered.z) + " m (nefc " + std::to_string(filtered.max_nefc) +
                  "), pair present z = " + core::FormatNumber(present.z) + " m (nefc " +
                  std::to_string(present.max_nefc) + ")");
  }
  evidence.Show("floor at z = 0, radius 0.1 m: resting centre just below 0.1 m");

  evidence.Imply("answer", any_filtered_stopped);
  evidence.Imply("filtered_nefc", static_cast<double>(filtered_nefc));
  evidence.Imply("unfiltered_rests", all_unfiltered_rest);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
