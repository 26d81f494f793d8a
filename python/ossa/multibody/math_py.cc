#include <string>

#include "ossa/bindings.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/math/spatial_algebra.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using multibody::SpatialAcceleration;
using multibody::SpatialForce;
using multibody::SpatialMomentum;
using multibody::SpatialVelocity;

// The scalars of this module: the default ones and the symbolic one (the
// spatial vectors are instantiated on symbolic::Expression in C++).
using SpatialScalars = type_pack<double, AutoDiffXd, symbolic::Expression>;

// The Python repr of one scalar (a float, an AutoDiffXd or an Expression).
template <typename T>
std::string ScalarRepr(const T& x) {
  return nb::cast<std::string>(nb::repr(nb::cast(x)));
}

template <typename T>
std::string Vector3Repr(const Vector3<T>& v) {
  return "[" + ScalarRepr(v[0]) + ", " + ScalarRepr(v[1]) + ", " +
         ScalarRepr(v[2]) + "]";
}

// The parts every spatial vector shares. `rot` and `trans` name the two parts
// in the constructor (w/v, alpha/a, tau/f, h/l) and in the repr; `whole`
// names the 6-vector argument.
template <typename Class, typename PyClass>
void DefineSpatialVectorCommon(PyClass& cls, const char* name, const char* rot,
                               const char* trans, const char* whole) {
  using T = typename Class::ScalarType;
  cls.def(
         "__init__",
         [](Class* self) {
           // NaN, unlike C++ release builds: the call overhead dwarfs it and
           // it catches uninitialized use.
           new (self) Class();
           self->SetNaN();
         },
         "Constructs with all entries NaN.")
      .def(nb::init<const Vector3<T>&, const Vector3<T>&>(), nb::arg(rot),
           nb::arg(trans),
           "Constructs from the rotational and translational parts.")
      .def(nb::init<const Vector6<T>&>(), nb::arg(whole),
           "Constructs from the 6-vector [rotational; translational].")
      .def(
          "rotational",
          [](const Class& self) { return Vector3<T>(self.rotational()); },
          "The rotational part (a copy).")
      .def(
          "translational",
          [](const Class& self) { return Vector3<T>(self.translational()); },
          "The translational part (a copy).")
      .def(
          "get_coeffs",
          [](const Class& self) { return Vector6<T>(self.get_coeffs()); },
          "The six coefficients [rotational; translational] (a copy).")
      .def(
          "SetZero", [](Class& self) -> Class& { return self.SetZero(); },
          nb::rv_policy::reference, "Sets both parts to zero; returns self.")
      .def_static("Zero", &Class::Zero, "A spatial vector of zeros.")
      .def(
          "Rotate",
          [](const Class& self, const math::RotationMatrix<T>& R_FE) {
            return R_FE * self;
          },
          nb::arg("R_FE"),
          "Re-expresses this vector (expressed in E) in frame F: both parts "
          "are multiplied by R_FE.")
      .def(
          "__add__",
          [](const Class& a, const Class& b) { return Class(a + b); },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Class& a, const Class& b) { return Class(a - b); },
          nb::is_operator())
      .def(
          "__neg__", [](const Class& a) { return Class(-a); },
          nb::is_operator())
      .def(
          "__mul__", [](const Class& a, const T& s) { return Class(a * s); },
          nb::is_operator())
      .def(
          "__rmul__", [](const Class& a, const T& s) { return Class(s * a); },
          nb::is_operator())
      .def(
          "__iadd__", [](Class& a, const Class& b) -> Class& { return a += b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__isub__", [](Class& a, const Class& b) -> Class& { return a -= b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__imul__", [](Class& a, const T& s) -> Class& { return a *= s; },
          nb::is_operator(), nb::rv_policy::none)
      .def("__repr__", [name, rot, trans](const Class& self) {
        return std::string(name) + "(\n  " + rot + "=" +
               Vector3Repr<T>(self.rotational()) + ",\n  " + trans + "=" +
               Vector3Repr<T>(self.translational()) + ",\n)";
      });
  DefCopyAndDeepCopy(cls);
  // For AutoDiffXd the state is an object array of (picklable) AutoDiffXd.
  DefPickle(
      cls, [](const Class& self) { return Vector6<T>(self.get_coeffs()); },
      [](const Vector6<T>& coeffs) { return Class(coeffs); });
}

