#pragma once
/// @file
/// E3-SAP §3–§4: what every SAP constraint offers the solver. A constraint i sees only its
/// constraint velocity vc,i = Jᵢ v + vb,i and returns its potential ℓc,i [J], its impulse
/// γᵢ = −∂ℓc,i/∂vc,i [N·s] and its Hessian block Gᵢ = −∂γᵢ/∂vc,i [kg] (formula sheet (4.1)).

#include <string>

#include "reference/core/numeric.h"

namespace simatlas::sap {

/// A constraint-space vector (nᵢ ≤ 3 entries, stored without heap allocation).
using ConstraintVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1>;
/// A constraint-space matrix (nᵢ × nᵢ, nᵢ ≤ 3, stored without heap allocation).
using ConstraintMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3>;

/// ℓc, γ and G of one constraint at one constraint velocity.
struct ConstraintValues {
  double cost = 0.0;       ///< ℓc [J]
  ConstraintVector gamma;  ///< γ = −∂ℓc/∂vc [N·s]
  ConstraintMatrix G;      ///< G = −∂γ/∂vc [kg], symmetric positive semidefinite
};

/// The common interface of the constraint kinds (kSap cone, Hunt–Crossley, joint limit).
class SapConstraint {
 public:
  virtual ~SapConstraint() = default;
  /// Number of constraint equations nᵢ (3 for contact, 1 or 2 for a joint limit).
  virtual int num_equations() const = 0;
  /// "friction_cone", "hunt_crossley" or "joint_limit".
  virtual std::string kind() const = 0;
  /// True for contact constraints (reported as contact forces by the driver, §4.1).
  virtual bool is_contact() const = 0;
  /// ℓc, γ and G at the constraint velocity vc (size nᵢ).
  virtual ConstraintValues Calc(const ConstraintVector& vc) const = 0;
};

}  // namespace simatlas::sap
