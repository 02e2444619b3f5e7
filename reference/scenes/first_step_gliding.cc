// E3-SAP §3.1–§3.2 — the first step of a sliding body reduced to a point mass (first_step_gliding.h).
#include "reference/scenes/first_step_gliding.h"

#include <cmath>
#include <vector>

#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::scenes {

namespace {

using core::Matrix3;
using core::Vector3;

// The reduced problem: ½ m ‖u − u*‖² + Σ ℓc(J u) with its gradient and Hessian.
struct Reduced {
  double m = 0.0;
  Vector3 u_star;
  std::vector<Matrix3> J;                      // R_WCᵀ of each contact
  std::vector<const sap::SapConstraint*> law;  // the step's constraints

  double Cost(const Vector3& u) const {
    double cost = 0.5 * m * (u - u_star).squaredNorm();
    for (std::size_t i = 0; i < J.size(); ++i) cost += law[i]->Calc(J[i] * u).cost;
    return cost;
  }
};

}  // namespace

FirstStepPrediction PredictFirstStepAsPointMass(const Scene& scene, double h,
                                                const std::string& approximation, double mu,
                                                int body) {
  const multibody::MultibodyTree& tree = scene.tree;
  const int joint = tree.inboard_joint(body);
  if (tree.joint(joint).type != multibody::JointType::kFree) {
    core::ThrowInputError("body", body, "1",
                          "must be on a free joint (the reduction is its translation)");
  }
  const std::vector<AssembledPair> pairs = AssembleContactPairs(scene, scene.q0);
  const sap::SapProblem problem =
      MakeSapContactProblem(scene, scene.q0, scene.v0, h, approximation, mu, pairs);
  const sap::SapModel model(problem);
  const int v = tree.velocity_start(joint);  // free joint: (ω, v) from here
  Reduced r;
  r.m = tree.body(body).mass;
  r.u_star = sap::FullVStar(problem).segment<3>(v + 3);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (pairs[i].body != body) continue;
    r.J.push_back(pairs[i].Jc.block<3, 3>(0, v + 3));
    r.law.push_back(model.constraints()[i].constraint.get());
  }
  if (r.J.empty())
    core::ThrowInputError("contacts of body " + std::to_string(body), 0.0, "1",
                          "must be > 0 at q0");
  // Newton with backtracking on the convex cost, from the free motion
  Vector3 u = r.u_star;
  for (int it = 0; it < 100; ++it) {
    Vector3 g = r.m * (u - r.u_star);
    Matrix3 H = r.m * Matrix3::Identity();
    for (std::size_t i = 0; i < r.J.size(); ++i) {
      const sap::ConstraintValues c = r.law[i]->Calc(r.J[i] * u);
      g -= r.J[i].transpose() * Vector3(c.gamma);
      H += r.J[i].transpose() * Matrix3(c.G) * r.J[i];
    }
    if (g.norm() <= 1e-14 * r.m * std::max(1.0, u.norm())) break;
    const Vector3 du = -H.ldlt().solve(g);
    double alpha = 1.0;
    const double cost = r.Cost(u);
    while (alpha > 1e-12 && r.Cost(u + alpha * du) > cost + 1e-4 * alpha * g.dot(du)) alpha *= 0.5;
    u += alpha * du;
  }
  FirstStepPrediction p;
  p.contacts = static_cast<int>(r.J.size());
  for (std::size_t i = 0; i < r.J.size(); ++i)
    p.normal_impulse += r.law[i]->Calc(r.J[i] * u).gamma(2);
  p.normal_force = p.normal_impulse / h;
  // the ground's normal (frame C's z) and the tangential remainder
  const Vector3 n = r.J.front().row(2).transpose();
  p.liftoff_speed = u.dot(n);
  p.slip_speed = (u - p.liftoff_speed * n).norm();
  const double g = tree.gravity().norm();
  p.flight_time = p.liftoff_speed > 0 && g > 0 ? 2 * p.liftoff_speed / g : 0.0;
  return p;
}

}  // namespace simatlas::scenes
