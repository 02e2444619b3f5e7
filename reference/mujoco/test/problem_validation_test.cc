// MJ-solvers §2–§5 — the constraint problem's validation: every bad-input
// rule of ValidateProblem on a two-DOF problem, each message naming the quantity, its value, its
// unit and the rule; the name tables; the blocks of Ω; and SubProblem's restricted DOF tree.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {
namespace {

using core::InputErrorOf;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A valid problem with one row of every layout: nv = 2, M = [[2, 0.5], [0.5, 1]] (SPD: det 1.75),
// rows 0 equality, 1 dof frictionloss, 2 joint limit, 3–6 a condim-3 pyramidal contact (4 edge
// rows), 7–9 a condim-3 elliptic contact (3 rows).
Problem Valid() {
  Problem p;
  p.nv = 2;
  p.M.resize(2, 2);
  p.M << 2, 0.5, 0.5, 1;
  p.qacc_smooth = core::VectorX::Constant(2, -9.81);
  p.J.resize(10, 2);
  p.J << 1, 0, 0, 1, 1, 1, 1, 1, 1, -1, -1, 1, 1, 0.5, 0, 1, 1, 0, 0.5, 0.5;
  p.R = core::VectorX::Constant(10, 0.1);
  p.aref = core::VectorX::Constant(10, -1);
  p.frictionloss = core::VectorX::Zero(10);
  p.frictionloss[1] = 0.3;
  p.kind = {RowKind::kEquality,         RowKind::kFrictionDof,      RowKind::kLimitJoint,
            RowKind::kContactPyramidal, RowKind::kContactPyramidal, RowKind::kContactPyramidal,
            RowKind::kContactPyramidal, RowKind::kContactElliptic,  RowKind::kContactElliptic,
            RowKind::kContactElliptic};
  p.contact = {-1, -1, -1, 0, 0, 0, 0, 1, 1, 1};
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 3},
                Contact{3, {0.5, 0.7, 0.005, 1e-4, 1e-4}, 0.5, 7}};
  return p;
}

// The message ValidateProblem throws for Valid() after `edit` ("" when it accepts it).
std::string ErrorAfter(const std::function<void(Problem&)>& edit) {
  Problem p = Valid();
  edit(p);
  return InputErrorOf([&] { ValidateProblem(p); });
}

TEST(ProblemValidation, TheBaseProblemIsValid) {
  EXPECT_EQ(ErrorAfter([](Problem&) {}), "");
}

// Sizes: nv, M's shape, a₀'s length, the efc arrays.
TEST(ProblemValidation, SizesAreNamed) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.nv = -1; }), "nv = -1 1 must be >= 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M = core::MatrixX::Identity(3, 3); }),
            "M rows = 3 1 must be nv x nv");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M = core::MatrixX::Identity(2, 3); }),
            "M rows = 2 1 must be nv x nv");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.qacc_smooth = core::VectorX::Zero(3); }),
            "qacc_smooth length = 3 1 must be equal to nv");
  const std::string efc = "efc arrays = 10 1 must be all of length nefc with J nefc x nv";
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.J.conservativeResize(9, 2); }), efc);
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.J.conservativeResize(10, 3); }), efc);
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.R.conservativeResize(9); }), efc);
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.aref.conservativeResize(11); }), efc);
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.frictionloss.conservativeResize(9); }), efc);
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contact.pop_back(); }), efc);
}

