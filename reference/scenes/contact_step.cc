// E3-SAP §2, §2.2, §4.1, §5: the discrete step with point contact against the ground.
#include "reference/scenes/contact_step.h"

#include <algorithm>

#include "reference/contact/contact_frame.h"
#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/multibody/free_motion.h"
#include "reference/multibody/tree_blocks.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::scenes {

// Stage 2: geometry → discrete point pairs with their contact Jacobians, at q₀.
std::vector<AssembledPair> AssembleContactPairs(const Scene& scene, const VectorX& q0) {
  const multibody::PositionKinematics kin = scene.tree.CalcPositionKinematics(q0);
  const double k_side = scene.material.SideStiffness();
  std::vector<AssembledPair> pairs;
  for (int g = 0; g < static_cast<int>(scene.contact_geometry.size()); ++g) {
    const ContactGeometry& geometry = scene.contact_geometry[g];
    const multibody::RigidTransform X_WH = kin.X_WB.at(geometry.halfspace_body) * geometry.X_AH;
    for (const auto& penetration :
         HalfSpacePenetration(geometry, kin.X_WB.at(geometry.body), X_WH, g + 1)) {
      AssembledPair a;
      a.geometry = g;
      a.body = geometry.body;
      // k_A = k_B = 2k: their series combination is k (E3-geometry §3).
      a.pair = contact::MakeDiscretePointPair(k_side, k_side, penetration);
      // v_AcBc = (J_B − J_A) v with A the half-space's body (the world for the ground).
      const core::MatrixX J_W = scene.tree.CalcRelativePointJacobian(q0, geometry.halfspace_body,
                                                                     geometry.body, a.pair.p_WC);
      a.Jc = contact::ContactJacobian(a.pair.R_WC, J_W);
      pairs.push_back(a);
    }
  }
  return pairs;
}

namespace {

// Stage 3: the constraint parameters of the chosen approximation.
sap::ConstraintParameters MakeParameters(const Scene& scene, const AssembledPair& a,
                                         const VectorX& v0, const std::string& approximation,
                                         double mu) {
  const ContactMaterial& m = scene.material;
  if (approximation == "sap") {
    sap::FrictionConeParameters p;
    p.mu = mu;
    p.stiffness = a.pair.stiffness;
    p.relaxation_time = m.relaxation_time;
    p.phi0 = a.pair.phi0;
    return p;
  }
  sap::HuntCrossleyParameters p;
  p.approximation = approximation == "similar" ? sap::HuntCrossleyApproximation::kSimilar
                                               : sap::HuntCrossleyApproximation::kLagged;
  if (approximation != "similar" && approximation != "lagged") {
    throw core::InputError("approximation = '" + approximation +
                           "' must be one of sap, similar, lagged");
  }
  p.mu = mu;
  p.stiffness = a.pair.stiffness;
  p.dissipation = m.dissipation;
  p.fe0 = a.pair.fe0;
  p.vn0 = (a.Jc * v0)(2);  // normal velocity at the previous state, separation-positive
  p.stiction_tolerance = m.stiction_tolerance;
  return p;
}

}  // namespace

sap::SapProblem MakeSapContactProblem(const Scene& scene, const VectorX& q0, const VectorX& v0,
                                      double h, const std::string& approximation, double mu,
                                      const std::vector<AssembledPair>& pairs) {
  core::RequirePositive("dt", h, "s");
  core::RequireNonNegative("mu", mu, "1");
  // 1. Free motion (§2.1).
  const multibody::FreeMotion free =
      multibody::CalcFreeMotion(scene.tree, q0, v0, h, scene.applied);
  // 3. One clique per tree (Drake's cliques; the world and welded bodies belong to none), then
  //    the constraints, contacts first, each on the cliques of its two bodies.
  const multibody::TreeBlocks blocks = multibody::CalcTreeBlocks(scene.tree);
  sap::SapProblem problem;
  problem.time_step = h;
  problem.v_guess = v0;
  for (std::size_t c = 0; c < blocks.start.size(); ++c) {
    const int start = blocks.start[c], size = blocks.size[c];
    problem.cliques.push_back(
        {free.A.block(start, start, size, size), free.v_star.segment(start, size)});
  }
  for (const AssembledPair& a : pairs) {
    problem.constraints.push_back(
        {{}, {}, core::VectorX::Zero(3), MakeParameters(scene, a, v0, approximation, mu)});
    sap::ConstraintSpec& spec = problem.constraints.back();
    for (int body : {scene.contact_geometry[a.geometry].halfspace_body, a.body}) {
      const int c = blocks.block_of_body[body];
      if (c < 0 || std::find(spec.cliques.begin(), spec.cliques.end(), c) != spec.cliques.end()) {
        continue;
      }
      spec.cliques.push_back(c);
      spec.J.push_back(a.Jc.middleCols(blocks.start[c], blocks.size[c]));
    }
    if (spec.cliques.empty()) {
      throw core::InputError("contact of geometry " + std::to_string(a.geometry) +
                             " joins two bodies that cannot move (world or welded to it): "
                             "a contact needs a moving body");
    }
  }
  return problem;
}

ContactStepResult StepWithContact(const Scene& scene, const VectorX& q0, const VectorX& v0,
                                  double h, const std::string& approximation, double mu,
                                  const sap::SapSolverParameters& parameters) {
  // 2. Contact pairs at q₀; 1, 3. free motion and constraints.
  const std::vector<AssembledPair> pairs = AssembleContactPairs(scene, q0);
  const sap::SapProblem problem = MakeSapContactProblem(scene, q0, v0, h, approximation, mu, pairs);
  // 4. Solve (no constraints: v* with zero iterations).
  const sap::SapSolverResult solved = sap::SolveSapProblem(problem, parameters);
  if (!solved.success) {
    throw core::NumericalError("SAP did not converge in " + std::to_string(solved.iterations) +
                               " iterations (" + std::to_string(pairs.size()) +
                               " contacts, dt = " + core::FormatNumber(h) + " s)");
  }
  ContactStepResult r;
  r.v_next = solved.v;
  r.solver_iterations = solved.iterations;
  r.cost_criterion_reached = solved.cost_criterion_reached;
  // 5. Per-contact results from the head of γ: f = γ/h.
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const core::Vector3 gamma = solved.gamma[i].head<3>();
    const core::Vector3 vc = solved.vc[i].head<3>();
    ContactResult c;
    c.geometry = pairs[i].geometry;
    c.body = pairs[i].body;
    c.halfspace_body = scene.contact_geometry[pairs[i].geometry].halfspace_body;
    c.p_WC = pairs[i].pair.p_WC;
    c.phi0 = pairs[i].pair.phi0;
    c.fn = gamma(2) / h;
    c.f_Bc_W = contact::ExpressInWorld(pairs[i].pair.R_WC, gamma) / h;
    c.f_Bc_C = gamma / h;
    c.slip_speed = vc.head<2>().norm();
    c.separation_speed = vc(2);
    r.contacts.push_back(c);
  }
  // 6. q_next = q₀ + h N(q₀) v_next (§5).
  r.q_next = scene.tree.IntegratePositions(q0, r.v_next, h, scene.quaternion_update);
  return r;
}

}  // namespace simatlas::scenes
