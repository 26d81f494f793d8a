#pragma once

/// @file
/// SparseMatrixGain<T>: y = D·u with D a sparse matrix (compressed by
/// columns). Unlike MatrixGain it is not a LinearSystem.
/// Ports: input "u" (D.cols()), output "y" (D.rows()), directly fed
/// through.

#include <Eigen/SparseCore>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class SparseMatrixGain final : public LeafSystem<T> {
 public:
  explicit SparseMatrixGain(const Eigen::SparseMatrix<double>& D);
  template <typename U>
  explicit SparseMatrixGain(const SparseMatrixGain<U>& other)
      : SparseMatrixGain(other.D()) {}

  const Eigen::SparseMatrix<double>& D() const { return D_; }
  /// Replaces D; it must have the same shape (the ports are fixed). Throws
  /// std::logic_error otherwise. As in the reference, D is not a Context
  /// parameter: an output already cached in a Context keeps the old D until
  /// something it depends on (the input) changes.
  void set_D(const Eigen::SparseMatrix<double>& D);

 private:
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;

  Eigen::SparseMatrix<double> D_;
};

/// SparseMatrixGain converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<SparseMatrixGain> : std::true_type {
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SparseMatrixGain);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SparseMatrixGain);
