#pragma once
/// @file
/// MJ-solvers §2–§5: one constraint problem at a frozen (q, v) — M, a₀ = qacc_smooth, the efc
/// rows (J, R, aref, frictionloss, kind), the contacts that group rows into blocks, and the
/// solver options. This is the in-memory form of formats/mujoco-problem.md.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <array>
#include <string>
#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// Kind of an efc row (MuJoCo mjtConstraint).
enum class RowKind {
  kEquality,             ///< mjCNSTR_EQUALITY: f free (ℝ), cost ½ D z²
  kFrictionDof,          ///< mjCNSTR_FRICTION_DOF: dof frictionloss, f ∈ [−fl, fl]
  kFrictionTendon,       ///< mjCNSTR_FRICTION_TENDON: tendon frictionloss, f ∈ [−fl, fl]
  kLimitJoint,           ///< mjCNSTR_LIMIT_JOINT: joint limit, f ≥ 0
  kLimitTendon,          ///< mjCNSTR_LIMIT_TENDON: tendon limit, f ≥ 0
  kContactFrictionless,  ///< mjCNSTR_CONTACT_FRICTIONLESS: condim 1, f ≥ 0
  kContactPyramidal,     ///< mjCNSTR_CONTACT_PYRAMIDAL: one pyramid edge J_n ± μ_j J_j, f ≥ 0
  kContactElliptic,      ///< mjCNSTR_CONTACT_ELLIPTIC: one row of an elliptic cone block
};

/// The file name of a row kind ("equality", "contact_elliptic", ...).
std::string RowKindName(RowKind kind);
/// Inverse of RowKindName; throws InputError naming `type`.
RowKind ParseRowKind(const std::string& name);

/// Friction cone of the contacts (option `cone`, §1; default pyramidal).
enum class Cone {
  kPyramidal,  ///< 2(dim−1) edge rows per contact, each f ≥ 0
  kElliptic  ///< dim rows per contact forming one cone block {f₀ ≥ 0, Σ (f_j/μ_j)² ≤ f₀²}
};
/// Constraint solver (option `solver`, §4; default Newton).
enum class SolverKind {
  kPGS,    ///< projected Gauss–Seidel on the dual (force space)
  kCG,     ///< nonlinear conjugate gradient on the primal (acceleration space)
  kNewton  ///< Newton on the primal with the Cholesky-factored Hessian (3.2)
};
/// Behaviour switch: the course's 3.15 code paths (the default), the classic 2.2.2 ones that
/// the Debian oracle runs, or today's 4.0.1 (`pip install mujoco`, issue 38), each asked for by
/// name (version notes). SetVersion sets the named options each version fixes; the version seam
/// (primal_rules.h) turns them into the loops' rules.
enum class Version {
  kMuJoCo222,  ///< MuJoCo 2.2.2 (the Debian oracle): no certificate, no decrement, PR+ CG
  kMuJoCo315,  ///< MuJoCo 3.15 as the course describes it (certificate, decrement exits)
  kMuJoCo401   ///< MuJoCo 4.0.1: 3.15's paths with the exit scale 1/trace(M) (ExitScaleRule)
};
/// Which inertia scales the exits (5.1): MuJoCo's changelog 3.17.0, "Constraint solvers now scale
/// their termination criteria by the trace of the current inertia matrix (of the model or
/// island) instead of mjModel.stat.meaninertia" (commit c8362756d).
enum class ExitScaleRule {
  kMeanInertia,  ///< ≤ 3.16: 1/(meaninertia·max(1, nv)) (meaninertia at qpos0), except CG and
                 ///< Newton on an island: 1/trace(M_island)
  kTrace         ///< ≥ 3.17: 1/trace(M) of the current M of the piece solved (island or whole)
};
/// Where the Jacobian and Newton's H live (option `jacobian`, MuJoCo's mjtJacobian; §4 says the
/// dense and sparse paths are assembled differently).
enum class Jacobian {
  kDense,   ///< mjJAC_DENSE: dense J, dense H (the 2.2.2 path then runs MuJoCo's own arithmetic)
  kSparse,  ///< mjJAC_SPARSE: J's rows and H on their sparse patterns
  kAuto     ///< mjJAC_AUTO (MuJoCo's default): sparse from nv = 60 (engine_support.c: mj_isSparse)
};
/// CG direction update (4.1).
enum class CGUpdate {
  kPolakRibierePlus,  ///< β = max(0, gᵀ(M⁻¹g − M⁻¹g_old)/g_oldᵀM⁻¹g_old) (2.2.2)
  kHagerZhang         ///< β = max(η_k, β_HZ) (≥ 3.10 default)
};
/// The primal line search's bracketing details (§4 "PrimalSearch"; line_search.h).
enum class LineSearch {
  kMuJoCo222,  ///< CGsearch: a rising first Newton step dropped, converged points taken as they are
  kMuJoCo3     ///< 3.x PrimalSearch: converged points must lower the cost, [α₁, 0] may bracket
};
/// The primal loop's column of the exit table (§5).
enum class ExitRules {
  kMuJoCo222,  ///< improvement = scale·(cost before − after), stop when < tol; nothing else
  kMuJoCo3     ///< improvement = scale·the line search's decrease, stop when 0 < it < tol; the
               ///< certificate before the loop, Newton's decrement before and in it
};
/// Whose sums the primal loop runs on the dense path (§4; primal_kernels.h).
enum class Arithmetic {
  kCourse,    ///< J and M on their nonzeros, M along its tree, Eigen's factors and dot products
  kMuJoCo222  ///< MuJoCo 2.2.2's dense kernels in its order (mujoco222/): 2.2.2 bit for bit; on
              ///< the sparse path the course's products with 2.2.2's line sums
};

