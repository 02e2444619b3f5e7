// MJ-solvers §10, exercise 4 (course §2a getsolparam/refsafe and §8 "refsafe under discrete"):
// with a very stiff direct solref = (−k, −b), does discrete still floor timeconst at 2h?
// Evidence: the engine's parameter code at h = 10 ms — a direct solref (−1e6, −100) is left
// untouched; a standard (1 ms, 1) is clamped to 2h under Euler (refsafe); under discrete the
// standard row's K is replaced by 1/(h² I) because h² K I > 1, the direct row's is not.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/discrete_metric.h"
#include "reference/mujoco/impedance.h"

namespace simatlas::exercises {
namespace {

TEST(Ex4, DirectSolrefHasNoFloor) {
  const Exercise exercise{
      "mj-solvers",
      4,
      "MJ-solvers §10",
      "With a very stiff solref = (-1e6, -100) (direct format), does the discrete integrator "
      "still floor timeconst at 2h? Use h = 10 ms and a saturated impedance I = dmax = 0.95.",
      {YesNo("answer", "is the direct solref floored at 2h?"),
       YesNo("direct_solref_unchanged",
             "does the parameter code leave the direct solref as given?"),
       Number("standard_timeconst_euler", "s",
              "timeconst of a standard solref (0.001 s, 1) after refsafe under Euler", 1e-9),
       Number("standard_k_discrete", "1/s^2",
              "K of that standard row after discrete refsafe (h^2 K I > 1)", 1e-6),
       Number("direct_k_discrete", "1/s^2", "K of the direct row under discrete", 1e-6)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const double h = 0.01;
  const mujoco::SolImp solimp = mujoco::kDefaultSolImp;
  const double imp = solimp[1];  // saturated: I = dmax
  const mujoco::SolRef direct = {-1e6, -100};
  const mujoco::SolRef standard = {0.001, 1};

  // getsolparam with refsafe on (continuous integrators).
  const mujoco::SolParams d = mujoco::SanitiseSolParams(direct, solimp, h, true);
  const mujoco::SolParams s = mujoco::SanitiseSolParams(standard, solimp, h, true);
  const bool unchanged = d.solref == direct && !d.refsafe_clamped;
  evidence.Show("direct (-1e6, -100), refsafe on: solref -> (" + core::FormatNumber(d.solref[0]) +
                ", " + core::FormatNumber(d.solref[1]) +
                "), clamped = " + (d.refsafe_clamped ? "yes" : "no"));
  evidence.Show("standard (0.001 s, 1), refsafe on (Euler): timeconst -> " +
                core::FormatNumber(s.solref[0]) + " s = 2h");

  // Discrete: the standard row keeps its timeconst and K is replaced when h² K I > 1.
  const mujoco::SolParams s_raw = mujoco::SanitiseSolParams(standard, solimp, h, false);
  const mujoco::StiffnessDamping ks = mujoco::EvaluateStiffnessDamping(s_raw.solref, solimp[1]);
  const mujoco::StiffnessDamping kd = mujoco::EvaluateStiffnessDamping(d.solref, solimp[1]);
  const mujoco::RefsafeRow rs = mujoco::DiscreteRefsafe(ks.K, ks.B, imp, h, true);
  const mujoco::RefsafeRow rd = mujoco::DiscreteRefsafe(kd.K, kd.B, imp, h, false);
  evidence.Show("discrete, standard row: K = " + core::FormatNumber(ks.K) + ", h^2 K I = " +
                core::FormatNumber(h * h * ks.K * imp) + " -> K = " + core::FormatNumber(rs.K) +
                " 1/s^2 (replaced = " + (rs.replaced ? "yes" : "no") + ")");
  evidence.Show("discrete, direct row: K = " + core::FormatNumber(kd.K) + ", h^2 K I = " +
                core::FormatNumber(h * h * kd.K * imp) + " -> K = " + core::FormatNumber(rd.K) +
                " 1/s^2 (replaced = " + (rd.replaced ? "yes" : "no") + ")");

  evidence.Imply("answer", d.refsafe_clamped || rd.replaced);
  evidence.Imply("direct_solref_unchanged", unchanged);
  evidence.Imply("standard_timeconst_euler", s.solref[0]);
  evidence.Imply("standard_k_discrete", rs.K);
  evidence.Imply("direct_k_discrete", rd.K);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
