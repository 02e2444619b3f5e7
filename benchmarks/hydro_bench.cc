// Hydroelastic contact-surface query (E3-geometry §2.2): a compliant sphere of radius
// 0.1 m meshed at refinement levels 4–6 (2048, 8192, 32768 tetrahedra) pressed 10 mm into a rigid
// half space; and two such spheres overlapping by 10 mm (the compliant-compliant query with its
// broad phase, levels 4-7). Reports time per query and, as a counter, nanoseconds per
// tetrahedron (near-constant across levels when the cost is linear). Never run by ctest; timings
// are read, not asserted.
#include <benchmark/benchmark.h>

#include <cmath>

#include "reference/geometry/contact_surface.h"
#include "reference/geometry/pressure_field.h"
#include "reference/geometry/volume_mesh.h"

namespace {

using simatlas::geometry::ComputeContactSurface;
using simatlas::geometry::HalfSpacePlane;
using simatlas::geometry::MakePressureField;
using simatlas::geometry::MakeSphereVolumeMesh;

void BM_SphereHalfSpaceSurface(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  const double radius = 0.1, depth = 0.01;
  // The hint √2·R/2^L selects refinement level L exactly (volume_mesh.h).
  const double hint = std::sqrt(2.0) * radius / std::pow(2.0, level) * 1.0000001;
  const auto field = MakePressureField(MakeSphereVolumeMesh(radius, hint), 1e5);
  HalfSpacePlane ground;
  ground.p_WO = simatlas::core::Vector3(0, 0, -radius + depth);  // sphere centre at the origin
  std::size_t faces = 0;
  for (auto _ : state) {
    const auto surface = ComputeContactSurface(field, ground);
    faces = surface.faces.size();
    benchmark::DoNotOptimize(faces);
  }
  const double tetrahedra = static_cast<double>(field.mesh.tetrahedra.size());
  state.counters["tetrahedra"] = tetrahedra;
  state.counters["faces"] = static_cast<double>(faces);
  state.counters["ns_per_tetrahedron"] =
      benchmark::Counter(tetrahedra * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SphereHalfSpaceSurface)->Arg(4)->Arg(5)->Arg(6)->Unit(benchmark::kMicrosecond);

void BM_SphereSphereSurface(benchmark::State& state) {
  const int level = static_cast<int>(state.range(0));
  const double radius = 0.1, overlap = 0.01;
  const double hint = std::sqrt(2.0) * radius / std::pow(2.0, level) * 1.0000001;
  const auto mesh = MakeSphereVolumeMesh(radius, hint);
  const auto M = MakePressureField(mesh, 1e5);
  const auto N = MakePressureField(
      simatlas::geometry::TransformVolumeMesh(mesh, simatlas::core::Matrix3::Identity(),
                                              simatlas::core::Vector3(2 * radius - overlap, 0, 0)),
      1e5);
  std::size_t faces = 0;
  for (auto _ : state) {
    const auto surface = ComputeContactSurface(M, N);
    faces = surface.faces.size();
    benchmark::DoNotOptimize(faces);
  }
  const double tetrahedra = static_cast<double>(2 * mesh.tetrahedra.size());
  state.counters["tetrahedra"] = tetrahedra;
  state.counters["faces"] = static_cast<double>(faces);
  state.counters["ns_per_tetrahedron"] =
      benchmark::Counter(tetrahedra * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SphereSphereSurface)->DenseRange(4, 7)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
