#pragma once
/// @file
/// E3-SAP §2 / §4.1 — a joint-limit constraint, so that γ is not "all contact". One equation per
/// finite limit of one DOF: the lower row has distance φ = q₀ − q_l and velocity vc = v, the
/// upper row φ = q_u − q₀ and vc = −v. Each row is a unilateral compliant constraint with the
/// same regularisation as the kSap normal direction (3.2): R = max(β²/(4π²) w,
/// 1/(h k (h + τ))), v̂ = −φ/(h + τ), y = −(vc − v̂)/R, γ = [y]₊, ℓc = ½ R γ², G = 1/R where
/// y > 0 and 0 elsewhere. The driver uses β = 0.1 for limits (formula sheet, after (3.2)).
/// Drake: multibody/contact_solvers/sap/sap_limit_constraint.cc; sap_driver.cc AddLimitConstraints.

#include <string>

#include "reference/core/numeric.h"
#include "reference/sap/constraint.h"

namespace simatlas::sap {

/// Parameters of one joint-limit constraint on one DOF.
struct LimitParameters {
  double q0 = 0.0;                     ///< position at the previous state [m or rad]
  double lower = -core::kInfinity;     ///< q_l (−inf: no lower row)
  double upper = core::kInfinity;      ///< q_u (+inf: no upper row)
  double stiffness = core::kInfinity;  ///< k [N/m or N·m/rad], > 0, inf = rigid
  double relaxation_time = 0.0;        ///< τ [s], >= 0
  double beta = 0.1;                   ///< β [1] (limits use 0.1), >= 0
};

/// Checks the parameters (InputError naming the key).
void ValidateLimitParameters(const LimitParameters& p);

/// Number of rows: one per finite limit.
int CountLimitRows(const LimitParameters& p);

/// The rows of J for a DOF `dof` of a clique with n_c velocities: +e_dof (lower), −e_dof (upper).
core::MatrixX MakeLimitJacobian(const LimitParameters& p, int clique_size, int dof);

/// The joint-limit constraint.
class LimitConstraint final : public SapConstraint {
 public:
  /// w [1/kg] is the Delassus estimate (one entry per row).
  LimitConstraint(const LimitParameters& parameters, double h, const core::VectorX& w);
  int num_equations() const override { return static_cast<int>(R_.size()); }
  std::string kind() const override { return "joint_limit"; }
  bool is_contact() const override { return false; }
  ConstraintValues Calc(const ConstraintVector& vc) const override;
  /// R per row [1/kg].
  const core::VectorX& R() const { return R_; }
  /// v̂ per row [m/s or rad/s].
  const core::VectorX& vhat() const { return vhat_; }

 private:
  LimitParameters parameters_;
  core::VectorX R_;
  core::VectorX vhat_;
};

}  // namespace simatlas::sap
