#pragma once
/// @file
/// Numeric helpers shared by every part, named as in the formula sheet's notation section:
/// sd(a, b) (Drake's safe_divide), [x]₊, the soft norm, and the Eigen aliases.

#include <Eigen/Dense>
#include <limits>

namespace simatlas::core {

using Vector2 = Eigen::Vector2d;
using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;
using VectorX = Eigen::VectorXd;
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

}  // namespace simatlas::core
