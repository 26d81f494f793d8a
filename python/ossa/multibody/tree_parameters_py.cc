// The per-Context parameters of the tree's elements, for every scalar (float,
// AutoDiffXd, Expression): a body's mass properties, a joint's damping, an
// actuator's rotor inertia and gear ratio. Attached to the classes
// tree_elements_py.cc and tree_joints_py.cc bind, after them.

#include <type_traits>

#include "ossa/autodiff_caster.h"
#include "ossa/bindings.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using systems::Context;

// A Vector3<T> argument: lists and tuples too for double (Vector3Arg).
template <typename T>
using Vector3FixedTArg =
    std::conditional_t<std::is_same_v<T, double>, Vector3Arg, Vector3<T>>;

inline const Eigen::Vector3d& Unwrap3(const Vector3Arg& x) { return x.value; }
template <typename T>
const Vector3<T>& Unwrap3(const Vector3<T>& x) {
  return x;
}

template <typename T, typename JointClass>
void DefineOneDofDamping() {
  nb::handle cls = nb::type<JointClass>();
  DefMethod(
      cls, "GetDamping",
      [](const JointClass& self, const Context<T>& context) {
        return self.GetDamping(context);
      },
      nb::arg("context"), "The damping coefficient in `context`.");
  DefMethod(
      cls, "SetDamping",
      [](const JointClass& self, Context<T>* context, const T& damping) {
        self.SetDamping(context, damping);
      },
      nb::arg("context"), nb::arg("damping"),
      "Sets the damping coefficient in `context` (nonnegative).");
}

template <typename T>
void DoDefineTreeParameters() {
  using Body = multibody::RigidBody<T>;
  nb::handle body = nb::type<Body>();
  DefMethod(
      body, "get_mass",
      [](const Body& self, const Context<T>& context) {
        return self.get_mass(context);
      },
      nb::arg("context"), "The body's mass in `context`.");
  DefMethod(
      body, "CalcCenterOfMassInBodyFrame",
      [](const Body& self, const Context<T>& context) {
        return self.CalcCenterOfMassInBodyFrame(context);
      },
      nb::arg("context"), "p_BoBcm_B, the center of mass in `context`.");
  DefMethod(
      body, "CalcSpatialInertiaInBodyFrame",
      [](const Body& self, const Context<T>& context) {
        return self.CalcSpatialInertiaInBodyFrame(context);
      },
      nb::arg("context"),
      "M_BBo_B, the spatial inertia about Bo in B, in `context`.");
  DefMethod(
      body, "SetMass",
      [](const Body& self, Context<T>* context, const T& mass) {
        self.SetMass(context, mass);
      },
      nb::arg("context"), nb::arg("mass"),
      "Sets the mass in `context` (the unit inertia about Bo is kept).");
  DefMethod(
      body, "SetCenterOfMassInBodyFrame",
      [](const Body& self, Context<T>* context,
         const Vector3FixedTArg<T>& com) {
        self.SetCenterOfMassInBodyFrame(context, Unwrap3(com));
      },
      nb::arg("context"), nb::arg("com"),
      "Sets p_BoBcm_B in `context` (the unit inertia about Bo is kept).");
  DefMethod(
      body, "SetSpatialInertiaInBodyFrame",
      [](const Body& self, Context<T>* context,
         const multibody::SpatialInertia<T>& M_Bo_B) {
        self.SetSpatialInertiaInBodyFrame(context, M_Bo_B);
      },
      nb::arg("context"), nb::arg("M_Bo_B"),
      "Sets the spatial inertia about Bo in B in `context`.");

  using Joint = multibody::Joint<T>;
  nb::handle joint = nb::type<Joint>();
  DefMethod(
      joint, "GetDampingVector",
      [](const Joint& self, const Context<T>& context) {
        return self.GetDampingVector(context);
      },
      nb::arg("context"),
      "The damping coefficients (one per velocity) in `context`.");
  DefMethod(
      joint, "SetDampingVector",
      [](const Joint& self, Context<T>* context, const VectorXArg<T>& damping) {
        self.SetDampingVector(context, Unwrap(damping));
      },
      nb::arg("context"), nb::arg("damping"),
      "Sets the damping coefficients in `context` (size num_velocities(), "
      "nonnegative).");
  DefineOneDofDamping<T, multibody::RevoluteJoint<T>>();
  DefineOneDofDamping<T, multibody::PrismaticJoint<T>>();
  DefineOneDofDamping<T, multibody::ScrewJoint<T>>();

  using Actuator = multibody::JointActuator<T>;
  nb::handle actuator = nb::type<Actuator>();
  DefMethod(
      actuator, "rotor_inertia",
      [](const Actuator& self, const Context<T>& context) {
        return self.rotor_inertia(context);
      },
      nb::arg("context"), "The rotor inertia in `context`.");
  DefMethod(
      actuator, "gear_ratio",
      [](const Actuator& self, const Context<T>& context) {
        return self.gear_ratio(context);
      },
      nb::arg("context"), "The gear ratio in `context`.");
  DefMethod(
      actuator, "calc_reflected_inertia",
      [](const Actuator& self, const Context<T>& context) {
        return self.calc_reflected_inertia(context);
      },
      nb::arg("context"),
      "The reflected inertia ρ²·I_r of the values in `context`.");
  DefMethod(
      actuator, "SetRotorInertia",
      [](const Actuator& self, Context<T>* context, const T& rotor_inertia) {
        self.SetRotorInertia(context, rotor_inertia);
      },
      nb::arg("context"), nb::arg("rotor_inertia"),
      "Sets the rotor inertia in `context` (nonnegative).");
  DefMethod(
      actuator, "SetGearRatio",
      [](const Actuator& self, Context<T>* context, const T& gear_ratio) {
        self.SetGearRatio(context, gear_ratio);
      },
      nb::arg("context"), nb::arg("gear_ratio"),
      "Sets the gear ratio in `context` (finite).");
}

}  // namespace

void DefineMultibodyTreeParameters(nb::module_) {
  type_visit(
      [](auto tag) {
        using T = typename decltype(tag)::type;
        DoDefineTreeParameters<T>();
      },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
