#pragma once
/// @file
/// The families of `simatlas check`, one `Make<Name>Family()` per file in tools/check/families/,
/// listed in course order by AllFamilies() (tools/check/family_registry.cc). Add a family with
/// one declaration here and one line there.

#include "tools/check/check_family.h"

namespace simatlas::check {

/// material: point stiffness, dissipation, friction, relaxation time (E3-geometry §3).
Family MakeMaterialFamily();
/// friction: Stribeck, atan, discrete μ (E3-geometry §4).
Family MakeFrictionFamily();
/// point: continuous Hunt–Crossley force and the discrete point pair (E3-geometry §2.1, E3-SAP §2.2).
Family MakePointFamily();
/// sap.friction_cone: the kSap regularisation and projection (E3-SAP §3.1).
Family MakeSapFrictionConeFamily();
/// sap.hunt_crossley: the Similar/Lagged constraint (E3-SAP §3.2).
Family MakeSapHuntCrossleyFamily();
/// mujoco.row: impedance, K, B, R, aref of one row (MJ-solvers §2a).
Family MakeMujocoRowFamily();
/// sap.solve: a whole SAP solve checked by its optimality conditions (E3-SAP §4, §4.2).
Family MakeSapSolveFamily();
/// mujoco.solve: a whole MuJoCo constraint solve checked by its optimality conditions (MJ-solvers §2b–§5).
Family MakeMujocoSolveFamily();

}  // namespace simatlas::check
