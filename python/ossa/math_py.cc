// Bindings of ossa::math (ossa.math) and of the Eigen geometry classes the
// math API takes and returns (Quaternion_, AngleAxis_, Isometry3_, re-exported
// by ossa.common.eigen_geometry), for every default scalar: Name_[float]
// (alias Name), Name_[AutoDiffXd] and Name_[Expression].

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/math/quaternion.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;

// The scalars of this module: the default ones and the symbolic one.
using MathScalars = type_pack<double, AutoDiffXd, symbolic::Expression>;

// "RotationMatrix" for float, "RotationMatrix_[AutoDiffXd]" otherwise, as
// the reference prints them.
template <typename T>
std::string ClassName(const char* name) {
  if constexpr (std::is_same_v<T, double>) {
    return name;
  } else {
    return std::string(name) + "_[" + GetPyParamName<T>() + "]";
  }
}

template <typename T>
std::string ScalarRepr(const T& x) {
  return nb::cast<std::string>(nb::repr(nb::cast(x)));
}

template <typename Derived>
std::string RowRepr(const Eigen::MatrixBase<Derived>& row) {
  std::string s = "[";
  for (Eigen::Index j = 0; j < row.size(); ++j) {
    if (j > 0) s += ", ";
    s += ScalarRepr(row(j));
  }
  return s + "]";
}

// The rows of a 3x3 matrix, each on its own line with `indent`.
template <typename T>
std::string MatrixRepr(const Matrix3<T>& M, const std::string& indent) {
  std::string s = "[\n";
  for (int i = 0; i < 3; ++i) s += indent + "  " + RowRepr(M.row(i)) + ",\n";
  return s + indent + "]";
}

// The value of one scalar as another: exact for double -> AutoDiffXd or
// Expression (no derivatives, a constant), the value for AutoDiffXd ->
// double, and for Expression -> double when the expression is a constant.
template <typename U, typename T>
U ScalarCast(const T& x) {
  if constexpr (std::is_same_v<T, U>) {
    return x;
  } else if constexpr (std::is_same_v<U, double>) {
    return ExtractDoubleOrThrow(x);
  } else {
    return U(x);
  }
}

// Adds obj.cast[U]() for the scalars U that T converts to, with the
// conversion `convert.template operator()<U>(self)`: any from float, float
// and T itself from the others (AutoDiffXd and Expression do not convert
// into each other, as in the reference).
template <typename Class, typename T, typename PyClass, typename Convert>
void DefCastWith(PyClass& cls, Convert convert) {
  type_visit(
      [&cls, convert](auto tag) {
        using U = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, double> || std::is_same_v<U, double> ||
                      std::is_same_v<U, T>) {
          AddTemplateMethod(cls, "cast",
                            nb::cpp_function(
                                [convert](const Class& self) {
                                  return convert.template operator()<U>(self);
                                },
                                nb::is_method()),
                            GetPyParam<U>());
        }
      },
      MathScalars{});
}

// An axis must be a unit vector (within 1e-5, the reference's tolerance as
// measured); throws std::logic_error (RuntimeError) otherwise.
template <typename T>
void ThrowUnlessUnitAxis(const Vector3<T>& axis, const char* where) {
  const double norm = ExtractDoubleOrThrow(axis.norm());
  if (!(std::abs(norm - 1.0) <= 1e-5)) {
    ThrowLogicError("{}: the axis is not normalized (|axis| = {}).", where,
                    norm);
  }
}

// Adds obj.cast[U]() for the scalars U that T converts to, by Class::cast<U>.
template <typename Class, typename T, typename PyClass>
void DefCast(PyClass& cls) {
  DefCastWith<Class, T>(
      cls, []<typename U>(const Class& self) { return self.template cast<U>(); });
}

