// formula sheet §0 (shared conventions): sd(a, b), [x]₊, the soft norm.
#include "reference/core/numeric.h"

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::core {

double SafeDivide(double a, double b) { return b == 0.0 ? 0.0 : a / b; }

double PositivePart(double x) { return x > 0.0 ? x : 0.0; }

double SoftNorm(const Eigen::Ref<const VectorX>& x, double epsilon) {
  return std::sqrt(x.squaredNorm() + epsilon * epsilon) - epsilon;
}

bool IsRigid(double value) { return std::isinf(value) && value > 0; }

void RequirePositiveDefinite(const std::string& name, const MatrixX& A, const std::string& unit) {
  const int n = static_cast<int>(A.rows());
  MatrixX L = MatrixX::Zero(n, n);
  for (int k = 0; k < n; ++k) {
    for (int j = 0; j <= k; ++j) {
      const double sum = A(k, j) - L.row(k).head(j).dot(L.row(j).head(j));
      if (j < k) {
        L(k, j) = sum / L(j, j);
      } else if (!(sum > 0)) {
        const std::string block = "[0.." + std::to_string(k) + "]";
        ThrowInputError(
            name + " Cholesky pivot of row " + std::to_string(k), sum, unit,
            "> 0 (the leading block " + name + block + block + " is not positive definite)");
      } else {
        L(k, k) = std::sqrt(sum);
      }
    }
  }
}

}  // namespace simatlas::core
