// mujoco.integrate_linear: MJ-solvers §7 (Euler, implicit, implicitfast, RK4) and §8 (discrete)
// on one slide dof with a linear spring and damper, so the text's claims (T8, T9) can be checked
// by hand.
#include <cmath>

#include "reference/core/errors.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"
#include "reference/mujoco/integrators.h"

namespace simatlas::laws {

void RegisterIntegratorLaws(Registry& registry) {
  registry.Add(
      {"mujoco.integrate_linear",
       "MJ-solvers §7, §8",
       "m q'' = u - k q - d v stepped `steps` times: euler a = (m + h d)^-1 F (implicit damping "
       "iff d > 0), implicit/implicitfast (m + h d) a = F, rk4 MuJoCo's tableau with explicit "
       "damping, discrete (m + h d + h^2 k) a = F - h k v; v+ = v + h a, q+ = q + h v+",
       {Num("m", "kg", "mass (> 0)"), Num("k", "N/m", "spring stiffness (>= 0)", 0.0),
        Num("d", "N*s/m", "joint damping (>= 0)", 0.0), Num("h", "s", "time step (> 0)"),
        Num("q0", "m", "initial position", 0.0), Num("v0", "m/s", "initial velocity", 0.0),
        Num("u", "N", "constant motor force (gear 1)", 0.0),
        Label("integrator", "integrator of §7/§8",
              {"euler", "implicit", "implicitfast", "rk4", "discrete"}, "euler"),
        Num("steps", "1", "number of steps (integer >= 0)", 1.0)},
       {Num("q", "m", "position after the steps"), Num("v", "m/s", "velocity after the steps")},
       [](const Values& in) {
         const double steps = in.Number("steps");
         if (!(steps >= 0) || steps != std::floor(steps) || steps > 1e7) {
           core::ThrowInputError("steps", steps, "1", "an integer in [0, 1e7]");
         }
         const mujoco::LinearSystem system =
             mujoco::OneDof(in.Number("m"), in.Number("k"), in.Number("d"), true);
         const mujoco::LinearState x0{core::VectorX::Constant(1, in.Number("q0")),
                                      core::VectorX::Constant(1, in.Number("v0"))};
         const mujoco::LinearState x = mujoco::IntegrateLinear(
             system, mujoco::ParseIntegrator(in.Label("integrator")), in.Number("h"), x0,
             static_cast<int>(steps), core::VectorX::Constant(1, in.Number("u")));
         Values out;
         out.Set("q", x.q[0]);
         out.Set("v", x.v[0]);
         return out;
       }});
}

}  // namespace simatlas::laws
