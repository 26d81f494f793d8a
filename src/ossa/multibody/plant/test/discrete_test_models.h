#pragma once

// The discrete-stepping test models, built in code: an acrobot and a 7-dof
// serial arm (the same parameters as the pydrake comparison script in the
// discrete work's report).

#include <cmath>
#include <string>

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody::test {

// Acrobot: two links swinging about y. Link frames at the joints; the elbow
// is 1 m below the shoulder. Damping 0.1 and 0.2 N·m·s/rad.
template <typename T>
void AddAcrobot(MultibodyPlant<T>* plant) {
  const auto& l1 = plant->AddRigidBody(
      "link1", SpatialInertia<double>(1.0, Vector3<double>(0, 0, -0.5),
                                      UnitInertia<double>(0.35, 0.35, 0.02)));
  const auto& l2 = plant->AddRigidBody(
      "link2", SpatialInertia<double>(2.0, Vector3<double>(0, 0, -1.0),
                                      UnitInertia<double>(1.2, 1.2, 0.01)));
  plant->template AddJoint<RevoluteJoint>("shoulder", plant->world_body(),
                                          std::nullopt, l1, std::nullopt,
                                          Vector3<double>::UnitY(), 0.1);
  plant->template AddJoint<RevoluteJoint>(
      "elbow", l1, math::RigidTransform<double>(Vector3<double>(0, 0, -1.0)),
      l2, std::nullopt, Vector3<double>::UnitY(), 0.2);
}

// 7-dof arm: links i = 1..7 with mass 2.2 − 0.2·i kg, center of mass
// (0.02, 0, −0.15) m, central inertia diag(0.03, 0.035, 0.01)·mass/2; joint i
// about z (odd i) or y (even i), 0.3 m below the previous joint; damping
// 0.05·i. One actuator per joint ("u1".."u7", effort limit 300 N·m); motors
// 2 and 5 have rotor inertia 1e-3 kg·m² and gear ratio 10.
template <typename T>
void AddArm(MultibodyPlant<T>* plant) {
  const RigidBody<T>* parent = &plant->world_body();
  for (int i = 1; i <= 7; ++i) {
    const double m = 2.2 - 0.2 * i;
    const auto& link = plant->AddRigidBody(
        "arm_link" + std::to_string(i),
        SpatialInertia<double>::MakeFromCentralInertia(
            m, Vector3<double>(0.02, 0, -0.15),
            RotationalInertia<double>(0.03 * m / 2, 0.035 * m / 2,
                                      0.01 * m / 2)));
    const Vector3<double> axis =
        i % 2 == 1 ? Vector3<double>::UnitZ() : Vector3<double>::UnitY();
    const std::optional<math::RigidTransform<double>> X_PF =
        i == 1 ? std::nullopt
               : std::optional<math::RigidTransform<double>>(
                     math::RigidTransform<double>(Vector3<double>(0, 0, -0.3)));
    const auto& joint = plant->template AddJoint<RevoluteJoint>(
        "arm_joint" + std::to_string(i), *parent, X_PF, link, std::nullopt,
        axis, 0.05 * i);
    const auto& actuator =
        plant->AddJointActuator("u" + std::to_string(i), joint, 300.0);
    if (i == 2 || i == 5) {
      auto& mutable_actuator =
          plant->get_mutable_joint_actuator(actuator.index());
      mutable_actuator.set_default_rotor_inertia(1e-3);
      mutable_actuator.set_default_gear_ratio(10.0);
    }
    parent = &link;
  }
}

}  // namespace ossa::multibody::test
