#pragma once

/// @file
/// VectorBase<T>: the interface of the numeric vectors of the framework
/// (state, parameters, vector-valued ports). Concrete vectors are BasicVector
/// (owns its storage), Subvector (a window on another vector) and Supervector
/// (a concatenation of vectors).

#include <initializer_list>
#include <utility>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa::systems {

template <typename T>
class VectorBase {
 public:
  VectorBase(const VectorBase&) = delete;
  VectorBase& operator=(const VectorBase&) = delete;
  virtual ~VectorBase();

  /// Number of elements.
  virtual int size() const = 0;

  /// Element i, unchecked in release builds.
  const T& operator[](int i) const { return DoGetAtIndexUnchecked(i); }
  T& operator[](int i) { return DoGetAtIndexUnchecked(i); }

  /// Element i; throws std::logic_error if i is out of [0, size()).
  const T& GetAtIndex(int i) const;
  T& GetAtIndex(int i);
  /// Sets element i; throws if i is out of range.
  void SetAtIndex(int i, const T& value) { GetAtIndex(i) = value; }

  /// Copies `other` into this; throws if the sizes differ.
  void SetFrom(const VectorBase<T>& other);
  /// Copies `value` into this; throws if the sizes differ.
  virtual void SetFromVector(const Eigen::Ref<const VectorX<T>>& value);
  /// Sets every element to zero.
  virtual void SetZero();
  /// A copy of the elements.
  virtual VectorX<T> CopyToVector() const;
  /// Writes the elements into `vec`, which must already have size().
  virtual void CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const;
  /// vec += scale * this; `vec` must have size().
  virtual void ScaleAndAddToVector(const T& scale,
                                   EigenPtr<VectorX<T>> vec) const;
  /// this += scale * rhs; throws if the sizes differ.
  VectorBase& PlusEqScaled(const T& scale, const VectorBase<T>& rhs);
  /// this += Σ scale_i * rhs_i.
  VectorBase& PlusEqScaled(
      std::initializer_list<std::pair<T, const VectorBase<T>&>> rhs_scale);
  VectorBase& operator+=(const VectorBase<T>& rhs) {
    return PlusEqScaled(T(1), rhs);
  }
  VectorBase& operator-=(const VectorBase<T>& rhs) {
    return PlusEqScaled(T(-1), rhs);
  }

  /// (Internal) Pointer to the elements when they are contiguous in memory,
  /// else nullptr. Lets views and bulk operations avoid per-element virtual
  /// calls.
  virtual T* get_contiguous_data() const { return nullptr; }

 protected:
  VectorBase() = default;
  virtual const T& DoGetAtIndexUnchecked(int i) const = 0;
  virtual T& DoGetAtIndexUnchecked(int i) = 0;
  [[noreturn]] void ThrowOutOfRange(int i) const;
  [[noreturn]] void ThrowMismatchedSize(const char* method, int other) const;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorBase);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorBase);