template <typename T>
void DefineEigenGeometry(nb::module_ m) {
  // Quaternion_[T]: (w, x, y, z); not normalized on construction (the
  // functions that need a rotation normalize or check).
  {
    using Class = Eigen::Quaternion<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "Quaternion", GetPyParam<T>(),
        "A quaternion (w, x, y, z) = (cos(θ/2), sin(θ/2)·λ); Vector4 forms "
        "are ordered [w, x, y, z].");
    cls.def("__init__",
            [](Class* self) { new (self) Class(Class::Identity()); })
        .def(
            "__init__",
            [](Class* self, const Vector4<T>& wxyz) {
              new (self) Class(wxyz(0), wxyz(1), wxyz(2), wxyz(3));
            },
            nb::arg("wxyz"))
        .def(nb::init<const T&, const T&, const T&, const T&>(), nb::arg("w"),
             nb::arg("x"), nb::arg("y"), nb::arg("z"))
        .def(
            "__init__",
            [](Class* self, const Matrix3<T>& rotation) {
              new (self) Class(RotationMatrix<T>(rotation).ToQuaternion());
            },
            nb::arg("rotation"))
        .def(
            "__init__",
            [](Class* self, const Eigen::AngleAxis<T>& theta_lambda) {
              new (self) Class(RotationMatrix<T>(theta_lambda).ToQuaternion());
            },
            nb::arg("theta_lambda"))
        .def(nb::init<const Class&>(), nb::arg("other"))
        .def_static("Identity", []() { return Class(Class::Identity()); })
        .def(
            "slerp",
            [](const Class& self, double t, const Class& other) {
              return Class(self.slerp(T(t), other));
            },
            nb::arg("t"), nb::arg("other"),
            "Spherical linear interpolation from this (t = 0) to `other` "
            "(t = 1).")
        .def("w", [](const Class& q) { return T(q.w()); })
        .def("x", [](const Class& q) { return T(q.x()); })
        .def("y", [](const Class& q) { return T(q.y()); })
        .def("z", [](const Class& q) { return T(q.z()); })
        .def("xyz", [](const Class& q) { return Vector3<T>(q.vec()); })
        .def("wxyz",
             [](const Class& q) {
               return Vector4<T>(q.w(), q.x(), q.y(), q.z());
             })
        .def(
            "set_wxyz",
            [](Class& q, const Vector4<T>& wxyz) {
              q = Class(wxyz(0), wxyz(1), wxyz(2), wxyz(3));
            },
            nb::arg("wxyz"))
        .def(
            "set_wxyz",
            [](Class& q, const T& w, const T& x, const T& y, const T& z) {
              q = Class(w, x, y, z);
            },
            nb::arg("w"), nb::arg("x"), nb::arg("y"), nb::arg("z"))
        .def("rotation",
             [](const Class& q) { return RotationMatrix<T>(q).matrix(); })
        .def(
            "set_rotation",
            [](Class& q, const Matrix3<T>& R) {
              q = RotationMatrix<T>(R).ToQuaternion();
            },
            nb::arg("rotation"))
        .def("conjugate", [](const Class& q) { return Class(q.conjugate()); })
        .def("inverse", [](const Class& q) { return Class(q.inverse()); })
        .def(
            "multiply",
            [](const Class& a, const Class& b) { return Class(a * b); },
            nb::arg("other"))
        .def(
            "multiply",
            [](const Class& q, const Vector3<T>& v) {
              return Vector3<T>(RotationMatrix<T>(q) * v);
            },
            nb::arg("position"))
        .def(
            "__matmul__",
            [](const Class& a, const Class& b) { return Class(a * b); },
            nb::is_operator())
        .def(
            "__matmul__",
            [](const Class& q, const Vector3<T>& v) {
              return Vector3<T>(RotationMatrix<T>(q) * v);
            },
            nb::is_operator())
        .def("__repr__", [](const Class& q) {
          return ClassName<T>("Quaternion") + "(w=" + ScalarRepr<T>(q.w()) +
                 ", x=" + ScalarRepr<T>(q.x()) + ", y=" + ScalarRepr<T>(q.y()) +
                 ", z=" + ScalarRepr<T>(q.z()) + ")";
        });
    DefCopyAndDeepCopy(cls);
    DefCastWith<Class, T>(cls, []<typename U>(const Class& q) {
      return Eigen::Quaternion<U>(ScalarCast<U>(q.w()), ScalarCast<U>(q.x()),
                                  ScalarCast<U>(q.y()), ScalarCast<U>(q.z()));
    });
    if constexpr (std::is_same_v<T, double>) {
      DefPickle(
          cls,
          [](const Class& q) { return Vector4<T>(q.w(), q.x(), q.y(), q.z()); },
          [](const Vector4<T>& wxyz) {
            return Class(wxyz(0), wxyz(1), wxyz(2), wxyz(3));
          });
    }
  }
  // AngleAxis_[T].
  {
    using Class = Eigen::AngleAxis<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "AngleAxis", GetPyParam<T>(),
        "A rotation by angle θ (radians) about a unit axis λ.");
    cls.def("__init__",
            [](Class* self) { new (self) Class(T(0), Vector3<T>::UnitX()); })
        .def(
            "__init__",
            [](Class* self, const T& angle, const Vector3<T>& axis) {
              ThrowUnlessUnitAxis(axis, "AngleAxis(angle, axis)");
              new (self) Class(angle, axis);
            },
            nb::arg("angle"), nb::arg("axis"))
        .def(
            "__init__",
            [](Class* self, const Eigen::Quaternion<T>& q) {
              new (self) Class(RotationMatrix<T>(q).ToAngleAxis());
            },
            nb::arg("quaternion"))
        .def(
            "__init__",
            [](Class* self, const Matrix3<T>& R) {
              new (self) Class(RotationMatrix<T>(R).ToAngleAxis());
            },
            nb::arg("rotation"))
        .def(nb::init<const Class&>(), nb::arg("other"))
        .def_static("Identity",
                    []() { return Class(T(0), Vector3<T>::UnitX()); })
        .def("angle", [](const Class& a) { return T(a.angle()); })
        .def("axis", [](const Class& a) { return Vector3<T>(a.axis()); })
        .def(
            "set_angle", [](Class& a, const T& angle) { a.angle() = angle; },
            nb::arg("angle"))
        .def(
            "set_axis",
            [](Class& a, const Vector3<T>& axis) {
              ThrowUnlessUnitAxis(axis, "AngleAxis.set_axis()");
              a.axis() = axis;
            },
            nb::arg("axis"))
        .def("rotation",
             [](const Class& a) { return RotationMatrix<T>(a).matrix(); })
        .def(
            "set_rotation",
            [](Class& a, const Matrix3<T>& R) {
              a = RotationMatrix<T>(R).ToAngleAxis();
            },
            nb::arg("rotation"))
        .def("quaternion",
             [](const Class& a) { return RotationMatrix<T>(a).ToQuaternion(); })
        .def(
            "set_quaternion",
            [](Class& a, const Eigen::Quaternion<T>& q) {
              a = RotationMatrix<T>(q).ToAngleAxis();
            },
            nb::arg("q"))
        .def("inverse",
             [](const Class& a) { return Class(-a.angle(), a.axis()); })
        .def(
            "multiply",
            [](const Class& a, const Class& b) {
              return (RotationMatrix<T>(a) * RotationMatrix<T>(b))
                  .ToAngleAxis();
            },
            nb::arg("other"))
        .def(
            "__matmul__",
            [](const Class& a, const Class& b) {
              return (RotationMatrix<T>(a) * RotationMatrix<T>(b))
                  .ToAngleAxis();
            },
            nb::is_operator())
        .def("__repr__", [](const Class& a) {
          return ClassName<T>("AngleAxis") +
                 "(angle=" + ScalarRepr<T>(a.angle()) +
                 ", axis=" + RowRepr(a.axis().transpose()) + ")";
        });
    DefCopyAndDeepCopy(cls);
    DefCastWith<Class, T>(cls, []<typename U>(const Class& a) {
      const Vector3<U> axis =
          a.axis().unaryExpr([](const T& x) { return ScalarCast<U>(x); });
      return Eigen::AngleAxis<U>(ScalarCast<U>(a.angle()), axis);
    });
    if constexpr (std::is_same_v<T, double>) {
      DefPickle(
          cls,
          [](const Class& a) {
            return std::make_tuple(a.angle(), Vector3<T>(a.axis()));
          },
          [](const std::tuple<T, Vector3<T>>& s) {
            return Class(std::get<0>(s), std::get<1>(s));
          });
    }
  }
  // Isometry3_[T]: a 4x4 rigid transform matrix (the math API's
  // RigidTransform is the checked, preferred form).
  {
    using Class = Isometry3<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "Isometry3", GetPyParam<T>(),
        "A rigid transform as a 4x4 matrix [R, p; 0 0 0 1].");
    cls.def("__init__",
            [](Class* self) { new (self) Class(Class::Identity()); })
        .def(
            "__init__",
            [](Class* self, const Matrix4<T>& matrix) {
              // Checked like RigidTransform(Matrix4).
              new (self) Class(RigidTransform<T>(matrix).GetAsIsometry3());
            },
            nb::arg("matrix"))
        .def(
            "__init__",
            [](Class* self, const Matrix3<T>& rotation,
               const Vector3<T>& translation) {
              new (self) Class(
                  RigidTransform<T>(RotationMatrix<T>(rotation), translation)
                      .GetAsIsometry3());
            },
            nb::arg("rotation"), nb::arg("translation"))
        .def(
            "__init__",
            [](Class* self, const Eigen::Quaternion<T>& quaternion,
               const Vector3<T>& translation) {
              new (self) Class(
                  RigidTransform<T>(RotationMatrix<T>(quaternion), translation)
                      .GetAsIsometry3());
            },
            nb::arg("quaternion"), nb::arg("translation"))
        .def(nb::init<const Class&>(), nb::arg("other"))
        .def_static("Identity", []() { return Class(Class::Identity()); })
        .def("quaternion",
             [](const Class& X) {
               return RotationMatrix<T>(Matrix3<T>(X.linear())).ToQuaternion();
             })
        .def(
            "set_quaternion",
            [](Class& X, const Eigen::Quaternion<T>& q) {
              X.linear() = RotationMatrix<T>(q).matrix();
            },
            nb::arg("q"))
        .def("matrix", [](const Class& X) { return Matrix4<T>(X.matrix()); })
        .def(
            "set_matrix",
            [](Class& X, const Matrix4<T>& matrix) {
              X = RigidTransform<T>(matrix).GetAsIsometry3();
            },
            nb::arg("matrix"))
        .def("translation",
             [](const Class& X) { return Vector3<T>(X.translation()); })
        .def(
            "set_translation",
            [](Class& X, const Vector3<T>& p) { X.translation() = p; },
            nb::arg("translation"))
        .def("rotation", [](const Class& X) { return Matrix3<T>(X.linear()); })
        .def(
            "set_rotation",
            [](Class& X, const Matrix3<T>& R) {
              X.linear() = RotationMatrix<T>(R).matrix();
            },
            nb::arg("rotation"))
        .def("inverse",
             [](const Class& X) {
               return RigidTransform<T>(X).inverse().GetAsIsometry3();
             })
        .def(
            "multiply",
            [](const Class& a, const Class& b) { return Class(a * b); },
            nb::arg("other"))
        .def(
            "multiply",
            [](const Class& X, const Vector3<T>& p) {
              return Vector3<T>(X * p);
            },
            nb::arg("position"))
        .def(
            "__matmul__",
            [](const Class& a, const Class& b) { return Class(a * b); },
            nb::is_operator())
        .def(
            "__matmul__",
            [](const Class& X, const Vector3<T>& p) {
              return Vector3<T>(X * p);
            },
            nb::is_operator())
        .def("__repr__", [](const Class& X) {
          std::string s = ClassName<T>("Isometry3") + "([\n";
          for (int i = 0; i < 4; ++i)
            s += "  " + RowRepr(X.matrix().row(i)) + ",\n";
          return s + "])";
        });
    DefCopyAndDeepCopy(cls);
    DefCastWith<Class, T>(cls, []<typename U>(const Class& X) {
      Isometry3<U> result;
      result.matrix() =
          X.matrix().unaryExpr([](const T& x) { return ScalarCast<U>(x); });
      return result;
    });
    if constexpr (std::is_same_v<T, double>) {
      DefPickle(
          cls, [](const Class& X) { return Matrix4<T>(X.matrix()); },
          [](const Matrix4<T>& M) {
            return RigidTransform<T>(M).GetAsIsometry3();
          });
    }
  }
}

