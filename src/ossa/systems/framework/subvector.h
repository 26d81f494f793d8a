#pragma once

/// @file
/// Subvector<T>: a window [first, first + size) onto another VectorBase; it
/// does not own the data. Element access goes straight to memory when the
/// underlying vector is contiguous.

#include "ossa/systems/framework/vector_base.h"

namespace ossa::systems {

template <typename T>
class Subvector final : public VectorBase<T> {
 public:
  /// A window of `num_elements` elements starting at `first_element` of
  /// `vector` (which must outlive this). Throws if vector is null or the
  /// window does not fit.
  Subvector(VectorBase<T>* vector, int first_element, int num_elements);
  ~Subvector() final;

  int size() const final { return num_elements_; }
  T* get_contiguous_data() const final { return data_; }
  void SetFromVector(const Eigen::Ref<const VectorX<T>>& value) final;
  void SetZero() final;
  VectorX<T> CopyToVector() const final;
  void CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const final;

 protected:
  const T& DoGetAtIndexUnchecked(int i) const final {
    return data_ ? data_[i] : (*vector_)[first_element_ + i];
  }
  T& DoGetAtIndexUnchecked(int i) final {
    return data_ ? data_[i] : (*vector_)[first_element_ + i];
  }

 private:
  VectorBase<T>* vector_{};
  int first_element_{};
  int num_elements_{};
  T* data_{};  // non-null when the window is contiguous memory
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Subvector);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Subvector);
