#pragma once

/// @file
/// The bundled models the parser tests read, by path under models/.

#include <vector>

namespace ossa::multibody::test {

inline std::vector<const char*> BundledUrdfPaths() {
  return {"drake/Pendulum.urdf",
          "drake/acrobot.urdf",
          "drake/atlas_with_fixed_joints.urdf",
          "drake/cassie_v2.urdf",
          "drake/double_pendulum.urdf",
          "drake/kuka_iiwa_robot.urdf",
          "drake/uniform_solid_cylinder.urdf",
          "example_robot_data/allegro_right_hand.urdf",
          "example_robot_data/anymal.urdf",
          "example_robot_data/hyq_no_sensors.urdf",
          "example_robot_data/panda.urdf",
          "example_robot_data/romeo.urdf",
          "example_robot_data/solo12.urdf",
          "example_robot_data/talos_reduced.urdf",
          "example_robot_data/ur5_robot.urdf"};
}

inline std::vector<const char*> BundledSdfPaths() {
  return {"drake/acrobot.sdf",        "drake/block_on_halfspace.sdf",
          "drake/cart_pole.sdf",      "drake/double_pendulum.sdf",
          "drake/four_bar.sdf",       "drake/pendulum_on_rail.sdf",
          "drake/split_pendulum.sdf", "drake/two_bodies.sdf"};
}

/// The URDF models, then the SDFormat ones.
inline std::vector<const char*> BundledModelPaths() {
  std::vector<const char*> paths = BundledUrdfPaths();
  for (const char* p : BundledSdfPaths()) paths.push_back(p);
  return paths;
}

}  // namespace ossa::multibody::test