template <typename T>
void DefineRotationMatrix(nb::module_ m) {
  using Class = RotationMatrix<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "RotationMatrix", GetPyParam<T>(),
      "The orientation R_AB of frame B in frame A: a 3x3 proper orthonormal "
      "matrix whose columns are Bx, By, Bz expressed in A. R_AC = R_AB @ R_BC; "
      "v_A = R_AB @ v_B. Constructors check validity (max|R·Rᵀ − I| ≤ 128 ε, "
      "det R > 0) and raise RuntimeError otherwise.");
  cls.def(nb::init<>())
      .def(nb::init<const Class&>(), nb::arg("other"))
      .def(nb::init<const Matrix3<T>&>(), nb::arg("R"))
      .def(nb::init<const Eigen::Quaternion<T>&>(), nb::arg("quaternion"))
      .def(nb::init<const Eigen::AngleAxis<T>&>(), nb::arg("theta_lambda"))
      .def(nb::init<const RollPitchYaw<T>&>(), nb::arg("rpy"))
      .def_static("MakeXRotation", &Class::MakeXRotation, nb::arg("theta"))
      .def_static("MakeYRotation", &Class::MakeYRotation, nb::arg("theta"))
      .def_static("MakeZRotation", &Class::MakeZRotation, nb::arg("theta"))
      .def_static("MakeFromOneVector", &Class::MakeFromOneVector,
                  nb::arg("b_A"), nb::arg("axis_index"))
      .def_static("MakeFromOrthonormalRows", &Class::MakeFromOrthonormalRows,
                  nb::arg("Ax_B"), nb::arg("Ay_B"), nb::arg("Az_B"))
      .def_static("MakeFromOrthonormalColumns",
                  &Class::MakeFromOrthonormalColumns, nb::arg("Bx_A"),
                  nb::arg("By_A"), nb::arg("Bz_A"))
      .def_static("MakeUnchecked", &Class::MakeUnchecked, nb::arg("R"))
      .def_static("Identity", []() { return Class(); })
      .def_static(
          "ProjectToRotationMatrix",
          [](const Matrix3<T>& M) { return Class::ProjectToRotationMatrix(M); },
          nb::arg("M"))
      .def_static("get_internal_tolerance_for_orthonormality",
                  &Class::get_internal_tolerance_for_orthonormality)
      .def("set", &Class::set, nb::arg("R"))
      .def("inverse", &Class::inverse)
      .def("transpose", &Class::transpose)
      .def("matrix",
           [](const Class& self) { return Matrix3<T>(self.matrix()); })
      .def("row", &Class::row, nb::arg("index"))
      .def("col", &Class::col, nb::arg("index"))
      .def("InvertAndCompose", &Class::InvertAndCompose, nb::arg("other"))
      .def("IsValid", nb::overload_cast<>(&Class::IsValid, nb::const_))
      .def("IsExactlyIdentity", &Class::IsExactlyIdentity)
      .def("IsNearlyIdentity", &Class::IsNearlyIdentity,
           nb::arg("tolerance") =
               Class::get_internal_tolerance_for_orthonormality())
      .def("IsNearlyEqualTo", &Class::IsNearlyEqualTo, nb::arg("other"),
           nb::arg("tolerance"))
      .def("IsExactlyEqualTo", &Class::IsExactlyEqualTo, nb::arg("other"))
      .def("GetMaximumAbsoluteDifference", &Class::GetMaximumAbsoluteDifference,
           nb::arg("other"))
      .def("ToQuaternion",
           nb::overload_cast<>(&Class::ToQuaternion, nb::const_))
      .def("ToQuaternionAsVector4", &Class::ToQuaternionAsVector4)
      .def("ToAngleAxis", &Class::ToAngleAxis)
      .def("ToRollPitchYaw", &Class::ToRollPitchYaw);
  // Composition and re-expression: `multiply` and `@`. The 3x1 overload
  // comes before 3xN so that a 1-d array gives back a 1-d array.
  auto def_product = [&cls](const char* name, auto... extra) {
    cls.def(
           name,
           [](const Class& self, const Class& other) { return self * other; },
           nb::arg("other"), extra...)
        .def(
            name,
            [](const Class& self, const Vector3<T>& v_B) -> Vector3<T> {
              return self * v_B;
            },
            nb::arg("v_B"), extra...)
        .def(
            name,
            [](const Class& self, const Matrix3X<T>& v_B) -> Matrix3X<T> {
              return self * v_B;
            },
            nb::arg("v_B"), extra...);
  };
  def_product("multiply");
  def_product("__matmul__", nb::is_operator());
  cls.def("__repr__", [](const Class& self) {
    return ClassName<T>("RotationMatrix") + "(" +
           MatrixRepr<T>(self.matrix(), "") + ")";
  });
  DefCopyAndDeepCopy(cls);
  DefCast<Class, T>(cls);
  if constexpr (std::is_same_v<T, double>) {
    DefPickle(
        cls, [](const Class& self) { return Matrix3<T>(self.matrix()); },
        [](const Matrix3<T>& R) { return Class(R); });
  }
}

