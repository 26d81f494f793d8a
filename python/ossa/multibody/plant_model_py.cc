// ossa.multibody.plant: the per-coordinate model queries of MultibodyPlant_[T]
// — coordinate names (GetPositionNames, GetVelocityNames, GetStateNames,
// GetActuatorNames) and limits (GetPositionLowerLimits, ...) assembled from
// the joints and actuators in the order of q, v and u — and
// GetFloatingBaseBodies.

#include <nanobind/stl/unordered_set.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"

namespace ossa::py {
namespace {

using multibody::Joint;
using multibody::JointActuator;
using multibody::ModelInstanceIndex;
using multibody::MultibodyPlant;

// Throws std::logic_error naming `method` unless the plant is finalized and
// (when given) the instance is valid.
template <typename T>
void CheckPlant(const MultibodyPlant<T>& plant, const char* method,
                std::optional<ModelInstanceIndex> model_instance) {
  if (!plant.is_finalized()) {
    throw std::logic_error(std::string("MultibodyPlant::") + method +
                           "(): the plant must be finalized first; call "
                           "Finalize().");
  }
  if (model_instance &&
      (!model_instance->is_valid() ||
       static_cast<int>(*model_instance) >= plant.num_model_instances())) {
    throw std::logic_error(std::string("MultibodyPlant::") + method +
                           "(): invalid model instance " +
                           (model_instance->is_valid()
                                ? std::to_string(int(*model_instance))
                                : std::string("(invalid index)")) +
                           "; the plant has " +
                           std::to_string(plant.num_model_instances()) +
                           " model instances.");
  }
}

// The joints with coordinates of `kind` (positions or velocities), in the
// order of q (v); only those of `model_instance` when given.
template <typename T>
std::vector<const Joint<T>*> JointsInOrder(
    const MultibodyPlant<T>& plant, bool velocities,
    std::optional<ModelInstanceIndex> model_instance) {
  std::vector<const Joint<T>*> joints;
  for (int i = 0; i < plant.num_joints(); ++i) {
    const Joint<T>& joint = plant.get_joint(multibody::JointIndex(i));
    const int n =
        velocities ? joint.num_velocities() : joint.num_positions();
    if (n == 0) continue;
    if (model_instance && joint.model_instance() != *model_instance) continue;
    joints.push_back(&joint);
  }
  std::sort(joints.begin(), joints.end(), [&](auto* a, auto* b) {
    return velocities ? a->velocity_start() < b->velocity_start()
                      : a->position_start() < b->position_start();
  });
  return joints;
}

// "{instance}_{joint}_{suffix}" for each coordinate, the prefix and (for
// 1-coordinate joints) the suffix optional, as the reference documents.
template <typename T>
std::vector<std::string> CoordinateNames(
    const MultibodyPlant<T>& plant, const char* method, bool velocities,
    std::optional<ModelInstanceIndex> model_instance, bool add_prefix,
    bool always_add_suffix) {
  CheckPlant(plant, method, model_instance);
  std::vector<std::string> names;
  for (const Joint<T>* joint :
       JointsInOrder(plant, velocities, model_instance)) {
    const int n =
        velocities ? joint->num_velocities() : joint->num_positions();
    const std::string prefix =
        add_prefix ? plant.GetModelInstanceName(joint->model_instance()) + "_"
                   : std::string();
    for (int k = 0; k < n; ++k) {
      std::string name = prefix + joint->name();
      if (always_add_suffix || n > 1) {
        name += "_" + (velocities ? joint->velocity_suffix(k)
                                  : joint->position_suffix(k));
      }
      names.push_back(std::move(name));
    }
  }
  return names;
}

template <typename T>
std::vector<std::string> ActuatorNames(
    const MultibodyPlant<T>& plant,
    std::optional<ModelInstanceIndex> model_instance, bool add_prefix) {
  CheckPlant(plant, "GetActuatorNames", model_instance);
  std::vector<std::string> names;
  for (int i = 0; i < plant.num_actuators(); ++i) {
    const JointActuator<T>& actuator =
        plant.get_joint_actuator(multibody::JointActuatorIndex(i));
    if (model_instance && actuator.model_instance() != *model_instance)
      continue;
    names.push_back(
        (add_prefix ? plant.GetModelInstanceName(actuator.model_instance()) +
                          "_"
                    : std::string()) +
        actuator.name());
  }
  return names;
}

// The limits of every coordinate, joint by joint (-inf / +inf where none).
template <typename T, typename Getter>
Eigen::VectorXd Limits(const MultibodyPlant<T>& plant, const char* method,
                       bool velocities, Getter getter) {
  CheckPlant(plant, method, std::nullopt);
  const int n = velocities ? plant.num_velocities() : plant.num_positions();
  Eigen::VectorXd limits(n);
  for (const Joint<T>* joint : JointsInOrder(plant, velocities, {})) {
    const Eigen::VectorXd values = getter(*joint);
    limits.segment(velocities ? joint->velocity_start()
                              : joint->position_start(),
                   values.size()) = values;
  }
  return limits;
}

template <typename T>
Eigen::VectorXd EffortLimits(const MultibodyPlant<T>& plant,
                             const char* method, double sign) {
  CheckPlant(plant, method, std::nullopt);
  Eigen::VectorXd limits(plant.num_actuated_dofs());
  for (int i = 0; i < plant.num_actuators(); ++i) {
    const JointActuator<T>& actuator =
        plant.get_joint_actuator(multibody::JointActuatorIndex(i));
    limits.segment(actuator.input_start(), actuator.num_inputs())
        .setConstant(sign * actuator.effort_limit());
  }
  return limits;
}

}  // namespace

template <typename T>
void DefinePlantModelQueries(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  for (const bool velocities : {false, true}) {
    const char* method = velocities ? "GetVelocityNames" : "GetPositionNames";
    DefMethod(
        cls, method,
        [velocities, method](const Class& self, bool add_prefix,
                             bool always_add_suffix) {
          return CoordinateNames(self, method, velocities, std::nullopt,
                                 add_prefix, always_add_suffix);
        },
        nb::arg("add_model_instance_prefix") = true,
        nb::arg("always_add_suffix") = true);
    DefMethod(
        cls, method,
        [velocities, method](const Class& self,
                             ModelInstanceIndex model_instance,
                             bool add_prefix, bool always_add_suffix) {
          return CoordinateNames(self, method, velocities, model_instance,
                                 add_prefix, always_add_suffix);
        },
        nb::arg("model_instance"), nb::arg("add_model_instance_prefix") = false,
        nb::arg("always_add_suffix") = true);
  }
  DefMethod(
      cls, "GetStateNames",
      [](const Class& self, bool add_prefix) {
        auto names = CoordinateNames(self, "GetStateNames", false,
                                     std::nullopt, add_prefix, true);
        auto v = CoordinateNames(self, "GetStateNames", true, std::nullopt,
                                 add_prefix, true);
        names.insert(names.end(), v.begin(), v.end());
        return names;
      },
      nb::arg("add_model_instance_prefix") = true);
  DefMethod(
      cls, "GetStateNames",
      [](const Class& self, ModelInstanceIndex model_instance,
         bool add_prefix) {
        auto names = CoordinateNames(self, "GetStateNames", false,
                                     model_instance, add_prefix, true);
        auto v = CoordinateNames(self, "GetStateNames", true, model_instance,
                                 add_prefix, true);
        names.insert(names.end(), v.begin(), v.end());
        return names;
      },
      nb::arg("model_instance"), nb::arg("add_model_instance_prefix") = false);
  DefMethod(
      cls, "GetActuatorNames",
      [](const Class& self, bool add_prefix) {
        return ActuatorNames(self, std::nullopt, add_prefix);
      },
      nb::arg("add_model_instance_prefix") = true);
  DefMethod(
      cls, "GetActuatorNames",
      [](const Class& self, ModelInstanceIndex model_instance,
         bool add_prefix) {
        return ActuatorNames(self, model_instance, add_prefix);
      },
      nb::arg("model_instance"), nb::arg("add_model_instance_prefix") = false);

  DefMethod(cls, "GetPositionLowerLimits", [](const Class& self) {
    return Limits(self, "GetPositionLowerLimits", false,
                  [](const Joint<T>& j) { return j.position_lower_limits(); });
  });
  DefMethod(cls, "GetPositionUpperLimits", [](const Class& self) {
    return Limits(self, "GetPositionUpperLimits", false,
                  [](const Joint<T>& j) { return j.position_upper_limits(); });
  });
  DefMethod(cls, "GetVelocityLowerLimits", [](const Class& self) {
    return Limits(self, "GetVelocityLowerLimits", true,
                  [](const Joint<T>& j) { return j.velocity_lower_limits(); });
  });
  DefMethod(cls, "GetVelocityUpperLimits", [](const Class& self) {
    return Limits(self, "GetVelocityUpperLimits", true,
                  [](const Joint<T>& j) { return j.velocity_upper_limits(); });
  });
  DefMethod(cls, "GetAccelerationLowerLimits", [](const Class& self) {
    return Limits(
        self, "GetAccelerationLowerLimits", true,
        [](const Joint<T>& j) { return j.acceleration_lower_limits(); });
  });
  DefMethod(cls, "GetAccelerationUpperLimits", [](const Class& self) {
    return Limits(
        self, "GetAccelerationUpperLimits", true,
        [](const Joint<T>& j) { return j.acceleration_upper_limits(); });
  });
  DefMethod(cls, "GetEffortLowerLimits", [](const Class& self) {
    return EffortLimits(self, "GetEffortLowerLimits", -1.0);
  });
  DefMethod(cls, "GetEffortUpperLimits", [](const Class& self) {
    return EffortLimits(self, "GetEffortUpperLimits", 1.0);
  });
  DefMethod(cls, "GetFloatingBaseBodies", [](const Class& self) {
    CheckPlant(self, "GetFloatingBaseBodies", std::nullopt);
    return self.internal_tree().GetFloatingBaseBodies();
  });
}

template void DefinePlantModelQueries<double>(nb::handle);
template void DefinePlantModelQueries<AutoDiffXd>(nb::handle);

}  // namespace ossa::py
