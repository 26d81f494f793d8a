#pragma once

/// @file
/// SpatialVector, the common base of the spatial vectors SpatialVelocity,
/// SpatialAcceleration, SpatialForce and SpatialMomentum.

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <tuple>
#include <type_traits>

#include "ossa/common/autodiff.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::multibody {

/// A 6-element vector made of a 3-element rotational part followed by a
/// 3-element translational part, e.g. V = [ω; v] for a spatial velocity or
/// F = [τ; f] for a spatial force. Each concrete spatial vector derives from
/// this base (CRTP) so that arithmetic returns the concrete type and vectors
/// of different physical meaning cannot be mixed by accident.
///
/// Like the specification, this class tracks neither the frame in which a
/// vector is expressed nor the point it refers to: use monogram notation
/// (V_WB_E, F_Bo_W, ...) to keep track of them.
///
/// The default constructor leaves the entries uninitialized in release
/// builds (these objects live on the hot path of the dynamics) and sets them
/// to NaN in debug builds, so that uninitialized use shows up quickly.
///
/// @tparam SpatialQuantity the concrete class template (SpatialVelocity, ...)
/// @tparam T the scalar type (double, AutoDiffXd, ...)
template <template <typename> class SpatialQuantity, typename T>
class SpatialVector {
 public:
  /// The concrete spatial vector type.
  using SpatialQuantityType = SpatialQuantity<T>;
  /// The storage of the six coefficients, rotational part first.
  using CoeffsEigenType = Vector6<T>;
  using ScalarType = T;

  static constexpr int kSpatialVectorSize = 6;
  static constexpr int kRotationSize = 3;
  static constexpr int kTranslationSize = 3;

  /// Uninitialized in release builds, NaN in debug builds.
  SpatialVector() {
#ifndef NDEBUG
    SetNaN();
#endif
  }

  /// Constructs from a rotational part `w` and a translational part `v`
  /// (any 3-element Eigen expressions).
  template <typename OtherDerived1, typename OtherDerived2>
  SpatialVector(const Eigen::MatrixBase<OtherDerived1>& w,
                const Eigen::MatrixBase<OtherDerived2>& v) {
    static_assert(OtherDerived1::SizeAtCompileTime == 3 ||
                  OtherDerived1::SizeAtCompileTime == Eigen::Dynamic);
    static_assert(OtherDerived2::SizeAtCompileTime == 3 ||
                  OtherDerived2::SizeAtCompileTime == Eigen::Dynamic);
    if (w.size() != 3 || v.size() != 3) ThrowWrongSize(w.size(), v.size());
    V_.template head<3>() = w;
    V_.template tail<3>() = v;
  }

  /// Constructs from a 6-element Eigen expression [rotational; translational].
  /// @throws std::logic_error if a dynamic-size `V` does not have 6 entries.
  template <typename Derived>
  explicit SpatialVector(const Eigen::MatrixBase<Derived>& V) {
    static_assert(Derived::SizeAtCompileTime == 6 ||
                  Derived::SizeAtCompileTime == Eigen::Dynamic);
    if (V.size() != 6) ThrowWrongSize(V.size());
    V_ = V;
  }

  /// The number of coefficients, 6.
  int size() const { return kSpatialVectorSize; }

  /// Coefficient `i` (0..2 rotational, 3..5 translational). Not range-checked
  /// in release builds.
  const T& operator[](int i) const {
#ifndef NDEBUG
    if (i < 0 || i >= 6) ThrowIndexOutOfRange(i);
#endif
    return V_[i];
  }
  T& operator[](int i) {
#ifndef NDEBUG
    if (i < 0 || i >= 6) ThrowIndexOutOfRange(i);
#endif
    return V_[i];
  }

  /// The rotational part (angular velocity, angular acceleration, torque,
  /// angular momentum).
  const Vector3<T>& rotational() const {
    return *reinterpret_cast<const Vector3<T>*>(V_.data());
  }
  Vector3<T>& rotational() { return *reinterpret_cast<Vector3<T>*>(V_.data()); }

  /// The translational part (translational velocity, acceleration, force,
  /// linear momentum).
  const Vector3<T>& translational() const {
    return *reinterpret_cast<const Vector3<T>*>(V_.data() + 3);
  }
  Vector3<T>& translational() {
    return *reinterpret_cast<Vector3<T>*>(V_.data() + 3);
  }

  /// Pointer to the six contiguous coefficients.
  const T* data() const { return V_.data(); }
  T* mutable_data() { return V_.data(); }

  /// The six coefficients [rotational; translational].
  const CoeffsEigenType& get_coeffs() const { return V_; }
  CoeffsEigenType& get_mutable_coeffs() { return V_; }

  /// Sets both parts to zero; returns the concrete object.
  SpatialQuantityType& SetZero() {
    V_.setZero();
    return get_mutable_derived();
  }

  /// Sets every coefficient to NaN; returns the concrete object.
  SpatialQuantityType& SetNaN() {
    V_.setConstant(T(std::numeric_limits<double>::quiet_NaN()));
    return get_mutable_derived();
  }

  /// A spatial vector whose rotational and translational parts are zero.
  static SpatialQuantityType Zero() {
    SpatialQuantityType V;
    V.SetZero();
    return V;
  }

