#pragma once
/// @file
/// E3-SAP §2 / §4: one discrete step's convex problem as the driver hands it to SAP — the
/// dynamics matrix A = M + hD split into cliques (blocks of A), the free motion v*, and the
/// constraints with their Jacobian blocks (formats/sap-problem.md describes the file form).

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/hunt_crossley_constraint.h"
#include "reference/sap/limit_constraint.h"

namespace simatlas::sap {

/// One block of A with its free-motion velocities.
struct Clique {
  core::MatrixX A;       ///< n_c × n_c, SPD [kg, kg·m², kg·m]
  core::VectorX v_star;  ///< v* of this clique (n_c) [m/s, rad/s]
};

/// The kind-specific parameters of a constraint.
using ConstraintParameters =
    std::variant<FrictionConeParameters, HuntCrossleyParameters, LimitParameters>;

/// One constraint: vc = Σ_c J_c v_c + vb over its one or two cliques.
struct ConstraintSpec {
  std::vector<int> cliques;         ///< one or two clique indices (distinct)
  std::vector<core::MatrixX> J;     ///< one block per listed clique, nᵢ × n_c
  core::VectorX vb;                 ///< bias (nᵢ); empty means zero
  ConstraintParameters parameters;  ///< the kind (cone, Hunt–Crossley, limit) and its parameters
};

/// The problem SAP solves for one step.
struct SapProblem {
  double time_step = 0.0;                   ///< h [s]
  std::vector<Clique> cliques;              ///< v is their concatenation in this order
  std::optional<core::VectorX> v_guess;     ///< warm start v₀ (Σ n_c); default v*
  std::vector<ConstraintSpec> constraints;  ///< may be empty (then v = v*)
};

/// Number of equations nᵢ a constraint's parameters imply (3 for contact, 1–2 for a limit).
int NumEquations(const ConstraintParameters& parameters);

/// Checks sizes, finiteness, symmetry/positivity of A, clique indices and parameters. Errors are
/// core::InputError naming the field as in the file format, e.g. "constraints[1].J[0] rows = 2
/// must be 3".
void ValidateSapProblem(const SapProblem& problem);

/// Total number of generalized velocities Σ n_c.
int NumVelocities(const SapProblem& problem);

/// v* of the whole problem (the cliques' v* concatenated).
core::VectorX FullVStar(const SapProblem& problem);

}  // namespace simatlas::sap
