// MJ-solvers §7 and §9 against MuJoCo 2.2.2 (live oracle): a slide joint with spring, damper
// and motor (the T8/T9/T10 slider) stepped by mj_step under Euler, implicit and RK4 — one and
// many steps — reproduces the reference integrators' qpos/qvel (≤ 1e-10 relative), and
// mjd_transitionFD's A and B equal the reference FD transition Jacobians. 2.2.2 accepts RK4 in
// mjd_transitionFD; the reference rejects it as MuJoCo ≥ 3.2.7 does (formula sheet version notes).
#include <gtest/gtest.h>

#include <mujoco/mujoco.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/core/errors.h"
#include "reference/mujoco/integrators.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::oracle222 {
namespace {

struct SliderCase {
  double m, k, d, q0, v0, u;
};

// The MJCF slider: no geoms (no contacts), gravity 0, armature 0, one motor of gear 1.
std::string SliderXml(const SliderCase& c, double h, const char* integrator) {
  char buffer[1024];
  std::snprintf(buffer, sizeof(buffer),
                "<mujoco><option timestep=\"%.17g\" gravity=\"0 0 0\" integrator=\"%s\"/>"
                "<worldbody><body><joint name=\"s\" type=\"slide\" axis=\"1 0 0\" "
                "stiffness=\"%.17g\" damping=\"%.17g\"/>"
                "<inertial pos=\"0 0 0\" mass=\"%.17g\" diaginertia=\"1 1 1\"/></body>"
                "</worldbody><actuator><motor joint=\"s\" gear=\"1\"/></actuator></mujoco>",
                h, integrator, c.k, c.d, c.m);
  return buffer;
}

adapters::ModelData LoadSlider(const SliderCase& c, double h, const char* integrator) {
  const std::string path = ::testing::TempDir() + "simatlas_slider_" + integrator + ".xml";
  std::ofstream(path) << SliderXml(c, h, integrator);
  adapters::ModelData l = adapters::LoadModelFile(path);
  l.data->qpos[0] = c.q0;
  l.data->qvel[0] = c.v0;
  l.data->ctrl[0] = c.u;
  return l;
}

bool NearRel(double a, double b, double rel) {
  return std::abs(a - b) <= rel * std::max({1e-3, std::abs(a), std::abs(b)});
}

const std::vector<SliderCase>& Cases() {
  static const std::vector<SliderCase> cases = {
      {1, 0, 10, 0, 1, 0},           // T8
      {1, 100, 0, 1, 0, 0},          // T9
      {1, 100, 10, 0.2, -0.3, 0.5},  // T10 slider
      {2.5, 300, 4, -0.1, 0.7, -1.2},
  };
  return cases;
}

struct IntegratorName {
  const char* mjcf;
  mujoco::Integrator reference;
};

const IntegratorName kIntegrators[] = {{"Euler", mujoco::Integrator::kEuler},
                                       {"implicit", mujoco::Integrator::kImplicit},
                                       {"RK4", mujoco::Integrator::kRk4}};

TEST(IntegratorsOracle, MjStepMatchesReferenceOneAndManySteps) {
  const double h = 0.01;
  for (const SliderCase& c : Cases()) {
    for (const IntegratorName& integ : kIntegrators) {
      const adapters::ModelData l = LoadSlider(c, h, integ.mjcf);
      ASSERT_EQ(l.model->opt.integrator, integ.reference == mujoco::Integrator::kEuler ? mjINT_EULER
                                         : integ.reference == mujoco::Integrator::kImplicit
                                             ? mjINT_IMPLICIT
                                             : mjINT_RK4);
      const mujoco::LinearSystem sys = mujoco::OneDof(c.m, c.k, c.d, true);
      mujoco::LinearState x{core::VectorX::Constant(1, c.q0), core::VectorX::Constant(1, c.v0)};
      const core::VectorX u = core::VectorX::Constant(1, c.u);
      for (int step = 1; step <= 200; ++step) {
        mj_step(l.model.get(), l.data.get());
        x = mujoco::StepLinear(sys, integ.reference, h, x, u);
        if (step == 1 || step == 200) {
          const std::string where = std::string(integ.mjcf) + " m=" + std::to_string(c.m) +
                                    " k=" + std::to_string(c.k) + " d=" + std::to_string(c.d) +
                                    " step " + std::to_string(step);
          EXPECT_TRUE(NearRel(x.q[0], l.data->qpos[0], 1e-10))
              << where << " q " << x.q[0] << " vs " << l.data->qpos[0];
          EXPECT_TRUE(NearRel(x.v[0], l.data->qvel[0], 1e-10))
              << where << " v " << x.v[0] << " vs " << l.data->qvel[0];
        }
      }
    }
  }
}

TEST(IntegratorsOracle, T8AndT9NumbersFromMuJoCo) {
  // The sheet's T8/T9 values, read from mj_step itself.
  adapters::ModelData e = LoadSlider(Cases()[0], 0.01, "Euler");
  mj_step(e.model.get(), e.data.get());
  EXPECT_NEAR(e.data->qvel[0], 0.9090909091, 1e-10);
  adapters::ModelData r = LoadSlider(Cases()[1], 0.01, "RK4");
  mj_step(r.model.get(), r.data.get());
  EXPECT_NEAR(r.data->qpos[0], 0.995004166666667, 1e-14);
  EXPECT_NEAR(r.data->qvel[0], -0.998333333333333, 1e-14);
}

TEST(IntegratorsOracle, TransitionFDMatchesMuJoCo) {
  const double h = 0.01, eps = 1e-6;
  for (const SliderCase& c : Cases()) {
    for (const IntegratorName& integ : {kIntegrators[0], kIntegrators[1]}) {
      for (mjtByte centered : {mjtByte(0), mjtByte(1)}) {
        adapters::ModelData l = LoadSlider(c, h, integ.mjcf);
        double A[4], B[2];
        mjd_transitionFD(l.model.get(), l.data.get(), eps, centered, A, B, nullptr, nullptr);
        const mujoco::TransitionModel model =
            mujoco::LinearTransitionModel(mujoco::OneDof(c.m, c.k, c.d, true), integ.reference, h);
        const mujoco::TransitionJacobians J = mujoco::TransitionFD(
            model,
            {core::VectorX::Constant(1, c.q0), core::VectorX::Constant(1, c.v0), core::VectorX()},
            core::VectorX::Constant(1, c.u), eps, centered != 0);
        const std::string where = std::string(integ.mjcf) + " k=" + std::to_string(c.k) +
                                  " centered " + std::to_string(centered);
        for (int i = 0; i < 2; ++i) {
          for (int j = 0; j < 2; ++j) {
            // Both are finite differences of the same affine map: round-off ~ 1e-16/eps.
            EXPECT_NEAR(J.A(i, j), A[2 * i + j], 1e-8) << where << " A(" << i << "," << j << ")";
          }
          EXPECT_NEAR(J.B(i, 0), B[i], 1e-8) << where << " B(" << i << ")";
        }
        // State restored by MuJoCo (the reference passes state by value).
        EXPECT_EQ(l.data->qpos[0], c.q0);
        EXPECT_EQ(l.data->qvel[0], c.v0);
      }
    }
  }
}

TEST(IntegratorsOracle, T10FromMuJoCoAndRk4Policy) {
  adapters::ModelData l = LoadSlider(Cases()[2], 0.01, "Euler");
  double A[4], B[2];
  mjd_transitionFD(l.model.get(), l.data.get(), 1e-6, 1, A, B, nullptr, nullptr);
  EXPECT_NEAR(A[0], 0.990909091, 1e-8);
  EXPECT_NEAR(A[1], 0.00909090909, 1e-8);
  EXPECT_NEAR(A[2], -0.909090909, 1e-8);
  EXPECT_NEAR(A[3], 0.909090909, 1e-8);
  EXPECT_NEAR(B[0], 9.09090909e-5, 1e-9);
  EXPECT_NEAR(B[1], 0.00909090909, 1e-8);
  // 2.2.2 differentiates RK4 without complaint; the reference (3.15 behaviour) rejects it.
  adapters::ModelData r = LoadSlider(Cases()[2], 0.01, "RK4");
  mjd_transitionFD(r.model.get(), r.data.get(), 1e-6, 1, A, B, nullptr, nullptr);
  EXPECT_TRUE(std::isfinite(A[0]));
  const mujoco::TransitionModel model = mujoco::LinearTransitionModel(
      mujoco::OneDof(1, 100, 10, true), mujoco::Integrator::kRk4, 0.01);
  EXPECT_THROW(mujoco::TransitionFD(model,
                                    {core::VectorX::Constant(1, 0.2),
                                     core::VectorX::Constant(1, -0.3), core::VectorX()},
                                    core::VectorX::Constant(1, 0.5), 1e-6, true),
               core::InputError);
}

}  // namespace
}  // namespace simatlas::oracle222
