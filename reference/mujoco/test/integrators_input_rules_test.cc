// MJ-solvers §7 (the integrators' linear solve (7.1)) — their input rules at the boundary
// (mutation survivors of integrators.cc): M must be square with nv > 0 rows, each condition on
// its own, and a singular integrator matrix is a NumericalError, never a step through inf or NaN.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/mujoco/integrators.h"

namespace simatlas::mujoco {
namespace {

// One dof, K = 0, no damping: LinearState q = v = 0.
LinearSystem Plain(const core::MatrixX& M) {
  LinearSystem s;
  s.M = M;
  s.K = core::MatrixX::Zero(1, 1);
  s.dof_damping = core::VectorX::Zero(1);
  return s;
}

LinearState Rest() { return {core::VectorX::Zero(1), core::VectorX::Zero(1)}; }

// M of 1 × 2 (one row, so nv = 1 > 0, but not square) is refused like an empty M; a rule joining
// "nv = 0" and "not square" with "and" would let it through to the LU of a non-square matrix.
TEST(IntegratorsInputRules, NonSquareMassMatrixIsRefused) {
  EXPECT_THROW(StepLinear(Plain(core::MatrixX::Ones(1, 2)), Integrator::kEuler, 0.01, Rest()),
               core::InputError);
  EXPECT_THROW(StepLinear(Plain(core::MatrixX::Zero(0, 0)), Integrator::kEuler, 0.01, Rest()),
               core::InputError);
}

// M = 0 (finite, so the input checks pass; no damping, so Euler solves M a = F with M itself):
// det = 0 is singular, a NumericalError for every integrator that solves with M or M + hD (+h²K),
// all zero here. A rule that asked for det both zero and non-finite would solve through 1/0.
TEST(IntegratorsInputRules, SingularMatrixIsANumericalError) {
  for (const Integrator integrator :
       {Integrator::kEuler, Integrator::kImplicit, Integrator::kDiscrete}) {
    SCOPED_TRACE(IntegratorName(integrator));
    EXPECT_THROW(StepLinear(Plain(core::MatrixX::Zero(1, 1)), integrator, 0.01, Rest()),
                 core::NumericalError);
  }
}

}  // namespace
}  // namespace simatlas::mujoco
