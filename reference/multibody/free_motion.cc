// E3-SAP §2.1: free motion A (v* − v₀) = h k(x₀), damping implicit and counted once.
#include "reference/multibody/free_motion.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

FreeMotion CalcFreeMotion(const MatrixX& M, const VectorX& D, const VectorX& k1, const VectorX& v0,
                          double h) {
  core::RequirePositive("h", h, "s");
  const int nv = static_cast<int>(v0.size());
  if (M.rows() != nv || M.cols() != nv || D.size() != nv || k1.size() != nv) {
    core::ThrowInputError("free motion sizes (M, D, k1) vs nv", static_cast<double>(nv), "1",
                          "consistent: M is nv × nv, D and k1 have nv entries");
  }
  for (int i = 0; i < nv; ++i) {
    core::RequireNonNegative("D[" + std::to_string(i) + "]", D(i), "kg/s or N·m·s/rad");
    core::RequireFinite("k1[" + std::to_string(i) + "]", k1(i), "N or N·m");
    core::RequireFinite("v0[" + std::to_string(i) + "]", v0(i), "m/s or rad/s");
  }
  FreeMotion fm;
  // A = M(q₀) + h D: the damping enters the matrix (implicit in v).
  fm.A = M;
  fm.A.diagonal() += h * D;
  // k(x₀) = k₁(x₀) − D v₀: the one explicit damping term; not subtracted again below.
  fm.k = k1 - D.cwiseProduct(v0);
  // A (v* − v₀) = h k(x₀).
  const Eigen::LLT<MatrixX> llt(fm.A);
  if (llt.info() != Eigen::Success) {
    throw core::NumericalError(
        "free motion: A = M + hD is not positive definite (Cholesky failed)");
  }
  fm.v_star = v0 + llt.solve(h * fm.k);
  return fm;
}

FreeMotion CalcFreeMotion(const MultibodyTree& tree, const VectorX& q0, const VectorX& v0, double h,
                          const AppliedForces& applied) {
  if (!applied.contacts.empty()) {
    throw core::InputError("free motion: " + std::to_string(applied.contacts.size()) +
                           " contact forces given; contact forces are constraints solved after "
                           "the free motion and must not be part of k(x0)");
  }
  const GeneralizedForceTerms terms = AssembleGeneralizedForces(tree, q0, v0, applied);
  return CalcFreeMotion(tree.CalcMassMatrix(q0), tree.JointDamping(),
                        terms.NonConstraintExceptDamping(), v0, h);
}

}  // namespace simatlas::multibody
