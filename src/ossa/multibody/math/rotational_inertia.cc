#include "ossa/multibody/math/rotational_inertia.h"

#include <fmt/format.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "ossa/common/error.h"

namespace ossa::multibody {

namespace {

// Formats a 3×3 matrix of doubles as three bracketed rows with the columns
// right-aligned, e.g.
//   [ 1   0.1  0]
//   [ 0.1 2    0]
std::string FormatMatrix3(const Matrix3<double>& m) {
  std::string cells[3][3];
  std::size_t width = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      cells[i][j] = fmt::format("{}", m(i, j));
      width = std::max(width, cells[i][j].size());
    }
  std::string out;
  for (int i = 0; i < 3; ++i) {
    out += "[";
    for (int j = 0; j < 3; ++j) {
      out += fmt::format("{:>{}}", cells[i][j], width + (j == 0 ? 0 : 2));
    }
    out += "]\n";
  }
  return out;
}

// Principal moments of a finite symmetric matrix of doubles, ascending. The
// diagonal case is taken exactly (no eigen solver rounding).
Vector3<double> PrincipalMoments(const Matrix3<double>& I) {
  if (I(1, 0) == 0 && I(2, 0) == 0 && I(2, 1) == 0) {
    Vector3<double> d = I.diagonal();
    std::sort(d.data(), d.data() + 3);
    return d;
  }
  Eigen::SelfAdjointEigenSolver<Matrix3<double>> solver(I,
                                                        Eigen::EigenvaluesOnly);
  return solver.eigenvalues();  // Eigen sorts them in increasing order.
}

bool IsFinite(const Matrix3<double>& m) { return m.allFinite(); }

}  // namespace

template <typename T>
RotationalInertia<T>::RotationalInertia(const T& Ixx, const T& Iyy,
                                        const T& Izz) {
  set_moments_and_products(Ixx, Iyy, Izz, T(0), T(0), T(0));
  ThrowIfNotPhysicallyValid("RotationalInertia");
}

template <typename T>
RotationalInertia<T>::RotationalInertia(const T& Ixx, const T& Iyy,
                                        const T& Izz, const T& Ixy,
                                        const T& Ixz, const T& Iyz) {
  set_moments_and_products(Ixx, Iyy, Izz, Ixy, Ixz, Iyz);
  ThrowIfNotPhysicallyValid("RotationalInertia");
}

template <typename T>
RotationalInertia<T>::RotationalInertia(const T& mass,
                                        const Vector3<T>& p_PQ_E) {
  if constexpr (scalar_predicate<T>::is_bool) {
    using std::isnan;
    const double m = ExtractDoubleOrThrow(mass);
    if (std::isnan(m) || m < 0) {
      ThrowLogicError(
          "RotationalInertia(): the mass of a particle must be non-negative; "
          "mass = {}.",
          m);
    }
  }
  I_SP_E_ = mass * internal::PointMassUnitInertiaMatrix(p_PQ_E);
}

template <typename T>
RotationalInertia<T> RotationalInertia<T>::MakeFromMomentsAndProductsOfInertia(
    const T& Ixx, const T& Iyy, const T& Izz, const T& Ixy, const T& Ixz,
    const T& Iyz, bool skip_validity_check) {
  RotationalInertia<T> I;
  I.set_moments_and_products(Ixx, Iyy, Izz, Ixy, Ixz, Iyz);
  if (!skip_validity_check) {
    I.ThrowIfNotPhysicallyValid("MakeFromMomentsAndProductsOfInertia");
  }
  return I;
}

template <typename T>
RotationalInertia<T> RotationalInertia<T>::TriaxiallySymmetric(
    const T& I_triaxial) {
  RotationalInertia<T> I;
  I.set_moments_and_products(I_triaxial, I_triaxial, I_triaxial, T(0), T(0),
                             T(0));
  I.ThrowIfNotPhysicallyValid("TriaxiallySymmetric");
  return I;
}

template <typename T>
bool RotationalInertia<T>::IsNearlyEqualTo(const RotationalInertia<T>& other,
                                           double precision) const {
  const Matrix3<double> A = ExtractDoubleOrThrow(I_SP_E_);
  const Matrix3<double> B = ExtractDoubleOrThrow(other.I_SP_E_);
  const double I_maxA = 0.5 * A.trace();
  const double I_maxB = 0.5 * B.trace();
  const double difference = (A - B).lpNorm<Eigen::Infinity>();
  return difference <= precision * std::min(I_maxA, I_maxB);
}

template <typename T>
bool RotationalInertia<T>::IsNaN() const {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      if (std::isnan(ExtractDoubleOrThrow(I_SP_E_(i, j)))) return true;
  return false;
}

template <typename T>
bool RotationalInertia<T>::IsZero() const {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      if (ExtractDoubleOrThrow(I_SP_E_(i, j)) != 0) return false;
  return true;
}

