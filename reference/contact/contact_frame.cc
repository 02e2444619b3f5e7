// Formula sheet §0.2: the discrete contact frame C (z from A into B) and the maps through it.
#include "reference/contact/contact_frame.h"

#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {

void RequireUnitVector(const char* quantity, const core::Vector3& v) {
  // Every entry finite.
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(v[i])) {
      core::ThrowInputError(std::string(quantity) + "[" + std::to_string(i) + "]", v[i], "",
                            "a finite number");
    }
  }
  // ‖v‖ = 1 within the stated tolerance (a direction, not a scaled vector).
  const double norm = v.norm();
  if (!(std::abs(norm - 1.0) <= kUnitVectorTolerance)) {
    core::ThrowInputError(std::string("|") + quantity + "|", norm, "",
                          "1 within " + core::FormatNumber(kUnitVectorTolerance) +
                              " (a unit normal; normalise it first)");
  }
}

core::Matrix3 MakeContactFrame(const core::Vector3& nhat_AB_W) {
  RequireUnitVector("nhat_AB_W", nhat_AB_W);
  // Seed: the world axis least aligned with n̂, so the cross product below is well conditioned.
  int seed_axis = 0;
  nhat_AB_W.cwiseAbs().minCoeff(&seed_axis);
  const core::Vector3 seed = core::Vector3::Unit(seed_axis);
  // Cx ⟂ Cz, unit; Cy = Cz × Cx completes a right-handed triad (Cx × Cy = Cz).
  const core::Vector3 Cx = seed.cross(nhat_AB_W).normalized();
  const core::Vector3 Cy = nhat_AB_W.cross(Cx);
  core::Matrix3 R_WC;
  R_WC.col(0) = Cx;
  R_WC.col(1) = Cy;
  R_WC.col(2) = nhat_AB_W;
  return R_WC;
}

core::MatrixX ContactJacobian(const core::Matrix3& R_WC, const core::MatrixX& J_W) {
  if (J_W.rows() != 3) {
    core::ThrowInputError("rows(J_W)", J_W.rows(), "", "3 (one row per world axis)");
  }
  // Jc = R_WCᵀ J_W: the rows become (t1, t2, n).
  return R_WC.transpose() * J_W;
}

core::Vector3 ContactVelocity(const core::Matrix3& R_WC, const core::Vector3& v_AcBc_W) {
  // vc = R_WCᵀ v_AcBc_W = [vt1, vt2, vn].
  return R_WC.transpose() * v_AcBc_W;
}

core::Vector3 ExpressInWorld(const core::Matrix3& R_WC, const core::Vector3& gamma_C) {
  // f_W = R_WC γ_C.
  return R_WC * gamma_C;
}

core::VectorX GeneralizedImpulse(const core::Matrix3& R_WC, const core::MatrixX& J_W,
                                 const core::Vector3& gamma_C) {
  // Jcᵀ γ = (R_WCᵀ J_W)ᵀ γ = J_Wᵀ (R_WC γ).
  return ContactJacobian(R_WC, J_W).transpose() * gamma_C;
}

}  // namespace simatlas::contact
