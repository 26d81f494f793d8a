#include "ossa/multibody/math/spatial_inertia.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "ossa/common/error.h"
#include "ossa/multibody/math/inertia_checks.h"

namespace ossa::multibody {

namespace {

std::string FormatVector3(const Vector3<double>& v) {
  return fmt::format("[{}  {}  {}]", v.x(), v.y(), v.z());
}

constexpr double kPi = std::numbers::pi;

}  // namespace

namespace {
// The checks shared by the cylinder and capsule factories.
template <typename T>
void ThrowUnlessValidAxialSolid(const T& radius, const T& length,
                                const Vector3<T>& unit_vector,
                                const char* func) {
  internal::ThrowUnlessPositiveFinite(radius, "radius", func);
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
}
}  // namespace

template <typename T>
SpatialInertia<T> SpatialInertia<T>::MakeFromCentralInertia(
    const T& mass, const Vector3<T>& p_PScm_E,
    const RotationalInertia<T>& I_SScm_E) {
  const char* func = "SpatialInertia::MakeFromCentralInertia";
  if constexpr (scalar_predicate<T>::is_bool) {
    const double m = ExtractDoubleOrThrow(mass);
    if (!(m >= 0) || !std::isfinite(m)) {
      ThrowLogicError(
          "{}(): Spatial inertia fails SpatialInertia::IsPhysicallyValid().\n"
          "mass = {} is negative or not finite.",
          func, m);
    }
    if (m == 0) {
      if (!I_SScm_E.IsZero()) {
        ThrowLogicError(
            "{}(): mass is zero but the central rotational inertia is not:\n"
            "{}a massless body cannot have a rotational inertia.",
            func, I_SScm_E.FormatMatrix());
      }
      SpatialInertia<T> M = Zero();
      M.p_PScm_E_ = p_PScm_E;
      return M;
    }
  }
  const RotationalInertia<T> I_SP_E =
      I_SScm_E.ShiftFromCenterOfMass(mass, p_PScm_E);
  SpatialInertia<T> M(mass, p_PScm_E,
                      UnitInertia<T>(RotationalInertia<T>(I_SP_E / mass)),
                      true);
  M.ThrowIfNotPhysicallyValid(func);
  return M;
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::PointMass(const T& mass,
                                               const Vector3<T>& p_PQ_E) {
  internal::ThrowUnlessPositiveFinite(mass, "mass", "PointMass");
  return SpatialInertia<T>(mass, p_PQ_E, UnitInertia<T>::PointMass(p_PQ_E),
                           true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::MakeUnitary() {
  return SpatialInertia<T>(T(1), Vector3<T>::Zero(),
                           UnitInertia<T>::TriaxiallySymmetric(T(1)), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::Zero() {
  return SpatialInertia<T>(
      T(0), Vector3<T>::Zero(),
      UnitInertia<T>(RotationalInertia<T>::MakeUnchecked(Matrix3<T>::Zero())),
      true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::NaN() {
  return SpatialInertia<T>();
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidBoxWithDensity(const T& density,
                                                         const T& lx,
                                                         const T& ly,
                                                         const T& lz) {
  const char* func = "SolidBoxWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  internal::ThrowUnlessPositiveFinite(lx, "x-length", func);
  internal::ThrowUnlessPositiveFinite(ly, "y-length", func);
  internal::ThrowUnlessPositiveFinite(lz, "z-length", func);
  const T mass = density * lx * ly * lz;
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidBox(lx, ly, lz), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidBoxWithMass(const T& mass,
                                                      const T& lx, const T& ly,
                                                      const T& lz) {
  const char* func = "SolidBoxWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(lx, "x-length", func);
  internal::ThrowUnlessPositiveFinite(ly, "y-length", func);
  internal::ThrowUnlessPositiveFinite(lz, "z-length", func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidBox(lx, ly, lz), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCubeWithDensity(const T& density,
                                                          const T& length) {
  const char* func = "SolidCubeWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  const T mass = density * length * length * length;
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidCube(length), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCubeWithMass(const T& mass,
                                                       const T& length) {
  const char* func = "SolidCubeWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidCube(length), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCapsuleWithDensity(
    const T& density, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCapsuleWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  const T volume = kPi * radius * radius * length +
                   T(4.0 / 3.0 * kPi) * radius * radius * radius;
  return SpatialInertia<T>(
      density * volume, Vector3<T>::Zero(),
      UnitInertia<T>::SolidCapsule(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCapsuleWithMass(
    const T& mass, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCapsuleWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  return SpatialInertia<T>(
      mass, Vector3<T>::Zero(),
      UnitInertia<T>::SolidCapsule(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCylinderWithDensity(
    const T& density, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCylinderWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  const T mass = density * kPi * radius * radius * length;
  return SpatialInertia<T>(
      mass, Vector3<T>::Zero(),
      UnitInertia<T>::SolidCylinder(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCylinderWithMass(
    const T& mass, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCylinderWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  return SpatialInertia<T>(
      mass, Vector3<T>::Zero(),
      UnitInertia<T>::SolidCylinder(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCylinderWithDensityAboutEnd(
    const T& density, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCylinderWithDensityAboutEnd";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  const T mass = density * kPi * radius * radius * length;
  return SpatialInertia<T>(
      mass, Vector3<T>(T(0.5) * length * unit_vector),
      UnitInertia<T>::SolidCylinderAboutEnd(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidCylinderWithMassAboutEnd(
    const T& mass, const T& radius, const T& length,
    const Vector3<T>& unit_vector) {
  const char* func = "SolidCylinderWithMassAboutEnd";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  ThrowUnlessValidAxialSolid(radius, length, unit_vector, func);
  return SpatialInertia<T>(
      mass, Vector3<T>(T(0.5) * length * unit_vector),
      UnitInertia<T>::SolidCylinderAboutEnd(radius, length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidEllipsoidWithDensity(const T& density,
                                                               const T& a,
                                                               const T& b,
                                                               const T& c) {
  const char* func = "SolidEllipsoidWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  internal::ThrowUnlessPositiveFinite(a, "semi-axis a", func);
  internal::ThrowUnlessPositiveFinite(b, "semi-axis b", func);
  internal::ThrowUnlessPositiveFinite(c, "semi-axis c", func);
  const T mass = density * T(4.0 / 3.0 * kPi) * a * b * c;
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidEllipsoid(a, b, c), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidEllipsoidWithMass(const T& mass,
                                                            const T& a,
                                                            const T& b,
                                                            const T& c) {
  const char* func = "SolidEllipsoidWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(a, "semi-axis a", func);
  internal::ThrowUnlessPositiveFinite(b, "semi-axis b", func);
  internal::ThrowUnlessPositiveFinite(c, "semi-axis c", func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidEllipsoid(a, b, c), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidSphereWithDensity(const T& density,
                                                            const T& radius) {
  const char* func = "SolidSphereWithDensity";
  internal::ThrowUnlessPositiveFinite(density, "density", func);
  internal::ThrowUnlessPositiveFinite(radius, "radius", func);
  const T mass = density * T(4.0 / 3.0 * kPi) * radius * radius * radius;
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidSphere(radius), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::SolidSphereWithMass(const T& mass,
                                                         const T& radius) {
  const char* func = "SolidSphereWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(radius, "radius", func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::SolidSphere(radius), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::HollowSphereWithDensity(
    const T& area_density, const T& radius) {
  const char* func = "HollowSphereWithDensity";
  internal::ThrowUnlessPositiveFinite(area_density, "area_density", func);
  internal::ThrowUnlessPositiveFinite(radius, "radius", func);
  const T mass = area_density * T(4 * kPi) * radius * radius;
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::HollowSphere(radius), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::HollowSphereWithMass(const T& mass,
                                                          const T& radius) {
  const char* func = "HollowSphereWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(radius, "radius", func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::HollowSphere(radius), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::ThinRodWithMass(
    const T& mass, const T& length, const Vector3<T>& unit_vector) {
  const char* func = "ThinRodWithMass";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  return SpatialInertia<T>(mass, Vector3<T>::Zero(),
                           UnitInertia<T>::ThinRod(length, unit_vector), true);
}

template <typename T>
SpatialInertia<T> SpatialInertia<T>::ThinRodWithMassAboutEnd(
    const T& mass, const T& length, const Vector3<T>& unit_vector) {
  const char* func = "ThinRodWithMassAboutEnd";
  internal::ThrowUnlessPositiveFinite(mass, "mass", func);
  internal::ThrowUnlessPositiveFinite(length, "length", func);
  internal::ThrowIfNotUnitVector(unit_vector, func);
  const Vector3<T> p_BpBcm = T(0.5) * length * unit_vector;
  const UnitInertia<T> G_BBp = UnitInertia<T>::ThinRod(length, unit_vector)
                                   .ShiftFromCenterOfMass(Vector3<T>(-p_BpBcm));
  return SpatialInertia<T>(mass, p_BpBcm, G_BBp, true);
}

template <typename T>
std::string SpatialInertia<T>::CriticizeNotPhysicallyValid() const {
  if constexpr (!scalar_predicate<T>::is_bool) {
    // On a symbolic inertia the reference checks only the mass (and NaN):
    // decided when the entries are constants; ExtractDoubleOrThrow throws
    // std::logic_error naming the variables otherwise.
    const double mass = ExtractDoubleOrThrow(mass_);
    const Vector3<double> p = ExtractDoubleOrThrow(p_PScm_E_);
    const Matrix3<double> G = ExtractDoubleOrThrow(G_SP_E_.CopyToFullMatrix3());
    if (!(mass >= 0) || !std::isfinite(mass) || p.hasNaN() || G.hasNaN()) {
      return SpatialInertia<double>(
                 mass, p,
                 UnitInertia<double>(
                     RotationalInertia<double>::MakeUnchecked(G)),
                 true)
          .CriticizeNotPhysicallyValid();
    }
    return {};
  } else {
    const double mass = ExtractDoubleOrThrow(mass_);
    const Vector3<double> p = ExtractDoubleOrThrow(p_PScm_E_);
    std::string message =
        "Spatial inertia fails SpatialInertia::IsPhysicallyValid().";
    if (!(mass >= 0) || !std::isfinite(mass)) {
      return message +
             fmt::format("\nmass = {} is negative or not finite.\n", mass);
    }
    if (!p.allFinite()) {
      return message + fmt::format(
                           "\nThe center of mass {} has a NaN or infinite "
                           "entry.\n",
                           FormatVector3(p));
    }
    const RotationalInertia<T> I_SP_E = CalcRotationalInertia();
    if (I_SP_E.IsNaN()) {
      return message + fmt::format("\nNaN detected in the unit inertia:\n{}",
                                   G_SP_E_.FormatMatrix());
    }
    const RotationalInertia<T> I_SScm_E =
        I_SP_E.ShiftToCenterOfMass(mass_, p_PScm_E_);
    const std::string report = I_SScm_E.GetInvalidityReport();
    if (report.empty()) return {};
    message += fmt::format(
        "\n mass = {}\n Center of mass = {}\n Inertia about point P, I_BP "
        "=\n{}",
        mass, FormatVector3(p), I_SP_E.FormatMatrix());
    if (!p.isZero()) {
      message += fmt::format(" Inertia about center of mass, I_BBcm =\n{}",
                             I_SScm_E.FormatMatrix());
    }
    message += " The rotational inertia about the center of mass fails:";
    message += report;
    message += "\n";
    return message;
  }
}

template <typename T>
bool SpatialInertia<T>::IsPhysicallyValid() const {
  return CriticizeNotPhysicallyValid().empty();
}

template <typename T>
void SpatialInertia<T>::ThrowIfNotPhysicallyValid(const char* func_name) const {
  if constexpr (scalar_predicate<T>::is_bool) {
    const std::string message = CriticizeNotPhysicallyValid();
    if (!message.empty()) ThrowLogicError("{}(): {}", func_name, message);
  }
}

template <typename T>
std::pair<Vector3<double>, math::RigidTransform<double>>
SpatialInertia<T>::CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid() const {
  const Vector3<double> p_PScm = ExtractDoubleOrThrow(p_PScm_E_);
  if (!p_PScm.allFinite()) {
    ThrowLogicError(
        "CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid(): the center of "
        "mass {} has a NaN or infinite entry.",
        FormatVector3(p_PScm));
  }
  // Unit inertia about the center of mass, on doubles.
  const UnitInertia<double> G_cm =
      G_SP_E_.template cast<double>().ShiftToCenterOfMass(p_PScm);
  const auto [g, R_EA] = G_cm.CalcPrincipalMomentsAndAxesOfInertia();
  auto semi_diameter = [](double moment_sum) {
    return std::sqrt(std::max(0.0, 2.5 * moment_sum));
  };
  const Vector3<double> lengths(semi_diameter(g(1) + g(2) - g(0)),
                                semi_diameter(g(0) + g(2) - g(1)),
                                semi_diameter(g(0) + g(1) - g(2)));
  return {lengths, math::RigidTransform<double>(R_EA, p_PScm)};
}

template <typename T>
bool SpatialInertia<T>::IsNaN() const {
  if (std::isnan(ExtractDoubleOrThrow(mass_))) return true;
  for (int i = 0; i < 3; ++i)
    if (std::isnan(ExtractDoubleOrThrow(p_PScm_E_[i]))) return true;
  return G_SP_E_.IsNaN();
}

template <typename T>
bool SpatialInertia<T>::IsZero() const {
  if (ExtractDoubleOrThrow(mass_) != 0) return false;
  for (int i = 0; i < 3; ++i)
    if (ExtractDoubleOrThrow(p_PScm_E_[i]) != 0) return false;
  return G_SP_E_.IsZero();
}

template <typename T>
void SpatialInertia<T>::SetNaN() {
  const T nan(std::numeric_limits<double>::quiet_NaN());
  mass_ = nan;
  p_PScm_E_.setConstant(nan);
  G_SP_E_.SetToNaN();
}

template <typename T>
SpatialInertia<T>& SpatialInertia<T>::operator+=(
    const SpatialInertia<T>& M_BP_E) {
  const T total_mass = mass_ + M_BP_E.mass_;
  bool massless = false;
  if constexpr (scalar_predicate<T>::is_bool) massless = (total_mass == 0);
  if (!massless) {
    p_PScm_E_ = (CalcComMoment() + M_BP_E.CalcComMoment()) / total_mass;
    const Matrix3<T> I_sum = mass_ * G_SP_E_.CopyToFullMatrix3() +
                             M_BP_E.mass_ * M_BP_E.G_SP_E_.CopyToFullMatrix3();
    G_SP_E_ = UnitInertia<T>(
        RotationalInertia<T>::MakeUnchecked(Matrix3<T>(I_sum / total_mass)));
  } else {
    // Limit of two bodies of equal vanishing mass.
    p_PScm_E_ = T(0.5) * (p_PScm_E_ + M_BP_E.p_PScm_E_);
    const Matrix3<T> G_mean = T(0.5) * (G_SP_E_.CopyToFullMatrix3() +
                                        M_BP_E.G_SP_E_.CopyToFullMatrix3());
    G_SP_E_ = UnitInertia<T>(RotationalInertia<T>::MakeUnchecked(G_mean));
  }
  mass_ = total_mass;
  return *this;
}

template <typename U>
std::ostream& operator<<(std::ostream& o, const SpatialInertia<U>& M) {
  o << fmt::format(" mass = {}\n Center of mass = {}\n",
                   ExtractDoubleOrThrow(M.get_mass()),
                   FormatVector3(ExtractDoubleOrThrow(M.get_com())));
  o << " Inertia about point P, I_BP =\n"
    << M.CalcRotationalInertia().FormatMatrix();
  return o;
}

template std::ostream& operator<< <double>(std::ostream&,
                                           const SpatialInertia<double>&);
template std::ostream& operator<< <AutoDiffXd>(
    std::ostream&, const SpatialInertia<AutoDiffXd>&);

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialInertia)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialInertia)
