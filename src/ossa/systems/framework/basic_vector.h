#pragma once

/// @file
/// BasicVector<T>: a VectorBase that owns a contiguous Eigen vector. It is the
/// value type of vector-valued ports, discrete state groups and numeric
/// parameters. Copyable (copies the elements).

#include <initializer_list>
#include <memory>

#include "ossa/systems/framework/vector_base.h"

namespace ossa::systems {

template <typename T>
class BasicVector : public VectorBase<T> {
 public:
  /// An empty vector.
  BasicVector() = default;
  /// A vector of `size` elements, all NaN for double (zero for other scalars)
  /// so that reading an unset element is noticed.
  explicit BasicVector(int size);
  /// A vector holding a copy of `vec`.
  explicit BasicVector(VectorX<T> vec);
  /// A vector from a list of values.
  BasicVector(std::initializer_list<T> init);
  BasicVector(const BasicVector& other)
      : VectorBase<T>(), values_(other.values_) {}
  BasicVector& operator=(const BasicVector& other) {
    values_ = other.values_;
    return *this;
  }
  ~BasicVector() override;

  /// Makes a vector of the given values.
  template <typename... Fargs>
  static std::unique_ptr<BasicVector<T>> Make(Fargs&&... args) {
    auto data =
        std::make_unique<BasicVector<T>>(static_cast<int>(sizeof...(args)));
    int i = 0;
    ((data->values_[i++] = T(std::forward<Fargs>(args))), ...);
    return data;
  }

  int size() const final { return static_cast<int>(values_.size()); }

  /// The elements, read-only.
  const VectorX<T>& value() const { return values_; }
  /// The elements as a block (the reference's spelling).
  Eigen::VectorBlock<const VectorX<T>> get_value() const {
    return values_.head(values_.size());
  }
  /// The elements, writable.
  Eigen::VectorBlock<VectorX<T>> get_mutable_value() {
    return values_.head(values_.size());
  }
  /// Sets the elements; throws if the size differs.
  void set_value(const Eigen::Ref<const VectorX<T>>& value);
  void SetFromVector(const Eigen::Ref<const VectorX<T>>& value) final;
  void SetZero() final;
  VectorX<T> CopyToVector() const final { return values_; }
  void CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const final;
  void ScaleAndAddToVector(const T& scale,
                           EigenPtr<VectorX<T>> vec) const final;

  /// A copy of this vector (of the same dynamic type; subclasses that add
  /// members override DoClone).
  std::unique_ptr<BasicVector<T>> Clone() const { return DoClone(); }

  T* get_contiguous_data() const final {
    return const_cast<T*>(values_.data());
  }

 protected:
  virtual std::unique_ptr<BasicVector<T>> DoClone() const {
    return std::make_unique<BasicVector<T>>(values_);
  }
  const T& DoGetAtIndexUnchecked(int i) const final { return values_[i]; }
  T& DoGetAtIndexUnchecked(int i) final { return values_[i]; }

 private:
  VectorX<T> values_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BasicVector);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BasicVector);
