#pragma once
/// @file
/// E3-SAP §6 exercises: small problems shared by several exercises (not part of the engine).
/// A point mass m = 1 kg with three velocities (vt1, vt2, vn) equal to its contact velocity:
/// A = m I, J = I, so the Delassus estimate is w = 1/m in every direction.
#include "reference/sap/sap_problem.h"

namespace simatlas::exercises::e3_sap {

/// One clique (A = m I₃, v*) and one constraint with J = I₃ and the given parameters.
inline sap::SapProblem PointMassProblem(double h, const core::Vector3& v_star,
                                        const sap::ConstraintParameters& parameters,
                                        double mass = 1.0) {
  sap::SapProblem problem;
  problem.time_step = h;
  sap::Clique clique;
  clique.A = mass * core::MatrixX::Identity(3, 3);
  clique.v_star = v_star;
  problem.cliques.push_back(clique);
  sap::ConstraintSpec c;
  c.cliques = {0};
  c.J = {core::MatrixX::Identity(3, 3)};
  c.parameters = parameters;
  problem.constraints.push_back(c);
  return problem;
}

}  // namespace simatlas::exercises::e3_sap
