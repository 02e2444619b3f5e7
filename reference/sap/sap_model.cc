// E3-SAP §4.1: cliques, participating DOFs, the (4.3) scaling D, Delassus estimate (4.2).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/sap_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace simatlas::sap {

namespace {

// Builds the constraint object of one spec with h and its Delassus estimate w.
std::unique_ptr<SapConstraint> MakeConstraint(const ConstraintSpec& spec, double h,
                                              const core::VectorX& w) {
  if (const auto* p = std::get_if<FrictionConeParameters>(&spec.parameters)) {
    return std::make_unique<FrictionConeConstraint>(*p, h, core::Vector3(w));
  }
  if (const auto* q = std::get_if<HuntCrossleyParameters>(&spec.parameters)) {
    const double vb_z = spec.vb.size() == 3 ? spec.vb(2) : 0.0;
    return std::make_unique<HuntCrossleyConstraint>(*q, h, core::Vector3(w), vb_z);
  }
  return std::make_unique<LimitConstraint>(std::get<LimitParameters>(spec.parameters), h, w);
}

// ‖W‖_F as Drake's W.norm(), except where its sum of squares leaves the normal doubles (an
// entry beyond about 1e±154, e.g. a clique with A = 1e200 kg): there Eigen's scaled stableNorm,
// so that w is not rounded to 0 or inf.
double FrobeniusNorm(const core::MatrixX& W) {
  const double squares = W.squaredNorm();
  const bool normal = squares >= std::numeric_limits<double>::min() &&
                      squares <= std::numeric_limits<double>::max();
  return normal ? std::sqrt(squares) : W.stableNorm();
}

}  // namespace

core::VectorX InvSqrtDiagonal(const core::MatrixX& A) {
  // (4.3): D = diag(A)^(−1/2), the square root first, then the inverse (Drake inverts first;
  // the two agree to rounding).
  return A.diagonal().cwiseSqrt().cwiseInverse();
}

SapModel::SapModel(const SapProblem& problem) {
  ValidateSapProblem(problem);
  const int num_cliques = static_cast<int>(problem.cliques.size());
  num_problem_velocities_ = NumVelocities(problem);
  problem_v_star_ = FullVStar(problem);

  // Participating cliques: those referenced by at least one constraint, in clique order.
  std::vector<int> participating_index(num_cliques, -1);
  std::vector<bool> used(num_cliques, false);
  for (const auto& spec : problem.constraints) {
    for (int c : spec.cliques) used[c] = true;
  }
  for (int c = 0; c < num_cliques; ++c) {
    if (!used[c]) continue;
    participating_index[c] = static_cast<int>(participating_cliques_.size());
    participating_cliques_.push_back(c);
  }

  // Permutation of DOFs: original index → participating index (−1: keeps v*).
  permutation_.assign(num_problem_velocities_, -1);
  int original_offset = 0, reduced_offset = 0;
  std::vector<core::VectorX> v_star_blocks;
  for (int c = 0; c < num_cliques; ++c) {
    const int n = static_cast<int>(problem.cliques[c].v_star.size());
    if (used[c]) {
      for (int k = 0; k < n; ++k) permutation_[original_offset + k] = reduced_offset + k;
      sizes_.push_back(n);
      offsets_.push_back(reduced_offset);
      A_.push_back(problem.cliques[c].A);
      v_star_blocks.push_back(problem.cliques[c].v_star);
      reduced_offset += n;
    }
    original_offset += n;
  }
  v_star_.resize(reduced_offset);
  for (size_t b = 0; b < v_star_blocks.size(); ++b) {
    v_star_.segment(offsets_[b], sizes_[b]) = v_star_blocks[b];
  }

  // D = diag(A)^(−1/2) of the participating DOFs, once (4.3).
  inv_sqrt_A_.resize(reduced_offset);
  for (size_t b = 0; b < A_.size(); ++b)
    inv_sqrt_A_.segment(offsets_[b], sizes_[b]) = InvSqrtDiagonal(A_[b]);

  // Constraints with Delassus blocks Wᵢ = Σ_c Jᵢc diag(A_c)⁻¹ Jᵢcᵀ and wᵢ = ‖Wᵢ‖_F/nᵢ.
  for (int i = 0; i < static_cast<int>(problem.constraints.size()); ++i) {
    const ConstraintSpec& spec = problem.constraints[i];
    const int ni = NumEquations(spec.parameters);
    ModelConstraint mc;
    mc.W = core::MatrixX::Zero(ni, ni);
    for (size_t b = 0; b < spec.cliques.size(); ++b) {
      const int c = spec.cliques[b];
      mc.cliques.push_back(participating_index[c]);
      mc.J.push_back(spec.J[b]);
      const core::VectorX inv_diag = problem.cliques[c].A.diagonal().cwiseInverse();
      mc.W += spec.J[b] * inv_diag.asDiagonal() * spec.J[b].transpose();
    }
    mc.w = core::VectorX::Constant(ni, FrobeniusNorm(mc.W) / ni);
    mc.vb = spec.vb.size() == 0 ? core::VectorX::Zero(ni) : spec.vb;
    mc.constraint = MakeConstraint(spec, problem.time_step, mc.w);

    equation_offsets_.push_back(num_equations_);
    num_equations_ += ni;
    constraints_.push_back(std::move(mc));
  }
}

