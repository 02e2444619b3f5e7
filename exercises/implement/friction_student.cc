// ============================================================================================
// STUDENT EXERCISE — this is YOUR blank, not part of the engine.
// Implement CombineFriction as described in friction.h, then build with
// -DSIMATLAS_EXERCISE_ANSWERS=answers and run `ctest -L exercise -R friction`.
// ============================================================================================
#include <stdexcept>

#include "exercises/implement/friction.h"

namespace simatlas::exercises::implement {

contact::CoulombFriction CombineFriction(const contact::CoulombFriction& surface1,
                                         const contact::CoulombFriction& surface2) {
  // TODO(student): combine static and dynamic friction, each on its own.
  (void)surface1;
  (void)surface2;
  throw std::logic_error("not implemented");
}

}  // namespace simatlas::exercises::implement