// M and a₀: finite entries, symmetry (relative 1e-9), a positive diagonal.
TEST(ProblemValidation, MassMatrixAndSmoothAccelerationRules) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.qacc_smooth[1] = kNaN; }),
            "qacc_smooth[1] = nan m/s^2 or rad/s^2 must be a finite number");
  // An infinite pair is named by the finiteness rule, checked before symmetry.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(0, 1) = p.M(1, 0) = kInf; }),
            "M[0][1] = inf kg or kg m^2 must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(1, 1) = -kInf; }),
            "M[1][1] = -inf kg or kg m^2 must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(0, 1) = 0.6; }),
            "M[0][1] = 0.6 kg must be equal to M[j][i] (symmetric)");
  // A relative difference of 1e-12 is rounding, inside the 1e-9 rule; 1e-6 is not.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(1, 0) = 0.5 * (1 + 1e-12); }), "");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(1, 0) = 0.5 * (1 + 1e-6); }),
            "M[0][1] = 0.5 kg must be equal to M[j][i] (symmetric)");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(1, 1) = 0; }), "M[1][1] = 0 kg or kg m^2 must be > 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.M(0, 0) = -2; }),
            "M[0][0] = -2 kg or kg m^2 must be > 0");
}

// A given τs (qfrc_smooth, which MuJoCo 2.2.2's arithmetic sums with): nv finite entries.
TEST(ProblemValidation, SmoothForceRules) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.qfrc_smooth = core::VectorX::Zero(2); }), "");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.qfrc_smooth = core::VectorX::Zero(3); }),
            "qfrc_smooth length = 3 1 must be 0 (absent) or nv = 2");
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.qfrc_smooth = core::VectorX::Zero(2);
              p.qfrc_smooth[1] = kNaN;
            }),
            "qfrc_smooth[1] = nan N or N m must be a finite number");
}

// A given DOF tree: nv entries, parent ∈ [−1, i), M's nonzeros on the tree.
TEST(ProblemValidation, DofTreeRules) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.dof_parentid = {-1, 0}; }), "");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.dof_parentid = {-1}; }),
            "dof_parentid length = 1 1 must be equal to nv (or absent)");
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.dof_parentid = {-2, 0};
            }),
            "dof_parentid[0] = -2 1 must be -1 (a root) or a DOF index < 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.dof_parentid = {-1, 1};
            }),
            "dof_parentid[1] = 1 1 must be -1 (a root) or a DOF index < 1");
  // Two roots but M(1, 0) = 0.5 couples them.
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.dof_parentid = {-1, -1};
            }),
            "M[1][0] = 0.5 kg or kg m^2 must be 0: DOF 0 is not an ancestor of DOF 1 in "
            "dof_parentid");
  // Two roots with M diagonal is a valid forest.
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.dof_parentid = {-1, -1};
              p.M(0, 1) = p.M(1, 0) = 0;
            }),
            "");
}

// Row rules: R > 0, finite aref and J, frictionloss ≥ 0, the contact index on contact rows only.
TEST(ProblemValidation, RowRules) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.R[4] = 0; }), "efc.R[4] = 0 1/kg must be > 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.R[4] = -0.1; }), "efc.R[4] = -0.1 1/kg must be > 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.R[9] = kNaN; }),
            "efc.R[9] = nan 1/kg must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.aref[2] = kInf; }),
            "efc.aref[2] = inf m/s^2 must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.frictionloss[1] = -0.1; }),
            "efc.frictionloss[1] = -0.1 N must be >= 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.frictionloss[1] = kInf; }),
            "efc.frictionloss[1] = inf N must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.J(5, 1) = kNaN; }),
            "efc.J[5] = nan 1 must be a finite number");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contact[0] = 0; }),
            "efc.contact[0] = 0 1 must be present exactly on contact rows");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contact[3] = -1; }),
            "efc.contact[3] = -1 1 must be present exactly on contact rows");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contact[8] = 2; }),
            "efc.contact[8] = 2 1 must be < number of contacts");
}

