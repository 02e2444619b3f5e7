// ============================================================================================
// STUDENT EXERCISE — this is YOUR blank, not part of the engine.
// Implement CombineHuntCrossleyDissipation as described in dissipation.h, then build with
// -DSIMATLAS_EXERCISE_ANSWERS=answers and run `ctest -L exercise -R dissipation`.
// ============================================================================================
#include <stdexcept>

#include "exercises/implement/dissipation.h"

namespace simatlas::exercises::implement {

double CombineHuntCrossleyDissipation(double w1, double w2, double d1, double d2) {
  // TODO(student): weight each side's d by the other side's stiffness; handle rigid sides.
  (void)w1;
  (void)w2;
  (void)d1;
  (void)d2;
  throw std::logic_error("not implemented");
}

}  // namespace simatlas::exercises::implement
