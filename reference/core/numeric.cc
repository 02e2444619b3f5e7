// formula sheet §0 (shared conventions): sd(a, b), [x]₊, the soft norm.
#include "reference/core/numeric.h"

#include <cmath>

namespace simatlas::core {

double SafeDivide(double a, double b) { return b == 0.0 ? 0.0 : a / b; }

double PositivePart(double x) { return x > 0.0 ? x : 0.0; }

double SoftNorm(const Eigen::Ref<const VectorX>& x, double epsilon) {
  return std::sqrt(x.squaredNorm() + epsilon * epsilon) - epsilon;
}

bool IsRigid(double value) { return std::isinf(value) && value > 0; }

}  // namespace simatlas::core
