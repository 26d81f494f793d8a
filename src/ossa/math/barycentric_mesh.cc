#include "ossa/math/barycentric_mesh.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <numeric>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::math {

template <typename T>
BarycentricMesh<T>::BarycentricMesh(MeshGrid input_grid)
    : input_grid_(std::move(input_grid)) {
  if (input_grid_.empty()) {
    ThrowLogicError("BarycentricMesh(): the input grid has no inputs.");
  }
  num_mesh_points_ = 1;
  num_interpolants_ = 1;
  for (size_t i = 0; i < input_grid_.size(); ++i) {
    if (input_grid_[i].empty()) {
      ThrowLogicError("BarycentricMesh(): input {} has no grid values.", i);
    }
    stride_.push_back(num_mesh_points_);
    // Mesh points are indexed by int.
    const int64_t points =
        int64_t{num_mesh_points_} * static_cast<int64_t>(input_grid_[i].size());
    if (points > std::numeric_limits<int>::max()) {
      ThrowLogicError(
          "BarycentricMesh(): the grid has more than {} mesh points (at input "
          "{}).",
          std::numeric_limits<int>::max(), i);
    }
    num_mesh_points_ = static_cast<int>(points);
    if (input_grid_[i].size() > 1) ++num_interpolants_;
  }
}

template <typename T>
void BarycentricMesh<T>::get_mesh_point(int index,
                                        EigenPtr<Eigen::VectorXd> point) const {
  if (index < 0 || index >= num_mesh_points_) {
    ThrowLogicError(
        "BarycentricMesh::get_mesh_point(): index {} is not in [0, {}).", index,
        num_mesh_points_);
  }
  if (point == nullptr || point->size() != get_input_size()) {
    ThrowLogicError(
        "BarycentricMesh::get_mesh_point(): point must have {} entries.",
        get_input_size());
  }
  for (int i = 0; i < get_input_size(); ++i) {
    const int size = static_cast<int>(input_grid_[i].size());
    (*point)[i] = *std::next(input_grid_[i].begin(), index % size);
    index /= size;
  }
}

template <typename T>
Eigen::VectorXd BarycentricMesh<T>::get_mesh_point(int index) const {
  Eigen::VectorXd point(get_input_size());
  get_mesh_point(index, &point);
  return point;
}

template <typename T>
Eigen::MatrixXd BarycentricMesh<T>::get_all_mesh_points() const {
  Eigen::MatrixXd points(get_input_size(), num_mesh_points_);
  for (int j = 0; j < num_mesh_points_; ++j) {
    Eigen::VectorXd point(get_input_size());
    get_mesh_point(j, &point);
    points.col(j) = point;
  }
  return points;
}

template <typename T>
void BarycentricMesh<T>::EvalBarycentricWeights(
    const Eigen::Ref<const VectorX<T>>& input,
    EigenPtr<Eigen::VectorXi> mesh_indices,
    EigenPtr<VectorX<T>> weights) const {
  const int n = get_input_size();
  if (mesh_indices == nullptr || weights == nullptr ||
      mesh_indices->size() != num_interpolants_ ||
      weights->size() != num_interpolants_) {
    ThrowLogicError(
        "BarycentricMesh::EvalBarycentricWeights(): mesh_indices and weights "
        "must have get_num_interpolants() = {} entries.",
        num_interpolants_);
  }
  if (input.size() != n) {
    ThrowLogicError(
        "BarycentricMesh::EvalBarycentricWeights(): the input has {} "
        "entries; the mesh has {} inputs.",
        input.size(), n);
  }
  // Per input with more than one grid value: the lower and upper corner
  // indices of its cell and the fraction f (T, so that AutoDiffXd carries
  // ∂f/∂x); the upper corner's index accumulates in `index`.
  struct Axis {
    int input;
    int lower, upper;
    T fraction;
  };
  std::vector<Axis> axes;
  int index = 0;
  for (int i = 0; i < n; ++i) {
    const auto& grid = input_grid_[i];
    const double x = ExtractDoubleOrThrow(input[i]);
    if (grid.size() == 1) continue;  // index 0 in this input
    int lower, upper;
    T fraction;
    const auto above = grid.lower_bound(x);  // first value ≥ x
    if (x <= *grid.begin()) {
      lower = upper = 0;
      fraction = 1.0;
    } else if (above == grid.end()) {
      lower = upper = static_cast<int>(grid.size()) - 1;
      fraction = 1.0;
    } else {
      upper = static_cast<int>(std::distance(grid.begin(), above));
      lower = upper - 1;
      const double g_upper = *above, g_lower = *std::prev(above);
      fraction = (input[i] - g_lower) / (g_upper - g_lower);
    }
    index += upper * stride_[i];
    axes.push_back({i, lower, upper, fraction});
  }
  // Lower the inputs in ascending order of fraction (ties in input order).
  std::stable_sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) {
    return ExtractDoubleOrThrow(a.fraction) < ExtractDoubleOrThrow(b.fraction);
  });
  T previous(0.0);
  for (size_t k = 0; k < axes.size(); ++k) {
    (*mesh_indices)[k] = index;
    (*weights)[k] = axes[k].fraction - previous;
    previous = axes[k].fraction;
    index -= (axes[k].upper - axes[k].lower) * stride_[axes[k].input];
  }
  (*mesh_indices)[axes.size()] = index;
  (*weights)[axes.size()] = 1.0 - previous;
}

template <typename T>
VectorX<T> BarycentricMesh<T>::Eval(
    const Eigen::Ref<const MatrixX<T>>& mesh_values,
    const Eigen::Ref<const VectorX<T>>& input) const {
  if (mesh_values.cols() != num_mesh_points_) {
    ThrowLogicError(
        "BarycentricMesh::Eval(): mesh_values has {} columns; the mesh has "
        "{} points.",
        mesh_values.cols(), num_mesh_points_);
  }
  Eigen::VectorXi indices(num_interpolants_);
  VectorX<T> weights(num_interpolants_);
  EvalBarycentricWeights(input, &indices, &weights);
  VectorX<T> value = VectorX<T>::Zero(mesh_values.rows());
  for (int k = 0; k < indices.size(); ++k) {
    value += weights[k] * mesh_values.col(indices[k]);
  }
  return value;
}

template <typename T>
MatrixX<T> BarycentricMesh<T>::MeshValuesFrom(
    const std::function<VectorX<T>(const Eigen::Ref<const Eigen::VectorXd>&)>&
        vector_func) const {
  MatrixX<T> values;
  for (int j = 0; j < num_mesh_points_; ++j) {
    const VectorX<T> value = vector_func(get_mesh_point(j));
    if (j == 0) values.resize(value.size(), num_mesh_points_);
    if (value.size() != values.rows()) {
      ThrowLogicError(
          "BarycentricMesh::MeshValuesFrom(): the function returned {} "
          "entries at mesh point {} and {} at mesh point 0.",
          value.size(), j, values.rows());
    }
    values.col(j) = value;
  }
  return values;
}

}  // namespace ossa::math

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::math::BarycentricMesh);