/// "PGS", "CG" or "Newton".
std::string SolverName(SolverKind solver);
/// Inverse of SolverName; accepts "PGS"/"pgs", "CG"/"cg", "Newton"/"newton", other text throws
/// InputError listing the choices.
SolverKind ParseSolverName(const std::string& name);

/// Solver options (§1 table, defaults of mj_defaultOption).
struct Options {
  Cone cone = Cone::kPyramidal;             ///< `cone`
  SolverKind solver = SolverKind::kNewton;  ///< `solver`
  int iterations = 100;            ///< main-solver iteration cap (a cap, not the count performed)
  double tolerance = 1e-8;         ///< exit threshold on scaled improvement / gradient (5.1) [1]
  int ls_iterations = 50;          ///< line-search evaluation cap (2.2.2 hard-codes 50)
  double ls_tolerance = 0.01;      ///< line-search tolerance factor: tol = tolerance·ls_tolerance
  int noslip_iterations = 0;       ///< NoSlip sweeps after the main solve (0 = off)
  double noslip_tolerance = 1e-6;  ///< NoSlip's own improvement threshold [1]
  double impratio = 1;      ///< friction-to-normal impedance ratio: R₁ = R₀/impratio (2.3)
  double timestep = 0.002;  ///< h [s]
  double meaninertia = 1;   ///< mean of diag(M) at qpos0: termination scale
  /// Which code paths to follow (version notes): the course's 3.15 unless 2.2.2 is named; the
  /// options below are the ones each version fixes (SetVersion).
  Version version = Version::kMuJoCo315;
  CGUpdate cg_update = CGUpdate::kHagerZhang;     ///< CG's β rule (4.1); 3.10+ runs Hager–Zhang
  bool pgs_momentum = true;                       ///< 3.11+ Nesterov momentum with adaptive restart
  bool pgs_shuffle = true;                        ///< 3.9+ PCG32-shuffled block order (fixed seed)
  LineSearch line_search = LineSearch::kMuJoCo3;  ///< the line search's bracketing (§4)
  ExitRules exit_rules = ExitRules::kMuJoCo3;     ///< the exit table's column (§5)
  Arithmetic arithmetic = Arithmetic::kCourse;    ///< the primal loop's sums on the dense path
  Jacobian jacobian = Jacobian::kAuto;            ///< `jacobian`: which path (UsesSparsePath)
  ExitScaleRule exit_scale = ExitScaleRule::kMeanInertia;  ///< the exits' scale (5.1; 4.0.1: trace)

  /// Equal options, field by field.
  bool operator==(const Options&) const = default;
};

/// Sets `opt.version` and the options that version of MuJoCo fixes (no option of it selects
/// another): 3.15 — Hager–Zhang CG (3.10), PGS with Nesterov momentum (3.11) in the shuffled
/// block order (MuJoCo 3.9), 3.x's line search and exit rules, the course's arithmetic; 2.2.2 —
/// Polak–Ribière+ CG, PGS in row order without momentum, CGsearch, 2.2.2's exit column and its
/// dense arithmetic; 4.0.1 — 3.15's, with the exit scale 1/trace(M) (ExitScaleRule::kTrace).
/// Other options are left as they are.
void SetVersion(Version version, Options& opt);

