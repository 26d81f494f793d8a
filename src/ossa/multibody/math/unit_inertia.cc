#include "ossa/multibody/math/unit_inertia.h"

#include <fmt/format.h>

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/multibody/math/inertia_checks.h"

namespace ossa::multibody {

template <typename T>
UnitInertia<T>::UnitInertia(const T& Ixx, const T& Iyy, const T& Izz) {
  this->set_moments_and_products(Ixx, Iyy, Izz, T(0), T(0), T(0));
  this->ThrowIfNotPhysicallyValid("UnitInertia");
}

template <typename T>
UnitInertia<T>::UnitInertia(const T& Ixx, const T& Iyy, const T& Izz,
                            const T& Ixy, const T& Ixz, const T& Iyz) {
  this->set_moments_and_products(Ixx, Iyy, Izz, Ixy, Ixz, Iyz);
  this->ThrowIfNotPhysicallyValid("UnitInertia");
}

template <typename T>
UnitInertia<T>& UnitInertia<T>::SetFromRotationalInertia(
    const RotationalInertia<T>& I, const T& mass) {
  internal::ThrowUnlessPositiveFinite(mass, "mass",
                                      "UnitInertia::SetFromRotationalInertia");
  this->mutable_matrix() = I.CopyToFullMatrix3() / mass;
  return *this;
}

template <typename T>
UnitInertia<T> UnitInertia<T>::PointMass(const Vector3<T>& p_FQ) {
  return UnitInertia<T>(RotationalInertia<T>::MakeUnchecked(
      internal::PointMassUnitInertiaMatrix(p_FQ)));
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidEllipsoid(const T& a, const T& b,
                                              const T& c) {
  const char* func = "UnitInertia::SolidEllipsoid";
  internal::ThrowIfNegative(a, "semi-axis a", func);
  internal::ThrowIfNegative(b, "semi-axis b", func);
  internal::ThrowIfNegative(c, "semi-axis c", func);
  const T a2 = a * a, b2 = b * b, c2 = c * c;
  return UnitInertia<T>(T(0.2) * (b2 + c2), T(0.2) * (a2 + c2),
                        T(0.2) * (a2 + b2));
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidSphere(const T& r) {
  internal::ThrowIfNegative(r, "radius", "UnitInertia::SolidSphere");
  return TriaxiallySymmetric(T(0.4) * r * r);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::HollowSphere(const T& r) {
  internal::ThrowIfNegative(r, "radius", "UnitInertia::HollowSphere");
  return TriaxiallySymmetric(T(2.0 / 3.0) * r * r);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidBox(const T& Lx, const T& Ly, const T& Lz) {
  const char* func = "UnitInertia::SolidBox";
  internal::ThrowIfNegative(Lx, "x-length Lx", func);
  internal::ThrowIfNegative(Ly, "y-length Ly", func);
  internal::ThrowIfNegative(Lz, "z-length Lz", func);
  const T one_twelfth = T(1.0 / 12.0);
  const T X2 = Lx * Lx, Y2 = Ly * Ly, Z2 = Lz * Lz;
  return UnitInertia<T>(one_twelfth * (Y2 + Z2), one_twelfth * (X2 + Z2),
                        one_twelfth * (X2 + Y2));
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidCube(const T& L) {
  internal::ThrowIfNegative(L, "length", "UnitInertia::SolidCube");
  return TriaxiallySymmetric(L * L / T(6));
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidCylinder(const T& radius, const T& length,
                                             const Vector3<T>& unit_vector) {
  const char* func = "UnitInertia::SolidCylinder";
  internal::ThrowIfNegative(radius, "radius", func);
  internal::ThrowIfNegative(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  const T r2 = radius * radius;
  const T J = T(0.5) * r2;
  const T K = (T(3) * r2 + length * length) / T(12);
  return AxiallySymmetric(J, K, unit_vector);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidCylinderAboutEnd(
    const T& radius, const T& length, const Vector3<T>& unit_vector) {
  const char* func = "UnitInertia::SolidCylinderAboutEnd";
  internal::ThrowIfNegative(radius, "radius", func);
  internal::ThrowIfNegative(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  const T r2 = radius * radius;
  const T J = T(0.5) * r2;
  const T K = T(0.25) * r2 + length * length / T(3);
  return AxiallySymmetric(J, K, unit_vector);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::SolidCapsule(const T& radius, const T& length,
                                            const Vector3<T>& unit_vector) {
  const char* func = "UnitInertia::SolidCapsule";
  internal::ThrowIfNegative(radius, "radius", func);
  internal::ThrowIfNegative(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  const T& r = radius;
  const T& L = length;
  const T r2 = r * r;
  // Volumes up to the common factor π: cylinder r²L, two hemispheres 4r³/3.
  const T v_cylinder = r2 * L;
  const T v_spheres = T(4.0 / 3.0) * r2 * r;
  const T v_total = v_cylinder + v_spheres;
  // A capsule of zero radius has no volume; its unit inertia is the limit
  // r → 0, which is the thin rod (all mass in the cylinder).
  T mc, mh;
  if constexpr (scalar_predicate<T>::is_bool) {
    if (v_total == 0) {
      return AxiallySymmetric(T(0), L * L / T(12), unit_vector);
    }
  }
  mc = v_cylinder / v_total;
  mh = T(1) - mc;
  const T J = mc * T(0.5) * r2 + mh * T(0.4) * r2;
  // Each hemisphere about its flat face center has 2r²/5 per unit mass about
  // a perpendicular axis (as the whole sphere); its center of mass is 3r/8
  // from that face and L/2 + 3r/8 from the capsule center. Two parallel-axis
  // shifts (face → cm → capsule center) give 2r²/5 + L²/4 + 3Lr/8.
  const T K = mc * (T(3) * r2 + L * L) / T(12) +
              mh * (T(0.4) * r2 + T(0.25) * L * L + T(3.0 / 8.0) * L * r);
  return AxiallySymmetric(J, K, unit_vector);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::ThinRod(const T& length,
                                       const Vector3<T>& unit_vector) {
  const char* func = "UnitInertia::ThinRod";
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  return AxiallySymmetric(T(0), length * length / T(12), unit_vector);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::AxiallySymmetric(const T& moment_parallel,
                                                const T& moment_perpendicular,
                                                const Vector3<T>& unit_vector) {
  const char* func = "UnitInertia::AxiallySymmetric";
  internal::ThrowIfNegative(moment_parallel, "moment_parallel", func);
  internal::ThrowIfNegative(moment_perpendicular, "moment_perpendicular", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  if constexpr (scalar_predicate<T>::is_bool) {
    // J ≤ 2K is the triangle inequality K + K ≥ J for the principal moments
    // (J, K, K); allow a rounding slack of a few ulps.
    const double J = ExtractDoubleOrThrow(moment_parallel);
    const double K = ExtractDoubleOrThrow(moment_perpendicular);
    if (J > 2 * K * (1 + 4 * std::numeric_limits<double>::epsilon())) {
      ThrowLogicError(
          "{}(): moment_parallel = {} is greater than twice "
          "moment_perpendicular = {}; the triangle inequality J <= 2 K of "
          "the principal moments (J, K, K) is violated.",
          func, J, K);
    }
  }
  const T& J = moment_parallel;
  const T& K = moment_perpendicular;
  const Matrix3<T> G = K * Matrix3<T>::Identity() +
                       (J - K) * unit_vector * unit_vector.transpose();
  Matrix3<T> G_sym = G.template selfadjointView<Eigen::Lower>();
  return UnitInertia<T>(RotationalInertia<T>::MakeUnchecked(G_sym));
}

template <typename T>
UnitInertia<T> UnitInertia<T>::StraightLine(const T& moment_perpendicular,
                                            const Vector3<T>& unit_vector) {
  return AxiallySymmetric(T(0), moment_perpendicular, unit_vector);
}

template <typename T>
UnitInertia<T> UnitInertia<T>::TriaxiallySymmetric(const T& I_triaxial) {
  internal::ThrowIfNegative(I_triaxial, "I_triaxial",
                            "UnitInertia::TriaxiallySymmetric");
  return UnitInertia<T>(
      RotationalInertia<T>::MakeUnchecked(I_triaxial * Matrix3<T>::Identity()));
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UnitInertia)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::UnitInertia)
