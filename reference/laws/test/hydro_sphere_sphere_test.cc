// hydro.sphere_sphere (E3-geometry §2.2): two compliant spheres, the equal-pressure surface
// between them. Checked against laws that do not share its code path: by mirror symmetry, and
// against the rigid-half-space law and its analytic force.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::laws {
namespace {

Values EvaluateLaw(const std::string& name, const std::vector<std::string>& arguments) {
  const Law& law = AllLaws().Get(name);
  return Evaluate(law, ParseArguments(law, arguments));
}

// hydro.sphere_sphere with these arguments throws an InputError whose message holds every part.
void ExpectInputErrorMentioning(const std::vector<std::string>& arguments,
                                const std::vector<std::string>& parts) {
  try {
    EvaluateLaw("hydro.sphere_sphere", arguments);
    ADD_FAILURE() << "no InputError";
  } catch (const core::InputError& e) {
    const std::string message = e.what();
    for (const std::string& part : parts) {
      EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' in: " << message;
    }
  }
}

TEST(HydroSphereSphere, EqualSpheresPressLikeOneSphereHalfTheOverlapIntoARigidPlane) {
  // Two equal spheres (same R, E, and mesh) overlapping by δ: sphere 1's mesh is symmetric under
  // x → −x and sphere 2's is its copy moved along x, so each is the other's mirror image in the
  // mid-plane, where p1 = p2 exactly. The equal-pressure surface is that plane, cut by the same
  // tetrahedra that slice sphere 1 at depth δ/2 against a rigid plane: the two laws integrate
  // the same polygons and must agree to rounding, at every mesh level.
  for (const std::string hint : {"0.2", "0.05", "0.0125"}) {
    const Values pair =
        EvaluateLaw("hydro.sphere_sphere",
                    {"E1=1e5", "R1=1", "E2=1e5", "R2=1", "overlap=0.1", "resolution_hint=" + hint});
    const Values plane = EvaluateLaw("hydro.sphere_halfspace",
                                     {"E=1e5", "R=1", "depth=0.05", "resolution_hint=" + hint});
    EXPECT_NEAR(pair.Number("force"), plane.Number("force"), 1e-10 * plane.Number("force"))
        << "hint " << hint;
    EXPECT_NEAR(pair.Number("area"), plane.Number("area"), 1e-10 * plane.Number("area"));
  }
}

TEST(HydroSphereSphere, TwoLevelEightSpheresConvergeToTheAnalyticForceAtSecondOrder) {
  // R = 1 m: hint 0.0056 m is level 8 (√2/2^8 = 0.00552 ≤ 0.0056), 0.0112 m level 7: 524288
  // tetrahedra per sphere, the refinement cap. Analytic force of the half-overlap plane (see
  // hydro.sphere_halfspace): πEa² − (2πE/3R)(R³ − c³), c = R − δ/2, a² = R² − c². The mesh
  // error is second order in the edge length: it shrinks about fourfold per level.
  const double E = 1e5, R = 1.0, c = R - 0.05, a2 = R * R - c * c;
  const double analytic = M_PI * E * a2 - 2.0 * M_PI * E / (3.0 * R) * (R * R * R - c * c * c);
  auto error_at = [&](const std::string& hint) {
    const Values out =
        EvaluateLaw("hydro.sphere_sphere",
                    {"E1=1e5", "R1=1", "E2=1e5", "R2=1", "overlap=0.1", "resolution_hint=" + hint});
    return std::abs(out.Number("force") - analytic) / analytic;
  };
  const double error7 = error_at("0.0112"), error8 = error_at("0.0056");
  EXPECT_LT(error8, 1e-3);
  EXPECT_GT(error7 / error8, 3.0);
  EXPECT_LT(error7 / error8, 5.0);
}

TEST(HydroSphereSphere, SwappingTheSpheresKeepsTheForce) {
  // Newton's third law on the discrete surface: the force on sphere 2 from sphere 1 equals the
  // force on sphere 1 from sphere 2. The fuzzer's slow input: a 1 m sphere at level
  // 2 against a 42 m sphere at level 8, which before the broad phase meant 6.7e7 tetrahedron
  // pairs.
  const Values small_first =
      EvaluateLaw("hydro.sphere_sphere",
                  {"E1=1", "R1=1", "E2=1", "R2=42", "overlap=0.2", "resolution_hint=0.4"});
  const Values large_first =
      EvaluateLaw("hydro.sphere_sphere",
                  {"E1=1", "R1=42", "E2=1", "R2=1", "overlap=0.2", "resolution_hint=0.4"});
  EXPECT_GT(small_first.Number("force"), 0.0);
  EXPECT_NEAR(small_first.Number("force"), large_first.Number("force"),
              1e-9 * large_first.Number("force"));
  EXPECT_NEAR(small_first.Number("area"), large_first.Number("area"),
              1e-9 * large_first.Number("area"));
}

TEST(HydroSphereSphere, AHintFinerThanLevelEightIsAnInputError) {
  // R2 = 42 m needs hint ≥ √2·42/2^8 = 0.232 m.
  ExpectInputErrorMentioning(
      {"E1=1", "R1=1", "E2=1", "R2=42", "overlap=0.2", "resolution_hint=0.2"},
      {"resolution_hint = 0.2 m", "level 8"});
}

TEST(HydroSphereSphere, ADeepOverlapOfFineMeshesIsRefusedBeforeItRunsForMinutes) {
  // Two level-7 spheres (hint 0.0112 m, 131072 tetrahedra each) overlapping by half a radius:
  // the slivers near the contact give more than geometry::kMaxCandidatePairs candidates (at
  // level 5 and 0.9 R there are 1.2 million). The error names the count and the way out.
  ExpectInputErrorMentioning(
      {"E1=1", "R1=1", "E2=1", "R2=1", "overlap=0.5", "resolution_hint=0.0112"},
      {"candidate tetrahedron pairs", "at most 1000000", "resolution_hint"});
  // The same overlap at level 4 (hint 0.09 m) is evaluated.
  const Values coarse = EvaluateLaw("hydro.sphere_sphere", {"E1=1", "R1=1", "E2=1", "R2=1",
                                                            "overlap=0.5", "resolution_hint=0.09"});
  EXPECT_GT(coarse.Number("force"), 0.0);
}

}  // namespace
}  // namespace simatlas::laws
