// ossa.multibody.plant: the model queries of MultibodyPlant_[T] — coordinate
// names and limits, per-instance array helpers, topology queries, free
// bodies — its ports, and its geometry (SceneGraph registration and
// lookups).

#include <nanobind/stl/string_view.h>
#include <nanobind/stl/unordered_set.h>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/unique_ptr.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/input_port.h"
#include "ossa/systems/framework/output_port.h"

namespace ossa::py {
namespace {

using math::RigidTransform;
using multibody::Frame;
using multibody::JointIndex;
using multibody::ModelInstanceIndex;
using multibody::MultibodyPlant;
using multibody::RigidBody;
using multibody::SpatialVelocity;
using systems::Context;
using systems::State;

// Registration with a SceneGraph, geometry registration and lookups.
template <typename T>
void DefinePlantGeometry(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  using geometry::GeometryId;
  using geometry::Shape;
  DefMethod(cls, "RegisterAsSourceForSceneGraph",
            &Class::RegisterAsSourceForSceneGraph, nb::arg("scene_graph"),
            nb::keep_alive<1, 2>());
  DefMethod(cls, "get_source_id", &Class::get_source_id);
  DefMethod(cls, "geometry_source_is_registered",
            &Class::geometry_source_is_registered);
  DefMethod(
      cls, "RegisterCollisionGeometry",
      nb::overload_cast<const RigidBody<T>&, const RigidTransform<double>&,
                        const Shape&, const std::string&,
                        geometry::ProximityProperties>(
          &Class::RegisterCollisionGeometry),
      nb::arg("body"), nb::arg("X_BG"), nb::arg("shape"), nb::arg("name"),
      nb::arg("properties"));
  DefMethod(
      cls, "RegisterCollisionGeometry",
      nb::overload_cast<const RigidBody<T>&, const RigidTransform<double>&,
                        const Shape&, const std::string&,
                        const multibody::CoulombFriction<double>&>(
          &Class::RegisterCollisionGeometry),
      nb::arg("body"), nb::arg("X_BG"), nb::arg("shape"), nb::arg("name"),
      nb::arg("coulomb_friction"));
  DefMethod(
      cls, "RegisterVisualGeometry",
      nb::overload_cast<const RigidBody<T>&, const RigidTransform<double>&,
                        const Shape&, const std::string&,
                        const Vector4<double>&>(&Class::RegisterVisualGeometry),
      nb::arg("body"), nb::arg("X_BG"), nb::arg("shape"), nb::arg("name"),
      nb::arg("diffuse_color"));
  DefMethod(
      cls, "RegisterVisualGeometry",
      nb::overload_cast<const RigidBody<T>&, const RigidTransform<double>&,
                        const Shape&, const std::string&,
                        const geometry::IllustrationProperties&>(
          &Class::RegisterVisualGeometry),
      nb::arg("body"), nb::arg("X_BG"), nb::arg("shape"), nb::arg("name"),
      nb::arg("properties"));
  DefMethod(
      cls, "RegisterVisualGeometry",
      [](Class& self, const RigidBody<T>& body,
         const geometry::GeometryInstance& geometry_instance) {
        return self.RegisterVisualGeometry(
            body,
            std::make_unique<geometry::GeometryInstance>(geometry_instance));
      },
      nb::arg("body"), nb::arg("geometry_instance"));
  DefMethod(cls, "GetCollisionGeometriesForBody",
            &Class::GetCollisionGeometriesForBody, nb::arg("body"));
  DefMethod(cls, "GetVisualGeometriesForBody",
            &Class::GetVisualGeometriesForBody, nb::arg("body"));
  DefMethod(cls, "num_collision_geometries", &Class::num_collision_geometries);
  DefMethod(cls, "num_visual_geometries", &Class::num_visual_geometries);
  DefMethod(cls, "CollectRegisteredGeometries",
            &Class::CollectRegisteredGeometries, nb::arg("bodies"));
  DefMethod(cls, "ExcludeCollisionGeometriesWithCollisionFilterGroupPair",
            &Class::ExcludeCollisionGeometriesWithCollisionFilterGroupPair,
            nb::arg("collision_filter_group_a"),
            nb::arg("collision_filter_group_b"));
  DefMethod(cls, "GetBodyFromFrameId", &Class::GetBodyFromFrameId,
            nb::arg("frame_id"), kRefInternal);
  DefMethod(cls, "GetBodyFrameIdIfExists", &Class::GetBodyFrameIdIfExists,
            nb::arg("body_index"));
  DefMethod(cls, "GetBodyFrameIdOrThrow", &Class::GetBodyFrameIdOrThrow,
            nb::arg("body_index"));
  DefMethod(cls, "EvalSceneGraphInspector", &Class::EvalSceneGraphInspector,
            nb::arg("context"), nb::rv_policy::reference,
            nb::keep_alive<0, 2>());
}

}  // namespace

template <typename T>
void DefinePlantModelQueries(nb::handle cls) {
  using Class = MultibodyPlant<T>;

  // ------------------------------------------------------------- names
  DefMethod(cls, "GetPositionNames",
            nb::overload_cast<bool, bool>(&Class::GetPositionNames,
                                          nb::const_),
            nb::arg("add_model_instance_prefix") = true,
            nb::arg("always_add_suffix") = true);
  DefMethod(cls, "GetPositionNames",
            nb::overload_cast<ModelInstanceIndex, bool, bool>(
                &Class::GetPositionNames, nb::const_),
            nb::arg("model_instance"),
            nb::arg("add_model_instance_prefix") = false,
            nb::arg("always_add_suffix") = true);
  DefMethod(cls, "GetVelocityNames",
            nb::overload_cast<bool, bool>(&Class::GetVelocityNames,
                                          nb::const_),
            nb::arg("add_model_instance_prefix") = true,
            nb::arg("always_add_suffix") = true);
  DefMethod(cls, "GetVelocityNames",
            nb::overload_cast<ModelInstanceIndex, bool, bool>(
                &Class::GetVelocityNames, nb::const_),
            nb::arg("model_instance"),
            nb::arg("add_model_instance_prefix") = false,
            nb::arg("always_add_suffix") = true);
  DefMethod(cls, "GetStateNames",
            nb::overload_cast<bool>(&Class::GetStateNames, nb::const_),
            nb::arg("add_model_instance_prefix") = true);
  DefMethod(cls, "GetStateNames",
            nb::overload_cast<ModelInstanceIndex, bool>(&Class::GetStateNames,
                                                        nb::const_),
            nb::arg("model_instance"),
            nb::arg("add_model_instance_prefix") = false);
  DefMethod(cls, "GetActuatorNames",
            nb::overload_cast<bool>(&Class::GetActuatorNames, nb::const_),
            nb::arg("add_model_instance_prefix") = true);
  DefMethod(cls, "GetActuatorNames",
            nb::overload_cast<ModelInstanceIndex, bool>(
                &Class::GetActuatorNames, nb::const_),
            nb::arg("model_instance"),
            nb::arg("add_model_instance_prefix") = false);

  // ------------------------------------------------------------ limits
  DefMethod(cls, "GetPositionLowerLimits", &Class::GetPositionLowerLimits);
  DefMethod(cls, "GetPositionUpperLimits", &Class::GetPositionUpperLimits);
  DefMethod(cls, "GetVelocityLowerLimits", &Class::GetVelocityLowerLimits);
  DefMethod(cls, "GetVelocityUpperLimits", &Class::GetVelocityUpperLimits);
  DefMethod(cls, "GetAccelerationLowerLimits",
            &Class::GetAccelerationLowerLimits);
  DefMethod(cls, "GetAccelerationUpperLimits",
            &Class::GetAccelerationUpperLimits);
  DefMethod(cls, "GetEffortLowerLimits", &Class::GetEffortLowerLimits);
  DefMethod(cls, "GetEffortUpperLimits", &Class::GetEffortUpperLimits);

  // ---------------------------------------------- per-instance arrays
  DefMethod(
      cls, "GetPositionsFromArray",
      [](const Class& self, ModelInstanceIndex model_instance,
         const VectorXArg<T>& q) {
        return self.GetPositionsFromArray(model_instance, Unwrap(q));
      },
      nb::arg("model_instance"), nb::arg("q"));
  DefMethod(
      cls, "GetVelocitiesFromArray",
      [](const Class& self, ModelInstanceIndex model_instance,
         const VectorXArg<T>& v) {
        return self.GetVelocitiesFromArray(model_instance, Unwrap(v));
      },
      nb::arg("model_instance"), nb::arg("v"));
  DefMethod(
      cls, "GetActuationFromArray",
      [](const Class& self, ModelInstanceIndex model_instance,
         const VectorXArg<T>& u) {
        return self.GetActuationFromArray(model_instance, Unwrap(u));
      },
      nb::arg("model_instance"), nb::arg("u"));
  // The reference's Python Set*InArray write into the numpy array given.
  if constexpr (std::is_same_v<T, double>) {
    DefMethod(
        cls, "SetPositionsInArray",
        [](const Class& self, ModelInstanceIndex model_instance,
           const VectorArg& q_instance, Eigen::Ref<Eigen::VectorXd> q) {
          Eigen::VectorXd full = q;
          self.SetPositionsInArray(model_instance, q_instance.value, &full);
          q = full;
        },
        nb::arg("model_instance"), nb::arg("q_instance"), nb::arg("q"));
    DefMethod(
        cls, "SetVelocitiesInArray",
        [](const Class& self, ModelInstanceIndex model_instance,
           const VectorArg& v_instance, Eigen::Ref<Eigen::VectorXd> v) {
          Eigen::VectorXd full = v;
          self.SetVelocitiesInArray(model_instance, v_instance.value, &full);
          v = full;
        },
        nb::arg("model_instance"), nb::arg("v_instance"), nb::arg("v"));
    DefMethod(
        cls, "SetActuationInArray",
        [](const Class& self, ModelInstanceIndex model_instance,
           const VectorArg& u_instance, Eigen::Ref<Eigen::VectorXd> u) {
          Eigen::VectorXd full = u;
          self.SetActuationInArray(model_instance, u_instance.value, &full);
          u = full;
        },
        nb::arg("model_instance"), nb::arg("u_instance"), nb::arg("u"));
  }

  // ---------------------------------------------------------- topology
  DefMethod(cls, "IsAnchored", &Class::IsAnchored, nb::arg("body"));
  DefMethod(
      cls, "GetBodiesWeldedTo",
      [](nb::handle self, const RigidBody<T>& body) {
        nb::list result;
        for (const RigidBody<T>* b :
             nb::cast<const Class&>(self).GetBodiesWeldedTo(body)) {
          nb::object o = nb::cast(b, nb::rv_policy::reference);
          nb::keep_alive_obj(o, self);
          result.append(o);
        }
        return result;
      },
      nb::arg("body"));
  DefMethod(cls, "GetBodiesKinematicallyAffectedBy",
            &Class::GetBodiesKinematicallyAffectedBy,
            nb::arg("joint_indexes"));
  DefMethod(cls, "GetFloatingBaseBodies", &Class::GetFloatingBaseBodies);
  DefMethod(cls, "HasUniqueFreeBaseBody", &Class::HasUniqueFreeBaseBody,
            nb::arg("model_instance"));
  DefMethod(cls, "GetUniqueFreeBaseBodyOrThrow",
            &Class::GetUniqueFreeBaseBodyOrThrow, nb::arg("model_instance"),
            kRefInternal);
  DefMethod(cls, "GetTopologyGraphvizString",
            &Class::GetTopologyGraphvizString);

  // ------------------------------------------------------- free bodies
  DefMethod(cls, "GetFreeBodyPose", &Class::GetFreeBodyPose,
            nb::arg("context"), nb::arg("body"));
  DefMethod(cls, "SetFreeBodyPose",
            nb::overload_cast<Context<T>*, const RigidBody<T>&,
                              const RigidTransform<T>&>(
                &Class::SetFreeBodyPose, nb::const_),
            nb::arg("context"), nb::arg("body"), nb::arg("X_JpJc"));
  DefMethod(cls, "SetFreeBodyPose",
            nb::overload_cast<const Context<T>&, State<T>*,
                              const RigidBody<T>&, const RigidTransform<T>&>(
                &Class::SetFreeBodyPose, nb::const_),
            nb::arg("context"), nb::arg("state"), nb::arg("body"),
            nb::arg("X_JpJc"));
  DefMethod(cls, "SetFreeBodySpatialVelocity",
            nb::overload_cast<Context<T>*, const RigidBody<T>&,
                              const SpatialVelocity<T>&>(
                &Class::SetFreeBodySpatialVelocity, nb::const_),
            nb::arg("context"), nb::arg("body"), nb::arg("V_JpJc"));
  DefMethod(cls, "SetFreeBodySpatialVelocity",
            nb::overload_cast<const Context<T>&, State<T>*,
                              const RigidBody<T>&, const SpatialVelocity<T>&>(
                &Class::SetFreeBodySpatialVelocity, nb::const_),
            nb::arg("context"), nb::arg("state"), nb::arg("body"),
            nb::arg("V_JpJc"));
  DefMethod(cls, "SetFreeBodyPoseInWorldFrame",
            &Class::SetFreeBodyPoseInWorldFrame, nb::arg("context"),
            nb::arg("body"), nb::arg("X_WB"));
  DefMethod(cls, "SetFreeBodyPoseInAnchoredFrame",
            &Class::SetFreeBodyPoseInAnchoredFrame, nb::arg("context"),
            nb::arg("frame_F"), nb::arg("body"), nb::arg("X_FB"));
  DefMethod(
      cls, "SetDefaultFreeBodyPose",
      [](Class& self, const RigidBody<T>& body,
         const RigidTransform<double>& X_PB) {
        self.SetDefaultFreeBodyPose(body, X_PB);
      },
      nb::arg("body"), nb::arg("X_PB"));
  DefMethod(cls, "GetDefaultFreeBodyPose", &Class::GetDefaultFreeBodyPose,
            nb::arg("body"));

  // ------------------------------------------------------------- ports
  DefMethod(cls, "get_actuation_input_port",
            nb::overload_cast<>(&Class::get_actuation_input_port, nb::const_),
            kRefInternal);
  DefMethod(cls, "get_actuation_input_port",
            nb::overload_cast<ModelInstanceIndex>(
                &Class::get_actuation_input_port, nb::const_),
            nb::arg("model_instance"), kRefInternal);
  DefMethod(cls, "get_desired_state_input_port",
            &Class::get_desired_state_input_port, nb::arg("model_instance"),
            kRefInternal);
  DefMethod(cls, "get_applied_generalized_force_input_port",
            &Class::get_applied_generalized_force_input_port, kRefInternal);
  DefMethod(cls, "get_applied_spatial_force_input_port",
            &Class::get_applied_spatial_force_input_port, kRefInternal);
  DefMethod(cls, "get_geometry_query_input_port",
            &Class::get_geometry_query_input_port, kRefInternal);
  DefMethod(cls, "get_state_output_port",
            nb::overload_cast<>(&Class::get_state_output_port, nb::const_),
            kRefInternal);
  DefMethod(cls, "get_state_output_port",
            nb::overload_cast<ModelInstanceIndex>(
                &Class::get_state_output_port, nb::const_),
            nb::arg("model_instance"), kRefInternal);
  DefMethod(cls, "get_generalized_acceleration_output_port",
            nb::overload_cast<>(
                &Class::get_generalized_acceleration_output_port, nb::const_),
            kRefInternal);
  DefMethod(cls, "get_generalized_acceleration_output_port",
            nb::overload_cast<ModelInstanceIndex>(
                &Class::get_generalized_acceleration_output_port, nb::const_),
            nb::arg("model_instance"), kRefInternal);
  DefMethod(cls, "get_net_actuation_output_port",
            nb::overload_cast<>(&Class::get_net_actuation_output_port,
                                nb::const_),
            kRefInternal);
  DefMethod(cls, "get_net_actuation_output_port",
            nb::overload_cast<ModelInstanceIndex>(
                &Class::get_net_actuation_output_port, nb::const_),
            nb::arg("model_instance"), kRefInternal);
  DefMethod(cls, "get_reaction_forces_output_port",
            &Class::get_reaction_forces_output_port, kRefInternal);
  DefMethod(cls, "get_body_poses_output_port",
            &Class::get_body_poses_output_port, kRefInternal);
  DefMethod(cls, "get_body_spatial_velocities_output_port",
            &Class::get_body_spatial_velocities_output_port, kRefInternal);
  DefMethod(cls, "get_body_spatial_accelerations_output_port",
            &Class::get_body_spatial_accelerations_output_port, kRefInternal);
  DefMethod(cls, "get_geometry_pose_output_port",
            &Class::get_geometry_pose_output_port, kRefInternal);
  DefMethod(cls, "get_contact_results_output_port",
            &Class::get_contact_results_output_port, kRefInternal);
  DefMethod(cls, "get_generalized_contact_forces_output_port",
            &Class::get_generalized_contact_forces_output_port,
            nb::arg("model_instance"), kRefInternal);

  DefinePlantGeometry<T>(cls);
}

template void DefinePlantModelQueries<double>(nb::handle);
template void DefinePlantModelQueries<AutoDiffXd>(nb::handle);
template void DefinePlantModelQueries<symbolic::Expression>(nb::handle);

}  // namespace ossa::py
