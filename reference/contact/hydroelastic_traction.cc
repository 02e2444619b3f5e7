// E3-geometry §2.2, formula sheet (2.3)–(2.4): continuous hydroelastic traction and its integral.
#include "reference/contact/hydroelastic_traction.h"

#include <cmath>
#include <numbers>

#include "reference/contact/friction_regularization.h"
#include "reference/core/errors.h"

namespace simatlas::contact {

using core::Vector3;

double DissipatedPressure(double pe, double d, double vn) {
  core::RequireNonNegative("pe", pe, "Pa");
  core::RequireNonNegative("d", d, "s/m");
  core::RequireFinite("vn", vn, "m/s");
  // (2.3): p = pe [1 − d vn]₊.
  return pe * core::PositivePart(1.0 - d * vn);
}

core::VectorX FrictionTraction(double p, double mu_dynamic, double stiction_tolerance,
                               const core::VectorX& vt) {
  core::RequireNonNegative("p", p, "Pa");
  core::RequireNonNegative("mu_d", mu_dynamic, "1");
  core::RequirePositive("vs", stiction_tolerance, "m/s");
  for (Eigen::Index i = 0; i < vt.size(); ++i) core::RequireFinite("vt", vt[i], "m/s");
  // (2.4): ft = −(2/π) μd p · AtanXOverX(x²)/vs · vt with x² = ‖vt‖²/vs².
  const double x_squared = vt.squaredNorm() / (stiction_tolerance * stiction_tolerance);
  const double scale = 2.0 / std::numbers::pi * mu_dynamic * p * AtanXOverXFromXSquared(x_squared) /
                       stiction_tolerance;
  // Adding +0 turns a −0 component (vt component 0) into 0 for printing.
  core::VectorX ft = -scale * vt;
  ft.array() += 0.0;
  return ft;
}

SpatialForceOnA IntegrateTractionOnA(const geometry::ContactSurface& surface,
                                     const TractionParameters& parameters,
                                     const RigidVelocity& velocity_A,
                                     const RigidVelocity& velocity_B, const Vector3& p_WP) {
  SpatialForceOnA total;
  total.p_WP = p_WP;
  for (const geometry::ContactPolygon& face : surface.faces) {
    const Vector3& q = face.centroid;
    const Vector3& n = face.normal;  // out of N into M: nhat_BA_W (§0.4)
    // v_BqAq = v_WAq − v_WBq; vn > 0 separating; vt its tangential part.
    const Vector3 v_BqAq = velocity_A.AtPoint(q) - velocity_B.AtPoint(q);
    const double vn = v_BqAq.dot(n);
    const Vector3 vt = v_BqAq - vn * n;
    const double p = DissipatedPressure(face.pressure, parameters.dissipation, vn);
    const Vector3 ft = FrictionTraction(p, parameters.mu_dynamic, parameters.stiction_tolerance,
                                        core::VectorX(vt));
    // Centroid rule of (2.4) on a polygon.
    const Vector3 f = face.area * (p * n + ft);
    total.force += f;
    total.moment += (q - p_WP).cross(f);
  }
  return total;
}

}  // namespace simatlas::contact
