// MJ-solvers §6 — the primal warmstart (warmstart.h: PrimalStart), MuJoCo's choice between
// qacc_warmstart and qacc_smooth by their full costs, under both arithmetics the version seam
// chooses, on a one-DOF limit worked by hand (OneDofLimit, point_mass_problems.h).
#include <gtest/gtest.h>

#include "reference/mujoco/test/point_mass_problems.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {
namespace {

TEST(Warmstart, PrimalStartKeepsTheWarmStartUnlessSmoothIsCheaper) {
  // Warm −1: Gauss ½·2·(−1 + 10)² = 81 plus the row's ½·10·1 = 5: 86; smooth −10: the row's
  // ½·10·100 = 500. The warm start is kept; warm −30: 400 + 4500 > 500, qacc_smooth wins.
  for (const Version version : {Version::kMuJoCo222, Version::kMuJoCo315}) {
    const Problem p = OneDofLimit(version);
    EXPECT_EQ(PrimalStart(p, core::VectorX::Constant(1, -1))[0], -1.0);
    EXPECT_EQ(PrimalStart(p, core::VectorX::Constant(1, -30))[0], -10.0);
    EXPECT_EQ(PrimalStart(p, std::nullopt)[0], -10.0);
  }
}

}  // namespace
}  // namespace simatlas::mujoco
