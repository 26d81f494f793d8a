#pragma once

/// @file
/// Short aliases for the Eigen types used throughout ossa, templated on the
/// scalar type T (double, AutoDiffXd, and later symbolic::Expression).

#include <optional>
#include <stdexcept>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace ossa {

template <typename T>
using Vector1 = Eigen::Matrix<T, 1, 1>;
template <typename T>
using Vector2 = Eigen::Matrix<T, 2, 1>;
template <typename T>
using Vector3 = Eigen::Matrix<T, 3, 1>;
template <typename T>
using Vector4 = Eigen::Matrix<T, 4, 1>;
template <typename T>
using Vector6 = Eigen::Matrix<T, 6, 1>;
template <typename T>
using VectorX = Eigen::Matrix<T, Eigen::Dynamic, 1>;
template <typename T>
using RowVector3 = Eigen::Matrix<T, 1, 3>;
template <typename T>
using RowVectorX = Eigen::Matrix<T, 1, Eigen::Dynamic>;

template <typename T>
using Matrix2 = Eigen::Matrix<T, 2, 2>;
template <typename T>
using Matrix3 = Eigen::Matrix<T, 3, 3>;
template <typename T>
using Matrix4 = Eigen::Matrix<T, 4, 4>;
template <typename T>
using Matrix6 = Eigen::Matrix<T, 6, 6>;
template <typename T>
using Matrix3X = Eigen::Matrix<T, 3, Eigen::Dynamic>;
template <typename T>
using Matrix6X = Eigen::Matrix<T, 6, Eigen::Dynamic>;
template <typename T>
using MatrixX = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

template <typename T>
using Quaternion = Eigen::Quaternion<T>;
template <typename T>
using AngleAxis = Eigen::AngleAxis<T>;
template <typename T>
using Isometry3 = Eigen::Transform<T, 3, Eigen::Isometry>;

/// A non-owning pointer to an Eigen object of any storage, as in the
/// specification's `EigenPtr<MatrixX<T>>` output arguments. It wraps an
/// Eigen::Ref so that a block of a larger matrix can be written into; a
/// default-constructed or nullptr EigenPtr is null.
template <typename PlainObjectType>
class EigenPtr {
 public:
  using RefType = Eigen::Ref<PlainObjectType>;

  EigenPtr() = default;
  EigenPtr(std::nullptr_t) {}  // NOLINT(runtime/explicit)
  template <typename PlainObjectTypeIn>
  EigenPtr(PlainObjectTypeIn* m) {  // NOLINT(runtime/explicit)
    if (m) ref_.emplace(*m);
  }
  EigenPtr(const EigenPtr& other) { *this = other; }
  EigenPtr& operator=(const EigenPtr& other) {
    ref_.reset();
    if (other.ref_) ref_.emplace(*other.ref_);
    return *this;
  }

  RefType& operator*() const { return get_reference(); }
  RefType* operator->() const { return &get_reference(); }
  explicit operator bool() const { return ref_.has_value(); }
  bool operator==(std::nullptr_t) const { return !ref_; }
  bool operator!=(std::nullptr_t) const { return ref_.has_value(); }

 private:
  RefType& get_reference() const {
    if (!ref_) throw std::logic_error("EigenPtr: dereferencing a null pointer");
    return *ref_;
  }
  mutable std::optional<RefType> ref_;
};

}  // namespace ossa
