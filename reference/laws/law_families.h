#pragma once
/// @file
/// DESIGN.md "The law registry" — one registration function per law family.
/// One registration function per law family; AllLaws() calls them in course order.

#include "reference/laws/law.h"

namespace simatlas::laws {

/// material.*: combination of stiffness, dissipation, friction, relaxation time (E3-geometry §3).
void RegisterMaterialLaws(Registry& registry);
/// friction.*: Stribeck and atan(x)/x regularisation (E3-geometry §4).
void RegisterFrictionLaws(Registry& registry);
/// point.*: continuous Hunt–Crossley point law and the discrete point pair (E3-geometry §2.1,
/// E3-SAP §2.2).
void RegisterPointLaws(Registry& registry);
/// geometry.*: contact-model choice for a shape pair, strict/fallback rules (E3-geometry §1,
/// §2.2).
void RegisterGeometryLaws(Registry& registry);
/// hydro.*: hydroelastic discrete face, traction and sphere-on-half-space force (E3-geometry
/// §2.2, E3-SAP §2.2).
void RegisterHydroLaws(Registry& registry);
/// sap.*: kSap friction cone and Hunt–Crossley Similar/Lagged constraints (E3-SAP §3.1, §3.2).
void RegisterSapLaws(Registry& registry);
/// multibody.*: free motion, quaternion update, double-pendulum M/c/τ_g (E3-SAP §1, §2.1, §5).
void RegisterMultibodyLaws(Registry& registry);
/// mujoco.*: impedance, row parameters and pyramid decoding (MJ-solvers §2a, §2b).
void RegisterMujocoLaws(Registry& registry);
/// mujoco.integrate_linear: the integrators of MJ-solvers §7 and the discrete step of §8.
void RegisterIntegratorLaws(Registry& registry);

}  // namespace simatlas::laws