template <typename T>
void DefineRollPitchYaw(nb::module_ m) {
  using Class = RollPitchYaw<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "RollPitchYaw", GetPyParam<T>(),
      "Roll-pitch-yaw angles [r, p, y] (radians): R_AD = Rz(y)·Ry(p)·Rx(r), "
      "a space-fixed X-Y-Z (body-fixed Z-Y-X) rotation sequence.");
  cls.def(nb::init<const Class&>(), nb::arg("other"))
      .def(nb::init<const Vector3<T>&>(), nb::arg("rpy"))
      .def(nb::init<const T&, const T&, const T&>(), nb::arg("roll"),
           nb::arg("pitch"), nb::arg("yaw"))
      .def(nb::init<const RotationMatrix<T>&>(), nb::arg("R"))
      .def(
          "__init__",
          [](Class* self, const Matrix3<T>& matrix) {
            new (self) Class(RotationMatrix<T>(matrix));
          },
          nb::arg("matrix"))
      .def(nb::init<const Eigen::Quaternion<T>&>(), nb::arg("quaternion"))
      .def("vector",
           [](const Class& self) { return Vector3<T>(self.vector()); })
      .def("roll_angle", [](const Class& self) { return T(self.roll_angle()); })
      .def("pitch_angle",
           [](const Class& self) { return T(self.pitch_angle()); })
      .def("yaw_angle", [](const Class& self) { return T(self.yaw_angle()); })
      .def(
          "set", [](Class& self, const Vector3<T>& rpy) { self.set(rpy); },
          nb::arg("rpy"))
      .def(
          "set",
          [](Class& self, const T& r, const T& p, const T& y) {
            self.set(r, p, y);
          },
          nb::arg("roll"), nb::arg("pitch"), nb::arg("yaw"))
      .def("SetFromRotationMatrix", &Class::SetFromRotationMatrix, nb::arg("R"))
      .def("SetFromQuaternion", &Class::SetFromQuaternion,
           nb::arg("quaternion"))
      .def("ToRotationMatrix", &Class::ToRotationMatrix)
      .def("ToQuaternion", &Class::ToQuaternion)
      .def("IsNearlyEqualTo", &Class::IsNearlyEqualTo, nb::arg("other"),
           nb::arg("tolerance"))
      .def("IsNearlySameOrientation", &Class::IsNearlySameOrientation,
           nb::arg("other"), nb::arg("tolerance"))
      .def("IsRollPitchYawInCanonicalRange",
           &Class::IsRollPitchYawInCanonicalRange)
      .def("DoesPitchAngleViolateGimbalLockTolerance",
           &Class::DoesPitchAngleViolateGimbalLockTolerance)
      .def_static("DoesCosPitchAngleViolateGimbalLockTolerance",
                  &Class::DoesCosPitchAngleViolateGimbalLockTolerance,
                  nb::arg("cos_pitch"))
      .def_static("GimbalLockPitchAngleTolerance",
                  &Class::GimbalLockPitchAngleTolerance)
      .def("CalcRotationMatrixDt", &Class::CalcRotationMatrixDt,
           nb::arg("rpyDt"))
      .def("CalcAngularVelocityInParentFromRpyDt",
           &Class::CalcAngularVelocityInParentFromRpyDt, nb::arg("rpyDt"))
      .def("CalcAngularVelocityInChildFromRpyDt",
           &Class::CalcAngularVelocityInChildFromRpyDt, nb::arg("rpyDt"))
      .def("CalcRpyDtFromAngularVelocityInParent",
           &Class::CalcRpyDtFromAngularVelocityInParent, nb::arg("w_AD_A"))
      .def("CalcRpyDtFromAngularVelocityInChild",
           &Class::CalcRpyDtFromAngularVelocityInChild, nb::arg("w_AD_D"))
      .def("CalcMatrixRelatingRpyDtToAngularVelocityInParent",
           &Class::CalcMatrixRelatingRpyDtToAngularVelocityInParent)
      .def("CalcMatrixRelatingRpyDtToAngularVelocityInChild",
           &Class::CalcMatrixRelatingRpyDtToAngularVelocityInChild)
      .def("CalcRpyDDtFromRpyDtAndAngularAccelInParent",
           &Class::CalcRpyDDtFromRpyDtAndAngularAccelInParent, nb::arg("rpyDt"),
           nb::arg("alpha_AD_A"))
      .def("CalcRpyDDtFromAngularAccelInParent",
           &Class::CalcRpyDDtFromAngularAccelInParent, nb::arg("rpyDt"),
           nb::arg("alpha_AD_A"))
      .def("CalcRpyDDtFromAngularAccelInChild",
           &Class::CalcRpyDDtFromAngularAccelInChild, nb::arg("rpyDt"),
           nb::arg("alpha_AD_D"))
      .def("__repr__", [](const Class& self) {
        return ClassName<T>("RollPitchYaw") +
               "(roll=" + ScalarRepr<T>(self.roll_angle()) +
               ", pitch=" + ScalarRepr<T>(self.pitch_angle()) +
               ", yaw=" + ScalarRepr<T>(self.yaw_angle()) + ")";
      });
  DefCopyAndDeepCopy(cls);
  DefCast<Class, T>(cls);
  if constexpr (std::is_same_v<T, double>) {
    DefPickle(
        cls, [](const Class& self) { return Vector3<T>(self.vector()); },
        [](const Vector3<T>& rpy) { return Class(rpy); });
  }
}

