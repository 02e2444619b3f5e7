// mujoco.*: MJ-solvers §2a (impedance, row parameters) and §2b (pyramid decoding).
#include <array>

#include "reference/core/errors.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/pyramid.h"

namespace simatlas::laws {

namespace {

template <size_t N>
std::array<double, N> ToArray(const Eigen::VectorXd& v) {
  std::array<double, N> out{};
  for (size_t i = 0; i < N; ++i) out[i] = v[static_cast<Eigen::Index>(i)];
  return out;
}

Eigen::VectorXd FromArray(const double* values, int n) {
  return Eigen::Map<const Eigen::VectorXd>(values, n);
}

Quantity SolimpInput() {
  Quantity q = Vec("solimp", "1 (width in m)",
                   "(dmin, dmax, width, midpoint, power); clamped as getsolparam does", {5});
  q.default_value = FromArray(mujoco::kDefaultSolImp.data(), 5);
  return q;
}

Quantity SolrefInput() {
  Quantity q =
      Vec("solref", "s, 1 or 1/s^2, 1/s",
          "(timeconst, dampratio) standard if solref[0] > 0, else (-stiffness, -damping)", {2});
  q.default_value = FromArray(mujoco::kDefaultSolRef.data(), 2);
  return q;
}

Quantity RefsafeInput() {
  Quantity q = Flag("refsafe", "flag refsafe: standard timeconst >= 2 h (default true)");
  q.default_value = true;
  return q;
}

}  // namespace

void RegisterMujocoLaws(Registry& registry) {
  registry.Add({"mujoco.impedance",
                "MJ-solvers §2a",
                "I(r) = dmin + y(x)(dmax - dmin), x = |pos - margin|/width, two-piece power "
                "sigmoid with midpoint; flat if dmin = dmax or width <= 1e-15",
                {Num("pos", "m", "distance r (efc_pos; a connect uses the norm of its 3 rows)"),
                 Num("margin", "m", "margin", 0.0), SolimpInput()},
                {Num("imp", "1", "impedance I in (0, 1)"),
                 Num("imp_prime", "1/m", "dI/dpos (signed like pos - margin)")},
                [](const Values& in) {
                  const auto params = mujoco::SanitiseSolParams(
                      mujoco::kDefaultSolRef, ToArray<5>(in.Vector("solimp")), 1.0, false);
                  const auto i = mujoco::EvaluateImpedance(in.Number("pos"), in.Number("margin"),
                                                           params.solimp);
                  Values out;
                  out.Set("imp", i.imp);
                  out.Set("imp_prime", i.imp_prime);
                  return out;
                }});

  registry.Add(
      {"mujoco.row",
       "MJ-solvers §2a",
       "non-friction row: K = 1/(dmax^2 tc^2 zeta^2) or k/dmax^2, B = 2/(dmax tc) or "
       "b/dmax, R = max(1e-15, (1 - I)/I diag_approx), aref = -B vel - K I (pos - margin)",
       {Num("diag_approx", "1/kg or 1/(kg m^2)", "approximate diagonal of A = J M^-1 J^T"),
        Num("pos", "m", "constraint position (distance)"), Num("margin", "m", "margin", 0.0),
        Num("vel", "m/s", "row velocity J qvel", 0.0), SolrefInput(), SolimpInput(),
        Num("timestep", "s", "time step h", 0.002), RefsafeInput()},
       {Num("K", "1/s^2", "stiffness (uses dmax, not I)"), Num("B", "1/s", "damping (uses dmax)"),
        Num("imp", "1", "impedance I"), Num("R", "1/kg", "regulariser"),
        Num("aref", "m/s^2", "reference acceleration")},
       [](const Values& in) {
         mujoco::RowInput row;
         row.diag_approx = in.Number("diag_approx");
         row.distance = row.pos = in.Number("pos");
         row.margin = in.Number("margin");
         row.vel = in.Number("vel");
         row.solref = ToArray<2>(in.Vector("solref"));
         row.solimp = ToArray<5>(in.Vector("solimp"));
         row.timestep = in.Number("timestep");
         row.refsafe = in.Flag("refsafe");
         const auto p = mujoco::MakeRowParameters(row);
         Values out;
         out.Set("K", p.K);
         out.Set("B", p.B);
         out.Set("imp", p.imp);
         out.Set("R", p.R);
         out.Set("aref", p.aref);
         return out;
       }});

  registry.Add(
      {"mujoco.pyramid_decode",
       "MJ-solvers §2b",
       "normal = sum of edges, tangent_j = (p_2j - p_2j+1) mu_j (mju_decodePyramid)",
       {Vec("edges", "N", "2(d-1) pyramid edge forces, >= 0 at a solution", {2, 4, 6, 8, 10}),
        Vec("mu", "1", "d-1 friction coefficients friction[0..d-2]", {1, 2, 3, 4, 5})},
       {Num("normal", "N", "normal force"),
        Vec("tangent", "N or N m", "frictional components in the contact frame", {})},
       [](const Values& in) {
         const auto f = mujoco::DecodePyramid(in.Vector("edges"), in.Vector("mu"));
         Values out;
         out.Set("normal", f.normal);
         out.Set("tangent", f.tangent);
         return out;
       }});
}

}  // namespace simatlas::laws
