#pragma once
/// @file
/// MJ-solvers §3–§4: MuJoCo's dot product in its own summation order (engine_util_blas.c:
/// mju_dot, the same at tag 2.2.2 and in 3.x's scalar build). The cone norm T of (3.1) sums with
/// it in every version (mj_constraintUpdate: mju_norm), and MuJoCo 2.2.2's dense kernels
/// (mujoco222/blas.h) are built on it. Written from a reading of mju_dot at tag 2.2.2.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

namespace simatlas::mujoco {

/// Σ a_i b_i over n entries as mju_dot sums it: four partial sums over the leading multiple of
/// four, combined as (s₀ + s₂) + (s₁ + s₃), then the last one to three products as one sum.
/// Inline: the cone norm sums with it in the line search's inner loop.
inline double MujocoDot(const double* a, const double* b, int n) {
  // Four partial sums, (s0 + s2) + (s1 + s3), then the remainder as one sum.
  double res = 0;
  int i = 0;
  if (n >= 4) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; i <= n - 4; i += 4) {
      s0 += a[i] * b[i];
      s1 += a[i + 1] * b[i + 1];
      s2 += a[i + 2] * b[i + 2];
      s3 += a[i + 3] * b[i + 3];
    }
    res = (s0 + s2) + (s1 + s3);
  }
  const int rest = n - i;
  if (rest == 3) {
    res += a[i] * b[i] + a[i + 1] * b[i + 1] + a[i + 2] * b[i + 2];
  } else if (rest == 2) {
    res += a[i] * b[i] + a[i + 1] * b[i + 1];
  } else if (rest == 1) {
    res += a[i] * b[i];
  }
  return res;
}

}  // namespace simatlas::mujoco