// Contact rules: condim, μ ≥ 0, the first row and the count of rows it owns, friction > 0.
TEST(ProblemValidation, ContactRules) {
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[0].dim = 2; }),
            "contacts.dim[0] = 2 1 must be 1, 3, 4 or 6");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[1].dim = 5; }),
            "contacts.dim[1] = 5 1 must be 1, 3, 4 or 6");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[1].mu = -1; }),
            "contacts.mu[1] = -1 1 must be >= 0");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[0].efc_address = -1; }),
            "contacts.efc_address[0] = -1 1 must be a row index < nefc");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[1].efc_address = 10; }),
            "contacts.efc_address[1] = 10 1 must be a row index < nefc");
  // Rows 4–7: row 7 belongs to contact 1.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[0].efc_address = 4; }),
            "contacts.efc_address[0] = 4 1 must be the first of 4 consecutive rows of this "
            "contact");
  // Rows 8–10: row 10 is past nefc.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[1].efc_address = 8; }),
            "contacts.efc_address[1] = 8 1 must be the first of 3 consecutive rows of this "
            "contact");
  // Row 9 of the elliptic contact relabelled pyramidal: the kinds of one contact differ.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.kind[9] = RowKind::kContactPyramidal; }),
            "contacts.efc_address[1] = 7 1 must be the first of 3 consecutive rows of this "
            "contact");
  // Condim 4 pyramidal needs 6 rows, and only 4 are this contact's.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[0].dim = 4; }),
            "contacts.efc_address[0] = 3 1 must be the first of 6 consecutive rows of this "
            "contact");
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[0].friction[1] = 0; }),
            "contacts[0].friction[1] = 0 1 must be > 0");
  // Only the dim − 1 = 2 coefficients in use are checked: the spin coefficient may be 0.
  EXPECT_EQ(ErrorAfter([](Problem& p) { p.contacts[1].friction[2] = 0; }), "");
}

// A frictionless contact owns one row whatever its kind label.
TEST(ProblemValidation, FrictionlessContactOwnsOneRow) {
  EXPECT_EQ(ErrorAfter([](Problem& p) {
              p.contacts.push_back(Contact{1, {1, 1, 0.005, 1e-4, 1e-4}, 1, 2});
              p.kind[2] = RowKind::kContactFrictionless;
              p.contact[2] = 2;
            }),
            "");
}

// Name tables both ways; an out-of-range enum reads "unknown".
TEST(ProblemNames, RowKindsAndSolversRoundTrip) {
  for (const char* name :
       {"equality", "friction_dof", "friction_tendon", "limit_joint", "limit_tendon",
        "contact_frictionless", "contact_pyramidal", "contact_elliptic"}) {
    EXPECT_EQ(RowKindName(ParseRowKind(name)), name);
  }
  EXPECT_EQ(RowKindName(static_cast<RowKind>(99)), "unknown");
  EXPECT_EQ(InputErrorOf([&] { ParseRowKind("contact"); }),
            "type = \"contact\" must be one of equality, friction_dof, friction_tendon, "
            "limit_joint, limit_tendon, contact_frictionless, contact_pyramidal, "
            "contact_elliptic");
  EXPECT_EQ(ParseSolverName("pgs"), SolverKind::kPGS);
  EXPECT_EQ(ParseSolverName("PGS"), SolverKind::kPGS);
  EXPECT_EQ(ParseSolverName("cg"), SolverKind::kCG);
  EXPECT_EQ(ParseSolverName("CG"), SolverKind::kCG);
  EXPECT_EQ(ParseSolverName("newton"), SolverKind::kNewton);
  EXPECT_EQ(ParseSolverName("Newton"), SolverKind::kNewton);
  EXPECT_EQ(SolverName(SolverKind::kPGS), "PGS");
  EXPECT_EQ(SolverName(SolverKind::kCG), "CG");
  EXPECT_EQ(SolverName(SolverKind::kNewton), "Newton");
  EXPECT_EQ(SolverName(static_cast<SolverKind>(7)), "unknown");
  EXPECT_EQ(InputErrorOf([&] { ParseSolverName("NEWTON"); }),
            "solver = \"NEWTON\" must be one of PGS, CG, Newton");
}

