#pragma once
/// @file
/// The lab's bridge (MJ-solvers §1–§5, §7): one step of a built-in scene under MuJoCo's soft
/// constraint model instead of SAP, on the same point pairs:
///   scene pairs at q₀ (scenes::AssembleContactPairs) → efc rows → mujoco::SolveProblem → qacc →
///   Euler (mj_Euler): v⁺ = v₀ + h qacc, q⁺ = q₀ ⊕ h v⁺ (mj_integratePos)
/// Each pair becomes one condim-3 contact with friction (μ, μ): rows n, t1, t2 (elliptic) or the
/// four edges J_n ± μ J_tj (pyramidal), efc_pos = φ₀, margin 0, efc_vel = J v₀.
/// Stiffness mapping (stated once, here): solimp is flat, dmin = dmax = d (kFlatImpedance), so
/// I = d for every row, and solref is in the direct format (−K dmax², −B dmax) with
///   K = k (1 − d) Â / d²,   B = c (1 − d) Â / d,   c = τd k,
/// chosen so that MuJoCo's row force at rest, f = −(I/((1 − I) Â)) (B vel + K I pos), has the
/// scene's stiffness k [N/m] and SAP's linear dissipation τd k [N·s/m] (Â = the row's
/// diag_approx, MuJoCo's body_invweight0 estimate). Both engines' contacts then rest at the same
/// depth m g/(n k) under n equal contacts; they differ in everything else (creep, gliding).
/// Velocities are the tree's (free joints ω in the parent frame); the problem is congruent to
/// MuJoCo's (u = T v, T orthogonal), so the solvers' answers and iteration counts agree.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <optional>
#include <vector>

#include "reference/mujoco/impedance.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

/// The flat impedance d of every lab row (MuJoCo's default dmax).
inline constexpr double kFlatImpedance = 0.95;

/// The lab's row parameters for a contact whose normal row has Â = tran [1/kg]: the direct
/// solref (−K d², −B d) with K = k (1 − d) Â/d², B = c (1 − d) Â/d (file comment), and the flat
/// solimp (d, d, 0.001 m, 0.5, 2). k [N/m] is the scene's stiffness, c = τd k [N·s/m] its damping.
struct LabSolParameters {
  mujoco::SolRef solref;  ///< direct format (−stiffness [1/s²], −damping [1/s])
  mujoco::SolImp solimp;  ///< flat: dmin = dmax = kFlatImpedance
};

/// The mapping of the file comment for stiffness k [N/m], damping c [N·s/m] and Â = tran [1/kg].
LabSolParameters MapLabContact(double k, double c, double tran);

/// What MuJoCo's rows do under the mapping, for one contact (condim 3, friction μ, Â = tran
/// [1/kg], impratio 1, step h [s]) — MJ-solvers §2a (2.2)–(2.3), §2b; every R from MuJoCo's
/// own row rules (reference/mujoco/impedance.h):
///   - while the rows' Delassus A ≫ R (a cube on 4 rows: A ≈ 4 tran ≈ 76 R), a row's
///     acceleration follows aref = −B v − K d r: each contact mode rings at ω = √(K d), with
///     damping ratio ζ = B/(2ω), whatever the body's mass and number of contacts;
///   - friction rows have K = 0 (elliptic: aref = −B vt; pyramid edges J_n ± μ J_t share the
///     normal's −K d r, which cancels in their difference), so below the cone's rim friction is
///     viscous: elliptic B/R₁, pyramidal 2 μ² B/R_edge per contact [N·s/m];
///   - the pyramid's 4 edges each carry the normal's aref with R_edge = 2 μ² R₀, R₀ from
///     Â = (1 + μ²) tran: at one depth they push 4 R_n/R_edge = 2/(μ² (1 + μ²)) times the normal
///     row the mapping was made for.
struct LabRowDynamics {
  double K = 0.0;          ///< row stiffness [1/s²]
  double B = 0.0;          ///< row damping [1/s]
  double impedance = 0.0;  ///< I = d [1]
  double R_normal = 0.0;   ///< R of the elliptic normal row [1/kg]
  double R_edge = 0.0;     ///< R of each pyramid edge [1/kg]
  double omega = 0.0;      ///< √(K d) [rad/s]
  double zeta = 0.0;       ///< B/(2ω) [1]
  double overshoot = 0.0;  ///< exp(−π ζ/√(1 − ζ²)): first overshoot of a released row [1]
  double pyramid_gain = 0.0;       ///< 4 R_normal/R_edge [1]
  double viscous_elliptic = 0.0;   ///< B/R₁ [N·s/m] per contact
  double viscous_pyramidal = 0.0;  ///< 2 μ² B/R_edge [N·s/m] per contact
};

/// LabRowDynamics for stiffness k [N/m], relaxation time τd [s] (damping τd k), friction μ,
/// Â = tran [1/kg] and step h [s]; InputError for k, τd, tran ≤ 0 or μ < 1e-5.
LabRowDynamics MujocoRowDynamics(double k, double tau, double mu, double tran, double h);

/// The course's MuJoCo 3.15 options for one solver and cone (MJ-solvers §1, §4): version 3.15,
/// Hager–Zhang CG, PGS with Nesterov momentum and the shuffled block order on (3.15 defaults),
/// 100 iterations, tolerance 1e-8, timestep h [s], meaninertia from M at the step.
mujoco::Options Mujoco315Options(mujoco::SolverKind solver, mujoco::Cone cone, double h);

/// MuJoCo's body_invweight0 translational part for body b at q: the mean of the diagonal of
/// J_com M⁻¹ J_comᵀ (3 × 3) with J_com the body's COM point Jacobian (mj_setM0); 0 for the world.
double TranslationalInverseWeight(const multibody::MultibodyTree& tree, const core::VectorX& q,
                                  int body);

/// The constraint problem of one step at (q₀, v₀) over the given pairs (rows in pair order, one
/// contact per pair) with options opt (opt.timestep is h).
mujoco::Problem MakeMujocoContactProblem(const scenes::Scene& scene, const core::VectorX& q0,
                                         const core::VectorX& v0, double mu,
                                         const std::vector<scenes::AssembledPair>& pairs,
                                         const mujoco::Options& opt);

/// One step's answer (contacts as the SAP step reports them: fn, f in C and W, and the contact
/// velocity at v⁺).
struct MujocoStepResult {
  scenes::ContactStepResult step;  ///< q⁺, v⁺, contacts, iterations
  mujoco::ExitReason exit = mujoco::ExitReason::kNoConstraints;  ///< why the solver ended
  core::VectorX qacc;  ///< the constrained acceleration (the next step's warm start)
};

/// The step of the file comment, warm started from qacc_warmstart when given (MuJoCo's default
/// warmstart: the previous step's qacc). A non-finite answer throws core::NumericalError.
MujocoStepResult StepWithMujocoContact(const scenes::Scene& scene, const core::VectorX& q0,
                                       const core::VectorX& v0, double mu,
                                       const mujoco::Options& opt,
                                       const std::optional<core::VectorX>& qacc_warmstart = {});

}  // namespace simatlas::lab
