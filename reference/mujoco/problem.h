#pragma once
/// @file
/// MJ-solvers §2–§5: one constraint problem at a frozen (q, v) — M, a₀ = qacc_smooth, the efc
/// rows (J, R, aref, frictionloss, kind), the contacts that group rows into blocks, and the
/// solver options. This is the in-memory form of formats/mujoco-problem.md.

#include <array>
#include <string>
#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// Kind of an efc row (MuJoCo mjtConstraint).
enum class RowKind {
  kEquality,
  kFrictionDof,
  kFrictionTendon,
  kLimitJoint,
  kLimitTendon,
  kContactFrictionless,
  kContactPyramidal,
  kContactElliptic,
};

/// The file name of a row kind ("equality", "contact_elliptic", ...).
std::string RowKindName(RowKind kind);
/// Inverse of RowKindName; throws InputError naming `type`.
RowKind ParseRowKind(const std::string& name);

enum class Cone { kPyramidal, kElliptic };
enum class SolverKind { kPGS, kCG, kNewton };
/// Behaviour switch: the classic 2.2.2 code paths or the course's 3.15 ones (version notes).
enum class Version { kMuJoCo222, kMuJoCo315 };
/// CG direction update (4.1).
enum class CGUpdate { kPolakRibierePlus, kHagerZhang };

std::string SolverName(SolverKind solver);
SolverKind ParseSolverName(const std::string& name);  // "PGS"/"pgs", "CG"/"cg", "Newton"/"newton"

/// Solver options (§1 table, defaults of mj_defaultOption).
struct Options {
  Cone cone = Cone::kPyramidal;
  SolverKind solver = SolverKind::kNewton;
  int iterations = 100;
  double tolerance = 1e-8;
  int ls_iterations = 50;
  double ls_tolerance = 0.01;
  int noslip_iterations = 0;
  double noslip_tolerance = 1e-6;
  double impratio = 1;
  double timestep = 0.002;
  double meaninertia = 1;   ///< mean of diag(M) at qpos0: termination scale
  Version version = Version::kMuJoCo222;
  CGUpdate cg_update = CGUpdate::kPolakRibierePlus;
  bool pgs_momentum = false;  ///< 3.11+ Nesterov momentum with adaptive restart
  bool pgs_shuffle = false;   ///< 3.9+ PCG32-shuffled block order (fixed seed)
};

/// One contact: dimension, 5 friction coefficients, regularised μ, first row.
struct Contact {
  int dim = 1;
  std::array<double, 5> friction = {1, 1, 0.005, 1e-4, 1e-4};
  double mu = 1;
  int efc_address = 0;
};

/// One constraint problem (formula sheet (2.4), (3.2)).
struct Problem {
  int nv = 0;
  core::MatrixX M;             ///< nv × nv, SPD
  core::VectorX qacc_smooth;   ///< a₀ = M⁻¹ τs
  core::MatrixX J;             ///< nefc × nv
  core::VectorX R;             ///< nefc, > 0
  core::VectorX aref;          ///< nefc
  core::VectorX frictionloss;  ///< nefc (friction rows), else 0
  std::vector<RowKind> kind;   ///< nefc
  std::vector<int> contact;    ///< contact index per row, −1 for non-contact rows
  std::vector<Contact> contacts;
  Options opt;

  int nefc() const { return static_cast<int>(kind.size()); }
};

/// A block of the product set Ω: one scalar row, or one elliptic contact's dim rows.
struct Block {
  int first = 0;     ///< first row
  int size = 1;      ///< 1 or the contact's dim
  bool elliptic = false;
  int contact = -1;  ///< contact index for elliptic blocks
};

/// Blocks in row order (elliptic contacts of dim > 1 as one block, every other row alone).
std::vector<Block> MakeBlocks(const Problem& problem);

/// Checks sizes, symmetry and a positive diagonal of M (the solvers' Cholesky rejects an
/// indefinite M), R > 0, finite numbers, frictionloss ≥ 0 and the
/// contact/row layout (pyramidal: 2(dim−1) rows, elliptic: dim rows). Throws InputError.
void ValidateProblem(const Problem& problem);

/// The sub-problem on the given DOFs and rows (used by islands). meaninertia is kept.
Problem SubProblem(const Problem& problem, const std::vector<int>& dofs,
                   const std::vector<int>& rows);

}  // namespace simatlas::mujoco
