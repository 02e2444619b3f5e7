// ============================================================================================
// STUDENT EXERCISE — this is YOUR blank, not part of the engine.
// Implement CombinePointStiffness as described in point_stiffness.h, then build with
// -DSIMATLAS_EXERCISE_ANSWERS=answers and run `ctest -L exercise -R point_stiffness`.
// ============================================================================================
#include <stdexcept>

#include "exercises/implement/point_stiffness.h"

namespace simatlas::exercises::implement {

double CombinePointStiffness(double k1, double k2) {
  // TODO(student): springs in series, with the rigid (infinite) sides handled exactly.
  (void)k1;
  (void)k2;
  throw std::logic_error("not implemented");
}

}  // namespace simatlas::exercises::implement
