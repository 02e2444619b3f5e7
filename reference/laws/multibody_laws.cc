// multibody.*: E3-SAP §1 (M, c, τ_g of a double pendulum; q̇ = N_r(q) ω), §2.1 (free motion with
// implicit damping) and §5 (linear vs exponential-map quaternion update).
#include <cmath>

#include "reference/core/errors.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"
#include "reference/multibody/free_motion.h"
#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/quaternion.h"

namespace simatlas::laws {

namespace {

using multibody::Vector3;
using multibody::Vector4;

Eigen::VectorXd Vec(std::initializer_list<double> values) {
  Eigen::VectorXd x(values.size());
  int i = 0;
  for (double value : values) x(i++) = value;
  return x;
}

// Pendulum link about +y: pivot at Bo, COM at (0, 0, −lc), I_yy = I about the COM.
multibody::RigidBody Link(const char* name, double m, double lc, double I) {
  core::RequirePositive(std::string(name) == "link1" ? "I1" : "I2", I, "kg·m²");
  multibody::RigidBody b;
  b.name = name;
  b.mass = m;
  b.p_BoBcm_B = Vector3(0, 0, -lc);
  b.I_BBcm_B = Vector3(I, I, 0.5 * I).asDiagonal();
  return b;
}

}  // namespace

void RegisterMultibodyLaws(Registry& registry) {
  registry.Add(
      {"multibody.free_motion",
       "E3-SAP §2.1",
       "one dof: A = m + h d, k = force − d v0, vstar = v0 + h k/A (damping implicit, "
       "counted once)",
       {Num("m", "kg (kg·m²)", "generalized mass M(q0) of the dof (rotor inertia included)"),
        Num("d", "kg/s (N·m·s/rad)", "linear joint damping D >= 0", 0.0),
        Num("h", "s", "time step"), Num("v0", "m/s (rad/s)", "velocity at the start of the step"),
        Num("force", "N (N·m)", "k1(x0): every non-constraint force except damping, minus c", 0.0)},
       {Num("A", "kg (kg·m²)", "A = M + h D"), Num("k", "N (N·m)", "k(x0) = k1(x0) − D v0"),
        Num("vstar", "m/s (rad/s)", "free-motion velocity v*")},
       [](const Values& in) {
         core::RequirePositive("m", in.Number("m"), "kg");
         const auto fm = multibody::CalcFreeMotion(Eigen::MatrixXd::Constant(1, 1, in.Number("m")),
                                                   Eigen::VectorXd::Constant(1, in.Number("d")),
                                                   Eigen::VectorXd::Constant(1, in.Number("force")),
                                                   Eigen::VectorXd::Constant(1, in.Number("v0")),
                                                   in.Number("h"));
         Values out;
         out.Set("A", fm.A(0, 0));
         out.Set("k", fm.k(0));
         out.Set("vstar", fm.v_star(0));
         return out;
       }});

  registry.Add(
      {"multibody.quaternion_step",
       "E3-SAP §5",
       "q_linear = q0 + h N_r(q0) w (Drake's discrete update, no renormalisation, norm "
       "grows by √(1 + h²‖w‖²/4)); q_exp = exp(h w/2) ⊗ q0 (on the manifold); w in the "
       "parent frame",
       {Vec("q0", "1", "quaternion (qw, qx, qy, qz), non-zero", {4}),
        Vec("w", "rad/s", "angular velocity ω_FM in the parent frame F", {3}),
        Num("h", "s", "time step")},
       {Vec("q_linear", "1", "q0 + h N_r(q0) w", {4}), Vec("q_exp", "1", "exp(h w/2) ⊗ q0", {4}),
        Num("norm_linear", "1", "‖q_linear‖"), Num("norm_exp", "1", "‖q_exp‖ (= ‖q0‖)")},
       [](const Values& in) {
         const Vector4 q0 = in.Vector("q0");
         const Vector3 w = in.Vector("w");
         const double h = in.Number("h");
         for (int i = 0; i < 4; ++i) core::RequireFinite("q0", q0(i), "1");
         for (int i = 0; i < 3; ++i) core::RequireFinite("w", w(i), "rad/s");
         core::RequireNonNegative("h", h, "s");
         if (!(q0.norm() > 0)) {
           core::ThrowInputError("q0 norm", q0.norm(), "1",
                                 "> 0 (a rotation needs a "
                                 "non-zero quaternion)");
         }
         const Vector4 lin = multibody::QuaternionStepLinear(q0, w, h);
         const Vector4 exp = multibody::QuaternionStepExponential(q0, w, h);
         Values out;
         out.Set("q_linear", Eigen::VectorXd(lin));
         out.Set("q_exp", Eigen::VectorXd(exp));
         out.Set("norm_linear", lin.norm());
         out.Set("norm_exp", exp.norm());
         return out;
       }});

  registry.Add(
      {"multibody.double_pendulum",
       "E3-SAP §1",
       "M(q), c(q, v), tau_g of two links about +y from the tree (CRBA, RNEA); gravity "
       "9.81 m/s² along −z; link 2 pivots at distance l1 on link 1",
       {Num("m1", "kg", "mass of link 1", 1.0), Num("l1", "m", "pivot distance", 1.0),
        Num("lc1", "m", "COM distance of link 1 from its pivot", 0.5),
        Num("I1", "kg·m²", "inertia of link 1 about its COM (axis y)", 0.01),
        Num("m2", "kg", "mass of link 2", 1.0),
        Num("lc2", "m", "COM distance of link 2 from its pivot", 0.5),
        Num("I2", "kg·m²", "inertia of link 2 about its COM (axis y)", 0.01),
        Vec("q", "rad", "joint angles (θ1, θ2), θ2 relative to link 1", {2}),
        Vec("v", "rad/s", "joint rates (θ̇1, θ̇2)", {2})},
       {Vec("M", "kg·m²", "(M11, M12, M22)", {3}), Vec("c", "N·m", "velocity bias c(q, v)", {2}),
        Vec("tau_g", "N·m", "gravity generalized force", {2})},
       [](const Values& in) {
         multibody::MultibodyTree tree;
         const int b1 =
             tree.AddBody(Link("link1", in.Number("m1"), in.Number("lc1"), in.Number("I1")));
         const int b2 =
             tree.AddBody(Link("link2", in.Number("m2"), in.Number("lc2"), in.Number("I2")));
         tree.AddJoint(
             multibody::MakeRevoluteJoint("shoulder", multibody::kWorldBody, b1, Vector3::UnitY()));
         multibody::RigidTransform X_PF;
         X_PF.p = Vector3(0, 0, -in.Number("l1"));
         core::RequireFinite("l1", in.Number("l1"), "m");
         tree.AddJoint(multibody::MakeRevoluteJoint("elbow", b1, b2, Vector3::UnitY(), X_PF));
         const Eigen::VectorXd q = in.Vector("q"), v = in.Vector("v");
         const Eigen::MatrixXd M = tree.CalcMassMatrix(q);
         Values out;
         out.Set("M", Vec({M(0, 0), M(0, 1), M(1, 1)}));
         out.Set("c", tree.CalcBiasTerm(q, v));
         out.Set("tau_g", tree.CalcGravityGeneralizedForces(q));
         return out;
       }});
}

}  // namespace simatlas::laws
