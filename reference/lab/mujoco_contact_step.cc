// MJ-solvers §2–§5, §7 — the lab's bridge: a scene's point pairs stepped under MuJoCo's soft constraint model
// (MJ-solvers §1–§5, §7; mapping in mujoco_contact_step.h).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/lab/mujoco_contact_step.h"

#include <Eigen/Cholesky>
#include <cmath>
#include <map>
#include <string>

#include "reference/contact/contact_frame.h"
#include "reference/core/errors.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/pyramid.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/tree_integrators.h"

namespace simatlas::lab {

namespace {

using core::MatrixX;
using core::VectorX;

// Rows of one contact in MuJoCo's order: pyramidal edges J_n ± μ J_tj, elliptic n, t1, t2.
MatrixX ContactRows(const MatrixX& Jc, double mu, mujoco::Cone cone) {
  const auto t1 = Jc.row(0), t2 = Jc.row(1), n = Jc.row(2);
  if (cone == mujoco::Cone::kElliptic) {
    MatrixX rows(3, Jc.cols());
    rows << n, t1, t2;
    return rows;
  }
  MatrixX rows(4, Jc.cols());
  rows << n + mu * t1, n - mu * t1, n + mu * t2, n - mu * t2;
  return rows;
}

}  // namespace

LabSolParameters MapLabContact(double k, double c, double tran) {
  const double d = kFlatImpedance;
  // direct solref from the mapping K = k(1 − d)Â/d², B = c(1 − d)Â/d
  const double K = k * (1 - d) * tran / (d * d);
  const double B = c * (1 - d) * tran / d;
  return {{-K * d * d, -B * d}, {d, d, 0.001, 0.5, 2.0}};
}

LabRowDynamics MujocoRowDynamics(double k, double tau, double mu, double tran, double h) {
  core::RequirePositive("k", k, "N/m");
  core::RequirePositive("tau", tau, "s");
  core::RequirePositive("tran", tran, "1/kg");
  if (!(mu >= mujoco::kMinMu)) core::ThrowInputError("mu", mu, "1", ">= 1e-5 (mjMINMU)");
  const LabSolParameters sol = MapLabContact(k, tau * k, tran);
  const std::array<double, 5> friction = {mu, mu, 0.005, 1e-4, 1e-4};
  const double impratio = mujoco::Options{}.impratio;
  // one row of Â at rest (flat impedance: I = d at any depth)
  const auto row = [&](double diag_approx) {
    mujoco::RowInput in;
    in.diag_approx = diag_approx;
    in.solref = sol.solref;
    in.solimp = sol.solimp;
    in.timestep = h;
    return mujoco::MakeRowParameters(in);
  };
  const mujoco::RowParameters normal = row(tran);
  const mujoco::RowParameters edge = row(mujoco::ContactDiagApprox(tran, 0.0, friction, true, 0));
  LabRowDynamics r;
  r.K = normal.K;
  r.B = normal.B;
  r.impedance = normal.imp;
  r.R_normal = normal.R;
  r.R_edge = mujoco::PyramidalFrictionR(edge.R, impratio, friction, 3).R.at(0);
  const double R1 = mujoco::EllipticFrictionR(normal.R, impratio, friction, 3).R.at(1);
  // r'' = −B r' − K I r: ω² = K I, 2 ζ ω = B
  r.omega = std::sqrt(r.K * r.impedance);
  r.zeta = r.B / (2 * r.omega);
  r.overshoot = r.zeta < 1 ? std::exp(-M_PI * r.zeta / std::sqrt(1 - r.zeta * r.zeta)) : 0.0;
  r.pyramid_gain = 4 * r.R_normal / r.R_edge;
  // steady slip vt with a = 0: elliptic f_t = D₁ aref = −(B/R₁) vt; edges n ± μ t:
  // μ (f₊ − f₋) = −2 μ² (B/R_edge) vt
  r.viscous_elliptic = r.B / R1;
  r.viscous_pyramidal = 2 * mu * mu * r.B / r.R_edge;
  return r;
}

mujoco::Options Mujoco315Options(mujoco::SolverKind solver, mujoco::Cone cone, double h) {
  mujoco::Options opt;
  opt.solver = solver;
  opt.cone = cone;
  opt.timestep = h;
  opt.version = mujoco::Version::kMuJoCo315;
  opt.cg_update = mujoco::CGUpdate::kHagerZhang;
  opt.pgs_momentum = true;
  opt.pgs_shuffle = true;
  return opt;
}

namespace {

// body_invweight0's translational part from M's factorization and the COM positions at q.
double InverseWeight(const multibody::MultibodyTree& tree, const VectorX& q,
                     const Eigen::LLT<MatrixX>& M_llt, const std::vector<core::Vector3>& p_com,
                     int body) {
  if (body == multibody::kWorldBody) return 0.0;
  const MatrixX J = tree.CalcPointJacobianAtWorldPoint(q, body, p_com.at(body));
  // mean of diag(J M⁻¹ Jᵀ) over the three translations (mj_setM0)
  return (J * M_llt.solve(J.transpose())).trace() / 3.0;
}

}  // namespace

double TranslationalInverseWeight(const multibody::MultibodyTree& tree, const VectorX& q,
                                  int body) {
  return InverseWeight(tree, q, tree.CalcMassMatrix(q).llt(), tree.CalcCentersOfMass(q), body);
}

mujoco::Problem MakeMujocoContactProblem(const scenes::Scene& scene, const VectorX& q0,
                                         const VectorX& v0, double mu,
                                         const std::vector<scenes::AssembledPair>& pairs,
                                         const mujoco::Options& opt) {
  core::RequireNonNegative("mu", mu, "1");
  const multibody::MultibodyTree& tree = scene.tree;
  const int nv = tree.num_velocities();
  const bool elliptic = opt.cone == mujoco::Cone::kElliptic;
  const int rows_per_contact = elliptic ? 3 : 4;
  // MuJoCo clamps μ below at mjMINMU; the lab's μ = 0.4 is far above it
  const double mu_row = std::max(mu, mujoco::kMinMu);
  const std::array<double, 5> friction = {mu_row, mu_row, 0.005, 1e-4, 1e-4};
  mujoco::Problem p;
  p.nv = nv;
  // M symmetric to the last bit, as MuJoCo stores it (the tree's M differs by round-off)
  const MatrixX M = tree.CalcMassMatrix(q0);
  p.M = 0.5 * (M + M.transpose());
  p.qacc_smooth = p.M.llt().solve(mujoco::SmoothForce(tree, q0, v0, scene.applied));
  p.opt = opt;
  p.opt.meaninertia = p.M.trace() / std::max(1, nv);
  const int nefc = rows_per_contact * static_cast<int>(pairs.size());
  p.J.resize(nefc, nv);
  p.R.resize(nefc);
  p.aref.resize(nefc);
  p.frictionloss = VectorX::Zero(nefc);
  // the scene's stiffness k [N/m] and SAP's linear dissipation c = τd k [N·s/m]
  const double k = scene.material.stiffness;
  const double c_damp = scene.material.relaxation_time * k;
  // each body's inverse weight once, from one factorization of the tree's M
  const Eigen::LLT<MatrixX> M_llt(M);
  const std::vector<core::Vector3> p_com = tree.CalcCentersOfMass(q0);
  std::map<int, double> weights;
  const auto weight = [&](int body) {
    const auto [it, added] = weights.try_emplace(body, 0.0);
    if (added) it->second = InverseWeight(tree, q0, M_llt, p_com, body);
    return it->second;
  };
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const scenes::AssembledPair& a = pairs[i];
    const int first = rows_per_contact * static_cast<int>(i);
    const MatrixX rows = ContactRows(a.Jc, mu_row, opt.cone);
    // Â of the normal row: the two bodies' translational inverse weights (§2a)
    const double tran = weight(a.body) + weight(scene.contact_geometry[a.geometry].halfspace_body);
    const LabSolParameters sol = MapLabContact(k, c_damp, tran);
    std::vector<double> R_unscaled(rows_per_contact);
    for (int r = 0; r < rows_per_contact; ++r) {
      mujoco::RowInput in;
      in.diag_approx = mujoco::ContactDiagApprox(tran, 0.0, friction, !elliptic, r);
      in.distance = a.pair.phi0;
      in.pos = a.pair.phi0;
      in.vel = rows.row(r).dot(v0);
      in.solref = sol.solref;
      in.solimp = sol.solimp;
      in.timestep = opt.timestep;
      in.zero_stiffness = elliptic && r > 0;
      const mujoco::RowParameters row = mujoco::MakeRowParameters(in);
      R_unscaled[r] = row.R;
      p.aref(first + r) = row.aref;
      p.J.row(first + r) = rows.row(r);
      p.kind.push_back(elliptic ? mujoco::RowKind::kContactElliptic
                                : mujoco::RowKind::kContactPyramidal);
      p.contact.push_back(static_cast<int>(i));
    }
    // friction rows' R and the regularised μ (2.3)
    const mujoco::FrictionRegularisation reg =
        elliptic ? mujoco::EllipticFrictionR(R_unscaled[0], opt.impratio, friction, 3)
                 : mujoco::PyramidalFrictionR(R_unscaled[0], opt.impratio, friction, 3);
    for (int r = 0; r < rows_per_contact; ++r) p.R(first + r) = reg.R.at(r);
    mujoco::Contact c;
    c.dim = 3;
    c.friction = friction;
    c.mu = reg.mu;
    c.efc_address = first;
    p.contacts.push_back(c);
  }
  return p;
}