template <typename T>
void DefineRigidTransform(nb::module_ m) {
  using Class = RigidTransform<T>;
  using Matrix34 = Eigen::Matrix<T, 3, 4>;
  using Matrix4X = Eigen::Matrix<T, 4, Eigen::Dynamic>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "RigidTransform", GetPyParam<T>(),
      "The pose X_AB of frame B in frame A: rotation R_AB and position "
      "p_AoBo_A. X_AC = X_AB @ X_BC; p_AoQ_A = X_AB @ p_BoQ_B.");
  cls.def(nb::init<>())
      .def(nb::init<const Class&>(), nb::arg("other"))
      .def(nb::init<const RotationMatrix<T>&, const Vector3<T>&>(),
           nb::arg("R"), nb::arg("p"))
      .def(nb::init<const RollPitchYaw<T>&, const Vector3<T>&>(),
           nb::arg("rpy"), nb::arg("p"))
      .def(nb::init<const Eigen::Quaternion<T>&, const Vector3<T>&>(),
           nb::arg("quaternion"), nb::arg("p"))
      .def(nb::init<const Eigen::AngleAxis<T>&, const Vector3<T>&>(),
           nb::arg("theta_lambda"), nb::arg("p"))
      .def(nb::init<const RotationMatrix<T>&>(), nb::arg("R"))
      .def(nb::init<const Vector3<T>&>(), nb::arg("p"))
      .def(nb::init<const Isometry3<T>&>(), nb::arg("pose"))
      .def(nb::init<const Matrix4<T>&>(), nb::arg("pose"))
      .def(nb::init<const Matrix34&>(), nb::arg("pose"))
      .def_static("MakeUnchecked", &Class::MakeUnchecked, nb::arg("pose"))
      .def_static("Identity", []() { return Class(); })
      .def("set", &Class::set, nb::arg("R"), nb::arg("p"))
      .def("SetFromIsometry3", &Class::SetFromIsometry3, nb::arg("pose"))
      .def("SetIdentity", [](Class& self) { self.SetIdentity(); })
      .def("rotation", [](const Class& self) { return self.rotation(); })
      .def(
          "set_rotation",
          [](Class& self, const RotationMatrix<T>& R) { self.set_rotation(R); },
          nb::arg("R"))
      .def(
          "set_rotation",
          [](Class& self, const RollPitchYaw<T>& rpy) {
            self.set_rotation(rpy);
          },
          nb::arg("rpy"))
      .def(
          "set_rotation",
          [](Class& self, const Eigen::Quaternion<T>& q) {
            self.set_rotation(q);
          },
          nb::arg("quaternion"))
      .def(
          "set_rotation",
          [](Class& self, const Eigen::AngleAxis<T>& a) {
            self.set_rotation(a);
          },
          nb::arg("theta_lambda"))
      .def("translation",
           [](const Class& self) { return Vector3<T>(self.translation()); })
      .def("set_translation", &Class::set_translation, nb::arg("p"))
      .def("GetAsMatrix4", &Class::GetAsMatrix4)
      .def("GetAsMatrix34", &Class::GetAsMatrix34)
      .def("GetAsIsometry3", &Class::GetAsIsometry3)
      .def("inverse", &Class::inverse)
      .def("InvertAndCompose", &Class::InvertAndCompose, nb::arg("other"))
      .def("IsExactlyIdentity", &Class::IsExactlyIdentity)
      .def("IsNearlyIdentity", &Class::IsNearlyIdentity,
           nb::arg("translation_tolerance"))
      .def("IsIdentityToEpsilon", &Class::IsIdentityToEpsilon,
           nb::arg("translation_tolerance"))
      .def("IsExactlyEqualTo", &Class::IsExactlyEqualTo, nb::arg("other"))
      .def("IsNearlyEqualTo", &Class::IsNearlyEqualTo, nb::arg("other"),
           nb::arg("tolerance"))
      .def("GetMaximumAbsoluteDifference", &Class::GetMaximumAbsoluteDifference,
           nb::arg("other"))
      .def("GetMaximumAbsoluteTranslationDifference",
           &Class::GetMaximumAbsoluteTranslationDifference, nb::arg("other"))
      .def("GetMaxAbsoluteTranslationalDifference",
           &Class::GetMaxAbsoluteTranslationalDifference, nb::arg("other"));
  auto def_product = [&cls](const char* name, auto... extra) {
    cls.def(
           name,
           [](const Class& self, const Class& other) { return self * other; },
           nb::arg("other"), extra...)
        .def(
            name,
            [](const Class& self, const Vector3<T>& p_BoQ_B) -> Vector3<T> {
              return self * p_BoQ_B;
            },
            nb::arg("p_BoQ_B"), extra...)
        .def(
            name,
            [](const Class& self, const Vector4<T>& vec_B) -> Vector4<T> {
              return self * vec_B;
            },
            nb::arg("vec_B"), extra...)
        .def(
            name,
            [](const Class& self, const Matrix3X<T>& p_BoQ_B) -> Matrix3X<T> {
              return self * p_BoQ_B;
            },
            nb::arg("p_BoQ_B"), extra...)
        .def(
            name,
            [](const Class& self, const Matrix4X& vec_B) -> Matrix4X {
              return self * vec_B;
            },
            nb::arg("vec_B"), extra...);
  };
  def_product("multiply");
  def_product("__matmul__", nb::is_operator());
  cls.def("__repr__", [](const Class& self) {
    return ClassName<T>("RigidTransform") +
           "(\n  R=" + ClassName<T>("RotationMatrix") + "(" +
           MatrixRepr<T>(self.rotation().matrix(), "  ") +
           "),\n  p=" + RowRepr(self.translation().transpose()) + ",\n)";
  });
  DefCopyAndDeepCopy(cls);
  DefCast<Class, T>(cls);
  if constexpr (std::is_same_v<T, double>) {
    DefPickle(
        cls, [](const Class& self) { return self.GetAsMatrix34(); },
        [](const Matrix34& pose) { return Class(pose); });
  }
}

