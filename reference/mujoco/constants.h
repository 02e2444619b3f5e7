#pragma once
/// @file
/// MJ-solvers §2–§6: the numerical constants every part of the MuJoCo reference shares
/// (MuJoCo's mjMINVAL, include/mujoco/mjtnum.h), so a solver needs no other module for them.

namespace simatlas::mujoco {

/// mjMINVAL: the floor of every denominator and of R, and the replacement of a non-positive
/// line-search curvature.
inline constexpr double kMinVal = 1e-15;

}  // namespace simatlas::mujoco
