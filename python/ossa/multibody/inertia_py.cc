#include <sstream>
#include <string>
#include <tuple>

#include "ossa/bindings.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/math/articulated_body_inertia.h"
#include "ossa/multibody/math/rotational_inertia.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/math/unit_inertia.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using multibody::ArticulatedBodyInertia;
using multibody::RotationalInertia;
using multibody::SpatialAcceleration;
using multibody::SpatialForce;
using multibody::SpatialInertia;
using multibody::SpatialMomentum;
using multibody::SpatialVelocity;
using multibody::UnitInertia;

template <typename Class>
std::string StreamToString(const Class& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

// Methods shared by RotationalInertia and UnitInertia whose return types do
// not change in the derived class.
template <typename Class, typename PyClass>
void DefineRotationalInertiaQueries(PyClass& cls) {
  using T = typename std::remove_cvref_t<decltype(std::declval<Class>()(0, 0))>;
  cls.def("rows", &Class::rows, "3.")
      .def("cols", &Class::cols, "3.")
      .def("get_moments", &Class::get_moments, "[Ixx, Iyy, Izz].")
      .def("get_products", &Class::get_products, "[Ixy, Ixz, Iyz].")
      .def("Trace", &Class::Trace, "Ixx + Iyy + Izz.")
      .def("CalcMaximumPossibleMomentOfInertia",
           &Class::CalcMaximumPossibleMomentOfInertia, "Trace() / 2.")
      .def("CopyToFullMatrix3", &Class::CopyToFullMatrix3,
           "The full symmetric 3x3 matrix.")
      .def("IsNearlyEqualTo", &Class::IsNearlyEqualTo, nb::arg("other"),
           nb::arg("precision"),
           "||this - other||_inf <= precision * min(I_max(this), "
           "I_max(other)), I_max = Trace()/2.")
      .def("SetToNaN", &Class::SetToNaN)
      .def("SetZero", &Class::SetZero)
      .def("IsNaN", &Class::IsNaN)
      .def("IsZero", &Class::IsZero)
      .def("CalcPrincipalMomentsOfInertia",
           &Class::CalcPrincipalMomentsOfInertia,
           "The principal moments, ascending.")
      .def("CalcPrincipalMomentsAndAxesOfInertia",
           &Class::CalcPrincipalMomentsAndAxesOfInertia,
           "(moments ascending, R_EA whose columns are the principal axes).")
      .def("CouldBePhysicallyValid", &Class::CouldBePhysicallyValid,
           "No NaN, non-negative (principal) moments satisfying the triangle "
           "inequality.")
      .def(
          "__mul__",
          [](const Class& self, const Vector3<T>& w) {
            return Vector3<T>(self * w);
          },
          nb::is_operator());
  // No __str__ on Expression: the reference prints the default object repr.
  if constexpr (!std::is_same_v<T, symbolic::Expression>) {
    cls.def("__str__", &StreamToString<RotationalInertia<T>>);
  }
}

template <typename T>
void DoDefineRotationalInertia(nb::module_ m, const nb::object& param) {
  constexpr bool is_double = std::is_same_v<T, double>;
  using Class = RotationalInertia<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "RotationalInertia", param,
      "The rotational inertia I_BP_E of a body B about a point P, "
      "expressed in a frame E (kg m^2).");
  cls.def(nb::init<>(), "All moments and products NaN.")
      .def(nb::init<const T&, const T&, const T&>(), nb::arg("Ixx"),
           nb::arg("Iyy"), nb::arg("Izz"))
      .def(nb::init<const T&, const T&, const T&, const T&, const T&,
                    const T&>(),
           nb::arg("Ixx"), nb::arg("Iyy"), nb::arg("Izz"), nb::arg("Ixy"),
           nb::arg("Ixz"), nb::arg("Iyz"))
      .def(nb::init<const T&, const Vector3<T>&>(), nb::arg("mass"),
           nb::arg("p_PQ_E"), "A particle of mass `mass` at p_PQ_E.")
      .def_static("MakeFromMomentsAndProductsOfInertia",
                  &Class::MakeFromMomentsAndProductsOfInertia, nb::arg("Ixx"),
                  nb::arg("Iyy"), nb::arg("Izz"), nb::arg("Ixy"),
                  nb::arg("Ixz"), nb::arg("Iyz"),
                  nb::arg("skip_validity_check") = false)
      .def_static("TriaxiallySymmetric", &Class::TriaxiallySymmetric,
                  nb::arg("I_triaxial"));
  DefineRotationalInertiaQueries<Class>(cls);
  cls.def("ReExpress", &Class::ReExpress, nb::arg("R_AE"))
      .def("ShiftFromCenterOfMass", &Class::ShiftFromCenterOfMass,
           nb::arg("mass"), nb::arg("p_BcmQ_E"))
      .def("ShiftToCenterOfMass", &Class::ShiftToCenterOfMass, nb::arg("mass"),
           nb::arg("p_QBcm_E"))
      .def("ShiftToThenAwayFromCenterOfMass",
           &Class::ShiftToThenAwayFromCenterOfMass, nb::arg("mass"),
           nb::arg("p_PBcm_E"), nb::arg("p_QBcm_E"))
      .def(
          "__add__",
          [](const Class& a, const Class& b) { return Class(a + b); },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Class& a, const Class& b) { return Class(a - b); },
          nb::is_operator())
      .def(
          "__iadd__", [](Class& a, const Class& b) -> Class& { return a += b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__isub__", [](Class& a, const Class& b) -> Class& { return a -= b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__mul__", [](const Class& a, const T& s) { return Class(a * s); },
          nb::is_operator())
      .def(
          "__rmul__", [](const Class& a, const T& s) { return Class(s * a); },
          nb::is_operator())
      .def(
          "__imul__", [](Class& a, const T& s) -> Class& { return a *= s; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__truediv__",
          [](const Class& a, const T& s) { return Class(a / s); },
          nb::is_operator())
      .def(
          "__itruediv__", [](Class& a, const T& s) -> Class& { return a /= s; },
          nb::is_operator(), nb::rv_policy::none);
  DefCopyAndDeepCopy(cls);
  if constexpr (is_double) {
    DefPickle(
        cls, [](const Class& self) { return self.CopyToFullMatrix3(); },
        [](const Matrix3<T>& I) { return Class::MakeUnchecked(I); });
  }
}

template <typename T>
void DoDefineUnitInertia(nb::module_ m, const nb::object& param) {
  constexpr bool is_double = std::is_same_v<T, double>;
  using Class = UnitInertia<T>;
  using Base = RotationalInertia<T>;
  auto cls = DefineTemplateClassWithDefault<Class, Base>(
      m, "UnitInertia", param,
      "The rotational inertia of a body per unit mass, G_BP_E = I_BP_E / m "
      "(m^2), with the closed forms of common solids.");
  cls.def(nb::init<>(), "All elements NaN.")
      .def(nb::init<const T&, const T&, const T&>(), nb::arg("Ixx"),
           nb::arg("Iyy"), nb::arg("Izz"))
      .def(nb::init<const T&, const T&, const T&, const T&, const T&,
                    const T&>(),
           nb::arg("Ixx"), nb::arg("Iyy"), nb::arg("Izz"), nb::arg("Ixy"),
           nb::arg("Ixz"), nb::arg("Iyz"))
      .def(nb::init<const Base&>(), nb::arg("I"),
           "Takes I as a unit inertia (unchecked).")
      .def(
          "SetFromRotationalInertia",
          [](Class& self, const Base& I, const T& mass) -> Class& {
            return self.SetFromRotationalInertia(I, mass);
          },
          nb::arg("I"), nb::arg("mass"), nb::rv_policy::reference,
          "Sets this to I / mass; returns self.")
      .def("ReExpress", &Class::ReExpress, nb::arg("R_AE"))
      .def("ShiftFromCenterOfMass", &Class::ShiftFromCenterOfMass,
           nb::arg("p_BcmQ_E"))
      .def("ShiftToCenterOfMass", &Class::ShiftToCenterOfMass,
           nb::arg("p_QBcm_E"))
      .def(
          "ShiftToThenAwayFromCenterOfMass",
          [](const Class& self, const Vector3<T>& p_PBcm_E,
             const Vector3<T>& p_QBcm_E) {
            return self.ShiftToThenAwayFromCenterOfMass(p_PBcm_E, p_QBcm_E);
          },
          nb::arg("p_PBcm_E"), nb::arg("p_QBcm_E"))
      .def(
          "ShiftToThenAwayFromCenterOfMass",
          [](const Class& self, const T& mass, const Vector3<T>& p_PBcm_E,
             const Vector3<T>& p_QBcm_E) {
            return self.Base::ShiftToThenAwayFromCenterOfMass(mass, p_PBcm_E,
                                                              p_QBcm_E);
          },
          nb::arg("mass"), nb::arg("p_PBcm_E"), nb::arg("p_QBcm_E"))
      .def_static("PointMass", &Class::PointMass, nb::arg("p_FQ"))
      .def_static("SolidEllipsoid", &Class::SolidEllipsoid, nb::arg("a"),
                  nb::arg("b"), nb::arg("c"))
      .def_static("SolidSphere", &Class::SolidSphere, nb::arg("r"))
      .def_static("HollowSphere", &Class::HollowSphere, nb::arg("r"))
      .def_static("SolidBox", &Class::SolidBox, nb::arg("Lx"), nb::arg("Ly"),
                  nb::arg("Lz"))
      .def_static("SolidCube", &Class::SolidCube, nb::arg("L"))
      .def_static("SolidCylinder", &Class::SolidCylinder, nb::arg("radius"),
                  nb::arg("length"), nb::arg("unit_vector"))
      .def_static("SolidCylinderAboutEnd", &Class::SolidCylinderAboutEnd,
                  nb::arg("radius"), nb::arg("length"), nb::arg("unit_vector"))
      .def_static("SolidCapsule", &Class::SolidCapsule, nb::arg("radius"),
                  nb::arg("length"), nb::arg("unit_vector"))
      .def_static("ThinRod", &Class::ThinRod, nb::arg("length"),
                  nb::arg("unit_vector"))
      .def_static("AxiallySymmetric", &Class::AxiallySymmetric,
                  nb::arg("moment_parallel"), nb::arg("moment_perpendicular"),
                  nb::arg("unit_vector"))
      .def_static("StraightLine", &Class::StraightLine,
                  nb::arg("moment_perpendicular"), nb::arg("unit_vector"))
      .def_static("TriaxiallySymmetric", &Class::TriaxiallySymmetric,
                  nb::arg("I_triaxial"));
  DefCopyAndDeepCopy(cls);
  if constexpr (is_double) {
    DefPickle(
        cls, [](const Class& self) { return self.CopyToFullMatrix3(); },
        [](const Matrix3<T>& G) { return Class(Base::MakeUnchecked(G)); });
  }
}

template <typename T>
void DoDefineSpatialInertia(nb::module_ m, const nb::object& param) {
  constexpr bool is_double = std::is_same_v<T, double>;
  using Class = SpatialInertia<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "SpatialInertia", param,
      "The spatial inertia M_SP_E of a body S about a point P, expressed "
      "in a frame E: mass, center of mass p_PScm_E and unit inertia "
      "G_SP_E.");
  cls.def(nb::init<>(), "All NaN.")
      .def(nb::init<const T&, const Vector3<T>&, const UnitInertia<T>&, bool>(),
           nb::arg("mass"), nb::arg("p_PScm_E"), nb::arg("G_SP_E"),
           nb::arg("skip_validity_check") = false)
      .def_static("MakeFromCentralInertia", &Class::MakeFromCentralInertia,
                  nb::arg("mass"), nb::arg("p_PScm_E"), nb::arg("I_SScm_E"))
      .def_static("PointMass", &Class::PointMass, nb::arg("mass"),
                  nb::arg("position"))
      .def_static("MakeUnitary", &Class::MakeUnitary)
      .def_static("Zero", &Class::Zero)
      .def_static("NaN", &Class::NaN)
      .def_static("SolidBoxWithDensity", &Class::SolidBoxWithDensity,
                  nb::arg("density"), nb::arg("lx"), nb::arg("ly"),
                  nb::arg("lz"))
      .def_static("SolidBoxWithMass", &Class::SolidBoxWithMass, nb::arg("mass"),
                  nb::arg("lx"), nb::arg("ly"), nb::arg("lz"))
      .def_static("SolidCubeWithDensity", &Class::SolidCubeWithDensity,
                  nb::arg("density"), nb::arg("length"))
      .def_static("SolidCubeWithMass", &Class::SolidCubeWithMass,
                  nb::arg("mass"), nb::arg("length"))
      .def_static("SolidCapsuleWithDensity", &Class::SolidCapsuleWithDensity,
                  nb::arg("density"), nb::arg("radius"), nb::arg("length"),
                  nb::arg("unit_vector"))
      .def_static("SolidCapsuleWithMass", &Class::SolidCapsuleWithMass,
                  nb::arg("mass"), nb::arg("radius"), nb::arg("length"),
                  nb::arg("unit_vector"))
      .def_static("SolidCylinderWithDensity", &Class::SolidCylinderWithDensity,
                  nb::arg("density"), nb::arg("radius"), nb::arg("length"),
                  nb::arg("unit_vector"))
      .def_static("SolidCylinderWithMass", &Class::SolidCylinderWithMass,
                  nb::arg("mass"), nb::arg("radius"), nb::arg("length"),
                  nb::arg("unit_vector"))
      .def_static("SolidCylinderWithDensityAboutEnd",
                  &Class::SolidCylinderWithDensityAboutEnd, nb::arg("density"),
                  nb::arg("radius"), nb::arg("length"), nb::arg("unit_vector"))
      .def_static("SolidCylinderWithMassAboutEnd",
                  &Class::SolidCylinderWithMassAboutEnd, nb::arg("mass"),
                  nb::arg("radius"), nb::arg("length"), nb::arg("unit_vector"))
      .def_static("SolidEllipsoidWithDensity",
                  &Class::SolidEllipsoidWithDensity, nb::arg("density"),
                  nb::arg("a"), nb::arg("b"), nb::arg("c"))
      .def_static("SolidEllipsoidWithMass", &Class::SolidEllipsoidWithMass,
                  nb::arg("mass"), nb::arg("a"), nb::arg("b"), nb::arg("c"))
      .def_static("SolidSphereWithDensity", &Class::SolidSphereWithDensity,
                  nb::arg("density"), nb::arg("radius"))
      .def_static("SolidSphereWithMass", &Class::SolidSphereWithMass,
                  nb::arg("mass"), nb::arg("radius"))
      .def_static("HollowSphereWithDensity", &Class::HollowSphereWithDensity,
                  nb::arg("area_density"), nb::arg("radius"))
      .def_static("HollowSphereWithMass", &Class::HollowSphereWithMass,
                  nb::arg("mass"), nb::arg("radius"))
      .def_static("ThinRodWithMass", &Class::ThinRodWithMass, nb::arg("mass"),
                  nb::arg("length"), nb::arg("unit_vector"))
      .def_static("ThinRodWithMassAboutEnd", &Class::ThinRodWithMassAboutEnd,
                  nb::arg("mass"), nb::arg("length"), nb::arg("unit_vector"))
      .def("get_mass", &Class::get_mass)
      .def(
          "get_com",
          [](const Class& self) { return Vector3<T>(self.get_com()); },
          "p_PScm_E (a copy).")
      .def("CalcComMoment", &Class::CalcComMoment)
      .def(
          "get_unit_inertia",
          [](const Class& self) { return self.get_unit_inertia(); },
          "G_SP_E (a copy).")
      .def("CalcRotationalInertia", &Class::CalcRotationalInertia)
      .def("IsPhysicallyValid", &Class::IsPhysicallyValid)
      .def("CriticizeNotPhysicallyValid", &Class::CriticizeNotPhysicallyValid)
      .def("CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid",
           &Class::CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid,
           "([lmax, lmed, lmin], X_EA) of the uniform solid ellipsoid with "
           "this spatial inertia.")
      .def("IsNaN", &Class::IsNaN)
      .def("IsZero", &Class::IsZero)
      .def("SetNaN", &Class::SetNaN)
      .def("CopyToFullMatrix6", &Class::CopyToFullMatrix6)
      .def("ReExpress", &Class::ReExpress, nb::arg("R_AE"))
      .def("Shift", &Class::Shift, nb::arg("p_PQ_E"))
      .def("ShiftToCenterOfMass", &Class::ShiftToCenterOfMass)
      .def("ShiftFromCenterOfMass", &Class::ShiftFromCenterOfMass,
           nb::arg("p_ScmP_E"))
      .def(
          "__iadd__", [](Class& a, const Class& b) -> Class& { return a += b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__mul__",
          [](const Class& M, const SpatialAcceleration<T>& A) {
            return SpatialForce<T>(M * A);
          },
          nb::is_operator())
      .def(
          "__mul__",
          [](const Class& M, const SpatialVelocity<T>& V) {
            return SpatialMomentum<T>(M * V);
          },
          nb::is_operator())
      .def(
          "__mul__",
          [](const Class& M, const Matrix6X<T>& H) {
            return Matrix6X<T>(M * H);
          },
          nb::is_operator());
  if constexpr (!std::is_same_v<T, symbolic::Expression>) {
    cls.def("__str__", &StreamToString<Class>);
  }
  DefCopyAndDeepCopy(cls);
  if constexpr (is_double) {
    DefPickle(
        cls,
        [](const Class& self) {
          return std::make_tuple(self.get_mass(), Vector3<T>(self.get_com()),
                                 self.get_unit_inertia().CopyToFullMatrix3());
        },
        [](const std::tuple<T, Vector3<T>, Matrix3<T>>& state) {
          return Class(std::get<0>(state), std::get<1>(state),
                       UnitInertia<T>(RotationalInertia<T>::MakeUnchecked(
                           std::get<2>(state))),
                       true);
        });
  }
}

template <typename T>
void DoDefineArticulatedBodyInertia(nb::module_ m, const nb::object& param) {
  constexpr bool is_double = std::is_same_v<T, double>;
  using Class = ArticulatedBodyInertia<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "ArticulatedBodyInertia", param,
      "The articulated body inertia P_BQ_E: the symmetric positive "
      "semi-definite 6x6 apparent inertia of an articulated body at a "
      "handle point Q, expressed in a frame E.");
  cls.def(nb::init<>(), "All NaN.")
      .def(nb::init<const SpatialInertia<T>&>(), nb::arg("M_BQ_E"))
      .def(nb::init<const Matrix6<T>&>(), nb::arg("matrix"),
           "From a symmetric 6x6 matrix.")
      .def("rows", &Class::rows)
      .def("cols", &Class::cols)
      .def("CopyToFullMatrix6",
           [](const Class& self) {
             return Matrix6<T>(self.CopyToFullMatrix6());
           })
      .def("IsPhysicallyValid", &Class::IsPhysicallyValid,
           "True if positive semi-definite (to rounding).")
      .def("Shift", &Class::Shift, nb::arg("p_QR_E"))
      .def("ReExpress", &Class::ReExpress, nb::arg("R_AE"))
      .def(
          "__add__",
          [](const Class& a, const Class& b) { return Class(a + b); },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Class& a, const Class& b) { return Class(a - b); },
          nb::is_operator())
      .def(
          "__iadd__", [](Class& a, const Class& b) -> Class& { return a += b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__isub__", [](Class& a, const Class& b) -> Class& { return a -= b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__mul__",
          [](const Class& P, const SpatialAcceleration<T>& A) {
            return SpatialForce<T>(P * A);
          },
          nb::is_operator())
      .def(
          "__mul__",
          [](const Class& P, const Matrix6X<T>& H) {
            return Matrix6X<T>(P * H);
          },
          nb::is_operator());
  DefCopyAndDeepCopy(cls);
  if constexpr (is_double) {
    DefPickle(
        cls,
        [](const Class& self) { return Matrix6<T>(self.CopyToFullMatrix6()); },
        [](const Matrix6<T>& P) { return Class(P); });
  }
}

template <typename T>
void DoDefineInertias(nb::module_ m) {
  const nb::object param = GetPyParam<T>();

  DoDefineRotationalInertia<T>(m, param);
  DoDefineUnitInertia<T>(m, param);
  DoDefineSpatialInertia<T>(m, param);
  DoDefineArticulatedBodyInertia<T>(m, param);
}

}  // namespace

// RotationalInertia, UnitInertia, SpatialInertia, ArticulatedBodyInertia
// (their reference module is multibody.tree).
void DefineMultibodyTreeInertia(nb::module_ m) {
  // Also on symbolic::Expression, as the C++ classes are; their validity
  // checks decide on constants and raise for expressions with variables.
  type_visit(
      [m](auto tag) { DoDefineInertias<typename decltype(tag)::type>(m); },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
