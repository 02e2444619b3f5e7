// MJ-solvers §5 — comparing per-iteration solver statistics with a live MuJoCo, and the
// round-off floors of the comparison (derivation in statistics_compare.h).
#include "oracle/statistics_compare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "reference/mujoco/dual.h"
#include "reference/mujoco/primal.h"

namespace simatlas::oracle {

namespace {

/// Z = |J||a| + |aref| per row: the magnitude the residual z = J a − aref cancels from.
core::VectorX ResidualTerms(const mujoco::Problem& p, const core::VectorX& a) {
  return p.J.cwiseAbs() * a.cwiseAbs() + p.aref.cwiseAbs();
}

/// G of the gradient floor at a with row forces f.
double GradientTerms(const mujoco::Problem& p, const core::VectorX& a, const core::VectorX& f) {
  const core::MatrixX absM = p.M.cwiseAbs();
  const core::VectorX DZ = ResidualTerms(p, a).cwiseQuotient(p.R);
  return (absM * a.cwiseAbs() + absM * p.qacc_smooth.cwiseAbs() +
          p.J.cwiseAbs().transpose() * (f.cwiseAbs() + DZ))
      .norm();
}

/// Σ D|z|Z over the rows at a: the rounding carried by the row costs.
double CostTerms(const mujoco::Problem& p, const core::VectorX& a) {
  const core::VectorX z = (p.J * a - p.aref).cwiseAbs();
  return z.cwiseProduct(ResidualTerms(p, a)).cwiseQuotient(p.R).sum();
}

std::string Row(const std::vector<mujoco::IterationStats>& v, size_t k) {
  std::ostringstream o;
  if (k < v.size()) {
    const mujoco::IterationStats& t = v[k];
    o << t.improvement << " " << t.gradient << " " << t.lineslope << " " << t.nactive << " "
      << t.nchange << " " << t.neval << " " << t.nupdate;
  }
  return o.str();
}

}  // namespace

RoundOff StatisticsFloors(const mujoco::Problem& p, const mujoco::SolveResult& answer, double scale,
                          const core::VectorX& qacc0) {
  const double eps = std::numeric_limits<double>::epsilon();
  const double n = p.nv + p.nefc();
  const mujoco::PrimalEval start = mujoco::EvaluatePrimal(p, qacc0);
  double C =
      std::max(std::abs(start.cost) + CostTerms(p, qacc0),
               std::abs(mujoco::EvaluatePrimal(p, answer.qacc).cost) + CostTerms(p, answer.qacc));
  if (p.opt.solver == mujoco::SolverKind::kPGS) {
    const mujoco::DualProblem dual = mujoco::MakeDual(p);
    const core::VectorX f = answer.efc_force.cwiseAbs();
    C = 0.5 * f.dot(dual.AR.cwiseAbs() * f) + f.dot(dual.b.cwiseAbs());
  }
  RoundOff out;
  out.improvement = 2 * n * eps * scale * C;
  out.gradient = n * eps * scale *
                 std::max(GradientTerms(p, qacc0, start.constraints.force),
                          GradientTerms(p, answer.qacc, answer.efc_force));
  return out;
}

std::vector<std::string> CompareIterationsExactly(
    const std::vector<mujoco::IterationStats>& ours,
    const std::vector<mujoco::IterationStats>& theirs) {
  std::vector<std::string> out;
  if (ours.size() != theirs.size()) {
    out.push_back(std::to_string(ours.size()) + " iterations vs " + std::to_string(theirs.size()));
  }
  for (size_t k = 0; k < std::min(ours.size(), theirs.size()); ++k) {
    const mujoco::IterationStats &a = ours[k], &b = theirs[k];
    const double ra[] = {a.improvement, a.gradient, a.lineslope};
    const double rb[] = {b.improvement, b.gradient, b.lineslope};
    const char* real_names[] = {"improvement", "gradient", "lineslope"};
    for (int f = 0; f < 3; ++f) {
      if (ra[f] != rb[f]) {
        std::ostringstream o;
        o.precision(17);
        o << "iteration " << k << ": " << real_names[f] << " " << ra[f] << " vs " << rb[f];
        out.push_back(o.str());
      }
    }
    const int ia[] = {a.nactive, a.nchange, a.neval, a.nupdate};
    const int ib[] = {b.nactive, b.nchange, b.neval, b.nupdate};
    const char* int_names[] = {"nactive", "nchange", "neval", "nupdate"};
    for (int f = 0; f < 4; ++f) {
      if (ia[f] != ib[f]) {
        out.push_back("iteration " + std::to_string(k) + ": " + int_names[f] + " " +
                      std::to_string(ia[f]) + " vs " + std::to_string(ib[f]));
      }
    }
  }
  return out;
}

bool RealsAgree(double ours, double theirs, double floor) {
  return std::abs(ours - theirs) <= 1e-6 * std::max(std::abs(ours), std::abs(theirs)) + floor;
}

std::vector<std::string> CompareIterations(const std::vector<mujoco::IterationStats>& ours,
                                           const std::vector<mujoco::IterationStats>& theirs,
                                           std::size_t count, const RoundOff& floor,
                                           bool compare_lineslope) {
  std::vector<std::string> out;
  count = std::min({count, ours.size(), theirs.size()});
  const double g0 = theirs.empty() ? 0.0 : theirs[0].gradient;
  auto integer = [&](size_t k, const char* name, int a, int b) {
    if (a != b) {
      out.push_back("iteration " + std::to_string(k) + ": " + name + " " + std::to_string(a) +
                    " vs " + std::to_string(b));
    }
  };
  auto real = [&](size_t k, const char* name, double a, double b, double f) {
    if (!RealsAgree(a, b, f)) {
      std::ostringstream o;
      o << "iteration " << k << ": " << name << " " << a << " vs " << b << " (floor " << f << ")";
      out.push_back(o.str());
    }
  };
  for (size_t k = 0; k < count; ++k) {
    const mujoco::IterationStats &a = ours[k], &b = theirs[k];
    integer(k, "nactive", a.nactive, b.nactive);
    integer(k, "nchange", a.nchange, b.nchange);
    integer(k, "neval", a.neval, b.neval);
    integer(k, "nupdate", a.nupdate, b.nupdate);
    real(k, "improvement", a.improvement, b.improvement, floor.improvement);
    real(k, "gradient", a.gradient, b.gradient, floor.gradient + 1e-6 * g0);
    if (compare_lineslope) real(k, "lineslope", a.lineslope, b.lineslope, floor.gradient);
  }
  return out;
}

std::string StatisticsTable(const std::vector<mujoco::IterationStats>& ours,
                            const std::vector<mujoco::IterationStats>& theirs) {
  std::ostringstream o;
  o << "iteration | ours: improvement gradient lineslope nactive nchange neval nupdate | MuJoCo\n";
  for (size_t k = 0; k < std::max(ours.size(), theirs.size()); ++k) {
    o << k << " | " << Row(ours, k) << " | " << Row(theirs, k) << "\n";
  }
  return o.str();
}

}  // namespace simatlas::oracle
