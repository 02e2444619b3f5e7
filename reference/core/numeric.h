#pragma once
/// @file
/// formula sheet §0 (shared conventions) — numeric helpers every part uses.
/// Numeric helpers shared by every part, named as in the formula sheet's notation section:
/// sd(a, b) (Drake's safe_divide), [x]₊, the soft norm, and the Eigen aliases.

#include <Eigen/Dense>
#include <limits>
#include <string>

namespace simatlas::core {

/// 2-vector of doubles, e.g. a tangential velocity v_t [m/s] or impulse γ_t [N·s] in a contact frame.
using Vector2 = Eigen::Vector2d;
/// 3-vector of doubles: positions [m], velocities [m/s], forces [N], moments [N·m], all expressed
/// in the frame the member's suffix names (p_WB: in W), as in the formula sheet's notation.
using Vector3 = Eigen::Vector3d;
/// 3×3 matrix of doubles: rotations R_WB, inertias [kg·m²], contact frames (columns t₁, t₂, n).
using Matrix3 = Eigen::Matrix3d;
/// Dynamic-size vector: generalized velocities v [m/s, rad/s], impulses γ, constraint rows.
using VectorX = Eigen::VectorXd;
/// Dynamic-size matrix: mass matrices M, Jacobians J, Delassus operators A = J M⁻¹ Jᵀ.
using MatrixX = Eigen::MatrixXd;

/// +∞, the value a rigid side carries for a stiffness or modulus.
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();
/// Machine epsilon of double.
inline constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

/// sd(a, b) = (b == 0 ? 0 : a / b) — Drake's safe_divide (formula sheet, notation).
double SafeDivide(double a, double b);

/// [x]₊ = max(0, x).
double PositivePart(double x);

/// Soft norm √(‖x‖² + ε²) − ε: smooth at 0, → ‖x‖ − ε far away (E3-SAP §3.2, s(vt)).
double SoftNorm(const Eigen::Ref<const VectorX>& x, double epsilon);

/// True when value is +∞ (the "rigid side" marker).
bool IsRigid(double value);

/// Checks a symmetric matrix positive definite by factoring A = L Lᵀ row by row: the first
/// pivot d_k ≤ 0 throws InputError "NAME Cholesky pivot of row k = d_k UNIT must be > 0 (the
/// leading block NAME[0..k][0..k] is not positive definite)". A mass matrix M, a clique's A.
void RequirePositiveDefinite(const std::string& name, const MatrixX& A, const std::string& unit);

}  // namespace simatlas::core
