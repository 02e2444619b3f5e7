// E3-SAP §1: spatial algebra (angular first, Drake's order).
#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {

Matrix3 Skew(const Vector3& a) {
  Matrix3 s;
  s << 0, -a.z(), a.y(),  //
      a.z(), 0, -a.x(),   //
      -a.y(), a.x(), 0;
  return s;
}

Vector6 MakeSpatial(const Vector3& angular, const Vector3& linear) {
  Vector6 x;
  x << angular, linear;
  return x;
}

RigidTransform RigidTransform::operator*(const RigidTransform& X_BC) const {
  // R_AC = R_AB R_BC, p_AoCo = p_AoBo + R_AB p_BoCo.
  return {R * X_BC.R, R * X_BC.p + p};
}

RigidTransform RigidTransform::Inverse() const { return {R.transpose(), -(R.transpose() * p)}; }

Matrix6 ShiftOperator(const Vector3& p_PQ) {
  // v_Q = v_P + ω × r = v_P − [r]× ω.
  Matrix6 phi = Matrix6::Identity();
  phi.block<3, 3>(3, 0) = -Skew(p_PQ);
  return phi;
}

Vector6 ShiftSpatialVelocity(const Vector6& V_P, const Vector3& p_PQ) {
  const Vector3 w = AngularPart(V_P);
  return MakeSpatial(w, LinearPart(V_P) + w.cross(p_PQ));
}

Vector6 ShiftSpatialForceToPoint(const Vector6& F_Q, const Vector3& p_PQ) {
  const Vector3 f = LinearPart(F_Q);
  return MakeSpatial(AngularPart(F_Q) + p_PQ.cross(f), f);
}

Vector6 ReExpress(const Matrix3& R_BA, const Vector6& x_A) {
  return MakeSpatial(R_BA * AngularPart(x_A), R_BA * LinearPart(x_A));
}

Vector6 CrossMotion(const Vector6& V, const Vector6& X) {
  const Vector3 w = AngularPart(V), v = LinearPart(V);
  return MakeSpatial(w.cross(AngularPart(X)), v.cross(AngularPart(X)) + w.cross(LinearPart(X)));
}

Vector6 CrossForce(const Vector6& V, const Vector6& F) {
  const Vector3 w = AngularPart(V), v = LinearPart(V);
  return MakeSpatial(w.cross(AngularPart(F)) + v.cross(LinearPart(F)), w.cross(LinearPart(F)));
}

Vector6 ComposeAcceleration(const Vector6& A_WP, const Vector6& V_WP, const Vector3& r,
                            const Vector6& V_PB_W, const Vector6& A_PB_W) {
  const Vector3 w_WP = AngularPart(V_WP);
  const Vector3 alpha_WP = AngularPart(A_WP);
  // Angular: α_WB = α_WP + α_PB + ω_WP × ω_PB.
  const Vector3 alpha = alpha_WP + AngularPart(A_PB_W) + w_WP.cross(AngularPart(V_PB_W));
  // Linear: the rigid transport of P's acceleration to Bo, B's own acceleration in P, Coriolis.
  const Vector3 a = LinearPart(A_WP) + alpha_WP.cross(r) + w_WP.cross(w_WP.cross(r)) +
                    LinearPart(A_PB_W) + 2.0 * w_WP.cross(LinearPart(V_PB_W));
  return MakeSpatial(alpha, a);
}

}  // namespace simatlas::multibody
