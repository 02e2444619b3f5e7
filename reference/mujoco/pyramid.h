#pragma once
/// @file
/// MJ-solvers §2b: pyramidal friction edges. A contact of dimension d owns 2(d−1) edge rows
/// J_n ± μ_j J_j (μ_j = friction[j]), each with a force ≥ 0. Decoding (mju_decodePyramid):
/// normal = Σ edges, tangent_j = (p_{2j} − p_{2j+1}) μ_j; encoding splits a cone force evenly.

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// A contact force in the contact frame: normal ≥ 0 and d−1 tangential components.
struct ConeForce {
  double normal = 0;      ///< normal force f_n ≥ 0 [N]
  core::VectorX tangent;  ///< dim−1 frictional components (tangential [N], torsional/rolling [N·m])
};

/// normal = Σ p_e, tangent_j = (p_{2j} − p_{2j+1}) μ_j for j < mu.size(). edges.size() must be
/// 2·mu.size(), every μ_j > 0; throws InputError otherwise.
ConeForce DecodePyramid(const core::VectorX& edges, const core::VectorX& mu);

/// The even split p_{2j} = ½(f₀/(d−1) + f_j/μ_j), p_{2j+1} = ½(f₀/(d−1) − f_j/μ_j), whose
/// decode is the input. The edges are ≥ 0 iff |f_j|/μ_j ≤ f₀/(d−1) for every j.
core::VectorX EncodePyramid(const ConeForce& force, const core::VectorX& mu);

}  // namespace simatlas::mujoco