template <typename T>
void DefineQuaternionFunctions(nb::module_ m) {
  using Q = Eigen::Quaternion<T>;
  m.def("ClosestQuaternion", &math::ClosestQuaternion<T>, nb::arg("quat1"),
        nb::arg("quat2"))
      .def("is_quaternion_in_canonical_form",
           &math::is_quaternion_in_canonical_form<T>, nb::arg("quat"))
      .def("QuaternionToCanonicalForm", &math::QuaternionToCanonicalForm<T>,
           nb::arg("quat"))
      .def("AreQuaternionsEqualForOrientation",
           &math::AreQuaternionsEqualForOrientation<T>, nb::arg("quat1"),
           nb::arg("quat2"), nb::arg("tolerance"))
      .def("IsQuaternionValid", &math::IsQuaternionValid<T>, nb::arg("quat"),
           nb::arg("tolerance"))
      .def("IsBothQuaternionAndQuaternionDtOK",
           &math::IsBothQuaternionAndQuaternionDtOK<T>, nb::arg("quat"),
           nb::arg("quatDt"), nb::arg("tolerance"))
      .def("CalculateQuaternionDtFromAngularVelocityExpressedInB",
           &math::CalculateQuaternionDtFromAngularVelocityExpressedInB<T>,
           nb::arg("quat_AB"), nb::arg("w_AB_B"))
      .def("CalculateAngularVelocityExpressedInBFromQuaternionDt",
           &math::CalculateAngularVelocityExpressedInBFromQuaternionDt<T>,
           nb::arg("quat_AB"), nb::arg("quatDt"))
      .def(
          "AngularVelocityToQuaternionRateMatrix",
          [](const Q& q) {
            return Eigen::Matrix<T, 4, 3>(
                math::AngularVelocityToQuaternionRateMatrix(q));
          },
          nb::arg("q_AB"))
      .def(
          "QuaternionRateToAngularVelocityMatrix",
          [](const Q& q) {
            return Eigen::Matrix<T, 3, 4>(
                math::QuaternionRateToAngularVelocityMatrix(q));
          },
          nb::arg("q_AB"));
}

}  // namespace