template <typename T>
void DoDefineSpatialVectors(nb::module_ m) {
  const nb::object param = GetPyParam<T>();
  {
    using Class = SpatialVelocity<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "SpatialVelocity", param,
        "The spatial velocity V_MB_E = [w; v] of a frame B measured in a "
        "frame M, expressed in a frame E: angular velocity (rad/s) then the "
        "translational velocity of B's origin (m/s).");
    DefineSpatialVectorCommon<Class>(cls, "SpatialVelocity", "w", "v", "V");
    cls.def(
           "Shift",
           [](const Class& self, const Vector3<T>& offset) {
             return self.Shift(offset);
           },
           nb::arg("offset"),
           "V_MC_E of a frame C fixed to B with origin at offset = p_BoCo_E: "
           "w unchanged, v + w x offset.")
        .def(
            "ComposeWithMovingFrameVelocity",
            [](const Class& self, const Vector3<T>& position_of_moving_frame,
               const Class& velocity_of_moving_frame) {
              return self.ComposeWithMovingFrameVelocity(
                  position_of_moving_frame, velocity_of_moving_frame);
            },
            nb::arg("position_of_moving_frame"),
            nb::arg("velocity_of_moving_frame"),
            "V_MC_E from this V_MB_E, p_BoCo_E and V_BC_E: w_MB + w_BC, "
            "v_MBo + w_MB x p_BoCo + v_BCo.")
        .def(
            "dot",
            [](const Class& self, const SpatialForce<T>& force) {
              return self.dot(force);
            },
            nb::arg("force"), "Power F . V (W).")
        .def(
            "dot",
            [](const Class& self, const SpatialMomentum<T>& momentum) {
              return self.dot(momentum);
            },
            nb::arg("momentum"), "Twice the kinetic energy L . V (J).")
        .def(
            "__matmul__",
            [](const Class& self, const SpatialForce<T>& force) {
              return self.dot(force);
            },
            nb::is_operator())
        .def(
            "__matmul__",
            [](const Class& self, const SpatialMomentum<T>& momentum) {
              return self.dot(momentum);
            },
            nb::is_operator());
  }
  {
    using Class = SpatialAcceleration<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "SpatialAcceleration", param,
        "The spatial acceleration A_MB_E = [alpha; a] of a frame B measured "
        "in a frame M, expressed in a frame E (rad/s^2, m/s^2).");
    DefineSpatialVectorCommon<Class>(cls, "SpatialAcceleration", "alpha", "a",
                                     "A");
    cls.def(
           "Shift",
           [](const Class& self, const Vector3<T>& offset,
              const Vector3<T>& angular_velocity_of_this_frame) {
             return self.Shift(offset, angular_velocity_of_this_frame);
           },
           nb::arg("offset"), nb::arg("angular_velocity_of_this_frame"),
           "A_MQ_E of a frame Q fixed to P with origin at offset = p_PoQo_E: "
           "a + alpha x p + w x (w x p).")
        .def(
            "ShiftWithZeroAngularVelocity",
            [](const Class& self, const Vector3<T>& offset) {
              return self.ShiftWithZeroAngularVelocity(offset);
            },
            nb::arg("offset"), "Shift() with w = 0: a + alpha x p.")
        .def(
            "ComposeWithMovingFrameAcceleration",
            [](const Class& self, const Vector3<T>& position_of_moving_frame,
               const Vector3<T>& angular_velocity_of_this_frame,
               const SpatialVelocity<T>& velocity_of_moving_frame,
               const Class& acceleration_of_moving_frame) {
              return self.ComposeWithMovingFrameAcceleration(
                  position_of_moving_frame, angular_velocity_of_this_frame,
                  velocity_of_moving_frame, acceleration_of_moving_frame);
            },
            nb::arg("position_of_moving_frame"),
            nb::arg("angular_velocity_of_this_frame"),
            nb::arg("velocity_of_moving_frame"),
            nb::arg("acceleration_of_moving_frame"),
            "A_MC_E from this A_MB_E, p_BoCo_E, w_MB_E, V_BC_E and A_BC_E.");
  }
  {
    using Class = SpatialForce<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "SpatialForce", param,
        "The spatial force F_Bp_E = [tau; f] on a frame B applied at a point "
        "Bp, expressed in a frame E (N m, N).");
    DefineSpatialVectorCommon<Class>(cls, "SpatialForce", "tau", "f", "F");
    cls.def(
           "Shift",
           [](const Class& self, const Vector3<T>& offset) {
             return self.Shift(offset);
           },
           nb::arg("offset"),
           "F_Bq_E at a point Bq at offset = p_BpBq_E: tau - offset x f.")
        .def(
            "dot",
            [](const Class& self, const SpatialVelocity<T>& velocity) {
              return self.dot(velocity);
            },
            nb::arg("velocity"), "Power F . V (W).")
        .def(
            "__matmul__",
            [](const Class& self, const SpatialVelocity<T>& velocity) {
              return self.dot(velocity);
            },
            nb::is_operator());
  }
  {
    using Class = SpatialMomentum<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "SpatialMomentum", param,
        "The spatial momentum L_MSP_E = [h; l] of a system S measured in a "
        "frame M about a point P, expressed in a frame E.");
    DefineSpatialVectorCommon<Class>(cls, "SpatialMomentum", "h", "l", "L");
    cls.def(
           "Shift",
           [](const Class& self, const Vector3<T>& offset) {
             return self.Shift(offset);
           },
           nb::arg("offset"),
           "L_MSQ_E about a point Q at offset = p_PQ_E: h - offset x l.")
        .def(
            "dot",
            [](const Class& self, const SpatialVelocity<T>& velocity) {
              return self.dot(velocity);
            },
            nb::arg("velocity"), "Twice the kinetic energy L . V (J).")
        .def(
            "__matmul__",
            [](const Class& self, const SpatialVelocity<T>& velocity) {
              return self.dot(velocity);
            },
            nb::is_operator());
  }
}

}  // namespace

// ossa.multibody.math: the spatial vectors.
void DefineMultibodyMath(nb::module_ m) {
  m.doc() =
      "Bindings for ossa.multibody.math: SpatialVelocity, "
      "SpatialAcceleration, SpatialForce, SpatialMomentum.";
  type_visit(
      [m](auto tag) {
        DoDefineSpatialVectors<typename decltype(tag)::type>(m);
      },
      SpatialScalars{});
  // Value[SpatialVelocity_[T]] and the others, as the reference has.
  type_visit(
      [m](auto tag) {
        using T = typename decltype(tag)::type;
        AddValueInstantiation<multibody::SpatialVelocity<T>>(m);
        AddValueInstantiation<multibody::SpatialAcceleration<T>>(m);
        AddValueInstantiation<multibody::SpatialForce<T>>(m);
      },
      SpatialScalars{});
}

}  // namespace ossa::py