// Ω's blocks of Valid(): rows 0–6 alone (scalar rows and pyramidal edges), rows 7–9 one
// elliptic block of contact 1. An elliptic contact of condim 1 is a scalar block.
TEST(ProblemBlocks, EllipticContactsAreOneBlock) {
  Problem p = Valid();
  std::vector<Block> blocks = MakeBlocks(p);
  ASSERT_EQ(blocks.size(), 8u);
  for (int b = 0; b < 7; ++b) {
    EXPECT_EQ(blocks[b].first, b);
    EXPECT_EQ(blocks[b].size, 1);
    EXPECT_FALSE(blocks[b].elliptic);
    EXPECT_EQ(blocks[b].contact, b >= 3 ? 0 : -1);
  }
  EXPECT_EQ(blocks[7].first, 7);
  EXPECT_EQ(blocks[7].size, 3);
  EXPECT_TRUE(blocks[7].elliptic);
  EXPECT_EQ(blocks[7].contact, 1);
  // Condim 1 elliptic: one row, a scalar block.
  p.contacts[1].dim = 1;
  p.kind.resize(8);
  p.contact.resize(8);
  blocks = MakeBlocks(p);
  ASSERT_EQ(blocks.size(), 8u);
  EXPECT_EQ(blocks[7].size, 1);
  EXPECT_FALSE(blocks[7].elliptic);
  EXPECT_EQ(blocks[7].contact, 1);
}

// SubProblem on DOFs {0, 2} of the chain 0 ← 1 ← 2: DOF 2's nearest ancestor in the set is 0;
// with DOFs in descending order the tree is dropped. Rows 1 and 2 (two edge rows of contact 0,
// whose first row is 1; SubProblem does not validate) give a contact whose first row is 0.
TEST(ProblemSubProblem, RestrictsTheTreeAndRenumbersContacts) {
  Problem p;
  p.nv = 3;
  p.M.resize(3, 3);
  p.M << 4, 2, 1, 2, 3, 1, 1, 1, 2;
  p.qacc_smooth = core::Vector3(1, 2, 3);
  p.dof_parentid = {-1, 0, 1};
  p.J.resize(3, 3);
  p.J << 1, 0, 0, 0, 1, 1, 1, 0, 1;
  p.R = core::Vector3(0.1, 0.2, 0.3);
  p.aref = core::Vector3(-1, -2, -3);
  p.frictionloss = core::Vector3(0.5, 0, 0);
  p.kind = {RowKind::kFrictionDof, RowKind::kContactPyramidal, RowKind::kContactPyramidal};
  p.contact = {-1, 0, 0};
  p.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 1}};
  p.opt.meaninertia = 3;
  const Problem s = SubProblem(p, {0, 2}, {1, 2});
  EXPECT_EQ(s.nv, 2);
  EXPECT_EQ(s.dof_parentid, (std::vector<int>{-1, 0}));
  EXPECT_EQ(s.M(0, 0), 4);
  EXPECT_EQ(s.M(0, 1), 1);
  EXPECT_EQ(s.M(1, 1), 2);
  EXPECT_EQ(s.qacc_smooth, core::Vector2(1, 3));
  EXPECT_EQ(s.J.row(0), core::Vector2(0, 1).transpose());
  EXPECT_EQ(s.J.row(1), core::Vector2(1, 1).transpose());
  EXPECT_EQ(s.R, core::Vector2(0.2, 0.3));
  EXPECT_EQ(s.aref, core::Vector2(-2, -3));
  EXPECT_EQ(s.contact, (std::vector<int>{0, 0}));
  ASSERT_EQ(s.contacts.size(), 1u);
  EXPECT_EQ(s.contacts[0].efc_address, 0);
  EXPECT_EQ(s.opt.meaninertia, 3);
  // DOF 1 dropped from {1, 2}: DOF 2's parent 1 is in the set; DOF 1's parent 0 is not (root).
  EXPECT_EQ(SubProblem(p, {1, 2}, {}).dof_parentid, (std::vector<int>{-1, 0}));
  // Descending DOFs: no tree.
  EXPECT_TRUE(SubProblem(p, {2, 0}, {}).dof_parentid.empty());
}

}  // namespace
}  // namespace simatlas::mujoco