  /// Fuzzy comparison with Eigen's isApprox(), made separately for the
  /// rotational and for the translational parts:
  /// ‖a − b‖ ≤ tolerance · min(‖a‖, ‖b‖) for each part. (Two zero parts
  /// compare equal only if exactly equal.) Derivatives of AutoDiffXd are
  /// ignored.
  bool IsApprox(const SpatialQuantityType& other,
                double tolerance = std::numeric_limits<double>::epsilon()) const
      requires(scalar_predicate<T>::is_bool) {
    return rotational().isApprox(other.rotational(), T(tolerance)) &&
           translational().isApprox(other.translational(), T(tolerance));
  }

  /// Returns the largest absolute difference of the rotational entries and of
  /// the translational entries between this and `other`, as
  /// (max_rotational, max_translational).
  std::tuple<T, T> GetMaximumAbsoluteDifferences(
      const SpatialQuantityType& other) const {
    const Vector3<T> w_diff = rotational() - other.rotational();
    const Vector3<T> v_diff = translational() - other.translational();
    return std::make_tuple(w_diff.template lpNorm<Eigen::Infinity>(),
                           v_diff.template lpNorm<Eigen::Infinity>());
  }

  /// True if every rotational entry differs from `other` by at most
  /// `rotational_tolerance` and every translational entry by at most
  /// `translational_tolerance` (absolute tolerances, in the units of each
  /// part).
  bool IsNearlyEqualWithinAbsoluteTolerance(
      const SpatialQuantityType& other, double rotational_tolerance,
      double translational_tolerance) const
      requires(scalar_predicate<T>::is_bool) {
    const auto [w_max, v_max] = GetMaximumAbsoluteDifferences(other);
    return w_max <= rotational_tolerance && v_max <= translational_tolerance;
  }

  /// Element-wise in-place arithmetic.
  SpatialQuantityType& operator+=(const SpatialQuantityType& V) {
    V_ += V.get_coeffs();
    return get_mutable_derived();
  }
  SpatialQuantityType& operator-=(const SpatialQuantityType& V) {
    V_ -= V.get_coeffs();
    return get_mutable_derived();
  }
  SpatialQuantityType& operator*=(const T& s) {
    V_ *= s;
    return get_mutable_derived();
  }

  /// Unary minus: negates both parts.
  SpatialQuantityType operator-() const {
    return SpatialQuantityType(CoeffsEigenType(-V_));
  }

  friend SpatialQuantityType operator+(const SpatialQuantityType& A,
                                       const SpatialQuantityType& B) {
    return SpatialQuantityType(
        CoeffsEigenType(A.get_coeffs() + B.get_coeffs()));
  }
  friend SpatialQuantityType operator-(const SpatialQuantityType& A,
                                       const SpatialQuantityType& B) {
    return SpatialQuantityType(
        CoeffsEigenType(A.get_coeffs() - B.get_coeffs()));
  }
  friend SpatialQuantityType operator*(const T& s,
                                       const SpatialQuantityType& V) {
    return SpatialQuantityType(CoeffsEigenType(s * V.get_coeffs()));
  }
  friend SpatialQuantityType operator*(const SpatialQuantityType& V,
                                       const T& s) {
    return SpatialQuantityType(CoeffsEigenType(s * V.get_coeffs()));
  }

  /// Re-expression: given V_E (this vector expressed in frame E) and the
  /// rotation R_FE, returns V_F = [R_FE·w_E; R_FE·v_E], the same vector
  /// expressed in frame F. Both parts rotate; the point and the measuring
  /// frame do not change.
  friend SpatialQuantityType operator*(const math::RotationMatrix<T>& R_FE,
                                       const SpatialQuantityType& V_E) {
    const Matrix3<T>& R = R_FE.matrix();
    return SpatialQuantityType(Vector3<T>(R * V_E.rotational()),
                               Vector3<T>(R * V_E.translational()));
  }

  /// Writes "[w0, w1, w2, v0, v1, v2]".
  friend std::ostream& operator<<(std::ostream& o, const SpatialVector& V) {
    o << "[";
    for (int i = 0; i < 6; ++i) {
      if (i) o << ", ";
      o << ExtractDoubleOrThrow(V.V_[i]);
    }
    return o << "]";
  }

 private:
  [[noreturn]] static void ThrowIndexOutOfRange(int i) {
    throw std::logic_error(fmt::format(
        "SpatialVector::operator[](): index {} is out of range [0, 5].", i));
  }
  [[noreturn]] static void ThrowWrongSize(Eigen::Index w_size,
                                          Eigen::Index v_size) {
    throw std::logic_error(fmt::format(
        "SpatialVector(): the rotational and translational parts must have 3 "
        "entries each; got {} and {}.",
        w_size, v_size));
  }
  [[noreturn]] static void ThrowWrongSize(Eigen::Index size) {
    throw std::logic_error(fmt::format(
        "SpatialVector(): a spatial vector needs 6 entries; got {}.", size));
  }

  const SpatialQuantityType& get_derived() const {
    return *static_cast<const SpatialQuantityType*>(this);
  }
  SpatialQuantityType& get_mutable_derived() {
    return *static_cast<SpatialQuantityType*>(this);
  }

  CoeffsEigenType V_;
};

}  // namespace ossa::multibody