void DefineMath(nb::module_ m) {
  m.doc() =
      "Bindings for ossa.math: RotationMatrix, RollPitchYaw, RigidTransform "
      "and the quaternion helpers (and the Eigen geometry classes re-exported "
      "by ossa.common.eigen_geometry).";
  // Classes first (double first: it becomes the default alias), then the
  // classes that take them.
  // A nested submodule, so that these classes keep their own module (pickle
  // finds them there) and `from ossa._ext.math import *` does not bring them
  // into ossa.math.
  nb::module_ eigen_geometry =
      m.def_submodule("eigen_geometry",
                      "Quaternion_, AngleAxis_, Isometry3_ (re-exported by "
                      "ossa.common.eigen_geometry).");
  type_visit(
      [eigen_geometry](auto tag) {
        DefineEigenGeometry<typename decltype(tag)::type>(eigen_geometry);
      },
      MathScalars{});
  type_visit(
      [m](auto tag) {
        using T = typename decltype(tag)::type;
        DefineRotationMatrix<T>(m);
        DefineRollPitchYaw<T>(m);
        DefineRigidTransform<T>(m);
        DefineQuaternionFunctions<T>(m);
      },
      MathScalars{});
  // Value[RotationMatrix_[T]], Value[RigidTransform_[T]], Value[Isometry3_[T]]
  // and Value[List[RotationMatrix_[T]]], as the reference has
  // (Value[List[RigidTransform_[T]]] is bound with the plant's output
  // values, plant_discrete_py.cc).
  type_visit(
      [m, eigen_geometry](auto tag) {
        using T = typename decltype(tag)::type;
        AddValueInstantiation<RotationMatrix<T>>(m);
        AddValueInstantiation<RigidTransform<T>>(m);
        AddValueInstantiation<Isometry3<T>>(eigen_geometry);
        nb::object list = nb::module_::import_("typing").attr("List");
        AddValueInstantiation<std::vector<RotationMatrix<T>>>(
            m, nb::make_tuple(list[nb::type<RotationMatrix<T>>()]));
      },
      MathScalars{});
}

}  // namespace ossa::py