template <typename T>
Vector3<double> RotationalInertia<T>::CalcPrincipalMomentsOfInertia() const {
  const Matrix3<double> I = ExtractDoubleOrThrow(I_SP_E_);
  if (!IsFinite(I)) {
    ThrowLogicError(
        "CalcPrincipalMomentsOfInertia(): the rotational inertia has a NaN "
        "or infinite element:\n{}",
        FormatMatrix3(I));
  }
  return PrincipalMoments(I);
}

template <typename T>
std::pair<Vector3<double>, math::RotationMatrix<double>>
RotationalInertia<T>::CalcPrincipalMomentsAndAxesOfInertia() const {
  const Matrix3<double> I = ExtractDoubleOrThrow(I_SP_E_);
  if (!IsFinite(I)) {
    ThrowLogicError(
        "CalcPrincipalMomentsAndAxesOfInertia(): the rotational inertia has a "
        "NaN or infinite element:\n{}",
        FormatMatrix3(I));
  }
  Eigen::SelfAdjointEigenSolver<Matrix3<double>> solver(I);
  const Vector3<double> moments = solver.eigenvalues();
  // Equal moments (to rounding): every direction is principal; return the
  // identity as the specification asks.
  const double scale = std::max(std::abs(moments(2)), std::abs(moments(0)));
  if (moments(2) - moments(0) <=
      8 * std::numeric_limits<double>::epsilon() * scale) {
    return {moments, math::RotationMatrix<double>()};
  }
  Matrix3<double> R_EA = solver.eigenvectors();
  // The eigen solver gives orthonormal columns but either handedness; flip
  // the last axis to make the frame right-handed.
  if (R_EA.determinant() < 0) R_EA.col(2) *= -1;
  return {moments, math::RotationMatrix<double>(R_EA)};
}

template <typename T>
std::string RotationalInertia<T>::GetInvalidityReport() const {
  if constexpr (!scalar_predicate<T>::is_bool) {
    // On a symbolic inertia the reference checks only for NaN: decided when
    // the entries are constants; ExtractDoubleOrThrow throws
    // std::logic_error naming the variables otherwise.
    if (ExtractDoubleOrThrow(I_SP_E_).hasNaN()) {
      return "\nNaN detected in RotationalInertia.";
    }
    return {};
  } else {
    const Matrix3<double> I = ExtractDoubleOrThrow(I_SP_E_);
    if (I.hasNaN()) return "\nNaN detected in RotationalInertia.";
    if (!IsFinite(I)) return "\nInfinity detected in RotationalInertia.";
    // Rounding in the eigen solver and in user data (CAD exports) makes
    // exact comparisons too strict; the tolerance scales with the largest
    // moment the inertia can have.
    const double tolerance = 16 * std::numeric_limits<double>::epsilon() *
                             std::max(0.0, 0.5 * I.trace());
    const Vector3<double> d = I.diagonal();
    const double Ixx = d(0), Iyy = d(1), Izz = d(2);
    if (Ixx < -tolerance || Iyy < -tolerance || Izz < -tolerance) {
      return fmt::format(
          "\nThe moments of inertia Ixx = {}, Iyy = {}, Izz = {} are invalid "
          "since at least one is negative.",
          Ixx, Iyy, Izz);
    }
    const char* violated = nullptr;
    if (Ixx + Iyy < Izz - tolerance) violated = "Ixx + Iyy >= Izz";
    if (Ixx + Izz < Iyy - tolerance) violated = "Ixx + Izz >= Iyy";
    if (Iyy + Izz < Ixx - tolerance) violated = "Iyy + Izz >= Ixx";
    if (violated != nullptr) {
      return fmt::format(
          "\nThe moments of inertia Ixx = {}, Iyy = {}, Izz = {} do not "
          "satisfy the triangle inequality {}.",
          Ixx, Iyy, Izz, violated);
    }
    const Vector3<double> p = PrincipalMoments(I);
    if (p(0) < -tolerance) {
      return fmt::format(
          "\nThe associated principal moments of inertia:\n{}  {}  {}\nare "
          "invalid since at least one is negative.",
          p(0), p(1), p(2));
    }
    if (p(0) + p(1) < p(2) - tolerance) {
      return fmt::format(
          "\nThe associated principal moments of inertia:\n{}  {}  {}\ndo not "
          "satisfy the triangle inequality Imin + Imed >= Imax.",
          p(0), p(1), p(2));
    }
    return {};
  }
}

template <typename T>
bool RotationalInertia<T>::CouldBePhysicallyValid() const {
  return GetInvalidityReport().empty();
}

template <typename T>
void RotationalInertia<T>::ThrowIfNotPhysicallyValid(
    const char* func_name) const {
  if constexpr (scalar_predicate<T>::is_bool) {
    const std::string report = GetInvalidityReport();
    if (report.empty()) return;
    ThrowLogicError(
        "{}(): The rotational inertia\n{}did not pass the test "
        "CouldBePhysicallyValid().{}",
        func_name, FormatMatrix(), report);
  }
}

template <typename T>
std::string RotationalInertia<T>::FormatMatrix() const {
  return FormatMatrix3(ExtractDoubleOrThrow(I_SP_E_));
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RotationalInertia)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RotationalInertia)
