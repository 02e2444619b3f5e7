// MJ-solvers §2a: the mujoco.* laws through the registry.
// mujoco.* laws through the registry: signatures, defaults and T11 numbers (MuJoCo 2.2.2).
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::laws {
namespace {

Values EvalLaw(const std::string& name, const std::vector<std::string>& args) {
  const Law& law = AllLaws().Get(name);
  return Evaluate(law, ParseArguments(law, args));
}

TEST(MujocoLaws, ImpedanceLowerHalf) {
  // x = 0.25 → I = 0.90625, dI/dpos = 50 1/m (hand arithmetic in impedance_test.cc).
  const Values out = EvalLaw("mujoco.impedance", {"pos=0.00025"});
  EXPECT_NEAR(out.Number("imp"), 0.90625, 1e-12);
  EXPECT_NEAR(out.Number("imp_prime"), 50, 1e-9);
}

TEST(MujocoLaws, ImpedanceClampsPower) {
  // power 0.5 is raised to 1 (linear): x = 0.3 → I = 0.9 + 0.3·0.05 = 0.915.
  const Values out = EvalLaw("mujoco.impedance", {"pos=0.0003", "solimp=0.9,0.95,0.001,0.5,0.5"});
  EXPECT_NEAR(out.Number("imp"), 0.915, 1e-12);
}

TEST(MujocoLaws, RowT11Normal) {
  // T11: diag_approx 1, pos −0.001 → K 2770.083, B 105.263, I 0.95, R 0.0526316, aref 2.631579.
  const Values out = EvalLaw("mujoco.row", {"diag_approx=1", "pos=-0.001"});
  EXPECT_NEAR(out.Number("K"), 2770.083102493075, 1e-9);
  EXPECT_NEAR(out.Number("B"), 105.26315789473685, 1e-11);
  EXPECT_NEAR(out.Number("imp"), 0.95, 1e-15);
  EXPECT_NEAR(out.Number("R"), 0.05 / 0.95, 1e-15);
  EXPECT_NEAR(out.Number("aref"), 2.631578947368423, 1e-12);
}

TEST(MujocoLaws, RowRefsafeFlag) {
  // tc = 0.001 with h = 0.002: refsafe → tc 0.004, B = 2/(0.95·0.004) = 526.3158; off → 1052.63.
  EXPECT_NEAR(EvalLaw("mujoco.row", {"diag_approx=1", "pos=0", "solref=0.001,1"}).Number("B"),
              2 / 0.0038, 1e-9);
  EXPECT_NEAR(EvalLaw("mujoco.row", {"diag_approx=1", "pos=0", "solref=0.001,1", "refsafe=false"})
                  .Number("B"),
              2 / 0.00095, 1e-9);
}

TEST(MujocoLaws, PyramidDecodeT11) {
  const Values out =
      EvalLaw("mujoco.pyramid_decode", {"edges=2.954875,2.954875,4.42489711,1.48485289", "mu=1,1"});
  EXPECT_NEAR(out.Number("normal"), 11.8195, 1e-4);
  EXPECT_NEAR(out.Vector("tangent")[1], 2.940044229, 1e-8);
}

TEST(MujocoLaws, BadInputNamesTheKey) {
  try {
    EvalLaw("mujoco.row", {"diag_approx=-1", "pos=0"});
    FAIL() << "expected InputError";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("diag_approx"), std::string::npos);
  }
  EXPECT_THROW(EvalLaw("mujoco.pyramid_decode", {"edges=1,2,3,4", "mu=1"}), core::InputError);
}

}  // namespace
}  // namespace simatlas::laws
