// ossa.multibody.plant: MultibodyPlant_[T] (model building, Finalize,
// counts, lookups, state, scalar conversion). Both MultibodyPlant_[float]
// and MultibodyPlant_[AutoDiffXd] are LeafSystem_[T]s.

#include "ossa/multibody/plant_py.h"

#include <nanobind/stl/string_view.h>

#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/contact_results.h"
#include "ossa/multibody/plant/coulomb_friction.h"
#include "ossa/multibody/plant/externally_applied_spatial_force.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::py {
namespace {

using math::RigidTransform;
using multibody::BodyIndex;
using multibody::FixedOffsetFrame;
using multibody::Frame;
using multibody::FrameIndex;
using multibody::Joint;
using multibody::JointActuator;
using multibody::JointActuatorIndex;
using multibody::JointIndex;
using multibody::ModelInstanceIndex;
using multibody::MultibodyPlant;
using multibody::RigidBody;
using multibody::SpatialInertia;
using systems::Context;
using systems::State;

// The bound class MultibodyPlant_[T].
template <typename T>
using PlantClass = nb::class_<MultibodyPlant<T>, systems::LeafSystem<T>>;

// Construction and model building, up to Finalize.
template <typename T>
void DefPlantBuilding(PlantClass<T>& cls) {
  using Class = MultibodyPlant<T>;
  cls.def(nb::init<double>(), nb::arg("time_step"),
          "time_step = 0: continuous; > 0: discrete with that period (s).")
      .def("time_step", &Class::time_step)
      .def("is_discrete", &Class::is_discrete)
      .def("AddModelInstance", &Class::AddModelInstance, nb::arg("name"))
      .def("RenameModelInstance", &Class::RenameModelInstance,
           nb::arg("model_instance"), nb::arg("name"))
      .def(
          "AddRigidBody",
          [](Class& self, const std::string& name,
             const SpatialInertia<double>& M_BBo_B) -> const RigidBody<T>& {
            return self.AddRigidBody(name, M_BBo_B);
          },
          nb::arg("name"), nb::arg("M_BBo_B") = SpatialInertia<double>::Zero(),
          kRefInternal)
      .def(
          "AddRigidBody",
          [](Class& self, const std::string& name,
             ModelInstanceIndex model_instance,
             const SpatialInertia<double>& M_BBo_B) -> const RigidBody<T>& {
            return self.AddRigidBody(name, model_instance, M_BBo_B);
          },
          nb::arg("name"), nb::arg("model_instance"),
          nb::arg("M_BBo_B") = SpatialInertia<double>::Zero(), kRefInternal)
      .def(
          "AddFrame",
          [](nb::handle self, nb::handle frame) {
            Class& plant = nb::cast<Class&>(self);
            return AddOwnedElement<Frame<T>>(
                self, frame, "MultibodyPlant::AddFrame",
                [&](std::unique_ptr<Frame<T>> f) {
                  plant.template AddFrame<Frame>(std::move(f));
                });
          },
          nb::arg("frame"),
          "Adds `frame` (a FixedOffsetFrame built in Python); returns it.")
      .def(
          "AddJoint",
          [](nb::handle self, nb::handle joint) {
            Class& plant = nb::cast<Class&>(self);
            return AddOwnedElement<Joint<T>>(
                self, joint, "MultibodyPlant::AddJoint",
                [&](std::unique_ptr<Joint<T>> j) {
                  plant.template AddJoint<Joint>(std::move(j));
                });
          },
          nb::arg("joint"),
          "Adds `joint` (built in Python, e.g. RevoluteJoint(...)); returns "
          "it.")
      .def("WeldFrames", &Class::WeldFrames, nb::arg("frame_on_parent_F"),
           nb::arg("frame_on_child_M"),
           nb::arg("X_FM") = RigidTransform<double>::Identity(), kRefInternal)
      .def("AddJointActuator", &Class::AddJointActuator, nb::arg("name"),
           nb::arg("joint"),
           nb::arg("effort_limit") = std::numeric_limits<double>::infinity(),
           kRefInternal)
      .def("RemoveJoint", &Class::RemoveJoint, nb::arg("joint"),
           "Removes `joint` (before Finalize()); its index is not reused.")
      .def("RemoveJointActuator", &Class::RemoveJointActuator,
           nb::arg("actuator"))
      .def("has_joint", &Class::has_joint, nb::arg("joint_index"))
      .def("set_gravity_enabled", &Class::set_gravity_enabled,
           nb::arg("model_instance"), nb::arg("is_enabled"))
      .def("is_gravity_enabled", &Class::is_gravity_enabled,
           nb::arg("model_instance"))
      .def("has_joint_actuator", &Class::has_joint_actuator,
           nb::arg("actuator_index"))
      .def("Finalize", &Class::Finalize)
      .def("is_finalized", &Class::is_finalized);
}

// Element counts, lookups by name and access by index.
template <typename T>
void DefPlantCountsAndLookups(PlantClass<T>& cls) {
  using Class = MultibodyPlant<T>;
  cls.def("num_bodies", &Class::num_bodies)
      .def("num_joints", &Class::num_joints)
      .def("num_frames", &Class::num_frames)
      .def("num_actuators",
           nb::overload_cast<>(&Class::num_actuators, nb::const_))
      .def("num_actuators",
           nb::overload_cast<ModelInstanceIndex>(&Class::num_actuators,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("num_model_instances", &Class::num_model_instances)
      .def("num_positions",
           nb::overload_cast<>(&Class::num_positions, nb::const_))
      .def("num_positions",
           nb::overload_cast<ModelInstanceIndex>(&Class::num_positions,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("num_velocities",
           nb::overload_cast<>(&Class::num_velocities, nb::const_))
      .def("num_velocities",
           nb::overload_cast<ModelInstanceIndex>(&Class::num_velocities,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("num_multibody_states",
           nb::overload_cast<>(&Class::num_multibody_states, nb::const_))
      .def("num_multibody_states",
           nb::overload_cast<ModelInstanceIndex>(&Class::num_multibody_states,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("num_actuated_dofs",
           nb::overload_cast<>(&Class::num_actuated_dofs, nb::const_))
      .def("num_actuated_dofs",
           nb::overload_cast<ModelInstanceIndex>(&Class::num_actuated_dofs,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("HasModelInstanceNamed", &Class::HasModelInstanceNamed,
           nb::arg("name"))
      .def("GetModelInstanceByName", &Class::GetModelInstanceByName,
           nb::arg("name"))
      .def("GetModelInstanceName", &Class::GetModelInstanceName,
           nb::arg("model_instance"))
      .def(
          "HasBodyNamed",
          nb::overload_cast<std::string_view>(&Class::HasBodyNamed, nb::const_),
          nb::arg("name"))
      .def("HasBodyNamed",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::HasBodyNamed, nb::const_),
           nb::arg("name"), nb::arg("model_instance"))
      .def("GetBodyByName",
           nb::overload_cast<std::string_view>(&Class::GetBodyByName,
                                               nb::const_),
           nb::arg("name"), kRefInternal)
      .def("GetBodyByName",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::GetBodyByName, nb::const_),
           nb::arg("name"), nb::arg("model_instance"), kRefInternal)
      .def("GetRigidBodyByName",
           nb::overload_cast<std::string_view>(&Class::GetRigidBodyByName,
                                               nb::const_),
           nb::arg("name"), kRefInternal)
      .def("GetRigidBodyByName",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::GetRigidBodyByName, nb::const_),
           nb::arg("name"), nb::arg("model_instance"), kRefInternal)
      .def("HasFrameNamed",
           nb::overload_cast<std::string_view>(&Class::HasFrameNamed,
                                               nb::const_),
           nb::arg("name"))
      .def("HasFrameNamed",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::HasFrameNamed, nb::const_),
           nb::arg("name"), nb::arg("model_instance"))
      .def("GetFrameByName",
           nb::overload_cast<std::string_view>(&Class::GetFrameByName,
                                               nb::const_),
           nb::arg("name"), kRefInternal)
      .def("GetFrameByName",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::GetFrameByName, nb::const_),
           nb::arg("name"), nb::arg("model_instance"), kRefInternal)
      .def("HasJointNamed",
           nb::overload_cast<std::string_view>(&Class::HasJointNamed,
                                               nb::const_),
           nb::arg("name"))
      .def("HasJointNamed",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::HasJointNamed, nb::const_),
           nb::arg("name"), nb::arg("model_instance"))
      .def(
          "GetJointByName",
          [](const Class& self, std::string_view name,
             std::optional<ModelInstanceIndex> model_instance)
              -> const Joint<T>& {
            return self.GetJointByName(name, model_instance);
          },
          nb::arg("name"), nb::arg("model_instance") = nb::none(), kRefInternal)
      .def(
          "GetMutableJointByName",
          [](Class& self, std::string_view name,
             std::optional<ModelInstanceIndex> model_instance) -> Joint<T>& {
            return self.GetMutableJointByName(name, model_instance);
          },
          nb::arg("name"), nb::arg("model_instance") = nb::none(), kRefInternal)
      .def("HasJointActuatorNamed",
           nb::overload_cast<std::string_view>(&Class::HasJointActuatorNamed,
                                               nb::const_),
           nb::arg("name"))
      .def("HasJointActuatorNamed",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::HasJointActuatorNamed, nb::const_),
           nb::arg("name"), nb::arg("model_instance"))
      .def("GetJointActuatorByName",
           nb::overload_cast<std::string_view>(&Class::GetJointActuatorByName,
                                               nb::const_),
           nb::arg("name"), kRefInternal)
      .def("GetJointActuatorByName",
           nb::overload_cast<std::string_view, ModelInstanceIndex>(
               &Class::GetJointActuatorByName, nb::const_),
           nb::arg("name"), nb::arg("model_instance"), kRefInternal)
      .def("world_body", &Class::world_body, kRefInternal)
      .def("world_frame", &Class::world_frame, kRefInternal)
      .def("get_body", &Class::get_body, nb::arg("body_index"), kRefInternal)
      .def("get_joint", &Class::get_joint, nb::arg("joint_index"), kRefInternal)
      .def("get_mutable_joint", &Class::get_mutable_joint,
           nb::arg("joint_index"), kRefInternal)
      .def("get_joint_actuator", &Class::get_joint_actuator,
           nb::arg("actuator_index"), kRefInternal)
      .def("get_mutable_joint_actuator", &Class::get_mutable_joint_actuator,
           nb::arg("actuator_index"), kRefInternal)
      .def("get_frame", &Class::get_frame, nb::arg("frame_index"), kRefInternal)
      .def("GetBodyIndices", &Class::GetBodyIndices, nb::arg("model_instance"))
      .def("GetFrameIndices", &Class::GetFrameIndices,
           nb::arg("model_instance"))
      .def("GetJointIndices",
           nb::overload_cast<>(&Class::GetJointIndices, nb::const_))
      .def("GetJointIndices",
           nb::overload_cast<ModelInstanceIndex>(&Class::GetJointIndices,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def("GetJointActuatorIndices",
           nb::overload_cast<>(&Class::GetJointActuatorIndices, nb::const_))
      .def("GetJointActuatorIndices",
           nb::overload_cast<ModelInstanceIndex>(
               &Class::GetJointActuatorIndices, nb::const_),
           nb::arg("model_instance"))
      .def("GetActuatedJointIndices", &Class::GetActuatedJointIndices,
           nb::arg("model_instance"));
}

// Reading and writing the state in a Context, and the default state.
template <typename T>
void DefPlantState(PlantClass<T>& cls) {
  using Class = MultibodyPlant<T>;
  cls.def("GetPositionsAndVelocities",
          nb::overload_cast<const Context<T>&>(
              &Class::GetPositionsAndVelocities, nb::const_),
          nb::arg("context"))
      .def("GetPositionsAndVelocities",
           nb::overload_cast<const Context<T>&, ModelInstanceIndex>(
               &Class::GetPositionsAndVelocities, nb::const_),
           nb::arg("context"), nb::arg("model_instance"))
      .def(
          "SetPositionsAndVelocities",
          [](const Class& self, Context<T>* context, const VectorXArg<T>& q_v) {
            self.SetPositionsAndVelocities(context, Unwrap(q_v));
          },
          nb::arg("context"), nb::arg("q_v"))
      .def(
          "SetPositionsAndVelocities",
          [](const Class& self, Context<T>* context,
             ModelInstanceIndex model_instance, const VectorXArg<T>& q_v) {
            self.SetPositionsAndVelocities(context, model_instance,
                                           Unwrap(q_v));
          },
          nb::arg("context"), nb::arg("model_instance"), nb::arg("q_v"))
      .def("GetPositions",
           nb::overload_cast<const Context<T>&>(&Class::GetPositions,
                                                nb::const_),
           nb::arg("context"))
      .def("GetPositions",
           nb::overload_cast<const Context<T>&, ModelInstanceIndex>(
               &Class::GetPositions, nb::const_),
           nb::arg("context"), nb::arg("model_instance"))
      .def(
          "SetPositions",
          [](const Class& self, Context<T>* context, const VectorXArg<T>& q) {
            self.SetPositions(context, Unwrap(q));
          },
          nb::arg("context"), nb::arg("q"))
      .def(
          "SetPositions",
          [](const Class& self, Context<T>* context,
             ModelInstanceIndex model_instance, const VectorXArg<T>& q) {
            self.SetPositions(context, model_instance, Unwrap(q));
          },
          nb::arg("context"), nb::arg("model_instance"), nb::arg("q"))
      .def(
          "SetPositions",
          [](const Class& self, const Context<T>& context, State<T>* state,
             ModelInstanceIndex model_instance, const VectorXArg<T>& q) {
            self.SetPositions(context, state, model_instance, Unwrap(q));
          },
          nb::arg("context"), nb::arg("state"), nb::arg("model_instance"),
          nb::arg("q"))
      .def("GetVelocities",
           nb::overload_cast<const Context<T>&>(&Class::GetVelocities,
                                                nb::const_),
           nb::arg("context"))
      .def("GetVelocities",
           nb::overload_cast<const Context<T>&, ModelInstanceIndex>(
               &Class::GetVelocities, nb::const_),
           nb::arg("context"), nb::arg("model_instance"))
      .def(
          "SetVelocities",
          [](const Class& self, Context<T>* context, const VectorXArg<T>& v) {
            self.SetVelocities(context, Unwrap(v));
          },
          nb::arg("context"), nb::arg("v"))
      .def(
          "SetVelocities",
          [](const Class& self, Context<T>* context,
             ModelInstanceIndex model_instance, const VectorXArg<T>& v) {
            self.SetVelocities(context, model_instance, Unwrap(v));
          },
          nb::arg("context"), nb::arg("model_instance"), nb::arg("v"))
      .def(
          "SetVelocities",
          [](const Class& self, const Context<T>& context, State<T>* state,
             ModelInstanceIndex model_instance, const VectorXArg<T>& v) {
            self.SetVelocities(context, state, model_instance, Unwrap(v));
          },
          nb::arg("context"), nb::arg("state"), nb::arg("model_instance"),
          nb::arg("v"))
      .def("SetDefaultState", &Class::SetDefaultState, nb::arg("context"),
           nb::arg("state"))
      .def("GetDefaultPositions",
           nb::overload_cast<>(&Class::GetDefaultPositions, nb::const_))
      .def("GetDefaultPositions",
           nb::overload_cast<ModelInstanceIndex>(&Class::GetDefaultPositions,
                                                 nb::const_),
           nb::arg("model_instance"))
      .def(
          "SetDefaultPositions",
          [](Class& self, const VectorArg& q) {
            self.SetDefaultPositions(q.value);
          },
          nb::arg("q"))
      .def(
          "SetDefaultPositions",
          [](Class& self, ModelInstanceIndex model_instance,
             const VectorArg& q) {
            self.SetDefaultPositions(model_instance, q.value);
          },
          nb::arg("model_instance"), nb::arg("q_instance"))
      .def("SetUseSampledOutputPorts", &Class::SetUseSampledOutputPorts,
           nb::arg("use_sampled_output_ports"))
      .def("has_sampled_output_ports", &Class::has_sampled_output_ports);
}

template <typename T>
void DoDefinePlant(nb::module_ m) {
  using Class = MultibodyPlant<T>;
  constexpr bool is_double = std::is_same_v<T, double>;
  const char* doc =
      "A multibody system (bodies, joints, actuators) as a system: build "
      "the model, Finalize(), then query and simulate it through Contexts.";
  auto cls = DefineElementClass<Class, systems::LeafSystem<T>>(
      m, "MultibodyPlant", GetPyParam<T>(), doc);

  DefPlantBuilding<T>(cls);
  DefPlantCountsAndLookups<T>(cls);
  DefPlantState<T>(cls);

  // Scalar conversion (a finalized plant): the converted plant is owned by
  // Python and independent of this one.
  if constexpr (is_double) {
    cls.def(
        "ToAutoDiffXd",
        [](const Class& self) {
          std::unique_ptr<systems::System<AutoDiffXd>> converted =
              self.ToAutoDiffXd();
          return std::unique_ptr<MultibodyPlant<AutoDiffXd>>(
              static_cast<MultibodyPlant<AutoDiffXd>*>(converted.release()));
        },
        "This plant on AutoDiffXd (throws if not finalized).");
  }
  if constexpr (!std::is_same_v<T, symbolic::Expression>) {
    cls.def(
        "ToSymbolic",
        [](const Class& self) {
          std::unique_ptr<systems::System<symbolic::Expression>> converted =
              self.ToSymbolic();
          return std::unique_ptr<MultibodyPlant<symbolic::Expression>>(
              static_cast<MultibodyPlant<symbolic::Expression>*>(
                  converted.release()));
        },
        "This plant on symbolic::Expression (throws if not finalized).");
  }

  DefinePlantModelQueries<T>(cls);
  DefinePlantKinematics<T>(cls);
  DefinePlantDynamics<T>(cls);
  DefinePlantDiscrete<T>(cls);
  DefinePlantConstraints<T>(cls);
}

template <typename T>
void DoDefineExternallyAppliedSpatialForce(nb::module_ m) {
  using Class = multibody::ExternallyAppliedSpatialForce<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "ExternallyAppliedSpatialForce", GetPyParam<T>(),
      "A spatial force F_Bq_W applied to the body body_index at the point "
      "Bq (p_BoBq_B from its origin, in B), through the plant's "
      "applied_spatial_force input port.");
  cls.def(nb::init<>())
      .def_rw("body_index", &Class::body_index)
      .def_rw("p_BoBq_B", &Class::p_BoBq_B)
      .def_rw("F_Bq_W", &Class::F_Bq_W);
  DefCopyAndDeepCopy(cls);
  // Value[List[ExternallyAppliedSpatialForce_[T]]], the port's value type.
  nb::object list_param =
      nb::make_tuple(nb::module_::import_("typing").attr("List")[cls]);
  AddValueInstantiation<std::vector<Class>>(m, list_param);
}

// Vector members are returned as copies (AutoDiffXd arrays cannot be
// views), as geometry's result classes.
template <typename T>
void DoDefineContactResults(nb::module_ m) {
  using Info = multibody::PointPairContactInfo<T>;
  auto info = DefineTemplateClassWithDefault<Info>(
      m, "PointPairContactInfo", GetPyParam<T>(),
      "A point contact between bodies A and B: the force f_Bc_W on B at "
      "the contact point C, p_WC, the separation speed (> 0 approaching), "
      "the slip speed and the PenetrationAsPointPair it comes from.");
  info.def(nb::init<BodyIndex, BodyIndex, const Vector3<T>&, const Vector3<T>&,
                    const T&, const T&,
                    const geometry::PenetrationAsPointPair<T>&>(),
           nb::arg("bodyA_index"), nb::arg("bodyB_index"), nb::arg("f_Bc_W"),
           nb::arg("p_WC"), nb::arg("separation_speed"), nb::arg("slip_speed"),
           nb::arg("point_pair"))
      .def("bodyA_index", &Info::bodyA_index)
      .def("bodyB_index", &Info::bodyB_index)
      .def("contact_force",
           [](const Info& self) -> Vector3<T> { return self.contact_force(); })
      .def("contact_point",
           [](const Info& self) -> Vector3<T> { return self.contact_point(); })
      .def("slip_speed",
           [](const Info& self) -> T { return self.slip_speed(); })
      .def("separation_speed",
           [](const Info& self) -> T { return self.separation_speed(); })
      .def("point_pair", [](const Info& self) { return self.point_pair(); });
  DefCopyAndDeepCopy(info);
  using Results = multibody::ContactResults<T>;
  auto results = DefineTemplateClassWithDefault<Results>(
      m, "ContactResults", GetPyParam<T>(),
      "The contacts of a MultibodyPlant in one state (the value of its "
      "contact_results output port): point contacts only.");
  results.def(nb::init<>())
      .def("num_point_pair_contacts", &Results::num_point_pair_contacts)
      .def("point_pair_contact_info", &Results::point_pair_contact_info,
           nb::arg("i"), nb::rv_policy::reference_internal)
      .def("num_hydroelastic_contacts", &Results::num_hydroelastic_contacts)
      .def("num_deformable_contacts", &Results::num_deformable_contacts);
  DefCopyAndDeepCopy(results);
  // Value[ContactResults_[T]], the port's value type.
  AddValueInstantiation<Results>(m);
}

template <typename T>
void DoDefineCoulombFriction(nb::module_ m) {
  using Class = multibody::CoulombFriction<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "CoulombFriction", GetPyParam<T>(),
      "The static and dynamic Coulomb friction coefficients of a surface, "
      "0 <= dynamic_friction <= static_friction.");
  cls.def(nb::init<>(), "A frictionless surface.")
      .def(nb::init<const T&, const T&>(), nb::arg("static_friction"),
           nb::arg("dynamic_friction"),
           "Raises if a coefficient is negative or dynamic_friction > "
           "static_friction.")
      .def("static_friction", &Class::static_friction)
      .def("dynamic_friction", &Class::dynamic_friction);
  DefCopyAndDeepCopy(cls);
  DefPickle(
      cls,
      [](const Class& self) {
        return std::make_tuple(self.static_friction(), self.dynamic_friction());
      },
      [](const std::tuple<T, T>& state) {
        return Class(std::get<0>(state), std::get<1>(state));
      });
  m.def("CalcContactFrictionFromSurfaceProperties",
        &multibody::CalcContactFrictionFromSurfaceProperties<T>,
        nb::arg("surface_properties1"), nb::arg("surface_properties2"),
        "The coefficients of a contact: mu = 2 mu1 mu2 / (mu1 + mu2) for "
        "each of the static and dynamic ones.");
  // Value[CoulombFriction_[T]]: the type of the proximity property
  // ("material", "coulomb_friction").
  AddValueInstantiation<Class>(m);
}

}  // namespace

// GetParentPlant and is_ephemeral on the elements,
// CalcSpatialAccelerationsFromVdot (plant_api_py.cc).
template <typename T>
void DefinePlantElementApi(nb::module_ m);

void DefineMultibodyPlant(nb::module_ m) {
  m.doc() = "Bindings for ossa.multibody.plant.";
  DefinePlantDiscreteSettings(m);
  DefinePlantConstraintTypes(m);
  type_visit(
      [m](auto tag) {
        using T = typename decltype(tag)::type;
        DoDefineExternallyAppliedSpatialForce<T>(m);
        DoDefineCoulombFriction<T>(m);
        DoDefineContactResults<T>(m);
        DoDefinePlant<T>(m);
        DefinePlantOutputValues<T>(m);
        DefinePlantElementApi<T>(m);
      },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