MujocoStepResult StepWithMujocoContact(const scenes::Scene& scene, const VectorX& q0,
                                       const VectorX& v0, double mu, const mujoco::Options& opt,
                                       const std::optional<VectorX>& qacc_warmstart) {
  const std::vector<scenes::AssembledPair> pairs = scenes::AssembleContactPairs(scene, q0);
  const mujoco::Problem problem = MakeMujocoContactProblem(scene, q0, v0, mu, pairs, opt);
  mujoco::SolveSettings settings;
  if (qacc_warmstart && qacc_warmstart->size() == problem.nv)
    settings.qacc_warmstart = qacc_warmstart;
  const mujoco::SolveResult solved = mujoco::SolveProblem(problem, settings);
  if (!solved.qacc.allFinite()) {
    throw core::NumericalError("MuJoCo " + mujoco::SolverName(opt.solver) +
                               " returned a non-finite qacc (" + std::to_string(pairs.size()) +
                               " contacts, dt = " + core::FormatNumber(opt.timestep) + " s)");
  }
  MujocoStepResult r;
  r.exit = solved.exit;
  r.qacc = solved.qacc;
  scenes::ContactStepResult& s = r.step;
  const double h = opt.timestep;
  // Euler (mj_Euler without damping): v⁺ = v₀ + h qacc, q⁺ = q₀ ⊕ h v⁺
  s.v_next = v0 + h * solved.qacc;
  s.q_next = mujoco::IntegratePosMujoco(
      scene.tree, q0, mujoco::MujocoVelocityFromTree(scene.tree, q0, s.v_next), h);
  s.solver_iterations = solved.iterations;
  const bool elliptic = opt.cone == mujoco::Cone::kElliptic;
  const int rows_per_contact = elliptic ? 3 : 4;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const int first = rows_per_contact * static_cast<int>(i);
    core::Vector3 f_C;  // (t1, t2, n) [N]
    if (elliptic) {
      f_C << solved.efc_force(first + 1), solved.efc_force(first + 2), solved.efc_force(first);
    } else {
      const mujoco::ConeForce f =
          mujoco::DecodePyramid(solved.efc_force.segment(first, 4),
                                VectorX::Constant(2, problem.contacts[i].friction[0]));
      f_C << f.tangent(0), f.tangent(1), f.normal;
    }
    const core::Vector3 vc = pairs[i].Jc * s.v_next;
    scenes::ContactResult c;
    c.geometry = pairs[i].geometry;
    c.body = pairs[i].body;
    c.halfspace_body = scene.contact_geometry[pairs[i].geometry].halfspace_body;
    c.p_WC = pairs[i].pair.p_WC;
    c.phi0 = pairs[i].pair.phi0;
    c.fn = f_C(2);
    c.f_Bc_C = f_C;
    c.f_Bc_W = contact::ExpressInWorld(pairs[i].pair.R_WC, f_C);
    c.slip_speed = vc.head<2>().norm();
    c.separation_speed = vc(2);
    s.contacts.push_back(c);
  }
  return r;
}

}  // namespace simatlas::lab