/// Whether MuJoCo `version` solves island by island unless told otherwise: 3.15 and 4.0.1 do
/// (mjDSBL_ISLAND is clear in mj_defaultOption), 2.2.2 has no islands.
bool IslandsByDefault(Version version);

/// Refuses a combination no MuJoCo ever ran: under 2.2.2, Hager–Zhang CG, PGS momentum, the
/// shuffled PGS order, 3.x's line search or exit rules, or islands (`islands`: the solve's island
/// switch). 3.15 with an older rule (Polak–Ribière+, no momentum, no shuffle, no islands, 2.2.2's
/// line search, exits or arithmetic) is an ablation the course discusses and runs. Throws
/// InputError naming the option and the version that brought it.
void RequireVersionRuns(const Options& opt, bool islands);

/// One contact: dimension, 5 friction coefficients, regularised μ, first row.
struct Contact {
  int dim = 1;  ///< condim: 1 (frictionless), 3, 4 or 6
  /// (tangent1, tangent2, spin, roll1, roll2) friction coefficients [1, 1, m, m, m]; MuJoCo's
  /// defaults.
  std::array<double, 5> friction = {1, 1, 0.005, 1e-4, 1e-4};
  double mu = 1;        ///< regularised cone coefficient μ = friction[0]·√(R₁/R₀) (2.3) [1]
  int efc_address = 0;  ///< first row of this contact in the efc rows
};

/// One constraint problem (formula sheet (2.4), (3.2)).
struct Problem {
  int nv = 0;                     ///< number of DOFs (generalized velocities)
  core::MatrixX M;                ///< nv × nv, SPD
  core::VectorX qacc_smooth;      ///< a₀ = M⁻¹ τs
  core::MatrixX J;                ///< nefc × nv
  core::VectorX R;                ///< nefc, > 0
  core::VectorX aref;             ///< nefc
  core::VectorX frictionloss;     ///< nefc (friction rows), else 0
  std::vector<RowKind> kind;      ///< nefc
  std::vector<int> contact;       ///< contact index per row, −1 for non-contact rows
  std::vector<Contact> contacts;  ///< the contacts that own the contact rows
  Options opt;                    ///< solver options (defaults of mj_defaultOption)
  /// τs = qfrc_smooth (nv) as MuJoCo computed it (a₀ = M⁻¹τs), optional: MuJoCo 2.2.2's
  /// arithmetic sums with it as MuJoCo does (mujoco222/kernels.h); empty: M a₀ stands in
  /// (round-off apart).
  core::VectorX qfrc_smooth;
  /// Parent DOF of each DOF, −1 for a tree's root (MuJoCo's m->dof_parentid; a parent precedes
  /// its children). Empty when unknown: M is then factored as a general SPD matrix. When given,
  /// M's nonzeros must lie on the tree (M(i, j) ≠ 0, j < i, only for j an ancestor of i) and M
  /// is factored along it as mj_factorM does.
  std::vector<int> dof_parentid;
  /// Number of constraint rows.
  int nefc() const { return static_cast<int>(kind.size()); }
};

/// A block of the product set Ω: one scalar row, or one elliptic contact's dim rows.
struct Block {
  int first = 0;          ///< first row
  int size = 1;           ///< 1 or the contact's dim
  bool elliptic = false;  ///< an elliptic cone block (else a scalar row)
  int contact = -1;       ///< contact index for elliptic blocks
};

/// Blocks in row order (elliptic contacts of dim > 1 as one block, every other row alone).
std::vector<Block> MakeBlocks(const Problem& problem);

/// Checks sizes, symmetry and a positive diagonal of M (the solvers' Cholesky rejects an
/// indefinite M), R > 0, finite numbers, frictionloss ≥ 0, a given qfrc_smooth (nv finite
/// entries), the contact/row layout (pyramidal: 2(dim−1) rows, elliptic: dim rows), and a given dof_parentid:
/// nv entries, parent[i] ∈ [−1, i), M's nonzeros on the tree. Throws InputError.
void ValidateProblem(const Problem& problem);

/// The sub-problem on the given DOFs and rows (used by islands). meaninertia is kept; the
/// DOF tree is kept when the DOFs are ascending (parents outside the set become roots);
/// qfrc_smooth is not copied.
Problem SubProblem(const Problem& problem, const std::vector<int>& dofs,
                   const std::vector<int>& rows);

}  // namespace simatlas::mujoco
