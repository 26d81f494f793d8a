#pragma once

/// @file
/// MultibodyTreeTopology: how the bodies and joints of a model connect, as
/// compiled at Finalize(). It knows nothing about scalars or mass: it is
/// the graph (bodies = nodes, joints = edges) turned into a spanning forest
/// rooted at the world, plus the layout of q and v.

#include <functional>
#include <string>
#include <vector>

#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody::internal {

/// What the topology needs to know about a body.
struct TopologyBody {
  std::string name;  // for error messages
  ModelInstanceIndex model_instance;
};

/// What the topology needs to know about a joint.
struct TopologyJoint {
  std::string name;  // for error messages
  BodyIndex parent_body;
  BodyIndex child_body;
  int num_positions{0};
  int num_velocities{0};
  bool is_weld{false};
  /// A placeholder keeping the index of a removed joint (connects nothing).
  bool removed{false};
};

/// A mobilized body ("mobod"): one node of the compiled tree.
struct TopologyMobod {
  BodyIndex body;
  MobodIndex inboard_mobod;  // invalid for the world
  JointIndex joint;          // the inboard joint; invalid for the world
  bool reversed{false};      // true if joint.child_body is the inboard body
  int level{0};              // 0 world, 1 bodies attached to the world, ...
  int q_start{0};
  int num_positions{0};
  int v_start{0};
  int num_velocities{0};
  std::vector<MobodIndex> outboard_mobods;  // in the order they were found
};

/// The compiled topology. Build() is called once, at Finalize().
///
/// How the forest is grown (the same rules as the reference toolkit, so
/// that both number q and v the same way):
///  1. breadth first from the world: the world's joints in JointIndex order
///     give the level-1 bodies, then each level-1 body's other joints in
///     JointIndex order give the level-2 bodies, and so on;
///  2. when nothing more connects to the world, a base body is chosen among
///     the remaining bodies (among those that are no joint's child, if
///     any, the one that is the parent of the most joints, the lowest
///     BodyIndex on ties), `add_floating_joint` is called to give
///     it a 6-dof joint to the world, and the growth continues from it;
///  3. mobods, and so q and v, are then numbered depth first, children in
///     the order they were found: each tree's coordinates are contiguous.
/// A joint that reaches a body already in the forest closes a loop: Build()
/// throws std::logic_error naming the bodies and joints of the loop.
class MultibodyTreeTopology {
 public:
  /// Called for each base body with no path to the world; it must add a
  /// floating joint (world → body) and return its description and index
  /// (which must be the next joint index).
  using AddFloatingJoint =
      std::function<TopologyJoint(BodyIndex body, JointIndex new_index)>;

  MultibodyTreeTopology() = default;

  /// Builds the topology. `bodies[0]` is the world. `joints` may grow
  /// through `add_floating_joint`.
  void Build(const std::vector<TopologyBody>& bodies,
             std::vector<TopologyJoint>* joints,
             const AddFloatingJoint& add_floating_joint);

  bool is_valid() const { return valid_; }
  int num_mobods() const { return static_cast<int>(mobods_.size()); }
  const TopologyMobod& get_mobod(MobodIndex index) const {
    return mobods_[index];
  }
  const std::vector<TopologyMobod>& mobods() const { return mobods_; }
  MobodIndex body_to_mobod(BodyIndex body) const {
    return body_to_mobod_[body];
  }
  /// The mobod whose inboard joint is `joint`.
  MobodIndex joint_to_mobod(JointIndex joint) const {
    return joint_to_mobod_[joint];
  }
  int num_positions() const { return num_positions_; }
  int num_velocities() const { return num_velocities_; }
  /// The number of levels: 1 for a world-only model.
  int tree_height() const { return tree_height_; }
  /// The bodies transitively welded to `body` (including it), sorted by
  /// index; for the world, the bodies welded to the world.
  const std::vector<BodyIndex>& welded_group(BodyIndex body) const {
    return welded_groups_[welded_group_of_body_[body]];
  }

 private:
  bool valid_{false};
  std::vector<TopologyMobod> mobods_;
  std::vector<MobodIndex> body_to_mobod_;
  std::vector<MobodIndex> joint_to_mobod_;
  std::vector<std::vector<BodyIndex>> welded_groups_;
  std::vector<int> welded_group_of_body_;
  int num_positions_{0};
  int num_velocities_{0};
  int tree_height_{1};
};

}  // namespace ossa::multibody::internal
