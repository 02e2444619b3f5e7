// MJ-solvers §2b — pyramid decode/encode; numbers from T11 (MuJoCo 2.2.2).
#include "reference/mujoco/pyramid.h"

#include <gtest/gtest.h>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

TEST(Pyramid, DecodeT11) {
  // T11 pyramidal edges → (11.8195, 0, 2.940044229): normal = Σ, tangent_j = (p2j − p2j+1) μ.
  core::VectorX edges(4);
  edges << 2.954875, 2.954875, 4.42489711, 1.48485289;
  const ConeForce f = DecodePyramid(edges, core::VectorX::Ones(2));
  EXPECT_NEAR(f.normal, 11.8195, 1e-4);
  EXPECT_NEAR(f.tangent[0], 0, 1e-12);
  EXPECT_NEAR(f.tangent[1], 2.940044229, 1e-8);
}

TEST(Pyramid, EncodeSplitsEvenly) {
  // (f₀, f₁) = (4, 1), μ = 0.5, d − 1 = 1: p = ½(4 ± 2) = (3, 1).
  ConeForce f{4, core::VectorX::Constant(1, 1.0)};
  const core::VectorX e = EncodePyramid(f, core::VectorX::Constant(1, 0.5));
  EXPECT_DOUBLE_EQ(e[0], 3.0);
  EXPECT_DOUBLE_EQ(e[1], 1.0);
}

TEST(Pyramid, RejectsBadSizes) {
  EXPECT_THROW(DecodePyramid(core::VectorX::Ones(3), core::VectorX::Ones(2)), core::InputError);
  EXPECT_THROW(DecodePyramid(core::VectorX::Ones(2), core::VectorX::Zero(1)), core::InputError);
}

}  // namespace
}  // namespace simatlas::mujoco
