#pragma once

/// @file
/// BarycentricMesh<T>: a function from ℝⁿ to ℝᵐ given by its values at the
/// points of a rectangular grid and interpolated in between on the
/// simplices of the grid's cells (Kuhn's triangulation; Munos and Moore,
/// "Barycentric interpolators for continuous space and time reinforcement
/// learning", NIPS 1998).
///
/// Mesh points: the grid's points, indexed with the first input varying
/// fastest, index = Σᵢ kᵢ·Πⱼ<ᵢ |grid_j| for grid coordinates kᵢ.
/// Interpolation of x: in each input i with more than one grid value, the
/// cell [g_l, g_u] holding xᵢ (g_u the first grid value ≥ xᵢ) and the
/// fraction fᵢ = (xᵢ − g_l)/(g_u − g_l); an xᵢ at or below the first value,
/// or above the last, is projected onto it (g_l = g_u = that value,
/// fᵢ = 1). With the fractions sorted ascending, f_(1) ≤ … ≤ f_(d) (ties
/// in input order), the interpolants are the cell's upper corner with
/// weight f_(1), then the corners reached by lowering inputs (1), (2), …
/// in turn, with weights f_(k+1) − f_(k), the last (the lower corner)
/// with 1 − f_(d). The weights are ≥ 0 and sum to 1; the interpolant is
/// exact for functions affine on each simplex.

#include <functional>
#include <set>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa::math {

template <typename T>
class BarycentricMesh {
 public:
  /// The grid values of each input (sorted, unique).
  using Coordinates = std::set<double>;
  using MeshGrid = std::vector<Coordinates>;

  /// Throws std::logic_error if there are no inputs or an input has no
  /// grid value.
  explicit BarycentricMesh(MeshGrid input_grid);

  const MeshGrid& get_input_grid() const { return input_grid_; }
  int get_input_size() const { return static_cast<int>(input_grid_.size()); }
  int get_num_mesh_points() const { return num_mesh_points_; }
  /// 1 + the number of inputs with more than one grid value.
  int get_num_interpolants() const { return num_interpolants_; }

  /// The mesh point of index `index` (in [0, get_num_mesh_points())), into
  /// `point` (of get_input_size() entries).
  void get_mesh_point(int index, EigenPtr<Eigen::VectorXd> point) const;
  Eigen::VectorXd get_mesh_point(int index) const;
  /// Every mesh point, one per column.
  Eigen::MatrixXd get_all_mesh_points() const;

  /// The indices of the mesh points interpolating `input` and their
  /// weights, as the file comment describes; both outputs must have
  /// get_num_interpolants() entries. Throws std::logic_error otherwise, or
  /// if input has not get_input_size() entries.
  void EvalBarycentricWeights(const Eigen::Ref<const VectorX<T>>& input,
                              EigenPtr<Eigen::VectorXi> mesh_indices,
                              EigenPtr<VectorX<T>> weights) const;

  /// Σₖ weightₖ·mesh_values(:, indexₖ): the interpolated value at `input`.
  /// Throws std::logic_error unless mesh_values has one column per mesh
  /// point.
  VectorX<T> Eval(const Eigen::Ref<const MatrixX<T>>& mesh_values,
                  const Eigen::Ref<const VectorX<T>>& input) const;

  /// The matrix whose column i is vector_func(mesh point i).
  MatrixX<T> MeshValuesFrom(
      const std::function<VectorX<T>(const Eigen::Ref<const Eigen::VectorXd>&)>&
          vector_func) const;

 private:
  MeshGrid input_grid_;
  std::vector<int> stride_;
  int num_mesh_points_{};
  int num_interpolants_{};
};

}  // namespace ossa::math

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::math::BarycentricMesh);