core::VectorX SapModel::A_diagonal() const {
  core::VectorX d(v_star_.size());
  for (size_t b = 0; b < A_.size(); ++b) d.segment(offsets_[b], sizes_[b]) = A_[b].diagonal();
  return d;
}

core::VectorX SapModel::Reduce(const core::VectorX& full_v) const {
  core::VectorX v(v_star_.size());
  for (int k = 0; k < num_problem_velocities_; ++k) {
    if (permutation_[k] >= 0) v(permutation_[k]) = full_v(k);
  }
  return v;
}

core::VectorX SapModel::Expand(const core::VectorX& v) const {
  core::VectorX full = problem_v_star_;
  for (int k = 0; k < num_problem_velocities_; ++k) {
    if (permutation_[k] >= 0) full(k) = v(permutation_[k]);
  }
  return full;
}

core::VectorX SapModel::MultiplyByA(const core::VectorX& v) const {
  core::VectorX Av(v.size());
  for (size_t b = 0; b < A_.size(); ++b) {
    Av.segment(offsets_[b], sizes_[b]).noalias() = A_[b] * v.segment(offsets_[b], sizes_[b]);
  }
  return Av;
}

core::VectorX SapModel::MultiplyByJ(const core::VectorX& dv) const {
  core::VectorX out = core::VectorX::Zero(num_equations_);
  for (size_t i = 0; i < constraints_.size(); ++i) {
    const auto& mc = constraints_[i];
    auto segment = out.segment(equation_offsets_[i], mc.w.size());
    for (size_t b = 0; b < mc.cliques.size(); ++b) {
      const int c = mc.cliques[b];
      segment.noalias() += mc.J[b] * dv.segment(offsets_[c], sizes_[c]);
    }
  }
  return out;
}

core::VectorX SapModel::CalcConstraintVelocities(const core::VectorX& v) const {
  core::VectorX vc = MultiplyByJ(v);
  for (size_t i = 0; i < constraints_.size(); ++i) {
    vc.segment(equation_offsets_[i], constraints_[i].vb.size()) += constraints_[i].vb;
  }
  return vc;
}

core::VectorX SapModel::MultiplyByJTranspose(const core::VectorX& gamma) const {
  core::VectorX out = core::VectorX::Zero(v_star_.size());
  for (size_t i = 0; i < constraints_.size(); ++i) {
    const auto& mc = constraints_[i];
    const auto segment = gamma.segment(equation_offsets_[i], mc.w.size());
    for (size_t b = 0; b < mc.cliques.size(); ++b) {
      const int c = mc.cliques[b];
      out.segment(offsets_[c], sizes_[c]).noalias() += mc.J[b].transpose() * segment;
    }
  }
  return out;
}

}  // namespace simatlas::sap
