// E3-SAP §4.2 cost claims, measured (not a test, never run by ctest): SAP solve time
// and Newton iterations vs problem size for
//   boxes_N — N independent boxes resting on a plane (4 corner contacts each, one clique each),
//   stack_N — a stack of N boxes (box 0 on the plane, box i on box i−1: two-clique contacts),
//   chain_N — a chain of N box links end to end on the plane, each on the ground and pressed
//             against its neighbours (two-clique contacts between neighbours only),
// with the block-sparse vs the dense Cholesky and the exact vs the backtracking line search.
// Iterations, DOFs and contacts are reported as benchmark counters.
#include <cmath>
#include <string>

#include <benchmark/benchmark.h>

#include "reference/core/numeric.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"

namespace {

using namespace simatlas;
using sap::LinearSolverType;
using sap::LineSearchType;

// Box: side 2a = 0.2 m, m = 1 kg, I = m (2a)²/6; step h = 10 ms, g = 9.81 m/s².
constexpr double kHalfSide = 0.1;
constexpr double kMass = 1.0;
constexpr double kInertia = kMass * 4 * kHalfSide * kHalfSide / 6.0;
constexpr double kTimeStep = 0.01;
constexpr double kGravity = 9.81;

// One free box as a clique, v = (vx, vy, vz, ωx, ωy, ωz): A = diag(m, m, m, I, I, I), v* has
// gravity's h g downward and a box-dependent horizontal slide so that some boxes stick and
// others slide (vx = 0.05·(i mod 5) m/s).
sap::Clique BoxClique(int i) {
  sap::Clique c;
  c.A = core::MatrixX::Zero(6, 6);
  c.A.diagonal() << kMass, kMass, kMass, kInertia, kInertia, kInertia;
  c.v_star = core::VectorX::Zero(6);
  c.v_star(0) = 0.05 * (i % 5);
  c.v_star(2) = -kTimeStep * kGravity;
  return c;
}

// Contact frame C with columns (t₁, t₂, n): the velocity of the point at r from the box's
// centre along direction d is d·v + (r × d)·ω, so J's row for d is [dᵀ, (r × d)ᵀ].
core::MatrixX FrameJacobian(const Eigen::Vector3d& r, const Eigen::Matrix3d& frame) {
  core::MatrixX J(3, 6);
  for (int k = 0; k < 3; ++k) {
    const Eigen::Vector3d d = frame.col(k);
    J.block<1, 3>(k, 0) = d.transpose();
    J.block<1, 3>(k, 3) = r.cross(d).transpose();
  }
  return J;
}

// Contact frame C = world (x, y tangents, z normal).
core::MatrixX CornerJacobian(const Eigen::Vector3d& r) {
  return FrameJacobian(r, Eigen::Matrix3d::Identity());
}

// kSap contact: μ = 0.5, k = 1e6 N/m, τd = 0, 0.1 mm penetration.
sap::FrictionConeParameters Contact() {
  return sap::FrictionConeParameters{.mu = 0.5,
                                     .stiffness = 1e6,
                                     .relaxation_time = 0.0,
                                     .phi0 = -1e-4,
                                     .beta = 1.0,
                                     .sigma = 1e-3};
}

// The four bottom corners r = (±a, ±a, −a) (top corners: z = +a).
std::vector<Eigen::Vector3d> Corners(double z) {
  return {{kHalfSide, kHalfSide, z},
          {-kHalfSide, kHalfSide, z},
          {kHalfSide, -kHalfSide, z},
          {-kHalfSide, -kHalfSide, z}};
}

// N independent boxes on the plane.
sap::SapProblem IndependentBoxes(int n) {
  sap::SapProblem problem;
  problem.time_step = kTimeStep;
  for (int i = 0; i < n; ++i) {
    problem.cliques.push_back(BoxClique(i));
    for (const Eigen::Vector3d& r : Corners(-kHalfSide)) {
      problem.constraints.push_back(sap::ConstraintSpec{{i}, {CornerJacobian(r)}, {}, Contact()});
    }
  }
  return problem;
}

// A stack: box 0 on the plane, box i's bottom corners on box i−1's top face. The contact
// velocity is upper point minus lower point, so the lower box's block is −[dᵀ, (r × d)ᵀ].
sap::SapProblem BoxStack(int n) {
  sap::SapProblem problem;
  problem.time_step = kTimeStep;
  for (int i = 0; i < n; ++i) {
    problem.cliques.push_back(BoxClique(i));
    const std::vector<Eigen::Vector3d> bottom = Corners(-kHalfSide);
    const std::vector<Eigen::Vector3d> top = Corners(kHalfSide);
    for (int k = 0; k < 4; ++k) {
      if (i == 0) {
        problem.constraints.push_back(
            sap::ConstraintSpec{{0}, {CornerJacobian(bottom[k])}, {}, Contact()});
      } else {
        problem.constraints.push_back(sap::ConstraintSpec{
            {i, i - 1}, {CornerJacobian(bottom[k]), -CornerJacobian(top[k])}, {}, Contact()});
      }
    }
  }
  return problem;
}

// A chain: N boxes in a row along x on the plane, link i's +x face against link i+1's −x face
// at two points (y = ±a, z = 0) with normal +x (frame t₁ = y, t₂ = z, n = x). The contact
// velocity is link i+1's point minus link i's; link i slides at v*x = −0.02·i m/s, so every
// joint closes at 0.02 m/s and stays in contact. 4 ground contacts per link plus 2 contacts per
// joint: every clique touches the ground and only its neighbours.
sap::SapProblem LinkChain(int n) {
  sap::SapProblem problem;
  problem.time_step = kTimeStep;
  Eigen::Matrix3d x_normal;
  x_normal << Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX();
  for (int i = 0; i < n; ++i) {
    sap::Clique link = BoxClique(i);
    link.v_star(0) = -0.02 * i;
    problem.cliques.push_back(link);
    for (const Eigen::Vector3d& r : Corners(-kHalfSide)) {
      problem.constraints.push_back(sap::ConstraintSpec{{i}, {CornerJacobian(r)}, {}, Contact()});
    }
    if (i == 0) continue;
    for (const double y : {kHalfSide, -kHalfSide}) {
      const Eigen::Vector3d on_this(-kHalfSide, y, 0), on_previous(kHalfSide, y, 0);
      problem.constraints.push_back(sap::ConstraintSpec{
          {i, i - 1},
          {FrameJacobian(on_this, x_normal), -FrameJacobian(on_previous, x_normal)},
          {},
          Contact()});
    }
  }
  return problem;
}

enum class Scene { kBoxes, kStack, kChain };

const char* SceneName(Scene scene) {
  switch (scene) {
    case Scene::kBoxes: return "boxes";
    case Scene::kStack: return "stack";
    case Scene::kChain: return "chain";
  }
  return "?";
}

sap::SapProblem MakeScene(Scene scene, int n) {
  switch (scene) {
    case Scene::kBoxes: return IndependentBoxes(n);
    case Scene::kStack: return BoxStack(n);
    case Scene::kChain: return LinkChain(n);
  }
  return {};
}

// One benchmark: builds the problem once, times SolveSapProblem (model build + Newton loop,
// as a time step pays it), reports the iterations of the last solve.
void SolveBench(benchmark::State& state, Scene scene, LinearSolverType linear,
                LineSearchType search) {
  const int n = static_cast<int>(state.range(0));
  const sap::SapProblem problem = MakeScene(scene, n);
  sap::SapSolverParameters parameters;
  parameters.linear_solver = linear;
  parameters.line_search = search;
  sap::SapSolverResult result;
  for (auto _ : state) {
    result = sap::SolveSapProblem(problem, parameters);
    benchmark::DoNotOptimize(result.v.data());
  }
  if (!result.success) state.SkipWithError("SAP did not converge");
  state.counters["N"] = n;
  state.counters["dofs"] = 6.0 * n;
  state.counters["contacts"] = static_cast<double>(problem.constraints.size());
  state.counters["iterations"] = result.iterations;
}

// Registers scene × linear solver × line search over N = 10…1000. Dense only up to N = 200
// (boxes, chain: 3–5 iterations) and 100 (stack, ~35 iterations): its O((6N)³) factorisation
// per iteration would make one run take minutes beyond.
void RegisterAll() {
  for (Scene scene : {Scene::kBoxes, Scene::kStack, Scene::kChain}) {
    for (LinearSolverType linear :
         {LinearSolverType::kBlockSparseCholesky, LinearSolverType::kDense}) {
      for (LineSearchType search : {LineSearchType::kExact, LineSearchType::kBacktracking}) {
        if (linear == LinearSolverType::kDense && search == LineSearchType::kBacktracking) {
          continue;  // the line search does not depend on the linear solver
        }
        const std::string name = std::string("SAP/") + SceneName(scene) + "/" +
                                 sap::LinearSolverTypeName(linear) + "/" +
                                 sap::LineSearchTypeName(search);
        auto* b = benchmark::RegisterBenchmark(
            name.c_str(), [=](benchmark::State& s) { SolveBench(s, scene, linear, search); });
        for (int n : {10, 20, 50, 100, 200, 500, 1000}) {
          if (linear == LinearSolverType::kDense && n > (scene == Scene::kStack ? 100 : 200)) {
            continue;
          }
          b->Arg(n);
        }
        b->Unit(benchmark::kMillisecond);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
